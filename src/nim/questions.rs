//! Nim's questions, one typed interface ([`NimSolver`]): the assignment's `NimGame` with
//! its heaps and `maxtake`, its nim value and a winning move. The engine answers them
//! ([`Engine`]), and so does any program speaking the solver protocol ([`Program`],
//! `docs/solvers.md`).

use std::time::Instant;

use super::position::{Move, Position};
use crate::base::text::excerpt;
use crate::experiment::solver::asker::Asker;
use crate::experiment::solver::check::Timed;
use crate::experiment::solver::session::{exactly, Failure};

/// The questions of Nim, as `NimGame`'s public member functions ask them.
pub trait NimSolver {
    /// The constructor: heaps of `heaps` sticks, at most `maxtake` a move (0: any number).
    fn load(&mut self, maxtake: u32, heaps: &[u32]) -> Result<(), Failure>;
    /// `nimValue`: the position's nim value.
    fn value(&mut self) -> Result<Timed<u32>, Failure>;
    /// `winningMove`: a move to a position of value 0, `None` where there is none.
    fn winning(&mut self) -> Result<Timed<Option<Move>>, Failure>;
}

/// The engine, answering in this process (the nim-value rule of [`Position`]).
#[derive(Default)]
pub struct Engine {
    position: Option<Position>,
}

impl Engine {
    fn position(&self) -> &Position {
        self.position.as_ref().expect("a position is loaded before a question")
    }
}

/// The answer of `f` and the seconds it took.
fn timed<T>(f: impl FnOnce() -> T) -> Timed<T> {
    let start = Instant::now();
    let value = f();
    Timed { value, seconds: start.elapsed().as_secs_f64() }
}

impl NimSolver for Engine {
    fn load(&mut self, maxtake: u32, heaps: &[u32]) -> Result<(), Failure> {
        let position = Position::new(heaps, maxtake)
            .map_err(|e| Failure::Crashed(format!("the engine refuses the position: {}", e.message)))?;
        self.position = Some(position);
        Ok(())
    }

    fn value(&mut self) -> Result<Timed<u32>, Failure> {
        let position = self.position();
        Ok(timed(|| position.nim_value()))
    }

    fn winning(&mut self) -> Result<Timed<Option<Move>>, Failure> {
        let position = self.position();
        Ok(timed(|| position.winning_moves().next()))
    }
}

/// A program speaking the solver protocol; each position goes on the load request.
pub struct Program<'a> {
    /// The solver, started (again) when needed.
    pub asker: &'a mut Asker,
}

/// The load request of a position: `load MAXTAKE S1 ... Sn`.
pub fn load_request(maxtake: u32, heaps: &[u32]) -> String {
    let sizes: Vec<String> = heaps.iter().map(u32::to_string).collect();
    format!("load {maxtake} {}", sizes.join(" "))
}

fn parse_number<T: std::str::FromStr>(word: &str, what: &str) -> Result<T, Failure> {
    let digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    let bad = || Failure::Protocol(format!("expected {what}, got `{}`", excerpt(word)));
    if !digits {
        return Err(bad());
    }
    word.parse().map_err(|_| bad())
}

/// `V` of a `value` answer.
pub fn parse_value(words: &[String]) -> Result<u32, Failure> {
    exactly(words, 1, "V")?;
    parse_number(&words[0], "the nim value, a whole number")
}

/// `HEAP COUNT` or `-` of a `winning` answer.
pub fn parse_winning(words: &[String]) -> Result<Option<Move>, Failure> {
    if words.len() == 1 && words[0] == "-" {
        return Ok(None);
    }
    exactly(words, 2, "HEAP COUNT` or `ok -")?;
    let heap = parse_number(&words[0], "a heap number from 0")?;
    let count = parse_number(&words[1], "the sticks taken, a whole number")?;
    Ok(Some(Move::new(heap, count)))
}

impl NimSolver for Program<'_> {
    fn load(&mut self, maxtake: u32, heaps: &[u32]) -> Result<(), Failure> {
        self.asker.load(&load_request(maxtake, heaps))
    }

    fn value(&mut self) -> Result<Timed<u32>, Failure> {
        let answer = self.asker.ask("value")?;
        Ok(Timed { value: parse_value(&answer.words)?, seconds: answer.seconds })
    }

    fn winning(&mut self) -> Result<Timed<Option<Move>>, Failure> {
        let answer = self.asker.ask("winning")?;
        Ok(Timed { value: parse_winning(&answer.words)?, seconds: answer.seconds })
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
        assert_eq!(parse_value(&w("7")).unwrap(), 7);
        assert_eq!(parse_winning(&w("2 3")).unwrap(), Some(Move::new(2, 3)));
        assert_eq!(parse_winning(&w("-")).unwrap(), None);
        for bad in ["", "-1", "+1", "1 2", "x"] {
            assert!(parse_value(&w(bad)).is_err(), "value {bad}");
        }
        for bad in ["", "1", "- -", "1 -", "-1 2", "1 2 3", "a 1"] {
            assert!(parse_winning(&w(bad)).is_err(), "winning {bad}");
        }
        assert_eq!(load_request(3, &[4, 0, 5]), "load 3 4 0 5");
    }
}
