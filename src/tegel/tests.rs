//! Engine tests: the assignment's worked examples, hand-checked values, do/undo, the packed
//! search against a plain reference recursion, parallel == sequential, seeds and threads.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use rand::Rng as _;

use super::best::{best_score_parallel, BestTree};
use super::game::Game;
use super::generate::random_small_game;
use super::greedy::{check_greedy, greedy_move};
use super::load::{file_text, load_file, parse};
use super::matches::play_match;
use super::montecarlo::good_move;
use super::packed::{Packed, PackedRules};
use super::position::{Position, Row};
use super::rules::{Color, Move, Rules};
use super::search::best_score;
use super::sweep::sweep;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::pool::in_pool;
use crate::search::rng::seeded;
use crate::search::split::search_with_tasks;

fn instance(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel").join(name)
}

fn spel1() -> Game {
    load_file(&instance("spel1.txt")).unwrap()
}

fn mv(bowl: usize, letter: char) -> Move {
    Move::new(bowl, Color::from_letter(letter).unwrap())
}

fn moves_text(game: &Game) -> Vec<String> {
    game.moves().as_slice().iter().map(Move::to_string).collect()
}

/// The plain textbook recursion on [`Position`] with do/undo, as a reference for the
/// packed search: (score, positions).
fn reference(rules: &Rules, pos: &mut Position) -> (i32, u64) {
    let moves = pos.moves(rules);
    if pos.someone_all_full(rules) || moves.is_empty() {
        return (pos.score(), 1);
    }
    let (mut best, mut count) = (i32::MIN, 1);
    for &m in moves.as_slice() {
        let undo = pos.do_move(rules, m);
        let (s, c) = reference(rules, pos);
        pos.undo_move(rules, &undo);
        best = best.max(-s);
        count += c;
    }
    (best, count)
}

/// The search's fused move loop from `pos`: (move, child) in the order it visits them.
fn fused_children(tables: &PackedRules, pos: &Packed) -> Vec<(Move, Packed)> {
    fn of<const M: usize>(tables: &PackedRules, pos: &Packed) -> Vec<(Move, Packed)> {
        let mut out = Vec::new();
        tables.for_each_child(pos, tables.move_set::<M>(pos), |m, child| {
            out.push((m, *child));
            true
        });
        out
    }
    match tables.bowls() {
        1 => of::<1>(tables, pos),
        2 => of::<2>(tables, pos),
        3 => of::<3>(tables, pos),
        4 => of::<4>(tables, pos),
        _ => of::<5>(tables, pos),
    }
}

#[test]
fn figure_3_loads_as_figure_1() {
    let g = spel1();
    let pos = g.position();
    assert_eq!((g.rules().bowls, g.rules().bowl_tiles, g.rules().rows, g.rules().row_len), (2, 4, 5, 5));
    for bowl in 0..2 {
        assert_eq!((pos.bowl(bowl, Color::Yellow), pos.bowl(bowl, Color::Blue)), (2, 2));
    }
    assert_eq!(g.pot_text(), "ggbgbbbgggbgbbggg");
    assert_eq!(pos.row(0, 0), Row { color: Some(Color::Yellow), fill: 4 });
    assert_eq!(pos.row(1, 4), Row { color: Some(Color::Yellow), fill: 5 });
    assert_eq!((pos.full_rows(0), pos.full_rows(1), pos.to_move()), (0, 1, 0));
    assert_eq!(moves_text(&g), ["(0,g)", "(0,b)"], "bowl 1 equals bowl 0, so only bowl 0's moves are distinct");
}

#[test]
fn bowl_0_yellow_goes_to_player_0s_second_row() {
    let mut g = spel1();
    assert!(g.do_move(mv(0, 'g')));
    let pos = g.position();
    assert_eq!(pos.row(0, 1), Row { color: Some(Color::Yellow), fill: 4 }, "two tiles join the 2 in row 1");
    for (r, fill) in [(0, 4), (2, 1)] {
        assert_eq!(pos.row(0, r), Row { color: Some(Color::Yellow), fill });
    }
    assert_eq!(pos.row(0, 3), Row::EMPTY);
    // Bowl 0 kept its 2 blue tiles and was refilled with the pot's next two: g g.
    assert_eq!((pos.bowl(0, Color::Yellow), pos.bowl(0, Color::Blue)), (2, 2));
    assert_eq!(g.pot_text(), "bgbbbgggbgbbggg");
    assert_eq!(pos.to_move(), 1);
    // The listing's pot refills bowl 0 with `gg` (the assignment's prose and Figure 2 assume
    // another order and show 3 blue there). Player 1 (rows b3 b3 b4 g1 g2, no empty row)
    // can take the 2 yellow (into g2) and the 2 blue (into a b3 row).
    assert_eq!(moves_text(&g), ["(0,g)", "(0,b)"]);
}

