//! Checkers (English draughts) on an m x n board: exact rules engine, perft,
//! continuation-game counts, players, experiments, the text program and a mouse board.
//!
//! Where things are:
//! - [`geometry`]: board sizes, squares and their names (`a1` bottom left), directions,
//!   start and crowning rows, the bit layout and [`geometry::Wide`], the 256-bit set of
//!   the largest boards (the engine is generic over [`crate::search::bits::Bits`]).
//! - [`move_value`]: the [`move_value::Move`] value and its text; [`position`]: pieces and side to move,
//!   do/undo; [`moves`]: move generation (forced capture, multi-jumps, crowning ends a
//!   jump, every path a move), bulk counting and move parsing.
//! - [`perft`]: perft and divide, sequential and rayon; [`count`]: continuation-game
//!   counts (single-jump variant), plain and parallel; [`memo`]: hashed perft and the
//!   memoised count on the shared memo core (positions are counted with
//!   [`crate::search::budget::Ticker`]).
//! - [`game`]: regular play with the draw rule and undo; [`players`]: random and
//!   alpha-beta strategy; [`matches`](mod@matches): seeded games and tallies.
//! - [`by_size`]: picks the bit-set width for a size; [`experiments`]: manifest kinds
//!   `count`, `perft`, `match` and the `parallel` items; [`cli`]: one-shot commands;
//!   [`play`]: the text program; [`session`]: a game as the mouse boards play it (clicks,
//!   computer replies, undo), with [`count_job`] for counts in the background; [`tui`]:
//!   the terminal board (the web board is in `crate::web`).

pub mod api;
pub mod by_size;
pub mod check;
pub mod cli;
pub mod count;
pub mod count_job;
pub mod experiments;
pub mod game;
pub mod geometry;
pub mod matches;
pub mod memo;
pub mod move_value;
pub mod moves;
pub mod pdn;
pub mod perft;
pub mod picture;
pub mod play;
pub mod players;
pub mod plugin;
pub mod position;
pub mod questions;
pub mod report;
pub mod session;
pub mod tui;
