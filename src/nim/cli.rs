//! Command line of nim: one-shot commands (`harness nim value|grundy|check`) and
//! `harness play nim`.
//!
//! None of these searches runs in parallel (each takes milliseconds), so they take no
//! `--threads`.

use crate::base::text::{count_of, excerpt};
use std::io::IsTerminal;

use serde_json::json;

use crate::base::error::InputError;
use crate::base::error::Result;
use crate::base::limits::Limits;
use crate::experiment::args::{print_json, TimeLimitArg};
use crate::results::row::seconds_cell;
use crate::search::budget::Budget;
use crate::search::rng::seeded;
use crate::search::timing::timed;

use super::play::{play_game, GameSetup, Outcome};
use super::position::{Position, MAX_STICKS};
use super::session::Values;
use super::solver::{
    check_solver_size, check_table_moves, grundy_moves, heap_grundy, join, proven_period, solve, solver_moves,
    TakeRule, MAX_GRUNDY_UPTO, MAX_SOLVER_HEAPS, MAX_TAKE_IN_SET,
};
use super::verify::check_formula;

/// A clap value parser for a whole number from `low` to `high`; its refusal reads
/// `expected a whole number from 0 to 1000000, got ...` (clap then exits with code 2).
fn whole_number(low: u32, high: u32) -> impl Fn(&str) -> std::result::Result<u32, String> + Clone + Send + Sync {
    move |text: &str| {
        text.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (low..=high).contains(v))
            .ok_or_else(|| format!("expected a whole number from {low} to {high}, got `{}`", excerpt(text)))
    }
}

/// Heap sizes and move limits: from 0 to [`MAX_STICKS`].
fn sticks(text: &str) -> std::result::Result<u32, String> {
    whole_number(0, MAX_STICKS)(text)
}

/// Heap counts of the solver: from 1 to [`MAX_SOLVER_HEAPS`].
fn solver_heaps(text: &str) -> std::result::Result<usize, String> {
    whole_number(1, MAX_SOLVER_HEAPS as u32)(text).map(|n| n as usize)
}

/// Largest heap size of the solver: from 1 to [`MAX_STICKS`] (the table size is checked
/// separately).
fn solver_sticks(text: &str) -> std::result::Result<u32, String> {
    whole_number(1, MAX_STICKS)(text)
}

/// Largest heap size of a Grundy table: from 0 to [`MAX_GRUNDY_UPTO`].
fn grundy_upto(text: &str) -> std::result::Result<u32, String> {
    whole_number(0, MAX_GRUNDY_UPTO)(text)
}

// The ranges in the help texts below are the bounds the value parsers enforce
// (MAX_STICKS, MAX_SOLVER_HEAPS, MAX_GRUNDY_UPTO); tests/nim_cli.rs checks that they agree.

/// `harness nim ...` one-shot commands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Nim value and winning moves of a position (heap ascending, count ascending).
    Value {
        /// Heap sizes, from 1 to 64 heaps of 0 to 1000000 sticks each.
        #[arg(required = true, num_args = 1.., value_parser = sticks)]
        heaps: Vec<u32>,
        /// Most sticks per move, from 0 to 1000000; 0 means any number.
        #[arg(long, default_value_t = 0, value_parser = sticks)]
        maxtake: u32,
        /// Print one JSON object (`value`, `winning_moves`, ...) on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Grundy values of one heap of a subtraction game by the mex rule, with the period they
    /// prove.
    Grundy {
        /// The allowed take counts, comma-separated, each from 1 to 1000000, e.g. 1,3,4.
        #[arg(long)]
        takes: String,
        /// Largest heap size to tabulate, from 0 to 10000000 (at most 10000000000 look-ups:
        /// heap sizes times take counts).
        #[arg(long, value_parser = grundy_upto)]
        upto: u32,
        #[command(flatten)]
        time_limit: TimeLimitArg,
        /// Print one JSON object (`grundy`, `losing`, `period`, ...) on stdout.
        #[arg(long)]
        json: bool,
    },
    /// The nim-value rule (or, with --takes, the Sprague-Grundy sum) against the exhaustive
    /// solver on every position of HEAPS heaps of 0 to MAX_STICKS sticks (at most 16777216
    /// positions).
    Check {
        /// Most sticks per move, from 0 to 1000000; 0 means any number.
        #[arg(long, default_value_t = 0, conflicts_with = "takes", value_parser = sticks)]
        maxtake: u32,
        /// A subtraction set instead of a move limit, each count from 1 to 1000000, e.g. 1,3,4.
        #[arg(long)]
        takes: Option<String>,
        /// Number of heaps, from 1 to 8.
        #[arg(long, default_value_t = 3, value_parser = solver_heaps)]
        heaps: usize,
        /// Largest heap size, from 1 to 1000000 (the positions in all are at most 16777216,
        /// the moves at most 10000000000).
        #[arg(long, default_value_t = 15, value_parser = solver_sticks)]
        max_sticks: u32,
        #[command(flatten)]
        time_limit: TimeLimitArg,
        /// Print one JSON object (`positions`, `value_mismatches`, ...) on stdout.
        #[arg(long)]
        json: bool,
    },
}

