//! `harness solver`: a program's answers to an assignment's questions, checked against the
//! engine and timed beside it (`check`), one session by hand (`ask`), and a C++ hand-in
//! built with the assignment's driver (`build`). The protocol: docs/solvers.md.

use std::path::PathBuf;
use std::time::Instant;

use super::args::SolverArgs;
use crate::base::error::{Error, InputError, Result};
use crate::base::text::{excerpt, printable};
use crate::experiment::args::{print_json, ThreadsArg, TimeLimitArg};
use crate::experiment::progress::note;
use crate::experiment::solver::asker::Asker;
use crate::experiment::solver::spec::SolverEntry;
use crate::runner::manifest::SamplingOverrides;
use crate::runner::run::{self, RunOptions};
use crate::runner::solver_build::{self, BuildRequest, Built};
use crate::runner::solvers::tally;

pub const EXAMPLES: &str = "\
Examples:
  harness solver check tegel --solver mine=./solver instances/tegel/spel1.txt --random 200
                                       every tile-game question on spel1 and 200 random positions
  harness solver check tegel --solver py='python3 solver.py' --questions best --json
  harness solver ask --solver mine=./solver tegel 'load /abs/spel1.txt' best
                                       one session by hand: each line sent, each answer timed
  harness solver build my-handin --assignment tegel
                                       compile a hand-in with the driver; prints the solver's path

Exit codes: 0 every answer correct, 1 an answer that is not (wrong, time-limit, memory-limit,
crashed, protocol-error, build-failed), 2 bad input (flags, files, a sandbox that cannot
run), 130 interrupted.";

/// The subcommands of `harness solver`.
#[derive(Debug, clap::Subcommand)]
pub enum SolverCommand {
    /// Ask a solver every question of a game on instances and seeded random positions,
    /// check each answer against the engine, shrink a wrong one, time it beside the engine.
    Check(CheckArgs),
    /// Start a solver, send it the given request lines one by one and print each answer
    /// with its time (after the handshake, which is checked).
    Ask(AskArgs),
    /// Compile a C++ hand-in that follows the assignment's skeleton with the driver that
    /// speaks the protocol (every .cc file of DIR but main.cc; g++ -std=c++17 -O2, in the
    /// sandbox); prints the solver program's path.
    Build(BuildArgs),
}

/// The arguments of `harness solver build`.
#[derive(Debug, clap::Args)]
pub struct BuildArgs {
    /// The hand-in's folder (the assignment's .cc and .h files).
    dir: PathBuf,
    /// The assignment: tegel, stenen, nim or checkers.
    #[arg(long, value_name = "GAME")]
    assignment: String,
    /// The solver program to write (default DIR/.harness-build/solver).
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Compile without the sandbox (only for a hand-in you trust).
    #[arg(long)]
    no_sandbox: bool,
    /// Print one JSON object: the verdict, the program or the compiler's last lines.
    #[arg(long)]
    json: bool,
}

/// The arguments of `harness solver check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The game: tegel (stenen, nim and checkers where this build has their questions).
    game: String,
    /// Instance files of the game asked on (besides the random positions).
    instances: Vec<PathBuf>,
    #[command(flatten)]
    solvers: SolverArgs,
    /// The questions asked, comma-separated (default: all of the game's).
    #[arg(long, value_delimiter = ',', value_name = "Q,...")]
    questions: Vec<String>,
    /// Seeded random positions of growing size asked on, from 0 to 10000.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(0..=10_000), value_name = "N")]
    random: u64,
    /// The seed of the random positions, from 0 to 9223372036854775807.
    #[arg(long, default_value_t = 1, value_parser = super::args::seed_parser())]
    seed: u64,
    #[command(flatten)]
    time: TimeLimitArg,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Results directory (replaced: a check always asks again).
    #[arg(short = 'o', long)]
    out: Option<PathBuf>,
    /// Print one JSON object on stdout: the verdicts and every row not correct.
    #[arg(long)]
    json: bool,
}

/// The arguments of `harness solver ask`.
#[derive(Debug, clap::Args)]
pub struct AskArgs {
    #[command(flatten)]
    solvers: SolverArgs,
    /// The game the solver answers.
    game: String,
    /// Request lines, sent in order (`load PATH`, `best`, ...).
    #[arg(required = true)]
    requests: Vec<String>,
}

/// `harness solver ...`.
pub fn solver(command: SolverCommand) -> Result<()> {
    match command {
        SolverCommand::Check(args) => check(args),
        SolverCommand::Ask(args) => ask(args),
        SolverCommand::Build(args) => build(args),
    }
}

fn build(args: BuildArgs) -> Result<()> {
    let request =
        BuildRequest { dir: args.dir, game: args.assignment, output: args.output, sandboxed: !args.no_sandbox };
    match solver_build::build(&request)? {
        Built::Solver(path) => {
            if args.json {
                print_json(
                    &serde_json::json!({"status": "ok", "verdict": "built", "solver": path.display().to_string()}),
                )?;
            } else {
                println!("{}", path.display());
            }
            Ok(())
        }
        Built::Failed(why) => {
            if args.json {
                print_json(&serde_json::json!({"status": "build-failed", "verdict": "build-failed", "compiler": why}))?;
            } else {
                println!("build-failed:\n{}", printable_lines(&why));
            }
            Err(Error::Verdict {
                message: "the hand-in did not compile with the driver (build-failed)".into(),
                exit_code: 1,
            })
        }
    }
}

