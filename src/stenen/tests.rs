//! Facts about the engine across modules: the assignment's figures, hand-counted instances,
//! agreement of the modes, parallel == sequential, identical-stone merging.

use std::path::Path;

use proptest::prelude::*;

use super::board::{Board, Placement};
use super::load::{load_stones, parse_stones};
use super::outcome::Mode;
use super::rules::Puzzle;
use super::{count, find};
use crate::search::budget::{Budget, Stopped};
use crate::search::pool::in_pool;

fn instance(h: usize, w: usize, file: &str) -> Puzzle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/stenen").join(file);
    Puzzle::new(h, w, load_stones(&path).unwrap()).unwrap()
}

fn game(h: usize, w: usize, text: &str) -> Puzzle {
    Puzzle::new(h, w, parse_stones(Path::new("t.in"), text).unwrap()).unwrap()
}

fn p(row: usize, col: usize, stone: usize, orientation: usize) -> Placement {
    Placement { row, col, stone, orientation }
}

fn counted(g: &Puzzle, b: &Board, mode: Mode, parallel: bool) -> (u64, u64, u128) {
    let c = count(g, b, mode, parallel, &Budget::unlimited()).unwrap();
    (c.positions, c.distinct, c.labelled)
}

/// The assignment's Figure 4: stones 4, 3 and 1 on a 4x5 board, stone 1 at (0,3,1,3).
fn figure4() -> (Puzzle, Board) {
    let g = instance(4, 5, "stenen1.in");
    let mut b = Board::empty(&g);
    for pl in [p(0, 3, 1, 3), p(0, 2, 3, 0), p(0, 0, 4, 0)] {
        b.place(&g, pl).unwrap();
    }
    (g, b)
}

#[test]
fn seed_figure_4_board_from_placements() {
    let (_, b) = figure4();
    let expected: Vec<Vec<u8>> =
        vec![vec![4, 0, 0, 3, 1], vec![4, 0, 3, 3, 1], vec![4, 0, 3, 1, 1], vec![4, 0, 0, 0, 0]];
    assert_eq!(b.rows(), expected);
    let text = b.to_string();
    assert_eq!(text.lines().next().unwrap().split_whitespace().collect::<Vec<_>>(), ["0", "1", "2", "3", "4"]);
    assert_eq!(text.lines().nth(2).unwrap().split_whitespace().collect::<Vec<_>>(), ["1", "4", ".", "3", "3", "1"]);
}

#[test]
fn refused_placements_leave_the_board_unchanged() {
    let (g, mut b) = figure4();
    let before = b.clone();
    for (pl, reason) in [
        (p(0, 0, 1, 0), "already on the board"),
        (p(0, 0, 6, 0), "does not exist"),
        (p(0, 0, 0, 0), "does not exist"),
        (p(0, 1, 2, 8), "orientation 8"),
        (p(3, 3, 2, 0), "sticks out"),
        (p(3, 4, 5, 0), "sticks out"),
        (p(2, 0, 5, 0), "already covered by stone 4"),
    ] {
        let e = b.place(&g, pl).unwrap_err();
        assert!(e.contains(reason), "{pl}: `{e}` lacks `{reason}`");
        assert_eq!(b, before);
    }
    assert!(b.remove(2).unwrap_err().contains("not on the board"));
    assert!(b.remove(7).unwrap_err().contains("does not exist"));
    assert_eq!(b.remove(1).unwrap(), p(0, 3, 1, 3));
    assert_eq!(b.get(0, 4), 0);
    assert!(!b.is_placed(1));
}

#[test]
fn placement_notation_parses() {
    assert_eq!("(0,3,1,3)".parse::<Placement>().unwrap(), p(0, 3, 1, 3));
    assert_eq!(" 0 3 1 3 ".parse::<Placement>().unwrap(), p(0, 3, 1, 3));
    assert!("(0,3,1)".parse::<Placement>().is_err());
    assert!("(0,3,a,1)".parse::<Placement>().is_err());
    assert!("(0,-3,1,1)".parse::<Placement>().is_err());
}

