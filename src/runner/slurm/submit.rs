//! Handing the written jobs to Slurm: `sbatch` run as a supervised child.

use std::process::Command;

use anyhow::Context;

use crate::base::child::{Child, ChildLimits, Ended, Wiring};
use crate::base::error::{Error, Result};

/// How long `sbatch` may take to hand a job to the controller.
const SBATCH_LIMIT: std::time::Duration = std::time::Duration::from_secs(120);

/// Runs `sbatch` with `args` as a supervised child (killed with what it started after
/// [`SBATCH_LIMIT`], on Ctrl-C or SIGTERM); its standard output.
pub(super) fn sbatch(args: &[&str]) -> Result<String> {
    let mut command = Command::new("sbatch");
    command.args(args);
    let limits = ChildLimits::output_only(1 << 20, 64 << 10);
    // Not in a user namespace of its own: munge authenticates the user by its id.
    let wiring = Wiring { stdin: false, capture_stderr: true, core: None, user_namespace: false };
    let mut child =
        Child::spawn_with(command, &limits, wiring).context("cannot run sbatch (is Slurm installed here?)")?;
    child.stop_when(std::sync::Arc::new(crate::search::budget::interrupted));
    let out = match child.read_to_end(std::time::Instant::now() + SBATCH_LIMIT) {
        Ok(out) => out,
        Err(Ended::Interrupted) => return Err(Error::Interrupted),
        Err(e) => return Err(anyhow::anyhow!("sbatch {} did not finish: {e}", args.join(" ")).into()),
    };
    if !child.ending().is_some_and(|e| e.success()) {
        return Err(anyhow::anyhow!("sbatch {} failed: {}", args.join(" "), child.stderr_text().trim()).into());
    }
    Ok(String::from_utf8_lossy(&out).trim().to_string())
}
