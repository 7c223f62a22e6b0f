//! The `harness` command line: run manifests, regenerate reports, play the games, and
//! one-shot searches.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use harness::base::error::Result;
use harness::base::error::{Error, InputError};
use harness::base::limits::{MemoryLimit, TimeLimit};
use harness::base::machine::threads_or_default;
use harness::base::text::{count_of, excerpt, noun};
use harness::experiment::args::{json_printed, print_json};
use harness::experiment::progress::note;
use harness::report;
use harness::results::compare::Comparison;
use harness::results::dir::ResultsDir;
use harness::runner::registry;
use harness::runner::run::{self, RunOptions};
use harness::search::budget::install_ctrlc_handler;

/// Reference engines and benchmark harness for the tile game, polyomino tiling, Nim and
/// checkers.
#[derive(Debug, Parser)]
#[command(name = "harness", version, disable_version_flag = true, after_help = TOP_EXAMPLES)]
struct Cli {
    /// Print no progress and no notes on stderr (warnings and errors still).
    #[arg(short, long, global = true)]
    quiet: bool,
    /// Print the version; with -v (`-vV`, `--version --verbose`) also the build identity,
    /// rustc and target.
    #[arg(short = 'V', long, action = clap::ArgAction::Version)]
    version: Option<bool>,
    /// With --version: the long form.
    #[arg(short, long)]
    verbose: bool,
    #[command(subcommand)]
    command: Command,
}

const TOP_EXAMPLES: &str = "\
Examples:
  harness run instances/all.toml -o results      run every experiment, then write the report
  harness compare bench-A bench-B                 same results? faster or slower?
  harness play tegel instances/tegel/spel1.txt    the tile game's menu program
  harness tegel --help                            a game's one-shot searches
  harness completions bash > ~/.local/share/bash-completion/completions/harness";

const RUN_EXAMPLES: &str = "\
Examples:
  harness run instances/quick.toml                  the quick manifest, results in results/
  harness run instances/all.toml -j 4 -o bench-A    4 threads, results in bench-A/
  harness run instances/all.toml --only tegel,nim   two games only
  harness run instances/all.toml --shard 0/4 --dry-run
                                                    list shard 0 of 4's items, run nothing
  harness run instances/quick.toml -q --json        no progress; one JSON summary on stdout
  HARNESS_THREADS=2 harness run instances/all.toml  the default thread count from the environment";

const COMPARE_EXAMPLES: &str = "\
Examples:
  harness compare bench-A bench-B                   same results? which cells got faster?
  harness compare bench-A bench-B --markdown        the timing table for a pull request
  harness compare bench-A bench-B --fail-on-slower  exit 1 when a cell got slower (CI)
  harness compare bench-A bench-B --json            one JSON object (docs/harness.md)
  harness compare bench-A bench-B bench-C --html cmp.html
                                                    B and C against A; a page with a scatter plot";

const AB_EXAMPLES: &str = "\
Examples:
  harness ab ./harness-main target/release/harness instances/ab.toml
                                                    is this build faster or slower than main's?
  harness ab A B instances/ab.toml --only checkers_perft --json
                                                    one experiment; one JSON object
  harness ab A B instances/ab.toml -j 1 --simultaneous --max-rounds 60
                                                    both builds at once on a core each: 1 % in minutes
  harness ab A B instances/ab.toml --markdown --html ab.html
                                                    the table for a pull request, and a page

Exit codes: 0 decided, 1 the builds' results differ (or, with --fail-on-slower, a cell or
the overall verdict is a corrected `slower`), 2 bad input (a build that cannot run or
misbehaves), 3 inconclusive (cells without 6 counted rounds: a busy machine).";

const REPORT_EXAMPLES: &str = "\
Examples:
  harness report                                    rewrite the report of results/
  harness report bench-A                            rewrite the report of bench-A/
  harness report --format markdown bench-A speed    print experiment speed of bench-A/
  harness report --assignment tegel --author 'Ada Lovelace' --author 'Alan Turing'
                                                    also results/report-tegel.html, titled for them";

