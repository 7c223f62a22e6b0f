//! The one root splitter every exhaustive walk runs on rayon with: besteScore, the tiling
//! walks (dumb, smart, fast), perft and the continuation counts, plain and through the memo.
//!
//! A game describes its tree through [`SplitTree`]: the children of a node in search
//! order, a cost estimate, the sequential walk of a whole subtree and the rule that joins
//! the children's values into their parent's. [`search`] expands the tree from the root
//! while a node's share of the work is more than one task, giving each child a share in
//! proportion to its cost, and walks every node below the split sequentially, the tasks
//! spread over the pool by work stealing. Values are joined in the children's order, so
//! any rule that depends on the order (the first best move) gives the sequential answer,
//! and a node expanded by the splitter counts exactly what the sequential walk counts for
//! it, because the game's own `join` counts it.
//!
//! Policy: [`TASKS_PER_THREAD`] tasks per pool thread, so that the largest task is a small
//! part of the search even where the cost estimate misjudges a subtree: work stealing
//! evens out subtrees of uneven size, but a worker left with one large task at the end
//! leaves the other idle. [`balance`] computes, from position counts alone, how evenly a
//! split shares a search over 2 workers (`cargo bench --bench split_balance` prints it
//! for the searches of the `parallel` experiment). More tasks only add expanded nodes (one
//! children list each, a few thousand in all), never work per position; on one thread
//! nothing is split.

use rayon::prelude::*;

/// Tasks per thread of the pool that [`search`] aims for. 256 (512 tasks on 2 threads)
/// rather than the earlier 48 cut the largest task of the `parallel` experiment's searches
/// from 7.8 % to 3.4 % of the positions (checkers count 5x6 r1), 10.2 % to 5.1 % (tile
/// game `parallel.txt`, with its two-ply cost estimate), 28 % to 9 % (memo count 6x6 r1),
/// 1.2 % to 0.5 % (perft 12); see docs/harness.md, "How each search splits its work".
pub const TASKS_PER_THREAD: usize = 256;

/// A search tree the splitter can cut near its root.
///
/// Guarantee asked of an implementation: for every node `n` with children `c1..ck`,
/// `walk(n) == join(n, [walk(c1), .., walk(ck)])`. The splitter then returns `walk(root)`
/// whatever the pool size.
pub trait SplitTree: Sync {
    /// A node: everything needed to walk its subtree on another thread.
    type Node: Send;
    /// What a subtree's search returns (counts, a best score with its move, ...).
    type Value: Send;
    /// Why a search stopped (time limit, Ctrl-C, an overflow).
    type Error: Send;

    /// The children of `node` in search order, or `None` when `node` is to be walked
    /// whole (a leaf, or a subtree too small to be worth sharing). Called once for each
    /// node the splitter expands; it may tick the budget.
    fn children(&self, node: &Self::Node) -> Result<Option<Vec<Self::Node>>, Self::Error>;

    /// The relative size of `node`'s subtree, used to share tasks among siblings.
    fn cost(&self, _node: &Self::Node) -> u64 {
        1
    }

    /// Searches `node`'s whole subtree sequentially.
    fn walk(&self, node: Self::Node) -> Result<Self::Value, Self::Error>;

    /// The value of `node` from its children's values, given in the children's order.
    fn join(&self, node: Self::Node, children: Vec<Self::Value>) -> Result<Self::Value, Self::Error>;

    /// The positions a subtree's value counts, for [`balance`] (0 where not told).
    fn positions(&self, _value: &Self::Value) -> u64 {
        0
    }
}

/// Searches `root`'s tree: split on the current rayon pool when `parallel` (and the pool
/// has more than one thread), else one sequential walk. The value is the same either way.
pub fn run<T: SplitTree>(tree: &T, root: T::Node, parallel: bool) -> Result<T::Value, T::Error> {
    if parallel {
        search(tree, root)
    } else {
        tree.walk(root)
    }
}

/// Searches `root`'s tree on the current rayon pool, aiming at [`TASKS_PER_THREAD`] tasks
/// per thread; on a one-thread pool this is the sequential walk.
pub fn search<T: SplitTree>(tree: &T, root: T::Node) -> Result<T::Value, T::Error> {
    search_with_tasks(tree, root, tasks_for(rayon::current_num_threads()))
}

/// The number of tasks [`search`] aims for on a pool of `threads` threads: 1 (no split)
/// on one thread.
pub fn tasks_for(threads: usize) -> usize {
    if threads <= 1 {
        1
    } else {
        TASKS_PER_THREAD * threads
    }
}

