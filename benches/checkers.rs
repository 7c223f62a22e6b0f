//! Benchmarks of the checkers engine: perft with bulk counting on 8x8 from the start
//! position on one thread (throughput in leaves per second), move generation, and the
//! memoised continuation count.
//!
//! `cargo bench --bench checkers`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use harness::checkers::count::count_memo;
use harness::checkers::geometry::Geometry;
use harness::checkers::moves::legal_moves;
use harness::checkers::perft::perft;
use harness::checkers::position::Position;
use harness::harness::Budget;

fn perft_8x8(c: &mut Criterion) {
    let g = Geometry::<u64>::new(8, 8, 3).unwrap();
    let p = Position::start(&g);
    let mut group = c.benchmark_group("perft_8x8_one_thread");
    group.sample_size(10);
    for (depth, leaves) in [(9u32, 3_963_680u64), (11, 85_242_128)] {
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("depth_{depth}"), |b| {
            b.iter(|| {
                let n = perft(&g, &p, depth, &Budget::unlimited()).unwrap().leaves;
                assert_eq!(n, leaves);
                n
            })
        });
    }
    group.finish();
}

fn movegen(c: &mut Criterion) {
    let g = Geometry::<u64>::new(8, 8, 3).unwrap();
    let p = Position::start(&g);
    c.bench_function("legal_moves_8x8_start", |b| b.iter(|| legal_moves::<u64, true>(&g, &p).len()));
}

fn memo_count(c: &mut Criterion) {
    let g = Geometry::<u64>::new(5, 6, 1).unwrap();
    let p = Position::start(&g);
    let mut group = c.benchmark_group("count_memo");
    group.sample_size(10);
    group.bench_function("5x6_r1", |b| {
        b.iter(|| count_memo(&g, &p, 1 << 22, &Budget::unlimited()).unwrap().games.total)
    });
    group.finish();
}

criterion_group!(benches, perft_8x8, movegen, memo_count);
criterion_main!(benches);
