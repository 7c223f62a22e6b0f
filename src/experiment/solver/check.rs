//! What checking a solver's answer gives, for every game alike: the row of one question
//! (its verdict, the expected and given answers, the times of the solver and of the
//! engine in paired rounds, the shrunk position of a wrong answer), and the one way a
//! wrong answer is shrunk: greedily to the smallest position that still shows it.

use serde::Serialize;

use super::session::Failure;
use super::speed::{judge, Speed};
use super::verdict::Verdict;
use crate::base::stats::median;
use crate::results::row::{Evidence, Fixed, MemoryBytes, Rate, Seconds};

/// The most positions tried while shrinking one wrong answer.
pub const MAX_SHRINK_TRIES: usize = 400;

/// A position that can be made smaller: its size (tiles, cells, sticks, pieces) and the
/// positions one step smaller, most promising first.
pub trait Shrinkable: Clone {
    /// The measure shrinking makes smaller.
    fn size(&self) -> usize;
    /// Positions one step smaller (each of smaller [`Shrinkable::size`] or simpler).
    fn smaller(&self) -> Vec<Self>;
}

/// The smallest position reached from `start` by steps of [`Shrinkable::smaller`] that
/// each still `fails`, trying at most `max_tries` positions; with the tries made.
pub fn shrink<P: Shrinkable>(start: P, mut fails: impl FnMut(&P) -> bool, max_tries: usize) -> (P, usize) {
    let mut current = start;
    let mut tries = 0;
    'outer: loop {
        for candidate in current.smaller() {
            if tries >= max_tries {
                break 'outer;
            }
            tries += 1;
            if candidate.size() <= current.size() && fails(&candidate) {
                current = candidate;
                continue 'outer;
            }
        }
        break;
    }
    (current, tries)
}

/// Shrinks the position `start` of a wrong answer: the smallest position (by
/// [`shrink`]) on which `ask` still gives `wrong` (`None`: the file is no position), with
/// the outcome there; `None` when even `start` is not wrong.
pub fn shrink_wrong<F: Shrinkable>(start: F, mut ask: impl FnMut(&F) -> Option<Outcome>) -> Option<(F, Outcome)> {
    let mut last = None;
    let (file, _) = shrink(
        start,
        |f| match ask(f) {
            Some(o) if o.verdict == Verdict::Wrong => {
                last = Some(o);
                true
            }
            _ => false,
        },
        MAX_SHRINK_TRIES,
    );
    let outcome = match last {
        Some(o) => o,
        None => ask(&file)?,
    };
    (outcome.verdict == Verdict::Wrong).then_some((file, outcome))
}

/// The timed rounds of one question: the solver's and the engine's seconds, paired.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rounds {
    /// The solver's seconds, one per round.
    pub solver: Vec<f64>,
    /// The engine's seconds, one per round.
    pub engine: Vec<f64>,
}

impl Rounds {
    /// Adds one round.
    pub fn push(&mut self, solver: f64, engine: f64) {
        self.solver.push(solver);
        self.engine.push(engine);
    }

    /// The solver's time over the engine's: the Hodges–Lehmann estimate of the paired
    /// ratio, with its 95 % interval from 6 rounds on (else the ratio of the medians).
    pub fn ratio(&self) -> Option<(f64, Option<(f64, f64)>)> {
        self.ratio_given(self.speed().as_ref())
    }

    /// The decision rule on the rounds ([`judge`]); `None` without a round both timed.
    pub fn speed(&self) -> Option<Speed> {
        judge(&self.solver, &self.engine)
    }

    /// [`Rounds::ratio`] from the rounds' `speed`, already judged.
    fn ratio_given(&self, speed: Option<&Speed>) -> Option<(f64, Option<(f64, f64)>)> {
        if let Some(speed) = speed {
            return Some((speed.ratio, speed.interval));
        }
        let (s, e) = (median(&self.solver)?, median(&self.engine)?);
        (e > 0.0).then(|| (s / e, None))
    }
}

/// An answer and the seconds it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Timed<T> {
    /// The answer.
    pub value: T,
    /// Seconds from the question to the answer.
    pub seconds: f64,
}

/// Timed rounds of a question whose calls are short: enough for a paired interval.
pub const TIMED_ROUNDS: usize = 6;

/// A question's calls are timed again while both took under this many seconds.
pub const REPEAT_BELOW_S: f64 = 0.25;

