//! What the thread sharing, the shares of a split search and the size estimates
//! need from a search core: the solutions below the current state (each the
//! list of choices that made it), the subtrees a fixed depth down, and random
//! paths. The exact-cover cores and the path search walk their own trees
//! behind it.

use super::Signal;

/// What [`Tree::units`] hands to its callback: the state at a unit's root, the
/// unit's number (the order of a depth-first walk, the same on every thread), and
/// whether the root lies at the split depth (rather than being a solution above it).
pub(crate) type UnitVisitor<'v, T> = dyn FnMut(&mut T, usize, bool) -> bool + 'v;

/// A search core's static data, from which each thread starts a walk of its own.
pub(crate) trait Core: Sync {
    type Walk<'c>: Tree
    where
        Self: 'c;

    /// A walk from the root, stopping once `signal` is stopped and telling it
    /// the nodes it visits.
    fn walk<'c>(&'c self, signal: &'c Signal) -> Self::Walk<'c>;
}

/// A walk of a search tree from some state.
pub(crate) trait Tree {
    /// Calls `found` with every solution below the current state, each once, until
    /// it returns false or the search is stopped; then returns false.
    fn search(&mut self, found: &mut dyn FnMut(&[u32]) -> bool) -> bool;

    /// Walks the tree down to `limit` levels below the current state and calls
    /// `visit` at each unit: a node at that depth, or a solution above it. Dead
    /// ends above it are no unit. Returns false once `visit` does.
    fn units(&mut self, limit: usize, next: &mut usize, visit: &mut UnitVisitor<'_, Self>) -> bool;

    /// Knuth's estimate of the number of nodes below the current state: one random
    /// path down, each level weighted by the product of the branching degrees
    /// above it. Its mean over many paths is the tree's size exactly.
    fn probe(&mut self, random: &mut Random) -> f64;

    /// The sum of `n` [`probe`](Tree::probe)s from the current state. A core may
    /// override it to let paths through the same node share its work, as long
    /// as each path still picks its children uniformly at random.
    fn probes(&mut self, n: usize, random: &mut Random) -> f64 {
        (0..n).map(|_| self.probe(random)).sum()
    }

    /// Nodes visited so far.
    fn nodes(&self) -> u64;

    /// The mean of `probes` (at least one) [`probe`](Tree::probe)s from the current
    /// state, with random numbers seeded by `seed`: the same on every run.
    fn mean_probe(&mut self, probes: usize, seed: u64) -> f64 {
        self.mean_probe_unless_below(probes, seed, probes, f64::NEG_INFINITY)
    }

    /// [`Tree::mean_probe`], stopping early once the mean of the probes so far,
    /// in batches of `batch`, is below `settled`: when it does not stop early,
    /// the mean of as many paths (the same mean where the core's paths share no
    /// work, see [`Tree::probes`]).
    fn mean_probe_unless_below(
        &mut self,
        probes: usize,
        seed: u64,
        batch: usize,
        settled: f64,
    ) -> f64 {
        let (probes, batch) = (probes.max(1), batch.max(1));
        let mut random = Random::new(seed);
        let mut sum = 0.0;
        let mut done = 0;
        while done < probes {
            let next = batch.min(probes - done);
            sum += self.probes(next, &mut random);
            done += next;
            if sum / (done as f64) < settled {
                break;
            }
        }
        sum / done as f64
    }
}

/// A small deterministic generator (xorshift64*) for the probes: estimates are
/// the same from run to run.
pub(crate) struct Random(u64);

impl Random {
    pub(crate) fn new(seed: u64) -> Random {
        Random(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number in `0..n` (n > 0).
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (((r >> 32) * u64::from(n)) >> 32) as u32
    }
}
