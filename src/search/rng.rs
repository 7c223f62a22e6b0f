//! Seeded randomness: every random choice comes from a `ChaCha8Rng` whose seed is
//! derived from the run seed and the item's identity, never from a thread or the clock.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::base::hash::{fnv1a, FNV_OFFSET};

/// The random generator used everywhere in the harness.
pub type Rng = ChaCha8Rng;

/// A stable 64-bit seed from a base seed and identity parts: FNV-1a ([`fnv1a`]) from the
/// offset basis xored with `base` over each part followed by the byte `0xff`, then
/// SplitMix64.
///
/// Stable across platforms, Rust versions and thread counts: the same inputs give the
/// same seed forever, so results replay from the manifest seed.
pub fn derive_seed(base: u64, parts: &[&str]) -> u64 {
    let h = parts.iter().fold(FNV_OFFSET ^ base, |h, part| fnv1a(fnv1a(h, part.as_bytes()), &[0xff]));
    splitmix64(h)
}

/// The SplitMix64 finaliser: a bijective mixing of 64 bits.
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A generator seeded from `base` and the item identity `parts`.
pub fn item_rng(base: u64, parts: &[&str]) -> Rng {
    Rng::seed_from_u64(derive_seed(base, parts))
}

/// A generator seeded directly from `seed` (one-shot commands with `--seed`).
pub fn seeded(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    /// Seeds as the harness has always derived them: a run replays only while these hold.
    #[test]
    fn derived_seeds_are_pinned() {
        assert_eq!(derive_seed(0, &[]), 0xc381_7c01_6ba4_ff30);
        assert_eq!(derive_seed(1, &["a", "b"]), 0xf6f7_fcb6_3d47_ca3a);
        assert_eq!(derive_seed(42, &["tegel", "memo", "instance-3"]), 0xc5f4_abab_9190_3b43);
        assert_eq!(derive_seed(2026, &[""]), 0xb982_9091_672e_a1f7);
    }

    #[test]
    fn derived_seeds_are_stable_and_distinct() {
        assert_eq!(derive_seed(1, &["a", "b"]), derive_seed(1, &["a", "b"]));
        assert_ne!(derive_seed(1, &["a", "b"]), derive_seed(1, &["ab"]));
        assert_ne!(derive_seed(1, &["a"]), derive_seed(2, &["a"]));
    }

    #[test]
    fn item_rng_replays() {
        let a: Vec<u32> = (0..5).map(|_| 0).scan(item_rng(7, &["x"]), |r, _: u32| Some(r.random())).collect();
        let b: Vec<u32> = (0..5).map(|_| 0).scan(item_rng(7, &["x"]), |r, _: u32| Some(r.random())).collect();
        assert_eq!(a, b);
    }

    /// The numbers a seed gives, pinned: rand and rand_chacha are pinned exactly in
    /// Cargo.toml, and this fails if an upgrade changes `seed_from_u64`, the ChaCha8
    /// stream or rand's samplers, so that no row's `item_seed` silently stops replaying.
    #[test]
    fn seeds_replay_the_pinned_numbers() {
        let mut raw = ChaCha8Rng::seed_from_u64(20240321);
        let raw: Vec<u64> = (0..3).map(|_| rand::RngCore::next_u64(&mut raw)).collect();
        let item_seed = derive_seed(20240321, &["tegel_good", "spel1.txt"]);
        let mut rng = item_rng(20240321, &["tegel_good", "spel1.txt"]);
        let ranged: Vec<u32> = (0..8).map(|_| rng.random_range(1..=6)).collect();
        let coins: Vec<bool> = (0..8).map(|_| rng.random_bool(0.5)).collect();
        let got = format!("{raw:?} {item_seed} {ranged:?} {coins:?}");
        assert_eq!(
            got,
            "[4924752321163533925, 337264357089029520, 15846385496660383593] 1441935943938908615 \
             [5, 5, 4, 3, 4, 2, 2, 2] [true, true, false, false, true, true, false, true]"
        );
    }
}
