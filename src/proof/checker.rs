//! The clause database a DRAT check works on: clauses with two watched literals,
//! the assignment they force at the top level with the clause that forced each
//! literal, and the clauses a conflict was drawn from, marked. Clauses can be
//! retired and revived, so that a check can walk a proof backwards.

use std::collections::HashMap;

/// A literal as DIMACS writes it: a variable from 1, negative when negated.
pub type DimacsLit = i64;

/// A literal inside the checker: DIMACS numbering in 32 bits, half the memory
/// of [`DimacsLit`], since propagation spends its time reading clauses.
type Lit = i32;

/// Clauses with watched literals and the assignment they force at the top level.
pub(super) struct Checker {
    /// Every clause's literals, one after another, in the order added: clauses
    /// added together are read together.
    arena: Vec<Lit>,
    /// Per clause: where its literals start in `arena`, and how many.
    start: Vec<usize>,
    len: Vec<u32>,
    /// Per clause: odd while the clause is alive; raised when it is deleted and
    /// again when it is revived, so that watch entries made before are stale
    /// and dropped when met.
    stamp: Vec<u32>,
    /// Per literal, the clauses watching it: the clause, its stamp when watched,
    /// and a literal of the clause (see [`Checker::propagate`]).
    watches: Vec<Vec<(usize, u32, Lit)>>,
    /// Clauses by their sorted literals, to find a deleted one: only while the
    /// proof is played forward, since walking it back deletes nothing (so
    /// [`Checker::revive`] and [`Checker::retire`] leave it as it is).
    index: HashMap<Vec<Lit>, Vec<usize>>,
    /// Per variable: 0 unassigned, 1 true, -1 false.
    value: Vec<i8>,
    /// Per variable: the clause that forced it (none for an assumption).
    reason: Vec<Option<usize>>,
    trail: Vec<Lit>,
    /// The clause found false at the top level, once the clauses so far are
    /// contradictory by unit propagation.
    conflict: Option<usize>,
    /// Clauses some conflict was drawn from.
    marked: Vec<bool>,
    /// Per variable: its place on the trail, while assigned.
    position: Vec<usize>,
    /// Where the assumptions of the lemma being checked start on the trail
    /// (the trail's length otherwise): what lies before is the top level.
    assumed_from: usize,
    /// Per variable, at the top level: the reasons of its assignment are marked.
    traced: Vec<bool>,
    /// Per variable: met by the conflict analysis under way.
    visited: Vec<bool>,
}

impl Checker {
    pub(super) fn new(vars: usize) -> Checker {
        Checker {
            arena: Vec::new(),
            start: Vec::new(),
            len: Vec::new(),
            stamp: Vec::new(),
            watches: vec![Vec::new(); 2 * vars + 2],
            index: HashMap::new(),
            value: vec![0; vars + 1],
            reason: vec![None; vars + 1],
            trail: Vec::new(),
            conflict: None,
            marked: Vec::new(),
            position: vec![0; vars + 1],
            assumed_from: usize::MAX,
            traced: vec![false; vars + 1],
            visited: vec![false; vars + 1],
        }
    }

    fn slot(lit: Lit) -> usize {
        2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
    }

    fn grow(&mut self, lit: Lit) {
        let var = lit.unsigned_abs() as usize;
        if var >= self.value.len() {
            self.value.resize(var + 1, 0);
            self.reason.resize(var + 1, None);
            self.position.resize(var + 1, 0);
            self.traced.resize(var + 1, false);
            self.visited.resize(var + 1, false);
            self.watches.resize(2 * var + 2, Vec::new());
        }
    }

