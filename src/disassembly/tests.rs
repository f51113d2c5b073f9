//! The rules on small hand-made pieces, and the search against an independent
//! brute force on random cuts of small boxes: every move replayed on the cubes,
//! the depth of the first separation, and whether the pieces come apart at all.

use super::gaps::Gaps;
use super::remembered::Remembered;
use super::search::{Pieces, Scratch, Searched, State, first_separation};
use super::*;
use proptest::prelude::*;
use std::collections::{HashSet, VecDeque};

fn piece(cells: &[Cell]) -> Piece {
    Piece {
        cells: cells.to_vec(),
        group: 0,
        weight: 0,
    }
}

fn apart(pieces: &[Piece]) -> Separation {
    match disassemble(pieces, DEFAULT_MAX_STATES) {
        Outcome::Apart(s) => s,
        other => panic!("expected to come apart: {other:?}"),
    }
}

fn cuboid(lo: Cell, hi: Cell) -> Vec<Cell> {
    let mut out = Vec::new();
    for x in lo[0]..=hi[0] {
        for y in lo[1]..=hi[1] {
            for z in lo[2]..=hi[2] {
                out.push([x, y, z]);
            }
        }
    }
    out
}

#[test]
fn two_cubes_side_by_side_come_apart_in_one_move() {
    let s = apart(&[piece(&[[0, 0, 0]]), piece(&[[1, 0, 0]])]);
    assert_eq!(s.level(), "1");
    // The first piece is held by the second along +x; the second goes.
    let removal = Move {
        pieces: vec![1],
        direction: 0,
        distance: 0,
        removes: true,
        motion: Motion::Cubes,
    };
    assert_eq!(s.moves, vec![removal]);
}

#[test]
fn the_heavier_side_stays_put() {
    let mut pieces = [piece(&[[0, 0, 0]]), piece(&[[1, 0, 0]])];
    pieces[1].weight = 2;
    let s = apart(&pieces);
    // The same separation, shown as the light piece leaving along -x.
    let removal = Move {
        pieces: vec![0],
        direction: 1,
        distance: 0,
        removes: true,
        motion: Motion::Cubes,
    };
    assert_eq!(s.moves, vec![removal]);
}

/// A block with an L-shaped channel in it (along +x, then up +y to its face),
/// and a cube at the channel's closed end.
fn in_a_channel() -> [Piece; 2] {
    let channel: HashSet<Cell> = [[1, 1, 0], [2, 1, 0], [2, 2, 0]].into();
    let block: Vec<Cell> = cuboid([0, 0, -1], [3, 2, 1])
        .into_iter()
        .filter(|c| !channel.contains(c))
        .collect();
    [piece(&block), piece(&[[1, 1, 0]])]
}

/// A cube in a channel of a block: it slides one step along +x, then leaves
/// along +y, as one slide and one removal.
#[test]
fn a_piece_slides_along_a_channel_before_it_comes_out() {
    let s = apart(&in_a_channel());
    assert_eq!(s.level(), "2");
    assert_eq!(
        s.moves,
        vec![
            Move {
                pieces: vec![1],
                direction: 0,
                distance: 1,
                removes: false,
                motion: Motion::Cubes,
            },
            Move {
                pieces: vec![1],
                direction: 2,
                distance: 0,
                removes: true,
                motion: Motion::Cubes,
            },
        ]
    );
}

/// The independent replay passes what the search found and refuses a tree
/// changed so that it breaks the rules.
#[test]
fn the_replay_refuses_plans_that_break_the_rules() {
    let pieces = in_a_channel();
    let found = apart(&pieces);
    assert_eq!(replay(&pieces, &found), Ok(()));
    let broken = |change: &dyn Fn(&mut Separation)| {
        let mut tree = found.clone();
        change(&mut tree);
        replay(&pieces, &tree).expect_err("a broken plan")
    };
    // Out along +y before the slide along the channel.
    let why = broken(&|t| {
        t.moves.remove(0);
    });
    assert!(why.contains("removal +y of [1] runs into"), "{why}");
    // Two steps where the channel is one long.
    let why = broken(&|t| t.moves[0].distance = 2);
    assert!(why.contains("move +x of [1] runs into"), "{why}");
    let why = broken(&|t| t.moves[0].distance = 0);
    assert!(why.contains("by no step"), "{why}");
    let why = broken(&|t| t.pieces = vec![1]);
    assert!(why.contains("not the assembly's 2 pieces"), "{why}");
    let why = broken(&|t| t.moves[1].removes = false);
    assert!(why.contains("does not end with its one removal"), "{why}");
    let why = broken(&|t| t.moves[0].pieces = vec![0, 1]);
    assert!(why.contains("not a proper part"), "{why}");
    // The block left as it is, yet given a separation of its own.
    let why = broken(&|t| t.left = Some(Box::new(t.clone())));
    assert!(why.contains("their separation takes apart [0, 1]"), "{why}");
}

