//! The stenen command line: one-shot `find`/`count` with `--json`, refusals with exit code 2,
//! and the interactive program driven through piped stdin.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn harness() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_harness"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn run(args: &[&str]) -> Output {
    harness().args(args).output().expect("harness runs")
}

fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object on stdout")
}

fn play(h: &str, w: &str, file: &str, input: &str) -> (Output, String) {
    let mut child = harness()
        .args(["play", "stenen", h, w, file])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("harness starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out, text)
}

const S1: &str = "instances/stenen/stenen1.in";

#[test]
fn count_json_has_the_agreed_keys() {
    let v = json(&run(&["stenen", "count", "4", "5", S1, "--mode", "smart", "--json", "--threads", "2"]));
    assert_eq!(v["solutions_distinct"], 16);
    assert_eq!(v["solutions_labelled"], 32);
    assert_eq!(v["positions"], 303);
    assert_eq!(v["mode"], "smart");
    assert_eq!(v["threads"], 2);
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
}

#[test]
fn find_json_returns_the_first_board() {
    let v = json(&run(&["stenen", "find", "4", "5", S1, "--mode", "dumb", "--json"]));
    assert_eq!(v["found"], true);
    assert_eq!(v["positions"], 19);
    assert_eq!(v["mode"], "dumb");
    let board: Vec<Vec<u8>> = serde_json::from_value(v["board"].clone()).unwrap();
    assert_eq!(board, vec![vec![1, 4, 4, 4, 4], vec![1, 1, 1, 3, 2], vec![5, 5, 3, 3, 2], vec![5, 5, 3, 2, 2]]);
}

#[test]
fn search_continues_from_placed_stones() {
    let placed = ["--place", "(0,3,1,3)", "--place", "0,0,4,0", "--json"];
    let dumb = json(&run(&[&["stenen", "count", "4", "5", S1, "--mode", "dumb"], &placed[..]].concat()));
    let fast = json(&run(&[&["stenen", "count", "4", "5", S1, "--mode", "fast"], &placed[..]].concat()));
    assert_eq!(dumb["solutions_labelled"], fast["solutions_labelled"]);
}

#[test]
fn cell_mismatch_reports_zero_positions() {
    let out = run(&["stenen", "count", "4", "4", S1, "--json"]);
    let v = json(&out);
    assert_eq!((v["positions"].as_u64(), v["solutions_distinct"].as_u64()), (Some(0), Some(0)));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no solution: 20 cells of stones, 16 empty cells"));
}

#[test]
fn bad_input_exits_2_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.in");
    std::fs::write(&bad, "1\n2 2\nX.\n.X\n").unwrap();
    let bad = bad.to_str().unwrap();
    for (args, needle) in [
        (vec!["stenen", "count", "1", "5", S1], "height h must be 2..=20"),
        (vec!["stenen", "count", "4", "21", S1], "width b must be 2..=20"),
        (vec!["stenen", "count", "4", "5", "/nonexistent.in"], "cannot open"),
        (vec!["stenen", "count", "4", "5", bad], ":2: stone 1: its cells are not 4-connected"),
        (vec!["stenen", "find", "4", "5", S1, "--place", "(0,3,1)"], "expected (row,col,stone,orient)"),
        (vec!["stenen", "find", "4", "5", S1, "--place", "(3,3,1,3)"], "sticks out"),
        (vec!["stenen", "find", "4", "5", S1, "--time-limit=0"], "positive"),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: `{err}` lacks `{needle}`");
    }
    assert_eq!(run(&["stenen", "count", "4", "5", S1, "--mode", "clever"]).status.code(), Some(2));
}

#[test]
fn play_places_the_seed_figure_4_and_answers_bad_input() {
    let input = "place (0,3,1,3)\nplace (0,2,3,0)\n2 0 0 4 0\nplace (0,0,5,0)\nplace 1 2 3\nremove 2\nfrobnicate\n\
                 count dumb\ncount fast\nfind smart\nfind clever\nstones\nremove 3\nshow\nremove 1\nremove 4\nfind\n";
    let (out, text) = play("4", "5", S1, input);
    assert!(out.status.success());
    assert!(text.contains("placed (0,3,1,3)"), "{text}");
    let squeezed: String = text.split(' ').filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ");
    assert!(squeezed.contains("0 4 . . 3 1\n 1 4 . 3 3 1\n 2 4 . 3 1 1\n 3 4 . . . .\n"), "{text}");
    assert!(text.contains("cannot place (0,0,5,0): cell (0,0) is already covered by stone 4"), "{text}");
    assert!(text.contains("expected (row,col,stone,orient)"), "{text}");
    assert!(text.contains("stone 2 is not on the board"), "{text}");
    assert!(text.contains("unknown command `frobnicate`"), "{text}");
    assert!(text.contains("unknown mode `clever`"), "{text}");
    assert!(text.contains("no solution from this board"), "{text}");
    assert!(text.contains("a solution (smart search):"), "{text}");
    assert!(text.contains("identical to stone 1"), "{text}");
    assert!(text.contains("took stone 3 off (it was at (0,2,3,0))"), "{text}");
    assert!(text.contains("end of input; bye"), "{text}");
    let counts: Vec<&str> = text.lines().filter(|l| l.contains("solutions:")).collect();
    assert_eq!(counts.len(), 2, "{text}");
    assert_eq!(counts[0], counts[1]);
    assert!(counts[0].starts_with("> solutions: 0 distinct"), "{text}");
}

#[test]
fn play_reports_a_cell_mismatch_and_quits() {
    let (out, text) = play("4", "4", S1, "count\nquit\nshow\n");
    assert!(out.status.success());
    assert!(text.contains("no solution: 20 cells of stones, 16 empty cells"), "{text}");
    assert!(text.trim_end().ends_with("bye"), "{text}");
}

#[test]
fn play_refuses_a_bad_stones_file() {
    let (out, _) = play("4", "5", "/nonexistent.in", "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot open"));
}

#[test]
fn labelled_counts_beyond_u64_are_decimal_strings() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bars.in");
    std::fs::write(&file, format!("20\n{}", "4 1\nX\nX\nX\nX\n".repeat(20))).unwrap();
    let v = json(&run(&["stenen", "count", "20", "4", file.to_str().unwrap(), "--mode", "fast", "--json"]));
    assert_eq!(v["solutions_distinct"], 345);
    assert_eq!(v["solutions_labelled"], "839351192820940800000");
}
