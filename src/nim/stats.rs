//! The chi-square test of the selector experiments: Pearson's statistic for equal
//! expectations and its p-value, the upper tail of the chi-square distribution, both from
//! the `statrs` crate.

use statrs::distribution::{ChiSquared, ContinuousCDF};

/// The probability that a chi-square variable with `df` degrees of freedom is at least
/// `chi2` (the survival function, computed in the tail without cancellation). With
/// `df = 0` (a single category) the statistic is always 0 and the p-value is 1.
pub fn chi_square_p_value(chi2: f64, df: f64) -> f64 {
    match ChiSquared::new(df) {
        Ok(dist) if df > 0.0 => dist.sf(chi2.max(0.0)),
        _ => 1.0,
    }
}

/// Pearson's statistic `sum (observed - expected)^2 / expected` for equal expectations,
/// from statrs's chi-square test (its p-value is `1 − cdf`, which loses the digits of a
/// small tail; [`chi_square_p_value`] takes the survival function instead). One category
/// (or none) gives 0.
pub fn chi_square_uniform(counts: &[u64]) -> f64 {
    let observed: Vec<usize> = counts.iter().map(|&c| usize::try_from(c).unwrap_or(usize::MAX)).collect();
    statrs::stats_tests::chisquare::chisquare(&observed, None, None).map_or(0.0, |(statistic, _)| statistic)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol * b.abs().max(1e-300), "{a} vs {b}");
    }

    #[test]
    fn chi_square_critical_values_give_five_percent() {
        // Upper 5% points of the chi-square distribution (standard tables, 15 digits).
        for (df, crit) in [
            (1.0, 3.841_458_820_694_124),
            (2.0, 5.991_464_547_107_979),
            (5.0, 11.070_497_693_516_351),
            (10.0, 18.307_038_053_275_146),
            (100.0, 124.342_113_404_004_07),
        ] {
            close(chi_square_p_value(crit, df), 0.05, 1e-10);
        }
        // Upper 1% point for df = 3.
        close(chi_square_p_value(11.344_866_730_144_373, 3.0), 0.01, 1e-10);
        close(chi_square_p_value(0.0, 4.0), 1.0, 1e-15);
        assert_eq!(chi_square_p_value(0.0, 0.0), 1.0);
    }

    #[test]
    fn two_degrees_of_freedom_are_exponential() {
        // With df = 2 the tail is exp(-x/2) exactly.
        for x in [0.1, 1.0, 3.8779, 20.0, 80.0] {
            close(chi_square_p_value(x, 2.0), (-x / 2.0).exp(), 1e-12);
        }
    }

    #[test]
    fn pearson_statistic_by_hand() {
        // counts 10, 20, 30: expected 20 -> (100 + 0 + 100) / 20 = 10.
        close(chi_square_uniform(&[10, 20, 30]), 10.0, 1e-15);
        assert_eq!(chi_square_uniform(&[5, 5, 5, 5]), 0.0);
        assert_eq!(chi_square_uniform(&[7]), 0.0, "one category");
        // The same bits as the sum written out, in the same order.
        let counts = [6671u64, 6602, 6727, 6590, 6650, 6760];
        let expected = counts.iter().sum::<u64>() as f64 / 6.0;
        let by_hand: f64 = counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
        assert_eq!(chi_square_uniform(&counts).to_bits(), by_hand.to_bits());
    }
}
