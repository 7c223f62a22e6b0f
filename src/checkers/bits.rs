//! Bit sets over the board's squares: `u64` for boards up to 64 bit positions (8x8 needs
//! 36), `u128` up to 128, and [`Wide`] (256 bits) for the largest boards (16x15, 16x16).
//!
//! The engine is generic over [`Bits`], so the 8x8 board runs on plain `u64` words while
//! a 16x16 board still fits.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A fixed-width set of bit positions with the operations the move generator needs.
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
    /// Every position moved up by `k` (positions past the top are dropped), `k < 128`.
    fn shl(self, k: u32) -> Self;
    /// Every position moved down by `k` (positions below 0 are dropped), `k < 128`.
    fn shr(self, k: u32) -> Self;
    /// Number of positions in the set.
    fn count(self) -> u32;
    /// The lowest position; only meaningful for a non-empty set.
    fn lowest(self) -> u32;
    /// The set without its lowest position.
    fn without_lowest(self) -> Self;
    /// Positions 0..128 as a `u128` (the rest dropped); exact for layouts of at most 128 bits.
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
        }
    };
}

native_bits!(u64);
native_bits!(u128);

/// A 256-bit set (two `u128` words), for the boards whose layout needs more than 128 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Wide {
    lo: u128,
    hi: u128,
}

impl BitAnd for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitand(self, o: Wide) -> Wide {
        Wide { lo: self.lo & o.lo, hi: self.hi & o.hi }
    }
}
impl BitOr for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitor(self, o: Wide) -> Wide {
        Wide { lo: self.lo | o.lo, hi: self.hi | o.hi }
    }
}
impl BitXor for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitxor(self, o: Wide) -> Wide {
        Wide { lo: self.lo ^ o.lo, hi: self.hi ^ o.hi }
    }
}
impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide { lo: !self.lo, hi: !self.hi }
    }
}
impl BitAndAssign for Wide {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Wide) {
        *self = *self & o;
    }
}
impl BitOrAssign for Wide {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Wide) {
        *self = *self | o;
    }
}

impl Bits for Wide {
    const ZERO: Self = Wide { lo: 0, hi: 0 };
    const CAPACITY: u32 = 256;
    #[inline(always)]
    fn bit(i: u32) -> Self {
        if i < 128 {
            Wide { lo: 1 << i, hi: 0 }
        } else {
            Wide { lo: 0, hi: 1 << (i - 128) }
        }
    }
    #[inline(always)]
    fn shl(self, k: u32) -> Self {
        if k == 0 {
            return self;
        }
        Wide { lo: self.lo << k, hi: (self.hi << k) | (self.lo >> (128 - k)) }
    }
    #[inline(always)]
    fn shr(self, k: u32) -> Self {
        if k == 0 {
            return self;
        }
        Wide { lo: (self.lo >> k) | (self.hi << (128 - k)), hi: self.hi >> k }
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }
    #[inline(always)]
    fn lowest(self) -> u32 {
        if self.lo != 0 {
            self.lo.trailing_zeros()
        } else {
            128 + self.hi.trailing_zeros()
        }
    }
    #[inline(always)]
    fn without_lowest(self) -> Self {
        if self.lo != 0 {
            Wide { lo: self.lo & (self.lo - 1), hi: self.hi }
        } else {
            Wide { lo: 0, hi: self.hi & self.hi.wrapping_sub(1) }
        }
    }
    #[inline(always)]
    fn low_u128(self) -> u128 {
        self.lo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_shifts_carry_across_words() {
        let x = Wide::bit(126) | Wide::bit(3);
        assert_eq!(x.shl(5), Wide::bit(131) | Wide::bit(8));
        assert_eq!(x.shl(5).shr(5), x);
        assert_eq!(Wide::bit(200).shr(80), Wide::bit(120));
        assert_eq!(Wide::bit(255).shl(1), Wide::ZERO);
        assert_eq!(Wide::bit(0).shr(1), Wide::ZERO);
    }

    #[test]
    fn iteration_and_counts_agree_on_every_width() {
        let positions = [0u32, 5, 63];
        let a: u64 = positions.iter().fold(0, |s, &i| s | u64::bit(i));
        let b: u128 = positions.iter().fold(0, |s, &i| s | u128::bit(i));
        let c: Wide = positions.iter().chain([130, 255].iter()).fold(Wide::ZERO, |s, &i| s | Wide::bit(i));
        assert_eq!(a.iter().collect::<Vec<_>>(), positions);
        assert_eq!(b.iter().collect::<Vec<_>>(), positions);
        assert_eq!(c.iter().collect::<Vec<_>>(), vec![0, 5, 63, 130, 255]);
        assert_eq!((a.count(), c.count()), (3, 5));
        assert!(c.has(130) && !c.has(131));
    }
}
