//! The seed's backtracking search in **dumb** and **smart** mode, sequential and parallel.
//!
//! Duplicate control (spec, every mode): always cover the first empty cell in row-major
//! order; branch over the unplaced stones ascending, trying a stone only when it is the
//! lowest-numbered unplaced stone of its class, and over its distinct orientations
//! ascending, placed so that the oriented stone's first covered cell lands on that cell.
//! Smart mode rejects a placement (not counted as a position) when an empty 4-connected
//! region's size is not a multiple of the gcd of the unplaced stones' sizes or is smaller
//! than the smallest of them. Positions visited = calls of the recursive search.

use super::board::Board;
use super::game::Game;
use crate::harness::budget::{Budget, Stopped};
use crate::harness::split::{self, SplitTree};

/// Tick the budget every this many positions.
pub(crate) use crate::harness::budget::TICK;

/// How a search prunes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The duplicate control and nothing else.
    Dumb,
    /// Plus the region-size test after every placement.
    Smart,
    /// The bitboard solver (beyond the seed): the same counts, its own positions.
    Fast,
}

impl Mode {
    /// The mode's name as used on the command line and in tables.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Dumb => "dumb",
            Mode::Smart => "smart",
            Mode::Fast => "fast",
        }
    }
}

/// The answer of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// Positions visited (spec definition for dumb and smart; nodes of the bitboard
    /// search for fast).
    pub positions: u64,
    /// Tilings with identical stones interchangeable.
    pub distinct: u64,
    /// Different numbered boards: `distinct` x product over classes of (unplaced in class)!.
    pub labelled: u128,
}

/// The answer of a find.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// Positions visited until the first solution (or the whole tree when there is none).
    pub positions: u64,
    /// The first solution's cells in row-major order (stone numbers), if any.
    pub board: Option<Vec<u8>>,
}

/// Cells of the unplaced stones and the empty cells, when they differ (no search runs).
pub fn cell_mismatch(game: &Game, board: &Board) -> Option<(usize, usize)> {
    let stones: usize =
        (1..=game.stone_count()).filter(|&s| !board.is_placed(s)).map(|s| game.stones[s - 1].size()).sum();
    let empty = board.cells().iter().filter(|&&c| c == 0).count();
    (stones != empty).then_some((stones, empty))
}

/// Product over classes of (unplaced stones in the class)!: labelled boards per distinct tiling.
pub fn labelled_factor(game: &Game, board: &Board) -> u128 {
    let classes = game.class_of.iter().copied().max().map_or(0, |m| m + 1);
    let mut unplaced = vec![0u32; classes];
    for s in 1..=game.stone_count() {
        if !board.is_placed(s) {
            unplaced[game.class_of[s - 1]] += 1;
        }
    }
    unplaced.iter().map(|&k| (1..=u128::from(k)).product::<u128>()).product()
}

/// Precomputed placements: for each board cell and stone, every distinct orientation that
/// fits inside the board with its first covered cell on that cell.
pub(crate) struct Tables {
    pub(super) cells: usize,
    pub(super) stones: usize,
    sizes: Vec<usize>,
    /// Lower-numbered stones of the same class, as a bit mask per stone.
    lower_in_class: Vec<u32>,
    /// Higher-numbered stones of the same class, as a bit mask per stone.
    higher_in_class: Vec<u32>,
    /// Per `(gcd, min)` of stone sizes (at `gcd * 32 + min`), the region sizes below 64
    /// the smart test rejects, as a bit mask.
    bad_sizes: Vec<u64>,
    /// `(cell * stones + stone)` -> start in `places`; one more entry at the end.
    index: Vec<u32>,
    /// Per cell, bit `s` set when stone `s` has a placement with its first cell there.
    stones_at: Vec<u32>,
    /// Each stone size that occurs, ascending, with the stones of that size as a bit mask.
    by_size: Vec<(usize, u32)>,
    /// Start of each placement's cells in `covered`.
    places: Vec<u32>,
    covered: Vec<u16>,
    neighbours: Vec<[u16; 4]>,
    /// Boards of up to 64 cells: each placement's cells as a row-major bit mask.
    bits: Option<BitRegions>,
}

