//! The dumb and smart walk on boards of up to 64 cells: one tight recursion specialised for
//! the mode and for find or count, and the smart test on the empty-cell bitset.

use super::tables::{BitRegions, Tables, WINDOW};
use super::walk::{Test, TICK};
use crate::search::budget::{Budget, Stopped};

/// The assignment's walk on a board of up to 64 cells, specialised for smart or dumb and find
/// or count: the same children in the same order as [`Search::node`], each candidate one
/// AND with the empty cells, the position (empty cells, placed stones, the stones that may
/// be tried) in registers, no cell array written (a find keeps its placements in `trail`).
pub(super) struct Kernel<'a, const SMART: bool, const FIND: bool> {
    pub(super) t: &'a Tables,
    pub(super) bits: &'a BitRegions,
    /// Positions visited.
    pub(super) positions: u64,
    /// Solutions reached.
    pub(super) solutions: u64,
    /// Positions of this walk already handed to the budget.
    pub(super) ticked: u64,
    /// Positions of the search before this walk not yet handed to the budget.
    pub(super) unticked: u64,
    pub(super) budget: &'a Budget,
    /// Positions after which the walk stops (checked every [`TICK`]), marking itself
    /// `capped`.
    pub(super) limit: u64,
    pub(super) capped: bool,
    /// Why the walk stopped early, if it did.
    pub(super) stopped: Option<Stopped>,
    /// A find's placements (mask, stone number) down to the current position.
    pub(super) depth: usize,
    pub(super) trail: [(u64, u8); 32],
}

impl<const SMART: bool, const FIND: bool> Kernel<'_, SMART, FIND> {
    /// Counts a position; true when the budget says stop.
    #[inline(always)]
    fn visit(&mut self) -> bool {
        self.positions += 1;
        if self.positions & (TICK - 1) == 0 {
            let pending = self.positions - self.ticked + std::mem::take(&mut self.unticked);
            self.ticked = self.positions;
            if let Err(stop) = self.budget.tick(pending) {
                self.stopped = Some(stop);
                return true;
            }
            if self.positions >= self.limit {
                self.capped = true;
                self.stopped = Some(Stopped::TimeLimit);
                return true;
            }
        }
        false
    }

    /// One call of the recursive search at the position with empty cells `empty`, stones
    /// `placed` and `allowed` (the lowest unplaced stone of each class); true when the walk
    /// is done (a find's solution or a stop).
    pub(super) fn node(&mut self, empty: u64, placed: u32, allowed: u32, checked: Test) -> bool {
        if self.visit() {
            return true;
        }
        if empty == 0 {
            self.solutions += 1;
            return FIND;
        }
        let (t, bits) = (self.t, self.bits);
        let cell = empty.trailing_zeros() as usize;
        let row = cell << WINDOW | bits.window(empty, cell);
        let start = &bits.window_start[row * (t.stones + 1)..(row + 1) * (t.stones + 1)];
        let mut stones = bits.window_stones[row] & allowed;
        while stones != 0 {
            let stone = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            let placed = placed | 1 << stone;
            let above = t.higher_in_class[stone] & !placed;
            let allowed = allowed & !(1 << stone) | above & above.wrapping_neg();
            let test = if SMART { gcd_min(t, placed) } else { None };
            for &m in &bits.window_masks[start[stone] as usize..start[stone + 1] as usize] {
                if empty & m != m {
                    continue;
                }
                let empty = empty ^ m;
                let passed = match test {
                    Some((g, min)) if SMART => match smart_bits(t, bits, empty, m, g, min, checked) {
                        true => test,
                        false => continue,
                    },
                    _ => Some((0, 0)),
                };
                if FIND {
                    self.trail[self.depth] = (m, stone as u8 + 1);
                    self.depth += 1;
                }
                if self.node(empty, placed, allowed, passed) {
                    return true;
                }
                if FIND {
                    self.depth -= 1;
                }
            }
        }
        false
    }
}

/// The `(gcd, min)` of the sizes of the stones not in `placed`; `None` when none is left.
#[inline]
pub(super) fn gcd_min(t: &Tables, placed: u32) -> Test {
    let (mut g, mut min) = (0usize, usize::MAX);
    for &(size, stones) in &t.by_size {
        if stones & !placed != 0 {
            g = gcd(g, size);
            min = min.min(size);
        }
    }
    (g != 0).then_some((g, min))
}

/// The smart test on a board of up to 64 cells after placing `mask`, leaving `empty`:
/// whether every empty region's size is a multiple of `g` and at least `min`.
///
/// When the parent passed with the same `(g, min)`, only the regions next to the stone are
/// measured, and the last of them is not flooded whole: every other region is a multiple
/// of the gcd (measured here, or untouched since the parent passed), and so are all empty
/// cells together (the stones left), so the last one is too and only its size against the
/// smallest stone is open: its flood stops once it holds `min` cells. Before any flood, a
/// cell next to the stone with no empty neighbour rejects at once (a region of one cell).
#[inline]
pub(super) fn smart_bits(
    t: &Tables,
    bits: &BitRegions,
    empty: u64,
    mask: u64,
    g: usize,
    min: usize,
    parent: Test,
) -> bool {
    let bad_sizes = t.bad_sizes[g * 32 + min];
    let bad = |size: usize| bad_sizes >> size & 1 == 1;
    if parent != Some((g, min)) {
        return bits.regions_ok(empty, empty, bad);
    }
    let mut seeds = bits.beside(mask, empty);
    if bad(1) && seeds & !bits.beside(empty, empty) != 0 {
        return false;
    }
    while seeds != 0 {
        let mut r = seeds & seeds.wrapping_neg();
        loop {
            let grown = bits.grow(r, empty);
            if grown & seeds == seeds && grown.count_ones() as usize >= min {
                return true;
            }
            if grown == r {
                break;
            }
            r = grown;
        }
        if bad(r.count_ones() as usize) {
            return false;
        }
        seeds &= !r;
    }
    true
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
