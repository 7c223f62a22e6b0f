//! `run.toml` (and `run.json`): the record of what ran, where and with what, made when a
//! run starts, written as it goes and read back.

use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::clock::utc_now;
use super::experiment_meta::manifest_identity;
use super::file_caps::RUN_FILE;
use super::run_part::RunPart;
use super::run_state::RunState;
use crate::base::machine::MachineState;

/// `results/run.toml`: what ran, where and with what.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunMeta {
    /// Harness version and git revision.
    pub version: String,
    /// Git revision the binary was built from.
    pub git_revision: String,
    /// Build identity ([`crate::BUILD_ID`]) of the binary: every experiment this run
    /// computed or kept was computed by it.
    #[serde(default)]
    pub build: String,
    /// `rustc --version` of the build.
    pub rustc: String,
    /// CPU model of this machine.
    pub cpu: String,
    /// Logical cores.
    pub cores: usize,
    /// Threads of the run.
    pub threads: usize,
    /// Thread counts compared by parallel experiments.
    pub thread_counts: Vec<usize>,
    /// Base seed.
    pub seed: u64,
    /// Start time (UTC, RFC 3339).
    pub started: String,
    /// End time (UTC, RFC 3339), absent while running.
    pub finished: Option<String>,
    /// Whether the run is going on, finished, or stopped.
    pub state: RunState,
    /// Manifest path as given.
    pub manifest: String,
    /// Hash of the manifest text and its includes.
    pub manifest_hash: String,
    /// Experiments run now.
    pub ran: Vec<String>,
    /// Experiments skipped because their results were already there.
    pub skipped: Vec<String>,
    /// Every selected experiment, in manifest order.
    #[serde(default)]
    pub experiments: Vec<String>,
    /// Every experiment the manifest lists, also those `--only` left out: the report
    /// marks results of any other experiment in the directory as not from this run.
    #[serde(default)]
    pub manifest_experiments: Vec<String>,
    /// Items with a row that timed out (`NAME ITEM at LIMIT`).
    #[serde(default)]
    pub timeouts: Vec<String>,
    /// Items with a row timed on a busy machine (`NAME ITEM`, see
    /// [`crate::results::row::busy`]): their times are not trustworthy.
    #[serde(default)]
    pub busy: Vec<String>,
    /// Whether the binary was built from sources that differ from `git_revision` (its
    /// build identity is `REV-dirty-HASH`).
    #[serde(default)]
    pub dirty: bool,
    /// Host name of the machine that ran it.
    #[serde(default)]
    pub host: String,
    /// `I/N` for a shard's run; absent for a whole run or a merge.
    #[serde(default)]
    pub shard: Option<String>,
    /// The shards a merged directory was made from.
    #[serde(default)]
    pub shards: Vec<ShardRecord>,
    /// Items with a row stopped by the memory limit (`NAME ITEM at LIMIT MiB`).
    #[serde(default)]
    pub memory_stops: Vec<String>,
    /// What the run warns about its measurements and the machine
    /// ([`crate::results::warnings`], [`MachineState::governor_warning`]).
    #[serde(default)]
    pub warnings: Vec<String>,
    /// The machine's state: governor, boost, caches, load before and after, the memory
    /// the process may use and where that figure came from (placed last: TOML writes
    /// tables after plain keys).
    #[serde(default)]
    pub machine: MachineState,
    /// The course's own instance files the run read in place of the manifest's files of
    /// the same name (`harness run --instances DIR`), as paths.
    #[serde(default)]
    pub course_files: Vec<String>,
    /// The manifest's identity ([`manifest_identity`]): a run refuses to replace results
    /// recorded for another manifest unless told to.
    #[serde(default)]
    pub manifest_file: String,
    /// Seconds the run's parts actually ran, together (a resumed run counts only the time
    /// each part ran, not the time between them).
    #[serde(default)]
    pub seconds: f64,
    /// Every run that contributed, in order: the first and each resume. `started` is the
    /// first part's start, `finished` the last part's end; `ran`, `timeouts`, `busy`,
    /// `memory_stops` and `warnings` are those of every part together, an experiment's
    /// items from the last part that computed it (placed last: an array of tables).
    #[serde(default)]
    pub parts: Vec<RunPart>,
    /// When the current part started, for its seconds (not written).
    #[serde(skip)]
    pub part_clock: Option<std::time::Instant>,
}

/// One shard of a merged run, as `run.toml` lists it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ShardRecord {
    /// `I/N`.
    pub shard: String,
    /// The shard's results directory.
    pub dir: String,
    /// Host it ran on.
    pub host: String,
    /// Its CPU model.
    pub cpu: String,
    /// Its threads.
    pub threads: usize,
    /// Start and end (UTC).
    pub started: String,
    /// End (UTC), absent when it did not finish.
    pub finished: Option<String>,
}

impl RunMeta {
    /// The metadata of a run starting now on this machine: `threads` for the run, the
    /// manifest's `thread_counts`, `seed` and `manifest_hash`, read from `path`; `shard`
    /// is `I/N` for one shard's run.
    pub fn new(
        (thread_counts, seed, manifest_hash): (Vec<usize>, u64, String),
        threads: usize,
        path: &Path,
        shard: Option<String>,
    ) -> Self {
        RunMeta {
            version: crate::VERSION.to_string(),
            git_revision: crate::GIT_REVISION.to_string(),
            build: crate::BUILD_ID.to_string(),
            rustc: crate::RUSTC_VERSION.to_string(),
            cpu: crate::base::machine::cpu_model(),
            cores: crate::base::machine::logical_cores(),
            threads,
            thread_counts,
            seed,
            started: utc_now(),
            finished: None,
            state: RunState::Running,
            manifest: path.display().to_string(),
            manifest_hash,
            ran: Vec::new(),
            skipped: Vec::new(),
            experiments: Vec::new(),
            manifest_experiments: Vec::new(),
            timeouts: Vec::new(),
            busy: Vec::new(),
            dirty: crate::BUILD_ID.contains("-dirty-"),
            host: crate::base::machine::host_name(),
            shard,
            shards: Vec::new(),
            memory_stops: Vec::new(),
            warnings: Vec::new(),
            machine: MachineState::now(),
            manifest_file: manifest_identity(path),
            course_files: Vec::new(),
            seconds: 0.0,
            parts: Vec::new(),
            part_clock: None,
        }
    }

    /// Writes `OUT/run.toml` and `OUT/run.json` (the same content, for tools that read
    /// JSON), each atomically; `run.toml` last, as the one the harness reads back.
    pub fn write(&self, out: &Path) -> crate::base::error::Result<()> {
        let json = serde_json::to_vec_pretty(self).map_err(anyhow::Error::from)?;
        super::contained_writes::write(out, &out.join("run.json"), &json)?;
        let text = toml::to_string(self).map_err(anyhow::Error::from)?;
        super::contained_writes::write(out, &out.join("run.toml"), text.as_bytes())?;
        Ok(())
    }

    /// Reads `OUT/run.toml`.
    pub fn read(out: &Path) -> anyhow::Result<RunMeta> {
        let path = out.join("run.toml");
        let text = RUN_FILE.read(&path)?;
        toml::from_str(&text).with_context(|| format!("{} is not a harness run.toml", path.display()))
    }
}
