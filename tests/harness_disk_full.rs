//! A run on a full disk: where the test runs as root, a 2 MiB tmpfs is mounted, mostly
//! filled, and the quick manifest run into it — from scratch, and again when only its
//! report is left to write. The run must end with a non-zero exit code and an error naming
//! the operating system's reason, leave no temporary files and no `run.toml` that says
//! `complete`. Elsewhere (not root, or no tmpfs) the test says it is skipped, unless the run says it
//! provides a tmpfs (`HARNESS_TEST_TOOLS`, set by `.ci/run`): then it fails. The tmpfs is
//! unmounted however the test ends. Unix only (it mounts a tmpfs as root).
#![cfg(unix)]

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

/// Runs the quick manifest into `mount/results` with the flags every run here uses.
fn run_quick(mount: &Path) -> std::process::Output {
    let out = mount.join("results");
    let manifest = common::instances().join("quick.toml");
    common::harness(&["run", manifest.to_str().unwrap(), "--out", out.to_str().unwrap(), "--samples", "1"])
}

/// The small tmpfs, or `None` (the test is skipped; where the run provides a tmpfs, it
/// fails instead).
fn small_tmpfs_or_skip(dir: &Path) -> Option<Mounted> {
    match small_tmpfs(dir) {
        Ok(m) => Some(m),
        Err(why) => {
            common::tool_available("tmpfs", false, &format!("no small tmpfs to fill: {why}"));
            None
        }
    }
}

/// Takes all but `free_kib` of the 2 MiB with a filler file.
fn fill(mount: &Path, free_kib: u64) {
    let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
    let path = std::ffi::CString::new(mount.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::statvfs(path.as_ptr(), &mut stat) }, 0);
    let available = stat.f_bavail as u64 * stat.f_frsize as u64;
    let filler = available.saturating_sub(free_kib << 10) as usize;
    std::fs::write(mount.join("filler"), vec![0u8; filler]).unwrap();
}

/// Checks how a run on the full disk failed: the reason named, a non-zero exit code, no
/// `run.toml` saying `complete`, no temporary file; then empties the disk.
fn check_failed(mount: &Path, what: &str, o: &std::process::Output) {
    let err = common::stderr(o);
    assert!(o.status.code().is_some(), "{what}: killed by a signal: {err}");
    assert_ne!(o.status.code(), Some(0), "{what}: the run cannot succeed on a full disk: {err}");
    assert!(err.contains("No space left on device"), "{what}: {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
    let out = mount.join("results");
    if let Ok(meta) = std::fs::read_to_string(out.join("run.toml")) {
        // The run's own state (each part of a resumed run keeps its own beside it).
        let state = meta.parse::<toml::Table>().ok().and_then(|t| t.get("state")?.as_str().map(str::to_string));
        assert_ne!(state.as_deref(), Some("complete"), "{what}: {meta}");
    }
    assert_eq!(temp_files(&out), Vec::<PathBuf>::new(), "{what}");
    std::fs::remove_dir_all(&out).unwrap();
    std::fs::remove_file(mount.join("filler")).unwrap();
}

#[test]
fn a_full_disk_fails_the_run_naming_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let Some(mount) = small_tmpfs_or_skip(dir.path()) else { return };
    // The quick run's results take about 1 MiB: with 8 or 200 KiB free the disk fills
    // while the experiments run.
    for free_kib in [8, 200] {
        fill(&mount.0, free_kib);
        check_failed(&mount.0, &format!("{free_kib} KiB free"), &run_quick(&mount.0));
    }
    // A finished run without its report, rerun with 16 KiB free: every experiment is
    // skipped and the report is what fills the disk.
    let o = run_quick(&mount.0);
    assert_eq!(o.status.code(), Some(0), "the quick run fits in 2 MiB: {}", common::stderr(&o));
    let out = mount.0.join("results");
    std::fs::remove_file(out.join("index.html")).unwrap();
    for generated in ["tex", "plots", "md"] {
        std::fs::remove_dir_all(out.join(generated)).unwrap();
    }
    fill(&mount.0, 16);
    check_failed(&mount.0, "the report on a full disk", &run_quick(&mount.0));
    drop(mount);
}

/// Runs shard `i` of 2 of the quick manifest's nim experiments into `dir/sI`.
fn nim_shard(dir: &Path, i: usize) -> PathBuf {
    let out = dir.join(format!("s{i}"));
    let manifest = common::instances().join("quick.toml");
    let shard = format!("{i}/2");
    let o = common::harness(&[
        "run",
        manifest.to_str().unwrap(),
        "--only",
        "nim",
        "--shard",
        &shard,
        "--samples",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "shard {shard}: {}", common::stderr(&o));
    out
}

/// `merge` into a full disk, with every amount of free space from none to enough in
/// steps of a page: each merge that fails leaves no `run.toml` saying `complete` (it says
/// `failed` where it could be written), names the reason and leaves no temporary file.
#[test]
fn a_full_disk_fails_the_merge_and_marks_it_failed() {
    let dir = tempfile::tempdir().unwrap();
    let shards = [nim_shard(dir.path(), 0), nim_shard(dir.path(), 1)];
    let mount_dir = dir.path().join("mnt");
    std::fs::create_dir(&mount_dir).unwrap();
    let Some(mount) = small_tmpfs_or_skip(&mount_dir) else { return };
    let out = mount.0.join("results");
    let mut failed = 0;
    for free_kib in (0..).step_by(4) {
        fill(&mount.0, free_kib);
        let mut args = vec!["merge".to_string()];
        args.extend(shards.iter().map(|s| s.display().to_string()));
        args.extend(["--out".to_string(), out.display().to_string()]);
        let o = common::harness(&args.iter().map(String::as_str).collect::<Vec<_>>());
        if o.status.code() == Some(0) {
            assert!(std::fs::read_to_string(out.join("run.toml")).unwrap().contains("state = \"complete\""));
            break;
        }
        failed += 1;
        assert!(free_kib < 2048, "the merge never fitted: {}", common::stderr(&o));
        check_failed(&mount.0, &format!("merge with {free_kib} KiB free"), &o);
    }
    assert!(failed > 0, "no merge failed: the disk was never full");
    println!("{failed} merges failed on the full disk");
    drop(mount);
}
