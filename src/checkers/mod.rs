//! Checkers (English draughts) on an m x n board: exact rules engine, perft,
//! continuation-game counts, players, experiments, the text program and a mouse board.

pub mod bits;
pub mod cli;
pub mod dispatch;
pub mod experiments;
pub mod geometry;
pub mod moves;
pub mod position;
pub mod perft;
pub mod ticker;
pub mod count;
pub mod game;
pub mod play;
pub mod players;
pub mod tui;
pub mod matches;
