//! The search's compact form of a position: for the game tree only the number of rows
//! per (color, fill) matters, not which row is which, so each board is one `u64` of
//! 4-bit counters and the bowls are another. Moves follow the spec exactly (the target
//! row is the fullest fitting row of the color, else an empty row); only the row's
//! index is forgotten. Conversion from [`Position`] keeps every count, so besteScore on
//! the packed form visits the same tree (same score, moves and positions).
//!
//! Board counters (nibble index): 0 = empty rows, `f` = yellow rows of fill `f`
//! (1..L-1), 7 = full rows (either color), `8 + f` = blue rows of fill `f`. The boards
//! are kept mover first: a move swaps them.
//! State word: nibble `2*i + c` = tiles of color `c` on bowl `i` (bits 0..40), the pot
//! tiles drawn (bits 40..48), the player to move (bit 63). A move changes the state by
//! clearing the bowl's counter and adding one table entry (refill, tiles drawn and the
//! player to move at once).

use super::position::Position;
use super::rules::{Color, Move, MoveList, Rules, MAX_BOWLS, MAX_BOWL_TILES};

const FULL: u32 = 7;
const LOW_BITS: u64 = 0x1111_1111_1111_1111;
/// The low three bits of every 4-bit counter.
const LOW_THREE: u64 = 0x7777_7777_7777_7777;
/// Low bit of each of the `2 * MAX_BOWLS` bowl counters.
const BOWL_COUNTERS: u64 = 0x11_1111_1111;
/// Low bit of each yellow bowl counter.
const YELLOW_COUNTERS: u64 = 0x01_0101_0101;
/// Entries of the refill table: index `drawn << 6 | 8 * bowl | left` (see `refill`).
const REFILL_ENTRIES: usize = 1 << 14;
/// First bit of the pot tiles drawn in the state word.
const DRAWN_SHIFT: u32 = 40;
/// The player to move in the state word.
const TO_MOVE_BIT: u64 = 1 << 63;
/// The most pot tiles drawn the state word holds; no position reaches it (at most
/// `M*N` tiles start on the bowls and `2*K*L` can go to the boards).
const MAX_DRAWN: usize = 255;

/// A position in the search's packed form. `Copy`, 24 bytes; equal exactly when the
/// positions have the same counters, pot index and player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Packed {
    /// The board counters of the player to move, then of her opponent.
    boards: [u64; 2],
    /// Bowl counters, pot tiles drawn and the player to move (see the module's doc).
    state: u64,
}

/// The distinct legal moves of a packed position as a set (see [`PackedRules::move_set`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveSet {
    /// Low bits of the mover's non-zero board counters.
    nz: u64,
    /// The low bit of bowl counter `2 * bowl + color` for each move.
    mask: u64,
}

/// The legal moves of a position, some maybe not distinct (see
/// [`PackedRules::legal_moves_with`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LegalMoves(MoveSet);

impl LegalMoves {
    /// Whether there is no legal move.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl MoveSet {
    /// Whether there is no legal move.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.mask == 0
    }

    /// Whether there is exactly one move.
    #[inline(always)]
    pub fn is_single(&self) -> bool {
        self.mask != 0 && self.mask & (self.mask - 1) == 0
    }
}

/// The board of the player to move as the move set needs it: the low bits of its
/// non-zero counters, and for each bowl counter the most tiles of its color one row can
/// take, with bit 3 of every bowl counter set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardLimits {
    nz: u64,
    limits: u64,
}

/// Per-game tables of the packed search.
#[derive(Debug, Clone)]
pub struct PackedRules<'a> {
    rules: &'a Rules,
    /// `fit[c][k]`: low bits of the board counters that can take `k` tiles of color `c`.
    fit: [[u64; 16]; 2],
    all_full: u64,
    /// `refill[drawn << 6 | 8 * bowl | left]`: what to add to the state
    /// word once bowl `bowl`'s taken color is cleared and `left` tiles stay on it: the
    /// refill from pot position `drawn` on the bowl's counters, the tiles taken on the
    /// drawn count, and the change of player to move.
    refill: Box<[u64; REFILL_ENTRIES]>,
    /// `place[(c * 16 + n) * 16 + k]`: the change of the board word when `k` tiles of color
    /// `c` go to a row counted in counter `n` (wrapping: one off counter `n`, one on the
    /// counter of the row's new fill).
    place: Box<[u64; 2 * 16 * 16]>,
    bowls: usize,
    row_len: u32,
    /// `L` in every bowl counter: the move limits when the mover has an empty row.
    empty_row_limits: u64,
}

/// The bits of the bowl counters in the state word.
const BOWL_BITS: u64 = (1 << DRAWN_SHIFT) - 1;

/// The full-rows counter of a board.
#[inline(always)]
fn full_rows(board: u64) -> u64 {
    (board >> (4 * FULL)) & 15
}

