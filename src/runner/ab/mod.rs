//! `harness ab BASELINE CANDIDATE MANIFEST`: two builds of the harness timed against each
//! other, cell by cell, in paired rounds, so that a drift of the machine's speed falls on
//! both alike and each round gives one ratio B/A of every timed cell.
//!
//! Each side of a round is one process (`harness cell`, [`super::cell`]) that runs one
//! item of the manifest and prints its rows.
//!
//! - **The first round calibrates** and is not counted: both builds run the item once; it
//!   checks that they give the same exact results (counts, scores, moves; checked again in
//!   every round), and sets the timed calls `k` of every later process so that each timed
//!   cell's calls take at least [`CALIBRATED_SECONDS`] (short searches repeated, the same
//!   `k` for both builds; the cell's seconds are the median of its `k` calls, after one
//!   untimed warm-up call).
//! - **Rounds** run the two processes one after the other in a seeded, balanced order
//!   (each pair of rounds holds A B and B A, which comes first drawn from the seed), or,
//!   in the simultaneous mode, both at once on two cores of their own that they swap from
//!   round to round.
//! - A round in which either side ran on a busy machine (the row's `busy` cell) is not
//!   counted; an item takes at most twice its maximum rounds in all.
//! - **Every item first takes its minimum rounds**, one item after the other; then the
//!   items still unsettled take **one round each in turn**, so that the whole A/B's time
//!   (`--total-budget`) goes to the items whose noise needs it: an item stops at a look of
//!   the fixed schedule ([`crate::base::stats::looks`]) once the decision rule says every
//!   cell is settled ([`crate::base::stats::decision::Rule::settled`]), else at its
//!   maximum rounds, its own budget (`--budget`) or the end of the total budget. Progress
//!   says after each turn which items still sample and about how long is left.
//! - The verdicts come from the rule over every cell at once, each item's cells at the
//!   weight of the look it stopped at ([`crate::results::ab::AbReport::decide`]).
//!
//! The builds are other programs: each call has a time limit (the manifest's limit per
//! search call times ten for the first round, ten times the first round's time per call later, plus
//! [`CALL_MARGIN`]), its output is read up to [`MAX_OUTPUT_BYTES`], a call is over when its
//! process has ended (even if something it left behind still holds its output open), it
//! ends with `ab` (Ctrl-C, SIGTERM and SIGHUP end the children at once, with whatever they
//! started; on Linux they die with `ab` even when it is killed, and run in a PID
//! namespace of their own (run by an ordinary user, inside a user namespace of their own
//! that maps the user to itself), so that nothing they started outlives them:
//! [`crate::base::child`]), and any failure of a build is bad input naming the build
//! (exit 2).

mod builds;
mod cell_rows;
mod item;
mod options;
mod orders;

use std::time::Instant;

use crate::base::error::{InputError, Result};
use crate::base::stats::looks::Looks;
use crate::experiment::progress::note;
use crate::results::ab::{AbItem, AbReport, HardwareCompared, Instructions};
use crate::runner::instructions::CountedItem;
use builds::{ItemCall, Side};
pub use cell_rows::{results_differ, timed_cells, TimedCell, MAX_CELL_SECONDS};
pub use item::calibrate;
use item::ItemRun;
pub use options::{
    AbOptions, CALIBRATED_SECONDS, CALL_MARGIN, MAX_OUTPUT_BYTES, MAX_PROCESS_SECONDS, MAX_REPEATS,
    UNLIMITED_FIRST_CALL,
};

/// Runs the A/B; `on_item` sees each item as its rounds end (before the verdicts, which
/// are corrected over every cell once all are timed).
pub fn ab(opts: &AbOptions, on_item: &mut dyn FnMut(&AbItem)) -> Result<AbReport> {
    opts.check()?;
    let a = Side { binary: &opts.baseline, name: 'A' };
    let b = Side { binary: &opts.candidate, name: 'B' };
    let listing = a.list(opts)?;
    if b.list(opts)? != listing {
        return Err(InputError::new(
            "the two builds list other experiments or items for this manifest; an A/B needs the same items",
        )
        .into());
    }
    let started = Instant::now();
    let mut runs = Vec::new();
    for experiment in &listing.experiments {
        for (index, id) in experiment.items.iter().enumerate() {
            note(&format!("[ab] {} {id}", experiment.name));
            let call = ItemCall { experiment: &experiment.name, index, id, time_limit_s: experiment.time_limit_s };
            let mut run = ItemRun::calibrate(opts, (&a, &b), call)?;
            while run.sampling && run.counted() < opts.min_rounds as usize {
                run.round(opts, (&a, &b))?;
            }
            runs.push(run);
        }
    }
    let compared: usize = runs.iter().map(|r| r.timed.len()).sum();
    let looks = Looks::new(opts.min_rounds as usize, opts.max_rounds as usize);
    for run in &mut runs {
        run.check_stop(opts, &looks, compared, started);
    }
    while runs.iter().any(|r| r.sampling) {
        for run in runs.iter_mut().filter(|r| r.sampling) {
            run.round(opts, (&a, &b))?;
            run.check_stop(opts, &looks, compared, started);
        }
        note(&item::time_left(&runs, opts, started));
    }
    let mut items = Vec::new();
    for mut run in runs {
        if opts.count_instructions && !run.timed.is_empty() && run.item.counts_agree {
            // A hundred times the item's mean round: callgrind runs a build 30 to 60 times
            // slower (docs/measurements.md).
            let limit = run.round_wall() * 100 + crate::runner::instructions::COUNT_MARGIN;
            run.item.instructions = Some(count_instructions(opts, (&a, &b), &run.call, limit)?);
        }
        let item = run.finish(&looks, opts.rule().min_rounds);
        on_item(&item);
        items.push(item);
    }
    let builds = (
        opts.baseline.display().to_string(),
        opts.candidate.display().to_string(),
        opts.manifest.display().to_string(),
    );
    Ok(AbReport::decide(builds, opts.mode(), &opts.rule(), opts.fail_on_slower, items))
}

/// The instructions of the item's timed calls in each build, counted under callgrind
/// within `limit` a build, and by the processor's counters where the machine lends them.
fn count_instructions(
    opts: &AbOptions,
    (a, b): (&Side, &Side),
    call: &ItemCall,
    limit: std::time::Duration,
) -> Result<Instructions> {
    note(&format!(
        "[ab] {} {}: counting each build's instructions under callgrind (one thread, one call a cell)",
        call.experiment, call.id
    ));
    let item = CountedItem { manifest: &opts.manifest, experiment: call.experiment, index: call.index, limit };
    let count_a = crate::runner::instructions::count_item(a.binary, &a.named(), &item)?;
    let count_b = crate::runner::instructions::count_item(b.binary, &b.named(), &item)?;
    let mut counted = Instructions::new(count_a, count_b, opts.resolution);
    let hardware_a = crate::runner::instructions::count_hardware(a.binary, &a.named(), &item)?;
    let hardware_b = crate::runner::instructions::count_hardware(b.binary, &b.named(), &item)?;
    counted.hardware = Some(HardwareCompared::new(hardware_a, hardware_b));
    Ok(counted)
}
