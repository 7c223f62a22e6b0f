//! One experiment's table as the report reads it ([`Loaded`]).

use super::titles::Titles;
use crate::results::csv_table::CsvTable;
use crate::results::run_record::RunRecord;

/// The game of a CSV without metadata.
pub const NO_META_GAME: &str = "other";

/// The kind of a CSV without metadata.
pub const NO_META_KIND: &str = "table";

/// One experiment's CSV with what the report needs to know about it.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// Experiment name (CSV file stem).
    pub name: String,
    /// Game from the metadata ([`NO_META_GAME`] without metadata).
    pub game: String,
    /// Kind from the metadata ([`NO_META_KIND`] without metadata).
    pub kind: String,
    /// Caption and label.
    pub titles: Titles,
    /// The data.
    pub table: CsvTable,
    /// What a reader must know before trusting the table, each said at the head of its
    /// caption and as a warning: results that cannot be checked against their metadata
    /// (no metadata, or metadata without the CSV's hash), results of an experiment that
    /// the manifest of the directory's last run does not list. Empty: none.
    pub marks: Vec<String>,
    /// The experiments whose rows this table also holds (shown as one table with it,
    /// [`crate::report::kinds::KindReport::own_rows`]); empty for most.
    pub merged: Vec<String>,
    /// The rows of the CSV left out of [`Loaded::table`], which holds the first
    /// [`SHOWN_ROWS`](super::shown_rows::SHOWN_ROWS) (the caption says so); 0 for most.
    pub more_rows: usize,
    /// For a solver's `check` experiment (`harness run --solver`): the experiment it asks
    /// in place of the engine, that experiment's kind and the solver.
    pub asks: Option<crate::results::experiment_meta::Asks>,
}

/// A solver's `check` table standing in for `experiment` of kind `kind` (solver `mine`),
/// named `EXPERIMENT-mine`, for tests.
#[cfg(test)]
pub fn solver_table(experiment: &str, kind: &str, table: CsvTable) -> Loaded {
    Loaded {
        name: format!("{experiment}-mine"),
        game: experiment.split('_').next().unwrap_or(experiment).to_string(),
        kind: "check".into(),
        titles: Titles { caption: crate::report::caption::Caption::text("c"), label: "tab:c".into() },
        table,
        marks: Vec::new(),
        merged: Vec::new(),
        more_rows: 0,
        asks: Some(crate::results::experiment_meta::Asks {
            experiment: experiment.into(),
            kind: kind.into(),
            solver: "mine".into(),
            course_files: vec![],
            program: None,
        }),
    }
}

/// The experiments of the run in the order it ran them (`experiments` of `run.toml`;
/// empty without one): the order the page and the pictures follow.
pub fn run_experiments(run: Option<&RunRecord>) -> Vec<String> {
    run.map(|r| r.meta.experiments.clone()).unwrap_or_default()
}
