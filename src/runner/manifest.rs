//! The TOML manifest: which experiments to run, with which parameters.
//!
//! ```toml
//! seed = 20240321          # base seed of every random choice
//! thread_counts = [1, 2]   # thread counts that `parallel` rows compare (`threads` is read too)
//! time_limit = 300         # seconds per search call (experiments may override)
//! memory_limit = 4096      # MiB the process may hold: a memo search whose table would
//!                          # pass it stops with status `memory` (experiments may override)
//! samples = 5              # timed samples per cell (experiments may override)
//! warmup = 0               # untimed runs before a cell's samples (experiments may override)
//! sample_budget = 3        # seconds after which a cell takes no further sample (ditto)
//! include = ["tegel/all.toml"]   # fragments holding more [[experiment]] entries
//!
//! [[experiment]]
//! name = "tegel_best"      # CSV file name: results/tegel_best.csv
//! game = "tegel"           # tegel | stenen | nim | checkers | harness
//! kind = "best"            # the game's experiment kind
//! caption = "..."          # LaTeX caption (optional)
//! label = "tab:tegel_best" # LaTeX label (optional, default tab:NAME)
//! # ... the kind's own keys
//! ```
//! Unknown keys, missing files and bad values are refused before anything runs, with the
//! manifest file, the line and column of the value (`m.toml:5:9: ...`) and the reason.
//! Each file is parsed once: the typed keys, the entries' tables and the place of every
//! value ([`Spans`]) all come from that one parse.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use toml::de::DeTable;
use toml::Spanned;

use crate::base::error::InputError;
use crate::base::files::TextFile;
use crate::base::limits::{Limits, MemoryLimit, TimeLimit};
use crate::base::machine::default_threads;
use crate::base::text::{compact_numbers, excerpt, excerpt_to, MAX_MESSAGE_CHARS};
use crate::experiment::args::MAX_THREADS;
use crate::experiment::key_places::{Place, Spans};
use crate::experiment::sampling::{check_sample_budget, check_samples, check_warmup, SamplePolicy};
pub use crate::experiment::spec::{hash_bytes, hash_texts, ExperimentSpec};
use crate::results::experiment_meta::ExperimentHeading;
use crate::search::rng::derive_seed;

/// The longest experiment name (it names files: `NAME.csv`, `meta/NAME.toml`, ...).
pub const MAX_NAME_LEN: usize = 100;

/// Default per-call time limit when the manifest gives none: the assignment's five minutes.
pub const DEFAULT_TIME_LIMIT: TimeLimit = TimeLimit::whole_seconds(300);

/// A loaded, validated manifest.
#[derive(Debug, Clone)]
pub struct Manifest {
    /// The top-level manifest file.
    pub path: PathBuf,
    /// A hash of the text of the manifest and every included fragment.
    pub hash: String,
    /// Base seed of the run.
    pub seed: u64,
    /// Thread counts that parallel comparisons use (`thread_counts`).
    pub thread_counts: Vec<usize>,
    /// Every experiment, in manifest order (includes expanded where they are listed).
    pub experiments: Vec<ExperimentSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    seed: Option<u64>,
    /// `thread_counts`, also read under its former name `threads`.
    #[serde(alias = "threads")]
    thread_counts: Option<Vec<usize>>,
    time_limit: Option<f64>,
    memory_limit: Option<toml::Value>,
    samples: Option<toml::Value>,
    warmup: Option<toml::Value>,
    sample_budget: Option<toml::Value>,
    #[serde(default)]
    include: Vec<Spanned<String>>,
    #[serde(default)]
    experiment: Vec<Spanned<toml::Table>>,
    /// The title page of the assignments' own reports (`title`, `authors`, `course`):
    /// read by `harness report`, checked there (`report::assignment`); not part of
    /// any experiment.
    #[serde(default)]
    #[allow(dead_code)]
    report: Option<toml::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFragment {
    #[serde(default)]
    experiment: Vec<Spanned<toml::Table>>,
}

/// Run-wide settings that apply to every entry.
struct Defaults {
    base_dir: PathBuf,
    seed: u64,
    seed_forced: bool,
    time_limit: TimeLimit,
    time_limit_forced: bool,
    memory_limit: Option<MemoryLimit>,
    thread_counts: Vec<usize>,
    sampling: SamplePolicy,
    sampling_forced: SamplingOverrides,
}

/// The sampling flags of `harness run` (`--samples`, `--warmup`, `--sample-budget`):
/// each one given replaces the manifest's value for every entry.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SamplingOverrides {
    /// `--samples N`.
    pub samples: Option<u32>,
    /// `--warmup N`.
    pub warmup: Option<u32>,
    /// `--sample-budget SECONDS`.
    pub budget: Option<f64>,
}

