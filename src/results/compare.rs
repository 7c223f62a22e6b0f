//! `harness compare A B C …`: one comparison of results directories, the baseline A first
//! and then the runs compared with it. Each run against the baseline: whether it holds the
//! same results (the columns that may differ between runs, timings and `threads`, aside),
//! its timed cells and peak memory compared ([`super::compared_cells`]), and what the two
//! `run.toml` say of how they were made. The report's back ends (`report::compare`) give
//! it as text, Markdown, JSON or an HTML page.

use std::path::{Path, PathBuf};

use crate::base::error::InputError;
use crate::base::stats::decision::Verdict;
use crate::base::text::{count_of, excerpt};
use crate::results::compared_cells::{self, ExperimentSummary, MemoryComparison, TimingComparison};
use crate::results::csv_table::{csv_paths, CsvTable};
use crate::results::run_meta::RunMeta;
use crate::results::sample_sufficiency::TooFewSamples;
use crate::results::verdict::{CommonFactor, Judged};

/// The most directories one comparison takes: the baseline `A` and runs `B` to `Z`.
pub const MAX_RUNS: usize = 26;

/// The label of the `i`-th directory (0: the baseline): `A`, `B`, … `Z`.
pub fn label(i: usize) -> String {
    char::from(b'A' + (i.min(MAX_RUNS - 1)) as u8).to_string()
}

/// Checks the directories of a comparison: at least two, at most [`MAX_RUNS`], each an
/// existing directory. The message names what was expected.
pub fn check_dirs(dirs: &[PathBuf]) -> Result<(), InputError> {
    if dirs.len() < 2 {
        let got = dirs.first().map_or("none".to_string(), |d| format!("only {}", d.display()));
        return Err(InputError::new(format!(
            "compare needs at least two results directories, the baseline first and then the runs compared \
             with it (got {got})"
        )));
    }
    if dirs.len() > MAX_RUNS {
        return Err(InputError::new(format!(
            "compare takes at most {MAX_RUNS} results directories (A to Z), got {}",
            dirs.len()
        )));
    }
    for dir in dirs {
        if !dir.is_dir() {
            return Err(InputError::in_file(dir, "cannot read the results directory: it does not exist"));
        }
    }
    Ok(())
}

/// A comparison of results directories: every run against the baseline, with the rule
/// that decides whether it fails.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The baseline's directory (A), as given.
    pub baseline: String,
    /// The resolution asked for (`--noise`), a fraction.
    pub noise: f64,
    /// The run-to-run allowance (`--machine-noise`), a fraction.
    pub machine_noise: f64,
    /// Whether a slower timed cell fails the comparison (`--fail-on-slower`).
    pub fail_on_slower: bool,
    /// Every other run against the baseline, in the order given (`B`, `C`, …).
    pub runs: Vec<RunAgainstBaseline>,
}

impl Comparison {
    /// Compares `dirs[1..]` with the baseline `dirs[0]`, once [`check_dirs`] accepts them,
    /// with the resolution `noise` and the run-to-run allowance `machine_noise`.
    pub fn of(
        dirs: &[PathBuf],
        noise: f64,
        machine_noise: f64,
        fail_on_slower: bool,
    ) -> Result<Comparison, InputError> {
        check_dirs(dirs)?;
        let runs = dirs[1..]
            .iter()
            .enumerate()
            .map(|(i, dir)| RunAgainstBaseline::of(&dirs[0], dir, label(i + 1), (noise, machine_noise)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Comparison { baseline: dirs[0].display().to_string(), noise, machine_noise, fail_on_slower, runs })
    }

    /// The timed cells of every run joined by cell (see [`join`]).
    pub fn joined(&self) -> Vec<JoinedCell> {
        join(&self.runs)
    }

    /// How many timed cells of all runs are slower than the baseline's.
    pub fn slower(&self) -> usize {
        self.runs.iter().flat_map(|r| &r.timings).filter(|t| t.verdict() == Verdict::Slower).count()
    }

    /// The directories of the runs whose results differ from the baseline's.
    pub fn differing(&self) -> Vec<&str> {
        self.runs.iter().filter(|r| !r.results_equal).map(|r| r.dir.as_str()).collect()
    }

    /// The runs whose common factor is `slower`: every cell of B moved beyond the machine
    /// noise.
    pub fn slower_factors(&self) -> Vec<&RunAgainstBaseline> {
        self.runs.iter().filter(|r| r.common.is_some_and(|c| c.verdict == Verdict::Slower)).collect()
    }

    /// `different` where a run's results differ from the baseline's, else `slower` where a
    /// timed cell or a run's common factor is slower and [`Comparison::fail_on_slower`] is
    /// set, else `ok`.
    pub fn status(&self) -> &'static str {
        if !self.differing().is_empty() {
            "different"
        } else if self.fail_on_slower && (self.slower() > 0 || !self.slower_factors().is_empty()) {
            "slower"
        } else {
            "ok"
        }
    }

