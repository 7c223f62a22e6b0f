//! `harness compare DIR_A DIR_B`: whether two results directories hold the same results,
//! the columns that may differ between runs (timings and `threads`) aside, and how their
//! timed cells compare: per cell the medians, the ratio B/A with a 95 % bootstrap
//! interval from the raw samples, and a verdict (`faster`, `slower`, `same`, `unknown`).

use std::path::{Path, PathBuf};

use std::collections::BTreeMap;

use crate::base::error::{InputError, Result};
use crate::base::stats;
use crate::base::text::excerpt;
use crate::results::columns::{Column, Kind, Role};
use crate::results::csv_table::{csv_paths, CsvTable};
use crate::results::meta::RunMeta;
use crate::results::row::parse_samples_cell;

/// A CSV's cells without the columns that may differ between runs (as its metadata
/// declares them, beside the CSV in `meta/`; by their names where it has none): the
/// header first, then every row.
pub fn comparable_cells(path: &Path) -> Result<Vec<Vec<String>>, InputError> {
    let csv = CsvTable::read_declared(path)?;
    let keep: Vec<usize> = (0..csv.columns.len()).filter(|&i| !csv.declared.0[i].varies_between_runs()).collect();
    let pick = |row: &[String]| keep.iter().map(|&i| row[i].clone()).collect::<Vec<_>>();
    Ok(std::iter::once(pick(&csv.columns)).chain(csv.rows.iter().map(|r| pick(r))).collect())
}

/// The differences between two results directories, as lines (empty: the same results).
pub fn differences(a: &Path, b: &Path) -> Result<Vec<String>, InputError> {
    let (left, right) = (csv_paths(a)?, csv_paths(b)?);
    let names = |v: &[PathBuf]| v.iter().filter_map(|p| p.file_name().map(|n| n.to_owned())).collect::<Vec<_>>();
    let (ln, rn) = (names(&left), names(&right));
    let mut diffs: Vec<String> = Vec::new();
    for n in rn.iter().filter(|n| !ln.contains(n)) {
        diffs.push(format!("{} only in {}", n.to_string_lossy(), b.display()));
    }
    for n in &ln {
        let name = n.to_string_lossy();
        if !rn.contains(n) {
            diffs.push(format!("{name} only in {}", a.display()));
            continue;
        }
        let (x, y) = (comparable_cells(&a.join(n))?, comparable_cells(&b.join(n))?);
        if x[0] != y[0] {
            diffs.push(format!("{name}: columns differ: {} vs {}", x[0].join(","), y[0].join(",")));
        } else if x.len() != y.len() {
            diffs.push(format!("{name}: {} rows vs {}", x.len() - 1, y.len() - 1));
        } else if let Some((row, (p, q))) = x.iter().zip(&y).enumerate().find(|(_, (p, q))| p != q) {
            let col = p.iter().zip(q).position(|(u, v)| u != v).unwrap_or(0);
            diffs.push(format!(
                "{name}: row {row}, column {}: `{}` vs `{}`",
                excerpt(&x[0][col]),
                excerpt(&p[col]),
                excerpt(&q[col])
            ));
        }
    }
    Ok(diffs)
}

/// The default noise threshold of [`compare_timings`]: a difference in the median below
/// 3 % is `same` however significant (run-to-run drift on a quiet 2-core machine is of
/// that order).
pub const DEFAULT_NOISE: f64 = 0.03;

/// Fewest samples on each side for a verdict other than `unknown`.
pub const MIN_SAMPLES_FOR_VERDICT: usize = 3;

/// Samples on each side from which the Mann–Whitney U test must agree with the interval.
pub const MIN_SAMPLES_FOR_U_TEST: usize = 5;

/// The significance level of the Mann–Whitney U test (two-sided).
pub const SIGNIFICANCE: f64 = 0.05;

/// What comparing one timed cell of two runs says of B against A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// B is faster: the interval of B/A lies below 1 and the ratio below 1 − noise.
    Faster,
    /// B is slower: the interval of B/A lies above 1 and the ratio above 1 + noise.
    Slower,
    /// No difference beyond noise: the interval holds 1, or the difference is within the
    /// noise threshold.
    Same,
    /// Too few samples on a side (or a median of zero) to tell.
    Unknown,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::Faster => "faster",
            Verdict::Slower => "slower",
            Verdict::Same => "same",
            Verdict::Unknown => "unknown",
        })
    }
}

