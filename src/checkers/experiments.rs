//! Manifest experiments of checkers.

use crate::harness::{Experiment, ExperimentSpec, InputError, ParallelSearch};

/// Builds the experiment of a `game = "checkers"` manifest entry.
pub fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    Err(spec.error(Some("kind"), format!("unknown kind `{}` for game checkers", spec.kind)))
}

/// Builds one item of the `parallel` experiment for checkers.
pub fn parallel_search(
    spec: &ExperimentSpec,
    _item: &toml::Table,
    what: &str,
) -> Result<Box<dyn ParallelSearch>, InputError> {
    Err(spec.error(Some("items"), format!("{what}: checkers has no parallel searches yet")))
}
