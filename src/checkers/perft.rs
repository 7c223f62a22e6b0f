//! Perft: the number of move sequences of a given length under the full rules, with bulk
//! counting at the last ply ([`count_moves`]), a per-root-move `divide`, and a rayon
//! version cut by the root splitter ([`crate::search::split`]) that gives exactly the
//! sequential counts.

use rayon::prelude::*;

use super::geometry::Geometry;
use super::moves::{count_moves, for_each_step, generate, legal_moves};
use super::position::Position;
use crate::search::bits::Bits;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::budget::Ticker;
use crate::search::split::{self, SplitTree};

/// The outcome of one perft.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftCount {
    /// Move sequences of the requested length (perft's answer).
    pub leaves: u64,
    /// Calls of the recursive function: positions generated from, the root included,
    /// the bulk-counted last-ply positions included (`depth >= 1`).
    pub positions: u64,
}

/// Sequential perft of `p` to `depth`.
pub fn perft<B: Bits>(g: &Geometry<B>, p: &Position<B>, depth: u32, budget: &Budget) -> Result<PerftCount, Stopped> {
    let mut t = Ticker::new(budget);
    let leaves = perft_rec(g, p, depth, &mut t)?;
    t.flush()?;
    Ok(PerftCount { leaves, positions: t.total() })
}

fn perft_rec<B: Bits>(g: &Geometry<B>, p: &Position<B>, depth: u32, t: &mut Ticker) -> Result<u64, Stopped> {
    if depth == 0 {
        return Ok(1);
    }
    t.visit()?;
    if depth == 1 {
        return Ok(count_moves::<B, true>(g, p));
    }
    let mut total = 0;
    if depth == 2 {
        let mut visited = 0;
        if for_each_step(g, p, &mut |child| {
            visited += 1;
            total += count_moves::<B, true>(g, child);
        }) {
            t.visit_many(visited)?;
            return Ok(total);
        }
    }
    let mut stopped = None;
    generate::<B, true>(g, p, &mut |m| {
        if stopped.is_none() {
            match perft_rec(g, &p.apply(m), depth - 1, t) {
                Ok(n) => total += n,
                Err(e) => stopped = Some(e),
            }
        }
    });
    stopped.map_or(Ok(total), Err)
}

/// Perft on the current rayon pool, cut by the root splitter; leaves and positions equal
/// [`perft`]'s exactly.
pub fn perft_parallel<B: Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    depth: u32,
    budget: &Budget,
) -> Result<PerftCount, Stopped> {
    split::search(&PerftTree { g, budget }, (*p, depth))
}

/// How evenly [`perft_parallel`] shares perft `depth` from `p` over `workers` workers when
/// it cuts it into about `tasks` tasks ([`split::balance`]: every task walked one after
/// the other, counted in positions, no clock).
pub fn perft_balance<B: Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    depth: u32,
    tasks: usize,
    workers: usize,
    budget: &Budget,
) -> Result<split::Balance, Stopped> {
    split::balance(&PerftTree { g, budget }, (*p, depth), tasks, workers)
}

/// Smallest depth the splitter expands: a depth-2 subtree is one bulk count per child.
const MIN_SPLIT_DEPTH: u32 = 3;

/// A node of a perft tree for the root splitter: a position and the plies to go.
pub(crate) type PerftNode<B> = (Position<B>, u32);

/// The children the root splitter expands the perft node `(p, depth)` into, one per
/// legal move with a ply less to go, or `None` under `min_depth` plies (the node is
/// walked whole); ticks `budget` once per node expanded. The splitter's `children` of
/// both perft trees, this file's and the hashed perft's ([`super::memo::perft_memo`]).
pub(crate) fn split_children<B: Bits>(
    g: &Geometry<B>,
    budget: &Budget,
    &(p, depth): &PerftNode<B>,
    min_depth: u32,
) -> Result<Option<Vec<PerftNode<B>>>, Stopped> {
    if depth < min_depth {
        return Ok(None);
    }
    budget.tick(1)?;
    Ok(Some(legal_moves::<B, true>(g, &p).iter().map(|m| (p.apply(m), depth - 1)).collect()))
}

/// The relative size of the perft node `(p, _)`'s subtree for the root splitter: the
/// number of moves of `p`. The splitter's `cost` of both perft trees.
pub(crate) fn split_cost<B: Bits>(g: &Geometry<B>, (p, _): &PerftNode<B>) -> u64 {
    count_moves::<B, true>(g, p)
}

/// The perft tree for the splitter: a node is a position and the plies to go.
struct PerftTree<'a, B> {
    g: &'a Geometry<B>,
    budget: &'a Budget,
}

impl<B: Bits> SplitTree for PerftTree<'_, B> {
    type Node = PerftNode<B>;
    type Value = PerftCount;
    type Error = Stopped;

    fn children(&self, node: &Self::Node) -> Result<Option<Vec<Self::Node>>, Stopped> {
        split_children(self.g, self.budget, node, MIN_SPLIT_DEPTH)
    }

    fn cost(&self, node: &Self::Node) -> u64 {
        split_cost(self.g, node)
    }

    fn walk(&self, (p, depth): Self::Node) -> Result<PerftCount, Stopped> {
        perft(self.g, &p, depth, self.budget)
    }

    fn join(&self, _node: Self::Node, children: Vec<PerftCount>) -> Result<PerftCount, Stopped> {
        Ok(PerftCount {
            leaves: children.iter().map(|c| c.leaves).sum(),
            positions: 1 + children.iter().map(|c| c.positions).sum::<u64>(),
        })
    }

    fn positions(&self, value: &PerftCount) -> u64 {
        value.positions
    }
}

