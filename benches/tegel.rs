//! Benchmarks of besteScore: positions per second on one thread (criterion's throughput
//! is in positions, so "elem/s" reads as positions per second) and on a 2-thread pool.
//!
//! `cargo bench --bench tegel` (spel3, ~0.9 M positions per call, and parallel.txt,
//! ~167 M positions per call, for the speed-up of calls over a second). Group `memo`:
//! besteScore through the memo on parallel.txt and spel2 (2 258 267 628 plain positions;
//! "elem/s" is plain-walk positions per second), a fresh 256 MiB table per call.

use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use harness::search::budget::Budget;
use harness::search::pool::in_pool;
use harness::tegel::best::best_score_parallel;
use harness::tegel::memo::{best_score_memo, memo_table};
use harness::tegel::{best_score, load_file};

fn best(c: &mut Criterion) {
    for (name, samples, secs) in [("spel3.txt", 20, 10), ("parallel.txt", 10, 60)] {
        let game = load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel").join(name)).unwrap();
        let (rules, pos) = (game.rules(), game.position());
        let positions = best_score(rules, pos, &Budget::unlimited()).unwrap().positions;
        let mut group = c.benchmark_group(format!("best/{name}"));
        group
            .sample_size(samples)
            .measurement_time(Duration::from_secs(secs))
            .throughput(Throughput::Elements(positions));
        group.bench_function(BenchmarkId::new("sequential", 1), |b| {
            b.iter(|| best_score(rules, pos, &Budget::unlimited()).unwrap())
        });
        for threads in [1, 2] {
            group.bench_function(BenchmarkId::new("rayon", threads), |b| {
                b.iter(|| in_pool(threads, || best_score_parallel(rules, pos, &Budget::unlimited()).unwrap()))
            });
        }
        group.finish();
    }
}

fn memo(c: &mut Criterion) {
    for name in ["parallel.txt", "spel2.txt"] {
        let game = load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel").join(name)).unwrap();
        let (rules, pos) = (game.rules(), game.position());
        let run = |threads: usize| {
            let table = memo_table(256).unwrap();
            in_pool(threads, || best_score_memo(rules, pos, &table, &Budget::unlimited(), threads > 1).unwrap())
        };
        let positions = run(1).best.positions;
        let mut group = c.benchmark_group(format!("memo/{name}"));
        group.sample_size(10).measurement_time(Duration::from_secs(60)).throughput(Throughput::Elements(positions));
        for threads in [1, 2] {
            group.bench_function(BenchmarkId::new("threads", threads), |b| b.iter(|| run(threads)));
        }
        group.finish();
    }
}

criterion_group!(benches, best, memo);
criterion_main!(benches);
