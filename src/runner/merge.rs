//! `harness merge SHARD_DIR... --out DIR`: the results of a sharded run put together.
//!
//! The shards must come from the same manifest (hash), seed, program version, build
//! identity and shard count, be complete, and together hold every item of every experiment exactly once.
//! The merged directory is an ordinary results directory: CSVs in manifest order with the
//! rows in item order (equal to a single run's, time columns aside), metadata and
//! journals as a single run writes them, `run.toml` listing the shards, then the LaTeX
//! tables and plots.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::base::error::{InputError, Result};
use crate::base::text::{count_of, excerpt};
use crate::results::dir::ResultsDir;
use crate::results::experiment_meta::ExperimentMeta;
use crate::results::journal::{self, Journal, JournalEntry, JournalHeader};
use crate::results::run_meta::{RunMeta, ShardRecord};
use crate::results::run_state::RunState;
use crate::runner::announce::{
    announce_busy, announce_memory_stops, announce_timeouts, announce_warnings, run_warnings,
};
use crate::runner::run::check_one_manifest;

/// A shard directory read back (read-only: a merge never writes into a shard).
struct ShardDir {
    results: ResultsDir,
    meta: RunMeta,
    index: usize,
    count: usize,
}

impl ShardDir {
    /// The shard's directory.
    fn dir(&self) -> &Path {
        self.results.path()
    }
}

fn read_shard(dir: &Path) -> Result<ShardDir> {
    let results = ResultsDir::read_only(dir)?;
    let meta =
        results.run_meta().map_err(|e| InputError::in_file(dir, format!("not a shard's results directory: {e:#}")))?;
    let shard = meta.shard.clone().ok_or_else(|| {
        InputError::in_file(dir, "not a shard's results directory: its run.toml names no shard (run with --shard I/N)")
    })?;
    let parsed: crate::runner::shard::Shard = shard
        .parse()
        .map_err(|e| InputError::in_file(dir, format!("run.toml: bad shard `{}`: {e}", excerpt(&shard))))?;
    if meta.state != RunState::Complete {
        return Err(InputError::in_file(
            dir,
            format!("shard {shard} did not finish (state `{}`); run it again to complete it", meta.state),
        )
        .into());
    }
    Ok(ShardDir { results, meta, index: parsed.index, count: parsed.count })
}

/// Checks that every shard belongs to the same run as the first.
fn check_same_run(shards: &[ShardDir]) -> Result<()> {
    let first = &shards[0];
    for s in &shards[1..] {
        let differs = |what: &str, a: &str, b: &str| -> Result<()> {
            if a == b {
                Ok(())
            } else {
                Err(InputError::in_file(
                    s.dir(),
                    format!("{what} `{b}` differs from {}'s `{a}`: shards of different runs", first.dir().display()),
                )
                .into())
            }
        };
        differs("manifest hash", &first.meta.manifest_hash, &s.meta.manifest_hash)?;
        differs("seed", &first.meta.seed.to_string(), &s.meta.seed.to_string())?;
        differs("program version", &first.meta.version, &s.meta.version)?;
        differs("build", &first.meta.build, &s.meta.build)?;
        differs("shard count", &first.count.to_string(), &s.count.to_string())?;
        differs("experiment list", &first.meta.experiments.join(","), &s.meta.experiments.join(","))?;
    }
    let mut seen: BTreeMap<usize, &Path> = BTreeMap::new();
    for s in shards {
        if let Some(other) = seen.insert(s.index, s.dir()) {
            return Err(InputError::in_file(
                s.dir(),
                format!("shard {}/{} is given twice (also {})", s.index, s.count, other.display()),
            )
            .into());
        }
    }
    Ok(())
}

/// One experiment put together from every shard's journal.
struct MergedExperiment {
    header: JournalHeader,
    meta: ExperimentMeta,
    rows_of: BTreeMap<usize, ItemRows>,
}

