//! The `good` kind: bepaalGoedeZet (the Monte Carlo good move) of each instance.

use serde::{Deserialize, Serialize};

use super::finish;
use super::plan::{interrupted_check, Instance, Kind};
use crate::base::error::{InputError, Result};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, RunContext};
use crate::results::row::{Cpu, Seed, Status, Timing};
use crate::tegel::montecarlo::{good_move, GoodMove};

pub(in crate::tegel) fn build_good(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let p: WithSims = spec.params()?;
    finish(spec, Kind::Good { sims: p.sims }, &p.instances, None)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WithSims {
    instances: Vec<String>,
    sims: u32,
}

/// A row of the `good` kind.
#[derive(Serialize, Default)]
pub(super) struct GoodRow {
    instance: String,
    #[serde(rename = "move")]
    mv: Option<String>,
    averages: Option<String>,
    sims: u32,
    /// The row's own seed: `harness tegel good FILE --seed ITEM_SEED --sims SIMS` replays it.
    item_seed: Seed,
    seconds: Timing,
    cpu: Cpu,
}

pub(super) fn run_good(ctx: &RunContext, inst: &Instance, sims: u32) -> Result<()> {
    let seed = ctx.spec.item_seed(&[&inst.name]);
    let cell = ctx.sample(|budget| good_move(inst.game.rules(), inst.game.position(), sims, seed, budget));
    interrupted_check(&cell.outcome)?;
    let good = cell.outcome.as_ref().ok();
    let timed = good.map(|_| &cell.samples);
    let row = GoodRow {
        instance: inst.name.clone(),
        mv: good.map(GoodMove::move_text),
        averages: good.map(GoodMove::averages_text),
        sims,
        item_seed: Seed(seed),
        seconds: Timing::of(timed),
        cpu: Cpu::of(timed, 1),
    };
    ctx.emit_row(&row, ctx.threads, &Status::of_sampled(&cell), &inst.name);
    Ok(())
}
