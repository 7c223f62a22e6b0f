//! `harness ab BASELINE CANDIDATE MANIFEST`: two builds of the harness timed against each
//! other, cell by cell, in alternating rounds (A B, B A, A B, ...), so that a drift of the
//! machine's speed falls on both alike and each round gives one paired ratio.
//!
//! Each side of a round is one process (`harness cell`, [`super::cell`]) that runs one
//! item of the manifest once and prints its rows; the timed cells are the rows' measured
//! seconds. The first round checks that both builds give the same exact results (counts,
//! scores, moves): an item where they differ is not timed. A round in which either side
//! ran on a busy machine (the row's `busy` cell) is repeated, not counted. An item stops
//! sampling once every cell is decided (a signed-rank p below [`EARLY_P`], or an interval
//! within the resolution) after the minimum rounds, else at the maximum rounds or its
//! time budget. Each cell's verdict comes from the exact Wilcoxon signed-rank test of its
//! log ratios (p below [`VERDICT_P`]), its change from the Hodges–Lehmann estimate with the
//! interval that inverts the test ([`crate::base::paired::signed_rank`]).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::base::error::{Error, InputError, Result};
use crate::base::paired::{self, signed_rank};
use crate::experiment::progress::note;
use crate::results::columns::{Kind, Role, BUSY};
use crate::runner::cell::{CellRows, Listing, CELL_FORMAT};

/// The p-value below which a cell's verdict is `faster` or `slower`.
pub const VERDICT_P: f64 = 0.05;
/// The p-value below which a cell counts as decided before its maximum rounds (stricter
/// than [`VERDICT_P`], so that looking after every round does not call more cells
/// different than the test's level says).
pub const EARLY_P: f64 = 0.005;

/// Options of `harness ab`.
#[derive(Debug, Clone)]
pub struct AbOptions {
    /// The baseline build (A).
    pub baseline: PathBuf,
    /// The candidate build (B).
    pub candidate: PathBuf,
    /// The manifest whose items are timed.
    pub manifest: PathBuf,
    /// Keep experiments whose game or name is listed.
    pub only: Vec<String>,
    /// Threads each side runs on (`None`: each side's default).
    pub threads: Option<usize>,
    /// Rounds every item takes at least (6: the fewest for a 95 % signed-rank interval).
    pub min_rounds: u32,
    /// Rounds an item takes at most.
    pub max_rounds: u32,
    /// Wall time after which an item starts no further round (once it has its minimum).
    pub budget: Duration,
    /// A cell whose interval lies within ±this share is decided `same`.
    pub resolution: f64,
}

/// The verdict of one cell or of the whole A/B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// B is slower: the signed-rank test rejects "no change" and the change is positive.
    Slower,
    /// B is faster.
    Faster,
    /// No change the rounds can tell.
    Same,
    /// Too few rounds to test.
    Unknown,
}

impl Verdict {
    /// The word of the verdict.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Slower => "slower",
            Verdict::Faster => "faster",
            Verdict::Same => "same",
            Verdict::Unknown => "unknown",
        }
    }
}

/// One timed cell compared.
#[derive(Debug, Clone, Serialize)]
pub struct CellAb {
    /// The experiment.
    pub experiment: String,
    /// The item.
    pub item: String,
    /// The row within the item (0 is its first).
    pub row: usize,
    /// The row's key cells, `column=value` joined by spaces.
    pub key: String,
    /// The timed column.
    pub column: String,
    /// A's median seconds over the rounds.
    pub a_median: f64,
    /// B's median seconds over the rounds.
    pub b_median: f64,
    /// B's change against A (0.031 is 3.1 % slower), from the Hodges–Lehmann estimate of
    /// the rounds' log ratios.
    pub change: f64,
    /// The 95 % interval of the change; `None` with fewer than 6 rounds.
    pub interval: Option<(f64, f64)>,
    /// The two-sided signed-rank p-value.
    pub p: f64,
    /// The rounds counted.
    pub rounds: usize,
    /// The verdict.
    pub verdict: Verdict,
}

