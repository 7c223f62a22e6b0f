//! The `harness` command line: run manifests, regenerate reports, play the games, and
//! one-shot searches.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use harness::harness::budget::install_ctrlc_handler;
use harness::harness::manifest::default_threads;
use harness::harness::runner::{self, RunOptions};
use harness::harness::{Error, Result};
use harness::{checkers, nim, report, stenen, tegel};

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
    /// Regenerate LaTeX tables and plots from the CSVs of a results directory.
    Report {
        /// The results directory.
        #[arg(default_value = "results")]
        results: PathBuf,
    },
    /// Play a game interactively.
    #[command(subcommand)]
    Play(PlayCommand),
    /// Tile game (Tegelspel) one-shot searches.
    #[command(subcommand)]
    Tegel(tegel::cli::Command),
    /// Polyomino tiling (Stenen leggen) one-shot searches.
    #[command(subcommand)]
    Stenen(stenen::cli::Command),
    /// Nim values and Grundy tables.
    #[command(subcommand)]
    Nim(nim::cli::Command),
    /// Checkers perft, divide and continuation counts.
    #[command(subcommand)]
    Checkers(checkers::cli::Command),
}

#[derive(Debug, Subcommand)]
enum PlayCommand {
    /// The tile game's menu program.
    Tegel(tegel::cli::PlayArgs),
    /// The tiling program: place stones by hand, find and count tilings.
    Stenen(stenen::cli::PlayArgs),
    /// Nim against the computer.
    Nim(nim::cli::PlayArgs),
    /// Checkers against the computer (text, or --tui for the mouse board).
    Checkers(checkers::cli::PlayArgs),
}

#[derive(Debug, clap::Args)]
struct RunArgs {
    /// The manifest (TOML), e.g. instances/all.toml.
    manifest: PathBuf,
    /// Run only these games or experiments (repeatable, or comma-separated).
    #[arg(long)]
    only: Vec<String>,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Base seed, overriding the manifest's.
    #[arg(long)]
    seed: Option<u64>,
    /// Results directory.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    /// Per-call time limit in seconds, overriding the manifest's (at most 10000000).
    #[arg(long, value_parser = harness::harness::cli::parse_time_limit, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Rerun experiments whose results are already there.
    #[arg(long)]
    force: bool,
}

fn run_manifest(args: RunArgs) -> Result<()> {
    let threads = args.threads.map(|t| t as usize).unwrap_or_else(default_threads);
    let _ = rayon::ThreadPoolBuilder::new().num_threads(threads).build_global();
    let opts = RunOptions {
        manifest: args.manifest,
        only: args.only,
        threads,
        seed: args.seed,
        out: args.out.clone(),
        time_limit: args.time_limit,
        force: args.force,
    };
    let meta = runner::run(&opts)?;
    eprintln!(
        "ran {} experiment(s), skipped {}; results in {}",
        meta.ran.len(),
        meta.skipped.len(),
        args.out.display()
    );
    report::generate(&args.out)
}

fn dispatch(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Run(args) => run_manifest(args),
        Command::Report { results } => report::generate(&results),
        Command::Play(PlayCommand::Tegel(a)) => tegel::cli::play(a),
        Command::Play(PlayCommand::Stenen(a)) => stenen::cli::play(a),
        Command::Play(PlayCommand::Nim(a)) => nim::cli::play(a),
        Command::Play(PlayCommand::Checkers(a)) => checkers::cli::play(a),
        Command::Tegel(c) => tegel::cli::run(c),
        Command::Stenen(c) => stenen::cli::run(c),
        Command::Nim(c) => nim::cli::run(c),
        Command::Checkers(c) => checkers::cli::run(c),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    install_ctrlc_handler();
    match dispatch(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            match &e {
                Error::Interrupted => eprintln!("harness: interrupted; finished results are kept"),
                _ => eprintln!("harness: {e}"),
            }
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
