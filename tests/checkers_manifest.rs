//! Checkers manifest entries: every refusal names the file, the line and the reason
//! before anything runs; the `parallel` items run and agree with the sequential counts;
//! results replay on 1 and 2 threads.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use harness::runner::manifest::Manifest;
use harness::runner::registry;

fn write(dir: &Path, text: &str) -> PathBuf {
    let p = dir.join("m.toml");
    std::fs::write(&p, format!("seed = 7\nthreads = [1, 2]\ntime_limit = 20\n{text}")).unwrap();
    p
}

/// Builds every entry of `text`; the first refusal's (line, message).
fn refusal(text: &str) -> (Option<usize>, String) {
    let dir = tempfile::tempdir().unwrap();
    let m = Manifest::load(&write(dir.path(), text), None, None).unwrap();
    for spec in &m.experiments {
        if let Err(e) = registry::build(spec) {
            return (e.line, e.message);
        }
    }
    panic!("accepted: {text}");
}

const HEAD: &str = "[[experiment]]\nname = \"x\"\ngame = \"checkers\"\n";

#[test]
fn bad_entries_are_refused_with_line_and_reason() {
    let cases: [(&str, usize, &str); 11] = [
        ("kind = \"chess\"\n", 7, "unknown kind `chess`"),
        ("kind = \"count\"\nboards = [\"4x4 r1\"]\nbogus = 1\n", 9, "bogus"),
        ("kind = \"count\"\nboards = [\"4x4\"]\n", 8, "not a board"),
        ("kind = \"count\"\nboards = [\"4x4 r3\"]\n", 8, "from 1 to m/2"),
        ("kind = \"count\"\nboards = []\n", 8, "at least one board"),
        ("kind = \"count\"\nboards = [\"4x4 r1\"]\nmemo_mb = 0\n", 9, "positive number of MiB"),
        ("kind = \"perft\"\ndepths = [99]\n", 8, "depths"),
        ("kind = \"perft\"\nboard = \"20x8 r1\"\ndepths = [3]\n", 8, "m and n from 3 to 16"),
        (
            "kind = \"match\"\npairings = [{ player = \"genius\", opponent = \"random\", games = 2 }]\n",
            8,
            "not a player",
        ),
        ("kind = \"match\"\npairings = [{ player = \"random\", opponent = \"random\", games = 0 }]\n", 8, "at least 1"),
        ("kind = \"match\"\npairings = []\n", 8, "at least one pairing"),
    ];
    for (body, line, what) in cases {
        let (l, msg) = refusal(&format!("{HEAD}{body}"));
        assert_eq!(l, Some(line), "{body}: {msg}");
        assert!(msg.contains(what), "{body}: {msg}");
    }
}

#[test]
fn bad_parallel_items_are_refused() {
    for (item, what) in [
        ("{ game = \"checkers\", search = \"perft\" }", "depth"),
        ("{ game = \"checkers\", search = \"count\", board = \"4x4 r1\", depth = 3 }", "no `depth`"),
        ("{ game = \"checkers\", search = \"mate\" }", "unknown search"),
        ("{ game = \"checkers\", search = \"count\", board = \"4 by 4\" }", "not a board"),
        ("{ game = \"checkers\", search = \"count\", extra = 1 }", "extra"),
        ("{ game = \"checkers\", search = \"count\", memo_mb = 16 }", "memo searches only"),
        ("{ game = \"checkers\", search = \"perft memo\", depth = 5, memo_mb = 0 }", "positive number of MiB"),
    ] {
        let (_, msg) = refusal(&format!(
            "[[experiment]]\nname = \"p\"\ngame = \"harness\"\nkind = \"parallel\"\nitems = [{item}]\n"
        ));
        assert!(msg.contains(what), "{item}: {msg}");
    }
}

fn run(manifest: &Path, out: &Path, threads: &str) {
    let status = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["run", manifest.to_str().unwrap(), "--out", out.to_str().unwrap(), "--threads", threads])
        .output()
        .unwrap();
    assert!(status.status.success(), "{}", String::from_utf8_lossy(&status.stderr));
}

/// The rows of a CSV file, each as its cells by column name.
fn named_rows(path: &Path) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader.records().map(|r| header.iter().cloned().zip(r.unwrap().iter().map(String::from)).collect()).collect()
}

#[test]
fn parallel_items_agree_and_results_replay_on_one_and_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = write(
        dir.path(),
        "[[experiment]]\nname = \"par\"\ngame = \"harness\"\nkind = \"parallel\"\nitems = [\n  \
         { game = \"checkers\", search = \"perft\", board = \"8x8 r3\", depth = 7 },\n  \
         { game = \"checkers\", search = \"count\", board = \"5x5 r1\" },\n  \
         { game = \"checkers\", search = \"perft memo\", board = \"8x8 r3\", depth = 9, memo_mb = 64 },\n  \
         { game = \"checkers\", search = \"count memo\", board = \"5x5 r1\", memo_mb = 64 },\n]\n\
         [[experiment]]\nname = \"m\"\ngame = \"checkers\"\nkind = \"match\"\nboard = \"6x6 r2\"\n\
         pairings = [{ player = \"strategy:2\", opponent = \"random\", games = 6 }]\n\
         [[experiment]]\nname = \"c\"\ngame = \"checkers\"\nkind = \"count\"\nboards = [\"4x5 r1\", \"3x3 r1\"]\n\
         [[experiment]]\nname = \"cm\"\ngame = \"checkers\"\nkind = \"count\"\nmemo = true\nboards = [\"5x5 r1\"]\n\
         [[experiment]]\nname = \"pm\"\ngame = \"checkers\"\nkind = \"perft\"\nmemo = true\nmemo_mb = 64\ndepths = [9]\n",
    );
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    run(&manifest, &one, "1");
    run(&manifest, &two, "2");
    let par = named_rows(&two.join("par.csv"));
    assert_eq!(par.len(), 8, "four items x two thread counts");
    for r in &par {
        assert_eq!(r["equal"], "true", "seq == par positions and result: {r:?}");
        assert_eq!(r["status"], "ok");
    }
    let answer = |r: &HashMap<String, String>, columns: &[&str]| -> Vec<String> {
        columns.iter().map(|c| r[*c].clone()).collect()
    };
    let games = ["games", "black_wins", "white_wins", "both_kings"];
    assert_eq!(answer(&par[0], &["leaves", "games"]), ["179740", ""]);
    assert_eq!(answer(&par[2], &games), ["344918", "5256", "3924", "335738"]);
    assert_eq!(answer(&par[2], &["leaves", "plain_positions"]), ["", ""]);
    assert_eq!(answer(&par[4], &["leaves"]), ["3963680"]);
    assert_eq!(answer(&par[6], &games), ["344918", "5256", "3924", "335738"]);
    assert_eq!(answer(&par[6], &["plain_positions"]), ["598837"]);
    let memo_count = &named_rows(&two.join("cm.csv"))[0];
    assert_eq!((&memo_count["games"][..], &memo_count["positions"][..]), ("344918", "598837"));
    let memo_perft = &named_rows(&two.join("pm.csv"))[0];
    assert_eq!((&memo_perft["leaves"][..], &memo_perft["plain_positions"][..]), ("3963680", "1071628"));
    for name in ["m.csv", "c.csv", "cm.csv", "pm.csv"] {
        let (a, b) = (named_rows(&one.join(name)), named_rows(&two.join(name)));
        for (x, y) in a.iter().zip(&b) {
            for (h, cell) in x {
                if !harness::results::row::varies_between_runs(h) {
                    assert_eq!(cell, &y[h], "{name} column {h}");
                }
            }
        }
    }
}
