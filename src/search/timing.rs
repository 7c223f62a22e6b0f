//! Timing of search calls: one call's wall and CPU time, and the sampling policy every
//! timed cell follows (warm-up runs, then samples until the count or the cell's time
//! budget is reached, each sample's outcome checked against the first).

use std::fmt::Debug;
use std::time::{Duration, Instant};

pub use crate::base::machine::{
    peak_resident_bytes, process_peak_bytes, process_peak_resident_bytes, reset_peak_resident, resident_bytes,
};
use crate::base::paired::{self, PairedRatio};
use crate::base::{os, stats};
use crate::search::budget::Stopped;

/// Times `f`, returning its value and the elapsed wall time.
pub fn timed<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    let start = Instant::now();
    let r = f();
    (r, start.elapsed())
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
    /// The peak resident memory of the process during the call, in bytes: the kernel's
    /// high-water mark reset just before the call ([`reset_peak_resident`]) and read just
    /// after, so it counts what the process held when the call started (the program, its
    /// inputs, a memo region kept from an earlier table) plus what the call added; `None`
    /// where the system cannot reset the mark (a mark never reset would be the whole
    /// process's, not the call's).
    pub peak: Option<u64>,
}

/// Times `f` by wall clock, process CPU time, the threads' wait for cores other
/// programs had and the process's peak resident memory during it.
pub fn timed_cpu<R>(f: impl FnOnce() -> R) -> (R, Sample) {
    let reset = reset_peak_resident();
    let sched0 = process_sched_times();
    let cpu0 = process_cpu_time();
    let (r, wall) = timed(f);
    let cpu = process_cpu_time().saturating_sub(cpu0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let wait = sched0.zip(process_sched_times()).map(|(a, b)| wait_for_others(a, b, wall, cores));
    let peak = if reset { peak_resident_bytes() } else { None };
    (r, Sample { wall, cpu, wait, peak })
}

/// Default timed samples a cell aims for.
pub const DEFAULT_SAMPLES: u32 = 5;
/// Default warm-up runs (not recorded) before a cell's samples.
pub const DEFAULT_WARMUP: u32 = 0;
/// Default time budget of a cell in seconds: no further sample starts once the cell's
/// samples have taken this long.
pub const DEFAULT_SAMPLE_BUDGET_S: f64 = 3.0;
/// The most samples a cell may ask for.
pub const MAX_SAMPLES: u32 = 1000;
/// The most warm-up runs a cell may ask for.
pub const MAX_WARMUP: u32 = 10;
/// The largest cell budget in seconds (one hour).
pub const MAX_SAMPLE_BUDGET_S: f64 = 3600.0;

/// How a timed cell is sampled: `warmup` runs that are not recorded, then timed samples
/// until `samples` are taken or the samples have used `budget` (the first sample always
/// counts, so a cell whose first sample is long keeps one sample).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SamplePolicy {
    /// Timed samples the cell aims for (at least 1).
    pub samples: u32,
    /// Runs before the samples, not recorded.
    pub warmup: u32,
    /// Wall time after which no further sample starts.
    pub budget: Duration,
}

impl Default for SamplePolicy {
    fn default() -> Self {
        SamplePolicy {
            samples: DEFAULT_SAMPLES,
            warmup: DEFAULT_WARMUP,
            budget: Duration::from_secs_f64(DEFAULT_SAMPLE_BUDGET_S),
        }
    }
}

impl SamplePolicy {
    /// One sample, no warm-up: the policy of a call that must run exactly once.
    pub fn once() -> Self {
        SamplePolicy { samples: 1, warmup: 0, budget: Duration::ZERO }
    }
}

/// Checks a sample count: a whole number from 1 to [`MAX_SAMPLES`].
pub fn check_samples(n: i64) -> Result<u32, String> {
    match u32::try_from(n) {
        Ok(n) if (1..=MAX_SAMPLES).contains(&n) => Ok(n),
        _ => Err(format!("expected a whole number of samples from 1 to {MAX_SAMPLES}, got {n}")),
    }
}

/// Checks a warm-up count: a whole number from 0 to [`MAX_WARMUP`].
pub fn check_warmup(n: i64) -> Result<u32, String> {
    match u32::try_from(n) {
        Ok(n) if n <= MAX_WARMUP => Ok(n),
        _ => Err(format!("expected a whole number of warm-up runs from 0 to {MAX_WARMUP}, got {n}")),
    }
}

