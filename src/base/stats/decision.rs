//! The one decision rule of the harness: what paired timings of two variants (a baseline
//! and a candidate build; a run and the run it is compared with) allow one to say, cell by
//! cell and overall. `harness ab`, `harness compare` and the run's tables all take their
//! verdicts from here.
//!
//! **Per cell** (a timed figure, its log ratios `ln(B/A)` over the counted rounds):
//! - `slower` or `faster` only when the exact Wilcoxon signed-rank test rejects "no
//!   change" at [`ALPHA`] after Holm's correction over every cell compared at once (so
//!   that the chance of calling any cell of an unchanged build different stays at
//!   [`ALPHA`], however many cells there are) **and** the whole interval of the change
//!   lies beyond ±resolution (a change that matters, not only one that exists); a
//!   significant change whose interval reaches inside the resolution is said as such
//!   ([`Decision::small_change`]) beside `same` or `unknown`;
//! - `same` only when the whole interval of the change lies within ±resolution (an
//!   equivalence test: the data show that any change is smaller than the resolution),
//!   and never with fewer than [`MIN_ROUNDS`] rounds;
//! - otherwise `unknown`, with its interval ("cannot tell: −1.0 % to 7.0 %") or the
//!   reason there is none.
//!
//! **Stopping** ([`Rule::settled`], [`super::looks`]): an item may stop only at the looks
//! of a fixed schedule, once every cell is decided by magnitude — its interval within or
//! wholly beyond ±resolution. Each look spends a share of the level (a cell analysed at
//! a look of weight `w` has its p read as `p / w` and its interval at `1 − α·w`), so that
//! stopping keeps the error rate whatever look an item stops at.
//!
//! **Dependence** ([`super::dependence`]): a cell whose rounds are positively
//! autocorrelated is analysed on block means, and its verdict says so.
//!
//! **Overall** ([`overall`]): the geometric mean of the cells' ratios, from a paired
//! analysis that respects rounds and items — per item, each round's mean log ratio over
//! the item's cells (the cells of a round share their processes, so they are one
//! observation, not several); the items (independent processes) combined with weights in
//! proportion to their cells, and a Student-t interval with Welch–Satterthwaite degrees
//! of freedom, at the stricter level [`OVERALL_ALPHA`] (a 99 % interval). Its verdict
//! follows the cell rule without a correction (one test).
//!
//! The rule's error rates, measured by the seeded simulation of [`super::simulation`]
//! (docs/harness.md, "The decision rule"), are held by the library's tests to the figures
//! the docs give: with no change, at most 5 % of whole A/Bs (11 cells, 40 rounds) call
//! any cell different, under independent, autocorrelated, drifting, heavy-tailed and
//! busy rounds.

use statrs::distribution::{ContinuousCDF, StudentsT};

use super::dependence::{block_means, Dependence};
use super::paired::signed_rank_at;

/// The level of the corrected test of "no change", and the confidence of the intervals
/// (1 − `ALPHA`).
pub const ALPHA: f64 = 0.05;

/// The level of the overall verdict's test, and its interval (99 %): one test, but one
/// whose Welch–Satterthwaite t is only as good as its few items, so it is held to a
/// stricter level than the cells' corrected one (the simulation shows its false alarms at
/// 5 % near 5 %, at 1 % near 1 %).
pub const OVERALL_ALPHA: f64 = 0.01;

/// Fewest counted rounds for any verdict other than `unknown`: the fewest for which a
/// 95 % signed-rank interval exists.
pub const MIN_ROUNDS: usize = 6;

/// What a comparison says of B against A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// B is slower: the corrected test rejects "no change" and the change is positive.
    Slower,
    /// B is faster: the corrected test rejects "no change" and the change is negative.
    Faster,
    /// The interval of the change lies within ±resolution.
    Same,
    /// Neither: the interval is too wide, or there are too few rounds for one.
    Unknown,
}

impl Verdict {
    /// Every verdict, in the order tallies list them.
    pub const ALL: [Verdict; 4] = [Verdict::Slower, Verdict::Faster, Verdict::Same, Verdict::Unknown];

