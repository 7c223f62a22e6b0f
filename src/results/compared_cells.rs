//! The cells two results directories both have, compared: every timed cell (its medians,
//! B/A with a 95 % bootstrap interval, its change, absolute or beyond the factor every cell
//! shares, and the verdict of [`super::verdict`]) and every peak
//! memory, rows matched by their cells that may not vary between runs, and each
//! experiment's timings in brief.

use std::collections::BTreeMap;
use std::path::Path;

use crate::base::error::InputError;
use crate::base::stats;
use crate::base::stats::decision::Decision;
use crate::base::stats::decision::Verdict;
use crate::base::text::count_of;
use crate::results::cell_comparison::RunSamples;
pub use crate::results::cell_comparison::TimingComparison;
use crate::results::columns::{Column, Kind, Role};
use crate::results::csv_table::{check_seconds, csv_paths, parse_number, CsvTable};
use crate::results::file_caps::CSV_FILE;
use crate::results::row::parse_samples_cell;
use crate::results::sample_sufficiency::TooFewSamples;
use crate::results::verdict::{band, judge, memory_verdict, CommonFactor, Judged, MemoryVerdict};

/// The most leading cells a row's label in the timing table is made of.
pub const MAX_LABEL_CELLS: usize = 5;

/// A results CSV with its timings' samples.
struct Csv {
    table: CsvTable,
    /// The samples of each (data row index, timing column): from the samples file, or
    /// from the `X_samples` cells of CSVs written before it.
    samples: BTreeMap<(usize, String), Vec<f64>>,
}

/// The samples of the experiment whose CSV is `path`, from its samples file
/// (`DIR/samples/NAME.csv`) by row and measurement; empty when it has none.
///
/// The file is read record by record (never whole into memory), at most
/// [`CSV_FILE`]'s size, its columns `row`, `measurement` and `wall_seconds` required;
/// a row without a row number or with impossible seconds is refused naming the file and
/// line ([`check_seconds`]). An interrupt (Ctrl-C, SIGTERM) stops the reading.
fn samples_file(path: &Path) -> Result<BTreeMap<(usize, String), Vec<f64>>, InputError> {
    let mut out = BTreeMap::new();
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else { return Ok(out) };
    let file = dir.join("samples").join(name);
    if !file.is_file() {
        return Ok(out);
    }
    let mut reader =
        csv::ReaderBuilder::new().has_headers(true).flexible(true).from_reader(CSV_FILE.open_capped(&file)?);
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| InputError::at(&file, 1, format!("cannot read the CSV header: {e}")))?
        .iter()
        .map(str::to_string)
        .collect();
    let column = |name: &str| header.iter().position(|h| h == name);
    let (Some(rc), Some(mc), Some(wc)) = (column("row"), column("measurement"), column("wall_seconds")) else {
        return Err(InputError::at(
            &file,
            1,
            format!(
                "missing column `row`, `measurement` or `wall_seconds` (needed by the timings of `harness compare`); \
                 the header has: {}",
                header.join(", ")
            ),
        ));
    };
    let mut record = csv::StringRecord::new();
    let mut line = 1;
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                return Err(InputError::at(
                    &file,
                    line + 1,
                    format!("bad CSV record: {}", e.to_string().chars().take(200).collect::<String>()),
                ))
            }
        }
        line = record.position().map_or(line + 1, |p| p.line() as usize);
        if line % 4096 == 0 {
            check_interrupt()?;
        }
        check_seconds(&file, line, "wall_seconds", record.get(wc).unwrap_or(""))?;
        let (Some(r), Some(w)) = (record.get(rc).and_then(parse_number), record.get(wc).and_then(parse_number)) else {
            return Err(InputError::at(&file, line, "expected a row number and wall seconds"));
        };
        let key = ((r as usize).saturating_sub(1), record.get(mc).unwrap_or("").to_string());
        out.entry(key).or_insert_with(Vec::new).push(w);
    }
    Ok(out)
}

/// An interrupt (Ctrl-C, SIGTERM, SIGHUP) as an error: a comparison stops reading and
/// comparing at the next check.
fn check_interrupt() -> Result<(), InputError> {
    if crate::search::budget::interrupted() {
        return Err(InputError::new(format!("interrupted ({})", crate::search::budget::interrupt_signal_name())));
    }
    Ok(())
}

