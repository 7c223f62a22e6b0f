//! A lock-free bounded table from exact 128-bit keys to pairs of counts: the memo of the
//! hashed perft, whose entries are a packed position with its depth and the subtree's
//! `[leaves, plain calls]`.
//!
//! # Exactness
//! Keys are stored and compared in full, as in [`super::memo::MemoTable`]: a value read
//! back is the value of that very key. Every bucket carries a version (a sequence lock):
//! a writer makes it odd, writes, and makes it even again; a reader reads the version,
//! the words and the version again, and treats a bucket written meanwhile (an odd or a
//! changed version) as a miss. A torn read is thus never used, and readers never wait.
//! A writer that finds the bucket being written drops its store (recomputation later is
//! the only cost). The version is 64 bits wide, so it never wraps around.
//!
//! # Layout
//! A bucket is 128 bytes, aligned to 128 (two cache lines, never three): the version,
//! [`WAYS`] 128-bit keys and [`WAYS`] 112-bit values, **32 bytes an entry**. A value holds
//! the two counts `[a, b]` as the bit width of `a` (6 bits), `a`, and `b` in the bits
//! left, so any pair needing at most 106 bits together is stored (perft's leaves and
//! calls of depth 20 from the 8x8 start need 47 + 45); a wider pair is not stored.
//!
//! # Memory
//! The buckets are one [`Region`] of the bound: an anonymous mapping in transparent huge
//! pages (on Linux), so that a probe into gigabytes costs one TLB entry per 2 MiB instead
//! of per 4 KiB, taken over from the process's previous table where there was one (see
//! the region's module for why). Pages are taken only when first written; the buckets in
//! use are zeroed (where an earlier table wrote them) before the table grows into them.
//! The buckets in use start at 64 MiB and double (up to the bound) as stores keep meeting
//! full buckets, as in the shared core, with the same linear hashing: new bucket
//! `n + j` takes its keys from bucket `j` only. A doubling moves those entries in chunks
//! of 1024 buckets (`MOVE_CHUNK`): the thread that starts it and every thread that stores
//! meanwhile claim chunks, zero their new buckets and move their entries, so a doubling
//! on many threads is shared rather than left to one while the others finish the search.
//! The moved prefix of the old buckets is published together with the count in one
//! word, and a key whose old bucket is in it is addressed by the doubled count: stores
//! made during a doubling are kept rather than left behind in buckets no lookup visits
//! again. A lookup is always one probe. (Until 2026-11-25 a miss also looked in the key's
//! bucket before the last doubling, for a while after each; until 2026-11-26 one thread
//! did each doubling alone and stores made meanwhile used the old count throughout: on 2
//! threads the hashed perft 14 from 8x8 r3 computed 1.9 % more subtrees than alone.)
//!
//! # Replacement
//! A full bucket keeps its three entries of most work (`b`, the second count) and the
//! newest of the others: a new entry of at least the least work of the three takes that
//! one's slot, which moves to the fourth, the recent slot; any other new entry takes the
//! recent slot. Big subtrees thus stay, and small ones still live a while in the recent
//! slot. (Replacing only the entry of least work, or dropping the new one, computed 37%
//! more subtrees for perft 15 in 16 MiB and 11% more in 64 MiB.)

use std::sync::atomic::{fence, AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crossbeam_utils::CachePadded;

use super::memo::linear_index;
use super::region::Region;
use crate::base::error::InputError;

/// Entries per bucket.
pub const WAYS: usize = 4;

/// The slot of a full bucket that takes the newest entry the others do not keep.
const RECENT: usize = WAYS - 1;

/// Words of a bucket: the version, the keys (two words each), the values.
const WORDS: usize = 16;
/// First word of the values.
const VALUES_AT: usize = 1 + 2 * WAYS;
/// Bits of one stored value.
const VALUE_BITS: u32 = 112;
/// Bits of the width field of a value.
const WIDTH_BITS: u32 = 6;

#[repr(C, align(128))]
struct Bucket {
    words: [AtomicU64; WORDS],
}

/// The bytes of one bucket.
pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

const _: () = assert!(BUCKET_BYTES == 128 && VALUES_AT + 7 == WORDS && WAYS as u32 * VALUE_BITS == 7 * 64);

/// The most bytes a table uses before it first doubles.
const FIRST_BYTES: usize = 64 << 20;

/// The table doubles when stores have met this many full buckets per 1024 buckets in use.
const CROWDED_PER_1024: u64 = 64;

/// Buckets a doubling moves as one claim (and between two publications of its
/// progress): 128 KiB of buckets, a few tens of microseconds.
const MOVE_CHUNK: usize = 1024;

/// Most buckets a table may have: the count and a doubling's progress share one word.
const MAX_BUCKETS: usize = u32::MAX as usize;

/// Where keys live now: the buckets in use, and while a doubling is under way, how many
/// of the old buckets it has moved (0 otherwise). Packed into one word
/// (`active << 32 | moved`) so that a reader never pairs a count with another
/// doubling's progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Layout {
    active: usize,
    moved: usize,
    /// Buckets in use when the doubling under way is done (`active` when none is).
    doubled: usize,
}

