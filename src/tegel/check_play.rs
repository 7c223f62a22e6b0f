//! The tile game's questions that play a game through with a solver, as the assignment's
//! main program does: `sweep` (doeExperiment: good moves for both sides to an end
//! position, then undo one move at a time and besteScore after each undo) and `match`
//! (bepaalGoedeZet against besteScore, each side starting), and `greedy` (besteScore after
//! each move of the position, the greedy move marked). The solver makes every move
//! and answers every call; each answer is checked against the engine on the same
//! position, and the engine's time there is paired with the solver's. One step a row.

use super::game::Game;
use super::questions::{move_word, Engine, TegelSolver};
use super::rules::Move;
use super::sweep::ply_seed;
use crate::experiment::solver::check::{Asked, Outcome};
use crate::experiment::solver::session::Failure;
use crate::experiment::solver::verdict::Verdict;

/// One step of a played question: its label (`undone 3`, `good starts`), its outcome,
/// and the game at the step where a besteScore answer there can be shrunk.
pub struct Step {
    /// Said after the position's name.
    pub label: String,
    /// What the step's answers gave.
    pub outcome: Outcome,
    /// The game when the step asked besteScore.
    pub at: Option<Game>,
}

impl Step {
    fn failed(label: &str, (f, expected): (Failure, String)) -> Step {
        Step { label: label.to_string(), outcome: Outcome::failed(&f, expected), at: None }
    }
}

/// The seed of the good move at ply `ply` of a played question: 31 bits, as a `good`
/// request carries it.
fn seed_at(seed: u64, ply: usize) -> u64 {
    ply_seed(seed, ply) >> 33
}

/// Loads `game`'s position into both.
fn load_both(game: &Game, solver: &mut dyn TegelSolver, engine: &mut Engine) -> Result<(), (Failure, String)> {
    engine.load(game).map_err(|f| (f, String::new()))?;
    solver.load(game).map_err(|f| (f, "the position loaded".to_string()))
}

/// The engine's good game from its loaded position to an end position (good moves for
/// both sides, ply `p` seeded [`seed_at`]); the engine is back at the loaded position.
fn engine_good_game(engine: &mut Engine, sims: u32, seed: u64) -> Result<Vec<Move>, Failure> {
    let mut moves = Vec::new();
    while let Some(mv) = engine.good(sims, seed_at(seed, moves.len()))?.value {
        if !engine.do_move(mv)? {
            break;
        }
        moves.push(mv);
    }
    for _ in &moves {
        engine.undo()?;
    }
    Ok(moves)
}

/// A `do` of `mv` by the solver that must be done (`what` says which move it is).
fn solver_does(solver: &mut dyn TegelSolver, mv: Move, what: &str) -> Result<Option<Outcome>, (Failure, String)> {
    let done = solver.do_move(mv).map_err(|f| (f, "true".to_string()))?;
    Ok((!done).then(|| {
        Outcome::judged(
            Some(format!("refused `do {}`, {what}", move_word(mv))),
            "true".to_string(),
            "false".to_string(),
        )
    }))
}

/// `sweep`: the engine's good game (`sims` simulations a move) is done by the solver move
/// by move; then each undo is followed by besteScore of both. One step an undo, up to
/// the first that is not correct or that passes the limit (at an end position one step,
/// `undone 0`, besteScore there).
pub fn ask_sweep(game: &Game, solver: &mut dyn TegelSolver, engine: &mut Engine, sims: u32, seed: u64) -> Vec<Step> {
    if let Err(e) = load_both(game, solver, engine) {
        return vec![Step::failed("loaded", e)];
    }
    let moves = match engine_good_game(engine, sims, seed) {
        Ok(moves) => moves,
        Err(f) => return vec![Step::failed("good game", (f, String::new()))],
    };
    for (ply, &mv) in moves.iter().enumerate() {
        let what = format!("move {} of the good game", ply + 1);
        match solver_does(solver, mv, &what) {
            Ok(None) => {}
            Ok(Some(refused)) => return vec![Step { label: format!("do {}", ply + 1), outcome: refused, at: None }],
            Err(e) => return vec![Step::failed(&format!("do {}", ply + 1), e)],
        }
        if let Err(f) = engine.do_move(mv) {
            return vec![Step::failed("good game", (f, String::new()))];
        }
    }
    if moves.is_empty() {
        // An end position: nothing to undo; besteScore is asked there.
        let outcome = best_or_failed(super::check::ask_best(solver, engine));
        return vec![Step { label: "undone 0".to_string(), outcome, at: engine.current().cloned() }];
    }
    let mut steps = Vec::new();
    for undone in 1..=moves.len() {
        let label = format!("undone {undone}");
        let _ = engine.undo();
        let step = match solver.undo() {
            Ok(true) => Step { label, outcome: best_or_failed(super::check::ask_best(solver, engine)), at: None },
            Ok(false) => Step {
                label,
                outcome: Outcome::judged(Some("refused an undo".into()), "true".into(), "false".into()),
                at: None,
            },
            Err(f) => Step::failed(&label, (f, "true".to_string())),
        };
        let go_on = step.outcome.verdict == Verdict::Correct;
        steps.push(Step { at: engine.current().cloned(), ..step });
        if !go_on {
            break;
        }
    }
    steps
}

