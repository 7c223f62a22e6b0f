//! `harness play tegel FILE`: the seed's menu program, line by line on stdin/stdout.
//!
//! Every prompt reads one line; a bad line gets a one-line reason and the same prompt
//! again; the end of input ends the program cleanly (exit code 0).

use std::io::{BufRead, Write};
use std::time::Duration;

use super::cli::PlayArgs;
use super::game::Game;
use super::greedy::greedy_move;
use super::load::load_file;
use super::matches::play_match;
use super::montecarlo::good_move;
use super::parallel::best_score_with;
use super::rules::Move;
use super::sweep::sweep;
use crate::harness::experiment::{in_pool, timed};
use crate::harness::manifest::default_threads;
use crate::harness::{Budget, Error, InputError, Result, Stopped};

const MENU: &str = "\
1 show the position      2 list the distinct moves   3 do a move
4 undo the last move     5 best score (besteScore)   6 good move (bepaalGoedeZet)
7 greedy move            8 undo sweep (doeExperiment) 9 play good vs best
0 quit";

/// Settings of the menu's searches.
struct Settings {
    sims: u32,
    seed: u64,
    threads: usize,
    time_limit: Option<Duration>,
}

impl Settings {
    fn budget(&self) -> Budget {
        Budget::new(self.time_limit)
    }
}

/// Runs the menu on stdin/stdout until `0` or the end of input.
pub fn run(args: PlayArgs) -> Result<()> {
    let game = load_file(&args.file)?;
    if let Some(t) = args.time_limit.filter(|t| !(t.is_finite() && *t > 0.0)) {
        return Err(InputError::new(format!("--time-limit must be a positive number of seconds, got {t}")).into());
    }
    let settings = Settings {
        sims: args.sims,
        seed: args.seed,
        threads: args.threads.map(|t| t as usize).unwrap_or_else(default_threads),
        time_limit: args.time_limit.map(Duration::from_secs_f64),
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let threads = settings.threads;
    in_pool(threads, || menu(game, &settings, &mut stdin.lock(), &mut stdout.lock()))
}

/// The menu loop over any line source and sink (the CLI passes stdin and stdout).
fn menu(mut game: Game, s: &Settings, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "{}", game.render())?;
    loop {
        writeln!(out, "\n{MENU}")?;
        let Some(choice) = ask(input, out, "choice> ")? else {
            writeln!(out, "\nend of input, bye")?;
            return Ok(());
        };
        let done = match choice.as_str() {
            "0" | "q" | "quit" => {
                writeln!(out, "bye")?;
                return Ok(());
            }
            "1" => writeln!(out, "{}", game.render()).map(|_| true)?,
            "2" => list_moves(&game, out)?,
            "3" => do_move(&mut game, input, out)?,
            "4" => undo(&mut game, out)?,
            "5" => best(&game, s, out)?,
            "6" => good(&game, s, out)?,
            "7" => greedy(&game, out)?,
            "8" => run_sweep(&game, s, out)?,
            "9" => matches(&game, s, out)?,
            other => {
                writeln!(out, "unknown choice `{other}`: type a number 0..9")?;
                true
            }
        };
        if !done {
            writeln!(out, "\nend of input, bye")?;
            return Ok(());
        }
    }
}

