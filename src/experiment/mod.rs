//! The contract between the runner and the games.
//!
//! A game turns a manifest entry into a [`Experiment`] (validating parameters and
//! loading instance files up front), and the runner calls [`Experiment::run_item`] on each
//! item, which emits its CSV rows through the [`RunContext`].

pub mod args;
pub mod key_places;
pub mod kind;
pub mod parallel;
pub mod progress;
pub mod sampling;
pub mod solver;
pub mod spec;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::base::error::{Error, Result};
use crate::experiment::sampling::{sample, sample_interleaved, OnStop, RoundPlan, Run, SamplePolicy};
use crate::experiment::spec::ExperimentSpec;
use crate::results::columns::Column;
use crate::results::row::Status;
use crate::search::budget::Budget;
use crate::search::rng::{item_rng, Rng};
use crate::search::timing::Sampled;
use std::fmt::Debug;
use std::result::Result as StdResult;

use crate::base::limits::Limits;
pub use crate::results::row::{status_of, STATUS_OK, STATUS_TIMEOUT};

/// One unit of an experiment's work, emitting one or more rows: what the row journal
/// records, what a rerun skips when the journal has it, and what shards distribute.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// Names the item within its experiment, unique and the same in every run (e.g.
    /// `spel1.txt`, `spel1.txt rep 0 good`); progress lines and merge errors show it.
    pub id: String,
    /// Relative cost estimate, used to balance shards (1.0 where nothing better is known).
    pub cost: f64,
    /// Rows the item will emit at most (for the progress display).
    pub rows: u64,
    /// Whether the item may emit fewer than `rows` rows (a sweep that a limit stops
    /// early); otherwise it emits exactly `rows`.
    pub up_to: bool,
}

impl Item {
    /// An item emitting one row, of unknown cost.
    pub fn new(id: impl Into<String>) -> Self {
        Item { id: id.into(), cost: 1.0, rows: 1, up_to: false }
    }

    /// The same item with a cost estimate.
    pub fn with_cost(mut self, cost: f64) -> Self {
        self.cost = cost;
        self
    }

    /// The same item emitting `rows` rows.
    pub fn with_rows(mut self, rows: u64) -> Self {
        self.rows = rows;
        self
    }

    /// The same item emitting up to `rows` rows (fewer when it stops early).
    pub fn with_rows_up_to(mut self, rows: u64) -> Self {
        self.rows = rows;
        self.up_to = true;
        self
    }
}

/// One experiment of a manifest, ready to run: a list of independent items.
///
/// The runner runs the items it owns (all, or one shard's) in order, each on the run's
/// rayon pool, and journals each item's rows as soon as it finishes.
pub trait Experiment: Send + Sync {
    /// CSV header, in order. Include `status` and, where they apply, `threads`, `seed`,
    /// `seconds`, `positions`. The measured columns, their spread and the CPU cells
    /// ([`crate::results::columns::Column::varies_between_runs`]) are the only ones allowed
    /// to differ between runs.
    fn columns(&self) -> Vec<String>;
    /// The items, in the order their rows appear in the CSV.
    fn items(&self) -> Vec<Item>;
    /// Runs item `index` of [`Experiment::items`], emitting its rows through
    /// [`RunContext::emit`].
    ///
    /// The rows must depend only on the experiment and this item (never on which items
    /// ran before, in this process or another), so that a resumed or sharded run writes
    /// the same rows. A search stopped by its time limit emits a row with status
    /// `timeout`; Ctrl-C makes it return [`Error::Interrupted`].
    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()>;
}

/// What an experiment sees of the run: seed, threads, limits, progress and the row sink.
pub struct RunContext<'a> {
    /// The manifest entry.
    pub spec: &'a ExperimentSpec,
    /// Threads of the run's rayon pool (`--threads`).
    pub threads: usize,
    rows: Mutex<Vec<Vec<String>>>,
    figures: Mutex<Vec<(String, String)>>,
    columns: Mutex<Vec<Option<Column>>>,
    rows_done: AtomicU64,
    live: Arc<AtomicU64>,
    on_row: &'a (dyn Fn(u64, &str) + Sync),
}

impl<'a> RunContext<'a> {
    /// A context for `spec`; `on_row(rows_done, note)` is called after every emitted row.
    /// `live` receives the positions ticked by the searches' budgets.
    pub fn new(
        spec: &'a ExperimentSpec,
        threads: usize,
        live: Arc<AtomicU64>,
        on_row: &'a (dyn Fn(u64, &str) + Sync),
    ) -> Self {
        RunContext {
            spec,
            threads,
            rows: Mutex::new(Vec::new()),
            figures: Mutex::new(Vec::new()),
            columns: Mutex::new(Vec::new()),
            rows_done: AtomicU64::new(0),
            live,
            on_row,
        }
    }

    /// Counts `rows` as already done (rows of items a previous run journaled).
    pub fn count_done(&self, rows: u64) {
        self.rows_done.fetch_add(rows, Ordering::Relaxed);
    }

    /// The experiment's seed (the `seed` column).
    pub fn seed(&self) -> u64 {
        self.spec.heading.seed
    }

    /// The limits of every search call of the experiment.
    pub fn limits(&self) -> &Limits {
        &self.spec.limits
    }

    /// A fresh budget for one search call under the experiment's limits: the time limit
    /// starts now; positions ticked into it show on the progress bar.
    pub fn budget(&self) -> Budget {
        let mut b = Budget::start(&self.spec.limits);
        b.share_counter(Arc::clone(&self.live));
        b
    }