#[derive(Debug, Subcommand)]
enum Command {
    /// Run every experiment of a manifest into CSV tables, LaTeX tables and plots.
    #[command(after_help = RUN_EXAMPLES)]
    Run(RunArgs),
    /// Regenerate the report (tables, plots, index.html) from a results directory's CSVs.
    ///
    /// Writes LaTeX tables, plots, index.html, Markdown and the results.xlsx workbook from the
    /// CSVs alone, without searching; with `--format markdown [RESULTS] NAME` it prints
    /// experiment NAME as Markdown instead.
    #[command(after_help = REPORT_EXAMPLES)]
    Report {
        /// `files` writes everything; `markdown` prints one experiment.
        #[arg(long, value_enum, default_value = "files")]
        format: ReportFormat,
        /// The results directory (default `results`), then, with `--format markdown`, the
        /// experiment NAME (`report --format markdown NAME` reads `results`).
        #[arg(num_args = 0..=2, value_names = ["RESULTS", "NAME"])]
        args: Vec<String>,
        /// Also write that assignment's own page, `report-GAME.html` (its PDF:
        /// `scripts/build-report.sh RESULTS --assignment GAME`): tegel, stenen, nim or checkers.
        #[arg(long, value_name = "GAME")]
        assignment: Option<String>,
        /// An author on the assignment's title page (repeat for each; default: `authors`
        /// under `[report]` in the manifest).
        #[arg(long = "author", value_name = "NAME")]
        authors: Vec<String>,
        /// The title of the assignment's report (default: `title` under `[report]`, else
        /// the assignment's name).
        #[arg(long)]
        title: Option<String>,
        /// The course on the title page (default: `course` under `[report]`, else the
        /// assignment's own).
        #[arg(long)]
        course: Option<String>,
    },
    /// Merge the results directories of a sharded run (`run --shard I/N`) into one.
    Merge {
        /// The shards' results directories.
        #[arg(required = true)]
        shards: Vec<PathBuf>,
        /// Results directory of the merged run.
        #[arg(short = 'o', long)]
        out: PathBuf,
    },
    /// Compare results directories: the same results? which cells got faster or slower?
    ///
    /// First whether they hold the same results (the columns that may differ between runs,
    /// timings and threads, aside), then a timing table of the cells both have: the medians, B/A with a 95 % interval from the raw samples, and a
    /// verdict (faster, slower, same, unknown). With more than two directories, each is
    /// compared with the first (the baseline) and the table gets a column per run. Exit 1
    /// when the results differ (or, with --fail-on-slower, when a cell is slower).
    #[command(after_help = COMPARE_EXAMPLES)]
    Compare(CompareArgs),
    /// Time two builds against each other in alternating rounds.
    ///
    /// Each timed cell of the manifest (a row's measured seconds) is run by BASELINE (A)
    /// and CANDIDATE (B) in rounds A B, B A, A B, ..., each side a process of its own, so
    /// that a drift of the machine's speed falls on both alike. Both builds must first give
    /// the same exact results (counts, scores, moves); an item where they differ is not
    /// timed (exit 1). A round in which either side ran on a busy machine is repeated. Per
    /// cell: the change of B against A (Hodges–Lehmann estimate of the rounds' log ratios)
    /// with its 95 % interval and a verdict from the exact Wilcoxon signed-rank test
    /// (p < 0.05); overall: the geometric mean of the cells' changes. Both builds need the
    /// `cell` command (this version or later).
    #[command(after_help = AB_EXAMPLES)]
    Ab(AbArgs),
    /// Run one item of one experiment once and print its rows as JSON (for `harness ab`).
    #[command(hide = true)]
    Cell(CellArgs),
    /// Write (and optionally submit) Slurm jobs running a manifest's shards and merging them.
    Slurm(SlurmArgs),
    /// Print a completion script for a shell (bash, zsh, fish, powershell, elvish).
    ///
    /// The script goes to stdout; install it where the shell looks:
    /// bash `harness completions bash > ~/.local/share/bash-completion/completions/harness`,
    /// zsh `harness completions zsh > ~/.zfunc/_harness` (with `fpath+=~/.zfunc` before
    /// `compinit`), fish `harness completions fish > ~/.config/fish/completions/harness.fish`,
    /// PowerShell `harness completions powershell >> $PROFILE`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), or write one page per command into a directory.
    ///
    /// `harness man | man -l -` shows it; with `-o DIR`, harness.1 and one page per command
    /// (harness-run.1, ...) are written into DIR instead.
    Man {
        /// Write the pages into this directory instead.
        #[arg(short = 'o', long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
}

#[derive(Debug, clap::Args)]
struct RunArgs {
    /// The manifest (TOML), e.g. instances/all.toml.
    manifest: PathBuf,
    #[command(flatten)]
    pick: ManifestPick,
    /// Results directory.
    #[arg(short = 'o', long, default_value = "results")]
    out: PathBuf,
    /// Per-call time limit in seconds, overriding the manifest's (at most 10000000).
    #[arg(long, value_parser = TimeLimit::parse, value_name = "SECONDS", allow_negative_numbers = true)]
    time_limit: Option<TimeLimit>,
    /// Memory limit of the process in MiB, overriding the manifest's `memory_limit`: a
    /// memo search whose table would pass it stops with status `memory`, its row kept.
    #[arg(long, value_parser = MemoryLimit::parse, value_name = "MIB")]
    memory_limit: Option<MemoryLimit>,
    /// Timed samples per cell, from 1 to 1000, overriding the manifest's (default 5).
    #[arg(long, value_parser = harness::experiment::args::parse_samples, value_name = "N")]
    samples: Option<u32>,
    /// Untimed warm-up runs before each cell's samples, from 0 to 10 (default 0).
    #[arg(long, value_parser = harness::experiment::args::parse_warmup, value_name = "N")]
    warmup: Option<u32>,
    /// Seconds after which a cell starts no further sample, from 0 to 3600 (default 3).
    #[arg(long, value_parser = harness::experiment::args::parse_sample_budget, value_name = "SECONDS")]
    sample_budget: Option<f64>,
    /// Rerun experiments whose results are already there (and discard their journals).
    #[arg(long)]
    force: bool,
    /// Run only shard I of N (0 <= I < N): a deterministic share of every experiment's
    /// items; `harness merge` puts the shards' directories together.
    #[arg(long, value_name = "I/N")]
    shard: Option<harness::runner::shard::Shard>,
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
}

#[derive(Debug, clap::Args)]
struct CompareArgs {
    /// The results directories: the baseline first, then the runs compared with it.
    #[arg(value_name = "DIR", required = true, num_args = 1..)]
    dirs: Vec<PathBuf>,
    /// Differences in the median smaller than this fraction are `same` however significant
    /// (from 0 to 1, exclusive; default 0.03, i.e. 3 %).
    #[arg(long, value_parser = parse_noise, default_value_t = harness::results::verdict::DEFAULT_NOISE, allow_hyphen_values = true)]
    noise: f64,
    #[command(flatten)]
    output: VerdictOutput,
    /// Also write the comparison as a self-contained HTML page with a log-log scatter plot
    /// of the medians to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct AbArgs {
    /// The baseline build (A): a harness binary.
    baseline: PathBuf,
    /// The candidate build (B): a harness binary.
    candidate: PathBuf,
    /// The manifest whose items both builds run.
    manifest: PathBuf,
    /// Time only these games or experiments (repeatable, or comma-separated).
    #[arg(long)]
    only: Vec<String>,
    /// Threads each side runs on, from 1 to 1024 (default: each side's default).
    #[arg(short = 'j', long, value_parser = harness::experiment::args::parse_threads, value_name = "N")]
    threads: Option<u32>,
    /// Counted rounds each item takes at least, from 6 to 1000 (6 is the fewest that give a 95 % interval).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(6..=1000), value_name = "N")]
    min_rounds: u32,
    /// Counted rounds each item takes at most, from 6 to 1000.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(6..=1000), value_name = "N")]
    max_rounds: u32,
    /// Seconds after which an item that has its minimum rounds starts no further round,
    /// from 0 to 86400.
    #[arg(long, default_value_t = 120.0, value_parser = parse_ab_budget, value_name = "SECONDS")]
    budget: f64,
    /// A cell is `same` only when its 95 % interval lies within ± this fraction (from 0 to
    /// 1, exclusive; default 0.01, i.e. 1 %).
    #[arg(long, default_value_t = 0.01, value_parser = parse_noise)]
    resolution: f64,
    /// Run both builds at once, each on a core of its own (swapping cores every round), so
    /// that a drift of the machine falls inside the same seconds on both; needs -j 1 and
    /// two cores.
    #[arg(long)]
    simultaneous: bool,
    /// The seed of the rounds' order, from 0 to 9223372036854775807.
    #[arg(long, default_value_t = 1, value_parser = parse_seed)]
    seed: u64,
    #[command(flatten)]
    output: VerdictOutput,
    /// Also write the A/B as a self-contained HTML page (an interval plot and the table)
    /// to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

/// How `harness compare` and `harness ab` give their verdicts: the form of the table and
/// whether a slower cell fails the command.
#[derive(Debug, clap::Args)]
struct VerdictOutput {
    /// Print one JSON object in place of the table: per timed cell its verdict, change and
    /// interval (the fields: docs/harness.md).
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print the table as GitHub-flavoured Markdown.
    #[arg(long)]
    markdown: bool,
    /// Exit 1 when a timed cell of B is slower than A's (for CI).
    #[arg(long)]
    fail_on_slower: bool,
}

fn parse_ab_budget(s: &str) -> std::result::Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if (0.0..=86_400.0).contains(&x) => Ok(x),
        _ => Err(format!("expected seconds from 0 to 86400, got `{}`", excerpt(s))),
    }
}

