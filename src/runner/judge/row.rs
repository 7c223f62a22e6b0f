//! One row of the class's CSV (`judge.csv`): a submission and one question asked of it,
//! with the check's verdict, answers, times and shrunk position; a submission refused or
//! not built has one row that says so. Every column is declared with its kind (the
//! results contract's [`Kind`]) in `judge-columns.toml`.

use serde::{Deserialize, Serialize};

use crate::results::columns::Kind;

/// A row of `judge.csv`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct JudgeRow {
    /// The submission's name.
    pub submission: String,
    /// Its makers, joined by `; `.
    pub makers: String,
    /// `built`, `build-failed` or `refused` (not unpacked: an unsafe or unreadable archive).
    pub build: String,
    /// The check experiment the question belongs to (empty where nothing was asked).
    pub experiment: String,
    /// The position: an instance's name or `random N`.
    pub position: String,
    /// Its size in the game's measure.
    pub size: Option<u64>,
    /// The question (the protocol's request word), `build` or `unpack` where none was asked.
    pub question: String,
    /// The verdict's word (docs/solvers.md), or `refused` where the submission was not
    /// unpacked.
    pub verdict: String,
    /// The engine's answer.
    pub expected: String,
    /// The submission's answer.
    pub given: String,
    /// Why the answer is not correct, the compiler's last words, or why it was refused.
    pub detail: String,
    /// The submission's median seconds.
    pub solver_seconds: Option<f64>,
    /// The engine's median seconds over the same rounds.
    pub engine_seconds: Option<f64>,
    /// The submission's time over the engine's (paired estimate).
    pub time_ratio: Option<f64>,
    /// The 95 % interval's low end.
    pub time_ratio_low: Option<f64>,
    /// Its high end.
    pub time_ratio_high: Option<f64>,
    /// `slower`, `faster`, `same` or `unknown`.
    pub speed: String,
    /// The submission's peak memory, bytes.
    pub peak_memory_bytes: Option<u64>,
    /// The smallest position that still shows a wrong answer (lines joined by ` / `).
    pub shrunk_position: String,
    /// Its size.
    pub shrunk_size: Option<u64>,
    /// The engine's answer there.
    pub shrunk_expected: String,
    /// The submission's answer there.
    pub shrunk_given: String,
}

/// Every column of [`JudgeRow`] with its kind, in order.
pub const COLUMNS: [(&str, Kind); 22] = [
    ("submission", Kind::Text),
    ("makers", Kind::Text),
    ("build", Kind::Text),
    ("experiment", Kind::Text),
    ("position", Kind::Text),
    ("size", Kind::Count),
    ("question", Kind::Text),
    ("verdict", Kind::Text),
    ("expected", Kind::Text),
    ("given", Kind::Text),
    ("detail", Kind::Text),
    ("solver_seconds", Kind::Seconds),
    ("engine_seconds", Kind::Seconds),
    ("time_ratio", Kind::Number),
    ("time_ratio_low", Kind::Number),
    ("time_ratio_high", Kind::Number),
    ("speed", Kind::Text),
    ("peak_memory_bytes", Kind::Bytes),
    ("shrunk_position", Kind::Text),
    ("shrunk_size", Kind::Count),
    ("shrunk_expected", Kind::Text),
    ("shrunk_given", Kind::Text),
];

impl JudgeRow {
    /// The row of one record of a check experiment's CSV (`get` reads a column by name).
    pub fn from_check(experiment: &str, get: impl Fn(&str) -> String) -> JudgeRow {
        let num = |c: &str| get(c).parse::<f64>().ok().filter(|v| v.is_finite());
        let count = |c: &str| get(c).parse::<u64>().ok();
        JudgeRow {
            experiment: experiment.to_string(),
            position: get("position"),
            size: count("size"),
            question: get("question"),
            verdict: get("verdict"),
            expected: get("expected"),
            given: get("given"),
            detail: get("detail"),
            solver_seconds: num("solver_seconds"),
            engine_seconds: num("engine_seconds"),
            time_ratio: num("time_ratio"),
            time_ratio_low: num("time_ratio_low"),
            time_ratio_high: num("time_ratio_high"),
            speed: get("speed"),
            peak_memory_bytes: count("peak_memory_bytes"),
            shrunk_position: get("shrunk_position"),
            shrunk_size: count("shrunk_size"),
            shrunk_expected: get("shrunk_expected"),
            shrunk_given: get("shrunk_given"),
            ..JudgeRow::default()
        }
    }

    /// The one row of a submission where nothing was asked: `question` is `build` (the
    /// verdict `build-failed`) or `unpack` (the verdict `refused`), `detail` why.
    pub fn not_asked(question: &str, detail: &str) -> JudgeRow {
        JudgeRow {
            question: question.to_string(),
            verdict: if question == "unpack" { "refused" } else { "build-failed" }.to_string(),
            detail: detail.to_string(),
            ..JudgeRow::default()
        }
    }

    /// Whether the answer was correct.
    pub fn correct(&self) -> bool {
        self.verdict == "correct"
    }

    /// Whether the row is a question answered wrongly (not a build or refusal row).
    pub fn wrong_answer(&self) -> bool {
        !self.correct() && !self.experiment.is_empty()
    }
}

/// The text of `judge-columns.toml`: each column's name and kind.
pub fn columns_toml() -> String {
    let mut text = String::from("# The columns of judge.csv, in order, each with its kind.\n");
    for (name, kind) in COLUMNS {
        let kind = toml::Value::try_from(kind).map(|v| v.to_string()).unwrap_or_default();
        text.push_str(&format!("[[column]]\nname = \"{name}\"\nkind = {kind}\n\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declared_columns_are_the_rows_fields() {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(JudgeRow::default()).unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
        assert_eq!(header, COLUMNS.map(|(n, _)| n));
        assert!(columns_toml().contains("name = \"peak_memory_bytes\"\nkind = \"bytes\""));
    }
}
