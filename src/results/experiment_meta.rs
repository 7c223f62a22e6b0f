//! An experiment's metadata (`meta/NAME.toml`), written beside its CSV: the heading that
//! names it, what a solver's `check` experiment asks, and what the run recorded of it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::columns::Column;
use super::file_caps::META_FILE;
use crate::base::limits::{MemoryLimit, TimeLimit};

/// Where an experiment's metadata goes.
pub fn meta_path(out: &Path, name: &str) -> PathBuf {
    out.join("meta").join(format!("{name}.toml"))
}

/// What names an experiment and heads its table: the manifest entry's common keys,
/// resolved. The entry (`ExperimentSpec`) and the metadata written beside its CSV hold
/// the same heading.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ExperimentHeading {
    /// Unique name; the CSV is `NAME.csv`.
    pub name: String,
    /// The game whose code runs it.
    pub game: String,
    /// The game's experiment kind.
    pub kind: String,
    /// LaTeX caption.
    pub caption: String,
    /// LaTeX label.
    pub label: String,
    /// Seed of this experiment (the run seed unless the entry fixes its own).
    pub seed: u64,
    /// For a `check` experiment made by `harness run --solver`: what it asks in place of
    /// the engine (absent for every other experiment).
    #[serde(default, flatten, skip_serializing_if = "Option::is_none")]
    pub asks: Option<Asks>,
}

/// What a `check` experiment of `harness run --solver` asks: the manifest's experiment it
/// stands in for, that experiment's kind, and the solver asked (its `NAME` of `--solver`).
/// Written as `asks`, `asks_kind` and `solver` in the experiment's metadata.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Asks {
    /// The manifest's experiment (`tegel_best`).
    #[serde(rename = "asks")]
    pub experiment: String,
    /// Its kind (`best`).
    #[serde(rename = "asks_kind")]
    pub kind: String,
    /// The solver's name given to `--solver NAME=COMMAND`.
    pub solver: String,
    /// The instance files (by file name) read from the course's own folder
    /// (`harness run --instances DIR`); the others are the harness's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub course_files: Vec<String>,
    /// The name the solver gave itself in its handshake, as its table's `program`
    /// column holds it (read with the table; not written to the metadata).
    #[serde(skip)]
    pub program: Option<String>,
}

/// What the runner records next to each experiment's CSV; the report generator reads
/// captions and labels from here, so it needs no manifest.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ExperimentMeta {
    /// The entry's name, game, kind, caption, label and seed (written at the top level of
    /// the file, as before).
    #[serde(flatten)]
    pub heading: ExperimentHeading,
    /// Threads of the run.
    pub threads: usize,
    /// Per-call limit, written in seconds (absent: none).
    pub time_limit: Option<TimeLimit>,
    /// Resume key: entry, seed, limit, inputs and build identity.
    pub key: String,
    /// Rows written.
    pub rows: usize,
    /// Wall seconds of the whole experiment.
    pub seconds: f64,
    /// Program version that wrote it.
    pub version: String,
    /// Build identity ([`crate::BUILD_ID`]) of the program that computed the rows.
    #[serde(default)]
    pub build: String,
    /// Hash of the CSV's bytes: the CSV is this experiment's only if it hashes to this.
    #[serde(default)]
    pub csv_hash: Option<String>,
    /// `I/N` when the rows are one shard's, absent for a whole run (or a merge).
    #[serde(default)]
    pub shard: Option<String>,
    /// The machine's one-minute load average when the experiment started (absent where
    /// the system has none, and in merged runs).
    #[serde(default)]
    pub load_start: Option<f64>,
    /// The one-minute load average when it ended.
    #[serde(default)]
    pub load_end: Option<f64>,
    /// The CSV's columns in order, each with its kind, role and unit; empty in metadata
    /// written before 2026-11-26 (readers then rebuild them from the names).
    #[serde(default)]
    pub columns: Vec<Column>,
    /// The samples file (`samples/NAME.csv`, relative to the results directory), absent
    /// when the experiment timed nothing.
    #[serde(default)]
    pub samples: Option<String>,
    /// Hash of the samples file's bytes.
    #[serde(default)]
    pub samples_hash: Option<String>,
    /// The timed samples each cell asked for (absent in metadata written before
    /// 2026-11-26).
    #[serde(default)]
    pub samples_asked: Option<u32>,
    /// The memory limit of the process while the experiment ran, written in MiB, where
    /// one was set (`memory_limit`, `--memory-limit`).
    #[serde(default)]
    pub memory_limit_mb: Option<MemoryLimit>,
    /// The manifest whose entry computed these results ([`manifest_identity`] of its
    /// file); absent in metadata written before 2026-11-28 and in results handed in.
    #[serde(default)]
    pub manifest: Option<String>,
}

/// The identity of a manifest file as results record it: its absolute path with links
/// resolved where the file exists (so `./m.toml` and `m.toml` are one manifest), else the
/// path as given.
pub fn manifest_identity(path: &Path) -> String {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()).display().to_string()
}

impl ExperimentMeta {
    /// Writes `OUT/meta/NAME.toml` atomically, never through a link ([`super::contained_writes`]).
    pub fn write(&self, out: &Path) -> crate::base::error::Result<()> {
        let text = toml::to_string(self).map_err(anyhow::Error::from)?;
        super::contained_writes::write(out, &meta_path(out, &self.heading.name), text.as_bytes())
    }

    /// Reads the metadata of experiment `name` in `out`, if present and readable.
    pub fn read(out: &Path, name: &str) -> Option<ExperimentMeta> {
        let text = META_FILE.read(&meta_path(out, name)).ok()?;
        toml::from_str(&text).ok()
    }

    /// Reads every metadata file in `out/meta`, sorted by name.
    ///
    /// A `*.toml` file there that cannot be read or is not whole metadata (truncated,
    /// edited) is an error naming the file, never skipped.
    pub fn read_all(out: &Path) -> anyhow::Result<Vec<ExperimentMeta>> {
        let mut all = Vec::new();
        for entry in std::fs::read_dir(out.join("meta")).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.extension().is_none_or(|x| x != "toml") {
                continue;
            }
            let text = META_FILE.read(&p)?;
            let meta: ExperimentMeta = toml::from_str(&text)
                .map_err(|e| anyhow::anyhow!("{}: damaged experiment metadata: {}", p.display(), e.message()))?;
            all.push(meta);
        }
        all.sort_by(|a, b| a.heading.name.cmp(&b.heading.name));
        Ok(all)
    }
}
