//! Whether an A/B's rounds are independent, as the signed-rank test assumes: the lag-1
//! autocorrelation of the cells' log ratios, pooled over the cells timed together (a machine warming up, a neighbour starting
//! halfway make neighbouring rounds alike). Where it is present, the cell is analysed on
//! the means of blocks of neighbouring rounds, long enough that the blocks are nearly
//! independent (a batch-means variance, as simulation output analysis does), and its
//! verdict says so.

/// Fewest rounds for the check: under this, a lag-1 autocorrelation says little.
pub const MIN_ROUNDS_CHECKED: usize = 12;

/// The one-sided 10 % point of the standard normal: independent rounds give `r₁ √n` above
/// it one time in ten (blocking them then costs little; missing a dependence costs the
/// error rate).
const Z_90: f64 = 1.2816;

/// Fewest blocks a blocked analysis keeps (a 95 % signed-rank interval needs 6).
pub const MIN_BLOCKS: usize = 6;

/// Dependence found in a cell's rounds.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Dependence {
    /// The lag-1 autocorrelation of the rounds' log ratios.
    pub lag1: f64,
    /// The rounds averaged into one block.
    pub block: usize,
}

impl Dependence {
    /// The dependence of one cell's rounds `d` ([`Dependence::pooled`] of one cell).
    pub fn of(d: &[f64]) -> Option<Dependence> {
        Dependence::pooled(&[d])
    }

    /// The dependence of the rounds of `cells` timed together (an A/B's cells share the
    /// machine, whose warming or neighbours make neighbouring rounds alike in all of
    /// them): the mean `r₁` of the lag-1 autocorrelations of the cells with at least
    /// [`MIN_ROUNDS_CHECKED`] rounds, `N` their rounds in all. `None` where there is no
    /// such cell or `r₁ √N ≤ 1.28` (not significantly positive); otherwise blocks of
    /// `⌈2 (1 + φ)/(1 − φ)⌉` rounds — twice the variance inflation of an AR(1) series with
    /// `φ = (n r₁ + 1)/(n − 3)` (`r₁` corrected for its downward bias in a series of `n`,
    /// the cells' mean length) — so that neighbouring blocks are nearly independent; at
    /// least 2 and at most `n /` [`MIN_BLOCKS`].
    pub fn pooled(cells: &[&[f64]]) -> Option<Dependence> {
        let checked: Vec<(usize, f64)> = cells
            .iter()
            .filter(|d| d.len() >= MIN_ROUNDS_CHECKED)
            .filter_map(|d| Some((d.len(), lag1_autocorrelation(d)?)))
            .collect();
        if checked.is_empty() {
            return None;
        }
        let total: usize = checked.iter().map(|(n, _)| n).sum();
        let lag1 = checked.iter().map(|(_, r)| r).sum::<f64>() / checked.len() as f64;
        if lag1 * (total as f64).sqrt() <= Z_90 {
            return None;
        }
        let n = total / checked.len();
        let phi = ((n as f64 * lag1 + 1.0) / (n as f64 - 3.0)).min(0.99);
        let inflation = 2.0 * (1.0 + phi) / (1.0 - phi);
        let block = (inflation.ceil().min(n as f64) as usize).clamp(2, (n / MIN_BLOCKS).max(2));
        Some(Dependence { lag1, block })
    }

    /// The note a verdict carries.
    pub fn note(&self) -> String {
        format!(
            "rounds not independent (lag-1 autocorrelation {:.2}): analysed as means of {} rounds",
            self.lag1, self.block
        )
    }
}

/// The lag-1 autocorrelation of `d` about its mean; `None` under 3 values or when every
/// value is the same.
pub fn lag1_autocorrelation(d: &[f64]) -> Option<f64> {
    if d.len() < 3 {
        return None;
    }
    let mean = super::mean(d);
    let c0: f64 = d.iter().map(|x| (x - mean).powi(2)).sum();
    if c0 <= 0.0 {
        return None;
    }
    let c1: f64 = d.windows(2).map(|w| (w[0] - mean) * (w[1] - mean)).sum();
    Some(c1 / c0)
}

/// The means of consecutive blocks of `block` values of `d` (a last, shorter block left
/// out).
pub fn block_means(d: &[f64], block: usize) -> Vec<f64> {
    d.chunks_exact(block.max(1)).map(super::mean).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1, 2, 3, 4 about 2.5: c0 = 5, c1 = (−1.5)(−0.5) + (−0.5)(0.5) + (0.5)(1.5) = 1.25,
    /// r₁ = 0.25.
    #[test]
    fn lag1_by_hand() {
        assert!((lag1_autocorrelation(&[1.0, 2.0, 3.0, 4.0]).unwrap() - 0.25).abs() < 1e-12);
        assert_eq!(lag1_autocorrelation(&[1.0, 1.0, 1.0]), None);
        assert_eq!(block_means(&[1.0, 3.0, 5.0, 7.0, 9.0], 2), vec![2.0, 6.0]);
    }

    /// Alternating rounds are not positively dependent; a slow drift is, with blocks of
    /// at least 2 and never fewer than 6 blocks.
    #[test]
    fn a_drift_is_found_and_alternation_is_not() {
        let alternating: Vec<f64> = (0..40).map(|i| if i % 2 == 0 { 0.01 } else { -0.01 }).collect();
        assert_eq!(Dependence::of(&alternating), None);
        let drift: Vec<f64> = (0..40).map(|i| 0.001 * i as f64).collect();
        let d = Dependence::of(&drift).expect("a drift");
        assert!(d.lag1 > 0.9 && d.block == 40 / MIN_BLOCKS, "{d:?}");
        assert_eq!(Dependence::of(&drift[..11]), None, "under 12 rounds: not checked");
    }
}
