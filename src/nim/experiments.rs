//! Manifest experiments of nim (`game = "nim"`):
//!
//! - `kind = "formula"`: the nim-value formula against the exhaustive solver, one row per
//!   rule (`maxtakes`, and optional subtraction sets `takes_sets`) and heap count
//!   (`heap_counts`), over every position with heaps of `0..=max_sticks` sticks.
//! - `kind = "selector"`: uniformity of Algorithm R, one row per reservoir size
//!   (`reservoir`, default `[1]`: the move selector) and number of added items (`items`):
//!   `draws` seeded draws, the chi-square statistic over all `C(items, reservoir)` possible
//!   samples and its p-value.
//! - `kind = "versus"`: the computer (moving first) against a uniformly random player from
//!   `games` seeded random starts (`min_heaps..=max_heaps` heaps of `1..=max_sticks`
//!   sticks), one row per `maxtakes` entry; the computer must win every game whose start
//!   has a non-zero value.
//!
//! Nim has no `parallel` searches: each search here takes milliseconds.

use crate::base::text::count_of;
use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::base::error::InputError;
use crate::base::error::Result;
use crate::experiment::parallel::ParallelSearch;
use crate::experiment::parallel::SearchItem;
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::Experiment;
use crate::experiment::Item;
use crate::experiment::RunContext;
use crate::results::row::{columns_of, Cpu, Fixed, Status, Timing};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;

use super::players::computer_vs_random;
use super::position::{Position, MAX_HEAPS, MAX_STICKS};
use super::selector::Reservoir;
use super::solver::{check_solver_size, check_table_moves, solve, solver_moves, TakeRule};
use super::stats::{chi_square_p_value, chi_square_uniform};
use super::verify::check_formula;

/// Nim has no searches for the `parallel` experiment (they take milliseconds); refuses.
pub fn parallel_search(item: &SearchItem) -> Result<Box<dyn ParallelSearch>, InputError> {
    Err(item.error("nim has no parallel searches (its searches take milliseconds)"))
}

/// Refuses a `maxtakes` entry above [`MAX_STICKS`].
fn check_maxtakes(spec: &ExperimentSpec, maxtakes: &[u32]) -> Result<(), InputError> {
    match maxtakes.iter().find(|&&m| m > MAX_STICKS) {
        Some(m) => {
            Err(spec
                .error(Some("maxtakes"), format!("maxtake {m} is out of range: a maxtake is from 0 to {MAX_STICKS}")))
        }
        None => Ok(()),
    }
}

// ---------------------------------------------------------------------------------------
// formula

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FormulaParams {
    maxtakes: Vec<u32>,
    #[serde(default)]
    takes_sets: Vec<Vec<u32>>,
    heap_counts: Vec<usize>,
    max_sticks: u32,
}

/// One `formula` item: a rule and a heap count.
struct FormulaItem {
    rule: TakeRule,
    heaps: usize,
}

impl FormulaItem {
    /// The item's id and progress note (`maxtake 2, 3 heaps`).
    fn label(&self) -> String {
        format!("{}, {}", self.rule, count_of(self.heaps as u64, "heap"))
    }
}

/// One row of the `formula` experiment; the counts are `None` when the check stopped.
#[derive(Serialize, Default)]
struct FormulaRow {
    rule: String,
    heaps: usize,
    max_sticks: u32,
    positions: Option<u64>,
    moves: Option<u64>,
    value_mismatches: Option<u64>,
    win_mismatches: Option<u64>,
    move_mismatches: Option<u64>,
    seconds: Timing,
    cpu: Cpu,
}

pub(super) struct FormulaExperiment {
    rows: Vec<FormulaItem>,
    max_sticks: u32,
}

