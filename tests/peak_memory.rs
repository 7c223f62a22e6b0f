//! Peak memory of timed cells, in a process of its own (the kernel's high-water mark is
//! the whole process's, so no other test may allocate beside these cells): each cell's
//! peak is the memory it added, not what the process already held.

#[cfg(target_os = "linux")]
#[test]
fn each_cell_reports_its_own_peak_memory() {
    use harness::experiment::sampling::{sample, SamplePolicy};
    use harness::search::timing::{process_peak_resident_bytes, resident_bytes, Sampled};
    use std::time::Duration;
    const BIG: usize = 64 << 20;
    let policy = SamplePolicy { samples: 2, warmup: 0, budget: Duration::from_secs(60) };
    let big: Sampled<_, ()> = sample(&policy, || {
        let v = std::hint::black_box(vec![1u8; BIG]);
        Ok::<_, ()>(v.iter().step_by(4096).map(|&b| b as u64).sum::<u64>())
    });
    let small: Sampled<_, ()> = sample(&policy, || Ok::<_, ()>(std::hint::black_box(1)));
    let (big, small) = (big.samples.peak.expect("Linux tells the peak"), small.samples.peak.expect("a peak"));
    assert!(big >= small + BIG as u64 * 9 / 10, "big {big}, small {small}: the mark is reset before each cell");
    let resident = resident_bytes().expect("Linux tells the resident memory");
    assert!(small < (BIG as u64) / 2, "small {small}: what the process held before the cell is not the cell's");
    let since = process_peak_resident_bytes().expect("getrusage tells the peak");
    assert!(since >= resident * 9 / 10, "getrusage's peak {since}, resident now {resident}");
}
