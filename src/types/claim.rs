use super::Goal;
use std::fmt;

/// A rule a solution breaks, in words a person can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation(pub String);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Violation {}

/// What a family makes of a key in a solution file that is neither the solution
/// nor derived from it: a claim that an optimising or extending solve adds.
pub enum Claim {
    /// Not a key this family writes.
    Unknown,
    /// The key is this family's, but its value is not of the form expected.
    Malformed(String),
    /// The claim was checked: it holds, or the violation says why not.
    Checked(Result<(), Violation>),
    /// The solution is claimed optimal for the goal, with this value when the key
    /// gives one: the check finds the optimum again. Under [`Goal::Relax`] the
    /// relaxed rules are checked instead of the strict ones.
    Optimum { goal: Goal, value: Option<u64> },
}
