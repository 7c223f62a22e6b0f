//! What an A/B of two builds found (`harness ab`, the rounds in [`crate::runner::ab`]):
//! every timed cell with its rounds' log ratios and the verdict of the decision rule
//! ([`crate::base::stats::decision`]), each item with why it was or was not timed, the
//! overall verdict, and the status the command ends with. The report's comparison back
//! ends (`report::compare`) give it as text, Markdown, JSON or an HTML page.

use serde::Serialize;

use crate::base::stats::decision::{self, CellTest, Decision, Overall, Rule, Verdict};
use crate::base::stats::median;
pub use crate::results::cell_comparison::AbCell;
use crate::results::cell_comparison::Rounds;

/// The finest time a build's `harness cell` writes (its seconds carry nine decimals): a
/// cell printed as 0 seconds ran below it and is taken as this much.
pub const TIMER_RESOLUTION_S: f64 = 1e-9;

/// How the two builds' processes of a round were run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AbMode {
    /// One after the other, in a seeded balanced order (A B or B A, each pair of rounds
    /// holding both).
    Alternate,
    /// Both at once, each pinned to a core of its own, swapping cores from round to round.
    Simultaneous,
}

impl AbMode {
    /// The mode's word.
    pub fn word(self) -> &'static str {
        match self {
            AbMode::Alternate => "alternate",
            AbMode::Simultaneous => "simultaneous",
        }
    }
}

/// One item of the manifest compared: its cells, or why it was not timed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AbItem {
    /// The experiment.
    pub experiment: String,
    /// The item.
    pub item: String,
    /// Whether both builds gave the same exact results (counts, scores, moves) in every
    /// round.
    pub counts_agree: bool,
    /// What differed, when they did not.
    pub difference: Option<String>,
    /// Timed calls of each cell in each process (calibrated in the first round so that a
    /// cell's calls take about 100 ms or more; the same for both builds).
    pub repeats: u32,
    /// Rounds counted (the first, calibrating round is not).
    pub rounds: usize,
    /// Rounds not counted because a side ran on a busy machine.
    pub busy_rounds: usize,
    /// Why the item has fewer rounds than a verdict needs, when it has.
    pub shortfall: Option<String>,
    /// The timed cells (`key column`) for which a build printed 0 seconds at least once:
    /// a time below its clock's resolution, taken as [`TIMER_RESOLUTION_S`] (so the
    /// cell's ratio says little; its calls are repeated as often as the limits allow).
    pub below_resolution: Vec<String>,
    /// The timed cells.
    pub cells: Vec<AbCell>,
}

impl AbItem {
    /// The cells' log ratios, one `Vec` per cell.
    pub fn log_ratios(&self) -> Vec<Vec<f64>> {
        self.cells.iter().map(|c| c.evidence.log_ratios.clone()).collect()
    }
}

/// How the A/B ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AbStatus {
    /// Every item was timed and decided as the rule allows.
    Ok,
    /// `--fail-on-slower` and a cell or the overall verdict is `slower` (exit 1).
    Slower,
    /// The builds' exact results differ in an item (exit 1).
    Different,
    /// Cells without the rounds a verdict needs (a busy machine), or nothing measured at
    /// all (exit 3).
    Inconclusive,
}

impl AbStatus {
    /// The status's word.
    pub fn word(self) -> &'static str {
        match self {
            AbStatus::Ok => "ok",
            AbStatus::Slower => "slower",
            AbStatus::Different => "different",
            AbStatus::Inconclusive => "inconclusive",
        }
    }

    /// The exit code of `harness ab` ending with this status: 0, 1 (a verdict: slower or
    /// different) or 3 (inconclusive).
    pub fn exit_code(self) -> u8 {
        match self {
            AbStatus::Ok => 0,
            AbStatus::Slower | AbStatus::Different => 1,
            AbStatus::Inconclusive => 3,
        }
    }
}