impl CellAb {
    /// "B is 3.1 % slower (1.2 % to 5.0 %)", "B is the same (−0.4 % to 0.6 %)".
    pub fn sentence(&self) -> String {
        describe(self.verdict, self.change, self.interval)
    }
}

/// One item compared: its cells, or why it was not timed.
#[derive(Debug, Clone, Serialize)]
pub struct ItemAb {
    /// The experiment.
    pub experiment: String,
    /// The item.
    pub item: String,
    /// Whether both builds gave the same exact results (counts, scores, moves).
    pub counts_agree: bool,
    /// What differed, when they did not.
    pub difference: Option<String>,
    /// Rounds counted.
    pub rounds: usize,
    /// Rounds repeated because a side ran on a busy machine.
    pub busy_rounds: usize,
    /// The timed cells.
    pub cells: Vec<CellAb>,
}

/// The whole A/B.
#[derive(Debug, Clone, Serialize)]
pub struct AbReport {
    /// The baseline build.
    pub baseline: String,
    /// The candidate build.
    pub candidate: String,
    /// The manifest.
    pub manifest: String,
    /// Whether both builds gave the same exact results in every item.
    pub counts_agree: bool,
    /// Every item.
    pub items: Vec<ItemAb>,
    /// The geometric mean of the cells' changes.
    pub overall: Option<Overall>,
}

/// The geometric mean of every cell's change.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Overall {
    /// Cells averaged.
    pub cells: usize,
    /// The change of the geometric mean (0.031 is 3.1 % slower).
    pub change: f64,
    /// The 95 % Student-t interval over the cells' log changes; `None` with one cell.
    pub interval: Option<(f64, f64)>,
    /// `slower` or `faster` when the interval excludes no change, else `same`.
    pub verdict: Verdict,
}

impl AbReport {
    /// Every timed cell.
    pub fn cells(&self) -> impl Iterator<Item = &CellAb> {
        self.items.iter().flat_map(|i| i.cells.iter())
    }

    /// Cells of each verdict: slower, faster, same, unknown.
    pub fn tally(&self) -> [usize; 4] {
        let mut t = [0; 4];
        for c in self.cells() {
            t[c.verdict as usize] += 1;
        }
        t
    }
}

/// "B is 3.1 % slower (1.2 % to 5.0 %)".
pub fn describe(verdict: Verdict, change: f64, interval: Option<(f64, f64)>) -> String {
    let pct = |x: f64| format!("{:.1} %", x * 100.0).replace('-', "−");
    let range =
        interval.map_or("no interval: too few rounds".to_string(), |(l, h)| format!("{} to {}", pct(l), pct(h)));
    match verdict {
        Verdict::Slower => format!("B is {} slower ({range})", pct(change)),
        Verdict::Faster => format!("B is {} faster ({range})", pct(-change)),
        Verdict::Same => format!("B is the same ({range})"),
        Verdict::Unknown => format!("unknown ({range})"),
    }
}

/// One side of the A/B: a harness binary.
struct Side<'a> {
    binary: &'a Path,
    name: char,
}

impl Side<'_> {
    fn command(&self, opts: &AbOptions) -> Command {
        let mut c = Command::new(self.binary);
        c.arg("-q").arg("cell").arg(&opts.manifest);
        if let Some(t) = opts.threads {
            c.arg("--threads").arg(t.to_string());
        }
        c
    }

    fn output(&self, mut command: Command) -> Result<Vec<u8>> {
        let out = command
            .stderr(std::process::Stdio::inherit())
            .output()
            .map_err(|e| InputError::new(format!("cannot run build {} ({}): {e}", self.name, self.binary.display())))?;
        if crate::search::budget::interrupted() {
            return Err(Error::Interrupted);
        }
        if !out.status.success() {
            return Err(anyhow::anyhow!(
                "build {} ({}) failed ({}) on `{}`",
                self.name,
                self.binary.display(),
                out.status,
                format!("{command:?}").replace('"', "")
            )
            .into());
        }
        Ok(out.stdout)
    }

    fn list(&self, opts: &AbOptions) -> Result<Listing> {
        let mut c = self.command(opts);
        c.arg("--list");
        for o in &opts.only {
            c.arg("--only").arg(o);
        }
        let listing: Listing = serde_json::from_slice(&self.output(c)?).map_err(|e| self.unreadable(e))?;
        self.check_format(listing.format)?;
        Ok(listing)
    }

    fn run(&self, opts: &AbOptions, experiment: &str, index: usize) -> Result<CellRows> {
        let mut c = self.command(opts);
        c.arg(experiment).arg(index.to_string());
        let rows: CellRows = serde_json::from_slice(&self.output(c)?).map_err(|e| self.unreadable(e))?;
        self.check_format(rows.format)?;
        Ok(rows)
    }

    fn unreadable(&self, e: serde_json::Error) -> Error {
        InputError::new(format!(
            "build {} ({}) printed no readable `harness cell` output ({e}); both builds must have the `cell` command of this version",
            self.name,
            self.binary.display()
        ))
        .into()
    }

    fn check_format(&self, format: u32) -> Result<()> {
        if format == CELL_FORMAT {
            return Ok(());
        }
        Err(InputError::new(format!(
            "build {} ({}) speaks `harness cell` format {format}, this one {CELL_FORMAT}",
            self.name,
            self.binary.display()
        ))
        .into())
    }
}

