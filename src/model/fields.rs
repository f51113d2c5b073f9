use crate::error::Error;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::path::Path;
use toml::{Table, Value};

/// Typed access to the top-level fields of a model file. Every getter names the
/// field in its error, and the fields read are remembered so that a misspelt field
/// is reported instead of silently ignored.
pub struct Fields<'a> {
    file: &'a Path,
    table: &'a Table,
    /// Path of this table inside the file (`pieces[2].`), empty at the top.
    prefix: String,
    read: RefCell<BTreeSet<String>>,
}

impl<'a> Fields<'a> {
    pub fn new(file: &'a Path, table: &'a Table) -> Fields<'a> {
        Fields {
            file,
            table,
            prefix: String::new(),
            read: RefCell::new(BTreeSet::new()),
        }
    }

    pub fn error(&self, field: &str, expected: impl Into<String>) -> Error {
        Error::input(self.file, format!("{}{field}", self.prefix), expected)
    }

    /// The tables of an array of tables (`[[key]]`), each read with its own
    /// `Fields` so that errors name `key[i].field`.
    pub fn tables(&self, key: &str, what: &str) -> Result<Vec<Fields<'a>>, Error> {
        let Some(value) = self.get(key) else {
            return Ok(Vec::new());
        };
        let bad = || {
            self.error(
                key,
                format!(
                    "{what} as an array of tables ([[{key}]]), got {}",
                    describe(value)
                ),
            )
        };
        let Value::Array(items) = value else {
            return Err(bad());
        };
        items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::Table(table) => Ok(Fields {
                    file: self.file,
                    table,
                    prefix: format!("{}{key}[{i}].", self.prefix),
                    read: RefCell::new(BTreeSet::new()),
                }),
                _ => Err(bad()),
            })
            .collect()
    }

    /// A field holding a table (`key = { ... }` or `[key]`), read with its own
    /// `Fields` so that errors name `key.field`.
    pub fn table(&self, key: &str) -> Option<Fields<'a>> {
        match self.get(key) {
            Some(Value::Table(table)) => Some(Fields {
                file: self.file,
                table,
                prefix: format!("{}{key}.", self.prefix),
                read: RefCell::new(BTreeSet::new()),
            }),
            _ => None,
        }
    }

    /// The raw value of a field, for shapes that need their own parser.
    pub fn value(&self, key: &str) -> Option<&'a Value> {
        self.get(key)
    }

    pub fn optional_bool(&self, key: &str) -> Result<Option<bool>, Error> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Boolean(b)) => Ok(Some(*b)),
            Some(other) => Err(self.error(key, format!("true or false, got {}", describe(other)))),
        }
    }

    pub fn optional_int(
        &self,
        key: &str,
        what: &str,
        min: i64,
        max: i64,
    ) -> Result<Option<i64>, Error> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Integer(i)) if (min..=max).contains(i) => Ok(Some(*i)),
            Some(other) => Err(self.error(key, format!("{what}, got {}", describe(other)))),
        }
    }

    fn get(&self, key: &str) -> Option<&'a Value> {
        self.read.borrow_mut().insert(key.to_string());
        self.table.get(key)
    }

    pub fn has(&self, key: &str) -> bool {
        self.table.contains_key(key)
    }

    pub fn required_str(&self, key: &str, what: &str) -> Result<&'a str, Error> {
        match self.get(key) {
            None => Err(self.error(key, format!("{what} as a string, but the field is missing"))),
            Some(Value::String(s)) => Ok(s),
            Some(other) => {
                Err(self.error(key, format!("{what} as a string, got {}", describe(other))))
            }
        }
    }

    pub fn optional_str(&self, key: &str) -> Result<Option<&'a str>, Error> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(self.error(key, format!("a string, got {}", describe(other)))),
        }
    }

    /// An array of integers in `min..=max`; `what` describes the expected value.
    pub fn int_list(
        &self,
        key: &str,
        what: &str,
        min: i64,
        max: i64,
    ) -> Result<Option<Vec<i64>>, Error> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        let bad = || self.error(key, format!("{what}, got {value}"));
        let Value::Array(items) = value else {
            return Err(bad());
        };
        items
            .iter()
            .map(|item| match item {
                Value::Integer(i) if (min..=max).contains(i) => Ok(*i),
                _ => Err(bad()),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// Fails on any top-level field no getter asked for.
    /// Refuses a field that is not among `known` before any is read, naming the
    /// nearest known one: a misspelt required field (`block` for `blocks`) is then
    /// reported as misspelt, not as missing.
    pub fn reject_unknown_of(&self, known: &[&str], whose: &str) -> Result<(), Error> {
        let Some(key) = self.table.keys().find(|k| !known.contains(&k.as_str())) else {
            return Ok(());
        };
        let nearest = known
            .iter()
            .map(|k| (edit_distance(key, k), *k))
            .min()
            .filter(|&(d, _)| d <= 2 || d * 3 <= key.len());
        let hint = match nearest {
            Some((_, k)) => format!("did you mean `{k}`? "),
            None => String::new(),
        };
        Err(self.error(
            key,
            format!(
                "no such field {whose}; {hint}known fields: {}",
                known.join(", ")
            ),
        ))
    }

    pub fn reject_unknown(&self) -> Result<(), Error> {
        let read = self.read.borrow();
        if let Some(key) = self.table.keys().find(|k| !read.contains(*k)) {
            let known: Vec<&str> = read.iter().map(String::as_str).collect();
            return Err(self.error(
                key,
                format!(
                    "no such field for this family; known fields: {}",
                    known.join(", ")
                ),
            ));
        }
        Ok(())
    }
}

/// Levenshtein distance: single-character insertions, deletions and changes.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

fn describe(value: &Value) -> String {
    format!("{} {value}", value.type_str())
}
