//! Reservoir sampling (Knuth's Algorithm R, after Waterman, as the seed describes it) and
//! the move selector, its reservoir-of-one case.

use rand::Rng;

/// Algorithm R: keeps a uniform random sample of `n` of the items added so far, without
/// knowing in advance how many will come.
///
/// After `t >= n` items were added, every `n`-subset of them is the reservoir's content
/// with the same probability `1 / C(t, n)`. The random numbers come from the generator
/// lent at construction, so a seeded generator replays the same sample.
pub struct Reservoir<'r, T, R: Rng + ?Sized> {
    sample: Vec<T>,
    capacity: usize,
    seen: u64,
    rng: &'r mut R,
}

impl<'r, T, R: Rng + ?Sized> Reservoir<'r, T, R> {
    /// An empty reservoir of `capacity >= 1` entries drawing from `rng`.
    pub fn new(capacity: usize, rng: &'r mut R) -> Self {
        assert!(capacity >= 1, "a reservoir holds at least one item");
        Reservoir { sample: Vec::with_capacity(capacity), capacity, seen: 0, rng }
    }

    /// Adds the next item: the assignment's steps 1 to 4. The first `n` items fill the
    /// reservoir; then the `t`-th item draws `M` uniform in `0..t` and replaces `R[M]`
    /// when `M < n`.
    pub fn add(&mut self, item: T) {
        self.seen += 1;
        if self.sample.len() < self.capacity {
            self.sample.push(item);
            return;
        }
        let m = self.rng.random_range(0..self.seen);
        if m < self.capacity as u64 {
            self.sample[m as usize] = item;
        }
    }

    /// How many items were added.
    pub fn count(&self) -> u64 {
        self.seen
    }

    /// The reservoir: `min(n, count)` items, in reservoir slot order.
    pub fn sample(&self) -> &[T] {
        &self.sample
    }
}

/// The assignment's `NimMoveSelector`: `add` any number of items, `get_count` tells how many,
/// `get` returns one of them chosen uniformly at random (repeated calls return the same
/// one). Algorithm R with a reservoir of one.
pub struct Selector<'r, T, R: Rng + ?Sized> {
    reservoir: Reservoir<'r, T, R>,
}

impl<'r, T: Clone, R: Rng + ?Sized> Selector<'r, T, R> {
    /// An empty selector drawing from `rng`.
    pub fn new(rng: &'r mut R) -> Self {
        Selector { reservoir: Reservoir::new(1, rng) }
    }

    /// Adds a candidate.
    pub fn add(&mut self, item: T) {
        self.reservoir.add(item);
    }

    /// Number of candidates added.
    pub fn get_count(&self) -> u64 {
        self.reservoir.count()
    }

    /// The chosen candidate (each added one with probability `1 / get_count()`), or `None`
    /// when nothing was added.
    pub fn get(&self) -> Option<T> {
        self.reservoir.sample().first().cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::stats::chi_square_p_value;
    use crate::search::rng::seeded;

    #[test]
    fn empty_selector_has_nothing() {
        let mut rng = seeded(1);
        let s: Selector<u32, _> = Selector::new(&mut rng);
        assert_eq!(s.get_count(), 0);
        assert_eq!(s.get(), None);
    }

    #[test]
    fn single_item_is_always_chosen_and_get_repeats() {
        let mut rng = seeded(2);
        let mut s = Selector::new(&mut rng);
        s.add('x');
        assert_eq!(s.get_count(), 1);
        assert_eq!(s.get(), Some('x'));
        assert_eq!(s.get(), Some('x'));
    }

    #[test]
    fn reservoir_keeps_first_items_until_full() {
        let mut rng = seeded(3);
        let mut r = Reservoir::new(3, &mut rng);
        r.add(1);
        r.add(2);
        assert_eq!(r.sample(), [1, 2]);
        r.add(3);
        assert_eq!(r.sample(), [1, 2, 3]);
        for i in 4..100 {
            r.add(i);
        }
        assert_eq!(r.count(), 99);
        assert_eq!(r.sample().len(), 3);
        let mut s = r.sample().to_vec();
        s.sort_unstable();
        s.dedup();
        assert_eq!(s.len(), 3, "distinct items");
    }

    #[test]
    fn same_seed_same_choice() {
        let pick = |seed| {
            let mut rng = seeded(seed);
            let mut s = Selector::new(&mut rng);
            (0..50).for_each(|i| s.add(i));
            s.get().unwrap()
        };
        assert_eq!(pick(7), pick(7));
    }

    /// Each of k items is chosen with frequency within statistical bounds: the chi-square
    /// test of 40,000 seeded draws does not reject uniformity at the 0.1% level, and every
    /// count lies within 5 standard deviations of its expectation.
    #[test]
    fn selector_is_uniform_over_k_items() {
        let mut rng = seeded(20240321);
        for k in [2usize, 3, 7, 12] {
            let draws = 40_000u64;
            let mut counts = vec![0u64; k];
            for _ in 0..draws {
                let mut s = Selector::new(&mut rng);
                (0..k).for_each(|i| s.add(i));
                counts[s.get().unwrap()] += 1;
            }
            let expected = draws as f64 / k as f64;
            let sd = (draws as f64 * (1.0 / k as f64) * (1.0 - 1.0 / k as f64)).sqrt();
            for &c in &counts {
                assert!((c as f64 - expected).abs() < 5.0 * sd, "k={k} counts={counts:?}");
            }
            let chi2: f64 = counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
            let p = chi_square_p_value(chi2, (k - 1) as f64);
            assert!(p > 0.001, "k={k} chi2={chi2} p={p}");
        }
    }

    /// Algorithm R with n = 2 of 4 items: each of the 6 pairs appears about 1/6 of the time.
    #[test]
    fn reservoir_of_two_is_uniform_over_pairs() {
        let mut rng = seeded(99);
        let draws = 30_000u64;
        let mut counts = [0u64; 16];
        for _ in 0..draws {
            let mut r = Reservoir::new(2, &mut rng);
            (0..4u32).for_each(|i| r.add(i));
            let mask = r.sample().iter().fold(0usize, |m, &i| m | 1 << i);
            counts[mask] += 1;
        }
        let pairs: Vec<u64> = counts.iter().enumerate().filter(|(m, _)| m.count_ones() == 2).map(|(_, &c)| c).collect();
        assert_eq!(pairs.iter().sum::<u64>(), draws, "only pairs occur");
        let expected = draws as f64 / 6.0;
        let chi2: f64 = pairs.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
        assert!(chi_square_p_value(chi2, 5.0) > 0.001, "{pairs:?}");
    }
}
