//! A results directory as one object: opened (and created) under the safety rules of
//! [`super::contained_writes`] and [`super::dir_marker`], locked for writing, cleared of the temporary
//! files killed writers left, asked whether an experiment is current, given an
//! experiment's CSV and metadata, and marked with the run's state in `run.toml` and
//! `run.json`. `run`, `merge` and `report` reach the directory through this type only.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;

use super::columns::Column;
use super::experiment_commit::commit_experiment;
use super::experiment_meta::ExperimentMeta;
use super::file_caps::CSV_FILE;
use super::journal;
use super::lock::OutDirLock;
use super::run_meta::RunMeta;
use super::run_state::RunState;
use super::table::csv_path;
use crate::base::error::{InputError, Result};
use crate::base::hash::fnv1a_hex;

/// An open results directory: locked (exclusive, for `run`, `merge` and `report`'s
/// files) or read-only (for reading the results, no lock).
#[derive(Debug)]
pub struct ResultsDir {
    path: PathBuf,
    /// The exclusive lock; `None` when opened read-only.
    lock: Option<OutDirLock>,
    /// Whether a panic while the directory is held marks a `running` `run.toml` failed.
    fail_on_panic: bool,
}

impl ResultsDir {
    /// Opens `out` for writing: creates it when missing, claims it as a results directory
    /// ([`super::dir_marker::claim`]), takes its exclusive lock ([`OutDirLock::acquire`]) and
    /// removes the temporary files of killed writers ([`ResultsDir::clean_temp_files`]).
    ///
    /// Refuses (exit 2) a file, a non-empty directory that is no results directory, and a
    /// directory another process holds, naming it. The lock lasts while the value lives.
    pub fn lock(out: &Path) -> Result<ResultsDir> {
        let lock = OutDirLock::acquire(out)?;
        let dir = ResultsDir { path: out.to_path_buf(), lock: Some(lock), fail_on_panic: false };
        dir.clean_temp_files();
        Ok(dir)
    }

    /// [`ResultsDir::lock`] for a run or a merge: while the value lives, a panic (an
    /// output that cannot be written, a bug) marks a `run.toml` that still says `running`
    /// `failed` when the value is dropped, so such a run never looks as if it were still
    /// running.
    pub fn lock_for_run(out: &Path) -> Result<ResultsDir> {
        let mut dir = ResultsDir::lock(out)?;
        dir.fail_on_panic = true;
        Ok(dir)
    }

