//! Tilings counted up to the board's symmetries (`solutions_up_to_symmetry`), exactly, by
//! Burnside's lemma.
//!
//! The rectangle's symmetries are the identity, the half turn and the two mirrors, and on a
//! square also the quarter turns and the two diagonal mirrors. With stones on the board
//! before the search, only the symmetries that map that start position onto itself (each
//! hand-placed stone's cells onto a hand-placed stone of the same class) count, a
//! subgroup. The number of orbits is `(1/|G|) Σ_g fixed(g)`: `fixed(identity)` is the
//! search's `solutions_distinct`, and `fixed(g)` for every other `g` is counted here by a
//! search of its own that builds only `g`-symmetric tilings: it covers the first empty cell
//! with a placement `P` of the lowest unplaced stone of a class, and at once with `g(P)`,
//! `g²(P)`, ... (each a placement of another stone of the same class) until the orbit
//! closes; an orbit that overlaps itself or a covered cell is refused. Each symmetric
//! tiling is built once (its piece on the first empty cell is unique). Identical stones are
//! interchangeable, as in `solutions_distinct`. This runs after the timed search and visits
//! only symmetric partial tilings, far fewer than the search's positions.

use super::board::Board;
use super::rules::Puzzle;
use super::tables::Tables;
use crate::search::budget::{Budget, Stopped, Ticker};

/// A symmetry of the board as a permutation of its cells (row-major).
pub type Symmetry = Vec<usize>;

/// The board's symmetries other than the identity: 3 on a rectangle that is not a square
/// (half turn, mirror top-bottom, mirror left-right), 7 on a square.
pub fn board_symmetries(height: usize, width: usize) -> Vec<Symmetry> {
    let (h, w) = (height, width);
    let map = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> Symmetry {
        (0..h * w)
            .map(|i| {
                let (r, c) = f(i / w, i % w);
                r * w + c
            })
            .collect()
    };
    let mut out = vec![map(&|r, c| (h - 1 - r, w - 1 - c)), map(&|r, c| (h - 1 - r, c)), map(&|r, c| (r, w - 1 - c))];
    if h == w {
        out.push(map(&|r, c| (c, r)));
        out.push(map(&|r, c| (w - 1 - c, h - 1 - r)));
        out.push(map(&|r, c| (c, h - 1 - r)));
        out.push(map(&|r, c| (w - 1 - c, r)));
    }
    out
}

/// `solutions_distinct` up to the symmetries of the board that keep the start position
/// `board` (all of them on an empty board): exact, by Burnside's lemma, from `distinct`
/// (the search's `solutions_distinct` for `board`). `Err` when `budget` stops it.
pub fn up_to_symmetry(game: &Puzzle, board: &Board, distinct: u64, budget: &Budget) -> Result<u64, Stopped> {
    if distinct == 0 {
        return Ok(0);
    }
    let tables = Tables::new(game);
    let mut sum = u128::from(distinct);
    let mut group = 1u128;
    for g in board_symmetries(game.height, game.width) {
        if !keeps(game, board, &g) {
            continue;
        }
        group += 1;
        sum += u128::from(Fixed::new(game, board, &tables, &g, budget).count()?);
    }
    debug_assert_eq!(sum % group, 0, "Burnside's sum is a multiple of the group's size");
    Ok((sum / group) as u64)
}

/// Whether `g` maps the stones on `board` onto stones of the same class.
fn keeps(game: &Puzzle, board: &Board, g: &[usize]) -> bool {
    let cells = board.cells();
    let class = |v: u8| game.class_of[usize::from(v) - 1];
    (0..cells.len()).all(|i| match (cells[i], cells[g[i]]) {
        (0, 0) => true,
        (0, _) | (_, 0) => false,
        (a, b) => {
            let image = |v: u8| (0..cells.len()).filter(|&j| cells[j] == v).map(|j| g[j]).collect::<Vec<_>>();
            class(a) == class(b) && image(a).iter().all(|&j| cells[j] == b)
        }
    })
}

/// The search for the tilings one symmetry fixes.
struct Fixed<'a> {
    t: &'a Tables,
    g: &'a [usize],
    /// Per cell: covered (by the start position or the search).
    covered: Vec<bool>,
    /// Per class: its stones (the first is tried) and how many are unplaced.
    first: Vec<usize>,
    left: Vec<usize>,
    /// Cells of the orbit being built, and per cell which orbit member marked it.
    orbit: Vec<u16>,
    mark: Vec<u32>,
    stamp: u32,
    ticker: Ticker<'a>,
}

