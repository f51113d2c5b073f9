/// What an optimising solve looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The fewest broken rules of the family's relaxation (board snakes: links
    /// between consecutive pellets).
    Relax,
    /// The least value of the family's measure (the sudoku snake: its length).
    Minimise,
    /// The greatest value of the family's measure.
    Maximise,
}
