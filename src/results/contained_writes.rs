//! Writes that stay inside a results directory: every file the harness writes, truncates
//! or removes under `OUT` goes through here, so that a folder of `OUT` (`tex/`, `md/`,
//! `plots/`, `meta/`, `.journal/`, `slurm/`) that is a symbolic link to somewhere else is
//! refused with a message naming it instead of being written through, and a file that is
//! a link is never opened through it (`O_NOFOLLOW`): atomic writes replace the link
//! itself, removals remove the link itself.
//!
//! `OUT` itself is the directory the user named and may be a link; only what lies below it
//! is checked.

use std::fs::{File, Metadata, OpenOptions};
use std::path::{Component, Path, PathBuf};

use anyhow::Context;

use super::atomic::write_atomic;
use crate::base::error::{InputError, Result};

/// The refusal of `path`, a step of a results directory that is not a real folder (or,
/// for a file, a link).
fn refuse(path: &Path, meta: &Metadata) -> InputError {
    let what = if meta.file_type().is_symlink() { "a symbolic link" } else { "not a folder" };
    InputError::in_file(
        path,
        format!(
            "is {what}: the harness writes and removes files only in real folders of the results directory, \
             never through a link out of it; replace it with a folder (or remove it) or give another results directory"
        ),
    )
}

/// `path` relative to `out`, every step a plain name (no `..`, no root); a path outside
/// `out` is an error (a bug of the caller, never user input).
fn relative<'p>(out: &Path, path: &'p Path) -> Result<&'p Path> {
    let rel = path
        .strip_prefix(out)
        .map_err(|_| anyhow::anyhow!("{} is not inside the results directory {}", path.display(), out.display()))?;
    if rel.components().all(|c| matches!(c, Component::Normal(_))) {
        Ok(rel)
    } else {
        Err(InputError::in_file(path, "is not a plain path inside the results directory").into())
    }
}

/// Makes every folder from `out` down to `dir` (a folder inside `out`) a real folder:
/// creates the missing ones and refuses one that is a symbolic link or not a folder.
pub fn real_dir(out: &Path, dir: &Path) -> Result<()> {
    walk_down(out, dir, |at, e| {
        if e.kind() != std::io::ErrorKind::NotFound {
            return Err(anyhow::Error::new(e).context(format!("cannot read {}", at.display())).into());
        }
        if let Err(e) = std::fs::create_dir(at) {
            if e.kind() != std::io::ErrorKind::AlreadyExists {
                return Err(anyhow::Error::new(e).context(format!("cannot create {}", at.display())).into());
            }
        }
        let m = std::fs::symlink_metadata(at).with_context(|| format!("cannot read {}", at.display()))?;
        if !m.is_dir() {
            return Err(refuse(at, &m).into());
        }
        Ok(true)
    })?;
    Ok(())
}

/// Whether every folder from `out` down to `dir` exists and is a real folder; `Ok(false)`
/// when one is missing, a refusal when one is a link or not a folder.
pub fn dir_present(out: &Path, dir: &Path) -> Result<bool> {
    walk_down(out, dir, |_, _| Ok(false))
}

/// Checks the folders from `out` down to `dir` one step at a time, refusing one that is a
/// symbolic link or not a folder. A step that cannot be read goes to `unreadable` with the
/// error: it answers whether to go on to the next step (after making the folder) or to
/// stop there, or fails. `Ok(true)`: every step is a real folder now; `Ok(false)`:
/// `unreadable` stopped the walk.
fn walk_down(
    out: &Path,
    dir: &Path,
    mut unreadable: impl FnMut(&Path, std::io::Error) -> Result<bool>,
) -> Result<bool> {
    let mut at = out.to_path_buf();
    for step in relative(out, dir)?.components() {
        at.push(step);
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.is_dir() => {}
            Ok(m) => return Err(refuse(&at, &m).into()),
            Err(e) => {
                if !unreadable(&at, e)? {
                    return Ok(false);
                }
            }
        }
    }
    Ok(true)
}