/// Prints `prompt` and reads one trimmed line; `None` at the end of input.
fn ask(input: &mut dyn BufRead, out: &mut dyn Write, prompt: &str) -> Result<Option<String>> {
    write!(out, "{prompt}")?;
    out.flush()?;
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

fn list_moves(game: &Game, out: &mut dyn Write) -> Result<bool> {
    let moves = game.moves();
    if game.is_end() {
        writeln!(out, "end position: no moves (score for the player to move: {})", game.position().score())?;
    } else {
        let list: Vec<String> = moves.as_slice().iter().map(Move::to_string).collect();
        writeln!(out, "distinct moves of player {}: {}", game.position().to_move(), list.join(" "))?;
    }
    Ok(true)
}

fn do_move(game: &mut Game, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<bool> {
    if game.is_end() {
        writeln!(out, "end position: no move can be done (undo first)")?;
        return Ok(true);
    }
    loop {
        let Some(text) = ask(input, out, "move (bowl colour, e.g. `0 g`)> ")? else {
            return Ok(false);
        };
        let Some(mv) = Move::parse(&text) else {
            writeln!(out, "`{text}` is not a move: expected a bowl number and g or b, e.g. `0 g`")?;
            continue;
        };
        if game.do_move(mv) {
            writeln!(out, "did {mv}\n{}", game.render())?;
            if game.is_end() {
                writeln!(
                    out,
                    "end position; score for player {}: {}",
                    game.position().to_move(),
                    game.position().score()
                )?;
            }
            return Ok(true);
        }
        writeln!(
            out,
            "{mv} is not legal here: bowl {} must exist, hold that colour, and a row of player {} must take all its tiles",
            mv.bowl,
            game.position().to_move()
        )?;
    }
}

fn undo(game: &mut Game, out: &mut dyn Write) -> Result<bool> {
    if game.undo() {
        writeln!(out, "undone; {} move(s) left to undo\n{}", game.moves_done(), game.render())?;
    } else {
        writeln!(out, "nothing to undo: this is the loaded position")?;
    }
    Ok(true)
}

fn stopped(s: Stopped, out: &mut dyn Write) -> Result<bool> {
    match s {
        Stopped::Interrupted => Err(Error::Interrupted),
        Stopped::TimeLimit => {
            writeln!(out, "stopped: the search passed its time limit").map(|_| true).map_err(Into::into)
        }
    }
}

fn best(game: &Game, s: &Settings, out: &mut dyn Write) -> Result<bool> {
    let (r, time) = timed(|| best_score_with(game.rules(), game.position(), &s.budget(), s.threads > 1));
    match r {
        Ok(r) => writeln!(
            out,
            "best score {} with best move {}; {} positions in {:.3} s",
            r.score,
            r.move_text(),
            r.positions,
            time.as_secs_f64()
        )
        .map(|_| true)
        .map_err(Into::into),
        Err(e) => stopped(e, out),
    }
}

fn good(game: &Game, s: &Settings, out: &mut dyn Write) -> Result<bool> {
    let g = good_move(game.rules(), game.position(), s.sims, s.seed);
    writeln!(out, "good move {} ({} sims, seed {}): averages {}", g.move_text(), s.sims, s.seed, g.averages_text())?;
    Ok(true)
}

fn greedy(game: &Game, out: &mut dyn Write) -> Result<bool> {
    match greedy_move(game.rules(), game.position()) {
        Some((mv, fill)) => writeln!(out, "greedy move {mv}: its row reaches {fill} tiles")?,
        None => writeln!(out, "end position: no greedy move")?,
    }
    Ok(true)
}

fn run_sweep(game: &Game, s: &Settings, out: &mut dyn Write) -> Result<bool> {
    writeln!(out, "{:>7} {:>14} {:>10} {:>6} {:>6}", "undone", "positions", "seconds", "score", "move")?;
    let mut lines = Vec::new();
    let mut interrupted = false;
    let played = sweep(game, s.sims, s.seed, &|| s.budget(), s.threads > 1, &mut |row| match &row.result {
        Ok(r) => lines.push(format!(
            "{:>7} {:>14} {:>10.3} {:>6} {:>6}",
            row.undone,
            r.positions,
            row.seconds.as_secs_f64(),
            r.score,
            r.move_text()
        )),
        Err(e) => {
            interrupted |= *e == Stopped::Interrupted;
            lines.push(format!("{:>7} stopped at the time limit", row.undone));
        }
    });
    if interrupted {
        return Err(Error::Interrupted);
    }
    for l in lines {
        writeln!(out, "{l}")?;
    }
    writeln!(out, "(good game of {played} moves from this position; the game itself is unchanged)")?;
    Ok(true)
}

fn matches(game: &Game, s: &Settings, out: &mut dyn Write) -> Result<bool> {
    let mover = game.position().to_move();
    for (who, good_player) in [("good", mover), ("best", mover ^ 1)] {
        match play_match(game, good_player, s.sims, s.seed, &|| s.budget(), s.threads > 1) {
            Ok(m) => writeln!(
                out,
                "{who} moves first (good is player {good_player}): good's final score {} after {} moves: {}",
                m.good_score, m.moves, m.transcript
            )?,
            Err(e) => {
                stopped(e, out)?;
            }
        }
    }
    Ok(true)
}
