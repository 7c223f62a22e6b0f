//! Tests of the hashed perft and the memoised count against the plain walks.

use super::count::*;
use super::keys::*;
use super::perft::*;
use crate::checkers::count::count_plain;
use crate::checkers::count::tests::start;
use crate::checkers::count::CountStop;
use crate::checkers::count::Games;
use crate::checkers::geometry::{bits_needed, Color, Geometry};
use crate::checkers::moves::legal_moves;
use crate::checkers::perft::perft;
use crate::checkers::position::Position;
use crate::search::budget::Budget;
use crate::search::memo::MemoTable;
use crate::search::pool::in_pool;

const BIG: u64 = 256 << 20;
/// One bucket: almost every store replaces another entry.
const TINY: u64 = 1;

#[test]
fn memo_perft_equals_plain_perft_to_depth_11() {
    let (g, p) = start(8, 8, 3);
    let b = Budget::unlimited();
    for d in 0..=11 {
        let plain = perft(&g, &p, d, &b).unwrap();
        let memo = perft_memo(&g, &p, d, BIG, false, &b).unwrap();
        assert_eq!((memo.leaves, memo.plain_positions), (plain.leaves, plain.positions), "depth {d}");
        assert!(memo.positions <= plain.positions, "depth {d}");
    }
}

#[test]
fn probes_are_the_calls_of_stored_depth_and_misses_are_the_computed_positions() {
    let (g, p) = start(8, 8, 3);
    let b = Budget::unlimited();
    // Up to depth 5 no position repeats above the last three plies: every call of
    // depth >= 3 is a probe the table misses, 1, 1 + 7 and 1 + 7 + 49 of them.
    for (d, probes) in [(3, 1), (4, 8), (5, 57)] {
        let m = perft_memo(&g, &p, d, BIG, false, &b).unwrap();
        assert_eq!((m.probes, m.hits, m.distinct_positions), (probes, 0, probes), "depth {d}");
    }
    // Depth 6: the 302 positions after three plies are probed once each (with their
    // 1 + 7 + 49 ancestors); those reached by two move orders are hits.
    let m = perft_memo(&g, &p, 6, BIG, false, &b).unwrap();
    assert_eq!(m.probes, 1 + 7 + 49 + 302);
    assert!(m.hits > 0);
    for d in 3..=10 {
        let m = perft_memo(&g, &p, d, BIG, false, &b).unwrap();
        assert_eq!(m.probes - m.hits, m.distinct_positions, "depth {d}");
    }
}

/// OEIS A133046: perft of the 8x8 start position, depths 0 to 28.
const A133046: [u64; 29] = [
    1,
    7,
    49,
    302,
    1469,
    7361,
    36768,
    179740,
    845931,
    3963680,
    18391564,
    85242128,
    388623673,
    1766623630,
    7978439499,
    36263167175,
    165629569428,
    758818810990,
    3493881706141,
    16114043592799,
    74545030871553,
    345100524480819,
    1602372721738102,
    7437536860666213,
    34651381875296000,
    161067479882075800,
    752172458688067137,
    3499844183628002605,
    16377718018836900735,
];

fn check_oeis(depths: std::ops::RangeInclusive<u32>, max_mb: u64) {
    let (g, p) = start(8, 8, 3);
    for d in depths {
        let m = in_pool(2, || perft_memo(&g, &p, d, max_mb << 20, true, &Budget::unlimited())).unwrap();
        assert_eq!(m.leaves, A133046[d as usize], "depth {d}");
    }
}

#[test]
fn hashed_perft_matches_oeis_a133046_to_depth_15() {
    check_oeis(0..=15, 1024);
}

/// Depths 16 to 18 (minutes; `cargo test --release -- --ignored a133046_16`).
#[test]
#[ignore]
fn hashed_perft_matches_oeis_a133046_16_to_18() {
    check_oeis(16..=18, crate::experiment::args::default_memo_mb());
}

