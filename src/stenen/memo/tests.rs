use std::path::Path;

use super::*;
use crate::search::pool::in_pool;
use crate::stenen::board::Placement;
use crate::stenen::load::{load_stones, parse_stones};

fn instance(h: usize, w: usize, file: &str) -> Puzzle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/stenen").join(file);
    Puzzle::new(h, w, load_stones(&path).unwrap()).unwrap()
}

fn repeated(h: usize, w: usize, count: usize, stone: &str) -> Puzzle {
    let text = format!("{count}\n{}", stone.repeat(count));
    Puzzle::new(h, w, parse_stones(Path::new("t.in"), &text).unwrap()).unwrap()
}

fn walk(g: &Puzzle, b: &Board, mode: Mode) -> (u64, u64, u128) {
    let c = crate::stenen::count(g, b, mode, false, &Budget::unlimited()).unwrap();
    (c.positions, c.distinct, c.labelled)
}

fn memo(g: &Puzzle, b: &Board, mode: Mode, parallel: bool, bytes: u64) -> (u64, u64, u128) {
    memo_on(2, g, b, mode, parallel, bytes)
}

fn memo_on(threads: usize, g: &Puzzle, b: &Board, mode: Mode, parallel: bool, bytes: u64) -> (u64, u64, u128) {
    let c = in_pool(threads, || {
        count_bytes(Request { game: g, board: b, mode, budget: &Budget::unlimited(), bytes, walk_first: 0 }, parallel)
    })
    .unwrap()
    .unwrap();
    (c.positions, c.distinct, c.labelled)
}

/// Memo counts (large table, one-bucket table, sequential, parallel) and memo finds
/// (positions and board) equal the plain walk's.
fn check(g: &Puzzle, b: &Board) {
    for mode in [Mode::Dumb, Mode::Smart] {
        let plain = walk(g, b, mode);
        for (parallel, bytes) in [(false, 1 << 24), (true, 1 << 24), (false, 1), (true, 1)] {
            for threads in [1, 2, 3] {
                let m = memo_on(threads, g, b, mode, parallel, bytes);
                assert_eq!(m, plain, "{mode:?} parallel={parallel} bytes={bytes} threads={threads}");
            }
        }
        let f = crate::stenen::find(g, b, mode, &Budget::unlimited()).unwrap();
        for bytes in [1 << 24, 1] {
            let m = find_bytes(Request { game: g, board: b, mode, budget: &Budget::unlimited(), bytes, walk_first: 0 })
                .unwrap()
                .unwrap();
            assert_eq!((m.positions, &m.board), (f.positions, &f.board), "{mode:?} find bytes={bytes}");
        }
    }
}

#[test]
fn memo_equals_the_walk_on_the_seed_instances() {
    check(&instance(4, 5, "stenen1.in"), &Board::empty(&instance(4, 5, "stenen1.in")));
    let g = instance(5, 8, "stenen3.in");
    check(&g, &Board::empty(&g));
    let g = instance(10, 4, "stenen3.in");
    check(&g, &Board::empty(&g));
}

#[test]
fn memo_equals_the_walk_on_6x10_smart_from_a_started_board() {
    // The empty 6x10 smart count takes minutes; from the first three stones of the
    // first solution it is small.
    let g = instance(6, 10, "stenen2.in");
    let first = crate::stenen::find(&g, &Board::empty(&g), Mode::Smart, &Budget::unlimited()).unwrap();
    let cells = first.board.unwrap();
    let mut b = Board::from_cells(&g, cells.clone());
    let mut order: Vec<u8> = Vec::new();
    for &v in &cells {
        if !order.contains(&v) {
            order.push(v);
        }
    }
    for &v in &order[3..] {
        b.remove(usize::from(v)).unwrap();
    }
    let plain = walk(&g, &b, Mode::Smart);
    assert!(plain.0 > 10_000, "{plain:?}");
    assert_eq!(memo(&g, &b, Mode::Smart, false, 1 << 24), plain);
    assert_eq!(memo(&g, &b, Mode::Smart, true, 1 << 12), plain);
}

#[test]
fn identical_stones_share_states_and_labelled_counts_stay_exact() {
    // Twenty identical L trominoes on 6x10: one class, 1,650,491 walk positions.
    let g = repeated(6, 10, 20, "2 2\nXX\nX.\n");
    let b = Board::empty(&g);
    let plain = walk(&g, &b, Mode::Dumb);
    assert_eq!(plain.0, 1_650_491);
    assert_eq!(memo(&g, &b, Mode::Dumb, true, 1 << 20), plain);
    // A hand-placed stone that is not the lowest of its class (stone 2, the second I of
    // stenen3): the unplaced multiset is the key, the labelled factor counts the rest.
    let g = instance(5, 8, "stenen3.in");
    let mut b = Board::empty(&g);
    b.place(&g, Placement { row: 0, col: 0, stone: 2, orientation: 1 }).unwrap();
    check(&g, &b);
}

#[test]
fn more_than_64_cells_use_the_two_word_key() {
    // 18x4 (72 cells) with eighteen identical L tetrominoes: walk and memo agree.
    let g = repeated(18, 4, 18, "2 3\nX..\nXXX\n");
    check(&g, &Board::empty(&g));
    // 8x10 with twenty L tetrominoes: 261,621,739 dumb walk positions (too many to
    // walk here); the memo's dumb and smart tilings equal fast mode's.
    let g = repeated(8, 10, 20, "2 3\nX..\nXXX\n");
    let b = Board::empty(&g);
    let fast = crate::stenen::count(&g, &b, Mode::Fast, false, &Budget::unlimited()).unwrap();
    let (dumb, smart) = (memo(&g, &b, Mode::Dumb, true, 1 << 22), memo(&g, &b, Mode::Smart, false, 1 << 22));
    assert_eq!((dumb.1, dumb.2), (fast.distinct, fast.labelled));
    assert_eq!((smart.1, smart.2), (fast.distinct, fast.labelled));
    assert!(dumb.0 > smart.0);
}

#[test]
fn a_level_keeps_the_table_while_its_lookups_pay() {
    let level = |lookups, saved| Level { lookups, saved }.pays();
    assert!(level(0, 0) && level(MEMO_SAMPLE - 1, 0));
    assert!(!level(MEMO_SAMPLE, MEMO_PAYS * MEMO_SAMPLE - 1));
    assert!(level(MEMO_SAMPLE, MEMO_PAYS * MEMO_SAMPLE));
    let levels = Level::start(1 << 3 | 1 << 32);
    assert!(!levels[3].pays() && !levels[32].pays());
    assert!(levels.iter().enumerate().all(|(l, v)| l == 3 || l == 32 || v.pays()));
}

#[test]
fn fast_mode_and_stopped_searches() {
    let g = instance(4, 5, "stenen1.in");
    let b = Board::empty(&g);
    assert!(count(&g, &b, Mode::Fast, false, &Budget::unlimited(), 1).is_err());
    let zero = Budget::expired();
    let g = repeated(8, 10, 20, "2 3\nX..\nXXX\n");
    let b = Board::empty(&g);
    assert_eq!(count(&g, &b, Mode::Dumb, false, &zero, 1).unwrap(), Err(Stopped::TimeLimit));
}
