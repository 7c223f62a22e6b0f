//! `harness run MANIFEST`: validate everything, then run each experiment item by item,
//! journaling every finished item, and commit its CSV and metadata; skip what is provably
//! current (resume); run only one shard's items with `--shard I/N`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::base::error::{Error, Result};
use crate::base::limits::{MemoryLimit, TimeLimit};
use crate::base::machine::Threads;
use crate::base::text::noun;
use crate::experiment::progress::{note, ExperimentProgress, Plan};
use crate::experiment::{Experiment, Item, RunContext};
use crate::results::columns::{Column, StatusWord, BUSY, STATUS};
use crate::results::dir::ResultsDir;
use crate::results::experiment_meta::{manifest_identity, ExperimentMeta};
use crate::results::journal::{Journal, JournalEntry, JournalHeader, JOURNAL_FORMAT};
use crate::results::run_meta::RunMeta;
use crate::results::run_state::RunState;
use crate::runner::announce::{
    announce_busy, announce_memory_stops, announce_timeouts, announce_warnings, run_warnings,
};
use crate::runner::manifest::{hash_texts, ExperimentSpec, Manifest, SamplingOverrides};
use crate::runner::registry;
use crate::runner::shard::{self, Shard};
use crate::search::pool::in_pool;

/// Options of `harness run`.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The manifest file.
    pub manifest: PathBuf,
    /// Keep experiments whose game or name is listed.
    pub only: Vec<String>,
    /// Threads of the rayon pool.
    pub threads: Threads,
    /// Seed overriding the manifest's.
    pub seed: Option<u64>,
    /// Results directory.
    pub out: PathBuf,
    /// Per-call time limit overriding the manifest's.
    pub time_limit: Option<TimeLimit>,
    /// Rerun experiments that are already done (and discard their journals).
    pub force: bool,
    /// Run only this shard's items.
    pub shard: Option<Shard>,
    /// Sampling flags overriding the manifest's.
    pub sampling: SamplingOverrides,
    /// Memory limit overriding every entry's `memory_limit`.
    pub memory_limit: Option<MemoryLimit>,
    /// Pin each worker thread to one core (`--pin`).
    pub pin: bool,
    /// Solvers asked in place of the engine, each with the game it answers (`None`:
    /// unknown, asked about every game) ([`super::solvers`]).
    pub solvers: Vec<(crate::experiment::solver::spec::SolverSpec, Option<String>)>,
    /// The folder of the course's own instance files, read in place of the manifest's
    /// files of the same name (`--instances DIR`).
    pub course_files: Option<PathBuf>,
}

/// An experiment built from its entry, with its items and the ones this run owns.
struct Planned<'m> {
    spec: &'m ExperimentSpec,
    experiment: Box<dyn Experiment>,
    items: Vec<Item>,
    owned: Vec<usize>,
}

/// The course's files the planned experiments read (`--instances DIR`), each once, as
/// `DIR/NAME`.
fn course_files_read(planned: &[Planned], dir: Option<&Path>) -> Vec<String> {
    let Some(dir) = dir else { return Vec::new() };
    let mut read: Vec<String> = planned
        .iter()
        .flat_map(|p| p.spec.inputs())
        .filter(|path| path.starts_with(dir))
        .map(|path| path.display().to_string())
        .collect();
    read.sort();
    read.dedup();
    read
}

/// Builds every experiment of the manifest (validating it) and splits the items.
fn plan(manifest: &Manifest, shard: Option<Shard>) -> Result<Vec<Planned<'_>>> {
    let mut planned = Vec::new();
    for spec in &manifest.experiments {
        let experiment = registry::build(spec)?;
        let items = experiment.items();
        check_unique_ids(spec, &items)?;
        planned.push(Planned { spec, experiment, owned: Vec::new(), items });
    }
    let costs: Vec<Vec<f64>> = planned.iter().map(|p| p.items.iter().map(|i| i.cost).collect()).collect();
    let split = shard.map(|s| (s, shard::assign(&costs, s.count)));
    for (e, p) in planned.iter_mut().enumerate() {
        p.owned = (0..p.items.len()).filter(|&i| split.as_ref().is_none_or(|(s, a)| a[e][i] == s.index)).collect();
    }
    Ok(planned)
}

