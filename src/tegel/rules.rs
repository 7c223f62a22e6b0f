//! The fixed parts of a tile game: sizes, the pot, and the small exact types (color, move).

use std::fmt;

/// Most bowls (`M`).
pub const MAX_BOWLS: usize = 5;
/// Most tiles on a bowl (`N`).
pub const MAX_BOWL_TILES: usize = 5;
/// Most rows per board (`K`).
pub const MAX_ROWS: usize = 10;
/// Most cells per row (`L`).
pub const MAX_ROW_LEN: usize = 6;
/// Most distinct moves in a position: one per (bowl, color).
pub const MAX_MOVES: usize = 2 * MAX_BOWLS;

/// A tile color: yellow (`g`, index 0) or blue (`b`, index 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Yellow, written `g` (geel).
    Yellow = 0,
    /// Blue, written `b` (blauw).
    Blue = 1,
}

impl Color {
    /// Both colors in the spec's move order: `g` before `b`.
    pub const BOTH: [Color; 2] = [Color::Yellow, Color::Blue];

    /// The color's index (0 yellow, 1 blue).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The color of index 0 or 1.
    #[inline]
    pub fn from_index(i: usize) -> Color {
        if i == 0 {
            Color::Yellow
        } else {
            Color::Blue
        }
    }

    /// The letter of the file format: `g` or `b`.
    pub fn letter(self) -> char {
        match self {
            Color::Yellow => 'g',
            Color::Blue => 'b',
        }
    }

    /// The color of a letter `g`/`b`.
    pub fn from_letter(c: char) -> Option<Color> {
        match c {
            'g' => Some(Color::Yellow),
            'b' => Some(Color::Blue),
            _ => None,
        }
    }
}

/// A move: take every tile of `color` from bowl `bowl`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The bowl number, `0..M`.
    pub bowl: u8,
    /// The color taken.
    pub color: Color,
}

impl Move {
    /// The move (bowl, color).
    pub fn new(bowl: usize, color: Color) -> Move {
        Move { bowl: bowl as u8, color }
    }

    /// Parses `(0,g)`, `0 g`, `0g` or `0,g` (spaces allowed).
    pub fn parse(text: &str) -> Option<Move> {
        let cleaned: String = text.chars().filter(|c| !matches!(c, '(' | ')' | ',' | ' ' | '\t')).collect();
        let color = Color::from_letter(cleaned.chars().last()?)?;
        let bowl: usize = cleaned[..cleaned.len() - 1].parse().ok()?;
        (bowl < MAX_BOWLS).then(|| Move::new(bowl, color))
    }
}

impl fmt::Display for Move {
    /// Writes `(bowl,color)`, e.g. `(0,g)`, as the JSON output and the CSVs do.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.bowl, self.color.letter())
    }
}

/// At most [`MAX_MOVES`] moves, in order, without allocation.
#[derive(Debug, Clone, Copy)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: u8,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList { moves: [Move::new(0, Color::Yellow); MAX_MOVES], len: 0 }
    }
}

impl MoveList {
    /// Appends a move (the caller never exceeds [`MAX_MOVES`]).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len as usize] = mv;
        self.len += 1;
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice, in generation order.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

/// The parts of a game that never change during play: sizes and the pot's order.
///
/// The pot is stored once; a position only records how far it has been drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// Number of bowls `M`.
    pub bowls: usize,
    /// Capacity of a bowl `N`.
    pub bowl_tiles: usize,
    /// Rows per board `K`.
    pub rows: usize,
    /// Cells per row `L`.
    pub row_len: usize,
    /// The whole pot as loaded, front first (bowls were filled from its start).
    pot: Vec<Color>,
    /// `yellow_before[i]` = number of yellow tiles in `pot[..i]`.
    yellow_before: Vec<u32>,
    /// `fit_mask[k]`: bits `0..=L-k` set (the fills a row may have to take `k` tiles).
    fit_mask: [u8; MAX_BOWL_TILES + 1],
}

impl Rules {
    /// Rules for sizes `M N K L` (already validated) and a pot.
    pub fn new(bowls: usize, bowl_tiles: usize, rows: usize, row_len: usize, pot: Vec<Color>) -> Rules {
        let mut yellow_before = Vec::with_capacity(pot.len() + 1);
        let mut y = 0u32;
        yellow_before.push(0);
        for &c in &pot {
            y += u32::from(c == Color::Yellow);
            yellow_before.push(y);
        }
        let mut fit_mask = [0u8; MAX_BOWL_TILES + 1];
        for (k, mask) in fit_mask.iter_mut().enumerate().skip(1) {
            if k <= row_len {
                *mask = ((1u16 << (row_len - k + 1)) - 1) as u8;
            }
        }
        Rules { bowls, bowl_tiles, rows, row_len, pot, yellow_before, fit_mask }
    }

    /// The whole pot as loaded.
    pub fn pot(&self) -> &[Color] {
        &self.pot
    }

    /// The fills (as a bitmask over 0..=L) of rows that can take `k` more tiles.
    #[inline]
    pub fn fit_mask(&self, k: u8) -> u8 {
        self.fit_mask[k as usize]
    }

    /// Draws up to `want` tiles from pot position `from`: `(taken, yellow among them)`.
    #[inline]
    pub fn draw(&self, from: u32, want: u32) -> (u32, u32) {
        let left = self.pot.len() as u32 - from;
        let taken = want.min(left);
        let yellow = self.yellow_before[(from + taken) as usize] - self.yellow_before[from as usize];
        (taken, yellow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_parse_and_print() {
        let m = Move::new(3, Color::Blue);
        assert_eq!(m.to_string(), "(3,b)");
        for text in ["(3,b)", "3 b", "3b", " 3 , b "] {
            assert_eq!(Move::parse(text), Some(m), "{text}");
        }
        for bad in ["", "b", "3", "(3,x)", "9 g", "-1 g", "g 3"] {
            assert_eq!(Move::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn draw_counts_yellow_tiles() {
        use Color::*;
        let r = Rules::new(1, 4, 1, 6, vec![Yellow, Blue, Yellow, Yellow]);
        assert_eq!(r.draw(0, 2), (2, 1));
        assert_eq!(r.draw(1, 5), (3, 2));
        assert_eq!(r.draw(4, 3), (0, 0));
        assert_eq!(r.fit_mask(2), 0b11111);
        assert_eq!(r.fit_mask(5), 0b11);
    }
}