#[test]
fn footnote_dedup_keeps_three_moves() {
    // Bowl 0: 2 yellow + 2 blue; bowl 1: 2 yellow + 1 blue (the pot ran out).
    let g = parse(Path::new("footnote"), "ggbbggb\n2 4\n1 5\n0 0\n0 0\n0\n").unwrap();
    assert_eq!((g.position().bowl(1, Color::Yellow), g.position().bowl(1, Color::Blue)), (2, 1));
    assert_eq!(moves_text(&g), ["(0,g)", "(0,b)", "(1,b)"]);
}

#[test]
fn target_row_is_the_fullest_fitting_row_lowest_index_on_ties() {
    // Player 0 rows: b1, g2, g2, empty, g3 (L = 4); bowl 0 holds 2 yellow.
    let mut g = parse(Path::new("t"), "gg\n1 2\n5 4\n0 1\n2 0\n2 0\n0 0\n3 0\n0 0\n0 0\n0 0\n0 0\n0 0\n0\n").unwrap();
    assert!(g.do_move(mv(0, 'g')));
    assert_eq!(g.position().row(0, 1), Row { color: Some(Color::Yellow), fill: 4 }, "row 4 (g3) cannot take 2");
    assert_eq!(g.position().row(0, 2).fill, 2);
}

#[test]
fn end_positions_score_and_have_no_best_move() {
    let g = parse(Path::new("e"), "b\n1 1\n1 1\n1 0\n0 0\n1\n").unwrap();
    assert!(g.position().someone_all_full(g.rules()));
    let r = best_score(g.rules(), g.position(), &Budget::unlimited()).unwrap();
    assert_eq!((r.score, r.best_move, r.positions), (-1, None, 1));
}

#[test]
fn spel1_best_score_matches_an_independent_implementation() {
    // Score, move and count agree with a separate straightforward program written from
    // the spec (a Python dict-and-list version, not part of this crate).
    let g = spel1();
    let r = best_score(g.rules(), g.position(), &Budget::unlimited()).unwrap();
    assert_eq!((r.score, r.best_move, r.positions), (0, Some(mv(0, 'b')), 5578));
}

#[test]
fn greedy_counterexample_values_by_hand() {
    // greedy.txt: player 0 has rows b1 and g1 (L = 4), player 1 has gggg and ggg.; the
    // bowls hold gggg, gggg, gbb and the pot is empty. The 4 yellow tiles fit nowhere, so
    // the moves are (2,g) and (2,b). Greedy takes (2,b) (row reaches 3 > 2); player 1 then
    // completes ggg. with (2,g) and has all rows full: 0 - 2 = -2. After (2,g) player 1
    // has no legal move (4 g fit nowhere, no blue or empty row): 0 - 1 = -1.
    let g = load_file(&instance("greedy.txt")).unwrap();
    assert_eq!(greedy_move(g.rules(), g.position()), Some((mv(2, 'b'), 3)));
    let c = check_greedy(g.rules(), g.position(), &Budget::unlimited(), false).unwrap().unwrap();
    assert_eq!((c.greedy, c.greedy_score, c.best, c.best_score, c.positions), (mv(2, 'b'), -2, mv(2, 'g'), -1, 4));
}

#[test]
fn file_text_reads_back_to_the_same_game() {
    for name in ["spel1.txt", "spel3.txt", "greedy.txt", "spel4.txt"] {
        let g = load_file(&instance(name)).unwrap();
        let again = parse(Path::new(name), &file_text(&g)).unwrap();
        assert_eq!(again.position(), g.position(), "{name}");
        assert_eq!(again.rules(), g.rules(), "{name}");
    }
}

