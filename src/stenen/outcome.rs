//! What a search answers: the pruning mode, a count's and a find's results, and the two
//! facts about a start position that every mode uses (whether the cells add up, and the
//! labelled factor).

use super::board::Board;
use super::rules::Puzzle;

/// How a search prunes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The duplicate control and nothing else.
    Dumb,
    /// Plus the region-size test after every placement.
    Smart,
    /// The bitboard solver (beyond the assignment): the same counts, its own positions.
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
pub fn cell_mismatch(game: &Puzzle, board: &Board) -> Option<(usize, usize)> {
    let stones: usize =
        (1..=game.stone_count()).filter(|&s| !board.is_placed(s)).map(|s| game.stones[s - 1].size()).sum();
    let empty = board.cells().iter().filter(|&&c| c == 0).count();
    (stones != empty).then_some((stones, empty))
}

/// Product over classes of (unplaced stones in the class)!: labelled boards per distinct tiling.
pub fn labelled_factor(game: &Puzzle, board: &Board) -> u128 {
    let classes = game.class_of.iter().copied().max().map_or(0, |m| m + 1);
    let mut unplaced = vec![0u32; classes];
    for s in 1..=game.stone_count() {
        if !board.is_placed(s) {
            unplaced[game.class_of[s - 1]] += 1;
        }
    }
    unplaced.iter().map(|&k| (1..=u128::from(k)).product::<u128>()).product()
}
