/// Which search engine answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The SAT solver on the family's formula: every family.
    Sat,
    /// Dancing links on the family's exact-cover matrix: packings.
    ExactCover,
    /// A depth-first search of paths made of straight runs: snake cubes, and
    /// boards that one snake fills.
    Path,
}

impl Engine {
    /// Every engine, in the order help and messages list them.
    pub const ALL: [Engine; 3] = [Engine::Sat, Engine::ExactCover, Engine::Path];

    /// The engine's name in words: "the exact-cover engine".
    pub fn words(self) -> &'static str {
        match self {
            Engine::Sat => "the SAT engine",
            Engine::ExactCover => "the exact-cover engine",
            Engine::Path => "the path engine",
        }
    }
}
