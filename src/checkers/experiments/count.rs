//! The `count` kind: continuation counts, plain and memoised, one item and row per board.

use serde::{Deserialize, Serialize};

use super::{board, finished, sampled_status};
use crate::base::error::InputError;
use crate::base::error::Result;
use crate::checkers::by_size::{self, CountMode};
use crate::checkers::count::{Count, CountStop, Games};
use crate::checkers::geometry::BoardSize;
use crate::experiment::args::manifest_memo_mb;
use crate::experiment::sampling::{OnStop, Run, MIN_PAIRED_ROUNDS};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::Experiment;
use crate::experiment::Item;
use crate::experiment::RunContext;
use crate::results::row::columns_of;
use crate::results::row::Status;
use crate::results::row::{Cpu, Speedup, Timing, TimingStatus};
use crate::search::timing::Sampled;

// ---------------------------------------------------------------- count

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountParams {
    /// Boards like `4x4 r1`.
    boards: Vec<String>,
    /// Bound of the memo table in MiB (default: a quarter of physical memory, at most 8192).
    memo_mb: Option<u64>,
    /// Only the count through the memo (plain figures computed through it), for boards
    /// the plain walk cannot finish.
    memo: Option<bool>,
}

pub(in crate::checkers) struct CountExperiment {
    boards: Vec<BoardSize>,
    memo_mb: u64,
    memo_only: bool,
}

impl CountExperiment {
    pub(in crate::checkers) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: CountParams = spec.params()?;
        if p.boards.is_empty() {
            return Err(spec.error(Some("boards"), "`boards` must list at least one board, like \"4x4 r1\""));
        }
        let boards = p.boards.iter().map(|b| board(spec, "boards", b)).collect::<Result<Vec<_>, _>>()?;
        let memo_mb = manifest_memo_mb(spec, p.memo_mb)?;
        Ok(Box::new(CountExperiment { boards, memo_mb, memo_only: p.memo.unwrap_or(false) }))
    }
}