fn merge_experiment(name: &str, shards: &[ShardDir]) -> Result<MergedExperiment> {
    let mut merged: Option<MergedExperiment> = None;
    let mut from: BTreeMap<usize, usize> = BTreeMap::new();
    for s in shards {
        let jpath = journal::journal_path(s.dir(), name);
        let meta = s.results.experiment_meta(name).ok_or_else(|| {
            InputError::in_file(s.dir(), format!("experiment `{name}` has no metadata: the shard is incomplete"))
        })?;
        let j = journal::read(&jpath)?
            .ok_or_else(|| InputError::in_file(&jpath, format!("experiment `{name}` has no journal in this shard")))?;
        if !j.dropped.is_empty() {
            return Err(InputError::new(format!("{}; rerun that shard to recompute them", j.dropped.join("; "))).into());
        }
        if j.header.key != meta.key {
            return Err(InputError::in_file(
                &jpath,
                format!("journal of `{name}` is not the one its metadata committed"),
            )
            .into());
        }
        let m = merged.get_or_insert_with(|| MergedExperiment {
            header: JournalHeader { shard: None, owned: (0..j.header.items.len()).collect(), ..j.header.clone() },
            meta: ExperimentMeta { shard: None, seconds: 0.0, load_start: None, load_end: None, ..meta.clone() },
            rows_of: BTreeMap::new(),
        });
        if j.header.key != m.header.key || j.header.items != m.header.items || j.header.columns != m.header.columns {
            return Err(InputError::in_file(
                &jpath,
                format!("experiment `{name}` differs from the first shard's (entry, inputs or items): shards of different runs"),
            )
            .into());
        }
        m.meta.seconds += meta.seconds;
        for JournalEntry { index, id, rows, columns } in j.entries {
            if !j.header.owned.contains(&index) {
                continue;
            }
            if let Some(prev) = from.insert(index, s.index) {
                return Err(InputError::new(format!(
                    "experiment `{name}`: item `{id}` is in shard {prev} and in shard {} ({})",
                    s.index,
                    s.dir().display()
                ))
                .into());
            }
            m.rows_of.insert(index, (rows, columns));
        }
    }
    let m = merged.ok_or_else(|| InputError::new("no shard directories given"))?;
    let missing: Vec<&str> =
        (0..m.header.items.len()).filter(|i| !m.rows_of.contains_key(i)).map(|i| m.header.items[i].as_str()).collect();
    if !missing.is_empty() {
        let n = missing.len();
        let shown: Vec<&str> = missing.iter().take(10).copied().collect();
        let more = if n > 10 { format!(" and {} more", n - 10) } else { String::new() };
        return Err(InputError::new(format!(
            "experiment `{name}`: {} in no shard: {}{more}",
            count_of(n as u64, "item"),
            shown.join(", ")
        ))
        .into());
    }
    Ok(m)
}

/// Refuses an `--out` that is one of the shard directories (the merge would overwrite
/// that shard).
fn check_out_is_no_shard(dirs: &[PathBuf], out: &Path) -> Result<()> {
    let Ok(target) = std::fs::canonicalize(out) else { return Ok(()) };
    match dirs.iter().find(|d| std::fs::canonicalize(d).is_ok_and(|d| d == target)) {
        Some(d) => Err(InputError::in_file(
            out,
            format!(
                "--out is the shard directory {}: merging into it would overwrite that shard; give another directory",
                d.display()
            ),
        )
        .into()),
        None => Ok(()),
    }
}