#[derive(Debug, clap::Args)]
struct CellArgs {
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
    #[command(flatten)]
    pick: ManifestPick,
}

/// What `harness run` and `harness cell` take of a manifest and how they run it: the
/// experiments, the pool's threads and the seed.
#[derive(Debug, clap::Args)]
struct ManifestPick {
    /// Only these games or experiments (repeatable, or comma-separated).
    #[arg(long)]
    only: Vec<String>,
    /// Worker threads, from 1 to 1024 (default: HARNESS_THREADS, else RAYON_NUM_THREADS,
    /// else all cores).
    #[arg(short = 'j', long, value_parser = harness::experiment::args::parse_threads, value_name = "N")]
    threads: Option<u32>,
    /// Base seed, overriding the manifest's: from 0 to 9223372036854775807.
    #[arg(long, value_parser = parse_seed)]
    seed: Option<u64>,
}

impl ManifestPick {
    /// The pool's threads: `--threads`, else the default; more than the cores is warned
    /// about on stderr.
    fn pool_threads(&self) -> usize {
        threads_or_default(self.threads)
    }
}

/// `harness cell`: the listing or one item's rows, as one line of JSON.
fn cell(args: CellArgs) -> Result<()> {
    use harness::runner::cell;
    let threads = args.pick.pool_threads();
    let value = match (&args.experiment, args.index) {
        (Some(experiment), Some(index)) if !args.list => {
            let timing = cell::CellTiming { warmup: args.warmup, repeats: args.repeats };
            serde_json::to_string(&cell::run(&args.manifest, (experiment, index), threads, args.pick.seed, timing)?)
        }
        _ => serde_json::to_string(&cell::list(&args.manifest, &args.pick.only)?),
    };
    writeln!(std::io::stdout().lock(), "{}", value.map_err(anyhow::Error::from)?)?;
    Ok(())
}

