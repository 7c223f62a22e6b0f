//! Which directories are results directories, and which files in them the harness made.
//!
//! `run`, `merge` and `report` write only into a directory that is new, empty, or marked
//! by the file [`MARKER`] (written when the harness first takes the directory). The marker
//! lists the generated report files (`tex/…`, `plots/…`) with the hash of the bytes the
//! report wrote to each. `report` removes only a listed file that it can prove it wrote:
//! its bytes still hash to a recorded hash, and it is a report file at all — never a CSV,
//! a file under `meta/`, `samples/`, `.journal/` or `slurm/`, `run.toml`, `run.json`, the
//! lock, the marker or any hidden file, whatever the marker says. A file someone else put
//! in the directory, or a marker edited to name results, deletes nothing.
//!
//! A directory without the marker is taken over (and marked) when it is provably a
//! harness results directory: its `run.toml` parses as one, or it holds nothing but CSV
//! files, `meta/` and `.journal/` (results handed in for a report; nothing there is
//! overwritten). Report files such a directory already had are not on the list and are
//! left in place. Any other non-empty directory is refused (exit code 2).

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::run_meta::RunMeta;
use crate::base::error::{InputError, Result};
use crate::base::hash::fnv1a_hex;

/// The marker file of a results directory.
pub const MARKER: &str = ".harness-results.toml";

/// The marker's contents.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Marker {
    /// What the directory is.
    harness: String,
    /// Generated files with the hash of the bytes written to each, sorted (a path may
    /// appear twice while a report replaces it: its old and its new bytes). Markers
    /// written before 2026-11-28 list paths alone (`generated`): ignored, so nothing they
    /// list is ever removed.
    #[serde(default, rename = "file")]
    files: Vec<GeneratedFile>,
}

/// One generated file: where, and the hash ([`fnv1a_hex`]) of the bytes the report wrote.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
struct GeneratedFile {
    path: String,
    hash: String,
}

const HEADER: &str = "# A results directory of `harness`: run, merge and report write here and remove\n\
                      # only the generated report files listed below, while they still hold what was written.\n";

/// Takes `out` as a results directory: creates it when missing, marks it when empty or
/// provably a harness results directory, and refuses any other non-empty directory with
/// an [`InputError`] naming it.
pub fn claim(out: &Path) -> Result<()> {
    if out.join(MARKER).is_file() {
        return Ok(());
    }
    if out.exists() && !out.is_dir() {
        return Err(InputError::in_file(out, "the results directory is a file, not a directory").into());
    }
    std::fs::create_dir_all(out).with_context(|| format!("cannot create results directory {}", out.display()))?;
    let entries: Vec<String> = std::fs::read_dir(out)
        .with_context(|| format!("cannot read {}", out.display()))?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != ".lock")
        .collect();
    if !entries.is_empty() && RunMeta::read(out).is_err() && !only_results(out, &entries) {
        return Err(InputError::in_file(
            out,
            format!(
                "not empty and not a harness results directory (no {MARKER} or harness run.toml): \
                 nothing is written or removed there; give a new or empty directory"
            ),
        )
        .into());
    }
    write_marker(out, &Marker { harness: "results directory".into(), ..Marker::default() })?;
    Ok(())
}

/// Whether `entries` of `out` are CSV files, `meta/` and `.journal/` alone.
fn only_results(out: &Path, entries: &[String]) -> bool {
    entries.iter().all(|n| match n.as_str() {
        "meta" | ".journal" => out.join(n).is_dir(),
        _ => n.ends_with(".csv") && out.join(n).is_file(),
    })
}

fn read_marker(out: &Path) -> Marker {
    super::file_caps::MARKER_FILE.read(&out.join(MARKER)).ok().and_then(|t| toml::from_str(&t).ok()).unwrap_or_default()
}

fn write_marker(out: &Path, marker: &Marker) -> Result<()> {
    let text = format!("{HEADER}{}", toml::to_string(marker).map_err(anyhow::Error::from)?);
    super::contained_writes::write(out, &out.join(MARKER), text.as_bytes())
}

/// The generated files of `out` that the report can prove it wrote (relative paths): the
/// marker lists them with a hash their bytes still have, and each is a report file
/// ([`may_be_generated`]). A listed file that is missing is kept on the list (removing
/// it is a no-op); one whose bytes changed, or that is a link or not a file, is not.
pub fn generated(out: &Path) -> Vec<PathBuf> {
    let marker = read_marker(out);
    let mut proven: Vec<PathBuf> = Vec::new();
    for file in &marker.files {
        let relative = PathBuf::from(&file.path);
        if proven.contains(&relative) || !may_be_generated(&relative) {
            continue;
        }
        let hashes = marker.files.iter().filter(|f| f.path == file.path).map(|f| f.hash.as_str());
        match current_hash(&out.join(&relative)) {
            Some(Ok(now)) if hashes.clone().any(|h| h == now) => proven.push(relative),
            None => proven.push(relative),
            _ => {}
        }
    }
    proven
}

/// The hash of the regular file at `path` read without following a link; `None` when
/// there is nothing there, `Some(Err)` when it is something else or cannot be read.
fn current_hash(path: &Path) -> Option<std::result::Result<String, ()>> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Ok(m) if m.is_file() => Some(REPORT_FILE.read_bytes(path).map(|b| fnv1a_hex(&b)).map_err(|_| ())),
        _ => Some(Err(())),
    }
}

