//! The memo core shared by every game's exact counts through a transposition table
//! ("hashed perft"): a bounded, concurrent table from positions to subtree values.
//!
//! # Exactness
//! Keys are stored and compared **in full** (a game's packed position, plus the remaining
//! depth where the subtree depends on it): a hit is a hit only when the stored key equals
//! the looked-up key, so a value read back is always the value of that very subtree, never
//! of a colliding one. The hash picks a bucket and nothing else. A count through the
//! table therefore equals the count of the plain walk whatever the table's size, its
//! replacement decisions or the interleaving of threads — the tests in every game check
//! this against the plain walk, also with tables far too small for the tree.
//!
//! # Bounded memory and replacement
//! The table never takes more than its bound (from `--memo-mb`). It starts with at most
//! 64 MiB of buckets and doubles the buckets in use (up to the bound) whenever stores keep
//! meeting full buckets, so a small search takes little memory and a large one the whole
//! bound. The buckets in use are a power of two `n`, or, in the last step to the bound,
//! between `n` and `2n`: a key's bucket is the low bits of its hash below the next power
//! of two, and the lower half's bucket where those name a bucket not in use (linear
//! hashing). A bucket new in a step, `i` in `[n, 2n)`, takes its keys from bucket `i - n`
//! only, so when a chunk of new buckets is first used, the entries of its buddy chunk that
//! now belong to it are moved into it, once: a lookup is one probe, before and after a
//! doubling. An entry stored by a thread that had not seen the doubling yet can be left
//! behind in its old bucket; it is no longer found (recomputing it is the only cost) and is
//! the first to make room there. A bucket holds [`WAYS`] entries; storing
//! into a full bucket replaces the entry with the least work (the smallest subtree, as the
//! value itself tells by [`SubtreeValue::work`]), or drops the new entry when every stored
//! one cost more. Replacement only costs recomputation later.
//!
//! # Memory
//! The buckets lie in one [`Region`]: a mapping of the bound, aligned to 2 MiB and marked
//! for transparent huge pages (Linux `MADV_HUGEPAGE`), so that a probe into a table of
//! gigabytes needs one TLB entry per 2 MiB instead of one per 4 KiB, and taken over from
//! the process's previous table where there was one (see the region's module for why).
//! Its buckets come in chunks of 2^16, each initialised when the table first uses it;
//! pages are taken as chunks are. The bound counts whole chunks (a table is its bound
//! rounded down to them).
//!
//! # Size of an entry
//! An entry is the key and the value, nothing else: the work is read off the value (every
//! game's value holds its subtree's plain positions), and a key type with a niche (a
//! `NonZeroU64` field) makes the empty slot free, so a bucket is `8 + WAYS * (key + value)`
//! bytes with its mutex.
//!
//! # Concurrency
//! Each bucket has its own mutex, held for a handful of comparisons; parallel searches
//! split at the root on rayon and share one table. Two threads may compute the same
//! subtree at the same time; both store the same value, so the result is unchanged.

use std::hash::{BuildHasher, Hash, Hasher};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use super::region::Region;
use crate::base::error::InputError;

/// Entries per bucket.
pub const WAYS: usize = 4;

/// A value the table stores for a subtree.
pub trait SubtreeValue: Copy {
    /// What recomputing the subtree would cost (its plain positions, say): a full bucket
    /// replaces the entry with the least work first.
    fn work(&self) -> u64;
}

#[derive(Clone, Copy)]
struct Entry<K, V> {
    key: K,
    value: V,
}

type Bucket<K, V> = Mutex<[Option<Entry<K, V>>; WAYS]>;

/// A run of buckets inside the table's [`Region`], initialised when the table first
/// uses it.
struct Chunk<K, V> {
    buckets: NonNull<Bucket<K, V>>,
    len: usize,
}

// SAFETY: a chunk is a view of buckets the table owns; buckets are mutexes.
unsafe impl<K: Send, V: Send> Send for Chunk<K, V> {}
// SAFETY: shared access goes through the buckets' mutexes only.
unsafe impl<K: Send, V: Send> Sync for Chunk<K, V> {}

impl<K: Copy, V: Copy> Chunk<K, V> {
    /// `len` empty buckets written at `at`.
    ///
    /// # Safety
    /// `at .. at + len` buckets lie inside a live region, suitably aligned, and no other
    /// chunk covers them.
    unsafe fn init(at: NonNull<Bucket<K, V>>, len: usize) -> Self {
        for i in 0..len {
            // SAFETY: inside the chunk's range (the caller's promise), not yet in use.
            unsafe { at.as_ptr().add(i).write(Mutex::new([None; WAYS])) };
        }
        Chunk { buckets: at, len }
    }
}

