//! A board position: placing and taking off stones in the assignment's `(row, col, stone,
//! orientation)` notation, and printing the board.

use std::fmt;
use std::str::FromStr;

use super::rules::Puzzle;
use super::stone::ORIENTATIONS;

use crate::base::text::excerpt;

/// A stone placed with the top-left cell of its oriented box at `(row, col)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Row of the box's top-left cell.
    pub row: usize,
    /// Column of the box's top-left cell.
    pub col: usize,
    /// Stone number, 1-based.
    pub stone: usize,
    /// Orientation 0..=7.
    pub orientation: usize,
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{},{},{})", self.row, self.col, self.stone, self.orientation)
    }
}

impl FromStr for Placement {
    type Err = String;

    /// Parses `(row,col,stone,orient)`; commas, spaces and the parentheses are optional.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let cleaned: String = s.chars().map(|c| if matches!(c, '(' | ')' | ',') { ' ' } else { c }).collect();
        let parts: Vec<&str> = cleaned.split_whitespace().collect();
        let usage = || format!("expected (row,col,stone,orient) as four numbers, got `{}`", excerpt(s));
        if parts.len() != 4 {
            return Err(usage());
        }
        let n: Vec<usize> = parts.iter().map(|p| p.parse()).collect::<Result<_, _>>().map_err(|_| usage())?;
        Ok(Placement { row: n[0], col: n[1], stone: n[2], orientation: n[3] })
    }
}

/// A board position: each cell 0 (empty) or the number of the stone covering it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    height: usize,
    width: usize,
    cells: Vec<u8>,
    placed: Vec<Option<Placement>>,
}

impl Board {
    /// The empty board of `game`.
    pub fn empty(game: &Puzzle) -> Board {
        Board {
            height: game.height,
            width: game.width,
            cells: vec![0; game.cells()],
            placed: vec![None; game.stone_count()],
        }
    }

    /// The stone number on `(row, col)`, 0 when empty.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.width + col]
    }

    /// Cells in row-major order.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The board as rows of stone numbers.
    pub fn rows(&self) -> Vec<Vec<u8>> {
        self.cells.chunks(self.width).map(<[u8]>::to_vec).collect()
    }

    /// Whether stone `stone` (1-based) is on the board.
    pub fn is_placed(&self, stone: usize) -> bool {
        self.placed.get(stone.wrapping_sub(1)).is_some_and(Option::is_some)
    }

    /// The placements on the board, by stone number.
    pub fn placements(&self) -> impl Iterator<Item = Placement> + '_ {
        self.placed.iter().flatten().copied()
    }

    /// Places a stone; on refusal the board is unchanged and the reason is returned.
    ///
    /// Legal when the stone exists and is not on the board, `0 <= orientation <= 7`, the
    /// oriented box lies inside the board and every covered cell is empty.
    pub fn place(&mut self, game: &Puzzle, p: Placement) -> Result<(), String> {
        let s = game.stone_count();
        if p.stone == 0 || p.stone > s {
            return Err(format!("stone {} does not exist (stones are 1 to {s})", p.stone));
        }
        if self.is_placed(p.stone) {
            return Err(format!("stone {} is already on the board", p.stone));
        }
        if p.orientation >= ORIENTATIONS {
            return Err(format!("orientation {} does not exist (orientations are 0 to 7)", p.orientation));
        }
        let shape = &game.stones[p.stone - 1].orientations[p.orientation];
        if p.row + shape.rows > self.height || p.col + shape.cols > self.width {
            return Err(format!(
                "stone {} in orientation {} is {}x{}; at ({},{}) it sticks out of the {}x{} board",
                p.stone, p.orientation, shape.rows, shape.cols, p.row, p.col, self.height, self.width
            ));
        }
        if let Some(&(r, c)) = shape.cells.iter().find(|&&(r, c)| self.get(p.row + r, p.col + c) != 0) {
            let (r, c) = (p.row + r, p.col + c);
            return Err(format!("cell ({r},{c}) is already covered by stone {}", self.get(r, c)));
        }
        for &(r, c) in &shape.cells {
            self.cells[(p.row + r) * self.width + p.col + c] = p.stone as u8;
        }
        self.placed[p.stone - 1] = Some(p);
        Ok(())
    }

    /// Takes stone `stone` off the board; refused when it is not on it.
    pub fn remove(&mut self, stone: usize) -> Result<Placement, String> {
        let p = match self.placed.get(stone.wrapping_sub(1)) {
            Some(Some(p)) => *p,
            Some(None) => return Err(format!("stone {stone} is not on the board")),
            None => return Err(format!("stone {stone} does not exist (stones are 1 to {})", self.placed.len())),
        };
        for cell in self.cells.iter_mut().filter(|c| usize::from(**c) == stone) {
            *cell = 0;
        }
        self.placed[stone - 1] = None;
        Ok(p)
    }

    /// Sets the cells from a solved board (cells in row-major order), marking every stone on
    /// it as placed; used to show a search's solution.
    pub fn from_cells(game: &Puzzle, cells: Vec<u8>) -> Board {
        let mut placed = vec![None; game.stone_count()];
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 && placed[usize::from(v) - 1].is_none() {
                placed[usize::from(v) - 1] = Some(locate(game, &cells, v, i));
            }
        }
        Board { height: game.height, width: game.width, cells, placed }
    }
}

/// The placement of stone `v` whose first cell (row-major) is `first` on a filled board.
fn locate(game: &Puzzle, cells: &[u8], v: u8, first: usize) -> Placement {
    let w = game.width;
    let stone = &game.stones[usize::from(v) - 1];
    let mut covered: Vec<(usize, usize)> =
        cells.iter().enumerate().filter(|&(_, &c)| c == v).map(|(i, _)| (i / w, i % w)).collect();
    covered.sort_unstable();
    let (r0, c0) = (first / w, first % w);
    for o in 0..ORIENTATIONS {
        let shape = &stone.orientations[o];
        let (ar, ac) = shape.anchor();
        if r0 < ar || c0 < ac {
            continue;
        }
        let (top, left) = (r0 - ar, c0 - ac);
        let mut mine: Vec<(usize, usize)> = shape.cells.iter().map(|&(r, c)| (top + r, left + c)).collect();
        mine.sort_unstable();
        if mine == covered {
            return Placement { row: top, col: left, stone: usize::from(v), orientation: o };
        }
    }
    Placement { row: r0, col: c0, stone: usize::from(v), orientation: 0 }
}

impl fmt::Display for Board {
    /// The board with row and column numbers; `.` marks an empty cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let widest = self.cells.iter().copied().max().unwrap_or(0).max(self.height.max(self.width) as u8 - 1);
        let w = widest.to_string().len() + 1;
        write!(f, "{:>w$}", "")?;
        for c in 0..self.width {
            write!(f, "{c:>w$}")?;
        }
        writeln!(f)?;
        for r in 0..self.height {
            write!(f, "{r:>w$}")?;
            for c in 0..self.width {
                match self.get(r, c) {
                    0 => write!(f, "{:>w$}", ".")?,
                    v => write!(f, "{v:>w$}")?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
