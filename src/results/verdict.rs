//! What the cells of two runs made at different times say of B against A: the factor
//! common to every cell (the machine's drift, or a change of the whole build), each cell
//! judged against it by the one decision rule ([`crate::base::stats::decision`]), the
//! run-to-run spread that sets each cell's resolution, and the verdict of a peak memory.

use crate::base::stats::decision::{CellTest, Correction, Decision, Rule};
use crate::base::stats::{self, median_interval};

/// The default noise threshold of `harness compare`: a cell's change against the common
/// factor must pass the larger of this and the run-to-run spread to count (3 %: the
/// run-to-run drift of one cell on a quiet 2-core machine is of that order).
pub const DEFAULT_NOISE: f64 = 0.03;

/// Fewest samples on each side for a verdict other than `unknown`.
pub const MIN_SAMPLES_FOR_VERDICT: usize = 3;

/// The factor every cell of B shares against A: the median of the cells' log ratios of
/// medians, with its distribution-free 95 % interval. A drift of the machine between the
/// two runs (or a change that slows the whole build alike) moves it; each cell is judged
/// against it.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct CommonFactor {
    /// The median B/A of the cells.
    pub ratio: f64,
    /// Its 95 % interval; `None` under 6 cells.
    pub interval: Option<(f64, f64)>,
    /// The cells it is the median of.
    pub cells: usize,
}

impl CommonFactor {
    /// The factor of cells whose medians are `(a, b)`; `None` without a cell with two
    /// positive medians.
    pub fn of(medians: impl Iterator<Item = (f64, f64)>) -> Option<CommonFactor> {
        let logs: Vec<f64> = medians.filter(|(a, b)| *a > 0.0 && *b > 0.0).map(|(a, b)| (b / a).ln()).collect();
        let m = stats::median(&logs)?;
        Some(CommonFactor {
            ratio: m.exp(),
            interval: median_interval(&logs).map(|(l, h)| (l.exp(), h.exp())),
            cells: logs.len(),
        })
    }

    /// The factor the cells are judged against: the median ratio where its interval
    /// excludes 1 (the cells moved together), else 1 — under 6 cells, or with no shift the
    /// cells agree on, a cell is judged by itself.
    pub fn applied(&self) -> f64 {
        match self.interval {
            Some((l, h)) if l > 1.0 || h < 1.0 => self.ratio,
            _ => 1.0,
        }
    }

    /// "all cells 7.0 % slower in B (5.1 % to 9.2 %): the machine or the build", or
    /// "no factor common to all cells (−0.4 % to 0.6 %)".
    pub fn sentence(&self) -> String {
        let pct = |r: f64| crate::base::stats::decision::percent((r - 1.0).abs());
        let range = self.interval.map_or(" (no interval: under 6 cells)".to_string(), |(l, h)| {
            format!(
                " ({} to {})",
                crate::base::stats::decision::percent(l - 1.0),
                crate::base::stats::decision::percent(h - 1.0)
            )
        });
        let beyond_one = self.interval.is_some_and(|(l, h)| l > 1.0 || h < 1.0);
        match (beyond_one, self.ratio >= 1.0) {
            (true, true) => format!("all cells {} slower in B{range}: the machine or the build", pct(self.ratio)),
            (true, false) => format!("all cells {} faster in B{range}: the machine or the build", pct(self.ratio)),
            (false, _) => format!("no factor common to all cells: the median cell {:.3}{range}", self.ratio),
        }
    }
}

/// The evidence of one cell against the common factor `common` (a ratio): its change
/// beyond the factor (the log of `median(b) / median(a) / common`), the 95 % bootstrap
/// interval of the ratio of medians over the factor, and the Mann–Whitney p-value of A's
/// samples scaled by the factor against B's. `None` when a median is not positive. `seed`
/// makes the interval reproducible.
pub fn cell_against(a: &[f64], b: &[f64], common: f64, seed: u64) -> Option<CellTest> {
    let (ma, mb) = (stats::median(a)?, stats::median(b)?);
    if ma <= 0.0 || mb <= 0.0 || common <= 0.0 {
        return None;
    }
    let f = common.ln();
    let scaled: Vec<f64> = a.iter().map(|x| x * common).collect();
    let interval = stats::bootstrap_ratio_ci(a, b, seed)
        .filter(|(l, h)| *l > 0.0 && *h > 0.0)
        .map(|(l, h)| (l.ln() - f, h.ln() - f));
    Some(CellTest {
        estimate: (mb / ma).ln() - f,
        interval,
        p: stats::mann_whitney_p(&scaled, b).unwrap_or(1.0),
        rounds: a.len().min(b.len()),
    })
}

