//! `harness ab`: two builds timed in alternating rounds. The verdict logic is checked on
//! stand-in builds whose times are fixed (scripts printing `harness cell` output), so the
//! tests do not depend on the machine's speed; one A/B runs the real binary against itself.
#![cfg(unix)]

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use common::{harness, stderr, write};

/// A manifest with one small timed checkers count (3x3 r1 and 4x4 r1).
fn manifest(dir: &Path) -> String {
    write(
        dir,
        "ab.toml",
        "seed = 1\nthreads = [1]\ntime_limit = 60\n\n[[experiment]]\nname = \"count\"\ngame = \"checkers\"\nkind = \"count\"\nboards = [\"3x3 r1\", \"4x4 r1\"]\n",
    )
}

/// A stand-in build: `cell --list` lists one item; `cell EXP 0` prints one row whose
/// `games` cell is `games` and whose `seconds` is `seconds`.
fn stand_in(dir: &Path, name: &str, games: u32, seconds: f64) -> String {
    let columns = r#"[{"name":"board","kind":"text","role":"result"},{"name":"games","kind":"count","role":"result"},{"name":"seconds","kind":"seconds","role":"measured"},{"name":"busy","kind":"flag","role":"busy"}]"#;
    let script = format!(
        "#!/bin/sh\ncase \"$*\" in\n  *--list*) echo '{{\"format\":1,\"experiments\":[{{\"name\":\"count\",\"items\":[\"3x3 r1\"]}}]}}' ;;\n  *) echo '{{\"format\":1,\"columns\":{columns},\"rows\":[[\"3x3 r1\",\"{games}\",\"{seconds:.6}\",\"false\"]]}}' ;;\nesac\n"
    );
    let path = write(dir, name, &script);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
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
    assert_eq!((cell["verdict"].as_str(), cell["change"].as_f64()), (Some("same"), Some(0.0)));
    assert_eq!((v["ab"]["counts_agree"].as_bool(), cell["rounds"].as_u64()), (Some(true), Some(6)));

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

/// The real binary against itself: the same counts, every timed cell sampled in at least
/// 6 rounds with a verdict and its interval holding the estimate.
#[test]
fn the_binary_against_itself_agrees_on_every_count() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let bin = env!("CARGO_BIN_EXE_harness");
    let out = harness(&["ab", bin, bin, &m, "--json", "--budget", "0", "-j", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["ab"]["counts_agree"].as_bool(), Some(true));
    let items = v["ab"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    for item in items {
        for cell in item["cells"].as_array().unwrap() {
            assert!(cell["rounds"].as_u64().unwrap() >= 6, "{cell}");
            assert!(["same", "slower", "faster"].contains(&cell["verdict"].as_str().unwrap()), "{cell}");
            let (lo, hi) = (cell["interval"][0].as_f64().unwrap(), cell["interval"][1].as_f64().unwrap());
            let change = cell["change"].as_f64().unwrap();
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
    assert_eq!(json(&list)["experiments"][0]["items"], serde_json::json!(["3x3 r1", "4x4 r1"]));
    let one = harness(&["cell", &m, "count", "0", "-j", "1"]);
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
