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
//! bound; a key's bucket is its hash modulo the buckets in use. After a doubling, an entry
//! whose key now belongs to another bucket is found there (one more probe, on a miss)
//! and moved; its old slot is free for the next store. Entries not looked up before a
//! second doubling are no longer found (recomputing them is the only cost). A bucket holds [`WAYS`] entries; storing
//! into a full bucket replaces the entry with the least work (the smallest subtree, as the
//! value itself tells by [`SubtreeValue::work`]), or drops the new entry when every stored
//! one cost more. Replacement only costs recomputation later.
//!
//! # Memory
//! Buckets come in chunks of 2^16, each one allocation made when the table first uses
//! it, aligned to 2 MiB and marked for transparent huge pages (Linux `MADV_HUGEPAGE`):
//! a probe into a table of gigabytes then needs one TLB entry per 2 MiB instead of one per
//! 4 KiB. The bound counts whole chunks (a table is its bound rounded down to them).
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

use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use std::hash::{BuildHasher, Hash, Hasher};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

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

/// Bytes of a transparent huge page: a chunk of at least this size is aligned to it and
/// marked for huge pages, so that random probes into a table of gigabytes do not each
/// miss the TLB.
const HUGE_PAGE: usize = 2 << 20;

/// A run of buckets in one allocation, made when the table first uses it: aligned to
/// [`HUGE_PAGE`] and marked `MADV_HUGEPAGE` (Linux) when it is at least that large.
struct Chunk<K, V> {
    buckets: NonNull<Bucket<K, V>>,
    len: usize,
}

// SAFETY: a chunk owns its buckets as a `Box<[Bucket]>` would; buckets are mutexes.
unsafe impl<K: Send, V: Send> Send for Chunk<K, V> {}
// SAFETY: shared access goes through the buckets' mutexes only.
unsafe impl<K: Send, V: Send> Sync for Chunk<K, V> {}

impl<K, V> Chunk<K, V> {
    fn layout(len: usize) -> Layout {
        let plain = Layout::array::<Bucket<K, V>>(len).expect("a chunk's size is bounded by the table's");
        if plain.size() >= HUGE_PAGE {
            plain.align_to(HUGE_PAGE).expect("a power of two")
        } else {
            plain
        }
    }
}

impl<K: Copy, V: Copy> Chunk<K, V> {
    /// `len` (at least one) empty buckets.
    fn new(len: usize) -> Self {
        let layout = Self::layout(len);
        // SAFETY: the layout has a nonzero size (len >= 1 and a bucket is not zero-sized).
        let raw = unsafe { alloc(layout) }.cast::<Bucket<K, V>>();
        let Some(buckets) = NonNull::new(raw) else { handle_alloc_error(layout) };
        #[cfg(target_os = "linux")]
        if layout.align() == HUGE_PAGE {
            // SAFETY: the range is this allocation, page-aligned; the advice changes only
            // which pages back it. A refusal leaves ordinary pages, which is fine.
            unsafe { libc::madvise(raw.cast(), layout.size(), libc::MADV_HUGEPAGE) };
        }
        for i in 0..len {
            // SAFETY: `i < len` lies inside the allocation, which is not yet initialised.
            unsafe { raw.add(i).write(Mutex::new([None; WAYS])) };
        }
        Chunk { buckets, len }
    }
}

impl<K, V> std::ops::Deref for Chunk<K, V> {
    type Target = [Bucket<K, V>];
    fn deref(&self) -> &[Bucket<K, V>] {
        // SAFETY: `len` buckets were initialised in `new` and live until `drop`.
        unsafe { std::slice::from_raw_parts(self.buckets.as_ptr(), self.len) }
    }
}

impl<K, V> Drop for Chunk<K, V> {
    fn drop(&mut self) {
        // SAFETY: the buckets were initialised in `new` with this length and layout and are
        // dropped and freed once, here.
        unsafe {
            std::ptr::drop_in_place(std::ptr::slice_from_raw_parts_mut(self.buckets.as_ptr(), self.len));
            dealloc(self.buckets.as_ptr().cast(), Self::layout(self.len));
        }
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
    chunk_buckets: usize,
    buckets: usize,
    /// Buckets in use now: one chunk, doubling up to `buckets`.
    active: AtomicUsize,
    /// Buckets in use before the last doubling (0: none yet). A key missing from its
    /// bucket is looked for where it was before, and moved when found there.
    previous: AtomicUsize,
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

    /// A table of at most `bytes` bytes (at least one bucket; above one chunk, a whole
    /// number of chunks).
    ///
    /// Memory is taken chunk by chunk as the table fills; the size is checked against
    /// physical memory where it comes from the user (`--memo-mb`, `memo_mb`), before this.
    pub fn with_bytes(bytes: u64) -> Result<Self, InputError> {
        let wanted = usize::try_from(bytes / Self::BUCKET_BYTES as u64).unwrap_or(usize::MAX).max(1);
        let chunk_buckets = wanted.min(CHUNK_BUCKETS);
        let buckets = wanted / chunk_buckets * chunk_buckets;
        let chunks = (0..buckets / chunk_buckets).map(|_| OnceLock::new()).collect();
        Ok(MemoTable {
            chunks,
            chunk_buckets,
            buckets,
            active: AtomicUsize::new(Self::first_buckets(chunk_buckets, buckets)),
            previous: AtomicUsize::new(0),
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

    /// The index of `key`'s bucket among `active` buckets in use.
    fn index(key: &K, active: usize) -> usize {
        let h = MemoHash.hash_one(key);
        if active.is_power_of_two() {
            h as usize & (active - 1)
        } else {
            (h % active as u64) as usize
        }
    }

    fn bucket_at(&self, i: usize) -> &Bucket<K, V> {
        let chunk = self.chunks[i / self.chunk_buckets].get_or_init(|| Chunk::new(self.chunk_buckets));
        &chunk[i % self.chunk_buckets]
    }

    /// A hint that `key` is looked up soon: asks for its bucket's cache lines (x86-64;
    /// nothing elsewhere, or while its chunk is not allocated yet).
    #[inline]
    pub fn prefetch(&self, key: &K) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let i = Self::index(key, self.buckets_in_use());
            if let Some(chunk) = self.chunks[i / self.chunk_buckets].get() {
                let b: *const Bucket<K, V> = &chunk[i % self.chunk_buckets];
                // SAFETY: a prefetch only hints; both lines start inside the chunk's
                // allocation or one line past a bucket, never dereferenced.
                unsafe {
                    _mm_prefetch::<_MM_HINT_T0>(b.cast());
                    _mm_prefetch::<_MM_HINT_T0>(b.cast::<i8>().wrapping_add(64));
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
        let found = lock(self.bucket_at(i)).iter().flatten().find(|e| e.key == *key).map(|e| e.value);
        found.or_else(|| self.get_moved(key, i))
    }

    /// `key`'s entry from the bucket it had before the last doubling, stored again in its
    /// bucket `i` now.
    #[cold]
    fn get_moved(&self, key: &K, i: usize) -> Option<V> {
        let previous = self.previous.load(Ordering::Relaxed);
        if previous == 0 {
            return None;
        }
        let j = Self::index(key, previous);
        if j == i {
            return None;
        }
        let entry = *lock(self.bucket_at(j)).iter().flatten().find(|e| e.key == *key)?;
        self.store(entry.key, entry.value);
        Some(entry.value)
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
                self.previous.store(active, Ordering::Relaxed);
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
