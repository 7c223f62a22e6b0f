//! Command line of nim: one-shot commands (`harness nim value|grundy|check`) and
//! `harness play nim`.
//!
//! None of these searches runs in parallel (each takes milliseconds), so they take no
//! `--threads`.

use std::io::IsTerminal;

use serde_json::json;

use crate::harness::experiment::{seconds_cell, timed};
use crate::harness::rng::seeded;
use crate::harness::{Budget, Error, InputError, Result};

use super::play::{play_game, GameSetup, Outcome};
use super::position::Position;
use super::solver::{
    check_solver_size, heap_grundy, join, proven_period, solve, TakeRule, MAX_GRUNDY_UPTO, MAX_TAKE_IN_SET,
};
use super::verify::check_formula;

/// `harness nim ...` one-shot commands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Nim value and winning moves of a position (heap ascending, count ascending).
    Value {
        /// Heap sizes.
        #[arg(required = true, num_args = 1..)]
        heaps: Vec<u32>,
        /// Most sticks per move; 0 means any number.
        #[arg(long, default_value_t = 0)]
        maxtake: u32,
        /// Print one JSON object (`value`, `winning_moves`, ...) on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Grundy values of one heap of a subtraction game by the mex rule, with the period they
    /// prove.
    Grundy {
        /// The allowed take counts, comma-separated, e.g. 1,3,4.
        #[arg(long)]
        takes: String,
        /// Largest heap size to tabulate.
        #[arg(long)]
        upto: u32,
        /// Print one JSON object (`grundy`, `losing`, `period`, ...) on stdout.
        #[arg(long)]
        json: bool,
    },
    /// The nim-value rule (or, with --takes, the Sprague-Grundy sum) against the exhaustive
    /// solver on every position of HEAPS heaps of 0..=MAX_STICKS sticks.
    Check {
        /// Most sticks per move; 0 means any number.
        #[arg(long, default_value_t = 0, conflicts_with = "takes")]
        maxtake: u32,
        /// A subtraction set instead of a move limit, e.g. 1,3,4.
        #[arg(long)]
        takes: Option<String>,
        /// Number of heaps.
        #[arg(long, default_value_t = 3)]
        heaps: usize,
        /// Largest heap size.
        #[arg(long, default_value_t = 15)]
        max_sticks: u32,
        /// Print one JSON object (`positions`, `value_mismatches`, ...) on stdout.
        #[arg(long)]
        json: bool,
    },
}

/// Arguments of `harness play nim`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// Seed of the heap sizes and the computer's choices (default: from the clock, shown on
    /// stderr). With 3 heaps, seed 923 draws the seed's sample game 10 11 11.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Fix the heap sizes instead of drawing them (the number of heaps is then not asked).
    #[arg(long, num_args = 1..)]
    pub heaps: Option<Vec<u32>>,
    /// Fix the move limit, 0 for any number (it is then not asked).
    #[arg(long)]
    pub maxtake: Option<u32>,
}

/// Runs a one-shot command.
pub fn run(cmd: Command) -> Result<()> {
    match cmd {
        Command::Value { heaps, maxtake, json } => value(&heaps, maxtake, json),
        Command::Grundy { takes, upto, json } => grundy(&takes, upto, json),
        Command::Check { maxtake, takes, heaps, max_sticks, json } => {
            let rule = match takes {
                Some(t) => TakeRule::parse_takes(&t)?,
                None => TakeRule::MaxTake(maxtake),
            };
            check(&rule, heaps, max_sticks, json)
        }
    }
}

fn print_json(value: &serde_json::Value) {
    println!("{value}");
}

fn value(heaps: &[u32], maxtake: u32, json: bool) -> Result<()> {
    let position = Position::new(heaps, maxtake)?;
    let value = position.nim_value();
    let moves: Vec<[u64; 2]> = position.winning_moves().map(|m| [m.heap as u64, u64::from(m.count)]).collect();
    let heap_values: Vec<u32> = position.heaps().iter().map(|&s| position.heap_value(s)).collect();
    if json {
        print_json(&json!({
            "heaps": position.heaps(),
            "maxtake": maxtake,
            "heap_values": heap_values,
            "value": value,
            "winning_moves": moves,
        }));
        return Ok(());
    }
    println!("Heaps: {position} (maxtake {maxtake}{})", if maxtake == 0 { ": any number" } else { "" });
    println!("Heap values: {}", join(&heap_values).replace(',', " "));
    println!("Nim value: {value}");
    if moves.is_empty() {
        println!("No winning move: the player to move loses against best play.");
    } else {
        let list: Vec<String> = moves.iter().map(|[h, c]| format!("take {c} from heap {h}")).collect();
        println!("Winning moves: {}", list.join(", "));
    }
    Ok(())
}

