//! Timing of search calls: one call's wall and CPU time, the time it waited for other
//! programs, the peak memory, and the samples of a timed cell with the speed-up of two of
//! its calls. How many samples a cell takes and in which order is the experiment's
//! sampling policy (`experiment::sampling`).

use std::cell::RefCell;
use std::fmt::Debug;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::base::counters::{HardwareCounts, ThreadCounters};
pub use crate::base::machine::{
    peak_resident_bytes, process_peak_bytes, process_peak_resident_bytes, reset_peak_resident, resident_bytes,
};
use crate::base::stats::paired::{self, PairedRatio};
use crate::base::{os, stats};
use crate::search::budget::Stopped;

/// Times `f`, returning its value and the elapsed wall time; once
/// [`count_hardware_events`] was called, the processor's counters of the calling thread
/// also count the call's work ([`hardware_tally`]).
pub fn timed<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    if COUNTING.load(Ordering::Relaxed) {
        return timed_counting(f);
    }
    let start = Instant::now();
    let r = timed_work(f);
    (r, start.elapsed())
}

/// Whether timed calls count the processor's events.
static COUNTING: AtomicBool = AtomicBool::new(false);

/// What the timed calls counted so far.
static TALLY: Mutex<HardwareTally> = Mutex::new(HardwareTally { counts: None, calls: 0, unavailable: None });

thread_local! {
    /// The calling thread's counters, opened at its first counted call (or why not).
    static THREAD_COUNTERS: RefCell<Option<Result<ThreadCounters, String>>> = const { RefCell::new(None) };
}

/// The processor's events counted over every timed call since [`count_hardware_events`]:
/// instructions, cycles and cache misses of the thread that made each call (the work of
/// other threads is not counted: count with one thread).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardwareTally {
    /// Their sum over the counted calls; `None` where no call was counted.
    pub counts: Option<HardwareCounts>,
    /// The calls counted.
    pub calls: u64,
    /// Why a call could not be counted (the first reason), where one could not: then
    /// `counts` is `None`.
    pub unavailable: Option<String>,
}

/// From now on every timed call of this process also counts the processor's events
/// ([`crate::base::counters`]).
pub fn count_hardware_events() {
    COUNTING.store(true, Ordering::Relaxed);
}

/// What the timed calls counted since [`count_hardware_events`].
pub fn hardware_tally() -> HardwareTally {
    TALLY.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
}

fn timed_counting<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    THREAD_COUNTERS.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            let start = Instant::now();
            let r = timed_work(f);
            return (r, start.elapsed());
        };
        let counters = slot.get_or_insert_with(ThreadCounters::open);
        let start = Instant::now();
        let (r, counted) = match counters {
            Ok(c) => c.around(|| timed_work(f)),
            Err(why) => (timed_work(f), Err(why.clone())),
        };
        let elapsed = start.elapsed();
        tally(counted);
        (r, elapsed)
    })
}

fn tally(counted: Result<HardwareCounts, String>) {
    let mut t = TALLY.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    match counted {
        Ok(c) if t.unavailable.is_none() => {
            t.counts = Some(t.counts.unwrap_or_default().plus(c));
            t.calls += 1;
        }
        Ok(_) => {}
        Err(why) => {
            t.counts = None;
            t.unavailable.get_or_insert(why);
        }
    }
}

/// Runs `f`, the work of a timed call, in a frame of its own that is never inlined, so
/// that counting instructions collects exactly the call's work — not the clocks and the
/// `/proc` reads around it, whose instructions vary with the numbers they parse
/// ([`crate::base::callgrind::TIMED_CALLS`]).
#[inline(never)]
pub fn timed_work<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// The user plus system CPU time this process has used so far, all threads together
/// (see [`os::process_cpu_time`]); zero where the system does not tell.
pub fn process_cpu_time() -> Duration {
    os::process_cpu_time()
}

/// What the scheduler tells of this process's threads, summed over them: time on a core
/// and time runnable but waiting for one (Linux: the first two fields of
/// `/proc/self/task/*/schedstat`). Threads that ended are no longer counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchedTimes {
    /// Time the threads ran on a core.
    pub run: Duration,
    /// Time the threads were runnable but waited for a core.
    pub wait: Duration,
}

/// This process's [`SchedTimes`] now, or `None` where the system does not tell.
pub fn process_sched_times() -> Option<SchedTimes> {
    let (run, wait) = os::thread_sched_totals()?;
    Some(SchedTimes { run: Duration::from_nanos(run), wait: Duration::from_nanos(wait) })
}

