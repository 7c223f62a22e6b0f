//! Counting the instructions a command executes with `valgrind --tool=callgrind`: the
//! command runs on valgrind's simulated CPU, which counts every instruction it executes
//! (callgrind's `Ir`, instructions read), the same total in every run of a deterministic
//! command whatever else the machine does. Its cost is time: the command runs tens of
//! times slower (see docs/measurements.md).
//!
//! Callgrind writes its counts into a file (`--callgrind-out-file`), here in a scratch
//! directory the caller owns; its total is the `totals:` line (or, in older formats, the
//! `summary:` line) of the `events: Ir` header.

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::base::child::{Child, ChildLimits, Ended, Stop, Wiring};

/// The program run to count instructions.
pub const VALGRIND: &str = "valgrind";

/// The function in which the harness's timed calls do their work
/// (`search::timing::timed_work`, never inlined), as callgrind's `--toggle-collect`
/// pattern: with it only the instructions executed inside it are counted, not the
/// process's start, its reading of the manifest, the clocks around each call or the
/// output.
pub const TIMED_CALLS: &str = "*timing::timed_work*";

/// The name of the counts file in the scratch directory.
const OUT_FILE: &str = "callgrind.out";

/// Why instructions could not be counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountError {
    /// `valgrind` could not be started (not installed): the text says why.
    Missing(String),
    /// The command under callgrind exited with a failure: its exit status and the end of
    /// its standard error.
    Failed(String),
    /// Callgrind's file could not be read or holds no total.
    NoTotal(String),
    /// The deadline passed first; the command was killed (the end of its standard error).
    Overdue(String),
    /// A stop (Ctrl-C, SIGTERM, SIGHUP) ended it.
    Interrupted,
}

impl std::fmt::Display for CountError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CountError::Missing(why) => write!(f, "cannot count instructions: {VALGRIND} cannot be started ({why})"),
            CountError::Failed(why) => write!(f, "the command failed under callgrind: {why}"),
            CountError::NoTotal(why) => write!(f, "callgrind's counts hold no total: {why}"),
            CountError::Overdue(why) => {
                write!(f, "the command ran past its time limit under callgrind and was stopped ({why})")
            }
            CountError::Interrupted => write!(f, "the count was interrupted"),
        }
    }
}

impl std::error::Error for CountError {}

