//! Exact counts through the shared memo core ([`MemoTable`]): hashed perft and the
//! memoised continuation count.
//!
//! Both walks store, per position, the *plain* walk's figures for its subtree (perft:
//! leaves and plain calls for the remaining depth; count: the games split and the plain
//! calls; a position's games do not depend on how it was reached), so a hit adds exactly
//! what walking the subtree again would add, from far fewer positions. Keys are exact
//! (see [`MemoKey`]), so the numbers equal the plain walk's whatever the table's size or
//! the threads' interleaving; a full table only replaces entries and costs recomputation.
//!
//! The table is the core's: it starts small and doubles its buckets in use as stores
//! crowd, up to the `--memo-mb` bound, and from then on only replaces. Small searches thus
//! take little memory, and a large one walks its tree once, on the growing table.

use std::collections::HashMap;
use std::hash::Hash;
use std::num::NonZeroU64;
use std::sync::Mutex;

use super::count::{terminal, Count, CountStop, Games};
use super::geometry::{bits_needed, Color, Geometry};
use super::moves::{count_moves, for_each_step, generate, legal_moves, perft2_steps};
use super::position::Position;
use crate::search::bits::Bits;
use crate::search::budget::Budget;
use crate::search::budget::Ticker;
use crate::search::memo::{MemoTable, SubtreeValue};
use crate::search::pairs::PairTable;
use crate::search::split::{self, SplitTree};

/// Smallest remaining depth stored by the hashed perft: a depth-2 subtree costs about as
/// much to recount (a bulk count per child) as a table probe, and such entries would
/// make up most of the table.
pub const MIN_STORED_DEPTH: u32 = 3;
/// Largest remaining depth a [`Packed`] key holds.
pub const MAX_PACKED_DEPTH: u32 = 63;

/// An exact table key for a position and a remaining depth (0 for the count).
pub trait MemoKey<B>: Copy + Eq + Hash + Send + Sync {
    /// The key of `p` with `depth` plies to go, on a layout of `len` bits.
    fn of(p: &Position<B>, depth: u32, len: u32) -> Self;
}

/// The compact key of layouts of at most [`PACKED_MAX_LEN`] bits (8x8 has 36): Black's
/// pieces, White's pieces, the kings, the side to move and the depth, packed without
/// overlap into the low 127 bits of 128, so two keys are equal exactly when the positions
/// and depths are. The top bit, which no field reaches, is always set: the high word is
/// a `NonZeroU64`, so an `Option` of a table entry needs no tag (a perft entry is 32
/// bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Packed {
    low: u64,
    high: NonZeroU64,
}

/// Longest layout a [`Packed`] key holds: `3 * len + 1 + 6 <= 127`.
pub const PACKED_MAX_LEN: u32 = 40;

impl<B: Bits> MemoKey<B> for Packed {
    #[inline(always)]
    fn of(p: &Position<B>, depth: u32, len: u32) -> Self {
        let side = u128::from(p.side == Color::White);
        let x = p.pieces[0].low_u128()
            | p.pieces[1].low_u128() << len
            | p.kings.low_u128() << (2 * len)
            | side << (3 * len)
            | u128::from(depth) << (3 * len + 1);
        let high = (x >> 64) as u64 | 1 << 63;
        Packed { low: x as u64, high: NonZeroU64::new(high).unwrap_or(NonZeroU64::MAX) }
    }
}

/// The compact count key of layouts of at most [`NARROW_MAX_LEN`] bits (6x6 has 21):
/// Black's pieces, White's pieces, the kings and the side to move packed without overlap
/// into 64 bits, plus one. Nonzero, as no position sets all 64 bits (that would need
/// both colours on the same squares), so an `Option` of a table entry needs no tag.
/// Count keys only: the depth is always 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Narrow(NonZeroU64);

/// Longest layout a [`Narrow`] key holds: `3 * len + 1 <= 64`.
pub const NARROW_MAX_LEN: u32 = 21;

impl<B: Bits> MemoKey<B> for Narrow {
    #[inline(always)]
    fn of(p: &Position<B>, depth: u32, len: u32) -> Self {
        debug_assert!(depth == 0 && len <= NARROW_MAX_LEN);
        let side = u64::from(p.side == Color::White);
        let x = p.pieces[0].low_u128() as u64
            | (p.pieces[1].low_u128() as u64) << len
            | (p.kings.low_u128() as u64) << (2 * len)
            | side << (3 * len);
        Narrow(NonZeroU64::new(x.wrapping_add(1)).unwrap_or(NonZeroU64::MAX))
    }
}

/// The key of larger layouts: the whole position and the depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Full<B>(Position<B>, u8);

