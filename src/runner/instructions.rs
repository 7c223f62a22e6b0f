//! The instructions a build executes in an item's timed calls (the C library's
//! allocator aside), counted under callgrind ([`crate::base::callgrind`]), and the
//! processor's own counters of the same calls where the machine lends them
//! ([`crate::base::counters`]): `harness ab --metric instructions` and `harness
//! instructions MANIFEST` run a build's `harness cell` for the item — one thread, no
//! warm-up, one call a cell — once on valgrind's simulated CPU, collecting only inside the
//! timed calls, and once natively with `--hardware-counters`. The count is the
//! same in every run of a deterministic search whatever else the machine does, so one
//! count a build tells a change of a fraction of a per cent that wall times on a busy
//! machine cannot; its cost is the slowdown of the simulated CPU.

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::base::callgrind::{self, CountError, CountRun, TIMED_CALLS};
use crate::base::child::{Child, ChildLimits, Ended, Wiring};
use crate::base::counters::HardwareCounts;
use crate::base::error::{Error, InputError, Result};
use crate::base::text::excerpt;
use crate::runner::cell::CellRows;
use crate::search::timing::HardwareTally;

/// The item to count: the manifest, the experiment and the item's index.
pub struct CountedItem<'a> {
    /// The manifest.
    pub manifest: &'a Path,
    /// The experiment's name.
    pub experiment: &'a str,
    /// The item's index in the experiment.
    pub index: usize,
    /// How long one build's count may take before it is stopped.
    pub limit: Duration,
}

/// Added to a count's limit: valgrind's start.
pub const COUNT_MARGIN: Duration = Duration::from_secs(60);

/// Refuses `--metric instructions` where valgrind cannot be started.
pub fn check_available() -> Result<(), InputError> {
    if callgrind::available() {
        Ok(())
    } else {
        Err(InputError::new(format!(
            "--metric instructions counts with {}'s callgrind, which cannot be started here; install valgrind or \
             leave out --metric",
            callgrind::VALGRIND
        )))
    }
}

/// The instructions `binary` (named `build` in messages) executes inside the timed calls
/// of `item`.
pub fn count_item(binary: &Path, build: &str, item: &CountedItem) -> Result<u64> {
    let scratch = tempfile::tempdir().map_err(|e| InputError::new(format!("cannot make a scratch folder: {e}")))?;
    let index = item.index.to_string();
    let args: [&std::ffi::OsStr; 11] = [
        "-q".as_ref(),
        "cell".as_ref(),
        item.manifest.as_os_str(),
        item.experiment.as_ref(),
        index.as_ref(),
        "--warmup".as_ref(),
        "0".as_ref(),
        "--repeats".as_ref(),
        "1".as_ref(),
        "--threads".as_ref(),
        "1".as_ref(),
    ];
    let run = CountRun {
        deadline: std::time::Instant::now() + item.limit,
        stop: Some(Arc::new(crate::search::budget::interrupted)),
    };
    let counted = callgrind::count_inside(binary, &args, scratch.path(), Some(TIMED_CALLS), run);
    match counted {
        Ok((0, _)) => Err(InputError::new(format!(
            "{build} executed no instruction inside its timed calls under callgrind: it does not mark them \
             (a build older than --metric instructions?)"
        ))
        .into()),
        Ok((n, _)) => Ok(n),
        Err(CountError::Interrupted) => Err(Error::Interrupted),
        Err(e @ CountError::Overdue(_)) => Err(InputError::new(format!(
            "{build}: {e}; the limit, {:.0} s, is a hundred times the item's round and a minute",
            item.limit.as_secs_f64()
        ))
        .into()),
        Err(e @ (CountError::Missing(_) | CountError::Failed(_) | CountError::NoTotal(_))) => {
            Err(InputError::new(format!("{build}: {e}")).into())
        }
    }
}