/// A slide of two steps is one move.
#[test]
fn a_longer_slide_is_one_move() {
    let channel: HashSet<Cell> = [[1, 1, 0], [2, 1, 0], [3, 1, 0], [3, 2, 0]].into();
    let block: Vec<Cell> = cuboid([0, 0, -1], [4, 2, 1])
        .into_iter()
        .filter(|c| !channel.contains(c))
        .collect();
    let s = apart(&[piece(&block), piece(&[[1, 1, 0]])]);
    assert_eq!(s.level(), "2");
    assert_eq!(s.moves[0].distance, 2);
}

/// A cube sealed in a hollow box, and a cube beside the box: the loose cube
/// comes off, then the sealed pair is stuck, unless the two share a group.
#[test]
fn a_group_may_stay_together_below_the_top() {
    let shell: Vec<Cell> = cuboid([0, 0, 0], [2, 2, 2])
        .into_iter()
        .filter(|&c| c != [1, 1, 1])
        .collect();
    let mut pieces = [piece(&shell), piece(&[[1, 1, 1]]), piece(&[[3, 0, 0]])];
    assert_eq!(disassemble(&pieces, DEFAULT_MAX_STATES), Outcome::Stuck);
    pieces[0].group = 1;
    pieces[1].group = 1;
    let s = apart(&pieces);
    assert_eq!(s.level(), "1");
    assert!(s.left.is_none() && s.removed.is_none());
    // At the top, a group does not count: all pieces in one group are still
    // taken apart.
    let mut sealed = [piece(&shell), piece(&[[1, 1, 1]])];
    sealed[0].group = 1;
    sealed[1].group = 1;
    assert_eq!(disassemble(&sealed, DEFAULT_MAX_STATES), Outcome::Stuck);
}

#[test]
fn too_many_states_leave_the_assembly_undecided() {
    let pieces = in_a_channel();
    assert_eq!(disassemble(&pieces, 1), Outcome::Undecided);
}

/// Two bars each hold one cube of a split piece under a hole in the lid of a
/// closed box; each bar can slide +x on its own. Sliding both at once is one
/// move (the union of two moves of the same direction and step), after which
/// the split piece comes out: two moves, not three.
#[test]
fn moves_of_the_same_direction_and_step_are_joined() {
    let inside: HashSet<Cell> = cuboid([0, 0, 0], [8, 4, 0]).into_iter().collect();
    let holes: HashSet<Cell> = [[2, 5, 0], [6, 5, 0]].into();
    let frame: Vec<Cell> = cuboid([-1, -1, -1], [9, 5, 1])
        .into_iter()
        .filter(|c| !inside.contains(c) && !holes.contains(c))
        .collect();
    let pieces = [
        piece(&frame),
        piece(&[[2, 3, 0], [3, 3, 0]]),
        piece(&[[6, 3, 0], [7, 3, 0]]),
        piece(&[[2, 2, 0], [6, 2, 0]]),
    ];
    let mut gaps = Gaps::default();
    gaps.set_pieces(pieces.iter().map(|p| p.cells.as_slice()));
    let ids = [0, 1, 2, 3];
    let mut view = Pieces {
        ids: &ids,
        weights: None,
        gaps: &mut gaps,
    };
    let start = vec![[0i16; 3]; 4].into_boxed_slice();
    let Searched::Separated { steps, .. } = first_separation(
        &mut view,
        start,
        DEFAULT_MAX_STATES,
        &mut Scratch::default(),
    ) else {
        panic!("the split piece comes out");
    };
    let joined = search::Step {
        moving: 0b0110,
        direction: 0,
        distance: 1,
        removes: false,
    };
    let out = search::Step {
        moving: 0b1000,
        direction: 2,
        distance: 0,
        removes: true,
    };
    assert_eq!(steps, vec![joined, out]);
}

fn leaf(pieces: Vec<usize>, moves: usize) -> Separation {
    let step = Move {
        pieces: vec![pieces[0]],
        direction: 0,
        distance: 1,
        removes: false,
        motion: Motion::Cubes,
    };
    Separation {
        pieces,
        moves: vec![step; moves],
        left: None,
        removed: None,
    }
}