/// `harness ab`: the A/B of two builds, as text, Markdown or JSON (and the page with
/// `--html`); exits 1 when the builds' results differ or `--fail-on-slower` finds a
/// corrected `slower`, 3 when the rounds could not decide (a busy machine).
fn ab(args: AbArgs) -> Result<()> {
    use harness::results::ab::{AbReport, AbStatus};
    use harness::runner::ab::{self, AbOptions};
    use report::compare::{html::Html, json::Json, markdown::Markdown, text::Text};
    use report::export::{ComparisonExporter, Exported};
    let opts = AbOptions {
        baseline: args.baseline,
        candidate: args.candidate,
        manifest: args.manifest,
        only: args.only,
        threads: args.threads.map(|t| t as usize),
        min_rounds: args.min_rounds,
        max_rounds: args.max_rounds,
        budget: std::time::Duration::from_secs_f64(args.budget),
        resolution: args.resolution,
        simultaneous: args.simultaneous,
        fail_on_slower: args.output.fail_on_slower,
        seed: args.seed,
    };
    let report = ab::ab(&opts, &mut |_| {})?;
    if let Some(page) = &args.html {
        let text = ComparisonExporter::<AbReport>::export(&Html, &report).into_text();
        harness::results::user_files::write_user_file(page, text.as_bytes(), harness::results::user_files::AB_PAGE)?;
    }
    let exporter: &dyn ComparisonExporter<AbReport> = match (args.output.json, args.output.markdown) {
        (true, _) => &Json,
        (false, true) => &Markdown,
        (false, false) => &Text,
    };
    match exporter.export(&report) {
        Exported::Json(value) => print_json(&value)?,
        Exported::Text(text) => print!("{text}"),
    }
    match (report.status, report.failure()) {
        (AbStatus::Ok, _) | (_, None) => Ok(()),
        (status, Some(why)) => {
            Err(harness::base::error::Error::Verdict { message: why, exit_code: status.exit_code() })
        }
    }
}

