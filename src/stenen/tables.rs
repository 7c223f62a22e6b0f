//! The placement tables every dumb and smart walk reads: for each cell and stone the
//! distinct placements with their first covered cell there, the identical-stone classes as
//! masks, and on boards of up to 64 cells each placement as a bit mask with the candidate
//! lists per (first empty cell, window of cells after it).

use super::rules::Puzzle;

/// The `(gcd, min)` a position passed the smart test with; `None` when not tested.
pub(super) type Test = Option<(usize, usize)>;

/// Precomputed placements: for each board cell and stone, every distinct orientation that
/// fits inside the board with its first covered cell on that cell.
pub(crate) struct Tables {
    pub(super) cells: usize,
    pub(super) stones: usize,
    pub(super) sizes: Vec<usize>,
    /// Lower-numbered stones of the same class, as a bit mask per stone.
    pub(super) lower_in_class: Vec<u32>,
    /// Higher-numbered stones of the same class, as a bit mask per stone.
    pub(super) higher_in_class: Vec<u32>,
    /// Per `(gcd, min)` of stone sizes (at `gcd * 32 + min`), the region sizes below 64
    /// the smart test rejects, as a bit mask.
    pub(super) bad_sizes: Vec<u64>,
    /// `(cell * stones + stone)` -> start in `places`; one more entry at the end.
    pub(super) index: Vec<u32>,
    /// Per cell, bit `s` set when stone `s` has a placement with its first cell there.
    pub(super) stones_at: Vec<u32>,
    /// Each stone size that occurs, ascending, with the stones of that size as a bit mask.
    pub(super) by_size: Vec<(usize, u32)>,
    /// Per stone, the other stones of the same size as a bit mask.
    pub(super) size_mates: Vec<u32>,
    /// Start of each placement's cells in `covered`.
    pub(super) places: Vec<u32>,
    pub(super) covered: Vec<u16>,
    pub(super) neighbours: Vec<[u16; 4]>,
    /// Boards of up to 64 cells: each placement's cells as a row-major bit mask.
    pub(super) bits: Option<BitRegions>,
}

/// Cells after the first empty one whose emptiness selects a walk's candidate list on
/// boards of up to 64 cells.
pub(super) const WINDOW: u32 = RIGHT + BELOW;
/// Window cells right of the first empty cell.
pub(super) const RIGHT: u32 = 4;
/// Window cells from the one below-left of the first empty cell (`width - 1` after it).
pub(super) const BELOW: u32 = 3;

/// Placements and region measuring on a row-major `u64` bitset (boards of up to 64 cells).
pub(super) struct BitRegions {
    pub(super) width: u32,
    pub(super) not_first_col: u64,
    pub(super) not_last_col: u64,
    /// Each placement's cells.
    pub(super) masks: Vec<u64>,
    /// The candidate lists of the dumb walk: every placement that misses the window's
    /// covered cells.
    pub(super) dumb: WindowLists,
    /// The candidate lists of the smart walk: the dumb lists less the placements that
    /// cut off a region of window cells that every smart test rejects (smaller than the
    /// smallest stone, or not a multiple of the gcd of all stone sizes), known from the
    /// window and the placement alone; built on first use ([`Tables::smart_lists`]).
    pub(super) smart: std::sync::OnceLock<WindowLists>,
}

/// Per row `cell << WINDOW | w` (`w`: which of the [`WINDOW`] cells after `cell` are
/// empty), the placements with first cell `cell` for that window: stone `s`'s are
/// `masks[start[row * (stones + 1) + s]..start[row * (stones + 1) + s + 1]]`, in the order
/// of the unfiltered list.
#[derive(Default)]
pub(super) struct WindowLists {
    pub(super) start: Vec<u32>,
    pub(super) masks: Vec<u64>,
    /// Per row, the stones with a placement in it.
    pub(super) stones: Vec<u32>,
}

impl BitRegions {
    /// `r` and the cells of `empty` next to it.
    #[inline]
    pub(super) fn grow(&self, r: u64, empty: u64) -> u64 {
        (r | (r << 1 & self.not_first_col) | (r >> 1 & self.not_last_col) | r << self.width | r >> self.width) & empty
    }

    /// The 4-connected region of `empty` holding `seed`.
    #[inline]
    pub(super) fn flood(&self, seed: u64, empty: u64) -> u64 {
        let mut r = seed;
        loop {
            let grown = self.grow(r, empty);
            if grown == r {
                return r;
            }
            r = grown;
        }
    }

