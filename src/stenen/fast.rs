//! **fast** mode: an exact bitboard solver reporting the same counts as dumb and smart.
//!
//! - The board is a bitset (`u64` up to 64 cells, `u128` up to 128, seven `u64` words up to
//!   400), cells numbered along the board's **short side** first, so the first empty cell
//!   runs down a short column and dead ends show early.
//! - Placements are precomputed per (first cell in that order, stone class): one bitset each.
//! - Identical stones form one class with a multiplicity (as in dumb and smart).
//! - On an empty board, the rectangle's symmetries (4, or 8 for a square) are used: for a
//!   stone that is alone in its class, its placements fall into orbits; the count is the sum
//!   over orbits of (orbit size) x (count with that stone fixed on one representative). This
//!   reports the full count, not a count up to symmetry.
//!
//! Positions reported by fast mode are the calls of this solver's recursion (the root
//! included once); they are not comparable with dumb and smart positions.

use super::board::Board;
use super::outcome::{cell_mismatch, labelled_factor, Count, Found};
use super::rules::Puzzle;
use super::walk::Tally;
use crate::search::bits::{width_for, Bits, Width};
use crate::search::budget::{Budget, Stopped};
use crate::search::split::{self, SplitTree};

/// Sets of boards over 128 cells: 7 x 64 = 448 >= 400 cells.
type Wide = crate::search::bits::Wide<7>;

/// Bits `i + 1 ..= i + k` of `occ` as a number (bit `i + 1` lowest, `k <= 8`); bits past
/// the set's capacity read as 0.
#[inline(always)]
fn window_bits<B: Bits>(occ: B, i: usize, k: u32) -> usize {
    (occ.shr(i as u32).shr(1).low_u128() as usize) & ((1 << k) - 1)
}

/// The set holding every scan cell in `cells`.
#[inline]
fn cell_set<B: Bits>(cells: impl IntoIterator<Item = usize>) -> B {
    cells.into_iter().fold(B::ZERO, |m, c| m | B::bit(c as u32))
}

/// Room for classes: there are at most 20 stones, so at most 20 classes.
const CLASS_SLOTS: usize = 32;
/// Scan cells after the first empty cell that select a placement list (boards up to 128 cells).
const WINDOW: u32 = 6;

/// One row of placement lists: class `c`'s list is `base + start[c]..base + start[c + 1]`
/// in `Layout::masks` (a fixed row: classes are at most 20, and a row holds at most 8
/// placements per class, one per orientation, so at most 160); bit `c` of `some` is set
/// when that list is not empty. 44 bytes, so the rows of a 60-cell board fit in about
/// 170 kB.
struct Lists {
    base: u32,
    some: u32,
    start: [u8; CLASS_SLOTS + 1],
}

/// The board's cells in scan order (short side first) and the placements per first cell.
struct Layout<B> {
    /// Scan index -> row-major cell.
    cell_of: Vec<usize>,
    /// Row-major cell -> scan index.
    scan_of: Vec<usize>,
    classes: usize,
    /// Per scan cell `f` and window `w` (which of the next [`Layout::window`] scan cells
    /// are covered), class `c`'s placements with first cell `f` that miss the covered
    /// window cells are `masks[index[f << window | w][c]..index[f << window | w][c + 1]]`,
    /// in the order of the unfiltered list.
    index: Vec<Lists>,
    /// Scan cells after the first empty one whose occupancy selects the list: 4 up to 128
    /// cells, 0 on wide boards (where 16 copies of the lists would take too much memory).
    window: u32,
    /// Placements grouped by first cell (scan order), then by class.
    masks: Vec<B>,
    /// Every placement of each class as a sorted list of row-major cells (for symmetry).
    shapes_by_class: Vec<Vec<Vec<usize>>>,
    /// Cells along the short side (the scan's column length).
    short: u32,
    /// Cells that are not the last of their scan column.
    not_last: B,
    /// Cells that are not the first of their scan column.
    not_first: B,
    /// Whether a lone empty cell is a dead end (every stone has 2 or more cells).
    prune_lone: bool,
}

