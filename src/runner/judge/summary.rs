//! One line of the class table: a submission's makers, build, questions correct of asked,
//! first question not correct (with its shrunk position), speed against the engine, peak
//! memory and style findings.

use super::record::Judged;

/// A submission's line in the class table.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Its name.
    pub id: String,
    /// Its makers, joined by `; `.
    pub makers: String,
    /// `built`, `build-failed` or `refused`.
    pub build: String,
    /// Questions answered correctly.
    pub correct: usize,
    /// Questions asked.
    pub asked: usize,
    /// The first question not correct: `EXPERIMENT POSITION QUESTION: VERDICT`.
    pub first_wrong: String,
    /// Its shrunk position, where it was shrunk.
    pub shrunk: String,
    /// The geometric mean of the paired time ratios (submission over engine) of the
    /// questions answered correctly and timed.
    pub speed_ratio: Option<f64>,
    /// The speed verdicts of those questions: slower, same, faster, unknown.
    pub speed_counts: [usize; 4],
    /// The highest peak memory of its process, bytes.
    pub peak_memory_bytes: Option<u64>,
    /// Its style findings.
    pub style: usize,
}

/// The speed verdicts in the order [`Line::speed_counts`] counts them.
pub const SPEEDS: [&str; 4] = ["slower", "same", "faster", "unknown"];

impl Line {
    /// The line of `judged`.
    pub fn of(judged: &Judged) -> Line {
        let (correct, asked) = judged.correct_of_asked();
        let first = judged.first_wrong();
        let timed: Vec<f64> =
            judged.rows.iter().filter(|r| r.correct()).filter_map(|r| r.time_ratio).filter(|r| *r > 0.0).collect();
        let mut speed_counts = [0; 4];
        for r in judged.rows.iter().filter(|r| r.correct()) {
            if let Some(i) = SPEEDS.iter().position(|s| *s == r.speed) {
                speed_counts[i] += 1;
            }
        }
        Line {
            id: judged.id.clone(),
            makers: judged.makers.join("; "),
            build: judged.build.clone(),
            correct,
            asked,
            first_wrong: first
                .map(|r| format!("{} {} {}: {}", r.experiment, r.position, r.question, r.verdict).trim().to_string())
                .unwrap_or_default(),
            shrunk: first.map(|r| r.shrunk_position.clone()).unwrap_or_default(),
            speed_ratio: geometric_mean(&timed),
            speed_counts,
            peak_memory_bytes: judged.rows.iter().filter_map(|r| r.peak_memory_bytes).max(),
            style: judged.style.len(),
        }
    }

    /// The speed as a table shows it: `2.31× (slower 5, same 1)`, empty where untimed.
    pub fn speed_text(&self) -> String {
        let Some(ratio) = self.speed_ratio else { return String::new() };
        let counts: Vec<String> =
            SPEEDS.iter().zip(self.speed_counts).filter(|(_, n)| *n > 0).map(|(s, n)| format!("{s} {n}")).collect();
        format!("{ratio:.2}× ({})", counts.join(", "))
    }

    /// The peak memory in MiB, as a table shows it.
    pub fn memory_text(&self) -> String {
        self.peak_memory_bytes.map(|b| format!("{:.1} MiB", b as f64 / f64::from(1 << 20))).unwrap_or_default()
    }
}

fn geometric_mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp())
}
