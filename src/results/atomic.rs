//! Atomic files: a results file is either its old or its new contents, never a part, also
//! when the process is killed or the machine loses power during the write.

use std::io::Write;
use std::path::Path;

use anyhow::Context;

/// Writes `bytes` to `path` atomically: a temporary file `.NAME.tmpXXXXXX` in the same
/// directory, synced, renamed over `path`, then the directory synced so that the rename
/// itself is on disk. An interrupted write never leaves a partial `path`, and a failed one
/// leaves no temporary file. The file gets the permissions any new file gets (readable by
/// others where the umask allows, as `File::create` makes it), not a temporary file's
/// owner-only ones.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    replace_atomic(path, bytes)
}

/// [`write_atomic`] into a folder that must exist already: it is never created.
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
/// [`write_atomic`]) in the results directory and its [`WRITTEN_FOLDERS`]. A folder that
/// is a symbolic link is skipped: nothing is removed outside the directory. Call it while
/// holding the directory's lock.
pub fn clean_temp_files(out: &Path) {
    let folders = WRITTEN_FOLDERS.iter().map(|f| out.join(f));
    for dir in std::iter::once(out.to_path_buf()).chain(folders) {
        if dir != out && !std::fs::symlink_metadata(&dir).is_ok_and(|m| m.is_dir()) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_temp_name(&name) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// Whether `name` is a temporary name of [`write_atomic`]: `.NAME.tmp` and letters or
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
        write_atomic(&atomic, b"x").unwrap();
        std::fs::File::create(&plain).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&atomic), mode(&plain));
    }

    #[test]
    fn atomic_write_replaces_whole_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.csv");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
