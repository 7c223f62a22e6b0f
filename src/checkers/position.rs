//! A position: where the pieces of both colours stand, which are kings, and who moves.
//! Moves are played with copy-make ([`Position::apply`]) or in place with
//! [`Position::make`] / [`Position::unmake`].

use super::geometry::{Color, Geometry};
use super::move_value::Move;
use crate::base::text::excerpt;
use crate::search::bits::Bits;

/// The pieces on the board and the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<B> {
    /// Each colour's pieces, men and kings (`[Color::index()]`).
    pub pieces: [B; 2],
    /// The kings of both colours.
    pub kings: B,
    /// The player to move.
    pub side: Color,
}

/// What [`Position::make`] needs to take a move back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo<B> {
    kings: B,
}

/// A piece on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Its owner.
    pub color: Color,
    /// Whether it is a king.
    pub king: bool,
}

impl Piece {
    /// The piece's letter on the text board: `b`/`w` for men, `B`/`W` for kings.
    pub fn letter(self) -> char {
        match (self.color, self.king) {
            (Color::Black, false) => 'b',
            (Color::Black, true) => 'B',
            (Color::White, false) => 'w',
            (Color::White, true) => 'W',
        }
    }

    /// The piece a letter of [`Piece::letter`] stands for; `None` for any other character.
    pub fn from_letter(c: char) -> Option<Piece> {
        let color = match c.to_ascii_lowercase() {
            'b' => Color::Black,
            'w' => Color::White,
            _ => return None,
        };
        Some(Piece { color, king: c.is_ascii_uppercase() })
    }
}

impl<B: Bits> Position<B> {
    /// A hand-made position with `side` to move: `pieces` lists each piece as its letter
    /// ([`Piece::letter`]) and square, separated by blanks (`"Ba1 bh2 wc3"`). `Err` names
    /// the first entry that is not a piece letter followed by a dark square of `g`.
    pub fn from_text(g: &Geometry<B>, side: Color, pieces: &str) -> Result<Self, String> {
        let mut p = Position::empty(side);
        for entry in pieces.split_whitespace() {
            let mut chars = entry.chars();
            let piece = chars.next().and_then(Piece::from_letter);
            let piece =
                piece.ok_or_else(|| format!("`{}` does not start with a piece letter (b, w, B, W)", excerpt(entry)))?;
            p.put(g.parse_square(chars.as_str())?, piece);
        }
        Ok(p)
    }

    /// The start position of `g`: each side's `r` rows of men, Black to move.
    pub fn start(g: &Geometry<B>) -> Self {
        Position { pieces: g.start, kings: B::ZERO, side: Color::Black }
    }

    /// An empty board with `side` to move (for hand-made positions).
    pub fn empty(side: Color) -> Self {
        Position { pieces: [B::ZERO; 2], kings: B::ZERO, side }
    }

    /// Puts `piece` on bit position `i` (replacing what was there).
    pub fn put(&mut self, i: u32, piece: Piece) {
        self.clear(i);
        self.pieces[piece.color.index()] |= B::bit(i);
        if piece.king {
            self.kings |= B::bit(i);
        }
    }

    /// Empties bit position `i`.
    pub fn clear(&mut self, i: u32) {
        let keep = !B::bit(i);
        self.pieces[0] &= keep;
        self.pieces[1] &= keep;
        self.kings &= keep;
    }

    /// The piece on bit position `i`, if any.
    pub fn piece_at(&self, i: u32) -> Option<Piece> {
        let king = self.kings.has(i);
        if self.pieces[0].has(i) {
            Some(Piece { color: Color::Black, king })
        } else if self.pieces[1].has(i) {
            Some(Piece { color: Color::White, king })
        } else {
            None
        }
    }

    /// Number of pieces (men and kings) of `c`.
    pub fn count(&self, c: Color) -> u32 {
        self.pieces[c.index()].count()
    }

    /// Number of kings of `c`.
    pub fn king_count(&self, c: Color) -> u32 {
        (self.pieces[c.index()] & self.kings).count()
    }

    /// Whether both players have at least one king (the continuation count's end rule).
    #[inline(always)]
    pub fn both_have_kings(&self) -> bool {
        (self.pieces[0] & self.kings).any() && (self.pieces[1] & self.kings).any()
    }

    /// The position after `mv` (a legal move of the side to move), side switched.
    #[inline(always)]
    pub fn apply(&self, mv: &Move<B>) -> Self {
        // Built from locals, not by writing `pieces[us]` of a copy: indexing by the side
        // puts the copy on the stack, and reading it back whole after those narrow
        // writes stalls (a store that cannot be forwarded).
        let (from, to) = (B::bit(mv.from.into()), B::bit(mv.to.into()));
        let (own, opp) = self.own_and_opponent();
        let was_king = (self.kings & from).any();
        let mut kings = self.kings & !(mv.captured | from);
        if was_king || mv.promotes {
            kings |= to;
        }
        self.with((own & !from) | to, opp & !mv.captured, kings)
    }