/// The policy of `base` with the keys `samples`, `warmup` and `sample_budget` of `table`
/// (removed from it) applied; `err(key, message)` names a bad value's line.
fn sampling_keys(
    table: &mut toml::Table,
    base: SamplePolicy,
    err: &dyn Fn(&str, String) -> InputError,
) -> Result<SamplePolicy, InputError> {
    let mut policy = base;
    let int = |v: toml::Value, key: &str| match v {
        toml::Value::Integer(n) => Ok(n),
        other => Err(err(key, format!("`{key}` must be a whole number, got {}", excerpt(&other.to_string())))),
    };
    if let Some(v) = table.remove("samples") {
        policy.samples = check_samples(int(v, "samples")?).map_err(|e| err("samples", format!("`samples`: {e}")))?;
    }
    if let Some(v) = table.remove("warmup") {
        policy.warmup = check_warmup(int(v, "warmup")?).map_err(|e| err("warmup", format!("`warmup`: {e}")))?;
    }
    if let Some(v) = table.remove("sample_budget") {
        let secs = match v {
            toml::Value::Integer(n) => n as f64,
            toml::Value::Float(f) => f,
            other => {
                return Err(err(
                    "sample_budget",
                    format!("`sample_budget` must be seconds, got {}", excerpt(&other.to_string())),
                ))
            }
        };
        policy.budget = check_sample_budget(secs).map_err(|e| err("sample_budget", format!("`sample_budget`: {e}")))?;
    }
    Ok(policy)
}

/// `policy` with every flag of `forced` that was given.
fn apply_overrides(mut policy: SamplePolicy, forced: &SamplingOverrides) -> SamplePolicy {
    policy.samples = forced.samples.unwrap_or(policy.samples);
    policy.warmup = forced.warmup.unwrap_or(policy.warmup);
    policy.budget = forced.budget.map(Duration::from_secs_f64).unwrap_or(policy.budget);
    policy
}

/// The most bytes a manifest (or fragment) may have.
pub const MAX_MANIFEST_BYTES: u64 = 1 << 20;

fn read_text(path: &Path) -> Result<String, InputError> {
    TextFile {
        what: "manifest",
        max_bytes: MAX_MANIFEST_BYTES,
        holds: "a manifest is TOML text; is it the right file?",
    }
    .read(path)
}

fn toml_error(path: &Path, text: &str, e: &toml::de::Error) -> InputError {
    let at = e.span().map_or(0, |s| s.start);
    let place = Place::of(text, at);
    let mut msg = compact_numbers(&e.message().trim_end().replace('\n', " "));
    if let Some(key) = key_before(text, at).filter(|k| !msg.contains(&format!("`{k}`"))) {
        msg = format!("`{key}`: {msg}");
    }
    InputError::at_column(path, place.line, place.column, excerpt_to(&msg, MAX_MESSAGE_CHARS))
}

/// The key whose value stands at byte `at` of `text`: the bare key before the `=` on
/// that line, when the value follows one (`seed` for an error in `seed = 1e30`).
fn key_before(text: &str, at: usize) -> Option<String> {
    let start = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let (key, _) = text.get(start..at)?.split_once('=')?;
    let key = key.trim();
    let bare = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    bare.then(|| key.to_string())
}

/// An input error in `path` at `place` (the file's start when unknown).
fn error_at(path: &Path, place: Option<Place>, message: String) -> InputError {
    let place = place.unwrap_or(Place::line(1));
    InputError::at_column(path, place.line, place.column, message)
}

/// Refuses a manifest that gives both `thread_counts` and its former name `threads`
/// (serde would call it a duplicate field at the file's start), naming both and the line
/// of the second; `top` are the places of its top-level keys.
fn refuse_both_thread_keys(path: &Path, top: &Spans) -> Result<(), InputError> {
    let (Some(_), Some(_)) = (top.key("threads"), top.key("thread_counts")) else { return Ok(()) };
    let second =
        [top.key("threads"), top.key("thread_counts")].into_iter().flatten().max_by_key(|p| (p.line, p.column));
    Err(error_at(
        path,
        second,
        "`threads` is the former name of `thread_counts`: give one of them, e.g. thread_counts = [1, 2]".to_string(),
    ))
}

