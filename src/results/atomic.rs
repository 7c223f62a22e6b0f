//! Atomic files: a results file is either its old or its new contents, never a part, also
//! when the process is killed or the machine loses power during the write.

use std::io::Write;
use std::path::Path;

use anyhow::Context;

/// `bytes` written to `path` atomically ([`replace_atomic`]), its folder made first
/// where it is missing.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    replace_atomic(path, bytes)
}

/// Writes `bytes` to `path` atomically, in a folder that must exist already (it is never
/// created): a temporary file `.NAME.tmpXXXXXX` in the same directory, synced, renamed
/// over `path`, then the directory synced so that the rename itself is on disk. An
/// interrupted write never leaves a partial `path`, and a failed one leaves no temporary
/// file. The file gets the permissions any new file gets (readable by others where the
/// umask allows, as `File::create` makes it), not a temporary file's owner-only ones.
pub fn replace_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("out");
    let prefix = format!(".{name}.tmp");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).rand_bytes(6);
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp =
        builder.tempfile_in(dir).with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    tmp.write_all(bytes).with_context(|| format!("cannot write {}", tmp.path().display()))?;
    tmp.as_file().sync_all().with_context(|| format!("cannot sync {}", tmp.path().display()))?;
    tmp.persist(path).with_context(|| format!("cannot rename a temporary file to {}", path.display()))?;
    sync_dir(dir);
    Ok(())
}

/// Writes `bytes` as the file `name` of the folder `dir` (held open by descriptor)
/// atomically: a new temporary file `.NAME.tmpXXXXXX` made there (exclusively, never
/// through a link), written and synced, renamed over `name` inside the same folder, then
/// the folder synced. `shown` is the file's path for messages. A failed write leaves no
/// temporary file; `name` is either its old or its new contents.
pub fn replace_atomic_in(
    dir: &crate::base::os::Dir,
    name: &std::ffi::OsStr,
    bytes: &[u8],
    shown: &Path,
) -> anyhow::Result<()> {
    let (tmp, mut file) = temporary_in(dir, name, shown)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write a temporary file for {}", shown.display()))
        .and_then(|()| {
            dir.rename(&tmp, name).with_context(|| format!("cannot rename a temporary file to {}", shown.display()))
        });
    if written.is_err() {
        let _ = dir.remove(&tmp);
    }
    written?;
    dir.sync();
    Ok(())
}

/// A new temporary file `.NAME.tmpXXXXXX` in `dir` (six letters or digits, tried until
/// one is free), opened for writing.
fn temporary_in(
    dir: &crate::base::os::Dir,
    name: &std::ffi::OsStr,
    shown: &Path,
) -> anyhow::Result<(std::ffi::OsString, std::fs::File)> {
    use std::hash::{BuildHasher, Hasher};
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut last = None;
    for attempt in 0..100u32 {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u32(attempt);
        h.write_u32(std::process::id());
        let mut x = h.finish();
        let suffix: String = (0..6)
            .map(|_| {
                let c = ALPHABET[(x % ALPHABET.len() as u64) as usize] as char;
                x /= ALPHABET.len() as u64;
                c
            })
            .collect();
        let mut tmp = std::ffi::OsString::from(".");
        tmp.push(name);
        tmp.push(format!(".tmp{suffix}"));
        match dir.file(&tmp, true, true, false) {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => {
                let parent = shown.parent().unwrap_or(Path::new("."));
                return Err(
                    anyhow::Error::new(e).context(format!("cannot create a temporary file in {}", parent.display()))
                );
            }
        }
    }
    Err(anyhow::anyhow!("no free temporary name for {} ({last:?})", shown.display()))
}

/// Syncs a directory's entries to disk (a no-op where directories cannot be opened).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// The folders of a results directory that the harness writes files into.
pub const WRITTEN_FOLDERS: [&str; 7] = ["meta", "tex", "md", "plots", ".journal", "slurm", "samples"];

/// Removes temporary files that killed writers left behind (`.NAME.tmpXXXXXX` from
/// [`replace_atomic`] and [`replace_atomic_in`]) in the results directory and its
/// [`WRITTEN_FOLDERS`]. Each folder is opened by descriptor, never through a link, and the
/// files are removed relative to it: nothing is removed outside the directory, also when
/// a folder is swapped for a link meanwhile. Call it while holding the directory's lock.
pub fn clean_temp_files(out: &Path) {
    let Ok(root) = crate::base::os::Dir::open(out) else { return };
    let folders =
        WRITTEN_FOLDERS.iter().filter_map(|f| root.folder(std::ffi::OsStr::new(f)).ok().map(|d| (out.join(f), d)));
    let folders: Vec<(std::path::PathBuf, crate::base::os::Dir)> = folders.collect();
    for (path, dir) in std::iter::once((out.to_path_buf(), &root)).chain(folders.iter().map(|(p, d)| (p.clone(), d))) {
        let Ok(entries) = std::fs::read_dir(&path) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name();
            if is_temp_name(&name.to_string_lossy()) {
                let _ = dir.remove(&name);
            }
        }
    }
}

/// Whether `name` is a temporary name of [`replace_atomic`]: `.NAME.tmp` and letters or
/// digits.
fn is_temp_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix('.') else { return false };
    match rest.rfind(".tmp") {
        Some(i) => {
            let tail = &rest[i + 4..];
            !tail.is_empty() && tail.bytes().all(|b| b.is_ascii_alphanumeric())
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temp_files_are_recognised_and_cleaned() {
        assert!(is_temp_name(".x.csv.tmp123"));
        assert!(is_temp_name(".x.csv.tmpa9Zq1x"));
        assert!(!is_temp_name("x.csv.tmp123"));
        assert!(!is_temp_name(".x.csv.tmp"));
        assert!(!is_temp_name(".lock"));
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("meta")).unwrap();
        std::fs::create_dir(dir.path().join("md")).unwrap();
        std::fs::write(dir.path().join("meta/.a.toml.tmp77"), "x").unwrap();
        std::fs::write(dir.path().join("md/.a.md.tmpAb12Cd"), "x").unwrap();
        std::fs::write(dir.path().join(".b.csv.tmpQ1w2E3"), "x").unwrap();
        std::fs::write(dir.path().join("b.csv"), "x").unwrap();
        clean_temp_files(dir.path());
        assert!(!dir.path().join("meta/.a.toml.tmp77").exists());
        assert!(!dir.path().join("md/.a.md.tmpAb12Cd").exists());
        assert!(!dir.path().join(".b.csv.tmpQ1w2E3").exists());
        assert!(dir.path().join("b.csv").exists());
    }

    #[test]
    #[cfg(unix)]
    fn atomic_files_get_the_permissions_of_a_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let (atomic, plain) = (dir.path().join("a.csv"), dir.path().join("b.csv"));
        replace_atomic(&atomic, b"x").unwrap();
        std::fs::File::create(&plain).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&atomic), mode(&plain));
    }

    #[test]
    fn atomic_write_replaces_whole_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.csv");
        replace_atomic(&p, b"one").unwrap();
        replace_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
