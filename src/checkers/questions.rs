//! Checkers' questions, one typed interface ([`CheckersSolver`]): a board of `M` rows
//! and `N` columns set to a position (the FEN of the boards' PDN), its legal moves, perft
//! and the continuation games. The engine answers them ([`Engine`]), and so does any
//! program speaking the solver protocol ([`Program`], `docs/solvers.md`).

use std::time::Instant;

use super::by_size::{geometry, with_bits};
use super::count::{count_plain, CountStop, Games};
use super::geometry::{width_for, BoardSize, Wide, Width};
use super::moves::legal_moves;
use super::pdn::parse_fen;
use super::perft::perft;
use crate::base::text::excerpt;
use crate::experiment::solver::asker::Asker;
use crate::experiment::solver::check::Timed;
use crate::experiment::solver::session::{exactly, Failure};
use crate::search::budget::{Budget, Stopped};

/// The continuation games of a position and the positions the count visited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Continuations {
    /// Games, and their split by outcome.
    pub games: Games,
    /// Calls of the recursive count, the start included.
    pub positions: u64,
}

/// The questions of checkers.
pub trait CheckersSolver {
    /// The board of `rows` x `cols` set to the position `fen`.
    fn load(&mut self, rows: u8, cols: u8, fen: &str) -> Result<(), Failure>;
    /// The legal moves in the assignment's notation (any order).
    fn moves(&mut self) -> Result<Timed<Vec<String>>, Failure>;
    /// Perft to `depth`: the move sequences of that length.
    fn perft(&mut self, depth: u32) -> Result<Timed<u64>, Failure>;
    /// The continuation games (the seed's "aantal vervolgpartijen").
    fn count(&mut self) -> Result<Timed<Continuations>, Failure>;
}

/// The engine, answering in this process.
#[derive(Default)]
pub struct Engine {
    loaded: Option<(BoardSize, String)>,
    budget: Budget,
}

fn stopped(s: Stopped) -> Failure {
    match s {
        Stopped::Interrupted => Failure::Interrupted,
        other => Failure::TimeLimit(format!("the engine stopped: {other:?}")),
    }
}

fn count_stopped(s: CountStop) -> Failure {
    match s {
        CountStop::Stopped(s) => stopped(s),
        other => Failure::Crashed(format!("the engine failed: {other}")),
    }
}

/// The answer of `f` and the seconds it took.
fn timed<T>(f: impl FnOnce() -> Result<T, Failure>) -> Result<Timed<T>, Failure> {
    let start = Instant::now();
    let value = f()?;
    Ok(Timed { value, seconds: start.elapsed().as_secs_f64() })
}

/// The board of `rows` x `cols` (one row of men: the start rows play no part in a set
/// position).
pub fn board_of(rows: u8, cols: u8) -> Result<BoardSize, String> {
    BoardSize::new(rows.into(), cols.into(), 1)
}

impl Engine {
    /// An engine whose searches stop when `budget` does.
    pub fn with_budget(budget: Budget) -> Engine {
        Engine { loaded: None, budget }
    }

    fn loaded(&self) -> (BoardSize, &str) {
        let (size, fen) = self.loaded.as_ref().expect("a position is loaded before a question");
        (*size, fen)
    }
}

impl CheckersSolver for Engine {
    fn load(&mut self, rows: u8, cols: u8, fen: &str) -> Result<(), Failure> {
        let refused = |e: String| Failure::Crashed(format!("the engine refuses the position: {e}"));
        let size = board_of(rows, cols).map_err(refused)?;
        with_bits!(size, B => parse_fen(&geometry::<B>(size), fen).map(|_| ()).map_err(refused))?;
        self.loaded = Some((size, fen.to_string()));
        Ok(())
    }

    fn moves(&mut self) -> Result<Timed<Vec<String>>, Failure> {
        let (size, fen) = self.loaded();
        timed(|| {
            with_bits!(size, B => {
                let g = geometry::<B>(size);
                let p = parse_fen(&g, fen).map_err(Failure::Crashed)?;
                Ok(legal_moves::<B, true>(&g, &p).iter().map(|m| m.text(&g)).collect())
            })
        })
    }

    fn perft(&mut self, depth: u32) -> Result<Timed<u64>, Failure> {
        let (size, fen) = self.loaded();
        let budget = self.budget.restart();
        timed(|| {
            with_bits!(size, B => {
                let g = geometry::<B>(size);
                let p = parse_fen(&g, fen).map_err(Failure::Crashed)?;
                Ok(perft(&g, &p, depth, &budget).map_err(stopped)?.leaves)
            })
        })
    }

    fn count(&mut self) -> Result<Timed<Continuations>, Failure> {
        let (size, fen) = self.loaded();
        let budget = self.budget.restart();
        timed(|| {
            with_bits!(size, B => {
                let g = geometry::<B>(size);
                let p = parse_fen(&g, fen).map_err(Failure::Crashed)?;
                let c = count_plain(&g, &p, &budget).map_err(count_stopped)?;
                Ok(Continuations { games: c.games, positions: c.positions })
            })
        })
    }
}

/// A program speaking the solver protocol; each position goes on the load request.
pub struct Program<'a> {
    /// The solver, started (again) when needed.
    pub asker: &'a mut Asker,
}

