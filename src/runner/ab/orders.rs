//! The seeded, balanced order of an item's rounds.

use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::base::stats::seed_of;

/// The orders of an item's rounds: each pair of rounds holds `true` (A first, or A on the
/// first core) and `false`, which comes first drawn from a `ChaCha8Rng` seeded with the
/// A/B's seed and the item's names.
pub(super) struct Orders {
    pub(super) rng: ChaCha8Rng,
    pub(super) pending: Option<bool>,
}

impl Orders {
    pub(super) fn new(seed: u64, experiment: &str, id: &str) -> Orders {
        Orders { rng: ChaCha8Rng::seed_from_u64(seed_of(&[&seed.to_string(), experiment, id])), pending: None }
    }

    pub(super) fn next(&mut self) -> bool {
        match self.pending.take() {
            Some(second) => second,
            None => {
                let first: bool = self.rng.random();
                self.pending = Some(!first);
                first
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair of rounds holds both orders; the same seed gives the same orders.
    #[test]
    fn orders_are_balanced_and_seeded() {
        let draw = |seed| {
            let mut o = Orders::new(seed, "e", "i");
            (0..40).map(|_| o.next()).collect::<Vec<bool>>()
        };
        let a = draw(1);
        assert!(a.chunks(2).all(|p| p[0] != p[1]));
        assert_eq!(a, draw(1));
        assert_ne!(a, draw(2));
    }
}
