//! The assignment's text program: before each game the user gives the board (m, n, r), their
//! colour and the computer's mode; the board with coordinates and piece counts is shown
//! after every turn; at their move the user may enter a move, `undo` (their last move and
//! the computer's reply, back to the start), `count` (continuation games), `moves`,
//! `help` or `quit`. Bad input gets the reason, the legal moves and the prompt again;
//! end of input ends cleanly. Games can be played in a row.

use std::io::{self, BufRead, Write};

use super::by_size::{count_memo_walking_first, geometry, with_bits};
use super::count::CountStop;
use super::count_job::count_line;
use super::game::{board_text, stuck, Game, Outcome};
use super::geometry::Wide;
use super::geometry::{width_for, BoardSize, Color, Width};

use super::moves::parse_move;
use super::players::{choose_move, PlayerKind};
use crate::base::limits::{Limits, TimeLimit};
use crate::base::lines::{read_line, LineTooLong};
use crate::base::text::excerpt;
use crate::experiment::args::default_memo_mb;
use crate::search::bits::Bits;
use crate::search::budget::clear_interrupt;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::job::JobEnd;
use crate::search::rng::{seeded, Rng};

/// Settings that hold for the whole session.
#[derive(Debug, Clone)]
pub struct TextOptions {
    /// Seed of the computer's random choices (each game continues the same generator).
    pub seed: u64,
    /// Draw rule in plies (0: none).
    pub draw_plies: u32,
    /// Time limit of a `count` request.
    pub count_limit: TimeLimit,
    /// Answers given on the command line for the first game (the rest are asked).
    pub first_game: Preset,
}

/// Setup answers given in advance (`--board`, `--color`, `--computer`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Preset {
    /// The board.
    pub size: Option<BoardSize>,
    /// The human's colour.
    pub human: Option<Color>,
    /// The computer's player.
    pub computer: Option<PlayerKind>,
}

/// One game's setup, as asked before the game.
#[derive(Debug, Clone, Copy)]
struct Setup {
    size: BoardSize,
    human: Color,
    computer: PlayerKind,
}

enum End {
    /// The game finished or the user chose to go on to the next question.
    Finished,
    /// `quit` or end of input.
    Quit,
}

/// Reads trimmed lines; `None` at end of input, `Some(Err(_))` for a line over
/// [`MAX_LINE_BYTES`](crate::base::lines::MAX_LINE_BYTES) (skipped). Bytes that are not
/// UTF-8 become U+FFFD, so such a line is refused like any other bad answer and the prompt
/// comes again.
struct Lines<R> {
    input: R,
}

impl<R: BufRead> Lines<R> {
    fn next(&mut self) -> io::Result<Option<Result<String, LineTooLong>>> {
        Ok(read_line(&mut self.input)?.map(|line| line.map(|bytes| String::from_utf8_lossy(&bytes).trim().to_string())))
    }
}

/// Runs the text program on `input` / `out` until `quit` or end of input.
pub fn run<R: BufRead, W: Write>(input: R, out: &mut W, opts: &TextOptions) -> io::Result<()> {
    let mut lines = Lines { input };
    let mut rng = seeded(opts.seed);
    writeln!(out, "Checkers on an m x n board. Black moves first, upwards. Type `help` at your move.")?;
    let mut preset = opts.first_game;
    while let Some(setup) = ask_setup(&mut lines, out, std::mem::take(&mut preset))? {
        let end = with_bits!(setup.size, B => play_one::<B, R, W>(&mut lines, out, setup, opts, &mut rng)?);
        if matches!(end, End::Quit) {
            break;
        }
        match ask(&mut lines, out, "Play another game? (y/n): ", |t| match t.to_ascii_lowercase().as_str() {
            "y" | "yes" => Ok(true),
            "n" | "no" => Ok(false),
            _ => Err("answer y or n".to_string()),
        })? {
            Some(true) => continue,
            _ => break,
        }
    }
    writeln!(out, "Bye.")?;
    Ok(())
}

/// Asks until `parse` accepts the answer; `None` at end of input.
fn ask<R: BufRead, W: Write, T>(
    lines: &mut Lines<R>,
    out: &mut W,
    prompt: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> io::Result<Option<T>> {
    loop {
        write!(out, "{prompt}")?;
        out.flush()?;
        let Some(line) = lines.next()? else { return Ok(None) };
        match line.map_err(|e| e.to_string()).and_then(|l| parse(&l)) {
            Ok(v) => return Ok(Some(v)),
            Err(e) => writeln!(out, "{e}")?,
        }
    }
}

fn parse_size(text: &str) -> Result<BoardSize, String> {
    let nums: Vec<&str> = text.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).collect();
    if nums.len() != 3 {
        return Err("give three numbers: rows m, columns n and rows of men r, like `8 8 3`".to_string());
    }
    let n: Vec<u32> = nums.iter().map(|s| s.parse().unwrap_or(u32::MAX)).collect();
    BoardSize::new(n[0], n[1], n[2])
}

/// Parses `black`/`b` or `white`/`w`.
pub fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        other => Err(format!("`{}` is not a colour: answer black or white", excerpt(other))),
    }
}

