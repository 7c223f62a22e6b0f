//! The `check` experiment every game offers: a solver asked the game's questions on the
//! entry's instances and on seeded random positions of growing size, one item a position
//! and one row a question ([`CheckRow`]), each answer checked against the engine, a wrong
//! one shrunk and drawn. The game gives its questions and positions ([`GameChecks`]);
//! the solver is one process for the whole experiment (started again after a failure).

use std::sync::Mutex;

use super::asker::Asker;
use super::check::{one_line, CheckRow, Outcome};
use super::session::sandbox_ready;
use super::spec::{SolverEntry, SolverSpec};
use crate::base::error::{Error, InputError, Result};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Experiment, Item, RunContext};
use crate::results::row::{columns_of, MemoryBytes, Status};
use crate::search::budget::Stopped;
use crate::search::rng::Rng;

/// The most seeded random positions a `check` entry asks on.
pub const MAX_RANDOM: usize = 10_000;

/// What a game gives the `check` experiment.
pub trait GameChecks: Send + Sync + 'static {
    /// A position of the game, loaded.
    type Position: Send + Sync;
    /// The game's name in the protocol's handshake.
    const GAME: &'static str;
    /// Every question, by its protocol word, in the order rows list them.
    fn questions(&self) -> &'static [&'static str];
    /// A seeded random position, larger with `index`.
    fn random_position(&self, rng: &mut Rng, index: usize) -> Self::Position;
    /// Asks `question` on the `named` position (its name and itself), checks the answer, shrinks a wrong
    /// one (handing its picture to `ctx`); the row and its status (`Stopped` where the
    /// engine passed the experiment's limit).
    fn check(
        &self,
        ctx: &RunContext,
        asker: &mut Asker,
        named: (&str, &Self::Position),
        question: &str,
    ) -> Result<(CheckRow, Status)>;
    /// Every row of `question` on the position: one for most questions ([`GameChecks::check`]);
    /// a question that plays a game through (the tile game's `sweep` and `match`) gives
    /// one a step.
    fn check_all(
        &self,
        ctx: &RunContext,
        asker: &mut Asker,
        named: (&str, &Self::Position),
        question: &str,
    ) -> Result<Vec<(CheckRow, Status)>> {
        Ok(vec![self.check(ctx, asker, named, question)?])
    }
    /// The most rows `question` gives on `position` (see [`GameChecks::check_all`]).
    fn most_rows(&self, _question: &str, _position: &Self::Position) -> u64 {
        1
    }
    /// Whether the game's questions take the entry's `sims` (Monte Carlo simulations).
    fn takes_sims(&self) -> bool {
        false
    }
    /// The pictures of a named position (an instance, not a random one) that a report
    /// of the `questions` asked there shows: `(name, SVG)`, such as the tile game's start
    /// position; none by default.
    fn pictures(&self, _named: (&str, &Self::Position), _questions: &[String]) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// The keys of a `check` entry that every game shares.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckParams {
    /// The solver asked.
    pub solver: SolverEntry,
    /// The instances (the game's own keys read them; absent: random positions alone).
    #[serde(default)]
    pub instances: Vec<String>,
    /// The questions asked (default: every question of the game).
    pub questions: Option<Vec<String>>,
    /// Seeded random positions asked on besides the instances.
    #[serde(default)]
    pub random: usize,
    /// Monte Carlo simulations of the good moves a question plays (the tile game's
    /// `sweep` and `match`; other games refuse the key).
    pub sims: Option<u32>,
}

/// What a `check` experiment derived from another entry asks (`harness run --solver`):
/// that entry's instances and the questions its kind asks, and random positions.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckPlan {
    /// The entry's instances, as it writes them.
    pub instances: Vec<String>,
    /// The questions of its kind.
    pub questions: Vec<&'static str>,
    /// Seeded random positions besides.
    pub random: usize,
    /// The entry's `sims`, where its questions play good moves.
    pub sims: Option<u32>,
}

/// A game's plan of the `check` experiment in place of one of its entries (`None`: the
/// entry asks nothing a solver answers).
pub type CheckPlanFn = fn(&ExperimentSpec) -> Option<CheckPlan>;

/// Seeded random positions a derived `check` experiment asks on besides the instances.
pub const DERIVED_RANDOM: usize = 8;

/// A game's `check` experiment.
pub struct CheckExperiment<G: GameChecks> {
    game: G,
    positions: Vec<(String, G::Position)>,
    random: Vec<G::Position>,
    questions: Vec<String>,
    solver: SolverSpec,
    asker: Mutex<Option<Asker>>,
}

impl<G: GameChecks> CheckExperiment<G> {
    /// The experiment of `spec` (with its parsed `params`) asking on `positions` (named
    /// instances) and `params.random` positions drawn from the experiment's seed.
    pub fn build(
        spec: &ExperimentSpec,
        params: &CheckParams,
        game: G,
        positions: Vec<(String, G::Position)>,
    ) -> Result<Box<dyn Experiment>, InputError> {
        let limit = spec.limits.time.map(|t| t.duration());
        let solver = params.solver.spec(limit).map_err(|e| spec.error(Some("solver"), e.message))?;
        sandbox_ready(&solver).map_err(|why| spec.error(Some("solver"), why))?;
        let questions = pick_questions(spec, params, game.questions())?;
        if params.sims.is_some() && !game.takes_sims() {
            return Err(spec.error(Some("sims"), format!("the {} questions take no `sims`", spec.heading.game)));
        }
        if params.sims == Some(0) {
            return Err(spec.error(Some("sims"), "`sims` must be at least 1"));
        }
        if params.random > MAX_RANDOM {
            return Err(spec.error(Some("random"), format!("`random` is at most {MAX_RANDOM}")));
        }
        if positions.is_empty() && params.random == 0 {
            return Err(spec.error(None, "a `check` entry asks on `instances`, `random` positions or both"));
        }
        // Seeded by the game, not the entry: `random 3` is one position in every table of
        // a run (of one seed), so a report's tables name the same positions alike.
        let mut rng = crate::search::rng::item_rng(spec.heading.seed, &[G::GAME, "random positions"]);
        let random = (0..params.random).map(|i| game.random_position(&mut rng, i)).collect();
        Ok(Box::new(CheckExperiment { game, positions, random, questions, solver, asker: Mutex::new(None) }))
    }

