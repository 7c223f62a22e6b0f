//! `harness completions SHELL` and `harness man`: the command line described for a shell
//! and for `man`.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::exit::output_error;
use crate::base::error::Result;
use crate::experiment::progress::note;

/// The arguments of `harness completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell.
    shell: clap_complete::Shell,
}

/// The arguments of `harness man`.
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// Write the pages into this directory instead.
    #[arg(short = 'o', long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// `harness completions SHELL`: the completion script of `command` on stdout.
pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> Result<()> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "harness", &mut script);
    std::io::stdout().lock().write_all(&script).map_err(|e| output_error(&e))
}

/// `harness man`: the page of `command` on stdout, or with `--out` every page (one per
/// command) written into that directory.
pub fn man(args: &ManArgs, command: clap::Command) -> Result<()> {
    match args.out.as_deref() {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            std::io::stdout().lock().write_all(&page).map_err(|e| output_error(&e))
        }
        Some(dir) => write_pages(dir, command),
    }
}

fn write_pages(dir: &Path, command: clap::Command) -> Result<()> {
    crate::results::user_files::write_man_pages(dir, command)?;
    note(&format!("man pages written to {}", dir.display()));
    Ok(())
}