#[test]
fn the_level_writes_only_the_sides_with_more_than_one_move() {
    let mut s = leaf(vec![0, 1, 2, 3, 4], 15);
    s.left = Some(Box::new(leaf(vec![0, 1, 2], 6)));
    s.removed = Some(Box::new(leaf(vec![3, 4], 2)));
    assert_eq!(s.level(), "15.6.2");
    // A side of single moves all the way down is left out.
    s.left = Some(Box::new(leaf(vec![0, 1, 2], 1)));
    assert_eq!(s.level(), "15.2");
    // ... but one with a longer separation below it is written.
    let mut left = leaf(vec![0, 1, 2], 1);
    left.removed = Some(Box::new(leaf(vec![1, 2], 3)));
    s.left = Some(Box::new(left));
    assert_eq!(s.level(), "15.1.3.2");
}

// The brute force: states are offsets of whole pieces; a move slides any proper
// set of pieces k >= 1 steps along an axis through free cells; a set is removed
// when it can slide without end.

type Offsets = Vec<Cell>;

fn step_of(direction: usize) -> Cell {
    let mut d = [0; 3];
    d[direction / 2] = if direction.is_multiple_of(2) { 1 } else { -1 };
    d
}

fn placed(cells: &[Cell], at: Cell, t: i32, d: Cell) -> impl Iterator<Item = Cell> + '_ {
    cells
        .iter()
        .map(move |c| [0, 1, 2].map(|k| c[k] + at[k] + t * d[k]))
}

/// Whether `set` can slide `t` steps (every step in between free), or without
/// end when `t` is `None`.
fn slides(pieces: &[&[Cell]], at: &Offsets, set: u32, d: Cell, t: Option<i32>) -> bool {
    let others: HashSet<Cell> = (0..pieces.len())
        .filter(|&i| set >> i & 1 == 0)
        .flat_map(|i| placed(pieces[i], at[i], 0, [0; 3]))
        .collect();
    // Far enough that nothing is left ahead: the span of every coordinate.
    let span = pieces
        .iter()
        .zip(at)
        .flat_map(|(p, &a)| placed(p, a, 0, [0; 3]))
        .flat_map(|c| c.into_iter())
        .fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let reach = t.unwrap_or(span.1 - span.0 + 2);
    (1..=reach).all(|step| {
        (0..pieces.len())
            .filter(|&i| set >> i & 1 == 1)
            .all(|i| placed(pieces[i], at[i], step, d).all(|c| !others.contains(&c)))
    })
}

fn normalised(at: &Offsets) -> Offsets {
    let first = at[0];
    at.iter()
        .map(|a| [0, 1, 2].map(|k| a[k] - first[k]))
        .collect()
}

/// The fewest moves to a first separation (the removal included), or `None`.
fn first_separation_depth(
    pieces: &[&[Cell]],
    start: &Offsets,
    limit: usize,
) -> Option<Option<usize>> {
    let n = pieces.len();
    let full = (1u32 << n) - 1;
    let mut seen: HashSet<Offsets> = HashSet::from([normalised(start)]);
    let mut open = VecDeque::from([(start.clone(), 0usize)]);
    while let Some((at, depth)) = open.pop_front() {
        for set in 1..full {
            for direction in 0..6 {
                if slides(pieces, &at, set, step_of(direction), None) {
                    return Some(Some(depth + 1));
                }
            }
        }
        for set in 1..full {
            for direction in 0..6 {
                let d = step_of(direction);
                let mut t = 1;
                while slides(pieces, &at, set, d, Some(t)) {
                    let next: Offsets = (0..n)
                        .map(|i| {
                            if set >> i & 1 == 1 {
                                [0, 1, 2].map(|k| at[i][k] + t * d[k])
                            } else {
                                at[i]
                            }
                        })
                        .collect();
                    if seen.insert(normalised(&next)) {
                        if seen.len() > limit {
                            return None;
                        }
                        open.push_back((next, depth + 1));
                    }
                    t += 1;
                }
            }
        }
    }
    Some(None)
}