impl<'a> Fixed<'a> {
    fn new(game: &Puzzle, board: &Board, t: &'a Tables, g: &'a [usize], budget: &'a Budget) -> Self {
        let classes = game.class_of.iter().copied().max().map_or(0, |m| m + 1);
        let (mut first, mut left) = (vec![usize::MAX; classes], vec![0; classes]);
        for (stone, &c) in game.class_of.iter().enumerate() {
            first[c] = first[c].min(stone);
            if !board.is_placed(stone + 1) {
                left[c] += 1;
            }
        }
        Fixed {
            t,
            g,
            covered: board.cells().iter().map(|&v| v != 0).collect(),
            first,
            left,
            orbit: Vec::new(),
            mark: vec![0; game.cells()],
            stamp: 0,
            ticker: Ticker::new(budget),
        }
    }

    /// The symmetric tilings from the current position.
    fn count(&mut self) -> Result<u64, Stopped> {
        self.ticker.visit()?;
        let Some(cell) = self.covered.iter().position(|&c| !c) else {
            return Ok(1);
        };
        let mut total = 0u64;
        for class in 0..self.first.len() {
            if self.left[class] == 0 {
                continue;
            }
            let stone = self.first[class];
            for place in self.t.placements(cell, stone) {
                let Some(size) = self.orbit_of(self.t.cells_of(place, stone)) else {
                    continue;
                };
                if size > self.left[class] {
                    continue;
                }
                let cells = std::mem::take(&mut self.orbit);
                self.set(&cells, true);
                self.left[class] -= size;
                let below = self.count();
                self.left[class] += size;
                self.set(&cells, false);
                self.orbit = cells;
                total += below?;
            }
        }
        Ok(total)
    }

    fn set(&mut self, cells: &[u16], value: bool) {
        for &c in cells {
            self.covered[usize::from(c)] = value;
        }
    }

    /// Builds in `orbit` the cells of `piece`, `g(piece)`, `g²(piece)`, ... until the
    /// images come back to `piece`; the number of pieces, or `None` when a piece covers a
    /// covered cell or overlaps another piece of the orbit without being it.
    fn orbit_of(&mut self, piece: &[u16]) -> Option<usize> {
        if self.stamp > u32::MAX / 2 {
            self.mark.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        let first = self.stamp;
        self.orbit.clear();
        let mut current: Vec<u16> = piece.to_vec();
        let mut pieces = 0;
        loop {
            if current.iter().all(|&c| self.mark[usize::from(c)] == first) && pieces > 0 {
                return Some(pieces);
            }
            let stamp = first + pieces as u32;
            self.stamp = stamp;
            for &c in &current {
                let c = usize::from(c);
                if self.covered[c] || (self.mark[c] >= first && self.mark[c] <= stamp) {
                    return None;
                }
                self.mark[c] = stamp;
            }
            self.orbit.extend_from_slice(&current);
            pieces += 1;
            for c in current.iter_mut() {
                *c = self.g[usize::from(*c)] as u16;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::stenen::board::Placement;
    use crate::stenen::{count, load_puzzle, Mode};

    fn game(h: usize, w: usize, file: &str) -> Puzzle {
        load_puzzle(h, w, &Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/stenen").join(file)).unwrap()
    }

    fn orbits(g: &Puzzle, b: &Board) -> u64 {
        let distinct = count(g, b, Mode::Fast, false, &Budget::unlimited()).unwrap().distinct;
        up_to_symmetry(g, b, distinct, &Budget::unlimited()).unwrap()
    }

    #[test]
    fn pentomino_rectangles_match_the_published_counts() {
        for (h, w, published) in [(6, 10, 2339), (5, 12, 1010), (4, 15, 368), (3, 20, 2)] {
            let g = game(h, w, "stenen2.in");
            assert_eq!(orbits(&g, &Board::empty(&g)), published, "{h}x{w}");
        }
    }

    #[test]
    fn square_board_has_eight_symmetries() {
        // Dana Scott's problem: the pentominoes and the O tetromino on 8x8, 16146 tilings
        // up to symmetry (129168 numbered boards).
        assert_eq!(board_symmetries(8, 8).len(), 7);
        assert_eq!(board_symmetries(6, 10).len(), 3);
        let g = game(8, 8, "stenen4.in");
        assert_eq!(orbits(&g, &Board::empty(&g)), 16146);
    }

    #[test]
    fn identical_stones_and_a_start_position() {
        // 4x5 stenen1: 16 tilings with the two L's interchangeable, none symmetric: 4.
        let g = game(4, 5, "stenen1.in");
        assert_eq!(orbits(&g, &Board::empty(&g)), 4);
        // The I upright in column 0: of the three symmetries only the top-bottom mirror
        // keeps it (and no tiling completes it).
        let mut b = Board::empty(&g);
        b.place(&g, Placement { row: 0, col: 0, stone: 4, orientation: 0 }).unwrap();
        let kept: Vec<_> = board_symmetries(4, 5).into_iter().filter(|s| keeps(&g, &b, s)).collect();
        assert_eq!(kept, vec![board_symmetries(4, 5)[1].clone()]);
        assert_eq!(orbits(&g, &b), 0);
    }
}