impl<B: Bits> MemoKey<B> for Full<B> {
    #[inline(always)]
    fn of(p: &Position<B>, depth: u32, _len: u32) -> Self {
        Full(*p, depth as u8)
    }
}

/// One memo walk as asked for: the board, the start position, the table's bound, whether
/// the root splitter cuts it over the rayon pool, and the budget.
struct Job<'a, B> {
    g: &'a Geometry<B>,
    p: &'a Position<B>,
    max_bytes: u64,
    parallel: bool,
    budget: &'a Budget,
}

impl<'a, B: Bits> Job<'a, B> {
    fn new(g: &'a Geometry<B>, p: &'a Position<B>, max_bytes: u64, parallel: bool, budget: &'a Budget) -> Self {
        Job { g, p, max_bytes, parallel, budget }
    }

    /// Whether the compact [`Packed`] key holds this board's positions with `depth`.
    fn packs(&self, depth: u32) -> bool {
        bits_needed(self.g.rows, self.g.cols) <= PACKED_MAX_LEN && depth <= MAX_PACKED_DEPTH
    }

    /// Whether the 64-bit [`Narrow`] count key holds this board's positions.
    fn narrow(&self) -> bool {
        bits_needed(self.g.rows, self.g.cols) <= NARROW_MAX_LEN
    }
}

/// What all tasks of a walk share: the board, the table, the side map and the budget.
struct Shared<'a, B, K, V> {
    g: &'a Geometry<B>,
    table: &'a MemoTable<K, V>,
    side: &'a Side<K>,
    budget: &'a Budget,
}

/// Share of the table's bytes the [`Side`] map may take besides it.
const SIDE_SHARE: u64 = 32;

/// Count figures too wide for the table's compact value ([`CountEntry`]), kept beside
/// the table under their exact key while the table holds [`CountValue::SIDE`] for them.
/// They are few (positions near the start), and at most `cap`.
struct Side<K> {
    map: Mutex<HashMap<K, WideCountEntry>>,
    cap: usize,
}

impl<K: Copy + Eq + Hash> Side<K> {
    /// An empty map allowed `1 / SIDE_SHARE` of `table_bytes`.
    fn new(table_bytes: u64) -> Self {
        let entry = std::mem::size_of::<(K, WideCountEntry)>() as u64 + 1;
        Side { map: Mutex::new(HashMap::new()), cap: (table_bytes / SIDE_SHARE / entry) as usize }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, WideCountEntry>> {
        self.map.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn get(&self, key: &K) -> Option<WideCountEntry> {
        self.lock().get(key).copied()
    }

    /// Keeps `value` for `key`; `false` when the map is full.
    fn put(&self, key: K, value: WideCountEntry) -> bool {
        let mut map = self.lock();
        if map.len() >= self.cap && !map.contains_key(&key) {
            return false;
        }
        map.insert(key, value);
        true
    }

    /// Bytes the map takes (0 while unused).
    fn bytes(&self) -> u64 {
        (self.lock().capacity() * (std::mem::size_of::<(K, WideCountEntry)>() + 1)) as u64
    }
}

/// One walker: a task's view of the table, its position counter and its stores.
struct Walker<'a, B, K, V> {
    g: &'a Geometry<B>,
    table: &'a MemoTable<K, V>,
    side: &'a Side<K>,
    t: Ticker<'a>,
    len: u32,
    computed: u64,
}

impl<'a, B: Bits, K: MemoKey<B>, V: SubtreeValue> Walker<'a, B, K, V> {
    fn new(s: &Shared<'a, B, K, V>) -> Self {
        let len = bits_needed(s.g.rows, s.g.cols);
        Walker { g: s.g, table: s.table, side: s.side, t: Ticker::new(s.budget), len, computed: 0 }
    }

    /// Stores the value of a position the table did not have (`None`: too large to store).
    #[inline(always)]
    fn store(&mut self, key: K, value: Option<V>) {
        if let Some(v) = value {
            self.table.store(key, v);
        }
        self.computed += 1;
    }

    /// `[calls, positions computed]` of this walker.
    fn finish(mut self) -> Result<[u64; 2], CountStop> {
        self.t.flush()?;
        Ok([self.t.total(), self.computed])
    }
}

/// Runs `walk` on one table of at most the job's bound (and its side map); returns its
/// value and the bytes the table and the map took.
fn on_table<B, K: Copy + Eq + Hash, V: SubtreeValue, T>(
    job: &Job<B>,
    walk: impl Fn(&Shared<B, K, V>) -> Result<T, CountStop>,
) -> Result<(T, u64), CountStop> {
    job.budget.reserve(job.max_bytes)?;
    let table = MemoTable::with_bytes(job.max_bytes).map_err(|e| CountStop::NoMemory(e.message))?;
    let side = Side::new(table.bytes());
    let value = walk(&Shared { g: job.g, table: &table, side: &side, budget: job.budget })?;
    Ok((value, table.allocated_bytes() + side.bytes()))
}

fn checked(a: u64, b: u64) -> Result<u64, CountStop> {
    a.checked_add(b).ok_or(CountStop::Overflow)
}

// ---------------------------------------------------------------- perft

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

/// Boards of at most [`PACKED_MAX_LEN`] bits: the [`Packed`] key as one `u128` in the
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

/// Children a memoised count keeps, with their keys prefetched, before walking them; the
/// moves past this many are walked as they are generated.
const PREFETCHED: usize = 32;

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
    type Node = (Position<B>, u32);
    type Value = [u64; 6];
    type Error = CountStop;

