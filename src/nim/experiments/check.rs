//! The `check` kind: a solver asked Nim's questions (`value`, `winning`) on seeded random
//! positions, each answer checked against the engine; a wrong answer is shrunk to the
//! smallest position that still shows it. Nim has no instance files: `instances` is
//! refused, `random` says how many positions are asked.

use crate::base::error::{InputError, Result};
use crate::experiment::solver::asker::Asker;
use crate::experiment::solver::check::{CheckRow, Shrinkable};
use crate::experiment::solver::experiment::{
    check_row, CheckExperiment, CheckParams, CheckPlan, GameChecks, Shrunk, DERIVED_RANDOM,
};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, RunContext};
use crate::nim::check::{ask, random_position, shrink_wrong, NimFile, QUESTIONS};
use crate::nim::position::Position;
use crate::nim::questions::{Engine, Program};
use crate::results::row::Status;
use crate::search::rng::Rng;

/// Random positions a derived `check` asks on: Nim has no instances to ask on besides.
pub const DERIVED_NIM_RANDOM: usize = 4 * DERIVED_RANDOM;

pub(in crate::nim) fn build_check(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let params: CheckParams = spec.params()?;
    if !params.instances.is_empty() {
        return Err(spec.error(Some("instances"), "Nim has no instance files: ask on `random` positions"));
    }
    CheckExperiment::build(spec, &params, NimChecks, Vec::new())
}

/// What a solver is asked in place of a Nim entry: random positions, with the nim value
/// for `formula` and the winning move (and value) the computer plays by for `versus`;
/// `selector` asks nothing a solver answers.
pub fn check_plan(spec: &ExperimentSpec) -> Option<CheckPlan> {
    let questions = match spec.heading.kind.as_str() {
        "formula" => vec!["value"],
        "versus" => vec!["winning", "value"],
        _ => return None,
    };
    Some(CheckPlan { instances: Vec::new(), questions, random: DERIVED_NIM_RANDOM, sims: None })
}

/// Nim's questions for the `check` experiment.
pub struct NimChecks;

impl GameChecks for NimChecks {
    type Position = Position;
    const GAME: &'static str = "nim";

    fn questions(&self) -> &'static [&'static str] {
        &QUESTIONS
    }

    fn random_position(&self, rng: &mut Rng, index: usize) -> Position {
        random_position(rng, index)
    }

    fn check(
        &self,
        ctx: &RunContext,
        asker: &mut Asker,
        (name, position): (&str, &Position),
        question: &str,
    ) -> Result<(CheckRow, Status)> {
        let mut engine = Engine::default();
        let outcome = ask(question, position, &mut Program { asker }, &mut engine);
        check_row(ctx, (name, NimFile::of(position).size()), question, &outcome, || {
            let (file, outcome) = shrink_wrong(question, position, &mut Program { asker }, &mut engine)?;
            Some((Shrunk { text: file.text(), size: file.size(), outcome }, None))
        })
    }
}
