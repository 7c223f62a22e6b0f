//! The row journal: every finished item's rows, appended and flushed to disk before the
//! next item starts, so that a run killed at any moment loses at most the item in flight.
//!
//! `OUT/.journal/NAME.jsonl` holds one JSON object per line: first a [`JournalHeader`]
//! (the experiment's resume key, program version, build identity, shard, columns and
//! items), then one [`JournalEntry`] per finished item with a checksum (`sum`) over its
//! index, id and rows. A last line without its newline was torn by a kill mid-write: it
//! is cut off when the journal is opened again. A line that does not parse, whose checksum
//! does not match, whose id is not its item's, or that repeats an item is dropped with a
//! warning naming the line, and its item is recomputed. The CSV is written from the
//! journal when the experiment ends; the journal stays, as the record `harness merge`
//! reads from shard directories.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::base::error::{Error, Result};
use crate::base::files::TextFile;

/// An experiment's row journal (`.journal/NAME.jsonl`) read back: at most 256 MiB.
pub const JOURNAL_FILE: TextFile = TextFile {
    what: "row journal",
    max_bytes: 256 << 20,
    holds: "a row journal holds one experiment's rows; this is not one the harness wrote",
};

/// The first line of a journal: what the rows belong to.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct JournalHeader {
    /// Journal format version.
    pub journal: u32,
    /// Experiment name.
    pub experiment: String,
    /// The experiment's resume key (entry, seed, limit, build, input files).
    pub key: String,
    /// Program version that wrote the journal.
    pub version: String,
    /// Build identity ([`crate::BUILD_ID`]) of the program that wrote the journal.
    #[serde(default)]
    pub build: String,
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
    /// The columns its rows declared, by header position (`None`: no cell of it seen);
    /// absent in journals written before 2026-11-26.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<Option<crate::results::columns::Column>>,
}

/// A journal line as stored: the entry and the checksum of its JSON text.
#[derive(Serialize, Deserialize)]
struct SummedEntry {
    #[serde(flatten)]
    entry: JournalEntry,
    sum: String,
}

/// Format version of journals this program writes (2: entries carry a checksum).
pub const JOURNAL_FORMAT: u32 = 2;

/// Where experiment `name`'s journal lives.
pub fn journal_path(out: &Path, name: &str) -> PathBuf {
    out.join(".journal").join(format!("{name}.jsonl"))
}

/// FNV-1a 64 of an entry's JSON text, as hex: the line's checksum.
fn checksum(entry: &JournalEntry) -> Result<String> {
    let json = serde_json::to_vec(entry).map_err(anyhow::Error::from)?;
    Ok(crate::base::hash::fnv1a_hex(&json))
}

/// A journal read back: its header and the entries that were written whole and intact.
#[derive(Debug, Clone)]
pub struct JournalContents {
    /// The header line.
    pub header: JournalHeader,
    /// Intact entries, in the order written, each item at most once.
    pub entries: Vec<JournalEntry>,
    /// One message per dropped line (`PATH:LINE: why`); their items are not in `entries`.
    pub dropped: Vec<String>,
    /// Bytes of the file that hold whole lines (a torn tail starts here).
    valid_len: u64,
}

/// Reads a journal; `Ok(None)` when there is none or its header itself is torn.
///
/// Every whole line after the header is checked (parse, checksum, id against the header,
/// item not seen before); a line failing a check is left out of `entries` and named in
/// `dropped`.
pub fn read(path: &Path) -> Result<Option<JournalContents>> {
    if std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Ok(None);
    }
    let bytes = JOURNAL_FILE.read_bytes(path)?;
    let mut lines = whole_lines(&bytes);
    let Some((first, mut valid_len)) = lines.next() else { return Ok(None) };
    let Ok(header) = serde_json::from_slice::<JournalHeader>(first) else { return Ok(None) };
    let mut entries: Vec<JournalEntry> = Vec::new();
    let mut dropped = Vec::new();
    for (n, (line, end)) in lines.enumerate() {
        valid_len = end;
        match check_line(&header, line, &entries) {
            Ok(entry) => entries.push(entry),
            Err(why) => {
                dropped.push(format!("{}:{}: {why}; line dropped, its item is recomputed", path.display(), n + 2))
            }
        }
    }
    Ok(Some(JournalContents { header, entries, dropped, valid_len }))
}

