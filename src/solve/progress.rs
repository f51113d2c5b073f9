//! How far a search has got, for a progress display: the same for both engines.

use super::exact_cover::CoverProgress;
use std::time::Duration;

/// How far a search has got, for a progress display.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Solutions found so far.
    pub found: u64,
    /// The time since the search began.
    pub elapsed: Duration,
    /// Parts of a split search searched to the end, out of `cubes` (1 when the
    /// search is not split): the part of a proof already done, even while nothing
    /// is found.
    pub cubes_done: usize,
    /// The parts the search is split into (see `cubes_done`).
    pub cubes: usize,
    /// What the parts are called ("cubes" of the SAT search, "subtrees" of the
    /// exact-cover search).
    pub part_name: &'static str,
    /// An estimate of the time the search still needs, when there is one.
    pub remaining: Option<Duration>,
}

impl Progress {
    /// No progress yet, of a search in `cubes` parts called `part_name`.
    pub fn new(cubes: usize, part_name: &'static str) -> Progress {
        Progress {
            found: 0,
            elapsed: Duration::ZERO,
            cubes_done: 0,
            cubes,
            part_name,
            remaining: None,
        }
    }

    /// Solutions per second so far.
    pub fn rate(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.found as f64 / secs
        } else {
            0.0
        }
    }

    /// The time left if the parts not yet searched take as long on average as
    /// those done; `None` before the first is done.
    pub fn proportional_remaining(&self) -> Option<Duration> {
        (self.cubes_done > 0).then(|| {
            let left = self.cubes.saturating_sub(self.cubes_done) as f64;
            self.elapsed.mul_f64(left / self.cubes_done as f64)
        })
    }

    /// Takes the parts done and the time left from an exact-cover search, whose
    /// parts are subtrees.
    pub(crate) fn follow_subtrees(&mut self, p: &CoverProgress) {
        self.cubes_done = p.units_done;
        self.cubes = p.units;
        self.remaining = p.remaining;
    }

    /// The share of the parts searched, from 0 to 1.
    pub fn fraction_done(&self) -> f64 {
        if self.cubes == 0 {
            0.0
        } else {
            self.cubes_done as f64 / self.cubes as f64
        }
    }
}