fn check_unique_ids(spec: &ExperimentSpec, items: &[Item]) -> Result<()> {
    let mut seen = std::collections::BTreeSet::new();
    for item in items {
        if !seen.insert(item.id.as_str()) {
            return Err(spec.error(None, format!("two items are both named `{}`; list each once", item.id)).into());
        }
    }
    Ok(())
}

/// `harness run MANIFEST --dry-run`: the items of every experiment still to run, grouped
/// by shard when `opts.shard` is given (every shard of its count), as text for stdout.
/// An experiment already done in `opts.out` for this entry and build (what the run would
/// skip) is named as done, not listed; when nothing is left it says "nothing to do". A
/// shard's share of the work is its part of the items' estimated costs, in per cent
/// (the costs are relative weights, not times). Writes nothing.
pub fn dry_run(opts: &RunOptions) -> Result<String> {
    let manifest = load(opts)?;
    let shards = opts.shard.map_or(1, |s| s.count);
    let dir = ResultsDir::read_only(&opts.out).ok();
    let mut text = String::new();
    let mut total_cost = 0.0;
    let mut per_shard = Vec::new();
    for index in 0..shards {
        let shard = opts.shard.map(|s| Shard { index, ..s });
        let planned = plan(&manifest, shard)?;
        let label = shard.map(|s| s.to_string());
        let (todo, done): (Vec<_>, Vec<_>) = planned.into_iter().partition(|p| {
            opts.force
                || !dir
                    .as_ref()
                    .is_some_and(|d| d.is_current(&p.spec.heading.name, &build_key(p.spec), label.as_deref()))
        });
        let cost: f64 = todo.iter().flat_map(|p| p.owned.iter().map(|&i| p.items[i].cost)).sum();
        total_cost += cost;
        per_shard.push((shard, todo, done, cost));
    }
    for (shard, todo, done, cost) in per_shard {
        let items: usize = todo.iter().map(|p| p.owned.len()).sum();
        let head = match shard {
            Some(s) => format!("shard {s}: "),
            None => String::new(),
        };
        let done_names: Vec<&str> = done.iter().map(|p| p.spec.heading.name.as_str()).collect();
        if items == 0 {
            text.push_str(&format!("{head}nothing to do"));
        } else {
            text.push_str(&format!("{head}{items} {} to run", noun(items as u64, "item")));
            if shards > 1 && total_cost > 0.0 {
                text.push_str(&format!(", about {:.0} % of the estimated work", 100.0 * cost / total_cost));
            }
        }
        if !done_names.is_empty() {
            text.push_str(&format!(
                "; already done in {} (skipped; --force reruns): {}",
                opts.out.display(),
                done_names.join(", ")
            ));
        }
        text.push('\n');
        for p in &todo {
            for &i in &p.owned {
                text.push_str(&format!("  {} #{i} {}\n", p.spec.heading.name, p.items[i].id));
            }
        }
    }
    Ok(text)
}

fn load(opts: &RunOptions) -> Result<Manifest> {
    Ok(load_listing(opts)?.0)
}

/// The manifest with `--only` applied, and the names of every experiment it lists.
fn load_listing(opts: &RunOptions) -> Result<(Manifest, Vec<String>)> {
    let mut manifest = Manifest::load_with(&opts.manifest, opts.seed, opts.time_limit, &opts.sampling)?;
    if let Some(dir) = &opts.course_files {
        manifest.take_instances_from(dir)?;
    }
    if let Some(memory) = opts.memory_limit {
        for spec in &mut manifest.experiments {
            spec.limits.memory = Some(memory);
        }
    }
    // `--only` names the manifest's own experiments; a solver's are asked in their place.
    let mut listed = manifest.clone();
    super::solvers::apply(&mut listed, &opts.solvers)?;
    let all = listed.experiments.iter().map(|e| e.heading.name.clone()).collect();
    manifest.filter(&opts.only)?;
    super::solvers::apply(&mut manifest, &opts.solvers)?;
    Ok((manifest, all))
}

