//! The one stable hash of the harness: FNV-1a 64. Seeds ([`crate::search::rng`] builds on
//! it), file hashes and resume keys, journal checksums and name seeds are all this hash,
//! so a value computed by one build is the same in every later build and on every
//! platform.

/// The FNV-1a 64 offset basis: the hash of no bytes.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// The FNV-1a 64 prime.
pub const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// The FNV-1a 64 hash `h` continued over `bytes` (start from [`FNV_OFFSET`]): each byte
/// is xored in, then the state multiplied by [`FNV_PRIME`] modulo 2^64.
pub fn fnv1a(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(FNV_PRIME))
}

/// The FNV-1a 64 hash of `bytes` as 16 lowercase hex digits.
pub fn fnv1a_hex(bytes: &[u8]) -> String {
    format!("{:016x}", fnv1a(FNV_OFFSET, bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published FNV-1a 64 test vectors.
    #[test]
    fn known_vectors() {
        assert_eq!(fnv1a(FNV_OFFSET, b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(FNV_OFFSET, b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(FNV_OFFSET, b"foobar"), 0x8594_4171_f739_67e8);
        assert_eq!(fnv1a(fnv1a(FNV_OFFSET, b"foo"), b"bar"), fnv1a(FNV_OFFSET, b"foobar"));
        assert_eq!(fnv1a_hex(b"a"), "af63dc4c8601ec8c");
    }
}
