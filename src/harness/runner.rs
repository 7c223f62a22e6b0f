//! `harness run MANIFEST`: validate everything, then run each experiment and write its
//! CSV and metadata atomically, skipping experiments already done (resume).

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::error::{Error, Result};
use super::experiment::RunContext;
use super::manifest::Manifest;
use super::output::{self, ExperimentMeta, RunMeta};
use super::progress::ExperimentProgress;
use super::registry;

/// Options of `harness run`.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The manifest file.
    pub manifest: PathBuf,
    /// Keep experiments whose game or name is listed.
    pub only: Vec<String>,
    /// Threads of the rayon pool.
    pub threads: usize,
    /// Seed overriding the manifest's.
    pub seed: Option<u64>,
    /// Results directory.
    pub out: PathBuf,
    /// Per-call limit (seconds) overriding the manifest's.
    pub time_limit: Option<f64>,
    /// Rerun experiments that are already done.
    pub force: bool,
}

/// Runs a manifest; returns the run metadata written to `OUT/run.toml`.
///
/// Every entry is validated (parameters, instance files) before the first one runs; a
/// bad manifest is an [`Error::Input`] and writes nothing. Ctrl-C ends the run with
/// [`Error::Interrupted`] after marking `run.toml` interrupted; finished CSVs stay.
pub fn run(opts: &RunOptions) -> Result<RunMeta> {
    let mut manifest = Manifest::load(&opts.manifest, opts.seed, opts.time_limit)?;
    manifest.filter(&opts.only)?;
    let experiments = manifest
        .experiments
        .iter()
        .map(|spec| registry::build(spec).map(|e| (spec, e)))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let mut meta = RunMeta {
        version: crate::VERSION.to_string(),
        git_revision: crate::GIT_REVISION.to_string(),
        rustc: crate::RUSTC_VERSION.to_string(),
        cpu: output::cpu_model(),
        cores: super::manifest::default_threads(),
        threads: opts.threads,
        thread_counts: manifest.threads.clone(),
        seed: manifest.seed,
        started: output::utc_now(),
        finished: None,
        state: "running".to_string(),
        manifest: opts.manifest.display().to_string(),
        manifest_hash: manifest.hash.clone(),
        ran: Vec::new(),
        skipped: Vec::new(),
    };
    write_run_meta(&opts.out, &meta)?;
    for (spec, experiment) in &experiments {
        if !opts.force && already_done(&opts.out, &spec.name, &spec.resume_key()) {
            eprintln!("[{}] already done for this entry and version, skipped (--force reruns it)", spec.name);
            meta.skipped.push(spec.name.clone());
            continue;
        }
        match run_one(spec, experiment.as_ref(), opts) {
            Ok(()) => meta.ran.push(spec.name.clone()),
            Err(Error::Interrupted) => {
                meta.state = "interrupted".to_string();
                meta.finished = Some(output::utc_now());
                write_run_meta(&opts.out, &meta)?;
                return Err(Error::Interrupted);
            }
            Err(e) => return Err(e),
        }
    }
    meta.state = "complete".to_string();
    meta.finished = Some(output::utc_now());
    write_run_meta(&opts.out, &meta)?;
    Ok(meta)
}

fn write_run_meta(out: &Path, meta: &RunMeta) -> Result<()> {
    let text = toml::to_string(meta).map_err(anyhow::Error::from)?;
    output::write_atomic(&out.join("run.toml"), text.as_bytes())?;
    Ok(())
}

fn already_done(out: &Path, name: &str, key: &str) -> bool {
    output::csv_path(out, name).is_file() && ExperimentMeta::read(out, name).is_some_and(|m| m.key == key)
}

fn run_one(
    spec: &super::manifest::ExperimentSpec,
    experiment: &dyn super::experiment::Experiment,
    opts: &RunOptions,
) -> Result<()> {
    let start = Instant::now();
    let columns = experiment.columns();
    let live = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let items = experiment.items();
    let total_rows = items.iter().map(|i| i.rows).sum();
    let progress = ExperimentProgress::start(&spec.name, total_rows, std::sync::Arc::clone(&live));
    let on_row = |done: u64, note: &str| progress.item_done(done, note);
    let ctx = RunContext::new(spec, opts.threads, live, &on_row);
    let result = (0..items.len()).try_for_each(|index| {
        ctx.check_interrupted()?;
        super::experiment::in_pool(opts.threads, || experiment.run_item(&ctx, index))
    });
    let rows = ctx.into_rows();
    if let Err(e) = result {
        progress.finish(if matches!(e, Error::Interrupted) { "interrupted" } else { "failed" });
        return Err(e);
    }
    let bytes = output::csv_bytes(&columns, &rows)?;
    output::write_atomic(&output::csv_path(&opts.out, &spec.name), &bytes)?;
    let meta = ExperimentMeta {
        name: spec.name.clone(),
        game: spec.game.clone(),
        kind: spec.kind.clone(),
        caption: spec.caption.clone(),
        label: spec.label.clone(),
        seed: spec.seed,
        threads: opts.threads,
        time_limit: spec.time_limit.map(|t| t.as_secs_f64()),
        key: spec.resume_key(),
        rows: rows.len(),
        seconds: start.elapsed().as_secs_f64(),
        version: crate::VERSION.to_string(),
    };
    let text = toml::to_string(&meta).map_err(anyhow::Error::from)?;
    output::write_atomic(&output::meta_path(&opts.out, &spec.name), text.as_bytes())?;
    progress.finish("done");
    Ok(())
}