/// One timed cell of both runs: experiment, item, timing column, the medians, B/A with a
/// 95 % bootstrap interval, and the verdict.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TimingComparison {
    /// The experiment (CSV stem).
    pub experiment: String,
    /// The row: its leading identifying cells (and thread count where rows differ by it).
    pub item: String,
    /// The timing column (`seconds`, `memo_seconds`, `par_seconds`, ...).
    pub column: String,
    /// Median seconds in A.
    pub a_median: f64,
    /// Median seconds in B.
    pub b_median: f64,
    /// `b_median / a_median`; `None` when A's median is zero.
    pub ratio: Option<f64>,
    /// Lower end of the 95 % bootstrap interval of the ratio of medians.
    pub ratio_low: Option<f64>,
    /// Upper end of the interval.
    pub ratio_high: Option<f64>,
    /// Two-sided Mann–Whitney U p-value, where both sides have at least
    /// [`MIN_SAMPLES_FOR_U_TEST`] samples.
    pub p_value: Option<f64>,
    /// Samples in A.
    pub a_samples: usize,
    /// Samples in B.
    pub b_samples: usize,
    /// What the cell says of B against A.
    pub verdict: Verdict,
    /// Whether the row was timed on a busy machine in A or in B: its verdict may say more
    /// of the machine than of the code.
    pub busy: bool,
    /// The noise band the verdict used: a difference in the median below this fraction is
    /// `same` (the larger of `--noise` and the run-to-run spread, see [`compare_timings`]).
    pub noise_band: f64,
}

