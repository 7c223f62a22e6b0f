//! `harness ab`: two builds timed in paired rounds. The verdicts and the care for the child
//! processes are checked on stand-in builds whose times are fixed (scripts printing
//! `harness cell` output), so the tests do not depend on the machine's speed; one A/B runs
//! the real binary against itself.
#![cfg(unix)]

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::{Duration, Instant};

use common::{harness, harness_command, stderr, write};

/// A manifest with one small timed checkers count (3x3 r1 and 4x4 r1).
fn manifest(dir: &Path) -> String {
    write(
        dir,
        "ab.toml",
        "seed = 1\nthread_counts = [1]\ntime_limit = 60\n\n[[experiment]]\nname = \"count\"\ngame = \"checkers\"\nkind = \"count\"\nboards = [\"3x3 r1\", \"4x4 r1\"]\n",
    )
}

/// A stand-in build: `cell --list` lists one item (with a time limit of 0.1 s a search, so
/// that a call's limit is 6 s); `cell EXP 0 ...` runs `body` (a shell
/// command) and then prints one row whose `games` cell is `games`, whose `seconds` is
/// `seconds` and whose busy flag is `busy`.
fn stand_in_with(dir: &Path, name: &str, body: &str, (games, seconds, busy): (u32, &str, bool)) -> String {
    let columns = r#"[{"name":"board","kind":"text","role":"result"},{"name":"games","kind":"count","role":"result"},{"name":"seconds","kind":"seconds","role":"measured"},{"name":"busy","kind":"flag","role":"busy"}]"#;
    let script = format!(
        "#!/bin/sh\ncase \"$*\" in\n  *--list*) echo '{{\"format\":2,\"experiments\":[{{\"name\":\"count\",\"items\":[\"3x3 r1\"],\"time_limit_s\":0.1}}]}}' ;;\n  *) {body}\n     echo '{{\"format\":2,\"columns\":{columns},\"rows\":[[\"3x3 r1\",\"{games}\",\"{seconds}\",\"{busy}\"]]}}' ;;\nesac\n"
    );
    let path = write(dir, name, &script);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn stand_in(dir: &Path, name: &str, games: u32, seconds: f64) -> String {
    stand_in_with(dir, name, ":", (games, &format!("{seconds:.6}"), false))
}

fn json(out: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn equal_times_are_the_same_and_a_steady_slowdown_is_slower() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    let same = harness(&["ab", &a, &a, &m, "--json"]);
    assert!(same.status.success(), "{}", stderr(&same));
    let v = json(&same);
    let cell = &v["ab"]["items"][0]["cells"][0];
    assert_eq!((cell["decision"]["verdict"].as_str(), cell["decision"]["change"].as_f64()), (Some("same"), Some(0.0)));
    assert_eq!((v["ab"]["counts_agree"].as_bool(), cell["decision"]["rounds"].as_u64()), (Some(true), Some(12)));
    assert_eq!(v["status"].as_str(), Some("ok"));

    let b = stand_in(dir.path(), "b.sh", 90, 0.515);
    let slower = harness(&["ab", &a, &b, &m]);
    let text = String::from_utf8_lossy(&slower.stdout);
    assert!(slower.status.success(), "{}", stderr(&slower));
    assert!(text.contains("B is 3.0 % slower"), "{text}");
    let failing = harness(&["ab", &a, &b, &m, "--fail-on-slower", "--json"]);
    assert_eq!((failing.status.code(), json(&failing)["status"].as_str()), (Some(1), Some("slower")));
}

#[test]
fn builds_that_count_differently_are_not_timed() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    let b = stand_in(dir.path(), "b.sh", 91, 0.5);
    let out = harness(&["ab", &a, &b, &m, "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = json(&out);
    let item = &v["ab"]["items"][0];
    assert_eq!((v["status"].as_str(), item["counts_agree"].as_bool()), (Some("different"), Some(false)));
    assert_eq!(item["difference"].as_str(), Some("row 1: games is 90 in A, 91 in B"));
    assert_eq!(item["cells"].as_array().map(Vec::len), Some(0));
}

/// Every round busy: no cell has a counted round, every cell is `unknown` with the
/// reason, the status is `inconclusive` and the exit code 3 — never `ok`, even without
/// `--fail-on-slower`.
#[test]
fn a_busy_machine_is_inconclusive() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let busy = stand_in_with(dir.path(), "busy.sh", ":", (90, "0.5", true));
    let out = harness(&["ab", &busy, &busy, &m, "--json", "--max-rounds", "6"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["status"].as_str(), Some("inconclusive"));
    let cell = &v["ab"]["items"][0]["cells"][0]["decision"];
    assert_eq!(cell["verdict"].as_str(), Some("unknown"));
    assert_eq!(cell["reason"].as_str(), Some("12 of 12 rounds ran busy: other programs had the cores"));
    let text = harness(&["ab", &busy, &busy, &m, "--max-rounds", "6"]);
    assert_eq!(text.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&text.stdout).contains("cannot tell: 12 of 12 rounds ran busy"), "{text:?}");
}

/// Seconds that are not a time are refused with exit 2, naming the build.
#[test]
fn impossible_seconds_are_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    for (i, bad) in ["NaN", "-1", "inf"].iter().enumerate() {
        let b = stand_in_with(dir.path(), &format!("b{i}.sh"), ":", (90, bad, false));
        let out = harness(&["ab", &a, &b, &m, "--fail-on-slower"]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr(&out));
        assert!(stderr(&out).contains(&format!("build B printed `{bad}` as the seconds")), "{}", stderr(&out));
    }
}

