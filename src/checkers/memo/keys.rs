//! The exact table keys of the memo walks ([`MemoKey`]: [`Packed`], [`Narrow`], [`Full`])
//! and the job a walk is asked for.

use crate::checkers::count::CountStop;
use crate::checkers::geometry::{bits_needed, Color, Geometry};
use crate::checkers::position::Position;
use crate::search::bits::Bits;
use crate::search::budget::Budget;
use std::hash::Hash;
use std::num::NonZeroU64;

/// Largest remaining depth a [`Packed`] key holds.
pub const MAX_PACKED_DEPTH: u32 = 63;

/// An exact table key for a position and a remaining depth (0 for the count).
pub trait MemoKey<B>: Copy + Eq + Hash + Send + Sync {
    /// The key of `p` with `depth` plies to go, on a layout of `len` bits.
    fn of(p: &Position<B>, depth: u32, len: u32) -> Self;
}

/// The compact key of layouts of at most [`PACKED_MAX_LEN`] bits (8x8 has 36): Black's
/// pieces, White's pieces, the kings, the side to move and the depth, packed without
/// overlap into the low 127 bits of 128, so two keys are equal exactly when the positions
/// and depths are. The top bit, which no field reaches, is always set: the high word is
/// a `NonZeroU64`, so an `Option` of a table entry needs no tag (a perft entry is 32
/// bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Packed {
    pub(super) low: u64,
    pub(super) high: NonZeroU64,
}

/// Longest layout a [`Packed`] key holds: `3 * len + 1 + 6 <= 127`.
pub const PACKED_MAX_LEN: u32 = 40;

impl<B: Bits> MemoKey<B> for Packed {
    #[inline(always)]
    fn of(p: &Position<B>, depth: u32, len: u32) -> Self {
        let side = u128::from(p.side == Color::White);
        let x = p.pieces[0].low_u128()
            | p.pieces[1].low_u128() << len
            | p.kings.low_u128() << (2 * len)
            | side << (3 * len)
            | u128::from(depth) << (3 * len + 1);
        let high = (x >> 64) as u64 | 1 << 63;
        Packed { low: x as u64, high: NonZeroU64::new(high).unwrap_or(NonZeroU64::MAX) }
    }
}

/// The compact count key of layouts of at most [`NARROW_MAX_LEN`] bits (6x6 has 21):
/// Black's pieces, White's pieces, the kings and the side to move packed without overlap
/// into 64 bits, plus one. Nonzero, as no position sets all 64 bits (that would need
/// both colours on the same squares), so an `Option` of a table entry needs no tag.
/// Count keys only: the depth is always 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Narrow(pub(super) NonZeroU64);

/// Longest layout a [`Narrow`] key holds: `3 * len + 1 <= 64`.
pub const NARROW_MAX_LEN: u32 = 21;

impl<B: Bits> MemoKey<B> for Narrow {
    #[inline(always)]
    fn of(p: &Position<B>, depth: u32, len: u32) -> Self {
        debug_assert!(depth == 0 && len <= NARROW_MAX_LEN);
        let side = u64::from(p.side == Color::White);
        let x = p.pieces[0].low_u128() as u64
            | (p.pieces[1].low_u128() as u64) << len
            | (p.kings.low_u128() as u64) << (2 * len)
            | side << (3 * len);
        Narrow(NonZeroU64::new(x.wrapping_add(1)).unwrap_or(NonZeroU64::MAX))
    }
}

/// The key of larger layouts: the whole position and the depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Full<B>(Position<B>, u8);

impl<B: Bits> MemoKey<B> for Full<B> {
    #[inline(always)]
    fn of(p: &Position<B>, depth: u32, _len: u32) -> Self {
        Full(*p, depth as u8)
    }
}

/// One memo walk as asked for: the board, the start position, the table's bound, whether
/// the root splitter cuts it over the rayon pool, and the budget.
pub(super) struct MemoWalk<'a, B> {
    pub(super) g: &'a Geometry<B>,
    pub(super) p: &'a Position<B>,
    pub(super) max_bytes: u64,
    pub(super) parallel: bool,
    pub(super) budget: &'a Budget,
}

impl<'a, B: Bits> MemoWalk<'a, B> {
    pub(super) fn new(
        g: &'a Geometry<B>,
        p: &'a Position<B>,
        max_bytes: u64,
        parallel: bool,
        budget: &'a Budget,
    ) -> Self {
        MemoWalk { g, p, max_bytes, parallel, budget }
    }

    /// Whether the compact [`Packed`] key holds this board's positions with `depth`.
    pub(super) fn packs(&self, depth: u32) -> bool {
        bits_needed(self.g.rows, self.g.cols) <= PACKED_MAX_LEN && depth <= MAX_PACKED_DEPTH
    }

    /// Whether the 64-bit [`Narrow`] count key holds this board's positions.
    pub(super) fn narrow(&self) -> bool {
        bits_needed(self.g.rows, self.g.cols) <= NARROW_MAX_LEN
    }
}

pub(super) fn checked(a: u64, b: u64) -> Result<u64, CountStop> {
    a.checked_add(b).ok_or(CountStop::Overflow)
}
