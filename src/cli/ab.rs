//! `harness ab BASELINE CANDIDATE MANIFEST`: two builds timed against each other in
//! rounds, with a verdict per cell and overall.

use std::path::PathBuf;
use std::time::Duration;

use super::args::{parse_fraction, parse_seconds_up_to, seed_parser, OnlyArg, VerdictOutput};
use crate::base::error::{Error, Result};
use crate::experiment::args::ThreadsArg;
use crate::results::ab::AbStatus;
use crate::results::user_files::AB_PAGE;
use crate::runner::ab::{self, AbOptions};

pub const EXAMPLES: &str = "\
Examples:
  harness ab ./harness-main target/release/harness instances/ab.toml
                                                    is this build faster or slower than main's?
  harness ab A B instances/ab.toml --only checkers_perft --json
                                                    one experiment; one JSON object
  harness ab A B instances/ab.toml -j 1 --simultaneous --max-rounds 60
                                                    both builds at once on a core each: 1 % in minutes
  harness ab A B instances/ab.toml --markdown --html ab.html
                                                    the table for a pull request, and a page

  harness ab A B instances/ab.toml --metric instructions
                                                    and each item's instructions, exact, under callgrind
  harness ab A B instances/ab.toml --fail-on-slower --total-budget 600
                                                    a CI gate: passes only when every change is shown under +1 %

Exit codes: 0 decided, 1 the builds' results differ (or, with --fail-on-slower, a cell or
the overall change lies wholly above +resolution), 2 bad input (a build that cannot run or
misbehaves), 3 inconclusive (cells without 6 counted rounds: a busy machine; or, with
--fail-on-slower, a change not shown to be under +resolution: the gate is undecided).";

/// The longest `--budget` an item may take: a day.
const MAX_BUDGET_S: f64 = 86_400.0;

/// What `harness ab` measures besides wall time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Metric {
    /// Wall time in paired rounds.
    Time,
    /// Wall time, and the instructions of each item's timed calls under callgrind.
    Instructions,
}

/// The arguments of `harness ab`.
#[derive(Debug, clap::Args)]
pub struct AbArgs {
    /// The baseline build (A): a harness binary.
    baseline: PathBuf,
    /// The candidate build (B): a harness binary.
    candidate: PathBuf,
    /// The manifest whose items both builds run.
    manifest: PathBuf,
    #[command(flatten)]
    only: OnlyArg,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Counted rounds each item takes at least, from 6 to 1000 (6 is the fewest that give a 95 % interval).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(6..=1000), value_name = "N")]
    min_rounds: u32,
    /// Counted rounds each item takes at most, from 6 to 1000.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(6..=1000), value_name = "N")]
    max_rounds: u32,
    /// Seconds after which an item that has its minimum rounds starts no further round,
    /// from 0 to 86400.
    #[arg(long, default_value_t = 120.0, value_parser = |s: &str| parse_seconds_up_to(s, MAX_BUDGET_S), value_name = "SECONDS")]
    budget: f64,
    /// Seconds of the whole A/B after which no item starts a further round once every item
    /// has its minimum rounds, from 0 to 86400; the items still unsettled share it a round
    /// each in turn.
    #[arg(long, default_value_t = 300.0, value_parser = |s: &str| parse_seconds_up_to(s, MAX_BUDGET_S), value_name = "SECONDS")]
    total_budget: f64,
    /// A cell is `same` only when its 95 % interval lies within ± this fraction (from 0 to
    /// 1, exclusive; default 0.01, i.e. 1 %).
    #[arg(long, default_value_t = 0.01, value_parser = parse_fraction)]
    resolution: f64,
    /// Run both builds at once, each on a core of its own (swapping cores every round), so
    /// that a drift of the machine falls inside the same seconds on both; needs -j 1 and
    /// two cores.
    #[arg(long)]
    simultaneous: bool,
    /// What is measured besides wall time: `time` alone, or `instructions` — each item's
    /// timed calls also counted in instructions under valgrind's callgrind (one thread,
    /// exact, tens of times slower than a run), beside the wall-time verdict, with the
    /// cells where the two disagree named.
    #[arg(long, value_enum, default_value_t = Metric::Time)]
    metric: Metric,
    /// The seed of the rounds' order, from 0 to 9223372036854775807.
    #[arg(long, default_value_t = 1, value_parser = seed_parser())]
    seed: u64,
    #[command(flatten)]
    output: VerdictOutput,
}

impl AbArgs {
    /// The options of [`ab::ab`] these arguments give (the builds run with `-j` only where
    /// it is given: each side's default otherwise), and how the verdicts are given.
    fn options(self) -> (AbOptions, VerdictOutput) {
        let options = AbOptions {
            baseline: self.baseline,
            candidate: self.candidate,
            manifest: self.manifest,
            only: self.only.only,
            threads: self.threads.threads,
            min_rounds: self.min_rounds,
            max_rounds: self.max_rounds,
            budget: Duration::from_secs_f64(self.budget),
            total_budget: Duration::from_secs_f64(self.total_budget),
            resolution: self.resolution,
            simultaneous: self.simultaneous,
            fail_on_slower: self.output.fail_on_slower,
            seed: self.seed,
            count_instructions: self.metric == Metric::Instructions,
        };
        (options, self.output)
    }
}

/// `harness ab`: the A/B of two builds, as text, Markdown or JSON (and the page with
/// `--html`); exits 1 when the builds' results differ or `--fail-on-slower` finds a
/// corrected `slower`, 3 when the rounds could not decide (a busy machine).
pub fn ab(args: AbArgs) -> Result<()> {
    let (options, output) = args.options();
    let report = ab::ab(&options, &mut |_| {})?;
    output.give(&report, AB_PAGE)?;
    match (report.status, report.failure()) {
        (AbStatus::Ok, _) | (_, None) => Ok(()),
        (status, Some(why)) => Err(Error::Verdict { message: why, exit_code: status.exit_code() }),
    }
}
