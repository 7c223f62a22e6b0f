//! Manifest experiments of checkers: `count` (continuation counts, plain and memoised,
//! one item and row per board), `perft` (one item and row per depth) and `match` (one
//! item and row per pairing of players over seeded games with both colours), plus the
//! `parallel` experiment's checkers searches (`perft` and `count`).

mod check;
mod count;
mod matches;
mod parallel_search;
mod perft;

pub(super) use check::build_check;
pub use check::check_plan;
pub(super) use count::{CountExperiment, BOARD, GAMES_COLUMN, MEMO_POSITIONS, POSITIONS};
pub(super) use matches::MatchExperiment;
pub use parallel_search::parallel_search;
pub(super) use perft::{PerftExperiment, DEPTH, LEAVES, PERFT_BOARD};

use crate::base::error::InputError;
use crate::base::error::Result;
use crate::checkers::count::CountStop;
use crate::checkers::geometry::BoardSize;
use crate::experiment::spec::ExperimentSpec;
use crate::results::row::Status;
use crate::search::timing::{Sampled, Samples};

/// The board of the key `key` of an entry, from its text (`6x6 r2`).
fn board(spec: &ExperimentSpec, key: &str, text: &str) -> Result<BoardSize, InputError> {
    text.parse().map_err(|e: String| spec.error(Some(key), e))
}

/// The board of an entry's `board` key; 8x8 r3 when it has none.
fn board_or_standard(spec: &ExperimentSpec, text: Option<&str>) -> Result<BoardSize, InputError> {
    text.map_or(Ok(BoardSize::standard()), |b| board(spec, "board", b))
}

/// The status of a count or hashed perft: stopped by its budget, or failed (overflow, no
/// memory).
fn count_status<T>(result: &std::result::Result<T, CountStop>) -> Status {
    match result {
        Ok(_) => Status::Ok,
        Err(CountStop::Stopped(s)) => Status::Stopped(*s),
        Err(e) => Status::Error(e.to_string()),
    }
}

/// The status of a sampled count: `error: nondeterministic ...` when its samples
/// differed, else as [`count_status`] its outcome.
fn sampled_status<T>(cell: &Sampled<T, CountStop>) -> Status {
    match &cell.nondeterministic {
        Some(what) => Status::Error(what.clone()),
        None => count_status(&cell.outcome),
    }
}

/// The samples of a cell that finished.
fn finished<T, E>(cell: &Sampled<T, E>) -> Option<&Samples> {
    cell.outcome.is_ok().then_some(&cell.samples)
}
