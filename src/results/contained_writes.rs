//! Writes that stay inside a results directory: every file the harness writes, truncates
//! or removes under `OUT` goes through here. Each folder from `OUT` down is opened by a
//! file descriptor, one step at a time and never through a link (`O_NOFOLLOW`), and the
//! file is then created, renamed or removed relative to that descriptor
//! ([`crate::base::os::Dir`]). So a folder of `OUT` (`tex/`, `md/`, `plots/`, `meta/`,
//! `.journal/`, `slurm/`) that is a symbolic link to somewhere else is refused with a
//! message naming it instead of being written through, a folder swapped for a link while
//! a write goes on cannot redirect it (the write stays in the folder that was opened), and
//! a file that is a link is never opened through it: atomic writes replace the link
//! itself, removals remove the link itself.
//!
//! `OUT` itself is the directory the user named and may be a link; only what lies below it
//! is checked.

use std::ffi::OsStr;
use std::fs::File;
use std::path::{Component, Path, PathBuf};

use anyhow::Context;

use super::atomic::replace_atomic_in;
use crate::base::error::{InputError, Result};
use crate::base::os::{is_link_refusal, Dir};

/// The refusal of `path`, a step of a results directory that is `what` (a symbolic link,
/// not a folder) instead of a real folder or file.
fn refuse(path: &Path, what: &str) -> InputError {
    InputError::in_file(
        path,
        format!(
            "is {what}: the harness writes and removes files only in real folders of the results directory, \
             never through a link out of it; replace it with a folder (or remove it) or give another results directory"
        ),
    )
}

/// The error of a step `at` that could not be opened: a refusal when it is a link or not
/// a folder, else the system's error.
fn step_error(at: &Path, e: std::io::Error) -> crate::base::error::Error {
    let is_link = || std::fs::symlink_metadata(at).is_ok_and(|m| m.file_type().is_symlink());
    if is_link_refusal(&e) || (e.kind() == std::io::ErrorKind::NotADirectory && is_link()) {
        refuse(at, "a symbolic link").into()
    } else if e.kind() == std::io::ErrorKind::NotADirectory {
        refuse(at, "not a folder").into()
    } else {
        anyhow::Error::new(e).context(format!("cannot open {}", at.display())).into()
    }
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

/// Opens the folder `dir` of `out` by descriptor, each step from `out` down never
/// through a link; with `create`, missing folders are made (and `out` itself). `Ok(None)`
/// when one is missing and not `create`; a refusal naming the step that is a link or
/// not a folder.
fn open_folder(out: &Path, dir: &Path, create: bool) -> Result<Option<Dir>> {
    let steps = relative(out, dir)?;
    let mut current = match Dir::open(out) {
        Ok(d) => d,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !create => return Ok(None),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
            Dir::open(out).with_context(|| format!("cannot open {}", out.display()))?
        }
        Err(e) => return Err(anyhow::Error::new(e).context(format!("cannot open {}", out.display())).into()),
    };
    let mut at = out.to_path_buf();
    for step in steps.components() {
        at.push(step);
        let name = step.as_os_str();
        current = match current.folder(name) {
            Ok(d) => d,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && create => {
                match current.make_folder(name) {
                    Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
                        return Err(anyhow::Error::new(e).context(format!("cannot create {}", at.display())).into())
                    }
                    _ => {}
                }
                current.folder(name).map_err(|e| step_error(&at, e))?
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(step_error(&at, e)),
        };
    }
    Ok(Some(current))
}

/// Makes every folder from `out` down to `dir` (a folder inside `out`) a real folder:
/// creates the missing ones and refuses one that is a symbolic link or not a folder.
pub fn real_dir(out: &Path, dir: &Path) -> Result<()> {
    open_folder(out, dir, true)?;
    Ok(())
}

/// Whether every folder from `out` down to `dir` exists and is a real folder; `Ok(false)`
/// when one is missing, a refusal when one is a link or not a folder.
pub fn dir_present(out: &Path, dir: &Path) -> Result<bool> {
    Ok(open_folder(out, dir, false)?.is_some())
}

/// The folder of `path` (a file inside `out`) and the file's name.
fn split<'p>(out: &Path, path: &'p Path) -> Result<(PathBuf, &'p OsStr)> {
    relative(out, path)?;
    let name =
        path.file_name().ok_or_else(|| InputError::in_file(path, "names no file inside the results directory"))?;
    Ok((path.parent().map_or_else(|| out.to_path_buf(), Path::to_path_buf), name))
}

