//! The `harness` command line: run manifests, regenerate reports, play the games, and
//! one-shot searches.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use harness::base::error::Result;
use harness::base::error::{Error, InputError};
use harness::base::machine::{default_threads, warn_if_more_threads_than_cores};
use harness::base::text::{count_of, excerpt, noun};
use harness::experiment::args::json_printed;
use harness::report;
use harness::runner::registry;
use harness::runner::run::{self, RunOptions};
use harness::search::budget::install_ctrlc_handler;

/// Reference engines and benchmark harness for the tile game, polyomino tiling, Nim and
/// checkers.
#[derive(Debug, Parser)]
#[command(name = "harness", version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("HARNESS_GIT_REVISION"), ")"))]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run every experiment of a manifest into CSV tables, LaTeX tables and plots.
    Run(RunArgs),
    /// Regenerate LaTeX tables, plots, index.html and Markdown from the CSVs of a results
    /// directory; with `--format markdown NAME [RESULTS]`, print experiment NAME as Markdown.
    Report {
        /// `files` writes everything; `markdown` prints one experiment.
        #[arg(long, value_enum, default_value = "files")]
        format: ReportFormat,
        /// The results directory (default `results`); with `--format markdown`, the
        /// experiment name first.
        #[arg(num_args = 0..=2)]
        args: Vec<String>,
    },
    /// Merge the results directories of a sharded run (`run --shard I/N`) into one.
    Merge {
        /// The shards' results directories.
        #[arg(required = true)]
        shards: Vec<PathBuf>,
        /// Results directory of the merged run.
        #[arg(long)]
        out: PathBuf,
    },
    /// Compare two results directories: whether they hold the same results (the columns
    /// that may differ between runs, timings and threads, aside), and a timing table of the
    /// cells both have: the medians, B/A with a 95 % interval from the raw samples, and a
    /// verdict (faster, slower, same, unknown). Exit 1 when the results differ (or, with
    /// --fail-on-slower, when a cell of B is slower).
    Compare(CompareArgs),
    /// Write (and optionally submit) a Slurm job array running a manifest's shards, and
    /// the job merging them.
    Slurm(SlurmArgs),
}

#[derive(Debug, clap::Args)]
struct RunArgs {
    /// The manifest (TOML), e.g. instances/all.toml.
    manifest: PathBuf,
    /// Run only these games or experiments (repeatable, or comma-separated).
    #[arg(long)]
    only: Vec<String>,
    /// Worker threads, from 1 to 1024 (default: all cores).
    #[arg(long, value_parser = harness::experiment::args::parse_threads, value_name = "N")]
    threads: Option<u32>,
    /// Base seed, overriding the manifest's: from 0 to 9223372036854775807.
    #[arg(long, value_parser = parse_seed)]
    seed: Option<u64>,
    /// Results directory.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    /// Per-call time limit in seconds, overriding the manifest's (at most 10000000).
    #[arg(long, value_parser = harness::experiment::args::parse_time_limit, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Memory limit of the process in MiB, overriding the manifest's `memory_limit`: a
    /// memo search whose table would pass it stops with status `memory`, its row kept.
    #[arg(long, value_parser = harness::experiment::args::parse_memory_limit, value_name = "MIB")]
    memory_limit: Option<u64>,
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
    /// List the items (of each shard, with --shard) and run nothing.
    #[arg(long)]
    dry_run: bool,
}

