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
use crate::results::row::{Evidence, Status};
use crate::search::rng::Rng;
use crate::tegel::check::{ask, random_position, shrink_wrong, GoodDraw, TegelFile, GOOD_SIMS, QUESTIONS};
use crate::tegel::check_play::{ask_greedy, ask_match, ask_sweep, Step};
use crate::tegel::game::Game;
use crate::tegel::greedy_line::line_after;
use crate::tegel::questions::{Engine, Program};

pub(in crate::tegel) fn build_check(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let params: CheckParams = spec.params()?;
    let positions = match params.instances.is_empty() {
        true => Vec::new(),
        false => load_instances(spec, &params.instances)?.into_iter().map(|i| (i.name, i.game)).collect(),
    };
    let sims = params.sims.unwrap_or(GOOD_SIMS);
    CheckExperiment::build(spec, &params, TegelChecks { sims }, positions)
}

/// What a solver is asked in place of a tile-game entry: its instances, with the
/// questions of its kind (besteScore's for `best` and `greedy`, bepaalGoedeZet's for
/// `good` with the entry's `sims`; `sweep` and `match` play the entry's sweep and matches
/// with the solver, with the entry's `sims`, and ask the do/undo and calls they are made of
/// on their own).
pub fn check_plan(spec: &ExperimentSpec) -> Option<CheckPlan> {
    let questions: Vec<&'static str> = match spec.heading.kind.as_str() {
        "best" => vec!["best", "moves", "end"],
        "greedy" => vec!["best", "moves", "greedy"],
        "good" => vec!["good", "moves"],
        "sweep" => vec!["sweep", "do-undo", "best"],
        "match" => vec!["match", "good", "best"],
        _ => return None,
    };
    let instances =
        spec.params.get("instances")?.as_array()?.iter().filter_map(|v| v.as_str().map(String::from)).collect();
    let sims = match spec.heading.kind.as_str() {
        "good" | "sweep" | "match" => {
            spec.params.get("sims").and_then(|v| v.as_integer()).and_then(|v| u32::try_from(v).ok())
        }
        _ => None,
    };
    Some(CheckPlan { instances, questions, random: DERIVED_RANDOM, sims })
}

/// The tile game's questions for the `check` experiment; `sims` the simulations a move of
/// bepaalGoedeZet, asked alone (`good`) and in the games `sweep` and `match` play.
pub struct TegelChecks {
    sims: u32,
}

impl GameChecks for TegelChecks {
    type Position = Game;
    const GAME: &'static str = "tegel";

