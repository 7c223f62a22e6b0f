//! What an A/B of two builds found (`harness ab`, the rounds in [`crate::runner::ab`]):
//! every timed cell with its rounds' log ratios and the verdict of the decision rule
//! ([`crate::base::stats::decision`]), each item with why it was or was not timed, the
//! overall verdict, and the status the command ends with. The report's comparison back
//! ends (`report::compare`) give it as text, Markdown, JSON or an HTML page.

use serde::Serialize;

use crate::base::counters::HardwareCounts;
use crate::base::stats::decision::{self, CellTest, Decision, Overall, Rule, Verdict};
use crate::base::stats::dependence::Dependence;
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
    /// The share of the level its analysis spends: the weight of the look its rounds
    /// reached ([`crate::base::stats::looks`]).
    pub weight: f64,
    /// Why it stopped sampling ("a look, every cell settled", "its maximum rounds", …);
    /// `None` when it was never sampled.
    pub stopped: Option<String>,
    /// The timed cells.
    pub cells: Vec<AbCell>,
    /// The instructions of its timed calls in each build (`--metric instructions`).
    pub instructions: Option<Instructions>,
}

/// The instructions an item's timed calls executed in each build, counted under
/// callgrind (one thread, one call a cell): exact, so its verdict needs no interval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Instructions {
    /// Build A's count.
    pub a: u64,
    /// Build B's count.
    pub b: u64,
    /// `b / a − 1`.
    pub change: f64,
    /// `slower` (more instructions) or `faster` (fewer) beyond ±resolution, else `same`.
    pub verdict: Verdict,
    /// The item's timed cells (`key column`) whose wall-time verdict says otherwise: a
    /// difference in the other direction, a difference where the instructions are the
    /// same, or `same` where they differ.
    pub disagreeing_cells: Vec<String>,
    /// The processor's own counters over the same calls (one process a build, run
    /// natively), where the machine lends them.
    pub hardware: Option<HardwareCompared>,
}

/// The processor's counters of an item's timed calls in each build (`perf_event_open`:
/// instructions, cycles, cache misses, user space, one thread), or why there are none.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HardwareCompared {
    /// Build A's counts.
    pub a: Option<HardwareCounts>,
    /// Build B's counts.
    pub b: Option<HardwareCounts>,
    /// B's instructions over A's, less 1, where both were counted.
    pub instructions_change: Option<f64>,
    /// B's cycles over A's, less 1, where both were counted.
    pub cycles_change: Option<f64>,
    /// Why a build's counters could not be read (the first reason), where one could not.
    pub unavailable: Option<String>,
}

impl HardwareCompared {
    /// Both builds' counts, or why one has none.
    pub fn new(a: Result<HardwareCounts, String>, b: Result<HardwareCounts, String>) -> HardwareCompared {
        let change = |x: u64, y: u64| (x > 0).then(|| y as f64 / x as f64 - 1.0);
        let unavailable = a.as_ref().err().or(b.as_ref().err()).cloned();
        let (a, b) = (a.ok(), b.ok());
        let (instructions_change, cycles_change) = match (a, b) {
            (Some(x), Some(y)) => (change(x.instructions, y.instructions), change(x.cycles, y.cycles)),
            _ => (None, None),
        };
        HardwareCompared { a, b, instructions_change, cycles_change, unavailable }
    }
}

impl Instructions {
    /// The counts of builds A and B, judged at `resolution`; no cell named yet.
    pub fn new(a: u64, b: u64, resolution: f64) -> Instructions {
        let change = if a == 0 { 0.0 } else { b as f64 / a as f64 - 1.0 };
        let verdict = if change > resolution {
            Verdict::Slower
        } else if change < -resolution {
            Verdict::Faster
        } else {
            Verdict::Same
        };
        Instructions { a, b, change, verdict, disagreeing_cells: Vec::new(), hardware: None }
    }