/// A cell a build times below its clock's resolution (a sub-microsecond call on a fast
/// machine, printed as `0.000000`) is timed as such, named in the item and the text,
/// never refused: the A/B is decided on any machine's speed.
#[test]
fn a_time_below_the_clock_resolution_is_stated_not_refused() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let zero = stand_in_with(dir.path(), "zero.sh", ":", (90, "0.000000", false));
    let out = harness(&["ab", &zero, &zero, &m, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    let item = &v["ab"]["items"][0];
    assert_eq!(item["below_resolution"], serde_json::json!(["board=3x3 r1 games=90 seconds"]), "{v}");
    assert_eq!(item["repeats"].as_u64(), Some(1000), "{v}");
    assert_eq!(item["cells"][0]["decision"]["verdict"].as_str(), Some("same"), "{v}");
    let text = harness(&["ab", &zero, &zero, &m]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("below the clock's resolution"), "{text:?}");
}

/// With `--json`, every exit prints one JSON object: a build that cannot run gives
/// `status` `error`, the message and the exit code 2.
#[test]
fn json_is_printed_on_every_exit() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    let bad = stand_in_with(dir.path(), "bad.sh", ":", (90, "NaN", false));
    for b in [bad.as_str(), "/bin/true", "/nonexistent/harness"] {
        let out = harness(&["ab", &a, b, &m, "--json"]);
        assert_eq!(out.status.code(), Some(2), "{b}: {}", stderr(&out));
        let v = json(&out);
        assert_eq!((v["status"].as_str(), v["exit_code"].as_i64()), (Some("error"), Some(2)), "{v}");
        assert!(v["error"].as_str().is_some_and(|e| e.contains("build B")), "{v}");
    }
}

/// A build that prints without end is stopped past 16 MiB (exit 2); one that is not a
/// harness is named (exit 2).
#[test]
fn outputs_are_bounded_and_foreign_programs_refused() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    let chatty = stand_in_with(dir.path(), "chatty.sh", "head -c 40000000 /dev/zero", (90, "0.5", false));
    let out = harness(&["ab", &a, &chatty, &m]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("printed more than 16 MiB"), "{}", stderr(&out));
    let out = harness(&["ab", &a, "/bin/true", &m]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("build B (/bin/true) printed no readable"), "{}", stderr(&out));
}

/// Whether a process whose command line holds `needle` is running.
fn running(needle: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .is_ok_and(|c| String::from_utf8_lossy(&c).replace('\0', " ").contains(needle))
    })
}

