//! A game in regular play: the position, the moves played (for undo), and the draw rule
//! (a draw after `draw_plies` consecutive plies without a capture or a man move; the
//! forty-move rule is 80 plies).

use super::geometry::{Color, Geometry};
use super::moves::{legal_moves, Move};
use super::position::{Piece, Position};
use crate::base::text::count_of;
use crate::search::bits::Bits;

/// The forty-move rule in plies.
pub const DEFAULT_DRAW_PLIES: u32 = 80;

/// How a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// The other player cannot move: this colour won.
    Won(Color),
    /// The draw rule ended the game.
    Drawn,
}

#[derive(Debug, Clone)]
struct Played<B> {
    before: Position<B>,
    quiet_before: u32,
    mv: Move<B>,
}

/// A game of checkers under the full rules, with undo back to the start.
#[derive(Debug, Clone)]
pub struct Game<B> {
    /// The board.
    pub geometry: Geometry<B>,
    position: Position<B>,
    quiet_plies: u32,
    draw_plies: u32,
    history: Vec<Played<B>>,
    legal: Vec<Move<B>>,
}

impl<B: Bits> Game<B> {
    /// A new game from the start position of `geometry`; `draw_plies` = 0 disables the draw rule.
    pub fn new(geometry: Geometry<B>, draw_plies: u32) -> Self {
        let position = Position::start(&geometry);
        Self::from_position(geometry, position, draw_plies)
    }

    /// A game from an arbitrary position.
    pub fn from_position(geometry: Geometry<B>, position: Position<B>, draw_plies: u32) -> Self {
        let legal = legal_moves::<B, true>(&geometry, &position);
        Game { geometry, position, quiet_plies: 0, draw_plies, history: Vec::new(), legal }
    }

    /// Starts the game again from `position`, with no moves played (the draw rule kept).
    pub fn restart_from(&mut self, position: Position<B>) {
        *self = Game::from_position(self.geometry.clone(), position, self.draw_plies);
    }

    /// The current position.
    pub fn position(&self) -> &Position<B> {
        &self.position
    }

    /// The player to move.
    pub fn side(&self) -> Color {
        self.position.side
    }

    /// Legal moves of the player to move (empty once the game is over).
    pub fn legal(&self) -> &[Move<B>] {
        if self.outcome() == Outcome::Drawn {
            &[]
        } else {
            &self.legal
        }
    }

    /// Plies played so far.
    pub fn plies(&self) -> usize {
        self.history.len()
    }

    /// Consecutive plies without a capture or a man move.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// Whether the game is over, and how.
    pub fn outcome(&self) -> Outcome {
        if self.legal.is_empty() {
            Outcome::Won(self.position.side.other())
        } else if self.draw_plies > 0 && self.quiet_plies >= self.draw_plies {
            Outcome::Drawn
        } else {
            Outcome::Ongoing
        }
    }

    /// Plays `mv`, which must be one of [`Game::legal`]; refuses anything else.
    pub fn play(&mut self, mv: &Move<B>) -> Result<(), String> {
        if !self.legal().contains(mv) {
            return Err(format!("{} is not a legal move here", mv.text(&self.geometry)));
        }
        let man_move = !self.position.kings.has(mv.from.into());
        self.history.push(Played { before: self.position, quiet_before: self.quiet_plies, mv: *mv });
        self.position = self.position.apply(mv);
        self.quiet_plies = if man_move || mv.is_capture() { 0 } else { self.quiet_plies + 1 };
        self.legal = legal_moves::<B, true>(&self.geometry, &self.position);
        Ok(())
    }

    /// Takes back the last ply; `false` at the start.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(p) => {
                self.position = p.before;
                self.quiet_plies = p.quiet_before;
                self.legal = legal_moves::<B, true>(&self.geometry, &self.position);
                true
            }
            None => false,
        }
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<&Move<B>> {
        self.history.last().map(|p| &p.mv)
    }

    /// The moves played so far, oldest first.
    pub fn moves(&self) -> impl Iterator<Item = &Move<B>> {
        self.history.iter().map(|p| &p.mv)
    }

    /// The position after the first `ply` plies (`ply` 0: the start), `None` past the
    /// last ply played.
    pub fn position_at(&self, ply: usize) -> Option<&Position<B>> {
        match self.history.get(ply) {
            Some(p) => Some(&p.before),
            None if ply == self.history.len() => Some(&self.position),
            None => None,
        }
    }
}

/// Why `side` has no move in `position`, in words: `white has no pieces left`, or
/// `white cannot move` when its pieces are all blocked.
pub fn stuck<B: Bits>(position: &Position<B>, side: Color) -> String {
    if position.count(side) == 0 {
        format!("{} has no pieces left", side.name())
    } else {
        format!("{} cannot move", side.name())
    }
}

/// The board as text: rows from the top, row numbers on the left, column letters below;
/// `b`/`w` men, `B`/`W` kings, `.` empty dark squares, blanks for light squares; then
/// the piece counts.
pub fn board_text<B: Bits>(g: &Geometry<B>, p: &Position<B>) -> String {
    let mut s = String::new();
    for row in (0..g.rows).rev() {
        s.push_str(&format!("{:>2} ", row + 1));
        for col in 0..g.cols {
            let c = match g.index(row, col) {
                None => ' ',
                Some(i) => p.piece_at(i).map_or('.', Piece::letter),
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    s.push_str("   ");
    for col in 0..g.cols {
        s.push(' ');
        s.push((b'a' + col) as char);
    }
    s.push('\n');
    s.push_str(&format!("black: {}, white: {}\n", side_counts(p, Color::Black), side_counts(p, Color::White)));
    s
}

/// A side's pieces and kings, like `12 pieces (1 king)`.
pub fn side_counts<B: Bits>(p: &Position<B>, c: Color) -> String {
    format!("{} ({})", count_of(p.count(c).into(), "piece"), count_of(p.king_count(c).into(), "king"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_goes_back_to_the_start() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let mut game = Game::new(g, DEFAULT_DRAW_PLIES);
        let start = *game.position();
        for _ in 0..10 {
            let mv = game.legal()[0];
            game.play(&mv).unwrap();
        }
        while game.undo() {}
        assert_eq!(*game.position(), start);
        assert_eq!(game.plies(), 0);
    }

    #[test]
    fn draw_rule_counts_king_steps_only() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let p = Position::from_text(&g, Color::Black, "Ba1 Wh8").unwrap();
        let mut game = Game::from_position(g, p, 4);
        for _ in 0..4 {
            assert_eq!(game.outcome(), Outcome::Ongoing);
            let mv = game.legal()[0];
            game.play(&mv).unwrap();
        }
        assert_eq!(game.outcome(), Outcome::Drawn);
        assert!(game.legal().is_empty());
        game.undo();
        assert_eq!(game.outcome(), Outcome::Ongoing);
    }

    #[test]
    fn blocked_side_loses_and_text_board_shows_counts() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let p = Position::from_text(&g, Color::Black, "ba1 wb2 wc3").unwrap();
        let game = Game::from_position(g.clone(), p, 80);
        assert_eq!(game.outcome(), Outcome::Won(Color::White));
        let text = board_text(&g, &p);
        assert!(text.contains("black: 1 piece (0 kings), white: 2 pieces"), "{text}");
        assert!(text.starts_with(" 8 "), "{text}");
        assert!(text.contains(" 1  b"), "{text}");
    }
}