    /// Whether a cell's wall-time verdict `time` says otherwise than the instructions.
    pub fn disagrees_with(&self, time: Verdict) -> bool {
        match time {
            Verdict::Slower | Verdict::Faster => time != self.verdict,
            Verdict::Same => self.verdict.is_difference(),
            Verdict::Unknown => false,
        }
    }
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
    /// `--fail-on-slower` and a cell or the overall verdict is `slower`: its whole
    /// interval beyond +resolution (exit 1).
    Slower,
    /// The builds' exact results differ in an item (exit 1).
    Different,
    /// Cells without the rounds a verdict needs (a busy machine), nothing measured at
    /// all, or, with `--fail-on-slower`, a cell or the overall change not shown to be
    /// under +resolution (its interval reaching above it: the gate can neither pass nor
    /// fail; exit 3).
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
        let dependence = Dependence::pooled(
            &items.iter().flat_map(|i| i.cells.iter().map(|c| c.evidence.log_ratios.as_slice())).collect::<Vec<_>>(),
        );
        let tests: Vec<Option<CellTest>> = items
            .iter()
            .flat_map(|i| i.cells.iter().map(move |c| CellTest::at(&c.evidence.log_ratios, i.weight, dependence)))
            .collect();
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
            if let Some(counts) = &mut item.instructions {
                counts.disagreeing_cells = item
                    .cells
                    .iter()
                    .filter(|c| counts.disagrees_with(c.decision.verdict))
                    .map(|c| format!("{} {}", c.evidence.key, c.column).trim().to_string())
                    .collect();
            }
        }
        let grouped: Vec<Vec<Vec<f64>>> = items.iter().map(AbItem::log_ratios).collect();
        let lowest = items.iter().filter(|i| !i.cells.is_empty()).map(|i| i.weight).fold(1.0, f64::min);
        let overall = decision::overall_at(&grouped, rule, lowest, dependence);
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
        } else if unmeasured || !timed || (self.fail_on_slower && !self.not_slower().is_empty()) {
            AbStatus::Inconclusive
        } else {
            AbStatus::Ok
        }
    }

    /// The decisions the gate of `--fail-on-slower` cannot pass: every cell, and the
    /// overall verdict, whose interval reaches above +resolution (or that has none), with
    /// its name — the non-inferiority test, which needs every one shown under it.
    pub fn not_slower(&self) -> Vec<(String, &Decision)> {
        let above = |d: &Decision| d.interval.is_none_or(|(_, high)| high > self.resolution);
        let mut out: Vec<(String, &Decision)> = self
            .cells()
            .filter(|c| above(&c.decision))
            .map(|c| (format!("{} {} {} {}", c.experiment, c.item, c.evidence.key, c.column), &c.decision))
            .collect();
        if let Some(o) = self.overall.as_ref().filter(|o| above(&o.decision)) {
            out.push(("overall".to_string(), &o.decision));
        }
        out
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
                    if short > 0 {
                        format!(
                            "{} without the {} rounds a verdict needs",
                            crate::base::text::count_of(short as u64, "timed cell"),
                            decision::MIN_ROUNDS
                        )
                    } else {
                        self.undecided_gate()
                    }
                }
            }),
        }
    }
}

impl AbReport {
    /// Why the gate is undecided: which changes could still be above +resolution.
    fn undecided_gate(&self) -> String {
        let open = self.not_slower();
        let highest = open.iter().filter_map(|(_, d)| d.interval.map(|(_, h)| h)).fold(f64::NEG_INFINITY, f64::max);
        let names: Vec<&str> = open.iter().take(3).map(|(n, _)| n.as_str()).collect();
        let more = if open.len() > 3 { format!(" and {} more", open.len() - 3) } else { String::new() };
        format!(
            "undecided: B is not shown to be within +{} of A — {}{more} could be slower by up to {} (more rounds, \
             a larger --total-budget or a quieter machine can decide)",
            decision::percent(self.resolution),
            names.join(", "),
            if highest.is_finite() { decision::percent(highest) } else { "an unknown amount".to_string() }
        )
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
    let spread = (log_ratios.len() >= 2).then(|| crate::base::stats::sample_variance(&log_ratios).sqrt());
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
            weight: 1.0,
            stopped: None,
            cells,
            instructions: None,
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

    /// The gate of `--fail-on-slower` is a non-inferiority test: a cell whose interval
    /// reaches above +1 % is undecided (exit 3) even when its estimate is 0; 5 % slower
    /// with the whole interval above +1 % fails (exit 1); well within ±1 % passes.
    #[test]
    fn the_gate_needs_every_change_shown_under_the_resolution() {
        let a = [1.0; 8];
        let noisy: Vec<f64> = [1.04, 0.96, 1.05, 0.95, 1.03, 0.97, 1.02, 0.98].to_vec();
        let r = report(vec![item(vec![cell_of(("e", "i"), (0, "k", "s"), &a, &noisy)], 8, 0)], true);
        assert_eq!((r.status, r.status.exit_code()), (AbStatus::Inconclusive, 3));
        assert!(
            r.failure().unwrap().starts_with("undecided: B is not shown to be within +1.0 % of A — e i k s"),
            "{:?}",
            r.failure()
        );
        let quiet = report(vec![item(vec![cell_of(("e", "i"), (0, "k", "s"), &a, &noisy)], 8, 0)], false);
        assert_eq!(quiet.status, AbStatus::Ok, "without the gate an undecided cell is only unknown");
    }

    /// Instructions 2 % up are `slower`; a cell that wall time calls `same` disagrees; 0.5 %
    /// is `same` at 1 %, and a `slower` cell then disagrees.
    #[test]
    fn instructions_and_time_that_disagree_are_named() {
        let a = [1.0, 1.1, 0.9, 1.05, 0.95, 1.0, 1.02, 0.98];
        let mut same = item(vec![cell_of(("e", "i"), (0, "k", "s"), &a, &a)], 8, 0);
        same.instructions = Some(Instructions::new(1000, 1020, 0.01));
        let r = report(vec![same], false);
        let counts = r.items[0].instructions.as_ref().unwrap();
        assert_eq!((counts.verdict, counts.disagreeing_cells.clone()), (Verdict::Slower, vec!["k s".to_string()]));
        let slow: Vec<f64> = a.iter().enumerate().map(|(i, x)| x * (1.05 + 0.001 * i as f64)).collect();
        let mut slower = item(vec![cell_of(("e", "i"), (0, "k", "s"), &a, &slow)], 8, 0);
        slower.instructions = Some(Instructions::new(1000, 1005, 0.01));
        let r = report(vec![slower], false);
        let counts = r.items[0].instructions.as_ref().unwrap();
        assert_eq!((counts.verdict, counts.disagreeing_cells.len()), (Verdict::Same, 1));
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
