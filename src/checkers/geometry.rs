//! The m x n board: which squares exist, how they map to bit positions, the diagonal
//! directions, start rows, promotion rows, and square names (`a1` = bottom left).
//!
//! Layout ("ghost squares"): square (row, col) of the full board gets the number
//! `row * W + col` with an odd row width `W > n` (`n + 1` for even `n`, `n + 2` for odd
//! `n`); dark squares (row + col even, so `a1` is dark) have even numbers, and bit
//! `(row * W + col) / 2` stands for that square. A diagonal step is then a shift by
//! `(W - 1) / 2` or `(W + 1) / 2`, and a step off the left or right edge lands on a
//! ghost column that is never a board square, so no edge masks are needed.

use crate::base::text::excerpt;
use crate::search::bits::Bits;

/// Smallest and largest board side.
pub const MIN_SIDE: u8 = 3;
/// Largest board side (column letters `a`..`p`).
pub const MAX_SIDE: u8 = 16;

/// The four diagonal directions, as indices into [`Geometry::shift`].
pub mod dir {
    /// Up (towards the top row) and to the left.
    pub const UP_LEFT: usize = 0;
    /// Up and to the right.
    pub const UP_RIGHT: usize = 1;
    /// Down and to the left.
    pub const DOWN_LEFT: usize = 2;
    /// Down and to the right.
    pub const DOWN_RIGHT: usize = 3;
    /// The opposite of each direction.
    pub const OPPOSITE: [usize; 4] = [DOWN_RIGHT, DOWN_LEFT, UP_RIGHT, UP_LEFT];
}

/// The two players. Black moves first, upwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Starts at the bottom, moves up, moves first.
    Black = 0,
    /// Starts at the top, moves down.
    White = 1,
}

impl Color {
    /// The other player.
    #[inline(always)]
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `0` for Black, `1` for White.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lower-case English name.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// The directions a man of this colour moves and captures in.
    #[inline(always)]
    pub fn forward(self) -> [usize; 2] {
        match self {
            Color::Black => [dir::UP_LEFT, dir::UP_RIGHT],
            Color::White => [dir::DOWN_LEFT, dir::DOWN_RIGHT],
        }
    }
}

pub use crate::search::bits::Width;

/// A 256-bit set (four 64-bit words), for the boards whose layout needs more than 128 bit
/// positions (16x15, 16x16); `u64` serves up to 64 (8x8 needs 36) and `u128` up to 128.
pub type Wide = crate::search::bits::Wide<4>;

/// Odd row width of the ghost layout for `n` columns.
fn row_width(cols: u8) -> u32 {
    if cols % 2 == 0 {
        u32::from(cols) + 1
    } else {
        u32::from(cols) + 2
    }
}

/// Bit positions the layout of an `m x n` board needs.
pub fn bits_needed(rows: u8, cols: u8) -> u32 {
    let w = row_width(cols);
    let (r, c) = (u32::from(rows) - 1, u32::from(cols) - 1);
    let last_dark_col = if (r + c) % 2 == 0 { c } else { c - 1 };
    (r * w + last_dark_col) / 2 + 1
}

/// The narrowest bit-set type for an `m x n` board.
pub fn width_for(rows: u8, cols: u8) -> Width {
    crate::search::bits::width_for(bits_needed(rows, cols) as usize)
}

/// Checks the board size rules: `3 <= m, n <= 16` and `1 <= r <= m / 2`.
pub fn check_size(rows: u32, cols: u32, men_rows: u32) -> Result<(), String> {
    let side = u32::from(MIN_SIDE)..=u32::from(MAX_SIDE);
    if !side.contains(&rows) || !side.contains(&cols) {
        return Err(format!("board must be m x n with m and n from 3 to 16, got {rows} x {cols}"));
    }
    if men_rows < 1 || men_rows > rows / 2 {
        return Err(format!("rows of men r must be from 1 to m/2 = {}, got {men_rows}", rows / 2));
    }
    Ok(())
}

/// A board size as the user gives it: `m` rows, `n` columns, `r` rows of men.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSize {
    /// Rows `m`.
    pub rows: u8,
    /// Columns `n`.
    pub cols: u8,
    /// Rows of men per side `r`.
    pub men_rows: u8,
}

impl BoardSize {
    /// A size checked against the rules (`3 <= m, n <= 16`, `1 <= r <= m/2`).
    pub fn new(rows: u32, cols: u32, men_rows: u32) -> Result<Self, String> {
        check_size(rows, cols, men_rows)?;
        Ok(BoardSize { rows: rows as u8, cols: cols as u8, men_rows: men_rows as u8 })
    }

