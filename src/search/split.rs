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
//! Policy: [`TASKS_PER_THREAD`] tasks per pool thread. Work stealing evens out subtrees
//! of uneven size as long as there are several dozen of them per thread; more tasks only
//! add expanded nodes, which allocate.

use rayon::prelude::*;

/// Tasks per thread of the pool that [`search`] aims for.
pub const TASKS_PER_THREAD: usize = 48;

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
}
