//! The assignment's interactive game: a human (moving first) against the computer, in the
//! assignment's sample-transcript format.
//!
//! ```text
//! *** Game of Nim ***
//! Number of heaps: 3
//! Maximal number of sticks that can be taken in one move: 3
//! Heaps: 10 11 11
//! Your move: 0 2
//! Heaps: 8 11 11
//! Taking 1 from heap 0
//! ...
//! Your move: 2 3
//! Congratulations!
//! ```
//! The game itself (position, the computer's replies, the transcript's lines) is the
//! folder's [`Session`], which the web board plays as well. Questions fixed by flags are
//! not asked. When the input is not a terminal, each line
//! read is echoed after its prompt, so a piped session prints the same transcript as a
//! typed one. Bad input gets a one-line reason and the prompt again; end of input ends the
//! game with a short message.

use std::io::{BufRead, Write};

use rand::Rng;

use super::position::{heap_numbers, take_range, IllegalMove, Move, Position, MAX_HEAPS, MAX_STICKS};
use super::session::Session;
pub use super::session::{Outcome, ASK_MOVE, COMPUTER_WINS, HUMAN_WINS};
use crate::base::lines::{read_line, MAX_LINE_BYTES};

/// Heap sizes are drawn uniformly from `1..=HEAP_DRAW_MAX` (the seed leaves the range open).
pub const HEAP_DRAW_MAX: u32 = 20;

/// The first line of the game.
pub const BANNER: &str = "*** Game of Nim ***";
/// The question for the number of heaps.
pub const ASK_HEAPS: &str = "Number of heaps: ";
/// The question for `maxtake`.
pub const ASK_MAXTAKE: &str = "Maximal number of sticks that can be taken in one move: ";
/// The reason given for a line that is not UTF-8 text.
pub const NOT_TEXT: &str = "That line is not text (it has bytes that are not UTF-8); please type it again.";
/// What end of input prints.
pub const END_OF_INPUT: &str = "End of input: game abandoned.";

/// What the game needs besides its input and output.
#[derive(Debug, Clone, Default)]
pub struct GameSetup {
    /// Fixed heap sizes (the number-of-heaps question is then not asked).
    pub heaps: Option<Vec<u32>>,
    /// Fixed `maxtake` (its question is then not asked).
    pub maxtake: Option<u32>,
    /// Echo each line read after its prompt (for piped input).
    pub echo: bool,
}

/// `n` heap sizes drawn uniformly from `1..=HEAP_DRAW_MAX`.
pub fn draw_heaps<R: Rng + ?Sized>(n: usize, rng: &mut R) -> Vec<u32> {
    (0..n).map(|_| rng.random_range(1..=HEAP_DRAW_MAX)).collect()
}

/// Line-based terminal I/O with prompts, echo and end of input.
struct Console<'a, I: BufRead, O: Write> {
    input: I,
    output: &'a mut O,
    echo: bool,
}

impl<I: BufRead, O: Write> Console<'_, I, O> {
    /// Prints `prompt` and reads one line (without its line end): `None` at end of input,
    /// `Some(Err(reason))` for a line that is not UTF-8 text or is longer than
    /// [`MAX_LINE_BYTES`] (asked again by the caller, never the end of the game; an
    /// over-long line is not echoed).
    fn ask(&mut self, prompt: &str) -> std::io::Result<Option<Result<String, String>>> {
        write!(self.output, "{prompt}")?;
        self.output.flush()?;
        let mut bytes = match read_line(&mut self.input)? {
            None => {
                writeln!(self.output)?;
                return Ok(None);
            }
            Some(Err(_)) => {
                if self.echo {
                    writeln!(self.output)?;
                }
                return Ok(Some(Err(format!(
                    "That line is longer than {MAX_LINE_BYTES} bytes; please type a shorter one."
                ))));
            }
            Some(Ok(bytes)) => bytes,
        };
        while bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        if self.echo {
            writeln!(self.output, "{}", String::from_utf8_lossy(&bytes))?;
        }
        Ok(Some(String::from_utf8(bytes).map_err(|_| NOT_TEXT.to_string())))
    }

    /// Asks until `parse` accepts the answer (printing its one-line reason otherwise).
    fn ask_until<T>(&mut self, prompt: &str, parse: impl Fn(&str) -> Result<T, String>) -> std::io::Result<Option<T>> {
        loop {
            let Some(line) = self.ask(prompt)? else { return Ok(None) };
            match line.and_then(|l| parse(&l)) {
                Ok(v) => return Ok(Some(v)),
                Err(reason) => writeln!(self.output, "{reason}")?,
            }
        }
    }

    fn say(&mut self, text: impl std::fmt::Display) -> std::io::Result<()> {
        writeln!(self.output, "{text}")
    }
}

