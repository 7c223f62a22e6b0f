//! The `selector` kind: uniformity of Algorithm R, one row per reservoir size and number of added items.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::base::error::InputError;
use crate::base::error::Result;
use crate::base::text::count_of;
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::Experiment;
use crate::experiment::Item;
use crate::experiment::RunContext;
use crate::nim::selector::Reservoir;
use crate::nim::stats::{chi_square_p_value, chi_square_uniform};
use crate::results::row::{columns_of, Cpu, Fixed, Status, Timing};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;

// ---------------------------------------------------------------------------------------
// selector

/// Most possible samples (`C(items, reservoir)`) a selector row may count.
const MAX_CATEGORIES: u64 = 100_000;
/// Least expected count per possible sample (the chi-square approximation needs >= 5).
const MIN_EXPECTED: u64 = 5;
/// Most draws per row.
const MAX_DRAWS: u64 = 1_000_000_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SelectorParams {
    #[serde(default = "default_reservoir")]
    reservoir: Vec<usize>,
    items: Vec<usize>,
    draws: u64,
}

fn default_reservoir() -> Vec<usize> {
    vec![1]
}

/// `C(n, k)`, or `None` on overflow.
fn binomial(n: u64, k: u64) -> Option<u64> {
    (0..k).try_fold(1u64, |acc, i| acc.checked_mul(n - i).map(|x| x / (i + 1)))
}

/// Colex rank of a sorted `k`-subset of `0..n` among all `k`-subsets: `sum C(c_i, i + 1)`.
fn subset_rank(sorted: &[usize]) -> usize {
    sorted.iter().enumerate().map(|(i, &c)| binomial(c as u64, i as u64 + 1).unwrap_or(0) as usize).sum()
}

/// One `selector` item: a reservoir size and a number of added items.
struct SelectorItem {
    reservoir: usize,
    items: usize,
    categories: u64,
}

impl SelectorItem {
    /// The item's id and progress note (`reservoir 1, 3 items`).
    fn label(&self) -> String {
        format!("reservoir {}, {}", self.reservoir, count_of(self.items as u64, "item"))
    }
}

/// One row of the `selector` experiment; the statistics are `None` when the draws stopped.
#[derive(Serialize, Default)]
struct SelectorRow {
    reservoir: usize,
    items: usize,
    /// How many different samples the selector can draw (the chi-square categories).
    categories: u64,
    draws: u64,
    chi_square: Option<Fixed<4>>,
    df: u64,
    p_value: Option<Fixed<4>>,
    min_count: Option<u64>,
    max_count: Option<u64>,
    seconds: Timing,
    cpu: Cpu,
}

pub(in crate::nim) struct SelectorExperiment {
    rows: Vec<SelectorItem>,
    draws: u64,
}

