//! The line of play that follows one move under best play by both players: the move of
//! the player to move (called A, as the assignment does), then at each position the
//! first best move of besteScore, to the end position; how the game ends there (a player
//! to move without a legal move, or a player with every row full) and both players' full
//! rows. It is the evidence behind a move's besteScore value, written in a CSV cell as
//! `MOVES | END | A-B`:
//!
//! ```text
//! (2,b) (2,g) | B all full | 0-2
//! (2,g) | B no move | 0-1
//! ```

use std::fmt;

use super::best::best_score_with;
use super::position::Position;
use super::rules::{Move, Rules};
use crate::search::budget::{Budget, Stopped};

/// A player as the line names her: A moved first, B is her opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The player to move at the position the line starts from.
    A,
    /// Her opponent.
    B,
}

impl Side {
    fn letter(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }

    fn of_letter(text: &str) -> Option<Side> {
        match text {
            "A" => Some(Side::A),
            "B" => Some(Side::B),
            _ => None,
        }
    }
}

/// How the line's game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The player to move has no legal move.
    NoMove(Side),
    /// The player has every row full.
    AllFull(Side),
}

/// One move and the best play that follows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The moves played, A's first, then alternately B's and A's.
    pub moves: Vec<Move>,
    /// How the game ends after the last of them.
    pub end: End,
    /// Full rows of A and of B at the end.
    pub full: (u8, u8),
}

impl Line {
    /// A's final score: her full rows minus B's.
    pub fn score(&self) -> i32 {
        i32::from(self.full.0) - i32::from(self.full.1)
    }

    /// The player who makes the `i`-th move of the line (from 0).
    pub fn mover(i: usize) -> Side {
        if i % 2 == 0 {
            Side::A
        } else {
            Side::B
        }
    }

    /// The line read back from its cell text (`(2,g) | B no move | 0-1`).
    pub fn parse(text: &str) -> Option<Line> {
        let mut parts = text.split('|').map(str::trim);
        let moves: Vec<Move> = parts.next()?.split_whitespace().map(Move::parse).collect::<Option<_>>()?;
        let (side, how) = parts.next()?.split_once(' ')?;
        let side = Side::of_letter(side)?;
        let end = match how {
            "no move" => End::NoMove(side),
            "all full" => End::AllFull(side),
            _ => return None,
        };
        let (a, b) = parts.next()?.split_once('-')?;
        let full = (a.parse().ok()?, b.parse().ok()?);
        (parts.next().is_none() && !moves.is_empty()).then_some(Line { moves, end, full })
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        let (side, how) = match self.end {
            End::NoMove(s) => (s, "no move"),
            End::AllFull(s) => (s, "all full"),
        };
        write!(f, "{} | {} {how} | {}-{}", moves.join(" "), side.letter(), self.full.0, self.full.1)
    }
}

/// The line after `first`, a distinct move of the player to move in `pos`: besteScore's
/// first best move at each position after it, to the end.
pub fn line_after(
    rules: &Rules,
    pos: &Position,
    first: Move,
    budget: &Budget,
    parallel: bool,
) -> Result<Line, Stopped> {
    let a = pos.to_move();
    let side = |player: usize| if player == a { Side::A } else { Side::B };
    let mut at = *pos;
    at.do_move(rules, first);
    let mut moves = vec![first];
    loop {
        let full = (at.full_rows(a), at.full_rows(a ^ 1));
        if at.someone_all_full(rules) {
            let filled = if usize::from(full.0) == rules.rows { Side::A } else { Side::B };
            return Ok(Line { moves, end: End::AllFull(filled), full });
        }
        let Some(mv) = best_score_with(rules, &at, budget, parallel)?.best_move else {
            return Ok(Line { moves, end: End::NoMove(side(at.to_move())), full });
        };
        at.do_move(rules, mv);
        moves.push(mv);
    }
}

/// The line after every distinct move of the player to move in `pos`, in list order.
pub fn lines_after_each(rules: &Rules, pos: &Position, budget: &Budget, parallel: bool) -> Result<Vec<Line>, Stopped> {
    pos.moves(rules).as_slice().iter().map(|&mv| line_after(rules, pos, mv, budget, parallel)).collect()
}

/// Lines as one cell: each line's text, `; ` between them.
pub fn lines_text(lines: &[Line]) -> String {
    lines.iter().map(Line::to_string).collect::<Vec<_>>().join("; ")
}

/// The lines of a cell written by [`lines_text`]; `None` where one does not read.
pub fn parse_lines(text: &str) -> Option<Vec<Line>> {
    text.split(';').filter(|t| !t.trim().is_empty()).map(Line::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tegel::rules::Color;

    #[test]
    fn a_line_reads_back_from_its_text() {
        let line = Line {
            moves: vec![Move::new(2, Color::Blue), Move::new(2, Color::Yellow)],
            end: End::AllFull(Side::B),
            full: (0, 2),
        };
        assert_eq!(line.to_string(), "(2,b) (2,g) | B all full | 0-2");
        assert_eq!(Line::parse(&line.to_string()), Some(line.clone()));
        assert_eq!(line.score(), -2);
        let other = Line { moves: vec![Move::new(2, Color::Yellow)], end: End::NoMove(Side::B), full: (0, 1) };
        let cell = lines_text(&[other.clone(), line.clone()]);
        assert_eq!(parse_lines(&cell), Some(vec![other, line]));
        assert_eq!(Line::parse("(2,g) | C no move | 0-1"), None);
        assert_eq!(Line::parse(" | B no move | 0-1"), None);
    }

    /// `greedy.txt`: pot `ggggggggbgb`, 3 bowls of 4, 2 rows of 4; A (player 0) has a row
    /// of 1 blue and one of 1 yellow, B a full yellow row and one of 3 yellow. Bowls 0 and
    /// 1 hold 4 yellow each (no row of A takes 4 more), bowl 2 holds b g b, the pot is
    /// empty. After (2,g) bowl 2 holds 2 blue and B has neither an empty nor a blue row:
    /// no move, the game ends with A 0 full rows and B 1. After (2,b) B lays the yellow
    /// tile of bowl 2 on her row of 3 and has both rows full: 0 against 2.
    #[test]
    fn on_the_greedy_position_the_opponent_has_no_move_after_the_better_move() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel/greedy.txt");
        let game = crate::tegel::load_file(&path).unwrap();
        let lines = lines_after_each(game.rules(), game.position(), &Budget::unlimited(), false).unwrap();
        let texts: Vec<String> = lines.iter().map(Line::to_string).collect();
        assert_eq!(texts, ["(2,g) | B no move | 0-1", "(2,b) (2,g) | B all full | 0-2"]);
        let check = crate::tegel::greedy::check_greedy(game.rules(), game.position(), &Budget::unlimited(), false)
            .unwrap()
            .unwrap();
        let scores: Vec<i32> = lines.iter().map(Line::score).collect();
        assert_eq!(scores, check.values.iter().map(|v| v.1).collect::<Vec<_>>(), "each line ends at its value");
    }
}