impl<B: Bits> Layout<B> {
    fn new(game: &Puzzle) -> Layout<B> {
        let (h, w) = (game.height, game.width);
        let scan_of: Vec<usize> = (0..h * w).map(|i| if h <= w { (i % w) * h + i / w } else { i }).collect();
        let mut cell_of = vec![0; h * w];
        for (cell, &s) in scan_of.iter().enumerate() {
            cell_of[s] = cell;
        }
        let classes = game.class_of.iter().copied().max().map_or(0, |m| m + 1);
        let mut by_first: Vec<Vec<Vec<B>>> = vec![vec![Vec::new(); classes]; h * w];
        let mut shapes_by_class = vec![Vec::new(); classes];
        for class in 0..classes {
            let rep = game.class_of.iter().position(|&c| c == class).expect("class has a stone");
            let stone = &game.stones[rep];
            for &o in &stone.distinct {
                let shape = &stone.orientations[o];
                for top in 0..=h.saturating_sub(shape.rows) {
                    for left in 0..=w.saturating_sub(shape.cols) {
                        if top + shape.rows > h || left + shape.cols > w {
                            continue;
                        }
                        let mut cells: Vec<usize> =
                            shape.cells.iter().map(|&(r, c)| (top + r) * w + left + c).collect();
                        cells.sort_unstable();
                        let mask: B = cell_set(cells.iter().map(|&c| scan_of[c]));
                        let first = cells.iter().map(|&c| scan_of[c]).min().expect("stone has cells");
                        by_first[first][class].push(mask);
                        shapes_by_class[class].push(cells);
                    }
                }
            }
        }
        let window = if h * w <= 128 { WINDOW } else { 0 };
        let short = h.min(w);
        let prune_lone = game.stones.iter().all(|s| s.size() >= 2);
        let n = h * w;
        let not_last: B = cell_set((0..n).filter(|i| i % short != short - 1));
        let not_first: B = cell_set((0..n).filter(|i| i % short != 0));
        // Cells of `open` next to a cell of `open`.
        let beside = |open: B| {
            (open.shr(1) & not_last) | (open.shl(1) & not_first) | open.shr(short as u32) | open.shl(short as u32)
        };
        let (mut index, mut masks) = (Vec::new(), Vec::new());
        for (f, per_cell) in by_first.iter().enumerate() {
            let window_cells: B = cell_set((f + 1..f + 1 + window as usize).filter(|&x| x < n));
            for covered in 0..1usize << window {
                // A placement `m` that leaves a window cell empty with every neighbour
                // known covered (scan cells up to `f`, covered window cells, `m`, cells
                // beyond the board) fails the solver's lone-cell test: the list leaves
                // it out.
                let shut: B = cell_set(
                    (0..window as usize).filter(|k| covered >> k & 1 == 1 && f + 1 + k < n).map(|k| f + 1 + k),
                );
                let known: B = cell_set::<B>(0..=f) | shut | beyond_board::<B>(n);
                let empty_window = window_cells & !shut;
                let leaves_lone = |m: B| (empty_window & !m & !beside(!(known | m))).any();
                let base = masks.len();
                let mut row = Lists { base: base as u32, start: [0; CLASS_SLOTS + 1], some: 0 };
                for (c, list) in per_cell.iter().enumerate() {
                    row.start[c] = u8::try_from(masks.len() - base).expect("at most 160 placements per row");
                    masks.extend(
                        list.iter()
                            .filter(|&&m| window_bits(m, f, window) & covered == 0 && !(prune_lone && leaves_lone(m))),
                    );
                    if masks.len() - base > usize::from(row.start[c]) {
                        row.some |= 1 << c;
                    }
                }
                row.start[classes..].fill(u8::try_from(masks.len() - base).expect("at most 160 placements per row"));
                index.push(row);
            }
        }
        Layout {
            cell_of,
            scan_of,
            classes,
            index,
            window,
            masks,
            shapes_by_class,
            short: short as u32,
            not_last,
            not_first,
            prune_lone,
        }
    }