/// The noise threshold of `harness compare`: a fraction strictly between 0 and 1.
fn parse_noise(s: &str) -> std::result::Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x < 1.0 => Ok(x),
        _ => Err(format!("expected a fraction between 0 and 1 (exclusive), e.g. 0.03 for 3 %, got `{}`", excerpt(s))),
    }
}

#[derive(Debug, clap::Args)]
struct SlurmArgs {
    /// The manifest (TOML), e.g. instances/all.toml.
    manifest: PathBuf,
    /// Array tasks: the manifest is split into this many shards, from 1 to 100000.
    #[arg(long, value_parser = parse_shard_count)]
    shards: u32,
    /// CPUs (threads) per task, from 1 to 1024.
    #[arg(long, default_value_t = 4, value_parser = harness::experiment::args::parse_threads)]
    cpus_per_task: u32,
    /// Wall time per task, HH:MM:SS or D-HH:MM:SS.
    #[arg(long, default_value = "24:00:00", value_parser = harness::runner::slurm::parse_slurm_time)]
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
    #[arg(long, value_parser = parse_seed)]
    seed: Option<u64>,
    /// Per-call time limit in seconds passed to every shard.
    #[arg(long, value_parser = TimeLimit::parse, value_name = "SECONDS", allow_negative_numbers = true)]
    time_limit: Option<TimeLimit>,
    /// Submit both jobs with sbatch (the merge after the array succeeded).
    #[arg(long)]
    submit: bool,
}

/// Seeds are TOML integers in manifests and `run.toml`: at most 2^63 - 1.
fn parse_seed(s: &str) -> std::result::Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if n <= i64::MAX as u64 => Ok(n),
        _ => Err(format!("expected a whole number from 0 to {}, got `{}`", i64::MAX, excerpt(s))),
    }
}

fn parse_shard_count(s: &str) -> std::result::Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(n) if (1..=100_000).contains(&n) => Ok(n),
        _ => Err(format!("expected a whole number from 1 to 100000, got `{}`", excerpt(s))),
    }
}

fn run_manifest(args: RunArgs) -> Result<()> {
    let opts = RunOptions {
        manifest: args.manifest,
        threads: args.pick.pool_threads(),
        only: args.pick.only,
        seed: args.pick.seed,
        out: args.out.clone(),
        time_limit: args.time_limit,
        force: args.force,
        shard: args.shard,
        sampling: harness::runner::manifest::SamplingOverrides {
            samples: args.samples,
            warmup: args.warmup,
            budget: args.sample_budget,
        },
        memory_limit: args.memory_limit,
        pin: args.pin,
    };
    if args.dry_run {
        print!("{}", run::dry_run(&opts)?);
        return Ok(());
    }
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .stack_size(harness::search::pool::SEARCH_STACK_BYTES)
        .build_global();
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
        args.out.display()
    ));
    if args.json {
        print_json(&serde_json::json!({
            "results": args.out.display().to_string(),
            "state": meta.state.to_string(),
            "build": meta.build,
            "threads": meta.threads,
            "ran": meta.ran,
            "skipped": meta.skipped,
            "timeouts": meta.timeouts,
            "busy": meta.busy,
        }))?;
    }
    Ok(())
}

