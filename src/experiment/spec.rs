//! One `[[experiment]]` entry of a manifest, resolved: its common keys, its kind's own
//! keys, where it was written (for messages naming the file and line) and the files it
//! read (for its resume key). [`manifest`](crate::runner::manifest) builds these; the registry,
//! the games and the runner only read them.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::base::error::InputError;
use crate::base::hash::{fnv1a, fnv1a_hex, FNV_OFFSET};
use crate::base::limits::Limits;
use crate::base::text::{compact_numbers, excerpt_to, MAX_MESSAGE_CHARS};
use crate::experiment::key_places::{Place, Spans};
use crate::experiment::sampling::SamplePolicy;
use crate::results::experiment_meta::ExperimentHeading;
use crate::search::rng::derive_seed;

/// One `[[experiment]]` entry, with its common keys resolved and the rest in `params`.
#[derive(Debug, Clone)]
pub struct ExperimentSpec {
    /// Name, game, kind, caption, label and seed.
    pub heading: ExperimentHeading,
    /// The limits of each search call: its time, and the memory of the process while the
    /// experiment runs (a memo search whose table would pass it stops with status
    /// `memory`, [`crate::search::budget::Budget::reserve`]).
    pub limits: Limits,
    /// Thread counts that parallel comparisons use.
    pub thread_counts: Vec<usize>,
    /// How every timed cell of the experiment is sampled (`samples`, `warmup`,
    /// `sample_budget`).
    pub sampling: SamplePolicy,
    /// The entry's kind-specific keys.
    pub params: toml::Table,
    /// The manifest file holding the entry.
    pub file: PathBuf,
    /// The directory of the top-level manifest: paths in entries are relative to it,
    /// also in included fragments.
    pub base_dir: PathBuf,
    /// The folder of the course's own instance files (`harness run --instances DIR`): a
    /// file named in the entry is read from there where it holds one of the same name.
    pub course_files: Option<PathBuf>,
    /// 1-based line of the entry's `[[experiment]]` header.
    pub line: usize,
    /// The line and column of every key and value of the entry, for messages.
    pub spans: Arc<Spans>,
    /// The entry as written (canonical TOML), part of the resume key.
    pub entry_text: String,
    /// Every file the entry's experiment read through [`ExperimentSpec::resolve`]: their
    /// contents are part of the resume key.
    pub inputs: Arc<std::sync::Mutex<Vec<PathBuf>>>,
}

impl ExperimentSpec {
    /// An input error about this entry at the value of `path` when given: a key of the
    /// entry or a path into it (`items[2].game`); a path that was not written names the
    /// nearest enclosing value that was, else the entry's `[[experiment]]` header.
    pub fn error(&self, path: Option<&str>, message: impl Into<String>) -> InputError {
        self.error_at(path.and_then(|p| self.value_place(p)), message)
    }

    fn error_at(&self, place: Option<Place>, message: impl Into<String>) -> InputError {
        let place = place.unwrap_or(Place::line(self.line));
        InputError::at_column(
            &self.file,
            place.line,
            place.column,
            format!("experiment `{}`: {}", self.heading.name, message.into()),
        )
    }

    /// The place of the value at `path`, or of its nearest written parent.
    fn value_place(&self, path: &str) -> Option<Place> {
        let mut path = path;
        loop {
            if let Some(place) = self.spans.value(path) {
                return Some(place);
            }
            path = &path[..path.rfind(['.', '['])?];
        }
    }

    /// Deserialises the kind-specific keys into `T`.
    ///
    /// Give `T` `#[serde(deny_unknown_fields)]` so that unknown keys are refused; the
    /// message names the line and column of the offending value (of an unknown key).
    pub fn params<T: DeserializeOwned>(&self) -> Result<T, InputError> {
        self.parse_table(&self.params, None)
    }

    /// Deserialises one inline table of this entry (e.g. an item of a list), naming
    /// `what` (like `items[2]`, the table's path in the entry) in messages.
    pub fn parse_table<T: DeserializeOwned>(&self, table: &toml::Table, what: Option<&str>) -> Result<T, InputError> {
        serde_path_to_error::deserialize(toml::Value::Table(table.clone())).map_err(|e| {
            let field = e.path().iter().find_map(|seg| match seg {
                serde_path_to_error::Segment::Map { key } => Some(key.clone()),
                _ => None,
            });
            let path = path_text(what, e.path());
            let e = e.into_inner();
            let msg = excerpt_to(&compact_numbers(&e.message().replace('\n', " ")), MAX_MESSAGE_CHARS);
            let place = match msg.strip_prefix("unknown field ").and_then(backticked) {
                Some(key) => {
                    let last = path == key || path.ends_with(&format!(".{key}"));
                    let at = if last { path.clone() } else { join(&path, &key) };
                    self.spans.key(&at).or_else(|| self.value_place(&path))
                }
                None => self.value_place(&path),
            };
            let key = field.or_else(|| backticked(&msg));
            let msg = match key.as_deref() {
                Some(k) if !msg.contains(&format!("`{k}`")) => format!("`{k}`: {msg}"),
                _ => msg,
            };
            let msg = match what {
                Some(w) => format!("{w}: {msg}"),
                None => msg,
            };
            self.error_at(place, msg)
        })
    }