/// Low bit of each bowl counter whose `k` tiles one row of the mover can take
/// (`k <= kmax(c)`, the most tiles of its color `c` a row takes; `k = 0` included), given
/// the mover's [`BoardLimits`] `limits`. Branch-free: bit 3 of each counter of `limits`
/// stops the borrow of the subtraction.
#[inline(always)]
fn fitting(bowls: u64, limits: u64) -> u64 {
    (limits.wrapping_sub(bowls) >> 3) & BOWL_COUNTERS
}

/// Low bit of each bowl counter of a `M`-bowl game that is non-zero and unlike the same
/// color's counter on every earlier bowl (its move is the first of its kind in spec order).
#[inline(always)]
fn first_of_kind<const M: usize>(bowls: u64) -> u64 {
    let mut first = nonzero_high(bowls);
    for s in 1..M.min(MAX_BOWLS) {
        first &= nonzero_high(bowls ^ (bowls << (8 * s)));
    }
    (first >> 3) & BOWL_COUNTERS
}

/// Low bit of every non-zero 4-bit counter of `x`.
#[inline(always)]
fn nonzero(x: u64) -> u64 {
    (nonzero_high(x) >> 3) & LOW_BITS
}

/// Bit 3 of each 4-bit counter set exactly when the counter of `x` is non-zero (the
/// other bits are not specified): adding 7 to a counter's low three bits carries into
/// bit 3 when they are not all zero, and never past the counter.
#[inline(always)]
fn nonzero_high(x: u64) -> u64 {
    ((x & LOW_THREE) + LOW_THREE) | x
}

impl<'a> PackedRules<'a> {
    /// The tables for `rules`.
    pub fn new(rules: &'a Rules) -> Self {
        let mut fit = [[0u64; 16]; 2];
        for (c, per_color) in fit.iter_mut().enumerate() {
            for (k, mask) in per_color.iter_mut().enumerate().take(MAX_BOWL_TILES + 1).skip(1) {
                if k <= rules.row_len {
                    *mask = 1;
                    for f in 1..=rules.row_len - k {
                        *mask |= 1 << (4 * (8 * c + f));
                    }
                }
            }
        }
        let mut refill: Box<[u64; REFILL_ENTRIES]> =
            vec![0; REFILL_ENTRIES].into_boxed_slice().try_into().expect("refill table size");
        for drawn in 0..=rules.pot().len().min(MAX_DRAWN) as u32 {
            for bowl in 0..MAX_BOWLS as u32 {
                for left in 0..=MAX_BOWL_TILES as u32 {
                    let (taken, yellow) = rules.draw(drawn, (rules.bowl_tiles as u32).saturating_sub(left));
                    let counters = u64::from(yellow | ((taken - yellow) << 4)) << (8 * bowl);
                    refill[((drawn << 6) | (8 * bowl) | left) as usize] =
                        counters + (u64::from(taken) << DRAWN_SHIFT) + TO_MOVE_BIT;
                }
            }
        }
        let row_len = rules.row_len as u32;
        let mut place = Box::new([0u64; 2 * 16 * 16]);
        for c in 0..2u32 {
            for nibble in 0..16u32 {
                let fill = match nibble {
                    0 => 0,
                    n if n > 8 * c && n < 8 * c + row_len => n - 8 * c,
                    _ => continue,
                };
                for k in 1..=(row_len - fill).min(7) {
                    let after = fill + k;
                    let target = if after == row_len { FULL } else { 8 * c + after };
                    place[((c * 16 + nibble) * 16 + k) as usize] =
                        (1u64 << (4 * target)).wrapping_sub(1 << (4 * nibble));
                }
            }
        }
        PackedRules {
            rules,
            fit,
            all_full: rules.rows as u64,
            refill,
            place,
            bowls: rules.bowls,
            row_len: rules.row_len as u32,
            empty_row_limits: rules.row_len as u64 * BOWL_COUNTERS,
        }
    }

    /// The packed form of `pos`.
    ///
    /// Panics when more than 255 pot tiles are drawn, which no position reachable from a
    /// loaded game has.
    pub fn pack(&self, pos: &Position) -> Packed {
        let mut boards = [0u64; 2];
        for (i, board) in boards.iter_mut().enumerate() {
            let p = pos.to_move() ^ i;
            for r in 0..self.rules.rows {
                let row = pos.row(p, r);
                let nibble = match row.color {
                    _ if u32::from(row.fill) == self.row_len => FULL,
                    None => 0,
                    Some(c) => 8 * c.index() as u32 + u32::from(row.fill),
                };
                *board += 1 << (4 * nibble);
            }
        }
        let mut bowls = 0u64;
        for i in 0..self.bowls {
            for c in Color::BOTH {
                bowls |= u64::from(pos.bowl(i, c)) << (4 * (2 * i + c.index()));
            }
        }
        assert!(pos.drawn() <= MAX_DRAWN, "more than {MAX_DRAWN} pot tiles drawn");
        let to_move = if pos.to_move() == 1 { TO_MOVE_BIT } else { 0 };
        Packed { boards, state: bowls | (pos.drawn() as u64) << DRAWN_SHIFT | to_move }
    }

