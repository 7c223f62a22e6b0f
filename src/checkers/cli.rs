//! Command line of checkers: `harness checkers perft|divide|count M N R ...` and
//! `harness play checkers [--tui]`.

use serde::Serialize;

use super::by_size::{self, CountMode};
use super::count::CountStop;
use super::game::DEFAULT_DRAW_PLIES;
use super::geometry::{BoardSize, Color};
use super::players::{PlayerKind, DEFAULT_DEPTH};
use crate::base::error::Error;
use crate::base::error::InputError;
use crate::base::error::Result;
use crate::base::limits::TimeLimit;
use crate::base::text::count_of;
use crate::experiment::args::MemoArgs;
use crate::experiment::args::{print_json, SearchArgs};
use crate::experiment::progress::SearchStatus;
use crate::search::budget::Budget;
use crate::search::pool::in_pool;
use crate::search::timing::timed;

/// `harness checkers ...` one-shot commands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Perft of the start position: move sequences of length DEPTH (full rules).
    Perft(PerftMemoArgs),
    /// Perft per root move of the start position.
    Divide(PerftArgs),
    /// Continuation games from the start position (single-jump captures, ending when
    /// both players have a king or the player to move is stuck).
    Count(CountArgs),
}

/// The board: rows, columns, rows of men.
#[derive(Debug, clap::Args)]
pub struct SizeArgs {
    /// Rows m (3 to 16).
    m: u32,
    /// Columns n (3 to 16).
    n: u32,
    /// Rows of men per side r (1 to m/2).
    r: u32,
}

impl SizeArgs {
    fn size(&self) -> Result<BoardSize> {
        BoardSize::new(self.m, self.n, self.r).map_err(|e| InputError::new(e).into())
    }
}

/// Arguments of `perft` and `divide`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    #[command(flatten)]
    size: SizeArgs,
    /// Plies (0 to 40).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=40))]
    depth: u32,
    #[command(flatten)]
    opts: SearchArgs,
}

/// Arguments of `perft`: those of `divide` and the memo's.
#[derive(Debug, clap::Args)]
pub struct PerftMemoArgs {
    #[command(flatten)]
    perft: PerftArgs,
    #[command(flatten)]
    memo: MemoArgs,
}

/// Arguments of `count`.
#[derive(Debug, clap::Args)]
pub struct CountArgs {
    #[command(flatten)]
    size: SizeArgs,
    #[command(flatten)]
    memo: MemoArgs,
    #[command(flatten)]
    opts: SearchArgs,
}

/// The table bound of `--memo`, refusing `--memo-mb` without it.
fn memo_mb(memo: &MemoArgs) -> Result<Option<u64>> {
    match (memo.memo, memo.memo_mb) {
        (false, Some(_)) => Err(InputError::new("--memo-mb needs --memo").into()),
        (false, None) => Ok(None),
        (true, _) => Ok(Some(memo.megabytes())),
    }
}

/// Arguments of `harness play checkers`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The mouse-and-keyboard board in the terminal instead of the text program.
    #[arg(long)]
    tui: bool,
    /// Board, like "8x8 r3" (--tui: default 8x8 r3; the text program asks when it is
    /// not given, and for every later game).
    #[arg(long)]
    board: Option<String>,
    /// Your colour, black or white; black moves first (--tui: default black).
    #[arg(long)]
    color: Option<String>,
    /// Computer player: random, strategy or strategy:D (--tui: default strategy).
    #[arg(long)]
    computer: Option<String>,
    /// Seed of the computer's choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies without a capture or a man move that draw the game (0: never).
    #[arg(long, default_value_t = DEFAULT_DRAW_PLIES)]
    draw_plies: u32,
    /// Time limit of a continuation count asked during play, in seconds.
    #[arg(long, default_value = "10", value_parser = TimeLimit::parse, value_name = "SECONDS", allow_negative_numbers = true)]
    count_limit: TimeLimit,
}

#[derive(Serialize)]
struct PerftJson {
    board: String,
    depth: u32,
    leaves: u64,
    positions: u64,
    seconds: f64,
    leaves_per_second: f64,
    threads: usize,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    memo: Option<PerftMemoJson>,
}

/// The memo figures of `perft --memo --json`.
#[derive(Serialize)]
struct PerftMemoJson {
    mode: &'static str,
    plain_positions: u64,
    distinct_positions: u64,
    memo_bytes: u64,
    /// Lookups in the table (calls of at least 3 plies to go), and those it answered.
    probes: u64,
    hits: u64,
}

#[derive(Serialize)]
struct DivideMove {
    #[serde(rename = "move")]
    mv: String,
    leaves: u64,
}

#[derive(Serialize)]
struct DivideJson {
    board: String,
    depth: u32,
    moves: Vec<DivideMove>,
    leaves: u64,
    seconds: f64,
    threads: usize,
}

