//! Exact dumb and smart counts through the shared memo ("hashed perft" for tilings).
//!
//! The assignment's walk visits the same state many times: a state is the set of covered cells
//! plus the multiset of unplaced stones, and everything below it is a function of that
//! state alone. The next cell is the first empty one; the stones tried are the lowest
//! unplaced stone of each class, and every stone of a class has the same set of distinct
//! cell sets, so which member of a class is left does not change the subtree's shape; the
//! smart test looks only at the empty cells and the unplaced stones' sizes. So the
//! subtree's positions and its `solutions_distinct` are stored per state in a
//! [`MemoTable`] with the exact key (covered cells as a bitset, unplaced stones as a
//! canonical mask: the lowest `k` stones of a class with `k` unplaced). Counted through
//! the table, positions = 1 + sum over the children of their positions and distinct =
//! sum of the children's distinct (1 at a full board): the plain walk's numbers.
//! `solutions_labelled` = distinct x the root's class factor, as in the walk.
//!
//! *find* stores only subtrees proven to hold no solution (their positions: the plain
//! find walks them whole), and walks the rest in the spec's order with the real stone
//! numbers, so it stops at the same first solution after the same positions.

use std::sync::atomic::{AtomicU64, Ordering};

use super::board::Board;
use super::outcome::{cell_mismatch, labelled_factor, Count, Mode};
use super::rules::Puzzle;
use super::tables::Tables;
use super::walk::{for_each_child, start_state, Node, Search, Test, Tree};
use crate::base::error::InputError;
use crate::search::bits::{width_for, Width};
use crate::search::budget::WALK_FIRST;
use crate::search::budget::{Budget, Stopped};
use crate::search::memo::{MemoTable, SubtreeValue};
use crate::search::split::{self, SplitTree};

/// Counts use the table at positions with at least this many unplaced stones; below, the
/// subtrees are a handful of positions, cheaper to walk again (by the plain walk) than to
/// look up.
pub const MEMO_MIN_LEFT: u32 = 2;

/// Lookups a worker makes at one level before it judges whether the level pays. A level
/// one worker finds not paying is walked without the table by every task started after
/// (the root splitter's tasks would otherwise each sample it again).
pub const MEMO_SAMPLE: u64 = 1 << 12;
/// Walk positions a lookup must save on average for its level to keep using the table: a
/// lookup is a random access into a large table, some dozens of walk positions' time.
pub const MEMO_PAYS: u64 = 32;

/// What the table stores per state: the plain walk's positions and distinct solutions
/// below it (a find stores only subtrees without a solution: 0 solutions).
#[derive(Debug, Clone, Copy)]
struct Value {
    positions: u64,
    solutions: u64,
}

impl SubtreeValue for Value {
    fn work(&self) -> u64 {
        self.positions
    }
}
/// Covered cells (`W` words of a row-major bitset) and the canonical unplaced-stone mask.
type Key<const W: usize> = ([u64; W], u32);

/// The answer of a count through the memo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoCount {
    /// Positions of the plain walk.
    pub positions: u64,
    /// Tilings with identical stones interchangeable (as the plain walk).
    pub distinct: u64,
    /// Different numbered boards (as the plain walk).
    pub labelled: u128,
    /// Positions actually expanded (each distinct state about once).
    pub distinct_positions: u64,
    /// Bytes the memo table allocated (the buckets the search touched, at most its bound).
    pub memo_bytes: u64,
}

impl MemoCount {
    /// The walk's figures (positions, distinct, labelled).
    pub fn count(&self) -> Count {
        Count { positions: self.positions, distinct: self.distinct, labelled: self.labelled }
    }
}

/// The answer of a find through the memo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoFound {
    /// Positions of the plain find until its first solution (or the whole tree).
    pub positions: u64,
    /// The plain find's first solution, cells in row-major order.
    pub board: Option<Vec<u8>>,
    /// Positions actually expanded.
    pub distinct_positions: u64,
    /// Bytes the memo table allocated (the buckets the search touched, at most its bound).
    pub memo_bytes: u64,
}

/// The stones of every class, ascending, and the class of every stone.
struct Classes {
    class_of: Vec<usize>,
    members: Vec<Vec<u8>>,
}