/// Reads the CSV at `path` with its declared columns and its samples (the samples file
/// first, the `X_samples` cells of CSVs written before it over them).
fn read_csv(path: &Path) -> Result<Csv, InputError> {
    let table = CsvTable::read_declared(path)?;
    let mut samples = samples_file(path)?;
    for (c, column) in table.declared.0.iter().enumerate() {
        if let Role::Samples { of } = &column.role {
            for (r, row) in table.rows.iter().enumerate() {
                let walls: Vec<f64> = parse_samples_cell(&row[c]).into_iter().map(|s| s.wall).collect();
                if !walls.is_empty() {
                    samples.insert((r, of.clone()), walls);
                }
            }
        }
    }
    Ok(Csv { table, samples })
}

impl Csv {
    fn index(&self, name: &str) -> Option<usize> {
        self.table.columns.iter().position(|h| h == name)
    }

    /// Whether data row `r` was timed on a busy machine (its busy flag says `true`).
    fn busy(&self, r: usize) -> bool {
        let flag = self.table.declared.0.iter().position(|c| c.role == Role::Busy);
        flag.is_some_and(|f| self.table.rows[r][f].trim() == "true")
    }

    /// The timing columns with raw samples.
    fn sampled_columns(&self) -> Vec<String> {
        let mut v: Vec<String> = self.samples.keys().map(|(_, c)| c.clone()).collect();
        v.sort_by_key(|c| self.index(c));
        v.dedup();
        v
    }

    /// Each row's key (the cells that may not vary between runs, and `threads` where the
    /// CSV's rows differ by it, as the `parallel` experiment's do) and label.
    ///
    /// The label is the fewest leading identifying cells (at most [`MAX_LABEL_CELLS`]) that tell the rows
    /// apart, with the thread count where the CSV has several; a row that even 3 cells do
    /// not tell apart gets its row number.
    fn keyed_rows(&self) -> Vec<(Vec<String>, String)> {
        let ids: Vec<usize> =
            (0..self.table.columns.len()).filter(|&i| !self.table.declared.0[i].varies_between_runs()).collect();
        let threads = self.index("threads");
        let many_threads = threads
            .is_some_and(|t| self.table.rows.iter().any(|r| r[t] != self.table.rows.first().map_or("", |f| &f[t])));
        // A number is named by its column (`reservoir 2`), as the tables' headers name it.
        let part = |row: &[String], i: usize| match self.table.declared.0[i].kind.is_numeric() {
            true => format!("{} {}", self.table.columns[i].replace('_', " "), row[i]),
            false => row[i].clone(),
        };
        let label_of = |row: &[String], k: usize| {
            let mut parts: Vec<String> = ids.iter().take(k).map(|&i| part(row, i)).collect();
            if let (true, Some(ti)) = (many_threads, threads) {
                parts.push(match row[ti].parse::<u64>() {
                    Ok(n) => crate::base::text::count_of(n, "thread"),
                    Err(_) => format!("{} threads", row[ti]),
                });
            }
            parts.join(" ")
        };
        let unique_at = (1..=MAX_LABEL_CELLS.min(ids.len().max(1))).find(|&k| {
            let labels: Vec<String> = self.table.rows.iter().map(|r| label_of(r, k)).collect();
            let mut sorted = labels.clone();
            sorted.sort();
            sorted.dedup();
            sorted.len() == labels.len()
        });
        let mut seen: BTreeMap<Vec<String>, usize> = BTreeMap::new();
        self.table
            .rows
            .iter()
            .enumerate()
            .map(|(n, row)| {
                let mut key: Vec<String> = ids.iter().map(|&i| row[i].clone()).collect();
                if let (true, Some(t)) = (many_threads, threads) {
                    key.push(row[t].clone());
                }
                let repeat = seen.entry(key.clone()).or_insert(0);
                key.push(repeat.to_string());
                *repeat += 1;
                let label = match unique_at {
                    Some(k) => label_of(row, k),
                    None => format!("{} (row {})", label_of(row, MAX_LABEL_CELLS), n + 1),
                };
                (key, label)
            })
            .collect()
    }
}

