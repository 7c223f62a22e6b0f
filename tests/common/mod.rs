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

/// The binary as a command to finish, run in the repository's root.
pub fn harness_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_harness"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

/// Runs the binary with `args`, `input` on its stdin, and collects its output.
pub fn harness_with_input(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = spawn_piped(args);
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// Runs the binary with `args`, asserts that it succeeded and returns its stdout's lines.
pub fn stdout_lines(args: &[&str]) -> Vec<String> {
    let out = harness(args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect()
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

/// The variable in which a test run lists the outside tools it provides
/// (`chromium,tex,tmpfs`): `.ci/run` sets it to what it installed or found.
pub const PROVIDED_TOOLS: &str = "HARNESS_TEST_TOOLS";

/// Whether a test that needs the outside tool `tool` can run: `available` says whether it
/// is there. A missing tool fails the test where the run says it provides it
/// ([`PROVIDED_TOOLS`]); elsewhere the test prints that it is skipped and why, and the
/// caller returns.
pub fn tool_available(tool: &str, available: bool, why_missing: &str) -> bool {
    if available {
        return true;
    }
    let provided = std::env::var(PROVIDED_TOOLS).unwrap_or_default();
    if provided.split(',').any(|t| t.trim() == tool) {
        panic!("{tool} is missing although {PROVIDED_TOOLS}={provided:?} says it is provided: {why_missing}");
    }
    eprintln!("skipped: {tool} is missing ({why_missing}); .ci/run provides it");
    false
}