    /// The verdict's word.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Slower => "slower",
            Verdict::Faster => "faster",
            Verdict::Same => "same",
            Verdict::Unknown => "unknown",
        }
    }

    /// Whether the verdict claims a difference.
    pub fn is_difference(self) -> bool {
        matches!(self, Verdict::Slower | Verdict::Faster)
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// The paired evidence of one cell: the signed-rank analysis of its rounds' log ratios.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellTest {
    /// The Hodges–Lehmann estimate of the log ratio.
    pub estimate: f64,
    /// Its interval (log ratios) at `1 −` [`ALPHA`]` · weight`; `None` where the rounds
    /// cannot reach that level (under [`MIN_ROUNDS`] rounds for 95 %).
    pub interval: Option<(f64, f64)>,
    /// The two-sided signed-rank p-value of "no change", as computed (before the look's
    /// weight).
    pub p: f64,
    /// The rounds counted.
    pub rounds: usize,
    /// The share of the level this analysis may spend ([`super::looks`]): 1 for a
    /// comparison that looks once.
    pub weight: f64,
    /// Dependence found in the rounds, when the analysis ran on block means.
    pub dependence: Option<Dependence>,
}

impl CellTest {
    /// The test of the log ratios `ln(b/a)` of the counted rounds, looked at once (weight
    /// 1); `None` without a round or with a value that is not finite.
    pub fn of(log_ratios: &[f64]) -> Option<CellTest> {
        CellTest::at_weight(log_ratios, 1.0)
    }

    /// The test of the log ratios at a look of weight `weight`: its interval at
    /// `1 − ALPHA · weight`, on block means where the rounds are dependent.
    pub fn at_weight(log_ratios: &[f64], weight: f64) -> Option<CellTest> {
        CellTest::at(log_ratios, weight, Dependence::of(log_ratios))
    }

    /// As [`CellTest::at_weight`], with the dependence found over the cells timed
    /// together ([`Dependence::pooled`]): the analysis runs on means of its blocks.
    pub fn at(log_ratios: &[f64], weight: f64, dependence: Option<Dependence>) -> Option<CellTest> {
        let blocked;
        let data = match dependence {
            Some(d) => {
                blocked = block_means(log_ratios, d.block);
                &blocked
            }
            None => log_ratios,
        };
        let s = signed_rank_at(data, ALPHA * weight)?;
        Some(CellTest {
            estimate: s.estimate,
            interval: s.interval,
            p: s.p,
            rounds: log_ratios.len(),
            weight,
            dependence,
        })
    }

    /// The p-value the correction sees: `p / weight`, at most 1.
    pub fn p_weighted(&self) -> f64 {
        if self.weight <= 0.0 {
            1.0
        } else {
            (self.p / self.weight).min(1.0)
        }
    }
}

/// A verdict with what it rests on.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Decision {
    /// The verdict.
    pub verdict: Verdict,
    /// The estimated change of B against A (0.031 is 3.1 % slower); `None` without data.
    pub change: Option<f64>,
    /// The 95 % interval of the change; `None` without one.
    pub interval: Option<(f64, f64)>,
    /// The raw two-sided p-value of "no change".
    pub p: Option<f64>,
    /// The p-value after the correction over every cell compared (Holm); the verdict is a
    /// difference only where it is below [`ALPHA`].
    pub p_adjusted: Option<f64>,
    /// The rounds counted.
    pub rounds: usize,
    /// Why the verdict is `unknown` without an interval, when a reason is known.
    pub reason: Option<String>,
    /// A change the corrected test finds whose interval still reaches inside the
    /// resolution: its direction (`slower` or `faster`), said beside `same` or `unknown`
    /// as significant but perhaps too small to matter.
    pub small_change: Option<Verdict>,
    /// Dependence found in the rounds (the analysis then ran on block means).
    pub dependence: Option<Dependence>,
}

impl Decision {
    /// An `unknown` with nothing measured, and why.
    pub fn unmeasured(reason: impl Into<String>) -> Decision {
        Decision {
            verdict: Verdict::Unknown,
            change: None,
            interval: None,
            p: None,
            p_adjusted: None,
            rounds: 0,
            reason: Some(reason.into()),
            small_change: None,
            dependence: None,
        }
    }