/// The timed cells of two runs compared, with what they were judged by: the factor they
/// share, whether they are judged absolute or relative to it, and the note on cells with
/// too few samples.
#[derive(Debug, Clone, PartialEq)]
pub struct ComparedTimings {
    /// The factor every cell shares, a verdict of its own.
    pub common: Option<CommonFactor>,
    /// How the cells were judged.
    pub judged: Judged,
    /// The cells whose samples cannot show a difference among the cells compared.
    pub too_few: Option<TooFewSamples>,
    /// Every timed cell both runs have, with its verdict.
    pub timings: Vec<TimingComparison>,
}

/// Compares the timed cells two results directories both have: per CSV present in both,
/// rows matched by their cells that may not vary between runs (so a row whose results
/// differ is not timed against another), every timing column with raw samples (in the
/// samples file, or the `X_samples` cells of CSVs written before it); a cell whose samples
/// another row shares (the `parallel` experiment's sequential samples, one per thread
/// count) is compared once. Experiments and rows only one side has are left out (the
/// results check names them). The intervals are seeded from the cell's names, so the same
/// directories give the same table.
///
/// **Run-to-run noise.** Samples of one run cannot see how much a cell moves from one run
/// to the next (the machine's frequency, the memory layout, what else ran), and neither
/// can the cells under test: their spread is what is being judged. So a cell's change
/// counts only beyond a stated band, the larger of `noise` (the resolution) and
/// `machine_noise` (the run-to-run allowance, `--machine-noise`), whatever the other
/// cells did.
///
/// **The common factor** ([`CommonFactor`]): the median of the cells' ratios with its
/// interval, a verdict of its own against `machine_noise`. Where it is decided the cells
/// are judged relative to it (which cells moved beyond what all share), else absolute;
/// a cell is `slower` or `faster` only when it moved by more than its band and the
/// Mann–Whitney test of its samples rejects no change after the Benjamini–Hochberg
/// correction over the cells; `same` when its interval lies within its band, with 6
/// samples a side or more and samples that could have shown a difference; else
/// `unknown` ([`crate::results::verdict::judge`]).
pub fn compare_timings(a: &Path, b: &Path, noise: f64, machine_noise: f64) -> Result<ComparedTimings, InputError> {
    let cells = timed_cells(a, b, band(noise, machine_noise))?;
    let input: Vec<(&[f64], &[f64], u64)> = cells
        .iter()
        .map(|(c, sa, sb)| (sa.as_slice(), sb.as_slice(), stats::seed_of(&[&c.experiment, &c.item, &c.column])))
        .collect();
    let judgement = judge(&input, noise, machine_noise);
    // The decision's interval is the bootstrap interval of B/A over the applied factor:
    // times the factor, it is the interval of B/A itself (one bootstrap a cell).
    let factor = judgement.common.map_or(1.0, |c| c.applied());
    let timings = cells
        .into_iter()
        .zip(judgement.decisions)
        .map(|((mut c, _, _), d)| {
            let (a, b) = (c.a_seconds(), c.b_seconds());
            c.evidence.judged = judgement.judged;
            c.evidence.ratio = (a > 0.0).then(|| b / a);
            c.evidence.ratio_low = d.interval.map(|i| (1.0 + i.0) * factor);
            c.evidence.ratio_high = d.interval.map(|i| (1.0 + i.1) * factor);
            c.decision = d;
            c
        })
        .collect();
    Ok(ComparedTimings { common: judgement.common, judged: judgement.judged, too_few: judgement.too_few, timings })
}

/// A timed cell not yet judged, with A's and B's samples.
type Unjudged = (TimingComparison, Vec<f64>, Vec<f64>);

