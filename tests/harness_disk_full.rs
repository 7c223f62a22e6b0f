//! A run on a full disk: where the test runs as root, a 2 MiB tmpfs is mounted, mostly
//! filled, and the quick manifest run into it. The run must end with a non-zero exit code
//! and an error naming the operating system's reason, leave no temporary files and no
//! `run.toml` that says `complete`. Elsewhere (not root, or no tmpfs) the test says so and
//! passes. The tmpfs is unmounted however the test ends.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Unmounts its directory when dropped, whatever the test did.
struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let ok = Command::new("umount").arg(&self.0).status().is_ok_and(|s| s.success());
        if !ok {
            let _ = Command::new("umount").arg("-l").arg(&self.0).status();
        }
    }
}

/// A 2 MiB tmpfs mounted on `dir`, or why there is none.
fn small_tmpfs(dir: &Path) -> Result<Mounted, String> {
    if unsafe { libc::geteuid() } != 0 {
        return Err("not running as root".to_string());
    }
    let status = Command::new("mount").args(["-t", "tmpfs", "-o", "size=2m", "tmpfs"]).arg(dir).status();
    match status {
        Ok(s) if s.success() => Ok(Mounted(dir.to_path_buf())),
        Ok(s) => Err(format!("mount exited with {s}")),
        Err(e) => Err(format!("cannot run mount: {e}")),
    }
}

/// Every file under `dir` whose name marks a temporary file (`.NAME.tmp...`).
fn temp_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(temp_files(&path));
        } else if entry.file_name().to_string_lossy().contains(".tmp") {
            found.push(path);
        }
    }
    found
}

/// Runs the quick manifest into `mount/results` with `free_kib` of the 2 MiB left free
/// (the rest taken by a filler file), and checks how it fails.
fn run_with_free_space(mount: &Path, free_kib: usize) {
    let filler = mount.join("filler");
    std::fs::write(&filler, vec![0u8; (2048 - free_kib) << 10]).unwrap();
    let out = mount.join("results");
    let manifest = common::instances().join("quick.toml");
    let o = common::harness(&["run", manifest.to_str().unwrap(), "--out", out.to_str().unwrap(), "--samples", "1"]);
    let err = common::stderr(&o);
    let what = format!("{free_kib} KiB free");
    assert!(o.status.code().is_some(), "{what}: killed by a signal: {err}");
    assert_ne!(o.status.code(), Some(0), "{what}: the run cannot succeed on a full disk: {err}");
    assert!(err.contains("No space left on device"), "{what}: {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
    if let Ok(meta) = std::fs::read_to_string(out.join("run.toml")) {
        assert!(!meta.contains("state = \"complete\""), "{what}: {meta}");
    }
    assert_eq!(temp_files(&out), Vec::<PathBuf>::new(), "{what}");
    std::fs::remove_dir_all(&out).unwrap();
    std::fs::remove_file(&filler).unwrap();
}

#[test]
fn a_full_disk_fails_the_run_naming_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let mount = match small_tmpfs(dir.path()) {
        Ok(m) => m,
        Err(why) => {
            println!("skipped: no small tmpfs to fill ({why})");
            return;
        }
    };
    // The quick run's results take about 1 MiB: the disk fills early, midway or late.
    for free_kib in [8, 200, 600] {
        run_with_free_space(&mount.0, free_kib);
    }
    drop(mount);
}
