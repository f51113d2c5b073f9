//! What only snake cubes have: the catalogue of a box (every string that
//! folds into it, with its foldings) and the designer of new strings.

mod catalogue;
mod design;

pub(crate) use catalogue::catalogue_in_reach;
pub use catalogue::{Catalogue, Entry, SPREAD_SHOWN, Summary, catalogue};
pub use design::{
    Certified, Design, DesignProgress, DesignRequest, Designer, EXHAUSTED, Filters, Hardness,
    PROBES, RandomStrings, Tally, designs_directory, random_strings,
};
