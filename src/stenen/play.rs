//! `harness play stenen H B FILE`: the assignment's menu program on stdin/stdout.
//!
//! Each line is one command (a menu number or its word, then its arguments). Bad input
//! gets a one-line reason and the prompt again; end of input ends the program cleanly.

use std::io::{BufRead, Write};

use super::board::{Board, Placement};
use super::outcome::{cell_mismatch, Mode};
use super::rules::Puzzle;
use super::stone::ORIENTATIONS;

use crate::base::error::Error;
use crate::base::error::Result;
use crate::base::limits::{Limits, TimeLimit};
use crate::base::lines::read_line;
use crate::base::machine::default_threads;
use crate::base::text::{count_of, excerpt};
use crate::experiment::progress::SearchStatus;
use crate::search::budget::{clear_interrupt, Budget, Stopped};
use crate::search::pool::in_pool;
use crate::search::timing::timed;

const MENU: &str = "\
Menu (type the number or the word):
  1 show            show the board
  2 place R C S O   place stone S in orientation O, box top-left at (R,C); e.g. place (0,3,1,3)
  3 remove S        take stone S off the board
  4 stones          list the stones with their eight orientations drawn
  5 find [MODE]     find a tiling from this board; MODE dumb, smart (default) or fast
  6 count [MODE]    count the tilings from this board; MODE dumb, smart (default) or fast
  7 help            show this menu
  8 load FILE       read another stones file (same board size, empty board)
  0 quit            end the program
A search runs until it finishes, its time limit (--time-limit) passes, or Ctrl-C stops it;
the board stays as it was.";

/// The terminal menu in play: the puzzle, the current board and the searches' time limit.
pub struct Menu {
    game: Puzzle,
    board: Board,
    time_limit: Option<TimeLimit>,
}

impl Menu {
    /// The menu on the empty board of `game`; searches stop after `time_limit` (`None`:
    /// only Ctrl-C stops them).
    pub fn new(game: Puzzle, time_limit: Option<TimeLimit>) -> Menu {
        let board = Board::empty(&game);
        Menu { game, board, time_limit }
    }

    fn describe(&self, out: &mut dyn Write) -> Result<()> {
        writeln!(
            out,
            "Stenen leggen: {}x{} board, {}",
            self.game.height,
            self.game.width,
            count_of(self.game.stone_count() as u64, "stone")
        )?;
        if let Some((stones, empty)) = cell_mismatch(&self.game, &Board::empty(&self.game)) {
            writeln!(
                out,
                "note: the stones cover {}, the board has {empty}: no tiling exists",
                count_of(stones as u64, "cell")
            )?;
        }
        Ok(())
    }