/// Runs a manifest, then writes the LaTeX tables and plots; returns the run metadata
/// written to `OUT/run.toml`.
///
/// Every entry is validated (parameters, instance files) before the first one runs; a
/// bad manifest is an [`Error::Input`] and writes nothing. The results directory is
/// locked for the whole run: a second run on it is refused. Ctrl-C ends the run with
/// [`Error::Interrupted`] after marking `run.toml` interrupted; finished items stay in
/// the journals and finished CSVs stay. A run whose report cannot be written (a full
/// disk) ends with that error and `run.toml` marked failed, never `complete`.
pub fn run(opts: &RunOptions) -> Result<RunMeta> {
    check_memory_limit(opts)?;
    let (manifest, listed) = load_listing(opts)?;
    warn_memory_limits(&manifest);
    let planned = plan(&manifest, opts.shard)?;
    let dir = ResultsDir::lock_for_run(&opts.out)?;
    let mut meta = RunMeta::new(
        (manifest.thread_counts.clone(), manifest.seed, manifest.hash.clone()),
        opts.threads.get(),
        &opts.manifest,
        opts.shard.map(|s| s.to_string()),
    );
    let earlier = dir.run_meta().ok();
    let names: Vec<String> = planned.iter().map(|p| p.spec.heading.name.clone()).collect();
    check_one_manifest(&dir, &names, &meta.manifest_file, earlier.as_ref(), opts.force)?;
    let mut earlier = earlier.filter(|e| continues(e, &meta, opts));
    if let Some(killed) = earlier.as_mut() {
        killed.settle_killed(dir.path());
    }
    meta.start_part(earlier);
    meta.machine.memory_limit_mb = opts.memory_limit;
    if opts.pin {
        crate::search::pool::pin_workers();
        meta.machine.pin = true;
    }
    meta.experiments = planned.iter().map(|p| p.spec.heading.name.clone()).collect();
    meta.manifest_experiments = listed;
    meta.course_files = course_files_read(&planned, opts.course_files.as_deref());
    meta.summarise();
    dir.mark(&meta)?;
    let shard = opts.shard.map(|s| s.to_string());
    for (number, p) in planned.iter().enumerate() {
        let key = build_key(p.spec);
        if !opts.force && dir.is_current(&p.spec.heading.name, &key, shard.as_deref()) {
            note(&format!(
                "[{}] already done for this entry, its inputs and this build, skipped (--force reruns it)",
                p.spec.heading.name
            ));
            if let Some(part) = meta.part() {
                part.skipped.push(p.spec.heading.name.clone());
            }
            continue;
        }
        announce_other_build(&dir, &p.spec.heading.name);
        match run_one(&dir, p, &key, opts, (number + 1, planned.len())) {
            Ok(flagged) => {
                if let Some(part) = meta.part() {
                    part.ran.push(p.spec.heading.name.clone());
                    part.timeouts.extend(flagged.timeouts);
                    part.busy.extend(flagged.busy);
                    part.memory_stops.extend(flagged.memory);
                }
                meta.summarise();
                // What this part did so far stays on record should it be killed.
                if let Err(e) = dir.mark(&meta) {
                    dir.mark_unfinished(&mut meta, RunState::Failed);
                    return Err(e);
                }
            }
            Err(e) => {
                record_pinning(&mut meta);
                let state = if matches!(e, Error::Interrupted) { RunState::Interrupted } else { RunState::Failed };
                dir.mark_unfinished(&mut meta, state);
                if matches!(e, Error::Interrupted) {
                    report_interrupted(&opts.out);
                }
                return Err(e);
            }
        }
    }
    record_pinning(&mut meta);
    meta.machine.load_after = crate::base::machine::load_average();
    let warnings = run_warnings(dir.path(), &meta);
    if let Some(part) = meta.part() {
        part.warnings = warnings;
    }
    meta.end_part(RunState::Complete);
    dir.mark(&meta)?;
    announce_timeouts(&meta.timeouts);
    announce_memory_stops(&meta.memory_stops);
    announce_busy(&meta.busy);
    announce_warnings(&meta.warnings);
    if meta.parts.len() > 1 {
        note(&format!(
            "run in {} parts: first started {}, {:.0} s of running in all (run.toml lists each part)",
            meta.parts.len(),
            meta.started,
            meta.seconds
        ));
    }
    if let Err(e) = crate::report::generate(dir.path(), registry::reports()) {
        dir.mark_unfinished(&mut meta, RunState::Failed);
        return Err(e);
    }
    Ok(meta)
}