/// Merges shard directories into `out`; returns the merged run's metadata.
///
/// `out` must not be one of the shards. A merge that fails after it started writing
/// (a full disk) marks `out/run.toml` `failed`, never `complete`, as `run` does.
pub fn merge(dirs: &[PathBuf], out: &Path, force: bool) -> Result<RunMeta> {
    if dirs.is_empty() {
        return Err(InputError::new("give the shard directories to merge").into());
    }
    check_out_is_no_shard(dirs, out)?;
    let mut shards = dirs.iter().map(|d| read_shard(d)).collect::<Result<Vec<_>>>()?;
    check_same_run(&shards)?;
    shards.sort_by_key(|s| s.index);
    let names = shards[0].meta.experiments.clone();
    let merged = names.iter().map(|n| merge_experiment(n, &shards)).collect::<Result<Vec<_>>>()?;
    if shards.len() != shards[0].count {
        let have: Vec<usize> = shards.iter().map(|s| s.index).collect();
        let lacking: Vec<String> = (0..shards[0].count).filter(|i| !have.contains(i)).map(|i| i.to_string()).collect();
        let which = if lacking.len() == 1 { "shard" } else { "shards" };
        crate::base::text::say(&format!("merge: {which} {} own no items; merging without them", lacking.join(", ")));
    }
    let dir = ResultsDir::lock_for_run(out)?;
    let mut meta = merged_run_meta(&shards);
    let earlier = dir.run_meta().ok();
    check_one_manifest(&dir, &names, &meta.manifest_file, earlier.as_ref(), force)?;
    let mut running = RunMeta { state: RunState::Running, finished: None, ..meta.clone() };
    let written = dir
        .mark(&running)
        .and_then(|()| merged.iter().try_for_each(|m| write_experiment(&dir, m)))
        .and_then(|()| copy_figures(&shards, &names, out))
        .and_then(|()| {
            meta.warnings = run_warnings(out, &meta);
            dir.mark(&meta)
        });
    if let Err(e) = written {
        dir.mark_unfinished(&mut running, RunState::Failed);
        return Err(e);
    }
    announce_timeouts(&meta.timeouts);
    announce_memory_stops(&meta.memory_stops);
    announce_busy(&meta.busy);
    announce_warnings(&meta.warnings);
    if let Err(e) = crate::report::generate(dir.path(), crate::runner::registry::reports()) {
        dir.mark_unfinished(&mut meta.clone(), RunState::Failed);
        return Err(e);
    }
    Ok(meta)
}

/// Copies every shard's pictures (`figures/EXPERIMENT/`) into `out`, after clearing
/// those `out` held: each item's pictures come from the shard that ran it.
fn copy_figures(shards: &[ShardDir], names: &[String], out: &Path) -> Result<()> {
    for name in names {
        crate::results::figures::clear(out, name)?;
        for shard in shards {
            crate::results::figures::copy(shard.dir(), out, name)?;
        }
    }
    Ok(())
}

/// One item's rows and the columns they declared.
type ItemRows = (Vec<Vec<String>>, Vec<Option<crate::results::columns::Column>>);

fn write_experiment(dir: &ResultsDir, m: &MergedExperiment) -> Result<()> {
    let rows: Vec<Vec<String>> = m.rows_of.values().flat_map(|(rows, _)| rows).cloned().collect();
    let mut declared = Vec::new();
    let (mut journal, _) = Journal::open(dir.path(), &m.header, true, true)?;
    for (&index, (rows, columns)) in &m.rows_of {
        let id = m.header.items[index].clone();
        journal.append(&JournalEntry { index, id, rows: rows.clone(), columns: columns.clone() })?;
        crate::experiment::merge_columns(&mut declared, columns.clone());
    }
    dir.commit(m.meta.clone(), (&m.header.columns, &declared, &rows))?;
    Ok(())
}

fn merged_run_meta(shards: &[ShardDir]) -> RunMeta {
    let first = &shards[0].meta;
    let started = shards.iter().map(|s| s.meta.started.clone()).min().unwrap_or_default();
    let finished = shards.iter().filter_map(|s| s.meta.finished.clone()).max();
    RunMeta {
        started,
        finished,
        state: RunState::Complete,
        host: crate::base::machine::host_name(),
        shard: None,
        ran: first.experiments.clone(),
        skipped: Vec::new(),
        timeouts: shards.iter().flat_map(|s| s.meta.timeouts.clone()).collect(),
        busy: shards.iter().flat_map(|s| s.meta.busy.clone()).collect(),
        memory_stops: shards.iter().flat_map(|s| s.meta.memory_stops.clone()).collect(),
        seconds: shards.iter().map(|s| s.meta.seconds).sum(),
        parts: Vec::new(),
        shards: shards
            .iter()
            .map(|s| ShardRecord {
                shard: format!("{}/{}", s.index, s.count),
                dir: s.dir().display().to_string(),
                host: s.meta.host.clone(),
                cpu: s.meta.cpu.clone(),
                threads: s.meta.threads,
                started: s.meta.started.clone(),
                finished: s.meta.finished.clone(),
            })
            .collect(),
        ..first.clone()
    }
}
