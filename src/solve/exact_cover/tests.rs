//! The exact-cover engine against brute force: every subset of the options of small
//! random matrices with primary, secondary and multiplicity items.

use super::bits::Bits;
use super::cores::{Cores, on_core};
use super::{
    CoreChoice, CoverEvent, CoverSearch, FEWEST_UNITS, Matrix, OptionId, Wanted, estimate_nodes,
};
use crate::Error;
use crate::solve::subtrees::{Core, Signal, Tree};
use proptest::prelude::*;

/// Item bounds the random matrices draw from: exact, secondary, ranges, multiples.
const BOUNDS: [(u32, u32); 6] = [(1, 1), (0, 1), (0, 2), (1, 2), (2, 2), (0, 3)];

/// A matrix and the same problem as plain data, for the brute force.
fn build(bounds: &[(u32, u32)], options: &[Vec<u32>]) -> Matrix {
    let mut m = Matrix::new();
    for &(min, max) in bounds {
        m.item(min, max);
    }
    for items in options {
        m.option(items).unwrap();
    }
    m
}

/// Every set of options covering each item within its bounds, by trying all subsets.
fn brute_force(bounds: &[(u32, u32)], options: &[Vec<u32>]) -> Vec<Vec<OptionId>> {
    let mut out = Vec::new();
    for subset in 0u32..1 << options.len() {
        let mut covered = vec![0u32; bounds.len()];
        let chosen: Vec<OptionId> = (0..options.len() as u32)
            .filter(|o| subset >> o & 1 == 1)
            .collect();
        for &o in &chosen {
            for &i in &options[o as usize] {
                covered[i as usize] += 1;
            }
        }
        if covered
            .iter()
            .zip(bounds)
            .all(|(&c, &(min, max))| min <= c && c <= max)
        {
            out.push(chosen);
        }
    }
    out.sort();
    out
}

/// Every core: each is held to the brute force on its own.
const CORES: [CoreChoice; 3] = [
    CoreChoice::Auto,
    CoreChoice::General,
    CoreChoice::FirstEmpty,
];

/// The engine's solutions (each sorted, the list sorted) and its own count.
fn engine(
    matrix: &Matrix,
    core: CoreChoice,
    threads: usize,
    solutions: bool,
) -> (Vec<Vec<OptionId>>, u64) {
    engine_part(matrix, core, threads, solutions, None)
}

/// [`engine`] on one share of the search.
fn engine_part(
    matrix: &Matrix,
    core: CoreChoice,
    threads: usize,
    solutions: bool,
    part: Option<(usize, usize)>,
) -> (Vec<Vec<OptionId>>, u64) {
    let mut found = Vec::new();
    let search = CoverSearch {
        matrix,
        threads,
        wanted: if solutions {
            Wanted::Each
        } else {
            Wanted::Number
        },
        estimate: true,
        part,
        core,
    };
    let outcome = search
        .run(&mut |event| -> Result<bool, Error> {
            if let CoverEvent::Solution(mut chosen) = event {
                chosen.sort();
                found.push(chosen);
            }
            Ok(true)
        })
        .unwrap();
    assert!(outcome.complete);
    found.sort();
    (found, outcome.solutions)
}

fn random_problem(
    items: usize,
    picks: &[usize],
    sets: &[Vec<usize>],
) -> (Vec<(u32, u32)>, Vec<Vec<u32>>) {
    let bounds: Vec<(u32, u32)> = picks[..items].iter().map(|&k| BOUNDS[k]).collect();
    let options: Vec<Vec<u32>> = sets
        .iter()
        .map(|set| {
            let mut items: Vec<u32> = set.iter().map(|&i| (i % items) as u32).collect();
            items.sort();
            items.dedup();
            items
        })
        .collect();
    (bounds, options)
}

fn assert_matches(bounds: &[(u32, u32)], options: &[Vec<u32>]) {
    let expected = brute_force(bounds, options);
    let matrix = build(bounds, options);
    for core in CORES {
        for threads in [1, 2] {
            let (found, n) = engine(&matrix, core, threads, true);
            assert_eq!(
                found, expected,
                "{core:?}, {threads} threads, {bounds:?} {options:?}"
            );
            assert_eq!(n as usize, expected.len());
            let (none, counted) = engine(&matrix, core, threads, false);
            assert!(none.is_empty(), "solutions handed out when only counting");
            assert_eq!(
                counted as usize,
                expected.len(),
                "{core:?}, count only, {threads} threads"
            );
        }
    }
    for chosen in &expected {
        assert!(matrix.is_solution(chosen));
    }
    assert!(estimate_nodes(&matrix, 10).unwrap() >= 1.0);
    // Shares of a split search are disjoint and together find every solution.
    for core in CORES {
        for count in [2, 3] {
            let mut all = Vec::new();
            for index in 0..count {
                let (found, n) = engine_part(&matrix, core, 2, true, Some((index, count)));
                assert_eq!(found.len() as u64, n);
                all.extend(found);
            }
            all.sort();
            assert_eq!(all, expected, "{core:?}, {count} shares");
        }
    }
}

