//! The sampling policy every timed cell of an experiment follows: warm-up runs, then
//! samples until the count or the cell's time budget is reached, each sample's outcome
//! checked against the first; the calls one row compares timed in rounds, each round in
//! an order drawn from a seed. What one sample measures is `search::timing`.

use std::fmt::Debug;
use std::time::{Duration, Instant};

use crate::search::budget::Stopped;
use crate::search::timing::{timed_cpu, Sample, Sampled, Samples};

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

/// One run of a timed cell.
pub type Run<'a, T, E = Stopped> = dyn FnMut() -> Result<T, E> + 'a;

/// How the rounds of an interleaved cell are ordered and how many it takes at least.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundPlan {
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

impl RoundPlan {
    /// One call, no minimum: the plain sampling of one cell.
    pub const SINGLE: RoundPlan = RoundPlan { seed: 0, min: 1, on_stop: OnStop::EndCell };

    /// Rounds in orders drawn from `seed`, at least `min` of them, a stop ending the cell.
    pub fn new(seed: u64, min: u32) -> Self {
        RoundPlan { seed, min, on_stop: OnStop::EndCell }
    }

    /// The same rounds with `on_stop` for a call's stop.
    pub fn on_stop(self, on_stop: OnStop) -> Self {
        RoundPlan { on_stop, ..self }
    }
}

/// Rounds a cell whose calls are compared by a ratio (a speed-up, memo against walk)
/// takes at least, whatever its time budget (never more than the samples asked for): with
/// fewer, the ratio's interval says little (the t quantile of 3 rounds is 4.30, of 5
/// rounds 2.78).
pub const MIN_PAIRED_ROUNDS: u32 = 5;

/// The order of each round's calls, balanced: rounds come in blocks of `calls` rounds, each
/// block a Latin square (every call once in every position), so that over every whole
/// block each call runs in each position equally often, and in between no call is ahead of
/// another in a position by more than one round. The squares are Williams designs, so
/// that each call also follows each other call equally often (over one block for an even
/// number of calls; over two, the second the mirror of the first, for an odd number). The
/// calls' labels are drawn per design and each block's rows shuffled, from a `ChaCha8Rng`
/// seeded with `seed` (the same seed, the same orders).
pub struct RoundOrders {
    rng: rand_chacha::ChaCha8Rng,
    calls: usize,
    labels: Vec<usize>,
    block: Vec<Vec<usize>>,
    blocks: usize,
}

impl RoundOrders {
    /// The orders of rounds of `calls` calls drawn from `seed`.
    pub fn new(seed: u64, calls: usize) -> Self {
        use rand::SeedableRng;
        let rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        RoundOrders { rng, calls, labels: (0..calls).collect(), block: Vec::new(), blocks: 0 }
    }

    /// The next block's rows: a Williams square over the labels (its mirror in every second
    /// block of an odd number of calls, whose labels are kept), its rows shuffled.
    fn refill(&mut self) {
        use rand::seq::SliceRandom;
        let mirrored = self.calls % 2 == 1 && self.blocks % 2 == 1;
        if !mirrored {
            self.labels.shuffle(&mut self.rng);
        }
        let mut rows = williams_square(self.calls);
        if mirrored {
            rows.iter_mut().for_each(|r| r.reverse());
        }
        rows.shuffle(&mut self.rng);
        self.block = rows.into_iter().map(|r| r.into_iter().map(|c| self.labels[c]).collect()).collect();
        self.blocks += 1;
    }
}

impl Iterator for RoundOrders {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        if self.block.is_empty() {
            self.refill();
        }
        Some(self.block.pop().unwrap_or_default())
    }
}

/// The Williams square of `n` calls: row `r` is `(s_j + r) mod n` for the sequence
/// `0, 1, n-1, 2, n-2, ...`; a Latin square in which, for even `n`, each call directly
/// follows each other call once (for odd `n`, once over the square and its mirror).
pub fn williams_square(n: usize) -> Vec<Vec<usize>> {
    let first: Vec<usize> = (0..n).map(|j| if j % 2 == 1 { j.div_ceil(2) } else { (n - j / 2) % n }).collect();
    (0..n).map(|r| first.iter().map(|s| (s + r) % n).collect()).collect()
}