    /// The row of placement lists of the position `occ` whose first empty cell is `cell`.
    #[inline]
    fn lists(&self, occ: B, cell: usize) -> &Lists {
        &self.index[cell << self.window | window_bits(occ, cell, self.window)]
    }

    /// The placements of class `c` in a row of [`Layout::lists`].
    #[inline]
    fn placements(&self, row: &Lists, c: usize) -> &[B] {
        let base = row.base as usize;
        &self.masks[base + usize::from(row.start[c])..base + usize::from(row.start[c + 1])]
    }

    /// Whether some empty cell has no empty neighbour (with every stone 2+ cells: a dead end).
    #[inline]
    fn has_lone_cell(&self, occ: B) -> bool {
        let empty = !occ;
        let next = empty.shr(1) & self.not_last;
        let prev = empty.shl(1) & self.not_first;
        let beside = empty.shr(self.short) | empty.shl(self.short);
        (empty & !(next | prev | beside)).any()
    }

    /// The bitset of a list of row-major cells.
    fn mask(&self, cells: &[usize]) -> B {
        cell_set(cells.iter().map(|&c| self.scan_of[c]))
    }

    /// The occupancy of `board`: covered cells and every bit beyond the board.
    fn occupancy(&self, board: &Board) -> B {
        let covered: Vec<usize> = (0..self.cell_of.len()).filter(|&c| board.cells()[c] != 0).collect();
        self.mask(&covered) | beyond_board::<B>(self.cell_of.len())
    }
}

/// Every bit at index `n` or higher.
fn beyond_board<B: Bits>(n: usize) -> B {
    cell_set(n..B::CAPACITY as usize)
}

/// One worker of the bitboard search.
struct Solver<'l, B> {
    layout: &'l Layout<B>,
    /// Stones left per class.
    remaining: [u32; CLASS_SLOTS],
    /// Bit `c` set when class `c` has a stone left.
    avail: u32,
    n: Tally<'l>,
    stack: Vec<(usize, B)>,
    found: Option<Vec<(usize, B)>>,
    /// Why the search stopped early, if it did.
    stopped: Option<Stopped>,
}

impl<'l, B: Bits> Solver<'l, B> {
    fn new(layout: &'l Layout<B>, left: &[u32], budget: &'l Budget) -> Self {
        let avail = left.iter().enumerate().filter(|(_, &r)| r > 0).fold(0, |m, (c, _)| m | 1 << c);
        let mut remaining = [0; CLASS_SLOTS];
        remaining[..left.len()].copy_from_slice(left);
        Solver { layout, avail, remaining, n: Tally::new(budget), stack: Vec::new(), found: None, stopped: None }
    }

    /// The search from `occ`; `Ok(true)` when a find is done.
    fn solve(&mut self, occ: B) -> Result<bool, Stopped> {
        let done = match self.n.first_only {
            true => self.node::<true>(occ),
            false => self.node::<false>(occ),
        };
        match self.stopped.take() {
            Some(stop) => Err(stop),
            None => Ok(done),
        }
    }