#[derive(Debug, clap::Args)]
struct CompareArgs {
    /// The results directory compared against (the baseline).
    a: PathBuf,
    /// The results directory compared with it.
    b: PathBuf,
    /// Differences in the median smaller than this fraction are `same` however significant
    /// (from 0 to 1, exclusive; default 0.03, i.e. 3 %).
    #[arg(long, value_parser = parse_noise, default_value_t = harness::results::compare::DEFAULT_NOISE, allow_hyphen_values = true)]
    noise: f64,
    /// Print one JSON object: results_equal, differences, timings and summaries.
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print the timing table as GitHub-flavoured Markdown.
    #[arg(long)]
    markdown: bool,
    /// Exit 1 when a timed cell of B is slower than A's (for CI).
    #[arg(long)]
    fail_on_slower: bool,
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
    /// Results directory: shards go to DIR/shards/I, the merged results to DIR.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    /// Base seed passed to every shard: from 0 to 9223372036854775807.
    #[arg(long, value_parser = parse_seed)]
    seed: Option<u64>,
    /// Per-call time limit in seconds passed to every shard.
    #[arg(long, value_parser = harness::experiment::args::parse_time_limit, value_name = "SECONDS")]
    time_limit: Option<f64>,
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
    let threads = args.threads.map(|t| t as usize).unwrap_or_else(default_threads);
    warn_if_more_threads_than_cores(threads);
    let opts = RunOptions {
        manifest: args.manifest,
        only: args.only,
        threads,
        seed: args.seed,
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
    };
    if args.dry_run {
        print!("{}", run::dry_run(&opts)?);
        return Ok(());
    }
    let _ = rayon::ThreadPoolBuilder::new().num_threads(threads).build_global();
    let meta = run::run(&opts)?;
    let timeouts = match meta.timeouts.len() {
        0 => String::new(),
        n => format!(", {n} {} with a timeout", noun(n as u64, "item")),
    };
    eprintln!(
        "ran {} {}, skipped {}{timeouts}; results in {}",
        meta.ran.len(),
        noun(meta.ran.len() as u64, "experiment"),
        meta.skipped.len(),
        args.out.display()
    );
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

fn report(format: ReportFormat, args: &[String]) -> Result<()> {
    let results_or = |i: usize| PathBuf::from(args.get(i).map_or("results", String::as_str));
    match (format, args.first()) {
        (ReportFormat::Files, _) if args.len() > 1 => Err(harness::base::error::InputError::new(
            "harness report takes one results directory (an experiment name only with --format markdown)",
        )
        .into()),
        (ReportFormat::Files, _) => report_locked(&results_or(0)),
        (ReportFormat::Markdown, None) => {
            Err(harness::base::error::InputError::new("--format markdown needs the experiment NAME").into())
        }
        (ReportFormat::Markdown, Some(name)) => {
            print!("{}", report::markdown_of(&results_or(1), registry::reports(), name)?);
            Ok(())
        }
    }
}

fn report_locked(results: &std::path::Path) -> Result<()> {
    if !results.is_dir() {
        return Err(harness::base::error::InputError::in_file(
            results,
            "cannot read the results directory: it does not exist",
        )
        .into());
    }
    let _lock = harness::results::lock::OutDirLock::acquire(results)?;
    harness::results::atomic::clean_temp_files(results);
    report::generate(results, registry::reports())
}

/// Prints the peak memory cells that differ beyond the noise, or that none does.
fn print_memory(memory: &[harness::results::compare::MemoryComparison]) {
    use harness::results::compare::{MemoryVerdict, MEMORY_NOISE};
    if memory.is_empty() {
        return;
    }
    let differ: Vec<_> = memory.iter().filter(|m| m.verdict != MemoryVerdict::Same).collect();
    println!(
        "\npeak memory: {} of {} compared within {:.0} % of A",
        count_of((memory.len() - differ.len()) as u64, "cell"),
        memory.len(),
        MEMORY_NOISE * 100.0
    );
    let mib = |b: u64| b as f64 / f64::from(1u32 << 20);
    for m in differ {
        println!(
            "  {} {} {}: {:.1} MiB -> {:.1} MiB ({})",
            m.experiment,
            m.item,
            m.column,
            mib(m.a_bytes),
            mib(m.b_bytes),
            m.verdict
        );
    }
}

fn compare(args: &CompareArgs) -> Result<()> {
    use harness::results::compare::{self as cmp, Verdict};
    let (a, b) = (&args.a, &args.b);
    for dir in [a, b] {
        if !dir.is_dir() {
            return Err(InputError::in_file(dir, "cannot read the results directory: it does not exist").into());
        }
    }
    let diffs = cmp::differences(a, b)?;
    let timings = cmp::compare_timings(a, b, args.noise)?;
    let summaries = cmp::summarise(&timings);
    let memory = cmp::compare_memory(a, b)?;
    if args.json {
        let object = serde_json::json!({
            "a": a.display().to_string(),
            "b": b.display().to_string(),
            "noise": args.noise,
            "results_equal": diffs.is_empty(),
            "differences": diffs,
            "timings": timings,
            "summaries": summaries,
            "memory": memory,
        });
        println!("{object}");
    } else {
        if diffs.is_empty() {
            println!("results: {} and {} hold the same results (time columns aside)", a.display(), b.display());
        } else {
            println!(
                "results: {} and {} differ in {}:",
                a.display(),
                b.display(),
                count_of(diffs.len() as u64, "place")
            );
            for d in &diffs {
                println!("  {d}");
            }
        }
        println!(
            "\ntimings: B = {} against A = {} (noise {:.1} %, 95 % bootstrap intervals of B/A)\n",
            b.display(),
            a.display(),
            args.noise * 100.0
        );
        match (timings.is_empty(), args.markdown) {
            (true, _) => println!("no timed cell is in both directories"),
            (false, true) => print!("{}", report::compare::markdown(&timings, &summaries)),
            (false, false) => print!("{}", report::compare::text(&timings, &summaries)),
        }
        print_memory(&memory);
    }
    let slower = timings.iter().filter(|t| t.verdict == Verdict::Slower).count();
    if !diffs.is_empty() {
        return Err(anyhow::anyhow!(
            "{} and {} differ in {}",
            a.display(),
            b.display(),
            count_of(diffs.len() as u64, "place")
        )
        .into());
    }
    if args.fail_on_slower && slower > 0 {
        return Err(anyhow::anyhow!(
            "{} of {} slower than in {}",
            count_of(slower as u64, "timed cell"),
            b.display(),
            a.display()
        )
        .into());
    }
    Ok(())
}

fn slurm(args: SlurmArgs) -> Result<()> {
    let mut run_args = Vec::new();
    if let Some(seed) = args.seed {
        run_args.extend(["--seed".to_string(), seed.to_string()]);
    }
    if let Some(t) = args.time_limit {
        run_args.extend(["--time-limit".to_string(), t.to_string()]);
    }
    harness::runner::slurm::slurm(&harness::runner::slurm::SlurmOptions {
        manifest: args.manifest,
        shards: args.shards as usize,
        cpus_per_task: args.cpus_per_task as usize,
        time: args.time,
        partition: args.partition,
        out: args.out,
        run_args,
        submit: args.submit,
    })
}

fn dispatch(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Run(args) => run_manifest(args),
        Command::Report { format, args } => report(format, &args),
        Command::Merge { shards, out } => {
            let meta = harness::runner::merge::merge(&shards, &out)?;
            eprintln!(
                "merged {} of {} into {}",
                count_of(meta.shards.len() as u64, "shard"),
                count_of(meta.ran.len() as u64, "experiment"),
                out.display()
            );
            Ok(())
        }
        Command::Slurm(args) => slurm(args),
        Command::Compare(args) => compare(&args),
    }
}