/// Decides the verdict of B against A from their samples (seconds), criterion-style: a
/// difference counts when it is significant — the 95 % bootstrap interval of the ratio of
/// medians excludes 1 and, with at least [`MIN_SAMPLES_FOR_U_TEST`] samples a side, the
/// Mann–Whitney U test rejects equality at [`SIGNIFICANCE`] — and larger than `noise`
/// (a fraction, e.g. 0.03). Fewer than [`MIN_SAMPLES_FOR_VERDICT`] samples a side, or a
/// zero median, is `unknown`. `seed` makes the interval reproducible.
pub fn compare_samples(a: &[f64], b: &[f64], noise: f64, seed: u64) -> (Option<(f64, f64, f64)>, Option<f64>, Verdict) {
    let (Some(ma), Some(mb)) = (stats::median(a), stats::median(b)) else { return (None, None, Verdict::Unknown) };
    if ma <= 0.0 {
        return (None, None, Verdict::Unknown);
    }
    let ratio = mb / ma;
    let interval = stats::bootstrap_ratio_ci(a, b, seed);
    let u_test = a.len() >= MIN_SAMPLES_FOR_U_TEST && b.len() >= MIN_SAMPLES_FOR_U_TEST;
    let p = if u_test { stats::mann_whitney_p(a, b) } else { None };
    let with_interval = interval.map(|(lo, hi)| (ratio, lo, hi)).or(Some((ratio, ratio, ratio)));
    if a.len() < MIN_SAMPLES_FOR_VERDICT || b.len() < MIN_SAMPLES_FOR_VERDICT || mb <= 0.0 {
        return (with_interval, p, Verdict::Unknown);
    }
    let Some((lo, hi)) = interval else { return (with_interval, p, Verdict::Unknown) };
    let u_agrees = !u_test || p.is_some_and(|p| p < SIGNIFICANCE);
    let verdict = if hi < 1.0 && ratio < 1.0 - noise && u_agrees {
        Verdict::Faster
    } else if lo > 1.0 && ratio > 1.0 + noise && u_agrees {
        Verdict::Slower
    } else {
        Verdict::Same
    };
    (with_interval, p, verdict)
}

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
fn samples_file(path: &Path) -> Result<BTreeMap<(usize, String), Vec<f64>>, InputError> {
    let mut out = BTreeMap::new();
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else { return Ok(out) };
    let file = dir.join("samples").join(name);
    if !file.is_file() {
        return Ok(out);
    }
    let samples = CsvTable::read(&file)?;
    samples.require(&["row", "measurement", "wall_seconds"], "the timings of `harness compare`")?;
    for (n, row) in samples.rows.iter().enumerate() {
        let (Some(r), Some(w)) = (samples.number(row, "row"), samples.number(row, "wall_seconds")) else {
            return Err(InputError::at(&file, n + 2, "expected a row number and wall seconds"));
        };
        let key = ((r as usize).saturating_sub(1), samples.cell(row, "measurement").unwrap_or("").to_string());
        out.entry(key).or_insert_with(Vec::new).push(w);
    }
    Ok(out)
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
/// to the next (the machine's frequency, the memory layout, what else ran). The cells of
/// the two runs tell it: the robust spread σ (1.4826 × median absolute deviation) of their
/// log ratios around their common ratio, for the cells of 10 ms and longer and for the
/// shorter ones apart (at least [`MIN_CELLS_FOR_SPREAD`] cells each). A cell's difference
/// counts only beyond `max(noise, e^(RUN_NOISE_Z σ) − 1)`: a change that moves every cell
/// alike (a real slowdown of the code) stays visible, the scatter of two runs of the same
/// build does not.
pub fn compare_timings(a: &Path, b: &Path, noise: f64) -> Result<Vec<TimingComparison>, InputError> {
    let mut cells: Vec<(TimingComparison, Vec<f64>, Vec<f64>)> = Vec::new();
    for (experiment, x, y) in experiments_in_both(a, b)? {
        let in_b = y.sampled_columns();
        let columns: Vec<String> = x.sampled_columns().into_iter().filter(|c| in_b.contains(c)).collect();
        for (i, j, item) in matched_rows(&x, &y) {
            for column in &columns {
                let cell = |t: &Csv, r: usize| t.samples.get(&(r, column.clone())).cloned().unwrap_or_default();
                let (sa, sb) = (cell(&x, i), cell(&y, j));
                if sa.is_empty() || sb.is_empty() {
                    continue;
                }
                let shared = cells
                    .iter()
                    .any(|(c, pa, pb)| c.experiment == experiment && &c.column == column && *pa == sa && *pb == sb);
                if shared {
                    continue;
                }
                let comparison = TimingComparison {
                    experiment: experiment.clone(),
                    item: item.clone(),
                    column: column.clone(),
                    a_median: stats::median(&sa).unwrap_or(0.0),
                    b_median: stats::median(&sb).unwrap_or(0.0),
                    ratio: None,
                    ratio_low: None,
                    ratio_high: None,
                    p_value: None,
                    a_samples: sa.len(),
                    b_samples: sb.len(),
                    verdict: Verdict::Unknown,
                    busy: x.busy(i) || y.busy(j),
                    noise_band: noise,
                };
                cells.push((comparison, sa, sb));
            }
        }
    }
    let spread = RunSpread::of(cells.iter().map(|(c, sa, sb)| (c, sa.as_slice(), sb.as_slice())));
    Ok(cells
        .into_iter()
        .map(|(mut c, sa, sb)| {
            c.noise_band = spread.band(noise, c.a_median);
            let seed = stats::seed_of(&[&c.experiment, &c.item, &c.column]);
            let (interval, p_value, verdict) = compare_samples(&sa, &sb, c.noise_band, seed);
            c.ratio = interval.map(|i| i.0);
            c.ratio_low = interval.map(|i| i.1);
            c.ratio_high = interval.map(|i| i.2);
            c.p_value = p_value;
            c.verdict = verdict;
            c
        })
        .collect())
}

/// What the two runs' `run.toml` say of how they were made: whether they are the same
/// build, on the same kind of machine, and whether either had rows timed on a busy machine.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct RunsCompared {
    /// Build identity of A's binary (empty when unknown).
    pub a_build: String,
    /// Build identity of B's binary.
    pub b_build: String,
    /// CPU model and logical cores of A's machine.
    pub a_machine: String,
    /// CPU model and logical cores of B's machine.
    pub b_machine: String,
    /// Items of A timed on a busy machine.
    pub a_busy: usize,
    /// Items of B timed on a busy machine.
    pub b_busy: usize,
}

