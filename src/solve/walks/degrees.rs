//! Free nodes of any graph, with every node's number of free neighbours kept up
//! to date as nodes are taken and given back, so that the dead ends a path
//! through every free node cannot have show without a scan.

use super::walker::Occupancy;
use super::{NONE, Walks};

pub struct Degrees {
    free: Vec<bool>,
    free_count: usize,
    /// Per node (free or not), how many of its neighbours are free.
    degree: Vec<u8>,
    /// How many free nodes have no free neighbour, and how many have one.
    lonely: usize,
    single: usize,
    /// Scratch for the connectivity check: the mark of the check each node was
    /// last reached in, and the nodes still to look from.
    reached: Vec<u32>,
    mark: u32,
    frontier: Vec<u32>,
}

impl Degrees {
    pub fn new(walks: &Walks) -> Degrees {
        let degree = (0..walks.nodes as u32)
            .map(|v| walks.neighbours(v).count() as u8)
            .collect::<Vec<u8>>();
        Degrees {
            lonely: degree.iter().filter(|&&d| d == 0).count(),
            single: degree.iter().filter(|&&d| d == 1).count(),
            degree,
            free: vec![true; walks.nodes],
            free_count: walks.nodes,
            reached: vec![0; walks.nodes],
            mark: 0,
            frontier: Vec::with_capacity(walks.nodes),
        }
    }

    fn count_out(&mut self, degree: u8) {
        match degree {
            0 => self.lonely -= 1,
            1 => self.single -= 1,
            _ => {}
        }
    }

    fn count_in(&mut self, degree: u8) {
        match degree {
            0 => self.lonely += 1,
            1 => self.single += 1,
            _ => {}
        }
    }

    /// Adds `change` (±1) to the degree of every neighbour of `v`.
    fn shift_neighbours(&mut self, walks: &Walks, v: u32, up: bool) {
        for label in 0..walks.labels {
            let u = walks.next(v, label);
            if u == NONE {
                continue;
            }
            let ui = u as usize;
            let d = self.degree[ui];
            let e = if up { d + 1 } else { d - 1 };
            self.degree[ui] = e;
            if self.free[ui] {
                self.count_out(d);
                self.count_in(e);
            }
        }
    }

    /// Whether the free nodes are connected and `head` is next to them.
    fn connected(&mut self, walks: &Walks, head: u32) -> bool {
        self.mark = self.mark.wrapping_add(1);
        if self.mark == 0 {
            self.reached.fill(0);
            self.mark = 1;
        }
        let mark = self.mark;
        self.frontier.clear();
        // The free nodes connected among themselves (the path leaves the head
        // for good): grown from one free neighbour of the head.
        let Some(first) = walks.neighbours(head).find(|&u| self.free[u as usize]) else {
            return false;
        };
        self.reached[first as usize] = mark;
        self.frontier.push(first);
        let mut reached = 1;
        while let Some(v) = self.frontier.pop() {
            for u in walks.neighbours(v) {
                let ui = u as usize;
                if self.free[ui] && self.reached[ui] != mark {
                    self.reached[ui] = mark;
                    reached += 1;
                    self.frontier.push(u);
                }
            }
        }
        reached == self.free_count
    }
}

impl Occupancy for Degrees {
    fn is_free(&self, v: u32) -> bool {
        self.free[v as usize]
    }

    fn take(&mut self, walks: &Walks, v: u32) {
        self.free[v as usize] = false;
        self.free_count -= 1;
        self.count_out(self.degree[v as usize]);
        self.shift_neighbours(walks, v, false);
    }

    fn give_back(&mut self, walks: &Walks, v: u32) {
        self.shift_neighbours(walks, v, true);
        self.count_in(self.degree[v as usize]);
        self.free[v as usize] = true;
        self.free_count += 1;
    }

    fn border(&self, _walks: &Walks, laid: &[u32]) -> u32 {
        laid.iter()
            .map(|&v| u32::from(self.degree[v as usize]))
            .sum()
    }

    fn viable(&mut self, walks: &Walks, head: u32) -> bool {
        if self.free_count == 0 {
            return true;
        }
        // A free neighbour of the head has the head as one more way in.
        let (mut lonely_by_head, mut single_by_head) = (0, 0);
        let mut any = false;
        for u in walks.neighbours(head) {
            if self.free[u as usize] {
                any = true;
                match self.degree[u as usize] {
                    0 => lonely_by_head += 1,
                    1 => single_by_head += 1,
                    _ => {}
                }
            }
        }
        any && self.lonely <= lonely_by_head
            && self.lonely + self.single - single_by_head <= 1
            && self.connected(walks, head)
    }
}
