use super::Formula;
use varisat::Lit;

/// A totalizer (Bailleux and Boufkhad): a tree of unary adders whose outputs say
/// "at least k of the inputs are true". Both directions are encoded, so the outputs
/// are exact and one encoding serves at-most-k, at-least-k and exactly-k, and a
/// bound can be tightened later by assuming one more output literal.
#[derive(Clone, Debug)]
pub struct Totalizer {
    /// `outputs[k - 1]` is true exactly when at least `k` inputs are true
    /// (for `k` up to the cap given at construction).
    outputs: Vec<Lit>,
}

impl Totalizer {
    /// Counts `inputs` exactly up to `cap`; above it only "at least cap" is known.
    pub fn new(f: &mut Formula, inputs: &[Lit], cap: usize) -> Totalizer {
        let outputs = if inputs.is_empty() || cap == 0 {
            Vec::new()
        } else {
            build(f, inputs, cap)
        };
        Totalizer { outputs }
    }

    /// The literal meaning "at most `k` inputs are true", or `None` when that always holds.
    pub fn at_most(&self, k: usize) -> Option<Lit> {
        self.outputs.get(k).map(|&o| !o)
    }

    /// The literal meaning "at least `k` inputs are true" (`k >= 1`), or `None` when
    /// `k` is beyond what this totalizer counts.
    pub fn at_least(&self, k: usize) -> Option<Lit> {
        assert!(k >= 1, "at least 0 always holds");
        self.outputs.get(k - 1).copied()
    }

    /// Adds "at most `k` of `inputs`" to the formula.
    pub fn add_at_most(f: &mut Formula, inputs: &[Lit], k: usize) {
        let t = Totalizer::new(f, inputs, k + 1);
        if let Some(lit) = t.at_most(k) {
            f.add_clause([lit]);
        }
    }

    /// Adds "at least `k` of `inputs`" to the formula (unsatisfiable if `k > inputs.len()`).
    pub fn add_at_least(f: &mut Formula, inputs: &[Lit], k: usize) {
        if k == 0 {
            return;
        }
        let t = Totalizer::new(f, inputs, k);
        match t.at_least(k) {
            Some(lit) => f.add_clause([lit]),
            None => f.add_clause([]),
        }
    }

    /// Adds "exactly `k` of `inputs`" to the formula.
    pub fn add_exactly(f: &mut Formula, inputs: &[Lit], k: usize) {
        let t = Totalizer::new(f, inputs, k + 1);
        if let Some(lit) = t.at_most(k) {
            f.add_clause([lit]);
        }
        if k > 0 {
            match t.at_least(k) {
                Some(lit) => f.add_clause([lit]),
                None => f.add_clause([]),
            }
        }
    }
}

fn build(f: &mut Formula, inputs: &[Lit], cap: usize) -> Vec<Lit> {
    if inputs.len() == 1 {
        return vec![inputs[0]];
    }
    let (left, right) = inputs.split_at(inputs.len() / 2);
    let a = build(f, left, cap);
    let b = build(f, right, cap);
    let width = (a.len() + b.len()).min(cap);
    let r: Vec<Lit> = (0..width).map(|_| f.new_lit("aux:totalizer")).collect();
    // Unary values with a[0] standing for "at least 1"; index 0 below means "at least 0".
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            // Upward: at least i on the left and j on the right give at least i + j.
            if i + j >= 1 {
                let k = (i + j).min(width);
                let mut clause = vec![r[k - 1]];
                if i > 0 {
                    clause.push(!a[i - 1]);
                }
                if j > 0 {
                    clause.push(!b[j - 1]);
                }
                f.add_clause(clause);
            }
            // Downward: at most i on the left and j on the right give at most i + j.
            if i + j < width {
                let mut clause = vec![!r[i + j]];
                if i < a.len() {
                    clause.push(a[i]);
                }
                if j < b.len() {
                    clause.push(b[j]);
                }
                f.add_clause(clause);
            }
        }
    }
    r
}
