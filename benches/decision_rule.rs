//! Prints the error rates of the decision rule as `harness ab` applies it, from the seeded
//! simulation of `harness::base::stats::simulation` (docs/harness.md, "The decision
//! rule"): per setting — change, spread, correlation of an item's cells, noise, maximum
//! rounds — the share of whole A/Bs that call any cell different, the share of cells
//! called `slower`, `faster` and `same`, the overall verdict's shares, the cells analysed
//! on block means and the mean rounds an item took. Counts, not times: the same numbers
//! on every machine.
//!
//!     cargo bench --bench decision_rule

use harness::base::stats::simulation::{simulate, simulation_error, Noise, Setting, NOISES};

const RUNS: usize = 1000;

fn main() {
    println!("{RUNS} simulated A/Bs a setting (11 cells in 5 items, 6 rounds at least, resolution 1 %); the simulation's own error at 5 % is ±{:.1} points.\n", 100.0 * simulation_error(0.05, RUNS));
    println!("| change | spread | ρ | noise | max rounds | any cell different | cells slower | cells faster | cells same | overall slower | overall faster | overall same | blocked | rounds |");
    println!("| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut seed = 1;
    for change in [0.0, 0.01, 0.03] {
        for noise in NOISES {
            for spread in [0.01, 0.02, 0.04, 0.11] {
                for correlation in [0.0, 0.8] {
                    for max_rounds in [40, 60] {
                        if (noise != Noise::Independent || change != 0.03) && max_rounds != 40 {
                            continue;
                        }
                        seed += 1;
                        let setting = Setting {
                            max_rounds,
                            ..Setting::ab_default(f64::ln_1p(change), spread, correlation, noise)
                        };
                        let r = simulate(&setting, RUNS, seed);
                        let pct = |x: f64| format!("{:.1} %", x * 100.0);
                        println!(
                            "| {} | {} | {correlation} | {} | {max_rounds} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} |",
                            pct(change),
                            pct(spread),
                            noise.label(),
                            pct(r.any_cell_different),
                            pct(r.cells_slower),
                            pct(r.cells_faster),
                            pct(r.cells_same),
                            pct(r.overall_slower),
                            pct(r.overall_faster),
                            pct(r.overall_same),
                            pct(r.cells_blocked),
                            r.mean_rounds
                        );
                    }
                }
            }
        }
    }
}
