//! tegel: rules, searches, experiments, CLI.

pub mod cli;
pub mod experiments;