#[test]
fn two_dominoes_on_2x2_by_hand() {
    // Both horizontal or both vertical; the dominoes are identical: 2 distinct, 4 labelled.
    // Positions: start, horizontal, horizontal+horizontal, vertical, vertical+vertical = 5.
    let g = game(2, 2, "2\n1 2\nXX\n1 2\nXX\n");
    let b = Board::empty(&g);
    for mode in [Mode::Dumb, Mode::Smart] {
        assert_eq!(counted(&g, &b, mode, false), (5, 2, 4), "{mode:?}");
    }
    assert_eq!(counted(&g, &b, Mode::Fast, false).1, 2);
    // Without merging, stone 2 is also tried first: 4 distinct numbered boards.
    assert_eq!(counted(&g.without_classes(), &b, Mode::Dumb, false).1, 4);
}

#[test]
fn two_i_tetrominoes_on_2x4_by_hand() {
    let g = game(2, 4, "2\n4 1\nX\nX\nX\nX\n1 4\nXXXX\n");
    assert_eq!(counted(&g, &Board::empty(&g), Mode::Dumb, false), (3, 1, 2));
    let f = find(&g, &Board::empty(&g), Mode::Dumb, &Budget::unlimited()).unwrap();
    assert_eq!(f.positions, 3);
    assert_eq!(f.board.unwrap(), vec![1, 1, 1, 1, 2, 2, 2, 2]);
}

#[test]
fn smart_rejects_a_cut_off_region_without_counting_it() {
    // 2x3 with an L-tromino and a domino... and a monomino: gcd 1, nothing to cut.
    // 3x2 with two vertical dominoes and a horizontal one: placing the horizontal domino
    // at (1,0) is impossible anyway; use a 2x4 with two L-trominoes and a domino instead:
    // dumb explores a placement leaving a single cell, smart rejects it (min size 2).
    let g = game(2, 4, "3\n2 2\nX.\nXX\n2 2\nX.\nXX\n1 2\nXX\n");
    let b = Board::empty(&g);
    let (dumb, smart) = (counted(&g, &b, Mode::Dumb, false), counted(&g, &b, Mode::Smart, false));
    assert_eq!((dumb.1, dumb.2), (smart.1, smart.2));
    assert!(smart.0 < dumb.0, "smart {smart:?} dumb {dumb:?}");
}

#[test]
fn cell_count_mismatch_answers_at_once() {
    let g = instance(4, 4, "stenen1.in");
    let b = Board::empty(&g);
    for mode in [Mode::Dumb, Mode::Smart, Mode::Fast] {
        assert_eq!(counted(&g, &b, mode, false), (0, 0, 0));
        let f = find(&g, &b, mode, &Budget::unlimited()).unwrap();
        assert_eq!((f.positions, f.board), (0, None));
    }
}

#[test]
fn four_by_five_with_stenen1() {
    // 16 tilings with stones 1 and 2 (identical L's) interchangeable, 32 numbered boards.
    let g = instance(4, 5, "stenen1.in");
    let b = Board::empty(&g);
    assert_eq!(counted(&g, &b, Mode::Dumb, false), (489, 16, 32));
    assert_eq!(counted(&g, &b, Mode::Smart, false), (303, 16, 32));
    assert_eq!(counted(&g, &b, Mode::Fast, false).1, 16);
    assert_eq!(counted(&g.without_classes(), &b, Mode::Smart, false).1, 32);
}

#[test]
fn modes_agree_from_hand_placed_boards() {
    let (g, b) = figure4();
    let results: Vec<(u64, u128)> =
        [Mode::Dumb, Mode::Smart, Mode::Fast].iter().map(|&m| counted(&g, &b, m, false)).map(|c| (c.1, c.2)).collect();
    assert!(results.windows(2).all(|w| w[0] == w[1]), "{results:?}");
    let g3 = instance(5, 8, "stenen3.in");
    let mut b3 = Board::empty(&g3);
    for pl in [p(0, 0, 1, 1), p(1, 0, 3, 0), p(1, 2, 5, 0)] {
        b3.place(&g3, pl).unwrap();
    }
    let all: Vec<(u64, u128)> = [Mode::Dumb, Mode::Smart, Mode::Fast]
        .iter()
        .map(|&m| counted(&g3, &b3, m, false))
        .map(|c| (c.1, c.2))
        .collect();
    assert!(all.windows(2).all(|w| w[0] == w[1]), "{all:?}");
    assert!(all[0].0 > 0);
    // Merging identical stones off and on gives the same labelled count.
    assert_eq!(u128::from(counted(&g3.without_classes(), &b3, Mode::Smart, false).1), all[0].1);
}