impl Layout {
    fn pack(active: usize, moved: usize) -> u64 {
        (active as u64) << 32 | moved as u64
    }

    /// The bucket of `key`: under the doubled count where its old bucket has been moved.
    #[inline(always)]
    fn index(&self, key: u128) -> usize {
        let i = linear_index(&key, self.active);
        if i < self.moved {
            linear_index(&key, self.doubled)
        } else {
            i
        }
    }
}

/// The packed form of `[a, b]`, if the pair fits [`VALUE_BITS`].
#[inline]
fn pack([a, b]: [u64; 2]) -> Option<u128> {
    let wa = u64::BITS - a.leading_zeros();
    let wb = u64::BITS - b.leading_zeros();
    (wa < 1 << WIDTH_BITS && WIDTH_BITS + wa + wb <= VALUE_BITS)
        .then(|| u128::from(wa) | u128::from(a) << WIDTH_BITS | u128::from(b) << (WIDTH_BITS + wa))
}

#[inline]
fn unpack(x: u128) -> [u64; 2] {
    let wa = (x as u32) & ((1 << WIDTH_BITS) - 1);
    let a = (x >> WIDTH_BITS) as u64 & u64::MAX.checked_shr(u64::BITS - wa).unwrap_or(0);
    [a, (x >> (WIDTH_BITS + wa)) as u64]
}

/// Value `i` out of the value words (`v[7]` zero).
#[inline]
fn value_at(v: &[u64; 8], i: usize) -> u128 {
    let bit = VALUE_BITS as usize * i;
    let (k, off) = (bit / 64, (bit % 64) as u32);
    let mut x = (u128::from(v[k]) | u128::from(v[k + 1]) << 64) >> off;
    if off > 128 - VALUE_BITS {
        x |= u128::from(v[k + 2]) << (128 - off);
    }
    x & ((1 << VALUE_BITS) - 1)
}

/// Writes value `i` into the value words.
#[inline]
fn set_value(v: &mut [u64; 8], i: usize, x: u128) {
    let bit = VALUE_BITS as usize * i;
    let (k, off) = (bit / 64, (bit % 64) as u32);
    let mask = ((1u128 << VALUE_BITS) - 1) << off;
    let low = (u128::from(v[k]) | u128::from(v[k + 1]) << 64) & !mask | x << off;
    v[k] = low as u64;
    v[k + 1] = (low >> 64) as u64;
    if off > 128 - VALUE_BITS {
        let spill = 128 - off;
        let high_mask = (1u64 << (VALUE_BITS - spill)) - 1;
        v[k + 2] = v[k + 2] & !high_mask | (x >> spill) as u64;
    }
}

/// A bounded, lock-free table from nonzero 128-bit keys to pairs of counts `[a, b]`,
/// `b` being what recomputing the entry would cost. A value read back is always the one
/// stored for exactly that key; a dropped or refused entry only costs recomputation.
pub struct PairTable {
    /// The buckets' memory; those in use are zero or written by this table.
    region: Region,
    /// Buckets the table may grow to (at most [`MAX_BUCKETS`]).
    buckets: usize,
    /// The [`Layout`], packed: the buckets in use, doubling up to `buckets`, and a
    /// doubling's progress. Read by every probe, written only by a doubling.
    layout: AtomicU64,
    /// Stores that met a full bucket since the last doubling; on a cache line of its own,
    /// so that counting them does not evict `layout` from the other threads' caches.
    crowded: CachePadded<AtomicU64>,
    /// Whether a thread is doubling the buckets in use (one at a time).
    growing: CachePadded<AtomicBool>,
    /// The chunks of the doubling under way, which every storing thread helps move.
    doubling: CachePadded<Doubling>,
}

