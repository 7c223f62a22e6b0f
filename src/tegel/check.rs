//! Checking a solver's answers to the tile game's questions against the engine: each
//! question on a position gives a verdict, the expected and given answers and the paired
//! times; a wrong answer is shrunk to the smallest position that still shows it (fewer
//! tiles in the pot, fewer bowls, rows and cells, emptier rows); and seeded random
//! positions of growing size are made to ask on besides the manifest's.

use std::path::Path;

use rand::Rng as _;

use super::game::Game;
use super::load::{file_text, parse};
use super::position::{board, Position};
use super::questions::{move_word, Engine, TegelSolver, Timed};
use super::rules::{Color, Move, Rules};
use super::search::BestResult;
use crate::experiment::solver::check::{shrink_wrong as shrink_down, time_again, Asked, Outcome, Shrinkable};
use crate::experiment::solver::verdict::Verdict;
use crate::search::rng::Rng;

/// The questions, by their protocol words.
pub const QUESTIONS: [&str; 8] = ["moves", "do-undo", "end", "best", "good", "sweep", "match", "greedy"];

/// The Monte Carlo simulations a `good` question asks for.
pub const GOOD_SIMS: u32 = 50;

/// How bepaalGoedeZet is asked: `good SIMS SEED`, the simulations a move and the seed of
/// its random games (a question other than `good` ignores it).
#[derive(Debug, Clone, Copy)]
pub struct GoodDraw {
    /// Simulations a move.
    pub sims: u32,
    /// The seed of the random games.
    pub seed: u64,
}

/// Asks `question` (one of [`QUESTIONS`]) of `solver` on `game`'s loaded position and
/// checks the answer against `engine`; `seed` seeds a `good` question.
pub fn ask(question: &str, game: &Game, solver: &mut dyn TegelSolver, engine: &mut Engine, good: GoodDraw) -> Outcome {
    if let Err(f) = engine.load(game) {
        return Outcome::failed(&f, String::new());
    }
    if let Err(f) = solver.load(game) {
        return Outcome::failed(&f, "the position loaded".to_string());
    }
    let outcome = match question {
        "moves" => ask_moves(solver, engine),
        "do-undo" => ask_do_undo(solver, engine),
        "end" => ask_end(solver, engine),
        "best" => ask_best(solver, engine),
        _ => ask_good(solver, engine, good),
    };
    outcome.unwrap_or_else(|(f, expected)| Outcome::failed(&f, expected))
}

fn moves_text(moves: &[Move]) -> String {
    let mut words: Vec<String> = moves.iter().map(|m| move_word(*m)).collect();
    words.sort();
    if words.is_empty() {
        "no move".to_string()
    } else {
        words.join(" ")
    }
}

/// Whether `given` lists exactly the moves of `expected` (any order, no repeats).
fn same_moves(expected: &[Move], given: &[Move]) -> Option<String> {
    let mut seen = std::collections::BTreeSet::new();
    if let Some(twice) = given.iter().find(|m| !seen.insert(**m)) {
        return Some(format!("lists {} twice", move_word(*twice)));
    }
    (moves_text(expected) != moves_text(given)).then(|| "another set of distinct moves".to_string())
}

fn ask_moves(solver: &mut dyn TegelSolver, engine: &mut Engine) -> Asked {
    let expected = engine.moves().map_err(|f| (f, String::new()))?;
    let expected_text = moves_text(&expected);
    let given = solver.moves().map_err(|f| (f, expected_text.clone()))?;
    Ok(Outcome::judged(same_moves(&expected, &given), expected_text, moves_text(&given)))
}

fn ask_end(solver: &mut dyn TegelSolver, engine: &mut Engine) -> Asked {
    let expected = engine.is_end().map_err(|f| (f, String::new()))?;
    let given = solver.is_end().map_err(|f| (f, expected.to_string()))?;
    let wrong = (expected != given)
        .then(|| format!("says {given} where the position is {}an end position", if expected { "" } else { "not " }));
    Ok(Outcome::judged(wrong, expected.to_string(), given.to_string()))
}

