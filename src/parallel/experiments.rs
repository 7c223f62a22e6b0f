//! The `parallel` experiment: each listed exhaustive search run sequentially and then
//! on rayon pools of the manifest's thread counts, recording positions (which must be
//! equal), seconds and speed-up.
//!
//! ```toml
//! [[experiment]]
//! name = "parallel"
//! game = "harness"
//! kind = "parallel"
//! items = [
//!   { game = "tegel", search = "best", instance = "tegel/spel3.txt" },
//! ]
//! ```
//! Each item's keys besides `game` are the game's own (see its `parallel_search`).

use std::time::Duration;

use crate::base::error::{InputError, Result};
use crate::search::budget::{Budget, Stopped};
use serde::Serialize;

use crate::experiment::parallel::{ParallelSearch, SearchItem, SearchLookup, SearchOutcome};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, Item, RunContext};
use crate::results::row::{columns_of, Fixed, Seconds, Status};
use crate::search::pool::in_pool;
use crate::search::timing::timed;

/// The kind (`game = "harness"`) of the sequential-against-parallel comparison.
pub const PARALLEL: &str = "parallel";
/// The kind (`game = "harness"`) of the positions-per-second table.
pub const SPEED: &str = "speed";

struct ParallelExperiment {
    items: Vec<NamedSearch>,
    threads: Vec<usize>,
}

/// A game's name and one of its searches.
type NamedSearch = (String, Box<dyn ParallelSearch>);

/// Builds the `parallel` experiment from its manifest entry.
pub fn build(spec: &ExperimentSpec, lookup: SearchLookup) -> std::result::Result<Box<dyn Experiment>, InputError> {
    Ok(Box::new(ParallelExperiment { items: searches(spec, lookup)?, threads: spec.thread_counts.clone() }))
}

/// The searches listed in an entry's `items` (the only key it may have).
fn searches(spec: &ExperimentSpec, lookup: SearchLookup) -> std::result::Result<Vec<NamedSearch>, InputError> {
    let items = match spec.params.get("items") {
        Some(toml::Value::Array(items)) => items,
        _ => return Err(spec.error(None, "`items` (a list of inline tables, each with `game`) is required")),
    };
    for key in spec.params.keys() {
        if key != "items" {
            return Err(spec.error(Some(key), format!("unknown key `{key}`, expected `items`")));
        }
    }
    let mut built = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let what = format!("items[{i}]");
        let mut table = item
            .as_table()
            .cloned()
            .ok_or_else(|| spec.error(Some("items"), format!("{what} must be an inline table")))?;
        let game = match table.remove("game") {
            Some(toml::Value::String(g)) => g,
            _ => return Err(spec.error(Some("items"), format!("{what}: missing string key `game`"))),
        };
        let builder = lookup(&game)
            .ok_or_else(|| spec.error(Some("items"), format!("{what}: game `{game}` has no parallel searches")))?;
        built.push((game, builder(&SearchItem::new(spec, &table, &what))?));
    }
    Ok(built)
}

/// Builds the `speed` experiment: each listed search's positions per second, by its plain
/// sequential code on one thread and by its parallel code on each of the manifest's
/// thread counts (rows `threads = 1` `mode = sequential`, then `mode = parallel`).
///
/// ```toml
/// [[experiment]]
/// name = "speed"
/// game = "harness"
/// kind = "speed"
/// items = [ { game = "checkers", search = "perft", board = "8x8 r3", depth = 11 } ]
/// ```
/// The machine's CPU model is in `run.toml`; compare speed tables of two machines there.
pub fn build_speed(
    spec: &ExperimentSpec,
    lookup: SearchLookup,
) -> std::result::Result<Box<dyn Experiment>, InputError> {
    Ok(Box::new(SpeedExperiment { items: searches(spec, lookup)?, threads: spec.thread_counts.clone() }))
}

struct SpeedExperiment {
    items: Vec<NamedSearch>,
    threads: Vec<usize>,
}

/// One row of the `speed` experiment.
#[derive(Serialize, Default)]
struct SpeedRow {
    game: String,
    search: String,
    instance: String,
    /// `sequential` (the plain code) or `parallel` (the rayon code).
    mode: &'static str,
    positions: Option<u64>,
    seconds: Option<Seconds>,
    positions_per_second: Option<Fixed<0>>,
}

impl Experiment for SpeedExperiment {
    fn columns(&self) -> Vec<String> {
        columns_of::<SpeedRow>()
    }