    /// Reads commands from `input` until `quit` or end of input, answering on `out`.
    /// A line that is not UTF-8 text, or longer than
    /// [`MAX_LINE_BYTES`](crate::base::lines::MAX_LINE_BYTES), is refused and the prompt
    /// comes again.
    pub fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
        self.describe(out)?;
        writeln!(out, "{MENU}")?;
        loop {
            write!(out, "> ")?;
            out.flush()?;
            let bytes = match read_line(input)? {
                None => {
                    writeln!(out, "\nend of input; bye")?;
                    return Ok(());
                }
                Some(Err(too_long)) => {
                    writeln!(out, "{too_long}")?;
                    continue;
                }
                Some(Ok(bytes)) => bytes,
            };
            let Ok(line) = std::str::from_utf8(&bytes) else {
                writeln!(out, "that line is not UTF-8 text; type a command (`help` shows the menu)")?;
                continue;
            };
            match self.command(line.trim(), out) {
                Ok(true) => {
                    writeln!(out, "bye")?;
                    return Ok(());
                }
                Ok(false) => {}
                Err(Error::Input(e)) => writeln!(out, "{e}")?,
                Err(e) => return Err(e),
            }
        }
    }

    /// Runs one command line; `Ok(true)` means quit.
    fn command(&mut self, line: &str, out: &mut dyn Write) -> Result<bool> {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "1" | "show" => write!(out, "{}", self.board)?,
            "2" | "place" => self.place(rest, out)?,
            "3" | "remove" => self.remove(rest, out)?,
            "4" | "stones" => self.list_stones(out)?,
            "5" | "find" => self.find(parse_mode(rest)?, out)?,
            "6" | "count" => self.count(parse_mode(rest)?, out)?,
            "7" | "help" | "?" => writeln!(out, "{MENU}")?,
            "8" | "load" => self.load(rest, out)?,
            "0" | "quit" | "exit" | "q" => return Ok(true),
            other => return Err(bad(format!("unknown command `{}`; type `help` for the menu", excerpt(other)))),
        }
        Ok(false)
    }

    fn load(&mut self, args: &str, out: &mut dyn Write) -> Result<()> {
        if args.is_empty() {
            return Err(bad("expected a stones file after `load`, e.g. `load instances/stenen/stenen1.in`"));
        }
        self.game = super::rules::load_puzzle(self.game.height, self.game.width, std::path::Path::new(args))?;
        self.board = Board::empty(&self.game);
        writeln!(out, "read {args}")?;
        self.describe(out)
    }

    /// A budget for one search: the session's time limit, Ctrl-C forgotten from before.
    fn budget(&self) -> Budget {
        clear_interrupt();
        Budget::start(&Limits::of_time(self.time_limit))
    }

    /// Says why a search stopped; a Ctrl-C is handled here, so the next one stops the next
    /// search (a second Ctrl-C while this one was stopping quits the program).
    fn stopped(&self, s: Stopped, budget: &Budget, out: &mut dyn Write) -> Result<()> {
        clear_interrupt();
        match s {
            Stopped::Interrupted => writeln!(out, "search stopped (Ctrl-C); the board is as it was")?,
            Stopped::TimeLimit | Stopped::Memory => writeln!(out, "{}; the board is as it was", budget.error(s))?,
        }
        Ok(())
    }

    fn place(&mut self, args: &str, out: &mut dyn Write) -> Result<()> {
        let p: Placement = args.parse().map_err(bad)?;
        self.board.place(&self.game, p).map_err(|e| bad(format!("cannot place {p}: {e}")))?;
        writeln!(out, "placed {p}")?;
        write!(out, "{}", self.board)?;
        Ok(())
    }

    fn remove(&mut self, args: &str, out: &mut dyn Write) -> Result<()> {
        let stone: usize = args
            .parse()
            .map_err(|_| bad(format!("expected a stone number after `remove`, got `{}`", excerpt(args))))?;
        let p = self.board.remove(stone).map_err(bad)?;
        writeln!(out, "took stone {stone} off (it was at {p})")?;
        write!(out, "{}", self.board)?;
        Ok(())
    }

    fn list_stones(&self, out: &mut dyn Write) -> Result<()> {
        for (i, stone) in self.game.stones.iter().enumerate() {
            let status = if self.board.is_placed(i + 1) { "on the board" } else { "unplaced" };
            let same = (0..i).find(|&j| self.game.class_of[j] == self.game.class_of[i]);
            let class = same.map_or(String::new(), |j| format!(", identical to stone {}", j + 1));
            writeln!(out, "stone {} ({}, {status}{class}):", i + 1, count_of(stone.size() as u64, "cell"))?;
            let drawn: Vec<Vec<String>> = stone.orientations.iter().map(|s| s.draw()).collect();
            let header: Vec<String> = (0..ORIENTATIONS)
                .map(|o| if stone.distinct.contains(&o) { format!("{o}") } else { format!("{o}=") })
                .collect();
            writeln!(out, "  {}", header.iter().map(|h| format!("{h:<7}")).collect::<String>().trim_end())?;
            let height = drawn.iter().map(Vec::len).max().unwrap_or(0);
            for r in 0..height {
                let row: String = drawn.iter().map(|d| format!("{:<7}", d.get(r).map_or("", String::as_str))).collect();
                writeln!(out, "  {}", row.trim_end())?;
            }
        }
        writeln!(out, "(`o=`: same cells as a lower orientation, skipped by the searches)")?;
        Ok(())
    }

    fn find(&self, mode: Mode, out: &mut dyn Write) -> Result<()> {
        if self.report_mismatch(out)? {
            return Ok(());
        }
        let budget = self.budget();
        let status = SearchStatus::start(&format!("find {}", mode.name()), budget.live_counter());
        let (r, time) = timed(|| super::find(&self.game, &self.board, mode, &budget));
        drop(status);
        let f = match r {
            Ok(f) => f,
            Err(s) => return self.stopped(s, &budget, out),
        };
        match f.board {
            Some(cells) => {
                writeln!(out, "a solution ({} search):", mode.name())?;
                write!(out, "{}", Board::from_cells(&self.game, cells))?;
            }
            None => writeln!(out, "no solution from this board")?,
        }
        writeln!(out, "positions: {}, seconds: {:.3}", f.positions, time.as_secs_f64())?;
        Ok(())
    }

    fn count(&self, mode: Mode, out: &mut dyn Write) -> Result<()> {
        if self.report_mismatch(out)? {
            return Ok(());
        }
        let threads = default_threads();
        let budget = self.budget();
        let status = SearchStatus::start(&format!("count {}", mode.name()), budget.live_counter());
        let (r, time) =
            in_pool(threads, || timed(|| super::count(&self.game, &self.board, mode, threads > 1, &budget)));
        drop(status);
        let c = match r {
            Ok(c) => c,
            Err(s) => return self.stopped(s, &budget, out),
        };
        writeln!(
            out,
            "solutions: {} distinct (identical stones interchangeable), {} labelled",
            c.distinct, c.labelled
        )?;
        writeln!(out, "positions: {}, seconds: {:.3} ({} search)", c.positions, time.as_secs_f64(), mode.name())?;
        Ok(())
    }

    fn report_mismatch(&self, out: &mut dyn Write) -> Result<bool> {
        match cell_mismatch(&self.game, &self.board) {
            Some((stones, empty)) => {
                writeln!(out, "no solution: {stones} cells of stones, {empty} empty cells (positions: 0)")?;
                Ok(true)
            }
            None => Ok(false),
        }
    }
}

fn parse_mode(text: &str) -> Result<Mode> {
    match text.to_ascii_lowercase().as_str() {
        "" | "smart" => Ok(Mode::Smart),
        "dumb" => Ok(Mode::Dumb),
        "fast" => Ok(Mode::Fast),
        other => Err(bad(format!("unknown mode `{}`, expected dumb, smart or fast", excerpt(other)))),
    }
}

fn bad(msg: impl Into<String>) -> Error {
    Error::Input(crate::base::error::InputError::new(msg))
}
