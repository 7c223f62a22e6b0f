//! The instructions a build executes in an item's timed calls (the C library's
//! allocator aside), counted under callgrind ([`crate::base::callgrind`]): `harness ab --metric instructions` runs each build's
//! `harness cell` once for the item — one thread, no warm-up, one call a cell — on
//! valgrind's simulated CPU, collecting only inside the timed calls. The count is the
//! same in every run of a deterministic search whatever else the machine does, so one
//! count a build tells a change of a fraction of a per cent that wall times on a busy
//! machine cannot; its cost is the slowdown of the simulated CPU.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::base::callgrind::{self, CountError, CountRun, TIMED_CALLS};
use crate::base::error::{Error, InputError, Result};

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
