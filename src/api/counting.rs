//! Counting: every solution, the classes up to symmetry, a share of a split
//! count, and every assembly taken apart.

use super::proofs::Certificate;
use super::puzzle::{Puzzle, Recorded};
use super::search::Search;
use super::shares::{FixedTerms, NamedOrbit, Share, UNDECIDED, fingerprint};
use crate::disassembly::DEFAULT_MAX_STATES;
use crate::error::{Error, Request};
use crate::solve::Progress;
use crate::split::{Part, Shares};
use crate::tasks::Taken;
use crate::tasks::{self, CountOptions};
use crate::types::Engine;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::time::Instant;

/// What to count. The default: every solution, with the family's fastest
/// engine on every core.
#[derive(Clone, Debug)]
pub struct CountRequest {
    /// Also count the solutions up to symmetry (always done for a BurrTools
    /// problem, whose counts are in that sense).
    pub unique: bool,
    /// Stop once at least this many solutions are known (the count is then
    /// a lower bound).
    pub limit: Option<u64>,
    /// Take every assembly apart (packings): how many come apart and their
    /// levels.
    pub disassemble: bool,
    /// With `disassemble`: the most states one search keeps; an assembly
    /// whose search needs more is counted as undecided.
    pub max_states: usize,
    /// How to search.
    pub search: Search,
}

impl Default for CountRequest {
    fn default() -> CountRequest {
        CountRequest {
            unique: false,
            limit: None,
            disassemble: false,
            max_states: DEFAULT_MAX_STATES,
            search: Search::default(),
        }
    }
}

/// A count's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    /// The puzzle's family, as its models name it.
    pub family: String,
    /// The puzzle's name.
    pub name: String,
    /// Every solution (not up to symmetry).
    pub solutions: u64,
    /// Solutions up to symmetry, when asked for.
    pub unique: Option<u64>,
    /// False when a limit or a cancel stopped the count before its end: the
    /// figures are then lower bounds.
    pub complete: bool,
    /// Whether the search was cancelled.
    pub interrupted: bool,
    /// For a count in BurrTools' sense (a BurrTools problem, or assemblies
    /// taken apart): what the file records, beside which the count is shown.
    pub recorded: Option<Recorded>,
    /// Solutions per value of the family's statistic (the sudoku snake's
    /// lengths), when it has one.
    pub tally: Option<Tally>,
    /// With assemblies taken apart: what came of them.
    pub separable: Option<Separable>,
    /// The time the count took (for a merged count, the shares' times added
    /// up).
    pub seconds: f64,
    /// For a share of a split count: what `merge` adds up.
    pub share: Option<Share>,
}

/// Solutions per value of a family's statistic.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// What the values are ("lengths").
    pub name: String,
    /// Solutions per value.
    pub counts: BTreeMap<u64, u64>,
}

/// What taking every assembly apart found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Separable {
    /// The assemblies that come apart: BurrTools' solutions.
    pub count: u64,
    /// The assemblies whose search passed the most states allowed.
    pub undecided: u64,
    /// How many of those that come apart have each level.
    pub levels: BTreeMap<String, u64>,
}

impl Counted {
    /// The count a certificate certifies (every solution, complete), that
    /// took `seconds` to make.
    pub fn certified(puzzle: &Puzzle, certificate: &Certificate, seconds: f64) -> Counted {
        Counted {
            family: puzzle.family().into(),
            name: puzzle.name(),
            solutions: certificate.solutions,
            unique: None,
            complete: true,
            interrupted: false,
            recorded: None,
            tally: None,
            separable: None,
            seconds,
            share: None,
        }
    }

    /// The count as `count --format json` prints it.
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("family".into(), json!(self.family));
        out.insert("name".into(), json!(self.name));
        out.insert("solutions".into(), json!(self.solutions));
        if let Some(u) = self.unique {
            out.insert("unique".into(), json!(u));
        }
        out.insert("complete".into(), json!(self.complete));
        if self.interrupted {
            out.insert("interrupted".into(), json!(true));
        }
        if let Some(recorded) = self.recorded {
            out.insert("assemblies".into(), json!(self.unique));
            if let Some(n) = recorded.assemblies {
                out.insert("recorded_assemblies".into(), json!(n));
            }
        }
        if let Some(found) = &self.separable {
            out.insert("separable".into(), json!(found.count));
            out.insert("undecided".into(), json!(found.undecided));
            let levels: Map<String, Value> = found
                .levels
                .iter()
                .map(|(level, n)| (level.clone(), json!(n)))
                .collect();
            out.insert("levels".into(), Value::Object(levels));
            if let Some(n) = self.recorded.and_then(|r| r.solutions) {
                out.insert("recorded_solutions".into(), json!(n));
            }
        }
        out.insert("seconds".into(), json!(self.seconds));
        if let Some(tally) = &self.tally {
            let per_value: Map<String, Value> = tally
                .counts
                .iter()
                .map(|(k, v)| (k.to_string(), json!(v)))
                .collect();
            out.insert(tally.name.clone(), Value::Object(per_value));
        }
        Value::Object(out)
    }
}

impl Separable {
    pub(crate) fn of(found: &tasks::Disassembled) -> Separable {
        Separable {
            count: found.separable,
            undecided: found.undecided,
            levels: found.levels.clone(),
        }
    }
}