impl<K, V> std::ops::Deref for Chunk<K, V> {
    type Target = [Bucket<K, V>];
    fn deref(&self) -> &[Bucket<K, V>] {
        // SAFETY: `len` buckets were initialised in `init` and live as long as the table.
        unsafe { std::slice::from_raw_parts(self.buckets.as_ptr(), self.len) }
    }
}

impl<K, V> Chunk<K, V> {
    /// The buckets of a chunk not yet shared with other threads.
    fn slots_mut(&mut self) -> &mut [Bucket<K, V>] {
        // SAFETY: as in `deref`; `&mut self` makes the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.buckets.as_ptr(), self.len) }
    }
}

/// A bounded concurrent table from exact keys to subtree values.
///
/// `K` is the full key (compared with `==` on every hit), `V` the stored value. The
/// buckets come in chunks that are allocated when first used, and the buckets in use
/// double as the table fills, so a large bound costs nothing until a search needs it, and
/// starting a table is instant.
pub struct MemoTable<K, V> {
    chunks: Box<[OnceLock<Chunk<K, V>>]>,
    /// The memory of every chunk, chunk `c` at `c * chunk_buckets` buckets.
    region: Region,
    chunk_buckets: usize,
    buckets: usize,
    /// Buckets in use now: a power of two of chunks, doubling up to `buckets`.
    active: AtomicUsize,
    /// Stores that met a full bucket since the last doubling.
    crowded: AtomicU64,
}

/// The most bytes a table uses before it first doubles.
const FIRST_BYTES: usize = 64 << 20;

/// The table doubles when stores have met this many full buckets per 1024 buckets in use.
const CROWDED_PER_1024: u64 = 64;

/// Buckets per chunk (the unit of allocation): several huge pages for every game's bucket.
const CHUNK_BUCKETS: usize = 1 << 16;

impl<K: Copy + Eq + Hash, V: SubtreeValue> MemoTable<K, V> {
    /// The bytes one bucket takes.
    pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket<K, V>>();

    /// A table of at most `bytes` bytes (at least one bucket; a power of two of buckets
    /// up to one chunk, above that a whole number of chunks).
    ///
    /// Memory is taken chunk by chunk as the table fills; the size is checked against
    /// physical memory where it comes from the user (`--memo-mb`, `memo_mb`), before this.
    pub fn with_bytes(bytes: u64) -> Result<Self, InputError> {
        let wanted = usize::try_from(bytes / Self::BUCKET_BYTES as u64).unwrap_or(usize::MAX).max(1);
        // A power of two, so that a bucket's chunk is a shift away, not a division.
        let chunk_buckets = 1 << wanted.min(CHUNK_BUCKETS).ilog2();
        let buckets = wanted / chunk_buckets * chunk_buckets;
        let chunks = (0..buckets / chunk_buckets).map(|_| OnceLock::new()).collect();
        let region = Region::take(buckets * Self::BUCKET_BYTES)?;
        Ok(MemoTable {
            chunks,
            region,
            chunk_buckets,
            buckets,
            active: AtomicUsize::new(Self::first_buckets(chunk_buckets, buckets)),
            crowded: AtomicU64::new(0),
        })
    }

    /// The buckets in use at the start: whole chunks, a power of two of them, in at most
    /// [`FIRST_BYTES`] (at least one chunk, at most the bound).
    fn first_buckets(chunk_buckets: usize, buckets: usize) -> usize {
        let chunks = (FIRST_BYTES / (chunk_buckets * Self::BUCKET_BYTES)).max(1);
        (chunk_buckets << chunks.ilog2()).min(buckets)
    }

    /// A table of `mb` MiB.
    pub fn with_megabytes(mb: u64) -> Result<Self, InputError> {
        Self::with_bytes(mb.saturating_mul(1 << 20))
    }

    /// Bytes the table may occupy when it has grown to its bound (the `memo_bytes` figure).
    pub fn bytes(&self) -> u64 {
        (self.buckets * Self::BUCKET_BYTES) as u64
    }

    /// Bytes allocated so far (chunks the search has touched).
    pub fn allocated_bytes(&self) -> u64 {
        let used = self.chunks.iter().filter(|c| c.get().is_some()).count();
        (used * self.chunk_buckets * Self::BUCKET_BYTES) as u64
    }

