//! The assignment's backtracking search in **dumb** and **smart** mode, sequential and parallel.
//!
//! Duplicate control (spec, every mode): always cover the first empty cell in row-major
//! order; branch over the unplaced stones ascending, trying a stone only when it is the
//! lowest-numbered unplaced stone of its class, and over its distinct orientations
//! ascending, placed so that the oriented stone's first covered cell lands on that cell.
//! Smart mode rejects a placement (not counted as a position) when an empty 4-connected
//! region's size is not a multiple of the gcd of the unplaced stones' sizes or is smaller
//! than the smallest of them. Positions visited = calls of the recursive search.

//!
//! Files: `outcome.rs` (modes and answers), `tables.rs` (placements), `walk.rs` (the walk
//! as a tree, the general walk), `kernel.rs` (the walk on up to 64 cells); this file holds
//! the entry points and the walk as a tree for the root splitter.

use super::board::Board;
use super::outcome::{cell_mismatch, labelled_factor, Count, Found, Mode};
use super::rules::Puzzle;
use super::tables::Tables;
use super::walk::{start_state, Node, Search};
use crate::search::budget::{Budget, Stopped};
use crate::search::split::{self, SplitTree};

/// Finds the first solution from `board` in the spec's order (dumb or smart mode).
pub fn find(game: &Puzzle, board: &Board, mode: Mode, budget: &Budget) -> Result<Found, Stopped> {
    if cell_mismatch(game, board).is_some() {
        return Ok(Found { positions: 0, board: None });
    }
    let tables = Tables::new(game);
    let (cells, placed) = start_state(game, board);
    let mut search = Search::new(&tables, mode, cells, placed, budget);
    search.n.first_only = true;
    let result = search.walk(0, None);
    search.n.flush();
    result?;
    Ok(Found { positions: search.n.positions, board: search.found })
}

/// Counts every solution from `board` (dumb or smart mode). With `parallel`, the tree is
/// cut near its root by [`split::run`] and the parts run on the current rayon pool; the
/// positions visited are exactly those of the sequential search.
pub fn count(game: &Puzzle, board: &Board, mode: Mode, parallel: bool, budget: &Budget) -> Result<Count, Stopped> {
    if cell_mismatch(game, board).is_some() {
        return Ok(Count { positions: 0, distinct: 0, labelled: 0 });
    }
    let tables = Tables::new(game);
    let (cells, placed) = start_state(game, board);
    let tree = WalkTree { t: &tables, mode, budget };
    let (positions, distinct) = split::run(&tree, Node { cells, placed, checked: None, from: 0 }, parallel)?;
    Ok(Count { positions, distinct, labelled: u128::from(distinct) * labelled_factor(game, board) })
}

/// How evenly the parallel [`count`] from `board` shares its positions over `workers`
/// workers when it cuts the walk into about `tasks` tasks ([`split::balance`]: every task
/// walked one after the other, counted in positions, no clock).
pub fn count_balance(
    game: &Puzzle,
    board: &Board,
    mode: Mode,
    tasks: usize,
    workers: usize,
    budget: &Budget,
) -> Result<split::Balance, Stopped> {
    let tables = Tables::new(game);
    let (cells, placed) = start_state(game, board);
    let tree = WalkTree { t: &tables, mode, budget };
    split::balance(&tree, Node { cells, placed, checked: None, from: 0 }, tasks, workers)
}

/// The assignment's walk (dumb or smart) as a tree for the root splitter; a value is a subtree's
/// `(positions, solutions_distinct)`.
struct WalkTree<'a> {
    t: &'a Tables,
    mode: Mode,
    budget: &'a Budget,
}

impl SplitTree for WalkTree<'_> {
    type Node = Node;
    type Value = (u64, u64);
    type Error = Stopped;

    fn children(&self, node: &Node) -> Result<Option<Vec<Node>>, Stopped> {
        self.budget.tick(1)?;
        Ok(node.children(self.t, self.mode, self.budget))
    }

    fn walk(&self, node: Node) -> Result<(u64, u64), Stopped> {
        self.budget.check()?;
        let mut search = Search::new(self.t, self.mode, node.cells, node.placed, self.budget);
        let result = search.walk(node.from, node.checked);
        search.n.flush();
        result?;
        Ok((search.n.positions, search.n.solutions))
    }

    fn join(&self, _node: Node, children: Vec<(u64, u64)>) -> Result<(u64, u64), Stopped> {
        Ok(children.iter().fold((1, 0), |(p, s), &(cp, cs)| (p + cp, s + cs)))
    }

    fn positions(&self, value: &(u64, u64)) -> u64 {
        value.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_depth_of_split_gives_the_sequential_count() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/stenen/stenen2.in");
        for (h, w) in [(3, 10), (4, 10)] {
            let game = Puzzle::new(h, w, super::super::load::load_stones(&path).unwrap()).unwrap();
            let board = Board::empty(&game);
            let tables = Tables::new(&game);
            let (cells, placed) = start_state(&game, &board);
            let budget = Budget::unlimited();
            for mode in [Mode::Dumb, Mode::Smart] {
                let tree = WalkTree { t: &tables, mode, budget: &budget };
                let root = || Node { cells: cells.clone(), placed, checked: None, from: 0 };
                let seq = tree.walk(root()).unwrap();
                for tasks in [2, 96, 512, 4096, 100_000] {
                    let par = crate::search::pool::in_pool(2, || split::search_with_tasks(&tree, root(), tasks));
                    assert_eq!(par.unwrap(), seq, "{h}x{w} {mode:?}: {tasks} tasks");
                }
            }
        }
    }
}
