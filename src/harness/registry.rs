//! Which code runs which manifest entry: the games' experiment builders.

use super::error::InputError;
use super::experiment::Experiment;
use super::manifest::ExperimentSpec;
use super::parallel::SearchBuilder;

/// Builds the experiment for a manifest entry, validating its parameters and loading
/// its instance files; nothing runs yet.
pub fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    match spec.game.as_str() {
        "tegel" => crate::tegel::experiments::build(spec),
        "stenen" => crate::stenen::experiments::build(spec),
        "nim" => crate::nim::experiments::build(spec),
        "checkers" => crate::checkers::experiments::build(spec),
        "harness" if spec.kind == "parallel" => super::parallel::build(spec),
        _ => Err(spec.error(Some("kind"), format!("unknown kind `{}` for game `{}`", spec.kind, spec.game))),
    }
}

/// The builder of parallel-comparison searches of `game`, if it has any.
pub fn search_builder(game: &str) -> Option<SearchBuilder> {
    match game {
        "tegel" => Some(crate::tegel::experiments::parallel_search),
        "stenen" => Some(crate::stenen::experiments::parallel_search),
        "checkers" => Some(crate::checkers::experiments::parallel_search),
        _ => None,
    }
}
