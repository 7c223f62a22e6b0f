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

use crate::base::error::{InputError, Result};
use crate::base::text::excerpt;
use crate::search::budget::Stopped;
use serde::Serialize;

use crate::experiment::parallel::{ParallelSearch, SearchItem, SearchLookup, SearchOutcome};
use crate::experiment::sampling::{OnStop, Run, MIN_PAIRED_ROUNDS};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, Item, RunContext};
use crate::results::row::{columns_of, Cpu, Rate, Speedup, Status, Timing, TimingStatus};
use crate::search::pool::in_pool;
use crate::search::timing::Sampled;

/// The kind (`game = "harness"`) of the sequential-against-parallel comparison.
pub const PARALLEL: &str = "parallel";
/// The kind (`game = "harness"`) of the positions-per-second table.
pub const SPEED: &str = "speed";

struct ParallelExperiment {
    items: Vec<NamedSearch>,
    thread_counts: Vec<usize>,
}

/// A game's name and one of its searches.
type NamedSearch = (String, Box<dyn ParallelSearch>);

/// Builds the `parallel` experiment from its manifest entry.
pub fn build(spec: &ExperimentSpec, lookup: SearchLookup) -> std::result::Result<Box<dyn Experiment>, InputError> {
    Ok(Box::new(ParallelExperiment { items: searches(spec, lookup)?, thread_counts: spec.thread_counts.clone() }))
}

/// The searches listed in an entry's `items` (the only key it may have).
fn searches(spec: &ExperimentSpec, lookup: SearchLookup) -> std::result::Result<Vec<NamedSearch>, InputError> {
    let items = match spec.params.get("items") {
        Some(toml::Value::Array(items)) => items,
        _ => return Err(spec.error(None, "`items` (a list of inline tables, each with `game`) is required")),
    };
    for key in spec.params.keys() {
        if key != "items" {
            return Err(spec.error(Some(key), format!("unknown key `{}`, expected `items`", excerpt(key))));
        }
    }
    let mut built = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let what = format!("items[{i}]");
        let mut table = item
            .as_table()
            .cloned()
            .ok_or_else(|| spec.error(Some(&what), format!("{what} must be an inline table")))?;
        let game = match table.remove("game") {
            Some(toml::Value::String(g)) => g,
            _ => return Err(spec.error(Some(&format!("{what}.game")), format!("{what}: missing string key `game`"))),
        };
        let builder = lookup(&game).ok_or_else(|| {
            spec.error(
                Some(&format!("{what}.game")),
                format!("{what}: game `{}` has no parallel searches", excerpt(&game)),
            )
        })?;
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
    Ok(Box::new(SpeedExperiment { items: searches(spec, lookup)?, thread_counts: spec.thread_counts.clone() }))
}

struct SpeedExperiment {
    items: Vec<NamedSearch>,
    thread_counts: Vec<usize>,
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
    seconds: Timing,
    /// Positions over the median seconds (empty under the timer's resolution).
    positions_per_second: Option<Rate>,
    cpu: Cpu,
    /// Why `positions_per_second` is empty although the search finished.
    timing_status: TimingStatus,
}

impl Experiment for SpeedExperiment {
    fn columns(&self) -> Vec<String> {
        columns_of::<SpeedRow>()
    }

    fn items(&self) -> Vec<Item> {
        search_items(&self.items, 1 + self.thread_counts.len() as u64)
    }

    /// The sequential code and the parallel code on each thread count are sampled in
    /// rounds, each round in an order drawn from the item's seed, so that a drift of the
    /// machine's speed falls on every row of the search alike.
    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let (game, search) = &self.items[index];
        ctx.check_interrupted()?;
        let modes: Vec<(&'static str, usize)> =
            std::iter::once(("sequential", 1)).chain(self.thread_counts.iter().map(|&t| ("parallel", t))).collect();
        let mut calls: Vec<_> = modes
            .iter()
            .map(|&(mode, threads)| move || in_pool(threads, || search.run(mode == "parallel", &ctx.budget())))
            .collect();
        let mut runs: Vec<&mut Run<SearchOutcome>> = calls.iter_mut().map(|c| c as &mut Run<SearchOutcome>).collect();
        let identity = [search.search(), search.instance()];
        let identity: Vec<&str> = identity.iter().map(String::as_str).collect();
        let cells = ctx.sample_rounds(&identity, (1, OnStop::DropCall), &mut runs);
        for (&(mode, threads), cell) in modes.iter().zip(cells) {
            if cell.outcome == Err(Stopped::Interrupted) {
                return Err(crate::base::error::Error::Interrupted);
            }
            let done = cell.outcome.as_ref().ok().map(|o| (o, &cell.samples));
            let row = SpeedRow {
                game: game.clone(),
                search: search.search(),
                instance: search.instance(),
                mode,
                positions: done.map(|(o, _)| o.positions),
                seconds: Timing::of(done.map(|d| d.1)),
                positions_per_second: done.and_then(|(o, s)| Rate::per_median(o.positions, s)),
                cpu: Cpu::of(done.map(|d| d.1), threads),
                timing_status: TimingStatus::of("positions_per_second", [done.map(|d| d.1)]),
            };
            let note = format!("{game} {} {} {mode} threads={threads}", search.search(), search.instance());
            ctx.emit_row(&row, threads, &Status::of_sampled(&cell), &note);
        }
        Ok(())
    }
}

