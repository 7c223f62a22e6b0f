//! Writing results: atomic files, CSV tables, per-experiment metadata and `run.toml`.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, synced,
/// then renamed over `path`. An interrupted write never leaves a partial `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("out");
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?;
        f.write_all(bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
        f.sync_all().ok();
    }
    std::fs::rename(&tmp, path).with_context(|| format!("cannot rename {} to {}", tmp.display(), path.display()))?;
    Ok(())
}

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

/// What the runner records next to each experiment's CSV; the report generator reads
/// captions and labels from here, so it needs no manifest.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ExperimentMeta {
    /// Experiment name (CSV file stem).
    pub name: String,
    /// Game of the experiment.
    pub game: String,
    /// Kind of the experiment.
    pub kind: String,
    /// LaTeX caption.
    pub caption: String,
    /// LaTeX label.
    pub label: String,
    /// Seed used.
    pub seed: u64,
    /// Threads of the run.
    pub threads: usize,
    /// Per-call limit in seconds (absent: none).
    pub time_limit: Option<f64>,
    /// Resume key: entry, seed, limit and program version.
    pub key: String,
    /// Rows written.
    pub rows: usize,
    /// Wall seconds of the whole experiment.
    pub seconds: f64,
    /// Program version that wrote it.
    pub version: String,
    /// Hash of the CSV's bytes: the CSV is this experiment's only if it hashes to this.
    #[serde(default)]
    pub csv_hash: Option<String>,
    /// `I/N` when the rows are one shard's, absent for a whole run (or a merge).
    #[serde(default)]
    pub shard: Option<String>,
}

impl ExperimentMeta {
    /// Writes `OUT/meta/NAME.toml` atomically.
    pub fn write(&self, out: &Path) -> anyhow::Result<()> {
        let text = toml::to_string(self)?;
        write_atomic(&meta_path(out, &self.name), text.as_bytes())
    }

    /// Reads the metadata of experiment `name` in `out`, if present and readable.
    pub fn read(out: &Path, name: &str) -> Option<ExperimentMeta> {
        let text = std::fs::read_to_string(meta_path(out, name)).ok()?;
        toml::from_str(&text).ok()
    }

    /// Reads every metadata file in `out/meta`, sorted by name.
    pub fn read_all(out: &Path) -> Vec<ExperimentMeta> {
        let mut all: Vec<ExperimentMeta> = std::fs::read_dir(out.join("meta"))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| {
                let p = e.path();
                (p.extension()? == "toml").then(|| toml::from_str(&std::fs::read_to_string(&p).ok()?).ok())?
            })
            .collect();
        all.sort_by(|a, b| a.name.cmp(&b.name));
        all
    }
}

/// `results/run.toml`: what ran, where and with what.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunMeta {
    /// Harness version and git revision.
    pub version: String,
    /// Git revision the binary was built from.
    pub git_revision: String,
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
    /// `complete`, `running` or `interrupted`.
    pub state: String,
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
    /// Items with a row that timed out (`NAME ITEM at LIMIT`).
    #[serde(default)]
    pub timeouts: Vec<String>,
    /// Host name of the machine that ran it.
    #[serde(default)]
    pub host: String,
    /// `I/N` for a shard's run; absent for a whole run or a merge.
    #[serde(default)]
    pub shard: Option<String>,
    /// The shards a merged directory was made from.
    #[serde(default)]
    pub shards: Vec<ShardRecord>,
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
    /// The metadata of a run starting now on this machine.
    pub fn new(
        manifest: &super::manifest::Manifest,
        threads: usize,
        path: &Path,
        shard: Option<super::shard::Shard>,
    ) -> Self {
        RunMeta {
            version: crate::VERSION.to_string(),
            git_revision: crate::GIT_REVISION.to_string(),
            rustc: crate::RUSTC_VERSION.to_string(),
            cpu: cpu_model(),
            cores: super::manifest::default_threads(),
            threads,
            thread_counts: manifest.threads.clone(),
            seed: manifest.seed,
            started: utc_now(),
            finished: None,
            state: "running".to_string(),
            manifest: path.display().to_string(),
            manifest_hash: manifest.hash.clone(),
            ran: Vec::new(),
            skipped: Vec::new(),
            experiments: Vec::new(),
            timeouts: Vec::new(),
            host: host_name(),
            shard: shard.map(|s| s.to_string()),
            shards: Vec::new(),
        }
    }

    /// Reads `OUT/run.toml`.
    pub fn read(out: &Path) -> anyhow::Result<RunMeta> {
        let path = out.join("run.toml");
        let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
        toml::from_str(&text).with_context(|| format!("{} is not a harness run.toml", path.display()))
    }
}

/// This machine's host name (or "unknown").
pub fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|h| h.trim().to_string())
        .ok()
        .filter(|h| !h.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "unknown".to_string())
}

/// Removes temporary files that killed writers left behind (`.NAME.tmpPID` from
/// [`write_atomic`]) in the results directory and its `meta/`, `tex/`, `plots/` and
/// `.journal/` folders. Call it while holding the directory's lock.
pub fn clean_temp_files(out: &Path) {
    for dir in [out.to_path_buf(), out.join("meta"), out.join("tex"), out.join("plots"), out.join(".journal")] {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_temp_name(&name) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// Whether `name` is a temporary name of [`write_atomic`]: `.NAME.tmpDIGITS`.
fn is_temp_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix('.') else { return false };
    match rest.rfind(".tmp") {
        Some(i) => {
            let digits = &rest[i + 4..];
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

/// The CPU model from /proc/cpuinfo (or "unknown").
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

/// Now as UTC RFC 3339 (second resolution), without a date-time dependency.
pub fn utc_now() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

/// Days since 1970-01-01 to (year, month, day) (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_803), (2024, 3, 21));
    }

    #[test]
    fn csv_refuses_ragged_rows() {
        let cols = vec!["a".to_string(), "b".to_string()];
        assert!(csv_bytes(&cols, &[vec!["1".into()]]).is_err());
        let ok = csv_bytes(&cols, &[vec!["1".into(), "x,y".into()]]).unwrap();
        assert_eq!(String::from_utf8(ok).unwrap(), "a,b\n1,\"x,y\"\n");
    }

    #[test]
    fn temp_files_are_recognised_and_cleaned() {
        assert!(is_temp_name(".x.csv.tmp123"));
        assert!(!is_temp_name("x.csv.tmp123"));
        assert!(!is_temp_name(".x.csv.tmp"));
        assert!(!is_temp_name(".lock"));
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("meta")).unwrap();
        std::fs::write(dir.path().join("meta/.a.toml.tmp77"), "x").unwrap();
        std::fs::write(dir.path().join(".b.csv.tmp9"), "x").unwrap();
        std::fs::write(dir.path().join("b.csv"), "x").unwrap();
        clean_temp_files(dir.path());
        assert!(!dir.path().join("meta/.a.toml.tmp77").exists());
        assert!(!dir.path().join(".b.csv.tmp9").exists());
        assert!(dir.path().join("b.csv").exists());
    }

    #[test]
    fn atomic_write_replaces_whole_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.csv");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