#[test]
fn every_refusal_rule_names_the_line_and_expectation() {
    let ok = "gb\n1 2\n1 3\n0 0\n0 0\n0\n";
    assert!(parse(Path::new("ok"), ok).is_ok());
    let cases: [(&str, usize, &str); 16] = [
        ("", 1, "expected the pot"),
        ("gxb\n1 2\n1 3\n0 0\n0 0\n0\n", 1, "found `x`"),
        ("gb\n0 2\n1 3\n0 0\n0 0\n0\n", 2, "M (number of bowls) must be in 1..=5"),
        ("gb\n6 2\n1 3\n0 0\n0 0\n0\n", 2, "M (number of bowls) must be in 1..=5"),
        ("gb\n1 6\n1 3\n0 0\n0 0\n0\n", 2, "N (tiles per bowl) must be in 1..=5"),
        ("gb\n1 2\n11 3\n0 0\n0 0\n0\n", 3, "K (rows per board) must be in 1..=10"),
        ("gb\n1 2\n1 7\n0 0\n0 0\n0\n", 3, "L (cells per row) must be in 1..=6"),
        ("gb\n1 x\n1 3\n0 0\n0 0\n0\n", 2, "expected N (tiles per bowl), an integer"),
        ("gb\n1 2\n1 3\n1 1\n0 0\n0\n", 4, "one colour only"),
        ("gb\n1 2\n1 3\n4 0\n0 0\n0\n", 4, "yellow count of player 0's row 0 must be in 0..=3"),
        ("gb\n1 2\n1 3\n0 0\n0 -1\n0\n", 5, "blue count of player 1's row 0 must be in 0..=3"),
        ("gb\n1 2\n1 3\n0 0\n0 0\n2\n", 6, "the player to move (0 or 1) must be in 0..=1"),
        ("gb\n1 2\n1 3\n0 0\n0 0\n", 5, "unexpected end of file: expected the player to move"),
        ("gb\n1 2\n1 3\n0 0\n0\n", 5, "unexpected end of file: expected the blue count of player 1's row 0"),
        ("gb\n1 2\n1 3\n0 0\n0 0\n0\n7\n", 7, "extra token `7`"),
        ("gb\n1 2\n1 3\n0 0\n0 0\n0.5\n", 6, "found `0.5`"),
    ];
    for (text, line, expect) in cases {
        let e = match parse(Path::new("bad.txt"), text) {
            Err(e) => e,
            Ok(_) => panic!("accepted: {text:?}"),
        };
        assert_eq!(e.line, Some(line), "{text:?}: {e}");
        assert!(e.message.contains(expect), "{text:?}: `{e}` lacks `{expect}`");
        assert_eq!(e.file.as_deref(), Some(Path::new("bad.txt")));
    }
    let missing = load_file(Path::new("/nonexistent/spel.txt")).unwrap_err();
    assert!(missing.message.contains("cannot open"), "{missing}");
}

#[test]
fn illegal_moves_are_refused_without_change() {
    let mut g = spel1();
    let before = *g.position();
    for m in [mv(2, 'g'), mv(4, 'b')] {
        assert!(!g.do_move(m), "{m}");
    }
    assert_eq!(*g.position(), before);
    assert!(!g.undo(), "nothing to undo after loading");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn do_undo_restores_every_earlier_state(seed in any::<u64>()) {
        let mut rng = seeded(seed);
        let mut g = if seed % 3 == 0 { spel1() } else { random_small_game(&mut rng) };
        let mut states = vec![*g.position()];
        while !g.is_end() {
            let moves = g.moves();
            let m = moves.as_slice()[rng.random_range(0..moves.len())];
            prop_assert!(g.do_move(m));
            states.push(*g.position());
        }
        while let Some(expected) = states.pop() {
            prop_assert_eq!(*g.position(), expected);
            if !states.is_empty() {
                prop_assert!(g.undo());
            }
        }
        prop_assert_eq!(g.moves_done(), 0);
        prop_assert_eq!(g.position(), g.start());
    }

    #[test]
    fn packed_moves_follow_the_row_indexed_position(seed in any::<u64>()) {
        let mut rng = seeded(seed);
        let mut g = if seed % 3 == 0 { spel1() } else { random_small_game(&mut rng) };
        let tables_rules = g.rules().clone();
        let tables = PackedRules::new(&tables_rules);
        loop {
            let packed = tables.pack(g.position());
            let moves = g.moves();
            let packed_moves = tables.moves(&packed);
            prop_assert_eq!(packed_moves.as_slice(), moves.as_slice());
            let done: Vec<(Move, Packed)> = moves
                .as_slice()
                .iter()
                .map(|&m| {
                    let mut child = packed;
                    tables.do_move(&mut child, m);
                    (m, child)
                })
                .collect();
            prop_assert_eq!(fused_children(&tables, &packed), done);
            prop_assert_eq!(tables.score(&packed), g.position().score());
            if g.is_end() {
                break;
            }
            let m = moves.as_slice()[rng.random_range(0..moves.len())];
            let mut next = packed;
            tables.do_move(&mut next, m);
            g.do_move(m);
            prop_assert_eq!(next, tables.pack(g.position()));
        }
    }

    #[test]
    fn packed_search_equals_the_reference_recursion(seed in any::<u64>()) {
        let g = random_small_game(&mut seeded(seed));
        let (score, positions) = reference(g.rules(), &mut g.position().clone());
        let r = best_score(g.rules(), g.position(), &Budget::unlimited()).unwrap();
        prop_assert_eq!((r.score, r.positions), (score, positions));
        prop_assert_eq!(r.best_move.is_none(), g.is_end());
    }
}

