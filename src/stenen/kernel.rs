//! The dumb and smart walk on boards of up to 64 cells: one tight recursion specialised for
//! the mode and for find or count, and the smart test on the empty-cell bitset.

use super::tables::{BitRegions, Tables, Test, WindowLists, WINDOW};
use crate::search::budget::{Budget, Stopped, TICK};

/// The assignment's walk on a board of up to 64 cells, specialised for smart or dumb and find
/// or count: the same children in the same order as [`Search::node`], each candidate one
/// AND with the empty cells, the position (empty cells, placed stones, the stones that may
/// be tried) in registers, no cell array written (a find keeps its placements in `trail`).
pub(super) struct Kernel<'a, const SMART: bool, const FIND: bool> {
    pub(super) t: &'a Tables,
    pub(super) bits: &'a BitRegions,
    /// The candidate lists: the dumb or the smart ones.
    pub(super) lists: &'a WindowLists,
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
        let lists = self.lists;
        let start = &lists.start[row * (t.stones + 1)..(row + 1) * (t.stones + 1)];
        let mut stones = lists.stones[row] & allowed;
        // The test this position passed is the `(gcd, min)` of its unplaced stones, which
        // a child keeps unless its stone was the last unplaced one of its size.
        let here = match checked {
            Some(c) if SMART && c.0 != 0 => checked,
            _ if SMART => gcd_min(t, placed),
            _ => None,
        };
        let here_bad = match here {
            Some((g, min)) if SMART => (t.bad_sizes[g * 32 + min], min, here == checked),
            _ => (0, 0, false),
        };
        while stones != 0 {
            let stone = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            let placed = placed | 1 << stone;
            let above = t.higher_in_class[stone] & !placed;
            let allowed = allowed & !(1 << stone) | above & above.wrapping_neg();
            let (test, (bad, min, same)) = match SMART {
                true if t.size_mates[stone] & !placed != 0 => (here, here_bad),
                true => match gcd_min(t, placed) {
                    Some((g, min)) => (Some((g, min)), (t.bad_sizes[g * 32 + min], min, Some((g, min)) == checked)),
                    None => (None, (0, 0, false)),
                },
                false => (None, (0, 0, false)),
            };
            for &m in &lists.masks[start[stone] as usize..start[stone + 1] as usize] {
                if empty & m != m {
                    continue;
                }
                let empty = empty ^ m;
                let passed = match test {
                    Some(_) if SMART => match smart_bits(bits, empty, m, bad, min, same) {
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
/// whether every empty region's size passes `bad_sizes` (bit `z` set: a region of `z`
/// cells is rejected; `min` is the smallest stone left).
///
/// When the parent passed with the same `(gcd, min)` (`same`), only the regions next to
/// the stone are measured, and one of them is not flooded whole: every other region is a
/// multiple of the gcd (measured here, or untouched since the parent passed), and so are
/// all empty cells together (the stones left), so that one is too and only its size
/// against the smallest stone is open. Before any flood, a cell next to the stone with no
/// empty neighbour rejects at once (a region of one cell). The regions are then grown in
/// step from two fronts: `main` from the highest cell next to the stone (usually in the
/// large region ahead of the walk) and `a` from the lowest cell next to the stone not yet
/// reached by `main`. When the fronts meet, `a` was in `main`'s region and the next open
/// cell starts a new `a`; when `a` stops growing, its region is complete and measured;
/// when `main` stops first, it is measured and the rest is measured one region at a time.
/// `main`'s region is the one measured only against `min`, so a small region next to the
/// stone costs about its own diameter in steps, not the large region's.
#[inline(always)]
pub(super) fn smart_bits(bits: &BitRegions, empty: u64, mask: u64, bad_sizes: u64, min: usize, same: bool) -> bool {
    let bad = |size: usize| bad_sizes >> size & 1 == 1;
    if !same {
        return bits.regions_ok(empty, empty, bad);
    }
    let seeds = bits.beside(mask, empty);
    if bad(1) && seeds & !bits.beside(empty, empty) != 0 {
        return false;
    }
    if seeds == 0 {
        return true;
    }
    let (left, right, width) = (empty & bits.not_first_col, empty & bits.not_last_col, bits.width);
    // One step: the cells beside `r` in its rows, then the cells above and below those
    // (every cell added is connected to `r`; a set that does not grow is a whole region).
    let grow = |r: u64| {
        let h = r | (r << 1 & left) | (r >> 1 & right);
        h | ((h << width | h >> width) & empty)
    };
    let mut main = 1u64 << (63 - seeds.leading_zeros());
    let mut open = seeds & !main;
    if open != 0 {
        let mut a = open & open.wrapping_neg();
        loop {
            let a2 = grow(a);
            let m2 = grow(main);
            open &= !m2;
            if a2 & m2 != 0 {
                main = m2 | a2;
                open &= !a2;
                if open == 0 {
                    break;
                }
                a = open & open.wrapping_neg();
                continue;
            }
            if a2 == a {
                if bad(a.count_ones() as usize) {
                    return false;
                }
                open &= !a;
                main = m2;
                if open == 0 {
                    break;
                }
                a = open & open.wrapping_neg();
                continue;
            }
            if m2 == main {
                if bad(main.count_ones() as usize) {
                    return false;
                }
                return rest(open, a2, min, bad, grow);
            }
            a = a2;
            main = m2;
        }
    }
    // `main` is the last region next to the stone: only its size against `min` is open.
    loop {
        if main.count_ones() as usize >= min {
            return true;
        }
        let grown = grow(main);
        if grown == main {
            return false;
        }
        main = grown;
    }
}

/// The rest of [`smart_bits`] once `main`'s region is measured: the regions holding
/// `seeds`, one at a time from `first` (part of the lowest one's region), the last one
/// flooded only until it holds all seeds left and `min` cells.
#[inline]
fn rest(mut seeds: u64, first: u64, min: usize, bad: impl Fn(usize) -> bool, grow: impl Fn(u64) -> u64) -> bool {
    let mut r = first;
    loop {
        loop {
            let grown = grow(r);
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
        if seeds == 0 {
            return true;
        }
        r = seeds & seeds.wrapping_neg();
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
