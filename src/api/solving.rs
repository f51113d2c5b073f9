//! Solving: one solution or the proof there is none; an optimum and the proof
//! that nothing beats it; a solution extended; the first assembly that comes
//! apart.

use super::dispatch::{AnySolved, AnyValue, Dispatch};
use super::puzzle::Puzzle;
use super::search::Search;
use super::solution::Solution;
use crate::disassembly::DEFAULT_MAX_STATES;
use crate::error::{Error, Request};
use crate::solve::Progress;
use crate::tasks::solve::{SolveEvent, SolveOptions};
use crate::types::{Engine, Goal};
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// What to solve for. The default: one solution, or the proof there is none,
/// with the family's fastest engine.
#[derive(Clone, Debug, Default)]
pub struct SolveRequest {
    /// Optimise for this goal (one the puzzle's family has: see
    /// [`Puzzle::offers`]) and prove the optimum.
    pub goal: Option<Goal>,
    /// Apply the family's extension to the solution (the sudoku snake's
    /// `sudoku`: its parity grid filled with digits).
    pub extend: bool,
    /// Also make the DRAT proof: with a goal, that nothing beats the optimum;
    /// without one, that there is no solution (a solvable puzzle needs none).
    pub proof: bool,
    /// The search for a first solution (an optimum has its own).
    pub search: Search,
}

/// How far a solve has got, for a progress display.
#[derive(Clone, Copy, Debug)]
pub enum SolveProgress<'a> {
    /// The search for a first solution.
    Search(&'a Progress),
    /// The search for an optimum began.
    Optimising,
    /// A solution better than any before, of this value in words ("3 broken
    /// links").
    Better(&'a str),
    /// The proof is being made.
    Proving,
}

/// What a family's extension made of a solution.
#[derive(Clone, Debug)]
pub struct Extension {
    /// The key `solve --format json` gives it (`sudoku`).
    pub name: &'static str,
    /// Its value in the JSON answer.
    pub json: Value,
    /// What a person reads.
    pub text: String,
    /// What a picture of the solution adds.
    pub(crate) pictured: Option<AnyValue>,
}

/// A solve's answer.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The solution (with a goal, an optimum), or `None` when there is none.
    pub solution: Option<Solution>,
    /// The goal optimised, if any.
    pub goal: Option<Goal>,
    /// With a goal: the optimum's value.
    pub value: Option<usize>,
    /// The extension of the solution, when asked for and there is a solution.
    pub extension: Option<Extension>,
    /// The DRAT proof, when asked for and there is one to make: check it with
    /// [`Puzzle::verify_proof`] or drat-trim against [`Puzzle::cnf`] (with a
    /// goal, [`Puzzle::cnf_past_optimum`]).
    pub proof: Option<Vec<u8>>,
    /// The engine that searched.
    pub engine: Engine,
    /// The time to the answer and its extension, the proof left out.
    pub seconds: f64,
    head: Head,
    /// The puzzle, for the words of an answer with no solution.
    rules: Option<Arc<dyn Dispatch>>,
}

/// The keys every answer of `solve --format json` starts with.
#[derive(Clone, Debug)]
struct Head {
    family: &'static str,
    name: String,
}

impl Head {
    fn of(puzzle: &Puzzle) -> Head {
        Head {
            family: puzzle.family(),
            name: puzzle.name(),
        }
    }

    fn json(&self, solved: bool, seconds: f64) -> Map<String, Value> {
        let mut out = Map::new();
        out.insert(
            "status".into(),
            json!(if solved { "solved" } else { "unsolvable" }),
        );
        out.insert("family".into(), json!(self.family));
        out.insert("name".into(), json!(self.name));
        out.insert("seconds".into(), json!(seconds));
        out
    }
}

impl Solved {
    /// The answer as `solve --format json` prints it.
    pub fn to_json(&self) -> Value {
        let mut out = self.head.json(self.solution.is_some(), self.seconds);
        if let Some(s) = &self.solution {
            if let (Some(goal), Some(value)) = (self.goal, self.value) {
                out.extend(s.rules.optimum_json(goal, value));
            }
            out.extend(s.to_json());
        }
        if let Some(e) = &self.extension {
            out.insert(e.name.into(), e.json.clone());
        }
        let none = self.solution.is_none();
        let why = none.then(|| self.rules().and_then(|r| r.why_no_solution()));
        if let Some(why) = why.flatten() {
            out.insert("why_no_solution".into(), json!(why));
        }
        Value::Object(out)
    }

    /// With a goal: the optimum and the solution for a person, saying it was
    /// proved in `took`; with no solution, why.
    pub fn optimum_text(&self, took: &str) -> Option<String> {
        let goal = self.goal?;
        Some(match (&self.solution, self.value) {
            (Some(s), Some(value)) => s.rules.optimum_text(goal, value, &s.value, took),
            _ => self.rules()?.no_optimum_text(goal, took),
        })
    }

    /// With a goal and a solution: the optimum's value in words ("3 broken
    /// links").
    pub fn value_words(&self) -> Option<String> {
        let s = self.solution.as_ref()?;
        Some(s.rules.value_words(self.goal?, self.value?))
    }

