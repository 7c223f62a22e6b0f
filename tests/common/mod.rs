//! Helpers shared by the integration tests that spawn the `harness` binary.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the binary with `args`, no stdin, and collects its output.
pub fn harness(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run harness")
}

/// Starts the binary with `args` in the repository's root, stdin, stdout and stderr piped.
pub fn spawn_piped(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("harness starts")
}

/// Writes `text` to `dir/name` and returns the path as a string.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The repository's `instances/` folder (absolute).
pub fn instances() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("instances")
}

/// A CSV's cells without the columns allowed to differ between runs (timings, threads).
pub fn csv_without_time_columns(path: &Path) -> Vec<Vec<String>> {
    harness::results::compare::comparable_cells(path).unwrap_or_else(|e| panic!("{e}"))
}