/// Replays a separation tree on the cubes: every move must slide its pieces
/// through free cells, every removal must slide its pieces away for good, and
/// each separation must take as many moves as the brute force's first one
/// from the same place. Returns the number of separations checked.
fn replay_with_brute_force(pieces: &[Piece], s: &Separation, at: &mut Vec<Cell>) -> usize {
    let cells: Vec<&[Cell]> = s
        .pieces
        .iter()
        .map(|&i| pieces[i].cells.as_slice())
        .collect();
    let local = |id: usize| s.pieces.iter().position(|&p| p == id).unwrap();
    let mut here: Offsets = s.pieces.iter().map(|&i| at[i]).collect();
    if let Some(depth) = first_separation_depth(&cells, &here, 20_000) {
        assert_eq!(
            depth,
            Some(s.moves.len()),
            "the first separation of {:?}",
            s.pieces
        );
    }
    let mut checked = 1;
    for m in &s.moves {
        let set = m.pieces.iter().fold(0u32, |set, &id| set | 1 << local(id));
        let d = step_of(m.direction);
        if m.removes {
            assert!(
                slides(&cells, &here, set, d, None),
                "a removal that is blocked"
            );
        } else {
            assert!(
                slides(&cells, &here, set, d, Some(m.distance as i32)),
                "a move through another piece"
            );
            for &id in &m.pieces {
                let k = local(id);
                here[k] = [0, 1, 2].map(|a| here[k][a] + m.distance as i32 * d[a]);
            }
        }
    }
    for (k, &id) in s.pieces.iter().enumerate() {
        at[id] = here[k];
    }
    for side in [&s.left, &s.removed].into_iter().flatten() {
        checked += replay_with_brute_force(pieces, side, at);
    }
    checked
}

/// Cuts the box into `k` face-connected pieces grown from random seeds.
fn random_cut(sides: [i32; 3], k: usize, seed: u64) -> Vec<Vec<Cell>> {
    let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
    let mut next = move |bound: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % bound
    };
    let cells = cuboid([0, 0, 0], [sides[0] - 1, sides[1] - 1, sides[2] - 1]);
    let mut owner: Vec<Option<usize>> = vec![None; cells.len()];
    let mut regions: Vec<Vec<Cell>> = Vec::new();
    while regions.len() < k {
        let i = next(cells.len());
        if owner[i].is_none() {
            owner[i] = Some(regions.len());
            regions.push(vec![cells[i]]);
        }
    }
    while owner.iter().any(Option::is_none) {
        let r = next(k);
        let frontier: Vec<usize> = (0..cells.len())
            .filter(|&i| owner[i].is_none())
            .filter(|&i| {
                regions[r]
                    .iter()
                    .any(|c| (0..3).map(|a| (c[a] - cells[i][a]).abs()).sum::<i32>() == 1)
            })
            .collect();
        if !frontier.is_empty() {
            let i = frontier[next(frontier.len())];
            owner[i] = Some(r);
            regions[r].push(cells[i]);
        }
    }
    regions
}