/// Runs the A/B; `on_item` sees each item as it finishes.
pub fn ab(opts: &AbOptions, on_item: &mut dyn FnMut(&ItemAb)) -> Result<AbReport> {
    let a = Side { binary: &opts.baseline, name: 'A' };
    let b = Side { binary: &opts.candidate, name: 'B' };
    let listing = a.list(opts)?;
    if b.list(opts)? != listing {
        return Err(InputError::new(
            "the two builds list other experiments or items for this manifest; an A/B needs the same items",
        )
        .into());
    }
    let mut items = Vec::new();
    for experiment in &listing.experiments {
        for (index, id) in experiment.items.iter().enumerate() {
            note(&format!("[ab] {} {id}", experiment.name));
            let item = ab_item(opts, (&a, &b), &experiment.name, (index, id))?;
            on_item(&item);
            items.push(item);
        }
    }
    let counts_agree = items.iter().all(|i| i.counts_agree);
    let mut report = AbReport {
        baseline: opts.baseline.display().to_string(),
        candidate: opts.candidate.display().to_string(),
        manifest: opts.manifest.display().to_string(),
        counts_agree,
        items,
        overall: None,
    };
    report.overall = overall(&report);
    Ok(report)
}

/// The timings of one round: for each timed cell (row, column), A's and B's seconds.
type RoundTimes = Vec<(f64, f64)>;

fn ab_item(opts: &AbOptions, (a, b): (&Side, &Side), experiment: &str, (index, id): (usize, &str)) -> Result<ItemAb> {
    let start = Instant::now();
    let mut rounds: Vec<RoundTimes> = Vec::new();
    let mut busy_rounds = 0;
    let mut timed: Vec<(usize, String, String)> = Vec::new();
    let mut attempt = 0u32;
    let max_attempts = opts.max_rounds * 2;
    while attempt < max_attempts {
        let sides = if attempt % 2 == 0 { [a, b] } else { [b, a] };
        let first = sides[0].run(opts, experiment, index)?;
        let second = sides[1].run(opts, experiment, index)?;
        let (ra, rb) = if attempt % 2 == 0 { (first, second) } else { (second, first) };
        attempt += 1;
        if rounds.is_empty() && timed.is_empty() {
            if let Some(difference) = results_differ(&ra, &rb) {
                return Ok(ItemAb {
                    experiment: experiment.to_string(),
                    item: id.to_string(),
                    counts_agree: false,
                    difference: Some(difference),
                    rounds: 0,
                    busy_rounds: 0,
                    cells: Vec::new(),
                });
            }
            timed = timed_cells(&ra);
            if timed.is_empty() {
                break;
            }
        }
        if is_busy(&ra) || is_busy(&rb) {
            busy_rounds += 1;
            continue;
        }
        rounds.push(timed.iter().map(|(row, col, _)| (seconds(&ra, *row, col), seconds(&rb, *row, col))).collect());
        let n = rounds.len() as u32;
        if n >= opts.min_rounds
            && (n >= opts.max_rounds || start.elapsed() >= opts.budget || decided(&rounds, opts.resolution))
        {
            break;
        }
    }
    let cells = timed
        .iter()
        .enumerate()
        .filter_map(|(c, (row, column, key))| {
            let (av, bv): (Vec<f64>, Vec<f64>) = rounds.iter().map(|r| r[c]).unzip();
            cell_ab(&av, &bv).map(|mut cell| {
                cell.experiment = experiment.to_string();
                cell.item = id.to_string();
                cell.row = *row;
                cell.key = key.clone();
                cell.column = column.clone();
                cell
            })
        })
        .collect();
    Ok(ItemAb {
        experiment: experiment.to_string(),
        item: id.to_string(),
        counts_agree: true,
        difference: None,
        rounds: rounds.len(),
        busy_rounds,
        cells,
    })
}

