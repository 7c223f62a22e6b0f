//! The tile game's questions, one typed interface ([`TegelSolver`]): the assignment's
//! public member functions of `TegelSpel`. The engine answers them ([`Engine`]), and so
//! does any program speaking the solver protocol ([`Program`], `docs/solvers.md`).

use std::time::Instant;

use super::game::Game;
use super::load::file_text;
use super::montecarlo::good_move;
use super::rules::{Color, Move};
use super::search::{best_score, BestResult};
use crate::base::text::excerpt;
use crate::experiment::solver::asker::Asker;
use crate::experiment::solver::session::{exactly, Failure};
use crate::search::budget::{Budget, Stopped};

pub use crate::experiment::solver::check::Timed;

/// The questions of the tile game, as `TegelSpel`'s public member functions ask them.
pub trait TegelSolver {
    /// `leesInSpel`: loads `game`'s position.
    fn load(&mut self, game: &Game) -> Result<(), Failure>;
    /// `bepaalVerschillendeZetten`: the distinct moves (in any order).
    fn moves(&mut self) -> Result<Vec<Move>, Failure>;
    /// `doeZet`: whether the move was done.
    fn do_move(&mut self, mv: Move) -> Result<bool, Failure>;
    /// `unDoeZet`: whether a move was undone.
    fn undo(&mut self) -> Result<bool, Failure>;
    /// `eindstand`: whether the position is an end position.
    fn is_end(&mut self) -> Result<bool, Failure>;
    /// `besteScore`: score, a best move and positions visited.
    fn best(&mut self) -> Result<Timed<BestResult>, Failure>;
    /// `bepaalGoedeZet(sims)` after seeding its generator with `seed`.
    fn good(&mut self, sims: u32, seed: u64) -> Result<Timed<Option<Move>>, Failure>;
}

/// The engine, answering in this process.
#[derive(Default)]
pub struct Engine {
    game: Option<Game>,
    budget: Budget,
}

impl Engine {
    /// An engine whose searches stop when `budget` does.
    pub fn with_budget(budget: Budget) -> Engine {
        Engine { game: None, budget }
    }

    /// The loaded position's number of bowls (0 before a load).
    pub fn bowls(&self) -> usize {
        self.game.as_ref().map_or(0, |g| g.rules().bowls)
    }

    /// Tiles still in the pot at the current position (0 before a load).
    pub fn pot_left(&self) -> usize {
        self.game.as_ref().map_or(0, |g| g.rules().pot().len().saturating_sub(g.position().drawn()))
    }

    /// The game as it stands now: the loaded position and the moves done since (`None`
    /// before a load).
    pub fn current(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    fn game(&mut self) -> &mut Game {
        self.game.as_mut().expect("a position is loaded before a question")
    }
}

fn stopped(s: Stopped) -> Failure {
    match s {
        Stopped::Interrupted => Failure::Interrupted,
        other => Failure::TimeLimit(format!("the engine stopped: {other:?}")),
    }
}

impl TegelSolver for Engine {
    fn load(&mut self, game: &Game) -> Result<(), Failure> {
        let mut fresh = game.clone();
        while fresh.undo() {}
        self.game = Some(fresh);
        Ok(())
    }

    fn moves(&mut self) -> Result<Vec<Move>, Failure> {
        Ok(self.game().moves().as_slice().to_vec())
    }

    fn do_move(&mut self, mv: Move) -> Result<bool, Failure> {
        Ok(self.game().do_move(mv))
    }

    fn undo(&mut self) -> Result<bool, Failure> {
        Ok(self.game().undo())
    }

    fn is_end(&mut self) -> Result<bool, Failure> {
        Ok(self.game().is_end())
    }

    fn best(&mut self) -> Result<Timed<BestResult>, Failure> {
        let budget = self.budget.restart();
        let game = self.game();
        let start = Instant::now();
        let value = best_score(game.rules(), game.position(), &budget).map_err(stopped)?;
        Ok(Timed { value, seconds: start.elapsed().as_secs_f64() })
    }

    fn good(&mut self, sims: u32, seed: u64) -> Result<Timed<Option<Move>>, Failure> {
        let budget = self.budget.restart();
        let game = self.game();
        let start = Instant::now();
        let value = good_move(game.rules(), game.position(), sims, seed, &budget).map_err(stopped)?.mv;
        Ok(Timed { value, seconds: start.elapsed().as_secs_f64() })
    }
}

/// A program speaking the solver protocol; each position is written as a tile-game file
/// and loaded by name.
pub struct Program<'a> {
    /// The solver, started (again) when needed.
    pub asker: &'a mut Asker,
}

