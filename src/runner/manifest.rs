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
mod tests {
    use super::*;
    use std::io::Write;

    pub(super) fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::File::create(&p).unwrap().write_all(text.as_bytes()).unwrap();
        p
    }

    /// The refusal of a manifest `m.toml` holding `text`.
    pub(super) fn load_error(text: &str) -> InputError {
        let dir = tempfile::tempdir().unwrap();
        Manifest::load(&write(dir.path(), "m.toml", text), None, None).unwrap_err()
    }

    /// The refusal of `params::<P>()` for an entry `a` (game nim, kind k, four lines)
    /// whose own keys are `keys`.
    pub(super) fn params_error<P: serde::de::DeserializeOwned + std::fmt::Debug>(keys: &str) -> InputError {
        let dir = tempfile::tempdir().unwrap();
        let text = format!("[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n{keys}");
        let m = Manifest::load(&write(dir.path(), "m.toml", &text), None, None).unwrap();
        m.experiments[0].params::<P>().unwrap_err()
    }

    #[test]
    fn a_label_that_is_not_plain_and_an_unbalanced_caption_are_refused_naming_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let entry = "[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n";
        let text = format!("seed = 1\n{entry}label = \"tab:x}}\\\\input{{/etc/hostname}}\\\\label{{y\"\n");
        let e = Manifest::load(&write(dir.path(), "l.toml", &text), None, None).unwrap_err();
        assert_eq!(e.line, Some(6), "{e}");
        assert!(e.message.contains("`label` must be 1 to 100 letters, digits and `:-_.`"), "{e}");
        let text = format!("seed = 1\n{entry}caption = \"Nim: {{small\"\n");
        let e = Manifest::load(&write(dir.path(), "c.toml", &text), None, None).unwrap_err();
        assert_eq!(e.line, Some(6), "{e}");
        assert!(e.message.contains("`caption` has 1 `{` never closed"), "{e}");
        let text = format!("seed = 1\n{entry}caption = \"a}} b\"\n");
        assert!(Manifest::load(&write(dir.path(), "d.toml", &text), None, None).is_err());
        let text = format!("seed = 1\n{entry}caption = \"With {{braces}} and $x$\"\nlabel = \"tab:ok-1.2\"\n");
        assert!(Manifest::load(&write(dir.path(), "ok.toml", &text), None, None).is_ok());
    }

    #[test]
    fn loads_entries_with_defaults_and_lines() {
        let dir = tempfile::tempdir().unwrap();
        let p = write(
            dir.path(),
            "m.toml",
            "seed = 5\nthread_counts = [2, 1]\n\n[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\nx = 3\n",
        );
        let m = Manifest::load(&p, None, None).unwrap();
        assert_eq!(m.thread_counts, vec![1, 2]);
        let e = &m.experiments[0];
        assert_eq!((e.heading.name.as_str(), e.heading.seed, e.line), ("a", 5, 4));
        assert_eq!(e.heading.label, "tab:a");
        assert_eq!(e.params.get("x").and_then(|v| v.as_integer()), Some(3));
        assert_eq!(e.limits.time, Some(DEFAULT_TIME_LIMIT));
    }

    #[test]
    fn unknown_top_level_key_is_refused_with_its_line() {
        let e = load_error("seed = 5\nbogus = 1\n");
        assert_eq!(e.line, Some(2), "{e}");
        assert!(e.message.contains("bogus"), "{e}");
    }

    #[test]
    fn unknown_game_and_duplicate_names_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let e = load_error("[[experiment]]\nname = \"a\"\ngame = \"go\"\nkind = \"k\"\n");
        assert_eq!(e.line, Some(3));
        let p = write(
            dir.path(),
            "n.toml",
            "[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n",
        );
        let e = Manifest::load(&p, None, None).unwrap_err();
        assert!(e.message.contains("twice"), "{e}");
    }

    #[test]
    fn names_differing_in_case_only_are_refused_on_the_second() {
        let entry = |name: &str| format!("[[experiment]]\nname = \"{name}\"\ngame = \"nim\"\nkind = \"k\"\n");
        let e = load_error(&format!("{}{}", entry("dup"), entry("DUP")));
        assert_eq!(e.line, Some(6), "{e}");
        assert!(e.message.contains("`DUP` differs from `dup`") && e.message.contains("only in case"), "{e}");
    }

    #[test]
    fn params_name_the_line_of_an_unknown_key() {
        #[derive(Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct P {
            x: u32,
        }
        let e = params_error::<P>("x = 1\nyy = 2\n");
        assert_eq!(e.line, Some(6), "{e}");
        assert!(e.message.contains("yy"), "{e}");
    }

    #[test]
    fn resume_keys_are_the_keys_of_runs_made_before_the_limits_had_a_type() {
        // The keys `harness run` wrote for this manifest at commit e7584d1 (2026-11-27,
        // build `e7584d198408`), when the limits were an `Option<Duration>` and a byte
        // count. A run's key also holds its build (`runner::run::build_key`), so a new build
        // reruns such a run and says why; the entry's part of the key stays as it was.
        let text = "seed = 5\nthreads = [1, 2]\ntime_limit = 1.5\nmemory_limit = 64\n\n\
            [[experiment]]\nname = \"nim_formula\"\ngame = \"nim\"\nkind = \"formula\"\nmaxtakes = [0, 2]\n\
            takes_sets = [[1, 3, 4]]\nheap_counts = [2]\nmax_sticks = 6\n\n\
            [[experiment]]\nname = \"nim_default\"\ngame = \"nim\"\nkind = \"formula\"\ntime_limit = 300\n\
            maxtakes = [0]\ntakes_sets = []\nheap_counts = [2]\nmax_sticks = 4\n";
        let dir = tempfile::tempdir().unwrap();
        let m = Manifest::load(&write(dir.path(), "m.toml", text), None, None).unwrap();
        let keys: Vec<String> =
            m.experiments.iter().map(|e| hash_texts([e.resume_key().as_str(), "e7584d198408"])).collect();
        assert_eq!(keys, ["4ab1b9b38ec40edd", "3092409e78836238"]);
    }

    #[test]
    fn memory_limits_are_mib_per_run_or_entry_and_refused_on_their_line() {
        let dir = tempfile::tempdir().unwrap();
        let entry = |extra: &str| format!("[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n{extra}");
        let p = write(
            dir.path(),
            "m.toml",
            &format!("memory_limit = 512\n{}{}", entry(""), entry("memory_limit = 64\n").replace("\"a\"", "\"b\"")),
        );
        let m = Manifest::load(&p, None, None).unwrap();
        assert_eq!(m.experiments[0].limits.memory.map(MemoryLimit::bytes), Some(512 << 20));
        assert_eq!(m.experiments[1].limits.memory.map(MemoryLimit::bytes), Some(64 << 20));
        assert_ne!(
            m.experiments[0].resume_key(),
            Manifest::load(&write(dir.path(), "n.toml", &entry("")), None, None).unwrap().experiments[0].resume_key()
        );
        for (text, line) in [
            (entry("memory_limit = 0\n"), 5),
            (entry("memory_limit = \"4G\"\n"), 5),
            (format!("memory_limit = -1\n{}", entry("")), 1),
        ] {
            let e = Manifest::load(&write(dir.path(), "bad.toml", &text), None, None).unwrap_err();
            assert_eq!(e.line, Some(line), "{e}");
            assert!(e.message.contains("`memory_limit`"), "{e}");
        }
    }

    #[test]
    fn includes_are_expanded_and_filter_refuses_unknown_names() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "f.toml", "[[experiment]]\nname = \"b\"\ngame = \"tegel\"\nkind = \"k\"\ntime_limit = 50\n");
        let p = write(
            dir.path(),
            "m.toml",
            "include = [\"f.toml\"]\n[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n",
        );
        let mut m = Manifest::load(&p, Some(9), TimeLimit::from_secs(2.0).ok()).unwrap();
        assert_eq!(m.experiments.len(), 2);
        assert_eq!(m.experiments[1].file, dir.path().join("f.toml"));
        assert_eq!(m.experiments[1].resolve("x/y.txt"), dir.path().join("x/y.txt"));
        assert_eq!(m.experiments[1].heading.seed, 9);
        assert_eq!(m.experiments[1].limits.time.map(TimeLimit::duration), Some(Duration::from_secs(2)));
        assert!(m.filter(&["chess".into()]).is_err());
        m.filter(&["tegel".into()]).unwrap();
        assert_eq!(m.experiments.len(), 1);
    }

    #[test]
    fn missing_include_is_refused() {
        let e = load_error("seed = 1\ninclude = [\"nope.toml\"]\n");
        assert_eq!(e.line, Some(2), "{e}");
    }
}

