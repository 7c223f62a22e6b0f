//! CSV tables, per-experiment metadata and `run.toml`.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::columns::Column;
use super::table;
use crate::base::machine::MachineState;
use serde::{Deserialize, Serialize};

use crate::base::files::TextFile;
use crate::base::limits::{MemoryLimit, TimeLimit};

/// A results CSV read back (`report`, `run`, `compare`): a regular file of at most 256 MiB.
pub const CSV_FILE: TextFile = TextFile {
    what: "results CSV",
    max_bytes: 256 << 20,
    holds: "a results CSV holds one experiment's rows; this is not one the harness wrote",
};

/// An experiment's metadata (`meta/NAME.toml`) read back: at most 1 MiB.
pub const META_FILE: TextFile = TextFile {
    what: "experiment metadata",
    max_bytes: 1 << 20,
    holds: "experiment metadata holds a few lines of TOML",
};

/// `run.toml` read back: at most 1 MiB.
pub const RUN_FILE: TextFile =
    TextFile { what: "run.toml", max_bytes: 1 << 20, holds: "run.toml holds a few dozen lines of TOML" };

/// The marker of a results directory read back: at most 16 MiB.
pub const MARKER_FILE: TextFile = TextFile {
    what: "results directory marker",
    max_bytes: 16 << 20,
    holds: "the marker lists the report's generated files",
};

/// A CSV table in memory: header and rows, every row as long as the header.
pub fn csv_bytes(columns: &[String], rows: &[Vec<String>]) -> anyhow::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(columns)?;
    for (i, row) in rows.iter().enumerate() {
        anyhow::ensure!(
            row.len() == columns.len(),
            "row {} has {} cells but the header has {} columns",
            i + 1,
            row.len(),
            columns.len()
        );
        w.write_record(row)?;
    }
    w.into_inner().map_err(|e| anyhow::anyhow!("csv: {e}"))
}

