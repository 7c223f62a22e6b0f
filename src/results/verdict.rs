//! What one cell of two runs says of B against A: the verdict of a timing from its samples
//! (criterion-style: a significant difference beyond a noise band), the run-to-run
//! spread that widens the band, and the verdict of a peak memory.

use crate::base::stats;

/// The default noise threshold of [`compare_samples`]: a difference in the median below
/// 3 % is `same` however significant (run-to-run drift on a quiet 2-core machine is of
/// that order).
pub const DEFAULT_NOISE: f64 = 0.03;

/// Fewest samples on each side for a verdict other than `unknown`.
pub const MIN_SAMPLES_FOR_VERDICT: usize = 3;

/// Samples on each side from which the Mann–Whitney U test must agree with the interval.
pub const MIN_SAMPLES_FOR_U_TEST: usize = 5;

/// The significance level of the Mann–Whitney U test (two-sided).
pub const SIGNIFICANCE: f64 = 0.05;

/// What comparing one timed cell of two runs says of B against A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// B is faster: the interval of B/A lies below 1 and the ratio below 1 − noise.
    Faster,
    /// B is slower: the interval of B/A lies above 1 and the ratio above 1 + noise.
    Slower,
    /// No difference beyond noise: the interval holds 1, or the difference is within the
    /// noise threshold.
    Same,
    /// Too few samples on a side (or a median of zero) to tell.
    Unknown,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::Faster => "faster",
            Verdict::Slower => "slower",
            Verdict::Same => "same",
            Verdict::Unknown => "unknown",
        })
    }
}

/// Decides the verdict of B against A from their samples (seconds), criterion-style: a
/// difference counts when it is significant — the 95 % bootstrap interval of the ratio of
/// medians excludes 1 and, with at least [`MIN_SAMPLES_FOR_U_TEST`] samples a side, the
/// Mann–Whitney U test rejects equality at [`SIGNIFICANCE`] — and larger than `noise`
/// (a fraction, e.g. 0.03). Fewer than [`MIN_SAMPLES_FOR_VERDICT`] samples a side, or a
/// zero median, is `unknown`. `seed` makes the interval reproducible.
pub fn compare_samples(a: &[f64], b: &[f64], noise: f64, seed: u64) -> (Option<(f64, f64, f64)>, Option<f64>, Verdict) {
    let (Some(ma), Some(mb)) = (stats::median(a), stats::median(b)) else { return (None, None, Verdict::Unknown) };
    if ma <= 0.0 {
        return (None, None, Verdict::Unknown);
    }
    let ratio = mb / ma;
    let interval = stats::bootstrap_ratio_ci(a, b, seed);
    let u_test = a.len() >= MIN_SAMPLES_FOR_U_TEST && b.len() >= MIN_SAMPLES_FOR_U_TEST;
    let p = if u_test { stats::mann_whitney_p(a, b) } else { None };
    let with_interval = interval.map(|(lo, hi)| (ratio, lo, hi)).or(Some((ratio, ratio, ratio)));
    if a.len() < MIN_SAMPLES_FOR_VERDICT || b.len() < MIN_SAMPLES_FOR_VERDICT || mb <= 0.0 {
        return (with_interval, p, Verdict::Unknown);
    }
    let Some((lo, hi)) = interval else { return (with_interval, p, Verdict::Unknown) };
    let u_agrees = !u_test || p.is_some_and(|p| p < SIGNIFICANCE);
    let verdict = if hi < 1.0 && ratio < 1.0 - noise && u_agrees {
        Verdict::Faster
    } else if lo > 1.0 && ratio > 1.0 + noise && u_agrees {
        Verdict::Slower
    } else {
        Verdict::Same
    };
    (with_interval, p, verdict)
}

/// How many standard deviations of the run-to-run spread a cell's difference must pass.
pub const RUN_NOISE_Z: f64 = 3.0;

