//! besteScore's entry point for every caller ([`best_score_with`]): sequential, or on
//! rayon, where the tree is split at the root, and further down while there are
//! fewer subtrees than a few dozen per thread; every subtree below the split runs the
//! sequential search. Split nodes count one position each, as in the sequential search,
//! so the positions visited are exactly the sequential count, and the best move is the
//! first in list order reaching the maximum, as there.

use rayon::prelude::*;

use super::packed::{Packed, PackedRules};
use super::position::Position;
use super::rules::Rules;
use super::search::{best_score, best_score_packed, BestResult};
use crate::harness::{Budget, Stopped};

/// Subtrees per thread of the pool to aim for (work stealing evens out their sizes).
const TASKS_PER_THREAD: usize = 48;

/// Runs besteScore from `pos` on the current rayon pool; same answer and positions as
/// [`best_score`].
pub fn best_score_parallel(rules: &Rules, pos: &Position, budget: &Budget) -> Result<BestResult, Stopped> {
    let tables = PackedRules::new(rules);
    let tasks = TASKS_PER_THREAD * rayon::current_num_threads();
    split(&tables, tables.pack(pos), tasks, budget)
}

/// Runs besteScore sequentially (`parallel == false`) or on the current pool.
pub fn best_score_with(rules: &Rules, pos: &Position, budget: &Budget, parallel: bool) -> Result<BestResult, Stopped> {
    if parallel {
        best_score_parallel(rules, pos, budget)
    } else {
        best_score(rules, pos, budget)
    }
}

fn split(tables: &PackedRules, pos: Packed, tasks: usize, budget: &Budget) -> Result<BestResult, Stopped> {
    budget.check()?;
    if tasks <= 1 {
        return best_score_packed(tables, &pos, budget);
    }
    let moves = tables.moves(&pos);
    if tables.someone_all_full(&pos) || moves.is_empty() {
        return Ok(BestResult { score: tables.score(&pos), best_move: None, positions: 1 });
    }
    let share = tasks.div_ceil(moves.len());
    let children: Vec<Result<BestResult, Stopped>> = moves
        .as_slice()
        .par_iter()
        .map(|&mv| {
            let mut child = pos;
            tables.do_move(&mut child, mv);
            split(tables, child, share, budget)
        })
        .collect();
    let mut best = BestResult { score: i32::MIN, best_move: None, positions: 1 };
    for (&mv, child) in moves.as_slice().iter().zip(children) {
        let child = child?;
        best.positions += child.positions;
        if -child.score > best.score {
            best.score = -child.score;
            best.best_move = Some(mv);
        }
    }
    Ok(best)
}