#[test]
fn merging_identical_stones_keeps_labelled_counts() {
    for (h, w, file) in [(4, 5, "stenen1.in"), (5, 4, "stenen1.in"), (2, 10, "stenen1.in"), (10, 2, "stenen1.in")] {
        let g = instance(h, w, file);
        let b = Board::empty(&g);
        let merged = counted(&g, &b, Mode::Dumb, false);
        let apart = counted(&g.without_classes(), &b, Mode::Dumb, false);
        assert_eq!(merged.2, u128::from(apart.1), "{h}x{w} {file}");
        assert_eq!(apart.2, u128::from(apart.1));
        assert!(merged.0 <= apart.0);
    }
}

#[test]
fn published_pentomino_counts_in_fast_mode() {
    // 2339, 1010, 368 and 2 tilings up to symmetry; the four symmetries of the rectangle
    // give 4x as many numbered boards, all twelve pentominoes being different.
    let cases = [(6, 10, 9356), (10, 6, 9356), (5, 12, 4040), (4, 15, 1472), (3, 20, 8)];
    for (h, w, n) in cases {
        let g = instance(h, w, "stenen2.in");
        let c = counted(&g, &Board::empty(&g), Mode::Fast, false);
        assert_eq!((c.1, c.2), (n, u128::from(n)), "{h}x{w}");
    }
}

#[test]
fn fast_symmetry_on_a_square_and_on_wide_boards() {
    // 5x5 (a square: 8 symmetries) with five I pentominoes (identical): 2 tilings, all rows
    // or all columns; 2 x 5! numbered boards.
    let g = game(5, 5, "5\n1 5\nXXXXX\n1 5\nXXXXX\n5 1\nX\nX\nX\nX\nX\n1 5\nXXXXX\n1 5\nXXXXX\n");
    let b = Board::empty(&g);
    assert_eq!(counted(&g, &b, Mode::Fast, false).1, 2);
    assert_eq!(counted(&g, &b, Mode::Dumb, false).1, 2);
    assert_eq!(counted(&g, &b, Mode::Fast, false).2, 240);
    // 3x3 with two identical L-trominoes and an I-tromino (alone in its class, so fast mode
    // uses the square's 8 symmetries on it): fast agrees with dumb, merged or not.
    let g = game(3, 3, "3\n2 2\nX.\nXX\n1 3\nXXX\n2 2\nXX\nX.\n");
    let b = Board::empty(&g);
    let fast = counted(&g, &b, Mode::Fast, false);
    let dumb = counted(&g, &b, Mode::Dumb, false);
    assert_eq!((fast.1, fast.2), (dumb.1, dumb.2));
    assert_eq!(fast.2, u128::from(counted(&g.without_classes(), &b, Mode::Dumb, false).1));
}

/// The parallel count on pools of 1, 2 and 3 threads equals the sequential count.
fn parallel_equals_sequential(g: &Puzzle, b: &Board, mode: Mode) -> (u64, u64, u128) {
    let seq = counted(g, b, mode, false);
    for threads in [1, 2, 3] {
        assert_eq!(in_pool(threads, || counted(g, b, mode, true)), seq, "{mode:?} on {threads} threads");
    }
    seq
}

#[test]
fn parallel_positions_equal_sequential() {
    let cases = [(4, 5, "stenen1.in"), (10, 2, "stenen1.in"), (5, 8, "stenen3.in"), (10, 4, "stenen3.in")];
    for (h, w, file) in cases {
        let g = instance(h, w, file);
        let b = Board::empty(&g);
        for mode in [Mode::Dumb, Mode::Smart, Mode::Fast] {
            parallel_equals_sequential(&g, &b, mode);
        }
    }
    let g3 = instance(5, 8, "stenen3.in");
    let mut b3 = Board::empty(&g3);
    b3.place(&g3, p(0, 0, 1, 1)).unwrap();
    b3.place(&g3, p(1, 0, 3, 0)).unwrap();
    for mode in [Mode::Dumb, Mode::Smart, Mode::Fast] {
        parallel_equals_sequential(&g3, &b3, mode);
    }
    // No stone of stenen3 is alone in its class: fast mode has no symmetry orbits and the
    // splitter cuts the solver's own tree; stenen2 on 6x10 starts from the orbits.
    assert_eq!(parallel_equals_sequential(&g3, &Board::empty(&g3), Mode::Fast), (126_838, 3106, 99_392));
    assert_eq!(parallel_equals_sequential(&g3, &Board::empty(&g3), Mode::Smart), (193_547, 3106, 99_392));
    let g2 = instance(6, 10, "stenen2.in");
    assert_eq!(parallel_equals_sequential(&g2, &Board::empty(&g2), Mode::Fast).1, 2339 * 4);
}

