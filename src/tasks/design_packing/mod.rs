//! New packing puzzles: random cuts of a shape into connected pieces, each
//! counted (assemblies up to symmetry, the count stopped at the second when
//! only unique designs are wanted) and its one assembly taken apart by
//! BurrTools' rules; kept when it has exactly one assembly that comes
//! apart at the level asked for. A kept design may then climb: single cells
//! moved between touching pieces, each change kept while the design stays
//! unique and its level does not drop.

mod cut;

pub use cut::{Cut, Sizes};

use super::disassemble::{copy_of, taken_apart};
use super::{CountOptions, Found, SearchOptions, count_observed};
use crate::disassembly::{DEFAULT_MAX_STATES, Disassembler, Motion, Outcome, Separation};
use crate::error::Error;
use crate::geometry::Cell;
use crate::geometry::grid::Grid;
use crate::geometry::hamiltonian::Seeded;
use crate::puzzles::packing::{Arrangement, Colours, Copies, Packing, PieceType};
use crate::types::Engine;
use std::time::{Duration, Instant};

/// What designs are wanted.
#[derive(Clone, Debug)]
pub struct Request {
    /// The grid of the shape's cells: cubes or triangular prisms, the grids
    /// whose assemblies are taken apart.
    pub grid: Grid,
    /// The shape to cut, sorted.
    pub shape: Vec<Cell>,
    pub pieces: usize,
    pub sizes: Sizes,
    pub seed: u64,
    /// Pieces may be turned over (mirrored) when assembled.
    pub mirror: bool,
    /// Keep only designs with exactly one assembly up to symmetry.
    pub unique: bool,
    /// Keep only designs whose first piece takes at least this many moves
    /// to come out.
    pub min_level: usize,
    /// How long each kept design climbs.
    pub climb: Option<Duration>,
    /// Candidates drawn at most before giving up.
    pub max_draws: u64,
    pub search: SearchOptions,
}

/// A kept design.
#[derive(Clone, Debug)]
pub struct Design {
    /// Each piece's cells, where it sits in the assembly the cut made.
    pub pieces: Vec<Vec<Cell>>,
    /// The kinds of piece (congruent pieces one kind with copies).
    pub kinds: Kinds,
    /// The kinds as the packing that was counted.
    pub packing: Packing,
    /// Assemblies up to symmetry (with `unique`, 1).
    pub assemblies: u64,
    /// The assembly that comes apart, as it was taken apart (BurrTools'
    /// copy of its class on cubes).
    pub assembly: Arrangement,
    /// How it comes apart: its tree.
    pub separation: Separation,
    /// Which candidate it was, from 1.
    pub drawn: u64,
    /// Changes the climb kept.
    pub climbed: u64,
}

impl Design {
    /// Moves to take the first piece (or group) out: the first number of
    /// the level.
    pub fn moves_to_first(&self) -> usize {
        self.separation.moves.len()
    }
}

/// How the drawing has gone.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Candidates drawn (cuts made, and the climb's changes tried).
    pub tried: u64,
    /// Draws that made no cut (cells left over, a piece too small).
    pub no_cut: u64,
    /// Cuts with no assembly that comes apart, or more than one assembly
    /// when `unique`, or too low a level.
    pub turned_away: u64,
    /// Designs kept.
    pub kept: u64,
    /// The most moves to the first piece among the designs kept.
    pub best_level: usize,
}

/// A candidate that makes a design, with what judging it built.
struct Judged {
    kinds: Kinds,
    packing: Packing,
    assemblies: u64,
    assembly: Arrangement,
    separation: Separation,
}

/// Draws candidates one after another and hands out those that make designs.
pub struct Designer {
    request: Request,
    rng: Seeded,
    tally: Tally,
    disassembler: Disassembler,
}

/// Assemblies of one candidate kept to take apart, at most (without
/// `unique`, a cut into many small pieces may have millions).
const MAX_TAKEN_APART: usize = 1_000;

/// Draws in a row that make no cut after which the shape is taken to have
/// none of the sizes asked for.
const NO_CUT_IN_A_ROW: u64 = 10_000;

