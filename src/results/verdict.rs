//! What the cells of two runs made at different times say of B against A: the factor
//! common to every cell ([`CommonFactor`], a verdict of its own), each cell judged by the
//! one decision rule ([`crate::base::stats::decision`]) absolute or relative to the factor,
//! against a band set by the resolution and the machine's run-to-run allowance (never by
//! the spread of the cells under test), with `same` refused where the samples are too few
//! ([`TooFewSamples`]); and the verdict of a peak memory.

use crate::base::stats::decision::{CellTest, Correction, Decision, Rule, Verdict};
use crate::base::stats::{self};
use crate::base::text::count_of;
pub use crate::results::common_factor::{CommonFactor, Judged};
use crate::results::sample_sufficiency::{TooFewSamples, MIN_SAMPLES_FOR_SAME};

/// The default resolution of `harness compare` (`--noise`): a cell's change smaller than
/// this is `same` however significant (3 %).
pub const DEFAULT_NOISE: f64 = 0.03;

/// The default run-to-run allowance of `harness compare` (`--machine-noise`, 5 %): how much
/// the whole machine, or one cell, may move between two runs of one build. A stated
/// allowance, not a measurement of these runs: the cells under test cannot tell it.
pub const DEFAULT_MACHINE_NOISE: f64 = 0.05;

/// Fewest samples on each side for a verdict other than `unknown`.
pub const MIN_SAMPLES_FOR_VERDICT: usize = 3;

/// The evidence of one cell against the factor `common` (a ratio; 1 when judged
/// absolute): its change (the log of `median(b) / median(a) / common`), the 95 %
/// bootstrap interval of the ratio of medians over the factor, and the Mann–Whitney
/// p-value of A's samples scaled by the factor against B's. `None` when a median is not
/// positive. `seed` makes the interval reproducible.
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
        weight: 1.0,
        dependence: None,
    })
}

/// The rule of `harness compare`: at least [`MIN_SAMPLES_FOR_VERDICT`] samples a side,
/// Benjamini–Hochberg over the cells (the adjusted p is the cell's q-value); as every
/// verdict of the rule, a difference only where the whole interval lies beyond the cell's
/// band (its samples cannot see the drift between the runs).
pub fn compare_rule(noise: f64) -> Rule {
    Rule { resolution: noise, min_rounds: MIN_SAMPLES_FOR_VERDICT, correction: Correction::BenjaminiHochberg }
}

/// The band a cell's change must pass to count, and within which it is `same`: the
/// larger of the resolution (`--noise`) and the run-to-run allowance (`--machine-noise`).
pub fn band(noise: f64, machine_noise: f64) -> f64 {
    noise.max(machine_noise)
}

/// What the cells of two runs say: the factor they share, how the cells are judged, each
/// cell's decision, and the note on cells with too few samples.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    /// The factor every cell shares; `None` without a cell with two positive medians.
    pub common: Option<CommonFactor>,
    /// Absolute, or relative to the factor.
    pub judged: Judged,
    /// Each cell's decision, in order.
    pub decisions: Vec<Decision>,
    /// The cells whose samples cannot show a difference among the cells compared.
    pub too_few: Option<TooFewSamples>,
}

/// The verdicts of cells given by their samples `(a, b, seed)`: the factor they share
/// (judged against `machine_noise`), then each cell against it where the factor is decided
/// ([`CommonFactor::judged`]) or against A itself, with the band
/// [`band`]`(noise, machine_noise)`; `same` refused under [`MIN_SAMPLES_FOR_SAME`] samples
/// a side and where the samples cannot show a difference among the cells compared.
pub fn judge(cells: &[(&[f64], &[f64], u64)], noise: f64, machine_noise: f64) -> Judgement {
    let medians = cells.iter().filter_map(|(a, b, _)| Some((stats::median(a)?, stats::median(b)?)));
    let common = CommonFactor::of(medians, machine_noise);
    let factor = common.map_or(1.0, |c| c.applied());
    let tests: Vec<Option<CellTest>> = cells.iter().map(|(a, b, seed)| cell_against(a, b, factor, *seed)).collect();
    let bands = vec![band(noise, machine_noise); cells.len()];
    let mut decisions = compare_rule(noise).decide_banded(&tests, &bands);
    let tested: Vec<(usize, usize)> =
        cells.iter().zip(&tests).filter(|(_, t)| t.is_some()).map(|((a, b, _), _)| (a.len(), b.len())).collect();
    let too_few = TooFewSamples::of(&tested);
    for ((a, b, _), d) in cells.iter().zip(decisions.iter_mut()) {
        refuse_unfounded_same(d, (a.len(), b.len()), too_few.as_ref());
    }
    let judged = common.map_or(Judged::Absolute, |c| c.judged);
    Judgement { common, judged, decisions, too_few }
}

