//! One move as a value: its start and end squares, the path of its jumps and the pieces
//! it captures, and its text in the spec's notation. It depends on the board geometry
//! only, so the position (which plays moves) and the move generator (which makes them)
//! both build on it without the position needing the generator.

use super::geometry::Geometry;
use crate::search::bits::Bits;

/// The most jumps one move can make (two bits of [`Move::dirs`] per jump).
pub const MAX_JUMPS: u8 = 64;

/// One move: a step, or a capture of one or more jumps along a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move<B> {
    /// Bit position the piece starts on.
    pub from: u8,
    /// Bit position the piece ends on (may equal `from` after a king's round trip).
    pub to: u8,
    /// Number of jumps (0 for a step).
    pub jumps: u8,
    /// Whether a man is crowned by this move.
    pub promotes: bool,
    /// The direction of each jump, two bits per jump, first jump lowest (the path).
    pub dirs: u128,
    /// The captured pieces.
    pub captured: B,
}

impl<B: Bits> Move<B> {
    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.jumps > 0
    }

    /// The squares the piece visits, start and end included.
    pub fn path(&self, g: &Geometry<B>) -> Vec<u32> {
        let mut squares = vec![u32::from(self.from)];
        if self.jumps == 0 {
            squares.push(self.to.into());
            return squares;
        }
        let mut at = u32::from(self.from);
        for j in 0..self.jumps {
            let d = ((self.dirs >> (2 * j)) & 3) as usize;
            let over = g.neighbour(at, d).expect("jump path stays on the board");
            at = g.neighbour(over, d).expect("jump path stays on the board");
            squares.push(at);
        }
        squares
    }

    /// The move in the spec's notation: `c3-d4`, `c3xe5xg7`.
    pub fn text(&self, g: &Geometry<B>) -> String {
        let sep = if self.is_capture() { "x" } else { "-" };
        self.path(g).iter().map(|&i| g.name(i)).collect::<Vec<_>>().join(sep)
    }
}
