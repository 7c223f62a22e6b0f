//! The state of a run or of one of its parts, as `run.toml` writes it.

use serde::{Deserialize, Serialize};

/// The state of a run, as `run.toml` says it: each word written here once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunState {
    /// The run is going on (or was killed without a word).
    Running,
    /// Every selected experiment finished and the report was written.
    Complete,
    /// Ctrl-C or SIGTERM stopped it; finished items are kept.
    Interrupted,
    /// An error stopped it; finished items are kept.
    Failed,
    /// It ended without a word (`kill -9`, a crash, a lost machine), as the next part
    /// found it: its end is the last time it wrote a result, its seconds run up to then.
    Killed,
}

impl RunState {
    /// The word as `run.toml` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            RunState::Running => "running",
            RunState::Complete => "complete",
            RunState::Interrupted => "interrupted",
            RunState::Failed => "failed",
            RunState::Killed => "killed",
        }
    }
}

impl std::fmt::Display for RunState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