/// A move absent from every bowl (a `do` the solver must refuse), if there is one.
fn absent_move(engine: &mut Engine, bowls: usize) -> Option<Move> {
    let legal = engine.moves().ok()?;
    (0..bowls)
        .flat_map(|b| [Move::new(b, Color::Yellow), Move::new(b, Color::Blue)])
        .find(|m| !legal.contains(m) && !engine_can_do(engine, *m))
}

fn engine_can_do(engine: &mut Engine, mv: Move) -> bool {
    let done = engine.do_move(mv).unwrap_or(false);
    if done {
        let _ = engine.undo();
    }
    done
}

/// `do` the first distinct move, `moves` after it, `undo`, `moves` again and a last
/// `undo` at the loaded position (refused); and a `do` of a move no bowl allows.
fn ask_do_undo(solver: &mut dyn TegelSolver, engine: &mut Engine) -> Asked {
    let start = engine.moves().map_err(|f| (f, String::new()))?;
    let mut steps: Vec<(String, String, String)> = Vec::new();
    let mut step = |what: String, expected: String, given: String| steps.push((what, expected, given));
    let bowls = engine.bowls();
    if let (Some(&mv), false) = (start.first(), engine.is_end().unwrap_or(true)) {
        let w = move_word(mv);
        step(format!("do {w}"), "true".into(), solver.do_move(mv).map_err(|f| (f, "true".into()))?.to_string());
        engine.do_move(mv).map_err(|f| (f, String::new()))?;
        let after = moves_text(&engine.moves().map_err(|f| (f, String::new()))?);
        step(format!("moves after do {w}"), after.clone(), moves_text(&solver.moves().map_err(|f| (f, after))?));
        engine.undo().map_err(|f| (f, String::new()))?;
        step("undo".into(), "true".into(), solver.undo().map_err(|f| (f, "true".into()))?.to_string());
        let back = moves_text(&start);
        step("moves after undo".into(), back.clone(), moves_text(&solver.moves().map_err(|f| (f, back))?));
    }
    step(
        "undo at the loaded position".into(),
        "false".into(),
        solver.undo().map_err(|f| (f, "false".into()))?.to_string(),
    );
    if let Some(mv) = absent_move(engine, bowls) {
        let w = move_word(mv);
        step(
            format!("do {w} (no such tiles)"),
            "false".into(),
            solver.do_move(mv).map_err(|f| (f, "false".into()))?.to_string(),
        );
    }
    let wrong = steps.iter().find(|(_, e, g)| e != g).map(|(w, e, g)| format!("{w}: expected {e}, got {g}"));
    let text = |pick: fn(&(String, String, String)) -> &String| {
        steps.iter().map(|s| format!("{}: {}", s.0, pick(s))).collect::<Vec<_>>().join("; ")
    };
    Ok(Outcome::judged(wrong, text(|s| &s.1), text(|s| &s.2)))
}

pub(super) fn best_text(b: &BestResult) -> String {
    format!("score {}, move {}, positions {}", b.score, b.best_move.map_or("-".to_string(), move_word), b.positions)
}

/// The engine's value of `mv` for the player to move: minus besteScore after it.
fn value_of(engine: &mut Engine, mv: Move) -> Option<i32> {
    if !engine.do_move(mv).ok()? {
        return None;
    }
    let child = engine.best().ok().map(|b| -b.value.score);
    let _ = engine.undo();
    child
}

/// Why `given` is not besteScore's answer `expected`: the score and the positions
/// exactly, a best move any move whose value is the best score.
pub(super) fn best_problem(engine: &mut Engine, expected: &BestResult, given: &BestResult) -> Option<String> {
    if given.score != expected.score {
        return Some(format!("score {} where the best score is {}", given.score, expected.score));
    }
    match (expected.best_move, given.best_move) {
        (None, Some(m)) => return Some(format!("move {} at an end position (expected -)", move_word(m))),
        (Some(_), None) => return Some("no move (-) where the position has moves".to_string()),
        (Some(e), Some(g)) if e != g => match value_of(engine, g) {
            Some(v) if v == expected.score => {}
            Some(v) => {
                return Some(format!("move {} is worth {v}, not the best score {}", move_word(g), expected.score))
            }
            None => return Some(format!("move {} is not a legal move", move_word(g))),
        },
        _ => {}
    }
    (given.positions != expected.positions)
        .then(|| format!("{} positions visited where the plain walk visits {}", given.positions, expected.positions))
}