    /// Which cells of the window of `cell` are set in `set` (cells past the 64th read as
    /// not set).
    #[inline(always)]
    pub(super) fn window(&self, set: u64, cell: usize) -> usize {
        let from = set >> cell;
        let right = (from >> 1) as usize & ((1 << RIGHT) - 1);
        let below = (from >> (self.width - 1)) as usize & ((1 << BELOW) - 1);
        right | below << RIGHT
    }

    /// The board cells of the window of `cell`, bit `k` of a window first.
    fn window_cells(&self, cell: usize) -> impl Iterator<Item = usize> {
        let below = cell + self.width as usize - 1;
        (cell + 1..cell + 1 + RIGHT as usize).chain(below..below + BELOW as usize)
    }

    /// Cells of `empty` next to `mask`.
    #[inline]
    pub(super) fn beside(&self, mask: u64, empty: u64) -> u64 {
        ((mask << 1 & self.not_first_col) | (mask >> 1 & self.not_last_col) | mask << self.width | mask >> self.width)
            & empty
    }

    /// Whether every region of `empty` meeting `seeds` passes the size test.
    #[inline]
    pub(super) fn regions_ok(&self, mut seeds: u64, empty: u64, bad: impl Fn(usize) -> bool) -> bool {
        while seeds != 0 {
            let region = self.flood(seeds & seeds.wrapping_neg(), empty);
            if bad(region.count_ones() as usize) {
                return false;
            }
            seeds &= !region;
        }
        true
    }
}

pub(super) const NONE: u16 = u16::MAX;

impl Tables {
    pub(crate) fn new(game: &Puzzle) -> Tables {
        let (h, w, s) = (game.height, game.width, game.stone_count());
        let sizes: Vec<usize> = game.stones.iter().map(|st| st.size()).collect();
        let lower_in_class = (0..s)
            .map(|i| (0..i).filter(|&j| game.class_of[j] == game.class_of[i]).fold(0u32, |m, j| m | 1 << j))
            .collect();
        let higher_in_class = (0..s)
            .map(|i| (i + 1..s).filter(|&j| game.class_of[j] == game.class_of[i]).fold(0u32, |m, j| m | 1 << j))
            .collect();
        let (mut index, mut places, mut covered) = (Vec::new(), Vec::new(), Vec::new());
        for cell in 0..h * w {
            let (r, c) = (cell / w, cell % w);
            for stone in &game.stones {
                index.push(places.len() as u32);
                for &o in &stone.distinct {
                    let shape = &stone.orientations[o];
                    let (ar, ac) = shape.anchor();
                    if c < ac || r + shape.rows - ar > h || c - ac + shape.cols > w {
                        continue;
                    }
                    places.push(covered.len() as u32);
                    covered.extend(shape.cells.iter().map(|&(sr, sc)| ((r - ar + sr) * w + c - ac + sc) as u16));
                }
            }
        }
        index.push(places.len() as u32);
        places.push(covered.len() as u32);
        let neighbours = (0..h * w)
            .map(|i| {
                let (r, c) = (i / w, i % w);
                let at = |ok: bool, j: usize| if ok { j as u16 } else { NONE };
                [at(r > 0, i.wrapping_sub(w)), at(r + 1 < h, i + w), at(c > 0, i.wrapping_sub(1)), at(c + 1 < w, i + 1)]
            })
            .collect();
        let bits = (h * w <= 64).then(|| {
            let col = |keep: &dyn Fn(usize) -> bool| (0..h * w).filter(|&i| keep(i % w)).fold(0u64, |m, i| m | 1 << i);
            BitRegions {
                width: w as u32,
                not_first_col: col(&|c| c != 0),
                not_last_col: col(&|c| c + 1 != w),
                masks: vec![0u64; places.len()],
                dumb: WindowLists::default(),
                smart: std::sync::OnceLock::new(),
            }
        });
        let stones_at = (0..h * w)
            .map(|cell| {
                (0..s).filter(|&st| index[cell * s + st] < index[cell * s + st + 1]).fold(0, |m, st| m | 1 << st)
            })
            .collect();
        let mut size_list: Vec<usize> = sizes.clone();
        size_list.sort_unstable();
        size_list.dedup();
        let by_size: Vec<(usize, u32)> = size_list
            .into_iter()
            .map(|z| (z, (0..s).filter(|&st| sizes[st] == z).fold(0u32, |m, st| m | 1 << st)))
            .collect();
        let size_mates = (0..s)
            .map(|st| by_size.iter().find(|&&(z, _)| z == sizes[st]).map_or(0, |&(_, m)| m & !(1 << st)))
            .collect();
        let mut tables = Tables {
            cells: h * w,
            stones: s,
            by_size,
            size_mates,
            sizes,
            lower_in_class,
            higher_in_class,
            bad_sizes: (0..32 * 32)
                .map(|k| (1..64).filter(|&z| k / 32 == 0 || z % (k / 32) != 0 || z < k % 32).fold(0, |m, z| m | 1 << z))
                .collect(),
            index,
            stones_at,
            places,
            covered,
            neighbours,
            bits,
        };
        tables.fill_masks();
        tables
    }

