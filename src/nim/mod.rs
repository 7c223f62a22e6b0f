//! Nim (seed 003): heaps of sticks, a move limit `maxtake`, the Sprague-Grundy engine, the
//! reservoir-sampling move selector, an exhaustive solver that checks the formula (and
//! solves general subtraction games), the interactive game and the report experiments.
//!
//! Files by concept: [`position`] (rules, value, winning moves), [`selector`] (Algorithm R),
//! [`players`] (computer and random players), [`solver`] (mex tables, exhaustive search),
//! [`verify`] (formula against search), [`stats`] (chi-square p-value), [`experiments`],
//! [`cli`] (one-shot commands) and [`play`] (the assignment's interactive game).

pub mod api;
pub mod check;
pub mod cli;
pub mod experiments;
pub mod play;
pub mod players;
pub mod plugin;
pub mod position;
pub mod questions;
pub mod report;
pub mod selector;
pub mod session;
pub mod solver;
pub mod stats;
pub mod verify;
