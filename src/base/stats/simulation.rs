//! A seeded Monte-Carlo simulation of the decision rule ([`super::decision`]) as `harness
//! ab` applies it: items of several cells, each round giving every cell a log ratio
//! `change + spread · (√ρ z_round + √(1 − ρ) z_cell)` (the cells of a round share their
//! processes, hence the common term), rounds until the item is settled or its maximum, and
//! the verdicts of every cell (Holm over all of them) and overall. What it measures is
//! what the rule promises: how often a build equal to its baseline is called different,
//! and how often a real change is found.
//!
//! `cargo bench --bench decision_rule` prints the table for the settings of
//! docs/harness.md; the library's tests hold the rule to its promises with a fixed seed.

use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::decision::{overall, CellTest, Rule, Verdict};

/// One setting of the simulation.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting {
    /// The true change of B against A, as a log ratio (0.03 is about 3 %).
    pub change: f64,
    /// The standard deviation of one round's log ratio (0.04 is about 4 %).
    pub spread: f64,
    /// The correlation of the cells of one item within a round (0 to 1).
    pub correlation: f64,
    /// The cells of each item (the items of `instances/ab.toml` have 1 to 4).
    pub items: Vec<usize>,
    /// Rounds an item takes at least.
    pub min_rounds: usize,
    /// Rounds an item takes at most.
    pub max_rounds: usize,
    /// The rule's resolution.
    pub resolution: f64,
}

/// What many simulated A/Bs of one setting gave.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rates {
    /// A/Bs simulated.
    pub runs: usize,
    /// Share of cells `slower`.
    pub cells_slower: f64,
    /// Share of cells `faster`.
    pub cells_faster: f64,
    /// Share of cells `same`.
    pub cells_same: f64,
    /// Share of A/Bs whose overall verdict is `slower`.
    pub overall_slower: f64,
    /// Share of A/Bs whose overall verdict is `faster`.
    pub overall_faster: f64,
    /// Share of A/Bs whose overall verdict is `same`.
    pub overall_same: f64,
    /// The mean rounds an item took.
    pub mean_rounds: f64,
}

impl Rates {
    /// Share of cells called different (`slower` or `faster`).
    pub fn cells_different(&self) -> f64 {
        self.cells_slower + self.cells_faster
    }

    /// Share of A/Bs whose overall verdict is a difference.
    pub fn overall_different(&self) -> f64 {
        self.overall_slower + self.overall_faster
    }
}

/// A standard normal deviate (Box–Muller).
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    let u1: f64 = 1.0 - rng.random::<f64>();
    let u2: f64 = rng.random::<f64>();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// Simulates `runs` A/Bs of `setting` from `seed`.
pub fn simulate(setting: &Setting, runs: usize, seed: u64) -> Rates {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rule = Rule { min_rounds: setting.min_rounds.max(1), ..Rule::new(setting.resolution) };
    let (mut tally, mut overall_tally) = ([0usize; 4], [0usize; 4]);
    let (mut cells_total, mut rounds_total, mut items_total) = (0usize, 0usize, 0usize);
    let common = setting.correlation.clamp(0.0, 1.0).sqrt();
    let own = (1.0 - setting.correlation.clamp(0.0, 1.0)).sqrt();
    for _ in 0..runs {
        let mut items: Vec<Vec<Vec<f64>>> = Vec::new();
        for &cells in &setting.items {
            let mut d: Vec<Vec<f64>> = vec![Vec::with_capacity(setting.max_rounds); cells];
            for round in 1..=setting.max_rounds {
                let z = normal(&mut rng);
                for cell in d.iter_mut() {
                    cell.push(setting.change + setting.spread * (common * z + own * normal(&mut rng)));
                }
                if round >= setting.min_rounds && rule.settled(&d) {
                    break;
                }
            }
            rounds_total += d.first().map_or(0, Vec::len);
            items_total += 1;
            items.push(d);
        }
        let tests: Vec<Option<CellTest>> = items.iter().flatten().map(|d| CellTest::of(d)).collect();
        for decision in rule.decide(&tests) {
            tally[verdict_index(decision.verdict)] += 1;
            cells_total += 1;
        }
        let o = overall(&items, &rule).map_or(Verdict::Unknown, |o| o.decision.verdict);
        overall_tally[verdict_index(o)] += 1;
    }
    let share = |n: usize, of: usize| if of == 0 { 0.0 } else { n as f64 / of as f64 };
    Rates {
        runs,
        cells_slower: share(tally[0], cells_total),
        cells_faster: share(tally[1], cells_total),
        cells_same: share(tally[2], cells_total),
        overall_slower: share(overall_tally[0], runs),
        overall_faster: share(overall_tally[1], runs),
        overall_same: share(overall_tally[2], runs),
        mean_rounds: share(rounds_total, items_total),
    }
}

fn verdict_index(v: Verdict) -> usize {
    Verdict::ALL.iter().position(|x| *x == v).unwrap_or(3)
}

/// The items of `instances/ab.toml` as the A/B times them: 11 cells in 5 items.
pub const AB_ITEMS: [usize; 5] = [1, 4, 1, 1, 4];

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(change: f64, spread: f64, correlation: f64, max_rounds: usize) -> Setting {
        Setting { change, spread, correlation, items: AB_ITEMS.to_vec(), min_rounds: 6, max_rounds, resolution: 0.01 }
    }

    /// With no change, at most 5 % of cells and of overall verdicts are a difference, at
    /// every spread from 1 to 11 %, correlations up to 0.8 and 20 to 60 rounds.
    #[test]
    fn an_unchanged_build_is_rarely_called_different() {
        let mut seed = 1;
        for spread in [0.01, 0.02, 0.04, 0.06, 0.11] {
            for correlation in [0.0, 0.5, 0.8] {
                for max_rounds in [20, 60] {
                    seed += 1;
                    let r = simulate(&setting(0.0, spread, correlation, max_rounds), 60, seed);
                    let label = format!("spread {spread}, correlation {correlation}, {max_rounds} rounds: {r:?}");
                    assert!(r.cells_different() <= 0.05, "cells: {label}");
                    assert!(r.overall_different() <= 0.05, "overall: {label}");
                }
            }
        }
    }

    /// A real 3 % slowdown with a per-round spread of at most 4 % is found in at least
    /// 90 % of cells (and overall) with up to 60 rounds; nothing is called `faster`.
    #[test]
    fn a_three_per_cent_slowdown_is_found() {
        let mut seed = 100;
        for spread in [0.01, 0.02, 0.04] {
            for correlation in [0.0, 0.8] {
                seed += 1;
                let r = simulate(&setting(0.03f64.ln_1p(), spread, correlation, 60), 40, seed);
                let label = format!("spread {spread}, correlation {correlation}: {r:?}");
                assert!(r.cells_slower >= 0.9, "{label}");
                assert!(r.overall_slower >= 0.9, "{label}");
                assert_eq!(r.cells_faster, 0.0, "{label}");
            }
        }
    }

    /// A 1 % spread with no change settles as `same` at 1 % resolution in most cells.
    #[test]
    fn a_quiet_unchanged_build_is_mostly_the_same() {
        let r = simulate(&setting(0.0, 0.01, 0.5, 60), 40, 7);
        assert!(r.cells_same >= 0.9, "{r:?}");
    }

    #[test]
    fn the_simulation_is_seeded() {
        let s = setting(0.01, 0.04, 0.5, 20);
        assert_eq!(simulate(&s, 5, 3), simulate(&s, 5, 3));
    }
}
