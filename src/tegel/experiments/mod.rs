//! Manifest experiments of tegel (`game = "tegel"`), one kind per report item:
//!
//! | kind     | keys                              | one row per                         |
//! |----------|-----------------------------------|-------------------------------------|
//! | `best`   | `instances`, `memo_mb`?           | instance: besteScore, plain and memo|
//! | `good`   | `instances`, `sims`               | instance: bepaalGoedeZet            |
//! | `greedy` | `instances`                       | instance: greedy vs best move       |
//! | `sweep`  | `instances`, `sims`, `memo_mb`?   | besteScore call of the undo sweep   |
//! | `match`  | `instances`, `sims`, `repetitions`| game of good vs best (both starting)|
//!
//! Items: one per instance (a sweep is one item: its rows depend on each other), one per
//! (instance, repetition, starter) for `match`. `best` and `sweep` rows also run besteScore
//! through the memo (`memo_positions`, `memo_seconds`; the optional `memo_mb` caps the
//! table, default a quarter of physical memory, at most 8192 MiB): see docs/tegel.md.
//!
//! Instance paths are relative to the directory of the manifest file holding the entry
//! (for `instances/tegel/all.toml`: `spel1.txt`); a file that cannot be loaded is refused
//! with the manifest line and the file's own message. Every random choice is seeded
//! from the experiment seed and the item (instance, repetition, side), never from threads;
//! the `seed` column of `good`, `sweep` and `match` rows is that item seed, so
//! `harness tegel good|sweep|match FILE --seed SEED` replays the row.

mod best;
mod check;
mod good;
mod greedy;
mod matches;
mod parallel_search;
mod plain_and_memo;
mod plan;
mod sweep;

pub(super) use best::{build_best, BEST_INSTANCE, BEST_POSITIONS, BEST_SECONDS};
pub(super) use check::build_check;
pub use check::check_plan;
pub(super) use good::build_good;
pub(super) use greedy::build_greedy;
pub(super) use matches::build_match;
pub use parallel_search::parallel_search;
pub(super) use sweep::{build_sweep, INSTANCE, POSITIONS, SECONDS, UNDONE};

use plan::{load_instances, plan_items, Instance, Kind, Unit};

use crate::base::error::{InputError, Result};
use crate::experiment::args::manifest_memo_mb;
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, Item, RunContext};
use crate::results::row::columns_of;

/// The experiment of `kind` on `instances`, after the checks every kind shares.
fn finish(
    spec: &ExperimentSpec,
    kind: Kind,
    instances: &[String],
    memo_mb: Option<u64>,
) -> Result<Box<dyn Experiment>, InputError> {
    if kind.sims() == Some(0) {
        return Err(spec.error(Some("sims"), "`sims` must be at least 1"));
    }
    let memo_mb = manifest_memo_mb(spec, memo_mb)?;
    let games = load_instances(spec, instances)?;
    let (items, units) = plan_items(spec, kind, &games);
    Ok(Box::new(TegelExperiment { kind, games, items, units, memo_mb }))
}

/// The columns of a kind's rows.
fn columns(kind: Kind) -> Vec<String> {
    match kind {
        Kind::Best => columns_of::<best::BestRow>(),
        Kind::Good { .. } => columns_of::<good::GoodRow>(),
        Kind::Greedy => columns_of::<greedy::GreedyRow>(),
        Kind::Sweep { .. } => columns_of::<sweep::SweepRow>(),
        Kind::Match { .. } => columns_of::<matches::MatchRow>(),
    }
}

struct TegelExperiment {
    kind: Kind,
    games: Vec<Instance>,
    items: Vec<Item>,
    /// What each item runs, in the order of `items`.
    units: Vec<Unit>,
    /// Largest memo table of a `best` or `sweep` row, in MiB.
    memo_mb: u64,
}

impl Experiment for TegelExperiment {
    fn columns(&self) -> Vec<String> {
        columns(self.kind)
    }

    fn items(&self) -> Vec<Item> {
        self.items.clone()
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let unit = self.units[index];
        let inst = &self.games[unit.instance];
        ctx.check_interrupted()?;
        if self.units.iter().position(|u| u.instance == unit.instance) == Some(index) {
            let title = format!("{}: the start position", inst.name);
            let svg = crate::tegel::picture::position_svg(inst.game.rules(), inst.game.start(), &title);
            ctx.figure(&crate::tegel::picture::start_name(&inst.name), svg);
            if matches!(self.kind, Kind::Greedy) {
                if let Some(tree) =
                    crate::tegel::picture::greedy_tree_svg(inst.game.rules(), inst.game.position(), &inst.name)
                {
                    ctx.figure(&crate::tegel::picture::start_name(&inst.name).replacen("start-", "tree-", 1), tree);
                }
            }
        }
        match self.kind {
            Kind::Best => best::run_best(ctx, inst, self.memo_mb),
            Kind::Good { sims } => good::run_good(ctx, inst, sims),
            Kind::Greedy => greedy::run_greedy(ctx, inst),
            Kind::Sweep { sims } => sweep::run_sweep(ctx, inst, sims, self.memo_mb),
            Kind::Match { sims, .. } => matches::run_match(ctx, inst, sims, unit),
        }
    }
}
