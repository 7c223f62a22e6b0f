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

use rand::Rng;
use serde::Deserialize;

use crate::harness::experiment::{seconds_cell, status_of, timed, STATUS_OK, STATUS_TIMEOUT};
use crate::harness::{Budget, Experiment, ExperimentSpec, InputError, ParallelSearch, Result, RunContext, Stopped};

use super::player::computer_vs_random;
use super::position::{Position, MAX_HEAPS, MAX_STICKS};
use super::selector::Reservoir;
use super::solver::{check_solver_size, solve, TakeRule};
use super::stats::{chi_square_p_value, chi_square_uniform};
use super::verify::check_formula;

/// Builds the experiment of a `game = "nim"` manifest entry, validating every parameter.
pub fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    match spec.kind.as_str() {
        "formula" => FormulaExperiment::build(spec),
        "selector" => SelectorExperiment::build(spec),
        "versus" => VersusExperiment::build(spec),
        other => Err(spec.error(
            Some("kind"),
            format!("unknown kind `{other}` for game nim, expected one of formula, selector, versus"),
        )),
    }
}

/// Nim has no searches for the `parallel` experiment (they take milliseconds); refuses.
pub fn parallel_search(
    spec: &ExperimentSpec,
    _item: &toml::Table,
    what: &str,
) -> Result<Box<dyn ParallelSearch>, InputError> {
    Err(spec.error(Some("items"), format!("{what}: nim has no parallel searches (its searches take milliseconds)")))
}

/// A numeric cell, or `timeout` when the measurement stopped.
fn cell<T: ToString, E>(r: &std::result::Result<T, E>) -> String {
    match r {
        Ok(v) => v.to_string(),
        Err(_) => STATUS_TIMEOUT.to_string(),
    }
}

fn status<T>(r: &std::result::Result<T, Stopped>) -> String {
    match r {
        Ok(_) => STATUS_OK.to_string(),
        Err(e) => status_of(*e),
    }
}

fn strings(cols: &[&str]) -> Vec<String> {
    cols.iter().map(|c| c.to_string()).collect()
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

struct FormulaExperiment {
    rules: Vec<TakeRule>,
    heap_counts: Vec<usize>,
    max_sticks: u32,
}

impl FormulaExperiment {
    fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: FormulaParams = spec.params()?;
        if p.maxtakes.is_empty() && p.takes_sets.is_empty() {
            return Err(spec.error(Some("maxtakes"), "give at least one rule in `maxtakes` or `takes_sets`"));
        }
        if let Some(m) = p.maxtakes.iter().find(|&&m| m > MAX_STICKS) {
            return Err(spec.error(Some("maxtakes"), format!("maxtake {m} is above the bound {MAX_STICKS}")));
        }
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
        Ok(Box::new(FormulaExperiment { rules, heap_counts: p.heap_counts, max_sticks: p.max_sticks }))
    }
}

impl crate::harness::experiment::WholeExperiment for FormulaExperiment {
    fn columns(&self) -> Vec<String> {
        strings(&[
            "rule",
            "heaps",
            "max_sticks",
            "positions",
            "moves",
            "value_mismatches",
            "win_mismatches",
            "move_mismatches",
            "seconds",
            "time_limit",
            "status",
        ])
    }

    fn items(&self) -> u64 {
        (self.rules.len() * self.heap_counts.len()) as u64
    }

