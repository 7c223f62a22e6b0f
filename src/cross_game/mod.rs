//! The cross-game experiments (`game = "harness"`): `parallel` (each listed exhaustive
//! search sequentially against its parallel version on the manifest's thread counts) and
//! `speed` (positions per second), with their report and the summary table. A plug-in
//! like the games: it reaches the games' searches only through the lookup it is handed.

pub mod experiments;
pub mod report;
pub mod summary;