/// One manifest file parsed once: its typed keys as `T`, and the places of the values of
/// each of its `[[experiment]]` entries, in order.
fn parse_file<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<(T, Spans, Vec<Spans>), InputError> {
    let doc = DeTable::parse(text).map_err(|e| toml_error(path, text, &e))?;
    let top = Spans::of_table(text, doc.get_ref());
    refuse_both_thread_keys(path, &top)?;
    let entries = Spans::of_array_items(text, doc.get_ref(), "experiment");
    let typed = T::deserialize(toml::de::Deserializer::from(doc)).map_err(|e| toml_error(path, text, &e))?;
    Ok((typed, top, entries))
}

impl Manifest {
    /// Reads every instance file of the manifest from `dir` where it holds one of the same
    /// name (`harness run --instances DIR`: the course's own `spel3.txt`, `stenen2.in`,
    /// … in place of the harness's stand-ins); `dir` must be a folder.
    pub fn take_instances_from(&mut self, dir: &Path) -> Result<(), InputError> {
        if !dir.is_dir() {
            return Err(InputError::new(format!(
                "--instances {}: expected a folder holding the course's instance files (spel3.txt, stenen2.in, ...)",
                dir.display()
            )));
        }
        for spec in &mut self.experiments {
            spec.course_files = Some(dir.to_path_buf());
        }
        Ok(())
    }

    /// Loads and validates `path` and its includes.
    ///
    /// `seed_override` and `time_limit_override` replace the manifest's values
    /// for every entry. Nothing runs here; every refusal names file, line and reason.
    pub fn load(
        path: &Path,
        seed_override: Option<u64>,
        time_limit_override: Option<TimeLimit>,
    ) -> Result<Manifest, InputError> {
        Manifest::load_with(path, seed_override, time_limit_override, &SamplingOverrides::default())
    }

    /// As [`Manifest::load`], with the sampling flags of `harness run` applied.
    pub fn load_with(
        path: &Path,
        seed_override: Option<u64>,
        time_limit_override: Option<TimeLimit>,
        sampling: &SamplingOverrides,
    ) -> Result<Manifest, InputError> {
        let text = read_text(path)?;
        let (raw, top_spans, entry_spans): (RawManifest, _, _) = parse_file(path, &text)?;
        let top_err = |key: &str, msg: String| error_at(path, top_spans.value(key), msg);
        let mut top = toml::Table::new();
        for (key, value) in [("samples", &raw.samples), ("warmup", &raw.warmup), ("sample_budget", &raw.sample_budget)]
        {
            if let Some(v) = value {
                top.insert(key.to_string(), v.clone());
            }
        }
        let top_sampling = sampling_keys(&mut top, SamplePolicy::default(), &top_err)?;
        let thread_counts = raw.thread_counts.clone().unwrap_or_else(|| vec![1, default_threads()]);
        if thread_counts.is_empty() || thread_counts.iter().any(|&t| t == 0 || t > MAX_THREADS) {
            let key = if top_spans.value("threads").is_some() { "threads" } else { "thread_counts" };
            return Err(top_err(
                key,
                format!("`{key}` must be a non-empty list of thread counts from 1 to {MAX_THREADS}"),
            ));
        }
        let written = raw.time_limit.map(|t| time_limit(t, &top_err)).transpose()?;
        let time_limit = time_limit_override.or(written).unwrap_or(DEFAULT_TIME_LIMIT);
        let memory_limit = raw.memory_limit.as_ref().map(|v| memory_limit(v, &top_err)).transpose()?;
        let defaults = Defaults {
            base_dir: path.parent().unwrap_or(Path::new(".")).to_path_buf(),
            seed: seed_override.or(raw.seed).unwrap_or(1),
            seed_forced: seed_override.is_some(),
            time_limit,
            time_limit_forced: time_limit_override.is_some(),
            memory_limit,
            thread_counts: dedup_sorted(thread_counts),
            sampling: top_sampling,
            sampling_forced: *sampling,
        };
        let mut texts = vec![text.clone()];
        let mut experiments = Vec::new();
        for (entry, spans) in raw.experiment.into_iter().zip(entry_spans) {
            experiments.push(spec_from_entry(path, &text, entry, spans, &defaults)?);
        }
        let dir = path.parent().unwrap_or(Path::new("."));
        for inc in raw.include {
            let inc_path = dir.join(inc.get_ref());
            let inc_text = match read_text(&inc_path) {
                Ok(t) => t,
                Err(e) if e.line.is_some() => return Err(e),
                Err(e) => {
                    return Err(error_at(
                        path,
                        Some(Place::of(&text, inc.span().start)),
                        format!("cannot read included manifest {}: {}", inc_path.display(), e.message),
                    ))
                }
            };
            let (frag, _, frag_spans): (RawFragment, _, _) = parse_file(&inc_path, &inc_text)?;
            for (entry, spans) in frag.experiment.into_iter().zip(frag_spans) {
                experiments.push(spec_from_entry(&inc_path, &inc_text, entry, spans, &defaults)?);
            }
            texts.push(inc_text);
        }
        check_unique_names(&experiments)?;
        Ok(Manifest {
            path: path.to_path_buf(),
            hash: hash_texts(texts.iter().map(String::as_str)),
            seed: defaults.seed,
            thread_counts: defaults.thread_counts,
            experiments,
        })
    }