/// The timed cells both directories have, not yet judged, each with A's and B's samples
/// (see [`compare_timings`]); `band` is every cell's noise band.
fn timed_cells(a: &Path, b: &Path, band: f64) -> Result<Vec<Unjudged>, InputError> {
    let mut cells: Vec<Unjudged> = Vec::new();
    for (experiment, x, y) in experiments_in_both(a, b)? {
        let mut compared: std::collections::HashSet<(String, Vec<u64>, Vec<u64>)> = std::collections::HashSet::new();
        let in_b = y.sampled_columns();
        let columns: Vec<String> = x.sampled_columns().into_iter().filter(|c| in_b.contains(c)).collect();
        for (i, j, item) in matched_rows(&x, &y) {
            for column in &columns {
                let cell = |t: &Csv, r: usize| t.samples.get(&(r, column.clone())).cloned().unwrap_or_default();
                let (sa, sb) = (cell(&x, i), cell(&y, j));
                if sa.is_empty() || sb.is_empty() {
                    continue;
                }
                check_interrupt()?;
                let bits = |s: &[f64]| s.iter().map(|v| v.to_bits()).collect::<Vec<u64>>();
                if !compared.insert((column.clone(), bits(&sa), bits(&sb))) {
                    continue;
                }
                let comparison = TimingComparison {
                    experiment: experiment.clone(),
                    item: item.clone(),
                    column: column.clone(),
                    a_median: stats::median(&sa),
                    b_median: stats::median(&sb),
                    decision: Decision::unmeasured("not judged yet"),
                    evidence: RunSamples {
                        ratio: None,
                        ratio_low: None,
                        ratio_high: None,
                        a_samples: sa.len(),
                        b_samples: sb.len(),
                        busy: x.busy(i) || y.busy(j),
                        noise_band: band,
                        judged: Judged::Absolute,
                    },
                };
                cells.push((comparison, sa, sb));
            }
        }
    }
    Ok(cells)
}

/// What the verdicts of two runs made at different times cannot tell: a change of a cell
/// inside its noise band (the larger of `--noise` and `--machine-noise`,
/// [`compare_timings`]) may be the machine's drift as much as the code's; names the
/// widest band, how many cells changed within their band, and the paired A/B that can
/// tell. `None` without timings.
pub fn drift_note(timings: &[TimingComparison]) -> Option<String> {
    let widest = timings.iter().map(|t| t.evidence.noise_band).reduce(f64::max)?;
    let hidden = timings
        .iter()
        .filter(|t| t.against_common().is_some_and(|r| r != 1.0 && (r - 1.0).abs() < t.evidence.noise_band))
        .count();
    Some(format!(
        "drift: these runs were timed at different times, so a change below a cell's noise band (up to {:.1} % here: \
         the larger of --noise and --machine-noise) cannot be told from the machine's drift ({} within their band); `harness ab BASELINE CANDIDATE MANIFEST` times two builds in alternating rounds and tells changes of \
         a few per cent",
        widest * 100.0,
        count_of(hidden as u64, "cell")
    ))
}

/// The experiments whose CSV both directories hold, in A's order: name, A's table, B's.
fn experiments_in_both(a: &Path, b: &Path) -> Result<Vec<(String, Csv, Csv)>, InputError> {
    let (left, right) = (csv_paths(a)?, csv_paths(b)?);
    let mut out = Vec::new();
    for path in &left {
        let Some(name) = path.file_name() else { continue };
        let other = b.join(name);
        if !right.contains(&other) {
            continue;
        }
        let experiment = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        out.push((experiment, read_csv(path)?, read_csv(&other)?));
    }
    Ok(out)
}

/// The rows of `x` that `y` has too, matched by their key ([`Csv::keyed_rows`]): the row
/// in `x`, the row in `y` and the row's label.
fn matched_rows(x: &Csv, y: &Csv) -> Vec<(usize, usize, String)> {
    let b_rows: BTreeMap<Vec<String>, usize> =
        y.keyed_rows().into_iter().enumerate().map(|(i, (k, _))| (k, i)).collect();
    x.keyed_rows().into_iter().enumerate().filter_map(|(i, (key, item))| Some((i, *b_rows.get(&key)?, item))).collect()
}

/// One row's peak memory in both runs: experiment, item, the bytes, B/A and the verdict.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct MemoryComparison {
    /// The experiment (CSV stem).
    pub experiment: String,
    /// The row (as in [`TimingComparison::item`]).
    pub item: String,
    /// The memory column (`peak_memory_bytes`).
    pub column: String,
    /// Peak bytes in A.
    pub a_bytes: u64,
    /// Peak bytes in B.
    pub b_bytes: u64,
    /// `b_bytes / a_bytes`; `None` when A's is zero.
    pub ratio: Option<f64>,
    /// What the cell says of B against A.
    pub verdict: MemoryVerdict,
}