    /// Number of bowls `M`.
    pub fn bowls(&self) -> usize {
        self.bowls
    }

    /// Whether either player has every row full.
    #[inline(always)]
    pub fn someone_all_full(&self, pos: &Packed) -> bool {
        full_rows(pos.boards[0]) == self.all_full || full_rows(pos.boards[1]) == self.all_full
    }

    /// Full rows of the player to move minus the opponent's.
    #[inline(always)]
    pub fn score(&self, pos: &Packed) -> i32 {
        full_rows(pos.boards[0]) as i32 - full_rows(pos.boards[1]) as i32
    }

    /// The distinct legal moves of the player to move, in spec order.
    #[inline(always)]
    pub fn moves(&self, pos: &Packed) -> MoveList {
        match self.bowls {
            1 => self.moves_of::<1>(pos),
            2 => self.moves_of::<2>(pos),
            3 => self.moves_of::<3>(pos),
            4 => self.moves_of::<4>(pos),
            _ => self.moves_of::<5>(pos),
        }
    }

    /// [`PackedRules::moves`] for a game of exactly `M` bowls (the loop unrolled).
    #[inline(always)]
    pub fn moves_of<const M: usize>(&self, pos: &Packed) -> MoveList {
        let mut list = MoveList::default();
        let nz = nonzero(pos.boards[0]);
        let mut seen = [0u32; 2];
        let mut bowls = pos.state;
        for bowl in 0..M.min(MAX_BOWLS) {
            for (c, seen) in seen.iter_mut().enumerate() {
                let k = (bowls & 15) as usize;
                bowls >>= 4;
                let bit = 1u32 << k;
                if k == 0 || *seen & bit != 0 {
                    continue;
                }
                *seen |= bit;
                if nz & self.fit[c][k] != 0 {
                    list.push(Move { bowl: bowl as u8, color: Color::from_index(c) });
                }
            }
        }
        list
    }

    /// Does a legal move (one of [`PackedRules::moves`]).
    #[inline(always)]
    pub fn do_move(&self, pos: &mut Packed, mv: Move) {
        let c = mv.color.index();
        let k = ((pos.state >> (4 * (2 * u32::from(mv.bowl) + c as u32))) & 15) as u32;
        let fits = nonzero(pos.boards[0]) & self.fit[c][k as usize & 15];
        debug_assert!(k > 0 && fits != 0, "packed do_move: illegal move {mv}");
        *pos = self.child(pos, usize::from(mv.bowl), c, k, fits);
    }

    /// The distinct legal moves of the player to move in `pos`, as a set for
    /// [`PackedRules::for_each_child`].
    #[inline(always)]
    pub fn move_set<const M: usize>(&self, pos: &Packed) -> MoveSet {
        let limits = self.limits(pos.boards[0]);
        MoveSet { nz: limits.nz, mask: self.move_mask::<M>(pos.state & BOWL_BITS, limits.limits) }
    }

    /// The legal moves of the player to move in a child of a position, given that
    /// position's [`PackedRules::child_limits`] (the board to move in every child is the
    /// same): empty exactly when [`PackedRules::move_set`] is; [`PackedRules::distinct`]
    /// makes them the distinct moves.
    #[inline(always)]
    pub fn legal_moves_with(&self, child: &Packed, limits: BoardLimits) -> LegalMoves {
        let bowls = child.state & BOWL_BITS;
        LegalMoves(MoveSet { nz: limits.nz, mask: fitting(bowls, limits.limits) & (nonzero_high(bowls) >> 3) })
    }

    /// The distinct moves among the legal moves `legal` of `pos` (the first in spec order
    /// of each color and count): [`PackedRules::move_set`] of `pos`.
    #[inline(always)]
    pub fn distinct<const M: usize>(&self, pos: &Packed, legal: LegalMoves) -> MoveSet {
        if legal.0.is_single() {
            return legal.0;
        }
        MoveSet { nz: legal.0.nz, mask: legal.0.mask & first_of_kind::<M>(pos.state & BOWL_BITS) }
    }

    /// What the move sets of all children of `pos` share: the limits of the board of the
    /// player to move in them (the opponent of the player to move in `pos`).
    #[inline(always)]
    pub fn child_limits(&self, pos: &Packed) -> BoardLimits {
        self.limits(pos.boards[1])
    }