/// Declares a row type of the count experiment: the columns every count row starts with
/// (`board`, `m`, `n`, `r`, then `games`, `black_wins`, `white_wins`, `both_kings`),
/// followed by the given ones; its `head` fills the first and leaves the rest empty.
macro_rules! count_row {
    ($(#[$attr:meta])* struct $name:ident { $($field:ident: $ty:ty),* $(,)? }) => {
        $(#[$attr])*
        #[derive(Serialize, Default)]
        struct $name {
            board: String,
            m: u8,
            n: u8,
            r: u8,
            games: Option<u128>,
            black_wins: Option<u128>,
            white_wins: Option<u128>,
            both_kings: Option<u128>,
            $($field: $ty),*
        }

        impl $name {
            /// The board's cells and the games split (`None`: not counted), the rest empty.
            fn head(size: BoardSize, games: Option<Games>) -> Self {
                $name {
                    board: size.to_string(),
                    m: size.rows,
                    n: size.cols,
                    r: size.men_rows,
                    games: games.map(|g| g.total),
                    black_wins: games.map(|g| g.black_wins),
                    white_wins: games.map(|g| g.white_wins),
                    both_kings: games.map(|g| g.both_kings),
                    ..Default::default()
                }
            }
        }
    };
}

count_row! {
    /// A row of `kind = "count"`: the plain count (`positions`, `seconds`) and the memoised
    /// one (`memo_*`; `memo_plain_positions` is the plain walk's calls computed through the
    /// memo) side by side, timed in the same rounds; `memo_speedup` is the plain walk's
    /// seconds over the memo's, paired round by round (empty, with `timing_status` saying
    /// why, when a median is under the timer's reliable resolution).
    struct CountRow {
        positions: Option<u64>,
        seconds: Timing,
        memo_positions: Option<u64>,
        memo_distinct_positions: Option<u64>,
        memo_seconds: Timing,
        memo_plain_positions: Option<u128>,
        memo_bytes: Option<u64>,
        memo_speedup: Speedup,
        cpu: Cpu,
        timing_status: TimingStatus,
    }
}

// The columns of `CountRow` that the report reads.
crate::columns!(pub(in crate::checkers) CountRow: BOARD = board, GAMES_COLUMN = games, POSITIONS = positions,
    MEMO_POSITIONS = memo_positions, MEMO_SPEEDUP = memo_speedup);

count_row! {
    /// A row of `memo = true`: `positions` is the plain walk's number of calls, computed
    /// through the memo; the `memo_*` columns describe the memo walk itself.
    struct MemoCountRow {
        positions: Option<u128>,
        memo_positions: Option<u64>,
        memo_distinct_positions: Option<u64>,
        memo_bytes: Option<u64>,
        memo_seconds: Timing,
        cpu: Cpu,
    }
}

/// A size-based guess of a count's cost: the trees grow about exponentially in the
/// number of dark squares.
fn count_cost(size: BoardSize) -> f64 {
    let squares = (u32::from(size.rows) * u32::from(size.cols)).div_ceil(2);
    2f64.powi(squares as i32)
}

impl Experiment for CountExperiment {
    fn columns(&self) -> Vec<String> {
        if self.memo_only {
            columns_of::<MemoCountRow>()
        } else {
            columns_of::<CountRow>()
        }
    }

    /// One item per board, named by the board (`5x5 r1`).
    fn items(&self) -> Vec<Item> {
        self.boards.iter().map(|&b| Item::new(b.to_string()).with_cost(count_cost(b))).collect()
    }

    /// The memo count runs sequentially, so that its `memo_positions` (which count the
    /// table's hits) are the same in every run.
    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        ctx.figure(
            &crate::checkers::picture::start_name(self.boards[index]),
            crate::checkers::picture::start_svg(self.boards[index]),
        );
        let size = self.boards[index];
        let memo_mode = CountMode::Memo { mb: self.memo_mb, parallel: false };
        if self.memo_only {
            let memo = ctx.sample(|budget| by_size::count(size, memo_mode, budget));
            ctx.check_interrupted()?;
            let status = sampled_status(&memo);
            ctx.emit_row(&memo_count_row(size, &memo), ctx.threads, &status, &size.to_string());
            return Ok(());
        }
        let mode = if ctx.threads > 1 { CountMode::Parallel } else { CountMode::Plain };
        let mut plain = || by_size::count(size, mode, &ctx.budget());
        let mut memo = || by_size::count(size, memo_mode, &ctx.budget());
        let mut runs: [&mut Run<Count, CountStop>; 2] = [&mut plain, &mut memo];
        let identity = size.to_string();
        let [plain, memo] =
            <[_; 2]>::try_from(ctx.sample_rounds(&[&identity], (MIN_PAIRED_ROUNDS, OnStop::DropCall), &mut runs))
                .unwrap_or_else(|_| unreachable!("two calls give two cells"));
        ctx.check_interrupted()?;
        let status = match (&plain.outcome, &memo.outcome) {
            (Ok(a), Ok(b)) if a.games != b.games || a.plain_positions != b.plain_positions => {
                Status::Error("plain and memoised counts differ".to_string())
            }
            _ => Status::first_failure([sampled_status(&plain), sampled_status(&memo)]),
        };
        let row = count_row(size, &plain, &memo, ctx.threads);
        ctx.emit_row(&row, ctx.threads, &status, &size.to_string());
        Ok(())
    }
}

fn count_row(
    size: BoardSize,
    plain_cell: &Sampled<Count, CountStop>,
    memo_cell: &Sampled<Count, CountStop>,
    threads: usize,
) -> CountRow {
    let (plain, memo) = (&plain_cell.outcome, &memo_cell.outcome);
    let games = plain.as_ref().ok().or(memo.as_ref().ok()).map(|c| c.games);
    let (plain, memo) = (plain.as_ref().ok(), memo.as_ref().ok());
    CountRow {
        positions: plain.map(|c| c.positions),
        seconds: Timing::of(finished(plain_cell)),
        memo_positions: memo.map(|c| c.positions),
        memo_distinct_positions: memo.map(|c| c.distinct_positions),
        memo_seconds: Timing::of(finished(memo_cell)),
        cpu: Cpu::of(finished(plain_cell), threads),
        memo_plain_positions: memo.map(|c| c.plain_positions),
        memo_bytes: memo.map(|c| c.memo_bytes),
        memo_speedup: match finished(plain_cell).zip(finished(memo_cell)) {
            Some((p, m)) => Speedup::paired(p, m, None),
            None => Speedup::default(),
        },
        timing_status: TimingStatus::of(MEMO_SPEEDUP, [finished(plain_cell), finished(memo_cell)]),
        ..CountRow::head(size, games)
    }
}

fn memo_count_row(size: BoardSize, cell: &Sampled<Count, CountStop>) -> MemoCountRow {
    let memo = cell.outcome.as_ref().ok();
    MemoCountRow {
        positions: memo.map(|c| c.plain_positions),
        memo_positions: memo.map(|c| c.positions),
        memo_distinct_positions: memo.map(|c| c.distinct_positions),
        memo_bytes: memo.map(|c| c.memo_bytes),
        memo_seconds: Timing::of(finished(cell)),
        cpu: Cpu::of(finished(cell), 1),
        ..MemoCountRow::head(size, memo.map(|c| c.games))
    }
}