/// The part of the threads' wait between `before` and `after` (`wall` apart) that other
/// programs caused, on a machine of `cores` cores: the whole wait, less what the process's
/// own threads cause when together they want more than the cores (idle pool threads
/// spinning beside a sequential search, more threads than cores).
pub fn wait_for_others(before: SchedTimes, after: SchedTimes, wall: Duration, cores: usize) -> Duration {
    let run = after.run.saturating_sub(before.run);
    let wait = after.wait.saturating_sub(before.wait);
    let own = (run + wait).saturating_sub(wall * cores.max(1) as u32);
    wait.saturating_sub(own)
}

/// One timed call: its wall time, the process's CPU time during it and, where the system
/// tells, the time its threads waited for a core that other programs had and the peak
/// resident memory of the process during it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// Elapsed wall-clock time.
    pub wall: Duration,
    /// User plus system CPU time of the process (every thread) during the call.
    pub cpu: Duration,
    /// Time the process's threads waited for a core because other programs had it
    /// ([`wait_for_others`]); `None` where the system does not tell.
    pub wait: Option<Duration>,
    /// The memory the call added to the process at its peak, in bytes: the kernel's
    /// high-water mark, reset just before the call ([`reset_peak_resident`]) and read
    /// just after, less the resident memory when the call began. What the process held
    /// before (the program, earlier experiments' memory the allocator kept, a memo region
    /// kept from an earlier table) is not the call's and is not counted. `None` where
    /// the system cannot reset the mark (a mark never reset would be the whole
    /// process's, not the call's).
    pub peak: Option<u64>,
}

/// Times `f` by wall clock, process CPU time, the threads' wait for cores other
/// programs had and the process's peak resident memory during it.
pub fn timed_cpu<R>(f: impl FnOnce() -> R) -> (R, Sample) {
    let reset = reset_peak_resident();
    let before = if reset { resident_bytes() } else { None };
    let sched0 = process_sched_times();
    let cpu0 = process_cpu_time();
    let (r, wall) = timed(f);
    let cpu = process_cpu_time().saturating_sub(cpu0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let wait = sched0.zip(process_sched_times()).map(|(a, b)| wait_for_others(a, b, wall, cores));
    let peak = peak_resident_bytes().zip(before).map(|(peak, before)| peak.saturating_sub(before));
    (r, Sample { wall, cpu, wait, peak })
}

/// The samples of one timed cell, in seconds, in the order taken.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Samples {
    /// Wall time of each sample.
    pub wall: Vec<f64>,
    /// Process CPU time (user + system) of each sample.
    pub cpu: Vec<f64>,
    /// Time the threads waited for a core other programs had, in each sample; empty where
    /// the system does not tell.
    pub wait: Vec<f64>,
    /// The peak resident memory of the process over the samples, in bytes (the largest
    /// [`Sample::peak`]); `None` where the system does not tell.
    pub peak: Option<u64>,
    /// The round (0 is the first recorded round) in which each sample was taken.
    pub round: Vec<u32>,
    /// Each sample's position in its round's order (0 ran first).
    pub order: Vec<u32>,
}

impl Samples {
    /// Records `s`, taken in round `round` at position `order` of that round.
    pub fn push(&mut self, s: Sample, round: u32, order: u32) {
        self.peak = self.peak.max(s.peak);
        self.wall.push(s.wall.as_secs_f64());
        self.cpu.push(s.cpu.as_secs_f64());
        if let Some(w) = s.wait {
            self.wait.push(w.as_secs_f64());
        }
        self.round.push(round);
        self.order.push(order);
    }

    /// The wall times of `self` and `other` taken in the same rounds, round by round (a
    /// round one of them lacks is left out): the pairs that paired statistics compare.
    pub fn paired_walls(&self, other: &Samples) -> (Vec<f64>, Vec<f64>) {
        let mut pairs = (Vec::new(), Vec::new());
        for (i, r) in self.round.iter().enumerate() {
            if let Some(j) = other.round.iter().position(|q| q == r) {
                pairs.0.push(self.wall[i]);
                pairs.1.push(other.wall[j]);
            }
        }
        pairs
    }

    /// Samples taken.
    pub fn len(&self) -> usize {
        self.wall.len()
    }

    /// Whether no sample was taken.
    pub fn is_empty(&self) -> bool {
        self.wall.is_empty()
    }

    /// The median wall time (`None` without samples).
    pub fn median(&self) -> Option<f64> {
        stats::median(&self.wall)
    }

    /// The median CPU time (`None` without samples).
    pub fn cpu_median(&self) -> Option<f64> {
        stats::median(&self.cpu)
    }

    /// CPU time over wall time × `threads`, of the medians: near 1 when the call had its
    /// threads' cores to itself, lower when something else used them.
    pub fn cpu_share(&self, threads: usize) -> Option<f64> {
        let wall = self.median()?;
        (wall > 0.0).then(|| self.cpu_median().unwrap_or(0.0) / (wall * threads.max(1) as f64))
    }