/// A generated report file read back to check its hash: at most 1 GiB.
const REPORT_FILE: crate::base::files::TextFile = crate::base::files::TextFile {
    what: "generated report file",
    max_bytes: 1 << 30,
    holds: "a generated report file is a table, a plot, a page or a workbook",
};

/// Whether `relative` can be a file the report generates: a plain relative path, no
/// hidden step, not a CSV, not under `meta/`, `samples/`, `.journal/` or `slurm/`, and
/// none of `run.toml`, `run.json`, `.lock` or the marker. Whatever a marker lists, no
/// other file is ever removed as a report file.
pub fn may_be_generated(relative: &Path) -> bool {
    let steps: Vec<&str> = relative
        .components()
        .map(|c| match c {
            std::path::Component::Normal(n) => n.to_str().unwrap_or("."),
            _ => ".",
        })
        .collect();
    let Some(&last) = steps.last() else { return false };
    let protected_folder = ["meta", "samples", "slurm"].contains(&steps[0]) && steps.len() > 1;
    let protected_file = ["run.toml", "run.json", ".lock", MARKER].contains(&last);
    !protected_folder
        && !protected_file
        && steps.iter().all(|s| !s.starts_with('.'))
        && !last.to_ascii_lowercase().ends_with(".csv")
}

/// Records `written` (relative paths and the bytes the report writes to each) as the
/// generated files of `out`; with `keep_proven`, the files [`generated`] proves are kept
/// on the list too (with their recorded hashes), as they are while a report replaces
/// them. Paths that cannot be generated files ([`may_be_generated`]) are left out.
pub fn record_generated(out: &Path, written: &[(PathBuf, &[u8])], keep_proven: bool) -> Result<()> {
    let mut files: Vec<GeneratedFile> = Vec::new();
    if keep_proven {
        let proven = generated(out);
        let old = read_marker(out).files;
        files.extend(old.into_iter().filter(|f| proven.contains(&PathBuf::from(&f.path))));
    }
    for (relative, bytes) in written.iter().filter(|(p, _)| may_be_generated(p)) {
        let path = relative.to_string_lossy().replace('\\', "/");
        files.push(GeneratedFile { path, hash: fnv1a_hex(bytes) });
    }
    files.sort();
    files.dedup();
    write_marker(out, &Marker { harness: "results directory".into(), files })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_and_empty_directories_are_claimed_and_marked() {
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("a/b");
        claim(&new).unwrap();
        assert!(new.join(MARKER).is_file());
        claim(dir.path().join("a/b").as_path()).unwrap();
    }

    #[test]
    fn a_foreign_directory_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("plots")).unwrap();
        std::fs::write(dir.path().join("plots/figure1.pdf"), "fig").unwrap();
        let e = claim(dir.path()).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("not a harness results directory"), "{e}");
        assert!(!dir.path().join(MARKER).exists());
    }

    #[test]
    fn csvs_and_metadata_alone_are_adopted() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("meta")).unwrap();
        std::fs::write(dir.path().join("x.csv"), "a\n1\n").unwrap();
        claim(dir.path()).unwrap();
        std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
        claim(dir.path()).unwrap();
    }

    #[test]
    fn the_generated_list_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        claim(dir.path()).unwrap();
        assert!(generated(dir.path()).is_empty());
        std::fs::create_dir_all(dir.path().join("tex")).unwrap();
        std::fs::write(dir.path().join("tex/b.tex"), "b").unwrap();
        let written: Vec<(PathBuf, &[u8])> =
            vec![(PathBuf::from("tex/b.tex"), b"b"), (PathBuf::from("plots/a.svg"), b"a")];
        record_generated(dir.path(), &written, false).unwrap();
        assert_eq!(generated(dir.path()), vec![PathBuf::from("plots/a.svg"), PathBuf::from("tex/b.tex")]);
        std::fs::write(dir.path().join("tex/b.tex"), "edited by hand").unwrap();
        assert_eq!(generated(dir.path()), vec![PathBuf::from("plots/a.svg")], "a changed file is not ours any more");
    }

    #[test]
    fn a_forged_marker_names_nothing_that_can_be_removed() {
        let dir = tempfile::tempdir().unwrap();
        claim(dir.path()).unwrap();
        let files = [
            "tegel_best.csv",
            "run.toml",
            "run.json",
            ".lock",
            ".journal/x.jsonl",
            "meta/x.toml",
            "samples/x.csv",
            MARKER,
            "../outside.tex",
            "/etc/hostname",
        ];
        let mut forged =
            format!("{HEADER}harness = \"results directory\"\ngenerated = [\"tegel_best.csv\", \"run.toml\"]\n");
        for f in files {
            let bytes = std::fs::read(dir.path().join(f)).unwrap_or_default();
            forged.push_str(&format!("[[file]]\npath = \"{f}\"\nhash = \"{}\"\n", fnv1a_hex(&bytes)));
        }
        std::fs::write(dir.path().join(MARKER), forged).unwrap();
        assert!(generated(dir.path()).is_empty(), "{:?}", generated(dir.path()));
        for f in files {
            assert!(!may_be_generated(Path::new(f)), "{f}");
        }
        assert!(may_be_generated(Path::new("tex/x.tex")) && may_be_generated(Path::new("index.html")));
    }
}
