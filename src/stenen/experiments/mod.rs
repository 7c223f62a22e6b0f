//! Manifest experiments of stenen: kind `table` (the assignment's report table, one row per
//! instance) and the `count` searches of the shared `parallel` experiment.
//!
//! ```toml
//! [[experiment]]
//! name = "stenen_table"
//! game = "stenen"
//! kind = "table"
//! instances = [{ height = 4, width = 5, stones = "stenen/stenen1.in" }]
//! memo_mb = 1024   # optional: the memo table that fills cells a walk cannot finish
//! memo_time_limit = 600   # optional: seconds of each memo search (default: time_limit)
//! program_instances = [{ height = 4, width = 15, stones = "stenen/stenen2.in" }]   # optional: what a solver is asked instead
//! ```
//!
//! A dumb or smart cell whose walk hits the time limit is computed again through the memo
//! (`memo.rs`, the walk's exact numbers); its positions then fill the cell and its
//! `<column>_source` column says `memo` instead of `walk`.

mod check;
mod parallel_search;
mod table;

pub(super) use check::build_check;
pub use check::check_plan;
pub use parallel_search::parallel_search;
pub(super) use table::{build_table, DUMB_COUNT, DUMB_FIND, FAST_COUNT, INSTANCE, PLACES, SMART_COUNT, SMART_FIND};

use crate::base::error::InputError;
use crate::experiment::spec::ExperimentSpec;
use crate::stenen::rules::Puzzle;
use serde::Deserialize;
use std::path::Path;

/// One board size with one stones file, as written in a manifest.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct InstanceParams {
    height: usize,
    width: usize,
    stones: String,
}

/// A loaded instance.
struct Instance {
    name: String,
    game: Puzzle,
}

fn load_instance(spec: &ExperimentSpec, p: &InstanceParams, key: &str) -> Result<Instance, InputError> {
    let path = spec.resolve(&p.stones);
    let game = crate::stenen::rules::load_puzzle(p.height, p.width, &path).map_err(|e| match (&e.file, e.line) {
        (Some(_), Some(_)) => e,
        (Some(_), None) => spec.error(Some(key), e.to_string()),
        (None, _) => spec.error(Some(key), e.message),
    })?;
    let stem = Path::new(&p.stones).file_stem().map_or(p.stones.clone(), |s| s.to_string_lossy().into_owned());
    Ok(Instance { name: format!("{}x{} {stem}", p.height, p.width), game })
}