impl RunsCompared {
    /// Read from `A/run.toml` and `B/run.toml` (fields empty where one is unreadable).
    pub fn of(a: &Path, b: &Path) -> RunsCompared {
        let (ra, rb) = (RunMeta::read(a).ok(), RunMeta::read(b).ok());
        let machine =
            |r: &Option<RunMeta>| r.as_ref().map_or(String::new(), |r| format!("{}, {} cores", r.cpu, r.cores));
        RunsCompared {
            a_build: ra.as_ref().map_or(String::new(), |r| r.build.clone()),
            b_build: rb.as_ref().map_or(String::new(), |r| r.build.clone()),
            a_machine: machine(&ra),
            b_machine: machine(&rb),
            a_busy: ra.as_ref().map_or(0, |r| r.busy.len()),
            b_busy: rb.as_ref().map_or(0, |r| r.busy.len()),
        }
    }

    /// What a reader should know before the verdicts, one line each: busy runs first.
    pub fn notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.a_busy + self.b_busy > 0 {
            out.push(format!(
                "warning: items timed on a busy machine: {} in A, {} in B; their verdicts (marked busy) measure the \
                 machine as much as the code",
                self.a_busy, self.b_busy
            ));
        }
        if !self.a_build.is_empty() && self.a_build == self.b_build {
            out.push(format!(
                "build: both runs are build {}: differences are the machine's, not the code's",
                self.a_build
            ));
        } else if !self.a_build.is_empty() && !self.b_build.is_empty() {
            out.push(format!("build: A is {}, B is {}", self.a_build, self.b_build));
        }
        if !self.a_machine.is_empty() && !self.b_machine.is_empty() && self.a_machine != self.b_machine {
            out.push(format!("machines differ: A ran on {}, B on {}", self.a_machine, self.b_machine));
        }
        out
    }
}

/// What the verdicts of two runs made at different times cannot tell: a change of a cell
/// inside its noise band (the larger of `--noise` and the spread measured between the
/// runs, [`compare_timings`]) may be the machine's drift as much as the code's; names the
/// widest band, how many cells changed within their band, and the paired A/B that can
/// tell. `None` without timings.
pub fn drift_note(timings: &[TimingComparison]) -> Option<String> {
    let widest = timings.iter().map(|t| t.noise_band).reduce(f64::max)?;
    let hidden = timings.iter().filter(|t| t.ratio.is_some_and(|r| r != 1.0 && (r - 1.0).abs() < t.noise_band)).count();
    Some(format!(
        "drift: these runs were timed at different times, so a change below a cell's noise band (up to {:.1} % here:          --noise or the spread measured between the runs) cannot be told from the machine's drift ({} within their          band); `harness ab BASELINE CANDIDATE MANIFEST` times two builds in alternating rounds and tells changes of          a few per cent",
        widest * 100.0,
        crate::base::text::count_of(hidden as u64, "cell")
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

/// How many standard deviations of the run-to-run spread a cell's difference must pass.
pub const RUN_NOISE_Z: f64 = 3.0;

/// Fewest cells of a duration class from which its run-to-run spread is estimated.
pub const MIN_CELLS_FOR_SPREAD: usize = 8;

/// The boundary between short and long cells for the run-to-run spread (seconds).
pub const SHORT_CELL_SECONDS: f64 = 0.01;

/// The run-to-run spread σ of the log ratios B/A, for long and for short cells (see
/// [`compare_timings`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RunSpread {
    /// σ of the cells of [`SHORT_CELL_SECONDS`] and longer (in A), when there are enough.
    pub long: Option<f64>,
    /// σ of the shorter cells, when there are enough.
    pub short: Option<f64>,
}

impl RunSpread {
    /// The spread of `cells` (each with A's and B's samples).
    pub fn of<'a>(cells: impl Iterator<Item = (&'a TimingComparison, &'a [f64], &'a [f64])>) -> RunSpread {
        let (mut long, mut short) = (Vec::new(), Vec::new());
        for (c, sa, sb) in cells {
            let enough = sa.len() >= MIN_SAMPLES_FOR_VERDICT && sb.len() >= MIN_SAMPLES_FOR_VERDICT;
            if !enough || c.a_median <= 0.0 || c.b_median <= 0.0 {
                continue;
            }
            let log_ratio = (c.b_median / c.a_median).ln();
            if c.a_median >= SHORT_CELL_SECONDS {
                long.push(log_ratio)
            } else {
                short.push(log_ratio)
            }
        }
        let sigma = |v: &[f64]| (v.len() >= MIN_CELLS_FOR_SPREAD).then(|| stats::mad(v)).flatten().map(|m| 1.4826 * m);
        RunSpread { long: sigma(&long), short: sigma(&short) }
    }

    /// The noise band of a cell whose median in A is `a_median`: the larger of `noise` and
    /// `e^(RUN_NOISE_Z σ) − 1` of its class.
    pub fn band(&self, noise: f64, a_median: f64) -> f64 {
        let sigma = if a_median >= SHORT_CELL_SECONDS { self.long } else { self.short };
        sigma.map_or(noise, |s| noise.max((RUN_NOISE_Z * s).exp() - 1.0))
    }
}