    /// Why the comparison fails (the command then exits 1), as [`Comparison::status`]
    /// decides: the runs whose results differ, or the slower factors and cells; `None` when
    /// it passes.
    pub fn failure(&self) -> Option<String> {
        let slower = count_of(self.slower() as u64, "timed cell");
        let factors: Vec<String> = self
            .slower_factors()
            .iter()
            .filter_map(|r| Some(format!("{}: {}", r.label, r.common?.sentence())))
            .collect();
        if self.status() == "slower" && !factors.is_empty() {
            return Some(format!("the common factor is slower than in {}: {}", self.baseline, factors.join("; ")));
        }
        match (self.status(), self.runs.as_slice()) {
            ("different", [run]) => Some(format!(
                "{} and {} differ in {}",
                self.baseline,
                run.dir,
                count_of(run.differences.len() as u64, "place")
            )),
            ("different", _) => {
                Some(format!("{} differ from {} in their results", self.differing().join(", "), self.baseline))
            }
            ("slower", [run]) => Some(format!("{slower} of {} slower than in {}", run.dir, self.baseline)),
            ("slower", _) => Some(format!("{slower} slower than in {}", self.baseline)),
            _ => None,
        }
    }
}

/// One run compared with the baseline, as `harness compare BASELINE RUN` compares them.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RunAgainstBaseline {
    /// The run's label (`B`, `C`, …).
    pub label: String,
    /// The run's results directory.
    pub dir: String,
    /// Build, machine and busy items of the baseline and this run.
    pub runs: RunsCompared,
    /// Whether the run holds the baseline's results (time columns aside).
    pub results_equal: bool,
    /// Where the results differ, one line each.
    pub differences: Vec<String>,
    /// The factor every timed cell shares (the machine's drift between the runs, or a
    /// change of the whole build), a verdict of its own.
    pub common: Option<CommonFactor>,
    /// Whether the cells were judged absolute or relative to the factor.
    pub judged: Judged,
    /// The cells whose samples cannot show a difference among the cells compared.
    pub too_few: Option<TooFewSamples>,
    /// Every timed cell both have, with its verdict (label `B` means this run).
    pub timings: Vec<TimingComparison>,
    /// The timings per experiment in brief.
    pub summaries: Vec<ExperimentSummary>,
    /// Peak memory of the rows both have.
    pub memory: Vec<MemoryComparison>,
}

impl RunAgainstBaseline {
    /// Compares the run in `dir`, labelled `label`, with the baseline in `baseline`, with
    /// the resolution and run-to-run allowance `(noise, machine_noise)`.
    pub fn of(
        baseline: &Path,
        dir: &Path,
        label: String,
        (noise, machine_noise): (f64, f64),
    ) -> Result<RunAgainstBaseline, InputError> {
        let differences = differences(baseline, dir)?;
        let compared = compared_cells::compare_timings(baseline, dir, noise, machine_noise)?;
        let timings = compared.timings;
        Ok(RunAgainstBaseline {
            label,
            dir: dir.display().to_string(),
            runs: RunsCompared::of(baseline, dir),
            results_equal: differences.is_empty(),
            differences,
            summaries: compared_cells::summarise(&timings),
            common: compared.common,
            judged: compared.judged,
            too_few: compared.too_few,
            timings,
            memory: compared_cells::compare_memory(baseline, dir)?,
        })
    }
}

/// One timed cell of the baseline in the joined table: its names, the baseline's median
/// and samples, and per other run its comparison (`None` where that run lacks the cell).
#[derive(Debug, Clone, PartialEq)]
pub struct JoinedCell {
    /// The experiment.
    pub experiment: String,
    /// The row's label.
    pub item: String,
    /// The timing column.
    pub column: String,
    /// The baseline's median seconds.
    pub a_median: f64,
    /// The baseline's samples.
    pub a_samples: usize,
    /// Per other run, in order, the cell's comparison with the baseline.
    pub runs: Vec<Option<TimingComparison>>,
}

