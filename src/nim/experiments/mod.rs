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

mod check;
mod formula;
mod parallel_search;
mod selector;
mod versus;

pub(super) use check::build_check;
pub use check::check_plan;
pub(super) use formula::FormulaExperiment;
pub use parallel_search::parallel_search;
pub(super) use selector::SelectorExperiment;
pub(super) use versus::VersusExperiment;

use crate::base::error::InputError;
use crate::base::error::Result;
use crate::experiment::spec::ExperimentSpec;
use crate::nim::position::MAX_STICKS;

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
