//! The `best` kind: besteScore of each instance, the plain walk and through the memo.

use serde::{Deserialize, Serialize};

use super::finish;
use super::plain_and_memo::{exact, with_memo};
use super::plan::{interrupted_check, parallel, Instance, Kind};
use crate::base::error::{InputError, Result};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, RunContext};
use crate::results::row::{Cpu, Rate, Status, Timing, TimingStatus};
use crate::tegel::best::best_score_with;
use crate::tegel::search::BestResult;

pub(in crate::tegel) fn build_best(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let p: WithMemo = spec.params()?;
    finish(spec, Kind::Best, &p.instances, p.memo_mb)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WithMemo {
    instances: Vec<String>,
    memo_mb: Option<u64>,
}

/// A row of the `best` kind.
#[derive(Serialize, Default)]
pub(super) struct BestRow {
    instance: String,
    score: Option<i32>,
    best_move: Option<String>,
    positions: Option<u64>,
    seconds: Timing,
    memo_positions: Option<u64>,
    memo_seconds: Timing,
    /// Whether the memo search finished (`ok`) or stopped (`timeout`) while the plain
    /// walk finished: it explains empty `memo_*` cells.
    memo_status: Status,
    /// Positions over the median seconds of the plain walk (empty under the timer's
    /// resolution).
    positions_per_second: Option<Rate>,
    cpu: Cpu,
    /// Why `positions_per_second` is empty although the walk finished.
    timing_status: TimingStatus,
}

// The columns of `BestRow` that the report reads.
crate::columns!(pub(in crate::tegel) BestRow: BEST_INSTANCE = instance, BEST_POSITIONS = positions, BEST_SECONDS = seconds);

pub(super) fn run_best(ctx: &RunContext, inst: &Instance, memo_mb: u64) -> Result<()> {
    let game = &inst.game;
    let cell = ctx.sample(|budget| best_score_with(game.rules(), game.position(), budget, parallel(ctx)));
    interrupted_check(&cell.outcome)?;
    let plain_samples = cell.samples.clone();
    let both = with_memo(ctx, game.rules(), game.position(), cell, memo_mb)?;
    let answer = both.answer.as_ref().ok();
    let plain = both.plain.as_ref().ok().map(|b| (b, &plain_samples));
    let row = BestRow {
        instance: inst.name.clone(),
        score: answer.map(|b| b.score),
        best_move: answer.map(BestResult::move_text),
        positions: answer.and_then(|b| exact(b.positions)),
        seconds: Timing::of(plain.map(|p| p.1)),
        memo_positions: both.memo_positions(),
        memo_seconds: both.memo_seconds(),
        memo_status: both.memo_status(),
        positions_per_second: plain.and_then(|(b, s)| Rate::per_median(b.positions, s)),
        cpu: Cpu::of(plain.map(|p| p.1), ctx.threads),
        timing_status: TimingStatus::of("positions_per_second", [plain.map(|p| p.1)]),
    };
    ctx.emit_row(&row, ctx.threads, &both.status(), &inst.name);
    Ok(())
}
