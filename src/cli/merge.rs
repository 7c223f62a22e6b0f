//! `harness merge SHARD... -o DIR`: the results directories of a sharded run made one.

use std::path::PathBuf;

use crate::base::error::Result;
use crate::base::text::count_of;
use crate::experiment::progress::note;

/// The arguments of `harness merge`.
#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The shards' results directories.
    #[arg(required = true)]
    shards: Vec<PathBuf>,
    /// Results directory of the merged run.
    #[arg(short = 'o', long)]
    out: PathBuf,
    /// Replace results another manifest left in the results directory (said on stderr);
    /// without it such a merge is refused and nothing changes.
    #[arg(long)]
    force: bool,
}

/// `harness merge`: the shards merged into `--out`, and a line saying so.
pub fn merge(args: MergeArgs) -> Result<()> {
    let meta = crate::runner::merge::merge(&args.shards, &args.out, args.force)?;
    note(&format!(
        "merged {} of {} into {}",
        count_of(meta.shards.len() as u64, "shard"),
        count_of(meta.ran.len() as u64, "experiment"),
        args.out.display()
    ));
    Ok(())
}
