//! Fixed-width bit sets over a board's cells, shared by every game's bitboards: `u64` for
//! boards of up to 64 cells, `u128` up to 128, and [`Wide<W>`] (`W` words of 64 bits) for
//! larger boards. The searches are generic over [`Bits`] and pick the narrowest type
//! once per search (see [`width_for`]), so the common boards run on one machine word.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A fixed-width set of bit positions (cells).
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The empty set.
    const ZERO: Self;
    /// How many bit positions the type holds.
    const CAPACITY: u32;
    /// The set holding only position `i` (`i < CAPACITY`).
    fn bit(i: u32) -> Self;
    /// Every position moved up by `k` (positions past the top are dropped), `k < CAPACITY`.
    fn shl(self, k: u32) -> Self;
    /// Every position moved down by `k` (positions below 0 are dropped), `k < CAPACITY`.
    fn shr(self, k: u32) -> Self;
    /// Number of positions in the set.
    fn count(self) -> u32;
    /// The lowest position; only meaningful for a non-empty set.
    fn lowest(self) -> u32;
    /// The set without its lowest position.
    fn without_lowest(self) -> Self;
    /// Positions 0..128 as a `u128` (the rest dropped); exact for sets of at most 128 bits.
    fn low_u128(self) -> u128;
    /// Whether the set is empty.
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    /// Whether the set holds something.
    #[inline(always)]
    fn any(self) -> bool {
        self != Self::ZERO
    }
    /// Whether position `i` is in the set.
    #[inline(always)]
    fn has(self, i: u32) -> bool {
        (self & Self::bit(i)).any()
    }
    /// Whether the two sets share no position.
    #[inline(always)]
    fn disjoint(self, other: Self) -> bool {
        (self & other).is_empty()
    }
    /// The lowest position not in the set; only meaningful when the set is not full.
    #[inline(always)]
    fn first_zero(self) -> u32 {
        (!self).lowest()
    }
    /// Iterates the positions from lowest to highest.
    #[inline(always)]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

/// Iterator over the positions of a [`Bits`] set, lowest first.
#[derive(Debug, Clone, Copy)]
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            return None;
        }
        let i = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(i)
    }
}

macro_rules! native_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const CAPACITY: u32 = <$t>::BITS;
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn shl(self, k: u32) -> Self {
                self << k
            }
            #[inline(always)]
            fn shr(self, k: u32) -> Self {
                self >> k
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn low_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn first_zero(self) -> u32 {
                self.trailing_ones()
            }
        }
    };
}

native_bits!(u64);
native_bits!(u128);

/// A set of `64 * W` positions in `W` words (word 0 holds positions 0..64).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const W: usize>([u64; W]);

impl<const W: usize> Default for Wide<W> {
    fn default() -> Self {
        Wide([0; W])
    }
}

impl<const W: usize> Wide<W> {
    #[inline(always)]
    fn zip(self, o: Self, f: impl Fn(u64, u64) -> u64) -> Self {
        let mut w = self.0;
        for (a, b) in w.iter_mut().zip(o.0) {
            *a = f(*a, b);
        }
        Wide(w)
    }
}

impl<const W: usize> BitAnd for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        self.zip(o, |a, b| a & b)
    }
}
impl<const W: usize> BitOr for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        self.zip(o, |a, b| a | b)
    }
}
impl<const W: usize> BitXor for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn bitxor(self, o: Self) -> Self {
        self.zip(o, |a, b| a ^ b)
    }
}
impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Wide(self.0.map(|a| !a))
    }
}
impl<const W: usize> BitAndAssign for Wide<W> {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Self) {
        *self = *self & o;
    }
}
impl<const W: usize> BitOrAssign for Wide<W> {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Self) {
        *self = *self | o;
    }
}

