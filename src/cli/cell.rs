//! `harness cell MANIFEST EXPERIMENT INDEX` (hidden): one item run once, its rows printed
//! as one line of JSON, the unit of `harness ab`'s rounds.

use std::io::Write;
use std::path::PathBuf;

use super::args::ManifestPick;
use crate::base::error::Result;
use crate::runner::cell::{self, CellTiming};

/// The arguments of `harness cell`.
#[derive(Debug, clap::Args)]
pub struct CellArgs {
    /// The manifest.
    manifest: PathBuf,
    /// The experiment (with INDEX), or nothing with --list.
    #[arg(required_unless_present = "list")]
    experiment: Option<String>,
    /// The item's index within the experiment.
    #[arg(required_unless_present = "list")]
    index: Option<usize>,
    /// Print the experiments and their items instead.
    #[arg(long)]
    list: bool,
    /// Untimed calls of each timed cell before its timed ones, from 0 to 10.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=10), value_name = "N")]
    warmup: u32,
    /// Timed calls of each timed cell (its seconds are their median), from 1 to 1000.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000), value_name = "K")]
    repeats: u32,
    /// Count the processor's events (instructions, cycles, cache misses) of the timed
    /// calls, where the machine lends its counters; printed as `hardware`.
    #[arg(long)]
    hardware_counters: bool,
    #[command(flatten)]
    pick: ManifestPick,
}

/// `harness cell`: the listing or one item's rows, as one line of JSON.
pub fn cell(args: CellArgs) -> Result<()> {
    let threads = args.pick.threads.or_default();
    let value = match (&args.experiment, args.index) {
        (Some(experiment), Some(index)) if !args.list => {
            let timing = CellTiming { warmup: args.warmup, repeats: args.repeats };
            serde_json::to_string(&cell::run(
                &args.manifest,
                (experiment, index),
                threads,
                args.pick.seed,
                (timing, args.hardware_counters),
            )?)
        }
        _ => serde_json::to_string(&cell::list(&args.manifest, &args.pick.only.only)?),
    };
    writeln!(std::io::stdout().lock(), "{}", value.map_err(anyhow::Error::from)?)?;
    Ok(())
}
