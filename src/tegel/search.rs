//! besteScore: plain negamax over the distinct moves, no pruning, no memoisation,
//! counting one position per call of the recursion (the start included).

use super::position::Position;
use super::rules::{Move, Rules};
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
/// Returns `Err` when `budget` runs out (checked every 65 536 positions).
pub fn best_score(rules: &Rules, pos: &Position, budget: &Budget) -> Result<BestResult, Stopped> {
    let mut searcher = Searcher { rules, budget, positions: 1, stopped: false };
    let mut pos = *pos;
    let result = searcher.root(&mut pos);
    let _ = budget.tick(searcher.positions % TICK);
    if searcher.stopped {
        return Err(budget.check().err().unwrap_or(Stopped::TimeLimit));
    }
    Ok(BestResult { positions: searcher.positions, ..result })
}

struct Searcher<'a> {
    rules: &'a Rules,
    budget: &'a Budget,
    positions: u64,
    stopped: bool,
}

impl Searcher<'_> {
    fn root(&mut self, pos: &mut Position) -> BestResult {
        let rules = self.rules;
        let moves = pos.moves(rules);
        if pos.someone_all_full(rules) || moves.is_empty() {
            return BestResult { score: pos.score(), best_move: None, positions: 1 };
        }
        let mut best = BestResult { score: i32::MIN, best_move: None, positions: 0 };
        for &mv in moves.as_slice() {
            let undo = pos.do_move(rules, mv);
            let score = -self.negamax(pos);
            pos.undo_move(rules, &undo);
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

    fn negamax(&mut self, pos: &mut Position) -> i32 {
        let rules = self.rules;
        self.positions += 1;
        if self.positions % TICK == 0 && self.budget.tick(TICK).is_err() {
            self.stopped = true;
        }
        if pos.someone_all_full(rules) {
            return pos.score();
        }
        let moves = pos.moves(rules);
        if moves.is_empty() {
            return pos.score();
        }
        let mut best = i32::MIN;
        for &mv in moves.as_slice() {
            let undo = pos.do_move(rules, mv);
            let score = -self.negamax(pos);
            pos.undo_move(rules, &undo);
            if self.stopped {
                return 0;
            }
            best = best.max(score);
        }
        best
    }
}