#[test]
fn exact_cover_of_knuths_example() {
    // Knuth's example: items a..g, one solution {a d}, {b g}, {c e f}.
    let options = vec![
        vec![2, 4],
        vec![0, 3, 6],
        vec![1, 2, 5],
        vec![0, 3, 5],
        vec![1, 6],
        vec![3, 4, 6],
    ];
    let bounds = vec![(1, 1); 7];
    assert_eq!(brute_force(&bounds, &options), vec![vec![0, 3, 4]]);
    assert_matches(&bounds, &options);
}

#[test]
fn multiplicities_never_repeat_a_solution_in_another_order() {
    // Three identical dominoes covering a strip of 6 cells: options are the 5
    // positions, the piece item needs exactly 3 of them.
    let mut options: Vec<Vec<u32>> = (0..5).map(|c| vec![c, c + 1, 6]).collect();
    options.push(vec![6]);
    let mut bounds = vec![(1, 1); 6];
    bounds.push((3, 3));
    let expected = brute_force(&bounds, &options);
    assert_eq!(expected, vec![vec![0, 2, 4]]);
    assert_matches(&bounds, &options);
}

#[test]
fn secondary_items_may_stay_empty_and_optional_options_are_enumerated() {
    // Cells 0, 1 must be covered, cell 2 may be; a monomino piece may be used 0..=2
    // times, a domino once.
    let options = vec![
        vec![0, 3],
        vec![1, 3],
        vec![2, 3],
        vec![0, 1, 4],
        vec![1, 2, 4],
    ];
    let bounds = vec![(1, 1), (1, 1), (0, 1), (0, 2), (1, 1)];
    let expected = brute_force(&bounds, &options);
    assert!(expected.contains(&vec![2, 3]), "{expected:?}");
    assert!(expected.contains(&vec![3]), "{expected:?}");
    assert_matches(&bounds, &options);
}

#[test]
fn an_impossible_matrix_has_no_solution() {
    let options = vec![vec![0, 1], vec![1, 2]];
    let bounds = vec![(1, 1); 3];
    assert!(brute_force(&bounds, &options).is_empty());
    assert_matches(&bounds, &options);
}

#[test]
fn bad_options_are_refused() {
    let mut m = Matrix::new();
    let a = m.primary();
    assert!(m.option(&[]).is_err());
    assert!(m.option(&[a, a]).is_err());
    assert!(m.option(&[a + 1]).is_err());
    // A repeat is found wherever it stands, in rising order or not.
    let (b, c) = (m.primary(), m.primary());
    assert!(m.option(&[a, b, c]).is_ok());
    assert!(m.option(&[c, a, b]).is_ok());
    assert!(m.option(&[a, c, b, c]).is_err());
    assert!(m.option(&[c, b, a, b]).is_err());
    assert!(m.option(&[a, b, b]).is_err());
}