/// A random small puzzle: a box cut into `k` pieces with `holes` of its cells
/// left empty, inside a shell whose one face has an opening of a few cells, so
/// that pieces must slide inside before one comes out.
fn random_puzzle(sides: [i32; 3], k: usize, holes: usize, opening: usize, seed: u64) -> Vec<Piece> {
    let mut regions = random_cut(sides, k + holes, seed);
    // The smallest regions become holes.
    regions.sort_by_key(Vec::len);
    let pieces: Vec<Vec<Cell>> = regions.split_off(holes);
    let inside: HashSet<Cell> = cuboid([0, 0, 0], [sides[0] - 1, sides[1] - 1, sides[2] - 1])
        .into_iter()
        .collect();
    // The opening: cells of the shell's +x face, from a corner of the box.
    let face: Vec<Cell> = cuboid([sides[0], 0, 0], [sides[0], sides[1] - 1, sides[2] - 1]);
    let window: HashSet<Cell> = face.iter().copied().take(opening.max(1)).collect();
    let shell: Vec<Cell> = cuboid([-1, -1, -1], sides)
        .into_iter()
        .filter(|c| !inside.contains(c) && !window.contains(c))
        .collect();
    std::iter::once(shell)
        .chain(pieces)
        .map(|cells| piece(&cells))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Small boxes cut into pieces with a few cells left empty, inside a shell
    /// with an opening: most are stuck, the others need up to five moves to a
    /// separation (a plain cut of a full box comes apart in one).
    #[test]
    fn random_puzzles_agree_with_a_brute_force(
        shape in 0usize..4,
        k in 2usize..5,
        holes in 1usize..4,
        opening in 1usize..7,
        seed in any::<u64>(),
    ) {
        let sides = [[2, 2, 3], [2, 3, 3], [3, 3, 3], [2, 3, 4]][shape];
        let pieces = random_puzzle(sides, k, holes, opening, seed);
        let cells: Vec<&[Cell]> = pieces.iter().map(|p| p.cells.as_slice()).collect();
        let start = vec![[0; 3]; pieces.len()];
        let brute = first_separation_depth(&cells, &start, 20_000);
        match disassemble(&pieces, DEFAULT_MAX_STATES) {
            Outcome::Apart(tree) => {
                let mut at = start.clone();
                prop_assert_eq!(replay_with_brute_force(&pieces, &tree, &mut at), pieces.len() - 1);
                prop_assert_eq!(replay(&pieces, &tree), Ok(()));
            }
            // Stuck at the top exactly when no first separation exists; below
            // it, after the first separation.
            Outcome::Stuck => {
                if brute.is_some() {
                    let ids: Vec<usize> = (0..pieces.len()).collect();
                    prop_assert!(stuck_part_has_no_separation(&pieces, &ids, start));
                }
            }
            Outcome::Undecided => prop_assert!(false, "undecided on a small puzzle"),
        }
    }

    /// One disassembler taking puzzles apart one after the other (its
    /// searches reuse their buffers) answers each as a fresh one does.
    #[test]
    fn a_disassembler_answers_each_puzzle_as_a_fresh_one(
        k in 2usize..5,
        holes in 1usize..3,
        opening in 1usize..7,
        seeds in prop::collection::vec(any::<u64>(), 2..6),
    ) {
        let mut shared = Disassembler::default();
        for seed in seeds {
            let pieces = random_puzzle([2, 3, 3], k, holes, opening, seed);
            prop_assert_eq!(
                shared.disassemble(&pieces, DEFAULT_MAX_STATES),
                Disassembler::default().disassemble(&pieces, DEFAULT_MAX_STATES)
            );
        }
    }
}

/// Follows the search's first separations down from `ids` at `start` to a
/// sub-problem it finds stuck, and says whether the brute force agrees that
/// this sub-problem has no separation at all; each separation on the way takes
/// as many moves as the brute force's first one.
fn stuck_part_has_no_separation(pieces: &[Piece], ids: &[usize], start: Offsets) -> bool {
    let weights: Vec<i32> = pieces.iter().map(|p| p.weight).collect();
    let mut gaps = Gaps::default();
    gaps.set_pieces(pieces.iter().map(|p| p.cells.as_slice()));
    let mut view = Pieces {
        ids,
        weights: Some(&weights),
        gaps: &mut gaps,
    };
    let first = start[0];
    let state: State = start
        .iter()
        .map(|a| [0, 1, 2].map(|k| (a[k] - first[k]) as i16))
        .collect();
    let cells: Vec<&[Cell]> = ids.iter().map(|&i| pieces[i].cells.as_slice()).collect();
    let brute = first_separation_depth(&cells, &start, 20_000);
    match first_separation(
        &mut view,
        state,
        DEFAULT_MAX_STATES,
        &mut Scratch::default(),
    ) {
        Searched::Stuck => brute == Some(None),
        Searched::TooManyStates => false,
        Searched::Separated { steps, before } => {
            if let Some(depth) = brute {
                assert_eq!(depth, Some(steps.len()));
            }
            let removal = steps.last().unwrap();
            [false, true].into_iter().any(|removed| {
                let side: Vec<usize> = (0..ids.len())
                    .filter(|&i| (removal.moving >> i & 1 == 1) == removed)
                    .collect();
                let at: Offsets = side.iter().map(|&i| before[i].map(i32::from)).collect();
                let side_ids: Vec<usize> = side.iter().map(|&i| ids[i]).collect();
                side.len() > 1 && stuck_part_has_no_separation(pieces, &side_ids, at)
            })
        }
    }
}