/// The whole A/B.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AbReport {
    /// The baseline build.
    pub baseline: String,
    /// The candidate build.
    pub candidate: String,
    /// The manifest.
    pub manifest: String,
    /// How the rounds ran.
    pub mode: AbMode,
    /// The rule's resolution: a change whose interval lies within ± this is `same`.
    pub resolution: f64,
    /// Whether a slower cell or overall verdict fails the A/B.
    pub fail_on_slower: bool,
    /// Whether both builds gave the same exact results in every item.
    pub counts_agree: bool,
    /// Every item.
    pub items: Vec<AbItem>,
    /// The overall verdict: the geometric mean of the cells' ratios, paired by round
    /// within each item ([`decision::overall`]); `None` when no item has the rounds.
    pub overall: Option<Overall>,
    /// How the A/B ends.
    pub status: AbStatus,
}

impl AbReport {
    /// The report of `items`, each cell decided by `rule` with the correction over every
    /// cell of every item, the overall verdict and the status.
    pub fn decide(
        builds: (String, String, String),
        mode: AbMode,
        rule: &Rule,
        fail_on_slower: bool,
        mut items: Vec<AbItem>,
    ) -> AbReport {
        let tests: Vec<Option<CellTest>> =
            items.iter().flat_map(|i| i.cells.iter().map(|c| CellTest::of(&c.evidence.log_ratios))).collect();
        let mut decisions = rule.decide(&tests).into_iter();
        for item in &mut items {
            for cell in &mut item.cells {
                let mut d = decisions.next().unwrap_or_else(|| Decision::unmeasured("no rounds"));
                if d.verdict == Verdict::Unknown && d.interval.is_none() {
                    if let Some(why) = &item.shortfall {
                        d.reason = Some(why.clone());
                    }
                }
                cell.decision = d;
            }
        }
        let grouped: Vec<Vec<Vec<f64>>> = items.iter().map(AbItem::log_ratios).collect();
        let overall = decision::overall(&grouped, rule);
        let counts_agree = items.iter().all(|i| i.counts_agree);
        let mut report = AbReport {
            baseline: builds.0,
            candidate: builds.1,
            manifest: builds.2,
            mode,
            resolution: rule.resolution,
            fail_on_slower,
            counts_agree,
            items,
            overall,
            status: AbStatus::Ok,
        };
        report.status = report.status_of();
        report
    }

    fn status_of(&self) -> AbStatus {
        let slower = self.cells().any(|c| c.decision.verdict == Verdict::Slower)
            || self.overall.as_ref().is_some_and(|o| o.decision.verdict == Verdict::Slower);
        let unmeasured = self.cells().any(|c| c.decision.rounds < decision::MIN_ROUNDS);
        let timed = self.cells().next().is_some();
        if !self.counts_agree {
            AbStatus::Different
        } else if self.fail_on_slower && slower {
            AbStatus::Slower
        } else if unmeasured || !timed {
            AbStatus::Inconclusive
        } else {
            AbStatus::Ok
        }
    }

    /// Every timed cell.
    pub fn cells(&self) -> impl Iterator<Item = &AbCell> {
        self.items.iter().flat_map(|i| i.cells.iter())
    }

    /// Cells of each verdict, in the order of [`Verdict::ALL`]: slower, faster, same,
    /// unknown.
    pub fn tally(&self) -> [usize; 4] {
        let mut t = [0; 4];
        for c in self.cells() {
            t[Verdict::ALL.iter().position(|v| *v == c.decision.verdict).unwrap_or(3)] += 1;
        }
        t
    }