/// Fewest cells of a duration class from which its run-to-run spread is estimated.
pub const MIN_CELLS_FOR_SPREAD: usize = 8;

/// The boundary between short and long cells for the run-to-run spread (seconds).
pub const SHORT_CELL_SECONDS: f64 = 0.01;

/// The run-to-run spread σ of the log ratios B/A, for long and for short cells (see
/// [`super::compared_cells::compare_timings`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RunSpread {
    /// σ of the cells of [`SHORT_CELL_SECONDS`] and longer (in A), when there are enough.
    pub long: Option<f64>,
    /// σ of the shorter cells, when there are enough.
    pub short: Option<f64>,
}

impl RunSpread {
    /// The spread of `cells`, each given by A's and B's samples.
    pub fn of<'a>(cells: impl Iterator<Item = (&'a [f64], &'a [f64])>) -> RunSpread {
        let (mut long, mut short) = (Vec::new(), Vec::new());
        for (sa, sb) in cells {
            let enough = sa.len() >= MIN_SAMPLES_FOR_VERDICT && sb.len() >= MIN_SAMPLES_FOR_VERDICT;
            let (a_median, b_median) = (stats::median(sa).unwrap_or(0.0), stats::median(sb).unwrap_or(0.0));
            if !enough || a_median <= 0.0 || b_median <= 0.0 {
                continue;
            }
            let log_ratio = (b_median / a_median).ln();
            if a_median >= SHORT_CELL_SECONDS {
                long.push(log_ratio)
            } else {
                short.push(log_ratio)
            }
        }
        let sigma = |v: &[f64]| (v.len() >= MIN_CELLS_FOR_SPREAD).then(|| stats::mad(v)).flatten().map(|m| 1.4826 * m);
        RunSpread { long: sigma(&long), short: sigma(&short) }
    }

    /// The noise band of a cell whose median in A is `a_median`: the larger of `noise` and
    /// `e^(RUN_NOISE_Z σ) − 1` of its class.
    pub fn band(&self, noise: f64, a_median: f64) -> f64 {
        let sigma = if a_median >= SHORT_CELL_SECONDS { self.long } else { self.short };
        sigma.map_or(noise, |s| noise.max((RUN_NOISE_Z * s).exp() - 1.0))
    }
}

/// A difference in peak memory smaller than this fraction of A's is `same`: the kernel
/// counts resident pages, and allocators round, so equal searches differ by a little.
pub const MEMORY_NOISE: f64 = 0.05;

/// What a cell's peak memory says of B against A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MemoryVerdict {
    /// B took less memory by more than [`MEMORY_NOISE`].
    Less,
    /// B took more memory by more than [`MEMORY_NOISE`].
    More,
    /// Within [`MEMORY_NOISE`] of each other.
    Same,
}

impl std::fmt::Display for MemoryVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MemoryVerdict::Less => "less",
            MemoryVerdict::More => "more",
            MemoryVerdict::Same => "same",
        })
    }
}

