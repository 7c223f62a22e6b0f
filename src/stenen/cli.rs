//! Command line of stenen: `harness stenen find|count H B FILE --mode M` and
//! `harness play stenen H B FILE`.

use std::path::PathBuf;

use serde_json::{json, Value};

use super::board::{Board, Game, Placement};
use super::search::{cell_mismatch, Mode};
use crate::harness::budget::{Budget, Stopped};
use crate::harness::cli::SearchArgs;
use crate::harness::experiment::{in_pool, timed};
use crate::harness::{Error, InputError, Result};

/// `harness stenen ...` one-shot commands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Find one tiling of the board (dumb/smart: the first in the spec's order).
    Find(TilingArgs),
    /// Count every tiling of the board.
    Count(TilingArgs),
}

/// The instance and options of a one-shot search.
#[derive(Debug, clap::Args)]
pub struct TilingArgs {
    /// Board rows h (2..=20).
    pub height: usize,
    /// Board columns b (2..=20).
    pub width: usize,
    /// The stones file.
    pub file: PathBuf,
    /// Search mode.
    #[arg(long, value_enum, default_value = "smart")]
    pub mode: Mode,
    /// Stones placed before searching, as (row,col,stone,orient); repeatable.
    #[arg(long = "place", value_name = "(R,C,S,O)")]
    pub place: Vec<String>,
    /// `--json`, `--threads` (counting only) and `--time-limit`.
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Arguments of `harness play stenen`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// Board rows h (2..=20).
    pub height: usize,
    /// Board columns b (2..=20).
    pub width: usize,
    /// The stones file.
    pub file: PathBuf,
}

/// Runs a one-shot command.
pub fn run(cmd: Command) -> Result<()> {
    match cmd {
        Command::Find(args) => run_find(&args),
        Command::Count(args) => run_count(&args),
    }
}

/// Runs the interactive game on stdin/stdout.
pub fn play(args: PlayArgs) -> Result<()> {
    let game = super::load_game(args.height, args.width, &args.file)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    super::play::Session::new(game).run(&mut stdin.lock(), &mut stdout.lock())
}

fn setup(args: &TilingArgs) -> Result<(Game, Board, Budget)> {
    let game = super::load_game(args.height, args.width, &args.file)?;
    let mut board = Board::empty(&game);
    for text in &args.place {
        let p: Placement = text.parse().map_err(|e: String| InputError::new(format!("--place: {e}")))?;
        board.place(&game, p).map_err(|e| InputError::new(format!("--place {p}: {e}")))?;
    }
    let budget = args.search.budget()?;
    if let Some((stones, empty)) = cell_mismatch(&game, &board) {
        eprintln!("no solution: {stones} cells of stones, {empty} empty cells");
    }
    Ok((game, board, budget))
}

fn stopped(s: Stopped) -> Error {
    match s {
        Stopped::Interrupted => Error::Interrupted,
        Stopped::TimeLimit => Error::Other(anyhow::anyhow!("the search stopped at its time limit (timeout)")),
    }
}

/// A large count as a JSON number when it fits in u64, else as a decimal string.
pub fn big(n: u128) -> Value {
    u64::try_from(n).map_or_else(|_| Value::String(n.to_string()), Value::from)
}

fn run_count(args: &TilingArgs) -> Result<()> {
    let (game, board, budget) = setup(args)?;
    let threads = args.search.threads();
    let (result, time) = in_pool(threads, || timed(|| super::count(&game, &board, args.mode, threads > 1, &budget)));
    let c = result.map_err(stopped)?;
    if args.search.json {
        let out = json!({
            "solutions_distinct": c.distinct,
            "solutions_labelled": big(c.labelled),
            "positions": c.positions,
            "seconds": time.as_secs_f64(),
            "mode": args.mode.name(),
            "threads": threads,
        });
        println!("{out}");
    } else {
        println!("solutions_distinct: {}", c.distinct);
        println!("solutions_labelled: {}", c.labelled);
        println!("positions: {}", c.positions);
        println!("seconds: {:.6}", time.as_secs_f64());
        println!("mode: {}  threads: {threads}", args.mode.name());
    }
    Ok(())
}

fn run_find(args: &TilingArgs) -> Result<()> {
    let (game, board, budget) = setup(args)?;
    let (result, time) = timed(|| super::find(&game, &board, args.mode, &budget));
    let f = result.map_err(stopped)?;
    let solved = f.board.map(|cells| Board::from_cells(&game, cells));
    if args.search.json {
        let out = json!({
            "found": solved.is_some(),
            "board": solved.as_ref().map(Board::rows),
            "positions": f.positions,
            "seconds": time.as_secs_f64(),
            "mode": args.mode.name(),
        });
        println!("{out}");
    } else {
        match &solved {
            Some(b) => print!("{b}"),
            None => println!("no solution"),
        }
        println!("positions: {}", f.positions);
        println!("seconds: {:.6}", time.as_secs_f64());
        println!("mode: {}", args.mode.name());
    }
    Ok(())
}