/// Compares the peak memory of the rows two results directories both have (matched as in
/// [`compare_timings`]): every measured memory column (kind `bytes`) with a number on
/// both sides.
pub fn compare_memory(a: &Path, b: &Path) -> Result<Vec<MemoryComparison>, InputError> {
    let mut out = Vec::new();
    for (experiment, x, y) in experiments_in_both(a, b)? {
        let memory = |t: &Csv| -> Vec<String> {
            let measured = |c: &&Column| c.kind == Kind::Bytes && c.role == Role::Measured;
            t.table.declared.0.iter().filter(measured).map(|c| c.name.clone()).collect()
        };
        let in_b = memory(&y);
        for (i, j, item) in matched_rows(&x, &y) {
            for column in memory(&x).into_iter().filter(|c| in_b.contains(c)) {
                let bytes =
                    |t: &Csv, r: usize| t.index(&column).and_then(|c| t.table.rows[r][c].trim().parse::<u64>().ok());
                let (Some(ab), Some(bb)) = (bytes(&x, i), bytes(&y, j)) else { continue };
                out.push(MemoryComparison {
                    experiment: experiment.clone(),
                    item: item.clone(),
                    column,
                    a_bytes: ab,
                    b_bytes: bb,
                    ratio: (ab > 0).then(|| bb as f64 / ab as f64),
                    verdict: memory_verdict(ab, bb),
                });
            }
        }
    }
    Ok(out)
}

/// One experiment's timings in brief: the geometric mean of its cells' ratios B/A and how
/// many cells got each verdict.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ExperimentSummary {
    /// The experiment.
    pub experiment: String,
    /// Geometric mean of the ratios B/A of its cells that have one.
    pub geometric_mean_ratio: Option<f64>,
    /// Cells compared.
    pub cells: usize,
    /// Cells where B is faster.
    pub faster: usize,
    /// Cells where B is slower.
    pub slower: usize,
    /// Cells without a difference beyond noise.
    pub same: usize,
    /// Cells with too few samples.
    pub unknown: usize,
    /// Cells timed on a busy machine in A or B.
    pub busy: usize,
}

