//! The one list of families. Everything that depends on which family a model
//! names goes through here: parsing a model's fields, the names shown in messages,
//! and running a task on the puzzle of whatever family it is.
//!
//! A new family implements [`Family`] and adds one line to `families!` below.

use crate::error::Error;
use crate::family::Family;
use crate::model::Fields;
use crate::types::Engine;
use crate::types::Goal;

/// Work to do on a puzzle of any family: [`PuzzleKind::run`] calls it with the
/// puzzle as its own type.
pub trait FamilyTask {
    type Output;
    fn run<F: Family>(self, puzzle: &F) -> Self::Output;
}

/// What a family offers, for choosing and refusing requests before they run.
#[derive(Clone, Copy, Debug)]
pub struct FamilyInfo {
    pub name: &'static str,
    pub fields: &'static [&'static str],
    pub engines: &'static [Engine],
    pub goals: &'static [(Goal, &'static str)],
    pub extension: Option<(&'static str, &'static str)>,
    pub disassembles: bool,
}

impl FamilyInfo {
    fn of<F: Family>() -> FamilyInfo {
        FamilyInfo {
            name: F::NAME,
            fields: F::FIELDS,
            engines: F::ENGINES,
            goals: F::GOALS,
            extension: F::EXTENSION,
            disassembles: F::DISASSEMBLES,
        }
    }

    /// What the family's `goal` optimises, if it has that goal.
    pub fn goal(&self, goal: Goal) -> Option<&'static str> {
        self.goals
            .iter()
            .find(|(g, _)| *g == goal)
            .map(|(_, what)| *what)
    }
}

macro_rules! families {
    ($($variant:ident: $family:ty),+ $(,)?) => {
        /// A puzzle of one of the families. One is made per model read, so
        /// the size of its largest variant (a packing's tables) costs nothing.
        #[derive(Clone, Debug)]
        #[allow(clippy::large_enum_variant)]
        pub enum PuzzleKind {
            $($variant($family)),+
        }

        /// Every family, in the order help and messages list them.
        pub fn families() -> Vec<FamilyInfo> {
            vec![$(FamilyInfo::of::<$family>()),+]
        }

        impl PuzzleKind {
            /// Runs `task` on the puzzle.
            pub fn run<T: FamilyTask>(&self, task: T) -> T::Output {
                match self {
                    $(PuzzleKind::$variant(p) => task.run(p)),+
                }
            }

            /// What the puzzle's family offers.
            pub fn info(&self) -> FamilyInfo {
                match self {
                    $(PuzzleKind::$variant(_) => FamilyInfo::of::<$family>()),+
                }
            }
        }

        /// The puzzle of the family named `name`, read from its fields; `None`
        /// when no family has that name.
        pub(crate) fn parse_family(name: &str, fields: &Fields) -> Option<Result<PuzzleKind, Error>> {
            $(
                if name == <$family as Family>::NAME {
                    return Some(<$family as Family>::parse(fields).map(PuzzleKind::$variant));
                }
            )+
            None
        }
    };
}

families! {
    SnakeCube: crate::puzzles::snake_cube::SnakeCube,
    Packing: crate::puzzles::packing::Packing,
    BoardSnakes: crate::puzzles::board_snakes::BoardSnakes,
    SudokuSnake: crate::puzzles::sudoku_snake::SudokuSnake,
}

/// The family called `name`, if there is one.
pub fn family(name: &str) -> Option<FamilyInfo> {
    families().into_iter().find(|f| f.name == name)
}

/// The names of every family, quoted and joined for a message.
pub fn family_names() -> String {
    let names: Vec<&str> = families().iter().map(|f| f.name).collect();
    crate::model::quoted_list(&names)
}