/// `greedy`: for each distinct move of the position, in the engine's list order, the
/// solver does it, is asked besteScore there (the opponent's) and undoes it. One step a
/// move, labelled `after 2b`, the greedy move's `after 2b (greedy)` (the move whose row
/// ends up fullest, [`super::greedy::greedy_move`]); at an end position none.
pub fn ask_greedy(game: &Game, solver: &mut dyn TegelSolver, engine: &mut Engine) -> Vec<Step> {
    if let Err(e) = load_both(game, solver, engine) {
        return vec![Step::failed("loaded", e)];
    }
    let greedy = super::greedy::greedy_move(game.rules(), game.position()).map(|(mv, _)| mv);
    let moves = match engine.moves() {
        Ok(moves) => moves,
        Err(f) => return vec![Step::failed("moves", (f, String::new()))],
    };
    let mut steps = Vec::new();
    for mv in moves {
        let mark = if Some(mv) == greedy { " (greedy)" } else { "" };
        let label = format!("after {}{mark}", move_word(mv));
        match solver_does(solver, mv, "a move of the position") {
            Ok(None) => {}
            Ok(Some(refused)) => {
                steps.push(Step { label, outcome: refused, at: None });
                break;
            }
            Err(e) => {
                steps.push(Step::failed(&label, e));
                break;
            }
        }
        if let Err(f) = engine.do_move(mv) {
            steps.push(Step::failed(&label, (f, String::new())));
            break;
        }
        let outcome = best_or_failed(super::check::ask_best(solver, engine));
        let at = engine.current().cloned();
        let go_on = outcome.verdict == Verdict::Correct;
        steps.push(Step { label, outcome, at });
        let _ = engine.undo();
        if !go_on || !matches!(solver.undo(), Ok(true)) {
            break;
        }
    }
    steps
}

fn best_or_failed(asked: Asked) -> Outcome {
    asked.unwrap_or_else(|(f, expected)| Outcome::failed(&f, expected))
}

/// Who plays which side of a match, and the moves played so far.
struct Sides {
    good_player: usize,
    moves: Vec<Move>,
}

impl Sides {
    fn transcript(&self) -> String {
        self.moves.iter().map(|m| move_word(*m)).collect::<Vec<_>>().join(" ")
    }
}

/// The final score from the good player's view of the game `engine` stands at.
fn good_score(engine: &Engine, good_player: usize) -> Option<i32> {
    let position = engine.current()?.position();
    let score = position.score();
    Some(if position.to_move() == good_player { score } else { -score })
}

/// `match`: the solver's bepaalGoedeZet (`sims` simulations, ply `p` seeded from `seed` and `p`)
/// against its besteScore, one game with each side starting; every move is checked (a
/// good move legal, a besteScore answer against the engine's) and timed against the
/// engine's call on the same position. The expected answer is the engine's own match
/// from the same seeds.
pub fn ask_match(game: &Game, solver: &mut dyn TegelSolver, engine: &mut Engine, sims: u32, seed: u64) -> Vec<Step> {
    let mut steps = Vec::new();
    for (good_first, label) in [(true, "good starts"), (false, "best starts")] {
        if let Err(e) = load_both(game, solver, engine) {
            steps.push(Step::failed(label, e));
            continue;
        }
        let to_move = engine.current().map_or(0, |g| g.position().to_move());
        let good_player = if good_first { to_move } else { 1 - to_move };
        let expected = match engine_match(engine, good_player, sims, seed) {
            // The simulations a good move took are said with the expected game, where the
            // report reads them (`sims N`).
            Ok(score) => format!("good scores {score} (the engine against itself; sims {sims})"),
            Err(f) => {
                steps.push(Step::failed(label, (f, String::new())));
                continue;
            }
        };
        let mut step = play_match(solver, engine, good_player, (sims, seed), label);
        if step.outcome.verdict == Verdict::Correct {
            step.outcome.expected = expected;
        }
        steps.push(step);
    }
    steps
}

/// The engine's own match from its loaded position (it is back there after).
fn engine_match(engine: &mut Engine, good_player: usize, sims: u32, seed: u64) -> Result<i32, Failure> {
    let mut played = 0;
    while !engine.is_end()? {
        let good_to_move = engine.current().is_some_and(|g| g.position().to_move() == good_player);
        let mv = match good_to_move {
            true => engine.good(sims, seed_at(seed, played))?.value,
            false => engine.best()?.value.best_move,
        };
        match mv {
            Some(mv) if engine.do_move(mv)? => played += 1,
            _ => break,
        }
    }
    let score = good_score(engine, good_player).unwrap_or(0);
    for _ in 0..played {
        engine.undo()?;
    }
    Ok(score)
}

