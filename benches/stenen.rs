//! Benchmarks of the stenen engine: fast mode on the 6x10 pentomino board (every tiling,
//! one thread), and dumb/smart searches on the seed's instances.

use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use harness::harness::budget::Budget;
use harness::stenen::{count, find, load_game, Board, Game, Mode};

fn game(h: usize, w: usize, file: &str) -> Game {
    load_game(h, w, &Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/stenen").join(file)).expect("instance loads")
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

criterion_group!(benches, fast_counts, seed_searches);
criterion_main!(benches);