impl Puzzle {
    /// Counts the solutions: in total, up to symmetry, in a share of a split
    /// count, or with every assembly taken apart. `on_progress` hears how far
    /// the search is after every solution and every part of it.
    ///
    /// ```
    /// use puzzlesat::{CountRequest, Puzzle};
    ///
    /// let soma = Puzzle::load(concat!(env!("CARGO_MANIFEST_DIR"), "/models/packing/soma.toml"))?;
    /// let request = CountRequest { unique: true, ..CountRequest::default() };
    /// let counted = soma.count(&request, &mut |_| {})?;
    /// assert_eq!((counted.solutions, counted.unique), (11520, Some(240)));
    /// # Ok::<(), puzzlesat::Error>(())
    /// ```
    pub fn count(
        &self,
        request: &CountRequest,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<Counted, Error> {
        if request.disassemble {
            return self.count_disassembled(request, on_progress);
        }
        let search = self.search_options(&request.search)?;
        if search.engine == Engine::Sat {
            self.check_formula_size()?;
        }
        // A file that records BurrTools' assemblies is counted in the same
        // sense: up to symmetry.
        let unique = request.unique || self.is_burrtools();
        let options = CountOptions {
            unique,
            limit: request.limit,
            search,
        };
        let started = Instant::now();
        let result = self.rules.count(&options, on_progress)?;
        let mut counted = Counted {
            family: self.family().into(),
            name: self.name(),
            solutions: result.solutions,
            unique: result.unique,
            complete: result.complete,
            interrupted: request.search.cancel.is_cancelled(),
            recorded: self.recorded(),
            tally: result.tally.map(|(name, counts)| Tally {
                name: name.to_string(),
                counts,
            }),
            separable: None,
            seconds: started.elapsed().as_secs_f64(),
            share: None,
        };
        if let (Some(part), Some(shares)) = (request.search.part, result.shares) {
            let print = fingerprint(self, &options.search, unique, None);
            counted.share = Some(share_of(self, &counted, part, &shares, None, print));
        }
        Ok(counted)
    }

    /// `count` with every assembly taken apart.
    fn count_disassembled(
        &self,
        request: &CountRequest,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<Counted, Error> {
        self.check_request(Request::Disassembly)?;
        if request.limit.is_some() {
            return Err(Error::Unsupported(
                "taking the assemblies apart counts them all: no limit".into(),
            ));
        }
        let search = self.search_options(&request.search)?;
        if search.engine == Engine::Sat {
            self.check_formula_size()?;
        }
        let started = Instant::now();
        let mut result = self
            .rules
            .disassemble_all(&search, request.max_states, on_progress)?;
        let shares = result.shares.take();
        let mut counted = Counted {
            family: self.family().into(),
            name: self.name(),
            solutions: result.solutions,
            unique: Some(result.assemblies),
            complete: result.complete,
            interrupted: request.search.cancel.is_cancelled(),
            recorded: Some(self.recorded().unwrap_or_default()),
            tally: None,
            separable: Some(Separable::of(&result)),
            seconds: started.elapsed().as_secs_f64(),
            share: None,
        };
        if let (Some(part), Some((shares, taken))) = (request.search.part, shares) {
            let unique = request.unique || self.is_burrtools();
            let print = fingerprint(self, &search, unique, Some(request.max_states));
            counted.share = Some(share_of(self, &counted, part, &shares, Some(&taken), print));
        }
        Ok(counted)
    }
}

/// The share of `counted`, a count of `puzzle` split into shares, as `merge`
/// reads it back.
fn share_of(
    puzzle: &Puzzle,
    counted: &Counted,
    part: Part,
    shares: &Shares,
    taken: Option<&BTreeMap<String, Taken>>,
    fingerprint: String,
) -> Share {
    Share {
        family: counted.family.clone(),
        name: counted.name.clone(),
        part: part.index + 1,
        parts: part.count,
        fingerprint,
        solutions: counted.solutions,
        complete: counted.complete,
        interrupted: counted.interrupted,
        met_once: shares.met_once,
        shared_orbits: shares
            .shared
            .iter()
            .map(|(key, orbit)| NamedOrbit {
                key: key.clone(),
                solutions: orbit.solutions,
                tally: orbit.tally,
            })
            .collect(),
        classes: shares.classes.clone(),
        fixed_by_symmetries: shares.fixed.map(|f| FixedTerms {
            symmetries: f.symmetries,
            fixing_all: f.fixing_all,
            fixed: f.fixed,
        }),
        tally_name: counted.tally.as_ref().map(|t| t.name.clone()),
        met_once_tally: counted
            .tally
            .as_ref()
            .map(|_| shares.met_once_tally.clone()),
        taken_apart: taken.map(|taken| {
            // The classes that stay stuck are those of `classes` not listed.
            taken
                .iter()
                .filter_map(|(key, t)| match t {
                    Taken::Apart(level) => Some((key.clone(), level.clone())),
                    Taken::Undecided => Some((key.clone(), UNDECIDED.to_string())),
                    Taken::Stuck => None,
                })
                .collect()
        }),
        recorded_solutions: taken.and(counted.recorded).and_then(|r| r.solutions),
        header: puzzle.header(),
        recorded_assemblies: counted.recorded.map(|r| r.assemblies),
        seconds: counted.seconds,
    }
}