    /// The decision in words: "B is 3.1 % slower (1.2 % to 5.0 %)", "B is the same
    /// within ±1.0 % (−0.4 % to 0.6 %)", "cannot tell: −1.0 % to 7.0 %", "cannot tell:
    /// only 3 rounds counted, at least 6 needed".
    pub fn sentence(&self, resolution: f64) -> String {
        let mut s = self.verdict_sentence(resolution);
        if let Some(direction) = self.small_change {
            s.push_str(&format!(
                "; {} by a change the test finds but that may be under ±{}",
                direction,
                percent(resolution)
            ));
        }
        if let Some(d) = &self.dependence {
            s.push_str("; ");
            s.push_str(&d.note());
        }
        s
    }

    fn verdict_sentence(&self, resolution: f64) -> String {
        let range = self.interval.map(|(l, h)| format!("{} to {}", percent(l), percent(h)));
        match (self.verdict, self.change) {
            (Verdict::Slower, Some(c)) => format!("B is {} slower ({})", percent(c), range.unwrap_or_default()),
            (Verdict::Faster, Some(c)) => {
                format!("B is {} faster ({})", percent(-c), range.unwrap_or_default())
            }
            (Verdict::Same, _) => {
                format!("B is the same within ±{} ({})", percent(resolution), range.unwrap_or_default())
            }
            _ => match (&self.reason, range) {
                (Some(reason), Some(range)) => format!("cannot tell: {range} ({reason})"),
                (Some(reason), None) => format!("cannot tell: {reason}"),
                (None, Some(range)) => format!("cannot tell: {range}"),
                (None, None) => "cannot tell".to_string(),
            },
        }
    }
}

/// `0.031` → "3.1 %", `-0.004` → "−0.4 %".
pub fn percent(x: f64) -> String {
    format!("{:.1} %", x * 100.0).replace('-', "−")
}

/// How the p-values of the cells compared at once are corrected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Correction {
    /// Holm's step-down correction: the chance of any false `slower` or `faster` among
    /// the cells stays at [`ALPHA`] (`harness ab`, whose paired rounds can reach it).
    Holm,
    /// Benjamini–Hochberg: the expected share of false differences among the cells called
    /// different stays at [`ALPHA`] (`harness compare`, whose few samples a cell cannot
    /// pass Holm over a hundred cells); the adjusted p is the cell's q-value.
    BenjaminiHochberg,
}

/// The rule's settings: the resolution below which a change counts as none, the fewest
/// rounds for a verdict, and the correction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rule {
    /// A change whose whole interval lies within ±this fraction is `same`.
    pub resolution: f64,
    /// Fewest counted rounds for any verdict other than `unknown` (at least
    /// [`MIN_ROUNDS`] for paired rounds).
    pub min_rounds: usize,
    /// The correction over the cells compared at once.
    pub correction: Correction,
}

impl Rule {
    /// The rule of paired rounds: `resolution`, [`MIN_ROUNDS`], Holm.
    pub fn new(resolution: f64) -> Rule {
        Rule { resolution, min_rounds: MIN_ROUNDS, correction: Correction::Holm }
    }

    /// Whether a log-ratio interval lies within ±resolution.
    pub fn within(&self, (low, high): (f64, f64)) -> bool {
        within((low, high), self.resolution)
    }

    /// The verdicts of cells compared at once: the correction runs over every cell with
    /// at least [`Rule::min_rounds`] rounds; the others are `unknown`.
    pub fn decide(&self, cells: &[Option<CellTest>]) -> Vec<Decision> {
        self.decide_banded(cells, &vec![self.resolution; cells.len()])
    }

    /// As [`Rule::decide`], each cell with a resolution of its own (`bands[i]`).
    pub fn decide_banded(&self, cells: &[Option<CellTest>], bands: &[f64]) -> Vec<Decision> {
        let testable: Vec<usize> =
            (0..cells.len()).filter(|&i| cells[i].is_some_and(|c| c.rounds >= self.min_rounds)).collect();
        let ps: Vec<f64> = testable.iter().map(|&i| cells[i].map_or(1.0, |c| c.p_weighted())).collect();
        let adjusted = match self.correction {
            Correction::Holm => holm(&ps),
            Correction::BenjaminiHochberg => benjamini_hochberg(&ps),
        };
        let mut out: Vec<Decision> = cells
            .iter()
            .map(|c| match c {
                None => Decision::unmeasured("no round measured both builds"),
                Some(c) => Decision {
                    verdict: Verdict::Unknown,
                    change: Some(c.estimate.exp() - 1.0),
                    interval: c.interval.map(|(l, h)| (l.exp() - 1.0, h.exp() - 1.0)),
                    p: Some(c.p),
                    p_adjusted: None,
                    rounds: c.rounds,
                    reason: Some(format!(
                        "only {} counted, at least {} needed",
                        rounds_word(c.rounds),
                        self.min_rounds
                    )),
                    small_change: None,
                    dependence: c.dependence,
                },
            })
            .collect();
        for (&i, &p_adjusted) in testable.iter().zip(&adjusted) {
            let Some(test) = cells[i] else { continue };
            let d = &mut out[i];
            d.p_adjusted = Some(p_adjusted);
            d.reason = None;
            let band = bands.get(i).copied().unwrap_or(self.resolution);
            (d.verdict, d.small_change) = self.verdict(&test, (p_adjusted, ALPHA), band);
        }
        out
    }