/// One game of the solver's good player against its best player, both loaded.
fn play_match(
    solver: &mut dyn TegelSolver,
    engine: &mut Engine,
    good_player: usize,
    (sims, seed): (u32, u64),
    label: &str,
) -> Step {
    let mut sides = Sides { good_player, moves: Vec::new() };
    let (mut solver_seconds, mut engine_seconds) = (0.0, 0.0);
    loop {
        let end = match engine.is_end() {
            Ok(end) => end,
            Err(f) => return Step::failed(label, (f, String::new())),
        };
        if end {
            break;
        }
        let ply = sides.moves.len();
        let played = match engine.current().is_some_and(|g| g.position().to_move() == sides.good_player) {
            true => good_ply(solver, engine, sims, seed_at(seed, ply)),
            false => best_ply(solver, engine),
        };
        let (mv, s, e) = match played {
            Ply::Move(mv, s, e) => (mv, s, e),
            Ply::Wrong(outcome) => {
                let at = engine.current().cloned();
                let mut outcome = outcome;
                outcome.detail = match ply {
                    0 => format!("move 1: {}", outcome.detail),
                    _ => format!("move {} (after {}): {}", ply + 1, sides.transcript(), outcome.detail),
                };
                return Step { label: label.to_string(), outcome, at };
            }
            Ply::Failed(e) => return Step::failed(label, e),
        };
        (solver_seconds, engine_seconds) = (solver_seconds + s, engine_seconds + e);
        match solver_does(solver, mv, &format!("move {} of the match, its own", ply + 1)) {
            Ok(None) => {}
            Ok(Some(refused)) => return Step { label: label.to_string(), outcome: refused, at: None },
            Err(e) => return Step::failed(label, e),
        }
        if let Err(f) = engine.do_move(mv) {
            return Step::failed(label, (f, String::new()));
        }
        sides.moves.push(mv);
    }
    let score = good_score(engine, sides.good_player).unwrap_or(0);
    let given = match sides.moves.len() {
        0 => format!("good scores {score} in 0 moves"),
        n => format!("good scores {score} in {n} moves: {}", sides.transcript()),
    };
    let mut outcome = Outcome::judged(None, String::new(), given);
    outcome.rounds.push(solver_seconds, engine_seconds);
    Step { label: label.to_string(), outcome, at: None }
}

/// A ply of a match: the move and the solver's and engine's seconds, or an answer that
/// is wrong, or no answer.
enum Ply {
    Move(Move, f64, f64),
    Wrong(Outcome),
    Failed((Failure, String)),
}

fn good_ply(solver: &mut dyn TegelSolver, engine: &mut Engine, sims: u32, seed: u64) -> Ply {
    let (e, moves) = match (engine.good(sims, seed), engine.moves()) {
        (Ok(e), Ok(moves)) => (e, moves),
        (Err(f), _) | (_, Err(f)) => return Ply::Failed((f, String::new())),
    };
    let s = match solver.good(sims, seed) {
        Ok(s) => s,
        Err(f) => return Ply::Failed((f, "a distinct move".to_string())),
    };
    match s.value {
        Some(mv) if moves.contains(&mv) => Ply::Move(mv, s.seconds, e.seconds),
        given => Ply::Wrong(Outcome::judged(
            Some(format!("good move {} is not one of the distinct moves", given.map_or("-".to_string(), move_word))),
            "a distinct move".to_string(),
            given.map_or("-".to_string(), move_word),
        )),
    }
}

fn best_ply(solver: &mut dyn TegelSolver, engine: &mut Engine) -> Ply {
    let e = match engine.best() {
        Ok(e) => e,
        Err(f) => return Ply::Failed((f, String::new())),
    };
    let s = match solver.best() {
        Ok(s) => s,
        Err(f) => return Ply::Failed((f, super::check::best_text(&e.value))),
    };
    if let Some(problem) = super::check::best_problem(engine, &e.value, &s.value) {
        let (expected, given) = (super::check::best_text(&e.value), super::check::best_text(&s.value));
        return Ply::Wrong(Outcome::judged(Some(format!("besteScore: {problem}")), expected, given));
    }
    match s.value.best_move {
        Some(mv) => Ply::Move(mv, s.seconds, e.seconds),
        None => Ply::Wrong(Outcome::judged(
            Some("besteScore gave no move (-) where the position has moves".into()),
            super::check::best_text(&e.value),
            super::check::best_text(&s.value),
        )),
    }
}