    /// One call of the recursion (`FIND`: stop at the first solution, keeping the
    /// placements on `stack`); true when the search is done (a find's solution, or a stop
    /// kept in `stopped`).
    fn node<const FIND: bool>(&mut self, occ: B) -> bool {
        if let Err(stop) = self.n.visit() {
            self.stopped = Some(stop);
            return true;
        }
        if occ == !B::ZERO {
            let done = self.n.solution();
            if done {
                self.found = Some(self.stack.clone());
            }
            return done;
        }
        let l = self.layout;
        let row = l.lists(occ, occ.first_zero() as usize);
        let mut classes = self.avail & row.some;
        while classes != 0 {
            let c = classes.trailing_zeros() as usize;
            classes &= classes - 1;
            for &m in l.placements(row, c) {
                if !occ.disjoint(m) {
                    continue;
                }
                let next = occ | m;
                if l.prune_lone && l.has_lone_cell(next) {
                    continue;
                }
                self.remaining[c] -= 1;
                if self.remaining[c] == 0 {
                    self.avail ^= 1 << c;
                }
                if FIND {
                    self.stack.push((c, m));
                }
                let done = self.node::<FIND>(next);
                if FIND {
                    self.stack.pop();
                }
                if self.remaining[c] == 0 {
                    self.avail ^= 1 << c;
                }
                self.remaining[c] += 1;
                if done {
                    return true;
                }
            }
        }
        false
    }
}

fn remaining(game: &Puzzle, board: &Board, classes: usize) -> Vec<u32> {
    let mut r = vec![0; classes];
    for s in 1..=game.stone_count() {
        if !board.is_placed(s) {
            r[game.class_of[s - 1]] += 1;
        }
    }
    r
}

/// A part of the count: a start occupancy, the stones left, and how many times it counts.
#[derive(Clone)]
struct Task<B> {
    occ: B,
    remaining: Vec<u32>,
    weight: u64,
}

/// A node of the tree the root splitter cuts: the root on an empty board with symmetry
/// (one child per orbit, counted as one position), or a position of the solver.
enum Part<B> {
    Orbits(Vec<Task<B>>),
    Task(Task<B>),
}

/// The solver's tree for the root splitter; a value is `(positions, weighted solutions)`.
struct FastTree<'l, B> {
    layout: &'l Layout<B>,
    budget: &'l Budget,
}

impl<B: Bits> FastTree<'_, B> {
    /// The solver's children of `task`, as it generates them (disjoint placements of
    /// classes with stones left, the lone-cell test); `None` at a full board.
    fn task_children(&self, task: &Task<B>) -> Option<Vec<Part<B>>> {
        if task.occ == !B::ZERO {
            return None;
        }
        let layout = self.layout;
        let row = layout.lists(task.occ, task.occ.first_zero() as usize);
        let mut out = Vec::new();
        for c in (0..layout.classes).filter(|&c| task.remaining[c] > 0) {
            for &m in layout.placements(row, c) {
                let occ = task.occ | m;
                if !task.occ.disjoint(m) || (layout.prune_lone && layout.has_lone_cell(occ)) {
                    continue;
                }
                let mut remaining = task.remaining.clone();
                remaining[c] -= 1;
                out.push(Part::Task(Task { occ, remaining, weight: task.weight }));
            }
        }
        Some(out)
    }

    fn solve(&self, task: &Task<B>) -> Result<(u64, u64), Stopped> {
        self.budget.check()?;
        let mut solver = Solver::new(self.layout, &task.remaining, self.budget);
        let r = solver.solve(task.occ);
        solver.n.flush();
        r?;
        Ok((solver.n.positions, solver.n.solutions * task.weight))
    }
}

impl<B: Bits> SplitTree for FastTree<'_, B> {
    type Node = Part<B>;
    type Value = (u64, u64);
    type Error = Stopped;

    fn children(&self, node: &Part<B>) -> Result<Option<Vec<Part<B>>>, Stopped> {
        self.budget.tick(1)?;
        Ok(match node {
            Part::Orbits(tasks) => Some(tasks.iter().cloned().map(Part::Task).collect()),
            Part::Task(task) => self.task_children(task),
        })
    }

    fn walk(&self, node: Part<B>) -> Result<(u64, u64), Stopped> {
        match node {
            Part::Task(task) => self.solve(&task),
            Part::Orbits(tasks) => {
                let parts = tasks.iter().map(|t| self.solve(t)).collect::<Result<Vec<_>, _>>()?;
                self.join(Part::Orbits(tasks), parts)
            }
        }
    }

    fn join(&self, _node: Part<B>, children: Vec<(u64, u64)>) -> Result<(u64, u64), Stopped> {
        Ok(children.iter().fold((1, 0), |(p, s), &(cp, cs)| (p + cp, s + cs)))
    }
}

