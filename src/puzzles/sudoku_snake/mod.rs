//! The parity snake in a sudoku grid: every cell even or odd with fixed counts per
//! row, column and box, and a snake (a path of cells that never touches itself
//! orthogonally) that alternates parity, visits every box, and is unambiguous:
//! every other neighbour of a snake cell has that cell's parity.

mod check;
mod connected;
mod digits;
mod family;

use super::{EncodeOptions, Encoding, Puzzle, Violation};
use crate::cnf::{Formula, Lit, Totalizer, exactly_one};
use crate::puzzles::Breaking;
use crate::solve::{CubeSearch, Model, SolveError, default_threads, minimise_in_cubes};
use check::check_snake;
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

/// Cells whose membership splits a count into cubes (2^this cubes).
const COUNT_CUBE_CELLS: usize = 3;

/// Cells whose membership splits each query of the length optimisation: on the
/// 9x9 grid 2 (4 cubes) proved both extremes fastest of 1 to 4 (BENCHMARKS.md).
const OPTIMISE_CUBE_CELLS: usize = 2;

/// `[row, column]`, from 0.
pub type Square = [usize; 2];

/// A snake with a parity grid that makes it valid. Two solutions are the same
/// snake when their cells are (the parity grid is only a witness), so equality,
/// hashing and order look at the snake alone.
#[derive(Clone, Debug)]
pub struct SnakeGrid {
    /// The cells from one end to the other, read from the end that sorts first.
    pub snake: Vec<Square>,
    /// `even[row][col]`.
    pub even: Vec<Vec<bool>>,
}

impl SnakeGrid {
    /// Orients the snake so that it reads from its lesser end.
    fn oriented(mut snake: Vec<Square>, even: Vec<Vec<bool>>) -> SnakeGrid {
        if snake.last() < snake.first() {
            snake.reverse();
        }
        SnakeGrid { snake, even }
    }
}

impl PartialEq for SnakeGrid {
    fn eq(&self, other: &Self) -> bool {
        self.snake == other.snake
    }
}

impl Eq for SnakeGrid {}

impl Hash for SnakeGrid {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.snake.hash(state);
    }
}

impl PartialOrd for SnakeGrid {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SnakeGrid {
    fn cmp(&self, other: &Self) -> Ordering {
        self.snake.cmp(&other.snake)
    }
}

/// The rules, as parameters so that variants are model files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Side of the square grid.
    pub size: usize,
    /// Rows and columns of a box; both divide `size`.
    pub box_shape: [usize; 2],
    /// Even cells in every row, column and box.
    pub even_per_unit: usize,
    pub visit_every_box: bool,
    pub min_length: Option<usize>,
    pub max_length: Option<usize>,
    /// The snake has an end here.
    pub head: Option<Square>,
    /// The snake has an end of this parity (true = even).
    pub head_even: Option<bool>,
}

