//! The snake cube as CNF: which block sits on which cell, one direction per
//! segment, the cells' links, symmetry breaking by first use, and the search
//! split into prefixes of start cell and first directions.

use super::prefixes::{FirstUseRule, prefixes};
use super::{Block, SnakeCube};
use crate::cnf::{
    AmoEncoding, Formula, Lit, exactly_one, exactly_one_with, value_precedes, value_precedes_chain,
};
use crate::family::Breaking;
use crate::family::{EncodeOptions, Encoding};
use crate::geometry::{BoxDims, Cell, Dir};

/// Widest block or cell group encoded pairwise (about 2,000 binary clauses).
const PAIRWISE_LIMIT: usize = 64;

/// The search is split into at least this many cubes (start cell and first segment
/// directions), when the snake has enough segments. On the 4x4x4 cube, 250 to 2,000
/// all gave about the same time, far below splitting on the start cell alone
/// (BENCHMARKS.md).
const PREFIX_CUBES: usize = 500;

/// Variables of the snake cube encoding, for decoding and DIMACS names.
pub struct SnakeDecoder {
    dims: BoxDims,
    /// `at[i][cell index]`: block `i` occupies that cell (absent when colour rules it out).
    pub(super) at: Vec<Vec<Option<Lit>>>,
}

impl SnakeDecoder {
    /// "Block `i` occupies `cell`", or `None` when the cell is outside the box or has
    /// the wrong colour for the block.
    fn lit(&self, i: usize, cell: Cell) -> Option<Lit> {
        if self.dims.contains(cell) {
            self.at[i][self.dims.index(cell)]
        } else {
            None
        }
    }
}

