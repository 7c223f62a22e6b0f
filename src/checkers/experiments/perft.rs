//! The `perft` kind: leaves of every game tree to a depth, plain or hashed, one item and row per depth.

use serde::{Deserialize, Serialize};

use super::{board_or_standard, finished, sampled_status};
use crate::base::error::InputError;
use crate::base::error::Result;
use crate::checkers::by_size;
use crate::checkers::geometry::BoardSize;
use crate::experiment::args::manifest_memo_mb;
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::Experiment;
use crate::experiment::Item;
use crate::experiment::RunContext;
use crate::results::row::columns_of;
use crate::results::row::Rate;
use crate::results::row::Status;
use crate::results::row::{Cpu, Timing, TimingStatus};

// The columns of `PerftRow` that the report reads.
crate::columns!(pub(in crate::checkers) PerftRow: PERFT_BOARD = board, DEPTH = depth, LEAVES = leaves);

// ---------------------------------------------------------------- perft

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PerftParams {
    /// Board, default `8x8 r3`.
    board: Option<String>,
    /// Depths, one row each.
    depths: Vec<u32>,
    /// Perft through the memo (hashed perft) instead of the plain walk.
    memo: Option<bool>,
    /// Bound of the memo table in MiB (default: a quarter of physical memory, at most 8192).
    memo_mb: Option<u64>,
}

pub(in crate::checkers) struct PerftExperiment {
    size: BoardSize,
    depths: Vec<u32>,
    /// `Some(bound in MiB)` for the hashed perft.
    memo_mb: Option<u64>,
}

impl PerftExperiment {
    pub(in crate::checkers) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: PerftParams = spec.params()?;
        let size = board_or_standard(spec, p.board.as_deref())?;
        if p.depths.is_empty() || p.depths.iter().any(|&d| d > 40) {
            return Err(spec.error(Some("depths"), "`depths` must list depths between 0 and 40"));
        }
        let memo_mb = match p.memo {
            Some(true) => Some(manifest_memo_mb(spec, p.memo_mb)?),
            _ if p.memo_mb.is_some() => return Err(spec.error(Some("memo_mb"), "`memo_mb` needs `memo = true`")),
            _ => None,
        };
        Ok(Box::new(PerftExperiment { size, depths: p.depths, memo_mb }))
    }
}

/// A row of the plain perft.
#[derive(Serialize, Default)]
struct PerftRow {
    board: String,
    depth: u32,
    leaves: Option<u64>,
    positions: Option<u64>,
    seconds: Timing,
    /// Leaves over the median seconds (empty under the timer's resolution).
    leaves_per_second: Option<Rate>,
    cpu: Cpu,
    /// Why `leaves_per_second` is empty although the perft finished.
    timing_status: TimingStatus,
}

/// A row of `memo = true`: `plain_positions` is the plain walk's `positions`, computed
/// through the memo.
#[derive(Serialize, Default)]
struct MemoPerftRow {
    board: String,
    depth: u32,
    leaves: Option<u64>,
    plain_positions: Option<u64>,
    memo_positions: Option<u64>,
    memo_distinct_positions: Option<u64>,
    memo_bytes: Option<u64>,
    seconds: Timing,
    /// Leaves over the median seconds (empty under the timer's resolution).
    leaves_per_second: Option<Rate>,
    cpu: Cpu,
    /// Why `leaves_per_second` is empty although the perft finished.
    timing_status: TimingStatus,
}

/// The rate column of both rows.
const LEAVES_PER_SECOND: &str = crate::column!(PerftRow, leaves_per_second);

/// Perft trees branch about 4.6 ways per ply on 8x8.
fn perft_cost(depth: u32) -> f64 {
    4.6f64.powi(depth as i32)
}

impl Experiment for PerftExperiment {
    fn columns(&self) -> Vec<String> {
        if self.memo_mb.is_some() {
            columns_of::<MemoPerftRow>()
        } else {
            columns_of::<PerftRow>()
        }
    }

    /// One item per depth, named `8x8 r3 depth 9`; each depth runs under its own time
    /// limit, whatever the other depths did.
    fn items(&self) -> Vec<Item> {
        self.depths.iter().map(|&d| Item::new(format!("{} depth {d}", self.size)).with_cost(perft_cost(d))).collect()
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        if index == 0 {
            ctx.figure(
                &crate::checkers::picture::start_name(self.size),
                crate::checkers::picture::start_svg(self.size),
            );
        }
        let depth = self.depths[index];
        let note = format!("{} depth {depth}", self.size);
        match self.memo_mb {
            Some(mb) => {
                let (row, status) = self.memo_row(depth, mb, ctx);
                ctx.check_interrupted()?;
                ctx.emit_row(&row, ctx.threads, &status, &note);
            }
            None => {
                let (row, status) = self.plain_row(depth, ctx);
                ctx.check_interrupted()?;
                ctx.emit_row(&row, ctx.threads, &status, &note);
            }
        }
        Ok(())
    }
}

impl PerftExperiment {
    /// The row and status of the plain perft (rayon-split when the run has more than one
    /// thread).
    fn plain_row(&self, depth: u32, ctx: &RunContext) -> (PerftRow, Status) {
        let cell = ctx.sample(|budget| by_size::perft(self.size, depth, ctx.threads > 1, budget));
        let c = cell.outcome.as_ref().ok();
        let row = PerftRow {
            board: self.size.to_string(),
            depth,
            leaves: c.map(|c| c.leaves),
            positions: c.map(|c| c.positions),
            seconds: Timing::of(finished(&cell)),
            leaves_per_second: c.and_then(|c| Rate::per_median(c.leaves, &cell.samples)),
            cpu: Cpu::of(finished(&cell), ctx.threads),
            timing_status: TimingStatus::of(LEAVES_PER_SECOND, [finished(&cell)]),
        };
        (row, Status::of_sampled(&cell))
    }

    /// The row and status of the hashed perft, run sequentially so that `memo_positions`
    /// is the same in every run.
    fn memo_row(&self, depth: u32, mb: u64, ctx: &RunContext) -> (MemoPerftRow, Status) {
        let cell = ctx.sample(|budget| by_size::perft_memo(self.size, depth, mb, false, budget));
        let c = cell.outcome.as_ref().ok();
        let row = MemoPerftRow {
            board: self.size.to_string(),
            depth,
            leaves: c.map(|c| c.leaves),
            plain_positions: c.map(|c| c.plain_positions),
            memo_positions: c.map(|c| c.positions),
            memo_distinct_positions: c.map(|c| c.distinct_positions),
            memo_bytes: c.map(|c| c.memo_bytes),
            seconds: Timing::of(finished(&cell)),
            leaves_per_second: c.and_then(|c| Rate::per_median(c.leaves, &cell.samples)),
            cpu: Cpu::of(finished(&cell), 1),
            timing_status: TimingStatus::of(LEAVES_PER_SECOND, [finished(&cell)]),
        };
        (row, sampled_status(&cell))
    }
}
