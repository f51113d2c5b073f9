//! The problem an exact-cover search solves: items with bounds on how often they are
//! covered, and options, each covering a set of items.

use std::fmt;
use std::sync::OnceLock;

/// An item's index in its [`Matrix`].
pub type Item = u32;

/// An option's index in its [`Matrix`].
pub type OptionId = u32;

/// How often an item must be covered by the options of a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub min: u32,
    pub max: u32,
}

/// A generalised exact-cover problem (Knuth's items and options with
/// multiplicities): choose a set of distinct options so that every item `i` is
/// covered between `min` and `max` times. Primary items of the classic problem are
/// `[1, 1]`; secondary items, which may stay uncovered, are `[0, 1]`; an item
/// `[k, k]` takes exactly k options, so k identical pieces are one item, and the
/// search never places them in k! orders.
#[derive(Clone, Debug, Default)]
pub struct Matrix {
    bounds: Vec<Bounds>,
    /// The items of every option, one after another; option o's are
    /// `items[starts[o]..starts[o + 1]]`.
    items: Vec<Item>,
    starts: Vec<u32>,
    /// The tree size of a first look (see `first_look`), once worked out.
    first_look: OnceLock<f64>,
}

/// A matrix that cannot be searched, said in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixError(pub String);

/// A matrix the engine cannot take is a request it cannot serve.
impl From<MatrixError> for crate::error::Error {
    fn from(e: MatrixError) -> crate::error::Error {
        crate::error::Error::Unsupported(e.to_string())
    }
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MatrixError {}

impl Matrix {
    pub fn new() -> Matrix {
        Matrix {
            bounds: Vec::new(),
            items: Vec::new(),
            starts: vec![0],
            first_look: OnceLock::new(),
        }
    }

    /// Where the first look's estimate is kept.
    pub(super) fn first_look_cell(&self) -> &OnceLock<f64> {
        &self.first_look
    }

    /// An item covered exactly once.
    #[cfg(test)]
    pub fn primary(&mut self) -> Item {
        self.item(1, 1)
    }

    /// An item covered between `min` and `max` times (`min <= max`, `max >= 1`).
    pub fn item(&mut self, min: u32, max: u32) -> Item {
        assert!(min <= max && max >= 1, "bounds [{min}, {max}] of an item");
        // A first look at the tree was of the matrix without this item.
        self.first_look.take();
        self.bounds.push(Bounds { min, max });
        (self.bounds.len() - 1) as Item
    }

    /// An option covering `items` (each at most once, all already made).
    pub fn option(&mut self, items: &[Item]) -> Result<OptionId, MatrixError> {
        if let Some(error) = option_error(items.iter().copied(), self.bounds.len()) {
            return Err(error);
        }
        self.first_look.take();
        self.items.extend_from_slice(items);
        self.starts.push(self.items.len() as u32);
        Ok((self.starts.len() - 2) as OptionId)
    }

    pub fn item_count(&self) -> usize {
        self.bounds.len()
    }

    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    pub fn bounds(&self, item: Item) -> Bounds {
        self.bounds[item as usize]
    }

    pub fn items_of(&self, option: OptionId) -> &[Item] {
        let o = option as usize;
        &self.items[self.starts[o] as usize..self.starts[o + 1] as usize]
    }

    /// Whether `chosen` (distinct options) covers every item within its bounds:
    /// the definition of a solution, checked directly.
    #[cfg(test)]
    pub fn is_solution(&self, chosen: &[OptionId]) -> bool {
        covers_within_bounds(&self.bounds, self.option_count(), chosen, |o| {
            self.items_of(o as OptionId).iter().map(|&i| (i, 1))
        })
    }
}

/// Whether `chosen` names distinct options among `options` that together
/// cover every item within its `bounds`, `cover(o)` giving the items option
/// `o` covers and how often.
#[cfg(test)]
pub(super) fn covers_within_bounds<C: IntoIterator<Item = (Item, u32)>>(
    bounds: &[Bounds],
    options: usize,
    chosen: &[OptionId],
    cover: impl Fn(usize) -> C,
) -> bool {
    let mut covered = vec![0u32; bounds.len()];
    let mut seen = vec![false; options];
    for &o in chosen {
        if (o as usize) >= seen.len() || std::mem::replace(&mut seen[o as usize], true) {
            return false;
        }
        for (i, times) in cover(o as usize) {
            covered[i as usize] += times;
        }
    }
    covered
        .iter()
        .zip(bounds)
        .all(|(&c, b)| b.min <= c && c <= b.max)
}

/// Why an option naming `items` (of `made` items) cannot be added, if it
/// cannot: it names none, one not made, or one twice.
pub(super) fn option_error(
    items: impl Iterator<Item = Item> + Clone,
    made: usize,
) -> Option<MatrixError> {
    if items.clone().next().is_none() {
        return Some(MatrixError("an option must cover at least one item".into()));
    }
    if let Some(i) = items.clone().find(|&i| i as usize >= made) {
        return Some(MatrixError(format!(
            "option names item {i}, which is not made"
        )));
    }
    // Options usually name their items in rising order (a packing's cells in
    // the target's order, then the piece's item), which cannot repeat one;
    // others are sorted to find a repeat, as a frame's hundreds of cells
    // would make a test of every pair cost more than the search.
    let rising = items.clone().zip(items.clone().skip(1)).all(|(a, b)| a < b);
    if !rising {
        let mut sorted: Vec<Item> = items.collect();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Some(MatrixError(format!("option names item {} twice", w[0])));
        }
    }
    None
}
