//! The greedy move (the move whose target row ends up fullest) and the check of whether
//! it is optimal: the besteScore value of every distinct move.

use super::best::best_score_with;
use super::position::Position;
use super::rules::{Move, Rules};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;

/// The greedy move and the fill its target row reaches; `None` at an end position.
///
/// Ties (equal fill after the move) go to the first move in list order; a completed
/// row (fill `L`) is the fullest possible.
pub fn greedy_move(rules: &Rules, pos: &Position) -> Option<(Move, u8)> {
    if pos.someone_all_full(rules) {
        return None;
    }
    let mut best: Option<(Move, u8)> = None;
    for &mv in pos.moves(rules).as_slice() {
        let tiles = pos.bowl(mv.bowl as usize, mv.color);
        let (_, fill) = pos.target_row(rules, mv.color, tiles).expect("distinct moves are legal");
        let after = fill + tiles;
        if best.is_none_or(|(_, f)| after > f) {
            best = Some((mv, after));
        }
    }
    best
}

/// Greedy's choice against the optimum, every value from the mover's view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GreedyCheck {
    /// Greedy's move.
    pub greedy: Move,
    /// besteScore for the mover after greedy's move (minus the opponent's besteScore).
    pub greedy_score: i32,
    /// besteScore's best move (first in list order reaching the maximum).
    pub best: Move,
    /// besteScore for the mover after the best move.
    pub best_score: i32,
    /// Every distinct move with its value, in list order.
    pub values: Vec<(Move, i32)>,
    /// Positions besteScore visits from the position (the start included).
    pub positions: u64,
}

impl GreedyCheck {
    /// Whether greedy's move is worse than the best move.
    pub fn greedy_loses(&self) -> bool {
        self.greedy_score < self.best_score
    }

    /// The values as `(0,g)=1 (0,b)=-1`.
    pub fn values_text(&self) -> String {
        self.values.iter().map(|(m, v)| format!("{m}={v}")).collect::<Vec<_>>().join(" ")
    }
}

/// Values every distinct move by besteScore after it; `None` at an end position.
pub fn check_greedy(
    rules: &Rules,
    pos: &Position,
    budget: &Budget,
    parallel: bool,
) -> Result<Option<GreedyCheck>, Stopped> {
    let Some((greedy, _)) = greedy_move(rules, pos) else {
        return Ok(None);
    };
    let mut values = Vec::new();
    let mut positions = 1;
    for &mv in pos.moves(rules).as_slice() {
        let mut child = *pos;
        child.do_move(rules, mv);
        let r = best_score_with(rules, &child, budget, parallel)?;
        positions += r.positions;
        values.push((mv, -r.score));
    }
    let (best, best_score) = values.iter().fold(values[0], |acc, &v| if v.1 > acc.1 { v } else { acc });
    let greedy_score = values.iter().find(|(m, _)| *m == greedy).map(|v| v.1).expect("greedy is a distinct move");
    Ok(Some(GreedyCheck { greedy, greedy_score, best, best_score, values, positions }))
}
