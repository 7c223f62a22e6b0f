//! The hashed perft: perft through a table of `[leaves, plain calls]` per (position,
//! remaining depth), walked with prefetching and cut by the root splitter.

use super::keys::{checked, Full, MemoKey, MemoWalk, Packed};
use crate::checkers::count::CountStop;
use crate::checkers::geometry::{bits_needed, Geometry};
use crate::checkers::moves::{count_moves, for_each_step, generate, perft2_steps};
use crate::checkers::perft::{split_children, split_cost, PerftNode};
use crate::checkers::position::Position;
use crate::search::bits::Bits;
use crate::search::budget::Budget;
use crate::search::budget::Ticker;
use crate::search::memo::{MemoTable, SubtreeValue};
use crate::search::pair_table::PairTable;
use crate::search::split::{self, SplitTree};

/// Smallest remaining depth stored by the hashed perft: a depth-2 subtree costs about as
/// much to recount (a bulk count per child) as a table probe, and such entries would
/// make up most of the table.
pub const MIN_STORED_DEPTH: u32 = 3;

/// A perft through the memo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoPerft {
    /// Move sequences of the requested length: the plain perft's `leaves`.
    pub leaves: u64,
    /// The plain perft's `positions` (calls with depth >= 1), computed through the memo.
    pub plain_positions: u64,
    /// Calls of the memo walk with depth >= 1, those answered by the table included
    /// (with several threads this depends on their interleaving).
    pub positions: u64,
    /// (Position, depth) pairs computed because the table did not have them: the distinct
    /// ones reached when the table never dropped an entry that was needed again.
    pub distinct_positions: u64,
    /// Bytes the table allocated (the buckets the search touched, at most its bound).
    pub memo_bytes: u64,
    /// Lookups of (position, depth) pairs in the table: every call with at least
    /// [`MIN_STORED_DEPTH`] plies to go that the root splitter did not expand.
    pub probes: u64,
    /// Those lookups the table answered (`probes - hits` is `distinct_positions` less the
    /// splitter's expanded nodes).
    pub hits: u64,
}

/// Subtree figures stored per (position, depth): `[leaves, plain calls]`.
#[derive(Debug, Clone, Copy)]
struct PerftEntry([u64; 2]);

impl SubtreeValue for PerftEntry {
    fn work(&self) -> u64 {
        self.0[1]
    }
}

/// A table the hashed perft stores `[leaves, plain calls]` in, per (position, depth).
trait PerftTable<B>: Sync {
    /// The exact key of a position and its depth.
    type Key: Copy;
    fn key(p: &Position<B>, depth: u32, len: u32) -> Self::Key;
    fn get(&self, key: Self::Key) -> Option<[u64; 2]>;
    fn store(&self, key: Self::Key, value: [u64; 2]);
    /// A hint that `key` is probed soon.
    fn prefetch(&self, _key: Self::Key) {}
}

/// Boards of at most [`PACKED_MAX_LEN`](super::PACKED_MAX_LEN) bits: the [`Packed`] key as one `u128` in the
/// lock-free [`PairTable`].
impl<B: Bits> PerftTable<B> for PairTable {
    type Key = u128;

    #[inline(always)]
    fn key(p: &Position<B>, depth: u32, len: u32) -> u128 {
        let k = <Packed as MemoKey<B>>::of(p, depth, len);
        u128::from(k.low) | u128::from(k.high.get()) << 64
    }

    #[inline(always)]
    fn get(&self, key: u128) -> Option<[u64; 2]> {
        PairTable::get(self, key)
    }

    #[inline(always)]
    fn store(&self, key: u128, value: [u64; 2]) {
        PairTable::store(self, key, value);
    }

    #[inline(always)]
    fn prefetch(&self, key: u128) {
        PairTable::prefetch(self, key);
    }
}

/// Larger boards: the [`Full`] key in the shared core.
impl<B: Bits> PerftTable<B> for MemoTable<Full<B>, PerftEntry> {
    type Key = Full<B>;

    fn key(p: &Position<B>, depth: u32, len: u32) -> Full<B> {
        Full::of(p, depth, len)
    }

    fn get(&self, key: Full<B>) -> Option<[u64; 2]> {
        MemoTable::get(self, &key).map(|e| e.0)
    }

    fn store(&self, key: Full<B>, value: [u64; 2]) {
        MemoTable::store(self, key, PerftEntry(value));
    }
}

/// The children's `[leaves, plain calls]` summed so far, or why the walk stopped.
struct PerftSum {
    value: [u64; 2],
    stop: Option<CountStop>,
}

impl PerftSum {
    #[inline(always)]
    fn add(&mut self, child: Result<[u64; 2], CountStop>) {
        self.stop = child.and_then(|value| add_child(&mut self.value, value)).err();
    }
}

