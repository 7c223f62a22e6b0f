//! One run per results directory: an exclusive advisory lock on `OUT/.lock`.
//!
//! The lock is the operating system's (`flock`), so it is released when the holding
//! process ends in any way, `kill -9` included: a stale lock file never blocks. The file
//! holds the holder's pid, for the message the second run prints.

use std::fs::{File, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use crate::base::error::{InputError, Result};

/// Holds the lock of a results directory while it lives.
#[derive(Debug)]
pub struct OutDirLock {
    _file: File,
    path: PathBuf,
}

impl OutDirLock {
    /// Creates `out` if needed, claims it as a results directory
    /// ([`super::dir_marker::claim`]) and takes its lock.
    ///
    /// Refuses (exit 2) when `out` is a file, a non-empty directory that is not a results
    /// directory, or when another process holds the lock, naming the directory and the
    /// holder's pid. A `.lock` that is a symbolic link is refused, never opened: the file
    /// it points to is not truncated ([`super::contained_writes::open`]).
    pub fn acquire(out: &Path) -> Result<OutDirLock> {
        super::dir_marker::claim(out)?;
        let path = out.join(".lock");
        let mut file = super::contained_writes::open(out, &path, super::contained_writes::Access::CreateOrKeep)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                let who = if holder.is_empty() { "another process".to_string() } else { format!("pid {holder}") };
                return Err(InputError::in_file(
                    out,
                    format!(
                        "results directory is in use by another harness run ({who}); wait for it or give another --out"
                    ),
                )
                .into());
            }
            Err(TryLockError::Error(e)) => {
                return Err(anyhow::Error::new(e).context(format!("cannot lock {}", path.display())).into())
            }
        }
        file.set_len(0).ok();
        file.rewind().ok();
        let _ = writeln!(file, "{}", std::process::id());
        Ok(OutDirLock { _file: file, path })
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let first = OutDirLock::acquire(dir.path()).unwrap();
        let e = OutDirLock::acquire(dir.path()).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains(&format!("pid {}", std::process::id())), "{e}");
        drop(first);
        assert!(OutDirLock::acquire(dir.path()).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_that_is_a_link_is_refused_and_its_target_kept() {
        let dir = tempfile::tempdir().unwrap();
        let (out, victim) = (dir.path().join("r"), dir.path().join("important.txt"));
        std::fs::create_dir(&out).unwrap();
        std::fs::write(&victim, "precious").unwrap();
        std::os::unix::fs::symlink(&victim, out.join(".lock")).unwrap();
        let e = OutDirLock::acquire(&out).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("is a symbolic link"), "{e}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    }

    #[test]
    fn a_file_is_not_a_results_directory() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("x");
        std::fs::write(&f, "").unwrap();
        assert_eq!(OutDirLock::acquire(&f).unwrap_err().exit_code(), 2);
    }
}