/// Checks a cell budget in seconds: finite, from 0 to [`MAX_SAMPLE_BUDGET_S`].
pub fn check_sample_budget(seconds: f64) -> Result<Duration, String> {
    if seconds.is_finite() && (0.0..=MAX_SAMPLE_BUDGET_S).contains(&seconds) {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(format!("expected seconds from 0 to {MAX_SAMPLE_BUDGET_S:.0}, got {seconds}"))
    }
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

/// One run of a timed cell.
pub type Run<'a, T, E = Stopped> = dyn FnMut() -> Result<T, E> + 'a;

/// How the rounds of an interleaved cell are ordered and how many it takes at least.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rounds {
    /// The seed of the rounds' orders: each round runs the calls in an order drawn from a
    /// `ChaCha8Rng` seeded with it, so the same seed gives the same orders.
    pub seed: u64,
    /// Rounds taken whatever the budget says (unless a call stops or the policy asks for
    /// fewer samples): the rounds a ratio of the calls needs.
    pub min: u32,
    /// What a call's stop (its time or memory limit) does to the others.
    pub on_stop: OnStop,
}

/// What a call stopped by its limit does to the other calls of its cell. Ctrl-C, SIGTERM
/// and SIGHUP end every call whatever this says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnStop {
    /// The cell ends: every call's outcome is the stop (the calls are compared with each
    /// other, and one without the others says nothing).
    EndCell,
    /// The stopped call leaves the rounds with its stop as its outcome; the others go on
    /// (calls that each give a figure of their own, such as the modes of a count).
    DropCall,
}

impl Rounds {
    /// One call, no minimum: the plain sampling of one cell.
    pub const SINGLE: Rounds = Rounds { seed: 0, min: 1, on_stop: OnStop::EndCell };

    /// Rounds in orders drawn from `seed`, at least `min` of them, a stop ending the cell.
    pub fn new(seed: u64, min: u32) -> Self {
        Rounds { seed, min, on_stop: OnStop::EndCell }
    }

    /// The same rounds with `on_stop` for a call's stop.
    pub fn on_stop(self, on_stop: OnStop) -> Self {
        Rounds { on_stop, ..self }
    }
}

/// Rounds a cell whose calls are compared by a ratio (a speed-up, memo against walk)
/// takes at least, budget or not: with fewer, the ratio's interval says little.
pub const MIN_PAIRED_ROUNDS: u32 = 3;

/// The order of each round's calls: round after round, a permutation of `0..calls` drawn
/// from a `ChaCha8Rng` seeded with `seed` (the same seed, the same orders).
pub struct RoundOrders {
    rng: rand_chacha::ChaCha8Rng,
    calls: usize,
}

impl RoundOrders {
    /// The orders of rounds of `calls` calls drawn from `seed`.
    pub fn new(seed: u64, calls: usize) -> Self {
        use rand::SeedableRng;
        RoundOrders { rng: rand_chacha::ChaCha8Rng::seed_from_u64(seed), calls }
    }
}

impl Iterator for RoundOrders {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        use rand::seq::SliceRandom;
        let mut order: Vec<usize> = (0..self.calls).collect();
        order.shuffle(&mut self.rng);
        Some(order)
    }
}

/// Samples one cell under `policy`; see [`sample_interleaved`].
pub fn sample<T: PartialEq + Debug, E: Clone>(
    policy: &SamplePolicy,
    mut run: impl FnMut() -> Result<T, E>,
) -> Sampled<T, E> {
    let mut runs: [&mut Run<T, E>; 1] = [&mut run];
    sample_interleaved(policy, Rounds::SINGLE, &mut runs).pop().expect("one run gives one result")
}

