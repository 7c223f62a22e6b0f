//! Two quick looks at the checkers engine that print what they find instead of timing it.
//!
//! - `distinct_positions`: how many distinct positions the memoised count from the start
//!   position reaches (what an unbounded memo table stores, to size it), through
//!   `harness::checkers::memo::distinct_positions`: `CHECKERS_PROBE="6 6 2"` the board
//!   (rows, columns, rows of men; default `5 6 2`), `CHECKERS_PROBE_LOG2=28` a set of
//!   2^LOG2 8-byte slots (default 22), `CHECKERS_PROBE_SECONDS=1500` the time limit
//!   (default 100); at 3/4 of the slots or the limit it stops with a lower bound.
//! - `strategy_vs_random`: 40 games on 8x8, the strategy player of depth 4 against the
//!   random one, each colour in turn: the strategy's wins, losses and draws.
//!
//! `cargo bench --bench checkers_probes` runs both; `-- distinct` or `-- strategy` one.

use std::time::Instant;

use harness::checkers::geometry::{Color, Geometry};
use harness::checkers::matches::{play_game, GameRules, Tally};
use harness::checkers::memo::distinct_positions;
use harness::checkers::players::PlayerKind;
use harness::checkers::position::Position;
use harness::search::budget::Budget;
use harness::search::rng::item_rng;

/// The value of the environment variable `name` read as `T`, `default` when it is unset;
/// exits with a message when it does not read.
fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Err(_) => default,
        Ok(text) => text.trim().parse().unwrap_or_else(|_| {
            eprintln!("{name}: cannot read `{text}`");
            std::process::exit(2)
        }),
    }
}

fn distinct() {
    let board = env_or("CHECKERS_PROBE", "5 6 2".to_string());
    let n: Vec<u8> = board.split_whitespace().filter_map(|x| x.parse().ok()).collect();
    let Some(g) = (n.len() == 3).then(|| Geometry::<u64>::new(n[0], n[1], n[2]).ok()).flatten() else {
        eprintln!(
            "CHECKERS_PROBE: expected rows, columns and rows of men of a board of at most 64 squares, got `{board}`"
        );
        std::process::exit(2)
    };
    let log2: u32 = env_or("CHECKERS_PROBE_LOG2", 22);
    let seconds: f64 = env_or("CHECKERS_PROBE_SECONDS", 100.0);
    let start = Instant::now();
    let progress = &mut |n: u64, s: f64| eprintln!("{n} distinct positions after {s:.0} s");
    match distinct_positions(&g, &Position::start(&g), log2, seconds, progress) {
        Ok(d) => println!(
            "distinct positions {board}: {}{} in {:.1} s",
            d.positions,
            if d.complete { "" } else { " (stopped early: a lower bound)" },
            start.elapsed().as_secs_f64()
        ),
        Err(e) => {
            eprintln!("CHECKERS_PROBE `{board}`: {e}");
            std::process::exit(2)
        }
    }
}

fn strategy_vs_random() {
    let g = Geometry::<u64>::new(8, 8, 3).expect("8x8 fits 64 bits");
    let b = Budget::unlimited();
    let mut t = Tally::default();
    let start = Instant::now();
    for i in 0..40u64 {
        let color = if i % 2 == 0 { Color::Black } else { Color::White };
        let players = if color == Color::Black {
            [PlayerKind::Strategy(4), PlayerKind::Random]
        } else {
            [PlayerKind::Random, PlayerKind::Strategy(4)]
        };
        let rules = GameRules { players, draw_plies: 80, opening_plies: 0 };
        let r = play_game(&g, &rules, &mut item_rng(i, &["probe"]), &b).expect("no time limit");
        t.add(&r, color);
    }
    println!(
        "strategy:4 vs random on 8x8: {t:?}, {:.1} plies a game, {:.2} s",
        t.average_plies(),
        start.elapsed().as_secs_f64()
    );
}

fn main() {
    // `cargo bench` adds `--bench`; the other arguments pick probes by name.
    let words: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let probes: [(&str, fn()); 2] = [("distinct_positions", distinct), ("strategy_vs_random", strategy_vs_random)];
    for (name, run) in probes {
        if words.is_empty() || words.iter().any(|w| name.contains(w.as_str())) {
            run();
        }
    }
}