/// Where an experiment's CSV goes.
pub fn csv_path(out: &Path, name: &str) -> PathBuf {
    out.join(format!("{name}.csv"))
}

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

    /// Starts this process's part of the run: after the parts of `earlier` (the record
    /// of the run it resumes, or none for a fresh run), a part starting now.
    pub fn start_part(&mut self, earlier: Option<RunMeta>) {
        if let Some(earlier) = &earlier {
            self.shards = earlier.shards.clone();
        }
        let mut parts = earlier.map(RunMeta::into_parts).unwrap_or_default();
        parts.push(RunPart {
            started: self.started.clone(),
            finished: None,
            seconds: 0.0,
            state: RunState::Running,
            host: self.host.clone(),
            threads: self.threads,
            ran: Vec::new(),
            skipped: Vec::new(),
            timeouts: Vec::new(),
            busy: Vec::new(),
            memory_stops: Vec::new(),
            warnings: Vec::new(),
            unfinished: Vec::new(),
            merged_shards: None,
        });
        self.parts = parts;
        self.part_clock = Some(std::time::Instant::now());
        self.summarise();
    }

    /// The parts of this record; a record written before parts were kept, or by a merge,
    /// is one part (a merge's seconds are its shards' together).
    fn into_parts(self) -> Vec<RunPart> {
        if !self.parts.is_empty() {
            return self.parts;
        }
        let merged_shards = (!self.shards.is_empty()).then_some(self.shards.len());
        let seconds = match merged_shards {
            Some(_) => self.seconds,
            None => seconds_between(&self.started, self.finished.as_deref()),
        };
        vec![RunPart {
            started: self.started,
            finished: self.finished,
            seconds,
            state: self.state,
            host: self.host,
            threads: self.threads,
            ran: self.ran,
            skipped: self.skipped,
            timeouts: self.timeouts,
            busy: self.busy,
            memory_stops: self.memory_stops,
            warnings: self.warnings,
            unfinished: Vec::new(),
            merged_shards,
        }]
    }

    /// Lists in the current part's `unfinished` the experiments it began in `out` and did
    /// not finish, with the items their journals hold.
    pub fn note_unfinished(&mut self, out: &Path) {
        if let Some(part) = self.parts.last_mut() {
            part.unfinished = unfinished_work(out, part);
        }
    }

    /// Settles the parts of a record read back by the next run that found them still
    /// `running` (a run holds the directory's lock, so an earlier part still `running`
    /// ended without a word): each is marked [`RunState::Killed`], its end set to the
    /// last time it wrote a result in `out` (`run.toml`, which a run rewrites after each
    /// experiment, a journal, an experiment's metadata), its seconds up to then, and the
    /// experiments it had begun listed in `unfinished` with the items their journals hold.
    pub fn settle_killed(&mut self, out: &Path) {
        let last_write = last_write(out);
        for part in self.parts.iter_mut().filter(|p| p.state == RunState::Running) {
            let started = part.started.parse::<jiff::Timestamp>().ok();
            let end = match (started, last_write) {
                (Some(s), Some(w)) if w > s => w,
                _ => started.unwrap_or_else(jiff::Timestamp::now),
            };
            let end = end.round(jiff::Unit::Second).unwrap_or(end);
            part.finished = Some(end.to_string());
            part.seconds = seconds_between(&part.started, part.finished.as_deref());
            part.state = RunState::Killed;
            part.unfinished = unfinished_work(out, part);
        }
        if self.state == RunState::Running {
            self.state = RunState::Killed;
        }
        self.part_clock = None;
        self.summarise();
    }

    /// The current part (the last), when parts are kept.
    pub fn part(&mut self) -> Option<&mut RunPart> {
        self.parts.last_mut()
    }

    /// Ends the current part now in `state`, and the record with it ([`RunMeta::summarise`]).
    pub fn end_part(&mut self, state: RunState) {
        let now = utc_now();
        let seconds = self.part_clock.map(|c| c.elapsed().as_secs_f64());
        self.state = state;
        self.finished = Some(now.clone());
        if let Some(part) = self.parts.last_mut() {
            part.state = state;
            part.seconds = seconds.unwrap_or_else(|| seconds_between(&part.started, Some(&now)));
            part.finished = Some(now);
        }
        self.summarise();
    }

    /// Sets the record's fields from its parts: the first start, the last end, the
    /// seconds together; the experiments any part selected (a resume with another
    /// `--only` adds its own) and those any part ran (the others are skipped);
    /// the timeouts, busy items and memory stops of each experiment from the last part
    /// that ran it; every part's warnings once. Nothing when no parts are kept.
    pub fn summarise(&mut self) {
        let Some(last) = self.parts.last() else { return };
        if let Some(clock) = self.part_clock.filter(|_| last.finished.is_none()) {
            let running = clock.elapsed().as_secs_f64();
            self.seconds = self.parts[..self.parts.len() - 1].iter().map(|p| p.seconds).sum::<f64>() + running;
        } else {
            self.seconds = self.parts.iter().map(|p| p.seconds).sum();
        }
        self.started = self.parts[0].started.clone();
        self.finished = last.finished.clone();
        let mut ran: Vec<String> = Vec::new();
        let (mut timeouts, mut busy, mut memory) = (Vec::new(), Vec::new(), Vec::new());
        let mut warnings: Vec<String> = Vec::new();
        for part in &self.parts {
            for name in &part.ran {
                if !ran.contains(name) {
                    ran.push(name.clone());
                }
                for (all, of_part) in
                    [(&mut timeouts, &part.timeouts), (&mut busy, &part.busy), (&mut memory, &part.memory_stops)]
                {
                    all.retain(|item: &String| !is_item_of(item, name));
                    all.extend(of_part.iter().filter(|item| is_item_of(item, name)).cloned());
                }
            }
            for w in &part.warnings {
                if !warnings.contains(w) {
                    warnings.push(w.clone());
                }
            }
        }
        self.experiments = self.selected_by_any_part();
        self.skipped = self.experiments.iter().filter(|e| !ran.contains(e)).cloned().collect();
        (self.ran, self.timeouts, self.busy, self.memory_stops, self.warnings) =
            (ran, timeouts, busy, memory, warnings);
    }

    /// Every experiment this part or an earlier one selected (ran or found done), in the
    /// manifest's order; those the manifest no longer lists after them.
    fn selected_by_any_part(&self) -> Vec<String> {
        let mut selected: Vec<String> = Vec::new();
        let parts = self.parts.iter().flat_map(|p| p.ran.iter().chain(&p.skipped));
        for name in self.experiments.iter().chain(parts) {
            if !selected.contains(name) {
                selected.push(name.clone());
            }
        }
        let place = |name: &String| self.manifest_experiments.iter().position(|m| m == name).unwrap_or(usize::MAX);
        selected.sort_by_key(place);
        selected
    }
}

