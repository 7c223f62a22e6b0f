//! A solver's time against the engine's on one question, judged by the decision rule the
//! harness judges its own builds with: the paired rounds' log ratios (solver over engine),
//! their signed-rank interval, and a verdict — `slower` or `faster` where the test
//! rejects "the same time", `same` where the whole interval lies within
//! ±[`SPEED_RESOLUTION`], `unknown` otherwise (also under 6 rounds) — with a sentence a
//! student can put in a report: "the engine answers in 12.3 times less time (11.8 to 12.9
//! times, 6 paired rounds)".

use crate::base::stats::decision::{CellTest, Rule, Verdict, MIN_ROUNDS};

/// Two programs' times within ±5 % of each other are called the same: a solver and the
/// engine are different programs, timed in different processes, so a difference smaller
/// than this says little about either.
pub const SPEED_RESOLUTION: f64 = 0.05;

/// The verdict on one question's times and what it rests on.
#[derive(Debug, Clone, PartialEq)]
pub struct Speed {
    /// The solver against the engine: `slower`, `faster`, `same` or `unknown`.
    pub verdict: Verdict,
    /// The solver's time over the engine's (Hodges–Lehmann estimate of the paired ratio).
    pub ratio: f64,
    /// Its 95 % interval, from [`MIN_ROUNDS`] rounds on.
    pub interval: Option<(f64, f64)>,
    /// The paired rounds counted.
    pub rounds: usize,
}

/// The paired rounds' log ratios `ln(solver / engine)`, leaving out a round with a time
/// that is not positive.
pub fn log_ratios(solver: &[f64], engine: &[f64]) -> Vec<f64> {
    solver.iter().zip(engine).filter(|(s, e)| **s > 0.0 && **e > 0.0).map(|(s, e)| (s / e).ln()).collect()
}

/// The decision rule on the paired rounds; `None` without a round both timed.
pub fn judge(solver: &[f64], engine: &[f64]) -> Option<Speed> {
    let test = CellTest::of(&log_ratios(solver, engine))?;
    let decision = Rule::new(SPEED_RESOLUTION).decide(&[Some(test)]).pop()?;
    Some(Speed {
        verdict: decision.verdict,
        ratio: test.estimate.exp(),
        interval: test.interval.map(|(l, h)| (l.exp(), h.exp())),
        rounds: test.rounds,
    })
}

impl Speed {
    /// The sentence: who answers in how many times less time, with the interval and the
    /// rounds; `visits_as_many` where both visited the same positions (the assignment's
    /// walk), so the sentence speaks of the walk.
    pub fn sentence(&self, visits_as_many: bool) -> String {
        let rounds = format!("{} paired round{}", self.rounds, if self.rounds == 1 { "" } else { "s" });
        let what = if visits_as_many { "walk visits as many positions" } else { "answers" };
        match self.verdict {
            Verdict::Same => format!(
                "the solver and the engine take the same time within ±{:.0} % ({} to {} of the engine's time, {rounds})",
                SPEED_RESOLUTION * 100.0,
                times(self.interval.map_or(self.ratio, |i| i.0)),
                times(self.interval.map_or(self.ratio, |i| i.1)),
            ),
            Verdict::Slower | Verdict::Faster => {
                let (who, factor, range) = if self.ratio >= 1.0 {
                    ("engine's", self.ratio, self.interval)
                } else {
                    ("solver's", 1.0 / self.ratio, self.interval.map(|(l, h)| (1.0 / h, 1.0 / l)))
                };
                let range = range.map_or_else(String::new, |(l, h)| format!("{} to {} times, ", times(l), times(h)));
                let who = if visits_as_many { who.to_string() } else { who.trim_end_matches("'s").to_string() };
                format!("the {who} {what} in {} times less time ({range}{rounds})", times(factor))
            }
            Verdict::Unknown => match self.interval {
                Some((l, h)) => format!(
                    "cannot tell which is faster: the solver takes {} to {} times the engine's time ({rounds})",
                    times(l),
                    times(h)
                ),
                None => format!(
                    "the solver took {} times the engine's time; {rounds}, at least {MIN_ROUNDS} needed for a verdict",
                    times(self.ratio)
                ),
            },
        }
    }
}

/// A factor with three significant digits or so: `12.3`, `1.05`, `250`.
fn times(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solver_ten_times_slower_is_slower_and_said_in_times() {
        let engine = [1.0, 1.1, 0.9, 1.0, 1.05, 0.95];
        let solver: Vec<f64> = engine.iter().zip([10.0, 10.2, 9.9, 10.1, 9.8, 10.0]).map(|(e, f)| e * f).collect();
        let speed = judge(&solver, &engine).unwrap();
        assert_eq!(speed.verdict, Verdict::Slower);
        assert!((speed.ratio - 10.0).abs() < 0.2, "{speed:?}");
        let (l, h) = speed.interval.unwrap();
        assert!(l <= speed.ratio && speed.ratio <= h && l > 9.7 && h < 10.3, "{speed:?}");
        let s = speed.sentence(true);
        assert!(s.starts_with("the engine's walk visits as many positions in 10.0 times less time (9.8"), "{s}");
        assert!(s.ends_with("times, 6 paired rounds)"), "{s}");
        assert!(
            speed.sentence(false).starts_with("the engine answers in 10.0 times less time"),
            "{}",
            speed.sentence(false)
        );
    }

    #[test]
    fn a_faster_solver_is_named_first() {
        let engine = [2.0; 6];
        let solver = [0.5, 0.49, 0.51, 0.5, 0.52, 0.48];
        let speed = judge(&solver, &engine).unwrap();
        assert_eq!(speed.verdict, Verdict::Faster);
        assert!(speed.sentence(false).starts_with("the solver answers in 4.0"), "{}", speed.sentence(false));
    }

    #[test]
    fn equal_times_within_the_resolution_are_the_same() {
        let engine = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0];
        let solver = [1.01, 0.99, 1.0, 1.005, 0.995, 1.0, 1.01, 0.99];
        let speed = judge(&solver, &engine).unwrap();
        assert_eq!(speed.verdict, Verdict::Same);
        assert!(speed.sentence(false).contains("the same time within ±5 %"), "{}", speed.sentence(false));
    }

    #[test]
    fn under_six_rounds_there_is_no_verdict_whatever_the_ratio() {
        let speed = judge(&[10.0, 10.0, 10.0], &[1.0, 1.0, 1.0]).unwrap();
        assert_eq!(speed.verdict, Verdict::Unknown);
        assert_eq!(speed.interval, None);
        let s = speed.sentence(false);
        assert!(s.contains("10.0 times the engine's time; 3 paired rounds, at least 6 needed"), "{s}");
        assert_eq!(judge(&[], &[]), None);
        assert_eq!(judge(&[0.0], &[1.0]), None, "a time of 0 is no ratio");
    }
}