    fn items(&self) -> Vec<Item> {
        search_items(&self.items, 1 + self.threads.len() as u64)
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let (game, search) = &self.items[index];
        let runs = std::iter::once(("sequential", 1)).chain(self.threads.iter().map(|&t| ("parallel", t)));
        for (mode, threads) in runs {
            ctx.check_interrupted()?;
            let parallel = mode == "parallel";
            let (r, time) = in_pool(threads, || run_once(search.as_ref(), parallel, &ctx.budget()));
            if r == Err(Stopped::Interrupted) {
                return Err(crate::base::error::Error::Interrupted);
            }
            let done = r.as_ref().ok();
            let row = SpeedRow {
                game: game.clone(),
                search: search.search(),
                instance: search.instance(),
                mode,
                positions: done.map(|o| o.positions),
                seconds: done.map(|_| Seconds(time)),
                positions_per_second: done.map(|o| Fixed(o.positions as f64 / time.as_secs_f64().max(1e-9))),
            };
            let note = format!("{game} {} {} {mode} threads={threads}", search.search(), search.instance());
            ctx.emit_row(&row, threads, &Status::of(&r), &note);
        }
        Ok(())
    }
}

/// One row of the `parallel` experiment: the sequential run against the parallel run
/// on one thread count.
#[derive(Serialize, Default)]
struct ParallelRow {
    game: String,
    search: String,
    instance: String,
    seq_positions: Option<u64>,
    par_positions: Option<u64>,
    /// Whether both runs gave the same positions and result (they must).
    equal: Option<bool>,
    seq_seconds: Option<Seconds>,
    par_seconds: Option<Seconds>,
    speedup: Option<Fixed<3>>,
    /// The sequential run's answer (score and move, count, ...).
    result: Option<String>,
}

// The columns of `ParallelRow` that the report and its summary read.
crate::columns!(pub(crate) ParallelRow: GAME = game, SEARCH = search, INSTANCE = instance, SPEEDUP = speedup,
    SEQ_POSITIONS = seq_positions, PAR_POSITIONS = par_positions, EQUAL = equal, SEQ_SECONDS = seq_seconds);

type Outcome = std::result::Result<SearchOutcome, Stopped>;

/// One item per search, named `GAME SEARCH INSTANCE`, emitting `rows` rows.
fn search_items(items: &[NamedSearch], rows: u64) -> Vec<Item> {
    items
        .iter()
        .map(|(game, search)| Item::new(format!("{game} {} {}", search.search(), search.instance())).with_rows(rows))
        .collect()
}

fn run_once(search: &dyn ParallelSearch, parallel: bool, budget: &Budget) -> (Outcome, Duration) {
    timed(|| search.run(parallel, budget))
}

impl Experiment for ParallelExperiment {
    fn columns(&self) -> Vec<String> {
        columns_of::<ParallelRow>()
    }

    /// One item per search: its sequential run and one row per thread count.
    fn items(&self) -> Vec<Item> {
        search_items(&self.items, self.threads.len() as u64)
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let (game, search) = &self.items[index];
        let (seq, seq_time) = run_once(search.as_ref(), false, &ctx.budget());
        for &t in &self.threads {
            ctx.check_interrupted()?;
            let (par, par_time) = match &seq {
                Ok(_) => in_pool(t, || run_once(search.as_ref(), true, &ctx.budget())),
                Err(_) => (Err(Stopped::TimeLimit), Duration::ZERO),
            };
            let row = parallel_row(game, search.as_ref(), (&seq, seq_time), (&par, par_time));
            ctx.check_interrupted()?;
            let status = Status::first_failure([Status::of(&seq), Status::of(&par)]);
            ctx.emit_row(&row, t, &status, &format!("{} {} {} threads={t}", game, search.search(), search.instance()));
        }
        Ok(())
    }
}

fn parallel_row(
    game: &str,
    search: &dyn ParallelSearch,
    (seq, seq_time): (&Outcome, Duration),
    (par, par_time): (&Outcome, Duration),
) -> ParallelRow {
    let (s, p) = (seq.as_ref().ok(), par.as_ref().ok());
    let both = s.zip(p);
    ParallelRow {
        game: game.to_string(),
        search: search.search(),
        instance: search.instance(),
        seq_positions: s.map(|o| o.positions),
        par_positions: p.map(|o| o.positions),
        equal: both.map(|(s, p)| s == p),
        seq_seconds: s.map(|_| Seconds(seq_time)),
        par_seconds: p.map(|_| Seconds(par_time)),
        speedup: both.map(|_| Fixed(seq_time.as_secs_f64() / par_time.as_secs_f64().max(1e-9))),
        result: s.map(|o| o.result.clone()),
    }
}
