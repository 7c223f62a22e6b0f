//! Statistics of timing samples: median, median absolute deviation, extremes, a seeded
//! bootstrap confidence interval of a ratio of medians, and the Mann–Whitney U test.
//! Imports only the hash of `base` ([`super::hash`]).

use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::hash::{fnv1a, FNV_OFFSET};

/// Resamples a bootstrap interval draws.
pub const BOOTSTRAP_RESAMPLES: usize = 2000;

/// The median of `xs` (the mean of the two middle values for an even count); `None` when
/// `xs` is empty or holds a NaN.
pub fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() || xs.iter().any(|x| x.is_nan()) {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    Some(if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 })
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

/// The two-sided p-value of the Mann–Whitney U test of `a` against `b`, by the normal
/// approximation with tie correction; `None` when a side is empty or every value is tied.
pub fn mann_whitney_p(a: &[f64], b: &[f64]) -> Option<f64> {
    let (n1, n2) = (a.len() as f64, b.len() as f64);
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let mut all: Vec<(f64, bool)> = a.iter().map(|&x| (x, true)).chain(b.iter().map(|&x| (x, false))).collect();
    all.sort_by(|x, y| x.0.total_cmp(&y.0));
    let (mut rank_a, mut ties, mut i) = (0.0, 0.0, 0);
    while i < all.len() {
        let j = (i..all.len()).find(|&j| all[j].0 != all[i].0).unwrap_or(all.len());
        let rank = (i + j + 1) as f64 / 2.0;
        rank_a += rank * all[i..j].iter().filter(|x| x.1).count() as f64;
        let t = (j - i) as f64;
        ties += t * t * t - t;
        i = j;
    }
    let u = rank_a - n1 * (n1 + 1.0) / 2.0;
    let n = n1 + n2;
    let var = n1 * n2 / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)));
    if var <= 0.0 {
        return None;
    }
    let z = (u - n1 * n2 / 2.0).abs() / var.sqrt();
    Some((2.0 * normal_upper_tail(z)).min(1.0))
}

/// `P(Z > z)` of a standard normal `Z`.
fn normal_upper_tail(z: f64) -> f64 {
    0.5 * statrs::function::erf::erfc(z / std::f64::consts::SQRT_2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_seeds_are_pinned() {
        assert_eq!(seed_of(&["speed", "tegel"]), 0xc881_8f28_a57f_ff67);
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

    #[test]
    fn mann_whitney_by_hand() {
        // a all below b (n = 5 + 5): U = 0, mean 12.5, variance 25·11/12; z = 12.5/√22.9167 = 2.611,
        // p = 2·(1 − Φ(2.611)) = 0.00903.
        let p = mann_whitney_p(&[1.0, 2.0, 3.0, 4.0, 5.0], &[6.0, 7.0, 8.0, 9.0, 10.0]).unwrap();
        assert!((p - 0.00903).abs() < 1e-4, "{p}");
        let same = mann_whitney_p(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0]).unwrap();
        assert!((same - 1.0).abs() < 1e-9, "{same}");
        assert_eq!(mann_whitney_p(&[1.0, 1.0], &[1.0]), None);
    }
}
