//! The runner's refusals of bad manifests and flags: exit code 2, a message naming the
//! file and line, and nothing written.

use std::path::Path;
use std::process::{Command, Output};

fn harness(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness")).args(args).output().expect("run harness")
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn missing_manifest_exits_2_naming_the_file() {
    let o = harness(&["run", "/nonexistent/m.toml", "--out", "/tmp/never-written"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/m.toml"), "{}", stderr(&o));
    assert!(!Path::new("/tmp/never-written").exists());
}

#[test]
fn unknown_key_exits_2_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.toml", "seed = 1\n\n[[experiment]]\nname = \"x\"\ngame = \"nim\"\nkind = \"k\"\n");
    let out = dir.path().join("out");
    let o = harness(&["run", &m, "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains(&format!("{m}:6:")), "{err}");
    assert!(!out.exists(), "nothing is written for a refused manifest");
}

#[test]
fn syntax_error_names_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.toml", "seed = 1\nthreads = [1,\n");
    let o = harness(&["run", &m]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(&m), "{}", stderr(&o));
}

#[test]
fn bad_flags_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.toml", "seed = 1\n");
    for args in [
        vec!["run", m.as_str(), "--threads", "0"],
        vec!["run", m.as_str(), "--time-limit", "-3"],
        vec!["run", m.as_str(), "--only", "chess"],
        vec!["run", m.as_str(), "--seed", "x"],
        vec!["frobnicate"],
    ] {
        let o = harness(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn empty_manifest_writes_run_metadata() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.toml", "seed = 7\nthreads = [1]\n");
    let out = dir.path().join("out");
    let o = harness(&["run", &m, "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let meta = std::fs::read_to_string(out.join("run.toml")).unwrap();
    for key in ["version", "git_revision", "rustc", "cpu", "cores", "threads", "started", "finished", "manifest_hash"] {
        assert!(meta.contains(&format!("{key} = ")), "{key} missing in {meta}");
    }
    assert!(meta.contains("state = \"complete\""), "{meta}");
    assert!(meta.contains("seed = 7"), "{meta}");
}
