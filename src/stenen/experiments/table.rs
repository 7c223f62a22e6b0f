//! The `table` kind: the assignment's report table, one row per instance: dumb and smart find and count, solutions, and the fast count.

use serde::{Deserialize, Serialize};

use super::{load_instance, Instance, InstanceParams};
use crate::base::error::InputError;
use crate::base::limits::{Limits, TimeLimit};
use crate::experiment::args::manifest_memo_mb;
use crate::experiment::sampling::{OnStop, Run};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::Experiment;
use crate::experiment::Item;
use crate::experiment::RunContext;
use crate::results::row::Status;
use crate::results::row::{columns_of, Source};
use crate::results::row::{Cpu, Evidence, Timing};
use crate::search::budget::Stopped;
use crate::search::timing::Sampled;
use crate::stenen::board::Board;
use crate::stenen::memo;
use crate::stenen::outcome::{Count, Found, Mode};
use crate::stenen::picture::{gallery, Gallery};
use crate::stenen::places::places;
use crate::stenen::rules::Puzzle;
use crate::stenen::symmetry::up_to_symmetry;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableParams {
    instances: Vec<InstanceParams>,
    /// MiB of the memo table that fills the cells a walk cannot finish.
    memo_mb: Option<u64>,
    /// Seconds each memo search may take (default: the entry's `time_limit`).
    memo_time_limit: Option<f64>,
    /// The instances a program is asked in place of `instances` (`harness run --solver`,
    /// [`super::check_plan`]): an own instance sized for a program slower than the engine.
    program_instances: Option<Vec<InstanceParams>>,
}

/// Builds a `kind = "table"` entry: every instance loaded, the memo bound checked.
pub(in crate::stenen) fn build_table(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let params: TableParams = spec.params()?;
    if params.instances.is_empty() {
        return Err(spec.error(Some("instances"), "`instances` must list at least one instance"));
    }
    let instances = params.instances.iter().map(|p| load_instance(spec, p, "instances")).collect::<Result<_, _>>()?;
    for p in params.program_instances.iter().flatten() {
        load_instance(spec, p, "program_instances")?;
    }
    let memo_mb = manifest_memo_mb(spec, params.memo_mb)?;
    let memo_time = match params.memo_time_limit {
        Some(t) => Some(
            TimeLimit::from_secs(t)
                .map_err(|e| spec.error(Some("memo_time_limit"), format!("`memo_time_limit`: {e}")))?,
        ),
        None => spec.limits.time,
    };
    let memo_limits = Limits { time: memo_time, ..spec.limits };
    Ok(Box::new(Table { instances, memo_mb, memo_limits }))
}

/// The assignment's table: dumb find, smart find, solutions, dumb count, smart count, fast count.
struct Table {
    instances: Vec<Instance>,
    memo_mb: u64,
    /// The limits of each memo search (`memo_time_limit`, else the entry's time limit;
    /// the entry's memory limit).
    memo_limits: Limits,
}

/// A row of kind `table` (the columns in this order, then threads, seed, time_limit,
/// status). A cell whose search did not finish is `None` (`timeout`); a dumb or smart
/// figure that the memo filled after the walk timed out has its seconds `None` and its
/// `_source` column `memo`.
#[derive(Serialize, Default)]
struct TableRow {
    instance: String,
    height: usize,
    width: usize,
    stones: usize,
    dumb_find_positions: Option<u64>,
    dumb_find_seconds: Timing,
    smart_find_positions: Option<u64>,
    smart_find_seconds: Timing,
    solutions_distinct: Option<u64>,
    solutions_labelled: Option<u128>,
    /// `solutions_distinct` up to the board's symmetries (`symmetry.rs`), computed after
    /// the timed searches.
    solutions_up_to_symmetry: Option<u64>,
    /// Where each stone lies over the distinct tilings (`places.rs`), on a board small
    /// enough to draw them all; empty elsewhere.
    places: Evidence,
    dumb_count_positions: Option<u64>,
    dumb_count_seconds: Timing,
    smart_count_positions: Option<u64>,
    smart_count_seconds: Timing,
    fast_count_positions: Option<u64>,
    fast_count_seconds: Timing,
    dumb_find_positions_source: Source,
    smart_find_positions_source: Source,
    dumb_count_positions_source: Source,
    smart_count_positions_source: Source,
    /// Samples and CPU share of the row's slowest timed call.
    cpu: Cpu,
}

