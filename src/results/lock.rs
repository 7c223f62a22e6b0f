//! One run per results directory: an exclusive advisory lock on `OUT/.lock`.
//!
//! The lock is the operating system's (`flock`), so it is released when the holding
//! process ends in any way, `kill -9` included: a stale lock file never blocks. The file
//! holds the holder's pid, for the message the second run prints.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::base::error::{InputError, Result};

/// Holds the lock of a results directory while it lives.
#[derive(Debug)]
pub struct OutDirLock {
    _file: File,
    path: PathBuf,
}

impl OutDirLock {
    /// Creates `out` if needed, claims it as a results directory
    /// ([`super::owned::claim`]) and takes its lock.
    ///
    /// Refuses (exit 2) when `out` is a file, a non-empty directory that is not a results
    /// directory, or when another process holds the lock, naming the directory and the
    /// holder's pid.
    pub fn acquire(out: &Path) -> Result<OutDirLock> {
        super::owned::claim(out)?;
        let path = out.join(".lock");
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .with_context(|| format!("cannot open {}", path.display()))?;
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

    #[test]
    fn a_file_is_not_a_results_directory() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("x");
        std::fs::write(&f, "").unwrap();
        assert_eq!(OutDirLock::acquire(&f).unwrap_err().exit_code(), 2);
    }
}
