//! A besteScore call done twice, the plain walk and through the memo, as the `best` and
//! `sweep` rows show it.

use super::plan::{interrupted_check, parallel};
use crate::base::error::Result;
use crate::experiment::RunContext;
use crate::results::row::{Status, Timing};
use crate::search::budget::Stopped;
use crate::search::timing::{Sampled, Samples};
use crate::tegel::memo::{best_score_memo, memo_table_for};
use crate::tegel::position::Position;
use crate::tegel::rules::Rules;
use crate::tegel::search::BestResult;

/// A besteScore call done twice: the plain walk and through the memo.
pub(super) struct PlainAndMemo {
    pub(super) plain: std::result::Result<BestResult, Stopped>,
    memo: std::result::Result<BestResult, Stopped>,
    memo_samples: Samples,
    /// What differed between samples of the plain walk or of the memo search.
    nondeterministic: Option<String>,
    /// What the row shows as score, best move and positions: the plain walk's answer,
    /// or the memo's (the same numbers) where the plain walk timed out.
    pub(super) answer: std::result::Result<BestResult, Stopped>,
}

impl PlainAndMemo {
    pub(super) fn memo_positions(&self) -> Option<u64> {
        self.memo.as_ref().ok().and_then(|b| exact(b.positions))
    }

    pub(super) fn memo_seconds(&self) -> Timing {
        Timing::of(self.memo.as_ref().ok().map(|_| &self.memo_samples))
    }

    pub(super) fn memo_status(&self) -> Status {
        Status::of(&self.memo)
    }

    /// `ok` when the plain walk finished (and the memo agrees or timed out), `timeout`
    /// when it did not, `error: plain and memo differ` when both finished and differ,
    /// `error: nondeterministic ...` when samples of one of them differed.
    pub(super) fn status(&self) -> Status {
        match (&self.plain, &self.memo, &self.nondeterministic) {
            (_, _, Some(what)) => Status::Error(what.clone()),
            (Ok(p), Ok(m), _) if p != m => Status::Error(DIFFER.to_string()),
            _ => Status::of(&self.plain),
        }
    }
}

/// A position count as a cell: `None` for a count that reached `u64::MAX` (the counter
/// saturates there rather than wrap; no search of these instances comes near it).
pub(super) fn exact(positions: u64) -> Option<u64> {
    (positions != u64::MAX).then_some(positions)
}

/// The status message of a row whose plain walk and memo search finished with different
/// answers (the cell reads `error: plain and memo differ`).
const DIFFER: &str = "plain and memo differ";

/// Samples besteScore through the memo after the sampled plain walk `plain` of the same
/// position, each sample with a fresh budget and a fresh table of at most `memo_mb` MiB
/// (no larger than the plain walk's count needs); Ctrl-C in either is `Err(Interrupted)`.
pub(super) fn with_memo(
    ctx: &RunContext,
    rules: &Rules,
    pos: &Position,
    plain: Sampled<BestResult>,
    memo_mb: u64,
) -> Result<PlainAndMemo> {
    let bound = plain.outcome.as_ref().map_or(u64::MAX, |b| b.positions);
    let mut first = Some(memo_table_for(memo_mb, bound)?);
    let memo = ctx.sample(|budget| {
        let table = match first.take() {
            Some(t) => t,
            None => memo_table_for(memo_mb, bound).map_err(|_| Stopped::TimeLimit)?,
        };
        best_score_memo(rules, pos, &table, budget, parallel(ctx)).map(|m| m.best)
    });
    interrupted_check(&memo.outcome)?;
    let nondeterministic = plain.nondeterministic.or(memo.nondeterministic);
    let (plain, memo, memo_samples) = (plain.outcome, memo.outcome, memo.samples);
    let answer = match (&plain, &memo) {
        (Err(_), Ok(m)) => Ok(*m),
        _ => plain,
    };
    Ok(PlainAndMemo { plain, memo, memo_samples, nondeterministic, answer })
}
