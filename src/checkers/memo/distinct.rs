//! How many distinct positions a memoised count stores, to size its table
//! ([`distinct_positions`]): the count walked once per distinct position, the positions
//! kept as [`Narrow`] keys in a plain open-addressing set of 8-byte slots.

use std::time::Instant;

use super::keys::{MemoKey, Narrow, NARROW_MAX_LEN};
use crate::checkers::count::terminal;
use crate::checkers::geometry::{bits_needed, Geometry};
use crate::checkers::moves::legal_moves;
use crate::checkers::position::Position;

/// What [`distinct_positions`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Distinct {
    /// Distinct positions reached (end positions included): what an unbounded memo stores.
    pub positions: u64,
    /// Whether the walk reached every position; `false`: the set filled up or the time
    /// ran out first, and `positions` is a lower bound.
    pub complete: bool,
}

/// Visits every position the count from `p` reaches once and counts them, in a set of
/// `2^slots_log2` slots of 8 bytes. The walk stops at three quarters of the slots used or
/// after `seconds` (looked at every 2^22 positions, when `progress` is told the positions
/// so far and the seconds). A refusal when the board's count keys do not fit 64 bits
/// (more than [`NARROW_MAX_LEN`] bits per layout: boards above 6x6).
pub fn distinct_positions(
    g: &Geometry<u64>,
    p: &Position<u64>,
    slots_log2: u32,
    seconds: f64,
    progress: &mut dyn FnMut(u64, f64),
) -> Result<Distinct, String> {
    let len = bits_needed(g.rows, g.cols);
    if len > NARROW_MAX_LEN {
        return Err(format!("the count keys of a {}x{} board take {} bits, more than 64", g.rows, g.cols, 3 * len + 1));
    }
    let mut seen = KeySet { slots: vec![0; 1 << slots_log2.min(40)], len: 0, start: Instant::now(), seconds, progress };
    let complete = walk(g, p, len, &mut seen);
    Ok(Distinct { positions: seen.len, complete })
}

/// An open-addressing set of nonzero 64-bit keys with a fixed number of slots, and a
/// deadline for the walk that fills it.
struct KeySet<'a> {
    slots: Vec<u64>,
    len: u64,
    start: Instant,
    seconds: f64,
    progress: &'a mut dyn FnMut(u64, f64),
}

impl KeySet<'_> {
    /// Whether the walk must stop: three quarters of the slots used, or past the
    /// deadline (looked at, with a progress call, every 2^22 keys).
    fn full(&mut self) -> bool {
        if self.len % (1 << 22) == 0 {
            let s = self.start.elapsed().as_secs_f64();
            (self.progress)(self.len, s);
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

/// Visits every position a count from `p` reaches once; `false` when it stopped early
/// ([`KeySet::full`]).
fn walk(g: &Geometry<u64>, p: &Position<u64>, len: u32, seen: &mut KeySet) -> bool {
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
    legal_moves::<u64, false>(g, p).iter().all(|m| walk(g, &p.apply(m), len, seen))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_of_5x6_r2_reaches_852_458_distinct_positions() {
        let g = Geometry::<u64>::new(5, 6, 2).unwrap();
        let found = distinct_positions(&g, &Position::start(&g), 22, f64::INFINITY, &mut |_, _| {}).unwrap();
        assert_eq!(found, Distinct { positions: 852_458, complete: true });
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let refused = distinct_positions(&g, &Position::start(&g), 10, 1.0, &mut |_, _| {}).unwrap_err();
        assert!(refused.contains("more than 64"), "{refused}");
    }
}
