//! The surface of a piece of the other grids' cells, as a slicer needs it:
//! the faces no other cell of the piece shares, each edge of one paired with
//! the edge of the other face that bounds the same run of the piece's cells
//! around that edge, and the faces around each corner in turn (its fans).
//!
//! Where a piece's cells meet along an edge alone, four faces share the
//! edge; pairing them by runs keeps the two wedges apart, so that each fan
//! goes round one side of the solid and the surface stays a solid's.

use crate::geometry::Cell;
use crate::geometry::grid::{Grid, solid};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::Hash;

/// A corner of the grid's frame.
pub type Corner = [i32; 3];

/// A face's corner, or the side from it to the face's next corner: the
/// face's index and the corner's.
pub type FaceCorner = (usize, usize);

/// A face of a cell that no other cell of the piece shares.
pub struct Face {
    /// Which of the piece's cells it bounds.
    pub cell: usize,
    /// Its corners, counter-clockwise seen from outside the piece.
    pub corners: Vec<Corner>,
}

/// The piece's surface: its faces, each side's partner across its edge,
/// and the fans around its corners.
pub struct Surface {
    pub faces: Vec<Face>,
    /// For each side (face, corner it starts from), the side of the face
    /// across its edge, which runs the other way.
    pub across: HashMap<FaceCorner, FaceCorner>,
    /// The face corners around each corner of the surface, in turn: from a
    /// face corner, over the side it starts, to the next face's corner.
    pub fans: Vec<Vec<FaceCorner>>,
    /// For each cell, its faces' corners (counter-clockwise seen from
    /// outside the cell) and whether the face is on the surface.
    pub cell_faces: Vec<Vec<(Vec<Corner>, bool)>>,
}

/// Cells joined through shared faces around a part of the frame (a corner
/// or an edge): union-find on (part, cell).
struct Joined<K> {
    parent: HashMap<(K, usize), (K, usize)>,
}

impl<K: Hash + Eq + Copy> Joined<K> {
    fn new() -> Self {
        Joined {
            parent: HashMap::new(),
        }
    }

    /// The cell standing for those joined to `at`'s cell around its part.
    fn root(&mut self, at: (K, usize)) -> usize {
        let mut x = at;
        while let Some(&p) = self.parent.get(&x) {
            if p == x {
                break;
            }
            x = p;
        }
        // Shorten the path for the next look.
        let root = x;
        let mut y = at;
        while let Some(&p) = self.parent.get(&y) {
            if p == y {
                break;
            }
            self.parent.insert(y, root);
            y = p;
        }
        root.1
    }

    fn join(&mut self, a: (K, usize), b: (K, usize)) {
        let (ra, rb) = ((a.0, self.root(a)), (b.0, self.root(b)));
        if ra != rb {
            self.parent.insert(ra, rb);
        }
    }
}

/// An edge of the frame, its ends in order.
fn edge(a: Corner, b: Corner) -> (Corner, Corner) {
    if a < b { (a, b) } else { (b, a) }
}

impl Surface {
    /// The surface of the piece made of `cells` of `grid`; an error in
    /// words should it not be a solid's.
    pub fn of(grid: Grid, cells: &[Cell]) -> Result<Surface, String> {
        // Every face of every cell, by its corners as a set: a face two
        // cells of the piece share is inside.
        let mut by_key: BTreeMap<Vec<Corner>, Vec<(usize, Vec<Corner>)>> = BTreeMap::new();
        let mut keys: Vec<Vec<Vec<Corner>>> = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            let s = solid(grid, c);
            let mut mine = Vec::new();
            for f in &s.faces {
                let corners: Vec<Corner> = f.iter().map(|&i| s.corners[i]).collect();
                let mut key = corners.clone();
                key.sort();
                by_key.entry(key.clone()).or_default().push((i, corners));
                mine.push(key);
            }
            keys.push(mine);
        }
        let cell_faces = keys
            .iter()
            .enumerate()
            .map(|(i, mine)| {
                mine.iter()
                    .map(|key| {
                        let sharing = &by_key[key];
                        let own = sharing.iter().find(|(c, _)| *c == i).unwrap();
                        (own.1.clone(), sharing.len() == 1)
                    })
                    .collect()
            })
            .collect();
        // Around each edge, the piece's cells joined through the faces
        // along it: each run of them is bounded by two faces of the surface.
        let mut runs = Joined::new();
        for sharing in by_key.values().filter(|s| s.len() == 2) {
            let corners = &sharing[0].1;
            for i in 0..corners.len() {
                let e = edge(corners[i], corners[(i + 1) % corners.len()]);
                runs.join((e, sharing[0].0), (e, sharing[1].0));
            }
        }
        let faces: Vec<Face> = by_key
            .into_values()
            .filter(|s| s.len() == 1)
            .flatten()
            .map(|(cell, corners)| Face { cell, corners })
            .collect();
        // Each run's two sides go opposite ways, or the surface is no
        // solid's.
        let mut sides: HashMap<((Corner, Corner), usize), Vec<FaceCorner>> = HashMap::new();
        for (fi, f) in faces.iter().enumerate() {
            for i in 0..f.corners.len() {
                let e = edge(f.corners[i], f.corners[(i + 1) % f.corners.len()]);
                sides
                    .entry((e, runs.root((e, f.cell))))
                    .or_default()
                    .push((fi, i));
            }
        }
        let start = |s: FaceCorner| faces[s.0].corners[s.1];
        let mut across = HashMap::new();
        for pair in sides.values() {
            if pair.len() != 2 || start(pair[0]) == start(pair[1]) {
                return Err("a piece whose surface is not a solid's".into());
            }
            across.insert(pair[0], pair[1]);
            across.insert(pair[1], pair[0]);
        }
        let fans = fans(&faces, &across);
        Ok(Surface {
            faces,
            across,
            fans,
            cell_faces,
        })
    }
}

/// The face corners around each corner, in turn: from a face corner over
/// the side it starts to the side across, whose face's next corner is the
/// same corner of the frame.
fn fans(faces: &[Face], across: &HashMap<FaceCorner, FaceCorner>) -> Vec<Vec<FaceCorner>> {
    let mut seen: HashSet<FaceCorner> = HashSet::new();
    let mut fans = Vec::new();
    for (fi, f) in faces.iter().enumerate() {
        for i in 0..f.corners.len() {
            if seen.contains(&(fi, i)) {
                continue;
            }
            let mut fan = Vec::new();
            let mut at = (fi, i);
            while seen.insert(at) {
                fan.push(at);
                let (fj, m) = across[&at];
                at = (fj, (m + 1) % faces[fj].corners.len());
            }
            fans.push(fan);
        }
    }
    fans
}