#[test]
fn parallel_count_equals_sequential_count() {
    for name in ["spel1.txt", "spel3.txt", "greedy.txt"] {
        let g = load_file(&instance(name)).unwrap();
        let seq = best_score(g.rules(), g.position(), &Budget::unlimited()).unwrap();
        for threads in [1, 2, 3] {
            let par = in_pool(threads, || best_score_parallel(g.rules(), g.position(), &Budget::unlimited())).unwrap();
            assert_eq!(par, seq, "{name} on {threads} threads");
        }
    }
}

#[test]
fn every_split_of_the_shared_splitter_gives_the_sequential_answer() {
    for name in ["spel1.txt", "spel3.txt", "greedy.txt"] {
        let g = load_file(&instance(name)).unwrap();
        let seq = best_score(g.rules(), g.position(), &Budget::unlimited()).unwrap();
        let tables = PackedRules::new(g.rules());
        let budget = Budget::unlimited();
        let tree = BestTree { tables: &tables, budget: &budget };
        for tasks in [2, 5, 96, 10_000] {
            for threads in [1, 2, 3] {
                let par = in_pool(threads, || search_with_tasks(&tree, tables.pack(g.position()), tasks)).unwrap();
                assert_eq!(par, seq, "{name}: {tasks} tasks on {threads} threads");
            }
        }
    }
}

#[test]
fn a_zero_time_limit_stops_sequential_and_parallel_search() {
    let g = load_file(&instance("spel3.txt")).unwrap();
    let budget = || Budget::expired();
    assert_eq!(best_score(g.rules(), g.position(), &budget()), Err(Stopped::TimeLimit));
    assert_eq!(in_pool(2, || best_score_parallel(g.rules(), g.position(), &budget())), Err(Stopped::TimeLimit));
}

#[test]
fn good_move_depends_on_the_seed_only_not_on_threads() {
    let g = load_file(&instance("spel3.txt")).unwrap();
    let one = in_pool(1, || good_move(g.rules(), g.position(), 300, 42, &Budget::unlimited())).unwrap();
    let two = in_pool(2, || good_move(g.rules(), g.position(), 300, 42, &Budget::unlimited())).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.averages.len(), g.moves().len());
    let best_total = one.averages.iter().map(|a| a.1).fold(f64::MIN, f64::max);
    assert_eq!(one.averages.iter().find(|a| a.1 == best_total).map(|a| a.0), one.mv, "first move with the top average");
}

#[test]
fn sweep_and_matches_give_the_same_rows_on_1_and_2_threads() {
    let g = spel1();
    let rows = |threads: usize| {
        in_pool(threads, || {
            let mut rows = Vec::new();
            let played = sweep(&g, 200, 7, &Budget::unlimited, threads > 1, &mut |r| {
                rows.push((r.undone, r.result));
            });
            (played, rows)
        })
    };
    let (one, two) = (rows(1), rows(2));
    assert_eq!(one, two);
    assert_eq!(one.1.len(), one.0.unwrap(), "the sweep undoes every move back to the start");
    assert_eq!(one.1.last().unwrap().1.unwrap().positions, 5578, "the last call is besteScore of the start");
    for good_player in [0, 1] {
        let m = |threads: usize| {
            in_pool(threads, || play_match(&g, good_player, 200, 9, &Budget::unlimited, threads > 1)).unwrap()
        };
        assert_eq!(m(1), m(2));
    }
}

#[test]
fn best_player_never_does_worse_than_its_score() {
    // besteScore of spel1 is 0 for player 0: whatever good does as player 1, best
    // (player 0) ends with at least 0, so good's score is at most 0.
    let g = spel1();
    for seed in 0..5 {
        let m = play_match(&g, 1, 50, seed, &Budget::unlimited, false).unwrap();
        assert!(m.good_score <= 0, "seed {seed}: {m:?}");
    }
}

#[test]
fn a_zero_time_limit_stops_monte_carlo_and_every_command_built_on_it() {
    let g = load_file(&instance("spel3.txt")).unwrap();
    let zero = || Budget::expired();
    for threads in [1, 2] {
        let r = in_pool(threads, || good_move(g.rules(), g.position(), 1_000_000_000, 1, &zero()));
        assert_eq!(r, Err(Stopped::TimeLimit), "{threads} threads");
    }
    let mut rows = 0;
    assert_eq!(sweep(&g, 1_000_000_000, 1, &zero, false, &mut |_| rows += 1), Err(Stopped::TimeLimit));
    assert_eq!(rows, 0);
    assert_eq!(play_match(&g, g.position().to_move(), 1_000_000_000, 1, &zero, false), Err(Stopped::TimeLimit));
}