/// Whether `valgrind` can be started here (`valgrind --version` succeeds).
pub fn available() -> bool {
    Command::new(VALGRIND)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// How a count is run: by when it must end, and what stops it early.
#[derive(Clone)]
pub struct CountRun {
    /// Past this the command is killed with everything it started ([`CountError::Overdue`]).
    pub deadline: Instant,
    /// Asked every few milliseconds; `true` kills it ([`CountError::Interrupted`]).
    pub stop: Option<Stop>,
}

/// Runs `program` with `args` under callgrind, its counts written into `scratch`, and
/// returns the instructions it executed (the total `Ir`) with its standard output. Only
/// the process itself is counted, not the children it starts.
pub fn count<S: AsRef<OsStr>>(
    program: &Path,
    args: &[S],
    scratch: &Path,
    run: CountRun,
) -> Result<(u64, Vec<u8>), CountError> {
    count_inside(program, args, scratch, None, run)
}

/// As [`count`], counting only the instructions executed inside the functions that
/// `collect` names (a `--toggle-collect` pattern such as [`TIMED_CALLS`]); `None` counts
/// the whole process. Valgrind runs as a supervised child ([`crate::base::child`]): in a
/// process group and PID namespace of its own, its output bounded to [`MAX_OUTPUT_BYTES`],
/// killed with whatever it started at the deadline, on a stop, or when the caller ends.
pub fn count_inside<S: AsRef<OsStr>>(
    program: &Path,
    args: &[S],
    scratch: &Path,
    collect: Option<&str>,
    run: CountRun,
) -> Result<(u64, Vec<u8>), CountError> {
    let out_file = scratch.join(OUT_FILE);
    let mut command = Command::new(VALGRIND);
    command
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg("--trace-children=no");
    if let Some(pattern) = collect {
        command.arg("--collect-atstart=no").arg(format!("--toggle-collect={pattern}"));
    }
    command.arg(program).args(args);
    let wiring = Wiring { stdin: false, capture_stderr: true, core: None, user_namespace: true };
    let mut child =
        Child::spawn_with(command, &count_limits(), wiring).map_err(|e| CountError::Missing(e.to_string()))?;
    if let Some(stop) = run.stop {
        child.stop_when(stop);
    }
    let stdout = match child.read_to_end(run.deadline) {
        Ok(bytes) => bytes,
        Err(Ended::Interrupted) => return Err(CountError::Interrupted),
        Err(Ended::WallLimit) => return Err(CountError::Overdue(last_lines(&child.stderr_text()))),
        Err(e) => return Err(CountError::Failed(format!("{e}: {}", last_lines(&child.stderr_text())))),
    };
    match child.ending() {
        Some(ending) if ending.success() => {}
        ending => {
            let status = ending.map_or_else(|| "an unknown end".to_string(), ToString::to_string);
            return Err(CountError::Failed(format!("{status}: {}", last_lines(&child.stderr_text()))));
        }
    }
    let text =
        std::fs::read_to_string(&out_file).map_err(|e| CountError::NoTotal(format!("{}: {e}", out_file.display())))?;
    let total = instructions_outside_allocator(&text)
        .ok_or_else(|| CountError::NoTotal(format!("{} has no readable Ir counts", out_file.display())))?;
    Ok((total, stdout))
}

/// The most bytes of standard output a counted command may print.
pub const MAX_OUTPUT_BYTES: usize = 16 << 20;

/// The bounds of a counted command: its output and the standard error kept; its time is
/// the caller's deadline.
fn count_limits() -> ChildLimits {
    ChildLimits::output_only(MAX_OUTPUT_BYTES, 64 << 10)
}

/// The last five lines of `text`, joined by " / ".
fn last_lines(text: &str) -> String {
    let tail: Vec<&str> = text.lines().rev().take(5).collect();
    tail.into_iter().rev().collect::<Vec<_>>().join(" / ")
}

/// The total instructions of a callgrind counts file: the `Ir` column of its `totals:`
/// line, else of its `summary:` line, the column found from the `events:` header.
pub fn total_instructions(text: &str) -> Option<u64> {
    let column = ir_column(text)?;
    let total = |prefix: &str| {
        text.lines().find_map(|l| l.strip_prefix(prefix)).and_then(|v| v.split_whitespace().nth(column)?.parse().ok())
    };
    total("totals:").or_else(|| total("summary:"))
}

/// The position of `Ir` among the `events:` header's events.
fn ir_column(text: &str) -> Option<usize> {
    text.lines().find_map(|l| l.strip_prefix("events:"))?.split_whitespace().position(|e| e == "Ir")
}

/// The instructions of a callgrind counts file outside the C library's allocator: the
/// `Ir` of every cost line, less those of code in the C library's `malloc/` sources
/// (`malloc`, `free`, `_int_malloc`, their arenas). The allocator takes a longer or
/// shorter path for the same request depending on what the process's other threads
/// allocated and freed before (its per-thread caches and free lists), so its count is not
/// the same in two runs of the same call; everything else a deterministic call executes
/// is. `None` where the file has no `Ir` event or a cost line cannot be read.
pub fn instructions_outside_allocator(text: &str) -> Option<u64> {
    let column = ir_column(text)?;
    let positions = text.lines().find_map(|l| l.strip_prefix("positions:")).map_or(1, |p| p.split_whitespace().count());
    let mut names = CompressedNames::default();
    let (mut object, mut file) = (String::new(), String::new());
    let mut fn_file = String::new();
    let mut after_call = false;
    let mut total = 0u64;
    for line in text.lines() {
        if let Some(v) = line.strip_prefix("ob=") {
            object = names.resolve('o', v);
        } else if let Some(v) = line.strip_prefix("fl=") {
            fn_file = names.resolve('f', v);
            file.clone_from(&fn_file);
        } else if let Some(v) = line.strip_prefix("fi=").or_else(|| line.strip_prefix("fe=")) {
            file = names.resolve('f', v);
        } else if line.starts_with("fn=") {
            file.clone_from(&fn_file);
        } else if let Some(v) = line.strip_prefix("cob=") {
            names.resolve('o', v);
        } else if let Some(v) = line.strip_prefix("cfi=").or_else(|| line.strip_prefix("cfl=")) {
            names.resolve('f', v);
        } else if line.starts_with("calls=") {
            after_call = true;
        } else if line.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '+' | '-' | '*')) {
            let ir: u64 = match line.split_whitespace().nth(positions + column) {
                Some(v) => v.parse().ok()?,
                None => 0,
            };
            let allocator = object.contains("libc") && file.contains("malloc/");
            if !std::mem::take(&mut after_call) && !allocator {
                total += ir;
            }
        }
    }
    Some(total)
}