/// The paired comparison of A's and B's seconds over the rounds.
pub fn cell_ab(a: &[f64], b: &[f64]) -> Option<CellAb> {
    let d = paired::log_ratios(a, b);
    let s = signed_rank(&d)?;
    let verdict = if s.rounds < 2 {
        Verdict::Unknown
    } else if s.p < VERDICT_P {
        if s.estimate > 0.0 {
            Verdict::Slower
        } else {
            Verdict::Faster
        }
    } else {
        Verdict::Same
    };
    let change = |x: f64| x.exp() - 1.0;
    Some(CellAb {
        experiment: String::new(),
        item: String::new(),
        row: 0,
        key: String::new(),
        column: String::new(),
        a_median: crate::base::stats::median(a)?,
        b_median: crate::base::stats::median(b)?,
        change: change(s.estimate),
        interval: s.interval.map(|(l, h)| (change(l), change(h))),
        p: s.p,
        rounds: s.rounds,
        verdict,
    })
}

/// Whether every cell of the rounds so far is decided: a difference beyond doubt (p below
/// [`EARLY_P`]) or an interval within ±`resolution`.
fn decided(rounds: &[RoundTimes], resolution: f64) -> bool {
    let cells = rounds.first().map_or(0, Vec::len);
    (0..cells).all(|c| {
        let (a, b): (Vec<f64>, Vec<f64>) = rounds.iter().map(|r| r[c]).unzip();
        signed_rank(&paired::log_ratios(&a, &b)).is_some_and(|s| {
            s.p < EARLY_P || s.interval.is_some_and(|(l, h)| l.exp() - 1.0 > -resolution && h.exp() - 1.0 < resolution)
        })
    })
}

/// The exact results (every [`Role::Result`] column) of both sides, when they differ:
/// the first difference, named.
pub fn results_differ(a: &CellRows, b: &CellRows) -> Option<String> {
    let names = |r: &CellRows| r.columns.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
    if names(a) != names(b) {
        return Some("the builds write other columns".to_string());
    }
    if a.rows.len() != b.rows.len() {
        return Some(format!("A wrote {} rows, B {}", a.rows.len(), b.rows.len()));
    }
    for (r, (ra, rb)) in a.rows.iter().zip(&b.rows).enumerate() {
        for (c, column) in a.columns.iter().enumerate() {
            if column.role == Role::Result && ra.get(c) != rb.get(c) {
                let cell = |row: &Vec<String>| row.get(c).cloned().unwrap_or_default();
                return Some(format!("row {}: {} is {} in A, {} in B", r + 1, column.name, cell(ra), cell(rb)));
            }
        }
    }
    None
}

/// The measured seconds columns of every row that has a number in them, with the row's
/// key cells: `(row, column, key)`.
fn timed_cells(rows: &CellRows) -> Vec<(usize, String, String)> {
    let mut cells = Vec::new();
    for (r, row) in rows.rows.iter().enumerate() {
        let key = key_of(rows, row);
        for (c, column) in rows.columns.iter().enumerate() {
            let measured = column.role == Role::Measured && column.kind == Kind::Seconds;
            if measured && row.get(c).and_then(|v| v.trim().parse::<f64>().ok()).is_some_and(|v| v > 0.0) {
                cells.push((r, column.name.clone(), key.clone()));
            }
        }
    }
    cells
}