#[derive(Serialize)]
struct CountJson {
    board: String,
    mode: &'static str,
    games: u128,
    black_wins: u128,
    white_wins: u128,
    both_kings: u128,
    positions: u64,
    plain_positions: u128,
    distinct_positions: Option<u64>,
    memo_bytes: Option<u64>,
    seconds: f64,
    threads: usize,
}

/// Runs a one-shot command.
pub fn run(cmd: Command) -> Result<()> {
    match cmd {
        Command::Perft(a) => perft(a),
        Command::Divide(a) => divide(a),
        Command::Count(a) => count(a),
    }
}

/// The error of a count or memo walk that did not finish.
fn count_error(e: CountStop, budget: &Budget) -> Error {
    match e {
        CountStop::Stopped(s) => budget.error(s),
        CountStop::NoMemory(message) => InputError::new(message).into(),
        CountStop::Overflow => Error::Other(anyhow::anyhow!("count stopped: {}", CountStop::Overflow)),
    }
}

/// What a one-shot reached before it stopped, for `--json`.
struct Partial {
    json: bool,
    what: serde_json::Value,
    seconds: f64,
    threads: usize,
}

/// The error of a search that stopped; with `--json` and a time-out or an interrupt
/// (Ctrl-C, SIGTERM, SIGHUP) it first prints one object on stdout: `what` plus
/// `"status": "timeout"` or `"interrupted"`, the positions counted so far, the seconds,
/// the threads and the limit (`null` without one).
fn stopped_error(e: CountStop, budget: &Budget, partial: Partial) -> Error {
    let err = count_error(e, budget);
    let (status, limit) = match &err {
        Error::Timeout { limit_s } => ("timeout", Some(*limit_s)),
        Error::Interrupted => ("interrupted", budget.limit().map(|l| l.as_secs_f64())),
        _ => return err,
    };
    if let (true, serde_json::Value::Object(mut fields)) = (partial.json, partial.what) {
        fields.insert("status".into(), status.into());
        fields.insert("positions".into(), budget.live_positions().into());
        fields.insert("seconds".into(), partial.seconds.into());
        fields.insert("threads".into(), partial.threads.into());
        fields.insert("time_limit".into(), limit.into());
        if let Err(print) = print_json(&fields) {
            return print;
        }
    }
    err
}

type PerftFigures = (u64, u64, Option<PerftMemoJson>);

/// Leaves, positions and (with a memo bound) the memo's figures.
fn perft_figures(
    size: BoardSize,
    depth: u32,
    memo_mb: Option<u64>,
    parallel: bool,
    budget: &Budget,
) -> std::result::Result<PerftFigures, CountStop> {
    let Some(mb) = memo_mb else {
        let c = by_size::perft(size, depth, parallel, budget)?;
        return Ok((c.leaves, c.positions, None));
    };
    let c = by_size::perft_memo(size, depth, mb, parallel, budget)?;
    let memo = PerftMemoJson {
        mode: "memo",
        plain_positions: c.plain_positions,
        distinct_positions: c.distinct_positions,
        memo_bytes: c.memo_bytes,
        probes: c.probes,
        hits: c.hits,
    };
    Ok((c.leaves, c.positions, Some(memo)))
}

fn perft(a: PerftMemoArgs) -> Result<()> {
    let memo_mb = memo_mb(&a.memo)?;
    let a = a.perft;
    let size = a.size.size()?;
    let (threads, budget) = (a.opts.threads(), a.opts.budget());
    let _status = SearchStatus::start("perft", budget.live_counter());
    let (result, time) = in_pool(threads, || timed(|| perft_figures(size, a.depth, memo_mb, threads > 1, &budget)));
    let seconds = time.as_secs_f64();
    let mode = if memo_mb.is_some() { "memo" } else { "plain" };
    let what = serde_json::json!({ "board": size.to_string(), "depth": a.depth, "mode": mode });
    let partial = Partial { json: a.opts.json, what, seconds, threads };
    let (leaves, positions, memo) = result.map_err(|e| stopped_error(e, &budget, partial))?;
    let rate = leaves as f64 / seconds.max(1e-9);
    if a.opts.json {
        let j = PerftJson {
            board: size.to_string(),
            depth: a.depth,
            leaves,
            positions,
            seconds,
            leaves_per_second: rate,
            threads,
            memo,
        };
        return print_json(&j);
    }
    println!("perft({}) on {size} = {leaves} leaves", a.depth);
    if let Some(m) = &memo {
        println!(
            "memo: {} plain positions; {positions} positions walked, {} stored, {} MiB table",
            m.plain_positions,
            m.distinct_positions,
            m.memo_bytes >> 20
        );
        if m.probes > 0 {
            println!(
                "memo: {} lookups, {} answered by the table ({:.1} %)",
                m.probes,
                m.hits,
                100.0 * m.hits as f64 / m.probes as f64
            );
        }
    } else {
        println!("{positions} positions");
    }
    println!("{seconds:.3} s, {:.1} M leaves/s, {}", rate / 1e6, count_of(threads as u64, "thread"));
    Ok(())
}