    /// A path named in this entry, resolved against the directory of the top-level
    /// manifest (`instances/` for `instances/all.toml`), also for included fragments.
    ///
    /// The file is recorded as an input of the experiment: its content is part of the
    /// resume key, so an edited instance file makes a rerun compute the experiment again.
    pub fn resolve(&self, relative: &str) -> PathBuf {
        let path = self.course_file(relative).unwrap_or_else(|| self.base_dir.join(relative));
        let mut inputs = self.inputs.lock().unwrap_or_else(|p| p.into_inner());
        if !inputs.contains(&path) {
            inputs.push(path.clone());
        }
        path
    }

    /// The course's own file of the same name as `relative` (`spel3.txt` for
    /// `tegel/spel3.txt`), where [`ExperimentSpec::course_files`] names a folder that
    /// holds one.
    pub fn course_file(&self, relative: &str) -> Option<PathBuf> {
        let dir = self.course_files.as_ref()?;
        let path = dir.join(Path::new(relative).file_name()?);
        path.is_file().then_some(path)
    }

    /// The files read through [`ExperimentSpec::resolve`] so far, in first-use order.
    pub fn inputs(&self) -> Vec<PathBuf> {
        self.inputs.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The seed for one item of this experiment, derived from the experiment seed and the
    /// item's identity (instance, repetition, ...).
    pub fn item_seed(&self, parts: &[&str]) -> u64 {
        let mut all = vec![self.heading.name.as_str()];
        all.extend_from_slice(parts);
        derive_seed(self.heading.seed, &all)
    }

    /// The resume key: the entry, its resolved seed and limit, the thread counts it
    /// compares, the program version, and the content of every input file it read (call
    /// it after the experiment was built).
    pub fn resume_key(&self) -> String {
        let inputs: Vec<String> = self
            .inputs()
            .iter()
            .map(|p| match std::fs::read(p) {
                Ok(bytes) => format!("{}={}", p.display(), hash_bytes(&bytes)),
                Err(_) => format!("{}=unreadable", p.display()),
            })
            .collect();
        let (time, memory) = self.limits.resume_key_texts();
        let mut fixed = vec![
            self.entry_text.clone(),
            self.heading.seed.to_string(),
            time,
            format!("{:?}", self.thread_counts),
            crate::VERSION.to_string(),
        ];
        fixed.extend(memory);
        hash_texts(fixed.iter().chain(&inputs).map(String::as_str))
    }
}

/// The first `quoted` word of `msg`.
fn backticked(msg: &str) -> Option<String> {
    let start = msg.find('`')? + 1;
    let len = msg[start..].find('`')?;
    Some(msg[start..start + len].to_string())
}

/// `path` and `key` joined (`key` alone when `path` is empty).
fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// A serde path under the table at `what` as a [`Spans`] path: `items[2].x`, `seeds[1]`.
fn path_text(what: Option<&str>, path: &serde_path_to_error::Path) -> String {
    let mut text = what.unwrap_or("").to_string();
    for seg in path.iter() {
        match seg {
            serde_path_to_error::Segment::Seq { index } => text.push_str(&format!("[{index}]")),
            serde_path_to_error::Segment::Map { key } => text = join(&text, key),
            serde_path_to_error::Segment::Enum { variant } => text = join(&text, variant),
            serde_path_to_error::Segment::Unknown => {}
        }
    }
    text
}

/// A stable hex hash of some bytes (FNV-1a 64, [`fnv1a_hex`]).
pub fn hash_bytes(bytes: &[u8]) -> String {
    fnv1a_hex(bytes)
}

/// A stable hex hash of some texts (FNV-1a 64 with a separator after each).
pub fn hash_texts<'a>(texts: impl IntoIterator<Item = &'a str>) -> String {
    let h = texts.into_iter().fold(FNV_OFFSET, |h, t| fnv1a(fnv1a(h, t.as_bytes()), &[0xff]));
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// File hashes and resume keys as the harness has always written them: results
    /// directories of earlier builds stay current only while these hold.
    #[test]
    fn hashes_are_pinned() {
        assert_eq!(hash_bytes(b""), "cbf29ce484222325");
        assert_eq!(hash_bytes(b"harness"), "211fcbbafe5331ab");
        assert_eq!(hash_texts(["a", "b"]), "d2b371819297f98a");
        assert_eq!(hash_texts([]), "cbf29ce484222325");
    }
}