/// The row's leading exact text and count cells, `column=value` (at most four).
fn key_of(rows: &CellRows, row: &[String]) -> String {
    rows.columns
        .iter()
        .zip(row)
        .take_while(|(c, _)| c.role == Role::Result && matches!(c.kind, Kind::Text | Kind::Count))
        .take(4)
        .filter(|(_, v)| !v.is_empty())
        .map(|(c, v)| format!("{}={v}", c.name))
        .collect::<Vec<_>>()
        .join(" ")
}

fn seconds(rows: &CellRows, row: usize, column: &str) -> f64 {
    let c = rows.columns.iter().position(|x| x.name == column);
    c.and_then(|c| rows.rows.get(row)?.get(c)?.trim().parse().ok()).unwrap_or(f64::NAN)
}

fn is_busy(rows: &CellRows) -> bool {
    let c = rows.columns.iter().position(|x| x.name == BUSY);
    c.is_some_and(|c| rows.rows.iter().any(|r| r.get(c).is_some_and(|v| v == "true")))
}

fn overall(report: &AbReport) -> Option<Overall> {
    let changes: Vec<f64> = report.cells().map(|c| 1.0 + c.change).filter(|x| *x > 0.0).collect();
    let ones = vec![1.0; changes.len()];
    let r = paired::ratio_interval(&ones, &changes)?;
    let verdict = match r.interval {
        Some((l, _)) if l > 1.0 => Verdict::Slower,
        Some((_, h)) if h < 1.0 => Verdict::Faster,
        Some(_) => Verdict::Same,
        None => Verdict::Unknown,
    };
    Some(Overall {
        cells: r.rounds,
        change: r.ratio - 1.0,
        interval: r.interval.map(|(l, h)| (l - 1.0, h - 1.0)),
        verdict,
    })
}

/// The A/B as text: a line per cell, the overall line.
pub fn text(report: &AbReport) -> String {
    let mut out = format!("A: {}\nB: {}\nmanifest: {}\n", report.baseline, report.candidate, report.manifest);
    for item in &report.items {
        if let Some(d) = &item.difference {
            out.push_str(&format!("{} {}: results differ, not timed: {d}\n", item.experiment, item.item));
            continue;
        }
        let busy =
            if item.busy_rounds > 0 { format!(", {} busy rounds repeated", item.busy_rounds) } else { String::new() };
        for c in &item.cells {
            out.push_str(&format!(
                "{} {} [{}] {}: A {:.6} s, B {:.6} s, {} rounds{busy}: {}\n",
                c.experiment,
                c.item,
                c.key,
                c.column,
                c.a_median,
                c.b_median,
                c.rounds,
                c.sentence()
            ));
        }
    }
    let [slower, faster, same, unknown] = report.tally();
    out.push_str(&format!("cells: {slower} slower, {faster} faster, {same} same, {unknown} unknown\n"));
    if let Some(o) = report.overall {
        out.push_str(&format!(
            "overall (geometric mean of {} cells): {}\n",
            o.cells,
            describe(o.verdict, o.change, o.interval)
        ));
    }
    if !report.counts_agree {
        out.push_str("the builds' results differ: the items named above were not timed\n");
    }
    out
}

/// The A/B as a Markdown table.
pub fn markdown(report: &AbReport) -> String {
    let mut out = String::from(
        "| experiment | item | row | column | A (s) | B (s) | change | 95 % interval | rounds | verdict |\n",
    );
    out.push_str("| --- | --- | --- | --- | ---: | ---: | ---: | --- | ---: | --- |\n");
    let pct = |x: f64| format!("{:+.1} %", x * 100.0);
    for c in report.cells() {
        let interval = c.interval.map_or("–".to_string(), |(l, h)| format!("{} to {}", pct(l), pct(h)));
        out.push_str(&format!(
            "| {} | {} | {} | {} | {:.6} | {:.6} | {} | {interval} | {} | {} |\n",
            md(&c.experiment),
            md(&c.item),
            md(&c.key),
            md(&c.column),
            c.a_median,
            c.b_median,
            pct(c.change),
            c.rounds,
            c.verdict.word()
        ));
    }
    if let Some(o) = report.overall {
        out.push_str(&format!(
            "\nOverall (geometric mean of {} cells): {}.\n",
            o.cells,
            describe(o.verdict, o.change, o.interval)
        ));
    }
    out
}