fn divide(a: PerftArgs) -> Result<()> {
    let size = a.size.size()?;
    if a.depth == 0 {
        return Err(InputError::new("divide needs a depth of at least 1").into());
    }
    let (threads, budget) = (a.opts.threads(), a.opts.budget());
    let _status = SearchStatus::start("divide", budget.live_counter());
    let (result, time) = in_pool(threads, || timed(|| by_size::divide(size, a.depth, &budget)));
    let what = serde_json::json!({ "board": size.to_string(), "depth": a.depth });
    let partial = Partial { json: a.opts.json, what, seconds: time.as_secs_f64(), threads };
    let parts = result.map_err(|s| stopped_error(CountStop::Stopped(s), &budget, partial))?;
    let total: u64 = parts.iter().map(|(_, c)| c.leaves).sum();
    if a.opts.json {
        let moves = parts.into_iter().map(|(mv, c)| DivideMove { mv, leaves: c.leaves }).collect();
        let j = DivideJson {
            board: size.to_string(),
            depth: a.depth,
            moves,
            leaves: total,
            seconds: time.as_secs_f64(),
            threads,
        };
        return print_json(&j);
    }
    for (mv, c) in &parts {
        println!("{mv:<12} {}", c.leaves);
    }
    println!("{} moves, {total} leaves at depth {}, {:.3} s", parts.len(), a.depth, time.as_secs_f64());
    Ok(())
}

fn count(a: CountArgs) -> Result<()> {
    let size = a.size.size()?;
    let memo_mb = memo_mb(&a.memo)?;
    let (threads, budget) = (a.opts.threads(), a.opts.budget());
    let _status = SearchStatus::start("continuation count", budget.live_counter());
    let mode = match (memo_mb, threads) {
        (Some(mb), _) => CountMode::Memo { mb, parallel: threads > 1 },
        (None, 1) => CountMode::Plain,
        (None, _) => CountMode::Parallel,
    };
    let (result, time) = in_pool(threads, || timed(|| by_size::count(size, mode, &budget)));
    let memo = memo_mb.is_some();
    let mode = if memo { "memo" } else { "plain" };
    let what = serde_json::json!({ "board": size.to_string(), "mode": mode });
    let partial = Partial { json: a.opts.json, what, seconds: time.as_secs_f64(), threads };
    let c = result.map_err(|e| stopped_error(e, &budget, partial))?;
    let g = c.games;
    if a.opts.json {
        let j = CountJson {
            board: size.to_string(),
            mode: if memo { "memo" } else { "plain" },
            games: g.total,
            black_wins: g.black_wins,
            white_wins: g.white_wins,
            both_kings: g.both_kings,
            positions: c.positions,
            plain_positions: c.plain_positions,
            distinct_positions: memo.then_some(c.distinct_positions),
            memo_bytes: memo.then_some(c.memo_bytes),
            seconds: time.as_secs_f64(),
            threads,
        };
        return print_json(&j);
    }
    println!(
        "{size}: {} games (black wins {}, white wins {}, both have a king {})",
        g.total, g.black_wins, g.white_wins, g.both_kings
    );
    if memo {
        println!(
            "memo: {} plain positions; {} positions walked, {} stored, {} MiB table",
            c.plain_positions,
            c.positions,
            c.distinct_positions,
            c.memo_bytes >> 20
        );
    } else {
        println!("{} positions", c.positions);
    }
    println!("{:.3} s, {}", time.as_secs_f64(), count_of(threads as u64, "thread"));
    Ok(())
}

/// Runs the interactive game: the text program, or the terminal board with `--tui`.
pub fn play(args: PlayArgs) -> Result<()> {
    let flag = |name: &str, e: String| InputError::new(format!("--{name}: {e}"));
    let size: Option<BoardSize> = args.board.map(|b| b.parse().map_err(|e| flag("board", e))).transpose()?;
    let human = args.color.map(|c| super::play::parse_color(&c).map_err(|e| flag("color", e))).transpose()?;
    let computer: Option<PlayerKind> = args.computer.map(|c| c.parse().map_err(|e| flag("computer", e))).transpose()?;
    let count_limit = args.count_limit;
    if args.tui {
        let size = size.unwrap_or_else(BoardSize::standard);
        let (human, computer) =
            (human.unwrap_or(Color::Black), computer.unwrap_or(PlayerKind::Strategy(DEFAULT_DEPTH)));
        return super::tui::run(size, human, computer, args.seed, args.draw_plies, count_limit);
    }
    let opts = super::play::TextOptions {
        seed: args.seed,
        draw_plies: args.draw_plies,
        count_limit,
        first_game: super::play::Preset { size, human, computer },
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    super::play::run(stdin.lock(), &mut out, &opts)?;
    Ok(())
}