/// One row of the `parallel` experiment: the sequential run against the parallel run
/// on one thread count, their samples interleaved with each other's and with the other
/// thread counts' (the sequential samples are the same in every row of a search).
#[derive(Serialize, Default)]
struct ParallelRow {
    game: String,
    search: String,
    instance: String,
    seq_positions: Option<u64>,
    par_positions: Option<u64>,
    /// Whether both runs gave the same positions and result (they must).
    equal: Option<bool>,
    seq_seconds: Timing,
    par_seconds: Timing,
    /// The speed-up from paired rounds: each round's sequential seconds over its parallel
    /// seconds, their geometric mean with its 95 % interval, the rounds and whether it
    /// exceeds the thread count (drift, or codes that differ when its whole interval does):
    /// the columns `speedup`, `speedup_low`, `speedup_high`, `speedup_rounds`,
    /// `speedup_above`, `speedup_codes_differ`; empty, with the status saying why, when a
    /// median is under the timer's reliable resolution.
    speedup: Speedup,
    /// The sequential run's answer, one column per figure (empty where the search
    /// computes no such figure): the tile game's best score and move, a tiling count's
    /// distinct and labelled solutions, a perft's leaves, a checkers count's games, the
    /// games Black and White won and those ended by both kings, and a memoised count's
    /// plain positions.
    score: Option<i64>,
    best_move: Option<String>,
    distinct: Option<u128>,
    labelled: Option<u128>,
    leaves: Option<u128>,
    games: Option<u128>,
    black_wins: Option<u128>,
    white_wins: Option<u128>,
    both_kings: Option<u128>,
    plain_positions: Option<u128>,
    /// The parallel run's samples and CPU share.
    cpu: Cpu,
    /// Why `speedup` is empty although both runs finished (a median under the timer's
    /// reliable resolution).
    timing_status: TimingStatus,
}

// The columns of `ParallelRow` that the report and its summary read.
crate::columns!(pub(crate) ParallelRow: GAME = game, SEARCH = search, INSTANCE = instance, SPEEDUP = speedup,
    SEQ_POSITIONS = seq_positions, PAR_POSITIONS = par_positions, EQUAL = equal, SEQ_SECONDS = seq_seconds);

/// One item per search, named `GAME SEARCH INSTANCE`, emitting `rows` rows.
fn search_items(items: &[NamedSearch], rows: u64) -> Vec<Item> {
    items
        .iter()
        .map(|(game, search)| Item::new(format!("{game} {} {}", search.search(), search.instance())).with_rows(rows))
        .collect()
}

impl Experiment for ParallelExperiment {
    fn columns(&self) -> Vec<String> {
        columns_of::<ParallelRow>()
    }

    /// One item per search: one row per thread count. The sequential run and the
    /// parallel run on each thread count are sampled in rounds, each round in an order
    /// drawn from the item's seed, at least [`MIN_PAIRED_ROUNDS`] of them; every row holds
    /// the same sequential samples, measured once, and its speed-up pairs them with its
    /// thread count's round by round.
    fn items(&self) -> Vec<Item> {
        search_items(&self.items, self.thread_counts.len() as u64)
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let (game, search) = &self.items[index];
        ctx.check_interrupted()?;
        let mut seq = || search.run(false, &ctx.budget());
        let mut pars: Vec<_> =
            self.thread_counts.iter().map(|&t| move || in_pool(t, || search.run(true, &ctx.budget()))).collect();
        let mut runs: Vec<&mut Run<SearchOutcome>> = vec![&mut seq];
        runs.extend(pars.iter_mut().map(|p| p as &mut Run<SearchOutcome>));
        let identity = [search.search(), search.instance()];
        let identity: Vec<&str> = identity.iter().map(String::as_str).collect();
        let mut cells = ctx.sample_rounds(&identity, (MIN_PAIRED_ROUNDS, OnStop::EndCell), &mut runs).into_iter();
        let seq = cells.next().expect("the sequential cell");
        ctx.check_interrupted()?;
        for (&t, par) in self.thread_counts.iter().zip(cells) {
            let row = parallel_row(game, search.as_ref(), (&seq, &par), t);
            let status = Status::first_failure([Status::of_sampled(&seq), Status::of_sampled(&par)]);
            ctx.emit_row(&row, t, &status, &format!("{} {} {} threads={t}", game, search.search(), search.instance()));
        }
        Ok(())
    }
}

fn parallel_row(
    game: &str,
    search: &dyn ParallelSearch,
    (seq, par): (&Sampled<SearchOutcome>, &Sampled<SearchOutcome>),
    threads: usize,
) -> ParallelRow {
    let (s, p) = (seq.outcome.as_ref().ok(), par.outcome.as_ref().ok());
    let both = s.zip(p);
    let (seq_t, par_t) = (s.map(|_| &seq.samples), p.map(|_| &par.samples));
    let ceiling = Some(threads as f64);
    let speedup =
        both.map_or(Speedup { value: None, ceiling }, |_| Speedup::paired(&seq.samples, &par.samples, ceiling));
    let answer = s.map(|o| o.answer.clone()).unwrap_or_default();
    ParallelRow {
        game: game.to_string(),
        search: search.search(),
        instance: search.instance(),
        seq_positions: s.map(|o| o.positions),
        par_positions: p.map(|o| o.positions),
        equal: both.map(|(s, p)| s == p),
        seq_seconds: Timing::of(seq_t),
        par_seconds: Timing::of(par_t),
        speedup,
        score: answer.score,
        best_move: answer.best_move,
        distinct: answer.distinct,
        labelled: answer.labelled,
        leaves: answer.leaves,
        games: answer.games,
        black_wins: answer.black_wins,
        white_wins: answer.white_wins,
        both_kings: answer.both_kings,
        plain_positions: answer.plain_positions,
        cpu: Cpu::of(par_t, threads),
        timing_status: TimingStatus::of(SPEEDUP, [seq_t, par_t]),
    }
}
