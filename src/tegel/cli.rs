//! Command line of tegel: one-shot commands and `harness play tegel`.

use crate::harness::{InputError, Result};

/// `harness tegel ...` one-shot commands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Placeholder until the engine lands.
    Todo,
}

/// Arguments of `harness play tegel`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {}

/// Runs a one-shot command.
pub fn run(_cmd: Command) -> Result<()> {
    Err(InputError::new("tegel: not built yet").into())
}

/// Runs the interactive game.
pub fn play(_args: PlayArgs) -> Result<()> {
    Err(InputError::new("tegel: not built yet").into())
}