/// The verdict of peak memory `b` against `a` (bytes): [`MEMORY_NOISE`] apart or more.
pub fn memory_verdict(a: u64, b: u64) -> MemoryVerdict {
    let (a, b) = (a as f64, b as f64);
    if b > a * (1.0 + MEMORY_NOISE) {
        MemoryVerdict::More
    } else if b < a * (1.0 - MEMORY_NOISE) {
        MemoryVerdict::Less
    } else {
        MemoryVerdict::Same
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: [f64; 7] = [1.00, 1.02, 0.98, 1.01, 0.99, 1.03, 0.97];

    fn scaled(f: f64) -> Vec<f64> {
        A.iter().map(|x| x * f).collect()
    }

    #[test]
    fn identical_samples_are_the_same() {
        let (interval, _, verdict) = compare_samples(&A, &A, DEFAULT_NOISE, 1);
        assert_eq!(verdict, Verdict::Same);
        let (ratio, lo, hi) = interval.unwrap();
        assert!(ratio == 1.0 && lo <= 1.0 && hi >= 1.0, "{lo} {hi}");
    }

    #[test]
    fn twice_as_slow_is_slower_and_half_is_faster() {
        assert_eq!(compare_samples(&A, &scaled(2.0), DEFAULT_NOISE, 1).2, Verdict::Slower);
        assert_eq!(compare_samples(&A, &scaled(0.5), DEFAULT_NOISE, 1).2, Verdict::Faster);
        let (interval, p, _) = compare_samples(&A, &scaled(2.0), DEFAULT_NOISE, 1);
        assert_eq!(interval.map(|i| i.0), Some(2.0));
        assert!(p.is_some_and(|p| p < 0.01), "{p:?}");
    }

    #[test]
    fn a_significant_difference_within_the_noise_is_the_same() {
        let tight = [1.000, 1.001, 0.999, 1.0005, 0.9995];
        let slower: Vec<f64> = tight.iter().map(|x| x * 1.02).collect();
        assert_eq!(compare_samples(&tight, &slower, DEFAULT_NOISE, 1).2, Verdict::Same);
        assert_eq!(compare_samples(&tight, &slower, 0.01, 1).2, Verdict::Slower);
        assert_eq!(compare_samples(&A, &scaled(1.02), 0.01, 1).2, Verdict::Same, "2 % inside a 6 % spread");
    }

    #[test]
    fn one_sample_is_unknown() {
        assert_eq!(compare_samples(&[1.0], &[2.0], DEFAULT_NOISE, 1).2, Verdict::Unknown);
        assert_eq!(compare_samples(&A, &[2.0], DEFAULT_NOISE, 1).2, Verdict::Unknown);
        assert_eq!(compare_samples(&[0.0; 5], &A, DEFAULT_NOISE, 1).2, Verdict::Unknown);
    }

    #[test]
    fn the_run_to_run_spread_widens_the_band_but_a_common_slowdown_stays_visible() {
        // Two runs of one build: 20 long cells scattered by a few percent either way.
        let scatter = [0.97, 1.04, 0.99, 1.06, 0.95, 1.01, 1.03, 0.98, 1.05, 0.96];
        let ratios: Vec<f64> = scatter.iter().chain(scatter.iter()).copied().collect();
        let five = [1.0; 5];
        let cells: Vec<[f64; 5]> = ratios.iter().map(|r| [*r; 5]).collect();
        let spread = RunSpread::of(cells.iter().map(|b| (&five[..], &b[..])));
        let sigma = spread.long.unwrap();
        assert!((0.02..0.06).contains(&sigma), "{sigma}");
        let band = spread.band(DEFAULT_NOISE, 1.0);
        assert!(band > 0.06 && band < 0.2, "a 6 % move is within the noise of these runs: {band}");
        assert_eq!(spread.band(DEFAULT_NOISE, 0.001), DEFAULT_NOISE, "short cells have too few to tell");
        // The same scatter around a 1.5x slowdown: the spread is the same, every cell slower.
        let slow: Vec<[f64; 5]> = ratios.iter().map(|r| [1.5 * r; 5]).collect();
        let slow_spread = RunSpread::of(slow.iter().map(|b| (&five[..], &b[..])));
        assert!((slow_spread.long.unwrap() - sigma).abs() < 1e-9);
        let band = slow_spread.band(DEFAULT_NOISE, 1.0);
        assert!(ratios.iter().all(|r| 1.5 * r > 1.0 + band), "1.5x stays beyond the band {band}");
    }

    #[test]
    fn memory_differs_beyond_five_per_cent() {
        assert_eq!(memory_verdict(100, 90), MemoryVerdict::Less);
        assert_eq!((memory_verdict(100, 96), memory_verdict(100, 104)), (MemoryVerdict::Same, MemoryVerdict::Same));
        assert_eq!(memory_verdict(1_000_000, 2_000_000), MemoryVerdict::More);
    }
}
