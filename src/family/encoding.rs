//! What the engines see of a family: its formula or exact-cover matrix, how to
//! read a model back, and the choices made in building them. Crate-internal:
//! the engines and encodings may change without changing the library's API.

use crate::cnf::{Formula, Lit, Var};
use crate::solve::exact_cover::{Matrix, OptionId, WeightedMatrix};
use crate::solve::snakes::Snakes;
use crate::solve::walks::Walks;

/// The choice an encoding made in breaking symmetry that a count needs to size
/// orbits. It travels with the encoding to the count, so that results never
/// depend on which encoding was built last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Breaking {
    /// The piece kept at the least placement of each orbit of its placements
    /// (packings); `None` when no piece was.
    pub anchor: Option<usize>,
    /// The target cell (packings) at which only the least placement of each
    /// orbit under the symmetries fixing it was kept, when no piece could
    /// anchor.
    pub anchor_cell: Option<usize>,
}

/// A family's formula plus what is needed to read a model back.
pub struct Encoding<D> {
    pub formula: Formula,
    /// Variables whose values define a distinct solution; blocking clauses range
    /// over them.
    pub projection: Vec<Var>,
    /// Every model sets the same number of projection variables true (for example
    /// one per exactly-one group), so two distinct solutions always differ in a
    /// variable true in the first: blocking clauses then need only the true
    /// literals, which makes them short.
    pub projection_constant_weight: bool,
    /// Optional split of the search into disjoint cubes (assumption sets) that
    /// together cover every solution; enumeration shares them among threads.
    pub cubes: Vec<Vec<Lit>>,
    /// Leading literals of each cube to fix as unit clauses rather than assume
    /// (see [`crate::solve::CubeSearch::fixed_prefix`]); 0 assumes them all.
    pub cube_fixed_prefix: usize,
    pub decoder: D,
    pub breaking: Breaking,
}

/// Reads the solution a set of chosen options stands for.
pub type CoverDecoder<'a, S> = Box<dyn Fn(&[OptionId]) -> S + Sync + 'a>;

/// A family's exact-cover matrix plus how to read a set of chosen options back.
pub struct CoverEncoding<'a, S> {
    pub matrix: Matrix,
    pub decode: CoverDecoder<'a, S>,
    pub breaking: Breaking,
}

/// Builds the matrix of the covers one symmetry maps onto themselves: an
/// option per cycle of the symmetry on the options, covering what its
/// members cover together, so that its covers are those the symmetry fixes;
/// `None` for a symmetry that maps every option to itself (it fixes every
/// cover).
pub type FixedCovers<'a> = Box<dyn Fn() -> Option<WeightedMatrix> + Send + Sync + 'a>;

/// The covers each symmetry of a family's group maps onto themselves, for
/// counting classes by Burnside's lemma: the number of orbits is the mean,
/// over the group, of the number of covers each symmetry fixes. The identity
/// fixes every cover (a count of them all), the others few, so the classes
/// are counted without building, checking or folding a single solution.
pub struct SymmetricCovers<'a> {
    /// The group's symmetries in classes of conjugates, which fix equally
    /// many covers: per class, how many symmetries it holds and the matrix of
    /// one of them, built when asked for (so that a count can build them on
    /// several threads).
    pub classes: Vec<(usize, FixedCovers<'a>)>,
}

/// Reads the solution a path through the nodes of [`WalkEncoding::walks`]
/// stands for.
pub type WalkDecoder<'a, S> = Box<dyn Fn(&[u32]) -> S + Sync + 'a>;

/// What the path engine searches: paths of straight runs through every node
/// of a graph (snake cubes, a board one snake fills), or two-coloured paths
/// that never touch themselves (the sudoku snake).
pub enum PathForm {
    Walks(Walks),
    Snakes(Snakes),
}

/// A family's paths for the path engine plus how to read a path back.
pub struct WalkEncoding<'a, S> {
    pub walks: PathForm,
    pub decode: WalkDecoder<'a, S>,
    pub breaking: Breaking,
}

/// Which variant of the formula to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeOptions {
    /// Add clauses that keep at least one solution of every orbit of
    /// [`Puzzle::orbit`](super::Puzzle::orbit)'s group (exactly one where the family can guarantee it;
    /// the generic driver removes any repeats).
    pub symmetry_breaking: bool,
    /// The search will run to the end (a count, every solution) rather than stop
    /// at the first solution, so time spent up front to make its tree smaller
    /// pays (the exact-cover form of a packing then picks its anchor piece by
    /// estimated tree size).
    pub whole_search: bool,
    /// Every rule as clauses, none left to [`Puzzle::refine`](super::Puzzle::refine): each model of the
    /// formula is then a solution, as the formula `cnf` prints and every proof
    /// needs. The search leaves it off where a rule is quicker added lazily.
    pub every_rule_as_clauses: bool,
}
