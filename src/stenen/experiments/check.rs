//! The `check` kind: a solver asked the tiling's questions (`find dumb`, `find smart`,
//! `count dumb`, `count smart`) on the entry's instances and on seeded random positions,
//! each answer checked against the engine; a wrong answer is shrunk to the smallest
//! position that still shows it and its stones drawn.
//!
//! An instance is written `HxW STONES` (`"4x5 stenen/stenen1.in"`): the board's rows and
//! columns and the stones file, relative to the manifest as in `table`.

use super::{load_instance, InstanceParams};
use crate::base::error::{InputError, Result};
use crate::experiment::solver::asker::Asker;
use crate::experiment::solver::check::{CheckRow, Shrinkable};
use crate::experiment::solver::experiment::{
    check_row, shrunk_title, CheckExperiment, CheckParams, CheckPlan, GameChecks, Shrunk, DERIVED_RANDOM,
};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, RunContext};
use crate::results::row::{Evidence, Status};
use crate::search::rng::Rng;
use crate::stenen::check::{ask, random_position, shrink_wrong, stones_rows, StenenFile, QUESTIONS};
use crate::stenen::questions::{Engine, Program};
use crate::stenen::rules::Puzzle;

pub(in crate::stenen) fn build_check(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let params: CheckParams = spec.params()?;
    let positions = params
        .instances
        .iter()
        .map(|text| {
            let p = instance_params(text).ok_or_else(|| {
                spec.error(Some("instances"), format!("an instance is `HxW STONES` (`4x5 stenen1.in`), got `{text}`"))
            })?;
            load_instance(spec, &p, "instances").map(|i| (i.name, i.game))
        })
        .collect::<Result<_, _>>()?;
    CheckExperiment::build(spec, &params, StenenChecks, positions)
}

/// `HxW STONES` read as an instance's keys.
fn instance_params(text: &str) -> Option<InstanceParams> {
    let (size, stones) = text.trim().split_once(' ')?;
    let (h, w) = size.split_once('x')?;
    Some(InstanceParams { height: h.parse().ok()?, width: w.parse().ok()?, stones: stones.trim().to_string() })
}

/// What a solver is asked in place of a tiling entry: a `table`'s instances, with every
/// question (the table has a column for each).
pub fn check_plan(spec: &ExperimentSpec) -> Option<CheckPlan> {
    if spec.heading.kind != "table" {
        return None;
    }
    let instances = spec
        .params
        .get("instances")?
        .as_array()?
        .iter()
        .filter_map(|v| {
            let t = v.as_table()?;
            let (h, w) = (t.get("height")?.as_integer()?, t.get("width")?.as_integer()?);
            Some(format!("{h}x{w} {}", t.get("stones")?.as_str()?))
        })
        .collect();
    Some(CheckPlan { instances, questions: QUESTIONS.to_vec(), random: DERIVED_RANDOM, sims: None })
}

/// The tiling's questions for the `check` experiment.
pub struct StenenChecks;

impl GameChecks for StenenChecks {
    type Position = Puzzle;
    const GAME: &'static str = "stenen";

    fn questions(&self) -> &'static [&'static str] {
        &QUESTIONS
    }

    fn random_position(&self, rng: &mut Rng, index: usize) -> Puzzle {
        random_position(rng, index)
    }

    fn check(
        &self,
        ctx: &RunContext,
        asker: &mut Asker,
        (name, puzzle): (&str, &Puzzle),
        question: &str,
    ) -> Result<(CheckRow, Status)> {
        let mut engine = Engine::with_budget(ctx.budget());
        let outcome = ask(question, puzzle, &mut Program::new(asker), &mut engine);
        let (mut row, status) = check_row(ctx, (name, StenenFile::of(puzzle).size()), question, &outcome, || {
            let (file, outcome) = shrink_wrong(question, puzzle, &mut Program::new(asker), &mut engine)?;
            let (text, size) = (file.text(), file.size());
            let svg = file.puzzle().map(|p| {
                let title = shrunk_title(name, question, &text, size);
                crate::stenen::picture::tiling_svg(&stones_rows(&p), 24, &title)
            });
            Some((Shrunk { text, size, outcome }, svg))
        })?;
        if question == PLACES_QUESTION {
            row.reference_evidence = Evidence(places_evidence(puzzle).unwrap_or_default());
        }
        Ok((row, status))
    }
}

/// The question whose row carries where the stones lie ([`places_evidence`]): the count
/// the report's argument on a small board rests on.
const PLACES_QUESTION: &str = "count dumb";

/// Where each stone lies over the distinct tilings of `puzzle` (the reference's gallery,
/// [`crate::stenen::places`]), on a board small enough to draw them all; none otherwise.
fn places_evidence(puzzle: &Puzzle) -> Option<String> {
    let gallery = super::table::small_gallery_of(puzzle)?;
    Some(crate::stenen::places::places(puzzle, &gallery.classes.concat()).cell())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instances_are_a_size_and_a_stones_file() {
        let p = instance_params("4x5 stenen/stenen1.in").unwrap();
        assert_eq!((p.height, p.width, p.stones.as_str()), (4, 5, "stenen/stenen1.in"));
        for bad in ["4x5", "4 5 a.in", "4x a.in", "x5 a.in", ""] {
            assert!(instance_params(bad).is_none(), "{bad}");
        }
    }
}