/// A move as the protocol writes it: `0g`.
pub fn move_word(mv: Move) -> String {
    format!("{}{}", mv.bowl, mv.color.letter())
}

/// A move word `BOWLCOLOUR` (`0g`, `3b`), strictly.
pub fn parse_move_word(word: &str) -> Result<Move, Failure> {
    let bad = || Failure::Protocol(format!("expected a move such as `0g` or `2b`, got `{}`", excerpt(word)));
    let (digits, letter) = word.split_at(word.len().saturating_sub(1));
    let color = letter.chars().next().and_then(Color::from_letter).ok_or_else(bad)?;
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let bowl: usize = digits.parse().map_err(|_| bad())?;
    (bowl < super::rules::MAX_BOWLS).then(|| Move::new(bowl, color)).ok_or_else(bad)
}

fn parse_bool(words: &[String]) -> Result<bool, Failure> {
    exactly(words, 1, "true|false")?;
    match words[0].as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        w => Err(Failure::Protocol(format!("expected `ok true` or `ok false`, got `ok {}`", excerpt(w)))),
    }
}

fn parse_number<T: std::str::FromStr>(word: &str, what: &str) -> Result<T, Failure> {
    word.parse().map_err(|_| Failure::Protocol(format!("expected {what}, got `{}`", excerpt(word))))
}

/// `SCORE MOVE POSITIONS` of a `best` answer.
pub fn parse_best(words: &[String]) -> Result<BestResult, Failure> {
    exactly(words, 3, "SCORE MOVE POSITIONS")?;
    let score = parse_number::<i32>(&words[0], "the score, an integer")?;
    let best_move = match words[1].as_str() {
        "-" => None,
        w => Some(parse_move_word(w)?),
    };
    let positions = parse_number::<u64>(&words[2], "the positions visited, a whole number")?;
    Ok(BestResult { score, best_move, positions })
}

impl TegelSolver for Program<'_> {
    fn load(&mut self, game: &Game) -> Result<(), Failure> {
        let path = self.asker.write_position("txt", &file_text(game))?;
        self.asker.load(&format!("load {}", path.display()))
    }

    fn moves(&mut self) -> Result<Vec<Move>, Failure> {
        self.asker.ask("moves")?.words.iter().map(|w| parse_move_word(w)).collect()
    }

    fn do_move(&mut self, mv: Move) -> Result<bool, Failure> {
        parse_bool(&self.asker.ask(&format!("do {}", move_word(mv)))?.words)
    }

    fn undo(&mut self) -> Result<bool, Failure> {
        parse_bool(&self.asker.ask("undo")?.words)
    }

    fn is_end(&mut self) -> Result<bool, Failure> {
        parse_bool(&self.asker.ask("end")?.words)
    }

    fn best(&mut self) -> Result<Timed<BestResult>, Failure> {
        let answer = self.asker.ask("best")?;
        Ok(Timed { value: parse_best(&answer.words)?, seconds: answer.seconds })
    }

    fn good(&mut self, sims: u32, seed: u64) -> Result<Timed<Option<Move>>, Failure> {
        let answer = self.asker.ask(&format!("good {sims} {seed}"))?;
        exactly(&answer.words, 1, "MOVE")?;
        let value = match answer.words[0].as_str() {
            "-" => None,
            w => Some(parse_move_word(w)?),
        };
        Ok(Timed { value, seconds: answer.seconds })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_words_are_parsed_strictly() {
        assert_eq!(parse_move_word("0g").unwrap(), Move::new(0, Color::Yellow));
        assert_eq!(parse_move_word("4b").unwrap(), Move::new(4, Color::Blue));
        for bad in ["", "g", "0", "(0,g)", "0x", "-1g", "9g", "0gb", "12345g"] {
            assert!(parse_move_word(bad).is_err(), "{bad}");
        }
        assert_eq!(move_word(Move::new(2, Color::Blue)), "2b");
    }

    #[test]
    fn best_answers_have_three_words() {
        let w = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        assert_eq!(
            parse_best(&w("-1 0b 5578")).unwrap(),
            BestResult { score: -1, best_move: Some(Move::new(0, Color::Blue)), positions: 5578 }
        );
        assert_eq!(parse_best(&w("0 - 1")).unwrap().best_move, None);
        for bad in ["1 0g", "x 0g 1", "1 0g -5", "1 0g 1 2"] {
            assert!(parse_best(&w(bad)).is_err(), "{bad}");
        }
    }
}
