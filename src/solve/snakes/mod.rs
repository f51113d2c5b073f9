//! A search engine for two-coloured induced paths: paths in a graph that never
//! touch themselves (no two nodes of the path are neighbours unless they follow
//! each other on it), whose nodes alternate colours, and every other neighbour
//! of a path node takes that node's colour. Groups of nodes (rows, columns,
//! boxes) hold a fixed number of nodes of the first colour, and some groups
//! must each hold a path node. It knows nodes, edges and groups, never puzzles.
//!
//! The path grows from one end, depth first. A node that gets its successor
//! closes its other free neighbours to the path (they would touch it) and gives
//! them its colour; a colour clash, or a group past its share of either colour,
//! ends the branch at once. Ending the path closes the head's neighbours the
//! same way; then the groups to visit are checked, and the free nodes left are
//! coloured to fill every group's shares exactly (a small backtracking search),
//! which is the witness a solution carries. Each path is found once, from the
//! end with the lower number.

#[cfg(test)]
mod tests;

use crate::solve::subtrees::{Core, Random, Sharing, Signal, Tree, UnitVisitor};
pub use crate::solve::subtrees::{TreeEvent, TreeOutcome, Wanted};

/// A node not on the path and not closed to it.
const FREE: u8 = 0;
const ON_PATH: u8 = 1;
/// Next to the path: never on it, its colour fixed.
const CLOSED: u8 = 2;
/// No colour yet.
const UNCOLOURED: u8 = 2;

/// The paths to search for.
#[derive(Clone, Debug)]
pub struct Snakes {
    neighbours: Vec<Vec<u32>>,
    /// Per node, the groups it belongs to.
    groups_of: Vec<Vec<u32>>,
    /// Per group, how many of its nodes take each colour, exactly.
    shares: Vec<[u16; 2]>,
    /// Groups that must each hold a node of the path.
    visit: Vec<u32>,
    min_len: usize,
    max_len: usize,
    /// An end of the path must lie on this node / have this colour.
    end_node: Option<u32>,
    end_colour: Option<u8>,
}

impl Snakes {
    /// Paths in the graph of `neighbours` (symmetric), with `groups` (each a
    /// list of nodes) holding `first_colour[g]` nodes of colour 0 and the rest
    /// of colour 1; `visit` lists the groups the path must enter; the path has
    /// from `min_len` (at least 2) to `max_len` nodes. `None` when a group
    /// cannot hold its share.
    pub fn new(
        neighbours: Vec<Vec<u32>>,
        groups: &[Vec<u32>],
        first_colour: &[usize],
        visit: Vec<u32>,
        lengths: (usize, usize),
    ) -> Option<Snakes> {
        let mut groups_of = vec![Vec::new(); neighbours.len()];
        let mut shares = Vec::with_capacity(groups.len());
        for (g, (nodes, &first)) in groups.iter().zip(first_colour).enumerate() {
            if first > nodes.len() {
                return None;
            }
            shares.push([first as u16, (nodes.len() - first) as u16]);
            for &v in nodes {
                groups_of[v as usize].push(g as u32);
            }
        }
        Some(Snakes {
            neighbours,
            groups_of,
            shares,
            visit,
            min_len: lengths.0.max(2),
            max_len: lengths.1,
            end_node: None,
            end_colour: None,
        })
    }

    /// Keeps only paths with an end on `node` and/or of `colour`.
    pub fn with_end(mut self, node: Option<u32>, colour: Option<u8>) -> Snakes {
        self.end_node = node;
        self.end_colour = colour;
        self
    }

    fn nodes(&self) -> usize {
        self.neighbours.len()
    }
}

/// A search of every path, shared among threads; each solution is handed out
/// as the colour of every node (`nodes` entries, 0 or 1) followed by the path's
/// nodes from one end.
pub struct SnakeSearch<'a> {
    pub snakes: &'a Snakes,
    pub threads: usize,
    pub estimate: bool,
    pub part: Option<(usize, usize)>,
    /// What the caller is handed.
    pub wanted: Wanted,
}

impl SnakeSearch<'_> {
    /// Searches every path. `on_event` gets the solutions [`Wanted`] and the progress each
    /// time a unit ends, and returns `Ok(false)` to stop the search.
    pub fn run<E>(
        &self,
        on_event: &mut dyn FnMut(TreeEvent) -> Result<bool, E>,
    ) -> Result<TreeOutcome, E> {
        Sharing::every_solution(self.threads, self.estimate, self.part)
            .handing(self.wanted)
            .run_on(self.snakes, on_event)
    }
}

impl Core for Snakes {
    type Walk<'c> = SnakeWalk<'c>;

    fn walk<'c>(&'c self, signal: &'c Signal) -> SnakeWalk<'c> {
        let n = self.nodes();
        SnakeWalk {
            snakes: self,
            state: vec![FREE; n],
            colour: vec![UNCOLOURED; n],
            filled: vec![[0; 2]; self.shares.len()],
            path: Vec::new(),
            closed: Vec::new(),
            closed_at: Vec::new(),
            ended: false,
            nodes: 0,
            signal,
        }
    }
}