    fn questions(&self) -> &'static [&'static str] {
        &QUESTIONS
    }

    fn random_position(&self, rng: &mut Rng, index: usize) -> Game {
        random_position(rng, index)
    }

    fn takes_sims(&self) -> bool {
        true
    }

    fn most_rows(&self, question: &str, game: &Game) -> u64 {
        match question {
            "sweep" => game.rules().pot().len().max(1) as u64,
            "match" => 2,
            "greedy" => game.position().moves(game.rules()).as_slice().len().max(1) as u64,
            _ => 1,
        }
    }

    fn pictures(&self, (name, game): (&str, &Game), questions: &[String]) -> Vec<(String, String)> {
        let start = crate::tegel::picture::start_name(name);
        let title = format!("{name}: the start position");
        // The greedy tree's root is the start position: drawn there, it is not drawn twice.
        let tree = questions
            .iter()
            .any(|q| q == "greedy")
            .then(|| crate::tegel::picture::greedy_tree_svg(game.rules(), game.position(), name))
            .flatten();
        match tree {
            Some(tree) => vec![(start.replacen("start-", "tree-", 1), tree)],
            None => vec![(start, crate::tegel::picture::position_svg(game.rules(), game.start(), &title))],
        }
    }

    fn check_all(
        &self,
        ctx: &RunContext,
        asker: &mut Asker,
        (name, game): (&str, &Game),
        question: &str,
    ) -> Result<Vec<(CheckRow, Status)>> {
        if !matches!(question, "sweep" | "match" | "greedy") {
            return Ok(vec![self.check(ctx, asker, (name, game), question)?]);
        }
        let seed = u64::from(ctx.rng(&[name, question]).random::<u32>() >> 1);
        let mut engine = Engine::with_budget(ctx.budget());
        let steps = match question {
            "sweep" => ask_sweep(game, &mut Program { asker }, &mut engine, self.sims, seed),
            "greedy" => ask_greedy(game, &mut Program { asker }, &mut engine),
            _ => ask_match(game, &mut Program { asker }, &mut engine, self.sims, seed),
        };
        let choices = if question == "sweep" { choices_along(game, &steps) } else { Vec::new() };
        let mut rows = Vec::new();
        for step in steps {
            let label = format!("{name} {}", step.label);
            let file = step.at.as_ref().and_then(TegelFile::at);
            let size = file.as_ref().map_or_else(|| TegelFile::of(game).size(), TegelFile::size);
            let shrink = || {
                let start = file.as_ref()?.game()?;
                let good = GoodDraw { sims: self.sims, seed };
                let (file, outcome) = shrink_wrong("best", &start, &mut Program { asker }, &mut engine, good)?;
                let (text, size) = (file.text(), file.size());
                let svg = file.game().map(|g| {
                    crate::tegel::picture::position_svg(
                        g.rules(),
                        g.start(),
                        &shrunk_title(&label, "best", &text, size),
                    )
                });
                Some((Shrunk { text, size, outcome }, svg))
            };
            let (mut row, status) = check_row(ctx, (&label, size), question, &step.outcome, shrink)?;
            if question == "greedy" {
                row.reference_evidence =
                    Evidence(step.at.as_ref().and_then(|at| reference_evidence(ctx, game, at)).unwrap_or_default());
            }
            if question == "sweep" {
                row.reference_evidence =
                    Evidence(good_game(&step.label, step.at.as_ref(), self.sims, &choices).unwrap_or_default());
            }
            rows.push((row, status));
        }
        Ok(rows)
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
        let good = GoodDraw { sims: self.sims, seed };
        let outcome = ask(question, game, &mut Program { asker }, &mut engine, good);
        let (mut row, status) = check_row(ctx, (name, TegelFile::of(game).size()), question, &outcome, || {
            let (file, outcome) = shrink_wrong(question, game, &mut Program { asker }, &mut engine, good)?;
            let (text, size) = (file.text(), file.size());
            let svg = file.game().map(|g| {
                crate::tegel::picture::position_svg(g.rules(), g.start(), &shrunk_title(name, question, &text, size))
            });
            Some((Shrunk { text, size, outcome }, svg))
        })?;
        // bepaalGoedeZet's simulations a move, where the report reads them.
        if question == "good" {
            row.reference_evidence = Evidence(format!("sims {}", self.sims));
        }
        Ok((row, status))
    }
}

/// The good game of a sweep's step `label` (`undone 3`) at `at`, the position after that
/// many undos: its moves are those still done and those undone.
fn good_game(label: &str, at: Option<&Game>, sims: u32, choices: &[u32]) -> Option<String> {
    let undone: usize = label.strip_prefix("undone ")?.parse().ok()?;
    let moves = at?.moves_done() + undone;
    let choices = if choices.len() == moves { choices.to_vec() } else { Vec::new() };
    Some(crate::tegel::good_game::GoodGame { moves, sims, choices }.to_string())
}

/// The distinct moves of the player to move at each position of the sweep's good game
/// before its moves, replayed from `game` along the deepest step's moves (the first undo
/// leaves all moves but the last); empty where no step records a position.
fn choices_along(game: &Game, steps: &[Step]) -> Vec<u32> {
    let Some(deepest) = steps.iter().filter_map(|s| s.at.as_ref()).max_by_key(|at| at.moves_done()) else {
        return Vec::new();
    };
    let mut replay = game.clone();
    let mut choices = Vec::new();
    for mv in deepest.history() {
        choices.push(replay.moves().len() as u32);
        if !replay.do_move(mv) {
            return Vec::new();
        }
    }
    if !replay.is_end() {
        choices.push(replay.moves().len() as u32);
    }
    choices
}

/// The reference's line of best play after the last move of `at` (a move of `game`'s
/// position), as the greedy answer reads it; none where its search passed the limit.
fn reference_evidence(ctx: &RunContext, game: &Game, at: &Game) -> Option<String> {
    let first = at.history().last()?;
    let line = line_after(game.rules(), game.position(), first, &ctx.budget(), false).ok()?;
    Some(line.to_string())
}
