//! `harness slurm MANIFEST --shards N`: Slurm jobs that run a manifest's shards as an
//! array and merge them; with `--judge SUBMISSIONS...`, that judge a class in shards and
//! write its table.

use std::path::PathBuf;

use super::args::seed_parser;
use crate::base::error::Result;
use crate::base::machine::Threads;
use crate::experiment::args::TimeLimitArg;
use crate::runner::slurm::{parse_slurm_time, SlurmOptions};

/// The most array tasks (shards) one `harness slurm` writes.
const MAX_SHARDS: u32 = 100_000;

/// The arguments of `harness slurm`.
#[derive(Debug, clap::Args)]
pub struct SlurmArgs {
    /// The manifest (TOML), e.g. instances/all.toml.
    manifest: PathBuf,
    /// Array tasks: the manifest is split into this many shards, from 1 to 100000.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_SHARDS as i64))]
    shards: u32,
    /// CPUs (threads) per task, from 1 to 1024.
    #[arg(long, default_value = "4", value_parser = Threads::parse, value_name = "N")]
    cpus_per_task: Threads,
    /// Wall time per task, HH:MM:SS or D-HH:MM:SS.
    #[arg(long, default_value = "24:00:00", value_parser = parse_slurm_time)]
    time: String,
    /// Slurm partition.
    #[arg(long)]
    partition: Option<String>,
    /// Slurm account to charge both jobs to.
    #[arg(long)]
    account: Option<String>,
    /// Memory per array task in MiB (default: the manifest's largest memo table plus a
    /// quarter, plus 512 MiB; docs/harness.md).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=16_777_216), value_name = "MIB")]
    mem: Option<u64>,
    /// An extra #SBATCH option for both jobs, as `--NAME=VALUE` or `--NAME` (repeatable),
    /// e.g. --sbatch-line=--qos=short.
    #[arg(long, value_name = "OPTION", allow_hyphen_values = true)]
    sbatch_line: Vec<String>,
    /// Results directory: shards go to DIR/shards/I, the merged results to DIR.
    #[arg(short = 'o', long, default_value = "results")]
    out: PathBuf,
    /// Base seed passed to every shard: from 0 to 9223372036854775807.
    #[arg(long, value_parser = seed_parser())]
    seed: Option<u64>,
    #[command(flatten)]
    time_limit: TimeLimitArg,
    /// Submit both jobs with sbatch (the merge after the array succeeded).
    #[arg(long)]
    submit: bool,
    /// Judge these submissions (folders, .zip, .tgz, .tar.gz) in the array's shards, all
    /// into --out, then write the class table (docs/judge.md) instead of running the manifest.
    #[arg(long, num_args = 1.., value_name = "SUBMISSION")]
    judge: Vec<PathBuf>,
    /// With --judge: the assignment (tegel, stenen, nim or checkers).
    #[arg(long, value_name = "GAME", requires = "judge")]
    assignment: Option<String>,
    /// With --judge: seconds each question may take, from 0.1 to 3600.
    #[arg(long, value_name = "SECONDS", requires = "judge")]
    question_time_limit: Option<f64>,
}

/// `harness slurm`: the two job scripts written (and submitted with `--submit`); every
/// shard runs with the seed and time limit given here.
pub fn slurm(args: SlurmArgs) -> Result<()> {
    let mut run_args = Vec::new();
    if let Some(seed) = args.seed {
        run_args.extend(["--seed".to_string(), seed.to_string()]);
    }
    if let Some(t) = args.time_limit.time_limit {
        run_args.extend(["--time-limit".to_string(), t.seconds().to_string()]);
    }
    if !args.judge.is_empty() {
        run_args = judge_args(&args)?;
        let questions = crate::runner::judge::ask::Questions::of(&args.manifest, args.assignment.as_deref())?;
        crate::runner::judge::folder::check(&args.out, &questions, false)?;
    }
    crate::runner::slurm::slurm(&SlurmOptions {
        manifest: args.manifest,
        shards: args.shards as usize,
        cpus_per_task: args.cpus_per_task.get(),
        time: args.time,
        partition: args.partition,
        account: args.account,
        mem_mb: args.mem,
        sbatch_lines: args.sbatch_line,
        out: args.out,
        run_args,
        submit: args.submit,
        judge: args.judge,
    })
}

/// The options every `harness judge` of the jobs takes; `--seed` and `--time-limit`
/// belong to a run and are refused.
fn judge_args(args: &SlurmArgs) -> Result<Vec<String>> {
    if args.seed.is_some() || args.time_limit.time_limit.is_some() {
        return Err(crate::base::error::InputError::new(
            "--judge asks the manifest's questions with its own seed and limits: give --question-time-limit, not --seed or --time-limit",
        )
        .into());
    }
    let mut out = Vec::new();
    if let Some(game) = &args.assignment {
        out.extend(["--assignment".to_string(), game.clone()]);
    }
    if let Some(s) = args.question_time_limit {
        if !(0.1..=3600.0).contains(&s) {
            return Err(crate::base::error::InputError::new(format!(
                "--question-time-limit expects seconds from 0.1 to 3600, got {s}"
            ))
            .into());
        }
        out.extend(["--question-time-limit".to_string(), s.to_string()]);
    }
    Ok(out)
}
