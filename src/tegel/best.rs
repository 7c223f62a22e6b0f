//! besteScore's entry point for every caller ([`best_score_with`]): sequential, or on
//! rayon through the shared root splitter ([`crate::search::split`]), every subtree
//! below the split running the sequential search. A node the splitter expands counts one
//! position, as in the sequential search, so the positions visited are exactly the
//! sequential count, and the best move is the first in list order reaching the maximum,
//! as there.

use super::packed::{Packed, PackedRules};
use super::position::Position;
use super::rules::Rules;
use super::search::{best_score, best_score_packed, BestResult};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::split::{self, SplitTree};

/// besteScore's tree for the splitter: a node is a packed position, its value the
/// [`BestResult`] of the sequential search from it.
pub(crate) struct BestTree<'a, 'r> {
    /// The game's packed tables.
    pub tables: &'a PackedRules<'r>,
    /// The budget of the whole call, shared by every task.
    pub budget: &'a Budget,
}

impl SplitTree for BestTree<'_, '_> {
    type Node = Packed;
    type Value = BestResult;
    type Error = Stopped;

    fn children(&self, pos: &Packed) -> Result<Option<Vec<Packed>>, Stopped> {
        self.budget.check()?;
        let t = self.tables;
        if t.someone_all_full(pos) {
            return Ok(None);
        }
        let after = |&mv| {
            let mut child = *pos;
            t.do_move(&mut child, mv);
            child
        };
        let children: Vec<Packed> = t.moves(pos).as_slice().iter().map(after).collect();
        Ok((!children.is_empty()).then_some(children))
    }

    /// The positions within two plies of `pos`: a better guide to the size of its
    /// subtree than 1, which let one task of `parallel.txt` walk a tenth of the search
    /// (5 % with this estimate, 512 tasks).
    fn cost(&self, pos: &Packed) -> u64 {
        let t = self.tables;
        if t.someone_all_full(pos) {
            return 1;
        }
        let grandchildren = |&mv: &super::rules::Move| {
            let mut child = *pos;
            t.do_move(&mut child, mv);
            1 + if t.someone_all_full(&child) { 0 } else { t.moves(&child).as_slice().len() as u64 }
        };
        1 + t.moves(pos).as_slice().iter().map(grandchildren).sum::<u64>()
    }

    fn walk(&self, pos: Packed) -> Result<BestResult, Stopped> {
        best_score_packed(self.tables, &pos, self.budget)
    }

    fn join(&self, pos: Packed, children: Vec<BestResult>) -> Result<BestResult, Stopped> {
        let mut best = BestResult { score: i32::MIN, best_move: None, positions: 1 };
        for (&mv, child) in self.tables.moves(&pos).as_slice().iter().zip(children) {
            best.positions += child.positions;
            if -child.score > best.score {
                best.score = -child.score;
                best.best_move = Some(mv);
            }
        }
        Ok(best)
    }

    fn positions(&self, value: &BestResult) -> u64 {
        value.positions
    }
}

/// Runs besteScore from `pos` on the current rayon pool; same answer and positions as
/// [`best_score`].
pub fn best_score_parallel(rules: &Rules, pos: &Position, budget: &Budget) -> Result<BestResult, Stopped> {
    let tables = PackedRules::new(rules);
    split::search(&BestTree { tables: &tables, budget }, tables.pack(pos))
}

/// How evenly [`best_score_parallel`] shares besteScore from `pos` over `workers` workers
/// when it cuts the search into about `tasks` tasks ([`split::balance`]: every task walked
/// one after the other, counted in positions, no clock).
pub fn best_balance(
    rules: &Rules,
    pos: &Position,
    tasks: usize,
    workers: usize,
    budget: &Budget,
) -> Result<split::Balance, Stopped> {
    let tables = PackedRules::new(rules);
    split::balance(&BestTree { tables: &tables, budget }, tables.pack(pos), tasks, workers)
}

/// Runs besteScore sequentially (`parallel == false`) or on the current pool.
pub fn best_score_with(rules: &Rules, pos: &Position, budget: &Budget, parallel: bool) -> Result<BestResult, Stopped> {
    if parallel {
        best_score_parallel(rules, pos, budget)
    } else {
        best_score(rules, pos, budget)
    }
}