#[test]
fn a_zero_time_limit_stops_a_long_count() {
    let g = instance(6, 10, "stenen2.in");
    let b = Board::empty(&g);
    for mode in [Mode::Dumb, Mode::Smart] {
        let r = count(&g, &b, mode, false, &Budget::expired());
        assert_eq!(r, Err(Stopped::TimeLimit));
    }
    // Parallel parts smaller than a tick check the budget before they start.
    let g = instance(3, 20, "stenen2.in");
    let b = Board::empty(&g);
    for mode in [Mode::Dumb, Mode::Smart, Mode::Fast] {
        let r = in_pool(2, || count(&g, &b, mode, true, &Budget::expired()));
        assert_eq!(r, Err(Stopped::TimeLimit), "{mode:?}");
    }
}

#[test]
fn found_boards_are_tilings_with_every_stone() {
    let g = instance(4, 5, "stenen1.in");
    for mode in [Mode::Dumb, Mode::Smart, Mode::Fast] {
        let f = find(&g, &Board::empty(&g), mode, &Budget::unlimited()).unwrap();
        let cells = f.board.unwrap();
        let solved = Board::from_cells(&g, cells.clone());
        let mut rebuilt = Board::empty(&g);
        for pl in solved.placements() {
            rebuilt.place(&g, pl).unwrap();
        }
        assert_eq!(rebuilt.cells(), &cells[..], "{mode:?}");
        assert!((1..=5).all(|s| rebuilt.is_placed(s)));
    }
}

proptest! {
    #[test]
    fn place_then_remove_restores_the_board(
        pre in proptest::collection::vec((0usize..4, 0usize..5, 1usize..6, 0usize..8), 0..4),
        row in 0usize..5, col in 0usize..6, stone in 0usize..7, orientation in 0usize..9,
    ) {
        let g = instance(4, 5, "stenen1.in");
        let mut b = Board::empty(&g);
        for (r, c, s, o) in pre {
            let _ = b.place(&g, p(r, c, s, o));
        }
        let before = b.clone();
        let pl = p(row, col, stone, orientation);
        match b.place(&g, pl) {
            Ok(()) => {
                prop_assert!(b.is_placed(stone));
                prop_assert_eq!(b.remove(stone).unwrap(), pl);
                prop_assert_eq!(b, before);
            }
            Err(_) => prop_assert_eq!(b, before),
        }
    }
}

fn repeated(count: usize, stone: &str) -> String {
    format!("{count}\n{}", stone.repeat(count))
}

#[test]
fn wide_boards_use_the_other_bitset_paths() {
    // 20x4 (80 cells: u128 fast path, stamp-based smart regions) with twenty identical I
    // tetrominoes: a 4-wide strip of n rows has f(n) = f(n-1) + f(n-4) tilings, f(20) = 345,
    // and 345 x 20! numbered boards, more than u64 holds.
    let g = game(20, 4, &repeated(20, "4 1\nX\nX\nX\nX\n"));
    let b = Board::empty(&g);
    let labelled: u128 = 345 * (1..=20u128).product::<u128>();
    assert_eq!(labelled, 839_351_192_820_940_800_000);
    let results: Vec<(u64, u64, u128)> =
        [Mode::Dumb, Mode::Smart, Mode::Fast].map(|m| counted(&g, &b, m, false)).to_vec();
    assert!(results.iter().all(|r| (r.1, r.2) == (345, labelled)), "{results:?}");
    assert_eq!(in_pool(2, || counted(&g, &b, Mode::Smart, true)), results[1]);
    // 12x12 (144 cells: the seven-word bitset) with sixteen 3x3 squares: one tiling.
    let g = game(12, 12, &repeated(16, "3 3\nXXX\nXXX\nXXX\n"));
    let b = Board::empty(&g);
    for mode in [Mode::Dumb, Mode::Smart, Mode::Fast] {
        let c = counted(&g, &b, mode, false);
        assert_eq!((c.1, c.2), (1, 20_922_789_888_000), "{mode:?}");
        let f = find(&g, &b, mode, &Budget::unlimited()).unwrap();
        assert_eq!(f.board.unwrap()[12 * 12 - 1], 16, "{mode:?}");
    }
}
