//! Checking a solution file: every key it carries is either the solution,
//! derived from it (and then must agree), a claim the family checks (an
//! optimum, say), or one of the keys every answer starts with. Anything else is
//! refused, so a file never passes on the strength of keys nobody read.

use super::optimum::check_optimum_claim;
use crate::error::Error;
use crate::family::Family;
use crate::types::Claim;
use crate::types::Goal;
use crate::types::Violation;
use serde_json::Value;
use std::path::Path;

/// The keys every solved answer starts with.
const HEAD_KEYS: [&str; 4] = ["status", "family", "name", "seconds"];

/// The verdict on the solution in `value`, read from `file` (`Err` of the inner
/// result: a rule it breaks), or the error for a file that is not a solution of
/// this family's form.
pub fn check_solution_file<F: Family>(
    puzzle: &F,
    file: &Path,
    value: &Value,
) -> Result<Result<(), Violation>, Error> {
    let bad = |field: &str, expected: String| Error::input(file, field, expected);
    let object = value
        .as_object()
        .ok_or_else(|| bad("(JSON)", "an object, as a solved answer in JSON is".into()))?;
    check_head(F::NAME, object, &bad)?;
    let solution = puzzle
        .read_json(value)
        .map_err(|(field, expected)| bad(&field, expected))?;
    let rules = puzzle.check(&solution);
    // What the solution derives is only defined for one that follows the rules;
    // one that does not is invalid whatever else the file says.
    let derived = rules.is_ok().then(|| puzzle.json(&solution));
    let mut claims = Vec::new();
    let mut rules_relaxed = false;
    for (key, given) in object {
        if HEAD_KEYS.contains(&key.as_str()) || puzzle.solution_keys().contains(&key.as_str()) {
            continue;
        }
        if puzzle.derived_keys().contains(&key.as_str()) {
            let implied = derived.as_ref().and_then(|d| d.get(key));
            if let Some((place, implied, given)) =
                implied.and_then(|implied| first_difference(implied, given, key.clone()))
            {
                return Err(bad(
                    &place,
                    format!("{implied}, what the solution implies, got {given}"),
                ));
            }
            continue;
        }
        match puzzle.claim(key, given, &solution) {
            Claim::Unknown => {
                let mut known: Vec<&str> = HEAD_KEYS.to_vec();
                known.extend(puzzle.solution_keys());
                known.extend(puzzle.derived_keys());
                known.sort();
                known.dedup();
                return Err(bad(
                    key,
                    format!(
                        "no such key in a {} solution (the keys are {}, and the claims of optimising and extending solves)",
                        F::NAME,
                        known.join(", ")
                    ),
                ));
            }
            Claim::Malformed(expected) => return Err(bad(key, expected)),
            Claim::Checked(verdict) => claims.push(verdict),
            Claim::Optimum { goal, value } => {
                rules_relaxed |= goal == Goal::Relax;
                claims.push(check_optimum_claim(puzzle, goal, &solution, value));
            }
        }
    }
    let rules = if rules_relaxed { Ok(()) } else { rules };
    Ok(claims.into_iter().fold(rules, Result::and))
}

/// Where two values first differ, as a path into them (`folding[0].blocks`), with
/// the two values found there; `None` when they are equal.
fn first_difference(
    implied: &Value,
    given: &Value,
    place: String,
) -> Option<(String, Value, Value)> {
    match (implied, given) {
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (x, y))| first_difference(x, y, format!("{place}[{i}]"))),
        (Value::Object(a), Value::Object(b)) if a.len() == b.len() && a.keys().eq(b.keys()) => a
            .iter()
            .find_map(|(k, x)| first_difference(x, &b[k], format!("{place}.{k}"))),
        _ if implied == given => None,
        _ => Some((place, implied.clone(), given.clone())),
    }
}

/// `status` must say solved (a file of an unsolvable answer has nothing to
/// check), `family` must be the model's, `name` a string and `seconds` a number.
fn check_head(
    family: &str,
    object: &serde_json::Map<String, Value>,
    bad: &dyn Fn(&str, String) -> Error,
) -> Result<(), Error> {
    match object.get("status") {
        None => {}
        Some(Value::String(s)) if s == "solved" => {}
        Some(other) => {
            return Err(bad(
                "status",
                format!("\"solved\" in a file with a solution to check, got {other}"),
            ));
        }
    }
    match object.get("family") {
        None => {}
        Some(Value::String(f)) if f == family => {}
        Some(other) => {
            return Err(bad(
                "family",
                format!("{family:?}, the model's family, got {other}"),
            ));
        }
    }
    if object.get("name").is_some_and(|n| !n.is_string()) {
        return Err(bad("name", "a string".into()));
    }
    if object
        .get("seconds")
        .is_some_and(|s| s.as_f64().is_none_or(|s| s < 0.0))
    {
        return Err(bad("seconds", "a number of seconds, not negative".into()));
    }
    Ok(())
}
