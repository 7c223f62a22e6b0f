//! The verdict of one question asked of a solver, in the words a judge uses (DOMjudge's
//! `correct`, `wrong-answer`, `timelimit`, ... shortened): each status once, with its
//! meaning and the exit code it gives.

use serde::Serialize;

/// How one question asked of a solver ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The answer is right: equal to the engine's where the answer is exact, within the
    /// question's rule where it is not (a good move is a legal move).
    Correct,
    /// The answer is well formed but not right (or the solver refused a valid question
    /// with `error`).
    Wrong,
    /// No answer within the question's wall-time limit (or the CPU limit ended it).
    TimeLimit,
    /// The solver passed its memory limit.
    MemoryLimit,
    /// The solver ended (exit or signal) before it answered.
    Crashed,
    /// The solver's output is not the protocol: no handshake, another version or game, an
    /// answer that does not parse, a line too long, not text, too much output.
    ProtocolError,
    /// The hand-in did not compile with the driver.
    BuildFailed,
}

impl Verdict {
    /// Every verdict, in the order tables list them.
    pub const ALL: [Verdict; 7] = [
        Verdict::Correct,
        Verdict::Wrong,
        Verdict::TimeLimit,
        Verdict::MemoryLimit,
        Verdict::Crashed,
        Verdict::ProtocolError,
        Verdict::BuildFailed,
    ];

    /// The verdict's word in CSVs, JSON and text.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Correct => "correct",
            Verdict::Wrong => "wrong",
            Verdict::TimeLimit => "time-limit",
            Verdict::MemoryLimit => "memory-limit",
            Verdict::Crashed => "crashed",
            Verdict::ProtocolError => "protocol-error",
            Verdict::BuildFailed => "build-failed",
        }
    }

    /// The verdict a word names.
    pub fn from_word(word: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.word() == word)
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_word_names_one_verdict() {
        for v in Verdict::ALL {
            assert_eq!(Verdict::from_word(v.word()), Some(v));
        }
        assert_eq!(Verdict::from_word("ok"), None);
        assert_eq!(serde_json::to_string(&Verdict::TimeLimit).unwrap(), "\"time-limit\"");
    }
}
