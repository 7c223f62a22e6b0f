//! Command line of checkers: `harness checkers perft|divide|count M N R ...` and
//! `harness play checkers [--tui]`.

use std::io::Write;
use std::time::Duration;

use serde::Serialize;

use super::count::CountStop;
use super::dispatch::{self, CountMode};
use super::game::DEFAULT_DRAW_PLIES;
use super::geometry::BoardSize;
use super::players::PlayerKind;
use crate::harness::cli::SearchArgs;
use crate::harness::experiment::{in_pool, timed};
use crate::harness::memo::MemoArgs;
use crate::harness::{Error, InputError, Result};

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
    /// Rows m (3..16).
    m: u32,
    /// Columns n (3..16).
    n: u32,
    /// Rows of men per side r (1..m/2).
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
    /// Plies.
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
    /// Board of the --tui game, like "8x8 r3" (the text program asks for it).
    #[arg(long, default_value = "8x8 r3")]
    board: String,
    /// Your colour in the --tui game (black moves first).
    #[arg(long, default_value = "black")]
    color: String,
    /// Computer player of the --tui game: random, strategy or strategy:D.
    #[arg(long, default_value = "strategy")]
    computer: String,
    /// Seed of the computer's choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies without a capture or a man move that draw the game (0: never).
    #[arg(long, default_value_t = DEFAULT_DRAW_PLIES)]
    draw_plies: u32,
    /// Time limit of a continuation count asked during play, in seconds.
    #[arg(long, default_value_t = 10.0)]
    count_limit: f64,
}

fn print_json(value: &impl Serialize) -> Result<()> {
    let text = serde_json::to_string(value).map_err(anyhow::Error::from)?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")?;
    Ok(())
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
fn count_error(e: CountStop, budget: &crate::harness::Budget) -> Error {
    match e {
        CountStop::Stopped(s) => Error::stopped(s, budget),
        CountStop::NoMemory(message) => InputError::new(message).into(),
        CountStop::Overflow => Error::Other(anyhow::anyhow!("count stopped: {}", CountStop::Overflow)),
    }
}

type PerftFigures = (u64, u64, Option<PerftMemoJson>);

/// Leaves, positions and (with a memo bound) the memo's figures.
fn perft_figures(
    size: BoardSize,
    depth: u32,
    memo_mb: Option<u64>,
    parallel: bool,
    budget: &crate::harness::Budget,
) -> std::result::Result<PerftFigures, CountStop> {
    let Some(mb) = memo_mb else {
        let c = dispatch::perft(size, depth, parallel, budget)?;
        return Ok((c.leaves, c.positions, None));
    };
    let c = dispatch::perft_memo(size, depth, mb, parallel, budget)?;
    let memo = PerftMemoJson {
        mode: "memo",
        plain_positions: c.plain_positions,
        distinct_positions: c.distinct_positions,
        memo_bytes: c.memo_bytes,
    };
    Ok((c.leaves, c.positions, Some(memo)))
}

fn perft(a: PerftMemoArgs) -> Result<()> {
    let memo_mb = memo_mb(&a.memo)?;
    let a = a.perft;
    let size = a.size.size()?;
    let (threads, budget) = (a.opts.threads(), a.opts.budget()?);
    let (result, time) = timed(|| in_pool(threads, || perft_figures(size, a.depth, memo_mb, threads > 1, &budget)));
    let (leaves, positions, memo) = result.map_err(|e| count_error(e, &budget))?;
    let seconds = time.as_secs_f64();
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
    } else {
        println!("{positions} positions");
    }
    println!("{seconds:.3} s, {:.1} M leaves/s, {}", rate / 1e6, plural(threads as u64, "thread"));
    Ok(())
}

/// `1 thread`, `2 threads`.
pub fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn divide(a: PerftArgs) -> Result<()> {
    let size = a.size.size()?;
    if a.depth == 0 {
        return Err(InputError::new("divide needs a depth of at least 1").into());
    }
    let (threads, budget) = (a.opts.threads(), a.opts.budget()?);
    let (result, time) = timed(|| in_pool(threads, || dispatch::divide(size, a.depth, &budget)));
    let parts = result.map_err(|s| Error::stopped(s, &budget))?;
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
    let (threads, budget) = (a.opts.threads(), a.opts.budget()?);
    let mode = match (memo_mb, threads) {
        (Some(mb), _) => CountMode::Memo { mb, parallel: threads > 1 },
        (None, 1) => CountMode::Plain,
        (None, _) => CountMode::Parallel,
    };
    let (result, time) = timed(|| in_pool(threads, || dispatch::count(size, mode, &budget)));
    let c = result.map_err(|e| count_error(e, &budget))?;
    let g = c.games;
    let memo = memo_mb.is_some();
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
    println!("{:.3} s, {}", time.as_secs_f64(), plural(threads as u64, "thread"));
    Ok(())
}

/// Runs the interactive game: the text program, or the terminal board with `--tui`.
pub fn play(args: PlayArgs) -> Result<()> {
    crate::harness::cli::check_time_limit(args.count_limit)
        .map_err(|e| InputError::new(format!("--count-limit: {e}")))?;
    if args.tui {
        let size: BoardSize = args.board.parse().map_err(InputError::new)?;
        let human = super::play::parse_color(&args.color).map_err(InputError::new)?;
        let computer: PlayerKind = args.computer.parse().map_err(InputError::new)?;
        return super::tui::run(size, human, computer, args.seed, args.draw_plies);
    }
    let opts = super::play::TextOptions {
        seed: args.seed,
        draw_plies: args.draw_plies,
        count_limit: Duration::from_secs_f64(args.count_limit),
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    super::play::run(stdin.lock(), &mut out, &opts)?;
    Ok(())
}
