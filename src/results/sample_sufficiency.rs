//! Whether the cells of a comparison have samples enough for the test to find a difference
//! at all after the correction over the cells compared: Benjamini–Hochberg's strictest
//! threshold, that of a lone changed cell, is `α / cells`, and the Mann–Whitney U test of
//! `m` and `n` samples never gives a p-value below its smallest
//! ([`crate::base::stats::attainable`]). A cell that cannot reach it cannot be called
//! `slower` or `faster` on its own, and so is not called `same` either: its `same` would
//! rest on a test that could not have said otherwise.

use crate::base::stats::attainable::{can_reject, min_mann_whitney_p, samples_needed};
use crate::base::stats::decision::ALPHA;

/// Fewest samples a side for `same`: the fewest whose 95 % interval is worth an
/// equivalence claim (as the paired rule's fewest rounds).
pub const MIN_SAMPLES_FOR_SAME: usize = 6;

/// The cells whose samples cannot show a difference among the cells compared.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TooFewSamples {
    /// The cells compared (the correction's count).
    pub cells: usize,
    /// How many of them cannot show a difference.
    pub short: usize,
    /// The fewest samples on a side among them.
    pub fewest: usize,
    /// Their smallest attainable p-value (of the cell with the fewest samples).
    pub smallest_p: f64,
    /// The level a lone cell must reach: `α / cells`.
    pub level: f64,
    /// Samples a side that would reach it; `None` when even 1,000 would not.
    pub needed: Option<usize>,
}

impl TooFewSamples {
    /// The cells of `samples` (each `(a, b)`, the samples of its sides) that cannot show a
    /// difference among `samples.len()` cells; `None` when every cell can.
    pub fn of(samples: &[(usize, usize)]) -> Option<TooFewSamples> {
        let cells = samples.len();
        let level = ALPHA / cells.max(1) as f64;
        let short: Vec<(usize, usize)> = samples.iter().copied().filter(|&(a, b)| !can_reject(a, b, level)).collect();
        let &(a, b) = short.iter().min_by_key(|(a, b)| (*a).min(*b))?;
        Some(TooFewSamples {
            cells,
            short: short.len(),
            fewest: a.min(b),
            smallest_p: min_mann_whitney_p(a, b).unwrap_or(1.0),
            level,
            needed: samples_needed(level),
        })
    }

    /// Whether a cell of `a` and `b` samples is one of them.
    pub fn holds(&self, a: usize, b: usize) -> bool {
        !can_reject(a, b, self.level)
    }

    /// "5 samples a side cannot show a difference among 40 cells (the test's smallest p,
    /// 7.94e-3, is above 5 % / 40 = 1.25e-3): take 7 a side (`harness run --samples 7`);
    /// …", or, when only
    /// some cells are short, "12 of 40 cells, with as few as 5 samples a side, cannot …".
    pub fn sentence(&self) -> String {
        let who = match self.short == self.cells {
            true => format!("{} a side", samples_word(self.fewest)),
            false => {
                format!("{} of {} cells, with as few as {} a side,", self.short, self.cells, samples_word(self.fewest))
            }
        };
        let take = self.needed.map_or("no number of samples up to 1000 can".to_string(), |n| {
            format!("take {n} a side (`harness run --samples {n}`)")
        });
        format!(
            "{who} cannot show a difference among {} cells (the test's smallest p, {:.2e}, is above 5 % / {} = \
             {:.2e}): {take}; their `same` is refused (`unknown`)",
            self.cells, self.smallest_p, self.cells, self.level
        )
    }
}

fn samples_word(n: usize) -> String {
    if n == 1 {
        "1 sample".to_string()
    } else {
        format!("{n} samples")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_samples_a_side_among_forty_cells_are_too_few() {
        let short = TooFewSamples::of(&[(5, 5); 40]).unwrap();
        assert_eq!((short.cells, short.short, short.fewest, short.needed), (40, 40, 5, Some(7)));
        let s = short.sentence();
        assert!(s.starts_with("5 samples a side cannot show a difference among 40 cells"), "{s}");
        assert!(s.contains("take 7 a side"), "{s}");
        assert!(short.holds(5, 5) && !short.holds(7, 7));
    }

    #[test]
    fn enough_samples_say_nothing_and_a_few_short_cells_are_counted() {
        assert_eq!(TooFewSamples::of(&[(5, 5)]), None, "one cell: 0.0079 is below 5 %");
        assert_eq!(TooFewSamples::of(&[(10, 10); 40]), None);
        let mut mixed = vec![(10, 10); 38];
        mixed.extend([(3, 10), (10, 4)]);
        let short = TooFewSamples::of(&mixed).unwrap();
        assert_eq!((short.short, short.fewest), (2, 3));
        assert!(
            short.sentence().starts_with("2 of 40 cells, with as few as 3 samples a side,"),
            "{}",
            short.sentence()
        );
    }
}