    /// Why the A/B does not end `ok`, in a sentence; `None` when it does.
    pub fn failure(&self) -> Option<String> {
        let [slower, ..] = self.tally();
        match self.status {
            AbStatus::Ok => None,
            AbStatus::Different => {
                Some("the two builds give different results; those items were not timed".to_string())
            }
            AbStatus::Slower => Some(match slower {
                0 => "B is slower overall".to_string(),
                n => format!("{} of B slower than A's", crate::base::text::count_of(n as u64, "timed cell")),
            }),
            AbStatus::Inconclusive => Some(match self.cells().next() {
                None => "nothing was timed: no item had a timed cell both builds measured".to_string(),
                Some(_) => {
                    let short = self.cells().filter(|c| c.decision.rounds < decision::MIN_ROUNDS).count();
                    format!(
                        "{} without the {} rounds a verdict needs",
                        crate::base::text::count_of(short as u64, "timed cell"),
                        decision::MIN_ROUNDS
                    )
                }
            }),
        }
    }
}

/// A cell of `experiment`'s item with the rounds' seconds of each side (`a[i]`, `b[i]`
/// from round `i`), not yet decided.
pub fn cell_of(
    (experiment, item): (&str, &str),
    (row, key, column): (usize, &str, &str),
    a: &[f64],
    b: &[f64],
) -> AbCell {
    let log_ratios = crate::base::stats::paired::log_ratios(a, b);
    let spread = (log_ratios.len() >= 2).then(|| {
        let n = log_ratios.len() as f64;
        let mean = log_ratios.iter().sum::<f64>() / n;
        (log_ratios.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
    });
    AbCell {
        experiment: experiment.to_string(),
        item: item.to_string(),
        column: column.to_string(),
        a_median: median(a),
        b_median: median(b),
        decision: Decision::unmeasured("not decided yet"),
        evidence: Rounds { row, key: key.to_string(), log_ratios, spread },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(cells: Vec<AbCell>, rounds: usize, busy: usize) -> AbItem {
        AbItem {
            experiment: "e".into(),
            item: "i".into(),
            counts_agree: true,
            difference: None,
            repeats: 1,
            rounds,
            busy_rounds: busy,
            shortfall: (rounds < 6).then(|| format!("{busy} of {} rounds ran busy", rounds + busy)),
            below_resolution: Vec::new(),
            cells,
        }
    }

    fn report(items: Vec<AbItem>, fail_on_slower: bool) -> AbReport {
        let builds = ("a".to_string(), "b".to_string(), "m.toml".to_string());
        AbReport::decide(builds, AbMode::Alternate, &Rule::new(0.01), fail_on_slower, items)
    }

    /// Every round busy: no counted round, every cell `unknown` with the reason, status
    /// `inconclusive` (exit 3), never `ok`.
    #[test]
    fn a_busy_machine_is_inconclusive() {
        let c = cell_of(("e", "i"), (0, "k", "seconds"), &[], &[]);
        let r = report(vec![item(vec![c], 0, 40)], true);
        assert_eq!(r.status, AbStatus::Inconclusive);
        assert_eq!(r.status.exit_code(), 3);
        let d = &r.items[0].cells[0].decision;
        assert_eq!(d.verdict, Verdict::Unknown);
        assert_eq!(d.sentence(0.01), "cannot tell: 40 of 40 rounds ran busy");
        assert!(r.failure().unwrap().starts_with("1 timed cell without the 6 rounds"), "{:?}", r.failure());
        assert_eq!(report(Vec::new(), false).status, AbStatus::Inconclusive, "nothing measured is never ok");
    }

    #[test]
    fn only_a_corrected_slower_fails() {
        let a = [1.0, 1.1, 0.9, 1.05, 0.95, 1.0, 1.02, 0.98];
        let slow: Vec<f64> = a.iter().enumerate().map(|(i, x)| x * (1.05 + 0.001 * i as f64)).collect();
        let r = report(vec![item(vec![cell_of(("e", "i"), (0, "k", "s"), &a, &slow)], 8, 0)], true);
        assert_eq!((r.status, r.tally()), (AbStatus::Slower, [1, 0, 0, 0]));
        let same = report(vec![item(vec![cell_of(("e", "i"), (0, "k", "s"), &a, &a)], 8, 0)], true);
        assert_eq!((same.status, same.tally()), (AbStatus::Ok, [0, 0, 1, 0]));
    }
}