    fn lit_value(&self, lit: Lit) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit < 0 { -v } else { v }
    }

    fn assign(&mut self, lit: Lit, reason: Option<usize>) {
        let var = lit.unsigned_abs() as usize;
        self.value[var] = if lit < 0 { -1 } else { 1 };
        self.reason[var] = reason;
        self.position[var] = self.trail.len();
        self.trail.push(lit);
    }

    /// Whether the clauses so far are contradictory by unit propagation.
    pub(super) fn in_conflict(&self) -> bool {
        self.conflict.is_some()
    }

    /// How many literals the top level has assigned.
    pub(super) fn trail_len(&self) -> usize {
        self.trail.len()
    }

    pub(super) fn is_marked(&self, id: usize) -> bool {
        self.marked[id]
    }

    /// A clause's literals (in the order its watches keep them).
    fn lits(&self, id: usize) -> &[Lit] {
        &self.arena[self.start[id]..self.start[id] + self.len[id] as usize]
    }

    /// A clause as DIMACS literals.
    pub(super) fn clause(&self, id: usize) -> Vec<DimacsLit> {
        self.lits(id).iter().map(|&l| DimacsLit::from(l)).collect()
    }

    /// A clause's literals, sorted, without repeats: how it is found again.
    fn key(clause: &[DimacsLit]) -> Vec<Lit> {
        let mut key: Vec<Lit> = clause
            .iter()
            .map(|&l| {
                Lit::try_from(l).expect("literals within the variables the checker was made for")
            })
            .collect();
        key.sort_unstable();
        key.dedup();
        key
    }

    /// Adds a clause to the database and propagates at the top level; returns its
    /// number.
    pub(super) fn add(&mut self, clause: &[DimacsLit]) -> usize {
        let clause = Checker::key(clause);
        for &l in &clause {
            self.grow(l);
        }
        let id = self.start.len();
        self.start.push(self.arena.len());
        self.len.push(clause.len() as u32);
        self.arena.extend_from_slice(&clause);
        self.index.entry(clause).or_default().push(id);
        self.stamp.push(1);
        self.marked.push(false);
        self.watch(id);
        if self.conflict.is_none() {
            self.settle(id);
        }
        id
    }

    /// Watches two literals of a clause: true ones first, then unassigned, so
    /// that the clause's watches meet the current assignment as they must.
    fn watch(&mut self, id: usize) {
        let stamp = self.stamp[id];
        let (start, len) = (self.start[id], self.len[id] as usize);
        let value = &self.value;
        let clause = &mut self.arena[start..start + len];
        clause.sort_by_key(|&l| {
            let v = value[l.unsigned_abs() as usize];
            -(if l < 0 { -v } else { v })
        });
        for k in 0..len.min(2) {
            let blocker = if len == 1 { clause[0] } else { clause[1 - k] };
            self.watches[Checker::slot(clause[k])].push((id, stamp, blocker));
        }
    }

    /// After a clause is added: the conflict or unit it makes at the top level.
    fn settle(&mut self, id: usize) {
        let c = self.lits(id);
        if c.is_empty() || self.lit_value(c[0]) == -1 {
            self.conflict = Some(id);
        } else if (c.len() == 1 || self.lit_value(c[1]) == -1) && self.lit_value(c[0]) == 0 {
            let unit = c[0];
            self.assign(unit, Some(id));
            self.conflict = self.propagate(self.trail.len() - 1);
        }
    }

    /// Deletes a clause (one copy, if several); returns its number. Unit clauses
    /// and the reasons of top-level assignments stay, as in drat-trim: solvers
    /// delete them while they still act.
    pub(super) fn delete(&mut self, clause: &[DimacsLit]) -> Option<usize> {
        let key = Checker::key(clause);
        if key.len() <= 1 {
            return None;
        }
        let id = *self.index.get(&key)?.last()?;
        let reason = self
            .lits(id)
            .iter()
            .any(|&l| self.reason[l.unsigned_abs() as usize] == Some(id));
        if reason {
            return None;
        }
        self.index.get_mut(&key)?.pop();
        self.stamp[id] += 1;
        Some(id)
    }

    /// Brings back a deleted clause (walking a proof backwards, before the step
    /// that deleted it).
    pub(super) fn revive(&mut self, id: usize) {
        self.stamp[id] += 1;
        self.watch(id);
    }

    /// Takes back the clause added last among those alive (walking a proof
    /// backwards, past the step that added it), with the top-level assignments
    /// made since the trail was `trail_len` long.
    pub(super) fn retire(&mut self, id: usize, trail_len: usize) {
        self.stamp[id] += 1;
        for lit in self.trail.drain(trail_len..) {
            let var = lit.unsigned_abs() as usize;
            self.value[var] = 0;
            self.reason[var] = None;
            self.traced[var] = false;
        }
        self.conflict = None;
    }

    /// Unit propagation from trail position `from`; the clause found false, if
    /// any. Each watch carries a literal of its clause (the blocker): while that
    /// is true the clause is satisfied and need not be looked at, which spares
    /// most visits to clause memory; the watch list is compacted in place.
    fn propagate(&mut self, mut from: usize) -> Option<usize> {
        while from < self.trail.len() {
            let falsified = -self.trail[from];
            from += 1;
            let slot = Checker::slot(falsified);
            let mut watching = std::mem::take(&mut self.watches[slot]);
            let mut conflict = None;
            let (mut read, mut write) = (0, 0);
            while read < watching.len() {
                let watch = watching[read];
                read += 1;
                let (id, stamp, blocker) = watch;
                if self.stamp[id] != stamp {
                    continue;
                }
                if self.lit_value(blocker) == 1 {
                    watching[write] = watch;
                    write += 1;
                    continue;
                }
                let start = self.start[id];
                let clause = &mut self.arena[start..start + self.len[id] as usize];
                if clause.len() == 1 {
                    watching[write] = watch;
                    write += 1;
                    conflict = Some(id);
                    break;
                }
                if clause[0] == falsified {
                    clause.swap(0, 1);
                }
                let other = clause[0];
                let other_value = {
                    let v = self.value[other.unsigned_abs() as usize];
                    if other < 0 { -v } else { v }
                };
                if other_value == 1 {
                    watching[write] = (id, stamp, other);
                    write += 1;
                    continue;
                }
                // A new literal to watch, not false.
                let mut moved = false;
                for k in 2..clause.len() {
                    let l = clause[k];
                    let v = self.value[l.unsigned_abs() as usize];
                    let lv = if l < 0 { -v } else { v };
                    if lv != -1 {
                        clause.swap(1, k);
                        let new = clause[1];
                        self.watches[Checker::slot(new)].push((id, stamp, other));
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                watching[write] = (id, stamp, other);
                write += 1;
                if other_value == -1 {
                    conflict = Some(id);
                    break;
                }
                self.assign(other, Some(id));
            }
            // The watches not visited after a conflict stay as they are.
            while read < watching.len() {
                watching[write] = watching[read];
                write += 1;
                read += 1;
            }
            watching.truncate(write);
            self.watches[slot] = watching;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    /// Whether assuming the lemma false leads to a conflict by unit propagation;
    /// when it does, the clauses the conflict was drawn from are marked.
    pub(super) fn implies(&mut self, lemma: &[DimacsLit]) -> bool {
        if let Some(id) = self.conflict {
            self.mark_from(Some(id), &[]);
            return true;
        }
        let lemma = Checker::key(lemma);
        for &l in &lemma {
            self.grow(l);
        }
        let start = self.trail.len();
        self.assumed_from = start;
        let mut conflict = None;
        for &l in &lemma {
            match self.lit_value(l) {
                // The lemma holds already: its literal's reasons imply it.
                1 => {
                    self.mark_from(None, &[l]);
                    conflict = Some(true);
                    break;
                }
                0 => self.assign(-l, None),
                _ => {}
            }
        }
        let implied = match conflict {
            Some(found) => found,
            None => match self.propagate(start) {
                Some(id) => {
                    self.mark_from(Some(id), &[]);
                    true
                }
                None => false,
            },
        };
        // Undo the assumptions and what they forced.
        for lit in self.trail.drain(start..) {
            let var = lit.unsigned_abs() as usize;
            self.value[var] = 0;
            self.reason[var] = None;
        }
        self.assumed_from = usize::MAX;
        implied
    }

    /// Marks the clause found false (if any) and, through the reasons of the
    /// assignments that made its literals (and `lits`) false or true, every
    /// clause the conflict was drawn from. A top-level assignment keeps its reason
    /// while it stands, so its reasons are marked once, not at every conflict.
    fn mark_from(&mut self, clause: Option<usize>, lits: &[Lit]) {
        let var = |l: &Lit| l.unsigned_abs() as usize;
        let mut queue: Vec<usize> = lits.iter().map(var).collect();
        if let Some(id) = clause {
            self.marked[id] = true;
            queue.extend(self.lits(id).iter().map(var));
        }
        let mut visited = Vec::new();
        while let Some(v) = queue.pop() {
            let top = self.position[v] < self.assumed_from;
            if (top && self.traced[v]) || (!top && self.visited[v]) {
                continue;
            }
            if top {
                self.traced[v] = true;
            } else {
                self.visited[v] = true;
                visited.push(v);
            }
            if let Some(r) = self.reason[v] {
                self.marked[r] = true;
                queue.extend(self.lits(r).iter().map(var));
            }
        }
        for v in visited {
            self.visited[v] = false;
        }
    }

    /// Marks what the top-level conflict was drawn from.
    pub(super) fn mark_conflict(&mut self) {
        if let Some(id) = self.conflict {
            self.mark_from(Some(id), &[]);
        }
    }
}
