//! Snakes on a board: k snakes of given lengths, each from a given head notch,
//! consecutive pellets on neighbouring notches, snakes disjoint, and (by default)
//! every notch used.

mod family;
mod model;
mod picture;
#[cfg(test)]
mod reference_tests;
mod text;

use crate::cnf::{Formula, Lit, Totalizer, at_most_one, exactly_one};
use crate::family::Breaking;
use crate::family::{EncodeOptions, Encoding, PathForm, Puzzle, WalkEncoding};
use crate::geometry::Board;
use crate::solve::walks::{NONE, Walks};
use crate::solve::{Model, SatSolver, SolveError, minimise};
use crate::types::Violation;

/// The notches of each snake from head to tail (0-based node indices).
pub type Snakes = Vec<Vec<usize>>;

/// `z[h][node][k]`: the notch holds pellet `k` of snake `h` (absent where pruned).
type Positions = Vec<Vec<Vec<Option<Lit>>>>;

#[derive(Clone, Debug)]
pub struct BoardSnakes {
    board: Board,
    heads: Vec<usize>,
    lengths: Vec<usize>,
    full_cover: bool,
}

/// The best relaxed solution: snakes may be cut, as few times as possible.
#[derive(Clone, Debug)]
pub(crate) struct Relaxed {
    pub snakes: Snakes,
    /// Places where consecutive pellets are not neighbours; the solver proved that
    /// no placement has fewer.
    pub broken_links: usize,
}