/// Arguments of `harness play nim`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// Seed of the heap sizes and the computer's choices (default: from the clock, shown on
    /// stderr). With 3 heaps, seed 923 draws the assignment's sample game 10 11 11.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Fix the heap sizes instead of drawing them, from 1 to 64 heaps of 0 to 1000000
    /// sticks each (the number of heaps is then not asked).
    #[arg(long, num_args = 1.., value_parser = sticks)]
    pub heaps: Option<Vec<u32>>,
    /// Fix the move limit, from 0 to 1000000; 0 means any number (it is then not asked).
    #[arg(long, value_parser = sticks)]
    pub maxtake: Option<u32>,
}

/// Runs a one-shot command.
pub fn run(cmd: Command) -> Result<()> {
    match cmd {
        Command::Value { heaps, maxtake, json } => value(&heaps, maxtake, json),
        Command::Grundy { takes, upto, time_limit, json } => grundy(&takes, upto, limit_budget(time_limit), json),
        Command::Check { maxtake, takes, heaps, max_sticks, time_limit, json } => {
            let rule = match takes {
                Some(t) => TakeRule::parse_takes(&t)?,
                None => TakeRule::MaxTake(maxtake),
            };
            check(&rule, (heaps, max_sticks), &limit_budget(time_limit), json)
        }
    }
}

fn value(heaps: &[u32], maxtake: u32, json: bool) -> Result<()> {
    let values = Values::of(&Position::new(heaps, maxtake)?);
    if json {
        print_json(&json!(values))?;
        return Ok(());
    }
    for line in values.lines() {
        println!("{line}");
    }
    Ok(())
}

/// A budget with `--time-limit` (checked by its value parser) starting now.
fn limit_budget(time_limit: TimeLimitArg) -> Budget {
    Budget::start(&Limits::of_time(time_limit.time_limit))
}

fn grundy(takes: &str, upto: u32, budget: Budget, json: bool) -> Result<()> {
    let rule = TakeRule::parse_takes(takes)?;
    if upto > MAX_GRUNDY_UPTO {
        return Err(InputError::new(format!("--upto {upto} is out of range: it is from 0 to {MAX_GRUNDY_UPTO}")).into());
    }
    let counts = rule.counts_upto(MAX_TAKE_IN_SET);
    check_table_moves(grundy_moves(&counts, upto), &format!("--upto {upto} with {} take counts", counts.len()))
        .map_err(InputError::new)?;
    let g = heap_grundy(&counts, upto, &budget).map_err(|stopped| budget.error(stopped))?;
    // Up to ten million values: a reader that stops reading blocks the writes below.
    let _writing = crate::search::budget::WritingResult::start();
    let losing: Vec<usize> = g.iter().enumerate().filter(|(_, &v)| v == 0).map(|(n, _)| n).collect();
    let max_count = counts.last().copied().unwrap_or(1);
    let period = proven_period(&g, max_count);
    if json {
        let period = period.map(|p| json!({ "preperiod": p.preperiod, "period": p.period }));
        print_json(&json!({ "takes": counts, "upto": upto, "grundy": g, "losing": losing, "period": period }))?;
        return Ok(());
    }
    println!("Subtraction game, {rule}: Grundy values of heap sizes from 0 to {upto}");
    println!("{}", join(&g).replace(',', " "));
    let losing: Vec<String> = losing.iter().map(usize::to_string).collect();
    println!("Losing heap sizes (value 0): {}", losing.join(" "));
    match period {
        Some(p) => {
            println!(
                "Period {} from heap size {} (proven by {})",
                p.period,
                p.preperiod,
                count_of(u64::from(max_count), "matching value")
            )
        }
        None => println!("No period proven for heap sizes up to {upto}; tabulate further with a larger --upto"),
    }
    Ok(())
}

fn check(rule: &TakeRule, (heaps, max_sticks): (usize, u32), budget: &Budget, json: bool) -> Result<()> {
    if let TakeRule::MaxTake(m) = rule {
        Position::new(&[0], *m)?;
    }
    check_solver_size(heaps, max_sticks).map_err(InputError::new)?;
    let what = format!("the table of {} of 0 to {max_sticks} sticks under {rule}", count_of(heaps as u64, "heap"));
    check_table_moves(solver_moves(rule, heaps, max_sticks), &what).map_err(InputError::new)?;
    let (outcome, time) = timed(|| -> std::result::Result<_, crate::search::budget::Stopped> {
        let solved = solve(rule, heaps, max_sticks, budget)?;
        Ok((solved.moves, check_formula(rule, &solved, budget)?))
    });
    let (moves, c) = outcome.map_err(|stopped| budget.error(stopped))?;
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
        }))?;
    } else {
        println!(
            "{rule}, {} of 0 to {max_sticks} sticks: {}, {}",
            count_of(heaps as u64, "heap"),
            count_of(c.positions, "position"),
            count_of(moves, "move")
        );
        println!(
            "mismatches: value {}, win/loss {}, winning moves {} ({} s)",
            c.value_mismatches,
            c.win_mismatches,
            c.move_mismatches,
            seconds_cell(time)
        );
    }
    if mismatches > 0 {
        return Err(anyhow::anyhow!("the formula disagrees with the solver {}", count_of(mismatches, "time")).into());
    }
    Ok(())
}

/// Runs the interactive game on stdin/stdout. Input lines are echoed when stdin is not a
/// terminal, so a piped session prints the assignment's transcript format.
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