/// Searches `root`'s tree cut into about `tasks` subtrees (1: the sequential walk).
pub fn search_with_tasks<T: SplitTree>(tree: &T, root: T::Node, tasks: usize) -> Result<T::Value, T::Error> {
    if tasks <= 1 {
        return tree.walk(root);
    }
    let Some(children) = tree.children(&root)? else {
        return tree.walk(root);
    };
    let shares = shares(tree, &children, tasks);
    let values = children
        .into_par_iter()
        .zip(shares)
        .map(|(child, share)| search_with_tasks(tree, child, share))
        .collect::<Result<Vec<_>, _>>()?;
    tree.join(root, values)
}

/// Each child's share of `tasks`, in proportion to its cost, rounded up.
fn shares<T: SplitTree>(tree: &T, children: &[T::Node], tasks: usize) -> Vec<usize> {
    let costs: Vec<u128> = children.iter().map(|c| u128::from(tree.cost(c).max(1))).collect();
    let total: u128 = costs.iter().sum::<u128>().max(1);
    costs.iter().map(|&c| (tasks as u128 * c).div_ceil(total) as usize).collect()
}

/// How evenly a split shares a tree's positions over `workers` threads, computed from
/// counts alone (no clock): the tasks' positions, walked one after the other, and the
/// most positions a worker walks when each task in turn goes to the least-loaded worker
/// (greedy list scheduling in task order, a model of the pool's work stealing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Balance {
    /// Subtrees walked whole.
    pub tasks: usize,
    /// Positions of all tasks together (the nodes the splitter expands aside).
    pub positions: u64,
    /// Positions of the largest task.
    pub largest: u64,
    /// The workers the tasks are shared among.
    pub workers: usize,
    /// Positions of the busiest worker.
    pub makespan: u64,
}

impl Balance {
    /// The even share over the busiest worker's positions: 1 for a perfect split; the
    /// speed-up the split allows on `workers` threads is `workers` times this.
    pub fn efficiency(&self) -> f64 {
        self.positions as f64 / self.workers as f64 / self.makespan.max(1) as f64
    }
}

impl Balance {
    /// The efficiency that any order of the tasks reaches at least on `workers` workers:
    /// a worker is never idle while a task waits, so the busiest walks at most an even
    /// share of the other tasks plus the largest, `(positions - largest) / workers +
    /// largest`; on 2 workers `(positions + largest) / 2`.
    pub fn worst_order_efficiency(&self) -> f64 {
        let w = self.workers.max(1) as u128;
        let (positions, largest) = (u128::from(self.positions), u128::from(self.largest));
        positions as f64 / (positions + (w - 1) * largest).max(1) as f64
    }
}

impl std::fmt::Display for Balance {
    /// `T walked, W workers, largest L %, greedy in order E, any order >= A`: the tasks
    /// walked, the largest task's share of the positions, [`Balance::efficiency`] and
    /// [`Balance::worst_order_efficiency`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} walked, {} workers, largest {:.2} %, greedy in order {:.4}, any order >= {:.4}",
            self.tasks,
            self.workers,
            100.0 * self.largest as f64 / self.positions.max(1) as f64,
            self.efficiency(),
            self.worst_order_efficiency()
        )
    }
}

/// The [`Balance`] of `root`'s tree cut into about `tasks` subtrees as
/// [`search_with_tasks`] cuts it, over `workers` workers; walks every task sequentially.
pub fn balance<T: SplitTree>(tree: &T, root: T::Node, tasks: usize, workers: usize) -> Result<Balance, T::Error> {
    let mut sizes = Vec::new();
    task_sizes(tree, root, tasks, &mut sizes)?;
    let mut load = vec![0u64; workers.max(1)];
    for &size in &sizes {
        if let Some(least) = load.iter_mut().min() {
            *least += size;
        }
    }
    Ok(Balance {
        tasks: sizes.len(),
        positions: sizes.iter().sum(),
        largest: sizes.iter().copied().max().unwrap_or(0),
        workers: load.len(),
        makespan: load.iter().copied().max().unwrap_or(0),
    })
}

