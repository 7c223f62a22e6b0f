//! The chi-square test of the selector experiments: the log-gamma function, the regularized
//! incomplete gamma functions `P(a, x)` and `Q(a, x) = 1 - P(a, x)`, and the chi-square
//! p-value `Q(df / 2, chi2 / 2)`.
//!
//! `P` is summed from its power series when `x < a + 1` and `Q` from its continued fraction
//! (modified Lentz) otherwise, each to a relative accuracy of about 1e-15, as in the
//! classical treatment (Abramowitz & Stegun 6.5.29 and 6.5.31).

/// Relative accuracy at which the series and the continued fraction stop.
const EPS: f64 = 1e-15;
/// Iteration cap; convergence takes about `sqrt(a)` steps, far below this for our `a`.
const MAX_ITER: usize = 10_000;
/// Smallest magnitude kept in the continued fraction (avoids division by zero).
const TINY: f64 = 1e-300;

/// Lanczos coefficients for g = 7, n = 9 (relative error below 1e-15 for x > 0), rounded
/// to the nearest f64.
const LANCZOS: [f64; 9] = [
    0.999_999_999_999_809_9,
    676.520_368_121_885_1,
    -1_259.139_216_722_402_8,
    771.323_428_777_653_1,
    -176.615_029_162_140_6,
    12.507_343_278_686_905,
    -0.138_571_095_265_720_12,
    9.984_369_578_019_572e-6,
    1.505_632_735_149_311_6e-7,
];

/// `ln Γ(x)` for `x > 0` (Lanczos approximation; reflection below 0.5).
pub fn ln_gamma(x: f64) -> f64 {
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let sum = LANCZOS[1..].iter().enumerate().fold(LANCZOS[0], |s, (i, &c)| s + c / (x + i as f64 + 1.0));
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// `exp(-x + a ln x - ln Γ(a))`, the common factor of both expansions.
fn prefactor(a: f64, x: f64) -> f64 {
    (-x + a * x.ln() - ln_gamma(a)).exp()
}

/// `P(a, x)` by its power series (good for `x < a + 1`).
fn lower_series(a: f64, x: f64) -> f64 {
    let mut term = 1.0 / a;
    let mut sum = term;
    let mut ap = a;
    for _ in 0..MAX_ITER {
        ap += 1.0;
        term *= x / ap;
        sum += term;
        if term.abs() < sum.abs() * EPS {
            break;
        }
    }
    sum * prefactor(a, x)
}

/// `Q(a, x)` by its continued fraction (good for `x >= a + 1`).
fn upper_fraction(a: f64, x: f64) -> f64 {
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / TINY;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..MAX_ITER {
        let an = -(i as f64) * (i as f64 - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < TINY {
            d = TINY;
        }
        c = b + an / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let delta = d * c;
        h *= delta;
        if (delta - 1.0).abs() < EPS {
            break;
        }
    }
    h * prefactor(a, x)
}

/// The regularized lower incomplete gamma function `P(a, x)` for `a > 0`, `x >= 0`.
pub fn gamma_p(a: f64, x: f64) -> f64 {
    assert!(a > 0.0 && x >= 0.0, "gamma_p needs a > 0 and x >= 0, got a={a}, x={x}");
    if x == 0.0 {
        0.0
    } else if x < a + 1.0 {
        lower_series(a, x)
    } else {
        1.0 - upper_fraction(a, x)
    }
}

/// The regularized upper incomplete gamma function `Q(a, x) = 1 - P(a, x)` for `a > 0`,
/// `x >= 0`, computed without cancellation in the tail.
pub fn gamma_q(a: f64, x: f64) -> f64 {
    assert!(a > 0.0 && x >= 0.0, "gamma_q needs a > 0 and x >= 0, got a={a}, x={x}");
    if x == 0.0 {
        1.0
    } else if x < a + 1.0 {
        1.0 - lower_series(a, x)
    } else {
        upper_fraction(a, x)
    }
}

/// The probability that a chi-square variable with `df` degrees of freedom is at least
/// `chi2`: `Q(df / 2, chi2 / 2)`. With `df = 0` (a single category) the statistic is
/// always 0 and the p-value is 1.
pub fn chi_square_p_value(chi2: f64, df: f64) -> f64 {
    if df <= 0.0 {
        return 1.0;
    }
    gamma_q(df / 2.0, chi2.max(0.0) / 2.0)
}

/// Pearson's statistic `sum (observed - expected)^2 / expected` for equal expectations.
pub fn chi_square_uniform(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol * b.abs().max(1e-300), "{a} vs {b}");
    }

    #[test]
    fn ln_gamma_known_values() {
        close(ln_gamma(1.0).exp(), 1.0, 1e-14);
        close(ln_gamma(2.0).exp(), 1.0, 1e-14);
        close(ln_gamma(10.0), 362_880f64.ln(), 1e-14);
        close(ln_gamma(0.5), std::f64::consts::PI.sqrt().ln(), 1e-14);
        close(ln_gamma(0.1), 2.252_712_651_734_206, 1e-13);
        close(ln_gamma(100.5), 361.435_540_467_777_6, 1e-14);
    }

    #[test]
    fn gamma_q_of_one_is_exponential() {
        for x in [0.01, 0.5, 1.0, 2.0, 7.5, 30.0] {
            close(gamma_q(1.0, x), (-x).exp(), 1e-13);
            close(gamma_p(1.0, x), 1.0 - (-x).exp(), 1e-12);
        }
    }

    #[test]
    fn gamma_p_of_half_is_erf() {
        // P(1/2, x) = erf(sqrt(x)); erf(1) and erf(2) to 16 digits.
        close(gamma_p(0.5, 1.0), 0.842_700_792_949_714_9, 1e-14);
        close(gamma_p(0.5, 4.0), 0.995_322_265_018_952_7, 1e-14);
        close(gamma_q(0.5, 4.0), 0.004_677_734_981_047_266, 1e-12);
    }

    #[test]
    fn gamma_q_of_two_closed_form() {
        // Q(2, x) = e^-x (1 + x), on both sides of the series/fraction switch (x = 3).
        for x in [0.3, 2.9, 3.1, 12.0] {
            close(gamma_q(2.0, x), (-x).exp() * (1.0 + x), 1e-13);
        }
    }

    #[test]
    fn chi_square_critical_values_give_five_percent() {
        // Upper 5% points of the chi-square distribution (standard tables, 15 digits).
        for (df, crit) in [
            (1.0, 3.841_458_820_694_124),
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
    fn p_plus_q_is_one() {
        for a in [0.5, 1.5, 4.0, 49.5] {
            for x in [0.1, 1.0, 5.0, 60.0] {
                close(gamma_p(a, x) + gamma_q(a, x), 1.0, 1e-13);
            }
        }
    }

    #[test]
    fn pearson_statistic_by_hand() {
        // counts 10, 20, 30: expected 20 -> (100 + 0 + 100) / 20 = 10.
        close(chi_square_uniform(&[10, 20, 30]), 10.0, 1e-15);
        assert_eq!(chi_square_uniform(&[5, 5, 5, 5]), 0.0);
    }
}