// The columns of `TableRow` that the report reads.
crate::columns!(pub(in crate::stenen) TableRow: INSTANCE = instance, DUMB_FIND = dumb_find_positions,
    SMART_FIND = smart_find_positions, DUMB_COUNT = dumb_count_positions, SMART_COUNT = smart_count_positions,
    FAST_COUNT = fast_count_positions, PLACES = places);

/// What a table cell reports: its positions.
trait Positions {
    fn positions(&self) -> u64;
}

impl Positions for Count {
    fn positions(&self) -> u64 {
        self.positions
    }
}

impl Positions for Found {
    fn positions(&self) -> u64 {
        self.positions
    }
}

/// A find or count cell: the walk's, or the memo's exact figures when the walk timed out.
struct Cell<T> {
    walk: Sampled<T>,
    memo: Option<T>,
}

impl<T: Positions> Cell<T> {
    /// The walk's answer, or the memo's when the walk did not finish.
    fn value(&self) -> Option<&T> {
        self.walk.outcome.as_ref().ok().or(self.memo.as_ref())
    }

    /// The positions (the walk's, else the memo's) and the walk's seconds.
    fn cells(&self) -> (Option<u64>, Timing) {
        (self.value().map(T::positions), Timing::of(self.timed()))
    }

    /// The walk's samples, when it finished.
    fn timed(&self) -> Option<&crate::search::timing::Samples> {
        self.walk.outcome.is_ok().then_some(&self.walk.samples)
    }

    fn source(&self) -> Source {
        if self.walk.outcome.is_err() && self.memo.is_some() {
            Source::Memo
        } else {
            Source::Walk
        }
    }
}

impl Table {
    /// The budget of one memo search: `memo_time_limit` from now and the experiment's
    /// memory limit, Ctrl-C and SIGTERM as every search, its positions on the run's
    /// progress display.
    fn memo_budget(&self, ctx: &RunContext) -> crate::search::budget::Budget {
        let mut budget = crate::search::budget::Budget::start(&self.memo_limits);
        budget.share_counter(ctx.budget().live_counter());
        budget
    }

    /// The dumb and smart finds, timed in the same rounds (each round in an order drawn
    /// from the instance's seed); each through the memo (same positions) when its walk
    /// timed out.
    fn finds(&self, inst: &Instance, board: &Board, ctx: &RunContext) -> [Cell<Found>; 2] {
        let modes = [Mode::Dumb, Mode::Smart];
        let mut calls = modes.map(|mode| move || crate::stenen::find(&inst.game, board, mode, &ctx.budget()));
        let mut runs: Vec<&mut Run<Found>> = calls.iter_mut().map(|c| c as &mut Run<Found>).collect();
        let walks = ctx.sample_rounds(&[&inst.name, "find"], (1, OnStop::DropCall), &mut runs);
        let mut cells = modes.into_iter().zip(walks).map(|(mode, walk)| {
            let memo = matches!(walk.outcome, Err(Stopped::TimeLimit))
                .then(|| memo::find(&inst.game, board, mode, &self.memo_budget(ctx), self.memo_mb).ok()?.ok())
                .flatten()
                .map(|f| Found { positions: f.positions, board: f.board });
            Cell { walk, memo }
        });
        [(); 2].map(|_| cells.next().expect("two finds"))
    }

