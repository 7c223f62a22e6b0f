//! A game of Nim in play: the human moves first, the computer is the assignment's player
//! (a winning move chosen by the reservoir selector, else one stick from the lowest
//! non-empty heap). The session keeps the position, the transcript in the assignment's
//! words (`Heaps: ...`, `Your move: ...`, `Taking k from heap i`, `Congratulations!`) and
//! the history for undo; the terminal game (`play.rs`) and the web board (`api.rs`) both
//! play through it, so they say the same.

use rand::Rng;
use serde::Serialize;

use super::players::computer_reply;
use super::position::{Move, Position};

/// The human's prompt.
pub const ASK_MOVE: &str = "Your move: ";
/// What a human win prints.
pub const HUMAN_WINS: &str = "Congratulations!";
/// What a computer win prints.
pub const COMPUTER_WINS: &str = "You lost: no sticks are left for you.";

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The human took the last stick.
    HumanWon,
    /// The computer took the last stick (or the human faced empty heaps).
    ComputerWon,
    /// The input ended first.
    EndOfInput,
}

/// The computer's move and how many winning moves its selector was given (0: the move is
/// the one-stick fallback).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerMove {
    /// The move.
    pub mv: Move,
    /// The selector's count of winning moves.
    pub winning: u64,
}

/// One game: position, transcript, the computer's last move, and for each of the human's
/// moves the position and transcript length before it.
#[derive(Clone)]
pub struct Session {
    position: Position,
    transcript: Vec<String>,
    history: Vec<(Position, usize)>,
    reply: Option<ComputerMove>,
    outcome: Option<Outcome>,
}

impl Session {
    /// A game from `position`, the human to move (lost at once when every heap is empty).
    pub fn new(position: Position) -> Session {
        let mut session = Session {
            position,
            transcript: vec![format!("Heaps: {position}")],
            history: Vec::new(),
            reply: None,
            outcome: None,
        };
        if position.is_over() {
            session.end(Outcome::ComputerWon);
        }
        session
    }

    /// The position, the human to move unless the game is over.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The transcript so far, one line per entry.
    pub fn transcript(&self) -> &[String] {
        &self.transcript
    }

    /// How the game ended; `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The human's moves played (and not undone).
    pub fn moves(&self) -> usize {
        self.history.len()
    }

    /// The computer's reply to the human's last move, if it made one.
    pub fn reply(&self) -> Option<ComputerMove> {
        self.reply
    }

    /// Plays the human's `mv` (legal: checked by `play::parse_move`) and, unless it took
    /// the last stick, the computer's reply drawn with `rng`; the transcript gets the
    /// lines the terminal game prints.
    pub fn play<R: Rng + ?Sized>(&mut self, mv: Move, rng: &mut R) {
        self.history.push((self.position, self.transcript.len()));
        self.transcript.push(format!("{ASK_MOVE}{} {}", mv.heap, mv.count));
        self.reply = None;
        self.position.play(mv);
        if self.position.is_over() {
            return self.end(Outcome::HumanWon);
        }
        self.transcript.push(format!("Heaps: {}", self.position));
        let (reply, winning) = computer_reply(&self.position, rng).expect("a non-empty position has a move");
        self.transcript.push(reply.to_string());
        self.position.play(reply);
        self.reply = Some(ComputerMove { mv: reply, winning });
        if self.position.is_over() {
            self.end(Outcome::ComputerWon);
        } else {
            self.transcript.push(format!("Heaps: {}", self.position));
        }
    }

    /// Takes back the human's last move and the computer's reply; `false` when the human
    /// has not moved.
    pub fn undo(&mut self) -> bool {
        let Some((position, len)) = self.history.pop() else { return false };
        self.position = position;
        self.transcript.truncate(len);
        self.reply = None;
        self.outcome = None;
        true
    }

    fn end(&mut self, outcome: Outcome) {
        self.transcript.push(if outcome == Outcome::HumanWon { HUMAN_WINS } else { COMPUTER_WINS }.to_string());
        self.outcome = Some(outcome);
    }
}

/// What `harness nim value` says of a position: each heap's value, the nim value and the
/// winning moves (`[heap, count]`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Values {
    /// The heaps.
    pub heaps: Vec<u32>,
    /// The most sticks one move takes (0: any number).
    pub maxtake: u32,
    /// Each heap's value.
    pub heap_values: Vec<u32>,
    /// The nim value: the XOR of the heaps' values (0: the player to move loses).
    pub value: u32,
    /// The winning moves, `[heap, count]`.
    pub winning_moves: Vec<[u64; 2]>,
}

impl Values {
    /// The values of `position`.
    pub fn of(position: &Position) -> Values {
        Values {
            heaps: position.heaps().to_vec(),
            maxtake: position.maxtake(),
            heap_values: position.heaps().iter().map(|&s| position.heap_value(s)).collect(),
            value: position.nim_value(),
            winning_moves: position.winning_moves().map(|m| [m.heap as u64, u64::from(m.count)]).collect(),
        }
    }

    /// The lines `harness nim value` prints.
    pub fn lines(&self) -> Vec<String> {
        let heaps: Vec<String> = self.heaps.iter().map(u32::to_string).collect();
        let values: Vec<String> = self.heap_values.iter().map(u32::to_string).collect();
        let any = if self.maxtake == 0 { ": any number" } else { "" };
        let mut lines = vec![
            format!("Heaps: {} (maxtake {}{any})", heaps.join(" "), self.maxtake),
            format!("Heap values: {}", values.join(" ")),
            format!("Nim value: {}", self.value),
        ];
        lines.push(if self.winning_moves.is_empty() {
            "No winning move: the player to move loses against best play.".to_string()
        } else {
            let list: Vec<String> = self.winning_moves.iter().map(|[h, c]| format!("take {c} from heap {h}")).collect();
            format!("Winning moves: {}", list.join(", "))
        });
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::rng::seeded;

    #[test]
    fn a_move_and_its_reply_are_written_as_the_terminal_game_prints_them_and_undone_together() {
        let mut s = Session::new(Position::new(&[1, 1], 0).unwrap());
        s.play(Move::new(0, 1), &mut seeded(1));
        assert_eq!(
            s.transcript(),
            ["Heaps: 1 1", "Your move: 0 1", "Heaps: 0 1", "Taking 1 from heap 1", COMPUTER_WINS]
        );
        assert_eq!((s.outcome(), s.moves()), (Some(Outcome::ComputerWon), 1));
        assert_eq!(s.reply(), Some(ComputerMove { mv: Move::new(1, 1), winning: 1 }));
        assert!(s.undo() && !s.undo());
        assert_eq!((s.transcript().len(), s.outcome(), s.reply()), (1, None, None));
    }

    #[test]
    fn the_values_are_the_lines_of_nim_value() {
        let v = Values::of(&Position::new(&[10, 11, 11], 3).unwrap());
        assert_eq!((v.heap_values.as_slice(), v.value), ([2, 3, 3].as_slice(), 2));
        assert_eq!(v.lines()[0], "Heaps: 10 11 11 (maxtake 3)");
        assert_eq!(v.lines()[3], "Winning moves: take 2 from heap 0, take 2 from heap 1, take 2 from heap 2");
    }
}
