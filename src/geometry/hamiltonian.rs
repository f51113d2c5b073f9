//! Random Hamiltonian paths of a box: paths through every cell once, each step
//! to a face neighbour. A snake cube's string read off such a path always has a
//! folding (the path), which is what generated test and benchmark strings, and
//! new designs, need.
//!
//! The path starts as a serpentine (boustrophedon) and is reshaped by backbite
//! moves: an end of the path steps onto a neighbouring cell of the path that is
//! not its own neighbour on it, which closes a loop; the loop is opened again
//! on the other side of that cell by reversing the part of the path after it.
//! Each move keeps a Hamiltonian path, and many moves mix it well. A seeded
//! generator makes a run repeatable.

use super::{BoxDims, Cell, Dir};

/// A small seeded generator (SplitMix64): the same seed gives the same paths on
/// every machine and build, which the standard library does not promise.
#[derive(Clone, Debug)]
pub struct Seeded(u64);

impl Seeded {
    pub fn new(seed: u64) -> Seeded {
        Seeded(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound` (from 1), near enough uniform for paths.
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }
}

/// The serpentine path of the box: x back and forth along each row, the rows of
/// a layer back and forth, layer after layer.
pub fn serpentine(dims: &BoxDims) -> Vec<Cell> {
    let [a, b, c] = dims.sides;
    let mut path = Vec::with_capacity(dims.volume());
    let mut row = 0;
    for z in 0..c {
        for k in 0..b {
            let y = if z % 2 == 0 { k } else { b - 1 - k };
            for i in 0..a {
                let x = if row % 2 == 0 { i } else { a - 1 - i };
                path.push([x, y, z]);
            }
            row += 1;
        }
    }
    path
}

/// A random Hamiltonian path of the box: the serpentine reshaped by `moves`
/// backbite moves drawn from `rng` (each from a random end).
pub fn random_path(dims: &BoxDims, moves: usize, rng: &mut Seeded) -> Vec<Cell> {
    let mut path = serpentine(dims);
    // Where each cell sits on the path, kept up to date as parts are reversed.
    let mut at = vec![0usize; dims.volume()];
    for (k, &c) in path.iter().enumerate() {
        at[dims.index(c)] = k;
    }
    let n = path.len();
    if n < 3 {
        return path;
    }
    let mut options = Vec::with_capacity(6);
    for _ in 0..moves {
        // Working from the front is working from the back of the reversed path.
        let from_front = rng.below(2) == 0;
        let end = if from_front { path[0] } else { path[n - 1] };
        options.clear();
        for dir in Dir::ALL {
            let c = dir.step(end, 1);
            if !dims.contains(c) {
                continue;
            }
            let k = at[dims.index(c)];
            let beside = if from_front { k == 1 } else { k + 2 == n };
            if !beside {
                options.push(k);
            }
        }
        if options.is_empty() {
            continue;
        }
        let k = options[rng.below(options.len())];
        // From the back: the end joins cell k, and the part after k turns round.
        // From the front: the part before k does.
        let range = if from_front { 0..k } else { k + 1..n };
        path[range.clone()].reverse();
        for j in range {
            at[dims.index(path[j])] = j;
        }
    }
    path
}

/// Whether `path` runs through every cell of the box once, by face steps.
pub fn is_hamiltonian(dims: &BoxDims, path: &[Cell]) -> bool {
    let mut seen = vec![false; dims.volume()];
    path.len() == dims.volume()
        && path
            .iter()
            .all(|&c| dims.contains(c) && !std::mem::replace(&mut seen[dims.index(c)], true))
        && path.windows(2).all(|w| Dir::between(w[0], w[1]).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_serpentine_is_a_hamiltonian_path() {
        for sides in [
            [1, 1, 2],
            [2, 2, 2],
            [3, 3, 3],
            [2, 3, 4],
            [5, 1, 3],
            [4, 4, 4],
        ] {
            let dims = BoxDims::new(sides[0], sides[1], sides[2]);
            assert!(is_hamiltonian(&dims, &serpentine(&dims)), "{sides:?}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_path_and_another_seed_another() {
        let dims = BoxDims::new(4, 4, 4);
        let path = |seed| random_path(&dims, 2000, &mut Seeded::new(seed));
        assert_eq!(path(7), path(7));
        assert_ne!(path(7), path(8));
        assert_ne!(path(7), serpentine(&dims));
    }

    #[test]
    fn draws_below_a_bound_stay_below_it_and_reach_every_value() {
        let mut rng = Seeded::new(1);
        let mut seen = [0usize; 6];
        for _ in 0..6000 {
            seen[rng.below(6)] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    proptest! {
        /// Every backbite move keeps a Hamiltonian path, whatever the box.
        #[test]
        fn backbite_moves_keep_a_hamiltonian_path(
            a in 1i32..5, b in 1i32..5, c in 1i32..5, seed in any::<u64>(), moves in 0usize..400
        ) {
            let dims = BoxDims::new(a, b, c);
            let path = random_path(&dims, moves, &mut Seeded::new(seed));
            prop_assert!(is_hamiltonian(&dims, &path));
        }
    }
}
