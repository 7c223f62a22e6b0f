//! Whose folder `--out` is. A judge writes only into a folder that is new, empty, made
//! ready by `harness slurm --judge` (its marker and `slurm/`), or a judge's of the same
//! manifest and assignment (its `run.toml`, or a shard's `run-shard-I-of-N.toml`). It
//! refuses, naming what it found and writing nothing: the results of `harness run` or
//! `harness merge` (a `run.toml` of a run), a judge of another manifest or assignment
//! (unless `--force`), and a folder holding anything else.

use std::path::Path;

use super::ask::Questions;
use crate::base::error::{InputError, Result};
use crate::base::text::{count_of, excerpt};
use crate::experiment::progress::note;
use crate::results::run_meta::RunMeta;

/// What a judge writes at the top of its folder (besides its shards' records), and what
/// `harness slurm --judge` writes there before it.
const JUDGE_ENTRIES: &[&str] = &[
    "run.toml",
    "submissions",
    "pages",
    "judge.csv",
    "judge-columns.toml",
    "style.csv",
    "class.html",
    "class.md",
    "class.tex",
    "class.xlsx",
    "slurm",
];

/// Whether `name` is a shard's record, `run-shard-I-of-N.toml`.
fn shard_record(name: &str) -> bool {
    name.strip_prefix("run-shard-")
        .and_then(|r| r.strip_suffix(".toml"))
        .and_then(|r| r.split_once("-of-"))
        .is_some_and(|(i, n)| {
            !i.is_empty() && !n.is_empty() && (i.bytes().chain(n.bytes())).all(|b| b.is_ascii_digit())
        })
}

/// Refuses (exit 2) a judge of `questions` into `out` where `out` holds another run's
/// results, a judge of other questions (unless `force`, which says on stderr what it
/// judges over) or files no judge wrote; a folder that does not exist yet is fine.
pub fn check(out: &Path, questions: &Questions, force: bool) -> Result<()> {
    if !out.exists() {
        return Ok(());
    }
    if !out.is_dir() {
        return Err(InputError::in_file(out, "--out is a file, not a folder; give a new or empty folder").into());
    }
    let mut names: Vec<String> = std::fs::read_dir(out)
        .map_err(|e| InputError::in_file(out, format!("cannot read the folder: {e}")))?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let records: Vec<&String> = names.iter().filter(|n| *n == "run.toml" || shard_record(n)).collect();
    let mut others_questions = Vec::new();
    for name in records {
        let path = out.join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let table: toml::Table = toml::from_str(&text).unwrap_or_default();
        if table.get("command").and_then(toml::Value::as_str) != Some("judge") {
            return Err(InputError::in_file(out, not_a_judge(out, name)).into());
        }
        if let Some(theirs) = other_questions(&table, questions) {
            others_questions.push(format!("{theirs} ({name})"));
        }
    }
    let foreign: Vec<&String> = names
        .iter()
        .filter(|n| !n.starts_with('.') && !JUDGE_ENTRIES.contains(&n.as_str()) && !shard_record(n))
        .collect();
    if !foreign.is_empty() {
        let shown: Vec<String> = foreign.iter().take(5).map(|n| format!("`{}`", excerpt(n))).collect();
        let more = if foreign.len() > 5 { format!(" and {} more", foreign.len() - 5) } else { String::new() };
        return Err(InputError::in_file(
            out,
            format!(
                "not empty and not a judge's folder: it holds {}{more}, which no judge writes; nothing was written \
                 there. Give a new or empty folder (--out DIR)",
                shown.join(", ")
            ),
        )
        .into());
    }
    if others_questions.is_empty() {
        return Ok(());
    }
    let ours = format!("{} (assignment {})", questions.manifest.display(), questions.game);
    if force {
        note(&format!(
            "--force: judging {ours} in {}, which holds the judge of {}",
            out.display(),
            others_questions.join("; ")
        ));
        return Ok(());
    }
    Err(InputError::in_file(
        out,
        format!(
            "holds the judge of {}, not of {ours}; nothing was changed. Give this judge its own folder (--out DIR), \
             or add --force to judge there (every submission is judged again on these questions, and the class \
             table lists only those)",
            others_questions.join("; ")
        ),
    )
    .into())
}

/// What `name` in `out`, a `run.toml` (or a shard's record) that is not a judge's, is:
/// the results of a run of its manifest, or a file no harness command wrote.
fn not_a_judge(out: &Path, name: &str) -> String {
    let run = (name == "run.toml").then(|| RunMeta::read(out).ok()).flatten();
    match run {
        Some(run) => format!(
            "holds the results of `harness run` of {} ({}, {}; its run.toml), not a judge's; nothing was \
             written there. Give the judge its own folder (--out DIR)",
            excerpt(&run.manifest),
            run.state.as_str(),
            count_of(run.experiments.len() as u64, "experiment")
        ),
        None => format!(
            "holds a {name} that is not a judge's record; nothing was written there. Give the judge its own \
             folder (--out DIR)"
        ),
    }
}

/// The manifest and assignment of the judge record `table` where they are not those of
/// `questions`: another assignment, or a manifest of another text (its hash; a record
/// without one, written before 2026-12-02, by the manifest's path).
fn other_questions(table: &toml::Table, questions: &Questions) -> Option<String> {
    let text = |key: &str| table.get(key).and_then(toml::Value::as_str).unwrap_or("").to_string();
    let (manifest, game) = (text("manifest"), text("assignment"));
    let same_manifest = match table.get("manifest_hash").and_then(toml::Value::as_str) {
        Some(hash) => hash == questions.manifest_hash,
        None => same_file(Path::new(&manifest), &questions.manifest),
    };
    let judged = table.get("judged").and_then(toml::Value::as_integer).unwrap_or(0);
    let of = table.get("submissions").and_then(toml::Value::as_integer).unwrap_or(0);
    (!same_manifest || game != questions.game)
        .then(|| format!("{} (assignment {}, {judged} of {of} submissions judged)", excerpt(&manifest), excerpt(&game)))
}

/// Whether `a` and `b` name the same file (the same path where either cannot be resolved).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_records_are_told_from_other_files() {
        assert!(shard_record("run-shard-0-of-3.toml") && shard_record("run-shard-12-of-40.toml"));
        for no in ["run-shard--of-3.toml", "run-shard-0-of-.toml", "run-shard-a-of-3.toml", "run-shard-0-of-3.csv"] {
            assert!(!shard_record(no), "{no}");
        }
    }
}
