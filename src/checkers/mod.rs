//! Checkers (English draughts) on an m x n board: exact rules engine, perft,
//! continuation-game counts, players, experiments, the text program and a mouse board.

pub mod bits;
pub mod cli;
pub mod count;
pub mod dispatch;
pub mod experiments;
pub mod game;
pub mod geometry;
pub mod matches;
pub mod moves;
pub mod perft;
pub mod play;
pub mod players;
pub mod position;
pub mod ticker;
pub mod tui;
