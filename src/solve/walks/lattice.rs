//! Free nodes as the bits of one 128-bit word, for graphs of at most 128 nodes
//! where each label moves every node by the same offset in its numbering (the
//! cells of a box or a grid, numbered row by row): the free neighbours of all
//! nodes at once are then a shift and a mask per label, so the dead-end and
//! connectivity checks are a few dozen word operations instead of a walk over
//! the nodes.

use super::walker::Occupancy;
use super::{NONE, Walks};

/// Most nodes a lattice holds: one bit each in a `u128`.
pub const MAX_NODES: usize = 128;

/// How each label moves a node: by a fixed offset, from the nodes of a mask.
#[derive(Clone, Debug)]
pub struct Shifts {
    /// Per label: the offset, and the nodes that have a neighbour along it.
    labels: Vec<(i32, u128)>,
    /// Nodes of one colour of a two-colouring (every edge joins two colours),
    /// when the graph has one.
    colour: Option<u128>,
}

impl Shifts {
    /// The shifts of `walks`, when every edge along a label moves by the same
    /// offset and the graph fits a word.
    pub fn of(walks: &Walks) -> Option<Shifts> {
        if walks.nodes > MAX_NODES {
            return None;
        }
        let mut labels = Vec::with_capacity(walks.labels);
        for label in 0..walks.labels {
            let mut offset = None;
            let mut mask = 0u128;
            for v in 0..walks.nodes as u32 {
                let u = walks.next(v, label);
                if u == NONE {
                    continue;
                }
                let d = u as i32 - v as i32;
                if *offset.get_or_insert(d) != d {
                    return None;
                }
                mask |= 1 << v;
            }
            labels.push((offset.unwrap_or(0), mask));
        }
        Some(Shifts {
            labels,
            colour: two_colouring(walks),
        })
    }

    /// The nodes whose neighbour along `label` is in `set`.
    fn towards(&self, label: usize, set: u128) -> u128 {
        let (offset, mask) = self.labels[label];
        let moved = if offset >= 0 {
            set >> offset
        } else {
            set << -offset
        };
        moved & mask
    }

    /// The neighbours along `label` of the nodes in `set`.
    fn away(&self, label: usize, set: u128) -> u128 {
        let (offset, mask) = self.labels[label];
        let from = set & mask;
        if offset >= 0 {
            from << offset
        } else {
            from >> -offset
        }
    }
}

/// One colour class of a two-colouring of the graph, or `None` when it has
/// an odd cycle.
fn two_colouring(walks: &Walks) -> Option<u128> {
    let mut colour: Vec<Option<bool>> = vec![None; walks.nodes];
    for root in 0..walks.nodes {
        if colour[root].is_some() {
            continue;
        }
        colour[root] = Some(false);
        let mut stack = vec![root as u32];
        while let Some(v) = stack.pop() {
            let c = colour[v as usize].expect("coloured when pushed");
            for u in walks.neighbours(v) {
                match colour[u as usize] {
                    None => {
                        colour[u as usize] = Some(!c);
                        stack.push(u);
                    }
                    Some(d) if d == c => return None,
                    Some(_) => {}
                }
            }
        }
    }
    Some(
        colour
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == Some(true))
            .fold(0, |set, (v, _)| set | 1 << v),
    )
}

pub struct Lattice<'s> {
    shifts: &'s Shifts,
    free: u128,
    /// The nodes the path may end on (by colour, once it has started).
    ends: u128,
}

impl<'s> Lattice<'s> {
    pub fn new(walks: &Walks, shifts: &'s Shifts) -> Lattice<'s> {
        let all = if walks.nodes == 128 {
            u128::MAX
        } else {
            (1u128 << walks.nodes) - 1
        };
        Lattice {
            shifts,
            free: all,
            ends: all,
        }
    }
}

impl Occupancy for Lattice<'_> {
    fn is_free(&self, v: u32) -> bool {
        self.free >> v & 1 == 1
    }

    fn start(&mut self, walks: &Walks, v: u32) {
        // A path alternates colours, so its end has the colour of the start
        // when it has an odd number of nodes, the other one when even.
        if let Some(colour) = self.shifts.colour {
            let start_coloured = colour >> v & 1 == 1;
            let end_coloured = start_coloured == (walks.nodes % 2 == 1);
            self.ends = if end_coloured { colour } else { !colour };
        }
        self.take(walks, v);
    }

    fn take(&mut self, _walks: &Walks, v: u32) {
        self.free &= !(1u128 << v);
    }

    fn give_back(&mut self, _walks: &Walks, v: u32) {
        self.free |= 1u128 << v;
    }

    fn border(&self, walks: &Walks, laid: &[u32]) -> u32 {
        let run = laid.iter().fold(0u128, |set, &v| set | 1 << v);
        let around = (0..walks.labels).fold(0u128, |set, label| set | self.shifts.away(label, run));
        (around & self.free).count_ones()
    }

    fn viable(&mut self, walks: &Walks, head: u32) -> bool {
        let free = self.free;
        if free == 0 {
            return true;
        }
        // Count each free node's ways in (free neighbours and the head) up to
        // two: the nodes with none, and those with one.
        let open = free | 1u128 << head;
        let (mut once, mut twice) = (0u128, 0u128);
        for label in 0..walks.labels {
            let way = self.shifts.towards(label, open);
            twice |= once & way;
            once |= way;
        }
        let none = free & !once;
        let single = free & once & !twice;
        if none != 0 || single.count_ones() > 1 || single & !self.ends != 0 {
            return false;
        }
        // The free nodes connected among themselves (the path leaves the head
        // for good), and the head next to them: grown from one free neighbour.
        let by_head = (0..walks.labels).fold(0u128, |set, label| {
            set | self.shifts.away(label, 1u128 << head)
        }) & free;
        if by_head == 0 {
            return false;
        }
        let mut reached = by_head & by_head.wrapping_neg();
        loop {
            let mut grown = reached;
            for label in 0..walks.labels {
                grown |= self.shifts.away(label, reached);
            }
            grown &= free;
            if grown == reached {
                return reached == free;
            }
            reached = grown;
        }
    }
}