pub(super) fn ask_best(solver: &mut dyn TegelSolver, engine: &mut Engine) -> Asked {
    let e = engine.best().map_err(|f| (f, String::new()))?;
    let s = solver.best().map_err(|f| (f, best_text(&e.value)))?;
    let problem = best_problem(engine, &e.value, &s.value);
    let mut outcome = Outcome::judged(problem, best_text(&e.value), best_text(&s.value));
    outcome.positions = Some(s.value.positions);
    outcome.rounds.push(s.seconds, e.seconds);
    if outcome.verdict == Verdict::Correct {
        time_again(&mut outcome.rounds, || Some((solver.best().ok()?.seconds, engine.best().ok()?.seconds)));
    }
    Ok(outcome)
}

/// `good SIMS SEED`: a legal distinct move (`-` at an end position), its value loss
/// against the best score said beside the engine's own good move's.
fn ask_good(solver: &mut dyn TegelSolver, engine: &mut Engine, GoodDraw { sims, seed }: GoodDraw) -> Asked {
    let moves = engine.moves().map_err(|f| (f, String::new()))?;
    let end = engine.is_end().map_err(|f| (f, String::new()))?;
    let e: Timed<Option<Move>> = engine.good(sims, seed).map_err(|f| (f, String::new()))?;
    let expected = if end { "-".to_string() } else { "a distinct move".to_string() };
    let s = solver.good(sims, seed).map_err(|f| (f, expected.clone()))?;
    let given = s.value.map_or("-".to_string(), move_word);
    let problem = match (end, s.value) {
        (true, Some(_)) => Some("a move at an end position (expected -)".to_string()),
        (false, None) => Some("no move (-) where the position has moves".to_string()),
        (false, Some(m)) if !moves.contains(&m) => Some(format!("{} is not one of the distinct moves", move_word(m))),
        _ => None,
    };
    let mut outcome = Outcome::judged(problem, expected, given);
    if outcome.verdict == Verdict::Correct && !end && engine_small_enough(engine) {
        outcome.detail = good_loss(engine, s.value, e.value);
    }
    outcome.rounds.push(s.seconds, e.seconds);
    Ok(outcome)
}

/// Whether besteScore from here is quick enough to value moves for a `good` answer.
fn engine_small_enough(engine: &mut Engine) -> bool {
    engine.pot_left() <= 14
}

fn good_loss(engine: &mut Engine, given: Option<Move>, reference: Option<Move>) -> String {
    let best = engine.best().map(|b| b.value.score).ok();
    let mut loss = |m: Option<Move>| Some(best? - value_of(engine, m?)?);
    match (loss(given), loss(reference)) {
        (Some(g), Some(r)) => format!("loses {g} against the best score (the engine's good move loses {r})"),
        _ => String::new(),
    }
}

/// A tile-game position as its file says it: what shrinking changes.
#[derive(Debug, Clone, PartialEq)]
pub struct TegelFile {
    pot: Vec<Color>,
    bowls: usize,
    bowl_tiles: usize,
    rows: usize,
    row_len: usize,
    boards: [Vec<(usize, usize)>; 2],
    to_move: usize,
}

/// Both players' rows of `position` as a file writes them: `(yellow, blue)` a row.
fn file_rows(position: &Position, rules: &Rules) -> [Vec<(usize, usize)>; 2] {
    [0, 1].map(|p| {
        board(position, rules, p)
            .iter()
            .map(|r| match r.color {
                Some(Color::Blue) => (0, r.fill as usize),
                _ => (r.fill as usize, 0),
            })
            .collect()
    })
}

