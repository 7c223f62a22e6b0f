//! The `sweep` kind: the undo sweep of each instance, one besteScore call per row.

use serde::{Deserialize, Serialize};

use super::finish;
use super::plain_and_memo::{exact, with_memo};
use super::plan::{parallel, Instance, Kind};
use crate::base::error::{Error, InputError, Result};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, RunContext};
use crate::results::row::{Cpu, Seed, Status, Timing};
use crate::search::budget::{Budget, Stopped};
use crate::search::timing::Sampled;
use crate::tegel::search::BestResult;
use crate::tegel::sweep::sweep_sampled;

pub(in crate::tegel) fn build_sweep(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let p: SweepParams = spec.params()?;
    finish(spec, Kind::Sweep { sims: p.sims }, &p.instances, p.memo_mb)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SweepParams {
    instances: Vec<String>,
    sims: u32,
    memo_mb: Option<u64>,
}

/// A row of the `sweep` kind: one besteScore call after `undone` undos (empty in the one
/// row of a sweep whose good game passed the time limit, whose status says `timeout`).
#[derive(Serialize, Default)]
pub(super) struct SweepRow {
    instance: String,
    undone: Option<u32>,
    positions: Option<u64>,
    seconds: Timing,
    memo_positions: Option<u64>,
    memo_seconds: Timing,
    /// Whether the memo search finished or stopped: it explains empty `memo_*` cells.
    memo_status: Status,
    score: Option<i32>,
    best_move: Option<String>,
    sims: u32,
    /// The instance's seed: `harness tegel sweep FILE --seed ITEM_SEED --sims SIMS` replays
    /// the sweep.
    item_seed: Seed,
    cpu: Cpu,
}

// The columns of `SweepRow` that the report reads.
crate::columns!(pub(in crate::tegel) SweepRow: INSTANCE = instance, UNDONE = undone, POSITIONS = positions, SECONDS = seconds);

pub(super) fn run_sweep(ctx: &RunContext, inst: &Instance, sims: u32, memo_mb: u64) -> Result<()> {
    let seed = ctx.spec.item_seed(&[&inst.name]);
    let mut failed: Result<()> = Ok(());
    let budget = || -> Budget { ctx.budget() };
    let rules = inst.game.rules();
    let played = sweep_sampled(&inst.game, (sims, seed), &budget, parallel(ctx), ctx.sampling(), &mut |row| {
        if failed.is_err() {
            return;
        }
        if row.result == Err(Stopped::Interrupted) {
            failed = Err(Error::Interrupted);
            return;
        }
        let plain = Sampled {
            outcome: row.result,
            samples: row.samples.clone(),
            nondeterministic: row.nondeterministic.clone(),
        };
        let both = match with_memo(ctx, rules, &row.position, plain, memo_mb) {
            Ok(both) => both,
            Err(e) => {
                failed = Err(e);
                return;
            }
        };
        let answer = both.answer.as_ref().ok();
        let cells = SweepRow {
            instance: inst.name.clone(),
            undone: Some(row.undone as u32),
            positions: answer.and_then(|b| exact(b.positions)),
            seconds: Timing::of(both.plain.as_ref().ok().map(|_| &row.samples)),
            memo_positions: both.memo_positions(),
            memo_seconds: both.memo_seconds(),
            memo_status: both.memo_status(),
            score: answer.map(|b| b.score),
            best_move: answer.map(BestResult::move_text),
            sims,
            item_seed: Seed(seed),
            cpu: Cpu::of(both.plain.as_ref().ok().map(|_| &row.samples), ctx.threads),
        };
        ctx.emit_row(&cells, ctx.threads, &both.status(), &format!("{} undone {}", inst.name, row.undone));
    });
    match played {
        Err(Stopped::Interrupted) => Err(Error::Interrupted),
        Err(stop @ (Stopped::TimeLimit | Stopped::Memory)) => {
            let row = SweepRow {
                instance: inst.name.clone(),
                undone: None,
                memo_status: Status::Stopped(stop),
                sims,
                item_seed: Seed(seed),
                ..SweepRow::default()
            };
            let limit = if stop == Stopped::Memory { "memory" } else { "time" };
            let note = format!("{}: a good move of the game passed the {limit} limit", inst.name);
            ctx.emit_row(&row, ctx.threads, &Status::Stopped(stop), &note);
            Ok(())
        }
        Ok(_) => failed,
    }
}