/// What `harness report` produces.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum ReportFormat {
    /// Every file of the report in the results directory.
    Files,
    /// One experiment as Markdown on standard output.
    Markdown,
}

fn report(format: ReportFormat, args: &[String], front: &report::assignment::FrontMatter) -> Result<()> {
    match format {
        ReportFormat::Files if args.len() > 1 => Err(harness::base::error::InputError::new(
            "harness report takes one results directory (an experiment name only with --format markdown)",
        )
        .into()),
        ReportFormat::Files => report_locked(&PathBuf::from(args.first().map_or("results", String::as_str)), front),
        ReportFormat::Markdown => {
            let (results, name) = markdown_target(args)?;
            let dir = ResultsDir::read_only(&results)?;
            print!("{}", report::markdown_of(dir.path(), registry::reports(), name)?);
            Ok(())
        }
    }
}

/// The results directory and experiment of `report --format markdown [RESULTS] NAME`:
/// one argument is NAME (in `results`); of two, the first is RESULTS, unless only the
/// second is a directory (the older order `NAME RESULTS`).
fn markdown_target(args: &[String]) -> Result<(PathBuf, &str)> {
    match args {
        [] => Err(InputError::new("--format markdown needs the experiment NAME ([RESULTS] NAME)").into()),
        [name] => Ok((PathBuf::from("results"), name)),
        [first, second, ..] => {
            let is_dir = |s: &str| std::path::Path::new(s).is_dir();
            if !is_dir(first) && is_dir(second) {
                Ok((PathBuf::from(second), first))
            } else {
                Ok((PathBuf::from(first), second))
            }
        }
    }
}

/// Rewrites the report files of `results`: the directory must exist (it is never created
/// here); it is held with its exclusive lock while the files are written.
fn report_locked(results: &std::path::Path, front: &report::assignment::FrontMatter) -> Result<()> {
    ResultsDir::read_only(results)?;
    let dir = ResultsDir::lock(results)?;
    report::generate_with(dir.path(), registry::reports(), front)
}

/// `harness compare A B …`: the comparison printed in the format asked for (and written
/// as a page with `--html`); exit 1 when results differ or, with `--fail-on-slower`, a
/// timed cell is slower.
fn compare(args: &CompareArgs) -> Result<()> {
    use report::compare::{html::Html, json::Json, markdown::Markdown, text::Text};
    use report::export::{ComparisonExporter, Exported};
    // Nothing to stop and keep: a signal ends the comparison at once (128 + its number).
    let _ends_on_signal = harness::search::budget::WritingResult::start();
    let comparison = Comparison::of(&args.dirs, args.noise, args.output.fail_on_slower)?;
    if let Some(page) = &args.html {
        let text = Html.export(&comparison).into_text();
        harness::results::user_files::write_user_file(
            page,
            text.as_bytes(),
            harness::results::user_files::COMPARE_PAGE,
        )?;
    }
    let exporter: &dyn ComparisonExporter = match (args.output.json, args.output.markdown) {
        (true, _) => &Json,
        (false, true) => &Markdown,
        (false, false) => &Text,
    };
    match exporter.export(&comparison) {
        Exported::Json(value) => print_json(&value)?,
        Exported::Text(text) => print!("{text}"),
    }
    match comparison.failure() {
        Some(why) => Err(anyhow::anyhow!(why).into()),
        None => Ok(()),
    }
}

