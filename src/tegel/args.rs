//! Command-line arguments of the menu program (`harness play tegel`), shared with the
//! one-shot commands; a leaf module, so that the command line and the menu program do
//! not import each other.

use std::path::PathBuf;

use crate::experiment::args::{ThreadsArg, TimeLimitArg};

/// Arguments of `harness play tegel`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The game file to start from.
    pub file: PathBuf,
    #[command(flatten)]
    pub good: GoodArgs,
    #[command(flatten)]
    pub threads: ThreadsArg,
    #[command(flatten)]
    pub time_limit: TimeLimitArg,
}

/// How good moves (bepaalGoedeZet) are drawn: random games per move and the seed.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct GoodArgs {
    /// Random games per move of the good moves.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    pub sims: u32,
    /// Seed of the good moves' random games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}
