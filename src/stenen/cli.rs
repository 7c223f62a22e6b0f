//! Command line of stenen: `harness stenen find|count H B FILE --mode M` and
//! `harness play stenen H B FILE`.

use std::path::PathBuf;

use serde_json::{json, Value};

use super::api::{Start, Stenen, DEFAULT_LIMIT, MAX_LIMIT_S};
use super::board::{Board, Placement};
use super::memo;
use super::outcome::{cell_mismatch, Mode};
use super::rules::Puzzle;
use super::symmetry::up_to_symmetry;
use crate::api::AnyBoard;
use crate::base::error::Error;
use crate::base::error::InputError;
use crate::base::error::Result;
use crate::experiment::args::MemoArgs;
use crate::experiment::args::{print_json, print_result, SearchArgs, TimeLimitArg};
use crate::experiment::progress::SearchStatus;
use crate::search::budget::{Budget, Stopped};
use crate::search::pool::in_pool;
use crate::search::timing::timed;

/// `harness stenen ...` one-shot commands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Find one tiling of the board (dumb/smart: the first in the assignment's search order).
    Find(TilingArgs),
    /// Count every tiling of the board.
    Count(TilingArgs),
}

/// The instance and options of a one-shot search.
#[derive(Debug, clap::Args)]
pub struct TilingArgs {
    /// Board rows h (from 2 to 20).
    pub height: usize,
    /// Board columns b (from 2 to 20).
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
    /// `--memo` (dumb and smart: the walk's numbers through a transposition table) and
    /// `--memo-mb`.
    #[command(flatten)]
    pub memo: MemoArgs,
}

/// Arguments of `harness play stenen`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// Board rows h (from 2 to 20).
    pub height: usize,
    /// Board columns b (from 2 to 20).
    pub width: usize,
    /// The stones file.
    pub file: PathBuf,
    // Ctrl-C stops a search and returns to the menu.
    #[command(flatten)]
    pub time_limit: TimeLimitArg,
}

/// The tiling board of `harness play --web stenen H B FILE [--time-limit S]`: the game the
/// terminal program would load (a bad file or size is refused before the server listens).
pub fn web_board(args: PlayArgs) -> Result<AnyBoard> {
    let game = super::rules::load_puzzle(args.height, args.width, &args.file)?;
    let limit = args.time_limit.time_limit.unwrap_or(DEFAULT_LIMIT);
    if limit.seconds() > MAX_LIMIT_S as f64 {
        return Err(
            InputError::new(format!("--time-limit: the web board's searches run at most {MAX_LIMIT_S} s")).into()
        );
    }
    let start = Start { game, name: args.file.display().to_string(), limit };
    Ok(AnyBoard::new(Stenen::with_start(start)))
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
    let game = super::rules::load_puzzle(args.height, args.width, &args.file)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    super::play::Menu::new(game, args.time_limit.time_limit).run(&mut stdin.lock(), &mut stdout.lock())
}

fn setup(args: &TilingArgs) -> Result<(Puzzle, Board, Budget)> {
    let game = super::rules::load_puzzle(args.height, args.width, &args.file)?;
    let mut board = Board::empty(&game);
    for text in &args.place {
        let p: Placement = text.parse().map_err(|e: String| InputError::new(format!("--place: {e}")))?;
        board.place(&game, p).map_err(|e| InputError::new(format!("--place {p}: {e}")))?;
    }
    let budget = args.search.budget();
    if let Some((stones, empty)) = cell_mismatch(&game, &board) {
        eprintln!("no solution: {stones} cells of stones, {empty} empty cells");
    }
    Ok((game, board, budget))
}

/// A large count as a JSON number when it fits in u64, else as a decimal string.
pub fn big(n: u128) -> Value {
    u64::try_from(n).map_or_else(|_| Value::String(n.to_string()), Value::from)
}

/// Ends a stopped one-shot: with `--json`, first one object with `"status": "timeout"`
/// (or `"interrupted"`) and the figures reached so far on stdout; then the error.
fn stopped(args: &TilingArgs, s: Stopped, budget: &Budget, what: &str) -> Error {
    if args.search.json {
        let out = json!({
            "status": s.to_string(),
            "search": what,
            "positions_so_far": budget.live_positions(),
            "seconds": budget.elapsed().as_secs_f64(),
            "mode": args.mode.name(),
            "memo": args.memo.memo,
        });
        if let Err(e) = print_json(&out) {
            return e;
        }
    }
    budget.error(s)
}