/// The shared state of a doubling from `active` buckets.
struct Doubling {
    /// `active << 32 | the next chunk to claim` while a doubling is under way, else 0.
    claim: AtomicU64,
    /// Chunks moved so far.
    finished: AtomicUsize,
    /// Whether each chunk is moved: the published prefix grows over these flags.
    moved: Box<[AtomicBool]>,
}

/// Chunks of a doubling from `active` to `doubled` buckets.
fn chunks(active: usize, doubled: usize) -> usize {
    (doubled - active).div_ceil(MOVE_CHUNK)
}

/// A bucket's snapshot: the keys and the value words (`values[7]` zero).
struct Snapshot {
    keys: [u128; WAYS],
    values: [u64; 8],
}

impl Bucket {
    /// The words, read under the version; `None` when a writer was at work meanwhile.
    #[inline(always)]
    fn read(&self) -> Option<Snapshot> {
        let v = self.words[0].load(Ordering::Acquire);
        if v & 1 == 1 {
            return None;
        }
        let s = self.read_words();
        fence(Ordering::Acquire);
        (self.words[0].load(Ordering::Relaxed) == v).then_some(s)
    }

    #[inline(always)]
    fn read_words(&self) -> Snapshot {
        let w = |i: usize| self.words[i].load(Ordering::Relaxed);
        let keys = std::array::from_fn(|i| u128::from(w(1 + 2 * i)) | u128::from(w(2 + 2 * i)) << 64);
        let mut values = [0; 8];
        for (j, v) in values.iter_mut().take(7).enumerate() {
            *v = w(VALUES_AT + j);
        }
        Snapshot { keys, values }
    }

    /// Runs `change` on the snapshot with the bucket locked and writes back what it
    /// changed; does nothing when another writer holds the bucket.
    #[inline(always)]
    fn write(&self, change: impl FnOnce(&mut Snapshot)) {
        let v = self.words[0].load(Ordering::Relaxed);
        if v & 1 == 1 || self.words[0].compare_exchange(v, v + 1, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return;
        }
        fence(Ordering::Release);
        let old = self.read_words();
        let mut new = Snapshot { keys: old.keys, values: old.values };
        change(&mut new);
        for i in 0..WAYS {
            if new.keys[i] != old.keys[i] {
                self.words[1 + 2 * i].store(new.keys[i] as u64, Ordering::Relaxed);
                self.words[2 + 2 * i].store((new.keys[i] >> 64) as u64, Ordering::Relaxed);
            }
        }
        for j in 0..7 {
            if new.values[j] != old.values[j] {
                self.words[VALUES_AT + j].store(new.values[j], Ordering::Relaxed);
            }
        }
        self.words[0].store(v + 2, Ordering::Release);
    }
}

impl PairTable {
    /// A table of at most `bytes` bytes (at least one bucket). The memory is reserved,
    /// not taken: pages are taken as buckets are first written.
    pub fn with_bytes(bytes: u64) -> Result<Self, InputError> {
        let buckets = usize::try_from(bytes / BUCKET_BYTES as u64).unwrap_or(usize::MAX).max(1);
        if buckets > MAX_BUCKETS {
            return Err(InputError::new(format!(
                "memo table too large: at most {} MiB",
                (MAX_BUCKETS as u64 * BUCKET_BYTES as u64) >> 20
            )));
        }
        let first = (FIRST_BYTES / BUCKET_BYTES).min(buckets);
        let len = buckets.checked_mul(BUCKET_BYTES).ok_or_else(|| InputError::new("memo table too large"))?;
        let region = Region::take(len)?;
        region.zeroed(first * BUCKET_BYTES);
        Ok(PairTable {
            region,
            buckets,
            layout: AtomicU64::new(Layout::pack(first, 0)),
            crowded: CachePadded::new(AtomicU64::new(0)),
            growing: CachePadded::new(AtomicBool::new(false)),
            doubling: CachePadded::new(Doubling {
                claim: AtomicU64::new(0),
                finished: AtomicUsize::new(0),
                moved: (0..(buckets / 2).div_ceil(MOVE_CHUNK)).map(|_| AtomicBool::new(false)).collect(),
            }),
        })
    }

    /// Bytes the table may occupy when it has grown to its bound.
    pub fn bytes(&self) -> u64 {
        (self.buckets * BUCKET_BYTES) as u64
    }

    /// Bytes of the buckets in use (those the search can have touched).
    pub fn allocated_bytes(&self) -> u64 {
        (self.buckets_in_use() * BUCKET_BYTES) as u64
    }