/// Samples one cell under `policy`; see [`sample_interleaved`].
pub fn sample<T: PartialEq + Debug, E: Clone>(
    policy: &SamplePolicy,
    mut run: impl FnMut() -> Result<T, E>,
) -> Sampled<T, E> {
    let mut runs: [&mut Run<T, E>; 1] = [&mut run];
    sample_interleaved(policy, RoundPlan::SINGLE, &mut runs).pop().expect("one run gives one result")
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
    rounds: RoundPlan,
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
        let cells = sample_interleaved(&policy(4, 10.0), RoundPlan::new(7, 1), &mut runs);
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
    /// seed gives the same orders, another seed other orders.
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
    }

    /// The orders are balanced: after every whole block of `n` rounds each of `n` calls
    /// has run in each position exactly as often as the others, and after any number of
    /// rounds no call is ahead in a position by more than one; each call directly follows
    /// each other call equally often over two blocks.
    #[test]
    fn round_orders_put_each_call_in_each_position_equally_often() {
        for n in 1..=6 {
            for seed in [1, 7, 20240321] {
                let orders: Vec<Vec<usize>> = RoundOrders::new(seed, n).take(4 * n + 3).collect();
                for taken in 1..=orders.len() {
                    let counts = position_counts(&orders[..taken], n);
                    let (lo, hi) = (counts.iter().flatten().min(), counts.iter().flatten().max());
                    let whole = taken % n == 0;
                    assert!(hi.unwrap() - lo.unwrap() <= usize::from(!whole), "{n} calls, {taken} rounds: {counts:?}");
                }
                let mut follows = vec![vec![0; n]; n];
                for order in &orders[..2 * n] {
                    order.windows(2).for_each(|w| follows[w[0]][w[1]] += 1);
                }
                let off: Vec<usize> = (0..n)
                    .flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)))
                    .map(|(i, j)| follows[i][j])
                    .collect();
                assert!(off.iter().all(|&f| f == off[0]), "{n} calls: {follows:?}");
            }
        }
    }

    /// How many times each call (row) ran in each position (column) in `orders`.
    fn position_counts(orders: &[Vec<usize>], n: usize) -> Vec<Vec<usize>> {
        let mut counts = vec![vec![0; n]; n];
        for order in orders {
            order.iter().enumerate().for_each(|(position, &call)| counts[call][position] += 1);
        }
        counts
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
        let cells = sample_interleaved(&policy(6, 0.001), RoundPlan::new(1, MIN_PAIRED_ROUNDS), &mut runs);
        assert_eq!(cells[0].samples.len(), 5);
        let mut runs: [&mut Run<i32, Stopped>; 1] = [&mut slow];
        let capped = sample_interleaved(&policy(2, 0.001), RoundPlan::new(1, MIN_PAIRED_ROUNDS), &mut runs);
        assert_eq!(capped[0].samples.len(), 2);
    }

    /// A call stopped by its limit leaves the rounds of a cell of independent calls; the
    /// others keep their rounds. Where the calls are compared, the stop ends the cell.
    #[test]
    fn a_stopped_call_leaves_or_ends_the_rounds() {
        let mut fine = || Ok::<_, Stopped>(1);
        let mut limited = || Err::<i32, _>(Stopped::TimeLimit);
        let mut runs: [&mut Run<i32, Stopped>; 2] = [&mut fine, &mut limited];
        let drop = RoundPlan::new(5, 3).on_stop(OnStop::DropCall);
        let cells = sample_interleaved(&policy(3, 10.0), drop, &mut runs);
        assert_eq!((cells[0].outcome, cells[0].samples.len()), (Ok(1), 3));
        assert_eq!((cells[1].outcome, cells[1].samples.len()), (Err(Stopped::TimeLimit), 0));
        let mut runs: [&mut Run<i32, Stopped>; 2] = [&mut fine, &mut limited];
        let cells = sample_interleaved(&policy(3, 10.0), RoundPlan::new(5, 3), &mut runs);
        assert_eq!((cells[0].outcome, cells[1].outcome), (Err(Stopped::TimeLimit), Err(Stopped::TimeLimit)));
        assert!(cells[0].samples.len() <= 1);
    }

    #[test]
    fn bad_policy_values_are_refused() {
        assert!(check_samples(0).is_err() && check_samples(1001).is_err() && check_samples(5) == Ok(5));
        assert!(check_warmup(-1).is_err() && check_warmup(11).is_err() && check_warmup(0) == Ok(0));
        assert!(check_sample_budget(-1.0).is_err() && check_sample_budget(f64::NAN).is_err());
    }
}