fn run_count(args: &TilingArgs) -> Result<()> {
    let (game, board, budget) = setup(args)?;
    let threads = args.search.threads();
    let (mut out, time) = if args.memo.memo {
        let mb = args.memo.megabytes();
        let _status = SearchStatus::start("count through the memo", budget.live_counter());
        let (r, time) = in_pool(threads, || timed(|| memo::count(&game, &board, args.mode, threads > 1, &budget, mb)));
        let c = r?.map_err(|s| stopped(args, s, &budget, "count"))?;
        let out = json!({
            "solutions_distinct": c.distinct,
            "solutions_labelled": big(c.labelled),
            "positions": c.positions,
            "distinct_positions": c.distinct_positions,
            "memo_bytes": c.memo_bytes,
        });
        (out, time)
    } else {
        let _status = SearchStatus::start("count", budget.live_counter());
        let (r, time) = in_pool(threads, || timed(|| super::count(&game, &board, args.mode, threads > 1, &budget)));
        let c = r.map_err(|s| stopped(args, s, &budget, "count"))?;
        let out = json!({
            "solutions_distinct": c.distinct,
            "solutions_labelled": big(c.labelled),
            "positions": c.positions,
        });
        (out, time)
    };
    let distinct = out["solutions_distinct"].as_u64().unwrap_or(0);
    let up_to_symmetry =
        up_to_symmetry(&game, &board, distinct, &budget.restart()).map_err(|s| stopped(args, s, &budget, "count"))?;
    out["solutions_up_to_symmetry"] = json!(up_to_symmetry);
    out["seconds"] = json!(time.as_secs_f64());
    out["mode"] = json!(args.mode.name());
    out["threads"] = json!(threads);
    let order = [
        "solutions_distinct",
        "solutions_labelled",
        "solutions_up_to_symmetry",
        "positions",
        "distinct_positions",
        "memo_bytes",
        "seconds",
        "mode",
        "threads",
    ];
    print_out(args, &out, &order)
}

/// Prints `out` as one JSON object (`--json`) or as `key: value` lines in `order`
/// (the keys present), a solved board first.
fn print_out(args: &TilingArgs, out: &Value, order: &[&str]) -> Result<()> {
    print_result(args.search.json, out, || text_lines(out, order))
}

/// The `key: value` lines of `out` for the keys in `order` that it has, after the
/// solved board's drawing when there is one.
fn text_lines(out: &Value, order: &[&str]) -> String {
    let mut text = out.get("board_text").and_then(Value::as_str).unwrap_or("").to_string();
    for key in order {
        let line = match out.get(*key) {
            Some(Value::String(s)) => format!("{key}: {s}"),
            Some(Value::Number(n)) if n.is_f64() => format!("{key}: {:.6}", n.as_f64().unwrap_or(0.0)),
            Some(other) => format!("{key}: {other}"),
            None => continue,
        };
        text.push_str(&line);
        text.push('\n');
    }
    text.trim_end_matches('\n').to_string()
}

fn run_find(args: &TilingArgs) -> Result<()> {
    let (game, board, budget) = setup(args)?;
    let (mut out, cells, time) = if args.memo.memo {
        let mb = args.memo.megabytes();
        let _status = SearchStatus::start("find through the memo", budget.live_counter());
        let (r, time) = timed(|| memo::find(&game, &board, args.mode, &budget, mb));
        let f = r?.map_err(|s| stopped(args, s, &budget, "find"))?;
        let out = json!({
            "positions": f.positions,
            "distinct_positions": f.distinct_positions,
            "memo_bytes": f.memo_bytes,
        });
        (out, f.board, time)
    } else {
        let _status = SearchStatus::start("find", budget.live_counter());
        let (r, time) = timed(|| super::find(&game, &board, args.mode, &budget));
        let f = r.map_err(|s| stopped(args, s, &budget, "find"))?;
        (json!({ "positions": f.positions }), f.board, time)
    };
    let solved = cells.map(|cells| Board::from_cells(&game, cells));
    out["found"] = json!(solved.is_some());
    out["seconds"] = json!(time.as_secs_f64());
    out["mode"] = json!(args.mode.name());
    if args.search.json {
        out["board"] = json!(solved.as_ref().map(Board::rows));
    } else {
        out["board_text"] = json!(solved.as_ref().map_or("no solution\n".to_string(), |b| b.to_string()));
    }
    print_out(args, &out, &["positions", "distinct_positions", "memo_bytes", "seconds", "mode"])
}
