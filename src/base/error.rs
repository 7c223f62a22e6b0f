//! Errors shared by every command: bad input (exit code 2), interruption, and the rest.

use std::fmt;
use std::path::{Path, PathBuf};

/// A refusal of bad input: a file, a manifest, a typed move or a flag.
///
/// It names where the problem is (file and line when known) and what was expected.
/// The CLI prints it on stderr and exits with code 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The file the input came from, if any.
    pub file: Option<PathBuf>,
    /// The 1-based line in `file`, if known.
    pub line: Option<usize>,
    /// The 1-based column (in characters) on `line`, if known: manifests name the exact
    /// place of the value they refuse.
    pub column: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl InputError {
    /// An input error not tied to a file (a flag, a typed command).
    pub fn new(message: impl Into<String>) -> Self {
        InputError { file: None, line: None, column: None, message: message.into() }
    }

    /// An input error in `file` at 1-based `line`.
    pub fn at(file: &Path, line: usize, message: impl Into<String>) -> Self {
        InputError { file: Some(file.to_path_buf()), line: Some(line), column: None, message: message.into() }
    }

    /// An input error in `file` at 1-based `line` and `column` (shown `FILE:LINE:COLUMN:`).
    pub fn at_column(file: &Path, line: usize, column: usize, message: impl Into<String>) -> Self {
        InputError { column: Some(column), ..InputError::at(file, line, message) }
    }

    /// An input error about `file` as a whole (cannot be opened, is empty, ...).
    pub fn in_file(file: &Path, message: impl Into<String>) -> Self {
        InputError { file: Some(file.to_path_buf()), line: None, column: None, message: message.into() }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.line, self.column) {
            (Some(file), Some(line), Some(column)) => {
                write!(f, "{}:{}:{}: {}", file.display(), line, column, self.message)
            }
            (Some(file), Some(line), None) => write!(f, "{}:{}: {}", file.display(), line, self.message),
            (Some(file), None, _) => write!(f, "{}: {}", file.display(), self.message),
            (None, _, _) => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// Every error a harness command can end with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input; exit code 2.
    #[error("{0}")]
    Input(#[from] InputError),
    /// The user pressed Ctrl-C or the process got SIGTERM or SIGHUP; exit code 130 (the
    /// command line exits 128 + the signal's number). Finished output is intact.
    #[error("interrupted")]
    Interrupted,
    /// A one-shot search passed its time limit; exit code 1. The one wording of a timeout
    /// everywhere.
    #[error("time limit of {} s reached before the search finished", crate::base::text::seconds_text(*.limit_s))]
    Timeout {
        /// The limit in seconds.
        limit_s: f64,
    },
    /// A search's memo table would have taken the process past its memory limit
    /// (`--memory-limit`, `memory_limit`); exit code 1, and nothing was allocated.
    #[error("the memo table would take the process past its memory limit of {limit_mb} MiB (give a smaller --memo-mb or a larger --memory-limit)")]
    Memory {
        /// The limit in MiB.
        limit_mb: u64,
    },
    /// A comparison whose verdict fails the command (`harness ab`: the builds' results
    /// differ or `--fail-on-slower` found a `slower`, exit code 1; the rounds could not
    /// decide, exit code 3).
    #[error("{message}")]
    Verdict {
        /// Why, in a sentence.
        message: String,
        /// The exit code.
        exit_code: u8,
    },
    /// Anything else (I/O on the results directory, ...); exit code 1. Shown with its
    /// whole cause chain: `cannot write X: No space left on device (os error 28)`.
    #[error("{0:#}")]
    Other(#[from] anyhow::Error),
}

impl Error {
    /// The process exit code for this error: 2 for bad input, 130 for Ctrl-C, a verdict's
    /// own code, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input(_) => 2,
            Error::Verdict { exit_code, .. } => i32::from(*exit_code),
            Error::Interrupted => 130,
            Error::Timeout { .. } | Error::Memory { .. } | Error::Other(_) => 1,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Other(e.into())
    }
}

/// Result with the harness [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
