//! besteScore: plain negamax over the distinct moves, no pruning, no memoisation,
//! counting one position per call of the recursive function (the start included).
//!
//! The recursion runs on the packed form ([`super::packed`]) with copy-make: a child is
//! a 24-byte copy with the move done, so nothing needs undoing.

use super::packed::{Packed, PackedRules};
use super::position::Position;
use super::rules::{Move, MoveList, Rules};
use crate::harness::{Budget, Stopped};

/// Positions between two budget checks.
const TICK: u64 = 1 << 16;

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
/// Returns `Err` when `budget` runs out (checked every 65 536 positions and at the end).
pub fn best_score(rules: &Rules, pos: &Position, budget: &Budget) -> Result<BestResult, Stopped> {
    let tables = PackedRules::new(rules);
    best_score_packed(&tables, &tables.pack(pos), budget)
}

/// besteScore from a packed position (see [`best_score`]).
pub fn best_score_packed(tables: &PackedRules, pos: &Packed, budget: &Budget) -> Result<BestResult, Stopped> {
    let (result, positions, stopped) = match tables.bowls() {
        1 => run::<1>(tables, pos, budget),
        2 => run::<2>(tables, pos, budget),
        3 => run::<3>(tables, pos, budget),
        4 => run::<4>(tables, pos, budget),
        _ => run::<5>(tables, pos, budget),
    };
    let last_tick = budget.tick(positions % TICK);
    if stopped || last_tick.is_err() {
        return Err(budget.check().err().unwrap_or(Stopped::TimeLimit));
    }
    Ok(BestResult { positions, ..result })
}

/// The search for a game of exactly `M` bowls: (answer, positions, stopped).
fn run<const M: usize>(tables: &PackedRules, pos: &Packed, budget: &Budget) -> (BestResult, u64, bool) {
    let mut searcher = Searcher::<M> { tables, budget, positions: 1, stopped: false };
    let result = searcher.root(pos);
    (result, searcher.positions, searcher.stopped)
}

struct Searcher<'a, 'r, const M: usize> {
    tables: &'a PackedRules<'r>,
    budget: &'a Budget,
    positions: u64,
    stopped: bool,
}

impl<const M: usize> Searcher<'_, '_, M> {
    fn root(&mut self, pos: &Packed) -> BestResult {
        let t = self.tables;
        let moves = t.moves_of::<M>(pos);
        if t.someone_all_full(pos) || moves.is_empty() {
            return BestResult { score: t.score(pos), best_move: None, positions: 1 };
        }
        let mut best = BestResult { score: i32::MIN, best_move: None, positions: 0 };
        for &mv in moves.as_slice() {
            let mut child = *pos;
            t.do_move(&mut child, mv);
            let score = -self.visit(&child);
            if self.stopped {
                break;
            }
            if score > best.score {
                best.score = score;
                best.best_move = Some(mv);
            }
        }
        best
    }

    /// One call of the recursive function: counts `pos` and returns its value for the
    /// player to move. An end position is scored here, without a further call frame.
    #[inline(always)]
    fn visit(&mut self, pos: &Packed) -> i32 {
        let t = self.tables;
        self.positions += 1;
        if self.positions % TICK == 0 && self.budget.tick(TICK).is_err() {
            self.stopped = true;
        }
        if t.someone_all_full(pos) {
            return t.score(pos);
        }
        let moves = t.moves_of::<M>(pos);
        if moves.is_empty() {
            return t.score(pos);
        }
        self.expand(pos, &moves)
    }

    /// The value of a position that is not an end position, given its distinct moves.
    fn expand(&mut self, pos: &Packed, moves: &MoveList) -> i32 {
        let mut best = i32::MIN;
        for &mv in moves.as_slice() {
            let mut child = *pos;
            self.tables.do_move(&mut child, mv);
            let score = -self.visit(&child);
            if self.stopped {
                return 0;
            }
            best = best.max(score);
        }
        best
    }
}
