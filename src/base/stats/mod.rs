//! The statistics floor: everything the harness computes from timing samples, in one
//! place that the results, the runs and the A/B import.
//!
//! - This module: samples of one run — mean and sample variance, median, median absolute
//!   deviation, extremes, a seeded bootstrap confidence interval of a ratio of medians,
//!   and the Mann–Whitney U test (exact for small samples; statrs's normal approximation
//!   otherwise).
//! - [`paired`]: samples of two variants timed in the same rounds (log ratios, the
//!   geometric-mean ratio with its t interval, the exact Wilcoxon signed-rank test and
//!   the Hodges–Lehmann interval).
//! - [`attainable`]: the smallest p-value the Mann–Whitney test can give for a number of
//!   samples, and the fewest samples that reach a level.
//! - [`decision`]: the one rule that turns those intervals into verdicts (`slower`,
//!   `faster`, `same`, `unknown`), corrected across the cells compared, with its stopping
//!   rule and the overall verdict; [`looks`]: when an A/B item may stop and what share
//!   of the level each stop spends; [`dependence`]: whether a cell's rounds are
//!   independent, and block means where they are not; [`simulation`] measures the
//!   rule's error rates.
//!
//! Imports only the hash of `base` ([`super::hash`]).

pub mod attainable;
pub mod decision;
pub mod dependence;
pub mod looks;
pub mod paired;
pub mod simulation;

use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::hash::{fnv1a, FNV_OFFSET};

/// Resamples a bootstrap interval draws.
pub const BOOTSTRAP_RESAMPLES: usize = 2000;

/// The arithmetic mean of `xs`; NaN when `xs` is empty.
pub fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

/// The sample variance of `xs`: the squared deviations from their [`mean`] summed and
/// divided by `n − 1`; NaN under 2 values.
pub fn sample_variance(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return f64::NAN;
    }
    let m = mean(xs);
    xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (xs.len() - 1) as f64
}

/// The median of `xs` (the mean of the two middle values for an even count); `None` when
/// `xs` is empty or holds a NaN.
pub fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() || xs.iter().any(|x| x.is_nan()) {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    Some(median_of_sorted(&v))
}

/// The median of sorted, nonempty `xs` (the mean of the two middle values for an even
/// count).
pub fn median_of_sorted(xs: &[f64]) -> f64 {
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// The 95 % distribution-free interval of the median of `xs`: the order statistics
/// `x_(k)` and `x_(n+1−k)` with `k` the largest rank such that `P(Binomial(n, ½) ≤ k − 1)`
/// is at most 2.5 %; `None` under 6 values (where even the extremes hold less) or with a
/// NaN.
pub fn median_interval(xs: &[f64]) -> Option<(f64, f64)> {
    use statrs::distribution::{Binomial, DiscreteCDF};
    if xs.iter().any(|x| x.is_nan()) {
        return None;
    }
    let n = xs.len();
    let binomial = Binomial::new(0.5, n as u64).ok()?;
    let k = (1..=n / 2).take_while(|&k| binomial.cdf(k as u64 - 1) <= 0.025).last()?;
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    Some((v[k - 1], v[n - k]))
}

/// The median absolute deviation of `xs` from their median (unscaled); `None` as [`median`].
pub fn mad(xs: &[f64]) -> Option<f64> {
    let m = median(xs)?;
    median(&xs.iter().map(|x| (x - m).abs()).collect::<Vec<_>>())
}

/// The smallest of `xs`; `None` when empty.
pub fn min(xs: &[f64]) -> Option<f64> {
    xs.iter().copied().reduce(f64::min)
}

/// The largest of `xs`; `None` when empty.
pub fn max(xs: &[f64]) -> Option<f64> {
    xs.iter().copied().reduce(f64::max)
}

/// A 95 % percentile-bootstrap confidence interval of `median(b) / median(a)`, drawn from
/// a `ChaCha8Rng` seeded with `seed`, so the same samples and seed give the same interval.
/// `None` when a side is empty or a resampled median of `a` is not positive.
pub fn bootstrap_ratio_ci(a: &[f64], b: &[f64], seed: u64) -> Option<(f64, f64)> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut ratios = Vec::with_capacity(BOOTSTRAP_RESAMPLES);
    for _ in 0..BOOTSTRAP_RESAMPLES {
        let ma = median(&resample(a, &mut rng))?;
        let mb = median(&resample(b, &mut rng))?;
        if ma <= 0.0 {
            return None;
        }
        ratios.push(mb / ma);
    }
    ratios.sort_by(f64::total_cmp);
    Some((quantile(&ratios, 0.025), quantile(&ratios, 0.975)))
}