impl TegelFile {
    /// The file of `game`'s loaded position.
    pub fn of(game: &Game) -> TegelFile {
        let rules = game.rules();
        TegelFile {
            pot: rules.pot().to_vec(),
            bowls: rules.bowls,
            bowl_tiles: rules.bowl_tiles,
            rows: rules.rows,
            row_len: rules.row_len,
            boards: file_rows(game.start(), rules),
            to_move: game.start().to_move(),
        }
    }

    /// The file of `game`'s current position, where a file can say it: its bowls filled
    /// in order (each full while the pot holds tiles, then one partly, then empty ones),
    /// their tiles written first in the pot, then the pot left.
    pub fn at(game: &Game) -> Option<TegelFile> {
        let (rules, position) = (game.rules(), game.position());
        let left = rules.pot().get(position.drawn()..).unwrap_or(&[]);
        let mut pot = Vec::new();
        let mut short = false;
        for bowl in 0..rules.bowls {
            let (yellow, blue) = (position.bowl(bowl, Color::Yellow), position.bowl(bowl, Color::Blue));
            let tiles = usize::from(yellow) + usize::from(blue);
            if short && tiles > 0 {
                return None;
            }
            short = tiles < rules.bowl_tiles;
            pot.extend(std::iter::repeat_n(Color::Yellow, yellow.into()));
            pot.extend(std::iter::repeat_n(Color::Blue, blue.into()));
        }
        if (short && !left.is_empty()) || pot.len() + left.len() == 0 {
            return None;
        }
        pot.extend_from_slice(left);
        let file = TegelFile {
            pot,
            bowls: rules.bowls,
            bowl_tiles: rules.bowl_tiles,
            rows: rules.rows,
            row_len: rules.row_len,
            boards: file_rows(position, rules),
            to_move: position.to_move(),
        };
        file.game().is_some().then_some(file)
    }

    /// The file's text.
    pub fn text(&self) -> String {
        let mut s: String = self.pot.iter().map(|c| c.letter()).collect();
        s += &format!("\n{} {}\n{} {}\n", self.bowls, self.bowl_tiles, self.rows, self.row_len);
        for board in &self.boards {
            for (y, b) in board {
                s += &format!("{y} {b}\n");
            }
        }
        s + &format!("{}\n", self.to_move)
    }

    /// The game it describes (every shrunk file is valid by construction; `None` if not).
    pub fn game(&self) -> Option<Game> {
        parse(Path::new("shrunk position"), &self.text()).ok()
    }

    fn with(&self, change: impl FnOnce(&mut TegelFile)) -> TegelFile {
        let mut f = self.clone();
        change(&mut f);
        f
    }
}

impl Shrinkable for TegelFile {
    /// Tiles in the pot and on the boards, plus bowls, bowl size, rows and row length.
    fn size(&self) -> usize {
        let on_boards: usize = self.boards.iter().flatten().map(|(y, b)| y + b).sum();
        self.pot.len() + on_boards + self.bowls + self.bowl_tiles + self.rows + self.row_len
    }

    fn smaller(&self) -> Vec<TegelFile> {
        let mut out = Vec::new();
        if self.pot.len() > 1 {
            out.push(self.with(|f| {
                f.pot.pop();
            }));
            out.push(self.with(|f| {
                f.pot.remove(0);
            }));
        }
        if self.bowls > 1 {
            out.push(self.with(|f| f.bowls -= 1));
        }
        if self.bowl_tiles > 1 {
            out.push(self.with(|f| f.bowl_tiles -= 1));
        }
        if self.rows > 1 {
            out.push(self.with(|f| {
                f.rows -= 1;
                f.boards.iter_mut().for_each(|b| {
                    b.pop();
                });
            }));
        }
        if self.row_len > 1 {
            out.push(self.with(|f| {
                f.row_len -= 1;
                let l = f.row_len;
                f.boards.iter_mut().flatten().for_each(|(y, b)| (*y, *b) = ((*y).min(l), (*b).min(l)));
            }));
        }
        for p in 0..2 {
            for r in 0..self.boards[p].len() {
                let (y, b) = self.boards[p][r];
                if y + b > 0 {
                    out.push(self.with(|f| f.boards[p][r] = (y.saturating_sub(1), b.saturating_sub(1))));
                }
            }
        }
        out
    }
}