impl Classes {
    fn new(game: &Puzzle) -> Classes {
        let count = game.class_of.iter().copied().max().map_or(0, |m| m + 1);
        let mut members = vec![Vec::new(); count];
        for (stone, &c) in game.class_of.iter().enumerate() {
            members[c].push(stone as u8);
        }
        Classes { class_of: game.class_of.clone(), members }
    }
}

/// What every worker of one search shares.
struct Shared<'a, const W: usize> {
    t: &'a Tables,
    mode: Mode,
    budget: &'a Budget,
    table: &'a MemoTable<Key<W>, Value>,
    classes: &'a Classes,
    /// Zero bits of `placed` from which a position uses the table: [`MEMO_MIN_LEFT`]
    /// unplaced stones.
    memo_from: u32,
    /// Levels (bit `l`: `l` zero bits of `placed`) some worker has found not to pay.
    unpaying: AtomicU64,
}

impl<'a, const W: usize> Shared<'a, W> {
    fn new(
        t: &'a Tables,
        mode: Mode,
        budget: &'a Budget,
        table: &'a MemoTable<Key<W>, Value>,
        classes: &'a Classes,
    ) -> Self {
        let memo_from = (u32::BITS - t.stones as u32) + MEMO_MIN_LEFT;
        Shared { t, mode, budget, table, classes, memo_from, unpaying: AtomicU64::new(0) }
    }
}

/// Result of a find below one state.
enum Walk {
    /// The first solution is in this subtree, after this many positions.
    Found(u64),
    /// No solution; the subtree has this many positions.
    Empty(u64),
}

/// One worker's lookups at one level (by zero bits of `placed`) and the walk positions
/// their hits saved.
#[derive(Clone, Copy, Default)]
struct Level {
    lookups: u64,
    saved: u64,
}

impl Level {
    /// Whether this level uses the table: always during the first [`MEMO_SAMPLE`] lookups,
    /// then while a lookup saves [`MEMO_PAYS`] positions on average.
    #[inline]
    fn pays(&self) -> bool {
        self.lookups < MEMO_SAMPLE || self.saved >= MEMO_PAYS * self.lookups
    }

    /// A level judged not to pay.
    const UNPAYING: Level = Level { lookups: MEMO_SAMPLE, saved: 0 };

    /// The levels of a new worker: those in the `unpaying` mask judged already.
    fn start(unpaying: u64) -> [Level; 33] {
        std::array::from_fn(|l| if unpaying >> l & 1 == 1 { Level::UNPAYING } else { Level::default() })
    }
}

/// One worker: the assignment's search state plus the memo key, kept up to date.
struct Walker<'a, const W: usize> {
    s: Search<'a>,
    /// Lookups per level; a level that stops paying is walked without the table.
    levels: [Level; 33],
    shared: &'a Shared<'a, W>,
    covered: [u64; W],
    canon: u32,
    left: Vec<u8>,
    found: Option<Vec<u8>>,
}

impl<'a, const W: usize> Walker<'a, W> {
    fn new(shared: &'a Shared<'a, W>, cells: Vec<u8>, placed: u32) -> Self {
        let mut covered = [0u64; W];
        for (i, _) in cells.iter().enumerate().filter(|&(_, &c)| c != 0) {
            covered[i / 64] |= 1 << (i % 64);
        }
        let classes = shared.classes;
        let left: Vec<u8> =
            classes.members.iter().map(|m| m.iter().filter(|&&s| placed & (1 << s) == 0).count() as u8).collect();
        let canon = classes
            .members
            .iter()
            .zip(&left)
            .flat_map(|(m, &k)| m[..usize::from(k)].iter())
            .fold(0u32, |mask, &s| mask | 1 << s);
        let s = Search::new(shared.t, shared.mode, cells, placed, shared.budget);
        let levels = Level::start(shared.unpaying.load(Ordering::Relaxed));
        Walker { s, shared, covered, canon, left, found: None, levels }
    }

    #[inline]
    fn key(&self) -> Key<W> {
        (self.covered, self.canon)
    }

    #[inline]
    fn toggle(&mut self, cells: &[u16]) {
        for &c in cells {
            self.covered[usize::from(c) / 64] ^= 1 << (c % 64);
        }
    }