/// A seed from names: FNV-1a over their bytes, each name followed by a zero byte, so the
/// same names give the same seed on every build and platform.
pub fn seed_of(parts: &[&str]) -> u64 {
    parts.iter().fold(FNV_OFFSET, |h, p| fnv1a(fnv1a(h, p.as_bytes()), &[0]))
}

fn resample(xs: &[f64], rng: &mut ChaCha8Rng) -> Vec<f64> {
    (0..xs.len()).map(|_| xs[rng.random_range(0..xs.len())]).collect()
}

/// The `q` quantile of sorted `xs` by linear interpolation between closest ranks.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let pos = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
}

/// Most samples a side may have for the exact Mann–Whitney U test; larger samples (and
/// samples with ties) use the normal approximation.
pub const EXACT_U_TEST_MAX_SAMPLES: usize = 8;

/// The two-sided p-value of the Mann–Whitney U test of `a` against `b`: exact, from the
/// distribution of U over every split of the ranks ([`u_upper_tail`]), when neither side
/// has more than [`EXACT_U_TEST_MAX_SAMPLES`] samples and no two values are tied (a
/// cell's 5 timing samples); otherwise statrs's normal approximation with tie correction
/// and without continuity correction. `None` when a side is empty, a value is NaN, or
/// every value is tied.
///
/// The exact branch is not statrs's: statrs 0.19's exact p-value is the complement of
/// the tail whenever the first sample is not the longer one (its own test expects 0.6
/// for U ≥ 4 with 2 and 3 samples, where the tail is 0.4), which is every cell of 5
/// samples against 5.
pub fn mann_whitney_p(a: &[f64], b: &[f64]) -> Option<f64> {
    use statrs::stats_tests::mannwhitneyu::{mannwhitneyu, MannWhitneyUMethod};
    use statrs::stats_tests::Alternative;
    if a.is_empty() || b.is_empty() || a.iter().chain(b).any(|x| x.is_nan()) {
        return None;
    }
    let mut all: Vec<f64> = a.iter().chain(b).copied().collect();
    all.sort_by(f64::total_cmp);
    if all.first() == all.last() {
        return None;
    }
    let tied = all.windows(2).any(|w| w[0] == w[1]);
    let small = a.len() <= EXACT_U_TEST_MAX_SAMPLES && b.len() <= EXACT_U_TEST_MAX_SAMPLES;
    if small && !tied {
        let u1: usize = a.iter().map(|x| b.iter().filter(|y| x > *y).count()).sum();
        let u = u1.max(a.len() * b.len() - u1);
        return Some((2.0 * u_upper_tail(u, a.len(), b.len())).min(1.0));
    }
    let method = MannWhitneyUMethod::AsymptoticExclContinuityCorrection;
    mannwhitneyu(a, b, method, Alternative::TwoSided).ok().map(|(_, p)| p)
}

