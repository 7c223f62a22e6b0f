//! The assignment's walk as a tree of positions, shared by the plain search and the memo: the
//! search state of one worker ([`Search`]), its tally of positions and solutions
//! ([`Tally`]), the children of a position in the spec's order ([`for_each_child`] over a
//! [`Tree`]), the general walk on any board, and a position detached from a worker
//! ([`Node`]) for the root splitter. On boards of up to 64 cells [`Search::walk`] hands
//! the subtree to the bitboard kernel (`kernel.rs`).

use super::board::Board;
use super::kernel::{gcd_min, smart_bits, Kernel};
use super::outcome::Mode;
use super::rules::Puzzle;
use super::tables::{BitRegions, Tables, NONE};
use crate::search::budget::{Budget, Stopped};

/// Tick the budget every this many positions.
pub(crate) use crate::search::budget::TICK;

pub(super) use super::tables::Test;

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
    /// Positions after which the search stops (checked every [`TICK`] positions), marking
    /// itself `capped`; `u64::MAX` for none.
    pub(super) limit: u64,
    /// Whether the search stopped at `limit`.
    pub(super) capped: bool,
    budget: &'b Budget,
}

impl<'b> Tally<'b> {
    pub(super) fn new(budget: &'b Budget) -> Self {
        Tally { positions: 0, unticked: 0, solutions: 0, first_only: false, limit: u64::MAX, capped: false, budget }
    }

    /// Counts a position; `Err` when the budget says stop.
    #[inline]
    pub(super) fn visit(&mut self) -> Result<(), Stopped> {
        self.positions += 1;
        self.unticked += 1;
        if self.unticked >= TICK {
            self.budget.tick(self.unticked)?;
            self.unticked = 0;
            if self.positions >= self.limit {
                self.capped = true;
                return Err(Stopped::TimeLimit);
            }
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

/// A walk over the assignment's tree: its search state and how a placement is put on the board
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
    pub(super) found: Option<Vec<u8>>,
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
            lists: if SMART { t.smart_lists() } else { &bits.dumb },
            positions: 0,
            solutions: 0,
            ticked: 0,
            unticked: self.n.unticked,
            budget: self.n.budget,
            limit: self.n.limit.saturating_sub(self.n.positions),
            capped: false,
            stopped: None,
            depth: 0,
            trail: [(0, 0); 32],
        };
        let done = k.node(self.empty, self.placed, allowed, checked);
        self.n.positions += k.positions;
        self.n.solutions += k.solutions;
        self.n.unticked = k.unticked + (k.positions - k.ticked);
        self.n.capped |= k.capped;
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
            let bad = self.t.bad_sizes[g * 32 + min];
            let same = parent == Some((g, min));
            return smart_bits(bits, self.empty, bits.masks[place], bad, min, same).then_some((g, min));
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

pub(super) fn start_state(game: &Puzzle, board: &Board) -> (Vec<u8>, u32) {
    let placed = (1..=game.stone_count()).filter(|&s| board.is_placed(s)).fold(0u32, |m, s| m | 1 << (s - 1));
    (board.cells().to_vec(), placed)
}

/// A position of the assignment's walk, detached from any worker: the board, the placed
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
