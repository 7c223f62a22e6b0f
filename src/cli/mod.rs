//! The `harness` command line: the harness's own subcommands, one file each (`run`,
//! `report`, `merge`, `compare`, `ab`, `cell`, `slurm`, `solver`, `judge`, `completions` and `man`), the
//! argument groups they share ([`args`]), and how a command ends ([`exit`]). The games'
//! subcommands come from the registry ([`crate::runner::registry`]).

pub mod ab;
pub mod args;
pub mod cell;
pub mod compare;
pub mod exit;
pub mod instructions;
pub mod judge;
pub mod merge;
pub mod report;
pub mod run;
pub mod shell;
pub mod slurm;
pub mod solver;

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::base::error::Result;
use crate::runner::registry;

/// Reference engines and benchmark harness for the tile game, polyomino tiling, Nim and
/// checkers.
#[derive(Debug, Parser)]
#[command(name = "harness", version, disable_version_flag = true, after_help = EXAMPLES)]
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

const EXAMPLES: &str = "\
Examples:
  harness run instances/all.toml -o results      run every experiment, then write the report
  harness compare bench-A bench-B                 same results? faster or slower?
  harness play tegel instances/tegel/spel1.txt    the tile game's menu program
  harness tegel --help                            a game's one-shot searches
  harness completions bash > ~/.local/share/bash-completion/completions/harness";

#[derive(Debug, Subcommand)]
enum Command {
    /// Run every experiment of a manifest into CSV tables, LaTeX tables and plots.
    #[command(after_help = run::EXAMPLES)]
    Run(run::RunArgs),
    /// Regenerate the report (tables, plots, index.html) from a results directory's CSVs.
    ///
    /// Writes LaTeX tables, plots, index.html, Markdown and the results.xlsx workbook from the
    /// CSVs alone, without searching; with `--format markdown [RESULTS] NAME` it prints
    /// experiment NAME as Markdown instead.
    #[command(after_help = report::EXAMPLES)]
    Report(report::ReportArgs),
    /// Merge the results directories of a sharded run (`run --shard I/N`) into one.
    Merge(merge::MergeArgs),
    /// Compare results directories: the same results? which cells got faster or slower?
    ///
    /// First whether they hold the same results (the columns that may differ between runs,
    /// timings and threads, aside), then a timing table of the cells both have: the
    /// medians, B/A with a 95 % interval from the raw samples, and a verdict (faster,
    /// slower, same, unknown). With more than two directories, each is compared with the
    /// first (the baseline) and the table gets a column per run. Exit 1 when the results
    /// differ (or, with --fail-on-slower, when a cell is slower).
    #[command(after_help = compare::EXAMPLES)]
    Compare(compare::CompareArgs),
    /// Time two builds against each other in rounds.
    ///
    /// Each timed cell of the manifest (a row's measured seconds) is run by BASELINE (A)
    /// and CANDIDATE (B) in rounds of a seeded balanced order (A B and B A alike often),
    /// each side a process of its own, warmed up and timed over repeated calls, so that a
    /// drift of the machine's speed falls on both alike (with --simultaneous, both at once
    /// on a core each). Both builds must first give the same exact results (counts,
    /// scores, moves); an item where they differ is not timed (exit 1). A round in which
    /// either side ran on a busy machine is not counted. Per cell: the change of B against
    /// A (Hodges–Lehmann estimate of the rounds' log ratios) with its 95 % interval, and a
    /// verdict: `slower` or `faster` when the signed-rank test rejects "no change" after
    /// Holm's correction over the cells, `same` only when the whole interval lies within
    /// ±resolution, `unknown` otherwise; overall: the mean change with its 99 % interval.
    /// Both builds need the `cell` command (this version or later).
    #[command(after_help = ab::EXAMPLES)]
    Ab(ab::AbArgs),
    /// Count each item's instructions: callgrind's, and the processor's own counters.
    ///
    /// Each item of the manifest runs this build's timed calls once under valgrind's
    /// callgrind (one thread, one call a cell): the instructions inside the timed calls,
    /// the C library's allocator aside, the same in every run whatever else the machine
    /// does. Where the machine lends its counters (perf_event_open), the same calls run
    /// natively too: instructions, cycles and cache misses.
    #[command(after_help = instructions::EXAMPLES)]
    Instructions(instructions::InstructionsArgs),
    /// Run one item of one experiment once and print its rows as JSON (for `harness ab`).
    #[command(hide = true)]
    Cell(cell::CellArgs),
    /// Write Slurm jobs for a manifest's shards and their merge (and submit them).
    Slurm(slurm::SlurmArgs),
    /// Check and time a program that answers an assignment's questions (docs/solvers.md).
    ///
    /// A solver speaks the solver protocol over its standard input and output: the
    /// course's "other main program" built with a hand-in's classes, or any program. Its
    /// answers are checked against the engine on instances and seeded random positions; a
    /// wrong answer is shrunk to the smallest position that still shows it. It runs in a
    /// sandbox (bubblewrap), limited in time, memory, processes and output.
    #[command(subcommand, after_help = solver::EXAMPLES)]
    Solver(solver::SolverCommand),
    /// Judge a whole class of hand-ins: style rules, build, every question (docs/judge.md).
    ///
    /// Each submission (a folder, .zip, .tgz or .tar.gz named with its makers' names) is
    /// unpacked safely (no path outside its folder, no links, bounded size), read for the
    /// assignment's style rules with tree-sitter's C++ grammar, built with the
    /// assignment's driver in the sandbox and asked every question of the manifest's
    /// experiments of the assignment. One row per submission and question in
    /// OUT/judge.csv, the class table in OUT/class.html (.md, .tex, .xlsx), a page per
    /// submission in OUT/pages/. Run again after a kill: the submissions judged are kept.
    #[command(after_help = judge::EXAMPLES)]
    Judge(judge::JudgeArgs),
    /// Print a completion script for a shell (bash, zsh, fish, powershell, elvish).
    ///
    /// The script goes to stdout; install it where the shell looks:
    /// bash `harness completions bash > ~/.local/share/bash-completion/completions/harness`,
    /// zsh `harness completions zsh > ~/.zfunc/_harness` (with `fpath+=~/.zfunc` before
    /// `compinit`), fish `harness completions fish > ~/.config/fish/completions/harness.fish`,
    /// PowerShell `harness completions powershell >> $PROFILE`.
    Completions(shell::CompletionsArgs),
    /// Print the man page (roff), or write one page per command into a directory.
    ///
    /// `harness man | man -l -` shows it; with `-o DIR`, harness.1 and one page per command
    /// (harness-run.1, ...) are written into DIR instead.
    Man(shell::ManArgs),
}