/// Adds a child's `[leaves, plain calls]` to `sum`.
#[inline(always)]
fn add_child(sum: &mut [u64; 2], [leaves, plain]: [u64; 2]) -> Result<(), CountStop> {
    sum[0] = checked(sum[0], leaves)?;
    sum[1] = checked(sum[1], plain)?;
    Ok(())
}

/// One hashed-perft walker: a task's view of the table, its position counter, its
/// stores and its stack of pending children.
///
/// A node the table misses, with children deep enough to be stored, is walked in three
/// passes so that the wait for a bucket overlaps other work: its children are generated
/// and their buckets prefetched; all of them are probed; then every missed child's own
/// children are generated and prefetched before the first of those children is walked.
/// The sums are those of the plain walk in another order, so every figure is exact.
struct PerftWalker<'a, B, T: PerftTable<B>> {
    g: &'a Geometry<B>,
    table: &'a T,
    t: Ticker<'a>,
    len: u32,
    computed: u64,
    probes: u64,
    hits: u64,
    /// Children generated and prefetched, not yet walked: a stack of each node's children.
    pending: Vec<(Position<B>, T::Key)>,
    /// Where each missed child's children start in `pending`, a stack like it.
    starts: Vec<usize>,
}

impl<'a, B: Bits, T: PerftTable<B>> PerftWalker<'a, B, T> {
    fn new(g: &'a Geometry<B>, table: &'a T, budget: &'a Budget) -> Self {
        PerftWalker {
            g,
            table,
            t: Ticker::new(budget),
            len: bits_needed(g.rows, g.cols),
            computed: 0,
            probes: 0,
            hits: 0,
            pending: Vec::with_capacity(1024),
            starts: Vec::with_capacity(256),
        }
    }

    /// `[leaves, plain calls]` of `p` to `depth`.
    fn perft(&mut self, p: &Position<B>, depth: u32) -> Result<[u64; 2], CountStop> {
        if depth == 0 {
            return Ok([1, 0]);
        }
        self.t.visit()?;
        if depth == 1 {
            return Ok([count_moves::<B, true>(self.g, p), 1]);
        }
        if depth < MIN_STORED_DEPTH {
            return self.perft_children(p, depth);
        }
        let key = T::key(p, depth, self.len);
        if let Some(known) = self.probe(key) {
            return Ok(known);
        }
        let value = if depth > MIN_STORED_DEPTH {
            let start = self.pending.len();
            self.push_children(p, depth - 1);
            let value = self.walk_pending(start, self.pending.len(), depth - 1);
            self.pending.truncate(start);
            value?
        } else {
            self.perft_children(p, depth)?
        };
        self.table.store(key, value);
        self.computed += 1;
        Ok(value)
    }

    /// Pushes the children of `p` with their keys at `depth` onto `pending`, prefetching
    /// their buckets.
    #[inline(always)]
    fn push_children(&mut self, p: &Position<B>, depth: u32) {
        let (table, pending, len) = (self.table, &mut self.pending, self.len);
        generate::<B, true>(self.g, p, &mut |m| {
            let child = p.apply(m);
            let key = T::key(&child, depth, len);
            table.prefetch(key);
            pending.push((child, key));
        });
    }

    /// `[leaves, plain calls]` to `depth + 1` of the node whose children (at least
    /// [`MIN_STORED_DEPTH`] plies to go) are `pending[start..end]`, their buckets prefetched.
    fn walk_pending(&mut self, start: usize, end: usize, depth: u32) -> Result<[u64; 2], CountStop> {
        let mut sum = [0, 1];
        let mut missed = start;
        for i in start..end {
            self.t.visit()?;
            match self.probe(self.pending[i].1) {
                Some(known) => add_child(&mut sum, known)?,
                None => {
                    self.pending.swap(i, missed);
                    missed += 1;
                }
            }
        }
        if depth == MIN_STORED_DEPTH {
            for i in start..missed {
                let (child, key) = self.pending[i];
                let value = self.perft_children(&child, depth)?;
                self.store(key, value, &mut sum)?;
            }
            return Ok(sum);
        }
        let top = self.pending.len();
        let first = self.starts.len();
        for i in start..missed {
            self.starts.push(self.pending.len());
            let child = self.pending[i].0;
            self.push_children(&child, depth - 1);
        }
        self.starts.push(self.pending.len());
        for (j, i) in (start..missed).enumerate() {
            let (lo, hi) = (self.starts[first + j], self.starts[first + j + 1]);
            let value = self.walk_pending(lo, hi, depth - 1)?;
            self.store(self.pending[i].1, value, &mut sum)?;
        }
        self.starts.truncate(first);
        self.pending.truncate(top);
        Ok(sum)
    }

    /// The table's value for `key`, counted as a probe and, when found, a hit.
    #[inline(always)]
    fn probe(&mut self, key: T::Key) -> Option<[u64; 2]> {
        let found = self.table.get(key);
        self.probes += 1;
        self.hits += u64::from(found.is_some());
        found
    }