/// The processor's counts of `item`'s timed calls in `binary` (named `build`), run
/// natively once, or why there are none: the machine lends no counters, or the build
/// cannot count them (older than `--hardware-counters`). Interrupted by Ctrl-C or SIGTERM.
pub fn count_hardware(binary: &Path, build: &str, item: &CountedItem) -> Result<Result<HardwareCounts, String>> {
    let mut command = Command::new(binary);
    command.arg("-q").arg("cell").arg(item.manifest).arg(item.experiment).arg(item.index.to_string());
    command.args(["--warmup", "0", "--repeats", "1", "--threads", "1", "--hardware-counters"]);
    let limits = ChildLimits::output_only(16 << 20, 64 << 10);
    let wiring = Wiring { stdin: false, capture_stderr: true, core: None, user_namespace: true };
    let mut child =
        Child::spawn_with(command, &limits, wiring).map_err(|e| InputError::new(format!("cannot run {build}: {e}")))?;
    child.stop_when(Arc::new(crate::search::budget::interrupted));
    let out = match child.read_to_end(Instant::now() + item.limit) {
        Ok(out) if child.ending().is_some_and(|e| e.success()) => out,
        Ok(_) => return Ok(Err(format!("{build} failed: {}", excerpt(child.stderr_text().trim())))),
        Err(Ended::Interrupted) => return Err(Error::Interrupted),
        Err(e) => return Ok(Err(format!("{build} could not count them: {e}"))),
    };
    let Ok(rows) = serde_json::from_slice::<CellRows>(&out) else {
        return Ok(Err(format!("{build} printed no readable `harness cell` output")));
    };
    Ok(match rows.hardware {
        Some(HardwareTally { counts: Some(counts), .. }) => Ok(counts),
        Some(HardwareTally { unavailable: Some(why), .. }) => Err(why),
        Some(_) => Err("no timed call was counted".to_string()),
        None => Err(format!("{build} does not count them (a build older than --hardware-counters)")),
    })
}

/// One item's counts (`harness instructions`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemCounts {
    /// The experiment.
    pub experiment: String,
    /// The item's name.
    pub item: String,
    /// Instructions inside its timed calls under callgrind, the allocator aside.
    pub instructions: u64,
    /// The processor's counters of the same calls, natively.
    pub hardware: Option<HardwareCounts>,
    /// Why there are no processor counts, where there are none.
    pub hardware_unavailable: Option<String>,
}

/// Every item of the manifest at `manifest` (after `only`) counted by this binary:
/// callgrind's instructions and the processor's counters, one item after the other,
/// each given to `on_item` as it is counted. An item's limit is a hundred times its
/// experiment's time limit a search call (an hour where it has none) plus a minute.
pub fn count_manifest(
    manifest: &Path,
    only: &[String],
    on_item: &mut dyn FnMut(&ItemCounts),
) -> Result<Vec<ItemCounts>> {
    check_available()?;
    let binary = std::env::current_exe().map_err(|e| InputError::new(format!("cannot find this program: {e}")))?;
    let listing = crate::runner::cell::list(manifest, only)?;
    let mut counted = Vec::new();
    for experiment in &listing.experiments {
        let per_call = experiment.time_limit_s.map_or(Duration::from_secs(3600), Duration::from_secs_f64);
        for (index, id) in experiment.items.iter().enumerate() {
            if crate::search::budget::interrupted() {
                return Err(Error::Interrupted);
            }
            let item =
                CountedItem { manifest, experiment: &experiment.name, index, limit: per_call * 100 + COUNT_MARGIN };
            let instructions = count_item(&binary, "this build", &item)?;
            let hardware = count_hardware(&binary, "this build", &item)?;
            let row = ItemCounts {
                experiment: experiment.name.clone(),
                item: id.clone(),
                instructions,
                hardware_unavailable: hardware.as_ref().err().cloned(),
                hardware: hardware.ok(),
            };
            on_item(&row);
            counted.push(row);
        }
    }
    Ok(counted)
}