    /// The plain walk's `(positions, distinct)` below this position.
    fn count(&mut self, from: usize, checked: Test) -> Result<(u64, u64), Stopped> {
        let level = self.s.placed.count_zeros() as usize;
        if !self.uses_table(level) {
            let (positions, solutions) = (self.s.n.positions, self.s.n.solutions);
            self.s.walk(from, checked)?;
            return Ok((self.s.n.positions - positions, self.s.n.solutions - solutions));
        }
        let key = self.key();
        if let Some(v) = self.lookup(&key, level) {
            return Ok((v.positions, v.solutions));
        }
        self.s.n.visit()?;
        let Some(cell) = self.s.first_empty(from) else {
            return Ok((1, 1));
        };
        let mut total = (1u64, 0u64);
        for_each_child(self, cell, checked, |w, test| {
            let (p, s) = w.count(cell + 1, test)?;
            total = (total.0.saturating_add(p), total.1.saturating_add(s));
            Ok(false)
        })?;
        self.shared.table.store(key, Value { positions: total.0, solutions: total.1 });
        Ok(total)
    }

    /// Whether a position at `level` (zero bits of `placed`) uses the table.
    #[inline]
    fn uses_table(&self, level: usize) -> bool {
        level as u32 >= self.shared.memo_from && self.levels[level].pays()
    }

    /// Looks the position up at `level`, counting the lookup and what a hit saved; marks the
    /// level as not paying for every later worker once it stops paying.
    #[inline]
    fn lookup(&mut self, key: &Key<W>, level: usize) -> Option<Value> {
        self.levels[level].lookups += 1;
        if let Some(v) = self.shared.table.get(key) {
            self.levels[level].saved += v.positions;
            return Some(v);
        }
        if !self.levels[level].pays() {
            self.shared.unpaying.fetch_or(1 << level, Ordering::Relaxed);
        }
        None
    }

    /// The plain find below this position; records the solution in `found`. Levels that do
    /// not use the table are walked by the plain find.
    fn find(&mut self, from: usize, checked: Test) -> Result<Walk, Stopped> {
        let level = self.s.placed.count_zeros() as usize;
        if !self.uses_table(level) {
            let positions = self.s.n.positions;
            let found = self.s.walk(from, checked)?;
            let walked = self.s.n.positions - positions;
            if found {
                self.found = self.s.found.take();
                return Ok(Walk::Found(walked));
            }
            return Ok(Walk::Empty(walked));
        }
        let key = self.key();
        if let Some(v) = self.lookup(&key, level) {
            return Ok(Walk::Empty(v.positions));
        }
        self.s.n.visit()?;
        let Some(cell) = self.s.first_empty(from) else {
            self.found = Some(self.s.cells.clone());
            return Ok(Walk::Found(1));
        };
        let mut positions = 1u64;
        let found = for_each_child(self, cell, checked, |w, test| {
            let (p, found) = match w.find(cell + 1, test)? {
                Walk::Found(p) => (p, true),
                Walk::Empty(p) => (p, false),
            };
            positions = positions.saturating_add(p);
            Ok(found)
        })?;
        if found {
            return Ok(Walk::Found(positions));
        }
        self.shared.table.store(key, Value { positions, solutions: 0 });
        Ok(Walk::Empty(positions))
    }
}

impl<'a, const W: usize> Tree<'a> for Walker<'a, W> {
    #[inline]
    fn search(&mut self) -> &mut Search<'a> {
        &mut self.s
    }

    #[inline]
    fn place(&mut self, place: usize, cells: &[u16], stone: usize) {
        self.s.put(place, cells, stone, stone as u8 + 1);
        self.toggle(cells);
        let c = self.shared.classes.class_of[stone];
        self.left[c] -= 1;
        self.canon ^= 1 << self.shared.classes.members[c][usize::from(self.left[c])];
    }

    #[inline]
    fn unplace(&mut self, place: usize, cells: &[u16], stone: usize) {
        self.s.put(place, cells, stone, 0);
        self.toggle(cells);
        let c = self.shared.classes.class_of[stone];
        self.canon ^= 1 << self.shared.classes.members[c][usize::from(self.left[c])];
        self.left[c] += 1;
    }
}

