//! Manifest experiments of tegel.

use crate::harness::{Experiment, ExperimentSpec, InputError, ParallelSearch};

/// Builds the experiment of a `game = "tegel"` manifest entry.
pub fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    Err(spec.error(Some("kind"), format!("unknown kind `{}` for game tegel", spec.kind)))
}

/// Builds one item of the `parallel` experiment for tegel.
pub fn parallel_search(
    spec: &ExperimentSpec,
    _item: &toml::Table,
    what: &str,
) -> Result<Box<dyn ParallelSearch>, InputError> {
    Err(spec.error(Some("items"), format!("{what}: tegel has no parallel searches yet")))
}