/// Refuses (exit 2) a `--memory-limit` above this machine's memory.
fn check_memory_limit(opts: &RunOptions) -> Result<()> {
    match opts.memory_limit.and_then(crate::base::machine::memory_limit_problem) {
        Some(problem) => Err(crate::base::error::InputError::new(format!("--memory-limit: {problem}")).into()),
        None => Ok(()),
    }
}

/// Says on stderr which entries have a memory limit above this machine's memory (the
/// manifest may be meant for a larger machine; `--memory-limit` overrides them).
fn warn_memory_limits(manifest: &Manifest) {
    for spec in &manifest.experiments {
        if let Some(problem) = spec.limits.memory.and_then(crate::base::machine::memory_limit_problem) {
            crate::base::text::say(&format!("warning: [{}] memory_limit: {problem}", spec.heading.name));
        }
    }
}

/// Whether this run continues the record `earlier` of the directory (a resume, or a run
/// into a merged directory, whose merge becomes the record's first part): the same
/// manifest and shard, and not a rerun of everything (`--force` without `--only`).
fn continues(earlier: &RunMeta, meta: &RunMeta, opts: &RunOptions) -> bool {
    let fresh = opts.force && opts.only.is_empty();
    !fresh && earlier_manifest(earlier) == meta.manifest_file && earlier.shard == meta.shard
}

/// The manifest identity `earlier` records (a record written before identities were
/// kept: its manifest path as given, resolved from here).
fn earlier_manifest(earlier: &RunMeta) -> String {
    if earlier.manifest_file.is_empty() {
        manifest_identity(Path::new(&earlier.manifest))
    } else {
        earlier.manifest_file.clone()
    }
}

/// One manifest per results directory: refuses (exit 2) a run or a merge that would
/// replace committed results (the experiments `names`) of another manifest, naming both
/// manifests, the experiments and the ways out; with `force`, says on stderr what it
/// replaces. Results whose manifest is not recorded anywhere (handed in) are no other
/// manifest's.
pub(super) fn check_one_manifest(
    dir: &ResultsDir,
    names: &[String],
    ours: &str,
    earlier: Option<&RunMeta>,
    force: bool,
) -> Result<()> {
    let mut theirs: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for name in names {
        let Some(committed) = dir.experiment_meta(name).filter(|m| m.csv_hash.is_some()) else { continue };
        let owner = committed.manifest.clone().or_else(|| earlier.map(earlier_manifest));
        match owner {
            Some(owner) if owner != ours => theirs.entry(owner).or_default().push(name.clone()),
            _ => {}
        }
    }
    if theirs.is_empty() {
        return Ok(());
    }
    let listing: Vec<String> =
        theirs.iter().map(|(manifest, names)| format!("{} of {manifest}", names.join(", "))).collect();
    if force {
        note(&format!("--force: replacing the results {} in {}", listing.join("; "), dir.path().display()));
        return Ok(());
    }
    Err(crate::base::error::InputError::in_file(
        dir.path(),
        format!(
            "holds the results {}, which this run of {ours} would replace; nothing was changed. \
             Give this manifest its own results directory (--out DIR), or add --force to replace them",
            listing.join("; ")
        ),
    )
    .into())
}

/// Writes the report (the page, tables and plots) of an interrupted run, for the
/// experiments it committed; says on stderr when that fails, since the run's own error
/// (interrupted) is the one it ends with.
fn report_interrupted(out: &Path) {
    if let Err(e) = crate::report::generate(out, registry::reports()) {
        let _ = std::io::Write::write_fmt(
            &mut std::io::stderr(),
            format_args!("report of the finished experiments not written: {e:#}\n"),
        );
    }
}

/// Records in `meta.machine` how many worker threads `--pin` pinned and why any was not.
fn record_pinning(meta: &mut RunMeta) {
    if let Some(report) = crate::search::pool::pin_report() {
        meta.machine.pinned_threads = Some(report.pinned);
        meta.machine.pin_failures = report.failures;
    }
}

/// The resume key of an entry for this build: the entry's key (entry, seed, limit, thread
/// counts, inputs) and [`crate::BUILD_ID`], so that results of other code are never kept.
pub fn build_key(spec: &ExperimentSpec) -> String {
    hash_texts([spec.resume_key().as_str(), crate::BUILD_ID])
}