/// The walk through the memo as a tree for the root splitter: the expanded nodes are
/// counted here, their subtrees share the table; a value is a subtree's `(positions,
/// distinct, distinct_positions)`.
impl<const W: usize> SplitTree for Shared<'_, W> {
    type Node = Node;
    type Value = (u64, u64, u64);
    type Error = Stopped;

    fn children(&self, node: &Node) -> Result<Option<Vec<Node>>, Stopped> {
        self.budget.tick(1)?;
        Ok(node.children(self.t, self.mode, self.budget))
    }

    fn walk(&self, node: Node) -> Result<(u64, u64, u64), Stopped> {
        self.budget.check()?;
        let mut w = Walker::new(self, node.cells, node.placed);
        let result = w.count(node.from, node.checked);
        w.s.n.flush();
        let (p, s) = result?;
        Ok((p, s, w.s.n.positions))
    }

    fn join(&self, _node: Node, children: Vec<(u64, u64, u64)>) -> Result<(u64, u64, u64), Stopped> {
        Ok(children.iter().fold((1, 0, 1), |(p, s, d), &(cp, cs, cd)| (p.saturating_add(cp), s + cs, d + cd)))
    }
}

fn refuse_fast(mode: Mode) -> Result<(), InputError> {
    if mode == Mode::Fast {
        return Err(InputError::new("--memo counts the assignment's walks: use it with --mode dumb or --mode smart"));
    }
    Ok(())
}

/// A plain search that finished: positions, solutions and a find's board.
type Walked = (u64, u64, Option<Vec<u8>>);

/// One search through the memo: from `board` of `game` in `mode` with a table of at most
/// `bytes` bytes (at least one bucket).
#[derive(Clone, Copy)]
struct Request<'a> {
    game: &'a Puzzle,
    board: &'a Board,
    mode: Mode,
    budget: &'a Budget,
    bytes: u64,
    /// Positions the plain walk is given first ([`WALK_FIRST`]; 0: none, the table
    /// from the start).
    walk_first: u64,
}

impl Request<'_> {
    /// The plain search (a find when `find`) when it finishes within [`WALK_FIRST`]
    /// positions: its tally and a find's board; `Ok(None)` when it does not.
    fn walk_first(&self, find: bool) -> Result<Option<Walked>, Stopped> {
        if self.walk_first == 0 {
            return Ok(None);
        }
        let tables = Tables::new(self.game);
        let (cells, placed) = start_state(self.game, self.board);
        let mut s = Search::new(&tables, self.mode, cells, placed, self.budget);
        s.n.first_only = find;
        s.n.limit = self.walk_first;
        let result = s.walk(0, None);
        s.n.flush();
        match result {
            Err(_) if s.n.capped => Ok(None),
            Err(stop) => Err(stop),
            Ok(_) => Ok(Some((s.n.positions, s.n.solutions, s.found))),
        }
    }

    /// The table, the placements, the classes and the start state, or `None` when the
    /// cell counts differ (no search runs). Refuses a table that cannot be allocated.
    #[allow(clippy::type_complexity)]
    fn prepare<const W: usize>(
        &self,
    ) -> Result<Option<(MemoTable<Key<W>, Value>, Tables, Classes, (Vec<u8>, u32))>, InputError> {
        if cell_mismatch(self.game, self.board).is_some() {
            return Ok(None);
        }
        let table = MemoTable::<Key<W>, Value>::with_bytes(self.bytes)?;
        Ok(Some((table, Tables::new(self.game), Classes::new(self.game), start_state(self.game, self.board))))
    }
}

/// Counts from `board` through a memo table of `megabytes` MiB: the plain walk's
/// positions and solutions exactly, whatever the table's size. With `parallel`, the tree
/// is cut near its root by [`split::run`] and the subtrees share the table on the current
/// rayon pool (the same numbers). Refuses fast mode and a table that cannot be
/// allocated.
pub fn count(
    game: &Puzzle,
    board: &Board,
    mode: Mode,
    parallel: bool,
    budget: &Budget,
    megabytes: u64,
) -> Result<Result<MemoCount, Stopped>, InputError> {
    count_bytes(
        Request { game, board, mode, budget, bytes: megabytes.saturating_mul(1 << 20), walk_first: WALK_FIRST },
        parallel,
    )
}

