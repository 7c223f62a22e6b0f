//! Command line of stenen: one-shot commands and `harness play stenen`.

use crate::harness::{InputError, Result};

/// `harness stenen ...` one-shot commands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Placeholder until the engine lands.
    Todo,
}

/// Arguments of `harness play stenen`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {}

/// Runs a one-shot command.
pub fn run(_cmd: Command) -> Result<()> {
    Err(InputError::new("stenen: not built yet").into())
}

/// Runs the interactive game.
pub fn play(_args: PlayArgs) -> Result<()> {
    Err(InputError::new("stenen: not built yet").into())
}