impl SnakeCube {
    /// [`Puzzle::encode`](crate::family::Puzzle::encode) for a snake cube.
    pub(super) fn formula(&self, options: EncodeOptions) -> Encoding<SnakeDecoder> {
        let mut f = Formula::new();
        let dims = self.dims;
        let n = self.block_count();
        let spans = self.segment_spans();

        // Segment directions: exactly one each, turning 90° at every joint, and never
        // along an axis shorter than the segment.
        let dir: Vec<[Lit; 6]> = (0..spans.len())
            .map(|s| Dir::ALL.map(|d| f.new_lit(format!("segment {} runs {d}", s + 1))))
            .collect();
        for (s, lits) in dir.iter().enumerate() {
            exactly_one(&mut f, lits);
            for d in Dir::ALL {
                if self.segments[s] as i32 > dims.sides[d.axis] {
                    f.add_clause([!lits[d.index()]]);
                }
            }
        }
        for pair in dir.windows(2) {
            for a in Dir::ALL {
                for b in [Dir::new(a.axis, true), Dir::new(a.axis, false)] {
                    f.add_clause([!pair[0][a.index()], !pair[1][b.index()]]);
                }
            }
        }

        // Block positions, restricted by colour: block i sits on colour (start + i) mod 2.
        let forced = self.forced_start_colour();
        let start_colour0 = match forced {
            None => Some(f.new_lit("block 1 sits on a cell of even x+y+z")),
            Some(_) => None,
        };
        let at: Vec<Vec<Option<Lit>>> = (0..n)
            .map(|i| {
                dims.cells()
                    .map(|c| {
                        let colour = BoxDims::colour(c);
                        match forced {
                            Some(start) if colour != (start + i) % 2 => None,
                            _ => Some(f.new_lit(format!("block {} at {:?}", i + 1, c))),
                        }
                    })
                    .collect()
            })
            .collect();
        if let Some(q) = start_colour0 {
            for (i, row) in at.iter().enumerate() {
                for (ci, lit) in row.iter().enumerate() {
                    if let Some(lit) = lit {
                        let even_start = (BoxDims::colour(dims.cell(ci)) + i).is_multiple_of(2);
                        f.implies(*lit, if even_start { q } else { !q });
                    }
                }
            }
        }
        let positions = SnakeDecoder { dims, at };
        let at = &positions.at;
        let lit_at = |i: usize, c: Cell| positions.lit(i, c);

        // Pairwise even for groups of 32: on the 4x4x4 cube it finds a folding
        // sooner than the ladder encoding (BENCHMARKS.md, "Snake cube"). Beyond
        // PAIRWISE_LIMIT literals its quadratic size would swamp memory on big boxes.
        for row in at {
            let lits: Vec<Lit> = row.iter().flatten().copied().collect();
            exactly_one_with(
                &mut f,
                &lits,
                AmoEncoding::pairwise_up_to(PAIRWISE_LIMIT, lits.len()),
            );
        }
        for ci in 0..dims.volume() {
            let lits: Vec<Lit> = at.iter().filter_map(|row| row[ci]).collect();
            exactly_one_with(
                &mut f,
                &lits,
                AmoEncoding::pairwise_up_to(PAIRWISE_LIMIT, lits.len()),
            );
        }

        for (s, &(start, len)) in spans.iter().enumerate() {
            for k in 0..len {
                let i = start + k;
                for c in dims.cells() {
                    let Some(x) = lit_at(i, c) else { continue };
                    for d in Dir::ALL {
                        // The whole segment must fit in the box.
                        let first = d.step(c, -(k as i32));
                        let last = d.step(c, (len - 1 - k) as i32);
                        if !dims.contains(first) || !dims.contains(last) {
                            f.add_clause([!x, !dir[s][d.index()]]);
                        }
                    }
                }
            }
            // Each move of the segment follows the segment's direction, both ways.
            for i in start..start + len - 1 {
                for c in dims.cells() {
                    for d in Dir::ALL {
                        let y = dir[s][d.index()];
                        if let Some(x) = lit_at(i, c) {
                            match lit_at(i + 1, d.step(c, 1)) {
                                Some(next) => f.add_clause([!x, !y, next]),
                                None => f.add_clause([!x, !y]),
                            }
                        }
                        if let Some(x) = lit_at(i + 1, c) {
                            match lit_at(i, d.step(c, -1)) {
                                Some(prev) => f.add_clause([!x, !y, prev]),
                                None => f.add_clause([!x, !y]),
                            }
                        }
                    }
                }
            }
        }
        // Redundant support clauses: a block's neighbours along the string sit on
        // neighbouring cells. Implied by the above, but they let unit propagation
        // see it before a direction is chosen.
        for i in 0..n - 1 {
            for c in dims.cells() {
                let neighbours = |j: usize| -> Vec<Lit> {
                    Dir::ALL
                        .iter()
                        .filter_map(|d| lit_at(j, d.step(c, 1)))
                        .collect()
                };
                if let Some(x) = lit_at(i, c) {
                    f.add_clause(std::iter::once(!x).chain(neighbours(i + 1)));
                }
                if let Some(x) = lit_at(i + 1, c) {
                    f.add_clause(std::iter::once(!x).chain(neighbours(i)));
                }
            }
        }

        self.add_cell_graph(&mut f, &positions);
        if options.symmetry_breaking {
            self.break_symmetry(&mut f, &dir);
        }

        let mut projection: Vec<_> = at[0].iter().flatten().map(|l| l.var()).collect();
        projection.extend(dir.iter().flatten().map(|l| l.var()));
        let rule = options.symmetry_breaking.then(|| FirstUseRule {
            chains: super::equal_axis_chains(self.dims),
        });
        let starts = dims.cells().filter(|&c| lit_at(0, c).is_some());
        let cubes = prefixes(dims, &self.segments, starts, rule.as_ref(), PREFIX_CUBES)
            .into_iter()
            .map(|p| {
                let start = lit_at(0, p.start).expect("starts have a literal");
                let moves = p.dirs.iter().enumerate().map(|(s, d)| dir[s][d.index()]);
                std::iter::once(start).chain(moves).collect()
            })
            .collect();
        Encoding {
            formula: f,
            projection,
            projection_constant_weight: true,
            cubes,
            // Fixing the start cell as a unit clause lets the solver simplify the
            // formula once per start cell, which beats assuming it on the 4x4x4
            // cube (BENCHMARKS.md, "Snake cube").
            cube_fixed_prefix: 1,
            decoder: positions,
            breaking: Breaking::default(),
        }
    }

