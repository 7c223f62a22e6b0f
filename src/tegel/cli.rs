//! Command line of tegel: one-shot commands (`harness tegel best|good|greedy|sweep|match|
//! grow|find-greedy`) and `harness play tegel FILE`.
//!
//! With `--json` a command prints exactly one JSON object on stdout (keys as in
//! harness.md); messages go to stderr.

use std::path::PathBuf;

use serde_json::{json, Value};

use super::args::GoodArgs;
pub use super::args::PlayArgs;
use super::best::best_score_with;
use super::generate::{find_greedy_counterexample, grow, GrowSpec, GrowStop};
use super::greedy::{check_greedy, greedy_move};
use super::load::{file_text, load_file};
use super::matches::play_match;
use super::memo::{best_score_memo, memo_table, positions_text};
use super::montecarlo::good_move;
use super::sweep::sweep;
use crate::base::error::Error;
use crate::base::error::InputError;
use crate::base::error::Result;
use crate::base::text::count_of;
use crate::experiment::args::MemoArgs;
use crate::experiment::args::{print_json, print_result, SearchArgs};
use crate::experiment::progress::SearchStatus;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::pool::in_pool;
use crate::search::timing::timed;

/// `harness tegel ...` one-shot commands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// besteScore: score, best move and positions visited of a game file.
    Best {
        /// The game file.
        file: PathBuf,
        #[command(flatten)]
        opts: SearchArgs,
        #[command(flatten)]
        memo: MemoArgs,
    },
    /// bepaalGoedeZet: the Monte Carlo good move.
    Good {
        /// The game file.
        file: PathBuf,
        #[command(flatten)]
        good: GoodArgs,
        #[command(flatten)]
        opts: SearchArgs,
    },
    /// The greedy move, with besteScore's value of every move.
    Greedy {
        /// The game file.
        file: PathBuf,
        #[command(flatten)]
        opts: SearchArgs,
    },
    /// doeExperiment: play good moves to the end, then besteScore after each undo.
    Sweep {
        /// The game file.
        file: PathBuf,
        #[command(flatten)]
        good: GoodArgs,
        #[command(flatten)]
        opts: SearchArgs,
    },
    /// One good-vs-best match from the file's position.
    Match {
        /// The game file.
        file: PathBuf,
        /// The player (0 or 1) who plays good moves.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
        good_player: u8,
        #[command(flatten)]
        good: GoodArgs,
        #[command(flatten)]
        opts: SearchArgs,
    },
    /// Grow a seeded random pot (empty boards) until besteScore passes TARGET positions;
    /// write that game file. Stops at M*N + 2*K*L tiles (no longer pot changes the game)
    /// and at --time-limit (for the whole growth).
    Grow {
        /// Bowls M.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
        m: u8,
        /// Tiles per bowl N.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
        n: u8,
        /// Rows K.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
        k: u8,
        /// Row length L.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
        l: u8,
        /// Positions besteScore must pass.
        #[arg(long)]
        target: u64,
        /// Seed of the random pot.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to write the game file.
        #[arg(long)]
        out: PathBuf,
        #[command(flatten)]
        opts: SearchArgs,
    },
    /// Search seeded random small positions for one where greedy is not optimal; write it.
    FindGreedy {
        /// Seed of the random positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random positions to try.
        #[arg(long, default_value_t = 20000)]
        tries: usize,
        /// Where to write the game file.
        #[arg(long)]
        out: PathBuf,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a one-shot command.
pub fn run(cmd: Command) -> Result<()> {
    match cmd {
        Command::Best { file, opts, memo } if memo.memo => best_memo(file, &opts, &memo),
        Command::Best { file, opts, .. } => best(file, &opts),
        Command::Good { file, good: g, opts } => good(file, g.sims, g.seed, &opts),
        Command::Greedy { file, opts } => greedy(file, &opts),
        Command::Sweep { file, good, opts } => run_sweep(file, good.sims, good.seed, &opts),
        Command::Match { file, good_player, good, opts } => {
            run_match(file, good_player.into(), good.sims, good.seed, &opts)
        }
        Command::Grow { m, n, k, l, target, seed, out, opts } => {
            let spec =
                GrowSpec { bowls: m.into(), bowl_tiles: n.into(), rows: k.into(), row_len: l.into(), target, seed };
            run_grow(&spec, out, &opts)
        }
        Command::FindGreedy { seed, tries, out, json } => run_find_greedy(seed, tries, out, json),
    }
}

/// Runs the interactive game.
pub fn play(args: PlayArgs) -> Result<()> {
    super::play::run(args)
}

/// The error of a one-shot search that `stopped` under `budget` ([`Budget::error`]).
/// With `--json`, first prints one JSON object on stdout: `"status": "timeout"` (a time
/// limit) or `"interrupted"` (Ctrl-C, SIGTERM, SIGHUP), the limit, the seconds since its
/// clock started, and the partial figures in `partial` (with `positions_so_far`, the
/// positions the search reported before it stopped, or for Monte Carlo the random games
/// played).
fn stopped(json_mode: bool, stopped: Stopped, budget: &Budget, partial: Value) -> Error {
    if json_mode {
        let mut v = json!({"status": stopped.to_string(), "time_limit": budget.limit().map(|l| l.as_secs_f64()),
                           "seconds": budget.elapsed().as_secs_f64(), "positions_so_far": budget.live_positions()});
        if let (Some(obj), Value::Object(extra)) = (v.as_object_mut(), partial) {
            obj.extend(extra);
        }
        if let Err(e) = print_json(&v) {
            return e;
        }
    }
    budget.error(stopped)
}

fn best(file: PathBuf, opts: &SearchArgs) -> Result<()> {
    let game = load_file(&file)?;
    let budget = opts.budget();
    let _status = SearchStatus::start("besteScore", budget.live_counter());
    let threads = opts.threads();
    let (result, time) =
        in_pool(threads, || timed(|| best_score_with(game.rules(), game.position(), &budget, threads > 1)));
    let r = result.map_err(|s| stopped(opts.json, s, &budget, json!({"threads": threads})))?;
    let secs = time.as_secs_f64();
    print_result(
        opts.json,
        &json!({"status": "ok", "score": r.score, "best_move": r.best_move.map(|m| m.to_string()), "positions": r.positions,
               "seconds": secs, "threads": threads}),
        || {
            format!(
            "score: {}\nbest move: {}\npositions: {}\nseconds: {secs:.6}\npositions per second: {:.0}\nthreads: {threads}",
            r.score,
            r.move_text(),
            r.positions,
            r.positions as f64 / secs.max(1e-9)
        )
        },
    )?;
    Ok(())
}

fn best_memo(file: PathBuf, opts: &SearchArgs, memo: &MemoArgs) -> Result<()> {
    let game = load_file(&file)?;
    let table = memo_table(memo.megabytes())?;
    let budget = opts.budget();
    let _status = SearchStatus::start("besteScore through the memo", budget.live_counter());
    let threads = opts.threads();
    let (result, time) =
        in_pool(threads, || timed(|| best_score_memo(game.rules(), game.position(), &table, &budget, threads > 1)));
    let partial = json!({"threads": threads, "memo_bytes": table.allocated_bytes()});
    let m = result.map_err(|s| stopped(opts.json, s, &budget, partial))?;
    let (r, secs) = (m.best, time.as_secs_f64());
    print_result(
        opts.json,
        &json!({"status": "ok", "score": r.score, "best_move": r.best_move.map(|m| m.to_string()), "positions": r.positions,
               "positions_overflow": m.positions_overflow(),
               "distinct_positions": m.distinct_positions, "memo_bytes": m.memo_bytes,
               "seconds": secs, "threads": threads}),
        || {
            format!(
            "score: {}\nbest move: {}\npositions: {} (the plain walk's count, through the memo)\ndistinct positions: {}\nmemo bytes: {}\nseconds: {secs:.6}\nthreads: {threads}",
            r.score,
            r.move_text(),
            positions_text(r.positions),
            m.distinct_positions,
            m.memo_bytes
        )
        },
    )?;
    Ok(())
}

fn good(file: PathBuf, sims: u32, seed: u64, opts: &SearchArgs) -> Result<()> {
    let game = load_file(&file)?;
    let budget = opts.budget();
    let _status = SearchStatus::start("good move", budget.live_counter());
    let (g, time) = in_pool(opts.threads(), || timed(|| good_move(game.rules(), game.position(), sims, seed, &budget)));
    let partial = json!({"sims": sims, "seed": seed, "random_games_so_far": budget.live_positions()});
    let g = g.map_err(|s| stopped(opts.json, s, &budget, partial))?;
    let averages: serde_json::Map<String, Value> = g.averages.iter().map(|(m, a)| (m.to_string(), json!(a))).collect();
    print_result(
        opts.json,
        &json!({"status": "ok", "move": g.mv.map(|m| m.to_string()), "averages": averages, "seed": seed, "sims": sims,
               "seconds": time.as_secs_f64()}),
        || {
            format!(
                "good move: {}\naverages: {}\nsims: {sims}\nseed: {seed}\nseconds: {:.6}",
                g.move_text(),
                g.averages_text(),
                time.as_secs_f64()
            )
        },
    )?;
    Ok(())
}

fn greedy(file: PathBuf, opts: &SearchArgs) -> Result<()> {
    let game = load_file(&file)?;
    let budget = opts.budget();
    let threads = opts.threads();
    let Some((mv, fill)) = greedy_move(game.rules(), game.position()) else {
        print_result(opts.json, &json!({"move": null}), || "greedy move: - (end position)".to_string())?;
        return Ok(());
    };
    let check = in_pool(threads, || check_greedy(game.rules(), game.position(), &budget, threads > 1));
    let partial = json!({"move": mv.to_string(), "fill": fill, "threads": threads});
    let Some(check) = check.map_err(|s| stopped(opts.json, s, &budget, partial))? else {
        return Err(Error::Other(anyhow::anyhow!("greedy found a move at an end position")));
    };
    let values: serde_json::Map<String, Value> = check.values.iter().map(|(m, v)| (m.to_string(), json!(v))).collect();
    print_result(
        opts.json,
        &json!({"status": "ok", "move": mv.to_string(), "fill": fill, "greedy_score": check.greedy_score,
               "best_move": check.best.to_string(), "best_score": check.best_score, "values": values,
               "positions": check.positions, "greedy_optimal": !check.greedy_loses()}),
        || {
            format!(
            "greedy move: {mv} (its row reaches {fill} tiles)\ngreedy score: {}\nbest move: {}\nbest score: {}\nvalues: {}\npositions: {}",
            check.greedy_score,
            check.best,
            check.best_score,
            check.values_text(),
            check.positions
        )
        },
    )?;
    Ok(())
}

fn run_sweep(file: PathBuf, sims: u32, seed: u64, opts: &SearchArgs) -> Result<()> {
    let game = load_file(&file)?;
    let threads = opts.threads();
    let mut rows = Vec::new();
    let mut interrupted = false;
    let budget = opts.budget();
    let _status = SearchStatus::start("undo sweep", budget.live_counter());
    let played = in_pool(threads, || {
        sweep(&game, sims, seed, &|| budget.restart(), threads > 1, &mut |row| {
            let (status, cells) = match row.figures(12, 6) {
                Some(cells) => ("ok", cells),
                None => {
                    interrupted |= row.interrupted();
                    ("timeout", format!("{:>14} {:>12} {:>6} {:>6}", "timeout", "timeout", "-", "-"))
                }
            };
            if !opts.json {
                println!("{:>7} {cells} {status}", row.undone);
            }
            rows.push(json!({"undone": row.undone, "positions": row.result.as_ref().ok().map(|r| r.positions),
                "seconds": row.seconds.as_secs_f64(), "score": row.result.as_ref().ok().map(|r| r.score),
                "best_move": row.result.as_ref().ok().and_then(|r| r.best_move).map(|m| m.to_string()),
                "status": status}));
        })
    });
    if interrupted {
        return Err(Error::Interrupted);
    }
    let played = played.map_err(|s| {
        let partial = json!({"sims": sims, "seed": seed, "threads": threads, "rows": [],
                             "note": "a good move of the sweep's game passed the time limit"});
        stopped(opts.json, s, &budget, partial)
    })?;
    if opts.json {
        print_json(&json!({"moves_played": played, "rows": rows, "sims": sims, "seed": seed, "threads": threads}))?;
    } else {
        eprintln!("(good game of {played} moves; columns: undone positions seconds score best_move status)");
    }
    Ok(())
}

fn run_match(file: PathBuf, good_player: usize, sims: u32, seed: u64, opts: &SearchArgs) -> Result<()> {
    let game = load_file(&file)?;
    let threads = opts.threads();
    let budget = opts.budget();
    let (result, time) =
        in_pool(threads, || timed(|| play_match(&game, good_player, sims, seed, &|| budget.restart(), threads > 1)));
    let partial = json!({"good_player": good_player, "sims": sims, "seed": seed, "threads": threads});
    let m = result.map_err(|s| stopped(opts.json, s, &budget, partial))?;
    print_result(
        opts.json,
        &json!({"status": "ok", "good_player": good_player, "good_score": m.good_score, "moves": m.transcript,
               "best_positions": m.best_positions, "seconds": time.as_secs_f64(), "sims": sims, "seed": seed}),
        || {
            format!(
                "good player: {good_player}\ngood's final score: {}\nmoves: {}\nbest's positions: {}\nseconds: {:.6}",
                m.good_score,
                m.transcript,
                m.best_positions,
                time.as_secs_f64()
            )
        },
    )?;
    Ok(())
}

fn run_grow(spec: &GrowSpec, out: PathBuf, opts: &SearchArgs) -> Result<()> {
    let threads = opts.threads();
    let budget = opts.budget();
    let _status = SearchStatus::start("grow", budget.live_counter());
    let mut last = json!(null);
    let (result, time) = in_pool(threads, || {
        timed(|| {
            grow(spec, &budget, threads > 1, &mut |len, r| {
                last = json!({"pot_len": len, "positions": r.positions});
                eprintln!("pot of {}: {}", count_of(len as u64, "tile"), count_of(r.positions, "position"))
            })
        })
    });
    let (game, r) = match result {
        Ok(found) => found,
        Err(GrowStop::Stopped(s)) => return Err(stopped(opts.json, s, &budget, json!({"last_pot": last}))),
        Err(GrowStop::Unreachable { pot_len, largest }) => {
            return Err(InputError::new(format!(
                "--target {} cannot be reached with M={} N={} K={} L={}: a pot longer than {pot_len} tiles changes \
                 nothing (no game draws more than M*N + 2*K*L tiles), and the largest tree had {largest} positions",
                spec.target, spec.bowls, spec.bowl_tiles, spec.rows, spec.row_len
            ))
            .into())
        }
    };
    std::fs::write(&out, file_text(&game)).map_err(|e| InputError::in_file(&out, format!("cannot write: {e}")))?;
    eprintln!("wrote {}", out.display());
    print_result(
        opts.json,
        &json!({"status": "ok", "file": out.display().to_string(), "pot_len": game.rules().pot().len(), "score": r.score,
               "best_move": r.best_move.map(|m| m.to_string()), "positions": r.positions,
               "seconds": time.as_secs_f64(), "threads": threads}),
        || {
            format!(
                "pot of {}: score {}, best move {}, {} positions (whole search {:.3} s)",
                count_of(game.rules().pot().len() as u64, "tile"),
                r.score,
                r.move_text(),
                r.positions,
                time.as_secs_f64()
            )
        },
    )?;
    Ok(())
}

fn run_find_greedy(seed: u64, tries: usize, out: PathBuf, json_mode: bool) -> Result<()> {
    let budget = Budget::unlimited();
    let found = find_greedy_counterexample(seed, tries, &budget).map_err(|s| budget.error(s))?;
    let Some((game, c)) = found else {
        return Err(Error::Other(anyhow::anyhow!("no position with a suboptimal greedy move in {tries} tries")));
    };
    std::fs::write(&out, file_text(&game)).map_err(|e| InputError::in_file(&out, format!("cannot write: {e}")))?;
    eprintln!("wrote {}", out.display());
    print_result(
        json_mode,
        &json!({"file": out.display().to_string(), "greedy_move": c.greedy.to_string(), "greedy_score": c.greedy_score,
               "best_move": c.best.to_string(), "best_score": c.best_score, "positions": c.positions}),
        || {
            format!(
                "{}\ngreedy move {} scores {}; move {} scores {}; values {}; {} positions",
                game.render(),
                c.greedy,
                c.greedy_score,
                c.best,
                c.best_score,
                c.values_text(),
                c.positions
            )
        },
    )?;
    Ok(())
}
