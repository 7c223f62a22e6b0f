//! One part of a run as `run.toml` records it: the first run or a resume.

use serde::{Deserialize, Serialize};

use super::run_state::RunState;

/// One run that contributed to a results directory's run record: the first run or a
/// resume, with what it ran and what it found.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct RunPart {
    /// Start (UTC, RFC 3339).
    pub started: String,
    /// End (UTC), absent while it runs.
    #[serde(default)]
    pub finished: Option<String>,
    /// Seconds it ran.
    #[serde(default)]
    pub seconds: f64,
    /// How it ended.
    pub state: RunState,
    /// Host it ran on.
    #[serde(default)]
    pub host: String,
    /// Threads it ran with.
    #[serde(default)]
    pub threads: usize,
    /// Experiments it computed (also those it resumed from their journals).
    #[serde(default)]
    pub ran: Vec<String>,
    /// Experiments it found already done.
    #[serde(default)]
    pub skipped: Vec<String>,
    /// Its items with a row that timed out.
    #[serde(default)]
    pub timeouts: Vec<String>,
    /// Its items timed on a busy machine.
    #[serde(default)]
    pub busy: Vec<String>,
    /// Its items stopped by the memory limit.
    #[serde(default)]
    pub memory_stops: Vec<String>,
    /// Its warnings.
    #[serde(default)]
    pub warnings: Vec<String>,
    /// The experiments it had begun and not finished when it ended unfinished, each with
    /// the items its journal then held (`NAME: K of N items`); their rows stay in the
    /// journal for the next part.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unfinished: Vec<String>,
    /// How many shards this part merged, where it is a `harness merge` (the shards are
    /// the record's `shards`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merged_shards: Option<usize>,
}