#[cfg(test)]
mod refusal_tests {
    use super::tests::{load_error, write};
    use super::*;

    #[test]
    fn non_utf8_bytes_name_line_and_column_and_a_bom_is_accepted() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("m.toml");
        std::fs::write(&p, b"seed = 1\nthreads = [1]\n# caf\xe9\n").unwrap();
        let e = Manifest::load(&p, None, None).unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        assert!(e.message.contains("column 6"), "{e}");
        std::fs::write(&p, b"\xef\xbb\xbfseed = 1\n").unwrap();
        assert_eq!(Manifest::load(&p, None, None).unwrap().seed, 1);
    }

    #[test]
    fn a_wrongly_typed_field_names_its_own_line() {
        #[derive(Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct P {
            x: u32,
            instances: Vec<String>,
        }
        let e = super::tests::params_error::<P>("x = 1\ninstances = 5\n");
        assert_eq!(e.line, Some(6), "{e}");
        assert!(e.message.contains("instances"), "{e}");
    }

    /// A value the types refuse at the top of the manifest is named by its key.
    #[test]
    fn a_top_level_value_out_of_range_names_its_key() {
        let dir = tempfile::tempdir().unwrap();
        let p = write(dir.path(), "m.toml", "seed = 18446744073709551616\n");
        let e = Manifest::load(&p, None, None).unwrap_err();
        assert!(e.message.starts_with("`seed`: ") && e.message.contains("(20 digits)"), "{e}");
        assert_eq!(key_before("a = 1\nthread_counts = [x]", 22), Some("thread_counts".to_string()));
        assert_eq!(key_before("[[experiment]]", 3), None);
    }

    #[test]
    fn long_names_huge_limits_and_thread_counts_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("m.toml");
        let long = "n".repeat(300);
        for (text, line) in [
            (format!("[[experiment]]\nname = \"{long}\"\ngame = \"nim\"\nkind = \"k\"\n"), 2),
            ("time_limit = 1e308\n".to_string(), 1),
            ("threads = [10000]\n".to_string(), 1),
            ("[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\ntime_limit = 1e19\n".to_string(), 5),
        ] {
            std::fs::write(&p, &text).unwrap();
            let e = Manifest::load(&p, None, None).unwrap_err();
            assert_eq!(e.line, Some(line), "{text}: {e}");
        }
    }

    #[test]
    fn sampling_keys_apply_top_level_then_per_entry_then_flags() {
        let dir = tempfile::tempdir().unwrap();
        let entry = |name: &str, extra: &str| {
            format!("[[experiment]]\nname = \"{name}\"\ngame = \"nim\"\nkind = \"k\"\n{extra}")
        };
        let text =
            format!("samples = 7\nwarmup = 1\n{}{}", entry("a", ""), entry("b", "samples = 2\nsample_budget = 0.5\n"));
        let p = write(dir.path(), "m.toml", &text);
        let m = Manifest::load(&p, None, None).unwrap();
        let (a, b) = (m.experiments[0].sampling, m.experiments[1].sampling);
        assert_eq!((a.samples, a.warmup, a.budget), (7, 1, Duration::from_secs(3)));
        assert_eq!((b.samples, b.warmup, b.budget), (2, 1, Duration::from_millis(500)));
        let forced = SamplingOverrides { samples: Some(3), ..Default::default() };
        let m = Manifest::load_with(&p, None, None, &forced).unwrap();
        assert_eq!((m.experiments[0].sampling.samples, m.experiments[1].sampling.samples), (3, 3));
    }

    #[test]
    fn bad_sampling_keys_name_their_line() {
        let e = load_error("seed = 1\nsamples = 0\n");
        assert_eq!(e.line, Some(2), "{}", e.message);
        assert!(e.message.contains("`samples`"), "{}", e.message);
        let e = load_error("warmup = 99\n");
        assert!(e.message.contains("`warmup`") && e.line == Some(1), "{}", e.message);
        let e = load_error("[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\nsample_budget = -1\n");
        assert!(e.message.contains("`sample_budget`") && e.line == Some(5), "{}", e.message);
        let e = load_error("[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\nsamples = \"many\"\n");
        assert!(e.message.contains("`samples`") && e.line == Some(5), "{}", e.message);
    }

    /// `(line, column)` of a refusal.
    fn place(e: &InputError) -> (Option<usize>, Option<usize>) {
        (e.line, e.column)
    }

    #[test]
    fn a_bad_value_in_a_nested_table_names_its_line_and_column() {
        #[derive(Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Item {
            game: String,
            depth: u32,
        }
        #[derive(Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Limits {
            depth: u32,
        }
        #[derive(Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct P {
            items: Vec<toml::Table>,
            limits: Limits,
        }
        let dir = tempfile::tempdir().unwrap();
        let text = "[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\nitems = [\n  { game = \"nim\", depth = 3 },\n  { game = \"nim\", depth = \"deep\" },\n]\n[experiment.limits]\ndepth =   -4\n";
        let m = Manifest::load(&write(dir.path(), "m.toml", text), None, None).unwrap();
        let spec = &m.experiments[0];
        let e = spec.params::<P>().unwrap_err();
        assert_eq!(place(&e), (Some(10), Some(11)), "{e}");
        assert!(
            e.to_string()
                .starts_with(&format!("{}:10:11: experiment `a`: `limits`", dir.path().join("m.toml").display())),
            "{e}"
        );
        let items = spec.params.get("items").and_then(toml::Value::as_array).unwrap();
        let item = items[1].as_table().unwrap();
        let e = spec.parse_table::<Item>(item, Some("items[1]")).unwrap_err();
        assert_eq!(place(&e), (Some(7), Some(27)), "{e}");
        assert!(e.message.contains("items[1]: `depth`"), "{e}");
    }

    #[test]
    fn duplicate_and_unknown_keys_name_their_line_and_column() {
        let e = load_error("seed = 1\nthreads = [1]\n  seed = 2\n");
        assert_eq!(place(&e), (Some(3), Some(3)), "{e}");
        assert!(e.message.contains("duplicate key"), "{e}");
        let e = load_error("seed = 1\n[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\nkind = \"j\"\n");
        assert_eq!(place(&e), (Some(6), Some(1)), "{e}");
        let e = load_error("seed = 1\n  bogus = 1\n");
        assert_eq!(place(&e), (Some(2), Some(3)), "{e}");
        #[derive(Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct P {
            x: u32,
        }
        let e = super::tests::params_error::<P>("x = 1\n   yy = 2\n");
        assert_eq!(place(&e), (Some(6), Some(4)), "{e}");
        assert!(e.message.contains("yy"), "{e}");
    }

    /// Every experiment of `instances/all.toml` whose rows show a ratio of paired rounds
    /// (a column `X_rounds`) asks for at least [`MIN_PAIRED_ROUNDS`] samples, so that each
    /// ratio rests on that many rounds (the rounds never exceed the samples asked for).
    #[test]
    fn every_ratio_of_the_full_run_rests_on_its_minimum_rounds() {
        use crate::experiment::sampling::MIN_PAIRED_ROUNDS;
        let m = Manifest::load(Path::new("instances/all.toml"), None, None).unwrap();
        let mut ratios = Vec::new();
        for spec in &m.experiments {
            let columns = crate::runner::registry::build(spec).unwrap().columns();
            if columns.iter().any(|c| c.ends_with("_rounds")) {
                ratios.push(spec.heading.name.clone());
                assert!(spec.sampling.samples >= MIN_PAIRED_ROUNDS, "{}: {:?}", spec.heading.name, spec.sampling);
            }
        }
        assert!(ratios.contains(&"parallel".to_string()), "the experiments with ratios: {ratios:?}");
    }
}