    fn children(&self, &(p, depth): &Self::Node) -> Result<Option<Vec<Self::Node>>, CountStop> {
        if depth < MIN_STORED_DEPTH {
            return Ok(None);
        }
        self.budget.tick(1)?;
        Ok(Some(legal_moves::<B, true>(self.g, &p).iter().map(|m| (p.apply(m), depth - 1)).collect()))
    }

    fn cost(&self, (p, _): &Self::Node) -> u64 {
        count_moves::<B, true>(self.g, p)
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
/// plain [`super::perft::perft`]'s `leaves` and `positions`.
pub fn perft_memo<B: Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    depth: u32,
    max_bytes: u64,
    parallel: bool,
    budget: &Budget,
) -> Result<MemoPerft, CountStop> {
    let job = Job::new(g, p, max_bytes, parallel, budget);
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
    job: &Job<B>,
    depth: u32,
    table: &T,
    bytes: impl Fn(&T) -> u64,
) -> Result<MemoPerft, CountStop> {
    let tree = PerftMemoTree { g: job.g, table, budget: job.budget };
    let [leaves, plain_positions, positions, distinct_positions, probes, hits] =
        split::run(&tree, (*job.p, depth), job.parallel)?;
    Ok(MemoPerft { leaves, plain_positions, positions, distinct_positions, memo_bytes: bytes(table), probes, hits })
}

// ---------------------------------------------------------------- count

/// Subtree figures a memoised count stores per position: the games split and the plain
/// calls, when they fit (positions whose figures do not are not stored; their children
/// are).
trait CountValue: SubtreeValue + Send + Sync {
    /// The stored form of `games` and `plain`, if they fit.
    fn pack(games: &Games, plain: u128) -> Option<Self>;
    /// The games and plain calls back.
    fn unpack(self) -> (Games, u128);
    /// The value that sends a look-up to the [`Side`] map, for a type whose figures may
    /// not fit.
    const SIDE: Option<Self>;
    /// Whether this is [`CountValue::SIDE`].
    fn is_side(&self) -> bool;
}

/// The compact count value, used with the [`Narrow`] key (boards whose counts stay
/// small enough): 128 bits holding the bit widths of Black's wins, White's wins and the
/// both-kings games (6 bits each), those three numbers in their widths, and the plain
/// calls in the bits left. The plain calls are at least the games, so every position
/// whose figures need at most 110 bits together is stored (6x6 r1: all but 96 of
/// 526,530). Two words rather than a `u128`, to keep a table entry 8-byte aligned.
#[derive(Debug, Clone, Copy)]
struct CountEntry([u64; 2]);

/// The wide count value, used with the larger keys (7x6 and up, whose counts near the
/// start need far more than 110 bits): each figure as a `u64`.
#[derive(Debug, Clone, Copy)]
struct WideCountEntry {
    black_wins: u64,
    white_wins: u64,
    both_kings: u64,
    plain: u64,
}

impl SubtreeValue for WideCountEntry {
    fn work(&self) -> u64 {
        self.plain
    }
}

impl CountValue for WideCountEntry {
    const SIDE: Option<Self> = None;

    fn is_side(&self) -> bool {
        false
    }

    fn pack(games: &Games, plain: u128) -> Option<Self> {
        Some(WideCountEntry {
            black_wins: games.black_wins.try_into().ok()?,
            white_wins: games.white_wins.try_into().ok()?,
            both_kings: games.both_kings.try_into().ok()?,
            plain: plain.try_into().ok()?,
        })
    }

