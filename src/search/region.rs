//! Memory for the memo tables: anonymous mappings, in transparent huge pages where the
//! system has them (Linux), which the process keeps for its next table.
//!
//! # Why keep them
//! Taking fresh memory from the operating system costs a page fault and the zeroing of
//! every page on first write; on a virtual machine whose host backs the guest's memory
//! lazily it costs far more (2026-11-25, this project's 2-core virtual machine: writing
//! 4 GiB of fresh pages took 6.9–8.8 s, writing them again in the same process 0.4 s).
//! A run of many memo searches (the experiments, each cell's samples) would pay that for
//! every table. So a table's region goes back to a spare slot when the table is dropped,
//! and the next table takes it, cleaned over what the previous tables wrote.
//!
//! # Guarantees
//! [`Region::take`] hands out `len` bytes aligned to 2 MiB in which every byte the table
//! reads has the value it asked for: the bytes below [`Region::zeroed`]'s argument are
//! zero, and the bytes the table initialises itself it announces with [`Region::wrote`].
//! A region never given back stays mapped until its table drops it. The spare slot keeps
//! one region, the largest given back; its pages stay with the process (its resident
//! memory does not shrink between tables) until a larger one replaces it or the process
//! ends.

use std::ptr::NonNull;
use std::sync::Mutex;

use crate::base::error::InputError;
use crate::base::os;

/// Alignment of a region: a transparent huge page.
pub const HUGE_PAGE: usize = 2 << 20;

/// One anonymous mapping ([`os::anonymous_map`]), its usable part aligned to
/// [`HUGE_PAGE`]. Unmapped when dropped.
struct Mapping {
    /// Owns the memory; `base` points into it (the memory stays where it is when the
    /// `MmapMut` moves).
    _map: memmap2::MmapMut,
    base: NonNull<u8>,
    len: usize,
    /// Bytes from `base` that may be nonzero (written by the tables that used it).
    dirty: usize,
}

// SAFETY: a mapping is plain memory owned by whoever holds the `Mapping`.
unsafe impl Send for Mapping {}
// SAFETY: through `&Mapping` only its fields are read; what the memory holds is the
// table's business (atomics or mutexes).
unsafe impl Sync for Mapping {}

impl Mapping {
    fn new(len: usize) -> Result<Self, InputError> {
        let len = len.max(1).div_ceil(HUGE_PAGE) * HUGE_PAGE;
        let map_len = len.checked_add(HUGE_PAGE).ok_or_else(|| InputError::new("memo table too large"))?;
        let mut map = os::anonymous_map(map_len)
            .map_err(|e| InputError::new(format!("could not map {map_len} bytes for the memo table: {e}")))?;
        let start = map.as_mut_ptr();
        let skip = (HUGE_PAGE - start as usize % HUGE_PAGE) % HUGE_PAGE;
        // SAFETY: `skip < HUGE_PAGE`, so `base .. base + len` lies inside the mapping.
        let base = unsafe { NonNull::new_unchecked(start.add(skip)) };
        Ok(Mapping { _map: map, base, len, dirty: 0 })
    }
}

/// Where given-back regions wait for the next table: at most one mapping, the largest.
pub struct Spare(Mutex<Option<Mapping>>);

/// The process's spare slot, used by every memo table.
pub static SPARE: Spare = Spare::new();

impl Spare {
    /// An empty slot.
    pub const fn new() -> Self {
        Spare(Mutex::new(None))
    }

    fn slot(&self) -> std::sync::MutexGuard<'_, Option<Mapping>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The spare mapping when it has at least `len` bytes, else a new one (the smaller
    /// spare is unmapped then, so that two do not pile up).
    fn take(&self, len: usize) -> Result<Mapping, InputError> {
        let mut slot = self.slot();
        match slot.take() {
            Some(m) if m.len >= len => Ok(m),
            _ => Mapping::new(len),
        }
    }

    /// Bytes of the kept mapping that the tables before wrote (resident memory the next
    /// table takes over or, when it needs a larger one, gives back): 0 when none is kept.
    pub fn kept_bytes(&self) -> u64 {
        self.slot().as_ref().map_or(0, |m| m.dirty as u64)
    }

    /// Keeps `m` when it is larger than the spare there (which is unmapped), else
    /// unmaps `m`.
    fn give_back(&self, m: Mapping) {
        let mut slot = self.slot();
        if slot.as_ref().is_none_or(|s| s.len < m.len) {
            *slot = Some(m);
        }
    }
}

impl Default for Spare {
    fn default() -> Self {
        Self::new()
    }
}

/// A table's memory: at least the bytes asked for, aligned to [`HUGE_PAGE`]. Given back
/// to its spare slot when dropped.
pub struct Region {
    mapping: Option<Mapping>,
    spare: &'static Spare,
    /// Bytes from the start that are zero or written by this table (under the lock so
    /// that the thread growing a table zeroes before the others use the bytes).
    clean: Mutex<usize>,
}

impl Region {
    /// At least `len` bytes from the process's spare slot (or new from the system).
    pub fn take(len: usize) -> Result<Self, InputError> {
        Self::take_from(&SPARE, len)
    }

    /// At least `len` bytes from `spare`.
    pub fn take_from(spare: &'static Spare, len: usize) -> Result<Self, InputError> {
        let mapping = spare.take(len)?;
        Ok(Region { mapping: Some(mapping), spare, clean: Mutex::new(0) })
    }