fn grundy(takes: &str, upto: u32, json: bool) -> Result<()> {
    let rule = TakeRule::parse_takes(takes)?;
    if upto > MAX_GRUNDY_UPTO {
        return Err(InputError::new(format!("--upto {upto} is above the bound {MAX_GRUNDY_UPTO}")).into());
    }
    let counts = rule.counts_upto(MAX_TAKE_IN_SET);
    let g = heap_grundy(&counts, upto);
    let losing: Vec<usize> = g.iter().enumerate().filter(|(_, &v)| v == 0).map(|(n, _)| n).collect();
    let max_count = counts.last().copied().unwrap_or(1);
    let period = proven_period(&g, max_count);
    if json {
        let period = period.map(|p| json!({ "preperiod": p.preperiod, "period": p.period }));
        print_json(&json!({ "takes": counts, "upto": upto, "grundy": g, "losing": losing, "period": period }));
        return Ok(());
    }
    println!("Subtraction game, {rule}: Grundy values of heaps 0..={upto}");
    println!("{}", join(&g).replace(',', " "));
    let losing: Vec<String> = losing.iter().map(usize::to_string).collect();
    println!("Losing heap sizes (value 0): {}", losing.join(" "));
    match period {
        Some(p) => {
            println!("Period {} from heap size {} (proven by {} matching values)", p.period, p.preperiod, max_count)
        }
        None => println!("No period proven within 0..={upto}; tabulate further with a larger --upto"),
    }
    Ok(())
}

fn check(rule: &TakeRule, heaps: usize, max_sticks: u32, json: bool) -> Result<()> {
    if let TakeRule::MaxTake(m) = rule {
        Position::new(&[0], *m)?;
    }
    check_solver_size(heaps, max_sticks).map_err(InputError::new)?;
    let budget = Budget::unlimited();
    let (outcome, time) = timed(|| -> std::result::Result<_, crate::harness::Stopped> {
        let solved = solve(rule, heaps, max_sticks, &budget)?;
        Ok((solved.moves, check_formula(rule, &solved, &budget)?))
    });
    let (moves, c) = outcome.map_err(|_| Error::Interrupted)?;
    let mismatches = c.value_mismatches + c.win_mismatches + c.move_mismatches;
    if json {
        print_json(&json!({
            "rule": rule.to_string(),
            "heaps": heaps,
            "max_sticks": max_sticks,
            "positions": c.positions,
            "moves": moves,
            "value_mismatches": c.value_mismatches,
            "win_mismatches": c.win_mismatches,
            "move_mismatches": c.move_mismatches,
            "seconds": time.as_secs_f64(),
        }));
    } else {
        println!("{rule}, {heaps} heaps of 0..={max_sticks} sticks: {} positions, {moves} moves", c.positions);
        println!(
            "mismatches: value {}, win/loss {}, winning moves {} ({} s)",
            c.value_mismatches,
            c.win_mismatches,
            c.move_mismatches,
            seconds_cell(time)
        );
    }
    if mismatches > 0 {
        return Err(anyhow::anyhow!("the formula disagrees with the solver on {mismatches} counts").into());
    }
    Ok(())
}

/// Runs the interactive game on stdin/stdout. Input lines are echoed when stdin is not a
/// terminal, so a piped session prints the seed's transcript format.
pub fn play(args: PlayArgs) -> Result<()> {
    if let Some(m) = args.maxtake {
        Position::new(&[0], m).map_err(|e| InputError::new(format!("--maxtake: {}", e.message)))?;
    }
    if let Some(heaps) = &args.heaps {
        Position::new(heaps, 0).map_err(|e| InputError::new(format!("--heaps: {}", e.message)))?;
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    if args.seed.is_none() {
        eprintln!("(seed {seed}; replay this game with --seed {seed})");
    }
    let stdin = std::io::stdin();
    let setup = GameSetup { heaps: args.heaps, maxtake: args.maxtake, echo: !stdin.is_terminal() };
    let mut stdout = std::io::stdout().lock();
    match play_game(&setup, stdin.lock(), &mut stdout, &mut seeded(seed)) {
        Ok(Outcome::HumanWon | Outcome::ComputerWon | Outcome::EndOfInput) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// A seed for an unseeded game (only the interactive game uses the clock, and says so).
fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
}