/// Parses the command line: the harness's own commands, then every game's (registry).
/// A refused command line is reported in the one error style (`harness: ...`, exit 2),
/// and as a JSON object on stdout when a one-shot command asked for `--json`.
fn parse() -> std::result::Result<clap::ArgMatches, ExitCode> {
    registry::add_commands(Cli::command()).try_get_matches().map_err(|e| {
        if !e.use_stderr() {
            let _ = e.print();
            return ExitCode::SUCCESS;
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

/// Whether the command line is a game's one-shot command with `--json` (`harness GAME
/// ... --json`), which promises one JSON object on stdout whatever happens.
fn json_requested() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    args.first().is_some_and(|g| registry::game(g).is_some()) && args.iter().any(|a| a == "--json")
}

/// Prints `e` on stderr in the one error style and, for a `--json` one-shot command that
/// has not printed its object yet, as `{"status": ..., "error": ..., "exit_code": ...}` on
/// stdout (`status` is `timeout`, `memory`, `interrupted` or `error`).
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
        let object = serde_json::json!({"status": status, "error": e.to_string(), "exit_code": e.exit_code()});
        let object = harness::experiment::args::with_peak_memory(object);
        println!("{object}");
    }
}

/// Output piped into a program that stops reading (`harness compare A B | head`) ends the
/// process quietly, as it does other command-line tools, instead of a panic on the next
/// print.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restores the default disposition of SIGPIPE before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let matches = match parse() {
        Ok(m) => m,
        Err(code) => return code,
    };
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
            match e {
                Error::Interrupted => ExitCode::from(harness::search::budget::interrupt_exit_code()),
                _ => ExitCode::from(e.exit_code() as u8),
            }
        }
    }
}
