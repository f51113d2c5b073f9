//! Every solution, streamed as the search finds it: all of them, one per
//! class up to symmetry, or the assemblies that come apart.

use super::puzzle::Puzzle;
use super::search::Search;
use super::solution::Solution;
use crate::disassembly::DEFAULT_MAX_STATES;
use crate::error::{Error, Request};
use crate::solve::Progress;
use crate::types::Engine;

/// Which solutions to list. The default: every solution, with the family's
/// fastest engine on every core.
#[derive(Clone, Debug)]
pub struct ListRequest {
    /// One solution per class up to symmetry (its canonical representative)
    /// instead of every solution.
    pub unique: bool,
    /// Stop after this many.
    pub limit: Option<u64>,
    /// Only the assemblies (one per class up to symmetry) that come apart,
    /// each taken apart (packings).
    pub disassemble: bool,
    /// With `disassemble`: the most states one search keeps; an assembly
    /// whose search needs more is skipped as undecided.
    pub max_states: usize,
    /// How to search.
    pub search: Search,
}

impl Default for ListRequest {
    fn default() -> ListRequest {
        ListRequest {
            unique: false,
            limit: None,
            disassemble: false,
            max_states: DEFAULT_MAX_STATES,
            search: Search::default(),
        }
    }
}

/// How a listing ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Listed {
    /// The solutions handed out.
    pub listed: u64,
    /// Whether the search ran to its end (not stopped by a limit, the
    /// callback or a cancel).
    pub complete: bool,
    /// Whether the search was cancelled.
    pub interrupted: bool,
    /// With `disassemble`: the assemblies met, of which those listed come
    /// apart.
    pub assemblies: u64,
    /// With `disassemble`: the assemblies whose search passed the most
    /// states allowed.
    pub undecided: u64,
}

impl Puzzle {
    /// Hands `on_each` every solution as the search finds it (checked, each
    /// once), until it returns `false` or `limit` are out. With `disassemble`,
    /// only the assemblies that come apart, each with how it does.
    ///
    /// ```
    /// use puzzlesat::{ListRequest, Puzzle};
    ///
    /// let cube = Puzzle::from_toml(
    ///     "family = \"snake-cube\"\nsize = [3, 3, 3]\nsegments = [3, 3, 3, 3, 2, 2, 2, 3, 3, 2, 2, 3, 2, 3, 2, 2, 3]\n",
    /// )?;
    /// let mut foldings = Vec::new();
    /// let listed = cube.solutions(&ListRequest::default(), &mut |s| {
    ///     foldings.push(s);
    ///     true
    /// }, &mut |_| {})?;
    /// assert_eq!((listed.listed, foldings.len()), (48, 48));
    /// # Ok::<(), puzzlesat::Error>(())
    /// ```
    pub fn solutions(
        &self,
        request: &ListRequest,
        on_each: &mut dyn FnMut(Solution) -> bool,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<Listed, Error> {
        if request.disassemble {
            self.check_request(Request::Disassembly)?;
        }
        let search = self.search_options(&request.search)?;
        if search.engine == Engine::Sat {
            self.check_formula_size()?;
        }
        let mut listed = Listed::default();
        if request.limit == Some(0) {
            // Nothing to list, and no search needed to list it.
            return Ok(listed);
        }
        let mut hand_on = |solution: Solution| {
            listed.listed += 1;
            on_each(solution) && request.limit.is_none_or(|limit| listed.listed < limit)
        };
        let rules = &self.rules;
        if request.disassemble {
            let found = rules.for_each_separable(
                &search,
                request.max_states,
                &mut |assembly, tree| {
                    hand_on(Solution::new(rules, assembly).with_tree(tree.clone()))
                },
                on_progress,
            )?;
            listed.complete = found.complete;
            listed.assemblies = found.assemblies;
            listed.undecided = found.undecided;
        } else {
            listed.complete = rules.for_each_solution(
                &search,
                request.unique,
                &mut |s| hand_on(Solution::new(rules, s)),
                on_progress,
            )?;
        }
        listed.interrupted = request.search.cancel.is_cancelled();
        Ok(listed)
    }
}