/// How the report describes a run of `parts` parts that ran `seconds` in all: `run in N
/// parts, S s of running`; `None` for a run in one part.
pub fn parts_phrase(parts: usize, seconds: f64) -> Option<String> {
    (parts > 1).then(|| format!("run in {parts} parts, {seconds:.0} s of running"))
}

/// [`parts_phrase`] of a `run.toml` read as a table (its `parts` and `seconds`).
pub fn parts_phrase_of(run: &toml::Table) -> Option<String> {
    let parts = run.get("parts").and_then(toml::Value::as_array).map_or(0, Vec::len);
    let seconds = run.get("seconds").and_then(|v| v.as_float().or(v.as_integer().map(|i| i as f64)));
    parts_phrase(parts, seconds.unwrap_or(0.0))
}

/// Whether `item` (`NAME ITEM…`, as the run lists timeouts and busy items) is one of
/// experiment `name`'s.
fn is_item_of(item: &str, name: &str) -> bool {
    item.strip_prefix(name).is_some_and(|rest| rest.starts_with(' '))
}

/// The last time anything of a run was written in `out`: `run.toml`, a journal or an
/// experiment's metadata (`None` when none can be read).
fn last_write(out: &Path) -> Option<jiff::Timestamp> {
    let listed = |sub: &str| std::fs::read_dir(out.join(sub)).into_iter().flatten().flatten().map(|e| e.path());
    let files = std::iter::once(out.join("run.toml")).chain(listed(".journal")).chain(listed("meta"));
    files
        .filter_map(|p| std::fs::symlink_metadata(p).ok()?.modified().ok())
        .filter_map(|t| jiff::Timestamp::try_from(t).ok())
        .max()
}

/// The experiments `part` began and did not finish: those whose journal in `out` was
/// written since the part started and that the part does not list as ran, each as
/// `NAME: K of N items` (the items the journal holds of those the run owns).
fn unfinished_work(out: &Path, part: &RunPart) -> Vec<String> {
    // The start is written to the second: a journal of its first half second counts.
    let Ok(started) = part.started.parse::<jiff::Timestamp>() else { return Vec::new() };
    let started = started - jiff::SignedDuration::from_secs(1);
    let mut found = Vec::new();
    for entry in std::fs::read_dir(out.join(".journal")).into_iter().flatten().flatten() {
        let path = entry.path();
        let Some(name) =
            path.file_stem().and_then(|s| s.to_str()).filter(|_| path.extension().is_some_and(|x| x == "jsonl"))
        else {
            continue;
        };
        let written =
            entry.metadata().ok().and_then(|m| m.modified().ok()).and_then(|t| jiff::Timestamp::try_from(t).ok());
        if part.ran.iter().any(|r| r == name) || written.is_none_or(|w| w < started) {
            continue;
        }
        if let Ok(Some(journal)) = super::journal::read(&path) {
            let owned = journal.header.owned.len();
            found.push(format!("{name}: {} of {owned} items", journal.entries.len()));
        }
    }
    found.sort();
    found
}

/// Seconds from `started` to `finished` (RFC 3339), zero when either is missing or
/// unreadable.
fn seconds_between(started: &str, finished: Option<&str>) -> f64 {
    let parse = |t: &str| t.parse::<jiff::Timestamp>().ok();
    match (parse(started), finished.and_then(parse)) {
        (Some(a), Some(b)) => (b.as_millisecond() - a.as_millisecond()).max(0) as f64 / 1000.0,
        _ => 0.0,
    }
}

