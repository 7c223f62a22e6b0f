//! The factor every timed cell of two runs shares, as a verdict of its own: the median of
//! the cells' ratios B/A with its distribution-free 95 % interval, judged against the
//! machine's run-to-run allowance (`--machine-noise`). A whole build 7 % slower reads
//! "all cells 7.0 % slower in B (6.1 % to 7.9 %)": `slower`, which fails
//! `--fail-on-slower`; it is never divided out of sight.

use crate::base::stats::decision::{percent, Verdict};
use crate::base::stats::{self, median_interval};

/// How each cell's verdict is taken: against A itself, or against A times the factor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judged {
    /// B/A itself.
    Absolute,
    /// B/A over the common factor: what moved beyond the change all cells share.
    Relative,
}

impl Judged {
    /// The word: `absolute`, `relative`.
    pub fn word(self) -> &'static str {
        match self {
            Judged::Absolute => "absolute",
            Judged::Relative => "relative",
        }
    }
}

/// The factor every cell of B shares against A: the median of the cells' ratios of
/// medians, its distribution-free 95 % interval, and its verdict against the allowance.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct CommonFactor {
    /// The median B/A of the cells.
    pub ratio: f64,
    /// Its 95 % interval (ratios); `None` under 6 cells.
    pub interval: Option<(f64, f64)>,
    /// The cells it is the median of.
    pub cells: usize,
    /// The run-to-run allowance it is judged against (a fraction): a drift of the whole
    /// machine between two runs up to this much is not a change of the build.
    pub allowance: f64,
    /// `slower` / `faster` when the whole interval lies beyond ±allowance, `same` when it
    /// lies within, else `unknown` (also under 6 cells).
    pub verdict: Verdict,
    /// How the cells are judged: relative to the factor when it is decided (`slower`,
    /// `faster`, or `same` with an interval that excludes 1: a drift within the allowance),
    /// absolute otherwise.
    pub judged: Judged,
}

impl CommonFactor {
    /// The factor of cells whose medians are `(a, b)`, judged against `allowance`; `None`
    /// without a cell with two positive medians.
    pub fn of(medians: impl Iterator<Item = (f64, f64)>, allowance: f64) -> Option<CommonFactor> {
        let logs: Vec<f64> = medians.filter(|(a, b)| *a > 0.0 && *b > 0.0).map(|(a, b)| (b / a).ln()).collect();
        let ratio = stats::median(&logs)?.exp();
        let interval = median_interval(&logs).map(|(l, h)| (l.exp(), h.exp()));
        let verdict = match interval {
            Some((l, _)) if l - 1.0 > allowance => Verdict::Slower,
            Some((_, h)) if h - 1.0 < -allowance => Verdict::Faster,
            Some((l, h)) if l - 1.0 >= -allowance && h - 1.0 <= allowance => Verdict::Same,
            _ => Verdict::Unknown,
        };
        let moved = interval.is_some_and(|(l, h)| l > 1.0 || h < 1.0);
        let judged = match verdict {
            Verdict::Slower | Verdict::Faster => Judged::Relative,
            Verdict::Same if moved => Judged::Relative,
            _ => Judged::Absolute,
        };
        Some(CommonFactor { ratio, interval, cells: logs.len(), allowance, verdict, judged })
    }

    /// The factor the cells are judged against: the median ratio when they are judged
    /// relative to it, else 1.
    pub fn applied(&self) -> f64 {
        match self.judged {
            Judged::Relative => self.ratio,
            Judged::Absolute => 1.0,
        }
    }

    /// The factor in words, with its verdict and how the cells are judged: "all cells
    /// 7.0 % slower in B (6.1 % to 7.9 %), beyond the machine noise of ±5.0 %: slower;
    /// each cell judged relative to it".
    pub fn sentence(&self) -> String {
        let range = self.interval.map_or(" (no interval: under 6 cells)".to_string(), |(l, h)| {
            format!(" ({} to {})", percent(l - 1.0), percent(h - 1.0))
        });
        let moved = match self.ratio >= 1.0 {
            true => format!("{} slower in B", percent(self.ratio - 1.0)),
            false => format!("{} faster in B", percent(1.0 - self.ratio)),
        };
        let allowance = percent(self.allowance);
        let what = match self.verdict {
            Verdict::Slower | Verdict::Faster => {
                format!("all cells {moved}{range}, beyond the machine noise of ±{allowance}: {}", self.verdict)
            }
            Verdict::Same => {
                format!("the median cell {moved}{range}, within the machine noise of ±{allowance}: same")
            }
            Verdict::Unknown => format!(
                "the median cell {moved}{range}: unknown (cannot tell whether every cell moved beyond the machine \
                 noise of ±{allowance})"
            ),
        };
        format!("{what}; each cell judged {} to it", self.judged_word())
    }

    /// `relative` or `absolute (not relative)`, as the sentence says it.
    fn judged_word(&self) -> &'static str {
        match self.judged {
            Judged::Relative => "relative",
            Judged::Absolute => "absolute, not relative",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn factor(ratios: &[f64], allowance: f64) -> CommonFactor {
        CommonFactor::of(ratios.iter().map(|r| (1.0, *r)), allowance).unwrap()
    }

    /// 40 of 40 cells 7 % slower: the factor is 1.07, beyond ±5 %: `slower`, the cells
    /// relative to it.
    #[test]
    fn every_cell_slower_is_a_slower_factor() {
        let f = factor(&[1.07; 40], 0.05);
        assert_eq!((f.verdict, f.judged, f.cells), (Verdict::Slower, Judged::Relative, 40));
        assert!((f.applied() - 1.07).abs() < 1e-12);
        let s = f.sentence();
        assert!(s.starts_with("all cells 7.0 % slower in B (7.0 % to 7.0 %), beyond the machine noise"), "{s}");
        assert_eq!(factor(&[0.9; 10], 0.05).verdict, Verdict::Faster);
    }

    /// 24 of 40 cells 7 % slower, 16 unchanged: the median is 1.07 but its interval
    /// reaches 1 (the 14th and 27th of the sorted ratios): `unknown`, and the cells are
    /// judged absolute, so the 16 unchanged ones are not called faster.
    #[test]
    fn most_cells_slower_is_not_divided_out() {
        let mut ratios = vec![1.07; 24];
        ratios.extend([1.0; 16]);
        let f = factor(&ratios, 0.05);
        assert_eq!((f.verdict, f.judged, f.applied()), (Verdict::Unknown, Judged::Absolute, 1.0));
        assert_eq!(f.interval, Some((1.0, 1.07)));
        assert!(f.sentence().contains("each cell judged absolute, not relative"), "{}", f.sentence());
    }

    /// A drift of 2 % within the 5 % allowance: `same`, and the cells relative to it; no
    /// drift at all: `same`, absolute; 5 cells: no interval, `unknown`.
    #[test]
    fn a_drift_within_the_allowance_is_same() {
        let drift: Vec<f64> = (0..20).map(|i| 1.02 + 0.001 * (i % 3) as f64).collect();
        let f = factor(&drift, 0.05);
        assert_eq!((f.verdict, f.judged), (Verdict::Same, Judged::Relative));
        let still = factor(&[1.0; 20], 0.05);
        assert_eq!((still.verdict, still.judged), (Verdict::Same, Judged::Absolute));
        let few = factor(&[1.5; 5], 0.05);
        assert_eq!((few.verdict, few.judged, few.interval), (Verdict::Unknown, Judged::Absolute, None));
        assert_eq!(CommonFactor::of([(0.0, 1.0)].into_iter(), 0.05), None);
    }
}
