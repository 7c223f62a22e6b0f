//! The checkers bitboards use the harness's bit sets ([`crate::harness::bits`]): `u64`
//! for boards up to 64 bit positions (8x8 needs 36), `u128` up to 128, and [`Wide`]
//! (256 bits) for the largest boards (16x15, 16x16). The engine is generic over [`Bits`].

pub use crate::harness::bits::{BitIter, Bits};

/// A 256-bit set (four 64-bit words), for the boards whose layout needs more than 128 bits.
pub type Wide = crate::harness::bits::Wide<4>;
