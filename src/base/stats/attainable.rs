//! Whether a test can reject at all: the smallest two-sided p-value the Mann–Whitney U test
//! ([`super::mann_whitney_p`]) can give for `m` and `n` samples, and the fewest samples a
//! side that bring it under a level. With 5 samples a side the exact test never goes below
//! 2/252 = 0.0079, so a lone changed cell among 7 or more cells corrected by
//! Benjamini–Hochberg (whose strictest threshold is `α / cells`) is never found however
//! large its change; a comparison says so before it judges.

/// The most samples a side [`samples_needed`] looks at.
pub const MAX_SAMPLES_LOOKED_AT: usize = 1000;

/// The smallest two-sided p-value of the Mann–Whitney U test of `m` samples against `n`:
/// that of two samples wholly apart (no ties), by the test's own arithmetic (exact for
/// small samples, the normal approximation otherwise). `None` when a side is empty.
pub fn min_mann_whitney_p(m: usize, n: usize) -> Option<f64> {
    let a: Vec<f64> = (0..m).map(|i| i as f64).collect();
    let b: Vec<f64> = (0..n).map(|i| (m + i) as f64).collect();
    super::mann_whitney_p(&a, &b)
}

/// Whether `m` and `n` samples can give a p-value of at most `level`.
pub fn can_reject(m: usize, n: usize, level: f64) -> bool {
    min_mann_whitney_p(m, n).is_some_and(|p| p <= level)
}

/// The fewest samples a side (the same on both) whose smallest p-value is at most
/// `level`; `None` when even [`MAX_SAMPLES_LOOKED_AT`] are not enough.
pub fn samples_needed(level: f64) -> Option<usize> {
    // The smallest p falls as samples grow: a doubling search, then a bisection.
    let mut high = 2;
    while !can_reject(high, high, level) {
        if high >= MAX_SAMPLES_LOOKED_AT {
            return None;
        }
        high = (high * 2).min(MAX_SAMPLES_LOOKED_AT);
    }
    let mut low = high / 2;
    while low + 1 < high {
        let mid = (low + high) / 2;
        if can_reject(mid, mid, level) {
            high = mid;
        } else {
            low = mid;
        }
    }
    Some(high)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// By hand: two samples wholly apart are one split of the ranks among C(m + n, m), and
    /// the two-sided p doubles it: 3 a side 2/20, 5 a side 2/252, 6 a side 2/924, 7 a side
    /// 2/3432.
    #[test]
    fn the_smallest_p_is_two_splits_of_all() {
        let close = |m: usize, expected: f64| {
            let p = min_mann_whitney_p(m, m).unwrap();
            assert!((p - expected).abs() < 1e-12, "{m}: {p} vs {expected}");
        };
        close(3, 0.1);
        close(5, 2.0 / 252.0);
        close(6, 2.0 / 924.0);
        close(7, 2.0 / 3432.0);
        assert_eq!(min_mann_whitney_p(0, 5), None);
    }

    /// 5 samples a side reach 5 % (one cell) but not 5 % / 7 (seven cells); 3 a side reach
    /// neither.
    #[test]
    fn five_samples_cannot_reject_among_seven_cells() {
        assert!(can_reject(5, 5, 0.05));
        assert!(can_reject(5, 5, 0.05 / 6.0));
        assert!(!can_reject(5, 5, 0.05 / 7.0));
        assert!(!can_reject(3, 3, 0.05));
    }

    /// Among 40 cells (level 0.00125): 6 a side give 0.0022, 7 give 0.00058: 7 needed.
    /// Among 20 cells (0.0025): 6 give 0.0022: 6 needed.
    #[test]
    fn the_samples_needed_are_the_fewest_that_reach_the_level() {
        assert_eq!(samples_needed(0.05 / 40.0), Some(7));
        assert_eq!(samples_needed(0.05 / 20.0), Some(6));
        assert_eq!(samples_needed(0.05), Some(4), "4 a side: 2/70 = 0.029");
        let needed = samples_needed(1e-6).unwrap();
        assert!(can_reject(needed, needed, 1e-6) && !can_reject(needed - 1, needed - 1, 1e-6), "{needed}");
    }
}