/// Counts every solution from `board`; `parallel` cuts the tree with [`split::run`] (the
/// symmetry orbits on an empty board, then their children) on the current rayon pool,
/// with the same positions as sequentially.
pub fn count(game: &Puzzle, board: &Board, parallel: bool, budget: &Budget) -> Result<Count, Stopped> {
    match width_for(game.cells()) {
        Width::W64 => count_with::<u64>(game, board, parallel, budget),
        Width::W128 => count_with::<u128>(game, board, parallel, budget),
        Width::Wide => count_with::<Wide>(game, board, parallel, budget),
    }
}

/// Finds one solution from `board` (not necessarily the first in the spec's order).
pub fn find(game: &Puzzle, board: &Board, budget: &Budget) -> Result<Found, Stopped> {
    match width_for(game.cells()) {
        Width::W64 => find_with::<u64>(game, board, budget),
        Width::W128 => find_with::<u128>(game, board, budget),
        Width::Wide => find_with::<Wide>(game, board, budget),
    }
}

fn count_with<B: Bits>(game: &Puzzle, board: &Board, parallel: bool, budget: &Budget) -> Result<Count, Stopped> {
    if cell_mismatch(game, board).is_some() {
        return Ok(Count { positions: 0, distinct: 0, labelled: 0 });
    }
    let layout = Layout::<B>::new(game);
    let rem = remaining(game, board, layout.classes);
    let empty_board = board.cells().iter().all(|&c| c == 0);
    let root = match symmetry_tasks(game, &layout, &rem).filter(|_| empty_board) {
        Some(tasks) => Part::Orbits(tasks),
        None => Part::Task(Task { occ: layout.occupancy(board), remaining: rem, weight: 1 }),
    };
    let (positions, distinct) = split::run(&FastTree { layout: &layout, budget }, root, parallel)?;
    Ok(Count { positions, distinct, labelled: u128::from(distinct) * labelled_factor(game, board) })
}

fn find_with<B: Bits>(game: &Puzzle, board: &Board, budget: &Budget) -> Result<Found, Stopped> {
    if cell_mismatch(game, board).is_some() {
        return Ok(Found { positions: 0, board: None });
    }
    let layout = Layout::<B>::new(game);
    let mut solver = Solver::new(&layout, &remaining(game, board, layout.classes), budget);
    solver.n.first_only = true;
    let r = solver.solve(layout.occupancy(board));
    solver.n.flush();
    r?;
    let cells = solver.found.map(|stack| numbered_board(game, board, &layout, &stack));
    Ok(Found { positions: solver.n.positions, board: cells })
}

/// The solved board: each class's placements get its unplaced stones in ascending order.
fn numbered_board<B: Bits>(game: &Puzzle, board: &Board, layout: &Layout<B>, stack: &[(usize, B)]) -> Vec<u8> {
    let mut cells = board.cells().to_vec();
    let mut unplaced: Vec<Vec<usize>> = vec![Vec::new(); layout.classes];
    for s in (1..=game.stone_count()).rev() {
        if !board.is_placed(s) {
            unplaced[game.class_of[s - 1]].push(s);
        }
    }
    for &(class, mask) in stack {
        let stone = unplaced[class].pop().expect("a stone of the class is left");
        for s in (0..layout.cell_of.len()).filter(|&s| mask.has(s as u32)) {
            cells[layout.cell_of[s]] = stone as u8;
        }
    }
    cells
}

/// The board's symmetries as maps of `(row, col)`: 4 for a rectangle, 8 for a square.
/// A symmetry of the board as a map of `(row, col)`.
type CellMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;

/// Orbit representatives (row-major cells) with their orbit sizes.
type Orbits = Vec<(Vec<usize>, u64)>;