/// The entry of one journal line, or why it cannot be trusted.
fn check_line(header: &JournalHeader, line: &[u8], seen: &[JournalEntry]) -> std::result::Result<JournalEntry, String> {
    let summed: SummedEntry =
        serde_json::from_slice(line).map_err(|e| format!("not a journal entry with a checksum ({e})"))?;
    let entry = summed.entry;
    if checksum(&entry).map_err(|e| e.to_string())? != summed.sum {
        return Err(format!("checksum does not match the entry of item {} (edited or damaged)", entry.index));
    }
    if header.items.get(entry.index) != Some(&entry.id) {
        return Err(format!("item {} (`{}`) is not the header's item {}", entry.index, entry.id, entry.index));
    }
    if seen.iter().any(|e| e.index == entry.index) {
        return Err(format!("item {} (`{}`) appears twice", entry.index, entry.id));
    }
    Ok(entry)
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
    /// Returns the intact entries a previous run with the same header (the same key,
    /// build identity, shard and items) already finished. A journal written for another
    /// entry, seed, limit, input, shard or build is discarded and the experiment starts
    /// over; when it was unfinished work of another build (not `committed`), a warning
    /// says so. Dropped lines are named on stderr and the journal is rewritten without
    /// them; a torn last line is cut off. `force` discards any previous journal.
    pub fn open(
        out: &Path,
        header: &JournalHeader,
        force: bool,
        committed: bool,
    ) -> Result<(Journal, Vec<JournalEntry>)> {
        let path = journal_path(out, &header.experiment);
        crate::results::contained_writes::real_dir(out, path.parent().unwrap_or(out))?;
        let previous = if force { None } else { read(&path)? };
        match previous {
            Some(prev) if prev.header == *header => Self::resume(out, path, header, prev),
            prev => {
                if let Some(prev) = prev.filter(|p| p.header.build != header.build && !committed) {
                    crate::base::text::say(&format!(
                        "{}: unfinished journal of build {} but this is build {}: discarded, its items are recomputed",
                        path.display(),
                        if prev.header.build.is_empty() { "unknown" } else { &prev.header.build },
                        header.build
                    ));
                }
                Self::create(out, path, header)
            }
        }
    }

    fn create(out: &Path, path: PathBuf, header: &JournalHeader) -> Result<(Journal, Vec<JournalEntry>)> {
        let file =
            crate::results::contained_writes::open(out, &path, crate::results::contained_writes::Access::CreateEmpty)?;
        let mut journal = Journal { file, path };
        journal.append_line(&serde_json::to_vec(header).map_err(anyhow::Error::from)?)?;
        Ok((journal, Vec::new()))
    }

    fn resume(
        out: &Path,
        path: PathBuf,
        header: &JournalHeader,
        prev: JournalContents,
    ) -> Result<(Journal, Vec<JournalEntry>)> {
        if prev.dropped.is_empty() {
            let file =
                crate::results::contained_writes::open(out, &path, crate::results::contained_writes::Access::Existing)?;
            file.set_len(prev.valid_len).with_context(|| format!("cannot truncate {}", path.display()))?;
            let mut journal = Journal { file, path };
            journal.seek_end()?;
            return Ok((journal, prev.entries));
        }
        for line in &prev.dropped {
            crate::base::text::say(line);
        }
        let (mut journal, _) = Self::create(out, path, header)?;
        for entry in &prev.entries {
            journal.append(entry)?;
        }
        Ok((journal, prev.entries))
    }

    fn seek_end(&mut self) -> Result<()> {
        use std::io::Seek;
        self.file.seek(std::io::SeekFrom::End(0)).with_context(|| format!("cannot seek {}", self.path.display()))?;
        Ok(())
    }

    /// Appends one finished item and flushes it to disk (fsync) before returning.
    pub fn append(&mut self, entry: &JournalEntry) -> Result<()> {
        let summed = SummedEntry { sum: checksum(entry)?, entry: entry.clone() };
        self.append_line(&serde_json::to_vec(&summed).map_err(anyhow::Error::from)?)
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
            build: "b".into(),
            shard: None,
            columns: vec!["a".into()],
            items: vec!["x".into(), "y".into(), "z".into()],
            owned: vec![0, 1, 2],
        }
    }

    fn entry(index: usize, id: &str) -> JournalEntry {
        JournalEntry { index, id: id.into(), rows: vec![vec![format!("row {index}")]], columns: Vec::new() }
    }

    /// A line's checksum as journals have always carried it: older journals stay intact
    /// only while it holds.
    #[test]
    fn the_checksum_is_pinned() {
        assert_eq!(checksum(&entry(3, "x")).unwrap(), "dcc540b63d8f96e3");
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
        let mut f = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
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
    fn another_key_or_build_starts_over_and_force_discards() {
        let dir = journal_with(&[entry(0, "x")]);
        let mut other_build = header("k");
        other_build.build = "older".into();
        let (_, done) = Journal::open(dir.path(), &other_build, false, false).unwrap();
        assert!(done.is_empty(), "a journal of another build must not be resumed");
        let dir = journal_with(&[entry(0, "x")]);
        let (_, done) = Journal::open(dir.path(), &header("other"), false, false).unwrap();
        assert!(done.is_empty());
        let dir = journal_with(&[entry(0, "x")]);
        let (_, done) = Journal::open(dir.path(), &header("k"), true, false).unwrap();
        assert!(done.is_empty());
    }

    /// The journal's lines after `edit`, reopened: the entries it resumes and the file's
    /// entries afterwards.
    fn reopened_after(edit: impl Fn(&mut Vec<String>)) -> (Vec<JournalEntry>, Vec<String>) {
        let dir = journal_with(&[entry(0, "x"), entry(1, "y"), entry(2, "z")]);
        let path = journal_path(dir.path(), "e");
        let mut lines: Vec<String> = std::fs::read_to_string(&path).unwrap().lines().map(String::from).collect();
        edit(&mut lines);
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        let dropped = read(&path).unwrap().unwrap().dropped;
        let (_, done) = Journal::open(dir.path(), &header("k"), false, false).unwrap();
        assert!(read(&path).unwrap().unwrap().dropped.is_empty(), "dropped lines are removed from the file");
        (done, dropped)
    }

    #[test]
    fn an_edited_line_is_dropped_with_its_line_number() {
        let (done, dropped) = reopened_after(|l| l[2] = l[2].replace("row 1", "row 7"));
        assert_eq!(done, vec![entry(0, "x"), entry(2, "z")]);
        assert_eq!(dropped.len(), 1);
        assert!(dropped[0].contains("e.jsonl:3: checksum does not match"), "{dropped:?}");
    }

    #[test]
    fn swapped_contents_and_repeated_items_are_dropped() {
        let (done, dropped) = reopened_after(|l| {
            let moved = l[1].replace("\"index\":0", "\"index\":1");
            l[2] = moved;
        });
        assert_eq!(done, vec![entry(0, "x"), entry(2, "z")], "{dropped:?}");
        let (done, dropped) = reopened_after(|l| {
            let copy = l[1].clone();
            l.push(copy);
        });
        assert_eq!(done, vec![entry(0, "x"), entry(1, "y"), entry(2, "z")]);
        assert!(dropped[0].contains("e.jsonl:5: item 0 (`x`) appears twice"), "{dropped:?}");
    }

    #[test]
    fn entries_not_matching_the_header_are_dropped() {
        let dir = journal_with(&[entry(0, "y"), entry(1, "y")]);
        let back = read(&journal_path(dir.path(), "e")).unwrap().unwrap();
        assert_eq!(back.entries, vec![entry(1, "y")]);
        assert!(back.dropped[0].contains(":2: item 0 (`y`) is not the header's item 0"), "{:?}", back.dropped);
    }
}