    /// How the experiment's timed cells are sampled.
    pub fn sampling(&self) -> &SamplePolicy {
        &self.spec.sampling
    }

    /// Samples one timed cell under the experiment's policy: `run` gets a fresh budget
    /// for each call (see [`crate::experiment::sampling::sample`]).
    pub fn sample<T: PartialEq + Debug, E: Clone>(
        &self,
        mut run: impl FnMut(&Budget) -> StdResult<T, E>,
    ) -> Sampled<T, E> {
        sample(&self.spec.sampling, || run(&self.budget()))
    }

    /// Samples the calls that one row compares (the sequential walk and each thread
    /// count, the modes of a tiling count, the plain walk and the memo) in rounds under
    /// the experiment's policy, each round in an order drawn from the seed of the item
    /// named by `identity` (see [`sample_interleaved`]), at least `min_rounds` rounds
    /// (use [`crate::experiment::sampling::MIN_PAIRED_ROUNDS`] where the row shows a ratio of
    /// the calls); a call's stop by its limit ends the cell or only that call as
    /// `on_stop` says. Each call builds its own budget ([`RunContext::budget`]).
    pub fn sample_rounds<T: PartialEq + Debug, E: Clone>(
        &self,
        identity: &[&str],
        (min_rounds, on_stop): (u32, OnStop),
        runs: &mut [&mut Run<T, E>],
    ) -> Vec<Sampled<T, E>> {
        let seed = self.spec.item_seed(&[&["rounds"], identity].concat());
        let rounds = RoundPlan::new(seed, min_rounds).on_stop(on_stop);
        sample_interleaved(&self.spec.sampling, rounds, runs)
    }

    /// A generator for one item, seeded from the experiment seed and the item identity.
    pub fn rng(&self, parts: &[&str]) -> Rng {
        let mut all = vec![self.spec.heading.name.as_str()];
        all.extend_from_slice(parts);
        item_rng(self.spec.heading.seed, &all)
    }

    /// Records one row of the item being run; `note` is shown in plain progress lines.
    pub fn emit(&self, row: Vec<String>, note: &str) {
        self.rows.lock().unwrap_or_else(|p| p.into_inner()).push(row);
        let done = self.rows_done.fetch_add(1, Ordering::Relaxed) + 1;
        (self.on_row)(done, note);
    }

    /// Records one typed row measured on `threads` threads: the row's cells, then the
    /// [common columns](crate::results::row::COMMON_COLUMNS) `threads, seed, time_limit, status`;
    /// a cell the row left `None` says `timeout` when `status` is a stopped search.
    /// `note` is shown in plain progress lines.
    pub fn emit_row(&self, row: &impl serde::Serialize, threads: usize, status: &Status, note: &str) {
        let common = [threads.to_string(), self.seed().to_string(), self.spec.limits.time_cell()];
        let written = crate::results::row::cells(row, common, status);
        merge_columns(&mut self.columns.lock().unwrap_or_else(|p| p.into_inner()), written.columns);
        self.emit(written.cells, note);
    }

    /// Hands a picture of the item being run to the results: `svg` is an SVG document
    /// whose `<title>` is its caption, in the vocabulary the report draws (`rect`, `path`
    /// of `M`/`h`/`v`/`L` steps, `circle`, `text`; see `report::figures`). The runner
    /// writes it to `figures/EXPERIMENT/INDEX-NAME.svg`; `name` must be plain (letters,
    /// digits, `-`, `_`, `.`). The CSV is not touched.
    pub fn figure(&self, name: &str, svg: String) {
        self.figures.lock().unwrap_or_else(|p| p.into_inner()).push((name.to_string(), svg));
    }

    /// Takes the pictures handed over since the last call (those of one item).
    pub fn take_figures(&self) -> Vec<(String, String)> {
        std::mem::take(&mut *self.figures.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// `Err(Interrupted)` once Ctrl-C was pressed.
    pub fn check_interrupted(&self) -> Result<()> {
        if crate::search::budget::interrupted() {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    }

    /// Runs `f` on a rayon pool of exactly `threads` threads.
    pub fn in_pool<R: Send>(&self, threads: usize, f: impl FnOnce() -> R + Send) -> R {
        crate::search::pool::in_pool(threads, f)
    }

    /// Takes the rows emitted since the last call (the rows of one item).
    pub fn take_rows(&self) -> Vec<Vec<String>> {
        std::mem::take(&mut *self.rows.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// The columns that the rows emitted since the last call declared (see
    /// [`crate::results::row::RowCells::columns`]), merged: a column is known once one of
    /// the rows had a cell of it.
    pub fn take_columns(&self) -> Vec<Option<Column>> {
        std::mem::take(&mut *self.columns.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// The rows emitted and not taken yet.
    pub fn into_rows(self) -> Vec<Vec<String>> {
        self.rows.into_inner().unwrap_or_else(|p| p.into_inner())
    }
}

/// Merges the declared columns of one more row into `known` (see
/// [`RunContext::take_columns`]): the first declaration of a column wins.
pub fn merge_columns(known: &mut Vec<Option<Column>>, row: Vec<Option<Column>>) {
    if known.len() < row.len() {
        known.resize(row.len(), None);
    }
    for (slot, column) in known.iter_mut().zip(row) {
        if slot.is_none() {
            *slot = column;
        }
    }
}
