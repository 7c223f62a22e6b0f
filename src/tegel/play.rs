//! `harness play tegel FILE`: the seed's menu program, line by line on stdin/stdout.

use super::cli::PlayArgs;
use crate::harness::Result;

/// Runs the menu until `q` or the end of input.
pub fn run(_args: PlayArgs) -> Result<()> {
    Ok(())
}