/// One whole number in `low..=high`, or the reason it is not.
fn parse_number(line: &str, what: &str, low: u32, high: u32) -> Result<u32, String> {
    let reason = || format!("Please type one whole number from {low} to {high} for the {what}.");
    let mut words = line.split_whitespace();
    match (words.next(), words.next()) {
        (Some(word), None) => word.parse::<u32>().ok().filter(|v| (low..=high).contains(v)).ok_or_else(reason),
        _ => Err(reason()),
    }
}

/// A typed move `heap count`, checked against `position`, or the one-line reason it is
/// refused (not two integers, no such heap, empty heap, count out of range).
pub fn parse_move(line: &str, position: &Position) -> Result<Move, String> {
    const TWO_NUMBERS: &str =
        "Please type two whole numbers: the heap (numbered from 0) and the number of sticks, like `0 2`.";
    let words: Vec<&str> = line.split_whitespace().collect();
    let [heap_text, count_text] = words[..] else { return Err(TWO_NUMBERS.into()) };
    let (Ok(heap), Ok(count)) = (heap_text.parse::<i64>(), count_text.parse::<i64>()) else {
        return Err(TWO_NUMBERS.into());
    };
    let heaps = position.len();
    if heap < 0 || heap >= heaps as i64 {
        return Err(format!("There is no heap {heap}: {}.", heap_numbers(heaps)));
    }
    let heap = heap as usize;
    let mv = Move::new(heap, u32::try_from(count).unwrap_or(0));
    match position.check(mv) {
        Ok(()) => Ok(mv),
        Err(IllegalMove::EmptyHeap { .. }) => Err(format!("Heap {heap} is empty: choose another heap.")),
        Err(IllegalMove::BadCount { most, .. }) => {
            Err(format!("Cannot take {count} from heap {heap}: {}.", take_range(most)))
        }
        Err(e @ IllegalMove::NoSuchHeap { .. }) => Err(format!("{e}.")),
    }
}

/// Plays one game on `input`/`output`; `rng` draws the heaps (unless fixed) and the
/// computer's choices. Returns how it ended; I/O errors are passed on.
pub fn play_game<I: BufRead, O: Write, R: Rng + ?Sized>(
    setup: &GameSetup,
    input: I,
    output: &mut O,
    rng: &mut R,
) -> std::io::Result<Outcome> {
    let mut console = Console { input, output, echo: setup.echo };
    console.say(BANNER)?;
    let heap_count = match &setup.heaps {
        Some(h) => h.len(),
        None => {
            let ask = console.ask_until(ASK_HEAPS, |l| parse_number(l, "number of heaps", 1, MAX_HEAPS as u32))?;
            let Some(n) = ask else { return end_of_input(&mut console) };
            n as usize
        }
    };
    let maxtake = match setup.maxtake {
        Some(m) => m,
        None => {
            let ask =
                console.ask_until(ASK_MAXTAKE, |l| parse_number(l, "move limit (0: any number)", 0, MAX_STICKS))?;
            let Some(m) = ask else { return end_of_input(&mut console) };
            m
        }
    };
    let heaps = setup.heaps.clone().unwrap_or_else(|| draw_heaps(heap_count, rng));
    let position = Position::new(&heaps, maxtake).map_err(|e| std::io::Error::other(e.message))?;
    let mut session = Session::new(position);
    let mut shown = 0;
    loop {
        shown = show(&mut console, &session, shown)?;
        if let Some(outcome) = session.outcome() {
            return Ok(outcome);
        }
        let Some(mv) = console.ask_until(ASK_MOVE, |l| parse_move(l, session.position()))? else {
            return end_of_input(&mut console);
        };
        session.play(mv, rng);
    }
}

