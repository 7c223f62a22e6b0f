//! A seeded Monte-Carlo simulation of the decision rule ([`super::decision`]) as `harness
//! ab` applies it: items of several cells, each round giving every cell a log ratio
//! `change + spread · (√ρ z_round + √(1 − ρ) z_cell)` (the cells of a round share their
//! processes, hence the common term), the item looked at on the schedule of
//! [`super::looks`] until it is settled or at its maximum, and the verdicts of every cell
//! (Holm over all of them, each cell at its look's weight) and overall. What it measures
//! is what the rule promises: how often a build equal to its baseline is called different
//! — per cell and for the whole A/B (any cell) — and how often a real change is found.
//!
//! Besides independent normal rounds, the noise can be autocorrelated (AR(1)), drift
//! across the run, have heavy tails (Student's t with 3 degrees of freedom) or lose
//! rounds to a busy machine ([`Noise`]).
//!
//! `cargo bench --bench decision_rule` prints the table of docs/harness.md; the library's
//! tests hold the rule to the figures given there with a fixed seed.

use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::decision::{overall_at, CellTest, Rule, Verdict};
use super::dependence::Dependence;
use super::looks::Looks;

/// How the rounds' noise behaves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Noise {
    /// Independent normal rounds.
    Independent,
    /// Each cell's noise an AR(1) series with this lag-1 correlation (a machine warming
    /// up, a neighbour coming and going): neighbouring rounds alike.
    Autocorrelated(f64),
    /// A drift of the ratio across the item's maximum rounds, from `−x/2` to `+x/2` (its
    /// mean zero): the pairing of A and B imperfect while the machine changes.
    Drift(f64),
    /// Student's t with 3 degrees of freedom, scaled to the spread: rare large rounds.
    HeavyTails,
    /// This share of the rounds lost to a busy machine (not counted; an item takes at
    /// most twice its maximum rounds).
    Busy(f64),
}

impl Noise {
    /// The noise's name in the table.
    pub fn label(&self) -> String {
        match self {
            Noise::Independent => "independent".to_string(),
            Noise::Autocorrelated(phi) => format!("AR(1) {phi}"),
            Noise::Drift(x) => format!("drift {:.0} %", x * 100.0),
            Noise::HeavyTails => "t, 3 df".to_string(),
            Noise::Busy(q) => format!("{:.0} % busy", q * 100.0),
        }
    }
}

/// One setting of the simulation.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting {
    /// The true change of B against A, as a log ratio (0.03 is about 3 %).
    pub change: f64,
    /// The standard deviation of one round's log ratio (0.04 is about 4 %).
    pub spread: f64,
    /// The correlation of the cells of one item within a round (0 to 1).
    pub correlation: f64,
    /// How the noise behaves.
    pub noise: Noise,
    /// The cells of each item (the items of `instances/ab.toml` have 1 to 4).
    pub items: Vec<usize>,
    /// Rounds an item takes at least.
    pub min_rounds: usize,
    /// Rounds an item takes at most.
    pub max_rounds: usize,
    /// The rule's resolution.
    pub resolution: f64,
}

