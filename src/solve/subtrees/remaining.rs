//! The time a shared search has left: each unit's size estimated by random
//! paths down from its root, and the estimates of the units not yet searched
//! set against the real sizes of those that were.

use super::{Core, Signal, Tree};
use std::time::{Duration, Instant};

/// Random paths per unit for the size estimate, in all at most about this many.
const PROBES: usize = 20_000;

/// The longest the estimate of a search's size may take (it holds up the
/// progress shown meanwhile), and the rounds its units are probed in.
pub(super) const ESTIMATE_BUDGET: Duration = Duration::from_secs(2);
const ESTIMATE_ROUNDS: usize = 16;

/// The longest time left reported, in seconds (about 30 years).
const MAX_LEFT: f64 = 1e9;

/// Each unit's estimated number of nodes, from random paths down from its root.
/// Units of other shares (not `mine`) are not probed and count for nothing.
/// The units are probed in [`ESTIMATE_ROUNDS`] interleaved rounds (units 0,
/// 16, 32, ..., then 1, 17, ...) until `budget` is spent: where the probes are
/// slow (a 6×6×6 snake cube's paths, 150 runs deep, take far past any budget
/// over all its units), those not reached are given the mean of those that
/// were, a sample spread over the whole tree. At least one unit is probed.
pub(super) fn estimate_units<C: Core>(
    core: &C,
    limit: usize,
    units: usize,
    mine: &dyn Fn(usize) -> bool,
    budget: Duration,
) -> Vec<f64> {
    let never = Signal::new();
    let mut walk = core.walk(&never);
    let per_unit = (PROBES / units.max(1)).clamp(1, 64);
    let mut estimates: Vec<Option<f64>> = vec![None; units];
    let deadline = Instant::now() + budget;
    let mut probed = 0;
    for round in 0..ESTIMATE_ROUNDS {
        let in_time = walk.units(limit, &mut 0, &mut |walk, unit, _| {
            if mine(unit) && unit % ESTIMATE_ROUNDS == round {
                if probed > 0 && Instant::now() >= deadline {
                    return false;
                }
                estimates[unit] = Some(walk.mean_probe(per_unit, unit as u64));
                probed += 1;
            }
            true
        });
        if !in_time {
            break;
        }
    }
    let reached: Vec<f64> = estimates.iter().flatten().copied().collect();
    let mean = reached.iter().sum::<f64>() / reached.len().max(1) as f64;
    (0..units)
        .map(|unit| match estimates[unit] {
            Some(estimate) => estimate,
            None if mine(unit) => mean,
            None => 0.0,
        })
        .collect()
}

/// The time left, from the units' estimated sizes as the real sizes of finished
/// units come in.
pub(super) struct Remaining {
    estimates: Vec<f64>,
    unfinished_estimate: f64,
    finished_estimate: f64,
    finished_nodes: f64,
}

impl Remaining {
    pub(super) fn new(estimates: Vec<f64>) -> Remaining {
        Remaining {
            unfinished_estimate: estimates.iter().sum(),
            estimates,
            finished_estimate: 0.0,
            finished_nodes: 0.0,
        }
    }

    pub(super) fn finished(&mut self, unit: usize, nodes: u64) {
        let estimate = self.estimates[unit];
        self.unfinished_estimate -= estimate;
        self.finished_estimate += estimate;
        self.finished_nodes += nodes as f64;
    }

    /// The time left when `nodes` were visited in `elapsed` seconds: the
    /// estimates of the units not yet finished, scaled by how the finished
    /// ones compared with their real sizes (unscaled before the first ends),
    /// less the nodes already visited in them, at the rate so far.
    pub(super) fn time_left(&self, nodes: u64, elapsed: f64) -> Option<Duration> {
        if nodes == 0 || elapsed <= 0.0 {
            return None;
        }
        let scale = if self.finished_estimate > 0.0 {
            self.finished_nodes / self.finished_estimate
        } else {
            1.0
        };
        let begun = (nodes as f64 - self.finished_nodes).max(0.0);
        let left = (self.unfinished_estimate.max(0.0) * scale - begun).max(0.0);
        let rate = nodes as f64 / elapsed;
        Some(Duration::from_secs_f64((left / rate).min(MAX_LEFT)))
    }
}
