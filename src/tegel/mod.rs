//! The tile game (Tegelspel): exact rules, besteScore (sequential and on rayon),
//! bepaalGoedeZet, greedy, the undo sweep, good-vs-best matches, the instance searches,
//! the manifest experiments and the command line.
//!
//! Where to find a rule: sizes, colors, moves and the pot in [`rules`]; the position,
//! target rows, distinct moves, do/undo, end and score in [`position`]; the file format
//! in [`load`]; searches in [`search`], [`best`], [`montecarlo`], [`greedy`],
//! [`sweep`], [`matches`](mod@matches); instance searches in [`generate`].

pub mod answers;
pub mod api;
pub mod args;
pub mod asked_answers;
pub mod asked_sweep;
pub mod asked_table;
pub mod asked_words;
pub mod best;
pub mod check;
pub mod check_play;
pub mod cli;
pub mod experiments;
pub mod game;
pub mod generate;
pub mod good_game;
pub mod greedy;
pub mod greedy_line;
pub mod greedy_words;
pub mod load;
pub mod matches;
pub mod memo;
pub mod montecarlo;
pub mod packed;
pub mod picture;
pub mod picture_words;
pub mod play;
pub mod plugin;
pub mod position;
pub mod questions;
pub mod report;
pub mod rules;
pub mod score_text;
pub mod search;
pub mod stand_ins;
pub mod sweep;
pub mod sweep_answers;
#[cfg(test)]
mod tests;
pub mod words;

pub use game::Game;
pub use load::{load_file, parse};
pub use position::{Position, Row};
pub use rules::{Color, Move, Rules};
pub use search::{best_score, BestResult};
