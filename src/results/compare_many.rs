//! `harness compare A B C …`: several results directories against the first (the
//! baseline). Each other run is compared with the baseline exactly as two directories are
//! ([`super::compare`]: results check, timing verdicts with their own run-to-run noise
//! band, busy marks, build and machine notes, peak memory); the cells are then joined
//! into one table, a row per timed cell of the baseline and a comparison per other run.

use std::path::{Path, PathBuf};

use crate::base::error::InputError;

use super::compare::{self, ExperimentSummary, MemoryComparison, RunsCompared, TimingComparison};

/// The most directories one comparison takes: the baseline `A` and runs `B` to `Z`.
pub const MAX_RUNS: usize = 26;

/// The label of the `i`-th directory (0: the baseline): `A`, `B`, … `Z`.
pub fn label(i: usize) -> String {
    char::from(b'A' + (i.min(MAX_RUNS - 1)) as u8).to_string()
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
    /// Every timed cell both have, with its verdict (label `B` means this run).
    pub timings: Vec<TimingComparison>,
    /// The timings per experiment in brief.
    pub summaries: Vec<ExperimentSummary>,
    /// Peak memory of the rows both have.
    pub memory: Vec<MemoryComparison>,
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

/// Compares every directory of `others` with `baseline` (see the module doc), in order,
/// labelled `B`, `C`, ….
pub fn compare_runs(baseline: &Path, others: &[PathBuf], noise: f64) -> Result<Vec<RunAgainstBaseline>, InputError> {
    others
        .iter()
        .enumerate()
        .map(|(i, dir)| {
            let differences = compare::differences(baseline, dir)?;
            let timings = compare::compare_timings(baseline, dir, noise)?;
            Ok(RunAgainstBaseline {
                label: label(i + 1),
                dir: dir.display().to_string(),
                runs: RunsCompared::of(baseline, dir),
                results_equal: differences.is_empty(),
                differences,
                summaries: compare::summarise(&timings),
                timings,
                memory: compare::compare_memory(baseline, dir)?,
            })
        })
        .collect()
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
                        a_median: t.a_median,
                        a_samples: t.a_samples,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, text: &str) {
        std::fs::write(dir.join("t.csv"), text).unwrap();
    }

    #[test]
    fn each_run_is_compared_with_the_baseline_and_the_cells_joined() {
        let dirs: Vec<tempfile::TempDir> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
        let header = "instance,positions,seconds,seconds_samples,threads,status\n";
        let row = |name: &str, f: f64| {
            let s: Vec<String> = [1.0, 1.02, 0.98, 1.01, 0.99].iter().map(|x| format!("{}", x * f)).collect();
            format!("{name},10,{f},{},1,ok\n", s.join(";"))
        };
        write(dirs[0].path(), &format!("{header}{}{}", row("x", 1.0), row("y", 1.0)));
        write(dirs[1].path(), &format!("{header}{}{}", row("x", 2.0), row("y", 1.0)));
        write(dirs[2].path(), &format!("{header}{}", row("y", 0.5)));
        let others: Vec<PathBuf> = dirs[1..].iter().map(|d| d.path().to_path_buf()).collect();
        let runs = compare_runs(dirs[0].path(), &others, compare::DEFAULT_NOISE).unwrap();
        assert_eq!(runs.iter().map(|r| r.label.as_str()).collect::<Vec<_>>(), ["B", "C"]);
        assert!(runs[0].results_equal && !runs[1].results_equal, "C lacks row x");
        let joined = join(&runs);
        let items: Vec<&str> = joined.iter().map(|c| c.item.as_str()).collect();
        assert_eq!(items, ["x", "y"]);
        let verdict = |c: &JoinedCell, r: usize| c.runs[r].as_ref().map(|t| t.verdict.to_string());
        assert_eq!((verdict(&joined[0], 0), verdict(&joined[0], 1)), (Some("slower".into()), None));
        assert_eq!((verdict(&joined[1], 0), verdict(&joined[1], 1)), (Some("same".into()), Some("faster".into())));
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