    fn unpack(self) -> (Games, u128) {
        let (b, w, k) = (u128::from(self.black_wins), u128::from(self.white_wins), u128::from(self.both_kings));
        (Games { total: b + w + k, black_wins: b, white_wins: w, both_kings: k }, u128::from(self.plain))
    }
}

/// Bits of one width field of a [`CountEntry`].
const WIDTH_BITS: u32 = 6;

impl SubtreeValue for CountEntry {
    /// The plain calls; the [`CountValue::SIDE`] marker stands for figures too wide to
    /// pack, the largest subtrees, so it counts as the most work.
    fn work(&self) -> u64 {
        if self.is_side() {
            return u64::MAX;
        }
        u64::try_from(self.unpack().1).unwrap_or(u64::MAX)
    }
}

impl CountValue for CountEntry {
    /// Widths of 63 bits: no packed value has them (a 63-bit count needs a plain count of
    /// as many bits, 18 + 63 + 63 > 128).
    const SIDE: Option<Self> = Some(CountEntry([(1 << (3 * WIDTH_BITS)) - 1, 0]));

    fn is_side(&self) -> bool {
        self.0 == [(1 << (3 * WIDTH_BITS)) - 1, 0]
    }

    fn pack(games: &Games, plain: u128) -> Option<Self> {
        let counts = [games.black_wins, games.white_wins, games.both_kings];
        let (mut x, mut at) = (0u128, 3 * WIDTH_BITS);
        for (i, c) in counts.into_iter().enumerate() {
            let width = u128::BITS - c.leading_zeros();
            if at + width + (u128::BITS - plain.leading_zeros()) > u128::BITS {
                return None;
            }
            x |= u128::from(width) << (i as u32 * WIDTH_BITS) | c << at;
            at += width;
        }
        (at + (u128::BITS - plain.leading_zeros()) <= u128::BITS).then(|| {
            let x = x | plain.checked_shl(at).unwrap_or(0);
            CountEntry([x as u64, (x >> 64) as u64])
        })
    }

    fn unpack(self) -> (Games, u128) {
        let x = u128::from(self.0[0]) | u128::from(self.0[1]) << 64;
        let mut at = 3 * WIDTH_BITS;
        let mut field = |i: u32| {
            let width = (x >> (i * WIDTH_BITS)) as u32 & ((1 << WIDTH_BITS) - 1);
            let value = x.checked_shr(at).unwrap_or(0) & u128::MAX.checked_shr(u128::BITS - width).unwrap_or(0);
            at += width;
            value
        };
        let (b, w, k) = (field(0), field(1), field(2));
        let plain = x.checked_shr(at).unwrap_or(0);
        (Games { total: b + w + k, black_wins: b, white_wins: w, both_kings: k }, plain)
    }
}

impl<B: Bits, K: MemoKey<B>, V: CountValue> Walker<'_, B, K, V> {
    /// Games and plain calls from `p`.
    fn count(&mut self, p: &Position<B>) -> Result<(Games, u128), CountStop> {
        self.count_keyed(p, K::of(p, 0, self.len))
    }

    /// [`Self::count`] of `p`, whose key is `key`.
    fn count_keyed(&mut self, p: &Position<B>, key: K) -> Result<(Games, u128), CountStop> {
        self.t.visit()?;
        if let Some(known) = self.table.get(&key) {
            if !known.is_side() {
                return Ok(known.unpack());
            }
            if let Some(wide) = self.side.get(&key) {
                return Ok(wide.unpack());
            }
        }
        let mut plain: u128 = 1;
        let games = self.children_games(p, &mut plain)?;
        let value = V::pack(&games, plain).or_else(|| {
            let wide = WideCountEntry::pack(&games, plain)?;
            self.side.put(key, wide).then_some(V::SIDE).flatten()
        });
        self.store(key, value);
        Ok((games, plain))
    }
}

impl<B: Bits, K: MemoKey<B>, V: CountValue> Walker<'_, B, K, V> {
    /// [`games_from`] `p` through [`Self::count`], adding the children's plain calls to
    /// `plain`: the first [`PREFETCHED`] children are generated and their buckets asked
    /// for before any is counted, so the table's memory latency overlaps; children past
    /// them are counted as they are generated.
    fn children_games(&mut self, p: &Position<B>, plain: &mut u128) -> Result<Games, CountStop> {
        if p.both_have_kings() {
            return Ok(Games::both());
        }
        let (g, table, len) = (self.g, self.table, self.len);
        let mut kept = [(*p, K::of(p, 0, len)); PREFETCHED];
        let (mut n, mut any) = (0, false);
        let mut sum = Games::default();
        let mut stop = None;
        let mut add = |w: &mut Self, child: &Position<B>, key: K, sum: &mut Games| -> Result<(), CountStop> {
            let (games, calls) = w.count_keyed(child, key)?;
            *plain = plain.checked_add(calls).ok_or(CountStop::Overflow)?;
            sum.add(&games)
        };
        generate::<B, false>(g, p, &mut |m| {
            any = true;
            let child = p.apply(m);
            let key = K::of(&child, 0, len);
            if n < PREFETCHED {
                table.prefetch(&key);
                kept[n] = (child, key);
                n += 1;
            } else if stop.is_none() {
                stop = add(self, &child, key, &mut sum).err();
            }
        });
        for (child, key) in &kept[..n] {
            if stop.is_none() {
                stop = add(self, child, *key, &mut sum).err();
            }
        }
        match stop {
            Some(e) => Err(e),
            None if !any => Ok(Games::won_by(p.side.other())),
            None => Ok(sum),
        }
    }
}