impl Designer {
    pub fn new(request: Request) -> Result<Designer, Error> {
        let n = request.shape.len();
        let (k, sizes) = (request.pieces, request.sizes);
        if k < 2 || k > n {
            return Err(Error::Value {
                field: "pieces",
                expected: format!("from 2 to {n} pieces for a shape of {n} cells, got {k}"),
            });
        }
        if sizes.min > sizes.max
            || sizes.min.saturating_mul(k) > n
            || sizes.max.saturating_mul(k) < n
        {
            return Err(Error::Value {
                field: if sizes.min.saturating_mul(k) > n {
                    "min_size"
                } else {
                    "max_size"
                },
                expected: format!(
                    "sizes that {k} pieces can have in a shape of {n} cells (asked for pieces of {} to {} cells)",
                    sizes.min, sizes.max
                ),
            });
        }
        let motion = if request.grid == Grid::Prisms {
            Motion::Prisms
        } else {
            Motion::Cubes
        };
        Ok(Designer {
            rng: Seeded::new(request.seed),
            request,
            tally: Tally::default(),
            disassembler: Disassembler::new(motion),
        })
    }

    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// The next design, drawing candidates (and climbing from the design
    /// found, if asked) until one is kept; `None` after `max_draws`
    /// candidates, or when cancelled. `on_tried` hears after each candidate.
    pub fn next_design(
        &mut self,
        on_tried: &mut dyn FnMut(&Tally),
    ) -> Result<Option<Design>, Error> {
        let mut no_cut_in_a_row = 0;
        while self.tally.tried + self.tally.no_cut < self.request.max_draws
            && !self.request.search.cancel.is_cancelled()
        {
            let Some(cut) = Cut::random(
                self.request.grid,
                &self.request.shape,
                self.request.pieces,
                self.request.sizes,
                &mut self.rng,
            ) else {
                self.tally.no_cut += 1;
                no_cut_in_a_row += 1;
                if no_cut_in_a_row >= NO_CUT_IN_A_ROW && self.tally.tried == 0 {
                    return Err(Error::Value {
                        field: "pieces",
                        expected: format!(
                            "a cut the shape has; {NO_CUT_IN_A_ROW} random cuts into {} pieces of {} to {} cells all failed",
                            self.request.pieces, self.request.sizes.min, self.request.sizes.max
                        ),
                    });
                }
                continue;
            };
            no_cut_in_a_row = 0;
            self.tally.tried += 1;
            let drawn = self.tally.tried;
            let judged = self.judge(&cut)?;
            on_tried(&self.tally);
            let Some(judged) = judged else {
                self.tally.turned_away += 1;
                continue;
            };
            let mut design = design(&cut, judged, drawn);
            if let Some(time) = self.request.climb {
                design = self.climb(cut, design, time, on_tried)?;
            }
            self.tally.kept += 1;
            self.tally.best_level = self.tally.best_level.max(design.moves_to_first());
            return Ok(Some(design));
        }
        Ok(None)
    }

    /// Moves single cells between touching pieces for `time`, keeping each
    /// change that leaves a design whose level does not drop: compared
    /// number by number, so that on a plateau of one move to the first
    /// piece the later separations may still grow harder.
    fn climb(
        &mut self,
        mut cut: Cut,
        mut best: Design,
        time: Duration,
        on_tried: &mut dyn FnMut(&Tally),
    ) -> Result<Design, Error> {
        let started = Instant::now();
        while started.elapsed() < time && !self.request.search.cancel.is_cancelled() {
            let Some(next) = cut.nudged(self.request.sizes, &mut self.rng) else {
                continue;
            };
            self.tally.tried += 1;
            let judged = self.judge(&next)?;
            on_tried(&self.tally);
            if let Some(judged) = judged
                && level_numbers(&judged.separation) >= level_numbers(&best.separation)
            {
                let climbed = best.climbed + 1;
                best = design(&next, judged, best.drawn);
                best.climbed = climbed;
                cut = next;
            }
        }
        Ok(best)
    }

