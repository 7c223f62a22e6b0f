//! Prints the error rates of the decision rule as `harness ab` applies it, from the seeded
//! simulation of `harness::base::stats::simulation` (docs/harness.md, "The decision
//! rule"): per setting the share of cells and of overall verdicts called `slower`,
//! `faster` and `same`, and the mean rounds an item took. Counts, not times: the same
//! numbers on every machine.
//!
//!     cargo bench --bench decision_rule

use harness::base::stats::simulation::{simulate, Setting, AB_ITEMS};

const RUNS: usize = 400;

fn main() {
    println!("| change | spread | ρ | max rounds | cells slower | cells faster | cells same | overall slower | overall faster | overall same | rounds |");
    println!("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut seed = 1;
    for change in [0.0, 0.01, 0.03] {
        for spread in [0.01, 0.02, 0.04, 0.06, 0.11] {
            for correlation in [0.0, 0.5, 0.8] {
                for max_rounds in [20, 60] {
                    seed += 1;
                    let setting = Setting {
                        change: f64::ln_1p(change),
                        spread,
                        correlation,
                        items: AB_ITEMS.to_vec(),
                        min_rounds: 6,
                        max_rounds,
                        resolution: 0.01,
                    };
                    let r = simulate(&setting, RUNS, seed);
                    let pct = |x: f64| format!("{:.1} %", x * 100.0);
                    println!(
                        "| {} | {} | {correlation} | {max_rounds} | {} | {} | {} | {} | {} | {} | {:.1} |",
                        pct(change),
                        pct(spread),
                        pct(r.cells_slower),
                        pct(r.cells_faster),
                        pct(r.cells_same),
                        pct(r.overall_slower),
                        pct(r.overall_faster),
                        pct(r.overall_same),
                        r.mean_rounds
                    );
                }
            }
        }
    }
}
