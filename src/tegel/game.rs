//! A loaded game: the rules, the loaded position, the current position and the moves
//! done since loading (so any number of them can be undone), and its printed form.

use std::fmt::Write as _;

use super::position::{board, Position, Row, Undo};
use super::rules::{Color, Move, MoveList, Rules};

/// A game as the menu program and the experiments use it.
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    start: Position,
    pos: Position,
    history: Vec<Undo>,
}

impl Game {
    /// A game at the position given by boards and player (bowls filled from the pot).
    pub fn new(rules: Rules, boards: [&[Row]; 2], to_move: usize) -> Game {
        let start = Position::new(&rules, boards, to_move);
        Game { rules, start, pos: start, history: Vec::new() }
    }

    /// The fixed parts of the game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position as loaded.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Moves done since loading, oldest first.
    pub fn history(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// Number of moves done since loading (the number that can be undone).
    pub fn moves_done(&self) -> usize {
        self.history.len()
    }

    /// The distinct moves of the player to move, in spec order.
    pub fn moves(&self) -> MoveList {
        self.pos.moves(&self.rules)
    }

    /// Whether the current position is an end position.
    pub fn is_end(&self) -> bool {
        self.pos.is_end(&self.rules)
    }

    /// Does `mv` if it is legal (any legal move, also a non-distinct one); `false` and
    /// no change otherwise. Legal moves are refused only at an end position where a
    /// player has all rows full.
    pub fn do_move(&mut self, mv: Move) -> bool {
        if self.pos.someone_all_full(&self.rules) || !self.pos.is_legal(&self.rules, mv) {
            return false;
        }
        let undo = self.pos.do_move(&self.rules, mv);
        self.history.push(undo);
        true
    }

    /// Undoes the last move done; `false` when back at the loaded position.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(undo) => {
                self.pos.undo_move(&self.rules, &undo);
                true
            }
            None => false,
        }
    }

    /// The pot left to draw, front first, as letters.
    pub fn pot_text(&self) -> String {
        self.rules.pot()[self.pos.drawn()..].iter().map(|c| c.letter()).collect()
    }

    /// The position printed for people: pot, bowls, both boards (rows by index), player.
    pub fn render(&self) -> String {
        let mut s = String::new();
        let pot = self.pot_text();
        let _ = writeln!(s, "pot ({} tiles): {}", pot.len(), if pot.is_empty() { "(empty)" } else { &pot });
        for bowl in 0..self.rules.bowls {
            let (y, b) = (self.pos.bowl(bowl, Color::Yellow), self.pos.bowl(bowl, Color::Blue));
            let tiles = "g".repeat(y as usize) + &"b".repeat(b as usize);
            let _ = writeln!(s, "bowl {bowl}: {:<w$} ({y} g, {b} b)", tiles, w = self.rules.bowl_tiles);
        }
        for player in 0..2 {
            let _ = writeln!(s, "player {player} ({} full rows):", self.pos.full_rows(player));
            for (r, row) in board(&self.pos, &self.rules, player).iter().enumerate() {
                let _ = writeln!(s, "  row {r}: {}", row_cells(row, self.rules.row_len));
            }
        }
        let _ = write!(s, "to move: player {}", self.pos.to_move());
        s
    }
}

fn row_cells(row: &Row, len: usize) -> String {
    let letter = row.color.map(Color::letter).unwrap_or('.');
    let fill = row.fill as usize;
    format!("{}{}", letter.to_string().repeat(fill), ".".repeat(len - fill))
}
