//! Which directories are results directories, and which files in them the harness made.
//!
//! `run`, `merge` and `report` write only into a directory that is new, empty, or marked
//! by the file [`MARKER`] (written when the harness first takes the directory). The marker
//! lists the generated report files (`tex/…`, `plots/…`); `report` removes only files on
//! that list, so a file someone else put in the directory is never deleted.
//!
//! A directory without the marker is taken over (and marked) when it is provably a
//! harness results directory: its `run.toml` parses as one, or it holds nothing but CSV
//! files, `meta/` and `.journal/` (results handed in for a report; nothing there is
//! overwritten). Report files such a directory already had are not on the list and are
//! left in place. Any other non-empty directory is refused (exit code 2).

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::meta::RunMeta;
use crate::base::error::{InputError, Result};

/// The marker file of a results directory.
pub const MARKER: &str = ".harness-results.toml";

/// The marker's contents.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Marker {
    /// What the directory is.
    harness: String,
    /// Generated files (relative paths, `/`-separated), sorted.
    #[serde(default)]
    generated: Vec<String>,
}

const HEADER: &str = "# A results directory of `harness`: run, merge and report write here and remove\n\
                      # only the generated files listed below.\n";

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
    write_marker(out, &Marker { harness: "results directory".into(), generated: Vec::new() })?;
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
    super::meta::MARKER_FILE.read(&out.join(MARKER)).ok().and_then(|t| toml::from_str(&t).ok()).unwrap_or_default()
}

fn write_marker(out: &Path, marker: &Marker) -> Result<()> {
    let text = format!("{HEADER}{}", toml::to_string(marker).map_err(anyhow::Error::from)?);
    super::contained_writes::write(out, &out.join(MARKER), text.as_bytes())
}

/// The generated files the marker of `out` lists (relative paths).
pub fn generated(out: &Path) -> Vec<PathBuf> {
    read_marker(out).generated.iter().map(PathBuf::from).collect()
}

/// Records `files` (relative paths) as the generated files of `out`, replacing the list.
pub fn record_generated(out: &Path, files: &[PathBuf]) -> Result<()> {
    let mut generated: Vec<String> = files.iter().map(|p| p.to_string_lossy().replace('\\', "/")).collect();
    generated.sort();
    generated.dedup();
    write_marker(out, &Marker { harness: "results directory".into(), generated })
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
        record_generated(dir.path(), &[PathBuf::from("tex/b.tex"), PathBuf::from("plots/a.svg")]).unwrap();
        assert_eq!(generated(dir.path()), vec![PathBuf::from("plots/a.svg"), PathBuf::from("tex/b.tex")]);
    }
}
