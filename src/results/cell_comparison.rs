//! One timed cell of A and B compared, the one type for both kinds of comparison: two
//! runs made at different times (`harness compare`, the evidence [`RunSamples`]) and two
//! builds timed in rounds (`harness ab`, the evidence [`Rounds`]). Where the cell is, both
//! medians and the decision of the rule ([`Decision`]) are common to both; what the
//! decision rests on is the evidence.
//!
//! The JSON of each kind is written here, field by field, so that the objects `compare
//! --json` and `ab --json` print keep their documented fields (docs/harness.md, "JSON
//! output") whatever the model's layout.

use serde::{Serialize, Serializer};

use crate::base::stats::decision::{Decision, Verdict};

/// One timed cell of A and B compared: where it is, both medians and the verdict with what
/// it rests on; `E` is what the kind of comparison measured.
#[derive(Debug, Clone, PartialEq)]
pub struct CellComparison<E> {
    /// The experiment (CSV stem).
    pub experiment: String,
    /// The item: the row's leading identifying cells for runs, the item's name for builds.
    pub item: String,
    /// The timed column (`seconds`, `memo_seconds`, `par_seconds`, ...).
    pub column: String,
    /// A's median seconds; `None` without a sample.
    pub a_median: Option<f64>,
    /// B's median seconds; `None` without a sample.
    pub b_median: Option<f64>,
    /// The verdict and what it rests on: the change of B against A (beyond the common
    /// factor, for runs), its 95 % interval and the corrected p-value.
    pub decision: Decision,
    /// What the kind of comparison measured.
    pub evidence: E,
}

impl<E> CellComparison<E> {
    /// The cell's verdict.
    pub fn verdict(&self) -> Verdict {
        self.decision.verdict
    }

    /// A's median seconds, 0 without one.
    pub fn a_seconds(&self) -> f64 {
        self.a_median.unwrap_or(0.0)
    }

    /// B's median seconds, 0 without one.
    pub fn b_seconds(&self) -> f64 {
        self.b_median.unwrap_or(0.0)
    }

    /// Where the cell is, as both kinds' JSON writes it.
    fn place(&self) -> Place<'_> {
        Place { experiment: &self.experiment, item: &self.item, column: &self.column }
    }
}

/// The JSON fields `experiment`, `item` and `column` of a cell.
#[derive(Serialize)]
struct Place<'a> {
    experiment: &'a str,
    item: &'a str,
    column: &'a str,
}

/// What a cell of two runs rests on: each side's samples, B/A with its bootstrap
/// interval, whether either side ran busy and the noise band the verdict used.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunSamples {
    /// `b_median / a_median`; `None` when A's median is zero.
    pub ratio: Option<f64>,
    /// Lower end of the 95 % bootstrap interval of the ratio of medians.
    pub ratio_low: Option<f64>,
    /// Upper end of the interval.
    pub ratio_high: Option<f64>,
    /// Samples in A.
    pub a_samples: usize,
    /// Samples in B.
    pub b_samples: usize,
    /// Whether the row was timed on a busy machine in A or in B: its verdict may say more
    /// of the machine than of the code.
    pub busy: bool,
    /// The noise band the verdict used: a difference in the median below this fraction is
    /// `same` (the larger of `--noise` and `--machine-noise`).
    pub noise_band: f64,
    /// Whether the verdict is of B/A itself (`absolute`) or of B/A over the factor every
    /// cell shares (`relative`).
    pub judged: crate::results::common_factor::Judged,
}

/// What a cell of two builds rests on: its row in the item and the counted rounds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rounds {
    /// The row within the item (0 is its first).
    pub row: usize,
    /// The row's key cells, `column=value` joined by spaces.
    pub key: String,
    /// The log ratio `ln(B/A)` of every counted round, in order.
    pub log_ratios: Vec<f64>,
    /// The standard deviation of the rounds' log ratios (about the per-round spread of the
    /// ratio, as a fraction); `None` under two rounds.
    pub spread: Option<f64>,
}

/// A timed cell of two runs (`harness compare`).
pub type TimingComparison = CellComparison<RunSamples>;

/// A timed cell of two builds (`harness ab`).
pub type AbCell = CellComparison<Rounds>;

impl TimingComparison {
    /// B/A over the factor the cell was judged against (`CommonFactor::applied`, 1 when
    /// judged absolute): what the verdict judges.
    pub fn against_common(&self) -> Option<f64> {
        self.decision.change.map(|x| 1.0 + x)
    }
}

/// `compare --json`'s object of a cell: `experiment`, `item`, `column`, `a_median`,
/// `b_median` (seconds, 0 without samples), `ratio`, `ratio_low`, `ratio_high`,
/// `against_common`, `p_value`, `q_value` (Benjamini–Hochberg), `a_samples`, `b_samples`,
/// `verdict`, `reason` (why `unknown`, when known), `busy`, `noise_band` and `judged`
/// (`absolute` or `relative`).
impl Serialize for TimingComparison {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Json<'a> {
            #[serde(flatten)]
            place: Place<'a>,
            a_median: f64,
            b_median: f64,
            against_common: Option<f64>,
            p_value: Option<f64>,
            q_value: Option<f64>,
            verdict: Verdict,
            reason: Option<&'a str>,
            #[serde(flatten)]
            samples: &'a RunSamples,
        }
        Json {
            place: self.place(),
            a_median: self.a_seconds(),
            b_median: self.b_seconds(),
            against_common: self.against_common(),
            p_value: self.decision.p,
            q_value: self.decision.p_adjusted,
            verdict: self.decision.verdict,
            reason: self.decision.reason.as_deref(),
            samples: &self.evidence,
        }
        .serialize(serializer)
    }
}

/// `ab --json`'s object of a cell: `experiment`, `item`, `row`, `key`, `column`,
/// `a_median`, `b_median` (seconds or null), `log_ratios`, `spread` and `decision` (the
/// verdict, change, interval, p, corrected p, rounds and reason).
impl Serialize for AbCell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Json<'a> {
            #[serde(flatten)]
            place: Place<'a>,
            a_median: Option<f64>,
            b_median: Option<f64>,
            decision: &'a Decision,
            #[serde(flatten)]
            rounds: &'a Rounds,
        }
        Json {
            place: self.place(),
            a_median: self.a_median,
            b_median: self.b_median,
            decision: &self.decision,
            rounds: &self.evidence,
        }
        .serialize(serializer)
    }
}