impl<const W: usize> Bits for Wide<W> {
    const ZERO: Self = Wide([0; W]);
    const CAPACITY: u32 = 64 * W as u32;
    #[inline(always)]
    fn bit(i: u32) -> Self {
        let mut w = [0; W];
        w[i as usize / 64] = 1 << (i % 64);
        Wide(w)
    }
    #[inline]
    fn shl(self, k: u32) -> Self {
        let (words, bits) = ((k / 64) as usize, k % 64);
        let mut w = [0; W];
        for (i, word) in w.iter_mut().enumerate().skip(words) {
            let src = i - words;
            *word = self.0[src] << bits;
            if bits > 0 && src > 0 {
                *word |= self.0[src - 1] >> (64 - bits);
            }
        }
        Wide(w)
    }
    #[inline]
    fn shr(self, k: u32) -> Self {
        let (words, bits) = ((k / 64) as usize, k % 64);
        let mut w = [0; W];
        for (i, word) in w.iter_mut().enumerate().take(W.saturating_sub(words)) {
            let src = i + words;
            *word = self.0[src] >> bits;
            if bits > 0 && src + 1 < W {
                *word |= self.0[src + 1] << (64 - bits);
            }
        }
        Wide(w)
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn lowest(self) -> u32 {
        let k = self.0.iter().position(|&w| w != 0).unwrap_or(W - 1);
        64 * k as u32 + self.0[k].trailing_zeros()
    }
    #[inline]
    fn without_lowest(self) -> Self {
        let mut w = self.0;
        if let Some(word) = w.iter_mut().find(|w| **w != 0) {
            *word &= *word - 1;
        }
        Wide(w)
    }
    #[inline]
    fn low_u128(self) -> u128 {
        let word = |i: usize| self.0.get(i).copied().unwrap_or(0) as u128;
        word(0) | word(1) << 64
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }
    #[inline]
    fn has(self, i: u32) -> bool {
        self.0[i as usize / 64] >> (i % 64) & 1 == 1
    }
    #[inline]
    fn disjoint(self, o: Self) -> bool {
        self.0.iter().zip(o.0).all(|(a, b)| a & b == 0)
    }
}

/// The bit-set widths a game's searches are compiled for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Width {
    /// `u64`: up to 64 positions.
    W64,
    /// `u128`: up to 128 positions.
    W128,
    /// [`Wide`]: more.
    Wide,
}

/// The narrowest width holding `positions` bit positions: the one width chooser, so that
/// every game switches from `u64` to `u128` to [`Wide`] at the same sizes.
pub fn width_for(positions: usize) -> Width {
    match positions {
        0..=64 => Width::W64,
        65..=128 => Width::W128,
        _ => Width::Wide,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set<B: Bits>(positions: &[u32]) -> B {
        positions.iter().fold(B::ZERO, |s, &i| s | B::bit(i))
    }

    #[test]
    fn wide_shifts_carry_across_words_and_drop_past_the_ends() {
        type B = Wide<4>;
        let x: B = set(&[126, 3]);
        assert_eq!(x.shl(5), set(&[131, 8]));
        assert_eq!(x.shl(5).shr(5), x);
        assert_eq!(B::bit(200).shr(80), B::bit(120));
        assert_eq!(B::bit(255).shl(1), B::ZERO);
        assert_eq!(B::bit(0).shr(1), B::ZERO);
        assert_eq!(B::bit(1).shl(192), B::bit(193));
        assert_eq!(B::bit(193).shr(128), B::bit(65));
    }

    #[test]
    fn every_width_agrees_with_u128_on_its_low_positions() {
        let positions = [0u32, 5, 63, 64, 100, 127];
        let reference: u128 = set(&positions);
        let wide: Wide<7> = set(&positions);
        for k in [0, 1, 17, 63, 64, 65] {
            assert_eq!(wide.shl(k).low_u128(), reference << k, "shl {k}");
            assert_eq!(wide.shr(k).low_u128(), reference >> k, "shr {k}");
        }
        assert_eq!(wide.iter().collect::<Vec<_>>(), positions);
        assert_eq!((wide.count(), wide.lowest(), wide.without_lowest().lowest()), (6, 0, 5));
    }

    #[test]
    fn membership_disjointness_and_the_first_empty_position() {
        let a: u64 = set(&[0, 1, 2, 9]);
        let w: Wide<3> = set(&[0, 1, 2, 9, 130]);
        assert_eq!((a.first_zero(), w.first_zero()), (3, 3));
        let full_word: Wide<3> = Wide([u64::MAX, 1, 0]);
        assert_eq!(full_word.first_zero(), 65);
        assert!(w.has(130) && !w.has(131) && a.has(9));
        assert!(a.disjoint(set(&[3, 4])) && !a.disjoint(set(&[9])));
        assert!(w.disjoint(set(&[131])) && !w.disjoint(set(&[130])));
    }

    #[test]
    fn the_narrowest_width_is_chosen() {
        assert_eq!(
            [36, 64, 65, 128, 129, 400].map(width_for),
            [Width::W64, Width::W64, Width::W128, Width::W128, Width::Wide, Width::Wide]
        );
    }
}