/// Waits up to `within` for `done`.
fn eventually(within: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < within {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    done()
}

/// SIGTERM ends `ab` and the build it is waiting for, with whatever the build started.
#[test]
fn a_signal_ends_the_builds_too() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    let sleeper = stand_in_with(dir.path(), "sleeper.sh", "sleep 97.125", (90, "0.5", false));
    let mut child =
        harness_command().args(["ab", &a, &sleeper, &m]).stdout(std::process::Stdio::null()).spawn().unwrap();
    assert!(eventually(Duration::from_secs(60), || running("sleep 97.125")), "the build started");
    // SAFETY: sends SIGTERM to the child this test started.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143), "{status:?}");
    assert!(eventually(Duration::from_secs(10), || !running("sleep 97.125")), "the build's sleep was ended");
}

/// A build that runs past its call's limit (the manifest's 0.1 s a search, times ten,
/// plus the margin) is stopped and named, exit 2.
#[test]
fn a_build_past_its_limit_is_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    let slow = stand_in_with(dir.path(), "slow.sh", "sleep 98.375", (90, "0.5", false));
    let out = harness(&["ab", &slow, &a, &m]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("ran longer than its limit"), "{}", stderr(&out));
    assert!(eventually(Duration::from_secs(10), || !running("sleep 98.375")));
    // The probe's build: a detached process holds the output while the build runs on;
    // the limit holds all the same, and nothing of the build is left.
    let held = stand_in_with(dir.path(), "held.sh", "setsid sleep 1000.125 & sleep 98.625", (90, "0.5", false));
    let started = Instant::now();
    let out = harness(&["ab", &held, &a, &m]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("ran longer than its limit of 6 s"), "{}", stderr(&out));
    assert!(started.elapsed() < Duration::from_secs(30), "the limit did not hold: {:?}", started.elapsed());
    for needle in ["sleep 98.625", "sleep 1000.125"] {
        assert!(eventually(Duration::from_secs(10), || !running(needle)), "{needle} survived");
    }
}

/// A build that leaves a detached process (`setsid sleep 97.5 &`) holding its output
/// open: each call is over when the build's process ends, so `ab` finishes its rounds;
/// run as root (a PID namespace a call), nothing of the build is left afterwards.
#[test]
fn a_detached_process_holding_the_output_does_not_hold_up_ab() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    let detaching = stand_in_with(dir.path(), "detaching.sh", "setsid sleep 97.5 &", (90, "0.5", false));
    let out = harness(&["ab", &a, &detaching, &m, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["status"].as_str(), Some("ok"));
    if harness::base::os::is_root() {
        assert!(eventually(Duration::from_secs(10), || !running("sleep 97.5")), "a detached process survived");
    }
}

/// A build still running with a detached process: SIGTERM ends `ab` (exit 143) and both,
/// and so does `kill -9` of `ab` (run as root: the build's PID namespace dies with it).
#[test]
fn a_signal_or_a_kill_of_ab_leaves_no_detached_process() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    for (signal, needle, code) in [(libc::SIGTERM, "sleep 96.25", Some(143)), (libc::SIGKILL, "sleep 95.75", None)] {
        let body = format!("setsid {needle} & sleep 99.5");
        let build = stand_in_with(dir.path(), &format!("held{signal}.sh"), &body, (90, "0.5", false));
        let mut child =
            harness_command().args(["ab", &a, &build, &m]).stdout(std::process::Stdio::null()).spawn().unwrap();
        assert!(eventually(Duration::from_secs(60), || running(needle)), "the build started");
        // SAFETY: sends a signal to the child this test started.
        unsafe { libc::kill(child.id() as libc::pid_t, signal) };
        let status = child.wait().unwrap();
        assert_eq!(status.code(), code, "{status:?}");
        if signal == libc::SIGTERM || harness::base::os::is_root() {
            assert!(eventually(Duration::from_secs(10), || !running(needle)), "{needle} survived");
        }
        assert!(eventually(Duration::from_secs(10), || !running(&format!("held{signal}.sh"))), "the build survived");
    }
}