/// [`count`] with a table of `r.bytes` bytes.
fn count_bytes(r: Request, parallel: bool) -> Result<Result<MemoCount, Stopped>, InputError> {
    refuse_fast(r.mode)?;
    match width_for(r.game.cells()) {
        Width::W64 => count_in::<1>(r, parallel),
        Width::W128 => count_in::<2>(r, parallel),
        Width::Wide => count_in::<7>(r, parallel),
    }
}

fn count_in<const W: usize>(r: Request, parallel: bool) -> Result<Result<MemoCount, Stopped>, InputError> {
    if cell_mismatch(r.game, r.board).is_none() {
        match r.walk_first(false) {
            Err(stop) => return Ok(Err(stop)),
            Ok(Some((positions, distinct, _))) => {
                let labelled = u128::from(distinct) * labelled_factor(r.game, r.board);
                let distinct_positions = positions;
                return Ok(Ok(MemoCount { positions, distinct, labelled, distinct_positions, memo_bytes: 0 }));
            }
            Ok(None) => {}
        }
    }
    if let Err(stop) = r.budget.reserve(r.bytes) {
        return Ok(Err(stop));
    }
    let Some((table, tables, classes, (cells, placed))) = r.prepare::<W>()? else {
        return Ok(Ok(MemoCount { positions: 0, distinct: 0, labelled: 0, distinct_positions: 0, memo_bytes: 0 }));
    };
    let shared = Shared::new(&tables, r.mode, r.budget, &table, &classes);
    let root = Node { cells, placed, checked: None, from: 0 };
    Ok(split::run(&shared, root, parallel).map(|(positions, distinct, visited)| MemoCount {
        positions,
        distinct,
        labelled: u128::from(distinct) * labelled_factor(r.game, r.board),
        distinct_positions: visited,
        memo_bytes: table.allocated_bytes(),
    }))
}

/// Finds the plain find's first solution from `board` through a memo table of
/// `megabytes` MiB, with the plain find's positions. Refuses fast mode and a table that
/// cannot be allocated.
pub fn find(
    game: &Puzzle,
    board: &Board,
    mode: Mode,
    budget: &Budget,
    megabytes: u64,
) -> Result<Result<MemoFound, Stopped>, InputError> {
    find_bytes(Request { game, board, mode, budget, bytes: megabytes.saturating_mul(1 << 20), walk_first: WALK_FIRST })
}

/// [`find`] with a table of `r.bytes` bytes.
fn find_bytes(r: Request) -> Result<Result<MemoFound, Stopped>, InputError> {
    refuse_fast(r.mode)?;
    match width_for(r.game.cells()) {
        Width::W64 => find_in::<1>(r),
        Width::W128 => find_in::<2>(r),
        Width::Wide => find_in::<7>(r),
    }
}

fn find_in<const W: usize>(r: Request) -> Result<Result<MemoFound, Stopped>, InputError> {
    if cell_mismatch(r.game, r.board).is_none() {
        match r.walk_first(true) {
            Err(stop) => return Ok(Err(stop)),
            Ok(Some((positions, _, board))) => {
                return Ok(Ok(MemoFound { positions, board, distinct_positions: positions, memo_bytes: 0 }));
            }
            Ok(None) => {}
        }
    }
    if let Err(stop) = r.budget.reserve(r.bytes) {
        return Ok(Err(stop));
    }
    let Some((table, tables, classes, (cells, placed))) = r.prepare::<W>()? else {
        return Ok(Ok(MemoFound { positions: 0, board: None, distinct_positions: 0, memo_bytes: 0 }));
    };
    let shared = Shared::new(&tables, r.mode, r.budget, &table, &classes);
    let mut w = Walker::new(&shared, cells, placed);
    w.s.n.first_only = true;
    let result = w.find(0, None);
    w.s.n.flush();
    let positions = match result {
        Ok(Walk::Found(p) | Walk::Empty(p)) => p,
        Err(e) => return Ok(Err(e)),
    };
    Ok(Ok(MemoFound {
        positions,
        board: w.found,
        distinct_positions: w.s.n.positions,
        memo_bytes: table.allocated_bytes(),
    }))
}

#[cfg(test)]
mod tests;
