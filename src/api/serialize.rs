//! The results serialize (serde) to the JSON the command line prints: each
//! through its `to_json`, so there is one definition of every key.

use super::counting::Counted;
use super::saved::SavedReport;
use super::solution::{Solution, TakenApart};
use super::solving::{Separated, Solved};
use serde::{Serialize, Serializer};
use serde_json::Value;

/// Implements `Serialize` through a `to_json` that gives a `Value` or a map.
macro_rules! serialize_as_json {
    ($($type:ty),+) => {
        $(impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                Value::from(self.to_json()).serialize(serializer)
            }
        })+
    };
}

serialize_as_json!(
    Counted,
    SavedReport,
    Solution,
    TakenApart,
    Separated,
    Solved
);