    /// The pieces of the side to move and of the other side.
    #[inline(always)]
    pub fn own_and_opponent(&self) -> (B, B) {
        let [black, white] = self.pieces;
        match self.side {
            Color::Black => (black, white),
            Color::White => (white, black),
        }
    }

    /// The position with the side to move's pieces `own`, the other's `opp`, the kings
    /// `kings`, and the other side to move (what a move of the side to move leaves).
    #[inline(always)]
    pub fn with(&self, own: B, opp: B, kings: B) -> Self {
        let pieces = match self.side {
            Color::Black => [own, opp],
            Color::White => [opp, own],
        };
        Position { pieces, kings, side: self.side.other() }
    }

    /// Plays `mv` in place and returns what [`Position::unmake`] needs.
    #[inline(always)]
    pub fn make(&mut self, mv: &Move<B>) -> Undo<B> {
        let undo = Undo { kings: self.kings };
        let (from, to) = (B::bit(mv.from.into()), B::bit(mv.to.into()));
        let us = self.side.index();
        self.pieces[us] = (self.pieces[us] & !from) | to;
        self.pieces[1 - us] &= !mv.captured;
        let was_king = (self.kings & from).any();
        self.kings &= !(mv.captured | from);
        if was_king || mv.promotes {
            self.kings |= to;
        }
        self.side = self.side.other();
        undo
    }

    /// Takes back `mv`, which must be the last move made, with the [`Undo`] it returned.
    #[inline(always)]
    pub fn unmake(&mut self, mv: &Move<B>, undo: Undo<B>) {
        self.side = self.side.other();
        let (from, to) = (B::bit(mv.from.into()), B::bit(mv.to.into()));
        let us = self.side.index();
        self.pieces[us] = (self.pieces[us] & !to) | from;
        self.pieces[1 - us] |= mv.captured;
        self.kings = undo.kings;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_letters_round_trip_and_text_positions_parse() {
        for c in ['b', 'B', 'w', 'W'] {
            assert_eq!(Piece::from_letter(c).map(Piece::letter), Some(c));
        }
        assert_eq!(Piece::from_letter('k'), None);
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let p = Position::from_text(&g, Color::White, "Ba1  wc3").unwrap();
        let black_king = Piece { color: Color::Black, king: true };
        assert_eq!(p.piece_at(g.parse_square("a1").unwrap()), Some(black_king));
        assert_eq!((p.count(Color::White), p.king_count(Color::White), p.side), (1, 0, Color::White));
        assert!(Position::from_text(&g, Color::Black, "ka1").is_err(), "not a piece letter");
        assert!(Position::from_text(&g, Color::Black, "ba2").is_err(), "a light square");
        assert!(Position::from_text(&g, Color::Black, "b").is_err(), "no square");
    }

    /// Along seeded random games on three boards: `apply` of every legal move equals
    /// `make` on a copy, `unmake` restores the position, and the setwise steps of
    /// `for_each_step` are exactly the step moves applied.
    #[test]
    fn apply_equals_make_and_unmake_restores_along_random_games() {
        use super::super::moves::{for_each_step, legal_moves};
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for (m, n, r) in [(8, 8, 3), (6, 7, 2), (5, 5, 1)] {
            let g = Geometry::<u64>::new(m, n, r).unwrap();
            for _game in 0..40 {
                let mut p = Position::start(&g);
                for _ply in 0..120 {
                    let moves = legal_moves::<u64, true>(&g, &p);
                    if moves.is_empty() {
                        break;
                    }
                    let mut applied = Vec::new();
                    for mv in &moves {
                        let mut made = p;
                        let undo = made.make(mv);
                        assert_eq!(p.apply(mv), made, "{m}x{n}: {mv:?} from {p:?}");
                        applied.push(made);
                        made.unmake(mv, undo);
                        assert_eq!(made, p, "{m}x{n}: unmake of {mv:?}");
                    }
                    let mut stepped = Vec::new();
                    if for_each_step(&g, &p, &mut |child| stepped.push(*child)) {
                        assert_eq!(stepped.len(), applied.len(), "{m}x{n}: steps of {p:?}");
                        assert!(stepped.iter().all(|c| applied.contains(c)), "{m}x{n}: steps of {p:?}");
                    }
                    p = applied[rng.random_range(0..applied.len())];
                }
            }
        }
    }
}