/// Cells after the first empty one whose emptiness selects a walk's candidate list on
/// boards of up to 64 cells.
const WINDOW: u32 = RIGHT + BELOW;
/// Window cells right of the first empty cell.
const RIGHT: u32 = 4;
/// Window cells from the one below-left of the first empty cell (`width - 1` after it).
const BELOW: u32 = 3;

/// Placements and region measuring on a row-major `u64` bitset (boards of up to 64 cells).
struct BitRegions {
    width: u32,
    not_first_col: u64,
    not_last_col: u64,
    /// Each placement's cells.
    masks: Vec<u64>,
    /// Per row `cell << WINDOW | w` (`w`: which of the [`WINDOW`] cells after `cell` are
    /// empty), the placements with first cell `cell` that cover none of the window's
    /// covered cells: stone `s`'s are `window_masks[start[row * (stones + 1) + s]..
    /// start[row * (stones + 1) + s + 1]]`, in the order of the unfiltered list.
    window_start: Vec<u32>,
    window_masks: Vec<u64>,
    /// Per row, the stones with a placement in it.
    window_stones: Vec<u32>,
}

impl BitRegions {
    /// `r` and the cells of `empty` next to it.
    #[inline]
    fn grow(&self, r: u64, empty: u64) -> u64 {
        (r | (r << 1 & self.not_first_col) | (r >> 1 & self.not_last_col) | r << self.width | r >> self.width) & empty
    }

    /// The 4-connected region of `empty` holding `seed`.
    #[inline]
    fn flood(&self, seed: u64, empty: u64) -> u64 {
        let mut r = seed;
        loop {
            let grown = self.grow(r, empty);
            if grown == r {
                return r;
            }
            r = grown;
        }
    }

    /// Which cells of the window of `cell` are set in `set`.
    #[inline(always)]
    fn window(&self, set: u64, cell: usize) -> usize {
        let wide = u128::from(set);
        let right = (wide >> (cell + 1)) as usize & ((1 << RIGHT) - 1);
        let below = (wide >> (cell + self.width as usize - 1)) as usize & ((1 << BELOW) - 1);
        right | below << RIGHT
    }

    /// Cells of `empty` next to `mask`.
    #[inline]
    fn beside(&self, mask: u64, empty: u64) -> u64 {
        ((mask << 1 & self.not_first_col) | (mask >> 1 & self.not_last_col) | mask << self.width | mask >> self.width)
            & empty
    }