    /// The dumb, smart and fast counts on the run's threads, timed in the same rounds;
    /// a dumb or smart count through the memo (same figures) when its walk timed out.
    fn counts(&self, inst: &Instance, board: &Board, ctx: &RunContext) -> [Cell<Count>; 3] {
        let parallel = ctx.threads > 1;
        let modes = [Mode::Dumb, Mode::Smart, Mode::Fast];
        let mut calls =
            modes.map(|mode| move || crate::stenen::count(&inst.game, board, mode, parallel, &ctx.budget()));
        let mut runs: Vec<&mut Run<Count>> = calls.iter_mut().map(|c| c as &mut Run<Count>).collect();
        let walks = ctx.sample_rounds(&[&inst.name, "count"], (1, OnStop::DropCall), &mut runs);
        let mut cells = modes.into_iter().zip(walks).map(|(mode, walk)| {
            let memo = (mode != Mode::Fast && matches!(walk.outcome, Err(Stopped::TimeLimit)))
                .then(|| {
                    memo::count(&inst.game, board, mode, parallel, &self.memo_budget(ctx), self.memo_mb).ok()?.ok()
                })
                .flatten()
                .map(|m| m.count());
            Cell { walk, memo }
        });
        [(); 3].map(|_| cells.next().expect("three counts"))
    }

    fn row(&self, inst: &Instance, ctx: &RunContext) -> (TableRow, Status) {
        let board = Board::empty(&inst.game);
        let [dumb_find, smart_find] = self.finds(inst, &board, ctx);
        let gallery = small_gallery(inst);
        hand_pictures(inst, [&dumb_find, &smart_find], gallery.as_ref(), ctx);
        let counts = self.counts(inst, &board, ctx);
        let finished: Vec<&Count> = counts.iter().filter_map(Cell::value).collect();
        let stopped = [dumb_find.walk.outcome.as_ref().err(), smart_find.walk.outcome.as_ref().err()]
            .into_iter()
            .flatten()
            .chain(counts.iter().filter_map(|c| c.walk.outcome.as_ref().err()))
            .copied()
            .next();
        let nondeterministic = [&dumb_find.walk.nondeterministic, &smart_find.walk.nondeterministic]
            .into_iter()
            .chain(counts.iter().map(|c| &c.walk.nondeterministic))
            .find_map(Option::clone);
        let cpu = Cpu::of_slowest(&[
            (dumb_find.timed(), 1),
            (smart_find.timed(), 1),
            (counts[0].timed(), ctx.threads),
            (counts[1].timed(), ctx.threads),
            (counts[2].timed(), ctx.threads),
        ]);
        let status = if let Some(what) = nondeterministic {
            Status::Error(what)
        } else if finished.windows(2).any(|w| (w[0].distinct, w[0].labelled) != (w[1].distinct, w[1].labelled)) {
            Status::Error("the modes' solution counts differ".to_string())
        } else {
            stopped.map_or(Status::Ok, Status::Stopped)
        };
        let [(dumb_count_positions, dumb_count_seconds), (smart_count_positions, smart_count_seconds), (fast_count_positions, fast_count_seconds)] =
            counts.each_ref().map(Cell::cells);
        let ((dumb_find_positions, dumb_find_seconds), (smart_find_positions, smart_find_seconds)) =
            (dumb_find.cells(), smart_find.cells());
        let row = TableRow {
            instance: inst.name.clone(),
            height: inst.game.height,
            width: inst.game.width,
            stones: inst.game.stone_count(),
            dumb_find_positions,
            dumb_find_seconds,
            smart_find_positions,
            smart_find_seconds,
            solutions_distinct: finished.first().map(|c| c.distinct),
            solutions_labelled: finished.first().map(|c| c.labelled),
            solutions_up_to_symmetry: finished
                .first()
                .and_then(|c| up_to_symmetry(&inst.game, &board, c.distinct, &ctx.budget()).ok()),
            places: Evidence(gallery.map(|g| places(&inst.game, &g.classes.concat()).cell()).unwrap_or_default()),
            dumb_count_positions,
            dumb_count_seconds,
            smart_count_positions,
            smart_count_seconds,
            fast_count_positions,
            fast_count_seconds,
            dumb_find_positions_source: dumb_find.source(),
            smart_find_positions_source: smart_find.source(),
            dumb_count_positions_source: counts[0].source(),
            smart_count_positions_source: counts[1].source(),
            cpu,
        };
        (row, status)
    }
}