fn symmetries(h: usize, w: usize) -> Vec<CellMap> {
    let mut maps: Vec<CellMap> = vec![
        Box::new(|r, c| (r, c)),
        Box::new(move |r, c| (h - 1 - r, c)),
        Box::new(move |r, c| (r, w - 1 - c)),
        Box::new(move |r, c| (h - 1 - r, w - 1 - c)),
    ];
    if h == w {
        maps.push(Box::new(|r, c| (c, r)));
        maps.push(Box::new(move |r, c| (w - 1 - c, r)));
        maps.push(Box::new(move |r, c| (c, h - 1 - r)));
        maps.push(Box::new(move |r, c| (w - 1 - c, h - 1 - r)));
    }
    maps
}

/// Orbit representatives of the placements of the best stone alone in its class, each
/// with its orbit size as weight; `None` when no such stone exists or nothing is gained.
fn symmetry_tasks<B: Bits>(game: &Puzzle, layout: &Layout<B>, rem: &[u32]) -> Option<Vec<Task<B>>> {
    let (h, w) = (game.height, game.width);
    let maps = symmetries(h, w);
    let mut best: Option<(usize, Orbits)> = None;
    for class in (0..layout.classes).filter(|&c| rem[c] == 1) {
        let mut orbits: std::collections::BTreeMap<Vec<usize>, (Vec<usize>, u64)> = Default::default();
        for cells in &layout.shapes_by_class[class] {
            let images: std::collections::BTreeSet<Vec<usize>> = maps
                .iter()
                .map(|f| {
                    let mut img: Vec<usize> = cells.iter().map(|&i| f(i / w, i % w)).map(|(r, c)| r * w + c).collect();
                    img.sort_unstable();
                    img
                })
                .collect();
            let canon = images.iter().next().expect("identity image").clone();
            orbits.entry(canon.clone()).or_insert((canon, images.len() as u64));
        }
        let reps: Orbits = orbits.into_values().collect();
        if reps.len() < layout.shapes_by_class[class].len() && best.as_ref().is_none_or(|(_, b)| reps.len() < b.len()) {
            best = Some((class, reps));
        }
    }
    let (class, reps) = best?;
    let beyond = beyond_board::<B>(layout.cell_of.len());
    let mut left = rem.to_vec();
    left[class] = 0;
    Some(
        reps.into_iter()
            .map(|(cells, weight)| Task { occ: layout.mask(&cells) | beyond, remaining: left.clone(), weight })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stenen::load_puzzle;

    #[test]
    fn the_split_tree_expands_like_the_solver_when_no_stone_is_alone_in_its_class() {
        // stenen3 is five pairs of identical tetrominoes: no symmetry tasks, so the split
        // starts from the whole board; every node's walk equals the join of its children's.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/stenen/stenen3.in");
        let game = load_puzzle(5, 8, &path).unwrap();
        let layout = Layout::<u64>::new(&game);
        let rem = remaining(&game, &Board::empty(&game), layout.classes);
        assert!(symmetry_tasks(&game, &layout, &rem).is_none());
        let budget = Budget::unlimited();
        let tree = FastTree { layout: &layout, budget: &budget };
        let root =
            || Part::Task(Task { occ: layout.occupancy(&Board::empty(&game)), remaining: rem.clone(), weight: 1 });
        let children = tree.children(&root()).unwrap().unwrap();
        assert!(children.len() > 1);
        let values = children.into_iter().map(|c| tree.walk(c).unwrap()).collect();
        assert_eq!(tree.join(root(), values).unwrap(), tree.walk(root()).unwrap());
        assert_eq!(tree.walk(root()).unwrap(), (126_838, 3106));
        for tasks in [2, 5, 100, 10_000] {
            assert_eq!(split::search_with_tasks(&tree, root(), tasks).unwrap(), (126_838, 3106), "{tasks} tasks");
        }
    }
}