/// Samples several calls of one cell in rounds, each round running every call once in an
/// order drawn from `rounds.seed` ([`RoundOrders`]), so that a drift in the machine's
/// speed falls on each call alike and the calls' samples of one round can be compared
/// pair by pair ([`Samples::paired_walls`]).
///
/// `policy.warmup` rounds run first, in the calls' order, and are not recorded; then
/// rounds run until `policy.samples` are taken or the rounds have used `policy.budget`
/// × the number of calls, but at least `rounds.min` rounds (never more than
/// `policy.samples`; the first round always runs). A run stopped by its time or memory
/// limit ends the cell or leaves the rounds, as `rounds.on_stop` says; Ctrl-C (or
/// SIGTERM, SIGHUP) ends the cell. A stop is its call's outcome and nothing is repeated.
/// Every later outcome is compared with the first round's.
pub fn sample_interleaved<T: PartialEq + Debug, E: Clone>(
    policy: &SamplePolicy,
    rounds: Rounds,
    runs: &mut [&mut Run<T, E>],
) -> Vec<Sampled<T, E>> {
    let calls = runs.len();
    let mut cells: Vec<Cell<T, E>> = (0..calls).map(|_| Cell::default()).collect();
    let mut ended = None;
    let stop = |cells: &mut Vec<Cell<T, E>>, i: usize, s: E| {
        if rounds.on_stop == OnStop::EndCell || crate::search::budget::interrupted() {
            Some(s)
        } else {
            cells[i].stopped = Some(s);
            None
        }
    };
    'warmup: for _ in 0..policy.warmup {
        for i in 0..calls {
            if cells[i].stopped.is_none() {
                if let Err(s) = runs[i]() {
                    ended = stop(&mut cells, i, s);
                    if ended.is_some() {
                        break 'warmup;
                    }
                }
            }
        }
    }
    let budget = policy.budget.mul_f64(calls as f64);
    let wanted = policy.samples.max(1);
    let min = rounds.min.clamp(1, wanted);
    let start = Instant::now();
    let mut orders = RoundOrders::new(rounds.seed, calls);
    let mut taken = 0;
    let active = |cells: &Vec<Cell<T, E>>| cells.iter().any(|c| c.stopped.is_none());
    'rounds: while ended.is_none() && active(&cells) && (taken < min || (taken < wanted && start.elapsed() < budget)) {
        let order = orders.next().expect("round orders never end");
        for (position, &i) in order.iter().enumerate() {
            if cells[i].stopped.is_some() {
                continue;
            }
            let (r, time) = timed_cpu(&mut *runs[i]);
            match r {
                Ok(value) => cells[i].record(value, time, taken, position as u32),
                Err(s) => {
                    ended = stop(&mut cells, i, s);
                    if ended.is_some() {
                        break 'rounds;
                    }
                }
            }
        }
        taken += 1;
    }
    cells
        .into_iter()
        .map(|c| Sampled {
            outcome: match ended.clone().or(c.stopped) {
                Some(s) => Err(s),
                None => Ok(c.first.expect("every call that did not stop ran in the first round")),
            },
            samples: c.samples,
            nondeterministic: c.nondeterministic,
        })
        .collect()
}

/// One call's record while its cell is sampled.
struct Cell<T, E> {
    first: Option<T>,
    samples: Samples,
    nondeterministic: Option<String>,
    stopped: Option<E>,
}

impl<T, E> Default for Cell<T, E> {
    fn default() -> Self {
        Cell { first: None, samples: Samples::default(), nondeterministic: None, stopped: None }
    }
}