    fn rules(&self) -> Option<&Arc<dyn Dispatch>> {
        self.solution
            .as_ref()
            .map(|s| &s.rules)
            .or(self.rules.as_ref())
    }
}

impl Puzzle {
    /// Solves the puzzle: one solution or the proof there is none; with a
    /// goal, the optimum and the proof that nothing beats it; with the
    /// extension, the solution extended. The solution is the same on every
    /// run, whatever the threads.
    ///
    /// ```
    /// use puzzlesat::{Puzzle, SolveRequest};
    ///
    /// let cube = Puzzle::from_toml(
    ///     "family = \"snake-cube\"\nsize = [2, 2, 2]\nsegments = [2, 2, 2, 2, 2, 2, 2]\n",
    /// )?;
    /// let solved = cube.solve(&SolveRequest::default(), &mut |_| {})?;
    /// assert_eq!(solved.to_json()["status"], "solved");
    /// let solution = solved.solution.expect("the cube folds");
    /// assert_eq!(solution.check(), Ok(()));
    /// # Ok::<(), puzzlesat::Error>(())
    /// ```
    pub fn solve(
        &self,
        request: &SolveRequest,
        on_progress: &mut dyn FnMut(SolveProgress<'_>),
    ) -> Result<Solved, Error> {
        if let Some(goal) = request.goal {
            self.check_request(Request::Goal(goal))?;
        }
        let extension = match (request.extend, self.offers().extension) {
            (false, _) => None,
            (true, Some(declared)) => Some(declared.name),
            (true, None) => return Err(self.refused(Request::Extension)),
        };
        let search = self.search_options(&request.search)?;
        let engine = search.engine;
        if request.goal.is_some() || engine == Engine::Sat {
            self.check_formula_size()?;
        }
        let options = SolveOptions {
            goal: request.goal,
            extend: request.extend,
            proof: request.proof,
            search,
        };
        let rules = &self.rules;
        let solved: AnySolved = rules.solve(&options, &mut |event| match event {
            SolveEvent::Search(p) => on_progress(SolveProgress::Search(p)),
            SolveEvent::Optimising => on_progress(SolveProgress::Optimising),
            SolveEvent::Better(value) => {
                let goal = request.goal.expect("a goal is optimised");
                on_progress(SolveProgress::Better(&rules.value_words(goal, value)))
            }
            SolveEvent::Proving => on_progress(SolveProgress::Proving),
        })?;
        Ok(Solved {
            solution: solved.solution.map(|s| Solution::new(rules, s)),
            goal: request.goal,
            value: solved.value,
            extension: solved.extended.map(|e| Extension {
                name: extension.expect("an extension was asked for"),
                json: e.json,
                text: e.text,
                pictured: e.pictured,
            }),
            proof: solved.proof,
            engine,
            seconds: solved.elapsed.as_secs_f64(),
            head: Head::of(self),
            rules: Some(Arc::clone(rules)),
        })
    }

    /// The first assembly that also comes apart, taken apart by BurrTools'
    /// rules, each sub-problem's search keeping at most `max_states` states;
    /// or, when none does, how many assemblies there are.
    pub fn solve_separable(
        &self,
        search: &Search,
        max_states: usize,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<Separated, Error> {
        self.check_request(Request::Disassembly)?;
        let options = self.search_options(search)?;
        if options.engine == Engine::Sat {
            self.check_formula_size()?;
        }
        let started = std::time::Instant::now();
        let mut first = None;
        let found = self.rules.for_each_separable(
            &options,
            max_states,
            &mut |assembly, tree| {
                first = Some(Solution::new(&self.rules, assembly).with_tree(tree.clone()));
                false
            },
            on_progress,
        )?;
        Ok(Separated {
            solution: first,
            assemblies: found.assemblies,
            undecided: found.undecided,
            seconds: started.elapsed().as_secs_f64(),
            head: Head::of(self),
        })
    }
}

/// The first assembly that comes apart, or what the assemblies came to.
#[derive(Clone, Debug)]
pub struct Separated {
    /// The assembly, with how it comes apart; `None` when none does.
    pub solution: Option<Solution>,
    /// The assemblies met (up to symmetry).
    pub assemblies: u64,
    /// Of them, those whose search passed the most states allowed.
    pub undecided: u64,
    /// The time the search took.
    pub seconds: f64,
    head: Head,
}

impl Separated {
    /// The answer as `solve --disassemble --format json` prints it.
    pub fn to_json(&self) -> Value {
        let mut out = self.head.json(self.solution.is_some(), self.seconds);
        match &self.solution {
            Some(s) => {
                if let Some(apart) = s.taken_apart() {
                    out.insert("level".into(), json!(apart.level()));
                    out.insert("disassembly".into(), apart.to_json());
                }
                out.extend(s.to_json());
            }
            None => {
                out.insert("assemblies".into(), json!(self.assemblies));
                out.insert("undecided".into(), json!(self.undecided));
            }
        }
        Value::Object(out)
    }
}

/// The most states one search of a disassembly keeps by default; an assembly
/// whose search needs more is left undecided.
pub const MAX_STATES: usize = DEFAULT_MAX_STATES;
