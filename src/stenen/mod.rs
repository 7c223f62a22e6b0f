//! stenen (polyomino tiling): stones and orientations, the game, the board, the dumb/smart search,
//! the fast bitboard solver, manifest experiments, one-shot CLI and the interactive program.

pub mod answers;
pub mod api;
pub mod asked_answers;
pub mod asked_table;
pub mod asked_words;
pub mod board;
pub mod check;
pub mod cli;
pub mod experiments;
pub mod fast;
mod kernel;
pub mod load;
pub mod memo;
pub mod outcome;
pub mod picture;
pub mod places;
pub mod places_words;
pub mod play;
pub mod plugin;
pub mod questions;
pub mod report;
pub mod rules;
pub mod search;
pub mod slow_find;
pub mod stand_ins;
pub mod stone;
pub mod symmetry;
mod tables;
mod walk;
pub mod words;

pub use board::{Board, Placement};
pub use outcome::{Count, Found, Mode};
pub use rules::{load_puzzle, Puzzle};
pub use stone::{Shape, Stone};

use crate::search::budget::{Budget, Stopped};

/// Counts every tiling from `board` in `mode`; `parallel` splits the work on the current
/// rayon pool (positions are the same as sequentially).
pub fn count(game: &Puzzle, board: &Board, mode: Mode, parallel: bool, budget: &Budget) -> Result<Count, Stopped> {
    match mode {
        Mode::Fast => fast::count(game, board, parallel, budget),
        _ => search::count(game, board, mode, parallel, budget),
    }
}

/// Finds a tiling from `board` in `mode` (dumb and smart: the first in the spec's order).
pub fn find(game: &Puzzle, board: &Board, mode: Mode, budget: &Budget) -> Result<Found, Stopped> {
    match mode {
        Mode::Fast => fast::find(game, board, budget),
        _ => search::find(game, board, mode, budget),
    }
}

#[cfg(test)]
mod tests;
