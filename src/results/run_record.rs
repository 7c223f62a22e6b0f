//! `run.toml` read back whole for the report: the typed record ([`RunMeta`]) with the
//! keys it does not know kept, and the fields an earlier version did not write told
//! apart from those it wrote.

use std::path::Path;

use super::file_caps::RUN_FILE;
use super::run_meta::RunMeta;
use crate::base::error::InputError;

/// A results directory's `run.toml` as read: its typed fields, every other key it holds
/// (nothing recorded is lost), and which typed fields it left out.
#[derive(Debug, Clone)]
pub struct RunRecord {
    /// The typed fields; those the file leaves out hold their defaults.
    pub meta: RunMeta,
    /// The keys of the file that [`RunMeta`] does not know, as written.
    pub other: toml::Table,
    /// The fields of [`RunMeta`] the file leaves out (a record of an earlier version),
    /// filled in with their defaults.
    defaulted: Vec<String>,
}

impl RunRecord {
    /// Reads `OUT/run.toml`: `None` when there is none; a file that is not TOML or
    /// whose values do not have the types of a run's record is refused, naming the file
    /// and what was expected.
    pub fn read(out: &Path) -> Result<Option<RunRecord>, InputError> {
        let path = out.join("run.toml");
        if std::fs::symlink_metadata(&path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
            return Ok(None);
        }
        let text = RUN_FILE.read(&path)?;
        RunRecord::from_text(&path, &text).map(Some)
    }

    /// The record of `text`, the contents of the run's record at `path`.
    pub fn from_text(path: &Path, text: &str) -> Result<RunRecord, InputError> {
        let refused = |e: toml::de::Error| refusal(path, text, &e);
        let file: toml::Table = toml::from_str(text).map_err(refused)?;
        let meta: RunMeta = toml::from_str(text).map_err(refused)?;
        Ok(RunRecord::of(meta, file))
    }

    /// The record of `meta` as the file `file` holds it.
    pub fn of(meta: RunMeta, file: toml::Table) -> RunRecord {
        let known = typed_fields(&meta);
        let defaulted = known.keys().filter(|k| !file.contains_key(*k)).cloned().collect();
        let other = file.into_iter().filter(|(k, _)| !known.contains_key(k)).collect();
        RunRecord { meta, other, defaulted }
    }

    /// Every key the record holds with its value as the record now has it: the typed
    /// fields the file wrote (or that were set since) and the other keys.
    pub fn fields(&self) -> toml::Table {
        let mut all: toml::Table =
            typed_fields(&self.meta).into_iter().filter(|(k, _)| !self.defaulted.contains(k)).collect();
        all.extend(self.other.clone());
        all
    }

    /// Replaces the run's warnings with `warnings`.
    pub fn set_warnings(&mut self, warnings: Vec<String>) {
        self.meta.warnings = warnings;
        self.defaulted.retain(|k| k != "warnings");
    }
}

/// The typed fields of `meta` as TOML values, by key.
fn typed_fields(meta: &RunMeta) -> toml::Table {
    toml::Table::try_from(meta).unwrap_or_default()
}