    fn mapping(&self) -> &Mapping {
        self.mapping.as_ref().expect("present until drop")
    }

    /// The first byte.
    pub fn base(&self) -> NonNull<u8> {
        self.mapping().base
    }

    /// The bytes usable (at least those asked for).
    pub fn len(&self) -> usize {
        self.mapping().len
    }

    /// Whether the region has no usable bytes (never: at least one huge page).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Makes the bytes below `to` zero where an earlier table may have written them, and
    /// returns when they are. Call before any thread reads them.
    pub fn zeroed(&self, to: usize) {
        let m = self.mapping();
        let to = to.min(m.len);
        let mut clean = self.clean.lock().unwrap_or_else(|p| p.into_inner());
        if to > *clean {
            let stale_end = to.min(m.dirty);
            if stale_end > *clean {
                // SAFETY: `clean .. stale_end` lies inside the mapping; no thread reads
                // these bytes before this call returns (the caller's promise), and the
                // table has not written them yet.
                unsafe { std::ptr::write_bytes(m.base.as_ptr().add(*clean), 0, stale_end - *clean) };
            }
            *clean = to;
        }
    }

    /// Makes the bytes `from..to` zero where an earlier table may have written them,
    /// without recording them as clean: for a table that zeroes the parts of a range on
    /// several threads, each part by one thread that no other reads or writes meanwhile,
    /// and then records the whole range with [`Region::wrote`].
    pub fn zero_part(&self, from: usize, to: usize) {
        let m = self.mapping();
        let clean = *self.clean.lock().unwrap_or_else(|p| p.into_inner());
        let (from, to) = (from.max(clean), to.min(m.dirty).min(m.len));
        if to > from {
            // SAFETY: `from .. to` lies inside the mapping; the caller's promise is that
            // no other thread touches these bytes until it records them.
            unsafe { std::ptr::write_bytes(m.base.as_ptr().add(from), 0, to - from) };
        }
    }

    /// Records that the table wrote (initialised) the bytes below `to` itself.
    pub fn wrote(&self, to: usize) {
        let mut clean = self.clean.lock().unwrap_or_else(|p| p.into_inner());
        *clean = (*clean).max(to.min(self.mapping().len));
    }
}

impl Drop for Region {
    fn drop(&mut self) {
        let clean = *self.clean.get_mut().unwrap_or_else(|p| p.into_inner());
        if let Some(mut m) = self.mapping.take() {
            m.dirty = m.dirty.max(clean);
            self.spare.give_back(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(r: &Region, from: usize, n: usize) -> Vec<u8> {
        // SAFETY: the tests read inside the region.
        unsafe { std::slice::from_raw_parts(r.base().as_ptr().add(from), n) }.to_vec()
    }

    fn fill(r: &Region, from: usize, n: usize, b: u8) {
        // SAFETY: the tests write inside the region, one thread.
        unsafe { std::ptr::write_bytes(r.base().as_ptr().add(from), b, n) };
    }

    #[test]
    fn a_region_is_aligned_and_starts_zero() {
        static S: Spare = Spare::new();
        let r = Region::take_from(&S, 1000).unwrap();
        assert_eq!(r.base().as_ptr() as usize % HUGE_PAGE, 0);
        assert_eq!(r.len(), HUGE_PAGE);
        r.zeroed(4096);
        assert!(bytes(&r, 0, 4096).iter().all(|&b| b == 0));
    }

    #[test]
    fn the_next_table_reuses_the_mapping_and_reads_zero_where_it_asked() {
        static S: Spare = Spare::new();
        let first = Region::take_from(&S, 3 * HUGE_PAGE).unwrap();
        let base = first.base();
        first.zeroed(HUGE_PAGE);
        fill(&first, 0, HUGE_PAGE, 0xAB);
        first.wrote(2 * HUGE_PAGE);
        fill(&first, HUGE_PAGE, HUGE_PAGE, 0xCD);
        drop(first);

        let second = Region::take_from(&S, HUGE_PAGE).unwrap();
        assert_eq!(second.base(), base, "the spare mapping is taken again");
        second.zeroed(2 * HUGE_PAGE + 100);
        assert!(bytes(&second, 0, 2 * HUGE_PAGE + 100).iter().all(|&b| b == 0), "stale bytes zeroed");
        second.wrote(3 * HUGE_PAGE);
        fill(&second, 2 * HUGE_PAGE, HUGE_PAGE, 0xEF);
        drop(second);

        let third = Region::take_from(&S, HUGE_PAGE).unwrap();
        third.zeroed(3 * HUGE_PAGE);
        assert!(bytes(&third, 0, 3 * HUGE_PAGE).iter().all(|&b| b == 0));
    }

    #[test]
    fn a_larger_request_maps_anew_and_the_spare_keeps_the_largest() {
        static S: Spare = Spare::new();
        let small = Region::take_from(&S, HUGE_PAGE).unwrap();
        let large = Region::take_from(&S, 4 * HUGE_PAGE).unwrap();
        let large_base = large.base();
        assert_ne!(small.base(), large_base);
        drop(large);
        drop(small);
        let again = Region::take_from(&S, 2 * HUGE_PAGE).unwrap();
        assert_eq!(again.base(), large_base);
        assert_eq!(again.len(), 4 * HUGE_PAGE);
    }
}