/// The load request of a position: `load M N FEN`.
pub fn load_request(rows: u8, cols: u8, fen: &str) -> String {
    format!("load {rows} {cols} {fen}")
}

fn parse_number<T: std::str::FromStr>(word: &str, what: &str) -> Result<T, Failure> {
    let bad = || Failure::Protocol(format!("expected {what}, got `{}`", excerpt(word)));
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    word.parse().map_err(|_| bad())
}

/// Whether `word` is written as a move: squares (a column letter, a row number) joined
/// by `-` or `x`, one separator throughout.
fn is_move_word(word: &str) -> bool {
    let sep = if word.contains('x') { 'x' } else { '-' };
    let squares: Vec<&str> = word.split(sep).collect();
    let square = |s: &str| {
        let mut chars = s.chars();
        chars.next().is_some_and(|c| c.is_ascii_lowercase())
            && (1..=2).contains(&chars.as_str().len())
            && chars.as_str().bytes().all(|b| b.is_ascii_digit())
    };
    squares.len() >= 2 && squares.iter().all(|s| square(s)) && (sep == 'x' || squares.len() == 2)
}

/// The moves of a `moves` answer, each checked for its form.
pub fn parse_moves(words: &[String]) -> Result<Vec<String>, Failure> {
    match words.iter().find(|w| !is_move_word(w)) {
        Some(bad) => {
            Err(Failure::Protocol(format!("expected moves like `c3-d4` or `c3xe5xg7`, got `{}`", excerpt(bad))))
        }
        None => Ok(words.to_vec()),
    }
}

/// `LEAVES` of a `perft` answer.
pub fn parse_perft(words: &[String]) -> Result<u64, Failure> {
    exactly(words, 1, "LEAVES")?;
    parse_number(&words[0], "the number of leaves, a whole number")
}

/// `GAMES BLACK WHITE BOTH POSITIONS` of a `count` answer.
pub fn parse_count(words: &[String]) -> Result<Continuations, Failure> {
    exactly(words, 5, "GAMES BLACK WHITE BOTH POSITIONS")?;
    let n = |i: usize, what: &str| parse_number::<u128>(&words[i], what);
    let games = Games {
        total: n(0, "the number of games, a whole number")?,
        black_wins: n(1, "the games Black won, a whole number")?,
        white_wins: n(2, "the games White won, a whole number")?,
        both_kings: n(3, "the games ended with both kings, a whole number")?,
    };
    let positions = parse_number(&words[4], "the positions visited, a whole number")?;
    Ok(Continuations { games, positions })
}

impl CheckersSolver for Program<'_> {
    fn load(&mut self, rows: u8, cols: u8, fen: &str) -> Result<(), Failure> {
        self.asker.load(&load_request(rows, cols, fen))
    }

    fn moves(&mut self) -> Result<Timed<Vec<String>>, Failure> {
        let answer = self.asker.ask("moves")?;
        Ok(Timed { value: parse_moves(&answer.words)?, seconds: answer.seconds })
    }

    fn perft(&mut self, depth: u32) -> Result<Timed<u64>, Failure> {
        let answer = self.asker.ask(&format!("perft {depth}"))?;
        Ok(Timed { value: parse_perft(&answer.words)?, seconds: answer.seconds })
    }

    fn count(&mut self) -> Result<Timed<Continuations>, Failure> {
        let answer = self.asker.ask("count")?;
        Ok(Timed { value: parse_count(&answer.words)?, seconds: answer.seconds })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn answers_are_parsed_strictly() {
        assert_eq!(parse_moves(&w("c3-d4 c3xe5xg7 a1-b2")).unwrap().len(), 3);
        assert_eq!(parse_moves(&w("")).unwrap(), Vec::<String>::new());
        for bad in ["c3", "c3-d4-e5", "c3xd4-e5", "C3-d4", "c-d4", "c3-d456", "3c-4d"] {
            assert!(parse_moves(&w(bad)).is_err(), "moves {bad}");
        }
        assert_eq!(parse_perft(&w("302")).unwrap(), 302);
        for bad in ["", "-1", "1 2", "3.0"] {
            assert!(parse_perft(&w(bad)).is_err(), "perft {bad}");
        }
        let c = parse_count(&w("10 4 5 1 33")).unwrap();
        assert_eq!(
            (c.games.total, c.games.black_wins, c.games.white_wins, c.games.both_kings, c.positions),
            (10, 4, 5, 1, 33)
        );
        for bad in ["10 4 5 1", "10 4 5 1 33 1", "10 4 5 -1 33", "a 4 5 1 33"] {
            assert!(parse_count(&w(bad)).is_err(), "count {bad}");
        }
    }

    #[test]
    fn the_engine_answers_the_start_position_as_published() {
        // 8x8 start: 7 moves, perft 3 = 302 (the published table).
        let mut e = Engine::default();
        e.load(8, 8, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12").unwrap_err();
        let fen = with_bits!(BoardSize::standard(), B => {
            let g = geometry::<B>(BoardSize::standard());
            crate::checkers::pdn::fen(&g, &crate::checkers::position::Position::start(&g))
        });
        e.load(8, 8, &fen).unwrap();
        assert_eq!(e.moves().unwrap().value.len(), 7);
        assert_eq!(e.perft(3).unwrap().value, 302);
    }
}
