//! The `check` kind: a solver asked checkers' questions (`moves`, `perft`, `count`) on the
//! entry's positions and on seeded random positions, each answer checked against the
//! engine; a wrong answer is shrunk to the smallest position that still shows it and
//! drawn.
//!
//! A position is a board's start position, `MxN rR` (`"4x4 r1"`), or a set position,
//! `MxN FEN` (`"4x4 W:Wa3:Bd2"`).

use crate::base::error::{InputError, Result};
use crate::base::text::excerpt;
use crate::checkers::check::{ask, random_position, shrink_wrong, CheckersFile, QUESTIONS};
use crate::checkers::geometry::BoardSize;
use crate::checkers::questions::{Engine, Program};
use crate::experiment::solver::asker::Asker;
use crate::experiment::solver::check::{CheckRow, Shrinkable};
use crate::experiment::solver::experiment::{
    check_row, shrunk_title, CheckExperiment, CheckParams, CheckPlan, GameChecks, Shrunk, DERIVED_RANDOM,
};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, RunContext};
use crate::results::row::Status;
use crate::search::rng::Rng;

pub(in crate::checkers) fn build_check(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let params: CheckParams = spec.params()?;
    let positions = params
        .instances
        .iter()
        .map(|text| position(text).map(|f| (text.clone(), f)).map_err(|e| spec.error(Some("instances"), e)))
        .collect::<Result<_, _>>()?;
    CheckExperiment::build(spec, &params, CheckersChecks, positions)
}

/// The position `MxN rR` (a start position) or `MxN FEN` names.
fn position(text: &str) -> Result<CheckersFile, String> {
    let bad = || format!("a position is `MxN rR` or `MxN FEN` (`4x4 r1`, `4x4 W:Wa3:Bd2`), got `{}`", excerpt(text));
    let (dims, rest) = text.trim().split_once(' ').ok_or_else(bad)?;
    if !rest.contains(':') {
        return text.parse::<BoardSize>().map(CheckersFile::start);
    }
    let (m, n) = dims.split_once('x').ok_or_else(bad)?;
    let side = |s: &str| s.parse::<u8>().map_err(|_| bad());
    CheckersFile::parse(side(m)?, side(n)?, rest.trim())
}

/// What a solver is asked in place of a checkers entry: a `count`'s boards with the
/// continuation count and the moves; a `perft`'s or a `match`'s board (8x8 r3 unless it
/// names one) with perft and the moves.
pub fn check_plan(spec: &ExperimentSpec) -> Option<CheckPlan> {
    let text = |v: &toml::Value| v.as_str().map(String::from);
    let (instances, questions) = match spec.heading.kind.as_str() {
        "count" => (spec.params.get("boards")?.as_array()?.iter().filter_map(text).collect(), vec!["count", "moves"]),
        "perft" | "match" => {
            let board = spec.params.get("board").and_then(text).unwrap_or_else(|| BoardSize::standard().to_string());
            (vec![board], vec!["perft", "moves"])
        }
        _ => return None,
    };
    Some(CheckPlan { instances, questions, random: DERIVED_RANDOM, sims: None })
}

/// Checkers' questions for the `check` experiment.
pub struct CheckersChecks;

impl GameChecks for CheckersChecks {
    type Position = CheckersFile;
    const GAME: &'static str = "checkers";

    fn questions(&self) -> &'static [&'static str] {
        &QUESTIONS
    }

    fn random_position(&self, rng: &mut Rng, index: usize) -> CheckersFile {
        random_position(rng, index)
    }

    fn check(
        &self,
        ctx: &RunContext,
        asker: &mut Asker,
        (name, file): (&str, &CheckersFile),
        question: &str,
    ) -> Result<(CheckRow, Status)> {
        let mut engine = Engine::with_budget(ctx.budget());
        let outcome = ask(question, file, &mut Program { asker }, &mut engine);
        check_row(ctx, (name, file.size()), question, &outcome, || {
            let (small, outcome) = shrink_wrong(question, file, &mut Program { asker }, &mut engine)?;
            let (text, size) = (small.text(), small.size());
            let svg = small.svg(&shrunk_title(name, question, &text, size));
            Some((Shrunk { text, size, outcome }, Some(svg)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_a_start_or_a_fen() {
        assert_eq!(position("4x4 r1").unwrap(), CheckersFile::start(BoardSize::new(4, 4, 1).unwrap()));
        assert_eq!(position("4x4 B:Wb4:Ba1").unwrap().fen(), "B:Wb4:Ba1");
        for bad in ["4x4", "4x4 r9", "4x4 B:Wb3:Ba1", "4 B:Wb4:Ba1", "20x4 r1"] {
            assert!(position(bad).is_err(), "{bad}");
        }
    }
}