fn slurm(args: SlurmArgs) -> Result<()> {
    let mut run_args = Vec::new();
    if let Some(seed) = args.seed {
        run_args.extend(["--seed".to_string(), seed.to_string()]);
    }
    if let Some(t) = args.time_limit {
        run_args.extend(["--time-limit".to_string(), t.seconds().to_string()]);
    }
    harness::runner::slurm::slurm(&harness::runner::slurm::SlurmOptions {
        manifest: args.manifest,
        shards: args.shards as usize,
        cpus_per_task: args.cpus_per_task as usize,
        time: args.time,
        partition: args.partition,
        account: args.account,
        mem_mb: args.mem,
        sbatch_lines: args.sbatch_line,
        out: args.out,
        run_args,
        submit: args.submit,
    })
}

fn dispatch(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Run(args) => run_manifest(args),
        Command::Report { format, args, assignment, authors, title, course } => {
            let front = report::assignment::FrontMatter { assignment, title, authors, course };
            report(format, &args, &front)
        }
        Command::Merge { shards, out } => {
            let meta = harness::runner::merge::merge(&shards, &out)?;
            note(&format!(
                "merged {} of {} into {}",
                count_of(meta.shards.len() as u64, "shard"),
                count_of(meta.ran.len() as u64, "experiment"),
                out.display()
            ));
            Ok(())
        }
        Command::Slurm(args) => slurm(args),
        Command::Compare(args) => compare(&args),
        Command::Ab(args) => ab(args),
        Command::Cell(args) => cell(args),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut full_command(), "harness", &mut script);
            std::io::stdout().lock().write_all(&script).map_err(|e| output_error(&e))
        }
        Command::Man { out } => man(out.as_deref()),
    }
}

/// The whole command line: the harness's own commands and every game's.
fn full_command() -> clap::Command {
    registry::add_commands(Cli::command())
}

/// `harness man`: the page of `harness` on stdout, or with `out` every page (one per
/// command) written into that directory.
fn man(out: Option<&std::path::Path>) -> Result<()> {
    let command = full_command();
    match out {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            std::io::stdout().lock().write_all(&page).map_err(|e| output_error(&e))?;
        }
        Some(dir) => {
            harness::results::user_files::write_man_pages(dir, command)?;
            note(&format!("man pages written to {}", dir.display()));
        }
    }
    Ok(())
}

/// `Some(verbose)` when the command line asks only for the version: `-V` or `--version`,
/// with `-v`/`--verbose` (or `-vV`) for the long form ([`harness::long_version`]).
fn version_request(args: &[String]) -> Option<bool> {
    let (mut version, mut verbose) = (false, false);
    for a in args {
        match a.as_str() {
            "-V" | "--version" => version = true,
            "-v" | "--verbose" => verbose = true,
            "-vV" | "-Vv" => (version, verbose) = (true, true),
            _ => return None,
        }
    }
    version.then_some(verbose)
}

/// Parses the command line: the harness's own commands, then every game's (registry).
/// A refused command line is reported in the one error style (`harness: ...`, exit 2),
/// and as a JSON object on stdout when a one-shot command asked for `--json`.
fn parse() -> std::result::Result<clap::ArgMatches, ExitCode> {
    full_command().try_get_matches().map_err(|e| {
        if !e.use_stderr() {
            return match e.print().and_then(|()| std::io::stdout().flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(write) => {
                    let _ = writeln!(std::io::stderr(), "harness: {}", output_error(&write));
                    ExitCode::from(1)
                }
            };
        }
        let text = e.render().to_string();
        let text = text.trim_end().strip_prefix("error: ").unwrap_or(text.trim_end());
        let (message, hint) = text.split_once("\n\n").unwrap_or((text, ""));
        report_error(&Error::Input(InputError::new(message)));
        if !hint.is_empty() {
            eprintln!("\n{hint}");
        }
        ExitCode::from(2)
    })
}

/// The error of an output that cannot be written (`--help`, a completion script or a man
/// page on a full disk): `cannot write the output: REASON`, exit code 1.
fn output_error(e: &std::io::Error) -> Error {
    anyhow::anyhow!("cannot write the output: {e}").into()
}

/// Whether the command line is a game's one-shot command with `--json` (`harness GAME
/// ... --json`), which promises one JSON object on stdout whatever happens.
fn json_requested() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = args.iter().find(|a| !a.starts_with('-'));
    command.is_some_and(|c| registry::game(c).is_some() || c == "run" || c == "compare")
        && args.iter().any(|a| a == "--json")
}