/// The timed cells of every run joined by (experiment, item, column), in the order they
/// first appear (the first run's order, then cells only later runs have).
pub fn join(runs: &[RunAgainstBaseline]) -> Vec<JoinedCell> {
    let mut cells: Vec<JoinedCell> = Vec::new();
    for (r, run) in runs.iter().enumerate() {
        for t in &run.timings {
            let same = |c: &JoinedCell| c.experiment == t.experiment && c.item == t.item && c.column == t.column;
            let at = match cells.iter().position(same) {
                Some(at) => at,
                None => {
                    cells.push(JoinedCell {
                        experiment: t.experiment.clone(),
                        item: t.item.clone(),
                        column: t.column.clone(),
                        a_median: t.a_seconds(),
                        a_samples: t.evidence.a_samples,
                        runs: vec![None; runs.len()],
                    });
                    cells.len() - 1
                }
            };
            cells[at].runs[r] = Some(t.clone());
        }
    }
    cells
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::verdict::{DEFAULT_MACHINE_NOISE, DEFAULT_NOISE};

    fn compare(paths: &[PathBuf], fail_on_slower: bool) -> Comparison {
        Comparison::of(paths, DEFAULT_NOISE, DEFAULT_MACHINE_NOISE, fail_on_slower).unwrap()
    }

    fn write(dir: &Path, text: &str) {
        std::fs::write(dir.join("t.csv"), text).unwrap();
    }

    fn dirs(n: usize) -> (Vec<tempfile::TempDir>, Vec<PathBuf>) {
        let temps: Vec<tempfile::TempDir> = (0..n).map(|_| tempfile::tempdir().unwrap()).collect();
        let paths = temps.iter().map(|d| d.path().to_path_buf()).collect();
        (temps, paths)
    }

    #[test]
    fn each_run_is_compared_with_the_baseline_and_the_cells_joined() {
        let (temps, paths) = dirs(3);
        let header = "instance,positions,seconds,seconds_samples,threads,status\n";
        let row = |name: &str, f: f64| {
            let s: Vec<String> = SPREAD.iter().map(|x| format!("{}", x * f)).collect();
            format!("{name},10,{f},{},1,ok\n", s.join(";"))
        };
        write(temps[0].path(), &format!("{header}{}{}", row("x", 1.0), row("y", 1.0)));
        write(temps[1].path(), &format!("{header}{}{}", row("x", 2.0), row("y", 1.0)));
        write(temps[2].path(), &format!("{header}{}", row("y", 0.5)));
        let comparison = compare(&paths, false);
        let runs = &comparison.runs;
        assert_eq!(runs.iter().map(|r| r.label.as_str()).collect::<Vec<_>>(), ["B", "C"]);
        assert!(runs[0].results_equal && !runs[1].results_equal, "C lacks row x");
        let joined = comparison.joined();
        let items: Vec<&str> = joined.iter().map(|c| c.item.as_str()).collect();
        assert_eq!(items, ["x", "y"]);
        let verdict = |c: &JoinedCell, r: usize| c.runs[r].as_ref().map(|t| t.verdict().to_string());
        assert_eq!((verdict(&joined[0], 0), verdict(&joined[0], 1)), (Some("slower".into()), None));
        assert_eq!((verdict(&joined[1], 0), verdict(&joined[1], 1)), (Some("same".into()), Some("faster".into())));
        assert_eq!(
            (comparison.status(), comparison.differing()),
            ("different", vec![temps[2].path().to_str().unwrap()])
        );
        let failure = comparison.failure().unwrap();
        assert!(failure.ends_with(&format!("differ from {} in their results", comparison.baseline)), "{failure}");
    }

    /// Seven samples spread by 0.4 % either way: steady enough that an unchanged cell's
    /// interval lies within the 5 % band, and enough of them (6 or more) for `same`.
    const SPREAD: [f64; 7] = [1.0, 1.004, 0.996, 1.002, 0.998, 1.003, 0.997];

    /// Samples around `median` ([`SPREAD`]).
    fn samples(median: f64) -> String {
        SPREAD.iter().map(|x| format!("{}", x * median)).collect::<Vec<_>>().join(";")
    }

    #[test]
    fn a_hand_made_pair_gives_the_verdicts_worked_out_by_hand() {
        let (temps, paths) = dirs(2);
        let header = "instance,positions,seconds,seconds_samples,peak_memory_bytes,threads,status\n";
        // A: every row 1 s. B: x twice as slow, y the same, z half the time, w one sample.
        let a = format!(
            "{header}x,10,1,{},100,1,ok\ny,20,1,{},100,1,ok\nz,30,1,{},100,1,ok\nw,40,1,1,100,1,ok\n",
            samples(1.0),
            samples(1.0),
            samples(1.0)
        );
        let b = format!(
            "{header}x,10,2,{},100,1,ok\ny,20,1,{},200,1,ok\nz,30,0.5,{},100,1,ok\nw,40,1,1,100,1,ok\n",
            samples(2.0),
            samples(1.0),
            samples(0.5)
        );
        write(temps[0].path(), &a);
        write(temps[1].path(), &b);
        let comparison = compare(&paths, false);
        let run = &comparison.runs[0];
        assert!(comparison.runs.len() == 1 && run.results_equal, "{:?}", run.differences);
        let verdicts: Vec<(&str, Verdict)> = run.timings.iter().map(|t| (t.item.as_str(), t.verdict())).collect();
        let expected = [("x", Verdict::Slower), ("y", Verdict::Same), ("z", Verdict::Faster), ("w", Verdict::Unknown)];
        assert_eq!(verdicts, expected);
        let medians: Vec<(f64, f64)> = run.timings.iter().map(|t| (t.a_seconds(), t.b_seconds())).collect();
        assert_eq!(medians, [(1.0, 2.0), (1.0, 1.0), (1.0, 0.5), (1.0, 1.0)]);
        // Every band is the larger of the resolution and the machine noise, whatever the
        // cells did; four cells give the factor no interval, so the cells are absolute.
        assert!(run.timings.iter().all(|t| t.evidence.noise_band == DEFAULT_MACHINE_NOISE));
        assert_eq!((run.common.unwrap().verdict, run.judged), (Verdict::Unknown, Judged::Absolute));
        // w's one sample a side cannot show a difference among 4 cells.
        assert_eq!(run.too_few.as_ref().map(|t| (t.short, t.fewest)), Some((1, 1)));
        let s = &run.summaries[0];
        assert_eq!((s.cells, s.slower, s.same, s.faster, s.unknown), (4, 1, 1, 1, 1));
        // The geometric mean of 2, 1, 1/2 and 1 is 1.
        assert!((s.geometric_mean_ratio.unwrap() - 1.0).abs() < 1e-12);
        let memory: Vec<(&str, String)> = run.memory.iter().map(|m| (m.item.as_str(), m.verdict.to_string())).collect();
        assert_eq!(memory[1], ("y", "more".to_string()));
        assert_eq!((comparison.slower(), comparison.status(), comparison.failure()), (1, "ok", None));
        let strict = Comparison { fail_on_slower: true, ..comparison };
        assert_eq!(strict.status(), "slower");
        let why = strict.failure().unwrap();
        assert!(why.starts_with("1 timed cell of ") && why.ends_with(&format!("slower than in {}", strict.baseline)));
    }

    #[test]
    fn differing_results_are_named_by_row_and_column() {
        let (temps, paths) = dirs(2);
        write(temps[0].path(), "instance,positions,seconds,threads,status\nx,10,1.0,1,ok\n");
        write(temps[1].path(), "instance,positions,seconds,threads,status\nx,11,3.0,4,ok\n");
        std::fs::write(temps[1].path().join("extra.csv"), "a\n1\n").unwrap();
        let diffs = differences(&paths[0], &paths[1]).unwrap();
        assert_eq!(diffs.len(), 2, "{diffs:?}");
        assert!(diffs[0].starts_with("extra.csv only in "), "{diffs:?}");
        assert_eq!(diffs[1], "t.csv: row 1, column positions: `10` vs `11`", "seconds and threads may differ");
        let failure = compare(&paths, false).failure().unwrap();
        assert!(failure.ends_with("differ in 2 places"), "{failure}");
    }

    #[test]
    fn one_directory_or_a_missing_one_is_refused_by_name() {
        let d = tempfile::tempdir().unwrap();
        let one = check_dirs(&[d.path().to_path_buf()]).unwrap_err().to_string();
        assert!(one.contains("at least two results directories"), "{one}");
        let missing = PathBuf::from("/nonexistent/results");
        let err = check_dirs(&[d.path().to_path_buf(), missing]).unwrap_err().to_string();
        assert!(err.contains("/nonexistent/results"), "{err}");
        assert_eq!((label(0), label(1), label(25)), ("A".to_string(), "B".to_string(), "Z".to_string()));
    }
}