/// The memoised count's tree for the splitter: a node is a position; a value is the
/// games, the plain calls and `[memo calls, computed]`. Expanded nodes are neither looked
/// up nor stored.
struct CountMemoTree<'s, 'a, B, K, V> {
    s: &'s Shared<'a, B, K, V>,
}

impl<B: Bits, K: MemoKey<B>, V: CountValue> SplitTree for CountMemoTree<'_, '_, B, K, V> {
    type Node = Position<B>;
    type Value = (Games, u128, [u64; 2]);
    type Error = CountStop;

    fn children(&self, p: &Position<B>) -> Result<Option<Vec<Position<B>>>, CountStop> {
        if terminal(self.s.g, p).is_some() {
            return Ok(None);
        }
        self.s.budget.tick(1)?;
        Ok(Some(legal_moves::<B, false>(self.s.g, p).iter().map(|m| p.apply(m)).collect()))
    }

    fn walk(&self, p: Position<B>) -> Result<Self::Value, CountStop> {
        let mut w = Walker::new(self.s);
        let (games, plain) = w.count(&p)?;
        Ok((games, plain, w.finish()?))
    }

    fn join(&self, _p: Position<B>, children: Vec<Self::Value>) -> Result<Self::Value, CountStop> {
        let (mut games, mut plain, mut walked) = (Games::default(), 1u128, [1u64, 1]);
        for (gm, q, w) in &children {
            games.add(gm)?;
            plain = plain.checked_add(*q).ok_or(CountStop::Overflow)?;
            for (s, x) in walked.iter_mut().zip(w) {
                *s = checked(*s, *x)?;
            }
        }
        Ok((games, plain, walked))
    }
}

/// Continuation count from `p` through a table of at most `max_bytes`, cut by the root
/// splitter over the current rayon pool when `parallel`. `games` equal the plain count's and
/// `plain_positions` its `positions`; `positions` are the memo walk's calls (hits
/// included), `distinct_positions` the positions computed because the table did not
/// have them (the distinct positions reached, when no entry needed again was dropped).
pub fn count_memo<B: Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    max_bytes: u64,
    parallel: bool,
    budget: &Budget,
) -> Result<Count, CountStop> {
    let job = Job::new(g, p, max_bytes, parallel, budget);
    if job.narrow() {
        count_keyed::<B, Narrow, CountEntry>(&job)
    } else if job.packs(0) {
        count_keyed::<B, Packed, WideCountEntry>(&job)
    } else {
        count_keyed::<B, Full<B>, WideCountEntry>(&job)
    }
}