    /// Whether every region of `empty` meeting `seeds` passes the size test.
    #[inline]
    fn regions_ok(&self, mut seeds: u64, empty: u64, bad: impl Fn(usize) -> bool) -> bool {
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

const NONE: u16 = u16::MAX;

impl Tables {
    pub(crate) fn new(game: &Game) -> Tables {
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
                window_start: Vec::new(),
                window_masks: Vec::new(),
                window_stones: Vec::new(),
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
        let by_size = size_list
            .into_iter()
            .map(|z| (z, (0..s).filter(|&st| sizes[st] == z).fold(0u32, |m, st| m | 1 << st)))
            .collect();
        let mut tables = Tables {
            cells: h * w,
            stones: s,
            by_size,
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
        for row in 0..self.cells << WINDOW {
            let (cell, w) = (row >> WINDOW, row as u64 & ((1 << WINDOW) - 1));
            let mut stones = 0u32;
            for stone in 0..self.stones {
                bits.window_start.push(bits.window_masks.len() as u32);
                for place in self.placements(cell, stone) {
                    let m = bits.masks[place];
                    if bits.window(m, cell) as u64 & !w == 0 {
                        bits.window_masks.push(m);
                        stones |= 1 << stone;
                    }
                }
            }
            bits.window_start.push(bits.window_masks.len() as u32);
            bits.window_stones.push(stones);
        }
        self.bits = Some(bits);
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

/// The `(gcd, min)` a position passed the smart test with; `None` when not tested.
pub(super) type Test = Option<(usize, usize)>;

/// Positions and solutions of one search worker; the budget is ticked every [`TICK`]
/// positions and on [`Tally::flush`].
pub(super) struct Tally<'b> {
    /// Positions visited.
    pub(super) positions: u64,
    unticked: u64,
    /// Solutions reached.
    pub(super) solutions: u64,
    /// Whether the search stops at its first solution.
    pub(super) first_only: bool,
    budget: &'b Budget,
}

impl<'b> Tally<'b> {
    pub(super) fn new(budget: &'b Budget) -> Self {
        Tally { positions: 0, unticked: 0, solutions: 0, first_only: false, budget }
    }

    /// Counts a position; `Err` when the budget says stop.
    #[inline]
    pub(super) fn visit(&mut self) -> Result<(), Stopped> {
        self.positions += 1;
        self.unticked += 1;
        if self.unticked >= TICK {
            self.budget.tick(self.unticked)?;
            self.unticked = 0;
        }
        Ok(())
    }

    /// Counts a solution; true when the search stops here (a find).
    #[inline]
    pub(super) fn solution(&mut self) -> bool {
        self.solutions += 1;
        self.first_only
    }

    /// Hands the positions not yet ticked to the budget.
    pub(super) fn flush(&mut self) {
        let _ = self.budget.tick(self.unticked);
        self.unticked = 0;
    }
}

/// A walk over the seed's tree: its search state and how a placement is put on the board
/// and taken off (the memo also keeps its key up to date).
pub(super) trait Tree<'t> {
    /// The search state.
    fn search(&mut self) -> &mut Search<'t>;
    /// Puts placement `place` (cells `covered`) of `stone` on the board.
    fn place(&mut self, place: usize, covered: &[u16], stone: usize);
    /// Takes it off again.
    fn unplace(&mut self, place: usize, covered: &[u16], stone: usize);
}

impl<'t> Tree<'t> for Search<'t> {
    #[inline]
    fn search(&mut self) -> &mut Search<'t> {
        self
    }

    #[inline]
    fn place(&mut self, place: usize, covered: &[u16], stone: usize) {
        self.put(place, covered, stone, stone as u8 + 1);
    }

    #[inline]
    fn unplace(&mut self, place: usize, covered: &[u16], stone: usize) {
        self.put(place, covered, stone, 0);
    }
}

/// Calls `f(tree, test)` on every child of the position whose first empty cell is `cell`
/// (the placements that pass the smart test, `test` being what they passed with), in the
/// spec's order, with the child on the board, until `f` returns `Ok(true)`; the position
/// is restored after each call.
#[inline]
pub(super) fn for_each_child<'t, N: Tree<'t>, E>(
    n: &mut N,
    cell: usize,
    checked: Test,
    mut f: impl FnMut(&mut N, Test) -> Result<bool, E>,
) -> Result<bool, E> {
    let t = n.search().t;
    let mut stones = t.stones_at[cell] & !n.search().placed;
    while stones != 0 {
        let stone = stones.trailing_zeros() as usize;
        stones &= stones - 1;
        if !n.search().tried(stone) {
            continue;
        }
        for place in t.placements(cell, stone) {
            let covered = t.cells_of(place, stone);
            if !n.search().fits(place, covered) {
                continue;
            }
            n.place(place, covered, stone);
            let test = match n.search().smart {
                true => n.search().smart_test(cell, place, covered, checked),
                false => Some((0, 0)),
            };
            let done = match test {
                Some(test) => f(n, Some(test)),
                None => Ok(false),
            };
            n.unplace(place, covered, stone);
            if done? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// The state of one search (one worker of a parallel search).
pub(super) struct Search<'t> {
    pub(super) t: &'t Tables,
    smart: bool,
    pub(super) cells: Vec<u8>,
    pub(super) placed: u32,
    /// Positions and solutions so far.
    pub(super) n: Tally<'t>,
    found: Option<Vec<u8>>,
    stamp: Vec<u32>,
    stamp_now: u32,
    stack: Vec<u16>,
    /// Empty cells as a row-major bitset (boards of up to 64 cells).
    empty: u64,
    /// A find's placements on boards of up to 64 cells: mask and stone number.
    trail: Vec<(u64, u8)>,
}

impl<'t> Search<'t> {
    pub(super) fn new(t: &'t Tables, mode: Mode, cells: Vec<u8>, placed: u32, budget: &'t Budget) -> Self {
        Search {
            t,
            smart: mode == Mode::Smart,
            cells,
            placed,
            n: Tally::new(budget),
            found: None,
            stamp: vec![0; t.cells],
            stamp_now: 0,
            stack: Vec::with_capacity(t.cells),
            empty: 0,
            trail: Vec::new(),
        }
        .with_empty_bits()
    }

    fn with_empty_bits(mut self) -> Self {
        self.empty = self.cells.iter().enumerate().filter(|&(_, &c)| c == 0).fold(0u64, |m, (i, _)| m | 1 << (i % 64));
        self
    }

    /// The first empty cell at or after `from` (row-major), if any.
    #[inline]
    pub(super) fn first_empty(&self, from: usize) -> Option<usize> {
        if self.t.bits.is_some() {
            let ahead = self.empty & u64::MAX.checked_shl(from as u32).unwrap_or(0);
            return (ahead != 0).then(|| ahead.trailing_zeros() as usize);
        }
        (from..self.t.cells).find(|&i| self.cells[i] == 0)
    }

    #[inline]
    pub(super) fn tried(&self, stone: usize) -> bool {
        let lower = self.t.lower_in_class[stone];
        self.placed & (1 << stone) == 0 && self.placed & lower == lower
    }

    /// Whether every cell of placement `place` (cells `covered`) is empty.
    #[inline]
    pub(super) fn fits(&self, place: usize, covered: &[u16]) -> bool {
        match &self.t.bits {
            Some(bits) => self.empty & bits.masks[place] == bits.masks[place],
            None => covered.iter().all(|&c| self.cells[usize::from(c)] == 0),
        }
    }

    /// Puts `value` on the cells of placement `place` of `stone` (0 takes it off again).
    #[inline]
    pub(super) fn put(&mut self, place: usize, covered: &[u16], stone: usize, value: u8) {
        for &c in covered {
            self.cells[usize::from(c)] = value;
        }
        self.placed ^= 1 << stone;
        if let Some(bits) = &self.t.bits {
            self.empty ^= bits.masks[place];
        }
    }

    /// The recursive search from this position; `Ok(true)` when a find is done. `checked`
    /// is the `(gcd, min)` this position passed the smart test with (`None` at the start).
    pub(super) fn walk(&mut self, from: usize, checked: Test) -> Result<bool, Stopped> {
        let Some(bits) = self.t.bits.as_ref() else {
            return self.node(from, checked);
        };
        match (self.smart, self.n.first_only) {
            (false, false) => self.walk_bits::<false, false>(bits, checked),
            (false, true) => self.walk_bits::<false, true>(bits, checked),
            (true, false) => self.walk_bits::<true, false>(bits, checked),
            (true, true) => self.walk_bits::<true, true>(bits, checked),
        }
    }

    /// One call of the recursive search; `Ok(true)` when a find is done.
    fn node(&mut self, from: usize, checked: Test) -> Result<bool, Stopped> {
        self.n.visit()?;
        let Some(cell) = self.first_empty(from) else {
            let done = self.n.solution();
            if done {
                self.found = Some(self.cells.clone());
            }
            return Ok(done);
        };
        for_each_child(self, cell, checked, |s, test| s.node(cell + 1, test))
    }

    /// The walk on a board of up to 64 cells by [`Kernel`]; its positions and solutions
    /// are added to this search's tally, a find's board is kept in `found`.
    fn walk_bits<const SMART: bool, const FIND: bool>(
        &mut self,
        bits: &BitRegions,
        checked: Test,
    ) -> Result<bool, Stopped> {
        let t = self.t;
        let allowed = (0..t.stones).filter(|&s| self.tried(s)).fold(0u32, |m, s| m | 1 << s);
        let mut k = Kernel::<SMART, FIND> {
            t,
            bits,
            positions: 0,
            solutions: 0,
            ticked: 0,
            unticked: self.n.unticked,
            budget: self.n.budget,
            stopped: None,
            depth: 0,
            trail: [(0, 0); 32],
        };
        let done = k.node(self.empty, self.placed, allowed, checked);
        self.n.positions += k.positions;
        self.n.solutions += k.solutions;
        self.n.unticked = k.unticked + (k.positions - k.ticked);
        if let Some(stop) = k.stopped {
            return Err(stop);
        }
        if FIND && done {
            self.trail.extend_from_slice(&k.trail[..k.depth]);
            self.found = Some(self.board_with_trail());
            self.trail.truncate(self.trail.len() - k.depth);
        }
        Ok(done)
    }

    /// The board: `cells` with the placements of `trail` on it.
    fn board_with_trail(&self) -> Vec<u8> {
        let mut cells = self.cells.clone();
        for &(mask, value) in &self.trail {
            for (i, c) in cells.iter_mut().enumerate() {
                if mask >> i & 1 == 1 {
                    *c = value;
                }
            }
        }
        cells
    }

    /// The smart test after placing `covered`: every empty region's size is a multiple of
    /// the gcd of the unplaced stones' sizes and at least the smallest of them. Returns the
    /// `(gcd, min)` passed (`Some((0, 0))` in dumb mode or with no stone left), `None` to
    /// reject. Cells before `from` are covered.
    ///
    /// When the parent passed with the same `(gcd, min)`, a region untouched by this stone
    /// passed already, so only the regions next to `covered` are measured; the answer is the
    /// same as measuring every region.
    pub(super) fn smart_test(&mut self, from: usize, place: usize, covered: &[u16], parent: Test) -> Test {
        if !self.smart {
            return Some((0, 0));
        }
        let Some((g, min)) = gcd_min(self.t, self.placed) else {
            return Some((0, 0));
        };
        if let Some(bits) = &self.t.bits {
            return smart_bits(self.t, bits, self.empty, bits.masks[place], g, min, parent).then_some((g, min));
        }
        let bad = |size: usize| size % g != 0 || size < min;
        if self.stamp_now == u32::MAX {
            self.stamp.fill(0);
            self.stamp_now = 0;
        }
        self.stamp_now += 1;
        let t = self.t;
        if parent == Some((g, min)) {
            for &c in covered {
                for &n in &t.neighbours[usize::from(c)] {
                    let open = n != NONE && self.cells[usize::from(n)] == 0;
                    if open && self.stamp[usize::from(n)] != self.stamp_now && bad(self.flood(usize::from(n))) {
                        return None;
                    }
                }
            }
        } else {
            for i in from..t.cells {
                if self.cells[i] == 0 && self.stamp[i] != self.stamp_now && bad(self.flood(i)) {
                    return None;
                }
            }
        }
        Some((g, min))
    }

    fn flood(&mut self, start: usize) -> usize {
        let now = self.stamp_now;
        self.stamp[start] = now;
        self.stack.clear();
        self.stack.push(start as u16);
        let mut size = 0;
        while let Some(i) = self.stack.pop() {
            size += 1;
            for &n in &self.t.neighbours[usize::from(i)] {
                if n != NONE && self.cells[usize::from(n)] == 0 && self.stamp[usize::from(n)] != now {
                    self.stamp[usize::from(n)] = now;
                    self.stack.push(n);
                }
            }
        }
        size
    }
}

/// The seed's walk on a board of up to 64 cells, specialised for smart or dumb and find
/// or count: the same children in the same order as [`Search::node`], each candidate one
/// AND with the empty cells, the position (empty cells, placed stones, the stones that may
/// be tried) in registers, no cell array written (a find keeps its placements in `trail`).
struct Kernel<'a, const SMART: bool, const FIND: bool> {
    t: &'a Tables,
    bits: &'a BitRegions,
    /// Positions visited.
    positions: u64,
    /// Solutions reached.
    solutions: u64,
    /// Positions of this walk already handed to the budget.
    ticked: u64,
    /// Positions of the search before this walk not yet handed to the budget.
    unticked: u64,
    budget: &'a Budget,
    /// Why the walk stopped early, if it did.
    stopped: Option<Stopped>,
    /// A find's placements (mask, stone number) down to the current position.
    depth: usize,
    trail: [(u64, u8); 32],
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
        }
        false
    }