/// The harness's own commands, each to its file.
fn dispatch(command: Command) -> Result<()> {
    match command {
        Command::Run(args) => run::run(args),
        Command::Report(args) => report::report(args),
        Command::Merge(args) => merge::merge(args),
        Command::Compare(args) => compare::compare(args),
        Command::Ab(args) => ab::ab(args),
        Command::Cell(args) => cell::cell(args),
        Command::Instructions(args) => instructions::instructions(args),
        Command::Slurm(args) => slurm::slurm(args),
        Command::Solver(command) => solver::solver(command),
        Command::Judge(args) => judge::judge(args),
        Command::Completions(args) => shell::completions(&args, full_command()),
        Command::Man(args) => shell::man(&args, full_command()),
    }
}

/// The whole command line: the harness's own commands and every game's.
pub fn full_command() -> clap::Command {
    registry::add_commands(Cli::command())
}

/// `Some(verbose)` when the command line asks only for the version: `-V` or `--version`,
/// with `-v`/`--verbose` (or `-vV`) for the long form ([`crate::long_version`]).
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

/// Runs the command line; an output that cannot be written (stdout or stderr on a full
/// disk or `/dev/full`) ends it with one line on stderr, where it can still be written,
/// and exit code 1, never a panic (exit 101). A run or merge in progress marks its
/// `run.toml` failed as it unwinds ([`crate::runner::run::run`]). The command runs on a
/// thread with a search's stack ([`crate::search::pool::on_search_stack`]), so that a
/// search it starts in place never depends on the main thread's system-set stack.
pub fn main() -> ExitCode {
    exit::quiet_on_closed_pipe();
    exit::quiet_output_failures();
    let on_search_stack = || crate::search::pool::on_search_stack(command_line);
    let code =
        std::panic::catch_unwind(on_search_stack).unwrap_or_else(|payload| match exit::output_failure(&*payload) {
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

/// Parses the command line (the harness's own commands, then every game's) and runs the
/// command, returning its exit code.
fn command_line() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(verbose) = version_request(&args) {
        match verbose {
            true => print!("{}", crate::long_version()),
            false => println!("harness {}", crate::VERSION),
        }
        return ExitCode::SUCCESS;
    }
    let matches = match full_command().try_get_matches() {
        Ok(m) => m,
        Err(e) => return exit::refused(&e),
    };
    crate::experiment::progress::set_quiet(matches.get_flag("quiet"));
    if let Err(e) = crate::base::machine::threads_from_env() {
        exit::report_error(&e.into());
        return ExitCode::from(2);
    }
    crate::search::budget::install_ctrlc_handler();
    let result = match registry::dispatch(&matches) {
        Some(result) => result,
        None => match Cli::from_arg_matches(&matches) {
            Ok(cli) => dispatch(cli.command),
            Err(e) => return exit::refused(&e),
        },
    };
    exit::exit_code(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `(command path, help)` of the flag `long` in the whole command line.
    fn helps_of(command: &clap::Command, long: &str, path: &str, found: &mut Vec<(String, String)>) {
        for arg in command.get_arguments().filter(|a| a.get_long() == Some(long)) {
            found.push((path.to_string(), arg.get_help().map(|h| h.to_string()).unwrap_or_default()));
        }
        for sub in command.get_subcommands() {
            helps_of(sub, long, &format!("{path} {}", sub.get_name()), found);
        }
    }

    #[test]
    fn the_shared_flags_have_one_help_text_everywhere() {
        let command = full_command();
        for (long, at_least) in [("threads", 8), ("time-limit", 12), ("memory-limit", 6), ("only", 3)] {
            let mut found = Vec::new();
            helps_of(&command, long, "harness", &mut found);
            assert!(found.len() >= at_least, "--{long} is taken by {} commands: {found:?}", found.len());
            let first = &found[0].1;
            for (path, help) in &found {
                assert_eq!(help, first, "--{long} of `{path}` has its own help text");
            }
        }
    }

    #[test]
    fn the_command_line_is_consistent() {
        full_command().debug_assert();
    }
}