    /// Entries the table can hold when it has grown to its bound.
    pub fn capacity(&self) -> u64 {
        (self.buckets * WAYS) as u64
    }

    /// Buckets in use now (doubling from one chunk up to the bound).
    pub fn buckets_in_use(&self) -> usize {
        self.active.load(Ordering::Relaxed)
    }

    /// The index of `key`'s bucket among `active` buckets in use ([`linear_index`]).
    #[inline]
    fn index(key: &K, active: usize) -> usize {
        linear_index(key, active)
    }

    /// Bucket `i`'s chunk and its place there.
    #[inline(always)]
    fn chunk_of(&self, i: usize) -> (usize, usize) {
        let shift = self.chunk_buckets.trailing_zeros();
        (i >> shift, i & (self.chunk_buckets - 1))
    }

    #[inline]
    fn bucket_at(&self, i: usize) -> &Bucket<K, V> {
        let (c, j) = self.chunk_of(i);
        let chunk = self.chunks[c].get_or_init(|| self.new_chunk(c));
        &chunk[j]
    }

    /// Chunk `c`, made when first used, holding the entries of its buddy chunk (the one a
    /// doubling split it from) that belong to it now.
    #[cold]
    fn new_chunk(&self, c: usize) -> Chunk<K, V> {
        let start = c * self.chunk_buckets;
        self.region.wrote((start + self.chunk_buckets) * Self::BUCKET_BYTES);
        let at = self.region.base().cast::<Bucket<K, V>>();
        // SAFETY: the region holds `buckets` buckets from its aligned base (`with_bytes`),
        // chunk `c` is the range `start .. start + chunk_buckets` below that, and it is
        // made once (under the chunk's `OnceLock`).
        let mut chunk = unsafe { Chunk::init(at.add(start), self.chunk_buckets) };
        let first = Self::first_buckets(self.chunk_buckets, self.buckets) / self.chunk_buckets;
        if c >= first {
            let buddy = c - (1 << c.ilog2());
            if let Some(source) = self.chunks[buddy].get() {
                self.split_into(source, &mut chunk, start);
            }
        }
        chunk
    }

    /// Moves the entries of `source`'s buckets whose index is now in `target` (whose first
    /// bucket is number `start`) into `target`, freeing their slots.
    fn split_into(&self, source: &Chunk<K, V>, target: &mut Chunk<K, V>, start: usize) {
        let active = self.buckets_in_use();
        let target = target.slots_mut();
        for bucket in source.iter() {
            let mut slots = lock(bucket);
            for slot in slots.iter_mut() {
                let Some(entry) = *slot else { continue };
                let Some(t) = Self::index(&entry.key, active).checked_sub(start) else { continue };
                let Some(moved) = target.get_mut(t) else { continue };
                let moved = moved.get_mut().unwrap_or_else(|p| p.into_inner());
                if let Some(free) = moved.iter_mut().find(|s| s.is_none()) {
                    *free = Some(entry);
                    *slot = None;
                }
            }
        }
    }