#[test]
fn memo_perft_is_exact_with_a_tiny_table_and_on_two_threads() {
    let (g, p) = start(8, 8, 3);
    let b = Budget::unlimited();
    let plain = perft(&g, &p, 8, &b).unwrap();
    let tiny = perft_memo(&g, &p, 8, TINY, false, &b).unwrap();
    let par = in_pool(2, || perft_memo(&g, &p, 8, BIG, true, &b)).unwrap();
    let par_tiny = in_pool(2, || perft_memo(&g, &p, 8, 4096, true, &b)).unwrap();
    let three = in_pool(3, || perft_memo(&g, &p, 8, 4096, true, &b)).unwrap();
    for m in [tiny, par, par_tiny, three] {
        assert_eq!((m.leaves, m.plain_positions), (plain.leaves, plain.positions));
    }
    assert!(tiny.memo_bytes < 1024 && tiny.distinct_positions > par.distinct_positions);
}

#[test]
fn memo_perft_on_other_boards_and_wide_keys() {
    let b = Budget::unlimited();
    for (m, n, r) in [(6, 6, 2), (5, 8, 2), (10, 10, 4)] {
        let g = Geometry::<u128>::new(m, n, r).unwrap();
        let p = Position::start(&g);
        let plain = perft(&g, &p, 6, &b).unwrap();
        for bytes in [BIG, TINY] {
            let memo = perft_memo(&g, &p, 6, bytes, false, &b).unwrap();
            assert_eq!((memo.leaves, memo.plain_positions), (plain.leaves, plain.positions), "{m}x{n}");
        }
    }
}

#[test]
fn memo_count_equals_plain_count_on_boards_up_to_5x6() {
    let b = Budget::unlimited();
    for (m, n, r) in [(3, 3, 1), (4, 4, 1), (4, 5, 1), (5, 4, 1), (5, 5, 1), (4, 4, 2), (5, 5, 2), (5, 6, 1)] {
        let (g, p) = start(m, n, r);
        let plain = count_plain(&g, &p, &b).unwrap();
        let memo = count_memo(&g, &p, BIG, false, &b).unwrap();
        assert_eq!((memo.games, memo.plain_positions), (plain.games, u128::from(plain.positions)), "{m}x{n}");
        for threads in [2, 3] {
            let par = in_pool(threads, || count_memo(&g, &p, BIG, true, &b)).unwrap();
            assert_eq!((par.games, par.plain_positions), (plain.games, memo.plain_positions), "{m}x{n}");
        }
    }
}

#[test]
fn memo_count_is_exact_with_a_tiny_table() {
    let b = Budget::unlimited();
    for (m, n, r) in [(4, 5, 1), (5, 5, 1), (4, 4, 2)] {
        let (g, p) = start(m, n, r);
        let plain = count_plain(&g, &p, &b).unwrap();
        for bytes in [TINY, 4096] {
            let memo = count_memo(&g, &p, bytes, false, &b).unwrap();
            assert_eq!((memo.games, memo.plain_positions), (plain.games, u128::from(plain.positions)));
            let par = in_pool(2, || count_memo(&g, &p, bytes, true, &b)).unwrap();
            assert_eq!((par.games, par.plain_positions), (plain.games, u128::from(plain.positions)));
        }
    }
}

#[test]
fn a_table_entry_is_its_key_and_value_only() {
    // The work is read off the value and the keys' niches make empty slots free: a
    // 4-way count bucket is its 8-byte mutex and four 24-byte entries. The hashed
    // perft's lock-free bucket is one 128-byte block: the version, four 16-byte keys
    // and four 14-byte values.
    assert_eq!(MemoTable::<Narrow, CountEntry>::BUCKET_BYTES, 8 + 4 * 24);
    assert_eq!(crate::search::pair_table::BUCKET_BYTES, 128);
    assert_eq!(crate::search::pair_table::WAYS, 4);
}

#[test]
fn packed_keys_tell_positions_sides_and_depths_apart() {
    let (g, p) = start(8, 8, 3);
    let len = bits_needed(8, 8);
    let mut q = p;
    q.side = Color::White;
    let k = |p: &Position<u64>, d| <Packed as MemoKey<u64>>::of(p, d, len);
    assert_ne!(k(&p, 3), k(&q, 3));
    assert_ne!(k(&p, 3), k(&p, 4));
    let child = p.apply(&legal_moves::<u64, true>(&g, &p)[0]);
    assert_ne!(k(&p, 3), k(&child, 3));
    assert_eq!(k(&child, 3), k(&child.clone(), 3));
}

