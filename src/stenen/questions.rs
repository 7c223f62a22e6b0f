//! The tiling's questions, one typed interface ([`StenenSolver`]): the assignment's
//! public member functions of `Stand` (load the stones for a board, find one tiling,
//! count them all, dumb or smart). The engine answers them ([`Engine`]), and so does any
//! program speaking the solver protocol ([`Program`], `docs/solvers.md`).

use std::time::Instant;

use super::board::Board;
use super::outcome::{Count, Found, Mode};
use super::rules::Puzzle;
use super::stone::Stone;
use crate::base::text::excerpt;
use crate::experiment::solver::asker::Asker;
use crate::experiment::solver::check::Timed;
use crate::experiment::solver::session::{exactly, Failure};
use crate::search::budget::{Budget, Stopped};

/// The questions of the tiling, as `Stand`'s public member functions ask them.
pub trait StenenSolver {
    /// `Stand(height, width)` and `leesInStenen`: an empty board and the stones.
    fn load(&mut self, height: usize, width: usize, stones: &[Stone]) -> Result<(), Failure>;
    /// `bepaalOplossing`: the first tiling found (cells row by row, each its stone's
    /// number; `None`: no tiling) and the positions visited.
    fn find(&mut self, mode: Mode) -> Result<Timed<Found>, Failure>;
    /// `telOplossingen`: the tilings (identical stones interchangeable) and the positions
    /// visited; the answer's `labelled` is not asked and stays 0.
    fn count(&mut self, mode: Mode) -> Result<Timed<Count>, Failure>;
}

/// The engine, answering in this process.
#[derive(Default)]
pub struct Engine {
    puzzle: Option<Puzzle>,
    budget: Budget,
}

impl Engine {
    /// An engine whose searches stop when `budget` does.
    pub fn with_budget(budget: Budget) -> Engine {
        Engine { puzzle: None, budget }
    }

    fn puzzle(&self) -> &Puzzle {
        self.puzzle.as_ref().expect("a position is loaded before a question")
    }
}

fn stopped(s: Stopped) -> Failure {
    match s {
        Stopped::Interrupted => Failure::Interrupted,
        other => Failure::TimeLimit(format!("the engine stopped: {other:?}")),
    }
}

impl StenenSolver for Engine {
    fn load(&mut self, height: usize, width: usize, stones: &[Stone]) -> Result<(), Failure> {
        let puzzle = Puzzle::new(height, width, stones.to_vec())
            .map_err(|e| Failure::Crashed(format!("the engine refuses the position: {}", e.message)))?;
        self.puzzle = Some(puzzle);
        Ok(())
    }

    fn find(&mut self, mode: Mode) -> Result<Timed<Found>, Failure> {
        let budget = self.budget.restart();
        let puzzle = self.puzzle();
        let start = Instant::now();
        let value = super::find(puzzle, &Board::empty(puzzle), mode, &budget).map_err(stopped)?;
        Ok(Timed { value, seconds: start.elapsed().as_secs_f64() })
    }

    fn count(&mut self, mode: Mode) -> Result<Timed<Count>, Failure> {
        let budget = self.budget.restart();
        let puzzle = self.puzzle();
        let start = Instant::now();
        let mut value = super::count(puzzle, &Board::empty(puzzle), mode, false, &budget).map_err(stopped)?;
        value.labelled = 0;
        Ok(Timed { value, seconds: start.elapsed().as_secs_f64() })
    }
}

/// A program speaking the solver protocol; each position is written as a stones file
/// and loaded by name with the board's size.
pub struct Program<'a> {
    /// The solver, started (again) when needed.
    pub asker: &'a mut Asker,
    /// The loaded board's cells (the length of a found tiling).
    cells: usize,
}

