//! Boards: graphs of notches, built from geometry (the 72-notch hexagon, grids) or
//! given as an explicit edge list.

use std::collections::VecDeque;

/// An undirected graph whose nodes are numbered 1..=n for people (0..n inside).
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub name: String,
    /// Drawing position of each node (x to the right, y down), when known.
    pub positions: Option<Vec<(f64, f64)>>,
    /// Sorted neighbour lists.
    pub adjacency: Vec<Vec<usize>>,
}

impl Board {
    pub fn len(&self) -> usize {
        self.adjacency.len()
    }

    pub fn is_empty(&self) -> bool {
        self.adjacency.is_empty()
    }

    pub fn are_neighbours(&self, a: usize, b: usize) -> bool {
        self.adjacency[a].binary_search(&b).is_ok()
    }

    /// Points are neighbours when their distance is `step` (up to rounding).
    fn from_points(name: String, points: Vec<(f64, f64)>, step: f64) -> Board {
        let n = points.len();
        let mut adjacency = vec![Vec::new(); n];
        for i in 0..n {
            for j in 0..n {
                let (dx, dy) = (points[i].0 - points[j].0, points[i].1 - points[j].1);
                if i != j && ((dx * dx + dy * dy).sqrt() - step).abs() < 1e-6 {
                    adjacency[i].push(j);
                }
            }
        }
        Board {
            name,
            positions: Some(points),
            adjacency,
        }
    }

    /// The 72-notch hexagonal board of the six-snakes write-up: 14 vertical grid
    /// lines with X1 = 0 and X(p) = X(p-1) + 1/√3 for even p, + 2/√3 for odd p;
    /// horizontal lines y = 0..11 one unit apart; notches on the rows listed per
    /// column, numbered column by column from the left and top to bottom; neighbours
    /// at distance 2/√3, which makes a honeycomb.
    pub fn hex72() -> Board {
        const ROWS: [&[i32]; 14] = [
            &[3, 5, 7],
            &[2, 4, 6, 8],
            &[2, 4, 6, 8, 10],
            &[1, 3, 5, 7, 9, 11],
            &[1, 3, 5, 7, 9, 11],
            &[0, 2, 4, 6, 8, 10],
            &[0, 2, 4, 6, 8, 10],
            &[1, 3, 5, 7, 9, 11],
            &[1, 3, 5, 7, 9, 11],
            &[0, 2, 4, 6, 8, 10],
            &[0, 2, 4, 6, 8, 10],
            &[1, 3, 5, 7, 9],
            &[3, 5, 7, 9],
            &[4, 6, 8],
        ];
        let unit = 1.0 / 3f64.sqrt();
        let mut x = 0.0;
        let mut points = Vec::new();
        for (i, rows) in ROWS.iter().enumerate() {
            let p = i + 1;
            if p > 1 {
                x += if p % 2 == 0 { unit } else { 2.0 * unit };
            }
            points.extend(rows.iter().map(|&y| (x, y as f64)));
        }
        Board::from_points("hex72".into(), points, 2.0 * unit)
    }