/// The per-experiment summaries of `cells`, in the order the experiments first appear.
pub fn summarise(cells: &[TimingComparison]) -> Vec<ExperimentSummary> {
    let mut order: Vec<&str> = Vec::new();
    for c in cells {
        if !order.contains(&c.experiment.as_str()) {
            order.push(&c.experiment);
        }
    }
    order
        .into_iter()
        .map(|e| {
            let mine: Vec<&TimingComparison> = cells.iter().filter(|c| c.experiment == e).collect();
            let logs: Vec<f64> =
                mine.iter().filter_map(|c| c.evidence.ratio).filter(|r| *r > 0.0).map(f64::ln).collect();
            let count = |v: Verdict| mine.iter().filter(|c| c.verdict() == v).count();
            ExperimentSummary {
                experiment: e.to_string(),
                geometric_mean_ratio: (!logs.is_empty()).then(|| stats::mean(&logs).exp()),
                cells: mine.len(),
                faster: count(Verdict::Faster),
                slower: count(Verdict::Slower),
                same: count(Verdict::Same),
                unknown: count(Verdict::Unknown),
                busy: mine.iter().filter(|c| c.evidence.busy).count(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::verdict::{DEFAULT_MACHINE_NOISE, DEFAULT_NOISE};

    #[test]
    fn samples_cells_are_parsed_or_empty() {
        let walls = |c: &str| parse_samples_cell(c).into_iter().map(|s| s.wall).collect::<Vec<_>>();
        assert_eq!(walls("0.5;0.25;1"), [0.5, 0.25, 1.0]);
        assert!(walls("timeout").is_empty() && walls("").is_empty() && walls("1;x").is_empty());
    }

    fn write(dir: &Path, name: &str, text: &str) {
        std::fs::write(dir.join(name), text).unwrap();
    }

    #[test]
    fn directories_are_compared_cell_by_cell_on_the_rows_both_have() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let header = "instance,positions,seconds,seconds_samples,threads,status\n";
        write(
            a.path(),
            "t.csv",
            &format!("{header}x,10,1.0,1.0;1.02;0.98;1.01;0.99,1,ok\ny,20,1.0,1.0;1.02;0.98;1.01;0.99,1,ok\n"),
        );
        write(
            b.path(),
            "t.csv",
            &format!("{header}x,10,2.0,2.0;2.04;1.96;2.02;1.98,2,ok\ny,21,1.0,1.0;1.02;0.98;1.01;0.99,2,ok\n"),
        );
        write(a.path(), "only_a.csv", &format!("{header}x,10,1.0,1.0,1,ok\n"));
        let cells = compare_timings(a.path(), b.path(), DEFAULT_NOISE, DEFAULT_MACHINE_NOISE).unwrap().timings;
        assert_eq!(cells.len(), 1, "row y differs in its results and only_a.csv is only in A: {cells:?}");
        let c = &cells[0];
        assert_eq!((c.experiment.as_str(), c.item.as_str(), c.column.as_str()), ("t", "x", "seconds"));
        assert_eq!((c.a_seconds(), c.b_seconds(), c.verdict()), (1.0, 2.0, Verdict::Slower));
        assert_eq!(
            compare_timings(a.path(), b.path(), DEFAULT_NOISE, DEFAULT_MACHINE_NOISE).unwrap().timings,
            cells,
            "seeded: the same table again"
        );
        let summary = summarise(&cells);
        assert_eq!((summary[0].cells, summary[0].slower, summary[0].geometric_mean_ratio), (1, 1, Some(2.0)));
    }

    #[test]
    fn peak_memory_gets_a_verdict_per_row_both_have() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let header = "instance,positions,peak_memory_bytes,threads,status\n";
        write(a.path(), "t.csv", &format!("{header}x,10,1000000,1,ok\ny,20,1000000,1,ok\nz,30,,1,ok\n"));
        write(b.path(), "t.csv", &format!("{header}x,10,2000000,2,ok\ny,20,1020000,2,ok\nz,30,5,2,ok\n"));
        let cells = compare_memory(a.path(), b.path()).unwrap();
        let verdicts: Vec<(&str, MemoryVerdict)> = cells.iter().map(|c| (c.item.as_str(), c.verdict)).collect();
        assert_eq!(verdicts, [("x", MemoryVerdict::More), ("y", MemoryVerdict::Same)], "z is unknown in A");
        assert_eq!((cells[0].a_bytes, cells[0].b_bytes, cells[0].ratio), (1_000_000, 2_000_000, Some(2.0)));
    }

    #[test]
    fn rows_are_labelled_by_their_fewest_telling_cells_and_threads() {
        let text = "game,instance,seconds,threads\ntegel,a,1,1\ntegel,a,1,2\ntegel,b,1,1\n";
        let csv = Csv { table: crate::results::csv_table::test_table(text), samples: Default::default() };
        let labels: Vec<String> = csv.keyed_rows().into_iter().map(|(_, l)| l).collect();
        assert_eq!(labels, ["tegel a 1 thread", "tegel a 2 threads", "tegel b 1 thread"]);
    }

    #[test]
    fn shared_samples_are_compared_once_and_busy_rows_are_marked() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let csv = |busy: &str, s: &str| {
            format!(
                "search,threads,seq_seconds,seq_seconds_samples,par_seconds,par_seconds_samples,busy,status\n\
                 x,1,1,{s},1,1;1;1,false,ok\nx,2,1,{s},0.5,0.5;0.5;0.5,{busy},ok\n"
            )
        };
        write(a.path(), "p.csv", &csv("false", "1;1;1"));
        write(b.path(), "p.csv", &csv("true", "1;1;1"));
        let cells = compare_timings(a.path(), b.path(), DEFAULT_NOISE, DEFAULT_MACHINE_NOISE).unwrap().timings;
        let seq = cells.iter().filter(|c| c.column == "seq_seconds").count();
        assert_eq!(seq, 1, "{cells:?}");
        assert_eq!(cells.len(), 3);
        let busy: Vec<bool> = cells.iter().map(|c| c.evidence.busy).collect();
        assert_eq!(busy, [false, false, true], "{cells:?}");
    }
}