/// The folder of `path` (a file inside `out`).
fn parent_of(out: &Path, path: &Path) -> PathBuf {
    path.parent().map_or_else(|| out.to_path_buf(), Path::to_path_buf)
}

/// Writes `bytes` to `path` (a file inside `out`) atomically ([`write_atomic`]), after
/// making its folders real folders of `out` ([`real_dir`]). A `path` that is a link is
/// replaced, never written through.
pub fn write(out: &Path, path: &Path, bytes: &[u8]) -> Result<()> {
    relative(out, path)?;
    real_dir(out, &parent_of(out, path))?;
    write_atomic(path, bytes)?;
    Ok(())
}

/// Removes `path` (a file inside `out`) when present: a link is removed itself, and
/// nothing is removed through a folder of `out` that is a link (refused).
pub fn remove(out: &Path, path: &Path) -> Result<()> {
    relative(out, path)?;
    if !dir_present(out, &parent_of(out, path))? {
        return Ok(());
    }
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(anyhow::Error::new(e).context(format!("cannot remove {}", path.display())).into())
        }
        _ => Ok(()),
    }
}

/// Opens `path` (a file inside `out`) with `options`, never through a link: its folders
/// must be real folders of `out` ([`real_dir`]) and the file itself is opened with
/// `O_NOFOLLOW`, so a link there is refused with a message naming it, whatever
/// `options` would create or truncate.
pub fn open(out: &Path, path: &Path, options: &mut OpenOptions) -> Result<File> {
    relative(out, path)?;
    real_dir(out, &parent_of(out, path))?;
    crate::base::os::no_follow(options);
    match options.open(path) {
        Ok(f) => Ok(f),
        Err(e) => match std::fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => Err(refuse(path, &m).into()),
            _ => Err(anyhow::Error::new(e).context(format!("cannot open {}", path.display())).into()),
        },
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn a_linked_folder_is_refused_and_nothing_is_written_through_it() {
        let dir = tempfile::tempdir().unwrap();
        let (out, victim) = (dir.path().join("r"), dir.path().join("victim"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::create_dir_all(&victim).unwrap();
        std::fs::write(victim.join("a.tex"), "mine").unwrap();
        symlink(&victim, out.join("tex")).unwrap();
        let e = write(&out, &out.join("tex/a.tex"), b"x").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("tex: is a symbolic link"), "{e}");
        assert!(remove(&out, &out.join("tex/a.tex")).is_err());
        assert!(open(&out, &out.join("tex/a.tex"), OpenOptions::new().write(true)).is_err());
        assert_eq!(std::fs::read_to_string(victim.join("a.tex")).unwrap(), "mine");
        assert!(dir_present(&out, &out.join("tex")).is_err());
        assert!(!dir_present(&out, &out.join("md")).unwrap());
    }

    #[test]
    fn a_linked_file_is_replaced_or_refused_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let (out, victim) = (dir.path().join("r"), dir.path().join("important.txt"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(&victim, "keep").unwrap();
        symlink(&victim, out.join(".lock")).unwrap();
        let e = open(&out, &out.join(".lock"), OpenOptions::new().write(true).create(true).truncate(true)).unwrap_err();
        assert!(e.to_string().contains(".lock: is a symbolic link"), "{e}");
        symlink(&victim, out.join("run.toml")).unwrap();
        write(&out, &out.join("run.toml"), b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        symlink(&victim, out.join("x.pdf")).unwrap();
        remove(&out, &out.join("x.pdf")).unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
    }

    #[test]
    fn missing_folders_are_created_and_paths_outside_refused() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), &dir.path().join("slurm/logs/a"), b"x").unwrap();
        assert!(dir.path().join("slurm/logs/a").is_file());
        assert!(write(dir.path(), Path::new("/tmp/elsewhere"), b"x").is_err());
        assert!(write(dir.path(), &dir.path().join("../x"), b"x").is_err());
    }
}