    /// The verdict of `test` whose (corrected) p-value is `p`, tested at `level`, with
    /// the resolution `band`, and the direction of a significant change too small to be
    /// a difference.
    fn verdict(&self, test: &CellTest, (p, level): (f64, f64), band: f64) -> (Verdict, Option<Verdict>) {
        let direction = if test.estimate > 0.0 { Verdict::Slower } else { Verdict::Faster };
        let significant = p < level && test.estimate != 0.0;
        let small = significant.then_some(direction);
        match test.interval {
            Some(i) if significant && beyond(i, band) => (direction, None),
            Some(i) if within(i, band) => (Verdict::Same, small),
            _ => (Verdict::Unknown, small),
        }
    }

    /// Whether an item whose cells have the log ratios `cells` (one `Vec` per cell, one
    /// value per counted round) may stop sampling at a look of weight `weight`, among
    /// `cells_compared` cells in all: every cell has at least [`Rule::min_rounds`] rounds
    /// and is decided as its verdict will be — its interval at that look's level within
    /// ±resolution, or wholly beyond it with a weighted p that passes even the strictest
    /// threshold of the correction (`ALPHA / cells_compared`). An item without cells is
    /// settled.
    pub fn settled(&self, cells: &[Vec<f64>], weight: f64, cells_compared: usize) -> bool {
        let strictest = ALPHA / cells_compared.max(1) as f64;
        let dependence = Dependence::pooled(&cells.iter().map(Vec::as_slice).collect::<Vec<_>>());
        cells.iter().all(|d| {
            d.len() >= self.min_rounds
                && CellTest::at(d, weight, dependence).is_some_and(|t| {
                    t.interval
                        .is_some_and(|i| self.within(i) || (beyond(i, self.resolution) && t.p_weighted() < strictest))
                })
        })
    }
}

/// Whether a log-ratio interval lies wholly beyond ±`resolution` (as a change), on one
/// side.
pub fn beyond((low, high): (f64, f64), resolution: f64) -> bool {
    low.exp() - 1.0 > resolution || high.exp() - 1.0 < -resolution
}

/// Whether a log-ratio interval lies within ±`resolution` (as a change).
pub fn within((low, high): (f64, f64), resolution: f64) -> bool {
    low.exp() - 1.0 >= -resolution && high.exp() - 1.0 <= resolution
}

/// The Benjamini–Hochberg q-values of `ps` (in their order): the `i`-th smallest (1-based
/// rank `k`) becomes `min over ranks j >= k of min(1, m · p_(j) / j)`.
pub fn benjamini_hochberg(ps: &[f64]) -> Vec<f64> {
    let m = ps.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| ps[a].total_cmp(&ps[b]));
    let mut q = vec![1.0; m];
    let mut running: f64 = 1.0;
    for (rank, &i) in order.iter().enumerate().rev() {
        running = running.min((m as f64 * ps[i] / (rank + 1) as f64).min(1.0));
        q[i] = running;
    }
    q
}

fn rounds_word(n: usize) -> String {
    if n == 1 {
        "1 round".to_string()
    } else {
        format!("{n} rounds")
    }
}

