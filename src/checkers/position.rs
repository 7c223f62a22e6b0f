//! A position: where the pieces of both colours stand, which are kings, and who moves.
//! Moves are played with copy-make ([`Position::apply`]) or in place with
//! [`Position::make`] / [`Position::unmake`].

use super::bits::Bits;
use super::geometry::{Color, Geometry};
use super::mv::Move;

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

impl<B: Bits> Position<B> {
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
        let mut next = *self;
        next.make(mv);
        next
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