/// Writes `bytes` to `path` (a file inside `out`) atomically
/// ([`super::atomic::replace_atomic_in`]) in its folder opened by descriptor
/// ([`real_dir`]'s walk, creating missing folders). A `path` that is a link is replaced,
/// never written through; a folder swapped for a link meanwhile does not redirect it.
pub fn write(out: &Path, path: &Path, bytes: &[u8]) -> Result<()> {
    let (folder, name) = split(out, path)?;
    let Some(dir) = open_folder(out, &folder, true)? else { unreachable!("created") };
    replace_atomic_in(&dir, name, bytes, path)?;
    Ok(())
}

/// Removes `path` (a file inside `out`) when present: a link is removed itself, and
/// nothing is removed through a folder of `out` that is a link (refused).
pub fn remove(out: &Path, path: &Path) -> Result<()> {
    let (folder, name) = split(out, path)?;
    let Some(dir) = open_folder(out, &folder, false)? else { return Ok(()) };
    match dir.remove(name) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(anyhow::Error::new(e).context(format!("cannot remove {}", path.display())).into())
        }
        _ => Ok(()),
    }
}

/// How [`open`] opens a file: always for reading and writing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Created when missing, kept as it is when present.
    CreateOrKeep,
    /// Created when missing, emptied when present.
    CreateEmpty,
    /// Present already (missing: an error).
    Existing,
}

/// Opens `path` (a file inside `out`) for reading and writing as `access` says, never
/// through a link: its folders are opened step by step by descriptor ([`real_dir`]'s
/// walk) and the file itself with `O_NOFOLLOW`, so a link there is refused with a message
/// naming it, whatever `access` would create or empty.
pub fn open(out: &Path, path: &Path, access: Access) -> Result<File> {
    let (folder, name) = split(out, path)?;
    let Some(dir) = open_folder(out, &folder, true)? else { unreachable!("created") };
    let (create, truncate) = match access {
        Access::CreateOrKeep => (true, false),
        Access::CreateEmpty => (true, true),
        Access::Existing => (false, false),
    };
    dir.file(name, create, false, truncate).map_err(|e| {
        if is_link_refusal(&e) {
            refuse(path, "a symbolic link").into()
        } else {
            anyhow::Error::new(e).context(format!("cannot open {}", path.display())).into()
        }
    })
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
        assert!(open(&out, &out.join("tex/a.tex"), Access::Existing).is_err());
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
        let e = open(&out, &out.join(".lock"), Access::CreateEmpty).unwrap_err();
        assert!(e.to_string().contains(".lock: is a symbolic link"), "{e}");
        symlink(&victim, out.join("run.toml")).unwrap();
        write(&out, &out.join("run.toml"), b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        symlink(&victim, out.join("x.pdf")).unwrap();
        remove(&out, &out.join("x.pdf")).unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
    }

    /// The race of a folder swapped for a link while files are written, removed and
    /// opened in it: another thread exchanges `tex/` with a link to a folder outside
    /// (`renameat2` with `RENAME_EXCHANGE`) as fast as it can while 1,500 rounds run;
    /// nothing may land in, or be removed from, the folder outside. Bounded by rounds, not
    /// by time.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_swapped_for_a_link_meanwhile_never_redirects_a_write() {
        use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
        let dir = tempfile::tempdir().unwrap();
        let (out, victim) = (dir.path().join("r"), dir.path().join("victim"));
        std::fs::create_dir_all(out.join("tex")).unwrap();
        std::fs::create_dir_all(&victim).unwrap();
        std::fs::write(victim.join("keep.tex"), "mine").unwrap();
        symlink(&victim, out.join("swap")).unwrap();
        let (tex, swap) = (out.join("tex"), out.join("swap"));
        if let Err(e) = crate::base::os::exchange(&tex, &swap) {
            eprintln!("skipped: this file system cannot exchange two names ({e})");
            return;
        }
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let swaps = std::sync::Arc::new(AtomicU64::new(1));
        let swapper = {
            let (stop, swaps, tex, swap) = (stop.clone(), swaps.clone(), tex.clone(), swap.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    if crate::base::os::exchange(&tex, &swap).is_ok() {
                        swaps.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        };
        for round in 0..1500 {
            let path = out.join(format!("tex/t{round}.tex"));
            let _ = write(&out, &path, b"written");
            let _ = open(&out, &out.join("tex/journal"), Access::CreateEmpty);
            let _ = remove(&out, &out.join("tex/keep.tex"));
            let _ = remove(&out, &path);
        }
        stop.store(true, Ordering::Relaxed);
        swapper.join().unwrap();
        assert!(swaps.load(Ordering::Relaxed) > 1, "the folder was never swapped");
        let outside: Vec<_> = std::fs::read_dir(&victim).unwrap().flatten().map(|e| e.file_name()).collect();
        assert_eq!(outside, vec![std::ffi::OsString::from("keep.tex")], "a write or removal went through the link");
        assert_eq!(std::fs::read_to_string(victim.join("keep.tex")).unwrap(), "mine");
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