/// Callgrind's name compression: `(7) name` names id 7 (per kind: objects, files), `(7)`
/// refers back to it.
#[derive(Default)]
struct CompressedNames {
    named: std::collections::HashMap<(char, String), String>,
}

impl CompressedNames {
    fn resolve(&mut self, kind: char, value: &str) -> String {
        let value = value.trim();
        let Some(rest) = value.strip_prefix('(') else { return value.to_string() };
        let Some((id, name)) = rest.split_once(')') else { return value.to_string() };
        let name = name.trim();
        if name.is_empty() {
            self.named.get(&(kind, id.to_string())).cloned().unwrap_or_default()
        } else {
            self.named.insert((kind, id.to_string()), name.to_string());
            name.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// Within `limit` from now, stopped by nothing else.
    fn within(limit: Duration) -> CountRun {
        CountRun { deadline: Instant::now() + limit, stop: None }
    }

    /// The total is read from the `totals:` line, in the column of `Ir`; without one,
    /// from `summary:`; a file without either, or without `Ir`, has none.
    #[test]
    fn the_total_is_the_ir_column_of_the_totals_line() {
        let file = "# callgrind format\nversion: 1\ncmd: x\nevents: Ir Dr\nfl=a.c\nfn=main\n3 10 2\nsummary: 99 7\ntotals: 120 8\n";
        assert_eq!(total_instructions(file), Some(120));
        assert_eq!(total_instructions("events: Dr Ir\nsummary: 5 77\n"), Some(77));
        assert_eq!(total_instructions("events: Ir\nfn=main\n3 10\n"), None);
        assert_eq!(total_instructions("events: Dr\ntotals: 5\n"), None);
    }

    /// A command that cannot be found is a failure with valgrind's message, not a panic
    /// (skipped where valgrind is missing).
    #[test]
    fn a_missing_program_is_a_failure() {
        if !available() {
            eprintln!("skipped: {VALGRIND} is missing");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let err = count(Path::new("/nonexistent/program"), &[] as &[&str], dir.path(), within(Duration::from_secs(60)))
            .unwrap_err();
        assert!(matches!(err, CountError::Failed(_)), "{err}");
    }

    /// A command that outlasts its deadline is killed with what it started, and said to
    /// be overdue (skipped where valgrind is missing).
    #[test]
    fn a_count_past_its_deadline_is_killed() {
        if !available() {
            eprintln!("skipped: {VALGRIND} is missing");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let started = Instant::now();
        let err = count(Path::new("/bin/sleep"), &["30"], dir.path(), within(Duration::from_secs(3))).unwrap_err();
        assert!(matches!(err, CountError::Overdue(_)), "{err}");
        assert!(started.elapsed() < Duration::from_secs(25), "killed at its deadline, not at the sleep's end");
    }

    /// Cost lines after a `calls=` line are the call's inclusive cost, not counted again;
    /// the C library's allocator (files under `malloc/` in libc, named once and then by id)
    /// is left out; everything else is summed.
    #[test]
    fn the_allocator_is_left_out_of_the_count() {
        let file = "positions: line\nevents: Ir\nob=(1) /bin/h\nfl=(1) src/a.rs\nfn=(1) work\n3 100\n+1 20\n\
                    cob=(2) /lib/libc.so.6\ncfi=(2) ./malloc/malloc.c\ncfn=(2) malloc\ncalls=1 0\n4 55\n\
                    ob=(2)\nfl=(2)\nfn=(2)\n10 40\nfi=(3) ./malloc/arena.c\n11 9\nfe=(2)\n\
                    fl=(4) ./string/memset.S\nfn=(3) memset\n1 7\ntotals: 176\n";
        assert_eq!(instructions_outside_allocator(file), Some(127));
        assert_eq!(instructions_outside_allocator("events: Dr\n3 4\n"), None);
    }
}