/// `kill -9` of `ab` run by an ordinary user (here `nobody`, through `setpriv`), whose
/// builds cannot have a PID namespace of their own as root's do: each build runs in a
/// user namespace of its own holding the PID namespace, so a detached process of the
/// build dies with `ab` all the same. Skipped where the test does not run as root or the
/// system allows no user namespaces to ordinary users.
#[test]
fn a_kill_of_ab_run_by_a_user_leaves_no_detached_process() {
    let user_namespaces = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "unshare", "-Urp", "--fork", "true"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !harness::base::os::is_root() || !user_namespaces {
        eprintln!("skipped: needs root (to become nobody) and user namespaces for ordinary users");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    let needle = "sleep 94.875";
    let build =
        stand_in_with(dir.path(), "held_by_user.sh", &format!("setsid {needle} & sleep 99.25"), (90, "0.5", false));
    let mut child = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(env!("CARGO_BIN_EXE_harness"))
        .args(["ab", &a, &build, &m])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    assert!(eventually(Duration::from_secs(60), || running(needle)), "the build started");
    // SAFETY: sends SIGKILL to the child this test started (setpriv execs harness).
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGKILL) };
    child.wait().unwrap();
    let gone = eventually(Duration::from_secs(10), || !running(needle));
    if !gone {
        for pid in common::pids_running(needle) {
            // SAFETY: ends a process this test's build left behind, by its id.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
    assert!(gone, "{needle} survived the kill of ab");
}

/// The real binary against itself: the same counts, every timed cell sampled in at least
/// 6 rounds with an interval holding its estimate. On a machine busy with other tests the
/// rounds may not be counted: then the A/B must say so (exit 3), never `ok`.
#[test]
fn the_binary_against_itself_agrees_on_every_count() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let bin = env!("CARGO_BIN_EXE_harness");
    let out = harness(&["ab", bin, bin, &m, "--json", "--budget", "0", "-j", "1", "--max-rounds", "8"]);
    let v = json(&out);
    assert_eq!(v["ab"]["counts_agree"].as_bool(), Some(true));
    let items = v["ab"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    match out.status.code() {
        Some(0) => assert_eq!(v["status"].as_str(), Some("ok")),
        Some(3) => {
            assert_eq!(v["status"].as_str(), Some("inconclusive"));
            assert!(items.iter().any(|i| i["busy_rounds"].as_u64() > Some(0)), "{v}");
            return;
        }
        other => panic!("exit {other:?}: {}", stderr(&out)),
    }
    for item in items {
        assert!(item["repeats"].as_u64().unwrap() >= 1);
        for cell in item["cells"].as_array().unwrap() {
            let d = &cell["decision"];
            assert!(d["rounds"].as_u64().unwrap() >= 6, "{cell}");
            assert!(["same", "slower", "faster", "unknown"].contains(&d["verdict"].as_str().unwrap()), "{cell}");
            let (lo, hi) = (d["interval"][0].as_f64().unwrap(), d["interval"][1].as_f64().unwrap());
            let change = d["change"].as_f64().unwrap();
            assert!(lo <= change && change <= hi, "{cell}");
        }
    }
}

#[test]
fn the_cell_command_lists_and_runs_one_item() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let list = harness(&["cell", &m, "--list"]);
    assert!(list.status.success(), "{}", stderr(&list));
    let listed = json(&list);
    assert_eq!(listed["experiments"][0]["items"], serde_json::json!(["3x3 r1", "4x4 r1"]));
    assert_eq!(listed["experiments"][0]["time_limit_s"].as_f64(), Some(60.0));
    let one = harness(&["cell", &m, "count", "0", "-j", "1", "--warmup", "1", "--repeats", "3"]);
    assert!(one.status.success(), "{}", stderr(&one));
    let v = json(&one);
    let columns: Vec<&str> = v["columns"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    let games = columns.iter().position(|c| *c == "games").unwrap();
    assert_eq!(v["rows"][0][games].as_str(), Some("4"), "3x3 r1 has 4 continuation games");
    let missing = harness(&["cell", &m, "count", "7"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("no item 7"), "{}", stderr(&missing));
}

#[test]
fn a_missing_build_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let out = harness(&["ab", "/nonexistent/harness", env!("CARGO_BIN_EXE_harness"), &m]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot run build A (/nonexistent/harness)"), "{}", stderr(&out));
}

#[test]
fn simultaneous_needs_one_thread_a_side() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    let out = harness(&["ab", &a, &a, &m, "--simultaneous"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("give -j 1"), "{}", stderr(&out));
}

/// `--metric instructions`: the real binary against itself counts the same instructions
/// in its two processes for every item (callgrind counts a deterministic search exactly),
/// more than none, with the verdict `same` and no cell disagreeing. Skipped where
/// valgrind is missing.
#[test]
fn instructions_of_a_deterministic_cell_are_the_same_in_two_processes() {
    if !has_valgrind() {
        eprintln!("skipped: valgrind is missing");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let bin = env!("CARGO_BIN_EXE_harness");
    let args =
        ["ab", bin, bin, &m, "--json", "--budget", "0", "-j", "1", "--max-rounds", "6", "--metric", "instructions"];
    let out = harness(&args);
    assert!(matches!(out.status.code(), Some(0 | 3)), "{}", stderr(&out));
    let v = json(&out);
    for item in v["ab"]["items"].as_array().unwrap() {
        let counts = &item["instructions"];
        let (a, b) = (counts["a"].as_u64().unwrap(), counts["b"].as_u64().unwrap());
        assert!(a > 0 && a == b, "{item}");
        assert_eq!((counts["verdict"].as_str(), counts["change"].as_f64()), (Some("same"), Some(0.0)), "{item}");
        // The processor's counters: both builds' counts where the machine lends them,
        // else the kernel's reason.
        let hardware = &counts["hardware"];
        match hardware["unavailable"].as_str() {
            Some(why) => assert!(why.starts_with("perf_event_open: ") && hardware["a"].is_null(), "{item}"),
            None => assert!(hardware["a"]["instructions"].as_u64().unwrap() > 0, "{item}"),
        }
    }
    assert!(stderr(&out).contains("counting each build's instructions under callgrind"), "{}", stderr(&out));
}

/// Without valgrind, `--metric instructions` is refused at once with exit 2, saying what
/// is missing.
#[test]
fn instructions_without_valgrind_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let a = stand_in(dir.path(), "a.sh", 90, 0.5);
    let out = harness_command()
        .args(["ab", &a, &a, &m, "--metric", "instructions"])
        .env("PATH", dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--metric instructions counts with valgrind's callgrind"), "{}", stderr(&out));
}

/// `harness instructions`: every item of a manifest counted by this build, the same
/// numbers in two runs, and the processor's counters or the kernel's reason for none.
#[test]
fn instructions_of_a_manifests_items_are_the_same_in_two_runs() {
    if !has_valgrind() {
        eprintln!("skipped: valgrind is missing");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let counts = || {
        let out = harness(&["-q", "instructions", &m, "--json"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let v = json(&out);
        let items = v["items"].as_array().unwrap().clone();
        assert_eq!(items.len(), 2, "{v}");
        for item in &items {
            match item["hardware_unavailable"].as_str() {
                Some(why) => assert!(why.starts_with("perf_event_open: ") && item["hardware"].is_null(), "{item}"),
                None => assert!(item["hardware"]["instructions"].as_u64().unwrap() > 0, "{item}"),
            }
        }
        items.iter().map(|i| (i["item"].to_string(), i["instructions"].as_u64().unwrap())).collect::<Vec<_>>()
    };
    let first = counts();
    assert!(first.iter().all(|(_, n)| *n > 0), "{first:?}");
    assert!(first[0].1 < first[1].1, "3x3 does less work than 4x4: {first:?}");
    assert_eq!(first, counts());
}

fn has_valgrind() -> bool {
    std::process::Command::new("valgrind").arg("--version").output().is_ok_and(|o| o.status.success())
}