impl SelectorExperiment {
    pub(in crate::nim) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: SelectorParams = spec.params()?;
        if p.draws == 0 || p.draws > MAX_DRAWS {
            return Err(spec.error(Some("draws"), format!("`draws` must be from 1 to {MAX_DRAWS}")));
        }
        if p.reservoir.is_empty() || p.items.is_empty() {
            let key = if p.items.is_empty() { "items" } else { "reservoir" };
            return Err(spec.error(Some(key), format!("`{key}` must list at least one number")));
        }
        let mut rows = Vec::new();
        for &n in &p.reservoir {
            if n == 0 {
                return Err(spec.error(Some("reservoir"), "a reservoir holds at least 1 item"));
            }
            for &k in &p.items {
                if k <= n {
                    return Err(spec.error(
                        Some("items"),
                        format!(
                            "{} with a reservoir of {n}: need more items than reservoir slots",
                            count_of(k as u64, "item")
                        ),
                    ));
                }
                let categories = binomial(k as u64, n as u64).filter(|&c| c <= MAX_CATEGORIES).ok_or_else(|| {
                    spec.error(Some("items"), format!("C({k}, {n}) possible samples exceed {MAX_CATEGORIES}"))
                })?;
                if p.draws < categories * MIN_EXPECTED {
                    return Err(spec.error(
                        Some("draws"),
                        format!(
                            "{} give fewer than {MIN_EXPECTED} expected draws per sample: {} are possible ({}, reservoir {n}); use at least {}",
                            count_of(p.draws, "draw"),
                            count_of(categories, "sample"),
                            count_of(k as u64, "item"),
                            categories * MIN_EXPECTED
                        ),
                    ));
                }
                rows.push(SelectorItem { reservoir: n, items: k, categories });
            }
        }
        Ok(Box::new(SelectorExperiment { rows, draws: p.draws }))
    }

    /// Counts how often each possible sample was drawn.
    fn count_samples(&self, row: &SelectorItem, rng: &mut impl Rng, budget: &Budget) -> Result<Vec<u64>, Stopped> {
        let mut counts = vec![0u64; row.categories as usize];
        let mut sorted = Vec::with_capacity(row.reservoir);
        for draw in 0..self.draws {
            let mut reservoir = Reservoir::new(row.reservoir, &mut *rng);
            (0..row.items).for_each(|i| reservoir.add(i));
            sorted.clear();
            sorted.extend_from_slice(reservoir.sample());
            sorted.sort_unstable();
            counts[subset_rank(&sorted)] += 1;
            if draw % (1 << 14) == (1 << 14) - 1 {
                budget.tick(1 << 14)?;
            }
        }
        budget.tick(self.draws % (1 << 14))?;
        Ok(counts)
    }
}

impl Experiment for SelectorExperiment {
    fn columns(&self) -> Vec<String> {
        columns_of::<SelectorRow>()
    }

    /// One item per reservoir size and number of added items, reservoir-major.
    fn items(&self) -> Vec<Item> {
        self.rows.iter().map(|r| Item::new(r.label()).with_cost(self.draws as f64 * r.items as f64)).collect()
    }

    /// Draws from a generator seeded by the experiment seed and this row's reservoir size
    /// and item count only.
    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let row = &self.rows[index];
        ctx.check_interrupted()?;
        let rng = || ctx.rng(&["reservoir", &row.reservoir.to_string(), "items", &row.items.to_string()]);
        let cell = ctx.sample(|budget| self.count_samples(row, &mut rng(), budget));
        let done = cell.outcome.as_ref().ok();
        let timed = done.map(|_| &cell.samples);
        let chi2 = done.map(|c| chi_square_uniform(c));
        let df = row.categories - 1;
        let cells = SelectorRow {
            reservoir: row.reservoir,
            items: row.items,
            categories: row.categories,
            draws: self.draws,
            chi_square: chi2.map(Fixed),
            df,
            p_value: chi2.map(|x| Fixed(chi_square_p_value(x, df as f64))),
            min_count: done.map(|c| c.iter().min().copied().unwrap_or(0)),
            max_count: done.map(|c| c.iter().max().copied().unwrap_or(0)),
            seconds: Timing::of(timed),
            cpu: Cpu::of(timed, 1),
        };
        ctx.check_interrupted()?;
        ctx.emit_row(&cells, ctx.threads, &Status::of_sampled(&cell), &row.label());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn binomials_and_subset_ranks() {
        assert_eq!(binomial(5, 2), Some(10));
        assert_eq!(binomial(20, 0), Some(1));
        assert_eq!(binomial(60, 30), Some(118_264_581_564_861_424));
        // Colex ranks of the 2-subsets of 0..4 are 0..6, each once.
        let mut ranks: Vec<usize> = (0..4).flat_map(|b| (0..b).map(move |a| subset_rank(&[a, b]))).collect::<Vec<_>>();
        ranks.sort_unstable();
        assert_eq!(ranks, [0, 1, 2, 3, 4, 5]);
        assert_eq!(subset_rank(&[3]), 3);
    }
}