    /// The standard 8x8 board with 3 rows of men.
    pub fn standard() -> Self {
        BoardSize { rows: 8, cols: 8, men_rows: 3 }
    }
}

impl std::fmt::Display for BoardSize {
    /// `8x8 r3`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{} r{}", self.rows, self.cols, self.men_rows)
    }
}

impl std::str::FromStr for BoardSize {
    type Err = String;
    /// Parses `MxN rR` (as [`BoardSize`]'s `Display` writes it), e.g. `6x5 r2`.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("`{}` is not a board: expected `MxN rR`, like `8x8 r3`", excerpt(s));
        let (dims, r) = s.trim().split_once(char::is_whitespace).ok_or_else(bad)?;
        let (m, n) = dims.split_once('x').ok_or_else(bad)?;
        let r = r.trim().strip_prefix('r').ok_or_else(bad)?;
        let num = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
        BoardSize::new(num(m)?, num(n)?, num(r)?).map_err(|e| format!("`{}`: {e}", excerpt(s)))
    }
}

/// An m x n board with r rows of men per side, laid out in bit sets of type `B`.
#[derive(Debug, Clone)]
pub struct Geometry<B> {
    /// Number of rows `m`.
    pub rows: u8,
    /// Number of columns `n`.
    pub cols: u8,
    /// Rows of men per side at the start, `r`.
    pub men_rows: u8,
    /// Shift amount of each direction of [`dir`].
    pub shift: [u32; 4],
    /// Every board square.
    pub valid: B,
    /// Squares where a man of each colour is crowned (`[Color::index()]`).
    pub crown: [B; 2],
    /// Each colour's men at the start.
    pub start: [B; 2],
    /// Row and column of each bit position; `None` for ghost positions.
    squares: Vec<Option<(u8, u8)>>,
    width: u32,
}

impl<B: Bits> Geometry<B> {
    /// The geometry of an `m x n` board with `r` rows of men; refuses sizes outside the
    /// rules or too large for `B`.
    pub fn new(rows: u8, cols: u8, men_rows: u8) -> Result<Self, String> {
        check_size(rows.into(), cols.into(), men_rows.into())?;
        if bits_needed(rows, cols) > B::CAPACITY {
            return Err(format!("a {rows}x{cols} board needs {} bits", bits_needed(rows, cols)));
        }
        let width = row_width(cols);
        let mut g = Geometry {
            rows,
            cols,
            men_rows,
            shift: [(width - 1) / 2, width.div_ceil(2), width.div_ceil(2), (width - 1) / 2],
            valid: B::ZERO,
            crown: [B::ZERO; 2],
            start: [B::ZERO; 2],
            squares: vec![None; bits_needed(rows, cols) as usize],
            width,
        };
        for row in 0..rows {
            for col in 0..cols {
                if let Some(i) = g.index(row, col) {
                    let b = B::bit(i);
                    g.squares[i as usize] = Some((row, col));
                    g.valid |= b;
                    if row == rows - 1 {
                        g.crown[0] |= b;
                    }
                    if row == 0 {
                        g.crown[1] |= b;
                    }
                    if row < men_rows {
                        g.start[0] |= b;
                    }
                    if row >= rows - men_rows {
                        g.start[1] |= b;
                    }
                }
            }
        }
        Ok(g)
    }

    /// The bit position of a dark square, `None` for light or off-board squares.
    pub fn index(&self, row: u8, col: u8) -> Option<u32> {
        if row >= self.rows || col >= self.cols || (row + col) % 2 != 0 {
            return None;
        }
        Some((u32::from(row) * self.width + u32::from(col)) / 2)
    }

    /// Row and column (0-based, row 0 at the bottom) of a bit position, `None` for ghosts.
    pub fn square(&self, i: u32) -> Option<(u8, u8)> {
        self.squares.get(i as usize).copied().flatten()
    }

    /// Every bit position reached by one diagonal step in `d` from a position in `b`
    /// (may include ghost positions; mask with a subset of [`Geometry::valid`]).
    #[inline(always)]
    pub fn step(&self, b: B, d: usize) -> B {
        if d < 2 {
            b.shl(self.shift[d])
        } else {
            b.shr(self.shift[d])
        }
    }

    /// The square one step from bit position `i` in direction `d`, if it is on the board.
    pub fn neighbour(&self, i: u32, d: usize) -> Option<u32> {
        let b = self.step(B::bit(i), d) & self.valid;
        b.any().then(|| b.lowest())
    }