/// A difference in peak memory smaller than this fraction of A's is `same`: the kernel
/// counts resident pages, and allocators round, so equal searches differ by a little.
pub const MEMORY_NOISE: f64 = 0.05;

/// What a cell's peak memory says of B against A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MemoryVerdict {
    /// B took less memory by more than [`MEMORY_NOISE`].
    Less,
    /// B took more memory by more than [`MEMORY_NOISE`].
    More,
    /// Within [`MEMORY_NOISE`] of each other.
    Same,
}

impl std::fmt::Display for MemoryVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MemoryVerdict::Less => "less",
            MemoryVerdict::More => "more",
            MemoryVerdict::Same => "same",
        })
    }
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

/// The verdict of peak memory `b` against `a` (bytes): [`MEMORY_NOISE`] apart or more.
pub fn memory_verdict(a: u64, b: u64) -> MemoryVerdict {
    let (a, b) = (a as f64, b as f64);
    if b > a * (1.0 + MEMORY_NOISE) {
        MemoryVerdict::More
    } else if b < a * (1.0 - MEMORY_NOISE) {
        MemoryVerdict::Less
    } else {
        MemoryVerdict::Same
    }
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
            let logs: Vec<f64> = mine.iter().filter_map(|c| c.ratio).filter(|r| *r > 0.0).map(f64::ln).collect();
            let count = |v: Verdict| mine.iter().filter(|c| c.verdict == v).count();
            ExperimentSummary {
                experiment: e.to_string(),
                geometric_mean_ratio: (!logs.is_empty()).then(|| (logs.iter().sum::<f64>() / logs.len() as f64).exp()),
                cells: mine.len(),
                faster: count(Verdict::Faster),
                slower: count(Verdict::Slower),
                same: count(Verdict::Same),
                unknown: count(Verdict::Unknown),
                busy: mine.iter().filter(|c| c.busy).count(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: [f64; 7] = [1.00, 1.02, 0.98, 1.01, 0.99, 1.03, 0.97];

    fn scaled(f: f64) -> Vec<f64> {
        A.iter().map(|x| x * f).collect()
    }

    #[test]
    fn identical_samples_are_the_same() {
        let (interval, _, verdict) = compare_samples(&A, &A, DEFAULT_NOISE, 1);
        assert_eq!(verdict, Verdict::Same);
        let (ratio, lo, hi) = interval.unwrap();
        assert!(ratio == 1.0 && lo <= 1.0 && hi >= 1.0, "{lo} {hi}");
    }

    #[test]
    fn twice_as_slow_is_slower_and_half_is_faster() {
        assert_eq!(compare_samples(&A, &scaled(2.0), DEFAULT_NOISE, 1).2, Verdict::Slower);
        assert_eq!(compare_samples(&A, &scaled(0.5), DEFAULT_NOISE, 1).2, Verdict::Faster);
        let (interval, p, _) = compare_samples(&A, &scaled(2.0), DEFAULT_NOISE, 1);
        assert_eq!(interval.map(|i| i.0), Some(2.0));
        assert!(p.is_some_and(|p| p < 0.01), "{p:?}");
    }

    #[test]
    fn a_significant_difference_within_the_noise_is_the_same() {
        let tight = [1.000, 1.001, 0.999, 1.0005, 0.9995];
        let slower: Vec<f64> = tight.iter().map(|x| x * 1.02).collect();
        assert_eq!(compare_samples(&tight, &slower, DEFAULT_NOISE, 1).2, Verdict::Same);
        assert_eq!(compare_samples(&tight, &slower, 0.01, 1).2, Verdict::Slower);
        assert_eq!(compare_samples(&A, &scaled(1.02), 0.01, 1).2, Verdict::Same, "2 % inside a 6 % spread");
    }

    #[test]
    fn one_sample_is_unknown() {
        assert_eq!(compare_samples(&[1.0], &[2.0], DEFAULT_NOISE, 1).2, Verdict::Unknown);
        assert_eq!(compare_samples(&A, &[2.0], DEFAULT_NOISE, 1).2, Verdict::Unknown);
        assert_eq!(compare_samples(&[0.0; 5], &A, DEFAULT_NOISE, 1).2, Verdict::Unknown);
    }

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
        let cells = compare_timings(a.path(), b.path(), DEFAULT_NOISE).unwrap();
        assert_eq!(cells.len(), 1, "row y differs in its results and only_a.csv is only in A: {cells:?}");
        let c = &cells[0];
        assert_eq!((c.experiment.as_str(), c.item.as_str(), c.column.as_str()), ("t", "x", "seconds"));
        assert_eq!((c.a_median, c.b_median, c.verdict), (1.0, 2.0, Verdict::Slower));
        assert_eq!(compare_timings(a.path(), b.path(), DEFAULT_NOISE).unwrap(), cells, "seeded: the same table again");
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
        assert_eq!(memory_verdict(100, 90), MemoryVerdict::Less);
        assert!(differences(a.path(), b.path()).unwrap().is_empty(), "peak memory is a measurement, not a result");
    }

    #[test]
    fn rows_are_labelled_by_their_fewest_telling_cells_and_threads() {
        let text = "game,instance,seconds,threads\ntegel,a,1,1\ntegel,a,1,2\ntegel,b,1,1\n";
        let csv = Csv { table: crate::results::csv_table::test_table(text), samples: Default::default() };
        let labels: Vec<String> = csv.keyed_rows().into_iter().map(|(_, l)| l).collect();
        assert_eq!(labels, ["tegel a 1 thread", "tegel a 2 threads", "tegel b 1 thread"]);
    }

    fn timed(a: f64, b: f64) -> TimingComparison {
        TimingComparison {
            experiment: "e".into(),
            item: "i".into(),
            column: "seconds".into(),
            a_median: a,
            b_median: b,
            ratio: None,
            ratio_low: None,
            ratio_high: None,
            p_value: None,
            a_samples: 5,
            b_samples: 5,
            verdict: Verdict::Unknown,
            busy: false,
            noise_band: DEFAULT_NOISE,
        }
    }

    #[test]
    fn the_run_to_run_spread_widens_the_band_but_a_common_slowdown_stays_visible() {
        // Two runs of one build: 20 long cells scattered by a few percent either way.
        let scatter = [0.97, 1.04, 0.99, 1.06, 0.95, 1.01, 1.03, 0.98, 1.05, 0.96];
        let ratios: Vec<f64> = scatter.iter().chain(scatter.iter()).copied().collect();
        let cells: Vec<TimingComparison> = ratios.iter().map(|r| timed(1.0, *r)).collect();
        let five = [1.0; 5];
        let spread = RunSpread::of(cells.iter().map(|c| (c, &five[..], &five[..])));
        let sigma = spread.long.unwrap();
        assert!((0.02..0.06).contains(&sigma), "{sigma}");
        let band = spread.band(DEFAULT_NOISE, 1.0);
        assert!(band > 0.06 && band < 0.2, "a 6 % move is within the noise of these runs: {band}");
        assert_eq!(spread.band(DEFAULT_NOISE, 0.001), DEFAULT_NOISE, "short cells have too few to tell");
        // The same scatter around a 1.5x slowdown: the spread is the same, every cell slower.
        let slow: Vec<TimingComparison> = ratios.iter().map(|r| timed(1.0, 1.5 * r)).collect();
        let slow_spread = RunSpread::of(slow.iter().map(|c| (c, &five[..], &five[..])));
        assert!((slow_spread.long.unwrap() - sigma).abs() < 1e-9);
        let band = slow_spread.band(DEFAULT_NOISE, 1.0);
        assert!(ratios.iter().all(|r| 1.5 * r > 1.0 + band), "1.5x stays beyond the band {band}");
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
        let cells = compare_timings(a.path(), b.path(), DEFAULT_NOISE).unwrap();
        let seq = cells.iter().filter(|c| c.column == "seq_seconds").count();
        assert_eq!(seq, 1, "{cells:?}");
        assert_eq!(cells.len(), 3);
        let busy: Vec<bool> = cells.iter().map(|c| c.busy).collect();
        assert_eq!(busy, [false, false, true], "{cells:?}");
    }
}