impl Setting {
    /// The defaults of `harness ab` on `instances/ab.toml`: 11 cells in 5 items, 6 to 40
    /// rounds, 1 % resolution.
    pub fn ab_default(change: f64, spread: f64, correlation: f64, noise: Noise) -> Setting {
        Setting {
            change,
            spread,
            correlation,
            noise,
            items: AB_ITEMS.to_vec(),
            min_rounds: 6,
            max_rounds: 40,
            resolution: 0.01,
        }
    }
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
    /// Share of A/Bs with at least one cell `slower` or `faster`.
    pub any_cell_different: f64,
    /// Share of A/Bs whose overall verdict is `slower`.
    pub overall_slower: f64,
    /// Share of A/Bs whose overall verdict is `faster`.
    pub overall_faster: f64,
    /// Share of A/Bs whose overall verdict is `same`.
    pub overall_same: f64,
    /// Share of cells analysed on block means (dependence found).
    pub cells_blocked: f64,
    /// The mean rounds an item counted.
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

/// A deviate of unit variance of the setting's noise shape (normal, or Student's t with 3
/// degrees of freedom scaled by 1/√3).
fn deviate(rng: &mut ChaCha8Rng, noise: Noise) -> f64 {
    match noise {
        Noise::HeavyTails => {
            let z = normal(rng);
            let chi2: f64 = (0..3).map(|_| normal(rng).powi(2)).sum();
            z / (chi2 / 3.0).sqrt() / 3f64.sqrt()
        }
        _ => normal(rng),
    }
}

/// One item's rounds: `cells` series of log ratios, looked at on `looks`; returns the
/// series and the weight of the look it stopped at.
fn simulate_item(setting: &Setting, cells: usize, looks: &Looks, rng: &mut ChaCha8Rng) -> (Vec<Vec<f64>>, f64) {
    let compared: usize = setting.items.iter().sum();
    let rule = Rule { min_rounds: setting.min_rounds.max(1), ..Rule::new(setting.resolution) };
    let rho = setting.correlation.clamp(0.0, 1.0);
    let (common, own) = (rho.sqrt(), (1.0 - rho).sqrt());
    let phi = match setting.noise {
        Noise::Autocorrelated(phi) => phi.clamp(-0.99, 0.99),
        _ => 0.0,
    };
    let innovation = (1.0 - phi * phi).sqrt();
    let mut state = vec![0.0; cells];
    let mut d: Vec<Vec<f64>> = vec![Vec::with_capacity(setting.max_rounds); cells];
    let mut attempts = 0;
    while attempts < setting.max_rounds * 2 {
        attempts += 1;
        let z = deviate(rng, setting.noise);
        let fresh: Vec<f64> = (0..cells).map(|_| common * z + own * deviate(rng, setting.noise)).collect();
        if let Noise::Busy(q) = setting.noise {
            if rng.random::<f64>() < q {
                continue;
            }
        }
        let n = d[0].len();
        let drift = match setting.noise {
            Noise::Drift(x) => x * (n as f64 / (setting.max_rounds.max(2) - 1) as f64 - 0.5),
            _ => 0.0,
        };
        for (c, cell) in d.iter_mut().enumerate() {
            state[c] = if n == 0 { fresh[c] } else { phi * state[c] + innovation * fresh[c] };
            cell.push(setting.change + drift + setting.spread * state[c]);
        }
        let n = n + 1;
        if n >= setting.max_rounds {
            break;
        }
        if n >= setting.min_rounds && looks.is_look(n) && rule.settled(&d, looks.weight_at(n), compared) {
            break;
        }
    }
    let weight = looks.weight_at(d[0].len());
    (d, weight)
}

/// Simulates `runs` A/Bs of `setting` from `seed`.
pub fn simulate(setting: &Setting, runs: usize, seed: u64) -> Rates {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rule = Rule { min_rounds: setting.min_rounds.max(1), ..Rule::new(setting.resolution) };
    let looks = Looks::new(setting.min_rounds, setting.max_rounds);
    let (mut tally, mut overall_tally) = ([0usize; 4], [0usize; 4]);
    let (mut cells_total, mut blocked, mut any_different) = (0usize, 0usize, 0usize);
    let (mut rounds_total, mut items_total) = (0usize, 0usize);
    for _ in 0..runs {
        let mut items: Vec<Vec<Vec<f64>>> = Vec::new();
        let mut weights = Vec::new();
        let mut lowest_weight: f64 = 1.0;
        for &cells in &setting.items {
            let (d, weight) = simulate_item(setting, cells, &looks, &mut rng);
            rounds_total += d.first().map_or(0, Vec::len);
            items_total += 1;
            lowest_weight = lowest_weight.min(weight);
            weights.push(weight);
            items.push(d);
        }
        let dependence = Dependence::pooled(&items.iter().flatten().map(Vec::as_slice).collect::<Vec<_>>());
        let tests: Vec<Option<CellTest>> = items
            .iter()
            .zip(&weights)
            .flat_map(|(cells, &w)| cells.iter().map(move |c| CellTest::at(c, w, dependence)))
            .collect();
        let decisions = rule.decide(&tests);
        any_different += usize::from(decisions.iter().any(|d| d.verdict.is_difference()));
        for decision in decisions {
            tally[verdict_index(decision.verdict)] += 1;
            blocked += usize::from(decision.dependence.is_some());
            cells_total += 1;
        }
        let o = overall_at(&items, &rule, lowest_weight, dependence).map_or(Verdict::Unknown, |o| o.decision.verdict);
        overall_tally[verdict_index(o)] += 1;
    }
    let share = |n: usize, of: usize| if of == 0 { 0.0 } else { n as f64 / of as f64 };
    Rates {
        runs,
        cells_slower: share(tally[0], cells_total),
        cells_faster: share(tally[1], cells_total),
        cells_same: share(tally[2], cells_total),
        any_cell_different: share(any_different, runs),
        overall_slower: share(overall_tally[0], runs),
        overall_faster: share(overall_tally[1], runs),
        overall_same: share(overall_tally[2], runs),
        cells_blocked: share(blocked, cells_total),
        mean_rounds: share(rounds_total, items_total),
    }
}

fn verdict_index(v: Verdict) -> usize {
    Verdict::ALL.iter().position(|x| *x == v).unwrap_or(3)
}

/// The items of `instances/ab.toml` as the A/B times them: 11 cells in 5 items.
pub const AB_ITEMS: [usize; 5] = [1, 4, 1, 1, 4];

/// Every noise the simulation knows, as the docs' table and the tests use them.
pub const NOISES: [Noise; 6] = [
    Noise::Independent,
    Noise::Autocorrelated(0.5),
    Noise::Autocorrelated(0.8),
    Noise::Drift(0.04),
    Noise::HeavyTails,
    Noise::Busy(0.3),
];

/// The documented bound on the share of whole A/Bs of an unchanged build that call any
/// cell different (docs/harness.md, "The decision rule").
pub const ANY_CELL_FALSE_ALARMS: f64 = 0.05;

/// The documented bound on the share of whole A/Bs of an unchanged build whose overall
/// verdict is a difference.
pub const OVERALL_FALSE_ALARMS: f64 = 0.05;

/// The simulation's own error at a rate `p` over `runs` A/Bs: two standard errors.
pub fn simulation_error(p: f64, runs: usize) -> f64 {
    2.0 * (p * (1.0 - p) / runs.max(1) as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A/Bs simulated a setting in the error-rate test.
    const RUNS: usize = 1000;

    fn slack(p: f64) -> f64 {
        simulation_error(p, RUNS)
    }

    /// With no change, at the defaults (11 cells, 40 rounds), at most
    /// [`ANY_CELL_FALSE_ALARMS`] of whole A/Bs call any cell different, and at most
    /// [`OVERALL_FALSE_ALARMS`] overall, at spreads from 1 to 11 %, correlations 0 and 0.8,
    /// under every noise.
    #[test]
    fn an_unchanged_build_is_rarely_called_different() {
        let mut seed = 1;
        let mut failures = Vec::new();
        for noise in NOISES {
            for spread in [0.01, 0.02, 0.04, 0.11] {
                for correlation in [0.0, 0.8] {
                    seed += 1;
                    let r = simulate(&Setting::ab_default(0.0, spread, correlation, noise), RUNS, seed);
                    if r.any_cell_different > ANY_CELL_FALSE_ALARMS + slack(ANY_CELL_FALSE_ALARMS)
                        || r.overall_different() > OVERALL_FALSE_ALARMS + slack(OVERALL_FALSE_ALARMS)
                    {
                        failures.push(format!("{}, spread {spread}, correlation {correlation}: {r:?}", noise.label()));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// A real 3 % slowdown with independent rounds is found in at least 90 % of cells
    /// and overall: at the defaults (40 rounds) with a spread of at most 2 %, with 60
    /// rounds at 4 %; nothing is called `faster`.
    #[test]
    fn a_three_per_cent_slowdown_is_found() {
        let mut seed = 100;
        for (spread, max_rounds) in [(0.01, 40), (0.02, 40), (0.04, 60)] {
            for correlation in [0.0, 0.8] {
                seed += 1;
                let s = Setting {
                    max_rounds,
                    ..Setting::ab_default(0.03f64.ln_1p(), spread, correlation, Noise::Independent)
                };
                let r = simulate(&s, 100, seed);
                let label = format!("spread {spread}, correlation {correlation}, {max_rounds} rounds: {r:?}");
                assert!(r.cells_slower >= 0.9, "{label}");
                assert!(r.overall_slower >= 0.9, "{label}");
                assert_eq!(r.cells_faster, 0.0, "{label}");
            }
        }
    }

    /// A 1 % spread with no change settles as `same` at 1 % resolution in most cells,
    /// and mostly before the maximum rounds.
    #[test]
    fn a_quiet_unchanged_build_is_mostly_the_same() {
        let r = simulate(&Setting::ab_default(0.0, 0.01, 0.5, Noise::Independent), 100, 7);
        assert!(r.cells_same >= 0.9, "{r:?}");
        assert!(r.mean_rounds < 40.0, "{r:?}");
    }

    /// Strongly autocorrelated rounds are found and analysed on block means in most cells;
    /// independent ones rarely.
    #[test]
    fn dependence_is_found_where_it_is() {
        let ar = simulate(&Setting::ab_default(0.0, 0.04, 0.0, Noise::Autocorrelated(0.8)), 100, 11);
        assert!(ar.cells_blocked >= 0.8, "{ar:?}");
        let iid = simulate(&Setting::ab_default(0.0, 0.04, 0.0, Noise::Independent), 100, 12);
        assert!(iid.cells_blocked <= 0.1, "{iid:?}");
    }

    #[test]
    fn the_simulation_is_seeded() {
        let s = Setting::ab_default(0.01, 0.04, 0.5, Noise::HeavyTails);
        assert_eq!(simulate(&s, 5, 3), simulate(&s, 5, 3));
    }
}
