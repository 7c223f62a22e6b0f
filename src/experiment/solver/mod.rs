//! Programs that answer the assignments' questions over the solver protocol
//! (`docs/solvers.md`): which program and how it runs ([`spec`]), one running program and
//! its protocol ([`session`]), the position files it reads ([`positions`]) and the
//! verdict of each question ([`verdict`]), the solver's time against the engine's
//! ([`speed`]). Each game's `questions.rs` states its questions
//! as one typed interface over a [`session::Session`].

pub mod asker;
pub mod check;
pub mod experiment;
pub mod positions;
pub mod session;
pub mod spec;
pub mod speed;
pub mod verdict;

/// The version of the solver protocol this harness speaks (`hello 1`).
pub const PROTOCOL_VERSION: u32 = 1;