    fn run(&self, ctx: &RunContext) -> Result<()> {
        for rule in &self.rules {
            for &heaps in &self.heap_counts {
                ctx.check_interrupted()?;
                let budget = ctx.budget();
                let (outcome, time) = timed(|| -> std::result::Result<_, Stopped> {
                    let solved = solve(rule, heaps, self.max_sticks, &budget)?;
                    let counts = check_formula(rule, &solved, &budget)?;
                    Ok((solved.moves, counts))
                });
                let moves = outcome.map(|(m, _)| m);
                let counts = outcome.map(|(_, c)| c);
                let row = vec![
                    rule.to_string(),
                    heaps.to_string(),
                    self.max_sticks.to_string(),
                    cell(&counts.map(|c| c.positions)),
                    cell(&moves),
                    cell(&counts.map(|c| c.value_mismatches)),
                    cell(&counts.map(|c| c.win_mismatches)),
                    cell(&counts.map(|c| c.move_mismatches)),
                    cell(&outcome.map(|_| seconds_cell(time))),
                    ctx.time_limit_cell(),
                    status(&outcome),
                ];
                ctx.check_interrupted()?;
                ctx.emit(row, &format!("{rule}, {heaps} heaps"));
            }
        }
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

struct SelectorRow {
    reservoir: usize,
    items: usize,
    categories: u64,
}

struct SelectorExperiment {
    rows: Vec<SelectorRow>,
    draws: u64,
}

impl SelectorExperiment {
    fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: SelectorParams = spec.params()?;
        if p.draws == 0 || p.draws > MAX_DRAWS {
            return Err(spec.error(Some("draws"), format!("`draws` must be between 1 and {MAX_DRAWS}")));
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
                        format!("{k} items with a reservoir of {n}: need more items than reservoir slots"),
                    ));
                }
                let categories = binomial(k as u64, n as u64).filter(|&c| c <= MAX_CATEGORIES).ok_or_else(|| {
                    spec.error(Some("items"), format!("C({k}, {n}) possible samples exceed {MAX_CATEGORIES}"))
                })?;
                if p.draws < categories * MIN_EXPECTED {
                    return Err(spec.error(
                        Some("draws"),
                        format!(
                            "{} draws give fewer than {MIN_EXPECTED} expected per sample of {categories} (items {k}, reservoir {n}); use at least {}",
                            p.draws,
                            categories * MIN_EXPECTED
                        ),
                    ));
                }
                rows.push(SelectorRow { reservoir: n, items: k, categories });
            }
        }
        Ok(Box::new(SelectorExperiment { rows, draws: p.draws }))
    }

    /// Counts how often each possible sample was drawn.
    fn count_samples(&self, row: &SelectorRow, rng: &mut impl Rng, budget: &Budget) -> Result<Vec<u64>, Stopped> {
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

impl crate::harness::experiment::WholeExperiment for SelectorExperiment {
    fn columns(&self) -> Vec<String> {
        strings(&[
            "reservoir",
            "items",
            "samples",
            "draws",
            "chi_square",
            "df",
            "p_value",
            "min_count",
            "max_count",
            "seed",
            "seconds",
            "time_limit",
            "status",
        ])
    }

    fn items(&self) -> u64 {
        self.rows.len() as u64
    }

    fn run(&self, ctx: &RunContext) -> Result<()> {
        for row in &self.rows {
            ctx.check_interrupted()?;
            let mut rng = ctx.rng(&["reservoir", &row.reservoir.to_string(), "items", &row.items.to_string()]);
            let budget = ctx.budget();
            let (counts, time) = timed(|| self.count_samples(row, &mut rng, &budget));
            let chi2 = counts.as_ref().map(|c| chi_square_uniform(c));
            let df = row.categories - 1;
            let cells = vec![
                row.reservoir.to_string(),
                row.items.to_string(),
                row.categories.to_string(),
                self.draws.to_string(),
                cell(&chi2.map(|x| format!("{x:.4}"))),
                df.to_string(),
                cell(&chi2.map(|x| format!("{:.4}", chi_square_p_value(x, df as f64)))),
                cell(&counts.as_ref().map(|c| c.iter().min().copied().unwrap_or(0))),
                cell(&counts.as_ref().map(|c| c.iter().max().copied().unwrap_or(0))),
                ctx.seed().to_string(),
                cell(&counts.as_ref().map(|_| seconds_cell(time))),
                ctx.time_limit_cell(),
                status(&counts),
            ];
            ctx.check_interrupted()?;
            ctx.emit(cells, &format!("reservoir {}, {} items", row.reservoir, row.items));
        }
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

struct VersusExperiment {
    p: VersusParams,
}

/// Tallies of one `versus` row.
#[derive(Debug, Default, Clone, Copy)]
struct VersusTally {
    nonzero_starts: u64,
    computer_wins: u64,
    nonzero_start_wins: u64,
    zero_start_wins: u64,
    moves: u64,
}

impl VersusExperiment {
    fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: VersusParams = spec.params()?;
        if p.maxtakes.is_empty() {
            return Err(spec.error(Some("maxtakes"), "`maxtakes` must list at least one move limit"));
        }
        if let Some(m) = p.maxtakes.iter().find(|&&m| m > MAX_STICKS) {
            return Err(spec.error(Some("maxtakes"), format!("maxtake {m} is above the bound {MAX_STICKS}")));
        }
        if p.games == 0 || p.games > MAX_GAMES {
            return Err(spec.error(Some("games"), format!("`games` must be between 1 and {MAX_GAMES}")));
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
            return Err(spec.error(Some("max_sticks"), format!("`max_sticks` must be between 1 and {MAX_STICKS}")));
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

impl crate::harness::experiment::WholeExperiment for VersusExperiment {
    fn columns(&self) -> Vec<String> {
        strings(&[
            "maxtake",
            "games",
            "heaps",
            "max_sticks",
            "nonzero_starts",
            "computer_wins",
            "random_wins",
            "nonzero_start_wins",
            "nonzero_start_win_percent",
            "zero_start_wins",
            "moves",
            "seed",
            "seconds",
            "time_limit",
            "status",
        ])
    }

    fn items(&self) -> u64 {
        self.p.maxtakes.len() as u64
    }

    fn run(&self, ctx: &RunContext) -> Result<()> {
        for &maxtake in &self.p.maxtakes {
            ctx.check_interrupted()?;
            let mut rng = ctx.rng(&["maxtake", &maxtake.to_string()]);
            let budget = ctx.budget();
            let (tally, time) = timed(|| self.play_games(maxtake, &mut rng, &budget));
            let percent = |t: &VersusTally| match t.nonzero_starts {
                0 => "n/a".to_string(),
                n => format!("{:.1}", 100.0 * t.nonzero_start_wins as f64 / n as f64),
            };
            let row = vec![
                maxtake.to_string(),
                self.p.games.to_string(),
                format!("{}-{}", self.p.min_heaps, self.p.max_heaps),
                self.p.max_sticks.to_string(),
                cell(&tally.map(|t| t.nonzero_starts)),
                cell(&tally.map(|t| t.computer_wins)),
                cell(&tally.map(|t| self.p.games - t.computer_wins)),
                cell(&tally.map(|t| t.nonzero_start_wins)),
                cell(&tally.as_ref().map(percent)),
                cell(&tally.map(|t| t.zero_start_wins)),
                cell(&tally.map(|t| t.moves)),
                ctx.seed().to_string(),
                cell(&tally.map(|_| seconds_cell(time))),
                ctx.time_limit_cell(),
                status(&tally),
            ];
            ctx.check_interrupted()?;
            ctx.emit(row, &format!("maxtake {maxtake}"));
        }
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