    /// The [`BoardLimits`] of the board `board` of the player to move.
    #[inline(always)]
    fn limits(&self, board: u64) -> BoardLimits {
        let nz = nonzero(board);
        let limits = if nz & 1 != 0 {
            self.empty_row_limits
        } else {
            self.most_tiles(nz, 0) * YELLOW_COUNTERS + self.most_tiles(nz, 1) * (YELLOW_COUNTERS << 4)
        };
        BoardLimits { nz, limits: limits | BOWL_COUNTERS << 3 }
    }

    /// Calls `visit(move, child)` for every move of `moves` (the [`PackedRules::move_set`]
    /// of `pos`), in spec order (the order of [`PackedRules::moves_of`]), with the position
    /// after it; stops early when `visit` returns `false`.
    #[inline(always)]
    pub fn for_each_child(&self, pos: &Packed, moves: MoveSet, mut visit: impl FnMut(Move, &Packed) -> bool) {
        let mut mask = moves.mask;
        while mask != 0 {
            let shift = mask.trailing_zeros();
            mask &= mask - 1;
            let (mv, child) = self.move_and_child(pos, shift, moves.nz);
            if !visit(mv, &child) {
                break;
            }
        }
    }

    /// The position after the first move of `moves` (a non-empty [`PackedRules::move_set`]
    /// of `pos`, or its one move).
    #[inline(always)]
    pub fn first_child(&self, pos: &Packed, moves: MoveSet) -> Packed {
        self.move_and_child(pos, moves.mask.trailing_zeros(), moves.nz).1
    }

    /// The move of the bowl counter at bit `shift` and the position after it, given the
    /// low bits `nz` of the mover's non-zero board counters.
    #[inline(always)]
    fn move_and_child(&self, pos: &Packed, shift: u32, nz: u64) -> (Move, Packed) {
        let (bowl, c) = ((shift / 8) as usize, ((shift / 4) & 1) as usize);
        let k = ((pos.state >> shift) & 15) as u32;
        let child = self.child(pos, bowl, c, k, nz & self.fit[c][k as usize]);
        (Move { bowl: bowl as u8, color: Color::from_index(c) }, child)
    }

    /// The distinct legal moves as a set of bowl counters: the low bit of counter
    /// `2 * bowl + color` for each, given the mover's [`BoardLimits`] `limits`.
    #[inline(always)]
    fn move_mask<const M: usize>(&self, bowls: u64, limits: u64) -> u64 {
        fitting(bowls, limits) & first_of_kind::<M>(bowls)
    }

    /// The most tiles of color `c` one row of the mover's board can take (`L` with an
    /// empty row, else `L` minus the lowest fill of a row of color `c`, else 0), given
    /// the low bits `nz` of her non-zero board counters.
    #[inline(always)]
    fn most_tiles(&self, nz: u64, c: usize) -> u64 {
        let partial = (nz >> (32 * c + 4)) & 0x11_1111;
        if nz & 1 != 0 {
            u64::from(self.row_len)
        } else if partial == 0 {
            0
        } else {
            u64::from(self.row_len - 1 - partial.trailing_zeros() / 4)
        }
    }

    /// Whether the player who made the last move (not the one to move in `pos`) has every
    /// row full: after a move from a position that was not an end position, the only way
    /// the new position can be an end position by full rows.
    #[inline(always)]
    pub fn last_mover_all_full(&self, pos: &Packed) -> bool {
        full_rows(pos.boards[1]) == self.all_full
    }

    /// The position after the player to move takes the `k` tiles of color `c` from bowl
    /// `bowl`, where `fits` (non-zero) are the low bits of her board counters that can take them.
    #[inline(always)]
    fn child(&self, pos: &Packed, bowl: usize, c: usize, k: u32, fits: u64) -> Packed {
        let shift = 4 * (2 * bowl as u32 + c as u32);
        let nibble = ((63 - (fits | 1).leading_zeros()) / 4) as usize;
        let mover = pos.boards[0].wrapping_add(self.place[((c & 1) * 16 + nibble) * 16 + (k & 15) as usize]);
        let state = pos.state & !(15 << shift);
        let left = ((state >> (shift ^ 4)) & 7) as usize;
        let drawn = usize::from((state >> DRAWN_SHIFT) as u8);
        let state = state.wrapping_add(self.refill[(drawn << 6) | (shift & 0x38) as usize | left]);
        Packed { boards: [pos.boards[1], mover], state }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::nonzero;

    proptest! {
        #[test]
        fn nonzero_marks_exactly_the_nonzero_counters(x in any::<u64>(), zeros in any::<u16>()) {
            let x = (0..16).filter(|i| zeros >> i & 1 != 0).fold(x, |x, i| x & !(15 << (4 * i)));
            let expected = (0..16).filter(|i| (x >> (4 * i)) & 15 != 0).fold(0, |m, i| m | 1 << (4 * i));
            prop_assert_eq!(nonzero(x), expected);
        }
    }
}