/// `P(U ≥ u)` for the Mann–Whitney U of `m` and `n` untied samples from one distribution:
/// the share of the `C(m + n, m)` equally likely splits of the ranks whose U is at least
/// `u`, counted by the recurrence `N(u; m, n) = N(u − n; m − 1, n) + N(u; m, n − 1)` (the
/// largest rank is in the first sample or in the second).
pub fn u_upper_tail(u: usize, m: usize, n: usize) -> f64 {
    // counts[j][v]: splits of i + j ranks with U = v, for the current i.
    let mut counts: Vec<Vec<f64>> = (0..=n).map(|_| vec![1.0]).collect();
    for i in 1..=m {
        let mut next: Vec<Vec<f64>> = vec![vec![1.0]];
        for j in 1..=n {
            let mut row = vec![0.0; i * j + 1];
            for (v, c) in counts[j].iter().enumerate() {
                row[v + j] += c;
            }
            for (v, c) in next[j - 1].iter().enumerate() {
                row[v] += c;
            }
            next.push(row);
        }
        counts = next;
    }
    let all = &counts[n];
    let total: f64 = all.iter().sum();
    all.iter().skip(u).sum::<f64>() / total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_seeds_are_pinned() {
        assert_eq!(seed_of(&["speed", "tegel"]), 0xc881_8f28_a57f_ff67);
    }

    /// By hand: 6 values have P(X ≤ 0) = 1/64 ≤ 0.025 < P(X ≤ 1) = 7/64: the extremes; 5
    /// values have P(X ≤ 0) = 1/32 > 0.025: none; 10 values: P(X ≤ 1) = 11/1024 ≤ 0.025 <
    /// P(X ≤ 2) = 56/1024, so the 2nd and 9th.
    #[test]
    fn median_intervals_by_hand() {
        let six = [3.0, 1.0, 2.0, 6.0, 5.0, 4.0];
        assert_eq!(median_interval(&six), Some((1.0, 6.0)));
        assert_eq!(median_interval(&six[..5]), None);
        let ten: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(median_interval(&ten), Some((2.0, 9.0)));
    }

    /// The interval of the median holds the true median at least as often as its exact
    /// binomial coverage says, whatever the distribution (here a skewed one: the log ratios
    /// of cells, half of them near 0 and a tail of slow ones): 4,000 seeded draws each of
    /// 6, 11, 40 and 120 values, the share covered within 1.5 points of `1 − 2 P(X ≤ k − 1)`
    /// and never under 95 % by more than the draws' own error.
    #[test]
    fn the_median_interval_covers_the_median_as_often_as_it_promises() {
        use rand::Rng as _;
        use statrs::distribution::{Binomial, DiscreteCDF};
        let mut rng = ChaCha8Rng::seed_from_u64(62);
        // A mixture: 70 % normal(0, 0.01), 30 % exponential(0.05) above 0.02.
        let draw = |rng: &mut ChaCha8Rng| {
            let u: f64 = rng.random();
            if rng.random::<f64>() < 0.7 {
                let v: f64 = rng.random();
                0.01 * (-2.0 * u.max(1e-300).ln()).sqrt() * (std::f64::consts::TAU * v).cos()
            } else {
                0.02 - 0.05 * (1.0 - u).ln()
            }
        };
        // The true median, from a million draws of the same mixture.
        let mut big: Vec<f64> = (0..1_000_000).map(|_| draw(&mut rng)).collect();
        big.sort_by(f64::total_cmp);
        let truth = median_of_sorted(&big);
        for n in [6usize, 11, 40, 120] {
            let binomial = Binomial::new(0.5, n as u64).unwrap();
            let k = (1..=n / 2).take_while(|&k| binomial.cdf(k as u64 - 1) <= 0.025).last().unwrap();
            let promised = 1.0 - 2.0 * binomial.cdf(k as u64 - 1);
            let draws = 4000;
            let covered = (0..draws)
                .filter(|_| {
                    let xs: Vec<f64> = (0..n).map(|_| draw(&mut rng)).collect();
                    let (low, high) = median_interval(&xs).unwrap();
                    low <= truth && truth <= high
                })
                .count() as f64
                / draws as f64;
            assert!((covered - promised).abs() < 0.015, "{n} values: covered {covered}, promised {promised}");
            assert!(promised >= 0.95 && covered > 0.94, "{n} values: covered {covered}, promised {promised}");
        }
    }

    #[test]
    fn mean_and_sample_variance_by_hand() {
        // Mean 5; squared deviations 9 1 1 1 0 0 4 16 sum to 32 over 7.
        let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        assert_eq!(mean(&xs), 5.0);
        assert_eq!(sample_variance(&xs), 32.0 / 7.0);
        assert!(mean(&[]).is_nan());
        assert!(sample_variance(&[3.0]).is_nan() && sample_variance(&[]).is_nan());
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[1.0, f64::NAN]), None);
    }

    #[test]
    fn mad_min_max_by_hand() {
        // Median 2; deviations 1, 1, 0, 2, 4 → sorted 0 1 1 2 4 → MAD 1.
        let xs = [1.0, 3.0, 2.0, 4.0, 6.0];
        assert_eq!(mad(&xs), Some(1.0));
        assert_eq!(min(&xs), Some(1.0));
        assert_eq!(max(&xs), Some(6.0));
        assert_eq!(mad(&[5.0]), Some(0.0));
    }

    #[test]
    fn bootstrap_of_constant_samples_is_the_exact_ratio() {
        assert_eq!(bootstrap_ratio_ci(&[2.0; 5], &[4.0; 5], 1), Some((2.0, 2.0)));
    }

    #[test]
    fn bootstrap_is_seeded_and_brackets_the_ratio_of_medians() {
        let a = [1.0, 1.1, 0.9, 1.05, 0.95];
        let b = [2.0, 2.2, 1.8, 2.1, 1.9];
        let (lo, hi) = bootstrap_ratio_ci(&a, &b, 7).unwrap();
        assert_eq!(bootstrap_ratio_ci(&a, &b, 7), Some((lo, hi)));
        // Every resampled median lies within the samples: b/a lies in [1.8/1.1, 2.2/0.9].
        assert!((1.8 / 1.1..=2.0).contains(&lo) && (2.0..=2.2 / 0.9).contains(&hi), "{lo} {hi}");
        assert_eq!(bootstrap_ratio_ci(&[], &b, 7), None);
    }

    #[test]
    fn seeds_of_names_are_fixed_and_tell_names_apart() {
        // FNV-1a of the single byte 0: (offset ^ 0) * prime.
        assert_eq!(seed_of(&[""]), FNV_OFFSET.wrapping_mul(crate::base::hash::FNV_PRIME));
        assert_ne!(seed_of(&["ab", "c"]), seed_of(&["a", "bc"]));
    }

    fn close(p: Option<f64>, expected: f64) {
        assert!(p.is_some_and(|p| (p - expected).abs() < 1e-9), "{p:?} vs {expected}");
    }

    #[test]
    fn mann_whitney_is_exact_on_five_samples_a_side() {
        // Two-sided exact p = 2 P(U <= u) over the C(10, 5) = 252 equally likely splits of
        // the ranks; U <= 0, 1, 2, 3 count 1, 2, 4, 7 splits. (The normal approximation gave
        // 0.00902, 0.01629, 0.02828 and 0.04720: at U = 3 it called a difference significant
        // at 5 % that the exact test does not.)
        let b = [6.0, 7.0, 8.0, 9.0, 10.0];
        close(mann_whitney_p(&[1.0, 2.0, 3.0, 4.0, 5.0], &b), 2.0 / 252.0);
        let b = [5.0, 7.0, 8.0, 9.0, 10.0];
        close(mann_whitney_p(&[1.0, 2.0, 3.0, 4.0, 6.0], &b), 4.0 / 252.0);
        let b = [4.0, 7.0, 8.0, 9.0, 10.0];
        close(mann_whitney_p(&[1.0, 2.0, 3.0, 5.0, 6.0], &b), 8.0 / 252.0);
        let b = [3.0, 7.0, 8.0, 9.0, 10.0];
        close(mann_whitney_p(&[1.0, 2.0, 4.0, 5.0, 6.0], &b), 14.0 / 252.0);
        close(mann_whitney_p(&b, &[1.0, 2.0, 4.0, 5.0, 6.0]), 14.0 / 252.0);
        // U of 3 and 2 samples: 0..6 with counts 1 1 2 2 2 1 1; either order the same.
        close(Some(u_upper_tail(4, 3, 2)), 0.4);
        close(Some(u_upper_tail(4, 2, 3)), 0.4);
        close(Some(u_upper_tail(0, 8, 8)), 1.0);
        close(Some(u_upper_tail(64, 8, 8)), 1.0 / 12870.0);
    }

    #[test]
    fn mann_whitney_with_ties_or_many_samples_is_the_normal_approximation() {
        // Ties: a = 1 2 3 4 5, b = 5 6 7 8 9: ranks of a 1 2 3 4 5.5, U = 0.5; one tie of
        // two, variance 25/12·(11 − 6/90) = 22.778, z = 12/4.7726 = 2.5144.
        close(mann_whitney_p(&[1.0, 2.0, 3.0, 4.0, 5.0], &[5.0, 6.0, 7.0, 8.0, 9.0]), 0.011_925_233_593_017_606);
        // Nine a side, all of a below b: U = 0, variance 81·19/12 = 128.25, z = 40.5/11.325 = 3.5762.
        let a: Vec<f64> = (1..=9).map(f64::from).collect();
        let b: Vec<f64> = (10..=18).map(f64::from).collect();
        close(mann_whitney_p(&a, &b), 0.000_348_575_174_213_053_8);
    }

    #[test]
    fn mann_whitney_by_hand() {
        let same = mann_whitney_p(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0]).unwrap();
        assert!((same - 1.0).abs() < 1e-9, "{same}");
        assert_eq!(mann_whitney_p(&[1.0, 1.0], &[1.0]), None);
    }
}
