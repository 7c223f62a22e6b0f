//! The row journal: every finished item's rows, appended and flushed to disk before the
//! next item starts, so that a run killed at any moment loses at most the item in flight.
//!
//! `OUT/.journal/NAME.jsonl` holds one JSON object per line: first a [`JournalHeader`]
//! (the experiment's resume key, program version, shard, columns and items), then one
//! [`JournalEntry`] per finished item. A last line without its newline, or one that does
//! not parse, was torn by a kill mid-write: it is dropped (and cut off the file) when the
//! journal is opened again. The CSV is written from the journal when the experiment ends;
//! the journal stays, as the record `harness merge` reads from shard directories.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::base::error::{Error, InputError, Result};

/// The first line of a journal: what the rows belong to.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct JournalHeader {
    /// Journal format version.
    pub journal: u32,
    /// Experiment name.
    pub experiment: String,
    /// The experiment's resume key (entry, seed, limit, version, input files).
    pub key: String,
    /// Program version that wrote the journal.
    pub version: String,
    /// `I/N` when the run was one shard of N, absent otherwise.
    pub shard: Option<String>,
    /// CSV header.
    pub columns: Vec<String>,
    /// Every item of the experiment (ids, in CSV order), also those of other shards.
    pub items: Vec<String>,
    /// Indices (into `items`) this run owns.
    pub owned: Vec<usize>,
}

/// One finished item and its rows.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct JournalEntry {
    /// Index into the header's `items`.
    pub index: usize,
    /// The item's id (checked against the header on reading).
    pub id: String,
    /// The item's CSV rows.
    pub rows: Vec<Vec<String>>,
}

/// Format version of journals this program writes.
pub const JOURNAL_FORMAT: u32 = 1;

/// Where experiment `name`'s journal lives.
pub fn journal_path(out: &Path, name: &str) -> PathBuf {
    out.join(".journal").join(format!("{name}.jsonl"))
}

/// A journal read back: its header and the entries that were written whole.
#[derive(Debug, Clone)]
pub struct JournalContents {
    /// The header line.
    pub header: JournalHeader,
    /// Whole entries, in the order written.
    pub entries: Vec<JournalEntry>,
    /// Bytes of the file that hold whole lines (a torn tail starts here).
    valid_len: u64,
}

/// Reads a journal; `Ok(None)` when there is none or its header itself is torn.
///
/// Entries after a torn or unparsable line are ignored; entries whose index or id do not
/// match the header are refused as a foreign journal.
pub fn read(path: &Path) -> Result<Option<JournalContents>> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(anyhow::Error::new(e).context(format!("cannot read {}", path.display())).into()),
    };
    let mut lines = whole_lines(&bytes);
    let Some((first, mut valid_len)) = lines.next() else { return Ok(None) };
    let Ok(header) = serde_json::from_slice::<JournalHeader>(first) else { return Ok(None) };
    let mut entries = Vec::new();
    for (line, end) in lines {
        let Ok(entry) = serde_json::from_slice::<JournalEntry>(line) else { break };
        if header.items.get(entry.index) != Some(&entry.id) {
            return Err(InputError::in_file(
                path,
                format!("journal entry for item {} (`{}`) does not match its header", entry.index, entry.id),
            )
            .into());
        }
        entries.push(entry);
        valid_len = end;
    }
    Ok(Some(JournalContents { header, entries, valid_len }))
}

/// Complete lines of `bytes` (without their newline) with the offset just past each.
fn whole_lines(bytes: &[u8]) -> impl Iterator<Item = (&[u8], u64)> {
    let mut start = 0;
    std::iter::from_fn(move || {
        let rest = &bytes[start..];
        let nl = rest.iter().position(|&b| b == b'\n')?;
        let line = &rest[..nl];
        start += nl + 1;
        Some((line, start as u64))
    })
}

