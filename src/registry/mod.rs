//! The one list of families. Everything that depends on which family a model
//! names goes through here: reading a model ([`loading`]), the names shown in
//! messages, what each family offers, and running a task on the puzzle of
//! whatever family it is.
//!
//! A new family implements [`Family`] and adds one line to `families!` below.

mod loading;

#[cfg(test)]
pub use loading::load;
pub use loading::{PuzzleModel, load_bytes, parse};

use crate::error::{Error, Request};
use crate::family::{ExtensionInfo, Family, GoalInfo};
use crate::model::Fields;
use crate::types::Engine;
use crate::types::Goal;
use std::path::Path;

/// Work to do on a puzzle of any family: [`PuzzleKind::run`] calls it with the
/// puzzle as its own type.
pub trait FamilyTask {
    type Output;
    fn run<F: Family>(self, puzzle: &F) -> Self::Output;
}

/// What a family offers, for choosing and refusing requests before they run.
#[derive(Clone, Copy, Debug)]
pub struct FamilyInfo {
    /// The name models give in their `family` field.
    pub name: &'static str,
    /// The model fields of the family, beside `family`, `name` and `source`.
    pub fields: &'static [&'static str],
    /// The engines that search it, the fastest (the default) first.
    pub engines: &'static [Engine],
    /// The goals an optimising solve serves.
    pub goals: &'static [GoalInfo],
    /// The extension of a solution it offers, if any.
    pub extension: Option<ExtensionInfo>,
    /// Whether its solutions are assemblies that may be taken apart.
    pub disassembles: bool,
}

impl FamilyInfo {
    pub(crate) fn of<F: Family>() -> FamilyInfo {
        FamilyInfo {
            name: F::NAME,
            fields: F::FIELDS,
            engines: F::ENGINES,
            goals: F::GOALS,
            extension: F::EXTENSION,
            disassembles: F::DISASSEMBLES,
        }
    }

    /// Whether the family serves the request.
    pub fn serves(&self, request: Request) -> bool {
        match request {
            Request::Engine(engine) => self.engines.contains(&engine),
            Request::Goal(goal) => self.goal(goal).is_some(),
            Request::Extension => self.extension.is_some(),
            Request::Disassembly => self.disassembles,
        }
    }

    /// What the family's `goal` optimises, if it has that goal.
    pub fn goal(&self, goal: Goal) -> Option<&'static str> {
        self.goals
            .iter()
            .find(|g| g.goal == goal)
            .map(|g| g.optimises)
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

/// The error for `request`, which the family of the model in `file` does not
/// serve, naming the families that do.
pub(crate) fn refusal(file: &Path, family: &'static str, request: Request) -> Error {
    let serving: Vec<&'static str> = families()
        .iter()
        .filter(|f| f.serves(request))
        .map(|f| f.name)
        .collect();
    let lacks = match request {
        Request::Engine(_) => "such form",
        Request::Goal(goal) => families()
            .into_iter()
            .find_map(|f| f.goal(goal))
            .unwrap_or("goal to optimise"),
        Request::Extension => "extension",
        Request::Disassembly => "pieces to take apart",
    };
    Error::Refused {
        file: file.to_path_buf(),
        family,
        request,
        serving,
        lacks,
    }
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
