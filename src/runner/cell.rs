//! One item of one experiment, run once in a process of its own, its rows printed as JSON:
//! what `harness ab` asks of each of the two builds it compares (`harness cell`, a
//! command for programs rather than people). Writes no results directory.

use std::path::Path;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::base::error::{InputError, Result};
use crate::experiment::RunContext;
use crate::results::columns::{Column, Columns};
use crate::runner::manifest::{Manifest, SamplingOverrides};
use crate::runner::registry;
use crate::search::pool::in_pool;

/// The format of the JSON `harness cell` prints; `harness ab` refuses another.
pub const CELL_FORMAT: u32 = 1;

/// The experiments of a manifest and their items, in order (`harness cell MANIFEST --list`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listing {
    /// [`CELL_FORMAT`].
    pub format: u32,
    /// Each experiment with its items' names.
    pub experiments: Vec<ListedExperiment>,
}

/// One experiment of a [`Listing`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedExperiment {
    /// The experiment's name.
    pub name: String,
    /// Its items' names, by index.
    pub items: Vec<String>,
}

/// The rows one run of one item emitted, with their declared columns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CellRows {
    /// [`CELL_FORMAT`].
    pub format: u32,
    /// Every column of the experiment's CSV, declared.
    pub columns: Vec<Column>,
    /// The item's rows, one cell per column (samples cells included).
    pub rows: Vec<Vec<String>>,
}

/// The experiments of the manifest at `path` with their items (after `only`).
pub fn list(path: &Path, only: &[String]) -> Result<Listing> {
    let manifest = load(path, None, only)?;
    let mut experiments = Vec::new();
    for spec in &manifest.experiments {
        let experiment = registry::build(spec)?;
        experiments.push(ListedExperiment {
            name: spec.heading.name.clone(),
            items: experiment.items().into_iter().map(|i| i.id).collect(),
        });
    }
    Ok(Listing { format: CELL_FORMAT, experiments })
}

/// Runs item `index` of experiment `name` of the manifest at `path` once (one sample, no
/// warm-up) on a pool of `threads` threads, with the manifest's seed or `seed`.
pub fn run(path: &Path, name: &str, index: usize, threads: usize, seed: Option<u64>) -> Result<CellRows> {
    let manifest = load(path, seed, &[])?;
    let spec = manifest
        .experiments
        .iter()
        .find(|e| e.heading.name == name)
        .ok_or_else(|| InputError::new(format!("the manifest has no experiment `{name}`")))?;
    let experiment = registry::build(spec)?;
    let items = experiment.items().len();
    if index >= items {
        return Err(InputError::new(format!("experiment `{name}` has {items} items; no item {index}")).into());
    }
    let on_row = |_: u64, _: &str| {};
    let ctx = RunContext::new(spec, threads, Arc::new(AtomicU64::new(0)), &on_row);
    in_pool(threads, || experiment.run_item(&ctx, index))?;
    let declared: Vec<Column> = ctx.take_columns().into_iter().flatten().collect();
    let columns = Columns::of(&experiment.columns(), &declared).0;
    Ok(CellRows { format: CELL_FORMAT, columns, rows: ctx.take_rows() })
}

fn load(path: &Path, seed: Option<u64>, only: &[String]) -> Result<Manifest> {
    let once = SamplingOverrides { samples: Some(1), warmup: Some(0), budget: None };
    let mut manifest = Manifest::load_with(path, seed, None, &once)?;
    manifest.filter(only)?;
    Ok(manifest)
}