/// One disassembler taking many assemblies apart in turn remembers searches
/// by their layout: it must give what a fresh one gives, also when the same
/// pieces come again shifted, in another order, with other weights, or after
/// a search that met too many states.
#[test]
fn remembered_searches_give_what_fresh_searches_give() {
    let mut disassembler = Disassembler::default();
    let mut apart = 0;
    for round in 0..240u64 {
        // Four variants of each puzzle in a row, so that searches repeat.
        let seed = round / 4;
        // Half are plain cuts of a box, which come apart in several separations.
        let mut pieces = if seed % 2 == 0 {
            random_cut([3, 3, 3], 3 + seed as usize % 3, seed)
                .iter()
                .map(|cells| piece(cells))
                .collect()
        } else {
            random_puzzle(
                [2, 3, 3],
                2 + seed as usize % 3,
                1 + seed as usize % 3,
                3 + seed as usize % 4,
                seed,
            )
        };
        match round % 4 {
            1 => pieces
                .iter_mut()
                .enumerate()
                .for_each(|(i, p)| p.weight = (i % 3) as i32),
            2 => pieces.iter_mut().for_each(|p| {
                p.cells
                    .iter_mut()
                    .for_each(|c| *c = [c[0] + 5, c[1] - 3, c[2] + 2])
            }),
            3 => pieces.reverse(),
            _ => {}
        }
        if round % 8 == 0 {
            // A search cut short is not remembered as an answer.
            let _ = disassembler.disassemble(&pieces, 2);
        }
        let fresh = disassemble(&pieces, DEFAULT_MAX_STATES);
        apart += usize::from(matches!(fresh, Outcome::Apart(_)));
        assert_eq!(
            disassembler.disassemble(&pieces, DEFAULT_MAX_STATES),
            fresh,
            "round {round}"
        );
    }
    assert!(apart >= 40, "only {apart} came apart");
}

/// A remembered search is keyed by where the pieces sit, but its answer says
/// where they sit before the removal as offsets from the assembly: a layout
/// met again from other offsets (the pieces placed elsewhere in the assembly
/// and moved to the same places) must get the state before the removal of
/// its own start, not of the first search's.
#[test]
fn a_layout_met_again_from_other_offsets_starts_its_sides_from_its_own_places() {
    let wall = [[0, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0]];
    let mut gaps = Gaps::new(Motion::Cubes);
    let mut searches = Remembered::default();
    let ids = [0, 1];
    // The cube sits under the wall's arm at x = 1, then at x = 2 and moved
    // back one step: the same layout.
    let mut answers = Vec::new();
    for (cube, start) in [([1, 0, 0], [0, 0, 0]), ([2, 0, 0], [-1, 0, 0])] {
        gaps.set_pieces([&wall[..], &[cube][..]]);
        let start: State = vec![[0; 3], start].into_boxed_slice();
        let mut view = Pieces {
            ids: &ids,
            weights: None,
            gaps: &mut gaps,
        };
        let fresh = first_separation(
            &mut view,
            start.clone(),
            DEFAULT_MAX_STATES,
            &mut Scratch::default(),
        );
        let remembered = searches.first_separation(&mut view, start, DEFAULT_MAX_STATES);
        let (
            Searched::Separated { steps, before },
            Searched::Separated {
                steps: steps_again,
                before: before_again,
            },
        ) = (fresh, remembered)
        else {
            panic!("the cube comes out");
        };
        assert_eq!((&steps, &before), (&steps_again, &before_again));
        answers.push(before);
    }
    assert_ne!(answers[0], answers[1], "the two starts differ");
}

/// A search that ends stuck has met every state its pieces can reach, so a
/// later search from any of them is answered stuck at once: here, with a
/// limit of one state, which a search would pass at its first move.
#[test]
fn a_stuck_set_of_states_met_again_from_another_of_them_is_stuck_at_once() {
    let cavity = [[0, 0, 0], [1, 0, 0]];
    let shell: Vec<Cell> = cuboid([-1, -1, -1], [2, 1, 1])
        .into_iter()
        .filter(|c| !cavity.contains(c))
        .collect();
    let cube = [[0, 0, 0]];
    let mut gaps = Gaps::new(Motion::Cubes);
    gaps.set_pieces([&shell[..], &cube[..]]);
    let ids = [0, 1];
    let mut view = Pieces {
        ids: &ids,
        weights: None,
        gaps: &mut gaps,
    };
    let at = |x: i16| -> State { vec![[0; 3], [x, 0, 0]].into_boxed_slice() };
    let fresh = Remembered::default;
    // The cube slides to the cavity's other end and back: two states, stuck.
    assert!(matches!(
        fresh().first_separation(&mut view, at(0), DEFAULT_MAX_STATES),
        Searched::Stuck
    ));
    assert!(matches!(
        fresh().first_separation(&mut view, at(1), 1),
        Searched::TooManyStates
    ));
    let mut searches = Remembered::default();
    assert!(matches!(
        searches.first_separation(&mut view, at(0), DEFAULT_MAX_STATES),
        Searched::Stuck
    ));
    assert!(matches!(
        searches.first_separation(&mut view, at(1), 1),
        Searched::Stuck
    ));
}