/// Shrinks the position of a wrong answer to `question`: the smallest file on which the
/// solver's answer is still wrong, with the engine's and the solver's answers there.
pub fn shrink_wrong(
    question: &str,
    game: &Game,
    solver: &mut dyn TegelSolver,
    engine: &mut Engine,
    good: GoodDraw,
) -> Option<(TegelFile, Outcome)> {
    shrink_down(TegelFile::of(game), |f| Some(ask(question, &f.game()?, solver, engine, good)))
}

/// A seeded random position, larger with `index` (pots of 1 to 10 tiles, up to 3 bowls
/// of up to 3 tiles, up to 3 rows of up to 3 cells, some cells filled): small enough
/// that besteScore takes milliseconds.
pub fn random_position(rng: &mut Rng, index: usize) -> Game {
    let grow = 1 + index / 8;
    let pick = |rng: &mut Rng, most: usize| rng.random_range(1..=most.clamp(1, 3));
    let bowls = pick(rng, grow);
    let bowl_tiles = pick(rng, grow + 1);
    let rows = pick(rng, grow + 1);
    let row_len = pick(rng, grow + 1);
    let pot_len = rng.random_range(1..=(2 + index / 3).min(10));
    let pot: Vec<Color> =
        (0..pot_len).map(|_| if rng.random_bool(0.5) { Color::Yellow } else { Color::Blue }).collect();
    let row = |rng: &mut Rng| -> (usize, usize) {
        let fill = if rng.random_bool(0.3) { rng.random_range(0..row_len) } else { 0 };
        if rng.random_bool(0.5) {
            (fill, 0)
        } else {
            (0, fill)
        }
    };
    let boards = [(0..rows).map(|_| row(rng)).collect(), (0..rows).map(|_| row(rng)).collect()];
    let file = TegelFile { pot, bowls, bowl_tiles, rows, row_len, boards, to_move: rng.random_range(0..2) };
    file.game().expect("a random position within the limits is a valid file")
}

/// The text of `game`'s file (for a row's shrunk position).
pub fn position_text(game: &Game) -> String {
    file_text(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::budget::Budget;

    /// A file written at a position after moves describes that position: the same moves
    /// and the same besteScore; and where the bowls were emptied out of order, no file.
    #[test]
    fn a_file_at_a_position_after_moves_is_that_position() {
        let mut rng = crate::search::rng::item_rng(7, &["file at"]);
        let mut written = 0;
        for index in 0..200 {
            let mut game = random_position(&mut rng, index);
            while let Some(&mv) = game.moves().as_slice().first().filter(|_| !game.is_end()) {
                assert!(game.do_move(mv));
                let Some(file) = TegelFile::at(&game) else { continue };
                written += 1;
                let again = file.game().unwrap();
                let moves = |g: &Game| moves_text(g.moves().as_slice());
                assert_eq!(moves(&again), moves(&game), "{}", file.text());
                let best = |g: &Game| crate::tegel::search::best_score(g.rules(), g.position(), &Budget::unlimited());
                assert_eq!(best(&again).unwrap().score, best(&game).unwrap().score, "{}", file.text());
            }
        }
        assert!(written > 50, "{written} files written");
        let text = "gbbgb\n2 2\n2 3\n0 0\n0 0\n0 0\n0 0\n0\n";
        let mut game = parse(Path::new("bowls"), text).unwrap();
        assert!(game.do_move(Move::new(0, Color::Yellow)));
        assert!(TegelFile::at(&game).is_some(), "bowl 0 refilled from the pot: a file says it");
        assert!(game.do_move(Move::new(0, Color::Blue)));
        assert!(TegelFile::at(&game).is_none(), "bowl 0 empty before a full bowl 1: no file says it");
    }
}
