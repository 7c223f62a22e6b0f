//! `harness judge MANIFEST SUBMISSIONS... --out DIR`: a class's hand-ins unpacked, read
//! for the assignment's style rules, built with the driver and asked every question of
//! the manifest, into one folder with the class table and a page per submission
//! (docs/judge.md).

use std::path::PathBuf;
use std::time::Duration;

use crate::base::error::{InputError, Result};
use crate::base::text::count_of;
use crate::experiment::progress::note;
use crate::runner::judge::ask::Questions;
use crate::runner::judge::class::{judge as judge_class, JudgeOptions};
use crate::runner::shard::Shard;

pub const EXAMPLES: &str = "\
Examples:
  harness judge instances/tegel/judge.toml handins/* --out judged --question-time-limit 10
                                       every hand-in (folder, .zip, .tgz, .tar.gz) judged into judged/:
                                       judged/class.html (.md, .tex, .xlsx), judge.csv, pages/NAME.html
  harness judge instances/tegel/judge.toml handins/* --out judged --shard 0/4
                                       a quarter of the class (every 4th from the first); the
                                       shards may share one --out folder
  harness judge instances/tegel/judge.toml handins/* --out judged
                                       again after a kill: the submissions judged are kept

--out is a new or empty folder, or a judge's of the same manifest and assignment: the
results of `harness run`, other files, or (without --force) a judge of another manifest
are refused.

Exit codes: 0 the class judged (whatever the verdicts), 2 bad input (flags, manifest, a path
that does not exist, no sandbox), 130 interrupted (run it again to resume).";

/// The arguments of `harness judge`.
#[derive(Debug, clap::Args)]
pub struct JudgeArgs {
    /// The manifest whose experiments of the assignment are asked (as `harness run --solver`).
    manifest: PathBuf,
    /// The submissions: folders, .zip, .tgz or .tar.gz archives named with the makers' names.
    #[arg(required = true)]
    submissions: Vec<PathBuf>,
    /// The folder written (kept between runs: a submission judged before is not judged again).
    #[arg(short = 'o', long)]
    out: PathBuf,
    /// The assignment: tegel, stenen, nim or checkers (default: the one game of the manifest).
    #[arg(long, value_name = "GAME")]
    assignment: Option<String>,
    /// Seconds each question may take, from 0.1 to 3600 (default: the manifest's time
    /// limit, else 60).
    #[arg(long, value_name = "SECONDS")]
    question_time_limit: Option<f64>,
    /// Judge only shard I of N (0 <= I < N): the submissions I, I+N, I+2N, ... in the order given.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Build and run the submissions without the sandbox: only for hand-ins you trust.
    #[arg(long)]
    no_sandbox: bool,
    /// Judge into a folder that holds a judge of another manifest or assignment (its
    /// submissions are judged again on these questions).
    #[arg(long)]
    force: bool,
}

/// `harness judge ...`.
pub fn judge(args: JudgeArgs) -> Result<()> {
    let mut questions = Questions::of(&args.manifest, args.assignment.as_deref())?;
    questions.sandboxed = !args.no_sandbox;
    if let Some(s) = args.question_time_limit {
        if !(0.1..=3600.0).contains(&s) {
            return Err(
                InputError::new(format!("--question-time-limit expects seconds from 0.1 to 3600, got {s}")).into()
            );
        }
        questions.question_limit = Some(Duration::from_secs_f64(s));
    }
    let opts =
        JudgeOptions { submissions: args.submissions, out: args.out, questions, shard: args.shard, force: args.force };
    crate::search::pool::build_global(crate::base::machine::Threads::ONE);
    let records = judge_class(&opts)?;
    let built = records.iter().filter(|r| r.build == "built").count();
    note(&format!(
        "{} judged ({built} built); the class table is {}",
        count_of(records.len() as u64, "submission"),
        opts.out.join("class.html").display()
    ));
    Ok(())
}