    /// The folding seen from the cells: `link(c, c')` says neighbouring cells hold
    /// consecutive blocks. Every cell has two links, the two end cells one; a cell
    /// holding a straight block has its links opposite, a corner has them at 90°.
    /// All of it follows from the block variables, but stated on the cells it lets
    /// the solver reason about box corners, edges and dead ends without first
    /// deciding which block sits where.
    fn add_cell_graph(&self, f: &mut Formula, positions: &SnakeDecoder) {
        let dims = self.dims;
        let n = self.block_count();
        let lit_at = |i: usize, c: Cell| positions.lit(i, c);
        // link[cell index][dir index], shared by the two cells of a pair.
        let mut link: Vec<[Option<Lit>; 6]> = vec![[None; 6]; dims.volume()];
        for c in dims.cells() {
            for d in Dir::ALL.iter().filter(|d| d.positive) {
                let other = d.step(c, 1);
                if dims.contains(other) {
                    let l = f.new_lit(format!("cells {c:?} and {other:?} hold consecutive blocks"));
                    link[dims.index(c)][d.index()] = Some(l);
                    link[dims.index(other)][d.opposite().index()] = Some(l);
                }
            }
        }
        for c in dims.cells() {
            let ci = dims.index(c);
            for d in Dir::ALL {
                let Some(e) = link[ci][d.index()] else {
                    continue;
                };
                let other = d.step(c, 1);
                for i in 0..n {
                    let Some(x) = lit_at(i, c) else { continue };
                    // Consecutive blocks on the two cells make a link...
                    if i + 1 < n
                        && let Some(y) = lit_at(i + 1, other)
                    {
                        f.add_clause([!x, !y, e]);
                    }
                    // ...and a link makes the neighbour hold a string neighbour.
                    let mut clause = vec![!e, !x];
                    if i > 0 {
                        clause.extend(lit_at(i - 1, other));
                    }
                    if i + 1 < n {
                        clause.extend(lit_at(i + 1, other));
                    }
                    f.add_clause(clause);
                }
            }
            let links: Vec<Lit> = link[ci].iter().flatten().copied().collect();
            let end = f.new_lit(format!("cell {c:?} holds an end block"));
            let ends: Vec<Lit> = [lit_at(0, c), lit_at(n - 1, c)]
                .into_iter()
                .flatten()
                .collect();
            for &x in &ends {
                f.implies(x, end);
            }
            f.add_clause(std::iter::once(!end).chain(ends.iter().copied()));
            // One or two links; two unless an end, one if an end.
            f.add_clause(links.iter().copied());
            for (a, &la) in links.iter().enumerate() {
                for (b, &lb) in links.iter().enumerate().skip(a + 1) {
                    f.add_clause([!end, !la, !lb]);
                    for &lc in &links[b + 1..] {
                        f.add_clause([!la, !lb, !lc]);
                    }
                }
                let others = links
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != a)
                    .map(|(_, &l)| l);
                f.add_clause(std::iter::once(end).chain(others));
            }
            // Straight blocks keep their links opposite, corners turn.
            let (mut straight, mut corner) = (Vec::new(), Vec::new());
            for i in 1..n - 1 {
                if let Some(x) = lit_at(i, c) {
                    match self.block(i) {
                        Some(Block::Straight) => straight.push(x),
                        _ => corner.push(x),
                    }
                }
            }
            for (kind, blocks) in [(Block::Straight, straight), (Block::Corner, corner)] {
                if blocks.is_empty() {
                    continue;
                }
                let v = f.new_lit(format!("cell {c:?} holds a {kind:?} block"));
                for &x in &blocks {
                    f.implies(x, v);
                }
                f.add_clause(std::iter::once(!v).chain(blocks.iter().copied()));
                for d in Dir::ALL {
                    let Some(e) = link[ci][d.index()] else {
                        continue;
                    };
                    let across = link[ci][d.opposite().index()];
                    match (kind, across) {
                        (Block::Straight, Some(o)) => f.add_clause([!v, !e, o]),
                        (Block::Straight, None) => f.add_clause([!v, !e]),
                        (Block::Corner, Some(o)) => f.add_clause([!v, !e, !o]),
                        (Block::Corner, None) => {}
                    }
                }
            }
        }
    }

    /// Keeps one folding per orbit of the box's group. Given any folding, the map
    /// that makes the first move along each axis positive, and orders axes of equal
    /// length by first use, is unique on the box's cells; so exactly one image of each
    /// folding satisfies: `+a` precedes `-a` for every axis, and `+a` precedes `+b`
    /// for consecutive axes `a < b` of equal length.
    fn break_symmetry(&self, f: &mut Formula, dir: &[[Lit; 6]]) {
        let column = |d: Dir| -> Vec<Lit> { dir.iter().map(|lits| lits[d.index()]).collect() };
        for axis in 0..3 {
            value_precedes(
                f,
                &column(Dir::new(axis, true)),
                &column(Dir::new(axis, false)),
            );
        }
        for chain in super::equal_axis_chains(self.dims) {
            let columns: Vec<Vec<Lit>> = chain.iter().map(|&a| column(Dir::new(a, true))).collect();
            let refs: Vec<&[Lit]> = columns.iter().map(|c| c.as_slice()).collect();
            value_precedes_chain(f, &refs);
        }
    }
}
