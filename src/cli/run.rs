//! `harness run MANIFEST`: every experiment of a manifest into a results directory.

use std::path::PathBuf;

use super::args::{ManifestPick, SolverArgs};
use crate::base::error::Result;
use crate::base::text::noun;
use crate::experiment::args::{print_json, LimitArgs};
use crate::experiment::progress::note;
use crate::runner::manifest::SamplingOverrides;
use crate::runner::run::{self, RunOptions};
use crate::runner::shard::Shard;

pub const EXAMPLES: &str = "\
Examples:
  harness run instances/quick.toml                  the quick manifest, results in results/
  harness run instances/all.toml -j 4 -o bench-A    4 threads, results in bench-A/
  harness run instances/all.toml --only tegel,nim   two games only
  harness run instances/all.toml --shard 0/4 --dry-run
                                                    list shard 0 of 4's items, run nothing
  harness run instances/quick.toml -q --json        no progress; one JSON summary on stdout
  HARNESS_THREADS=2 harness run instances/all.toml  the default thread count from the environment
  harness run instances/quick.toml --solver mine=./solver -o results-mine
                                                    the tile game's questions asked of ./solver
                                                    (docs/solvers.md); exit 1 when an answer is wrong
  harness run instances/all.toml --only tegel,stenen --instances ~/course-files
                                                    the course's own spel3.txt, stenen2.in, ... where given";

/// The arguments of `harness run`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// The manifest (TOML), e.g. instances/all.toml.
    manifest: PathBuf,
    #[command(flatten)]
    pick: ManifestPick,
    /// Results directory.
    #[arg(short = 'o', long, default_value = "results")]
    out: PathBuf,
    #[command(flatten)]
    limits: LimitArgs,
    /// Timed samples per cell, from 1 to 1000, overriding the manifest's (default 5).
    #[arg(long, value_parser = crate::experiment::args::parse_samples, value_name = "N")]
    samples: Option<u32>,
    /// Untimed warm-up runs before each cell's samples, from 0 to 10 (default 0).
    #[arg(long, value_parser = crate::experiment::args::parse_warmup, value_name = "N")]
    warmup: Option<u32>,
    /// Seconds after which a cell starts no further sample, from 0 to 3600 (default 3).
    #[arg(long, value_parser = crate::experiment::args::parse_sample_budget, value_name = "SECONDS")]
    sample_budget: Option<f64>,
    /// Rerun experiments whose results are already there (and discard their journals);
    /// with another manifest's results in the directory, replace them.
    #[arg(long)]
    force: bool,
    /// Run only shard I of N (0 <= I < N): a deterministic share of every experiment's
    /// items; `harness merge` puts the shards' directories together.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Pin each worker thread to one core (of those the process may use), recorded in
    /// run.toml; a thread the system does not pin runs unpinned, with a warning.
    #[arg(long)]
    pin: bool,
    /// List the items (of each shard, with --shard) and run nothing.
    #[arg(long)]
    dry_run: bool,
    /// Print one JSON summary object on stdout at the end (docs/harness.md).
    #[arg(long, conflicts_with = "dry_run")]
    json: bool,
    #[command(flatten)]
    solvers: SolverArgs,
    /// A folder of the course's own instance files (spel3.txt, stenen2.in, ...): each
    /// file the manifest names is read from there where the folder holds one of the same
    /// name, in place of the harness's stand-in; run.toml and the report list those read.
    #[arg(long = "instances", value_name = "DIR")]
    course_files: Option<PathBuf>,
}

impl RunArgs {
    /// The options of [`run::run`] these arguments give, with each solver's game.
    fn options(self) -> Result<RunOptions> {
        let solvers = self.solvers.with_games()?;
        Ok(RunOptions {
            manifest: self.manifest,
            threads: self.pick.threads.or_default(),
            only: self.pick.only.only,
            seed: self.pick.seed,
            out: self.out,
            time_limit: self.limits.time.time_limit,
            force: self.force,
            shard: self.shard,
            sampling: SamplingOverrides { samples: self.samples, warmup: self.warmup, budget: self.sample_budget },
            memory_limit: self.limits.memory_limit,
            pin: self.pin,
            solvers,
            course_files: self.course_files,
        })
    }
}

/// `harness run`: the items listed (`--dry-run`), or the run, a line on what it did and,
/// with `--json`, its summary on stdout.
pub fn run(args: RunArgs) -> Result<()> {
    let (dry_run, json) = (args.dry_run, args.json);
    let opts = args.options()?;
    if dry_run {
        print!("{}", run::dry_run(&opts)?);
        return Ok(());
    }
    crate::search::pool::build_global(opts.threads);
    let meta = run::run(&opts)?;
    let timeouts = match meta.timeouts.len() {
        0 => String::new(),
        n => format!(", {n} {} with a timeout", noun(n as u64, "item")),
    };
    note(&format!(
        "ran {} {}, skipped {}{timeouts}; results in {}",
        meta.ran.len(),
        noun(meta.ran.len() as u64, "experiment"),
        meta.skipped.len(),
        opts.out.display()
    ));
    if json {
        print_json(&serde_json::json!({
            "results": opts.out.display().to_string(),
            "state": meta.state.to_string(),
            "build": meta.build,
            "threads": meta.threads,
            "ran": meta.ran,
            "skipped": meta.skipped,
            "timeouts": meta.timeouts,
            "busy": meta.busy,
            "verdicts": verdicts_json(&opts, &meta.experiments),
        }))?;
    }
    solver_verdicts(&opts, &meta.experiments)
}

/// The verdicts of the solvers' questions, as one JSON object (`null` without solvers).
fn verdicts_json(opts: &RunOptions, experiments: &[String]) -> serde_json::Value {
    if opts.solvers.is_empty() {
        return serde_json::Value::Null;
    }
    let (counts, _) = crate::runner::solvers::tally(&opts.out, experiments);
    counts.into_iter().map(|(v, n)| (v.word().to_string(), serde_json::json!(n))).collect()
}

/// With solvers: a line of their verdicts, and exit 1 where a question was not answered
/// correctly.
fn solver_verdicts(opts: &RunOptions, experiments: &[String]) -> Result<()> {
    if opts.solvers.is_empty() {
        return Ok(());
    }
    let (counts, first) = crate::runner::solvers::tally(&opts.out, experiments);
    let said: Vec<String> = counts.iter().map(|(v, n)| format!("{n} {v}")).collect();
    let sweeps = match crate::runner::solvers::sweep_limits(&opts.out, experiments) {
        0 => String::new(),
        n => format!(" ({n} time-limit where a sweep ended, as a sweep does)"),
    };
    note(&format!("solvers' answers: {}{sweeps}", if said.is_empty() { "none".to_string() } else { said.join(", ") }));
    match first {
        None => Ok(()),
        Some(first) => Err(crate::base::error::Error::Verdict {
            message: format!("not every question was answered correctly; the first: {first}"),
            exit_code: 1,
        }),
    }
}