impl Rules {
    /// The puzzle of the write-up: 9x9, 3x3 boxes, 4 even and 5 odd per unit.
    pub fn classic() -> Rules {
        Rules {
            size: 9,
            box_shape: [3, 3],
            even_per_unit: 4,
            visit_every_box: true,
            min_length: None,
            max_length: None,
            head: None,
            head_even: None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct SudokuSnake {
    rules: Rules,
    /// Every unit (rows, columns, boxes) as cell indices.
    units: Vec<Vec<usize>>,
    boxes: Vec<Vec<usize>>,
    symmetries: Vec<Symmetry>,
}

/// A symmetry of the square that keeps the box pattern: optional transpose, then
/// optional flips of rows and columns.
#[derive(Clone, Copy, Debug)]
struct Symmetry {
    transpose: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Symmetry {
    fn apply(&self, n: usize, [r, c]: Square) -> Square {
        let [r, c] = if self.transpose { [c, r] } else { [r, c] };
        [
            if self.flip_rows { n - 1 - r } else { r },
            if self.flip_cols { n - 1 - c } else { c },
        ]
    }
}

/// The parity solution of the optimisation of the snake length.
#[derive(Clone, Debug)]
pub struct LengthOptimum {
    pub solution: SnakeGrid,
    /// The solver proved no snake is shorter (or longer, when maximising).
    pub length: usize,
}

impl SudokuSnake {
    /// Validates the parameters; the error names the field and what was expected.
    pub fn new(rules: Rules) -> Result<SudokuSnake, (String, String)> {
        let n = rules.size;
        let [br, bc] = rules.box_shape;
        let err = |field: &str, msg: String| Err((field.to_string(), msg));
        if !(2..=16).contains(&n) {
            return err("size", format!("a grid side from 2 to 16, got {n}"));
        }
        if br == 0 || bc == 0 || br * bc != n || !n.is_multiple_of(br) || !n.is_multiple_of(bc) {
            return err(
                "box",
                format!(
                    "box [rows, columns] that tile the {n}x{n} grid with {n} cells each, got [{br}, {bc}]"
                ),
            );
        }
        if rules.even_per_unit > n {
            return err(
                "even",
                format!(
                    "at most {n} even cells per unit, got {}",
                    rules.even_per_unit
                ),
            );
        }
        if let (Some(lo), Some(hi)) = (rules.min_length, rules.max_length)
            && lo > hi
        {
            return err(
                "max_length",
                format!("a maximum of at least min_length = {lo}, got {hi}"),
            );
        }
        if let Some([r, c]) = rules.head
            && (r >= n || c >= n)
        {
            return err(
                "head",
                format!("a [row, column] cell from 0 to {}, got [{r}, {c}]", n - 1),
            );
        }
        let idx = |r: usize, c: usize| r * n + c;
        let mut units = Vec::new();
        for i in 0..n {
            units.push((0..n).map(|c| idx(i, c)).collect::<Vec<_>>());
            units.push((0..n).map(|r| idx(r, i)).collect());
        }
        let mut boxes = Vec::new();
        for b0 in (0..n).step_by(br) {
            for b1 in (0..n).step_by(bc) {
                boxes.push(
                    (b0..b0 + br)
                        .flat_map(|r| (b1..b1 + bc).map(move |c| idx(r, c)))
                        .collect::<Vec<_>>(),
                );
            }
        }
        units.extend(boxes.iter().cloned());
        let box_of = |[r, c]: Square| (r / br, c / bc);
        let mut symmetries = Vec::new();
        for bits in 0..8u8 {
            let s = Symmetry {
                transpose: bits & 1 != 0,
                flip_rows: bits & 2 != 0,
                flip_cols: bits & 4 != 0,
            };
            // Keep it when cells of one box always land in one box.
            let keeps_boxes = (0..n).all(|r| {
                (0..n).all(|c| {
                    let here = box_of([r, c]);
                    let anchor = [here.0 * br, here.1 * bc];
                    box_of(s.apply(n, [r, c])) == box_of(s.apply(n, anchor))
                })
            });
            if keeps_boxes {
                symmetries.push(s);
            }
        }
        Ok(SudokuSnake {
            rules,
            units,
            boxes,
            symmetries,
        })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Symmetries of the grid that `--unique` identifies (8 for the classic grid).
    pub fn symmetry_count(&self) -> usize {
        self.symmetries.len()
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let n = self.rules.size;
        let (r, c) = (i / n, i % n);
        let mut out = Vec::new();
        if r > 0 {
            out.push(i - n);
        }
        if r + 1 < n {
            out.push(i + n);
        }
        if c > 0 {
            out.push(i - 1);
        }
        if c + 1 < n {
            out.push(i + 1);
        }
        out
    }

    /// The rules as clauses. With `loops_as_clauses` the no-loop rule is there
    /// in full, for snakes of at most that many cells; without it `refine` adds
    /// it lazily.
    fn build(&self, f: &mut Formula, loops_as_clauses: Option<usize>) -> SudokuDecoder {
        let n = self.rules.size;
        let cells = n * n;
        let even: Vec<Lit> = (0..cells)
            .map(|i| f.new_lit(format!("cell [{}, {}] is even", i / n, i % n)))
            .collect();
        let on: Vec<Lit> = (0..cells)
            .map(|i| f.new_lit(format!("cell [{}, {}] is on the snake", i / n, i % n)))
            .collect();
        let end: Vec<Lit> = (0..cells)
            .map(|i| {
                f.new_lit(format!(
                    "cell [{}, {}] is an end of the snake",
                    i / n,
                    i % n
                ))
            })
            .collect();
        for unit in &self.units {
            let lits: Vec<Lit> = unit.iter().map(|&i| even[i]).collect();
            Totalizer::add_exactly(f, &lits, self.rules.even_per_unit);
        }
        for i in 0..cells {
            let nb = self.neighbours(i);
            for &j in nb.iter().filter(|&&j| j > i) {
                // Along the snake parities alternate; beside it they agree.
                f.add_clause([!on[i], !on[j], even[i], even[j]]);
                f.add_clause([!on[i], !on[j], !even[i], !even[j]]);
                for (a, b) in [(i, j), (j, i)] {
                    f.add_clause([!on[a], on[b], !even[a], even[b]]);
                    f.add_clause([!on[a], on[b], even[a], !even[b]]);
                }
            }
            // One or two snake neighbours; one exactly at an end.
            f.add_clause(std::iter::once(!on[i]).chain(nb.iter().map(|&j| on[j])));
            for (a, &ja) in nb.iter().enumerate() {
                for (b, &jb) in nb.iter().enumerate().skip(a + 1) {
                    f.add_clause([!end[i], !on[ja], !on[jb]]);
                    for &jc in &nb[b + 1..] {
                        f.add_clause([!on[i], !on[ja], !on[jb], !on[jc]]);
                    }
                }
                let others = nb.iter().filter(|&&j| j != ja).map(|&j| on[j]);
                f.add_clause([!on[i], !on[ja], end[i]].into_iter().chain(others));
            }
            f.implies(end[i], on[i]);
        }
        Totalizer::add_exactly(f, &end, 2);
        // Four cells around a corner would make a loop. Loops in general are cut
        // lazily (see `refine`) or forbidden by `connected`; this smallest one is
        // cheap to forbid up front.
        for r in 0..n - 1 {
            for c in 0..n - 1 {
                let i = r * n + c;
                f.add_clause([!on[i], !on[i + 1], !on[i + n], !on[i + n + 1]]);
            }
        }
        // One end is the head (for the head-parity rule, and the root of the
        // distances of `connected`). Without those, whether the snake cells form
        // one path and no separate loop is checked on each model by `refine`.
        let head: Vec<Lit> = (0..cells)
            .map(|i| f.new_lit(format!("cell [{}, {}] is the snake's head", i / n, i % n)))
            .collect();
        exactly_one(f, &head);
        for i in 0..cells {
            f.implies(head[i], end[i]);
        }
        if let Some(places) = loops_as_clauses {
            let neighbours: Vec<Vec<usize>> = (0..cells).map(|i| self.neighbours(i)).collect();
            connected::forbid_loops(f, &on, &head, &neighbours, places);
        }
        if self.rules.visit_every_box {
            for b in &self.boxes {
                f.add_clause(b.iter().map(|&i| on[i]));
            }
        }
        if let Some(lo) = self.rules.min_length {
            Totalizer::add_at_least(f, &on, lo);
        }
        if let Some(hi) = self.rules.max_length {
            Totalizer::add_at_most(f, &on, hi);
        }
        if let Some([r, c]) = self.rules.head {
            f.add_clause([end[r * n + c]]);
        }
        if let Some(want_even) = self.rules.head_even {
            for i in 0..cells {
                f.add_clause([!head[i], if want_even { even[i] } else { !even[i] }]);
            }
        }
        SudokuDecoder { even, on }
    }

    /// Cubes over whether a few cells spread over the grid are on the snake: they
    /// split the search on projection variables, so no snake is found in two cubes.
    fn cubes(&self, d: &SudokuDecoder, split_cells: usize) -> Vec<Vec<Lit>> {
        let n = self.rules.size;
        let split = split_cells.min(n * n);
        let cells: Vec<usize> = (0..split).map(|k| (k + 1) * n * n / (split + 1)).collect();
        (0..1usize << split)
            .map(|bits| {
                cells
                    .iter()
                    .enumerate()
                    .map(|(k, &i)| {
                        if bits >> k & 1 == 1 {
                            d.on[i]
                        } else {
                            !d.on[i]
                        }
                    })
                    .collect()
            })
            .collect()
    }

    fn read(&self, d: &SudokuDecoder, model: &Model) -> SnakeGrid {
        let n = self.rules.size;
        let on: Vec<bool> = d.on.iter().map(|&l| model.lit(l)).collect();
        let even = (0..n)
            .map(|r| (0..n).map(|c| model.lit(d.even[r * n + c])).collect())
            .collect();
        SnakeGrid::oriented(self.walk(&on), even)
    }

    /// Reads the path off a set of snake cells, from an end (empty if none).
    fn walk(&self, on: &[bool]) -> Vec<Square> {
        let n = self.rules.size;
        let degree = |i: usize| self.neighbours(i).into_iter().filter(|&j| on[j]).count();
        let Some(start) = (0..on.len()).find(|&i| on[i] && degree(i) <= 1) else {
            return Vec::new();
        };
        let mut path = vec![start];
        let mut prev = usize::MAX;
        let mut here = start;
        while let Some(next) = self
            .neighbours(here)
            .into_iter()
            .find(|&j| on[j] && j != prev)
        {
            if path.contains(&next) {
                break;
            }
            path.push(next);
            prev = here;
            here = next;
        }
        path.into_iter().map(|i| [i / n, i % n]).collect()
    }

    /// The shortest (or longest) snake, with the proof that none is shorter
    /// (longer): the shared descending bound loop over a totalizer on the snake
    /// cells (or on the cells off the snake). `on_better` is told the length of
    /// each snake found better than the last.
    pub fn optimise_length(
        &self,
        maximise: bool,
        on_better: &mut dyn FnMut(usize),
    ) -> Result<Option<LengthOptimum>, SolveError> {
        let cells = self.rules.size * self.rules.size;
        let mut f = Formula::new();
        // The no-loop rule in full makes the shortest snake quicker to find and
        // the longest slower than cutting loops lazily (BENCHMARKS.md).
        let loops = (!maximise).then(|| self.longest());
        let d = self.build(&mut f, loops);
        let cost: Vec<Lit> =
            d.on.iter()
                .map(|&l| if maximise { !l } else { l })
                .collect();
        let counter = Totalizer::new(&mut f, &cost, cost.len());
        let refine = |m: &Model| self.refine(&d, m);
        let cubes = self.cubes(&d, OPTIMISE_CUBE_CELLS);
        let search = CubeSearch {
            formula: &f,
            projection: &[],
            projection_constant_weight: true,
            cubes: &cubes,
            fixed_prefix: 0,
            threads: default_threads(),
            refinement: Some(&refine),
        };
        let mut report = |cost: usize| on_better(if maximise { cells - cost } else { cost });
        let Some(best) = minimise_in_cubes(search, &counter, &cost, &mut report)? else {
            return Ok(None);
        };
        let solution = self.read(&d, &best.model);
        self.check(&solution)
            .map_err(|v| SolveError(format!("an optimal snake breaks the rules: {v}")))?;
        let length = solution.snake.len();
        Ok(Some(LengthOptimum { solution, length }))
    }
}

impl SudokuSnake {
    /// The most cells a snake can have.
    fn longest(&self) -> usize {
        let cells = self.rules.size * self.rules.size;
        self.rules.max_length.unwrap_or(cells).min(cells)
    }

    /// The formula that a proof of an optimum refutes: every rule as clauses,
    /// the no-loop rule too, and the length one past `optimum`: at most
    /// `optimum - 1` cells when minimising, at least `optimum + 1` when
    /// maximising. With no optimum (no snake at all) the length is free.
    pub fn beyond_optimum(&self, maximise: bool, optimum: Option<usize>) -> Formula {
        let mut f = Formula::new();
        let places = match optimum {
            Some(k) if !maximise => self.longest().min(k.saturating_sub(1)),
            _ => self.longest(),
        };
        let d = self.build(&mut f, Some(places));
        match optimum {
            None => {}
            Some(k) if maximise => Totalizer::add_at_least(&mut f, &d.on, k + 1),
            Some(0) => f.add_clause([]),
            Some(k) => Totalizer::add_at_most(&mut f, &d.on, k - 1),
        }
        f
    }
}

pub struct SudokuDecoder {
    even: Vec<Lit>,
    on: Vec<Lit>,
}

impl Puzzle for SudokuSnake {
    type Solution = SnakeGrid;
    type Decoder = SudokuDecoder;

    fn encode(&self, options: EncodeOptions) -> Encoding<SudokuDecoder> {
        let mut f = Formula::new();
        let loops = options.every_rule_as_clauses.then(|| self.longest());
        let decoder = self.build(&mut f, loops);
        Encoding {
            // The cells of a snake determine it (it never touches itself), so the
            // membership variables alone tell snakes apart; the parity grid is a
            // witness and stays free.
            projection: decoder.on.iter().map(|l| l.var()).collect(),
            projection_constant_weight: false,
            cubes: self.cubes(&decoder, COUNT_CUBE_CELLS),
            cube_fixed_prefix: 0,
            formula: f,
            decoder,
            breaking: Breaking::default(),
        }
    }

    fn decode(&self, decoder: &SudokuDecoder, model: &Model) -> SnakeGrid {
        self.read(decoder, model)
    }

    fn check(&self, s: &SnakeGrid) -> Result<(), Violation> {
        check_snake(self, s)
    }

    fn orbit(&self, s: &SnakeGrid) -> Vec<SnakeGrid> {
        vec![s.clone()]
    }

    /// The snake alone: the parity grid is a witness, which equality ignores.
    fn key_text(&self, s: &SnakeGrid) -> String {
        format!("{:?}", s.snake)
    }

    fn canonical(&self, s: &SnakeGrid) -> SnakeGrid {
        let n = self.rules.size;
        self.symmetries
            .iter()
            .map(|g| {
                let snake = s.snake.iter().map(|&c| g.apply(n, c)).collect();
                let mut even = vec![vec![false; n]; n];
                for (r, row) in s.even.iter().enumerate() {
                    for (c, &e) in row.iter().enumerate() {
                        let [r2, c2] = g.apply(n, [r, c]);
                        even[r2][c2] = e;
                    }
                }
                SnakeGrid::oriented(snake, even)
            })
            .min()
            .unwrap_or_else(|| s.clone())
    }

    /// Degrees and the two ends leave one way to go wrong: a path plus separate
    /// loops. A loop found in a model is cut off by "one of its cells is off or one
    /// of the cells around it is on", which every real snake satisfies.
    fn refine(&self, decoder: &SudokuDecoder, model: &Model) -> Option<Vec<Lit>> {
        let on: Vec<bool> = decoder.on.iter().map(|&l| model.lit(l)).collect();
        let mut component = vec![usize::MAX; on.len()];
        let mut components: Vec<Vec<usize>> = Vec::new();
        for start in (0..on.len()).filter(|&i| on[i]) {
            if component[start] != usize::MAX {
                continue;
            }
            let id = components.len();
            component[start] = id;
            let mut members = vec![start];
            let mut k = 0;
            while k < members.len() {
                for j in self.neighbours(members[k]) {
                    if on[j] && component[j] == usize::MAX {
                        component[j] = id;
                        members.push(j);
                    }
                }
                k += 1;
            }
            components.push(members);
        }
        if components.len() <= 1 {
            return None;
        }
        let degree = |i: usize| self.neighbours(i).into_iter().filter(|&j| on[j]).count();
        let cycle = components
            .iter()
            .find(|c| c.iter().all(|&i| degree(i) == 2))?;
        let mut clause: Vec<Lit> = cycle.iter().map(|&i| !decoder.on[i]).collect();
        for &i in cycle {
            for j in self.neighbours(i) {
                if !on[j] {
                    clause.push(decoder.on[j]);
                }
            }
        }
        clause.sort();
        clause.dedup();
        Some(clause)
    }

    fn tally(&self, s: &SnakeGrid) -> Option<(&'static str, u64)> {
        Some(("lengths", s.snake.len() as u64))
    }
}