fn count_keyed<B: Bits, K: MemoKey<B>, V: CountValue>(job: &Job<B>) -> Result<Count, CountStop> {
    let walk = |s: &Shared<B, K, V>| split::run(&CountMemoTree { s }, *job.p, job.parallel);
    let ((games, plain_positions, [positions, distinct_positions]), memo_bytes) = on_table(job, walk)?;
    Ok(Count { games, positions, plain_positions, distinct_positions, memo_bytes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::count::count_plain;
    use crate::checkers::count::tests::start;
    use crate::checkers::perft::perft;
    use crate::search::pool::in_pool;

    const BIG: u64 = 256 << 20;
    /// One bucket: almost every store replaces another entry.
    const TINY: u64 = 1;

    #[test]
    fn memo_perft_equals_plain_perft_to_depth_11() {
        let (g, p) = start(8, 8, 3);
        let b = Budget::unlimited();
        for d in 0..=11 {
            let plain = perft(&g, &p, d, &b).unwrap();
            let memo = perft_memo(&g, &p, d, BIG, false, &b).unwrap();
            assert_eq!((memo.leaves, memo.plain_positions), (plain.leaves, plain.positions), "depth {d}");
            assert!(memo.positions <= plain.positions, "depth {d}");
        }
    }

    #[test]
    fn probes_are_the_calls_of_stored_depth_and_misses_are_the_computed_positions() {
        let (g, p) = start(8, 8, 3);
        let b = Budget::unlimited();
        // Up to depth 5 no position repeats above the last three plies: every call of
        // depth >= 3 is a probe the table misses, 1, 1 + 7 and 1 + 7 + 49 of them.
        for (d, probes) in [(3, 1), (4, 8), (5, 57)] {
            let m = perft_memo(&g, &p, d, BIG, false, &b).unwrap();
            assert_eq!((m.probes, m.hits, m.distinct_positions), (probes, 0, probes), "depth {d}");
        }
        // Depth 6: the 302 positions after three plies are probed once each (with their
        // 1 + 7 + 49 ancestors); those reached by two move orders are hits.
        let m = perft_memo(&g, &p, 6, BIG, false, &b).unwrap();
        assert_eq!(m.probes, 1 + 7 + 49 + 302);
        assert!(m.hits > 0);
        for d in 3..=10 {
            let m = perft_memo(&g, &p, d, BIG, false, &b).unwrap();
            assert_eq!(m.probes - m.hits, m.distinct_positions, "depth {d}");
        }
    }

    /// OEIS A133046: perft of the 8x8 start position, depths 0 to 28.
    const A133046: [u64; 29] = [
        1,
        7,
        49,
        302,
        1469,
        7361,
        36768,
        179740,
        845931,
        3963680,
        18391564,
        85242128,
        388623673,
        1766623630,
        7978439499,
        36263167175,
        165629569428,
        758818810990,
        3493881706141,
        16114043592799,
        74545030871553,
        345100524480819,
        1602372721738102,
        7437536860666213,
        34651381875296000,
        161067479882075800,
        752172458688067137,
        3499844183628002605,
        16377718018836900735,
    ];

    fn check_oeis(depths: std::ops::RangeInclusive<u32>, max_mb: u64) {
        let (g, p) = start(8, 8, 3);
        for d in depths {
            let m = in_pool(2, || perft_memo(&g, &p, d, max_mb << 20, true, &Budget::unlimited())).unwrap();
            assert_eq!(m.leaves, A133046[d as usize], "depth {d}");
        }
    }

    #[test]
    fn hashed_perft_matches_oeis_a133046_to_depth_15() {
        check_oeis(0..=15, 1024);
    }

    /// Depths 16 to 18 (minutes; `cargo test --release -- --ignored a133046_16`).
    #[test]
    #[ignore]
    fn hashed_perft_matches_oeis_a133046_16_to_18() {
        check_oeis(16..=18, crate::experiment::args::default_memo_mb());
    }

    #[test]
    fn memo_perft_is_exact_with_a_tiny_table_and_on_two_threads() {
        let (g, p) = start(8, 8, 3);
        let b = Budget::unlimited();
        let plain = perft(&g, &p, 8, &b).unwrap();
        let tiny = perft_memo(&g, &p, 8, TINY, false, &b).unwrap();
        let par = in_pool(2, || perft_memo(&g, &p, 8, BIG, true, &b)).unwrap();
        let par_tiny = in_pool(2, || perft_memo(&g, &p, 8, 4096, true, &b)).unwrap();
        let three = in_pool(3, || perft_memo(&g, &p, 8, 4096, true, &b)).unwrap();
        for m in [tiny, par, par_tiny, three] {
            assert_eq!((m.leaves, m.plain_positions), (plain.leaves, plain.positions));
        }
        assert!(tiny.memo_bytes < 1024 && tiny.distinct_positions > par.distinct_positions);
    }

    #[test]
    fn memo_perft_on_other_boards_and_wide_keys() {
        let b = Budget::unlimited();
        for (m, n, r) in [(6, 6, 2), (5, 8, 2), (10, 10, 4)] {
            let g = Geometry::<u128>::new(m, n, r).unwrap();
            let p = Position::start(&g);
            let plain = perft(&g, &p, 6, &b).unwrap();
            for bytes in [BIG, TINY] {
                let memo = perft_memo(&g, &p, 6, bytes, false, &b).unwrap();
                assert_eq!((memo.leaves, memo.plain_positions), (plain.leaves, plain.positions), "{m}x{n}");
            }
        }
    }

    #[test]
    fn memo_count_equals_plain_count_on_boards_up_to_5x6() {
        let b = Budget::unlimited();
        for (m, n, r) in [(3, 3, 1), (4, 4, 1), (4, 5, 1), (5, 4, 1), (5, 5, 1), (4, 4, 2), (5, 5, 2), (5, 6, 1)] {
            let (g, p) = start(m, n, r);
            let plain = count_plain(&g, &p, &b).unwrap();
            let memo = count_memo(&g, &p, BIG, false, &b).unwrap();
            assert_eq!((memo.games, memo.plain_positions), (plain.games, u128::from(plain.positions)), "{m}x{n}");
            for threads in [2, 3] {
                let par = in_pool(threads, || count_memo(&g, &p, BIG, true, &b)).unwrap();
                assert_eq!((par.games, par.plain_positions), (plain.games, memo.plain_positions), "{m}x{n}");
            }
        }
    }

    #[test]
    fn memo_count_is_exact_with_a_tiny_table() {
        let b = Budget::unlimited();
        for (m, n, r) in [(4, 5, 1), (5, 5, 1), (4, 4, 2)] {
            let (g, p) = start(m, n, r);
            let plain = count_plain(&g, &p, &b).unwrap();
            for bytes in [TINY, 4096] {
                let memo = count_memo(&g, &p, bytes, false, &b).unwrap();
                assert_eq!((memo.games, memo.plain_positions), (plain.games, u128::from(plain.positions)));
                let par = in_pool(2, || count_memo(&g, &p, bytes, true, &b)).unwrap();
                assert_eq!((par.games, par.plain_positions), (plain.games, u128::from(plain.positions)));
            }
        }
    }

    #[test]
    fn a_table_entry_is_its_key_and_value_only() {
        // The work is read off the value and the keys' niches make empty slots free: a
        // 4-way count bucket is its 8-byte mutex and four 24-byte entries. The hashed
        // perft's lock-free bucket is one 128-byte block: the version, four 16-byte keys
        // and four 14-byte values.
        assert_eq!(MemoTable::<Narrow, CountEntry>::BUCKET_BYTES, 8 + 4 * 24);
        assert_eq!(crate::search::pairs::BUCKET_BYTES, 128);
        assert_eq!(crate::search::pairs::WAYS, 4);
    }

    #[test]
    fn packed_keys_tell_positions_sides_and_depths_apart() {
        let (g, p) = start(8, 8, 3);
        let len = bits_needed(8, 8);
        let mut q = p;
        q.side = Color::White;
        let k = |p: &Position<u64>, d| <Packed as MemoKey<u64>>::of(p, d, len);
        assert_ne!(k(&p, 3), k(&q, 3));
        assert_ne!(k(&p, 3), k(&p, 4));
        let child = p.apply(&legal_moves::<u64, true>(&g, &p)[0]);
        assert_ne!(k(&p, 3), k(&child, 3));
        assert_eq!(k(&child, 3), k(&child.clone(), 3));
    }

    #[test]
    fn narrow_keys_tell_positions_and_sides_apart() {
        let (g, p) = start(6, 6, 2);
        let len = bits_needed(6, 6);
        assert_eq!(len, NARROW_MAX_LEN);
        let k = |p: &Position<u64>| <Narrow as MemoKey<u64>>::of(p, 0, len);
        let mut q = p;
        q.side = Color::White;
        assert_ne!(k(&p), k(&q));
        let mut seen = std::collections::HashSet::new();
        for m in legal_moves::<u64, false>(&g, &p) {
            let child = p.apply(&m);
            assert!(seen.insert(k(&child)));
            for n in legal_moves::<u64, false>(&g, &child) {
                let grandchild = child.apply(&n);
                let kings = Position { kings: grandchild.pieces[1], ..grandchild };
                assert_ne!(k(&grandchild), k(&kings));
            }
        }
        assert_eq!(k(&Position::empty(Color::Black)).0.get(), 1);
    }

    #[test]
    fn count_entries_round_trip_or_refuse() {
        let games = |b: u128, w: u128, k: u128| Games { total: b + w + k, black_wins: b, white_wins: w, both_kings: k };
        let cases = [
            (games(0, 0, 1), 1),
            (games(1, 0, 0), 1),
            (games(5, 7, 0), 30),
            (games(70_148, 108_026, 85_674_336_266), 121_256_539_319),
            (games(0, 0, 1 << 50), (1 << 52) + 5),
            (games(1 << 20, 1 << 20, 1), 1 << 60),
            (games(0, 0, 1), (1 << 108) + 3),
        ];
        for (g, plain) in cases {
            let e = CountEntry::pack(&g, plain).unwrap();
            assert_eq!(e.unpack(), (g, plain));
        }
        // 6x6 r1's start: 18 + 30 + 31 + 40 + 41 bits.
        let start = games(701_486_633, 1_080_267_340, 856_743_362_669);
        assert!(CountEntry::pack(&start, 1_212_565_393_197).is_none());
        assert!(CountEntry::pack(&games(0, 0, 1), 1 << 110).is_none());
        assert!(CountEntry::pack(&games(0, 0, 1), u128::MAX).is_none());
    }

    /// 6x6 r1's figures near the start need more than 110 bits: they are kept in the side
    /// map, so each position is computed about once (526,434 on an unbounded memo; this
    /// sequential walk's 256 MiB table, which starts at 64 MiB and doubles, recomputes
    /// 270 entries lost at its doublings).
    #[test]
    fn figures_too_wide_to_pack_are_kept_beside_the_table() {
        let (g, p) = start(6, 6, 1);
        let m = count_memo(&g, &p, BIG, false, &Budget::unlimited()).unwrap();
        assert_eq!(
            (m.games.total, m.games.black_wins, m.games.white_wins),
            (858_525_116_642, 701_486_633, 1_080_267_340)
        );
        assert_eq!(m.plain_positions, 1_212_565_393_197);
        assert_eq!((m.positions, m.distinct_positions), (1_059_457, 526_704));
        assert!(CountEntry::SIDE.unwrap().is_side());
        assert!(!CountEntry::pack(&Games::both(), 1).unwrap().is_side());
        let side = Side::<u64>::new(0);
        assert!(!side.put(1, WideCountEntry::pack(&Games::both(), 1).unwrap()));
        assert_eq!((side.get(&1).is_none(), side.bytes()), (true, 0));
    }

    #[test]
    fn a_zero_time_limit_stops_the_memo_walks() {
        let (g, p) = start(8, 8, 3);
        let zero = Budget::new(Some(std::time::Duration::ZERO));
        assert!(matches!(perft_memo(&g, &p, 12, BIG, false, &zero), Err(CountStop::Stopped(_))));
        let (g, p) = start(6, 6, 2);
        assert!(matches!(count_memo(&g, &p, BIG, true, &zero), Err(CountStop::Stopped(_))));
    }

    /// An open-addressing set of nonzero 64-bit keys with a fixed number of slots, and a
    /// deadline for the walk that fills it.
    struct KeySet {
        slots: Vec<u64>,
        len: u64,
        start: std::time::Instant,
        seconds: f64,
    }

    impl KeySet {
        /// Whether the walk must stop: three quarters of the slots used, or past the
        /// deadline (looked at, with a progress line, every 2^22 keys).
        fn full(&self) -> bool {
            if self.len % (1 << 22) == 0 {
                let s = self.start.elapsed().as_secs_f64();
                eprintln!("{} distinct positions after {s:.0} s", self.len);
                if s > self.seconds {
                    return true;
                }
            }
            self.len * 4 > self.slots.len() as u64 * 3
        }

        /// Inserts `key` (nonzero); whether it was new.
        fn insert(&mut self, key: u64) -> bool {
            let mask = self.slots.len() - 1;
            let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & mask;
            loop {
                match self.slots[i] {
                    0 => {
                        self.slots[i] = key;
                        self.len += 1;
                        return true;
                    }
                    k if k == key => return false,
                    _ => i = (i + 1) & mask,
                }
            }
        }
    }

    /// Visits every position a count from `p` reaches once (what an unbounded memo
    /// stores: its `distinct_positions`); `false` when it stopped early ([`KeySet::full`]).
    fn distinct_walk(g: &Geometry<u64>, p: &Position<u64>, len: u32, seen: &mut KeySet) -> bool {
        let Narrow(key) = <Narrow as MemoKey<u64>>::of(p, 0, len);
        if !seen.insert(key.get()) {
            return true;
        }
        if seen.full() {
            return false;
        }
        if terminal(g, p).is_some() {
            return true;
        }
        legal_moves::<u64, false>(g, p).iter().all(|m| distinct_walk(g, &p.apply(m), len, seen))
    }

    /// How many distinct positions a memoised count stores, to size its table:
    /// `CHECKERS_PROBE="6 6 2" CHECKERS_PROBE_LOG2=28 CHECKERS_PROBE_SECONDS=100 cargo test
    /// --release --lib -- --ignored --nocapture distinct_positions_probe` (a set of 2^LOG2
    /// 8-byte slots; stops at 3/4 full or after the seconds, giving a lower bound).
    #[test]
    #[ignore]
    fn distinct_positions_probe() {
        let board = std::env::var("CHECKERS_PROBE").unwrap_or_else(|_| "5 6 2".into());
        let n: Vec<u8> = board.split_whitespace().map(|x| x.parse().unwrap()).collect();
        let log2: u32 = std::env::var("CHECKERS_PROBE_LOG2").map_or(22, |x| x.parse().unwrap());
        let (g, p) = start(n[0], n[1], n[2]);
        let len = bits_needed(g.rows, g.cols);
        assert!(len <= NARROW_MAX_LEN, "count keys of {board} do not fit 64 bits");
        let seconds = std::env::var("CHECKERS_PROBE_SECONDS").map_or(100.0, |x| x.parse().unwrap());
        let mut seen = KeySet { slots: vec![0; 1 << log2], len: 0, start: std::time::Instant::now(), seconds };
        let done = distinct_walk(&g, &p, len, &mut seen);
        let s = seen.start.elapsed().as_secs_f64();
        eprintln!(
            "{board}: {} distinct positions{} in {s:.1} s",
            seen.len,
            if done { "" } else { " (set full: a lower bound)" }
        );
        if board == "5 6 2" {
            assert_eq!((seen.len, done), (852_458, true));
        }
    }
}
