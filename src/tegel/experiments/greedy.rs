//! The `greedy` kind: the greedy move of each instance against the best move.

use serde::{Deserialize, Serialize};

use super::finish;
use super::plan::{interrupted_check, parallel, Instance, Kind};
use crate::base::error::{InputError, Result};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, RunContext};
use crate::results::row::{Cpu, Evidence, Status, Timing};
use crate::tegel::greedy::{check_greedy, greedy_move, GreedyCheck};
use crate::tegel::greedy_line::{lines_after_each, lines_text};

pub(in crate::tegel) fn build_greedy(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let p: Plain = spec.params()?;
    finish(spec, Kind::Greedy, &p.instances, None)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Plain {
    instances: Vec<String>,
}

/// A row of the `greedy` kind; `-` where the instance is an end position.
#[derive(Serialize, Default)]
pub(super) struct GreedyRow {
    instance: String,
    greedy_move: String,
    greedy_fill: String,
    greedy_score: Option<String>,
    best_move: Option<String>,
    best_score: Option<String>,
    values: Option<String>,
    positions: Option<String>,
    /// After each move of `values`, in its order: the line of best play to the end
    /// ([`crate::tegel::greedy_line`]), the evidence of the move's value.
    lines: Evidence,
    seconds: Timing,
    cpu: Cpu,
}

pub(super) fn run_greedy(ctx: &RunContext, inst: &Instance) -> Result<()> {
    let game = &inst.game;
    let greedy = greedy_move(game.rules(), game.position());
    let cell = ctx.sample(|budget| check_greedy(game.rules(), game.position(), budget, parallel(ctx)));
    interrupted_check(&cell.outcome)?;
    let r = &cell.outcome;
    let timed = r.as_ref().ok().map(|_| &cell.samples);
    let check = |f: &dyn Fn(&GreedyCheck) -> String| {
        r.as_ref().ok().map(|c| c.as_ref().map(f).unwrap_or_else(|| "-".to_string()))
    };
    let row = GreedyRow {
        instance: inst.name.clone(),
        greedy_move: greedy.map(|(m, _)| m.to_string()).unwrap_or_else(|| "-".to_string()),
        greedy_fill: greedy.map(|(_, f)| f.to_string()).unwrap_or_else(|| "-".to_string()),
        greedy_score: check(&|c| c.greedy_score.to_string()),
        best_move: check(&|c| c.best.to_string()),
        best_score: check(&|c| c.best_score.to_string()),
        values: check(&|c| c.values_text()),
        positions: check(&|c| c.positions.to_string()),
        lines: Evidence(lines_cell(ctx, inst, r.as_ref().is_ok_and(Option::is_some))?.unwrap_or_default()),
        seconds: Timing::of(timed),
        cpu: Cpu::of(timed, ctx.threads),
    };
    ctx.emit_row(&row, ctx.threads, &Status::of_sampled(&cell), &inst.name);
    Ok(())
}

/// The `lines` cell of a row whose check finished (`checked`), searched outside the timed
/// calls; empty where the check did not finish or a line passed the time limit.
fn lines_cell(ctx: &RunContext, inst: &Instance, checked: bool) -> Result<Option<String>> {
    if !checked {
        return Ok(None);
    }
    let game = &inst.game;
    let lines = lines_after_each(game.rules(), game.position(), &ctx.budget(), parallel(ctx));
    interrupted_check(&lines)?;
    Ok(lines.ok().map(|l| lines_text(&l)))
}
