//! The rules of one instance (named `rules` as in every game folder): the board size and
//! the numbered stones with their identical-stone classes (`Puzzle`), and loading them from a
//! stones file.

use std::path::Path;

use super::load::load_stones;
use super::stone::{classes, Stone};
use crate::base::error::InputError;

/// Smallest and largest board side.
pub const SIDES: std::ops::RangeInclusive<usize> = 2..=20;

/// A tiling game: an `height x width` board and numbered stones.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// Rows `h` of the board.
    pub height: usize,
    /// Columns `b` of the board.
    pub width: usize,
    /// Stones `1..=S`; stone `k` is `stones[k - 1]`.
    pub stones: Vec<Stone>,
    /// Class of each stone (index as `stones`): stones that are orientations of each other
    /// share a class.
    pub class_of: Vec<usize>,
}

impl Puzzle {
    /// A game of an `height x width` board with `stones`; refuses sides outside 2..=20.
    pub fn new(height: usize, width: usize, stones: Vec<Stone>) -> Result<Puzzle, InputError> {
        for (what, v) in [("height h", height), ("width b", width)] {
            if !SIDES.contains(&v) {
                return Err(InputError::new(format!("board {what} must be from 2 to 20, got {v}")));
            }
        }
        let class_of = classes(&stones);
        Ok(Puzzle { height, width, stones, class_of })
    }

    /// The same game with every stone in a class of its own: searches then treat identical
    /// stones as different, so their distinct count is the labelled count (used to check
    /// the identical-stones reduction).
    pub fn without_classes(&self) -> Puzzle {
        Puzzle { class_of: (0..self.stones.len()).collect(), ..self.clone() }
    }

    /// Number of cells of the board.
    pub fn cells(&self) -> usize {
        self.height * self.width
    }

    /// Number of stones.
    pub fn stone_count(&self) -> usize {
        self.stones.len()
    }
}

/// Loads a game: the stones file at `path` on an `height x width` board; refuses a bad
/// file (with its line) and sides outside 2..=20.
pub fn load_puzzle(height: usize, width: usize, path: &Path) -> Result<Puzzle, InputError> {
    Puzzle::new(height, width, load_stones(path)?)
}