/// The setup of the next game: the `preset` answers, the others asked.
fn ask_setup<R: BufRead, W: Write>(lines: &mut Lines<R>, out: &mut W, preset: Preset) -> io::Result<Option<Setup>> {
    let size = match preset.size {
        Some(s) => s,
        None => match ask(lines, out, "Board: rows m, columns n, rows of men r (e.g. 8 8 3): ", parse_size)? {
            Some(s) => s,
            None => return Ok(None),
        },
    };
    let human = match preset.human {
        Some(c) => c,
        None => match ask(lines, out, "Your colour, black or white (black moves first): ", parse_color)? {
            Some(c) => c,
            None => return Ok(None),
        },
    };
    let computer = match preset.computer {
        Some(k) => k,
        None => match ask(lines, out, "Computer plays (1) random or (2) strategy: ", |t| t.parse::<PlayerKind>())? {
            Some(k) => k,
            None => return Ok(None),
        },
    };
    Ok(Some(Setup { size, human, computer }))
}

const HELP: &str = "commands: a move like c3-d4 or c3xe5xg7 (a multi-jump in full), undo, count, moves, help, quit";

fn play_one<B: Bits, R: BufRead, W: Write>(
    lines: &mut Lines<R>,
    out: &mut W,
    setup: Setup,
    opts: &TextOptions,
    rng: &mut Rng,
) -> io::Result<End> {
    let g = geometry::<B>(setup.size);
    let mut game = Game::new(g.clone(), opts.draw_plies);
    writeln!(
        out,
        "New game on {}: you play {}, the computer ({}) plays {}.",
        setup.size,
        setup.human.name(),
        setup.computer,
        setup.human.other().name()
    )?;
    write!(out, "{}", board_text(&g, game.position()))?;
    loop {
        match game.outcome() {
            Outcome::Won(c) => {
                let who = if c == setup.human { "you win" } else { "the computer wins" };
                writeln!(out, "Game over: {}, {} wins ({who}).", stuck(game.position(), c.other()), c.name())?;
                return Ok(End::Finished);
            }
            Outcome::Drawn => {
                writeln!(out, "Game over: draw, {} plies without a capture or a man move.", game.quiet_plies())?;
                return Ok(End::Finished);
            }
            Outcome::Ongoing => {}
        }
        if game.side() != setup.human {
            let mv = choose_move(&g, game.position(), setup.computer, rng).expect("ongoing game has a move");
            writeln!(out, "Computer ({}) plays {}.", game.side().name(), mv.text(&g))?;
            game.play(&mv).expect("computer plays legal moves");
            write!(out, "{}", board_text(&g, game.position()))?;
            continue;
        }
        write!(out, "{} to move> ", game.side().name())?;
        out.flush()?;
        let Some(line) = lines.next()? else { return Ok(End::Quit) };
        let line = match line {
            Ok(line) => line,
            Err(too_long) => {
                writeln!(out, "{too_long}")?;
                continue;
            }
        };
        match line.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "q" => return Ok(End::Quit),
            "help" | "h" | "?" => writeln!(out, "{HELP}")?,
            "moves" | "m" => writeln!(out, "legal moves: {}", legal_list(&game))?,
            "undo" | "u" => {
                if undo_turn(&mut game, setup.human) {
                    writeln!(out, "Taken back.")?;
                    write!(out, "{}", board_text(&g, game.position()))?;
                } else {
                    writeln!(out, "Nothing to undo: you have not moved yet.")?;
                }
            }
            "count" | "c" => report_count(out, &game, opts)?,
            _ => match parse_move(&g, game.position(), game.legal(), &line) {
                Ok(mv) => {
                    game.play(&mv).expect("parsed moves are legal");
                    writeln!(out, "You play {}.", mv.text(&g))?;
                    if game.outcome() != Outcome::Ongoing || game.side() == setup.human {
                        write!(out, "{}", board_text(&g, game.position()))?;
                    }
                }
                Err(reason) => {
                    writeln!(out, "{reason}")?;
                    writeln!(out, "legal moves: {}", legal_list(&game))?;
                }
            },
        }
    }
}

fn legal_list<B: Bits>(game: &Game<B>) -> String {
    let mut v: Vec<String> = game.legal().iter().map(|m| m.text(&game.geometry)).collect();
    v.sort();
    v.join(" ")
}

/// Whether [`undo_turn`] would take a move back: the human (`human`, in a game that
/// began with Black to move) has made a move.
pub fn can_undo_turn<B: Bits>(game: &Game<B>, human: Color) -> bool {
    let first_human_ply = if human == Color::Black { 1 } else { 2 };
    game.plies() >= first_human_ply
}

/// Takes back the human's last move and the computer's reply after it; `false` if the
/// human has not moved yet.
pub fn undo_turn<B: Bits>(game: &mut Game<B>, human: Color) -> bool {
    if !can_undo_turn(game, human) {
        return false;
    }
    loop {
        let mover = game.side().other();
        game.undo();
        if mover == human {
            return true;
        }
    }
}

fn report_count<B: Bits, W: Write>(out: &mut W, game: &Game<B>, opts: &TextOptions) -> io::Result<()> {
    writeln!(out, "{}", count_text(game, opts.count_limit))
}

/// The continuation count from the game's position (memoised, at most `limit`), as one
/// line: the games and their split, or why the count did not finish.
pub fn count_text<B: Bits>(game: &Game<B>, limit: TimeLimit) -> String {
    let budget = Budget::start(&Limits::of_time(Some(limit)));
    let start = std::time::Instant::now();
    let end = match count_memo_walking_first(&game.geometry, game.position(), default_memo_mb(), false, &budget) {
        Ok(c) => JobEnd::Done(c, start.elapsed().as_secs_f64()),
        Err(CountStop::Stopped(s)) => {
            if s == Stopped::Interrupted {
                clear_interrupt();
            }
            JobEnd::Stopped(budget.error(s).to_string())
        }
        Err(e) => JobEnd::Stopped(e.to_string()),
    };
    count_line(&end)
}