/// The bitboard core's estimate from a million random paths, and the nodes
/// its search visits.
fn bitboard_estimate_and_nodes(matrix: &Matrix) -> (f64, u64) {
    let cores = Cores::new(matrix, CoreChoice::Auto, false).unwrap();
    assert!(!matches!(cores, Cores::General(_)), "a bitboard");
    let never = Signal::new();
    on_core!(&cores, core => {
        let estimate = core.walk(&never).mean_probe(1_000_000, 0);
        let mut walk = core.walk(&never);
        walk.search(&mut |_| true);
        (estimate, walk.nodes())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_matrices_match_brute_force(
        items in 1usize..7,
        picks in prop::collection::vec(0usize..BOUNDS.len(), 7),
        sets in prop::collection::vec(prop::collection::vec(0usize..7, 1..4), 0..11),
    ) {
        let (bounds, options) = random_problem(items, &picks, &sets);
        assert_matches(&bounds, &options);
    }

    /// Many options on few exact items: deep enough trees to be cut into many
    /// units, so that threads really share them.
    #[test]
    fn larger_exact_covers_match_brute_force(
        sets in prop::collection::vec(prop::collection::vec(0usize..8, 1..3), 12..16),
    ) {
        let (bounds, options) = random_problem(8, &[0; 8], &sets);
        assert_matches(&bounds, &options);
    }

    /// The bitboard core's random paths estimate the tree its search walks:
    /// a path skips the children the search does not make, and the paths that
    /// share a node still pick its children at random. A million paths on
    /// these small trees come within a percent of the nodes searched.
    #[test]
    fn bitboard_paths_estimate_the_nodes_searched(
        sets in prop::collection::vec(prop::collection::vec(0usize..10, 1..4), 15..40),
        loose in 0usize..3,
    ) {
        // Ten items, the last `loose` of them secondary: trees of tens to
        // thousands of nodes.
        let picks: Vec<usize> = (0..10).map(|i| usize::from(i + loose >= 10)).collect();
        let (bounds, options) = random_problem(10, &picks, &sets);
        let matrix = build(&bounds, &options);
        let (estimate, nodes) = bitboard_estimate_and_nodes(&matrix);
        let error = (estimate / nodes as f64 - 1.0).abs();
        prop_assert!(error < 0.01, "{estimate} estimated, {nodes} searched");
    }

    /// The reduction's shortcut (options killed worked out as a bitset,
    /// options left counted word by word until enough) takes out exactly the
    /// options that choosing them and looking for a branch shows dead.
    #[test]
    fn reduction_matches_choosing_each_option(
        items in 1usize..7,
        picks in prop::collection::vec(0usize..BOUNDS.len(), 7),
        sets in prop::collection::vec(prop::collection::vec(0usize..7, 1..4), 0..40),
        gaps in prop::collection::vec(0usize..40, 40),
    ) {
        let (mut bounds, real) = random_problem(items, &picks, &sets);
        // Options of a free item between the others spread an item's options
        // over the words of a bitset, where the counting stops and goes on.
        let free = bounds.len() as u32;
        bounds.push((0, u32::MAX));
        let mut options = Vec::new();
        for (items, &gap) in real.into_iter().zip(&gaps) {
            options.extend(std::iter::repeat_n(vec![free], gap));
            options.push(items);
        }
        let matrix = build(&bounds, &options);
        let mut bits = Bits::new(&matrix).unwrap();
        bits.reduce();
        let live: Vec<bool> = (0..matrix.option_count() as OptionId)
            .map(|o| bits.is_live(o))
            .collect();
        prop_assert_eq!(live, reduced_by_choosing(&matrix));
    }
}

/// A random problem beside `padding` items that each have one option of their
/// own: the same solutions, each with the padding options, on boards of two to
/// eight words, and beyond them on the general core.
fn assert_padded_matches(bounds: &[(u32, u32)], options: &[Vec<u32>], padding: usize) {
    let mut bounds = bounds.to_vec();
    let mut options = options.to_vec();
    let first = bounds.len() as u32;
    let pads: Vec<u32> = (0..padding as u32)
        .map(|k| {
            bounds.push((1, 1));
            options.push(vec![first + k]);
            (options.len() - 1) as u32
        })
        .collect();
    let solutions = brute_force(
        &bounds[..first as usize],
        &options[..options.len() - padding],
    );
    assert_padded_solutions(
        &build(&bounds, &options),
        solutions,
        &pads,
        &format!("{padding} padding items"),
    );
}

/// Every core finds `solutions`, each with the options `pads` added, in `matrix`.
fn assert_padded_solutions(
    matrix: &Matrix,
    solutions: Vec<Vec<OptionId>>,
    pads: &[OptionId],
    what: &str,
) {
    let mut expected: Vec<Vec<OptionId>> = solutions
        .into_iter()
        .map(|mut chosen| {
            chosen.extend(pads);
            chosen
        })
        .collect();
    expected.sort();
    for core in CORES {
        let (found, n) = engine(matrix, core, 2, true);
        assert_eq!(found, expected, "{core:?}, {what}");
        assert_eq!(n as usize, expected.len());
    }
}

/// A random problem with `gap` padding items (each with one option of its own)
/// before each of its items: the bitboard core sorts options by their first
/// bit, so an item's options, starting at different items, land in words of
/// the option bitset far apart, with padding options between them. The same
/// solutions, each with the padding options.
fn assert_interleaved_matches(bounds: &[(u32, u32)], options: &[Vec<u32>], gap: usize) {
    let moved = |i: u32| (i as usize * (gap + 1) + gap) as u32;
    let mut all_bounds = Vec::new();
    for &b in bounds {
        all_bounds.extend(std::iter::repeat_n((1, 1), gap));
        all_bounds.push(b);
    }
    let mut all_options: Vec<Vec<u32>> = options
        .iter()
        .map(|items| items.iter().map(|&i| moved(i)).collect())
        .collect();
    let pads: Vec<OptionId> = (0..all_bounds.len() as u32)
        .filter(|&i| i as usize % (gap + 1) != gap)
        .map(|i| {
            all_options.push(vec![i]);
            (all_options.len() - 1) as OptionId
        })
        .collect();
    assert_padded_solutions(
        &build(&all_bounds, &all_options),
        brute_force(bounds, options),
        &pads,
        &format!("{gap} padding items between"),
    );
}

/// A random problem beside a frame: one option covering `frame` items of
/// its own and an item that only it covers, so that every solution holds it,
/// and beside each option of the problem one more that also takes a frame
/// item (in no solution). The same solutions, each with the frame; the frame's
/// items, settled, leave the bitboard, which stays one word wide however
/// large the frame.
fn assert_framed_matches(bounds: &[(u32, u32)], options: &[Vec<u32>], frame: usize) {
    let solutions = brute_force(bounds, options);
    let mut all_bounds = bounds.to_vec();
    let mut all_options = options.to_vec();
    let first = bounds.len() as u32;
    all_bounds.extend(std::iter::repeat_n((1, 1), frame + 1));
    let frame_items: Vec<u32> = (first..=first + frame as u32).collect();
    for (k, items) in options.iter().enumerate() {
        let mut clashing = items.clone();
        clashing.push(first + 1 + (k % frame) as u32);
        all_options.push(clashing);
    }
    all_options.push(frame_items);
    let frame_option = (all_options.len() - 1) as OptionId;
    let matrix = build(&all_bounds, &all_options);
    assert!(
        matches!(
            Cores::new(&matrix, CoreChoice::Auto, false),
            Ok(Cores::Board1(_))
        ),
        "a frame of {frame} items settled"
    );
    assert_padded_solutions(
        &matrix,
        solutions,
        &[frame_option],
        &format!("a frame of {frame} items"),
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn framed_boards_match_brute_force(
        items in 1usize..7,
        picks in prop::collection::vec(0usize..BOUNDS.len(), 7),
        sets in prop::collection::vec(prop::collection::vec(0usize..7, 1..4), 0..11),
        frame in prop::sample::select(vec![1usize, 70, 600]),
    ) {
        let (bounds, options) = random_problem(items, &picks, &sets);
        assert_framed_matches(&bounds, &options, frame);
    }

    /// Exact and secondary items only, with enough options that the bit a
    /// node branches on is often not the first open one, so its options left
    /// start at several items and lie in several words; so do the options of
    /// the bits the stranded-children check watches. Reading only the first
    /// word of either fails this test and no other.
    #[test]
    fn options_spread_over_words_match_brute_force(
        items in 3usize..7,
        picks in prop::collection::vec(0usize..2, 7),
        sets in prop::collection::vec(prop::collection::vec(0usize..7, 1..4), 8..17),
        gap in 25usize..40,
    ) {
        let (bounds, options) = random_problem(items, &picks, &sets);
        assert_interleaved_matches(&bounds, &options, gap);
    }

    #[test]
    fn wide_boards_match_brute_force(
        items in 1usize..7,
        picks in prop::collection::vec(0usize..BOUNDS.len(), 7),
        sets in prop::collection::vec(prop::collection::vec(0usize..7, 1..4), 0..11),
        padding in prop::sample::select(vec![60usize, 130, 190, 250, 300, 380, 450, 520]),
    ) {
        let (bounds, options) = random_problem(items, &picks, &sets);
        assert_padded_matches(&bounds, &options, padding);
    }
}

/// What `Bits::reduce` must do, step by step: choose each live option on a
/// saved state and ask the search whether it is dead, until nothing changes.
fn reduced_by_choosing(matrix: &Matrix) -> Vec<bool> {
    let mut bits = Bits::new(matrix).unwrap();
    loop {
        let mut removed = false;
        for o in 0..matrix.option_count() as OptionId {
            if !bits.is_live(o) {
                continue;
            }
            bits.save();
            bits.choose(o);
            let dead = bits.short_of_minimum();
            bits.restore();
            if dead {
                bits.exclude(o);
                removed = true;
            }
        }
        if !removed {
            break;
        }
    }
    (0..matrix.option_count() as OptionId)
        .map(|o| bits.is_live(o))
        .collect()
}

/// A tree estimated small is asked to be cut into one unit per hundred of
/// its nodes, never fewer than the fewest nor more than the engine's usual.
#[test]
fn small_trees_ask_for_fewer_units() {
    let matrix = Matrix::new();
    let search = CoverSearch {
        matrix: &matrix,
        threads: 2,
        wanted: Wanted::Each,
        estimate: false,
        part: None,
        core: CoreChoice::Auto,
    };
    let wanted = |nodes: f64| search.sharing(nodes).units_wanted;
    assert_eq!(wanted(59_558.0), 595);
    assert_eq!(wanted(1e9), crate::solve::subtrees::UNITS_WANTED);
    assert_eq!(wanted(10.0), FEWEST_UNITS);
    assert_eq!(wanted(f64::NAN), FEWEST_UNITS);
    assert_eq!(wanted(f64::INFINITY), crate::solve::subtrees::UNITS_WANTED);
}