    fn position(&self, index: usize) -> (String, &G::Position) {
        match self.positions.get(index) {
            Some((name, p)) => (name.clone(), p),
            None => {
                let r = index - self.positions.len();
                (format!("random {}", r + 1), &self.random[r])
            }
        }
    }
}

fn pick_questions(spec: &ExperimentSpec, params: &CheckParams, all: &[&str]) -> Result<Vec<String>, InputError> {
    let Some(asked) = &params.questions else {
        return Ok(all.iter().map(|q| q.to_string()).collect());
    };
    if let Some(bad) = asked.iter().find(|q| !all.contains(&q.as_str())) {
        return Err(spec.error(
            Some("questions"),
            format!(
                "no question `{}`; the {} questions are {}",
                crate::base::text::excerpt(bad),
                spec.heading.game,
                all.join(", ")
            ),
        ));
    }
    if asked.is_empty() {
        return Err(spec.error(Some("questions"), "`questions` must name at least one question"));
    }
    Ok(asked.clone())
}

impl<G: GameChecks> Experiment for CheckExperiment<G> {
    fn columns(&self) -> Vec<String> {
        columns_of::<CheckRow>()
    }

    fn items(&self) -> Vec<Item> {
        let items = 0..self.positions.len() + self.random.len();
        items
            .map(|i| {
                let (name, position) = self.position(i);
                let most: u64 = self.questions.iter().map(|q| self.game.most_rows(q, position)).sum();
                match most == self.questions.len() as u64 {
                    true => Item::new(name).with_rows(most),
                    false => Item::new(name).with_rows_up_to(most),
                }
            })
            .collect()
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let (name, position) = self.position(index);
        let mut guard = self.asker.lock().unwrap_or_else(|p| p.into_inner());
        if guard.is_none() {
            *guard = Some(Asker::new(&self.solver, G::GAME)?);
        }
        let asker = guard.as_mut().expect("created");
        if !name.starts_with("random ") {
            for (picture, svg) in self.game.pictures((&name, position), &self.questions) {
                ctx.figure(&picture, svg);
            }
        }
        for question in &self.questions {
            ctx.check_interrupted()?;
            for (mut row, status) in self.game.check_all(ctx, asker, (&name, position), question)? {
                row.program = Some(asker.declared_name.clone()).filter(|n| !n.is_empty());
                if row.peak_memory_bytes.is_none() {
                    row.peak_memory_bytes = asker.peak_memory_bytes.map(MemoryBytes);
                }
                let note = format!("{} {question}: {}", row.position, row.verdict);
                ctx.emit_row(&row, 1, &status, &note);
            }
        }
        if crate::search::budget::interrupted() {
            return Err(Error::Interrupted);
        }
        Ok(())
    }
}

/// A wrong answer's smallest position: its text, its size and the outcome of the
/// question there.
pub struct Shrunk {
    /// The position in the game's own format (file text or request line).
    pub text: String,
    /// Its size in the game's measure.
    pub size: usize,
    /// The question asked there.
    pub outcome: Outcome,
}

/// The row and status of `outcome` (the question `question` on the position `name` of
/// `size`): an interrupted question stops the run, an engine past its limit makes the
/// row `Stopped`, and a wrong answer is shrunk by `shrink` and its smallest position
/// drawn into `ctx` (its SVG, where the game draws positions).
pub fn check_row(
    ctx: &RunContext,
    (name, size): (&str, usize),
    question: &str,
    outcome: &Outcome,
    shrink: impl FnOnce() -> Option<(Shrunk, Option<String>)>,
) -> Result<(CheckRow, Status)> {
    if outcome.detail == "interrupted" {
        return Err(Error::Interrupted);
    }
    let mut row = outcome.row(name, size, question);
    if outcome.verdict == super::verdict::Verdict::Wrong {
        if let Some((shrunk, svg)) = shrink() {
            row.shrunk_position = Some(one_line(&shrunk.text));
            row.shrunk_size = Some(shrunk.size as u64);
            row.shrunk_expected = Some(shrunk.outcome.expected);
            row.shrunk_given = Some(shrunk.outcome.given);
            if let Some(svg) = svg {
                ctx.figure(&format!("shrunk-{}-{}", safe(name), safe(question)), svg);
            }
        }
    }
    let status = if outcome.engine_stopped() { Status::Stopped(Stopped::TimeLimit) } else { Status::Ok };
    Ok((row, status))
}

/// The title of the picture of a shrunk position.
pub fn shrunk_title(name: &str, question: &str, text: &str, size: usize) -> String {
    format!("{name} {question}: shrunk to {} (size {size})", one_line(text))
}

/// `name` with every character but letters, digits and `-` made `-` (a figure's name).
fn safe(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect()
}