/// A journal open for appending.
pub struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Opens the journal of `header.experiment` in `out` for this run.
    ///
    /// Returns the entries a previous run with the same header already finished. A journal
    /// written for another entry, seed, limit, input or shard is discarded (the experiment
    /// starts over); one written by another program version is refused, so that rows of two
    /// versions are never mixed without `--force` (which discards it). A torn last line is
    /// cut off. `committed` says the previous journal is the record of an experiment that
    /// was committed (so not unfinished work): it is then replaced whatever its version.
    pub fn open(
        out: &Path,
        header: &JournalHeader,
        force: bool,
        committed: bool,
    ) -> Result<(Journal, Vec<JournalEntry>)> {
        let path = journal_path(out, &header.experiment);
        let dir = path.parent().unwrap_or(out);
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let previous = if force { None } else { read(&path)? };
        if let Some(prev) = &previous {
            if prev.header.version != header.version && !committed {
                return Err(InputError::in_file(
                    &path,
                    format!(
                        "journal written by harness {} but this is {}; rerun with --force to discard it",
                        prev.header.version, header.version
                    ),
                )
                .into());
            }
        }
        match previous {
            Some(prev) if prev.header == *header => {
                let file = OpenOptions::new().write(true).open(&path).with_context(|| cannot_open(&path))?;
                file.set_len(prev.valid_len).with_context(|| format!("cannot truncate {}", path.display()))?;
                let mut journal = Journal { file, path };
                journal.seek_end()?;
                Ok((journal, prev.entries))
            }
            _ => {
                let file = File::create(&path).with_context(|| cannot_open(&path))?;
                let mut journal = Journal { file, path };
                journal.append_line(&serde_json::to_vec(header).map_err(anyhow::Error::from)?)?;
                Ok((journal, Vec::new()))
            }
        }
    }

    fn seek_end(&mut self) -> Result<()> {
        use std::io::Seek;
        self.file.seek(std::io::SeekFrom::End(0)).with_context(|| format!("cannot seek {}", self.path.display()))?;
        Ok(())
    }

    /// Appends one finished item and flushes it to disk (fsync) before returning.
    pub fn append(&mut self, entry: &JournalEntry) -> Result<()> {
        self.append_line(&serde_json::to_vec(entry).map_err(anyhow::Error::from)?)
    }

    fn append_line(&mut self, json: &[u8]) -> Result<()> {
        let mut line = Vec::with_capacity(json.len() + 1);
        line.extend_from_slice(json);
        line.push(b'\n');
        self.file.write_all(&line).with_context(|| format!("cannot write {}", self.path.display()))?;
        self.file.sync_data().with_context(|| format!("cannot sync {}", self.path.display()))?;
        Ok(())
    }
}

fn cannot_open(path: &Path) -> String {
    format!("cannot open {}", path.display())
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Other(e.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(key: &str) -> JournalHeader {
        JournalHeader {
            journal: JOURNAL_FORMAT,
            experiment: "e".into(),
            key: key.into(),
            version: "1".into(),
            shard: None,
            columns: vec!["a".into()],
            items: vec!["x".into(), "y".into(), "z".into()],
            owned: vec![0, 1, 2],
        }
    }

    fn entry(index: usize, id: &str) -> JournalEntry {
        JournalEntry { index, id: id.into(), rows: vec![vec![format!("row {index}")]] }
    }

    /// A journal under key `k` in a new directory, holding `entries`, closed again.
    fn journal_with(entries: &[JournalEntry]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let (mut j, done) = Journal::open(dir.path(), &header("k"), false, false).unwrap();
        assert!(done.is_empty());
        for e in entries {
            j.append(e).unwrap();
        }
        dir
    }

    #[test]
    fn reopened_journal_returns_finished_items() {
        let dir = journal_with(&[entry(0, "x"), entry(1, "y")]);
        let (_, done) = Journal::open(dir.path(), &header("k"), false, false).unwrap();
        assert_eq!(done, vec![entry(0, "x"), entry(1, "y")]);
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_cut_off() {
        let dir = journal_with(&[entry(0, "x")]);
        let path = journal_path(dir.path(), "e");
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"index\":1,\"id\":\"y\",\"ro").unwrap();
        drop(f);
        let (mut j, done) = Journal::open(dir.path(), &header("k"), false, false).unwrap();
        assert_eq!(done, vec![entry(0, "x")]);
        j.append(&entry(2, "z")).unwrap();
        drop(j);
        let back = read(&path).unwrap().unwrap();
        assert_eq!(back.entries, vec![entry(0, "x"), entry(2, "z")]);
    }

    #[test]
    fn another_key_starts_over_and_another_version_is_refused() {
        let dir = journal_with(&[entry(0, "x")]);
        let (_, done) = Journal::open(dir.path(), &header("other"), false, false).unwrap();
        assert!(done.is_empty());
        let mut old = header("other");
        old.version = "0".into();
        let e = Journal::open(dir.path(), &old, false, false).err().unwrap();
        assert_eq!(e.exit_code(), 2, "{e}");
        assert!(e.to_string().contains("--force"), "{e}");
        assert!(Journal::open(dir.path(), &old, true, false).is_ok());
    }

    #[test]
    fn entries_not_matching_the_header_are_refused() {
        let dir = journal_with(&[entry(0, "y")]);
        assert!(read(&journal_path(dir.path(), "e")).is_err());
    }
}