/// The refusal of the run's record at `path` (text `text`) for `e`: the file, the line,
/// the key there and what was expected.
fn refusal(path: &Path, text: &str, e: &toml::de::Error) -> InputError {
    let what = e.message().trim_end().replace('\n', " ");
    let Some(at) = e.span().map(|s| s.start.min(text.len())) else {
        return InputError::in_file(path, format!("not a harness run record: {what}"));
    };
    let before = text.get(..at).unwrap_or_default();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let key = before[line_start..].split_once('=').map(|(k, _)| k.trim()).filter(|k| !k.is_empty());
    let what = key.map_or(what.clone(), |k| format!("`{k}`: {what}"));
    InputError::at(path, before.matches('\n').count() + 1, format!("not a harness run record: {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::run_state::RunState;

    fn written() -> RunMeta {
        let mut meta = RunMeta::new((vec![1, 2], 7, "h".into()), 2, Path::new("m.toml"), None);
        meta.start_part(None);
        meta.part().unwrap().ran.push("tegel_best".into());
        meta.end_part(RunState::Complete);
        meta
    }

    #[test]
    fn a_written_record_reads_back_as_written() {
        let dir = tempfile::tempdir().unwrap();
        let meta = written();
        meta.write(dir.path()).unwrap();
        let record = RunRecord::read(dir.path()).unwrap().unwrap();
        assert_eq!(toml::to_string(&record.meta).unwrap(), toml::to_string(&meta).unwrap());
        assert!(record.other.is_empty(), "{:?}", record.other);
        let file: toml::Table = toml::from_str(&std::fs::read_to_string(dir.path().join("run.toml")).unwrap()).unwrap();
        assert_eq!(record.fields(), file);
        let json: RunMeta = serde_json::from_slice(&std::fs::read(dir.path().join("run.json")).unwrap()).unwrap();
        assert_eq!(toml::to_string(&json).unwrap(), toml::to_string(&meta).unwrap(), "run.json says the same");
    }

    #[test]
    fn an_earlier_record_reads_with_defaults_and_keeps_what_it_lacks_out_of_its_fields() {
        let text = "version = \"0.1.0\"\ngit_revision = \"abc\"\nrustc = \"r\"\ncpu = \"c\"\ncores = 2\n\
                    threads = 2\nthread_counts = [1, 2]\nseed = 7\nstarted = \"T1\"\nfinished = \"T2\"\n\
                    state = \"complete\"\nmanifest = \"m.toml\"\nmanifest_hash = \"h\"\nran = [\"a\"]\nskipped = []\n";
        let mut record = RunRecord::from_text(Path::new("run.toml"), text).unwrap();
        assert_eq!(record.meta.seconds, 0.0);
        assert!(record.meta.parts.is_empty() && record.meta.warnings.is_empty());
        let fields = record.fields();
        assert!(!fields.contains_key("seconds") && !fields.contains_key("warnings"), "{fields:?}");
        assert_eq!(fields, toml::from_str::<toml::Table>(text).unwrap());
        record.set_warnings(vec!["w".into()]);
        assert_eq!(record.fields()["warnings"].as_array().map(Vec::len), Some(1));
    }

    #[test]
    fn unknown_keys_are_kept() {
        let mut text = toml::to_string(&written()).unwrap();
        text = format!("note = \"by hand\"\n{text}\n[extra]\nx = 1\n");
        let record = RunRecord::from_text(Path::new("run.toml"), &text).unwrap();
        assert_eq!(record.other.keys().collect::<Vec<_>>(), ["extra", "note"]);
        assert_eq!(record.fields()["note"].as_str(), Some("by hand"));
        assert_eq!(record.fields(), toml::from_str::<toml::Table>(&text).unwrap());
    }

    #[test]
    fn a_malformed_record_is_refused_naming_the_file_and_what_was_expected() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.toml");
        let wrong_type = toml::to_string(&written()).unwrap().replace("cores = 2", "cores = \"two\"");
        std::fs::write(&path, &wrong_type).unwrap();
        let e = RunRecord::read(dir.path()).unwrap_err();
        assert_eq!(e.file.as_deref(), Some(path.as_path()));
        assert!(e.message.contains("`cores`: invalid type: string \"two\", expected usize"), "{e}");
        assert_eq!(e.line, wrong_type.lines().position(|l| l.starts_with("cores")).map(|i| i + 1));
        std::fs::write(&path, "this is not TOML\n").unwrap();
        let e = RunRecord::read(dir.path()).unwrap_err();
        assert!(e.to_string().contains("run.toml") && e.message.contains("not a harness run record"), "{e}");
        std::fs::write(&path, "version = \"0.1.0\"\n").unwrap();
        assert!(RunRecord::read(dir.path()).unwrap_err().message.contains("missing field"));
        std::fs::remove_file(&path).unwrap();
        assert!(RunRecord::read(dir.path()).unwrap().is_none(), "no run.toml is no record");
    }
}