impl<'a> Program<'a> {
    /// The program `asker` runs.
    pub fn new(asker: &'a mut Asker) -> Program<'a> {
        Program { asker, cells: 0 }
    }
}

/// The text of a stones file holding `stones`: `S`, then each stone's box size and rows.
pub fn stones_text(stones: &[Stone]) -> String {
    let mut s = format!("{}\n", stones.len());
    for stone in stones {
        let shape = &stone.orientations[0];
        s += &format!("{} {}\n", shape.rows, shape.cols);
        for line in shape.draw() {
            s += &line;
            s.push('\n');
        }
    }
    s
}

fn parse_number<T: std::str::FromStr>(word: &str, what: &str) -> Result<T, Failure> {
    word.parse().map_err(|_| Failure::Protocol(format!("expected {what}, got `{}`", excerpt(word))))
}

/// `true POSITIONS C1 ... Cn` (n = `cells`) or `false POSITIONS` of a `find` answer.
pub fn parse_find(words: &[String], cells: usize) -> Result<Found, Failure> {
    let found = match words.first().map(String::as_str) {
        Some("true") => true,
        Some("false") => false,
        _ => {
            return Err(Failure::Protocol(format!(
                "expected `ok true ...` or `ok false ...`, got `ok {}`",
                excerpt(&words.join(" "))
            )))
        }
    };
    if found {
        exactly(words, 2 + cells, &format!("true POSITIONS and the {cells} cells"))?;
    } else {
        exactly(words, 2, "false POSITIONS")?;
    }
    let positions = parse_number::<u64>(&words[1], "the positions visited, a whole number")?;
    let board = found
        .then(|| words[2..].iter().map(|w| parse_number::<u8>(w, "a cell's stone number (0 to 255)")).collect())
        .transpose()?;
    Ok(Found { positions, board })
}

/// `SOLUTIONS POSITIONS` of a `count` answer.
pub fn parse_count(words: &[String]) -> Result<Count, Failure> {
    exactly(words, 2, "SOLUTIONS POSITIONS")?;
    let distinct = parse_number::<u64>(&words[0], "the number of solutions, a whole number")?;
    let positions = parse_number::<u64>(&words[1], "the positions visited, a whole number")?;
    Ok(Count { positions, distinct, labelled: 0 })
}

impl StenenSolver for Program<'_> {
    fn load(&mut self, height: usize, width: usize, stones: &[Stone]) -> Result<(), Failure> {
        let path = self.asker.write_position("in", &stones_text(stones))?;
        self.cells = height * width;
        self.asker.load(&format!("load {height} {width} {}", path.display()))
    }

    fn find(&mut self, mode: Mode) -> Result<Timed<Found>, Failure> {
        let answer = self.asker.ask(&format!("find {}", mode.name()))?;
        Ok(Timed { value: parse_find(&answer.words, self.cells)?, seconds: answer.seconds })
    }

    fn count(&mut self, mode: Mode) -> Result<Timed<Count>, Failure> {
        let answer = self.asker.ask(&format!("count {}", mode.name()))?;
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
    fn find_answers_carry_every_cell_or_none() {
        assert_eq!(parse_find(&w("false 0"), 4).unwrap(), Found { positions: 0, board: None });
        assert_eq!(parse_find(&w("true 3 1 1 2 2"), 4).unwrap(), Found { positions: 3, board: Some(vec![1, 1, 2, 2]) });
        for bad in [
            "",
            "yes 3",
            "true 3 1 1 2",
            "true 3 1 1 2 2 2",
            "false",
            "false 1 1",
            "true -3 1 1 2 2",
            "true 3 1 x 2 2",
            "true 3 1 1 2 256",
        ] {
            assert!(parse_find(&w(bad), 4).is_err(), "{bad}");
        }
    }

    #[test]
    fn count_answers_have_two_whole_numbers() {
        assert_eq!(parse_count(&w("16 231")).unwrap(), Count { positions: 231, distinct: 16, labelled: 0 });
        for bad in ["16", "16 231 1", "-1 5", "1.5 3", "a b"] {
            assert!(parse_count(&w(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_stones_file_reads_back_as_its_stones() {
        let path = std::path::Path::new("x.in");
        let text = "2\n2 3\nX..\nXXX\n1 2\nXX\n";
        let stones = super::super::load::parse_stones(path, text).unwrap();
        assert_eq!(stones_text(&stones), text);
    }
}