/// Appends the positions of each task of `node`'s tree cut into `tasks`, in task order.
fn task_sizes<T: SplitTree>(tree: &T, node: T::Node, tasks: usize, out: &mut Vec<u64>) -> Result<(), T::Error> {
    if tasks > 1 {
        if let Some(children) = tree.children(&node)? {
            let shares = shares(tree, &children, tasks);
            for (child, share) in children.into_iter().zip(shares) {
                task_sizes(tree, child, share, out)?;
            }
            return Ok(());
        }
    }
    let value = tree.walk(node)?;
    out.push(tree.positions(&value));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Complete trees: a node is its path from the root; every node at depth < `depth`
    /// has `fan` children. A node's value is the list of leaves under it, in order, and
    /// the number of nodes; `stop_at` makes the walk of that leaf fail.
    struct Complete {
        fan: u8,
        depth: usize,
        stop_at: Option<Vec<u8>>,
    }

    #[derive(Debug, PartialEq)]
    struct Found {
        leaves: Vec<Vec<u8>>,
        nodes: u64,
    }

    impl SplitTree for Complete {
        type Node = Vec<u8>;
        type Value = Found;
        type Error = Vec<u8>;

        fn children(&self, node: &Vec<u8>) -> Result<Option<Vec<Vec<u8>>>, Vec<u8>> {
            if node.len() == self.depth {
                return Ok(None);
            }
            Ok(Some((0..self.fan).map(|i| [node.as_slice(), &[i]].concat()).collect()))
        }

        fn cost(&self, node: &Vec<u8>) -> u64 {
            u64::from(node.last().copied().unwrap_or(0)) + 1
        }

        fn walk(&self, node: Vec<u8>) -> Result<Found, Vec<u8>> {
            if self.stop_at.as_ref() == Some(&node) {
                return Err(node);
            }
            match self.children(&node)? {
                None => Ok(Found { leaves: vec![node], nodes: 1 }),
                Some(children) => {
                    let values = children.into_iter().map(|c| self.walk(c)).collect::<Result<Vec<_>, _>>()?;
                    self.join(node, values)
                }
            }
        }

        fn join(&self, _node: Vec<u8>, children: Vec<Found>) -> Result<Found, Vec<u8>> {
            let nodes = 1 + children.iter().map(|c| c.nodes).sum::<u64>();
            Ok(Found { leaves: children.into_iter().flat_map(|c| c.leaves).collect(), nodes })
        }

        fn positions(&self, value: &Found) -> u64 {
            value.nodes
        }
    }

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
    }

    #[test]
    fn every_task_count_gives_the_sequential_value_in_order() {
        let tree = Complete { fan: 3, depth: 6, stop_at: None };
        let plain = tree.walk(vec![]).unwrap();
        assert_eq!(plain.nodes, (3u64.pow(7) - 1) / 2);
        assert_eq!(plain.leaves.len(), 729);
        for tasks in [1, 2, 5, 96, 1000, 100_000] {
            for threads in [1, 2, 3] {
                let split = pool(threads).install(|| search_with_tasks(&tree, vec![], tasks)).unwrap();
                assert_eq!(split, plain, "{tasks} tasks on {threads} threads");
            }
        }
        assert_eq!(pool(2).install(|| search(&tree, vec![])).unwrap(), plain);
        assert_eq!(pool(2).install(|| run(&tree, vec![], false)).unwrap(), plain);
    }

    #[test]
    fn a_stopped_subtree_stops_the_search() {
        let tree = Complete { fan: 2, depth: 5, stop_at: Some(vec![1, 0, 1, 1, 0]) };
        assert_eq!(tree.walk(vec![]), Err(vec![1, 0, 1, 1, 0]));
        for tasks in [1, 4, 64] {
            assert_eq!(pool(2).install(|| search_with_tasks(&tree, vec![], tasks)), Err(vec![1, 0, 1, 1, 0]));
        }
    }

    #[test]
    fn shares_follow_the_costs_and_cover_the_tasks() {
        let tree = Complete { fan: 4, depth: 2, stop_at: None };
        let children: Vec<Vec<u8>> = (0..4).map(|i| vec![i]).collect();
        assert_eq!(shares(&tree, &children, 100), vec![10, 20, 30, 40]);
        assert_eq!(shares(&tree, &children, 3), vec![1, 1, 1, 2]);
        assert_eq!(tasks_for(1), 1);
        assert_eq!(tasks_for(2), 2 * TASKS_PER_THREAD);
    }

    #[test]
    fn balance_counts_every_task_and_shares_them_greedily() {
        let tree = Complete { fan: 2, depth: 3, stop_at: None };
        // One task: the whole tree (15 nodes) on one worker.
        let one = balance(&tree, vec![], 1, 2).unwrap();
        assert_eq!((one.tasks, one.positions, one.largest, one.makespan), (1, 15, 15, 15));
        assert_eq!(one.efficiency(), 0.5);
        // Shares 2 and 3 of 4 (costs 1 and 2): [0] is cut into its two 3-node subtrees,
        // [1] into those and then into leaves: tasks 3, 3, 1, 1, 1, 1; greedily 3+1+1 / 3+1+1.
        let four = balance(&tree, vec![], 4, 2).unwrap();
        assert_eq!((four.tasks, four.positions, four.largest, four.makespan), (6, 10, 3, 5));
        assert_eq!(four.efficiency(), 1.0);
        assert_eq!(four.worst_order_efficiency(), 10.0 / 13.0);
        // Over 3 workers: 3 / 3+1 / 1+1, any order at least 10 / (10 + 2 * 3).
        let three = balance(&tree, vec![], 4, 3).unwrap();
        assert_eq!((three.tasks, three.positions, three.largest, three.makespan), (6, 10, 3, 4));
        assert_eq!(three.worst_order_efficiency(), 10.0 / 16.0);
    }
}