    /// Opens `out` for reading only: no lock is taken and nothing is created, cleaned or
    /// written. Refuses (exit 2) a path that is not an existing directory.
    pub fn read_only(out: &Path) -> Result<ResultsDir> {
        if !out.is_dir() {
            let what = if out.exists() { "it is not a directory" } else { "it does not exist" };
            return Err(InputError::in_file(out, format!("cannot read the results directory: {what}")).into());
        }
        Ok(ResultsDir { path: out.to_path_buf(), lock: None, fail_on_panic: false })
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the directory is held with its exclusive lock (opened by
    /// [`ResultsDir::lock`]).
    pub fn is_locked(&self) -> bool {
        self.lock.is_some()
    }

    /// An error unless the directory is locked: writing methods of a read-only directory
    /// are a bug of the caller, refused before anything is written.
    fn writable(&self) -> Result<()> {
        match self.lock {
            Some(_) => Ok(()),
            None => {
                Err(anyhow::anyhow!("{} was opened read-only; nothing is written to it", self.path.display()).into())
            }
        }
    }

    /// Removes the temporary files of killed writers (`.NAME.tmpXXXXXX`) in the directory
    /// and in each folder the harness writes into ([`super::atomic::WRITTEN_FOLDERS`]).
    /// A folder that is a symbolic link is skipped: nothing outside the directory is
    /// removed. Does nothing on a read-only directory.
    pub fn clean_temp_files(&self) {
        if self.is_locked() {
            super::atomic::clean_temp_files(&self.path);
        }
    }

    /// The `run.toml` of the directory, read back.
    pub fn run_meta(&self) -> anyhow::Result<RunMeta> {
        RunMeta::read(&self.path)
    }

    /// The committed metadata of experiment `name`, when it exists and parses.
    pub fn experiment_meta(&self, name: &str) -> Option<ExperimentMeta> {
        ExperimentMeta::read(&self.path, name)
    }

    /// Whether experiment `name` was committed for exactly resume key `key` and shard
    /// `shard` (`I/N`), and its CSV is the very file the metadata recorded: a truncated,
    /// edited or foreign CSV is not current.
    pub fn is_current(&self, name: &str, key: &str, shard: Option<&str>) -> bool {
        let Some(meta) = self.experiment_meta(name) else { return false };
        let Ok(csv) = CSV_FILE.read_bytes(&csv_path(&self.path, name)) else { return false };
        meta.key == key && meta.shard.as_deref() == shard && meta.csv_hash.as_deref() == Some(&fnv1a_hex(&csv))
    }

    /// Whether the journal of `name` belongs to an experiment that was committed (its
    /// metadata names the journal's key): it is then a finished record, not unfinished
    /// work.
    pub fn journal_committed(&self, name: &str) -> bool {
        let Ok(Some(j)) = journal::read(&journal::journal_path(&self.path, name)) else { return false };
        self.experiment_meta(name).is_some_and(|m| m.key == j.header.key && m.csv_hash.is_some())
    }

    /// Commits one experiment ([`commit_experiment`]): the wide CSV and the samples
    /// file, then the metadata naming their hashes, written last as the commit point, so
    /// that a CSV without matching metadata is never taken as done. Returns the metadata
    /// written. Refused on a read-only directory.
    pub fn commit(
        &self,
        meta: ExperimentMeta,
        table: (&[String], &[Option<Column>], &[Vec<String>]),
    ) -> Result<ExperimentMeta> {
        self.writable()?;
        commit_experiment(&self.path, meta, table, fnv1a_hex)
    }

    /// Writes `run.toml` and `run.json` with `meta` (its state among them), each
    /// atomically, `run.toml` last. Refused on a read-only directory.
    pub fn mark(&self, meta: &RunMeta) -> Result<()> {
        self.writable()?;
        meta.write(&self.path)
    }

    /// Marks the run unfinished: ends its current part with `state` now
    /// ([`RunMeta::end_part`]), listing the experiments it had begun
    /// ([`RunMeta::note_unfinished`]), and writes it ([`ResultsDir::mark`]); where that fails (a full disk leaves no room for
    /// a second copy), rewrites `run.toml` in place (a torn rewrite holds a prefix of the
    /// new text, which never says `complete`). Says on stderr when even that fails.
    pub fn mark_unfinished(&self, meta: &mut RunMeta, state: RunState) {
        meta.end_part(state);
        meta.note_unfinished(&self.path);
        let Err(first) = self.mark(meta) else { return };
        let path = self.path.join("run.toml");
        if let Err(also) = self.rewrite_in_place(&path, meta) {
            let _ = writeln!(
                std::io::stderr(),
                "could not also mark {} {}: {first:#}; {also:#}",
                path.display(),
                meta.state
            );
        }
    }

    /// Rewrites `path` (`run.toml`) with `meta` in place, without a temporary copy.
    fn rewrite_in_place(&self, path: &Path, meta: &RunMeta) -> Result<()> {
        self.writable()?;
        let text = toml::to_string(meta).map_err(anyhow::Error::from)?;
        let mut file = super::contained_writes::open(&self.path, path, super::contained_writes::Access::CreateEmpty)?;
        file.write_all(text.as_bytes()).with_context(|| format!("cannot write {}", path.display()))?;
        Ok(())
    }
}

impl Drop for ResultsDir {
    /// Marks a `running` `run.toml` `failed` when a directory opened by
    /// [`ResultsDir::lock_for_run`] is dropped while the thread panics; the lock is
    /// released after.
    fn drop(&mut self) {
        if !self.fail_on_panic || !std::thread::panicking() {
            return;
        }
        if let Ok(mut meta) = self.run_meta() {
            if meta.state == RunState::Running {
                self.mark_unfinished(&mut meta, RunState::Failed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_meta() -> RunMeta {
        RunMeta::new((vec![1], 7, "h".into()), 1, Path::new("m.toml"), None)
    }

    fn experiment(name: &str) -> ExperimentMeta {
        let text = format!(
            "name = \"{name}\"\ngame = \"nim\"\nkind = \"k\"\ncaption = \"\"\nlabel = \"\"\nseed = 1\nthreads = 1\n\
             key = \"key\"\nrows = 0\nseconds = 0.0\nversion = \"v\"\nbuild = \"b\"\n"
        );
        toml::from_str(&text).unwrap()
    }

    #[test]
    fn temp_files_are_cleaned_in_every_folder_when_locked() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path();
        drop(ResultsDir::lock(out).unwrap());
        for folder in ["meta", "tex", ".journal", "samples"] {
            std::fs::create_dir(out.join(folder)).unwrap();
            std::fs::write(out.join(folder).join(".x.tmpAb12Cd"), "x").unwrap();
        }
        std::fs::write(out.join(".a.csv.tmp123456"), "x").unwrap();
        std::fs::write(out.join("a.csv"), "x").unwrap();
        let dir = ResultsDir::lock(out).unwrap();
        for folder in ["meta", "tex", ".journal", "samples"] {
            assert!(!out.join(folder).join(".x.tmpAb12Cd").exists(), "{folder}");
        }
        assert!(!out.join(".a.csv.tmp123456").exists());
        assert!(out.join("a.csv").exists());
        drop(dir);
    }

    #[test]
    fn a_read_only_directory_is_neither_locked_cleaned_nor_written() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path();
        drop(ResultsDir::lock(out).unwrap());
        std::fs::write(out.join(".a.csv.tmp123456"), "x").unwrap();
        let dir = ResultsDir::read_only(out).unwrap();
        assert!(!dir.is_locked());
        assert!(out.join(".a.csv.tmp123456").exists());
        assert!(dir.mark(&run_meta()).is_err());
        assert!(!out.join("run.toml").exists());
        let other = ResultsDir::lock(out).unwrap();
        assert!(other.is_locked(), "a read-only reader holds no lock");
        let missing = ResultsDir::read_only(&out.join("nope")).unwrap_err();
        assert_eq!(missing.exit_code(), 2);
        assert!(missing.to_string().contains("cannot read the results directory: it does not exist"), "{missing}");
    }

    #[test]
    fn a_second_writer_is_refused_while_the_first_holds_it() {
        let tmp = tempfile::tempdir().unwrap();
        let first = ResultsDir::lock(tmp.path()).unwrap();
        assert_eq!(ResultsDir::lock(tmp.path()).unwrap_err().exit_code(), 2);
        drop(first);
        assert!(ResultsDir::lock(tmp.path()).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_folder_is_refused_and_nothing_outside_is_touched() {
        let tmp = tempfile::tempdir().unwrap();
        let (out, victim) = (tmp.path().join("r"), tmp.path().join("victim"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::create_dir_all(&victim).unwrap();
        std::fs::write(victim.join(".keep.tmpAb12Cd"), "mine").unwrap();
        std::os::unix::fs::symlink(&victim, out.join("meta")).unwrap();
        let dir = ResultsDir::lock(&out).unwrap();
        assert!(victim.join(".keep.tmpAb12Cd").exists(), "cleaning went through a link");
        let e = dir.commit(experiment("x"), (&["a".to_string()], &[], &[vec!["1".to_string()]])).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("meta: is a symbolic link"), "{e}");
        assert_eq!(std::fs::read_dir(&victim).unwrap().count(), 1);
    }

    #[test]
    fn a_committed_experiment_is_current_until_its_csv_changes() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = ResultsDir::lock(tmp.path()).unwrap();
        assert!(!dir.is_current("x", "key", None));
        let written = dir.commit(experiment("x"), (&["a".to_string()], &[], &[vec!["1".to_string()]])).unwrap();
        assert_eq!(written.rows, 1);
        assert_eq!(dir.experiment_meta("x").as_ref(), Some(&written));
        assert!(dir.is_current("x", "key", None));
        assert!(!dir.is_current("x", "other key", None));
        assert!(!dir.is_current("x", "key", Some("0/2")));
        std::fs::write(tmp.path().join("x.csv"), "a\n2\n").unwrap();
        assert!(!dir.is_current("x", "key", None), "an edited CSV is not current");
    }

    #[test]
    fn state_marks_round_trip() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = ResultsDir::lock(tmp.path()).unwrap();
        let mut meta = run_meta();
        dir.mark(&meta).unwrap();
        let back = dir.run_meta().unwrap();
        assert_eq!((back.state, back.seed, &back.started), (RunState::Running, 7, &meta.started));
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(tmp.path().join("run.json")).unwrap()).unwrap();
        assert_eq!(json["state"], "running");
        for state in [RunState::Interrupted, RunState::Failed] {
            dir.mark_unfinished(&mut meta, state);
            let back = dir.run_meta().unwrap();
            assert_eq!((back.state, back.finished.is_some()), (state, true));
        }
        meta.state = RunState::Complete;
        dir.mark(&meta).unwrap();
        assert_eq!(dir.run_meta().unwrap().state, RunState::Complete);
    }

    #[test]
    fn a_panic_marks_a_running_run_failed() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().to_path_buf();
        let panicked = std::panic::catch_unwind(|| {
            let dir = ResultsDir::lock_for_run(&out).unwrap();
            dir.mark(&run_meta()).unwrap();
            panic!("an output that cannot be written");
        });
        assert!(panicked.is_err());
        assert_eq!(RunMeta::read(&out).unwrap().state, RunState::Failed);
        let dir = ResultsDir::lock(&out).unwrap();
        let mut meta = run_meta();
        dir.mark(&meta).unwrap();
        drop(dir);
        meta = RunMeta::read(&out).unwrap();
        assert_eq!(meta.state, RunState::Running, "no panic, no mark");
    }
}