/// Holm's step-down adjusted p-values of `ps` (in their order): the `i`-th smallest
/// becomes `max over j <= i of min(1, (m − j) · p_(j))` (0-based `j`), so that rejecting
/// where the adjusted p is below a level keeps the chance of any false rejection at that
/// level.
pub fn holm(ps: &[f64]) -> Vec<f64> {
    let m = ps.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| ps[a].total_cmp(&ps[b]));
    let mut adjusted = vec![1.0; m];
    let mut running: f64 = 0.0;
    for (j, &i) in order.iter().enumerate() {
        running = running.max(((m - j) as f64 * ps[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// The overall verdict of cells grouped in items.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Overall {
    /// The verdict and its change: the geometric mean of the cells' ratios, minus one.
    pub decision: Decision,
    /// Cells averaged.
    pub cells: usize,
    /// Items (groups of cells timed in the same processes) averaged.
    pub items: usize,
}

/// The overall verdict of `items`, each given as its cells' log ratios (one `Vec` per
/// cell, one value per round, every cell of an item with the same rounds). Items with
/// fewer than `rule.min_rounds` rounds are left out; `None` when none is left. Its test
/// and interval are at [`OVERALL_ALPHA`].
///
/// Per item, the mean log ratio of each round over its cells; the item's mean `M` and
/// variance `s²` over its `n` rounds. Overall `L = Σ w M` with `w` the item's share of the
/// cells, variance `Σ w² s² / n`, and a 95 % Student-t interval with Welch–Satterthwaite
/// degrees of freedom; its p-value is the t test's.
pub fn overall(items: &[Vec<Vec<f64>>], rule: &Rule) -> Option<Overall> {
    overall_at(items, rule, 1.0, None)
}

/// As [`overall`], at a look of weight `weight`: its p read as `p / weight`, its
/// interval at `1 −` [`OVERALL_ALPHA`]` · weight`; where the rounds are dependent, each
/// item's round means averaged in blocks of `dependence.block` first.
pub fn overall_at(
    items: &[Vec<Vec<f64>>],
    rule: &Rule,
    weight: f64,
    dependence: Option<Dependence>,
) -> Option<Overall> {
    let alpha = OVERALL_ALPHA * weight;
    let usable: Vec<&Vec<Vec<f64>>> = items
        .iter()
        .filter(|cells| !cells.is_empty() && cells.iter().all(|c| c.len() == cells[0].len()))
        .filter(|cells| cells[0].len() >= rule.min_rounds)
        .collect();
    let total: usize = usable.iter().map(|c| c.len()).sum();
    if total == 0 {
        return None;
    }
    let (mut mean, mut var, mut df_denominator) = (0.0, 0.0, 0.0);
    for cells in &usable {
        let n = cells[0].len();
        let round_means: Vec<f64> =
            (0..n).map(|r| cells.iter().map(|c| c[r]).sum::<f64>() / cells.len() as f64).collect();
        let round_means = match dependence {
            Some(d) if n / d.block >= 2 => block_means(&round_means, d.block),
            _ => round_means,
        };
        let n = round_means.len();
        let m = super::mean(&round_means);
        let s2 = super::sample_variance(&round_means);
        let w = cells.len() as f64 / total as f64;
        mean += w * m;
        let term = w * w * s2 / n as f64;
        var += term;
        df_denominator += term * term / (n - 1) as f64;
    }
    let (interval, p) = if var > 0.0 {
        let df = (var * var / df_denominator).max(1.0);
        let t = StudentsT::new(0.0, 1.0, df).ok()?;
        let half = t.inverse_cdf(1.0 - alpha / 2.0) * var.sqrt();
        ((mean - half, mean + half), 2.0 * (1.0 - t.cdf(mean.abs() / var.sqrt())))
    } else {
        ((mean, mean), if mean == 0.0 { 1.0 } else { 0.0 })
    };
    let rounds = usable.iter().map(|c| c[0].len()).sum();
    let test = CellTest { estimate: mean, interval: Some(interval), p, rounds, weight, dependence: None };
    let p = test.p_weighted();
    let (verdict, small_change) = rule.verdict(&test, (p, OVERALL_ALPHA), rule.resolution);
    let decision = Decision {
        verdict,
        change: Some(mean.exp() - 1.0),
        interval: Some((interval.0.exp() - 1.0, interval.1.exp() - 1.0)),
        p: Some(p),
        p_adjusted: Some(p),
        rounds: test.rounds,
        reason: None,
        small_change,
        dependence,
    };
    Some(Overall { decision, cells: total, items: usable.len() })
}

#[cfg(test)]
mod tests;
