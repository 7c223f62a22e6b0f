//! The memoised continuation count: its packed table values, the side map of figures too
//! wide for them, the walker and the tree the root splitter cuts.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

use super::keys::{checked, Full, MemoKey, MemoWalk, Narrow, Packed};
use crate::checkers::count::{terminal, Count, CountStop, Games};
use crate::checkers::geometry::{bits_needed, Geometry};
use crate::checkers::moves::{generate, legal_moves};
use crate::checkers::position::Position;
use crate::search::bits::Bits;
use crate::search::budget::Budget;
use crate::search::budget::Ticker;
use crate::search::memo::{MemoTable, SubtreeValue};
use crate::search::split::{self, SplitTree};

/// What all tasks of a walk share: the board, the table, the side map and the budget.
pub(super) struct Shared<'a, B, K, V> {
    g: &'a Geometry<B>,
    table: &'a MemoTable<K, V>,
    side: &'a Side<K>,
    budget: &'a Budget,
}

/// Children a memoised count keeps, with their keys prefetched, before walking them; the
/// moves past this many are walked as they are generated.
const PREFETCHED: usize = 32;

/// Share of the table's bytes the [`Side`] map may take besides it.
const SIDE_SHARE: u64 = 32;

/// Count figures too wide for the table's compact value ([`CountEntry`]), kept beside
/// the table under their exact key while the table holds [`CountValue::SIDE`] for them.
/// They are few (positions near the start), and at most `cap`.
pub(super) struct Side<K> {
    map: Mutex<HashMap<K, WideCountEntry>>,
    cap: usize,
}

impl<K: Copy + Eq + Hash> Side<K> {
    /// An empty map allowed `1 / SIDE_SHARE` of `table_bytes`.
    pub(super) fn new(table_bytes: u64) -> Self {
        let entry = std::mem::size_of::<(K, WideCountEntry)>() as u64 + 1;
        Side { map: Mutex::new(HashMap::new()), cap: (table_bytes / SIDE_SHARE / entry) as usize }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, WideCountEntry>> {
        self.map.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(super) fn get(&self, key: &K) -> Option<WideCountEntry> {
        self.lock().get(key).copied()
    }

    /// Keeps `value` for `key`; `false` when the map is full.
    pub(super) fn put(&self, key: K, value: WideCountEntry) -> bool {
        let mut map = self.lock();
        if map.len() >= self.cap && !map.contains_key(&key) {
            return false;
        }
        map.insert(key, value);
        true
    }

    /// Bytes the map takes (0 while unused).
    pub(super) fn bytes(&self) -> u64 {
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
pub(super) fn on_table<B, K: Copy + Eq + Hash, V: SubtreeValue, T>(
    job: &MemoWalk<B>,
    walk: impl Fn(&Shared<B, K, V>) -> Result<T, CountStop>,
) -> Result<(T, u64), CountStop> {
    job.budget.reserve(job.max_bytes)?;
    let table = MemoTable::with_bytes(job.max_bytes).map_err(|e| CountStop::NoMemory(e.message))?;
    let side = Side::new(table.bytes());
    let value = walk(&Shared { g: job.g, table: &table, side: &side, budget: job.budget })?;
    Ok((value, table.allocated_bytes() + side.bytes()))
}

/// Subtree figures a memoised count stores per position: the games split and the plain
/// calls, when they fit (positions whose figures do not are not stored; their children
/// are).
pub(super) trait CountValue: SubtreeValue + Send + Sync {
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
pub(super) struct CountEntry([u64; 2]);

/// The wide count value, used with the larger keys (7x6 and up, whose counts near the
/// start need far more than 110 bits): each figure as a `u64`.
#[derive(Debug, Clone, Copy)]
pub(super) struct WideCountEntry {
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
    /// [`games_from`](crate::checkers::count::games_from) `p` through [`Self::count`], adding the children's plain calls to
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
pub(super) struct CountMemoTree<'s, 'a, B, K, V> {
    pub(super) s: &'s Shared<'a, B, K, V>,
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

    fn positions(&self, value: &Self::Value) -> u64 {
        value.2[0]
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
    let job = MemoWalk::new(g, p, max_bytes, parallel, budget);
    if job.narrow() {
        count_keyed::<B, Narrow, CountEntry>(&job)
    } else if job.packs(0) {
        count_keyed::<B, Packed, WideCountEntry>(&job)
    } else {
        count_keyed::<B, Full<B>, WideCountEntry>(&job)
    }
}

/// How evenly [`count_memo`] on several threads shares the count from `p` over `workers`
/// workers when it cuts it into about `tasks` tasks ([`split::balance`]: the tasks walked
/// one after the other on one fresh table of at most `max_bytes`, each counted in its
/// memo calls, no clock).
pub fn count_memo_balance<B: Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    max_bytes: u64,
    tasks: usize,
    workers: usize,
    budget: &Budget,
) -> Result<split::Balance, CountStop> {
    let job = MemoWalk::new(g, p, max_bytes, false, budget);
    if job.narrow() {
        balance_keyed::<B, Narrow, CountEntry>(&job, tasks, workers)
    } else if job.packs(0) {
        balance_keyed::<B, Packed, WideCountEntry>(&job, tasks, workers)
    } else {
        balance_keyed::<B, Full<B>, WideCountEntry>(&job, tasks, workers)
    }
}

fn balance_keyed<B: Bits, K: MemoKey<B>, V: CountValue>(
    job: &MemoWalk<B>,
    tasks: usize,
    workers: usize,
) -> Result<split::Balance, CountStop> {
    let walk = |s: &Shared<B, K, V>| split::balance(&CountMemoTree { s }, *job.p, tasks, workers);
    Ok(on_table(job, walk)?.0)
}

fn count_keyed<B: Bits, K: MemoKey<B>, V: CountValue>(job: &MemoWalk<B>) -> Result<Count, CountStop> {
    let walk = |s: &Shared<B, K, V>| split::run(&CountMemoTree { s }, *job.p, job.parallel);
    let ((games, plain_positions, [positions, distinct_positions]), memo_bytes) = on_table(job, walk)?;
    Ok(Count { games, positions, plain_positions, distinct_positions, memo_bytes })
}