/// Says on stderr when `name`'s committed results were computed by another build (they
/// are recomputed).
fn announce_other_build(dir: &ResultsDir, name: &str) {
    if let Some(m) = dir.experiment_meta(name).filter(|m| m.build != crate::BUILD_ID) {
        let old = if m.build.is_empty() { "unknown" } else { m.build.as_str() };
        note(&format!("[{name}] results of build {old} (this is build {}): recomputed", crate::BUILD_ID));
    }
}

/// The items of one experiment with a row that timed out or was timed on a busy machine.
struct Flagged {
    /// `NAME ITEM at LIMIT`.
    timeouts: Vec<String>,
    /// `NAME ITEM`.
    busy: Vec<String>,
    /// `NAME ITEM at LIMIT MiB`: a row stopped by the memory limit.
    memory: Vec<String>,
}

/// Runs the items of one experiment that this run owns and the journal lacks, then
/// commits its CSV and metadata. Returns the items that timed out or ran on a busy
/// machine, described.
fn run_one(
    dir: &ResultsDir,
    p: &Planned<'_>,
    key: &str,
    opts: &RunOptions,
    (number, of): (usize, usize),
) -> Result<Flagged> {
    let start = Instant::now();
    let load_start = crate::base::machine::load_average();
    let columns = p.experiment.columns();
    let header = JournalHeader {
        journal: JOURNAL_FORMAT,
        experiment: p.spec.heading.name.clone(),
        key: key.to_string(),
        version: crate::VERSION.to_string(),
        build: crate::BUILD_ID.to_string(),
        shard: opts.shard.map(|s| s.to_string()),
        columns: columns.clone(),
        items: p.items.iter().map(|i| i.id.clone()).collect(),
        owned: p.owned.clone(),
    };
    let committed = dir.journal_committed(&p.spec.heading.name);
    let (mut journal, done) = Journal::open(dir.path(), &header, opts.force, committed)?;
    let mut declared: Vec<Option<Column>> = Vec::new();
    let mut rows_of: BTreeMap<usize, Vec<Vec<String>>> = BTreeMap::new();
    for entry in done {
        crate::experiment::merge_columns(&mut declared, entry.columns);
        rows_of.insert(entry.index, entry.rows);
    }
    let total_rows = p.owned.iter().map(|&i| p.items[i].rows).sum();
    let live = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let at_most = p.owned.iter().any(|&i| p.items[i].up_to);
    let plan = Plan { number, of, rows: total_rows, at_most };
    let progress = ExperimentProgress::start(&p.spec.heading.name, plan, std::sync::Arc::clone(&live));
    if !rows_of.is_empty() {
        let n = rows_of.len() as u64;
        note(&format!(
            "[{}] resuming: {} already in the journal",
            p.spec.heading.name,
            crate::base::text::count_of(n, "item")
        ));
    }
    if rows_of.is_empty() {
        crate::results::figures::clear(&opts.out, &p.spec.heading.name)?;
    }
    let on_row = |done: u64, note: &str| progress.item_done(done, note);
    let ctx = RunContext::new(p.spec, opts.threads.get(), live, &on_row);
    ctx.count_done(rows_of.values().map(|r| r.len() as u64).sum());
    for &index in &p.owned {
        if rows_of.contains_key(&index) {
            continue;
        }
        progress.item_started(&p.items[index].id);
        let result = ctx.check_interrupted().and_then(|()| run_guarded(p, &ctx, index, opts.threads.get()));
        let rows = ctx.take_rows();
        let item_columns = ctx.take_columns();
        let figures = ctx.take_figures();
        if let Err(e) = result {
            progress.finish(if matches!(e, Error::Interrupted) { "interrupted" } else { "failed" }, "");
            return Err(e);
        }
        check_row_lengths(p.spec, &p.items[index], &columns, &rows)?;
        for (name, svg) in &figures {
            crate::results::figures::write(&opts.out, &p.spec.heading.name, &format!("{index:04}-{name}"), svg)?;
        }
        let entry =
            JournalEntry { index, id: p.items[index].id.clone(), rows: rows.clone(), columns: item_columns.clone() };
        journal.append(&entry)?;
        crate::experiment::merge_columns(&mut declared, item_columns);
        rows_of.insert(index, rows);
    }
    let limit = p.spec.limits.time.map_or("no limit".to_string(), |l| l.to_string());
    let timed_out = |c: &str| StatusWord::of_cell(c) == Some(StatusWord::Timeout);
    let timeouts = items_where(p, &columns, &rows_of, (STATUS, &timed_out), &format!(" at {limit}"));
    let busy = items_where(p, &columns, &rows_of, (BUSY, &|c: &str| c == "true"), "");
    let memory_limit = p.spec.limits.memory.map_or("no limit".to_string(), |m| m.to_string());
    let out_of_memory = |c: &str| StatusWord::of_cell(c) == Some(StatusWord::Memory);
    let memory = items_where(p, &columns, &rows_of, (STATUS, &out_of_memory), &format!(" at {memory_limit}"));
    let rows: Vec<Vec<String>> = p.owned.iter().flat_map(|i| rows_of.remove(i).unwrap_or_default()).collect();
    commit(dir, p.spec, (&columns, &declared, &rows), key, opts, (start, load_start))?;
    let after = match timeouts.len() {
        0 => String::new(),
        n => format!("; {n} {} timed out (limit {limit})", noun(n as u64, "row")),
    };
    progress.finish("done", &after);
    Ok(Flagged { timeouts, busy, memory })
}