fn md(s: &str) -> String {
    s.replace('|', "\\|")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::columns::Column;

    fn rows(games: &str, seconds: &str, busy: &str) -> CellRows {
        CellRows {
            format: CELL_FORMAT,
            columns: vec![
                Column::new("board", Kind::Text, Role::Result),
                Column::new("games", Kind::Count, Role::Result),
                Column::new("seconds", Kind::Seconds, Role::Measured),
                Column::new("busy", Kind::Flag, Role::Busy),
            ],
            rows: vec![vec!["4x4 r1".into(), games.into(), seconds.into(), busy.into()]],
        }
    }

    #[test]
    fn results_must_agree_before_timing() {
        assert_eq!(results_differ(&rows("90", "0.5", "false"), &rows("90", "0.7", "false")), None);
        assert_eq!(
            results_differ(&rows("90", "0.5", "false"), &rows("91", "0.5", "false")).as_deref(),
            Some("row 1: games is 90 in A, 91 in B")
        );
    }

    #[test]
    fn timed_cells_and_busy_rows_are_read_from_the_declared_columns() {
        let r = rows("90", "0.5", "true");
        assert_eq!(timed_cells(&r), [(0, "seconds".to_string(), "board=4x4 r1 games=90".to_string())]);
        assert!(is_busy(&r) && !is_busy(&rows("90", "0.5", "false")));
        assert_eq!(seconds(&r, 0, "seconds"), 0.5);
    }

    /// Eight rounds, B 2.6 % to 3.3 % slower in each (no two alike): every log ratio
    /// positive, so W- = 0 and the exact two-sided p is 2/256; the verdict `slower`.
    #[test]
    fn a_steady_slowdown_is_called_slower() {
        let a = [1.0, 1.2, 0.9, 1.1, 1.0, 0.95, 1.05, 1.3];
        let b: Vec<f64> = a.iter().enumerate().map(|(i, x)| x * (1.026 + 0.001 * i as f64)).collect();
        let c = cell_ab(&a, &b).expect("eight rounds");
        assert_eq!(c.verdict, Verdict::Slower);
        assert!((c.p - 2.0 / 256.0).abs() < 1e-12, "p = {}", c.p);
        assert!((c.change - 0.0295).abs() < 0.001, "change {}", c.change);
        assert!(c.sentence().starts_with("B is ") && c.sentence().contains("% slower ("), "{}", c.sentence());
    }

    /// The same times on both sides: no change, verdict `same`.
    #[test]
    fn equal_times_are_the_same() {
        let a = [1.0, 1.2, 0.9, 1.1, 1.0, 0.95];
        let c = cell_ab(&a, &a).expect("six rounds");
        assert_eq!((c.verdict, c.change, c.p), (Verdict::Same, 0.0, 1.0));
        let mixed = cell_ab(&a, &[1.01, 1.19, 0.91, 1.09, 1.0, 0.95]).expect("six rounds");
        assert_eq!(mixed.verdict, Verdict::Same);
        assert_eq!(cell_ab(&[1.0], &[2.0]).map(|c| c.verdict), Some(Verdict::Unknown));
    }

    #[test]
    fn decided_cells_stop_early() {
        let steady: Vec<RoundTimes> =
            (0..9).map(|i| vec![(1.0 + i as f64 * 0.01, (1.0 + i as f64 * 0.01) * 1.05)]).collect();
        assert!(decided(&steady, 0.01), "5 % slower in 9 of 9 rounds: p = 2/512");
        let flat: Vec<RoundTimes> =
            (0..6).map(|i| vec![(1.0, 1.0 + if i % 2 == 0 { 0.002 } else { -0.002 })]).collect();
        assert!(decided(&flat, 0.01), "within ±0.2 %: the same at 1 % resolution");
        assert!(!decided(&flat[..5], 0.01), "5 rounds have no interval");
    }
}