    /// One call of the recursive search at the position with empty cells `empty`, stones
    /// `placed` and `allowed` (the lowest unplaced stone of each class); true when the walk
    /// is done (a find's solution or a stop).
    fn node(&mut self, empty: u64, placed: u32, allowed: u32, checked: Test) -> bool {
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
fn gcd_min(t: &Tables, placed: u32) -> Test {
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
fn smart_bits(t: &Tables, bits: &BitRegions, empty: u64, mask: u64, g: usize, min: usize, parent: Test) -> bool {
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

pub(super) fn start_state(game: &Game, board: &Board) -> (Vec<u8>, u32) {
    let placed = (1..=game.stone_count()).filter(|&s| board.is_placed(s)).fold(0u32, |m, s| m | 1 << (s - 1));
    (board.cells().to_vec(), placed)
}

/// Finds the first solution from `board` in the spec's order (dumb or smart mode).
pub fn find(game: &Game, board: &Board, mode: Mode, budget: &Budget) -> Result<Found, Stopped> {
    if cell_mismatch(game, board).is_some() {
        return Ok(Found { positions: 0, board: None });
    }
    let tables = Tables::new(game);
    let (cells, placed) = start_state(game, board);
    let mut search = Search::new(&tables, mode, cells, placed, budget);
    search.n.first_only = true;
    let result = search.walk(0, None);
    search.n.flush();
    result?;
    Ok(Found { positions: search.n.positions, board: search.found })
}

/// Counts every solution from `board` (dumb or smart mode). With `parallel`, the tree is
/// cut near its root by [`split::run`] and the parts run on the current rayon pool; the
/// positions visited are exactly those of the sequential search.
pub fn count(game: &Game, board: &Board, mode: Mode, parallel: bool, budget: &Budget) -> Result<Count, Stopped> {
    if cell_mismatch(game, board).is_some() {
        return Ok(Count { positions: 0, distinct: 0, labelled: 0 });
    }
    let tables = Tables::new(game);
    let (cells, placed) = start_state(game, board);
    let tree = WalkTree { t: &tables, mode, budget };
    let (positions, distinct) = split::run(&tree, Node { cells, placed, checked: None, from: 0 }, parallel)?;
    Ok(Count { positions, distinct, labelled: u128::from(distinct) * labelled_factor(game, board) })
}

/// A position of the seed's walk, detached from any worker: the board, the placed
/// stones, the smart test it passed and the cell its first empty cell is searched from.
pub(super) struct Node {
    pub(super) cells: Vec<u8>,
    pub(super) placed: u32,
    pub(super) checked: Test,
    pub(super) from: usize,
}

impl Node {
    /// The children of this position in the spec's order (`None` at a full board).
    pub(super) fn children(&self, t: &Tables, mode: Mode, budget: &Budget) -> Option<Vec<Node>> {
        let mut search = Search::new(t, mode, self.cells.clone(), self.placed, budget);
        let cell = search.first_empty(self.from)?;
        let mut out = Vec::new();
        let _ = for_each_child(&mut search, cell, self.checked, |s, checked| {
            out.push(Node { cells: s.cells.clone(), placed: s.placed, checked, from: cell + 1 });
            Ok::<_, Stopped>(false)
        });
        Some(out)
    }
}

/// The seed's walk (dumb or smart) as a tree for the root splitter; a value is a subtree's
/// `(positions, solutions_distinct)`.
struct WalkTree<'a> {
    t: &'a Tables,
    mode: Mode,
    budget: &'a Budget,
}

impl SplitTree for WalkTree<'_> {
    type Node = Node;
    type Value = (u64, u64);
    type Error = Stopped;

    fn children(&self, node: &Node) -> Result<Option<Vec<Node>>, Stopped> {
        self.budget.tick(1)?;
        Ok(node.children(self.t, self.mode, self.budget))
    }

    fn walk(&self, node: Node) -> Result<(u64, u64), Stopped> {
        self.budget.check()?;
        let mut search = Search::new(self.t, self.mode, node.cells, node.placed, self.budget);
        let result = search.walk(node.from, node.checked);
        search.n.flush();
        result?;
        Ok((search.n.positions, search.n.solutions))
    }

    fn join(&self, _node: Node, children: Vec<(u64, u64)>) -> Result<(u64, u64), Stopped> {
        Ok(children.iter().fold((1, 0), |(p, s), &(cp, cs)| (p + cp, s + cs)))
    }
}