    /// Entries the table can hold when it has grown to its bound.
    pub fn capacity(&self) -> u64 {
        (self.buckets * WAYS) as u64
    }

    /// Buckets in use now.
    pub fn buckets_in_use(&self) -> usize {
        self.layout().active
    }

    /// Where keys live now.
    #[inline(always)]
    fn layout(&self) -> Layout {
        // Acquire: a thread that sees a count or a doubling's progress sees the buckets
        // zeroed and moved before it was published.
        let word = self.layout.load(Ordering::Acquire);
        let (active, moved) = ((word >> 32) as usize, (word & u64::from(u32::MAX)) as usize);
        let doubled = if moved == 0 { active } else { self.doubled_from(active) };
        Layout { active, moved, doubled }
    }

    #[inline(always)]
    fn bucket(&self, i: usize) -> &Bucket {
        assert!(i < self.buckets);
        // SAFETY: in bounds of the region (`with_bytes`), whose base is aligned to 2 MiB;
        // the buckets in use were zeroed before use (zero words are an empty bucket) and
        // the region lives as long as `self`.
        unsafe { &*self.region.base().as_ptr().cast::<Bucket>().add(i) }
    }

    /// Asks the processor to fetch `key`'s bucket into the cache (a hint: no effect on
    /// what the table holds), so that a probe soon after finds it there.
    #[inline(always)]
    pub fn prefetch(&self, key: u128) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let b: *const Bucket = self.bucket(self.layout().index(key));
            // SAFETY: a prefetch only hints; the address is inside the mapping.
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(b.cast());
                _mm_prefetch::<_MM_HINT_T0>(b.cast::<i8>().wrapping_add(64));
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The pair stored for exactly `key` (nonzero), if the table has it.
    #[inline]
    pub fn get(&self, key: u128) -> Option<[u64; 2]> {
        Self::find(self.bucket(self.layout().index(key)), key)
    }

    #[inline(always)]
    fn find(bucket: &Bucket, key: u128) -> Option<[u64; 2]> {
        let s = bucket.read()?;
        let i = s.keys.iter().position(|&k| k == key)?;
        Some(unpack(value_at(&s.values, i)))
    }

    /// Stores `value` for `key` (nonzero); a full bucket makes room as the module's
    /// "Replacement" says, by the work `value[1]`. A pair too wide to pack, or a bucket
    /// another thread is writing, drops the store.
    #[inline]
    pub fn store(&self, key: u128, value: [u64; 2]) {
        debug_assert!(key != 0);
        let Some(packed) = pack(value) else { return };
        let layout = self.layout();
        let i = layout.index(key);
        let mut crowded = false;
        self.bucket(i).write(|s| {
            let slot = s
                .keys
                .iter()
                .position(|&k| k == key || k == 0)
                .or_else(|| s.keys.iter().position(|&k| layout.index(k) != i));
            let slot = slot.unwrap_or_else(|| {
                crowded = true;
                let (cheapest, least) = (0..RECENT)
                    .map(|j| (j, unpack(value_at(&s.values, j))[1]))
                    .min_by_key(|&(_, w)| w)
                    .unwrap_or((0, 0));
                if least > value[1] {
                    return RECENT;
                }
                s.keys[RECENT] = s.keys[cheapest];
                let evicted = value_at(&s.values, cheapest);
                set_value(&mut s.values, RECENT, evicted);
                cheapest
            });
            s.keys[slot] = key;
            set_value(&mut s.values, slot, packed);
        });
        if crowded {
            self.crowded_store(layout.active);
        }
        if self.doubling.claim.load(Ordering::Relaxed) != 0 {
            self.help_double();
        }
    }