impl FormulaExperiment {
    pub(super) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: FormulaParams = spec.params()?;
        if p.maxtakes.is_empty() && p.takes_sets.is_empty() {
            return Err(spec.error(Some("maxtakes"), "give at least one rule in `maxtakes` or `takes_sets`"));
        }
        check_maxtakes(spec, &p.maxtakes)?;
        if p.heap_counts.is_empty() {
            return Err(spec.error(Some("heap_counts"), "`heap_counts` must list at least one number of heaps"));
        }
        for &h in &p.heap_counts {
            check_solver_size(h, p.max_sticks).map_err(|m| spec.error(Some("heap_counts"), m))?;
        }
        let mut rules: Vec<TakeRule> = p.maxtakes.iter().map(|&m| TakeRule::MaxTake(m)).collect();
        for set in &p.takes_sets {
            rules.push(TakeRule::takes(set).map_err(|e| spec.error(Some("takes_sets"), e.message))?);
        }
        for rule in &rules {
            for &h in &p.heap_counts {
                check_table_moves(solver_moves(rule, h, p.max_sticks), &format!("the table of {h} heaps under {rule}"))
                    .map_err(|m| spec.error(Some("max_sticks"), m))?;
            }
        }
        let rows = rules
            .into_iter()
            .flat_map(|rule| p.heap_counts.iter().map(move |&heaps| FormulaItem { rule: rule.clone(), heaps }))
            .collect();
        Ok(Box::new(FormulaExperiment { rows, max_sticks: p.max_sticks }))
    }

    /// Positions the solver fills for `heaps` heaps, times the heaps (moves grow with
    /// them): the relative cost of a row.
    fn cost(&self, heaps: usize) -> f64 {
        f64::from(self.max_sticks + 1).powi(heaps as i32) * heaps as f64
    }
}

impl Experiment for FormulaExperiment {
    fn columns(&self) -> Vec<String> {
        columns_of::<FormulaRow>()
    }

    /// One item per rule and heap count, rule-major.
    fn items(&self) -> Vec<Item> {
        self.rows.iter().map(|r| Item::new(r.label()).with_cost(self.cost(r.heaps))).collect()
    }

    /// Solves and checks one (rule, heap count); no randomness, so the row depends on
    /// nothing but the item (`seed` records the run's seed for the table's note).
    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let item = &self.rows[index];
        let FormulaItem { rule, heaps } = item;
        ctx.check_interrupted()?;
        let cell = ctx.sample(|budget| -> std::result::Result<_, Stopped> {
            let solved = solve(rule, *heaps, self.max_sticks, budget)?;
            let counts = check_formula(rule, &solved, budget)?;
            Ok((solved.moves, counts))
        });
        let done = cell.outcome.as_ref().ok();
        let timed = done.map(|_| &cell.samples);
        let row = FormulaRow {
            rule: rule.to_string(),
            heaps: *heaps,
            max_sticks: self.max_sticks,
            positions: done.map(|(_, c)| c.positions),
            moves: done.map(|(m, _)| *m),
            value_mismatches: done.map(|(_, c)| c.value_mismatches),
            win_mismatches: done.map(|(_, c)| c.win_mismatches),
            move_mismatches: done.map(|(_, c)| c.move_mismatches),
            seconds: Timing::of(timed),
            cpu: Cpu::of(timed, 1),
        };
        ctx.check_interrupted()?;
        ctx.emit_row(&row, ctx.threads, &Status::of_sampled(&cell), &item.label());
        Ok(())
    }
}

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

pub(super) struct SelectorExperiment {
    rows: Vec<SelectorItem>,
    draws: u64,
}

impl SelectorExperiment {
    pub(super) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
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

// ---------------------------------------------------------------------------------------
// versus

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VersusParams {
    maxtakes: Vec<u32>,
    games: u64,
    min_heaps: usize,
    max_heaps: usize,
    max_sticks: u32,
}

/// Most games per row.
const MAX_GAMES: u64 = 100_000_000;

pub(super) struct VersusExperiment {
    p: VersusParams,
}

/// One row of the `versus` experiment; the tallies are `None` when the games stopped.
#[derive(Serialize, Default)]
struct VersusRow {
    maxtake: u32,
    games: u64,
    /// `MIN-MAX` heaps per start.
    heaps: String,
    max_sticks: u32,
    nonzero_starts: Option<u64>,
    computer_wins: Option<u64>,
    random_wins: Option<u64>,
    nonzero_start_wins: Option<u64>,
    /// One decimal, or `n/a` without a non-zero start.
    /// Empty when no game started from a nonzero position.
    nonzero_start_win_percent: Option<Fixed<1>>,
    zero_start_wins: Option<u64>,
    moves: Option<u64>,
    seconds: Timing,
    cpu: Cpu,
}

/// Tallies of one `versus` row.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct VersusTally {
    nonzero_starts: u64,
    computer_wins: u64,
    nonzero_start_wins: u64,
    zero_start_wins: u64,
    moves: u64,
}

