//! Exit codes that tell the truth: an output that cannot be written (`/dev/full`) ends
//! every command with a message and exit code 1, `--help` and completion scripts
//! included; the `exit_code` of an interrupted `--json` one-shot is the one the process
//! exits with; one SIGTERM ends a command blocked writing to a pipe nobody reads; a bad
//! time limit gets its own message.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{harness, stderr};

/// Runs the binary with `args`, its stdout writing to `/dev/full`.
#[cfg(target_os = "linux")]
fn into_full(args: &[&str]) -> std::process::Output {
    let full = std::fs::File::create("/dev/full").unwrap();
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn help_completions_and_man_on_a_full_disk_exit_1_with_the_reason() {
    let shells = ["bash", "zsh", "fish", "powershell", "elvish"];
    let completions = shells.iter().map(|s| vec!["completions", s]);
    let more = [vec!["--help"], vec!["run", "--help"], vec!["checkers", "count", "--help"], vec!["man"]];
    for args in completions.chain(more) {
        let o = into_full(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// The `exit_code` of the `interrupted` object is the process's: 143 after SIGTERM, 129
/// after SIGHUP, not always 130.
#[cfg(unix)]
#[test]
fn an_interrupted_json_one_shot_states_the_exit_code_it_exits_with() {
    // Ten thousand million look-ups: the table is far from done after a second and a half.
    let takes: Vec<String> = (1..=1000).map(|t| t.to_string()).collect();
    let takes = takes.join(",");
    let args = ["nim", "grundy", "--takes", &takes, "--upto", "10000000", "--json"];
    for (signal, code) in [("-TERM", 143), ("-HUP", 129)] {
        let o = common::signalled(&args, signal, Duration::from_millis(1500));
        let stdout = common::stdout(&o);
        assert_eq!(o.status.code(), Some(code), "{signal}: {stdout}");
        let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}"));
        assert_eq!(v["status"], "interrupted", "{stdout}");
        assert_eq!(v["exit_code"], code, "{signal}: {stdout}");
    }
}

/// `nim grundy` whose reader stopped reading blocks writing its table; one SIGTERM ends
/// it (143), no second one is needed.
#[cfg(unix)]
#[test]
fn one_sigterm_ends_a_command_blocked_on_a_full_pipe() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["nim", "grundy", "--takes", "1,2", "--upto", "2000000"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = [0u8; 1];
    child.stdout.as_mut().unwrap().read_exact(&mut first).expect("the table starts");
    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    let status = common::wait_at_most(&mut child, Duration::from_secs(120), "one SIGTERM did not end it");
    assert_eq!(status.code(), Some(143), "one SIGTERM ends it");
}

#[test]
fn time_limits_out_of_range_say_so_readably() {
    let o = harness(&["checkers", "count", "4", "4", "1", "--time-limit", "-5"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("the time limit must be positive"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("-- -5"), "{}", stderr(&o));
    let o = harness(&["checkers", "count", "4", "4", "1", "--time-limit", "1e308"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("at most 10000000, got 1e308"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("0000000000000000000"), "{}", stderr(&o));
}