impl BoardSnakes {
    /// Heads are 0-based node indices; errors say what was expected of which field.
    pub fn new(
        board: Board,
        heads: Vec<usize>,
        lengths: Vec<usize>,
        full_cover: bool,
    ) -> Result<BoardSnakes, (String, String)> {
        let n = board.len();
        let err = |field: &str, msg: String| Err((field.to_string(), msg));
        if heads.is_empty() {
            return err("heads", "at least one head".into());
        }
        if let Some(&h) = heads.iter().find(|&&h| h >= n) {
            return err("heads", format!("notches from 1 to {n}, got {}", h + 1));
        }
        for (i, h) in heads.iter().enumerate() {
            if heads[..i].contains(h) {
                return err(
                    "heads",
                    format!(
                        "one head per notch, but notch {} is the head of two snakes",
                        h + 1
                    ),
                );
            }
        }
        if lengths.len() != heads.len() {
            return err(
                "lengths",
                format!(
                    "one length per snake ({} heads), got {}",
                    heads.len(),
                    lengths.len()
                ),
            );
        }
        if lengths.contains(&0) {
            return err("lengths", "lengths of at least 1".into());
        }
        let total: usize = lengths.iter().sum();
        if full_cover && total != n {
            return err(
                "lengths",
                format!(
                    "lengths adding up to the board's {n} notches (every notch is used), but they add up to {total}"
                ),
            );
        }
        if total > n {
            return err(
                "lengths",
                format!("lengths adding up to at most the board's {n} notches, got {total}"),
            );
        }
        if !board.is_connected() {
            return err(
                "board",
                "a connected board: some notches cannot be reached from others".into(),
            );
        }
        Ok(BoardSnakes {
            board,
            heads,
            lengths,
            full_cover,
        })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn heads(&self) -> &[usize] {
        &self.heads
    }

    pub fn lengths(&self) -> &[usize] {
        &self.lengths
    }

    pub fn full_cover(&self) -> bool {
        self.full_cover
    }

    /// One snake and every notch used: a path through the board from the head.
    pub(crate) fn one_snake_fills_the_board(&self) -> bool {
        self.heads.len() == 1 && self.full_cover
    }

    /// Builds the position variables. With `relaxed`, links may break, so the
    /// distance and parity pruning (which assume unbroken links) is left out.
    fn variables(&self, f: &mut Formula, relaxed: bool) -> Positions {
        let colouring = self.board.two_colouring();
        self.heads
            .iter()
            .zip(&self.lengths)
            .enumerate()
            .map(|(h, (&head, &len))| {
                let dist = self.board.distances(head);
                (0..self.board.len())
                    .map(|node| {
                        (0..len)
                            .map(|k| {
                                let reachable = dist[node] <= k
                                    && colouring
                                        .as_ref()
                                        .is_none_or(|c| (c[node] + c[head] + k) % 2 == 0);
                                let is_head = k == 0 && node == head;
                                let allowed = if k == 0 {
                                    is_head
                                } else {
                                    relaxed || reachable
                                };
                                allowed.then(|| {
                                    f.new_lit(format!(
                                        "notch {} is pellet {} of snake {}",
                                        node + 1,
                                        k + 1,
                                        h + 1
                                    ))
                                })
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect()
    }

    /// The common clauses; returns the position variables `z[h][node][k]` and, when
    /// `relaxed`, one "link k of snake h is broken" variable per link.
    fn clauses(&self, f: &mut Formula, relaxed: bool) -> (Positions, Vec<Lit>) {
        let z = self.variables(f, relaxed);
        let n = self.board.len();
        for node in 0..n {
            let lits: Vec<Lit> = z
                .iter()
                .flat_map(|snake| snake[node].iter().flatten().copied())
                .collect();
            if self.full_cover {
                exactly_one(f, &lits);
            } else {
                at_most_one(f, &lits);
            }
        }
        let mut broken = Vec::new();
        for (h, snake) in z.iter().enumerate() {
            for k in 0..self.lengths[h] {
                let lits: Vec<Lit> = snake.iter().filter_map(|row| row[k]).collect();
                exactly_one(f, &lits);
            }
            for k in 0..self.lengths[h].saturating_sub(1) {
                let cut = relaxed
                    .then(|| f.new_lit(format!("snake {} is cut after pellet {}", h + 1, k + 1)));
                broken.extend(cut);
                // Pellet k has a neighbour holding pellet k + 1, and the other way round.
                for node in 0..n {
                    for (from, to) in [(k, k + 1), (k + 1, k)] {
                        let Some(x) = snake[node][from] else { continue };
                        let next = self.board.adjacency[node]
                            .iter()
                            .filter_map(|&m| snake[m][to]);
                        f.add_clause(std::iter::once(!x).chain(cut).chain(next));
                    }
                }
            }
        }
        (z, broken)
    }

    fn read(&self, z: &Positions, model: &Model) -> Snakes {
        z.iter()
            .zip(&self.lengths)
            .map(|(snake, &len)| {
                (0..len)
                    .map(|k| {
                        (0..self.board.len())
                            .find(|&node| snake[node][k].is_some_and(|l| model.lit(l)))
                            .unwrap_or(usize::MAX)
                    })
                    .collect()
            })
            .collect()
    }

    /// Checks everything but the links and counts the broken ones.
    pub fn check_relaxed(&self, snakes: &Snakes) -> Result<usize, Violation> {
        self.check_shape(snakes)?;
        Ok(snakes
            .iter()
            .map(|s| {
                s.windows(2)
                    .filter(|w| !self.board.are_neighbours(w[0], w[1]))
                    .count()
            })
            .sum())
    }

    /// Heads, lengths, disjointness and cover: the rules apart from the links.
    fn check_shape(&self, snakes: &Snakes) -> Result<(), Violation> {
        let n = self.board.len();
        if snakes.len() != self.heads.len() {
            return Err(Violation(format!(
                "{} snakes given, the puzzle has {}",
                snakes.len(),
                self.heads.len()
            )));
        }
        let mut used = vec![false; n];
        for (h, snake) in snakes.iter().enumerate() {
            if snake.len() != self.lengths[h] {
                return Err(Violation(format!(
                    "snake {} has {} pellets, it should have {}",
                    h + 1,
                    snake.len(),
                    self.lengths[h]
                )));
            }
            if snake.first() != Some(&self.heads[h]) {
                return Err(Violation(format!(
                    "snake {} does not start at its head, notch {}",
                    h + 1,
                    self.heads[h] + 1
                )));
            }
            for &node in snake {
                if node >= n {
                    return Err(Violation(format!(
                        "snake {} uses a notch that is not on the board",
                        h + 1
                    )));
                }
                if std::mem::replace(&mut used[node], true) {
                    return Err(Violation(format!("notch {} holds two pellets", node + 1)));
                }
            }
        }
        if self.full_cover
            && let Some(free) = used.iter().position(|&u| !u)
        {
            return Err(Violation(format!("notch {} is empty", free + 1)));
        }
        Ok(())
    }

    /// The relaxed formula: the rules with links that may break, and a counter
    /// of the broken links.
    fn relaxation(&self) -> (Formula, Positions, Vec<Lit>, Totalizer) {
        let mut f = Formula::new();
        let (z, broken) = self.clauses(&mut f, true);
        let counter = Totalizer::new(&mut f, &broken, broken.len());
        (f, z, broken, counter)
    }

    /// The formula [`BoardSnakes::relax`] solves, with the broken links held to
    /// at most `bound` when one is given: with the bound one below the optimum,
    /// the formula whose refutation proves the optimum.
    pub(crate) fn relaxed_formula(&self, bound: Option<usize>) -> Formula {
        let (mut f, _, _, counter) = self.relaxation();
        if let Some(at_most) = bound.and_then(|b| counter.at_most(b)) {
            f.add_clause([at_most]);
        }
        f
    }

    /// The fewest broken links over all placements, a placement attaining it, and
    /// (by the solver's final unsatisfiable call) the proof that one fewer is
    /// impossible. `None` when even cutting does not help (too few notches).
    /// `on_better` is told the broken links of each placement better than the last.
    pub(crate) fn relax(
        &self,
        on_better: &mut dyn FnMut(usize),
    ) -> Result<Option<Relaxed>, SolveError> {
        let (f, z, broken, counter) = self.relaxation();
        let mut solver = SatSolver::new(&f);
        let Some(optimum) = minimise(&mut solver, &counter, &broken, on_better)? else {
            return Ok(None);
        };
        let snakes = self.read(&z, &optimum.model);
        let cuts = self
            .check_relaxed(&snakes)
            .map_err(|v| SolveError(format!("a relaxed solution breaks the rules: {v}")))?;
        if cuts > optimum.cost {
            return Err(SolveError(format!(
                "the relaxed solution has {cuts} broken links, the solver counted {}",
                optimum.cost
            )));
        }
        Ok(Some(Relaxed {
            snakes,
            broken_links: cuts,
        }))
    }
}

/// Position variables, for decoding.
pub struct SnakesDecoder {
    z: Positions,
}

impl Puzzle for BoardSnakes {
    type Solution = Snakes;
    type Key = Snakes;
    type Decoder = SnakesDecoder;

    fn key(&self, solution: &Snakes) -> Snakes {
        solution.clone()
    }

    /// A variable per notch and pellet at most (fewer after pruning), a few
    /// clauses each: the formula grows with notches times pellets.
    fn formula_estimate(&self) -> Option<(u64, &'static str)> {
        let pellets: u64 = self.lengths().iter().map(|&l| l as u64).sum();
        // Its clauses are long (a notch's neighbours), so each counts twice.
        Some((8 * self.board().len() as u64 * pellets, "board"))
    }

    fn encode(&self, _options: EncodeOptions) -> Encoding<SnakesDecoder> {
        let mut f = Formula::new();
        let (z, _) = self.clauses(&mut f, false);
        // One cube per notch that can hold the second pellet of the first long snake.
        let cubes = z
            .iter()
            .zip(&self.lengths)
            .find(|(_, len)| **len >= 2)
            .map(|(snake, _)| {
                snake
                    .iter()
                    .filter_map(|row| row[1])
                    .map(|l| vec![l])
                    .collect()
            })
            .unwrap_or_default();
        Encoding {
            projection: z
                .iter()
                .flatten()
                .flatten()
                .flatten()
                .map(|l| l.var())
                .collect(),
            projection_constant_weight: true,
            cubes,
            cube_fixed_prefix: 0,
            formula: f,
            decoder: SnakesDecoder { z },
            breaking: Breaking::default(),
        }
    }

    fn decode(&self, decoder: &SnakesDecoder, model: &Model) -> Snakes {
        self.read(&decoder.z, model)
    }

    fn check(&self, snakes: &Snakes) -> Result<(), Violation> {
        self.check_shape(snakes)?;
        for (h, snake) in snakes.iter().enumerate() {
            for w in snake.windows(2) {
                if !self.board.are_neighbours(w[0], w[1]) {
                    return Err(Violation(format!(
                        "snake {} jumps from notch {} to notch {}, which are not neighbours",
                        h + 1,
                        w[0] + 1,
                        w[1] + 1
                    )));
                }
            }
        }
        Ok(())
    }

    /// One snake filling the board is a path through every notch from its
    /// head: walks of single steps, any neighbour after any other. Several
    /// snakes, or notches left empty, have no such form.
    fn walks(&self, _options: EncodeOptions) -> Option<WalkEncoding<'_, Snakes>> {
        if !self.one_snake_fills_the_board() {
            return None;
        }
        let adjacency = &self.board.adjacency;
        let labels = adjacency.iter().map(Vec::len).max()?.max(1);
        let step = adjacency
            .iter()
            .flat_map(|a| (0..labels).map(move |l| a.get(l).map_or(NONE, |&u| u as u32)))
            .collect();
        let n = self.board.len();
        let every = if labels >= 64 {
            u64::MAX
        } else {
            (1 << labels) - 1
        };
        let walks = Walks::new(
            n,
            labels,
            step,
            vec![every; labels],
            vec![1; n - 1],
            vec![self.heads[0] as u32],
        )
        .ok()?;
        Some(WalkEncoding {
            walks: PathForm::Walks(walks),
            decode: Box::new(|nodes: &[u32]| vec![nodes.iter().map(|&v| v as usize).collect()]),
            breaking: Breaking::default(),
        })
    }

    /// Heads are fixed and snakes are told apart, so no symmetry remains.
    fn orbit(&self, snakes: &Snakes) -> Vec<Snakes> {
        vec![snakes.clone()]
    }

    fn canonical(&self, snakes: &Snakes) -> Snakes {
        snakes.clone()
    }
}
