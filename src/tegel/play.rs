//! `harness play tegel FILE`: the assignment's menu program, line by line on stdin/stdout.
//!
//! Every prompt reads one line; a bad line (also one that is not UTF-8 text) gets a
//! one-line reason and the same prompt again; the end of input ends the program cleanly
//! (exit code 0). Ctrl-C during a search stops that search and returns to the menu with
//! the position unchanged (a second Ctrl-C while the first is being handled quits); a
//! search shows a live "searching…" line on a terminal.

use std::io::{BufRead, Write};

use super::args::PlayArgs;
use super::best::best_score_with;
use super::game::Game;
use super::greedy::greedy_move;
use super::load::load_file;
use super::matches::play_match;
use super::montecarlo::good_move;
use super::rules::{Color, Move};
use super::sweep::sweep;
use crate::base::error::Error;
use crate::base::error::Result;
use crate::base::limits::{Limits, TimeLimit};
use crate::base::lines::read_line;
use crate::base::text::excerpt;
use crate::experiment::progress::SearchStatus;
use crate::search::budget::clear_interrupt;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::pool::in_pool;
use crate::search::timing::timed;

const MENU: &str = "\
1 show the position      2 list the distinct moves   3 do a move
4 undo the last move     5 best score (besteScore)   6 good move (bepaalGoedeZet)
7 greedy move            8 undo sweep (doeExperiment) 9 play good vs best
l load another game file 0 quit";

/// Settings of the menu's searches.
struct Settings {
    sims: u32,
    seed: u64,
    threads: usize,
    time_limit: Option<TimeLimit>,
}

impl Settings {
    fn budget(&self) -> Budget {
        Budget::start(&Limits::of_time(self.time_limit))
    }

    /// The one timeout message ([`Error::Timeout`]) for this menu's limit.
    fn timeout_text(&self) -> String {
        Error::Timeout { limit_s: self.time_limit.map_or(0.0, TimeLimit::seconds) }.to_string()
    }
}

/// Runs the menu on stdin/stdout until `0` or the end of input.
pub fn run(args: PlayArgs) -> Result<()> {
    let game = load_file(&args.file)?;
    let settings = Settings {
        sims: args.good.sims,
        seed: args.good.seed,
        threads: args.threads.or_default().get(),
        time_limit: args.time_limit.time_limit,
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
            "l" | "L" | "load" => load_other(&mut game, input, out)?,
            other => {
                writeln!(out, "unknown choice `{}`: type a number from 0 to 9, or l", excerpt(other))?;
                true
            }
        };
        if !done {
            writeln!(out, "\nend of input, bye")?;
            return Ok(());
        }
    }
}

/// Prints `prompt` and reads one trimmed line; `None` at the end of input. A line that
/// is not UTF-8 text, or longer than [`MAX_LINE_BYTES`](crate::base::lines::MAX_LINE_BYTES),
/// is refused with a reason and the prompt again.
fn ask(input: &mut dyn BufRead, out: &mut dyn Write, prompt: &str) -> Result<Option<String>> {
    loop {
        write!(out, "{prompt}")?;
        out.flush()?;
        let bytes = match read_line(input)? {
            None => return Ok(None),
            Some(Err(too_long)) => {
                writeln!(out, "{too_long}")?;
                continue;
            }
            Some(Ok(bytes)) => bytes,
        };
        match String::from_utf8(bytes) {
            Ok(line) => return Ok(Some(line.trim().to_string())),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                writeln!(out, "that line is not UTF-8 text (byte {} is not): type it again", at + 1)?;
            }
        }
    }
}