impl RunMeta {
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

/// Commits one experiment to `out`: the wide CSV and the tidy samples file made from the
/// emitted `rows` ([`table::split`]; header `names`, the columns the rows `declared`),
/// then the metadata `meta` with the rows, the columns and both files' hashes. The
/// metadata is the commit point, written last: a CSV without matching metadata is never
/// taken as done. `hash` is the hash the harness keeps of files.
pub fn commit_experiment(
    out: &Path,
    meta: ExperimentMeta,
    (names, declared, rows): (&[String], &[Option<Column>], &[Vec<String>]),
    hash: impl Fn(&[u8]) -> String,
) -> crate::base::error::Result<ExperimentMeta> {
    let tables = table::split(&meta.heading.name, names, declared, rows);
    let samples_path = table::samples_path(out, &meta.heading.name);
    let samples = if tables.sample_rows.is_empty() {
        if samples_path.is_file() {
            super::contained_writes::remove(out, &samples_path)?;
        }
        None
    } else {
        let bytes = csv_bytes(&tables.sample_header, &tables.sample_rows)?;
        super::contained_writes::write(out, &samples_path, &bytes)?;
        Some(hash(&bytes))
    };
    let wide_names: Vec<String> = tables.columns.iter().map(|c| c.name.clone()).collect();
    let bytes = csv_bytes(&wide_names, &tables.rows)?;
    super::contained_writes::write(out, &csv_path(out, &meta.heading.name), &bytes)?;
    let meta = ExperimentMeta {
        rows: tables.rows.len(),
        csv_hash: Some(hash(&bytes)),
        samples: samples.is_some().then(|| format!("samples/{}.csv", meta.heading.name)),
        samples_hash: samples,
        columns: tables.columns,
        ..meta
    };
    meta.write(out)?;
    Ok(meta)
}

/// Now in UTC, RFC 3339 with second resolution (`2026-11-25T03:46:00Z`).
pub fn utc_now() -> String {
    jiff::Timestamp::now()
        .round(jiff::Unit::Second)
        .map_or_else(|_| jiff::Timestamp::now().to_string(), |t| t.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn now_is_rfc3339_utc_to_the_second() {
        let now = utc_now();
        assert_eq!(now.len(), 20, "{now}");
        assert!(now.ends_with('Z') && now.as_bytes()[10] == b'T', "{now}");
        assert!(now.as_str() > "2026-01-01");
    }

    #[test]
    fn a_resume_with_another_selection_keeps_every_parts_experiments() {
        let mut meta = RunMeta::new((vec![1], 1, "h".into()), 1, Path::new("m.toml"), None);
        meta.manifest_experiments = ["tegel_best", "stenen_table", "nim_formula"].map(String::from).to_vec();
        meta.start_part(None);
        meta.experiments = vec!["tegel_best".into()];
        meta.part().unwrap().ran.push("tegel_best".into());
        meta.end_part(RunState::Complete);
        let earlier = meta.clone();
        let mut resumed = RunMeta::new((vec![1], 1, "h".into()), 1, Path::new("m.toml"), None);
        resumed.manifest_experiments = earlier.manifest_experiments.clone();
        resumed.start_part(Some(earlier));
        resumed.experiments = vec!["nim_formula".into()];
        resumed.part().unwrap().ran.push("nim_formula".into());
        resumed.end_part(RunState::Complete);
        assert_eq!(
            resumed.experiments,
            ["tegel_best", "nim_formula"],
            "both parts' experiments, in the manifest's order"
        );
        assert_eq!(resumed.ran, ["tegel_best", "nim_formula"]);
        assert!(resumed.skipped.is_empty(), "{:?}", resumed.skipped);
    }

    #[test]
    fn csv_refuses_ragged_rows() {
        let cols = vec!["a".to_string(), "b".to_string()];
        assert!(csv_bytes(&cols, &[vec!["1".into()]]).is_err());
        let ok = csv_bytes(&cols, &[vec!["1".into(), "x,y".into()]]).unwrap();
        assert_eq!(String::from_utf8(ok).unwrap(), "a,b\n1,\"x,y\"\n");
    }
}
