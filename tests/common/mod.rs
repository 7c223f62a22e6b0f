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
    let mut r = csv::Reader::from_path(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    let keep: Vec<usize> =
        (0..header.len()).filter(|&i| !harness::harness::experiment::varies_between_runs(&header[i])).collect();
    let mut rows = vec![keep.iter().map(|&i| header[i].clone()).collect::<Vec<_>>()];
    for rec in r.records() {
        let rec = rec.unwrap();
        rows.push(keep.iter().map(|&i| rec[i].to_string()).collect());
    }
    rows
}
