//! Benchmarks of the checkers engine: perft with bulk counting on 8x8 from the start
//! position on one thread (throughput in leaves per second), in wall time and in the
//! benchmark thread's CPU time (on a shared, loaded machine the CPU time is what the
//! engine itself costs); move generation; the memoised continuation count.
//!
//! `cargo bench --bench checkers` (`-- perft` for the perft groups only)

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use harness::checkers::geometry::Geometry;
use harness::checkers::memo::{count_memo, perft_memo};
use harness::checkers::moves::legal_moves;
use harness::checkers::perft::perft;
use harness::checkers::position::Position;
use harness::search::budget::Budget;

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

/// CPU time of the calling thread in nanoseconds, from `/proc/thread-self/schedstat`
/// (Linux; its first field is the time the thread spent running).
fn thread_cpu_ns() -> u64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").expect("Linux /proc/thread-self/schedstat");
    text.split_whitespace().next().and_then(|t| t.parse().ok()).expect("schedstat starts with nanoseconds")
}

/// Criterion measurement of the benchmark thread's CPU time.
struct ThreadCpu;

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns() - start
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Shows CPU nanoseconds as seconds-based units and throughput as elements per CPU second.
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match typical {
            t if t < 1e3 => (1.0, "ns cpu"),
            t if t < 1e6 => (1e-3, "us cpu"),
            t if t < 1e9 => (1e-6, "ms cpu"),
            _ => (1e-9, "s cpu"),
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }
    fn scale_throughputs(&self, _typical: f64, throughput: &Throughput, values: &mut [f64]) -> &'static str {
        let per = match throughput {
            Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) | Throughput::Bits(n) => {
                *n as f64
            }
            Throughput::ElementsAndBytes { elements, .. } => *elements as f64,
        };
        values.iter_mut().for_each(|v| *v = per / (*v * 1e-9) / 1e6);
        "Melem/cpu-s"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

fn perft_8x8_cpu(c: &mut Criterion<ThreadCpu>) {
    let g = Geometry::<u64>::new(8, 8, 3).unwrap();
    let p = Position::start(&g);
    let mut group = c.benchmark_group("perft_8x8_one_thread_cpu_time");
    group.sample_size(10);
    group.throughput(Throughput::Elements(85_242_128));
    group.bench_function("depth_11", |b| b.iter(|| perft(&g, &p, 11, &Budget::unlimited()).unwrap().leaves));
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
        b.iter(|| count_memo(&g, &p, 64 << 20, false, &Budget::unlimited()).unwrap().games.total)
    });
    group.finish();
}

/// Hashed perft of the 8x8 start position (the goal: depth 18 in under 10
/// minutes on 2 threads; here depth 13 sequentially, as a regression guard).
fn memo_perft(c: &mut Criterion) {
    let g = Geometry::<u64>::new(8, 8, 3).unwrap();
    let p = Position::start(&g);
    let mut group = c.benchmark_group("perft_memo_8x8");
    group.sample_size(10);
    group.bench_function("depth_13", |b| {
        b.iter(|| perft_memo(&g, &p, 13, 1 << 30, false, &Budget::unlimited()).unwrap().leaves)
    });
    group.finish();
}

criterion_group!(benches, perft_8x8, movegen, memo_count, memo_perft);
criterion_group! {
    name = cpu_benches;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = perft_8x8_cpu
}
criterion_main!(benches, cpu_benches);