    /// The name of a bit position, like `c3`.
    pub fn name(&self, i: u32) -> String {
        match self.square(i) {
            Some((row, col)) => format!("{}{}", (b'a' + col) as char, row + 1),
            None => format!("?{i}"),
        }
    }

    /// Parses a square name like `c3` (column letter, row number from 1 at the bottom)
    /// into its bit position; refuses names off the board and light squares.
    pub fn parse_square(&self, text: &str) -> Result<u32, String> {
        let text = text.trim();
        let shown = excerpt(text);
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(|| "empty square name".to_string())?.to_ascii_lowercase();
        let number = chars.as_str();
        if !letter.is_ascii_lowercase() || number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("`{shown}` is not a square: expected a column letter and a row number, like c3"));
        }
        let col = letter as u32 - 'a' as u32;
        let row: u32 = number.parse().map_err(|_| format!("`{shown}`: bad row number"))?;
        if col >= u32::from(self.cols) || row == 0 || row > u32::from(self.rows) {
            let last = (b'a' + self.cols - 1) as char;
            return Err(format!("`{shown}` is off the board (columns a..{last}, rows 1..{})", self.rows));
        }
        self.index((row - 1) as u8, col as u8)
            .ok_or_else(|| format!("`{shown}` is a light square; only dark squares are used"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::geometry::Wide;

    #[test]
    fn eight_by_eight_has_32_squares_12_men_each_and_fits_u64() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        assert_eq!(g.valid.count(), 32);
        assert_eq!((g.start[0].count(), g.start[1].count()), (12, 12));
        assert_eq!((g.crown[0].count(), g.crown[1].count()), (4, 4));
        assert_eq!(width_for(8, 8), Width::W64);
        assert_eq!(bits_needed(8, 8), 36);
    }

    #[test]
    fn every_size_fits_its_width_and_counts_dark_squares() {
        for m in 3..=16u8 {
            for n in 3..=16u8 {
                let dark = (u32::from(m) * u32::from(n)).div_ceil(2);
                let count = match width_for(m, n) {
                    Width::W64 => Geometry::<u64>::new(m, n, 1).unwrap().valid.count(),
                    Width::W128 => Geometry::<u128>::new(m, n, 1).unwrap().valid.count(),
                    Width::Wide => Geometry::<Wide>::new(m, n, 1).unwrap().valid.count(),
                };
                assert_eq!(count, dark, "{m}x{n}");
            }
        }
        assert_eq!(width_for(16, 16), Width::Wide);
        assert_eq!(width_for(16, 14), Width::W128);
    }

    #[test]
    fn steps_off_the_edges_leave_the_board() {
        for (m, n) in [(8, 8), (5, 7), (3, 3), (16, 16)] {
            let g = Geometry::<Wide>::new(m, n, 1).unwrap();
            for i in g.valid.iter() {
                let (row, col) = g.square(i).unwrap();
                for d in 0..4 {
                    let (dr, dc): (i32, i32) = [(1, -1), (1, 1), (-1, -1), (-1, 1)][d];
                    let (r2, c2) = (i32::from(row) + dr, i32::from(col) + dc);
                    let expected = (r2 >= 0 && c2 >= 0 && r2 < m as i32 && c2 < n as i32)
                        .then(|| g.index(r2 as u8, c2 as u8).unwrap());
                    assert_eq!(g.neighbour(i, d), expected, "{m}x{n} {} dir {d}", g.name(i));
                }
            }
        }
    }

    #[test]
    fn square_names_round_trip_and_bad_names_are_refused() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        for i in g.valid.iter() {
            assert_eq!(g.parse_square(&g.name(i)).unwrap(), i);
        }
        assert_eq!(g.name(g.index(0, 0).unwrap()), "a1");
        assert!(g.parse_square("b1").unwrap_err().contains("light"));
        assert!(g.parse_square("i1").unwrap_err().contains("off the board"));
        assert!(g.parse_square("a9").unwrap_err().contains("off the board"));
        assert!(g.parse_square("3c").unwrap_err().contains("not a square"));
        assert_eq!("6x5 r2".parse::<BoardSize>().unwrap().to_string(), "6x5 r2");
        assert!("6x5".parse::<BoardSize>().is_err() && "6x5 r4".parse::<BoardSize>().is_err());
        assert!(check_size(8, 8, 5).is_err() && check_size(2, 8, 1).is_err() && check_size(17, 3, 1).is_err());
    }
}