impl<T: PartialEq + Debug, E> Cell<T, E> {
    /// Records a finished call of round `round`, at `position` in its order; a value
    /// other than the first sample's is named once.
    fn record(&mut self, value: T, time: Sample, round: u32, position: u32) {
        self.samples.push(time, round, position);
        match &self.first {
            None => self.first = Some(value),
            Some(first) if *first != value && self.nondeterministic.is_none() => {
                self.nondeterministic = Some(format!(
                    "nondeterministic: sample {} gave {value:?}, sample 1 gave {first:?}",
                    self.samples.len()
                ));
            }
            Some(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn policy(samples: u32, budget_s: f64) -> SamplePolicy {
        SamplePolicy { samples, warmup: 0, budget: Duration::from_secs_f64(budget_s) }
    }

    #[test]
    fn a_fast_cell_gets_its_samples() {
        let calls = Cell::new(0);
        let s: Sampled<_> = sample(&policy(5, 10.0), || {
            calls.set(calls.get() + 1);
            Ok(42)
        });
        assert_eq!((s.outcome, s.samples.len(), calls.get(), s.nondeterministic), (Ok(42), 5, 5, None));
    }

    #[test]
    fn warmup_runs_are_not_recorded() {
        let calls = Cell::new(0);
        let p = SamplePolicy { warmup: 2, ..policy(3, 10.0) };
        let s: Sampled<_> = sample(&p, || {
            calls.set(calls.get() + 1);
            Ok(1)
        });
        assert_eq!((s.samples.len(), calls.get()), (3, 5));
    }

    #[test]
    fn a_slow_cell_stops_after_its_budget() {
        let s: Sampled<_> = sample(&policy(5, 0.05), || {
            std::thread::sleep(Duration::from_millis(30));
            Ok(())
        });
        assert_eq!(s.samples.len(), 2, "30 ms, 60 ms: the budget of 50 ms is spent");
        let one: Sampled<_> = sample(&policy(5, 0.01), || {
            std::thread::sleep(Duration::from_millis(20));
            Ok(())
        });
        assert_eq!(one.samples.len(), 1, "a first sample longer than the budget is the only one");
    }

    #[test]
    fn a_nondeterministic_search_is_named() {
        let n = Cell::new(0u64);
        let s: Sampled<_> = sample(&policy(3, 10.0), || {
            n.set(n.get() + 1);
            Ok(if n.get() == 2 { 7 } else { 6 })
        });
        assert_eq!(s.nondeterministic.as_deref(), Some("nondeterministic: sample 2 gave 7, sample 1 gave 6"));
    }

    #[test]
    fn a_stopped_sample_ends_the_cell_without_repeating() {
        let calls = Cell::new(0);
        let s: Sampled<_> = sample(&policy(5, 10.0), || {
            calls.set(calls.get() + 1);
            if calls.get() == 1 {
                Ok(1)
            } else {
                Err(Stopped::TimeLimit)
            }
        });
        assert_eq!((s.outcome, s.samples.len(), calls.get()), (Err(Stopped::TimeLimit), 1, 2));
    }

    #[test]
    fn interleaved_runs_alternate() {
        let order = std::cell::RefCell::new(Vec::new());
        let mut a = || {
            order.borrow_mut().push('a');
            Ok(1)
        };
        let mut b = || {
            order.borrow_mut().push('b');
            Ok(2)
        };
        let mut runs: [&mut Run<i32, Stopped>; 2] = [&mut a, &mut b];
        let cells = sample_interleaved(&policy(4, 10.0), Rounds::new(7, 1), &mut runs);
        let order = order.into_inner();
        assert_eq!(order.len(), 8);
        for (round, pair) in order.chunks(2).enumerate() {
            assert!(pair == ['a', 'b'] || pair == ['b', 'a'], "round {round}: {pair:?}");
        }
        assert_eq!((cells[0].outcome, cells[1].outcome), (Ok(1), Ok(2)));
        assert_eq!(cells[0].samples.round, [0, 1, 2, 3]);
        let positions: Vec<u32> = (0..4).map(|r| cells[0].samples.order[r] + cells[1].samples.order[r]).collect();
        assert_eq!(positions, [1, 1, 1, 1], "one call first, the other second, in every round");
    }

    /// Each round's order is a permutation of the calls drawn from the seed: the same
    /// seed gives the same orders, another seed other orders, and over many rounds each
    /// call runs first about as often as the others.
    #[test]
    fn round_orders_are_seeded_permutations() {
        let a: Vec<Vec<usize>> = RoundOrders::new(42, 3).take(60).collect();
        let b: Vec<Vec<usize>> = RoundOrders::new(42, 3).take(60).collect();
        let c: Vec<Vec<usize>> = RoundOrders::new(43, 3).take(60).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
        for order in &a {
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2]);
        }
        let firsts: Vec<usize> = (0..3).map(|i| a.iter().filter(|o| o[0] == i).count()).collect();
        assert!(firsts.iter().all(|&f| f >= 8), "each call first in some rounds: {firsts:?}");
    }

    /// A cell compared by a ratio takes its minimum rounds whatever the budget, but never
    /// more than the samples asked for.
    #[test]
    fn a_paired_cell_takes_its_minimum_rounds() {
        let calls = Cell::new(0);
        let mut slow = || {
            calls.set(calls.get() + 1);
            std::thread::sleep(Duration::from_millis(20));
            Ok::<_, Stopped>(1)
        };
        let mut runs: [&mut Run<i32, Stopped>; 1] = [&mut slow];
        let cells = sample_interleaved(&policy(5, 0.001), Rounds::new(1, 3), &mut runs);
        assert_eq!(cells[0].samples.len(), 3);
        let mut runs: [&mut Run<i32, Stopped>; 1] = [&mut slow];
        let capped = sample_interleaved(&policy(2, 0.001), Rounds::new(1, 3), &mut runs);
        assert_eq!(capped[0].samples.len(), 2);
    }

    /// A call stopped by its limit leaves the rounds of a cell of independent calls; the
    /// others keep their rounds. Where the calls are compared, the stop ends the cell.
    #[test]
    fn a_stopped_call_leaves_or_ends_the_rounds() {
        let mut fine = || Ok::<_, Stopped>(1);
        let mut limited = || Err::<i32, _>(Stopped::TimeLimit);
        let mut runs: [&mut Run<i32, Stopped>; 2] = [&mut fine, &mut limited];
        let drop = Rounds::new(5, 3).on_stop(OnStop::DropCall);
        let cells = sample_interleaved(&policy(3, 10.0), drop, &mut runs);
        assert_eq!((cells[0].outcome, cells[0].samples.len()), (Ok(1), 3));
        assert_eq!((cells[1].outcome, cells[1].samples.len()), (Err(Stopped::TimeLimit), 0));
        let mut runs: [&mut Run<i32, Stopped>; 2] = [&mut fine, &mut limited];
        let cells = sample_interleaved(&policy(3, 10.0), Rounds::new(5, 3), &mut runs);
        assert_eq!((cells[0].outcome, cells[1].outcome), (Err(Stopped::TimeLimit), Err(Stopped::TimeLimit)));
        assert!(cells[0].samples.len() <= 1);
    }

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
    fn bad_policy_values_are_refused() {
        assert!(check_samples(0).is_err() && check_samples(1001).is_err() && check_samples(5) == Ok(5));
        assert!(check_warmup(-1).is_err() && check_warmup(11).is_err() && check_warmup(0) == Ok(0));
        assert!(check_sample_budget(-1.0).is_err() && check_sample_budget(f64::NAN).is_err());
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
