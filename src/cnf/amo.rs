use super::Formula;
use varisat::Lit;

/// How an at-most-one constraint is written as clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AmoEncoding {
    /// One binary clause per pair: no auxiliary variables, quadratic size, the
    /// strongest propagation per clause; best for small groups.
    Pairwise,
    /// Sinz's sequential (ladder) encoding: n-1 auxiliaries and about 3n clauses.
    Sequential,
}

impl AmoEncoding {
    /// Pairwise for groups of at most `limit` literals, the ladder beyond. Where
    /// the limit lies depends on the puzzle: pairwise propagates best, but its
    /// quadratic size swamps memory and propagation on wide groups.
    pub fn pairwise_up_to(limit: usize, len: usize) -> AmoEncoding {
        if len <= limit {
            AmoEncoding::Pairwise
        } else {
            AmoEncoding::Sequential
        }
    }
}

/// Above this many literals the pairwise encoding stops paying for its size, for
/// a group with nothing known about it.
const PAIRWISE_LIMIT: usize = 6;

fn default_encoding(len: usize) -> AmoEncoding {
    AmoEncoding::pairwise_up_to(PAIRWISE_LIMIT, len)
}

/// At most one of `lits` is true, encoded by size.
pub fn at_most_one(f: &mut Formula, lits: &[Lit]) {
    at_most_one_with(f, lits, default_encoding(lits.len()));
}

/// Exactly one of `lits` is true, encoded by size.
pub fn exactly_one(f: &mut Formula, lits: &[Lit]) {
    exactly_one_with(f, lits, default_encoding(lits.len()));
}

pub fn exactly_one_with(f: &mut Formula, lits: &[Lit], encoding: AmoEncoding) {
    f.add_clause(lits.iter().copied());
    at_most_one_with(f, lits, encoding);
}

pub fn at_most_one_with(f: &mut Formula, lits: &[Lit], encoding: AmoEncoding) {
    if lits.len() <= 1 {
        return;
    }
    match encoding {
        AmoEncoding::Pairwise => pairwise(f, lits),
        AmoEncoding::Sequential => sequential(f, lits),
    }
}

fn pairwise(f: &mut Formula, lits: &[Lit]) {
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            f.add_clause([!a, !b]);
        }
    }
}

/// `s[i]` means "one of lits[0..=i] is true".
fn sequential(f: &mut Formula, lits: &[Lit]) {
    let n = lits.len();
    let s: Vec<Lit> = (0..n - 1).map(|_| f.new_lit("aux:amo-ladder")).collect();
    f.implies(lits[0], s[0]);
    for i in 1..n - 1 {
        f.implies(lits[i], s[i]);
        f.implies(s[i - 1], s[i]);
        f.add_clause([!lits[i], !s[i - 1]]);
    }
    f.add_clause([!lits[n - 1], !s[n - 2]]);
}
