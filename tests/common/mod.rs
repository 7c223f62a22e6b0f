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

/// Runs the binary in the repository's root with `args`, no stdin, the variables of `env`
/// set and those of `unset` removed, and collects its output.
pub fn harness_env(args: &[&str], env: &[(&str, &str)], unset: &[&str]) -> Output {
    let mut command = harness_command();
    command.args(args).stdin(std::process::Stdio::null());
    for name in unset {
        command.env_remove(name);
    }
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("run harness")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The one JSON object a `--json` command prints: stdout must be exactly one line of JSON.
/// The exit status is not checked (a refusal prints its object too).
pub fn json_object(o: &Output) -> serde_json::Value {
    let out = stdout(o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "exactly one JSON object on stdout: {out}\nstderr: {}", stderr(o));
    serde_json::from_str(lines[0]).unwrap_or_else(|e| panic!("{e}: {}", lines[0]))
}

/// Runs the binary with `args`, asserts that it succeeded and returns the one JSON object
/// it printed.
pub fn harness_json(args: &[&str]) -> serde_json::Value {
    let out = harness(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    json_object(&out)
}

/// Starts the binary with `args`, sends it `signal` (a `kill` argument such as `-TERM`)
/// once it has run for `after`, and collects its output.
#[cfg(unix)]
pub fn signalled(args: &[&str], signal: &str, after: std::time::Duration) -> Output {
    use std::process::Stdio;
    let child = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("harness starts");
    std::thread::sleep(after);
    let kill = Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
    assert!(kill.success(), "kill {signal} {}", child.id());
    child.wait_with_output().unwrap()
}

/// Waits for `child` to end, at most `limit`; past it the child is killed and the test
/// fails with `what` (what the child did wrong by not ending).
pub fn wait_at_most(
    child: &mut std::process::Child,
    limit: std::time::Duration,
    what: &str,
) -> std::process::ExitStatus {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("{what}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Copies the folder `from` with everything below it to `to` (made when missing).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Chromium's path, or `None` when none of `chromium`, `chromium-browser` and
/// `google-chrome` runs from `PATH` (the caller skips its test; where the run provides
/// Chromium, [`tool_available`] fails the test instead).
pub fn chromium() -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser", "google-chrome"].iter().find_map(|name| {
        let ok = Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success());
        let path = std::env::var_os("PATH")?;
        ok.then(|| std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file()))?
    });
    tool_available("chromium", found.is_some(), "no chromium, chromium-browser or google-chrome on PATH")
        .then_some(found?)
}

/// Runs `harness run` on the manifest `dir/m.toml` holding `text` and asserts that it is
/// refused before anything runs: exit code 2, a message holding `needle` and naming
/// `m.toml:LINE:` when `line` is given, and no CSV written.
pub fn assert_manifest_refused(dir: &Path, text: &str, line: Option<usize>, needle: &str) {
    let manifest = write(dir, "m.toml", text);
    let out = dir.join("refused");
    let o = harness(&["run", &manifest, "--out", out.to_str().unwrap(), "--threads", "1"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{text}: {err}");
    assert!(err.contains(needle), "{text}: `{err}` lacks `{needle}`");
    if let Some(line) = line {
        assert!(err.contains(&format!("m.toml:{line}:")), "{text}: `{err}` lacks line {line}");
    }
    let csvs = std::fs::read_dir(&out).into_iter().flatten().flatten();
    let written: Vec<PathBuf> = csvs.map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "csv")).collect();
    assert!(written.is_empty(), "{text}: a refused manifest wrote {written:?}");
}

/// The ids of the processes whose command line holds `needle`.
#[cfg(unix)]
pub fn pids_running(needle: &str) -> Vec<libc::pid_t> {
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<libc::pid_t>().ok()) else { continue };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if String::from_utf8_lossy(&cmdline).replace('\0', " ").contains(needle) {
            pids.push(pid);
        }
    }
    pids
}

/// Every `.rs` file under `dir`, into `out`.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}
