//! The checkers searches of the shared `parallel` experiment: perft and count, plain or through the memo.

use serde::Deserialize;

use crate::base::error::InputError;
use crate::base::error::Result;
use crate::base::text::excerpt;
use crate::checkers::by_size::{self, CountMode};
use crate::checkers::count::{CountStop, Games};
use crate::checkers::geometry::BoardSize;
use crate::experiment::args::item_memo_mb;
use crate::experiment::parallel::ParallelSearch;
use crate::experiment::parallel::SearchItem;
use crate::experiment::parallel::{Answer, SearchOutcome};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;

// ---------------------------------------------------------------- parallel

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchParams {
    /// `perft`, `perft memo`, `count` or `count memo`.
    search: String,
    /// Board, default `8x8 r3`.
    board: Option<String>,
    /// Perft depth (perft only).
    depth: Option<u32>,
    /// Bound of the memo table in MiB (memo searches only).
    memo_mb: Option<u64>,
}

enum Search {
    Perft(BoardSize, u32),
    Count(BoardSize),
    /// Hashed perft with its table bound in MiB.
    PerftMemo(BoardSize, u32, u64),
    /// Memoised count with its table bound in MiB.
    CountMemo(BoardSize, u64),
}

/// The answer of a count: its games, split by how they ended.
fn games_answer(g: &Games) -> Answer {
    Answer {
        games: Some(g.total),
        black_wins: Some(g.black_wins),
        white_wins: Some(g.white_wins),
        both_kings: Some(g.both_kings),
        ..Answer::default()
    }
}

/// The answer of a perft: its leaves.
fn leaves_answer(leaves: u64) -> Answer {
    Answer { leaves: Some(u128::from(leaves)), ..Answer::default() }
}

/// A count's stop as a search's: a `u128` overflow or a table that cannot be allocated
/// would need far more time than any limit allows.
fn as_stopped(e: CountStop) -> Stopped {
    match e {
        CountStop::Stopped(s) => s,
        _ => Stopped::TimeLimit,
    }
}

impl ParallelSearch for Search {
    fn search(&self) -> String {
        match self {
            Search::Perft(_, d) => format!("perft {d}"),
            Search::Count(_) => "count".to_string(),
            Search::PerftMemo(_, d, _) => format!("perft memo {d}"),
            Search::CountMemo(..) => "count memo".to_string(),
        }
    }

    fn instance(&self) -> String {
        match self {
            Search::Perft(s, _) | Search::Count(s) | Search::PerftMemo(s, ..) | Search::CountMemo(s, _) => {
                s.to_string()
            }
        }
    }

    /// The memo searches report the plain walk's positions (computed through the table),
    /// which are the same on every thread count.
    fn run(&self, parallel: bool, budget: &Budget) -> std::result::Result<SearchOutcome, Stopped> {
        match *self {
            Search::Perft(size, depth) => {
                let c = by_size::perft(size, depth, parallel, budget)?;
                Ok(SearchOutcome { positions: c.positions, answer: leaves_answer(c.leaves) })
            }
            Search::Count(size) => {
                let mode = if parallel { CountMode::Parallel } else { CountMode::Plain };
                let c = by_size::count(size, mode, budget).map_err(as_stopped)?;
                Ok(SearchOutcome { positions: c.positions, answer: games_answer(&c.games) })
            }
            Search::PerftMemo(size, depth, mb) => {
                let c = by_size::perft_memo(size, depth, mb, parallel, budget).map_err(as_stopped)?;
                Ok(SearchOutcome { positions: c.plain_positions, answer: leaves_answer(c.leaves) })
            }
            Search::CountMemo(size, mb) => {
                let c = by_size::count(size, CountMode::Memo { mb, parallel }, budget).map_err(as_stopped)?;
                let positions = u64::try_from(c.plain_positions).unwrap_or(u64::MAX);
                let answer = Answer { plain_positions: Some(c.plain_positions), ..games_answer(&c.games) };
                Ok(SearchOutcome { positions, answer })
            }
        }
    }
}

/// Builds one item of the `parallel` experiment for checkers:
/// `{ game = "checkers", search = "perft", board = "8x8 r3", depth = 11 }`,
/// `{ game = "checkers", search = "count", board = "5x5 r1" }`, or the same with
/// `search = "perft memo"` / `"count memo"` (optional `memo_mb`).
pub fn parallel_search(item: &SearchItem) -> Result<Box<dyn ParallelSearch>, InputError> {
    let p: SearchParams = item.parse()?;
    let size = match &p.board {
        Some(b) => b.parse().map_err(|e: String| item.error(e))?,
        None => BoardSize::standard(),
    };
    let memo = p.search.ends_with(" memo");
    if p.memo_mb.is_some() && !memo {
        return Err(item.error(format!("`memo_mb` applies to memo searches only, not `{}`", p.search)));
    }
    let mb = item_memo_mb(item, p.memo_mb)?;
    match (p.search.as_str(), p.depth) {
        ("perft", Some(d)) if d <= 40 => Ok(Box::new(Search::Perft(size, d))),
        ("perft memo", Some(d)) if d <= 40 => Ok(Box::new(Search::PerftMemo(size, d, mb))),
        ("perft" | "perft memo", _) => Err(item.error("perft needs `depth` from 0 to 40")),
        ("count", None) => Ok(Box::new(Search::Count(size))),
        ("count memo", None) => Ok(Box::new(Search::CountMemo(size, mb))),
        ("count" | "count memo", Some(_)) => Err(item.error("count takes no `depth`")),
        (other, _) => {
            Err(item
                .error(format!("unknown search `{}`, expected perft, perft memo, count or count memo", excerpt(other))))
        }
    }
}
