//! One solution of a puzzle, checked, as a person and a program read it; and
//! how an assembly comes apart.

use super::dispatch::{AnyValue, Dispatch};
use crate::disassembly::Separation;
use crate::render::disassembly::{disassembly_json, disassembly_text};
use crate::types::Violation;
use serde_json::{Map, Value};
use std::fmt;
use std::sync::Arc;

/// One solution of a puzzle. Every solution the library hands out has passed
/// the family's independent check, written from the puzzle's rules.
#[derive(Clone)]
pub struct Solution {
    pub(crate) rules: Arc<dyn Dispatch>,
    pub(crate) value: AnyValue,
    pub(crate) taken_apart: Option<TakenApart>,
}

impl Solution {
    pub(crate) fn new(rules: &Arc<dyn Dispatch>, value: AnyValue) -> Solution {
        Solution {
            rules: Arc::clone(rules),
            value,
            taken_apart: None,
        }
    }

    /// The solution for a person to follow: the cube as numbered layers and
    /// its folding, the pieces, the snakes.
    pub fn text(&self) -> String {
        self.rules.text(&self.value)
    }

    /// The solution's keys as `solve --format json` prints them after its
    /// first ones (`status`, `family`, `name`, `seconds`).
    pub fn to_json(&self) -> Map<String, Value> {
        self.rules.json(&self.value)
    }

    /// Checks the solution again against the puzzle's rules.
    pub fn check(&self) -> Result<(), Violation> {
        self.rules.check(&self.value)
    }

    /// How the assembly comes apart, when it was taken apart.
    pub fn taken_apart(&self) -> Option<&TakenApart> {
        self.taken_apart.as_ref()
    }

    /// The solution, taken apart by `tree`.
    pub(crate) fn with_tree(mut self, tree: Separation) -> Solution {
        let labels = self.rules.labels(&self.value);
        self.taken_apart = Some(TakenApart { tree, labels });
        self
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solution")
            .field("json", &self.to_json())
            .field("taken_apart", &self.taken_apart)
            .finish()
    }
}

/// How an assembly comes apart, by BurrTools' rules: its separations, each
/// the moves that take one part from the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakenApart {
    pub(crate) tree: Separation,
    /// What the moves call each piece, in the assembly's order.
    pub(crate) labels: Vec<String>,
}

impl TakenApart {
    /// BurrTools' level: the moves of each separation, down the tree, joined
    /// by dots (`7.2.1`).
    pub fn level(&self) -> String {
        self.tree.level()
    }

    /// The moves, numbered, under a line per separation.
    pub fn text(&self) -> String {
        disassembly_text(&self.tree, &self.labels)
    }

    /// The moves as `--format json` prints them: one object per move, with
    /// its separation (from 1), pieces, direction, distance and whether it
    /// removes.
    pub fn to_json(&self) -> Value {
        disassembly_json(&self.tree, &self.labels)
    }

    /// What the moves call each piece, in the assembly's order.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }
}
