//! Benchmarks of the stenen engine: fast mode on the 6x10 pentomino board (every tiling,
//! one thread), dumb/smart searches on the seed's instances, and memo counts.

use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use harness::search::budget::Budget;
use harness::stenen::{count, find, load_puzzle, Board, Mode, Puzzle};

fn game(h: usize, w: usize, file: &str) -> Puzzle {
    load_puzzle(h, w, &Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/stenen").join(file))
        .expect("instance loads")
}

fn fast_counts(c: &mut Criterion) {
    let mut group = c.benchmark_group("stenen_fast_count");
    group.sample_size(10).measurement_time(Duration::from_secs(8));
    for (h, w, file, solutions) in
        [(6, 10, "stenen2.in", 9356), (5, 12, "stenen2.in", 4040), (5, 8, "stenen3.in", 3106)]
    {
        let g = game(h, w, file);
        let b = Board::empty(&g);
        group.bench_function(format!("{h}x{w} {file}"), |bench| {
            bench.iter(|| {
                let n = count(&g, &b, Mode::Fast, false, &Budget::unlimited()).expect("no limit");
                assert_eq!(n.distinct, solutions);
            })
        });
    }
    group.finish();
}

fn seed_searches(c: &mut Criterion) {
    let mut group = c.benchmark_group("stenen_seed_searches");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    let g = game(6, 10, "stenen2.in");
    let b = Board::empty(&g);
    for mode in [Mode::Dumb, Mode::Smart] {
        group.bench_function(format!("find {} 6x10 stenen2", mode.name()), |bench| {
            bench.iter(|| find(&g, &b, mode, &Budget::unlimited()).expect("no limit"))
        });
    }
    let g = game(4, 5, "stenen1.in");
    let b = Board::empty(&g);
    for mode in [Mode::Dumb, Mode::Smart, Mode::Fast] {
        group.bench_function(format!("count {} 4x5 stenen1", mode.name()), |bench| {
            bench.iter(|| count(&g, &b, mode, false, &Budget::unlimited()).expect("no limit"))
        });
    }
    group.finish();
}

/// Dumb and smart counts through the memo (a 64 MiB table, one thread): 8x10 with twenty
/// L tetrominoes (261,621,739 dumb walk positions) and 5x8 stenen3.
fn memo_counts(c: &mut Criterion) {
    let mut group = c.benchmark_group("stenen_memo_count");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    let text = format!("20\n{}", "2 3\nX..\nXXX\n".repeat(20));
    let stones = harness::stenen::load::parse_stones(Path::new("l4.in"), &text).expect("stones parse");
    let l4 = Puzzle::new(8, 10, stones).expect("board fits");
    for (name, g) in [("8x10 twenty L", l4), ("5x8 stenen3", game(5, 8, "stenen3.in"))] {
        let b = Board::empty(&g);
        for mode in [Mode::Dumb, Mode::Smart] {
            group.bench_function(format!("{} {name}", mode.name()), |bench| {
                bench.iter(|| {
                    harness::stenen::memo::count(&g, &b, mode, false, &Budget::unlimited(), 64)
                        .expect("table allocates")
                        .expect("no limit")
                })
            });
        }
    }
    group.finish();
}

/// A case where the memo cannot pay (the pentominoes on 3x20: states hardly ever repeat):
/// the dumb find through the memo against the plain find, one thread, 868,699,876
/// positions each; the memo walks the levels whose lookups do not pay with the plain find.
fn memo_against_walk(c: &mut Criterion) {
    let mut group = c.benchmark_group("stenen_memo_vs_walk");
    group.sample_size(10).measurement_time(Duration::from_secs(120));
    let g = game(3, 20, "stenen2.in");
    let b = Board::empty(&g);
    group.bench_function("find dumb 3x20 stenen2 walk", |bench| {
        bench.iter(|| find(&g, &b, Mode::Dumb, &Budget::unlimited()).expect("no limit"))
    });
    group.bench_function("find dumb 3x20 stenen2 memo", |bench| {
        bench.iter(|| {
            harness::stenen::memo::find(&g, &b, Mode::Dumb, &Budget::unlimited(), 1024)
                .expect("table allocates")
                .expect("no limit")
        })
    });
    group.finish();
}

criterion_group!(benches, fast_counts, seed_searches, memo_counts, memo_against_walk);
criterion_main!(benches);