/// Boards of at most this many cells get every tiling drawn, grouped by symmetry class.
const GALLERY_CELLS: usize = 24;
/// ... when they have at most this many labelled tilings.
const GALLERY_MAX: usize = 64;

/// Every tiling of a board of at most [`GALLERY_CELLS`] cells with at most
/// [`GALLERY_MAX`] labelled tilings, grouped by symmetry; `None` for a larger one.
fn small_gallery(inst: &Instance) -> Option<Gallery> {
    small_gallery_of(&inst.game)
}

/// [`small_gallery`] of a board.
pub(super) fn small_gallery_of(game: &Puzzle) -> Option<Gallery> {
    (game.cells() <= GALLERY_CELLS).then(|| gallery(game, GALLERY_MAX)).flatten()
}

/// Hands the first tiling each find found to the results as a picture (one picture when
/// the dumb and smart find found the same board), and the `gallery` of a small board; a
/// find without a tiling hands none.
fn hand_pictures(inst: &Instance, [dumb, smart]: [&Cell<Found>; 2], gallery: Option<&Gallery>, ctx: &RunContext) {
    let board = |cell: &Cell<Found>| cell.value().and_then(|f| f.board.clone());
    let pictures = match (board(dumb), board(smart)) {
        (Some(d), Some(s)) if d == s => vec![("find", "dumb and smart find", d)],
        (d, s) => [("dumb-find", "dumb find", d), ("smart-find", "smart find", s)]
            .into_iter()
            .filter_map(|(name, what, b)| Some((name, what, b?)))
            .collect(),
    };
    if let Some(g) = gallery {
        ctx.figure("all-tilings", crate::stenen::picture::gallery_svg(&inst.game, g, &inst.name));
    }
    for (name, what, cells) in pictures {
        let rows: Vec<Vec<u8>> = cells.chunks(inst.game.width.max(1)).map(<[u8]>::to_vec).collect();
        let title = format!("{}: the first tiling the {what} found", inst.name);
        ctx.figure(name, crate::stenen::picture::tiling_svg(&rows, 20, &title));
    }
}

/// A guess of an instance's relative cost: the assignment's walks grow about 2^(cells / 2.5)
/// (4x5: 0.001 s, 5x8: 0.2 s, 6x10: 100 s in the measured table).
fn cost_estimate(game: &Puzzle) -> f64 {
    2f64.powf(game.cells() as f64 / 2.5)
}

impl Experiment for Table {
    fn columns(&self) -> Vec<String> {
        columns_of::<TableRow>()
    }

    /// One item per instance, named like its `instance` cell (`#2`, `#3`, ... on repeats).
    fn items(&self) -> Vec<Item> {
        let mut items: Vec<Item> = Vec::with_capacity(self.instances.len());
        for inst in &self.instances {
            let repeats =
                items.iter().filter(|i| i.id == inst.name || i.id.starts_with(&format!("{} #", inst.name))).count();
            let id = if repeats == 0 { inst.name.clone() } else { format!("{} #{}", inst.name, repeats + 1) };
            items.push(Item::new(id).with_cost(cost_estimate(&inst.game)));
        }
        items
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> crate::base::error::Result<()> {
        let inst = &self.instances[index];
        ctx.check_interrupted()?;
        let (row, status) = self.row(inst, ctx);
        ctx.check_interrupted()?;
        ctx.emit_row(&row, ctx.threads, &status, &inst.name);
        Ok(())
    }
}
