//! Puzzles built from code. Each builder writes the model a file would hold
//! and reads it back, so a puzzle from code is checked exactly as a model
//! file is, its errors name the field at fault, and [`Puzzle::to_toml`] gives
//! the model to keep.

use super::puzzle::{Puzzle, from_table};
use crate::error::Error;
use toml::{Table, Value};

/// One kind of piece of a packing built from code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    /// The piece's name; its first letter (upper case) labels it unless
    /// `letter` is given.
    pub name: String,
    /// Its cells, `[x, y, z]` each, connected through shared faces.
    pub cells: Vec<[i32; 3]>,
    /// How many copies are placed: exactly `min` when `min == max`, else
    /// from `min` to `max`.
    pub min: usize,
    /// The most copies (see `min`).
    pub max: usize,
    /// The letter that labels it in text and pictures.
    pub letter: Option<char>,
}

impl PieceSpec {
    /// A piece placed once.
    pub fn new(name: impl Into<String>, cells: Vec<[i32; 3]>) -> PieceSpec {
        PieceSpec {
            name: name.into(),
            cells,
            min: 1,
            max: 1,
            letter: None,
        }
    }

    /// The same piece placed `count` times.
    pub fn copies(mut self, count: usize) -> PieceSpec {
        self.min = count;
        self.max = count;
        self
    }
}

/// Where a packing's pieces go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A box of these sides, from the origin.
    Box([i32; 3]),
    /// These cells.
    Cells(Vec<[i32; 3]>),
}

/// A packing built from code: pieces to fill a target exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackingSpec {
    /// The puzzle's name, to show (the file name when `None`).
    pub name: Option<String>,
    /// The kinds of piece.
    pub pieces: Vec<PieceSpec>,
    /// Where the pieces go.
    pub target: Target,
    /// Whether a piece may also be placed as its mirror image.
    pub mirror: bool,
}

/// The name errors give a model built from code.
const CODE: &str = "<built from code>";

fn cells_value(cells: &[[i32; 3]]) -> Value {
    Value::Array(
        cells
            .iter()
            .map(|c| Value::Array(c.iter().map(|&v| Value::Integer(i64::from(v))).collect()))
            .collect(),
    )
}

fn sides_value(sides: [i32; 3]) -> Value {
    Value::Array(
        sides
            .iter()
            .map(|&v| Value::Integer(i64::from(v)))
            .collect(),
    )
}

impl Puzzle {
    /// A snake cube from its blocks as `S`/`C` letters (`S` straight, `C` a
    /// corner; the two ends are free whatever their letter) and its box.
    ///
    /// ```
    /// let cube = puzzlesat::Puzzle::snake_cube("SSCCSSCS", [2, 2, 2])?;
    /// assert_eq!(cube.family(), "snake-cube");
    /// # Ok::<(), puzzlesat::Error>(())
    /// ```
    pub fn snake_cube(blocks: &str, size: [i32; 3]) -> Result<Puzzle, Error> {
        let mut table = Table::new();
        table.insert("family".into(), "snake-cube".into());
        table.insert("size".into(), sides_value(size));
        table.insert("blocks".into(), blocks.into());
        from_table(table, CODE)
    }

    /// A snake cube from its segments' lengths in blocks (segments share
    /// their joint blocks, so `[3, 3]` is five blocks) and its box.
    pub fn snake_cube_segments(segments: &[usize], size: [i32; 3]) -> Result<Puzzle, Error> {
        let lengths = segments
            .iter()
            .map(|&l| i64::try_from(l).map(Value::Integer))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| Error::input(CODE, "segments", "segment lengths from 2 to 100"))?;
        let mut table = Table::new();
        table.insert("family".into(), "snake-cube".into());
        table.insert("size".into(), sides_value(size));
        table.insert("segments".into(), Value::Array(lengths));
        from_table(table, CODE)
    }

    /// A packing from its pieces and target.
    ///
    /// ```
    /// use puzzlesat::{PackingSpec, PieceSpec, Puzzle, Target};
    ///
    /// let bar = PieceSpec::new("bar", vec![[0, 0, 0], [1, 0, 0]]).copies(2);
    /// let spec = PackingSpec { name: None, pieces: vec![bar], target: Target::Box([2, 2, 1]), mirror: false };
    /// let square = Puzzle::packing(&spec)?;
    /// assert_eq!(square.family(), "packing");
    /// # Ok::<(), puzzlesat::Error>(())
    /// ```
    pub fn packing(spec: &PackingSpec) -> Result<Puzzle, Error> {
        Puzzle::packing_on_grid(spec, "cubes")
    }

    /// A packing on one of BurrTools' grids, named as a model's `grid` field
    /// names it (`"cubes"`, `"prisms"`, `"spheres"`, `"rhombic"`,
    /// `"tetra-octa"`), cells in that grid's coordinates.
    ///
    /// ```
    /// use puzzlesat::{PackingSpec, PieceSpec, Puzzle, Target};
    ///
    /// // Four spheres in a tetrahedron (the spheres of the 2×2×2 box) from two pairs.
    /// let pair = PieceSpec::new("pair", vec![[0, 0, 0], [1, 1, 0]]).copies(2);
    /// let spec = PackingSpec { name: None, pieces: vec![pair], target: Target::Box([2, 2, 2]), mirror: false };
    /// let tetrahedron = Puzzle::packing_on_grid(&spec, "spheres")?;
    /// assert_eq!(tetrahedron.count(&Default::default(), &mut |_| {})?.solutions, 3);
    /// # Ok::<(), puzzlesat::Error>(())
    /// ```
    pub fn packing_on_grid(spec: &PackingSpec, grid: &str) -> Result<Puzzle, Error> {
        let mut table = Table::new();
        table.insert("family".into(), "packing".into());
        table.insert("grid".into(), grid.into());
        if let Some(name) = &spec.name {
            table.insert("name".into(), name.as_str().into());
        }
        match &spec.target {
            Target::Box(sides) => table.insert("size".into(), sides_value(*sides)),
            Target::Cells(cells) => table.insert("target".into(), cells_value(cells)),
        };
        table.insert("mirror".into(), spec.mirror.into());
        let pieces = spec
            .pieces
            .iter()
            .map(|p| {
                let mut piece = Table::new();
                piece.insert("name".into(), p.name.as_str().into());
                piece.insert("cells".into(), cells_value(&p.cells));
                let count = |n: usize| Value::Integer(i64::try_from(n).unwrap_or(i64::MAX));
                if p.min == p.max {
                    piece.insert("count".into(), count(p.min));
                } else {
                    piece.insert("min".into(), count(p.min));
                    piece.insert("max".into(), count(p.max));
                }
                if let Some(letter) = p.letter {
                    piece.insert("letter".into(), letter.to_string().into());
                }
                Value::Table(piece)
            })
            .collect();
        table.insert("pieces".into(), Value::Array(pieces));
        from_table(table, CODE)
    }
}
