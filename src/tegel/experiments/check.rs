//! The `check` kind: a solver asked the tile game's questions (`moves`, `do-undo`, `end`,
//! `best`, `good`) on the entry's instances and on seeded random positions, each answer
//! checked against the engine; a wrong answer is shrunk to the smallest position that
//! still shows it and drawn.

use rand::Rng as _;

use super::plan::load_instances;
use crate::base::error::{InputError, Result};
use crate::experiment::solver::asker::Asker;
use crate::experiment::solver::check::{CheckRow, Shrinkable};
use crate::experiment::solver::experiment::{
    check_row, shrunk_title, CheckExperiment, CheckParams, CheckPlan, GameChecks, Shrunk, DERIVED_RANDOM,
};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, RunContext};
use crate::results::row::Status;
use crate::search::rng::Rng;
use crate::tegel::check::{ask, random_position, shrink_wrong, TegelFile, QUESTIONS};
use crate::tegel::game::Game;
use crate::tegel::questions::{Engine, Program};

pub(in crate::tegel) fn build_check(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let params: CheckParams = spec.params()?;
    let positions = match params.instances.is_empty() {
        true => Vec::new(),
        false => load_instances(spec, &params.instances)?.into_iter().map(|i| (i.name, i.game)).collect(),
    };
    CheckExperiment::build(spec, &params, TegelChecks, positions)
}

/// What a solver is asked in place of a tile-game entry: its instances, with the
/// questions of its kind (besteScore's for `best`, `greedy` and `sweep`, the moves and
/// do/undo a sweep and a match make, bepaalGoedeZet's for `good` and `match`).
pub fn check_plan(spec: &ExperimentSpec) -> Option<CheckPlan> {
    let questions: Vec<&'static str> = match spec.heading.kind.as_str() {
        "best" => vec!["best", "moves", "end"],
        "greedy" => vec!["best", "moves"],
        "good" => vec!["good", "moves"],
        "sweep" => vec!["do-undo", "best", "good"],
        "match" => vec!["good", "best", "do-undo"],
        _ => return None,
    };
    let instances =
        spec.params.get("instances")?.as_array()?.iter().filter_map(|v| v.as_str().map(String::from)).collect();
    Some(CheckPlan { instances, questions, random: DERIVED_RANDOM })
}

/// The tile game's questions for the `check` experiment.
pub struct TegelChecks;

impl GameChecks for TegelChecks {
    type Position = Game;
    const GAME: &'static str = "tegel";

    fn questions(&self) -> &'static [&'static str] {
        &QUESTIONS
    }

    fn random_position(&self, rng: &mut Rng, index: usize) -> Game {
        random_position(rng, index)
    }

    fn check(
        &self,
        ctx: &RunContext,
        asker: &mut Asker,
        (name, game): (&str, &Game),
        question: &str,
    ) -> Result<(CheckRow, Status)> {
        let seed = u64::from(ctx.rng(&[name, question]).random::<u32>() >> 1);
        let mut engine = Engine::with_budget(ctx.budget());
        let outcome = ask(question, game, &mut Program { asker }, &mut engine, seed);
        check_row(ctx, (name, TegelFile::of(game).size()), question, &outcome, || {
            let (file, outcome) = shrink_wrong(question, game, &mut Program { asker }, &mut engine, seed)?;
            let (text, size) = (file.text(), file.size());
            let svg = file.game().map(|g| {
                crate::tegel::picture::position_svg(g.rules(), g.start(), &shrunk_title(name, question, &text, size))
            });
            Some((Shrunk { text, size, outcome }, svg))
        })
    }
}