#[test]
fn find_greedy_and_grow_stop_with_their_budget() {
    let zero = Budget::expired();
    let found = super::generate::find_greedy_counterexample(1, usize::MAX, &zero);
    assert!(matches!(found, Err(Stopped::TimeLimit)));
    let spec = |target| super::generate::GrowSpec { bowls: 5, bowl_tiles: 5, rows: 10, row_len: 6, target, seed: 2 };
    let grown = super::generate::grow(&spec(u64::MAX), &zero, false, &mut |_, _| {});
    assert!(matches!(grown, Err(super::generate::GrowStop::Stopped(Stopped::TimeLimit))));
}

#[test]
fn grow_ends_when_the_target_cannot_be_reached() {
    use super::generate::{grow, GrowSpec, GrowStop};
    for (size, target) in [(1, 5), (2, 100)] {
        let spec = GrowSpec { bowls: size, bowl_tiles: size, rows: size, row_len: size, target, seed: 1 };
        let r = grow(&spec, &Budget::unlimited(), false, &mut |_, _| {});
        match r {
            Err(GrowStop::Unreachable { pot_len, largest }) => {
                assert_eq!(pot_len, spec.longest_useful_pot());
                assert!(largest <= target);
            }
            other => panic!("size {size}: {other:?}"),
        }
    }
}

#[test]
fn a_pot_longer_than_the_useful_bound_changes_nothing() {
    use super::generate::GrowSpec;
    let mut rng = seeded(3);
    for _ in 0..20 {
        let (m, n, k, l) =
            (rng.random_range(1..=3), rng.random_range(1..=3), rng.random_range(1..=2), rng.random_range(1..=2));
        let spec = GrowSpec { bowls: m, bowl_tiles: n, rows: k, row_len: l, target: 0, seed: 0 };
        let pot: Vec<Color> = (0..spec.longest_useful_pot() + 5)
            .map(|_| if rng.random_bool(0.5) { Color::Yellow } else { Color::Blue })
            .collect();
        let empty = vec![Row::EMPTY; k];
        let count = |len: usize| {
            let g = Game::new(Rules::new(m, n, k, l, pot[..len].to_vec()), [&empty, &empty], 0);
            best_score(g.rules(), g.position(), &Budget::unlimited()).unwrap()
        };
        assert_eq!(count(spec.longest_useful_pot()), count(pot.len()), "M={m} N={n} K={k} L={l}");
    }
}

#[test]
fn game_files_are_capped_utf8_checked_and_may_start_with_a_bom() {
    let e = load_file(Path::new("/dev/zero")).unwrap_err();
    assert!(e.message.contains("not a regular file"), "{e}");
    let dir = tempfile::tempdir().unwrap();
    let spel1_text = std::fs::read(instance("spel1.txt")).unwrap();
    let bad = dir.path().join("bad.txt");
    let mut bytes = b"ggbb\n2 2\n5 \xff5\n".to_vec();
    bytes.extend_from_slice(&spel1_text);
    std::fs::write(&bad, &bytes).unwrap();
    let e = load_file(&bad).unwrap_err();
    assert_eq!(e.line, Some(3), "{e}");
    assert!(e.message.contains("0xff at column 3") && e.message.contains("not UTF-8"), "{e}");
    let bom = dir.path().join("bom.txt");
    std::fs::write(&bom, [b"\xEF\xBB\xBF".as_slice(), &spel1_text].concat()).unwrap();
    let g = load_file(&bom).unwrap();
    assert_eq!(best_score(g.rules(), g.position(), &Budget::unlimited()).unwrap().positions, 5578);
}

/// Monte Carlo's averages from a row's seed, pinned: the seed → numbers path (derive_seed,
/// ChaCha8, rand's `random_range`) must replay the same games after any upgrade.
#[test]
fn monte_carlo_replays_the_pinned_averages_of_a_derived_seed() {
    let g = spel1();
    let seed = crate::search::rng::derive_seed(20240321, &["tegel_good", "spel1.txt"]);
    let r = in_pool(2, || good_move(g.rules(), g.position(), 50, seed, &Budget::unlimited())).unwrap();
    assert_eq!(format!("{} {}", r.move_text(), r.averages_text()), "(0,b) (0,g)=-1.6000 (0,b)=-0.8200");
}