/// Perft of each root move at `depth - 1` (`depth >= 1`), in move order, as
/// `(move text, leaves)`; the leaves add up to `perft(depth)`. Runs the moves on rayon,
/// each subtree cut by the root splitter.
pub fn divide<B: Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    depth: u32,
    budget: &Budget,
) -> Result<Vec<(String, PerftCount)>, Stopped> {
    let moves = legal_moves::<B, true>(g, p);
    moves
        .par_iter()
        .map(|m| Ok((m.text(g), perft_parallel(g, &p.apply(m), depth.saturating_sub(1), budget)?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Published 8x8 numbers (start position, every distinct path a move).
    pub const PUBLISHED: [u64; 11] = [1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564];

    #[test]
    fn eight_by_eight_matches_published_perft_to_depth_10() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let p = Position::start(&g);
        for (d, &expected) in PUBLISHED.iter().enumerate() {
            assert_eq!(perft(&g, &p, d as u32, &Budget::unlimited()).unwrap().leaves, expected, "depth {d}");
        }
    }

    /// Depths 9..12 with timings (`cargo test --release -- --ignored --nocapture depth_12`).
    #[test]
    #[ignore]
    fn eight_by_eight_matches_published_perft_to_depth_12() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let p = Position::start(&g);
        for (d, expected) in [(9, 3963680u64), (10, 18391564), (11, 85242128), (12, 388623673)] {
            let start = std::time::Instant::now();
            assert_eq!(perft(&g, &p, d, &Budget::unlimited()).unwrap().leaves, expected, "depth {d}");
            let s = start.elapsed().as_secs_f64();
            eprintln!("perft({d}) = {expected} in {s:.3} s, {:.1} M leaves/s", expected as f64 / s / 1e6);
        }
    }

    #[test]
    fn parallel_equals_sequential_leaves_and_positions() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let p = Position::start(&g);
        let b = Budget::unlimited();
        for d in 0..7 {
            let seq = perft(&g, &p, d, &b).unwrap();
            for threads in [1, 2, 3] {
                let par = crate::search::pool::in_pool(threads, || perft_parallel(&g, &p, d, &b)).unwrap();
                assert_eq!(seq, par, "depth {d}, {threads} threads");
            }
        }
    }

    #[test]
    fn every_depth_of_split_gives_the_sequential_leaves_and_positions() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let b = Budget::unlimited();
        let tree = PerftTree { g: &g, budget: &b };
        for d in [3, 6, 7] {
            let seq = perft(&g, &Position::start(&g), d, &b).unwrap();
            for tasks in [2, 96, 512, 4096, 100_000] {
                for threads in [1, 2] {
                    let root = (Position::start(&g), d);
                    let par = crate::search::pool::in_pool(threads, || split::search_with_tasks(&tree, root, tasks));
                    assert_eq!(par.unwrap(), seq, "depth {d}, {tasks} tasks on {threads} threads");
                }
            }
        }
    }

    /// The split for 2 threads shares perft 9's positions evenly in any order of its tasks:
    /// its largest task is 0.26 % of them (48 tasks per thread left 0.98 %), so either
    /// worker walks at most 50.13 % of them.
    #[test]
    fn the_split_for_two_threads_has_no_large_task() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let b = Budget::unlimited();
        let tree = PerftTree { g: &g, budget: &b };
        let balance = split::balance(&tree, (Position::start(&g), 9), split::tasks_for(2), 2).unwrap();
        let all = perft(&g, &Position::start(&g), 9, &b).unwrap().positions;
        assert!(balance.positions < all && balance.positions > all / 100 * 99, "{balance:?}, {all} positions");
        let before = split::balance(&tree, (Position::start(&g), 9), 96, 2).unwrap();
        eprintln!(
            "{balance:?} {} / 96 tasks: {before:?} {}",
            balance.worst_order_efficiency(),
            before.worst_order_efficiency()
        );
        assert!(balance.worst_order_efficiency() > 0.995, "{balance:?}");
        assert!(balance.largest < before.largest, "{balance:?} against 96 tasks: {before:?}");
    }

    #[test]
    fn divide_adds_up_and_wide_boards_agree_with_narrow_ones() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let b = Budget::unlimited();
        let parts = divide(&g, &Position::start(&g), 5, &b).unwrap();
        assert_eq!(parts.len(), 7);
        assert_eq!(parts.iter().map(|(_, c)| c.leaves).sum::<u64>(), 7361);
        let g128 = Geometry::<u128>::new(8, 8, 3).unwrap();
        let gw = Geometry::<crate::checkers::geometry::Wide>::new(8, 8, 3).unwrap();
        assert_eq!(perft(&g128, &Position::start(&g128), 6, &b).unwrap().leaves, 36768);
        assert_eq!(perft(&gw, &Position::start(&gw), 6, &b).unwrap().leaves, 36768);
    }

    #[test]
    fn a_zero_time_limit_stops_perft() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let b = Budget::expired();
        assert!(perft(&g, &Position::start(&g), 9, &b).is_err());
    }
}