#[test]
fn narrow_keys_tell_positions_and_sides_apart() {
    let (g, p) = start(6, 6, 2);
    let len = bits_needed(6, 6);
    assert_eq!(len, NARROW_MAX_LEN);
    let k = |p: &Position<u64>| <Narrow as MemoKey<u64>>::of(p, 0, len);
    let mut q = p;
    q.side = Color::White;
    assert_ne!(k(&p), k(&q));
    let mut seen = std::collections::HashSet::new();
    for m in legal_moves::<u64, false>(&g, &p) {
        let child = p.apply(&m);
        assert!(seen.insert(k(&child)));
        for n in legal_moves::<u64, false>(&g, &child) {
            let grandchild = child.apply(&n);
            let kings = Position { kings: grandchild.pieces[1], ..grandchild };
            assert_ne!(k(&grandchild), k(&kings));
        }
    }
    assert_eq!(k(&Position::empty(Color::Black)).0.get(), 1);
}

#[test]
fn count_entries_round_trip_or_refuse() {
    let games = |b: u128, w: u128, k: u128| Games { total: b + w + k, black_wins: b, white_wins: w, both_kings: k };
    let cases = [
        (games(0, 0, 1), 1),
        (games(1, 0, 0), 1),
        (games(5, 7, 0), 30),
        (games(70_148, 108_026, 85_674_336_266), 121_256_539_319),
        (games(0, 0, 1 << 50), (1 << 52) + 5),
        (games(1 << 20, 1 << 20, 1), 1 << 60),
        (games(0, 0, 1), (1 << 108) + 3),
    ];
    for (g, plain) in cases {
        let e = CountEntry::pack(&g, plain).unwrap();
        assert_eq!(e.unpack(), (g, plain));
    }
    // 6x6 r1's start: 18 + 30 + 31 + 40 + 41 bits.
    let start = games(701_486_633, 1_080_267_340, 856_743_362_669);
    assert!(CountEntry::pack(&start, 1_212_565_393_197).is_none());
    assert!(CountEntry::pack(&games(0, 0, 1), 1 << 110).is_none());
    assert!(CountEntry::pack(&games(0, 0, 1), u128::MAX).is_none());
}

/// 6x6 r1's figures near the start need more than 110 bits: they are kept in the side
/// map, so each position is computed about once (526,434 on an unbounded memo; this
/// sequential walk's 256 MiB table, which starts at 64 MiB and doubles, recomputes
/// 270 entries lost at its doublings).
#[test]
fn figures_too_wide_to_pack_are_kept_beside_the_table() {
    let (g, p) = start(6, 6, 1);
    let m = count_memo(&g, &p, BIG, false, &Budget::unlimited()).unwrap();
    assert_eq!((m.games.total, m.games.black_wins, m.games.white_wins), (858_525_116_642, 701_486_633, 1_080_267_340));
    assert_eq!(m.plain_positions, 1_212_565_393_197);
    assert_eq!((m.positions, m.distinct_positions), (1_059_457, 526_704));
    assert!(CountEntry::SIDE.unwrap().is_side());
    assert!(!CountEntry::pack(&Games::both(), 1).unwrap().is_side());
    let side = Side::<u64>::new(0);
    assert!(!side.put(1, WideCountEntry::pack(&Games::both(), 1).unwrap()));
    assert_eq!((side.get(&1).is_none(), side.bytes()), (true, 0));
}

#[test]
fn a_zero_time_limit_stops_the_memo_walks() {
    let (g, p) = start(8, 8, 3);
    let zero = Budget::expired();
    assert!(matches!(perft_memo(&g, &p, 12, BIG, false, &zero), Err(CountStop::Stopped(_))));
    let (g, p) = start(6, 6, 2);
    assert!(matches!(count_memo(&g, &p, BIG, true, &zero), Err(CountStop::Stopped(_))));
}
