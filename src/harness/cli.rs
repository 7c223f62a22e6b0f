//! Command-line options shared by every one-shot search command.

use std::time::Duration;

use super::budget::Budget;
use super::error::{InputError, Result};
use super::manifest::default_threads;

/// `--json`, `--threads N` and `--time-limit SECONDS`, flattened into a game's search
/// commands with `#[command(flatten)]`.
#[derive(Debug, Clone, clap::Args)]
pub struct SearchArgs {
    /// Print one JSON object on stdout (messages go to stderr).
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: all cores; 1 runs the plain sequential search).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Per-call time limit in seconds (default: none).
    #[arg(long)]
    pub time_limit: Option<f64>,
}

impl SearchArgs {
    /// The thread count asked for, or all cores.
    pub fn threads(&self) -> usize {
        self.threads.map(|t| t as usize).unwrap_or_else(default_threads)
    }

    /// A budget with the time limit starting now; refuses a limit that is not a positive
    /// number of seconds.
    pub fn budget(&self) -> Result<Budget> {
        match self.time_limit {
            Some(t) if !(t.is_finite() && t > 0.0) => {
                Err(InputError::new(format!("--time-limit must be a positive number of seconds, got {t}")).into())
            }
            t => Ok(Budget::new(t.map(Duration::from_secs_f64))),
        }
    }
}