/// One move down the tree.
#[derive(Clone, Copy, Debug)]
enum Choice {
    /// The path starts on this node with this colour.
    Start(u32, u8),
    /// The head moves on to this node.
    Step(u32),
    /// The path ends at its head.
    End,
}

/// A search state.
pub struct SnakeWalk<'c> {
    snakes: &'c Snakes,
    state: Vec<u8>,
    colour: Vec<u8>,
    /// Per group, its nodes coloured so far, by colour.
    filled: Vec<[u16; 2]>,
    path: Vec<u32>,
    /// The nodes closed, in order, and where each choice's closing began.
    closed: Vec<u32>,
    closed_at: Vec<usize>,
    ended: bool,
    nodes: u64,
    signal: &'c Signal,
}

impl SnakeWalk<'_> {
    /// Gives `v` colour `c`; false (and nothing changed) when a group would
    /// pass its share.
    fn paint(&mut self, v: u32, c: u8) -> bool {
        let groups = &self.snakes.groups_of[v as usize];
        let shares = &self.snakes.shares;
        if groups
            .iter()
            .any(|&g| self.filled[g as usize][c as usize] >= shares[g as usize][c as usize])
        {
            return false;
        }
        for &g in groups {
            self.filled[g as usize][c as usize] += 1;
        }
        self.colour[v as usize] = c;
        true
    }

    fn unpaint(&mut self, v: u32) {
        let c = self.colour[v as usize];
        for &g in &self.snakes.groups_of[v as usize] {
            self.filled[g as usize][c as usize] -= 1;
        }
        self.colour[v as usize] = UNCOLOURED;
    }

    /// Closes the free neighbours of the head but `except`, each taking the
    /// head's colour; false on a clash (what was closed stays on the trail for
    /// the caller to undo).
    fn close_around_head(&mut self, except: Option<u32>) -> bool {
        let head = *self.path.last().expect("a path");
        let c = self.colour[head as usize];
        for &u in &self.snakes.neighbours[head as usize] {
            if Some(u) == except {
                continue;
            }
            match self.state[u as usize] {
                FREE => {
                    if !self.paint(u, c) {
                        return false;
                    }
                    self.state[u as usize] = CLOSED;
                    self.closed.push(u);
                }
                CLOSED if self.colour[u as usize] != c => return false,
                _ => {}
            }
        }
        true
    }

    /// Puts `v` on the path with colour `c`; false (and nothing changed) when
    /// a group would pass its share.
    fn enter(&mut self, v: u32, c: u8) -> bool {
        let ok = self.paint(v, c);
        if ok {
            self.state[v as usize] = ON_PATH;
            self.path.push(v);
        }
        ok
    }

    /// Reopens what was closed since `mark`.
    fn reopen(&mut self, mark: usize) {
        while self.closed.len() > mark {
            let u = self.closed.pop().expect("above the mark");
            self.unpaint(u);
            self.state[u as usize] = FREE;
        }
    }

    /// Makes `choice`; false (and nothing changed) when it breaks a rule.
    fn apply(&mut self, choice: Choice) -> bool {
        let mark = self.closed.len();
        let ok = match choice {
            Choice::Start(v, c) => self.enter(v, c),
            Choice::Step(v) => {
                let head = *self.path.last().expect("a path");
                let c = 1 - self.colour[head as usize];
                self.close_around_head(Some(v)) && self.enter(v, c)
            }
            Choice::End => {
                self.ended = self.close_around_head(None) && self.ends_well();
                self.ended
            }
        };
        if !ok {
            self.reopen(mark);
            return false;
        }
        self.closed_at.push(mark);
        true
    }

    fn undo(&mut self, choice: Choice) {
        let mark = self.closed_at.pop().expect("a choice made");
        match choice {
            Choice::Start(..) | Choice::Step(_) => {
                let v = self.path.pop().expect("a path");
                self.unpaint(v);
                self.state[v as usize] = FREE;
            }
            Choice::End => self.ended = false,
        }
        self.reopen(mark);
    }

    /// The rules an ended path must meet, beside its witness: its length, its
    /// ends, the groups it visits, and read from its lower end.
    fn ends_well(&self) -> bool {
        let s = self.snakes;
        let (first, head) = (self.path[0], *self.path.last().expect("a path"));
        let len = self.path.len();
        let end_ok = |v: u32| {
            s.end_node.is_none_or(|e| e == v)
                && s.end_colour.is_none_or(|c| c == self.colour[v as usize])
        };
        first < head
            && (s.min_len..=s.max_len).contains(&len)
            && (end_ok(first) || end_ok(head))
            && s.visit.iter().all(|&g| {
                self.path
                    .iter()
                    .any(|&v| s.groups_of[v as usize].contains(&g))
            })
    }

    /// The choices from the current state, in search order.
    fn choices(&self, out: &mut Vec<Choice>) {
        out.clear();
        if self.ended {
            return;
        }
        let Some(&head) = self.path.last() else {
            for v in 0..self.snakes.nodes() as u32 {
                out.push(Choice::Start(v, 0));
                out.push(Choice::Start(v, 1));
            }
            return;
        };
        if self.path.len() >= self.snakes.min_len {
            out.push(Choice::End);
        }
        if self.path.len() < self.snakes.max_len {
            for &u in &self.snakes.neighbours[head as usize] {
                if self.state[u as usize] == FREE {
                    out.push(Choice::Step(u));
                }
            }
        }
    }

    /// The colours of every node with the free ones filled in so that every
    /// group holds its shares, if they can be.
    fn witness(&mut self) -> Option<Vec<u8>> {
        let free: Vec<u32> = (0..self.snakes.nodes() as u32)
            .filter(|&v| self.colour[v as usize] == UNCOLOURED)
            .collect();
        let found = self.fill(&free);
        let colours = found.then(|| self.colour.clone());
        for &v in &free {
            if self.colour[v as usize] != UNCOLOURED {
                self.unpaint(v);
            }
        }
        colours
    }

    /// Colours `free` in order within the shares; true when all are coloured
    /// (left coloured), false with none of them coloured.
    fn fill(&mut self, free: &[u32]) -> bool {
        let Some((&v, rest)) = free.split_first() else {
            return true;
        };
        for c in [0, 1] {
            if self.paint(v, c) {
                if self.fill(rest) {
                    return true;
                }
                self.unpaint(v);
            }
        }
        false
    }

    /// Hands the ended path to `found` with its witness, if it has one. A path
    /// valid with both colourings is handed on from its start of colour 0
    /// only.
    fn emit(&mut self, found: &mut dyn FnMut(&[u32]) -> bool) -> bool {
        let Some(colours) = self.witness() else {
            return true;
        };
        if self.colour[self.path[0] as usize] == 1 && valid_from_colour_0(self.snakes, &self.path) {
            return true;
        }
        let mut out: Vec<u32> = colours.iter().map(|&c| u32::from(c)).collect();
        out.extend_from_slice(&self.path);
        found(&out)
    }
}