/// More paired rounds of a question while its calls are short, up to [`TIMED_ROUNDS`].
pub fn time_again(rounds: &mut Rounds, mut round: impl FnMut() -> Option<(f64, f64)>) {
    while rounds.solver.len() < TIMED_ROUNDS {
        let last = rounds.solver.last().copied().unwrap_or(0.0).max(rounds.engine.last().copied().unwrap_or(0.0));
        if last >= REPEAT_BELOW_S {
            return;
        }
        match round() {
            Some((s, e)) => rounds.push(s, e),
            None => return,
        }
    }
}

/// What asking one question on one position gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// The engine's answer.
    pub expected: String,
    /// The solver's answer.
    pub given: String,
    /// Why it is not correct, or what the rule found.
    pub detail: String,
    /// The paired times of the timed calls.
    pub rounds: Rounds,
    /// Positions the solver said it visited.
    pub positions: Option<u64>,
}

/// A question's outcome, or the failure that ended it with the answer expected then.
pub type Asked = Result<Outcome, (Failure, String)>;

impl Outcome {
    /// The outcome of a question that got no answer to check (`expected`: the engine's
    /// answer where known, empty where the engine itself failed).
    pub fn failed(f: &Failure, expected: String) -> Outcome {
        Outcome {
            verdict: f.verdict(),
            expected,
            given: String::new(),
            detail: f.detail(),
            rounds: Rounds::default(),
            positions: None,
        }
    }

    /// The outcome of an answer checked: wrong where `wrong` says why, else correct.
    pub fn judged(wrong: Option<String>, expected: String, given: String) -> Outcome {
        Outcome {
            verdict: if wrong.is_some() { Verdict::Wrong } else { Verdict::Correct },
            expected,
            given,
            detail: wrong.unwrap_or_default(),
            rounds: Rounds::default(),
            positions: None,
        }
    }

    /// Whether the engine itself ran out of its limit (nothing expected, time-limit).
    pub fn engine_stopped(&self) -> bool {
        self.expected.is_empty() && self.verdict == Verdict::TimeLimit
    }

    /// The row of this outcome of `question` on `position` of `size`.
    pub fn row(&self, position: &str, size: usize, question: &str) -> CheckRow {
        let mut row = CheckRow::new(position, size, question, self.verdict);
        row.expected = Some(self.expected.clone()).filter(|s| !s.is_empty());
        row.given = Some(self.given.clone()).filter(|s| !s.is_empty());
        row.detail = Some(self.detail.clone()).filter(|s| !s.is_empty());
        row.timed(&self.rounds, self.positions)
    }
}

/// The row of one question asked of a solver (the `check` experiments' CSV row).
#[derive(Debug, Clone, Default, Serialize)]
pub struct CheckRow {
    /// The position: an instance's name or `random N`.
    pub position: String,
    /// Its size in the game's measure (tiles, cells, sticks, pieces).
    pub size: String,
    /// The question, as the protocol's request word (`best`, `count smart`, ...).
    pub question: String,
    /// The verdict's word.
    pub verdict: String,
    /// The engine's answer.
    pub expected: Option<String>,
    /// The solver's answer (empty where it gave none).
    pub given: Option<String>,
    /// Why the answer is not correct, or what the rule found.
    pub detail: Option<String>,
    /// The positions the solver said it visited, where the question asks.
    pub solver_positions: Option<u64>,
    /// The median of the solver's seconds over the rounds.
    pub solver_seconds: Option<Seconds>,
    /// The median of the engine's seconds over the same rounds.
    pub engine_seconds: Option<Seconds>,
    /// The solver's time over the engine's (paired estimate).
    pub time_ratio: Option<Fixed<4>>,
    /// Its 95 % interval's low end (6 rounds or more).
    pub time_ratio_low: Option<Fixed<4>>,
    /// Its high end.
    pub time_ratio_high: Option<Fixed<4>>,
    /// The decision rule's verdict of the solver's time against the engine's: `slower`,
    /// `faster`, `same` (within ±5 %) or `unknown`.
    pub speed: Option<String>,
    /// The same in a sentence ("the engine's walk visits as many positions in 12.3 times
    /// less time (11.8 to 12.9 times, 6 paired rounds)").
    pub timing: Option<String>,
    /// The paired rounds timed.
    pub rounds: Option<u64>,
    /// The solver's positions per second, where it counts positions.
    pub positions_per_second: Option<Rate>,
    /// The peak memory of the solver's process after the answer, in bytes.
    pub peak_memory_bytes: Option<MemoryBytes>,
    /// The smallest position that still shows a wrong answer, in the game's file format
    /// (lines joined by ` / `).
    pub shrunk_position: Option<String>,
    /// Its size.
    pub shrunk_size: Option<u64>,
    /// The engine's answer on the shrunk position.
    pub shrunk_expected: Option<String>,
    /// The solver's answer on it.
    pub shrunk_given: Option<String>,
    /// The name the solver gave itself in its handshake (`hello 1 GAME NAME`).
    pub program: Option<String>,
    /// The reference's evidence behind the answer, where a game's report reasons from it
    /// (the tile game's greedy question: the line of best play after the move compared;
    /// the tiling's dumb count on a small board: where each stone lies in its tilings);
    /// the game writes and reads it.
    pub reference_evidence: Evidence,
}