/// Runs one item on the run's pool; a panic inside it (a bug) becomes an error naming the
/// item, so that `run.toml` is marked failed and the journal keeps every finished item.
fn run_guarded(p: &Planned<'_>, ctx: &RunContext, index: usize, threads: usize) -> Result<()> {
    let run = || in_pool(threads, || p.experiment.run_item(ctx, index));
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".to_string());
        Err(anyhow::anyhow!(
            "[{}] item `{}` stopped on an internal error ({what}); finished items are kept in the journal",
            p.spec.heading.name,
            p.items[index].id
        )
        .into())
    })
}

fn check_row_lengths(spec: &ExperimentSpec, item: &Item, columns: &[String], rows: &[Vec<String>]) -> Result<()> {
    match rows.iter().find(|r| r.len() != columns.len()) {
        Some(r) => Err(anyhow::anyhow!(
            "[{}] item `{}` emitted a row of {} cells for {} columns (a bug in the experiment)",
            spec.heading.name,
            item.id,
            r.len(),
            columns.len()
        )
        .into()),
        None => Ok(()),
    }
}

/// The items with a row whose `column` cell passes `test`, as `NAME ITEM` and `suffix`
/// (nothing when the experiment has no such column).
fn items_where(
    p: &Planned<'_>,
    columns: &[String],
    rows_of: &BTreeMap<usize, Vec<Vec<String>>>,
    (column, test): (&str, &dyn Fn(&str) -> bool),
    suffix: &str,
) -> Vec<String> {
    let Some(at) = columns.iter().position(|c| c == column) else { return Vec::new() };
    rows_of
        .iter()
        .filter(|(_, rows)| rows.iter().any(|r| test(&r[at])))
        .map(|(&i, _)| format!("{} {}{suffix}", p.spec.heading.name, p.items[i].id))
        .collect()
}

/// Writes the CSV and the samples file, then the metadata naming their hashes: the
/// metadata is the commit point, so a CSV without matching metadata is never taken as
/// done.
fn commit(
    dir: &ResultsDir,
    spec: &ExperimentSpec,
    (columns, declared, rows): (&[String], &[Option<Column>], &[Vec<String>]),
    key: &str,
    opts: &RunOptions,
    (start, load_start): (Instant, Option<f64>),
) -> Result<()> {
    let meta = ExperimentMeta {
        heading: spec.heading.clone(),
        threads: opts.threads.get(),
        time_limit: spec.limits.time,
        key: key.to_string(),
        rows: rows.len(),
        seconds: start.elapsed().as_secs_f64(),
        version: crate::VERSION.to_string(),
        build: crate::BUILD_ID.to_string(),
        csv_hash: None,
        shard: opts.shard.map(|s| s.to_string()),
        load_start,
        load_end: crate::base::machine::load_average(),
        columns: Vec::new(),
        samples: None,
        samples_hash: None,
        samples_asked: Some(spec.sampling.samples),
        memory_limit_mb: spec.limits.memory,
        manifest: Some(manifest_identity(&opts.manifest)),
    };
    dir.commit(meta, (columns, declared, rows))?;
    Ok(())
}