    /// Counts a store that met a full bucket, and doubles the buckets in use (up to the
    /// bound) when there have been enough of them.
    fn crowded_store(&self, active: usize) {
        if active >= self.buckets {
            return;
        }
        let crowded = self.crowded.fetch_add(1, Ordering::Relaxed) + 1;
        if crowded * 1024 >= active as u64 * CROWDED_PER_1024
            && self.growing.compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed).is_ok()
        {
            if self.buckets_in_use() == active {
                self.grow(active);
            }
            self.growing.store(false, Ordering::Release);
        }
    }

    /// Doubles the buckets in use from `active` (a power of two) up to the bound: opens
    /// the doubling's chunks to every storing thread, moves chunks itself until none is
    /// left to claim, waits for those other threads are moving, then lets every thread
    /// use the doubled count. An entry another thread stores into bucket `j` under the old
    /// count just as `j` is moved may stay behind, where it is no longer found and is the
    /// first to make room.
    fn grow(&self, active: usize) {
        let doubled = self.doubled_from(active);
        let chunks = chunks(active, doubled);
        let d = &self.doubling;
        d.finished.store(0, Ordering::Relaxed);
        d.claim.store((active as u64) << 32, Ordering::Release);
        self.help_double();
        // The chunks other threads claimed take microseconds; a thread the system has
        // descheduled meanwhile gets the core back through `yield_now`.
        let mut spins = 0u32;
        while d.finished.load(Ordering::Acquire) < chunks {
            spins += 1;
            if spins % 64 == 0 {
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
        d.claim.store(0, Ordering::Relaxed);
        for flag in &d.moved[..chunks] {
            flag.store(false, Ordering::Relaxed);
        }
        self.region.wrote(doubled * BUCKET_BYTES);
        self.layout.store(Layout::pack(doubled, 0), Ordering::Release);
        self.crowded.store(0, Ordering::Relaxed);
    }

    /// The buckets in use after doubling from `active`: twice as many, up to the bound.
    fn doubled_from(&self, active: usize) -> usize {
        active.saturating_mul(2).min(self.buckets)
    }

    /// Claims and moves chunks of the doubling under way until none is left to claim.
    fn help_double(&self) {
        let d = &self.doubling;
        loop {
            let claim = d.claim.load(Ordering::Acquire);
            let active = (claim >> 32) as usize;
            let chunk = (claim & u64::from(u32::MAX)) as usize;
            let doubled = self.doubled_from(active);
            if active == 0 || chunk >= chunks(active, doubled) {
                return;
            }
            if d.claim.compare_exchange(claim, claim + 1, Ordering::Acquire, Ordering::Relaxed).is_err() {
                continue;
            }
            self.move_chunk(active, doubled, chunk);
            d.moved[chunk].store(true, Ordering::Release);
            d.finished.fetch_add(1, Ordering::AcqRel);
            self.publish_moved(active, doubled);
        }
    }

    /// Zeroes the new buckets of `chunk` and moves into them the entries of their old
    /// buckets.
    fn move_chunk(&self, active: usize, doubled: usize, chunk: usize) {
        let from = chunk * MOVE_CHUNK;
        let to = (from + MOVE_CHUNK).min(doubled - active);
        self.region.zero_part((active + from) * BUCKET_BYTES, (active + to) * BUCKET_BYTES);
        for j in from..to {
            self.move_bucket(active, doubled, j);
        }
    }

    /// Extends the published moved prefix of the doubling from `active` over the chunks
    /// moved since, as far as they are contiguous.
    fn publish_moved(&self, active: usize, doubled: usize) {
        let chunks = chunks(active, doubled);
        loop {
            let word = self.layout.load(Ordering::Acquire);
            if (word >> 32) as usize != active {
                return;
            }
            let next = ((word & u64::from(u32::MAX)) as usize).div_ceil(MOVE_CHUNK);
            if next >= chunks || !self.doubling.moved[next].load(Ordering::Acquire) {
                return;
            }
            let moved = ((next + 1) * MOVE_CHUNK).min(doubled - active);
            let _ =
                self.layout.compare_exchange(word, Layout::pack(active, moved), Ordering::Release, Ordering::Relaxed);
        }
    }

    /// Moves the entries of bucket `j` that belong to bucket `active + j` under the
    /// `doubled` count there (as many as fit); does nothing while another thread writes
    /// either bucket.
    fn move_bucket(&self, active: usize, doubled: usize, j: usize) {
        let target = self.bucket(active + j);
        self.bucket(j).write(|from| {
            target.write(|to| {
                let mut free = 0;
                for w in 0..WAYS {
                    let key = from.keys[w];
                    if key != 0 && linear_index(&key, doubled) == active + j {
                        let Some(t) = (free..WAYS).find(|&t| to.keys[t] == 0) else { return };
                        free = t + 1;
                        to.keys[t] = key;
                        set_value(&mut to.values, t, value_at(&from.values, w));
                        from.keys[w] = 0;
                    }
                }
            });
        });
    }

    /// Entries stored now (counts every bucket in use: call it once, at the end).
    pub fn occupied(&self) -> u64 {
        (0..self.buckets_in_use())
            .map(|i| self.bucket(i).read_words().keys.iter().filter(|&&k| k != 0).count() as u64)
            .sum()
    }
}

#[cfg(test)]
mod tests;