impl VersusExperiment {
    pub(super) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: VersusParams = spec.params()?;
        if p.maxtakes.is_empty() {
            return Err(spec.error(Some("maxtakes"), "`maxtakes` must list at least one move limit"));
        }
        check_maxtakes(spec, &p.maxtakes)?;
        if p.games == 0 || p.games > MAX_GAMES {
            return Err(spec.error(Some("games"), format!("`games` must be from 1 to {MAX_GAMES}")));
        }
        if p.min_heaps == 0 || p.min_heaps > p.max_heaps || p.max_heaps > MAX_HEAPS {
            return Err(spec.error(
                Some("min_heaps"),
                format!(
                    "need 1 <= min_heaps <= max_heaps <= {MAX_HEAPS}, got min_heaps {} and max_heaps {}",
                    p.min_heaps, p.max_heaps
                ),
            ));
        }
        if p.max_sticks == 0 || p.max_sticks > MAX_STICKS {
            return Err(spec.error(Some("max_sticks"), format!("`max_sticks` must be from 1 to {MAX_STICKS}")));
        }
        Ok(Box::new(VersusExperiment { p }))
    }

    /// A random start: `min_heaps..=max_heaps` heaps of `1..=max_sticks` sticks.
    fn random_start(&self, maxtake: u32, rng: &mut impl Rng) -> Position {
        let n = rng.random_range(self.p.min_heaps..=self.p.max_heaps);
        let mut heaps = [0u32; MAX_HEAPS];
        heaps[..n].iter_mut().for_each(|s| *s = rng.random_range(1..=self.p.max_sticks));
        Position::new(&heaps[..n], maxtake).expect("parameters checked at build")
    }

    fn play_games(&self, maxtake: u32, rng: &mut impl Rng, budget: &Budget) -> Result<VersusTally, Stopped> {
        let mut t = VersusTally::default();
        let mut ticked = 0;
        for game in 0..self.p.games {
            let start = self.random_start(maxtake, &mut *rng);
            let nonzero = start.nim_value() != 0;
            let result = computer_vs_random(&start, &mut *rng);
            let win = u64::from(result.computer_won);
            t.nonzero_starts += u64::from(nonzero);
            t.computer_wins += win;
            if nonzero {
                t.nonzero_start_wins += win;
            } else {
                t.zero_start_wins += win;
            }
            t.moves += result.moves;
            if game % 1024 == 1023 {
                budget.tick(t.moves - ticked)?;
                ticked = t.moves;
            }
        }
        budget.tick(t.moves - ticked)?;
        Ok(t)
    }
}

impl Experiment for VersusExperiment {
    fn columns(&self) -> Vec<String> {
        columns_of::<VersusRow>()
    }

    /// One item per `maxtakes` entry.
    fn items(&self) -> Vec<Item> {
        let cost = self.p.games as f64 * self.p.max_heaps as f64 * f64::from(self.p.max_sticks);
        self.p.maxtakes.iter().map(|m| Item::new(format!("maxtake {m}")).with_cost(cost)).collect()
    }

    /// Plays the row's games from one generator seeded by the experiment seed and this
    /// row's `maxtake` only (starts and the random player's moves alike).
    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let maxtake = self.p.maxtakes[index];
        ctx.check_interrupted()?;
        let rng = || ctx.rng(&["maxtake", &maxtake.to_string()]);
        let cell = ctx.sample(|budget| self.play_games(maxtake, &mut rng(), budget));
        let timed = cell.outcome.as_ref().ok().map(|_| &cell.samples);
        let percent = |t: &VersusTally| match t.nonzero_starts {
            0 => None,
            n => Some(Fixed(100.0 * t.nonzero_start_wins as f64 / n as f64)),
        };
        let done = cell.outcome.as_ref().ok();
        let row = VersusRow {
            maxtake,
            games: self.p.games,
            heaps: format!("{}-{}", self.p.min_heaps, self.p.max_heaps),
            max_sticks: self.p.max_sticks,
            nonzero_starts: done.map(|t| t.nonzero_starts),
            computer_wins: done.map(|t| t.computer_wins),
            random_wins: done.map(|t| self.p.games - t.computer_wins),
            nonzero_start_wins: done.map(|t| t.nonzero_start_wins),
            nonzero_start_win_percent: done.and_then(percent),
            zero_start_wins: done.map(|t| t.zero_start_wins),
            moves: done.map(|t| t.moves),
            seconds: Timing::of(timed),
            cpu: Cpu::of(timed, 1),
        };
        ctx.check_interrupted()?;
        ctx.emit_row(&row, ctx.threads, &Status::of_sampled(&cell), &format!("maxtake {maxtake}"));
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
