//! besteScore: plain negamax over the distinct moves, no pruning, no memoisation,
//! counting one position per call of the recursive function (the start included).
//!
//! The recursion runs on the packed form ([`super::packed`]) with copy-make: a child is
//! a 24-byte copy with the move done, so nothing needs undoing.

use super::packed::{BoardLimits, LegalMoves, MoveSet, Packed, PackedRules};
use super::position::Position;
use super::rules::{Move, Rules};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;

/// Positions between two budget checks.
use crate::search::budget::TICK;

/// The answer of besteScore.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BestResult {
    /// Score for the player to move under optimal play by both.
    pub score: i32,
    /// The first move in list order reaching `score`; `None` at an end position.
    pub best_move: Option<Move>,
    /// Positions visited (calls of the recursive function), the start included.
    pub positions: u64,
}

impl BestResult {
    /// The best move as `(0,g)`, or `-` at an end position.
    pub fn move_text(&self) -> String {
        self.best_move.map(|m| m.to_string()).unwrap_or_else(|| "-".to_string())
    }
}

/// Runs besteScore from `pos` on this thread.
///
/// Returns `Err` when `budget` runs out (checked about every 65 536 positions and at the end).
pub fn best_score(rules: &Rules, pos: &Position, budget: &Budget) -> Result<BestResult, Stopped> {
    let tables = PackedRules::new(rules);
    best_score_packed(&tables, &tables.pack(pos), budget)
}

/// besteScore from a packed position (see [`best_score`]).
pub fn best_score_packed(tables: &PackedRules, pos: &Packed, budget: &Budget) -> Result<BestResult, Stopped> {
    let finished = match tables.bowls() {
        1 => run::<1>(tables, pos, budget),
        2 => run::<2>(tables, pos, budget),
        3 => run::<3>(tables, pos, budget),
        4 => run::<4>(tables, pos, budget),
        _ => run::<5>(tables, pos, budget),
    };
    let last_tick = budget.tick(finished.positions - finished.ticked);
    if finished.stopped || last_tick.is_err() {
        return Err(budget.check().err().unwrap_or(Stopped::TimeLimit));
    }
    Ok(BestResult { positions: finished.positions, ..finished.result })
}

/// What a finished (or stopped) search leaves: the answer without its count, the
/// positions visited, those already reported to the budget, and whether it stopped.
struct Finished {
    result: BestResult,
    positions: u64,
    ticked: u64,
    stopped: bool,
}

/// The search for a game of exactly `M` bowls.
fn run<const M: usize>(tables: &PackedRules, pos: &Packed, budget: &Budget) -> Finished {
    let mut searcher = Searcher::<M> { tables, budget, positions: 1, ticked: 0, next_tick: TICK, stopped: false };
    let result = searcher.root(pos);
    Finished { result, positions: searcher.positions, ticked: searcher.ticked, stopped: searcher.stopped }
}

/// The recursion's state. Each position is counted once, by its parent, when the move
/// to it is done (the start by `run`); a child that is an end position because its last
/// mover filled every row is scored in the parent, without a call of its own, but is
/// still counted as one call of the spec's recursive function.
struct Searcher<'a, 'r, const M: usize> {
    tables: &'a PackedRules<'r>,
    budget: &'a Budget,
    positions: u64,
    /// Positions already reported through `budget.tick`.
    ticked: u64,
    /// The count at which to report to the budget next (about every [`TICK`] positions).
    next_tick: u64,
    stopped: bool,
}

impl<const M: usize> Searcher<'_, '_, M> {
    fn root(&mut self, pos: &Packed) -> BestResult {
        let t = self.tables;
        let moves = t.move_set::<M>(pos);
        if t.someone_all_full(pos) || moves.is_empty() {
            return BestResult { score: t.score(pos), best_move: None, positions: 1 };
        }
        let mut best = BestResult { score: i32::MIN, best_move: None, positions: 0 };
        let limits = t.child_limits(pos);
        t.for_each_child(pos, moves, |mv, child| {
            let score = self.child_value(child, limits);
            if self.stopped {
                return false;
            }
            if score > best.score {
                best.score = score;
                best.best_move = Some(mv);
            }
            true
        });
        best
    }

    /// Counts `child` (reached by a move from a position that is not an end position)
    /// and returns its value for the player who moved to it; `limits` are its parent's
    /// [`PackedRules::child_limits`]. An end position is scored here, without a call of
    /// [`Searcher::value`].
    #[inline(always)]
    fn child_value(&mut self, child: &Packed, limits: BoardLimits) -> i32 {
        let t = self.tables;
        self.positions += 1;
        if t.last_mover_all_full(child) {
            return -t.score(child);
        }
        let legal = t.legal_moves_with(child, limits);
        if legal.is_empty() {
            return -t.score(child);
        }
        -self.value(child, legal)
    }

    /// The value for the player to move of `pos`: already counted, not an end position,
    /// with its legal moves `legal`. A run of positions with one distinct move each is
    /// walked in a loop (each still counted once), so only branching positions recurse.
    fn value(&mut self, pos: &Packed, legal: LegalMoves) -> i32 {
        let t = self.tables;
        let (mut pos, mut legal, mut sign) = (*pos, legal, 1);
        loop {
            if self.positions >= self.next_tick && self.report() {
                return 0;
            }
            let moves = t.distinct::<M>(&pos, legal);
            let limits = t.child_limits(&pos);
            if !moves.is_single() {
                return sign * self.branch(&pos, moves, limits);
            }
            let child = t.first_child(&pos, moves);
            self.positions += 1;
            if t.last_mover_all_full(&child) {
                return -sign * t.score(&child);
            }
            legal = t.legal_moves_with(&child, limits);
            if legal.is_empty() {
                return -sign * t.score(&child);
            }
            (pos, sign) = (child, -sign);
        }
    }

    /// The value for the player to move of `pos`, not an end position, with its distinct
    /// moves `moves` (two or more) and its [`PackedRules::child_limits`] `limits`.
    fn branch(&mut self, pos: &Packed, moves: MoveSet, limits: BoardLimits) -> i32 {
        let mut best = i32::MIN;
        self.tables.for_each_child(pos, moves, |_, child| {
            best = best.max(self.child_value(child, limits));
            !self.stopped
        });
        if self.stopped {
            return 0;
        }
        best
    }

    /// Reports the positions counted since the last report to the budget; returns
    /// whether the search is to stop.
    #[cold]
    fn report(&mut self) -> bool {
        if self.budget.tick(self.positions - self.ticked).is_err() {
            self.stopped = true;
        }
        self.ticked = self.positions;
        self.next_tick = self.positions + TICK;
        self.stopped
    }
}