    /// Stores a computed child's `value` under `key` and adds it to `sum`.
    #[inline(always)]
    fn store(&mut self, key: T::Key, value: [u64; 2], sum: &mut [u64; 2]) -> Result<(), CountStop> {
        self.table.store(key, value);
        self.computed += 1;
        add_child(sum, value)
    }

    /// `[leaves, plain calls]` of `p` to `depth`, at most [`MIN_STORED_DEPTH`], from its
    /// children, none of which is stored.
    fn perft_children(&mut self, p: &Position<B>, depth: u32) -> Result<[u64; 2], CountStop> {
        let g = self.g;
        if depth == 2 {
            if let Some((leaves, visited)) = perft2_steps(g, p) {
                self.t.visit_many(visited)?;
                return Ok([leaves, 1 + visited]);
            }
        }
        let mut sum = PerftSum { value: [0, 1], stop: None };
        // Steps are played setwise (no `Move`s) when they are all the moves.
        let stepped = depth > 2
            && for_each_step(g, p, &mut |child| {
                if sum.stop.is_none() {
                    sum.add(self.perft(child, depth - 1));
                }
            });
        if !stepped {
            generate::<B, true>(g, p, &mut |m| {
                if sum.stop.is_none() {
                    sum.add(self.perft(&p.apply(m), depth - 1));
                }
            });
        }
        sum.stop.map_or(Ok(sum.value), Err)
    }

    /// `[calls, positions computed, probes, hits]` of this walker.
    fn finish(mut self) -> Result<[u64; 4], CountStop> {
        self.t.flush()?;
        Ok([self.t.total(), self.computed, self.probes, self.hits])
    }
}

/// The hashed perft's tree for the splitter: a node is a position and the plies to go;
/// a value is `[leaves, plain calls, memo calls, computed, probes, hits]`. Expanded nodes
/// are neither looked up nor stored.
struct PerftMemoTree<'a, B, T> {
    g: &'a Geometry<B>,
    table: &'a T,
    budget: &'a Budget,
}

impl<B: Bits, T: PerftTable<B>> SplitTree for PerftMemoTree<'_, B, T> {
    type Node = PerftNode<B>;
    type Value = [u64; 6];
    type Error = CountStop;

    fn children(&self, node: &Self::Node) -> Result<Option<Vec<Self::Node>>, CountStop> {
        Ok(split_children(self.g, self.budget, node, MIN_STORED_DEPTH)?)
    }

    fn cost(&self, node: &Self::Node) -> u64 {
        split_cost(self.g, node)
    }

    fn walk(&self, (p, depth): Self::Node) -> Result<[u64; 6], CountStop> {
        let mut w = PerftWalker::new(self.g, self.table, self.budget);
        let [leaves, plain] = w.perft(&p, depth)?;
        let [calls, computed, probes, hits] = w.finish()?;
        Ok([leaves, plain, calls, computed, probes, hits])
    }

    fn join(&self, _node: Self::Node, children: Vec<[u64; 6]>) -> Result<[u64; 6], CountStop> {
        let mut sum = [0, 1, 1, 1, 0, 0];
        for part in &children {
            for (s, x) in sum.iter_mut().zip(part) {
                *s = checked(*s, *x)?;
            }
        }
        Ok(sum)
    }
}

/// Perft of `p` to `depth` through a table of at most `max_bytes`, cut by the root
/// splitter over the current rayon pool when `parallel`. `leaves` and `plain_positions` equal the
/// plain [`crate::checkers::perft::perft`]'s `leaves` and `positions`.
pub fn perft_memo<B: Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    depth: u32,
    max_bytes: u64,
    parallel: bool,
    budget: &Budget,
) -> Result<MemoPerft, CountStop> {
    let job = MemoWalk::new(g, p, max_bytes, parallel, budget);
    let no_memory = |e: crate::base::error::InputError| CountStop::NoMemory(e.message);
    budget.reserve(max_bytes)?;
    if job.packs(depth) {
        let table = PairTable::with_bytes(max_bytes).map_err(no_memory)?;
        perft_on(&job, depth, &table, |t| t.allocated_bytes())
    } else {
        let table = MemoTable::<Full<B>, PerftEntry>::with_bytes(max_bytes).map_err(no_memory)?;
        perft_on(&job, depth, &table, |t| t.allocated_bytes())
    }
}

fn perft_on<B: Bits, T: PerftTable<B>>(
    job: &MemoWalk<B>,
    depth: u32,
    table: &T,
    bytes: impl Fn(&T) -> u64,
) -> Result<MemoPerft, CountStop> {
    let tree = PerftMemoTree { g: job.g, table, budget: job.budget };
    let [leaves, plain_positions, positions, distinct_positions, probes, hits] =
        split::run(&tree, (*job.p, depth), job.parallel)?;
    Ok(MemoPerft { leaves, plain_positions, positions, distinct_positions, memo_bytes: bytes(table), probes, hits })
}