    /// A rectangular grid, numbered row by row from the top left; four neighbours.
    pub fn square(width: usize, height: usize) -> Board {
        let points = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x as f64, y as f64)))
            .collect();
        Board::from_points(format!("square {width}x{height}"), points, 1.0)
    }

    /// A triangular lattice in a rhombus of `width` x `height` points, rows shifted
    /// by half a step; six neighbours inside.
    pub fn triangular(width: usize, height: usize) -> Board {
        let points = (0..height)
            .flat_map(|y| {
                (0..width).map(move |x| (x as f64 + y as f64 * 0.5, y as f64 * 3f64.sqrt() / 2.0))
            })
            .collect();
        Board::from_points(format!("triangular {width}x{height}"), points, 1.0)
    }

    /// A honeycomb drawn as a brick wall: a `width` x `height` grid keeping every
    /// horizontal link and the vertical links where x + y is even; three neighbours
    /// inside, as on the hexagonal board.
    pub fn honeycomb(width: usize, height: usize) -> Board {
        let mut board = Board::square(width, height);
        board.name = format!("honeycomb {width}x{height}");
        for (i, list) in board.adjacency.iter_mut().enumerate() {
            let (x, y) = (i % width, i / width);
            list.retain(|&j| {
                let (jx, jy) = (j % width, j / width);
                jy == y || (x + y.min(jy)) % 2 == 0 && jx == x
            });
        }
        board
    }

    /// Nodes 1..=n and edges between them; errors name the bad edge.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Result<Board, String> {
        let mut adjacency = vec![Vec::new(); n];
        for (k, &(a, b)) in edges.iter().enumerate() {
            if a == 0 || b == 0 || a > n || b > n || a == b {
                return Err(format!(
                    "edges between two different nodes from 1 to {n}, but edge {} is [{a}, {b}]",
                    k + 1
                ));
            }
            adjacency[a - 1].push(b - 1);
            adjacency[b - 1].push(a - 1);
        }
        for list in &mut adjacency {
            list.sort_unstable();
            list.dedup();
        }
        Ok(Board {
            name: format!("graph with {n} nodes"),
            positions: None,
            adjacency,
        })
    }

    /// Steps from `start` to every node (`usize::MAX` where unreachable).
    pub fn distances(&self, start: usize) -> Vec<usize> {
        let mut dist = vec![usize::MAX; self.len()];
        dist[start] = 0;
        let mut queue = VecDeque::from([start]);
        while let Some(v) = queue.pop_front() {
            for &w in &self.adjacency[v] {
                if dist[w] == usize::MAX {
                    dist[w] = dist[v] + 1;
                    queue.push_back(w);
                }
            }
        }
        dist
    }

    pub fn is_connected(&self) -> bool {
        self.is_empty() || self.distances(0).iter().all(|&d| d != usize::MAX)
    }

    /// A 2-colouring when the graph is bipartite: then every walk between two nodes
    /// has the parity of their colours, which prunes positions along a snake.
    pub fn two_colouring(&self) -> Option<Vec<usize>> {
        let mut colour = vec![usize::MAX; self.len()];
        for start in 0..self.len() {
            if colour[start] != usize::MAX {
                continue;
            }
            colour[start] = 0;
            let mut queue = VecDeque::from([start]);
            while let Some(v) = queue.pop_front() {
                for &w in &self.adjacency[v] {
                    if colour[w] == usize::MAX {
                        colour[w] = 1 - colour[v];
                        queue.push_back(w);
                    } else if colour[w] == colour[v] {
                        return None;
                    }
                }
            }
        }
        Some(colour)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex72_is_a_honeycomb_with_the_write_up_numbering() {
        let b = Board::hex72();
        assert_eq!(b.len(), 72);
        assert!(b.adjacency.iter().all(|n| (2..=3).contains(&n.len())));
        assert!(b.is_connected());
        assert!(b.two_colouring().is_some());
        // The write-up's example snake starts 1 -> 4 -> 8 -> 13 (numbered from 1).
        assert!(b.are_neighbours(0, 3));
        assert!(b.are_neighbours(3, 7));
        assert!(b.are_neighbours(7, 12));
        assert!(!b.are_neighbours(0, 1));
    }

    #[test]
    fn grids() {
        let s = Board::square(3, 2);
        assert_eq!(s.adjacency[0], vec![1, 3]);
        let t = Board::triangular(3, 3);
        assert_eq!(t.adjacency[4].len(), 6);
        let h = Board::honeycomb(4, 4);
        assert!(h.adjacency.iter().all(|n| n.len() <= 3));
        assert!(h.is_connected());
        assert!(h.two_colouring().is_some());
        assert!(Board::from_edges(3, &[(1, 4)]).is_err());
        assert!(
            !Board::from_edges(4, &[(1, 2), (3, 4)])
                .unwrap()
                .is_connected()
        );
    }
}
