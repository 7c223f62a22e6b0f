//! The `match` kind: games of the good player against the best player, each side starting.

use serde::{Deserialize, Serialize};

use super::finish;
use super::plan::{interrupted_check, parallel, starter_name, Instance, Kind, Unit};
use crate::base::error::{InputError, Result};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, RunContext};
use crate::results::row::{Cpu, Seed, Status, Timing};
use crate::tegel::matches::play_match;

pub(in crate::tegel) fn build_match(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let p: MatchParams = spec.params()?;
    if p.repetitions == 0 {
        return Err(spec.error(Some("repetitions"), "`repetitions` must be at least 1"));
    }
    finish(spec, Kind::Match { sims: p.sims, repetitions: p.repetitions }, &p.instances, None)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MatchParams {
    instances: Vec<String>,
    sims: u32,
    repetitions: u32,
}

/// A row of the `match` kind.
#[derive(Serialize, Default)]
pub(super) struct MatchRow {
    instance: String,
    repetition: u32,
    starter: String,
    good_player: usize,
    good_score: Option<i32>,
    moves: Option<usize>,
    transcript: Option<String>,
    best_positions: Option<u64>,
    seconds: Timing,
    sims: u32,
    /// The game's seed: `harness tegel match FILE --seed ITEM_SEED --sims SIMS` (with the
    /// row's starter) replays it.
    item_seed: Seed,
    cpu: Cpu,
}

pub(super) fn run_match(ctx: &RunContext, inst: &Instance, sims: u32, unit: Unit) -> Result<()> {
    let mover = inst.game.position().to_move();
    let (rep, starter) = (unit.repetition, starter_name(unit.good_starts));
    let good_player = if unit.good_starts { mover } else { mover ^ 1 };
    let seed = ctx.spec.item_seed(&[&inst.name, &rep.to_string(), starter]);
    let cell = ctx.sample(|_| play_match(&inst.game, good_player, sims, seed, &|| ctx.budget(), parallel(ctx)));
    interrupted_check(&cell.outcome)?;
    let m = cell.outcome.as_ref().ok();
    let timed = m.map(|_| &cell.samples);
    let row = MatchRow {
        instance: inst.name.clone(),
        repetition: rep,
        starter: starter.to_string(),
        good_player,
        good_score: m.map(|m| m.good_score),
        moves: m.map(|m| m.moves),
        transcript: m.map(|m| m.transcript.clone()),
        best_positions: m.map(|m| m.best_positions),
        seconds: Timing::of(timed),
        sims,
        item_seed: Seed(seed),
        cpu: Cpu::of(timed, ctx.threads),
    };
    ctx.emit_row(&row, ctx.threads, &Status::of_sampled(&cell), &format!("{} rep {rep} {starter} starts", inst.name));
    Ok(())
}