/// A `same` of a cell of `(a, b)` samples made `unknown` where it rests on too little:
/// under [`MIN_SAMPLES_FOR_SAME`] samples a side, or samples that cannot show a difference
/// among the cells compared (`too_few`).
fn refuse_unfounded_same(d: &mut Decision, (a, b): (usize, usize), too_few: Option<&TooFewSamples>) {
    if d.verdict != Verdict::Same {
        return;
    }
    let fewest = a.min(b);
    if fewest < MIN_SAMPLES_FOR_SAME {
        d.verdict = Verdict::Unknown;
        d.reason = Some(format!(
            "only {} a side, at least {MIN_SAMPLES_FOR_SAME} needed for `same`",
            count_of(fewest as u64, "sample")
        ));
    } else if let Some(short) = too_few.filter(|s| s.holds(a, b)) {
        d.verdict = Verdict::Unknown;
        d.reason = Some(format!(
            "{} a side cannot show a difference among {} cells",
            count_of(fewest as u64, "sample"),
            short.cells
        ));
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

    const A: [f64; 7] = [1.000, 1.002, 0.998, 1.001, 0.999, 1.003, 0.997];

    fn scaled(f: f64) -> Vec<f64> {
        A.iter().map(|x| x * f).collect()
    }

    fn verdicts(cells: &[Vec<f64>]) -> (Judgement, Vec<Verdict>) {
        let input: Vec<(&[f64], &[f64], u64)> = cells.iter().map(|b| (&A[..], b.as_slice(), 1)).collect();
        let j = judge(&input, DEFAULT_NOISE, DEFAULT_MACHINE_NOISE);
        let v = j.decisions.iter().map(|d| d.verdict).collect();
        (j, v)
    }

    /// Ten cells all 10 % slower: the common factor is 1.1, wholly beyond the 5 %
    /// allowance, so the factor is `slower`; every cell is `same` relative to it.
    #[test]
    fn a_common_slowdown_is_the_factor_s_verdict() {
        let cells: Vec<Vec<f64>> = (0..10).map(|_| scaled(1.10)).collect();
        let (j, v) = verdicts(&cells);
        let common = j.common.unwrap();
        assert!((common.ratio - 1.10).abs() < 1e-9);
        assert_eq!((common.verdict, j.judged), (Verdict::Slower, Judged::Relative));
        assert!(v.iter().all(|v| *v == Verdict::Same), "{v:?}");
    }

    /// One cell twice as slow among nine unchanged: it is `slower`, the rest `same`, all
    /// absolute.
    #[test]
    fn one_cell_beyond_the_band_is_slower() {
        let mut cells: Vec<Vec<f64>> = (0..9).map(|_| scaled(1.0)).collect();
        cells.push(scaled(2.0));
        let (j, v) = verdicts(&cells);
        assert_eq!((j.common.unwrap().ratio, j.judged), (1.0, Judged::Absolute));
        assert_eq!(v[9], Verdict::Slower);
        assert!(v[..9].iter().all(|v| *v == Verdict::Same), "{v:?}");
        assert_eq!(j.too_few, None, "7 a side reach 5 % / 10");
    }

    /// A 4 % move is inside the 5 % band: never `slower`, however significant.
    #[test]
    fn a_change_within_the_band_is_not_a_difference() {
        let mut cells: Vec<Vec<f64>> = (0..9).map(|_| scaled(1.0)).collect();
        cells.push(scaled(1.04));
        let (_, v) = verdicts(&cells);
        assert!(!v[9].is_difference(), "{v:?}");
    }

    /// The band is the resolution or the allowance, whichever is wider, and the same for
    /// every cell whatever the others did.
    #[test]
    fn the_band_does_not_depend_on_the_cells() {
        assert_eq!(band(0.03, 0.05), 0.05);
        assert_eq!(band(0.08, 0.05), 0.08);
    }

    #[test]
    fn too_few_samples_are_unknown() {
        let input: Vec<(&[f64], &[f64], u64)> = vec![(&[1.0], &[2.0], 1)];
        assert_eq!(judge(&input, DEFAULT_NOISE, DEFAULT_MACHINE_NOISE).decisions[0].verdict, Verdict::Unknown);
    }

    /// 3 or 5 samples a side of an unchanged cell: never `same` (under 6), with the reason.
    #[test]
    fn never_same_under_six_samples_a_side() {
        for n in [3usize, 5] {
            let (a, b) = (&A[..n], &A[..n]);
            let j = judge(&[(a, b, 1)], DEFAULT_NOISE, DEFAULT_MACHINE_NOISE);
            let d = &j.decisions[0];
            assert_eq!(d.verdict, Verdict::Unknown, "{n} samples");
            assert!(d.reason.as_deref().unwrap().contains("at least 6 needed for `same`"), "{d:?}");
        }
        let six = judge(&[(&A[..6], &A[..6], 1)], DEFAULT_NOISE, DEFAULT_MACHINE_NOISE);
        assert_eq!(six.decisions[0].verdict, Verdict::Same);
    }

    /// 6 samples a side among 40 cells cannot reach 5 % / 40: the note says so and no cell
    /// is `same`; with 7 a side they are.
    #[test]
    fn samples_too_few_for_the_cells_refuse_same() {
        let six: Vec<(&[f64], &[f64], u64)> = (0..40).map(|_| (&A[..6], &A[..6], 1)).collect();
        let j = judge(&six, DEFAULT_NOISE, DEFAULT_MACHINE_NOISE);
        assert_eq!(j.too_few.as_ref().map(|t| (t.cells, t.needed)), Some((40, Some(7))));
        assert!(j.decisions.iter().all(|d| d.verdict == Verdict::Unknown), "{:?}", j.decisions[0]);
        let seven: Vec<(&[f64], &[f64], u64)> = (0..40).map(|_| (&A[..], &A[..], 1)).collect();
        let j = judge(&seven, DEFAULT_NOISE, DEFAULT_MACHINE_NOISE);
        assert!(j.too_few.is_none() && j.decisions.iter().all(|d| d.verdict == Verdict::Same));
    }

    #[test]
    fn memory_differs_beyond_five_per_cent() {
        assert_eq!(memory_verdict(100, 90), MemoryVerdict::Less);
        assert_eq!((memory_verdict(100, 96), memory_verdict(100, 104)), (MemoryVerdict::Same, MemoryVerdict::Same));
        assert_eq!(memory_verdict(1_000_000, 2_000_000), MemoryVerdict::More);
    }
}