    /// A hint that `key` is looked up soon: asks for its bucket's cache lines (x86-64;
    /// nothing elsewhere, or while its chunk is not allocated yet).
    #[inline]
    pub fn prefetch(&self, key: &K) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let i = Self::index(key, self.buckets_in_use());
            let (c, j) = self.chunk_of(i);
            if let Some(chunk) = self.chunks[c].get() {
                let b: *const Bucket<K, V> = &chunk[j];
                // SAFETY: a prefetch only hints; every address lies inside the bucket,
                // never dereferenced. The bucket may span three cache lines.
                unsafe {
                    let first = b.cast::<i8>();
                    _mm_prefetch::<_MM_HINT_T0>(first);
                    _mm_prefetch::<_MM_HINT_T0>(first.wrapping_add(64));
                    _mm_prefetch::<_MM_HINT_T0>(first.wrapping_add(Self::BUCKET_BYTES - 1));
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The stored value of exactly `key`, if it is in the table.
    #[inline]
    pub fn get(&self, key: &K) -> Option<V> {
        let i = Self::index(key, self.buckets_in_use());
        lock(self.bucket_at(i)).iter().flatten().find(|e| e.key == *key).map(|e| e.value)
    }

    /// Stores `value` for `key`; a full bucket makes room by dropping its entry of least
    /// [`SubtreeValue::work`], unless that is more than `value`'s.
    #[inline]
    pub fn store(&self, key: K, value: V) {
        let active = self.buckets_in_use();
        let i = Self::index(&key, active);
        let mut slots = lock(self.bucket_at(i));
        let new = Some(Entry { key, value });
        if let Some(slot) = slots.iter_mut().find(|s| s.is_none_or(|e| e.key == key)) {
            *slot = new;
            return;
        }
        if let Some(slot) = slots.iter_mut().find(|s| s.is_some_and(|e| Self::index(&e.key, active) != i)) {
            *slot = new;
            return;
        }
        self.crowded_store(active);
        let (cheapest, least) = slots
            .iter()
            .enumerate()
            .map(|(i, s)| (i, s.map_or(0, |e| e.value.work())))
            .min_by_key(|&(_, w)| w)
            .unwrap_or((0, 0));
        if least <= value.work() {
            slots[cheapest] = new;
        }
    }

    /// Counts a store that met a full bucket, and doubles the buckets in use (up to the
    /// bound) when there have been enough of them.
    fn crowded_store(&self, active: usize) {
        if active >= self.buckets {
            return;
        }
        let crowded = self.crowded.fetch_add(1, Ordering::Relaxed) + 1;
        if crowded * 1024 >= active as u64 * CROWDED_PER_1024 {
            let doubled = active.saturating_mul(2).min(self.buckets);
            if self.active.compare_exchange(active, doubled, Ordering::Relaxed, Ordering::Relaxed).is_ok() {
                self.crowded.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Entries stored now (counts every bucket: call it once, at the end).
    pub fn occupied(&self) -> u64 {
        self.chunks
            .iter()
            .filter_map(OnceLock::get)
            .flat_map(|c| c.iter())
            .map(|b| lock(b).iter().flatten().count() as u64)
            .sum()
    }
}

impl<K, V> Drop for MemoTable<K, V> {
    fn drop(&mut self) {
        for chunk in self.chunks.iter_mut().filter_map(OnceLock::get_mut) {
            // SAFETY: the chunk's buckets were initialised in `Chunk::init` and are dropped
            // once, here, before the region goes back.
            unsafe { std::ptr::drop_in_place(chunk.slots_mut()) };
        }
    }
}

/// The bucket of `key` among `active` buckets in use (linear hashing, shared by both
/// tables): the hash's low bits below the next power of two, or below the one before
/// where those name a bucket not in use. Growing from `n` (a power of two) to at most
/// `2n` buckets moves keys only from bucket `j` to bucket `n + j`.
#[inline(always)]
pub(super) fn linear_index<K: Hash + ?Sized>(key: &K, active: usize) -> usize {
    let h = MemoHash.hash_one(key) as usize;
    let wide = active.next_power_of_two();
    let i = h & (wide - 1);
    if i < active {
        i
    } else {
        h & (wide / 2 - 1)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The table's fixed, seedless hash (buckets are the same in every run).
#[derive(Clone, Copy, Default)]
pub(super) struct MemoHash;

impl BuildHasher for MemoHash {
    type Hasher = MixHasher;
    fn build_hasher(&self) -> MixHasher {
        MixHasher(0x9e37_79b9_7f4a_7c15)
    }
}

/// Multiply-xorshift over 64-bit words, finished by the splitmix64 finaliser.
pub(super) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x2127_599b_f432_5c37).rotate_left(29);
    }

    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    fn write_u16(&mut self, x: u16) {
        self.write_u64(u64::from(x));
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test value: a payload and the work of its subtree.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Costed(u64, u64);

    impl SubtreeValue for Costed {
        fn work(&self) -> u64 {
            self.1
        }
    }

    fn payload<K: Copy + Eq + Hash>(t: &MemoTable<K, Costed>, key: &K) -> Option<u64> {
        t.get(key).map(|v| v.0)
    }

    #[test]
    fn stores_and_finds_exact_keys_only() {
        let t: MemoTable<u64, Costed> = MemoTable::with_bytes(1 << 16).unwrap();
        t.store(7, Costed(70, 1));
        assert_eq!(payload(&t, &7), Some(70));
        assert_eq!(payload(&t, &8), None);
        t.store(7, Costed(71, 1));
        assert_eq!(payload(&t, &7), Some(71));
        assert_eq!(t.occupied(), 1);
    }

    #[test]
    fn a_one_bucket_table_keeps_the_most_expensive_entries() {
        let t: MemoTable<u64, Costed> = MemoTable::with_bytes(1).unwrap();
        assert_eq!(t.capacity(), WAYS as u64);
        for k in 0..WAYS as u64 {
            t.store(k, Costed(k * 10, 100 + k));
        }
        t.store(99, Costed(990, 5));
        assert_eq!(payload(&t, &99), None, "cheaper than everything stored: dropped");
        t.store(50, Costed(500, 1000));
        assert_eq!(payload(&t, &50), Some(500));
        assert_eq!(payload(&t, &0), None, "the cheapest entry made room");
        for k in 1..WAYS as u64 {
            assert_eq!(payload(&t, &k), Some(k * 10));
        }
    }

    #[test]
    fn wide_keys_hash_and_compare_in_full() {
        let t: MemoTable<([u64; 4], u8), Costed> = MemoTable::with_bytes(1 << 12).unwrap();
        let a = ([1, 2, 3, 4], 5);
        let b = ([1, 2, 3, 4], 6);
        t.store(a, Costed(1, 1));
        assert_eq!(payload(&t, &a), Some(1));
        assert_eq!(payload(&t, &b), None);
    }

    #[test]
    fn concurrent_stores_keep_every_value_exact() {
        let t: MemoTable<u64, Costed> = MemoTable::with_bytes(1 << 10).unwrap();
        std::thread::scope(|s| {
            for th in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    for k in 0..10_000u64 {
                        t.store(k, Costed(k * 3, k % 7 + th));
                        if let Some(v) = payload(t, &k) {
                            assert_eq!(v, k * 3);
                        }
                    }
                });
            }
        });
        assert!(t.occupied() <= t.capacity());
    }

    #[test]
    fn a_large_table_starts_empty_and_allocates_as_it_fills() {
        let t: MemoTable<u64, Costed> = MemoTable::with_megabytes(4096).unwrap();
        assert_eq!(t.allocated_bytes(), 0);
        t.store(1, Costed(2, 3));
        assert_eq!(payload(&t, &1), Some(2));
        let chunk = (CHUNK_BUCKETS * MemoTable::<u64, Costed>::BUCKET_BYTES) as u64;
        assert_eq!(t.allocated_bytes(), chunk, "one chunk of {chunk} bytes");
        assert!(t.bytes() <= 4096 << 20 && t.bytes() > (4096 << 20) - chunk, "whole chunks: {}", t.bytes());
    }

    #[test]
    fn the_buckets_in_use_double_as_stores_crowd_and_keys_stay_exact() {
        let t: MemoTable<u64, Costed> = MemoTable::with_megabytes(256).unwrap();
        let start = t.buckets_in_use();
        assert!(start as u64 * MemoTable::<u64, Costed>::BUCKET_BYTES as u64 <= FIRST_BYTES as u64);
        let n = 8 * start as u64;
        for k in 0..n {
            t.store(k, Costed(k * 7, 1));
        }
        assert!(t.buckets_in_use() >= 2 * start, "{} buckets in use", t.buckets_in_use());
        assert!(t.buckets_in_use() as u64 * WAYS as u64 <= t.capacity());
        let found = (0..n).filter(|k| payload(&t, k).inspect(|&v| assert_eq!(v, k * 7)).is_some()).count();
        assert!(found as u64 > n / 2, "{found} of {n} found");
        let in_use = t.buckets_in_use() as u64 * MemoTable::<u64, Costed>::BUCKET_BYTES as u64;
        assert!(t.allocated_bytes() <= in_use, "{} allocated, {in_use} in use", t.allocated_bytes());
    }

    #[test]
    fn a_table_made_after_a_dropped_one_starts_empty() {
        for round in 0..3u64 {
            let t: MemoTable<u64, Costed> = MemoTable::with_megabytes(64).unwrap();
            assert_eq!(t.occupied(), 0, "round {round}");
            let n = 4 * t.capacity();
            assert!((0..n).all(|k| payload(&t, &k).is_none()), "round {round}");
            for k in 0..n {
                t.store(k, Costed(k + round, 1));
            }
            assert!(t.occupied() > 0);
        }
    }

    #[test]
    fn growth_stops_at_the_bound() {
        let t: MemoTable<u64, Costed> = MemoTable::with_bytes(3 * CHUNK_BUCKETS as u64 * 200).unwrap();
        let bound = t.capacity() / WAYS as u64;
        for k in 0..20 * bound {
            t.store(k, Costed(k, k));
        }
        assert_eq!(t.buckets_in_use() as u64, bound);
        assert!(t.occupied() <= t.capacity());
    }
}