    /// Keeps only the experiments whose game or name is in `only` (comma-separated
    /// lists allowed); refuses a filter that matches nothing.
    pub fn filter(&mut self, only: &[String]) -> Result<(), InputError> {
        let wanted: Vec<&str> =
            only.iter().flat_map(|o| o.split(',')).map(str::trim).filter(|s| !s.is_empty()).collect();
        if wanted.is_empty() {
            return Ok(());
        }
        for w in &wanted {
            if !self.experiments.iter().any(|e| e.heading.game == *w || e.heading.name == *w) {
                let names: Vec<&str> = self.experiments.iter().map(|e| e.heading.name.as_str()).collect();
                return Err(InputError::new(format!(
                    "--only {w}: no experiment or game of that name in {} (games: {}; experiments: {})",
                    self.path.display(),
                    crate::runner::registry::game_names().join(", "),
                    names.join(", ")
                )));
            }
        }
        self.experiments.retain(|e| wanted.iter().any(|w| e.heading.game == *w || e.heading.name == *w));
        Ok(())
    }
}

fn dedup_sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v.dedup();
    v
}

/// A `memory_limit` value ([`MemoryLimit::from_toml`]), refused on its line through `err`.
fn memory_limit(v: &toml::Value, err: &dyn Fn(&str, String) -> InputError) -> Result<MemoryLimit, InputError> {
    MemoryLimit::from_toml(v).map_err(|e| err("memory_limit", format!("`memory_limit`: {e}")))
}

/// A `time_limit` value in seconds ([`TimeLimit::from_secs`]), refused on its line
/// through `err`.
fn time_limit(seconds: f64, err: &dyn Fn(&str, String) -> InputError) -> Result<TimeLimit, InputError> {
    TimeLimit::from_secs(seconds).map_err(|e| err("time_limit", format!("`time_limit`: {e}")))
}

/// Refuses a name used twice, also when the two differ in case only: names are file
/// names (`NAME.csv`), and `dup.csv` and `DUP.csv` are one file on a case-insensitive file
/// system. The refusal names the line of the second.
fn check_unique_names(experiments: &[ExperimentSpec]) -> Result<(), InputError> {
    let mut seen: BTreeMap<String, &ExperimentSpec> = BTreeMap::new();
    for e in experiments {
        match seen.get(&e.heading.name.to_ascii_lowercase()) {
            Some(first) if first.heading.name == e.heading.name => {
                return Err(e.error(Some("name"), format!("experiment name `{}` is used twice", e.heading.name)));
            }
            Some(first) => {
                return Err(e.error(
                    Some("name"),
                    format!(
                        "experiment name `{}` differs from `{}` ({}:{}) only in case; names are file names, \
                         which are the same file on a case-insensitive file system",
                        e.heading.name,
                        first.heading.name,
                        first.file.display(),
                        first.spans.value("name").map_or(first.line, |p| p.line)
                    ),
                ));
            }
            None => {
                seen.insert(e.heading.name.to_ascii_lowercase(), e);
            }
        }
    }
    Ok(())
}