/// The rule of `harness compare`: at least [`MIN_SAMPLES_FOR_VERDICT`] samples a side,
/// Benjamini–Hochberg over the cells (the adjusted p is the cell's q-value), and a
/// difference only beyond the cell's band (its samples cannot see the drift between the
/// runs).
pub fn compare_rule(noise: f64) -> Rule {
    Rule {
        resolution: noise,
        min_rounds: MIN_SAMPLES_FOR_VERDICT,
        correction: Correction::BenjaminiHochberg,
        differences_beyond_resolution: true,
    }
}

/// The verdicts of cells given by their samples `(a, b)` and bands, against the factor
/// they share ([`CommonFactor::applied`]): the factor, and each cell's decision.
pub fn judge(cells: &[(&[f64], &[f64], f64, u64)], noise: f64) -> (Option<CommonFactor>, Vec<Decision>) {
    let common = CommonFactor::of(cells.iter().filter_map(|(a, b, _, _)| Some((stats::median(a)?, stats::median(b)?))));
    let factor = common.map_or(1.0, |c| c.applied());
    let tests: Vec<Option<CellTest>> = cells.iter().map(|(a, b, _, seed)| cell_against(a, b, factor, *seed)).collect();
    let bands: Vec<f64> = cells.iter().map(|c| c.2).collect();
    (common, compare_rule(noise).decide_banded(&tests, &bands))
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
    use crate::base::stats::decision::Verdict;

    const A: [f64; 7] = [1.000, 1.002, 0.998, 1.001, 0.999, 1.003, 0.997];

    fn scaled(f: f64) -> Vec<f64> {
        A.iter().map(|x| x * f).collect()
    }

    fn verdicts(cells: &[Vec<f64>], noise: f64) -> (Option<CommonFactor>, Vec<Verdict>) {
        let input: Vec<(&[f64], &[f64], f64, u64)> = cells.iter().map(|b| (&A[..], b.as_slice(), noise, 1)).collect();
        let (common, d) = judge(&input, noise);
        (common, d.iter().map(|d| d.verdict).collect())
    }

    /// Ten cells all 10 % slower (a drifted machine): the common factor is 1.1, wholly
    /// above 1, and every cell is `same` against it.
    #[test]
    fn a_common_drift_is_the_factor_not_the_cells() {
        let cells: Vec<Vec<f64>> = (0..10).map(|_| scaled(1.10)).collect();
        let (common, v) = verdicts(&cells, DEFAULT_NOISE);
        let common = common.unwrap();
        assert!((common.ratio - 1.10).abs() < 1e-9);
        assert!(
            common.sentence().starts_with("all cells 10.0 % slower in B (10.0 % to 10.0 %)"),
            "{}",
            common.sentence()
        );
        assert!(v.iter().all(|v| *v == Verdict::Same), "{v:?}");
    }

    /// One cell twice as slow among nine unchanged: it is `slower`, the rest `same`.
    #[test]
    fn one_cell_beyond_the_factor_is_slower() {
        let mut cells: Vec<Vec<f64>> = (0..9).map(|_| scaled(1.0)).collect();
        cells.push(scaled(2.0));
        let (common, v) = verdicts(&cells, DEFAULT_NOISE);
        assert_eq!(common.unwrap().ratio, 1.0);
        assert_eq!(v[9], Verdict::Slower);
        assert!(v[..9].iter().all(|v| *v == Verdict::Same), "{v:?}");
    }

    /// A 2 % move is inside a 3 % band: never `slower`, however significant.
    #[test]
    fn a_change_within_the_band_is_not_a_difference() {
        let mut cells: Vec<Vec<f64>> = (0..9).map(|_| scaled(1.0)).collect();
        cells.push(scaled(1.02));
        let (_, v) = verdicts(&cells, DEFAULT_NOISE);
        assert!(!v[9].is_difference(), "{v:?}");
    }

    #[test]
    fn too_few_samples_are_unknown() {
        let input: Vec<(&[f64], &[f64], f64, u64)> = vec![(&[1.0], &[2.0], DEFAULT_NOISE, 1)];
        assert_eq!(judge(&input, DEFAULT_NOISE).1[0].verdict, Verdict::Unknown);
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
        let slow: Vec<[f64; 5]> = ratios.iter().map(|r| [1.5 * r; 5]).collect();
        let slow_spread = RunSpread::of(slow.iter().map(|b| (&five[..], &b[..])));
        assert!((slow_spread.long.unwrap() - sigma).abs() < 1e-9);
    }

    #[test]
    fn memory_differs_beyond_five_per_cent() {
        assert_eq!(memory_verdict(100, 90), MemoryVerdict::Less);
        assert_eq!((memory_verdict(100, 96), memory_verdict(100, 104)), (MemoryVerdict::Same, MemoryVerdict::Same));
        assert_eq!(memory_verdict(1_000_000, 2_000_000), MemoryVerdict::More);
    }
}
