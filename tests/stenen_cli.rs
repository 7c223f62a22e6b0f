//! The stenen command line: one-shot `find`/`count` with `--json`, refusals with exit code 2,
//! and the interactive program driven through piped stdin.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::harness_command as harness;

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
    assert_eq!(v["solutions_up_to_symmetry"], 4);
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
        (vec!["stenen", "count", "1", "5", S1], "height h must be from 2 to 20"),
        (vec!["stenen", "count", "4", "21", S1], "width b must be from 2 to 20"),
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

fn play_with(args: &[&str], input: &[u8]) -> (Output, String) {
    let mut child = harness()
        .args([&["play", "stenen"], args].concat())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("harness starts");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out, text)
}

const S2: &str = "instances/stenen/stenen2.in";

#[test]
fn memo_counts_and_finds_equal_the_walk_on_the_command_line() {
    for mode in ["dumb", "smart"] {
        let plain = json(&run(&["stenen", "count", "4", "5", S1, "--mode", mode, "--json"]));
        let memo = json(&run(&["stenen", "count", "4", "5", S1, "--mode", mode, "--json", "--memo", "--memo-mb", "4"]));
        for key in ["positions", "solutions_distinct", "solutions_labelled"] {
            assert_eq!(plain[key], memo[key], "{mode} {key}");
        }
        // 489 and 303 positions: the plain walk answers before any table is allocated.
        assert_eq!(memo["distinct_positions"], memo["positions"]);
        assert_eq!(memo["memo_bytes"], 0);
        let plain = json(&run(&["stenen", "find", "4", "5", S1, "--mode", mode, "--json"]));
        let memo = json(&run(&["stenen", "find", "4", "5", S1, "--mode", mode, "--json", "--memo", "--memo-mb", "4"]));
        assert_eq!((&plain["positions"], &plain["board"]), (&memo["positions"], &memo["board"]), "{mode} find");
    }
    // 34,835,470 walk positions, more than the plain walk is given first: the table is used.
    let plain = json(&run(&["stenen", "count", "4", "15", S2, "--mode", "smart", "--json", "--threads", "2"]));
    let memo = json(&run(&[
        "stenen",
        "count",
        "4",
        "15",
        S2,
        "--mode",
        "smart",
        "--json",
        "--memo",
        "--memo-mb",
        "64",
        "--threads",
        "2",
    ]));
    for key in ["positions", "solutions_distinct", "solutions_labelled", "solutions_up_to_symmetry"] {
        assert_eq!(plain[key], memo[key], "4x15 {key}");
    }
    assert!(memo["distinct_positions"].as_u64().unwrap() < memo["positions"].as_u64().unwrap());
    assert!(memo["memo_bytes"].as_u64().unwrap() > 0);
    let out = run(&["stenen", "count", "4", "5", S1, "--mode", "fast", "--memo"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--mode dumb or --mode smart"));
    assert_eq!(run(&["stenen", "count", "4", "5", S1, "--memo", "--memo-mb", "0"]).status.code(), Some(2));
}

#[test]
fn a_timed_out_json_one_shot_prints_a_timeout_object_and_exits_1() {
    for memo in [&[][..], &["--memo", "--memo-mb", "4"][..]] {
        let args =
            [&["stenen", "count", "6", "10", S2, "--mode", "dumb", "--json", "--time-limit", "0.2"], memo].concat();
        let out = run(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object on stdout");
        assert_eq!(v["status"], "timeout");
        assert!(v["positions_so_far"].as_u64().is_some() && v["seconds"].as_f64().unwrap() >= 0.2, "{v}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("time limit of 0.2 s reached before the search finished"), "{err}");
    }
}

#[test]
fn help_uses_one_range_notation_and_names_no_source_file() {
    for cmd in [&["stenen", "count", "--help"][..], &["play", "stenen", "--help"][..]] {
        let help = String::from_utf8_lossy(&run(cmd).stdout).into_owned();
        assert!(help.contains("from 2 to 20"), "{help}");
        assert!(!help.contains("..=") && !help.contains(".rs"), "{help}");
    }
}

#[test]
fn play_reprompts_after_a_line_that_is_not_utf8() {
    let (out, text) = play_with(&["4", "5", S1], b"\xff\xfe show\nplace (0,0,4,0)\nquit\n");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("that line is not UTF-8 text"), "{text}");
    assert!(text.contains("placed (0,0,4,0)"), "{text}");
}

#[test]
fn play_loads_another_stones_file_and_reports_a_cell_mismatch_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.in");
    std::fs::write(&one, "1\n1 1\nX\n").unwrap();
    let script = format!("load {}\nload /nonexistent.in\nload {S1}\ncount\n", one.display());
    let (out, text) = play_with(&["2", "2", S1], script.as_bytes());
    assert!(out.status.success());
    assert!(
        text.starts_with("Stenen leggen: 2x2 board, 5 stones\nnote: the stones cover 20 cells, the board has 4"),
        "{text}"
    );
    assert!(text.contains("2x2 board, 1 stone\nnote: the stones cover 1 cell, the board has 4"), "{text}");
    assert!(text.contains("/nonexistent.in: cannot open"), "{text}");
    assert!(text.contains("8 load FILE"), "{text}");
}

#[test]
fn play_search_over_its_time_limit_keeps_the_board() {
    let (out, text) = play_with(&["6", "10", S2, "--time-limit", "0.2"], b"place (0,0,2,1)\ncount dumb\nshow\nquit\n");
    assert!(out.status.success());
    assert!(text.contains("time limit of 0.2 s reached before the search finished; the board is as it was"), "{text}");
    let after = text.split("board is as it was").nth(1).unwrap();
    assert!(after.contains(" 0  2  2  2  2  2  .") || after.contains(" 0 2 2 2 2 2 ."), "{text}");
    assert!(text.trim_end().ends_with("bye"), "{text}");
}

#[test]
fn ctrl_c_stops_a_search_in_play_and_returns_to_the_menu() {
    let mut child = harness()
        .args(["play", "stenen", "4", "15", S2])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("harness starts");
    let mut stdin = child.stdin.take().unwrap();
    // About 200 million positions: seconds of search on any machine, so the Ctrl-C sent
    // after 0.7 s lands inside it.
    stdin.write_all(b"place (0,0,2,1)\ncount dumb\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    stdin.write_all(b"show\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{:?} {}", out.status, String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("search stopped (Ctrl-C); the board is as it was"), "{text}");
    let after = text.split("board is as it was").nth(1).unwrap();
    assert!(after.contains("2  2  2  2  2") || after.contains("2 2 2 2 2"), "{text}");
    assert!(text.trim_end().ends_with("bye"), "{text}");
}

#[test]
fn a_long_line_is_quoted_as_a_short_excerpt() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("long.in");
    std::fs::write(&file, format!("{}\n", "x".repeat(5000))).unwrap();
    let excerpt = format!("`{}…`", "x".repeat(40));
    let out = run(&["stenen", "count", "2", "2", file.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(&excerpt) && !err.contains(&"x".repeat(41)), "{err}");
    let manifest = dir.path().join("m.toml");
    std::fs::write(
        &manifest,
        "[[experiment]]\nname = \"t\"\ngame = \"stenen\"\nkind = \"table\"\n\
         instances = [{ height = 2, width = 2, stones = \"long.in\" }]\n",
    )
    .unwrap();
    let out = run(&["run", manifest.to_str().unwrap(), "--out", dir.path().join("out").to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(&excerpt) && !err.contains(&"x".repeat(41)), "{err}");
}
