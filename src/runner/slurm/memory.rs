//! The memory an array task of `harness slurm` asks for (`#SBATCH --mem`): the largest
//! table of any entry of the manifest, capped by its memory limit, with a margin.

use crate::base::limits::MemoryLimit;
use crate::runner::manifest::{ExperimentSpec, Manifest};

/// The margin in MiB that an array task asks for on top of its largest table: the
/// process, the searches' own stacks and vectors, the rows it buffers.
pub const MEMORY_MARGIN_MB: u64 = 512;

/// The merge job's memory in MiB: it reads and writes CSVs, no table.
pub const MERGE_MEM_MB: u64 = 1024;

/// The merge job's wall time.
pub const MERGE_TIME: &str = "00:30:00";

/// The memory in MiB that one array task of `manifest` asks for (`#SBATCH --mem`): every
/// task may run items of every experiment, so it is the largest need of any entry, where
/// an entry needs `T + T/4 + 512` MiB for its table of `T` MiB:
///
/// - `T` is the entry's `memo_mb`, or the largest `memo_mb` of its `items`;
/// - a memory limit (`run_limit_mb`, the `--memory-limit` passed on to the shards, else the
///   entry's `memory_limit`) caps `T`, and stands for `T` where no `memo_mb` is given: the
///   run holds the process under it;
/// - an entry with neither needs the margin only (a memo search without `memo_mb` takes a
///   quarter of the job's memory, the control group's limit that `--mem` sets).
pub fn memory_need_mb(manifest: &Manifest, run_limit_mb: Option<u64>) -> u64 {
    manifest.experiments.iter().map(|e| entry_need_mb(e, run_limit_mb)).max().unwrap_or(MEMORY_MARGIN_MB)
}

pub(super) fn entry_need_mb(spec: &ExperimentSpec, run_limit_mb: Option<u64>) -> u64 {
    let memo = |t: &toml::Table| t.get("memo_mb").and_then(toml::Value::as_integer).and_then(|v| u64::try_from(v).ok());
    let items = spec.params.get("items").and_then(toml::Value::as_array).into_iter().flatten();
    let table = memo(&spec.params).into_iter().chain(items.filter_map(toml::Value::as_table).filter_map(memo)).max();
    let limit = run_limit_mb.or(spec.limits.memory.map(MemoryLimit::mib));
    let t = match (table, limit) {
        (Some(t), Some(l)) => t.min(l),
        (t, l) => t.or(l).unwrap_or(0),
    };
    t + t / 4 + MEMORY_MARGIN_MB
}

/// The `--memory-limit` among the arguments passed on to the shards, in MiB.
pub(super) fn run_memory_limit(run_args: &[String]) -> Option<u64> {
    let mut args = run_args.iter();
    while let Some(a) = args.next() {
        if a == "--memory-limit" {
            return args.next().and_then(|v| MemoryLimit::parse(v).ok()).map(MemoryLimit::mib);
        }
        if let Some(v) = a.strip_prefix("--memory-limit=") {
            return MemoryLimit::parse(v).ok().map(MemoryLimit::mib);
        }
    }
    None
}