/// `text` with every line made printable (compiler messages are the hand-in's text).
fn printable_lines(text: &str) -> String {
    text.lines().map(printable).collect::<Vec<_>>().join("\n")
}

fn known_game(game: &str) -> Result<&'static str> {
    crate::runner::registry::game(game).map(|g| g.name).ok_or_else(|| {
        let games = crate::runner::registry::names();
        InputError::new(format!("a solver answers one of {}; got `{}`", games.join(", "), excerpt(game))).into()
    })
}

/// The one manifest of a `check`: a single entry of kind `check`.
fn check_manifest(args: &CheckArgs, entry: &SolverEntry) -> Result<String> {
    let mut table = toml::Table::new();
    table.insert("name".into(), format!("{}_check_{}", args.game, entry.name.replace(['.', '-'], "_")).into());
    table.insert("game".into(), args.game.clone().into());
    table.insert("kind".into(), "check".into());
    table.insert("solver".into(), toml::Value::try_from(entry).map_err(anyhow::Error::from)?);
    let instances: Result<Vec<toml::Value>> = args
        .instances
        .iter()
        .map(|p| {
            let full =
                p.canonicalize().map_err(|e| InputError::in_file(p, format!("cannot open the instance: {e}")))?;
            Ok(full.display().to_string().into())
        })
        .collect();
    table.insert("instances".into(), toml::Value::Array(instances?));
    if !args.questions.is_empty() {
        table
            .insert("questions".into(), toml::Value::Array(args.questions.iter().map(|q| q.as_str().into()).collect()));
    }
    table.insert("random".into(), toml::Value::Integer(args.random as i64));
    let mut top = toml::Table::new();
    top.insert("seed".into(), toml::Value::Integer(args.seed as i64));
    top.insert("experiment".into(), toml::Value::Array(vec![toml::Value::Table(table)]));
    Ok(toml::to_string(&top).map_err(anyhow::Error::from)?)
}

fn check(args: CheckArgs) -> Result<()> {
    known_game(&args.game)?;
    let solvers = args.solvers.specs()?;
    let [spec] = solvers.as_slice() else {
        return Err(InputError::new("`harness solver check` asks one solver: give one --solver NAME=COMMAND").into());
    };
    let dir = tempfile::Builder::new().prefix("harness-check-").tempdir()?;
    let manifest = dir.path().join("check.toml");
    std::fs::write(&manifest, check_manifest(&args, &SolverEntry::of(spec))?)?;
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from(format!("results-check-{}", spec.name)));
    let opts = RunOptions {
        manifest,
        only: Vec::new(),
        threads: args.threads.or_default(),
        seed: None,
        out,
        time_limit: args.time.time_limit,
        force: true,
        shard: None,
        sampling: SamplingOverrides::default(),
        memory_limit: None,
        pin: false,
        solvers: Vec::new(),
        course_files: None,
    };
    crate::search::pool::build_global(opts.threads);
    let meta = run::run(&opts)?;
    summarise(&opts, &meta.experiments, args.json)
}

/// Prints the verdicts (and, with `json`, one JSON object); exit 1 where an answer was
/// not correct.
fn summarise(opts: &RunOptions, experiments: &[String], json: bool) -> Result<()> {
    let (counts, first) = tally(&opts.out, experiments);
    let said: Vec<String> = counts.iter().map(|(v, n)| format!("{n} {v}")).collect();
    note(&format!("answers: {}; rows in {}", said.join(", "), opts.out.display()));
    if json {
        let verdicts: serde_json::Map<String, serde_json::Value> =
            counts.iter().map(|(v, n)| (v.word().to_string(), serde_json::json!(n))).collect();
        print_json(&serde_json::json!({
            "status": if first.is_some() { "wrong" } else { "ok" },
            "results": opts.out.display().to_string(),
            "verdicts": verdicts,
            "first_not_correct": first,
        }))?;
    } else if let Some(first) = &first {
        println!("first answer not correct: {}", printable(first));
    }
    match first {
        None => Ok(()),
        Some(first) => Err(Error::Verdict { message: format!("an answer was not correct: {first}"), exit_code: 1 }),
    }
}

fn ask(args: AskArgs) -> Result<()> {
    let game = known_game(&args.game)?;
    let solvers = args.solvers.specs()?;
    let [spec] = solvers.as_slice() else {
        return Err(InputError::new("`harness solver ask` asks one solver: give one --solver NAME=COMMAND").into());
    };
    let mut asker = Asker::new(spec, game)?;
    for request in &args.requests {
        if request.contains(['\n', '\r']) || request.len() > 65_536 {
            return Err(InputError::new("a request is one line of at most 65536 bytes").into());
        }
        let started = Instant::now();
        println!("> {}", printable(request));
        match asker.ask(request) {
            Ok(answer) => println!("< ok {} ({:.6} s)", printable(&answer.words.join(" ")), answer.seconds),
            Err(f) => {
                println!("< {} ({:.3} s): {}", f.verdict(), started.elapsed().as_secs_f64(), printable(&f.detail()));
                if !matches!(f, crate::experiment::solver::session::Failure::Refused(_)) {
                    return Err(Error::Verdict { message: f.detail(), exit_code: 1 });
                }
            }
        }
    }
    Ok(())
}
