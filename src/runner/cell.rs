//! One item of one experiment, run in a process of its own, its rows printed as JSON: what
//! `harness ab` asks of each of the two builds it compares (`harness cell`, a command for
//! programs rather than people). Each timed cell is warmed up `warmup` times (untimed) and
//! then timed `repeats` times; its seconds are the median of those calls. Writes no
//! results directory.

use std::path::Path;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::base::error::{InputError, Result};
use crate::base::machine::Threads;
use crate::experiment::RunContext;
use crate::results::columns::{Column, Columns};
use crate::runner::manifest::{Manifest, SamplingOverrides};
use crate::runner::registry;
use crate::search::pool::in_pool;
use crate::search::timing::{self, HardwareTally};

/// The format of the JSON `harness cell` prints; `harness ab` refuses another.
pub const CELL_FORMAT: u32 = 2;

/// The experiments of a manifest and their items, in order (`harness cell MANIFEST --list`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Listing {
    /// [`CELL_FORMAT`].
    pub format: u32,
    /// Each experiment with its items' names.
    pub experiments: Vec<ListedExperiment>,
}

/// One experiment of a [`Listing`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ListedExperiment {
    /// The experiment's name.
    pub name: String,
    /// Its items' names, by index.
    pub items: Vec<String>,
    /// The time limit of each search call of the experiment, in seconds (`None`: none).
    pub time_limit_s: Option<f64>,
}

/// How `harness cell` times each cell of its item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellTiming {
    /// Untimed calls before the timed ones.
    pub warmup: u32,
    /// Timed calls; the cell's seconds are their median.
    pub repeats: u32,
}

impl CellTiming {
    /// One timed call, no warm-up.
    pub const ONCE: CellTiming = CellTiming { warmup: 0, repeats: 1 };
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
    /// The processor's events counted over the item's timed calls, when asked for
    /// (`harness cell ... --hardware-counters`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hardware: Option<HardwareTally>,
}

/// The experiments of the manifest at `path` with their items (after `only`).
pub fn list(path: &Path, only: &[String]) -> Result<Listing> {
    let manifest = load(path, None, only, CellTiming::ONCE)?;
    let mut experiments = Vec::new();
    for spec in &manifest.experiments {
        let experiment = registry::build(spec)?;
        experiments.push(ListedExperiment {
            name: spec.heading.name.clone(),
            items: experiment.items().into_iter().map(|i| i.id).collect(),
            time_limit_s: spec.limits.time.map(|t| t.seconds()),
        });
    }
    Ok(Listing { format: CELL_FORMAT, experiments })
}

/// Runs item `index` of experiment `name` of the manifest at `path` on a pool of
/// `threads` threads, with the manifest's seed or `seed`, each timed cell as `timing` says;
/// with `count_hardware`, the processor's events of the timed calls counted too.
pub fn run(
    path: &Path,
    (name, index): (&str, usize),
    threads: Threads,
    seed: Option<u64>,
    (timing, count_hardware): (CellTiming, bool),
) -> Result<CellRows> {
    let manifest = load(path, seed, &[], timing)?;
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
    if count_hardware {
        timing::count_hardware_events();
    }
    let on_row = |_: u64, _: &str| {};
    let ctx = RunContext::new(spec, threads.get(), Arc::new(AtomicU64::new(0)), &on_row);
    in_pool(threads.get(), || experiment.run_item(&ctx, index))?;
    let declared: Vec<Column> = ctx.take_columns().into_iter().flatten().collect();
    let columns = Columns::of(&experiment.columns(), &declared).0;
    let hardware = count_hardware.then(timing::hardware_tally);
    Ok(CellRows { format: CELL_FORMAT, columns, rows: ctx.take_rows(), hardware })
}

fn load(path: &Path, seed: Option<u64>, only: &[String], timing: CellTiming) -> Result<Manifest> {
    let budget = crate::experiment::sampling::MAX_SAMPLE_BUDGET_S;
    let sampling =
        SamplingOverrides { samples: Some(timing.repeats), warmup: Some(timing.warmup), budget: Some(budget) };
    let mut manifest = Manifest::load_with(path, seed, None, &sampling)?;
    manifest.filter(only)?;
    Ok(manifest)
}