/// Whether `path` meets the rules, with a witness, when its first node takes
/// colour 0.
fn valid_from_colour_0(snakes: &Snakes, path: &[u32]) -> bool {
    let never = Signal::new();
    let mut walk = snakes.walk(&never);
    let (&first, rest) = path.split_first().expect("a path");
    walk.apply(Choice::Start(first, 0))
        && rest.iter().all(|&v| walk.apply(Choice::Step(v)))
        && walk.apply(Choice::End)
        && walk.witness().is_some()
}

impl Tree for SnakeWalk<'_> {
    fn search(&mut self, found: &mut dyn FnMut(&[u32]) -> bool) -> bool {
        if !self.signal.visit(&mut self.nodes) {
            return false;
        }
        if self.ended {
            return self.emit(found);
        }
        self.each_child(&mut |walk| walk.search(found))
    }

    fn units(&mut self, limit: usize, next: &mut usize, visit: &mut UnitVisitor<'_, Self>) -> bool {
        self.units_from(0, limit, next, visit)
    }

    fn probe(&mut self, random: &mut Random) -> f64 {
        let mut estimate = 1.0;
        let mut weight = 1.0;
        let mut made = Vec::new();
        let mut choices = Vec::new();
        loop {
            self.choices(&mut choices);
            let open: Vec<Choice> = choices
                .iter()
                .copied()
                .filter(|&c| {
                    let ok = self.apply(c);
                    if ok {
                        self.undo(c);
                    }
                    ok
                })
                .collect();
            if open.is_empty() {
                break;
            }
            let choice = open[random.below(open.len() as u32) as usize];
            self.apply(choice);
            made.push(choice);
            weight *= open.len() as f64;
            estimate += weight;
        }
        while let Some(c) = made.pop() {
            self.undo(c);
        }
        estimate
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl SnakeWalk<'_> {
    fn units_from(
        &mut self,
        depth: usize,
        limit: usize,
        next: &mut usize,
        visit: &mut UnitVisitor<'_, Self>,
    ) -> bool {
        if self.signal.stopped() {
            return false;
        }
        if depth == limit || self.ended {
            let unit = *next;
            *next += 1;
            return visit(self, unit, depth == limit);
        }
        self.each_child(&mut |walk| walk.units_from(depth + 1, limit, next, visit))
    }

    /// Runs `visit` in each state one choice below this one that keeps the
    /// rules, in search order; false once `visit` is.
    fn each_child(&mut self, visit: &mut dyn FnMut(&mut Self) -> bool) -> bool {
        let mut choices = Vec::with_capacity(8);
        self.choices(&mut choices);
        for choice in choices {
            if self.apply(choice) {
                let go = visit(self);
                self.undo(choice);
                if !go {
                    return false;
                }
            }
        }
        true
    }
}