fn take_string(
    table: &mut toml::Table,
    key: &str,
    required: bool,
    err: &dyn Fn(&str, String) -> InputError,
) -> Result<Option<String>, InputError> {
    match table.remove(key) {
        Some(toml::Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(err(key, format!("`{key}` must be a string, got {}", other.type_str()))),
        None if required => Err(err(key, format!("missing key `{key}`"))),
        None => Ok(None),
    }
}

/// Refuses a label that is not a plain LaTeX label (letters, digits, `:-_.`) and a
/// caption that would not end where `\caption{..}` ends (unbalanced braces or `$`, a
/// trailing backslash, a line break), naming the key's line.
fn check_titles(caption: &str, label: &str, err: &dyn Fn(&str, String) -> InputError) -> Result<(), InputError> {
    if !crate::base::text::is_latex_label(label) {
        return Err(err(
            "label",
            format!(
                "`label` must be 1 to {} letters, digits and `:-_.`, got `{}`",
                crate::base::text::MAX_LABEL_LEN,
                excerpt(label)
            ),
        ));
    }
    match crate::base::text::caption_problem(caption) {
        Some(why) => Err(err("caption", format!("`caption` {why}; got `{}`", excerpt(caption)))),
        None => Ok(()),
    }
}

/// Resolves one `[[experiment]]` entry of `file` against the run-wide defaults.
fn spec_from_entry(
    file: &Path,
    text: &str,
    entry: Spanned<toml::Table>,
    spans: Spans,
    defaults: &Defaults,
) -> Result<ExperimentSpec, InputError> {
    let header_line = Place::of(text, entry.span().start).line;
    let mut table = entry.into_inner();
    let entry_text = toml::to_string(&table).unwrap_or_default();
    let err = |key: &str, msg: String| {
        error_at(file, Some(spans.value(key).unwrap_or(Place::line(header_line))), format!("experiment: {msg}"))
    };
    let name = take_string(&mut table, "name", true, &err)?.unwrap_or_default();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        return Err(err("name", format!("`name` must be letters, digits, `_` or `-`, got `{}`", excerpt(&name))));
    }
    if name.len() > MAX_NAME_LEN {
        return Err(err("name", format!("`name` must be at most {MAX_NAME_LEN} characters, got {}", name.len())));
    }
    let game = take_string(&mut table, "game", true, &err)?.unwrap_or_default();
    let games = crate::runner::registry::game_names();
    if !games.contains(&game.as_str()) {
        return Err(err("game", format!("unknown game `{}`, expected one of {}", excerpt(&game), games.join(", "))));
    }
    let kind = take_string(&mut table, "kind", true, &err)?.unwrap_or_default();
    let caption = take_string(&mut table, "caption", false, &err)?.unwrap_or_else(|| name.replace('_', " "));
    let label = take_string(&mut table, "label", false, &err)?.unwrap_or_else(|| format!("tab:{name}"));
    check_titles(&caption, &label, &err)?;
    let seed = match table.remove("seed") {
        Some(toml::Value::Integer(s)) if s >= 0 && !defaults.seed_forced => s as u64,
        Some(toml::Value::Integer(s)) if s >= 0 => derive_seed(defaults.seed, &[&name]),
        Some(other) => {
            return Err(err("seed", format!("`seed` must be an integer >= 0, got {}", excerpt(&other.to_string()))))
        }
        None => defaults.seed,
    };
    let time = match table.remove("time_limit") {
        Some(toml::Value::Integer(_) | toml::Value::Float(_)) if defaults.time_limit_forced => defaults.time_limit,
        Some(toml::Value::Integer(t)) => time_limit(t as f64, &err)?,
        Some(toml::Value::Float(t)) => time_limit(t, &err)?,
        Some(other) => {
            return Err(err("time_limit", format!("`time_limit` must be seconds, got {}", excerpt(&other.to_string()))))
        }
        None => defaults.time_limit,
    };
    let memory = match table.remove("memory_limit") {
        Some(v) => Some(memory_limit(&v, &err)?),
        None => defaults.memory_limit,
    };
    let sampling = apply_overrides(sampling_keys(&mut table, defaults.sampling, &err)?, &defaults.sampling_forced);
    Ok(ExperimentSpec {
        heading: ExperimentHeading { name, game, kind, caption, label, seed, asks: None },
        limits: Limits { time: Some(time), memory },
        thread_counts: defaults.thread_counts.clone(),
        sampling,
        params: table,
        file: file.to_path_buf(),
        base_dir: defaults.base_dir.clone(),
        course_files: None,
        line: header_line,
        spans: Arc::new(spans),
        entry_text,
        inputs: Arc::default(),
    })
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod refusal_tests;