    /// Counts the cut's assemblies up to symmetry (stopping at the second
    /// when only unique designs are wanted) and takes them apart, the first
    /// [`MAX_TAKEN_APART`] met, until one comes apart at the level asked
    /// for; `None` when none does.
    fn judge(&mut self, cut: &Cut) -> Result<Option<Judged>, Error> {
        let kinds = Kinds::of(self.request.grid, &cut.pieces(), self.request.mirror);
        let packing = kinds.packing(self.request.grid, &self.request.shape, self.request.mirror)?;
        let mut classes: Vec<Arrangement> = Vec::new();
        let mut met = 0u64;
        let unique = self.request.unique;
        let options = CountOptions {
            unique: true,
            limit: None,
            search: self.request.search.clone(),
        };
        let counted = count_observed(
            &packing,
            &options,
            &mut |found| {
                match found {
                    Found::NewClass(s) | Found::LoneOrbit { solution: s, .. } => {
                        met += 1;
                        if classes.len() < MAX_TAKEN_APART {
                            classes.push((*s).clone());
                        }
                    }
                    _ => {}
                }
                !(unique && met > 1)
            },
            &mut |_| {},
        )?;
        // Only a count run to the end says how many assemblies there are (one
        // stopped at the second class is turned away all the same).
        if met == 0 || unique && met > 1 || !counted.complete {
            return Ok(None);
        }
        for class in &classes {
            let (assembly, pieces) = copy_of(&packing, class)?;
            if let Outcome::Apart(separation) =
                taken_apart(&mut self.disassembler, &pieces, DEFAULT_MAX_STATES)?
                && separation.moves.len() >= self.request.min_level
            {
                return Ok(Some(Judged {
                    kinds,
                    packing,
                    assemblies: met,
                    assembly,
                    separation,
                }));
            }
        }
        Ok(None)
    }
}

/// The design `cut` makes, as judged.
fn design(cut: &Cut, judged: Judged, drawn: u64) -> Design {
    Design {
        pieces: cut.pieces(),
        kinds: judged.kinds,
        packing: judged.packing,
        assemblies: judged.assemblies,
        assembly: judged.assembly,
        separation: judged.separation,
        drawn,
        climbed: 0,
    }
}

/// The kinds of piece of a cut: congruent pieces (turned, and turned over
/// with `mirror`) one kind with copies, kinds lettered A, B, ... in the
/// order of their first piece.
#[derive(Clone, Debug)]
pub struct Kinds {
    /// Per kind: its letter, its cells (normalised) and its copies.
    pub kinds: Vec<(char, Vec<Cell>, usize)>,
    /// Per piece of the cut, its kind's letter.
    pub letters: Vec<char>,
}

impl Kinds {
    pub fn of(grid: Grid, pieces: &[Vec<Cell>], mirror: bool) -> Kinds {
        let mut forms: Vec<Vec<Cell>> = Vec::new();
        let mut kinds: Vec<(char, Vec<Cell>, usize)> = Vec::new();
        let mut letters = Vec::new();
        for piece in pieces {
            let form = grid
                .orientations(piece, mirror)
                .into_iter()
                .min()
                .unwrap_or_default();
            let k = match forms.iter().position(|f| *f == form) {
                Some(k) => k,
                None => {
                    forms.push(form);
                    kinds.push((letter_of(kinds.len()), grid.normalise(piece), 0));
                    kinds.len() - 1
                }
            };
            kinds[k].2 += 1;
            letters.push(kinds[k].0);
        }
        Kinds { kinds, letters }
    }

    /// The kinds as a packing of `shape`, on `grid`.
    pub fn packing(&self, grid: Grid, shape: &[Cell], mirror: bool) -> Result<Packing, Error> {
        let types = self
            .kinds
            .iter()
            .map(|(letter, cells, copies)| PieceType {
                name: letter.to_string(),
                letter: *letter,
                cells: cells.clone(),
                colours: Vec::new(),
                copies: Copies {
                    min: *copies,
                    max: *copies,
                },
            })
            .collect();
        Packing::on_grid(
            grid,
            types,
            shape.to_vec(),
            Vec::new(),
            mirror,
            Colours::default(),
        )
        .map_err(Error::Internal)
    }
}

/// BurrTools' level as its numbers: `3.2.1` is [3, 2, 1], and more numbers
/// with the same start rank higher.
fn level_numbers(separation: &Separation) -> Vec<usize> {
    separation
        .level()
        .split('.')
        .filter_map(|n| n.parse().ok())
        .collect()
}

/// A, B, ..., Z, then a, b, ...
fn letter_of(i: usize) -> char {
    let letters: Vec<char> = ('A'..='Z').chain('a'..='z').collect();
    letters.get(i).copied().unwrap_or('?')
}

/// Search options for counting candidates: the exact-cover engine.
pub fn candidate_search(threads: usize, cancel: crate::types::Cancel) -> SearchOptions {
    SearchOptions {
        engine: Engine::ExactCover,
        threads,
        cancel,
        ..SearchOptions::default()
    }
}