/// Menu `l`: asks for a game file and loads it; a refused file leaves the game as it was.
fn load_other(game: &mut Game, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<bool> {
    let Some(path) = ask(input, out, "game file (empty line: keep this game)> ")? else {
        return Ok(false);
    };
    if path.is_empty() {
        writeln!(out, "kept the current game")?;
        return Ok(true);
    }
    match load_file(std::path::Path::new(&path)) {
        Ok(loaded) => {
            *game = loaded;
            writeln!(out, "loaded {path}\n{}", game.render())?;
        }
        Err(e) => writeln!(out, "not loaded, the current game is kept: {e}")?,
    }
    Ok(true)
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
        let Some(text) = ask(input, out, "move (bowl colour, e.g. `0 g`; empty line or q: back to the menu)> ")? else {
            return Ok(false);
        };
        if text.is_empty() || text == "q" {
            writeln!(out, "no move done")?;
            return Ok(true);
        }
        let Some(mv) = Move::parse(&text) else {
            let last = game.rules().bowls.saturating_sub(1);
            writeln!(
                out,
                "`{}` is not a move: expected a bowl number from 0 to {last} and g or b, e.g. `0 g`",
                excerpt(&text)
            )?;
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
        writeln!(out, "{mv} is not legal here: {}", why_illegal(game, mv))?;
    }
}

/// Why `mv` is not legal in `game`, in one sentence (the menu's and the web board's reason).
pub fn why_illegal(game: &Game, mv: Move) -> String {
    let (rules, pos) = (game.rules(), game.position());
    let bowl = usize::from(mv.bowl);
    let color = if mv.color == Color::Yellow { "yellow (g)" } else { "blue (b)" };
    if bowl >= rules.bowls {
        return format!("bowl {bowl} does not exist (the bowls are 0 to {})", rules.bowls - 1);
    }
    let k = pos.bowl(bowl, mv.color);
    if k == 0 {
        return format!("bowl {bowl} holds no {color} tiles");
    }
    format!(
        "no row of player {} can take all {k} {color} tiles of bowl {bowl}: the row must be empty, or hold {color} \
         tiles with at least {k} free cells (rows hold {} cells)",
        pos.to_move(),
        rules.row_len
    )
}

fn undo(game: &mut Game, out: &mut dyn Write) -> Result<bool> {
    if game.undo() {
        writeln!(out, "undone; {} move(s) left to undo\n{}", game.moves_done(), game.render())?;
    } else {
        writeln!(out, "nothing to undo: this is the loaded position")?;
    }
    Ok(true)
}

/// Reports a stopped search; the menu goes on with the position unchanged. Ctrl-C is
/// forgotten ([`clear_interrupt`]) so that the next search runs.
fn stopped(stop: Stopped, s: &Settings, out: &mut dyn Write) -> Result<bool> {
    match stop {
        Stopped::Interrupted => {
            clear_interrupt();
            writeln!(out, "stopped by Ctrl-C; the position is unchanged")?;
        }
        Stopped::TimeLimit => writeln!(out, "stopped: {}", s.timeout_text())?,
        Stopped::Memory => writeln!(out, "stopped: {}", s.budget().error(stop))?,
    }
    Ok(true)
}

fn best(game: &Game, s: &Settings, out: &mut dyn Write) -> Result<bool> {
    let budget = s.budget();
    let status = SearchStatus::start("besteScore", budget.live_counter());
    let (r, time) = timed(|| best_score_with(game.rules(), game.position(), &budget, s.threads > 1));
    drop(status);
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
        Err(e) => stopped(e, s, out),
    }
}

fn good(game: &Game, s: &Settings, out: &mut dyn Write) -> Result<bool> {
    let budget = s.budget();
    let status = SearchStatus::start("good move", budget.live_counter());
    let g = good_move(game.rules(), game.position(), s.sims, s.seed, &budget);
    drop(status);
    match g {
        Ok(g) => writeln!(
            out,
            "good move {} ({} sims, seed {}): averages {}",
            g.move_text(),
            s.sims,
            s.seed,
            g.averages_text()
        )?,
        Err(e) => return stopped(e, s, out),
    }
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
    let live = Budget::unlimited().live_counter();
    let budget = || {
        let mut b = s.budget();
        b.share_counter(std::sync::Arc::clone(&live));
        b
    };
    let status = SearchStatus::start("undo sweep", std::sync::Arc::clone(&live));
    let played = sweep(game, s.sims, s.seed, &budget, s.threads > 1, &mut |row| match row.figures(10, 3) {
        Some(cells) => lines.push(format!("{:>7} {cells}", row.undone)),
        None => {
            interrupted |= row.interrupted();
            lines.push(format!("{:>7} stopped: {}", row.undone, s.timeout_text()));
        }
    });
    drop(status);
    if interrupted {
        return stopped(Stopped::Interrupted, s, out);
    }
    let played = match played {
        Ok(played) => played,
        Err(e) => return stopped(e, s, out),
    };
    for l in lines {
        writeln!(out, "{l}")?;
    }
    writeln!(out, "(good game of {played} moves from this position; the game itself is unchanged)")?;
    Ok(true)
}

fn matches(game: &Game, s: &Settings, out: &mut dyn Write) -> Result<bool> {
    let mover = game.position().to_move();
    for (who, good_player) in [("good", mover), ("best", mover ^ 1)] {
        let live = Budget::unlimited().live_counter();
        let budget = || {
            let mut b = s.budget();
            b.share_counter(std::sync::Arc::clone(&live));
            b
        };
        let status = SearchStatus::start("good vs best", std::sync::Arc::clone(&live));
        let played = play_match(game, good_player, s.sims, s.seed, &budget, s.threads > 1);
        drop(status);
        match played {
            Ok(m) => writeln!(
                out,
                "{who} moves first (good is player {good_player}): good's final score {} after {} moves: {}",
                m.good_score, m.moves, m.transcript
            )?,
            Err(Stopped::Interrupted) => return stopped(Stopped::Interrupted, s, out),
            Err(e) => {
                stopped(e, s, out)?;
            }
        }
    }
    Ok(true)
}