    /// The threads' wait for cores other programs had over wall time × `threads`, of the
    /// medians: near 0 when nothing else wanted the cores; `None` where the system does not tell the wait.
    pub fn wait_share(&self, threads: usize) -> Option<f64> {
        let wall = self.median()?;
        if self.wait.len() != self.wall.len() || wall <= 0.0 {
            return None;
        }
        Some(stats::median(&self.wait)? / (wall * threads.max(1) as f64))
    }
}

/// How many times faster `other` ran than `baseline`, from the rounds that timed both:
/// each round's `baseline` time over its `other` time, paired, their geometric mean with
/// its 95 % interval ([`paired::ratio_interval`]); `None` without a common round.
pub fn paired_speedup(baseline: &Samples, other: &Samples) -> Option<PairedRatio> {
    let (b, o) = baseline.paired_walls(other);
    paired::ratio_interval(&o, &b)
}

/// What sampling a cell gave: the outcome that the row reports, the samples of the runs
/// that finished, and what differed when a later sample's outcome was not the first's.
#[derive(Debug, Clone)]
pub struct Sampled<T, E = Stopped> {
    /// The first sample's outcome, or the stop (time limit, Ctrl-C, ...) that ended the cell.
    pub outcome: Result<T, E>,
    /// Every recorded sample that finished.
    pub samples: Samples,
    /// `nondeterministic: ...` naming the differing outcomes, when a sample's differed.
    pub nondeterministic: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paired_walls_match_rounds() {
        let mut a = Samples::default();
        let mut b = Samples::default();
        let s = |w: f64| Sample { wall: Duration::from_secs_f64(w), cpu: Duration::ZERO, wait: None, peak: None };
        a.push(s(1.0), 0, 0);
        a.push(s(2.0), 1, 1);
        b.push(s(0.5), 1, 0);
        assert_eq!(a.paired_walls(&b), (vec![2.0], vec![0.5]));
    }

    #[test]
    fn cpu_share_of_medians() {
        let s = Samples {
            wall: vec![1.0, 2.0, 3.0],
            cpu: vec![1.0, 1.0, 1.0],
            wait: vec![0.2, 0.4, 0.6],
            ..Samples::default()
        };
        assert_eq!(s.cpu_share(1), Some(0.5));
        assert_eq!(s.cpu_share(2), Some(0.25));
        assert_eq!(s.wait_share(2), Some(0.1));
        let untold = Samples { wait: Vec::new(), ..s };
        assert_eq!(untold.wait_share(1), None);
    }

    #[test]
    fn a_busy_process_burns_cpu_time() {
        let (_, s) = timed_cpu(|| {
            (0..50_000_000u64).fold(0u64, |a, x| std::hint::black_box(a.wrapping_mul(31).wrapping_add(x)))
        });
        assert!(s.cpu > Duration::ZERO);
    }

    /// A search that shares the cores with other programs waits for them; a pool with
    /// more threads than cores waits for itself, which is not counted.
    #[test]
    #[cfg(target_os = "linux")]
    #[ignore = "needs the machine to itself: .ci/run runs it alone"]
    fn waits_for_other_programs_are_told_apart_from_our_own() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let spin = || {
            let start = std::time::Instant::now();
            while start.elapsed() < Duration::from_millis(300) {
                std::hint::black_box(0u64);
            }
        };
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2 * cores).build().expect("a pool");
        let (_, own) = timed_cpu(|| pool.broadcast(|_| spin()));
        let own_wait = own.wait.expect("Linux tells the wait");
        assert!(own_wait < own.wall.mul_f64(0.25), "our own threads: {own_wait:?} in {:?}", own.wall);
        let hogs: Vec<std::process::Child> = (0..2 * cores)
            .map(|_| std::process::Command::new("sh").args(["-c", "while :; do :; done"]).spawn().expect("sh"))
            .collect();
        std::thread::sleep(Duration::from_millis(50));
        let (_, busy) = timed_cpu(spin);
        for mut h in hogs {
            let _ = h.kill();
            let _ = h.wait();
        }
        let wait = busy.wait.expect("Linux tells the wait");
        assert!(wait > busy.wall.mul_f64(0.25), "waited {wait:?} in {:?} beside {} hogs", busy.wall, 2 * cores);
    }

    #[test]
    fn only_waits_beyond_our_own_demand_are_others() {
        let t = |run: u64, wait: u64| SchedTimes { run: Duration::from_millis(run), wait: Duration::from_millis(wait) };
        let second = Duration::from_secs(1);
        // 3 threads wanting 2 cores for a second: 1 s of wait is our own.
        assert_eq!(wait_for_others(t(0, 0), t(2000, 1000), second, 2), Duration::ZERO);
        // One thread ran 0.6 s and waited 0.4 s on 2 cores: all 0.4 s are others'.
        assert_eq!(wait_for_others(t(0, 0), t(600, 400), second, 2), Duration::from_millis(400));
    }
}