    /// Sets each placement's bit mask (boards of up to 64 cells).
    fn fill_masks(&mut self) {
        let Some(mut bits) = self.bits.take() else { return };
        for cell in 0..self.cells {
            for stone in 0..self.stones {
                for place in self.placements(cell, stone) {
                    bits.masks[place] = self.cells_of(place, stone).iter().fold(0u64, |m, &c| m | 1 << c);
                }
            }
        }
        bits.dumb = self.window_lists(&bits, false);
        self.bits = Some(bits);
    }

    /// The smart walk's candidate lists (boards of up to 64 cells), built on first use.
    pub(super) fn smart_lists(&self) -> &WindowLists {
        let bits = self.bits.as_ref().expect("a board of up to 64 cells");
        bits.smart.get_or_init(|| self.window_lists(bits, true))
    }

    /// The candidate lists per window row; with `smart`, less the placements that cut off
    /// a region of window cells every smart test rejects.
    fn window_lists(&self, bits: &BitRegions, smart: bool) -> WindowLists {
        let mut lists = WindowLists::default();
        // A region of `z` cells is rejected by every smart test when `z` is below the
        // smallest stone or not a multiple of the gcd of all sizes (every gcd of some of
        // the stones is a multiple of it).
        let smallest = self.sizes.iter().copied().min().unwrap_or(0);
        let all_gcd = self.sizes.iter().fold(0, |g, &z| gcd(g, z));
        let always_bad = |z: usize| z < smallest || all_gcd == 0 || z % all_gcd != 0;
        for row in 0..self.cells << WINDOW {
            let (cell, w) = (row >> WINDOW, row as u64 & ((1 << WINDOW) - 1));
            // Window cells known empty and known covered in this row.
            let (mut open, mut shut) = (0u64, 0u64);
            for (k, c) in bits.window_cells(cell).enumerate().filter(|&(_, c)| c < self.cells) {
                match w >> k & 1 {
                    1 => open |= 1 << c,
                    _ => shut |= 1 << c,
                }
            }
            let before = (1u64 << cell) - 1;
            // Whether placing `m` leaves a region made of window cells only (all its
            // neighbours known covered) of a size every smart test rejects.
            let cut_off = |m: u64| {
                let covered = before | shut | m;
                let mut left = open & !m;
                while left != 0 {
                    let mut region = left & left.wrapping_neg();
                    let mut closed = true;
                    let mut todo = region;
                    while todo != 0 {
                        let x = todo.trailing_zeros() as usize;
                        todo &= todo - 1;
                        for &n in self.neighbours[x].iter().filter(|&&n| n != NONE) {
                            let bit = 1u64 << n;
                            if left & bit != 0 && region & bit == 0 {
                                region |= bit;
                                todo |= bit;
                            } else if covered & bit == 0 && region & bit == 0 {
                                closed = false;
                            }
                        }
                    }
                    if closed && always_bad(region.count_ones() as usize) {
                        return true;
                    }
                    left &= !region;
                }
                false
            };
            let mut stones = 0u32;
            for stone in 0..self.stones {
                lists.start.push(lists.masks.len() as u32);
                for place in self.placements(cell, stone) {
                    let m = bits.masks[place];
                    if bits.window(m, cell) as u64 & !w == 0 && !(smart && cut_off(m)) {
                        lists.masks.push(m);
                        stones |= 1 << stone;
                    }
                }
            }
            lists.start.push(lists.masks.len() as u32);
            lists.stones.push(stones);
        }
        lists
    }

    #[inline]
    pub(super) fn placements(&self, cell: usize, stone: usize) -> std::ops::Range<usize> {
        let k = cell * self.stones + stone;
        self.index[k] as usize..self.index[k + 1] as usize
    }

    #[inline]
    pub(super) fn cells_of(&self, place: usize, stone: usize) -> &[u16] {
        let start = self.places[place] as usize;
        &self.covered[start..start + self.sizes[stone]]
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