impl CheckRow {
    /// A row of `question` on `position` with `verdict` and nothing measured yet.
    pub fn new(position: &str, size: usize, question: &str, verdict: Verdict) -> CheckRow {
        CheckRow {
            position: position.to_string(),
            size: size.to_string(),
            question: question.to_string(),
            verdict: verdict.word().to_string(),
            ..CheckRow::default()
        }
    }

    /// The row's verdict.
    pub fn verdict(&self) -> Verdict {
        Verdict::from_word(&self.verdict).unwrap_or(Verdict::Wrong)
    }

    /// Sets the times of `rounds` and, with `positions`, the solver's rate.
    pub fn timed(mut self, rounds: &Rounds, positions: Option<u64>) -> CheckRow {
        let secs = |xs: &[f64]| median(xs).map(|s| Seconds(std::time::Duration::from_secs_f64(s.max(0.0))));
        self.solver_seconds = secs(&rounds.solver);
        self.engine_seconds = secs(&rounds.engine);
        self.rounds = (!rounds.solver.is_empty()).then_some(rounds.solver.len() as u64);
        let speed = rounds.speed();
        if let Some((ratio, interval)) = rounds.ratio_given(speed.as_ref()) {
            self.time_ratio = Some(Fixed(ratio));
            self.time_ratio_low = interval.map(|(l, _)| Fixed(l));
            self.time_ratio_high = interval.map(|(_, h)| Fixed(h));
        }
        if let Some(speed) = speed {
            let visits_as_many = positions.is_some() && self.verdict() == Verdict::Correct;
            self.speed = Some(speed.verdict.word().to_string());
            self.timing = Some(speed.sentence(visits_as_many));
        }
        if let (Some(p), Some(s)) = (positions, median(&rounds.solver)) {
            self.solver_positions = Some(p);
            self.positions_per_second = (s > 0.0).then(|| Rate(p as f64 / s));
        }
        self
    }
}

/// A position's file text on one line: its lines joined by ` / `.
pub fn one_line(text: &str) -> String {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" / ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A number shrinks by halving and by one less; it "fails" while it is at least 7.
    #[derive(Clone, Debug, PartialEq)]
    struct N(usize);

    impl Shrinkable for N {
        fn size(&self) -> usize {
            self.0
        }
        fn smaller(&self) -> Vec<N> {
            [self.0 / 2, self.0.saturating_sub(1)].into_iter().filter(|&n| n < self.0).map(N).collect()
        }
    }

    #[test]
    fn shrinking_stops_at_the_smallest_failing_position() {
        let (n, tries) = shrink(N(1000), |n| n.0 >= 7, MAX_SHRINK_TRIES);
        assert_eq!(n, N(7));
        assert!(tries < 40, "{tries}");
        let (n, tries) = shrink(N(1000), |n| n.0 >= 7, 3);
        assert_eq!((n, tries), (N(125), 3));
    }

    #[test]
    fn a_ratio_has_an_interval_from_six_rounds() {
        let mut r = Rounds::default();
        for i in 0..5 {
            r.push(2.0 + 0.01 * i as f64, 1.0);
        }
        let (ratio, interval) = r.ratio().unwrap();
        assert!((ratio - 2.0).abs() < 0.05 && interval.is_none());
        r.push(2.0, 1.0);
        let (_, interval) = r.ratio().unwrap();
        let (l, h) = interval.unwrap();
        assert!(l <= 2.0 && 2.0 <= h + 1e-9, "{l} {h}");
    }

    #[test]
    fn file_text_goes_on_one_line() {
        assert_eq!(one_line("gb\n1 1\n\n0\n"), "gb / 1 1 / 0");
    }
}