/// Prints `e` on stderr in the one error style and, for a `--json` command that has not
/// printed its object yet, as `{"status": ..., "version": ..., "error": ..., "exit_code":
/// ...}` on stdout (`status` is `timeout`, `memory`, `interrupted` or `error`).
fn report_error(e: &Error) {
    match e {
        Error::Interrupted => eprintln!(
            "harness: interrupted ({}); finished results are kept",
            harness::search::budget::interrupt_signal_name()
        ),
        _ => eprintln!("harness: {e}"),
    }
    if json_requested() && !json_printed() {
        let status = match e {
            Error::Timeout { .. } => "timeout",
            Error::Memory { .. } => "memory",
            Error::Interrupted => "interrupted",
            _ => "error",
        };
        let exit_code = harness::search::budget::exit_code_of(e);
        let object = serde_json::json!({"status": status, "error": e.to_string(), "exit_code": exit_code});
        let _ = print_json(&object);
    }
}

/// Output piped into a program that stops reading (`harness compare A B | head`) ends the
/// process quietly, as it does other command-line tools, instead of a panic on the next
/// print.
fn quiet_on_closed_pipe() {
    harness::base::os::default_sigpipe();
}

/// The message of a panic of `print!`/`eprintln!` on an output that cannot be written (a
/// full disk, `/dev/full`), or `None` for any other panic.
fn output_failure(payload: &(dyn std::any::Any + Send)) -> Option<String> {
    let text =
        payload.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| payload.downcast_ref::<String>().cloned())?;
    text.starts_with("failed printing to std").then_some(text)
}

/// Keeps the panic message of an unwritable output off stderr (that output is often
/// stderr itself; [`main`] says it in one line instead); other panics print as usual.
fn quiet_output_failures() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if output_failure(info.payload()).is_none() {
            default(info);
        }
    }));
}

/// Runs the command line; an output that cannot be written (stdout or stderr on a full
/// disk or `/dev/full`) ends it with one line on stderr, where it can still be written,
/// and exit code 1, never a panic (exit 101). A run or merge in progress marks its
/// `run.toml` failed as it unwinds ([`harness::runner::run::run`]). The command runs on a
/// thread with a search's stack ([`harness::search::pool::on_search_stack`]), so that a
/// search it starts in place never depends on the main thread's system-set stack.
fn main() -> ExitCode {
    quiet_on_closed_pipe();
    quiet_output_failures();
    let on_search_stack = || harness::search::pool::on_search_stack(command_line);
    let code = std::panic::catch_unwind(on_search_stack).unwrap_or_else(|payload| match output_failure(&*payload) {
        Some(message) => {
            let _ = writeln!(std::io::stderr(), "harness: cannot write the output: {message}");
            ExitCode::from(1)
        }
        None => std::panic::resume_unwind(payload),
    });
    if let Err(e) = std::io::stdout().flush() {
        let _ = writeln!(std::io::stderr(), "harness: cannot write the output: {e}");
        return ExitCode::from(1);
    }
    code
}

/// Parses the command line and runs the command, returning its exit code.
fn command_line() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(verbose) = version_request(&args) {
        match verbose {
            true => print!("{}", harness::long_version()),
            false => println!("harness {}", harness::VERSION),
        }
        return ExitCode::SUCCESS;
    }
    let matches = match parse() {
        Ok(m) => m,
        Err(code) => return code,
    };
    harness::experiment::progress::set_quiet(matches.get_flag("quiet"));
    if let Err(e) = harness::base::machine::threads_from_env() {
        report_error(&e.into());
        return ExitCode::from(2);
    }
    install_ctrlc_handler();
    let result = match registry::dispatch(&matches) {
        Some(result) => result,
        None => match Cli::from_arg_matches(&matches) {
            Ok(cli) => dispatch(cli),
            Err(e) => {
                let _ = e.print();
                return ExitCode::from(2);
            }
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            report_error(&e);
            ExitCode::from(harness::search::budget::exit_code_of(&e))
        }
    }
}
