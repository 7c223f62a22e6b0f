//! What a run, or a merge of shards, tells on stderr at its end: the items that timed out,
//! stopped at the memory limit or ran on a busy machine, the first few by name, and the
//! run's warnings.

use std::path::Path;

use crate::base::text::noun;
use crate::results::run_meta::RunMeta;

/// The items shown by name at the end of a run; the rest are counted (all of them are in
/// `run.toml` and on the page).
pub const ITEMS_NAMED: usize = 5;

/// `a; b; c and 12 more` of `items`: the first [`ITEMS_NAMED`] by name.
fn first_items(items: &[String]) -> String {
    let shown: Vec<&str> = items.iter().take(ITEMS_NAMED).map(String::as_str).collect();
    match items.len().saturating_sub(ITEMS_NAMED) {
        0 => shown.join("; "),
        more => format!("{} and {more} more", shown.join("; ")),
    }
}

/// Says on stderr how many items had a row timed on a busy machine (`busy` is `true`),
/// the first few by name, and where all of them are listed.
pub fn announce_busy(busy: &[String]) {
    if busy.is_empty() {
        return;
    }
    let n = busy.len();
    crate::base::text::say(&format!(
        "{n} {} ran on a busy machine (other programs had the cores their threads waited for more than \
         {:.0} % of the time), so their times are not trustworthy: {}; every one is listed in run.toml (busy) \
         and marked (busy) on the page",
        noun(n as u64, "item"),
        crate::results::row::BUSY_WAIT_SHARE * 100.0,
        first_items(busy)
    ));
}

/// What the run warns about: the machine's governor, then every experiment's cells
/// ([`crate::results::warnings::of_run`]).
pub fn run_warnings(out: &Path, meta: &RunMeta) -> Vec<String> {
    let machine = meta.machine.governor_warning().into_iter().chain(meta.machine.pin_warning());
    machine.chain(crate::results::warnings::of_run(out, &meta.experiments)).collect()
}

/// Says on stderr what the run warns about, one warning a line.
pub fn announce_warnings(warnings: &[String]) {
    for w in warnings {
        crate::base::text::say(&format!("warning: {w}"));
    }
}

/// Says on stderr which items had a row stopped by the memory limit (status `memory`).
pub fn announce_memory_stops(stops: &[String]) {
    if stops.is_empty() {
        return;
    }
    let n = stops.len();
    crate::base::text::say(&format!(
        "{n} {} stopped at the memory limit (status memory; their rows are kept): {}",
        noun(n as u64, "item"),
        first_items(stops)
    ));
}

/// Says on stderr how many rows timed out (rows with status `timeout`), the first few by
/// name, and where all of them are listed.
pub fn announce_timeouts(timeouts: &[String]) {
    if timeouts.is_empty() {
        return;
    }
    let n = timeouts.len();
    crate::base::text::say(&format!(
        "{n} {} timed out: {}; every one is listed in run.toml (timeouts) and on the page",
        noun(n as u64, "item"),
        first_items(timeouts)
    ));
}