/// Prints the session's transcript from line `from` on, except the human's moves (the
/// prompt and the typed line already show them); the number of lines it has.
fn show<I: BufRead, O: Write>(
    console: &mut Console<'_, I, O>,
    session: &Session,
    from: usize,
) -> std::io::Result<usize> {
    let lines = session.transcript();
    for line in lines.iter().skip(from).filter(|l| !l.starts_with(ASK_MOVE)) {
        console.say(line)?;
    }
    Ok(lines.len())
}

fn end_of_input<I: BufRead, O: Write>(console: &mut Console<'_, I, O>) -> std::io::Result<Outcome> {
    console.say(END_OF_INPUT)?;
    Ok(Outcome::EndOfInput)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::rng::seeded;

    /// The assignment's sample game, verbatim (instances/nim/seed_transcript.txt).
    pub const TRANSCRIPT: &str = include_str!("../../instances/nim/seed_transcript.txt");
    /// The seed with which 3 drawn heaps are 10 11 11, as in the transcript.
    const TRANSCRIPT_SEED: u64 = 923;

    /// The human's lines of the transcript: what follows each prompt.
    fn typed(transcript: &str) -> String {
        transcript
            .lines()
            .filter_map(|l| [ASK_HEAPS, ASK_MAXTAKE, ASK_MOVE].iter().find_map(|p| l.strip_prefix(p)))
            .map(|answer| format!("{answer}\n"))
            .collect()
    }

    fn run(setup: &GameSetup, input: &str, seed: u64) -> (String, Outcome) {
        let mut out = Vec::new();
        let outcome = play_game(setup, input.as_bytes(), &mut out, &mut seeded(seed)).unwrap();
        (String::from_utf8(out).unwrap(), outcome)
    }

    #[test]
    fn an_over_long_line_is_refused_and_the_question_asked_again() {
        let long = "9".repeat(crate::base::lines::MAX_LINE_BYTES + 1);
        let setup = GameSetup { heaps: Some(vec![1]), maxtake: Some(0), echo: false };
        let (out, outcome) = run(&setup, &format!("{long}\n0 1\n"), 1);
        assert_eq!(outcome, Outcome::HumanWon);
        assert!(
            out.contains("Your move: That line is longer than 4096 bytes; please type a shorter one.\nYour move: "),
            "{out}"
        );
        assert!(!out.contains(&long[..100]), "{out}");
    }

    #[test]
    fn seed_draws_the_transcript_heaps() {
        assert_eq!(draw_heaps(3, &mut seeded(TRANSCRIPT_SEED)), [10, 11, 11]);
    }

    #[test]
    fn replays_the_seed_transcript_exactly() {
        let setup = GameSetup { echo: true, ..GameSetup::default() };
        let (out, outcome) = run(&setup, &typed(TRANSCRIPT), TRANSCRIPT_SEED);
        assert_eq!(out, TRANSCRIPT);
        assert_eq!(outcome, Outcome::HumanWon);
    }

    #[test]
    fn fixed_heaps_and_maxtake_skip_their_questions() {
        let setup = GameSetup { heaps: Some(vec![10, 11, 11]), maxtake: Some(3), echo: true };
        let moves: String = typed(TRANSCRIPT).lines().skip(2).map(|l| format!("{l}\n")).collect();
        let (out, outcome) = run(&setup, &moves, 1);
        let expected: String = TRANSCRIPT
            .lines()
            .filter(|l| !l.starts_with("Number") && !l.starts_with("Maximal"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(out, expected);
        assert_eq!(outcome, Outcome::HumanWon);
    }

    #[test]
    fn bad_input_gets_a_reason_and_the_prompt_again() {
        let setup = GameSetup { heaps: Some(vec![0, 2, 5]), maxtake: Some(3), echo: false };
        let input = "x\n1\n1 2 3\n3 1\n-1 1\n0 1\n1 0\n1 3\n2 4\n2 -1\n";
        let (out, outcome) = run(&setup, input, 1);
        let reasons: Vec<&str> = out.split(ASK_MOVE).skip(1).map(str::trim_end).collect();
        assert_eq!(
            reasons,
            [
                "Please type two whole numbers: the heap (numbered from 0) and the number of sticks, like `0 2`.",
                "Please type two whole numbers: the heap (numbered from 0) and the number of sticks, like `0 2`.",
                "Please type two whole numbers: the heap (numbered from 0) and the number of sticks, like `0 2`.",
                "There is no heap 3: heaps are numbered from 0 to 2.",
                "There is no heap -1: heaps are numbered from 0 to 2.",
                "Heap 0 is empty: choose another heap.",
                "Cannot take 0 from heap 1: take from 1 to 2 sticks.",
                "Cannot take 3 from heap 1: take from 1 to 2 sticks.",
                "Cannot take 4 from heap 2: take from 1 to 3 sticks.",
                "Cannot take -1 from heap 2: take from 1 to 3 sticks.",
                "\nEnd of input: game abandoned.",
            ]
        );
        assert_eq!(outcome, Outcome::EndOfInput);
    }

    #[test]
    fn bad_setup_answers_are_asked_again() {
        let (out, _) = run(&GameSetup::default(), "0\nthree\n65\n2\n-1\n1 2\n2\n", 4);
        assert_eq!(out.matches("Please type one whole number from 1 to 64 for the number of heaps.").count(), 3);
        assert_eq!(out.matches("Please type one whole number from 0 to 1000000").count(), 2);
        assert!(out.contains("Heaps: "), "{out}");
        assert!(out.ends_with("Your move: \nEnd of input: game abandoned.\n"), "{out}");
    }

    #[test]
    fn one_heap_and_one_stick_read_in_the_singular() {
        let setup = GameSetup { heaps: Some(vec![1]), maxtake: Some(0), echo: false };
        let (out, _) = run(&setup, "1 1\n0 2\n", 1);
        assert!(out.contains("There is no heap 1: the only heap is heap 0.\n"), "{out}");
        assert!(out.contains("Cannot take 2 from heap 0: take exactly 1 stick.\n"), "{out}");
    }

    #[test]
    fn bytes_that_are_not_text_are_asked_again() {
        let setup = GameSetup { heaps: Some(vec![1, 1]), maxtake: Some(0), echo: true };
        let mut out = Vec::new();
        let input: &[u8] = b"\xff\xfe 1\n0 \xc3\n0 1\n";
        let outcome = play_game(&setup, input, &mut out, &mut seeded(1)).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.matches(NOT_TEXT).count(), 2, "{out}");
        assert!(out.contains("Your move: 0 1\nHeaps: 0 1\nTaking 1 from heap 1\n"), "{out}");
        assert_eq!(outcome, Outcome::ComputerWon);
    }

    #[test]
    fn end_of_input_at_the_first_question_ends_cleanly() {
        let (out, outcome) = run(&GameSetup::default(), "", 1);
        assert_eq!(out, format!("{BANNER}\n{ASK_HEAPS}\n{END_OF_INPUT}\n"));
        assert_eq!(outcome, Outcome::EndOfInput);
    }

    #[test]
    fn the_computer_wins_a_winnable_reply() {
        // 1 1 with any number: the human must leave one heap, the computer takes it.
        let setup = GameSetup { heaps: Some(vec![1, 1]), maxtake: Some(0), echo: true };
        let (out, outcome) = run(&setup, "0 1\n", 1);
        assert_eq!(
            out,
            format!("{BANNER}\nHeaps: 1 1\nYour move: 0 1\nHeaps: 0 1\nTaking 1 from heap 1\n{COMPUTER_WINS}\n")
        );
        assert_eq!(outcome, Outcome::ComputerWon);
    }

    #[test]
    fn empty_start_is_lost_at_once() {
        let setup = GameSetup { heaps: Some(vec![0, 0]), maxtake: Some(2), echo: false };
        let (out, outcome) = run(&setup, "", 1);
        assert_eq!(out, format!("{BANNER}\nHeaps: 0 0\n{COMPUTER_WINS}\n"));
        assert_eq!(outcome, Outcome::ComputerWon);
    }
}
