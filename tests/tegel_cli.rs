//! The tegel command line as users run it: one-shot commands (text and `--json`), bad
//! input (exit code 2 with file, line and reason), the piped menu program, and the
//! quick manifest giving the same CSVs on 1 and 2 threads.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use common::{harness, harness_json, harness_with_input, spawn_piped, wait_at_most};

fn instance(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel").join(name).display().to_string()
}

/// `harness play tegel FILE` (50 simulations, one thread) with `input` typed.
fn play(file: &str, input: &str) -> (String, Output) {
    let out = harness_with_input(&["play", "tegel", file, "--sims", "50", "--threads", "1"], input.as_bytes());
    (String::from_utf8_lossy(&out.stdout).into_owned(), out)
}

#[test]
fn best_json_has_the_documented_keys() {
    for threads in ["1", "2"] {
        let v = harness_json(&["tegel", "best", &instance("spel1.txt"), "--json", "--threads", threads]);
        assert_eq!(v["score"], 0);
        assert_eq!(v["best_move"], "(0,b)");
        assert_eq!(v["positions"], 5578);
        assert_eq!(v["threads"].as_u64(), Some(threads.parse().unwrap()));
        assert!(v["seconds"].is_number());
    }
}

#[test]
fn good_json_replays_from_its_seed() {
    let args = ["tegel", "good", &instance("spel1.txt"), "--sims", "200", "--seed", "5", "--json"];
    let a = harness_json(&args);
    let b = harness_json(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(a["move"], b["move"]);
    assert_eq!(a["averages"], b["averages"]);
    assert_eq!((a["seed"].as_u64(), a["sims"].as_u64()), (Some(5), Some(200)));
    assert_eq!(a["averages"].as_object().unwrap().len(), 2);
}

#[test]
fn greedy_json_reports_the_counterexample() {
    let v = harness_json(&["tegel", "greedy", &instance("greedy.txt"), "--json"]);
    assert_eq!(v["move"], "(2,b)");
    assert_eq!((v["greedy_score"].as_i64(), v["best_score"].as_i64()), (Some(-2), Some(-1)));
    assert_eq!(v["best_move"], "(2,g)");
}

#[test]
fn sweep_json_ends_at_the_loaded_position() {
    let v = harness_json(&["tegel", "sweep", &instance("spel1.txt"), "--sims", "100", "--seed", "3", "--json"]);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len() as u64, v["moves_played"].as_u64().unwrap());
    let last = rows.last().unwrap();
    assert_eq!((last["positions"].as_u64(), last["status"].as_str()), (Some(5578), Some("ok")));
}

#[test]
fn bad_files_exit_2_naming_file_line_and_expectation() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "gb\n1 2\n1 3\n2 1\n0 0\n0\n").unwrap();
    let out = harness(&["tegel", "best", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.txt:4:") && err.contains("one colour only"), "{err}");
    assert!(out.stdout.is_empty());
    let out = harness(&["tegel", "best", "/nonexistent/x.txt"]);
    assert_eq!(out.status.code(), Some(2));
    let out = harness(&["play", "tegel", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn play_menu_moves_undoes_and_searches_from_piped_input() {
    let input = "1\n2\n3\n0 g\n4\n5\n7\n0\n";
    let (text, out) = play(&instance("spel1.txt"), input);
    assert!(out.status.success());
    assert!(text.contains("distinct moves of player 0: (0,g) (0,b)"), "{text}");
    assert!(text.contains("did (0,g)"), "{text}");
    assert!(text.contains("  row 1: gggg."), "two yellow tiles joined row 1: {text}");
    assert!(text.contains("undone; 0 move(s) left to undo"), "{text}");
    assert!(text.contains("best score 0 with best move (0,b); 5578 positions"), "{text}");
    assert!(text.contains("greedy move (0,b)"), "{text}");
    assert!(text.trim_end().ends_with("bye"), "{text}");
}

#[test]
fn play_menu_explains_bad_input_and_ends_cleanly_at_end_of_input() {
    let input = "x\n3\n4 g\nhello\n1 q\n0 b\n4\n4\n";
    let (text, out) = play(&instance("spel1.txt"), input);
    assert!(out.status.success(), "end of input exits 0");
    assert!(text.contains("unknown choice `x`"), "{text}");
    assert!(text.contains("(4,g) is not legal here"), "{text}");
    assert!(text.contains("`hello` is not a move: expected a bowl number from 0 to 1 and g or b"), "{text}");
    assert!(text.contains("`1 q` is not a move"), "{text}");
    assert!(text.contains("did (0,b)"), "{text}");
    assert!(text.contains("nothing to undo"), "{text}");
    assert!(text.contains("end of input, bye"), "{text}");
    // End of input in the middle of a move prompt also ends cleanly.
    let (text, out) = play(&instance("spel1.txt"), "3\n");
    assert!(out.status.success());
    assert!(text.contains("end of input, bye"), "{text}");
}

fn csv_without_time_columns(path: &Path) -> Vec<Vec<String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    let keep: Vec<bool> = header.iter().map(|h| !harness::results::row::varies_between_runs(h)).collect();
    let mut rows = vec![header.iter().zip(&keep).filter(|(_, k)| **k).map(|(c, _)| c.clone()).collect()];
    for rec in r.records() {
        let rec = rec.unwrap();
        rows.push(rec.iter().zip(&keep).filter(|(_, k)| **k).map(|(c, _)| c.to_string()).collect());
    }
    rows
}

#[test]
fn quick_manifest_gives_the_same_csvs_on_1_and_2_threads() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/quick.toml");
    let outs: Vec<PathBuf> = ["1", "2"]
        .iter()
        .map(|t| {
            let out = dir.path().join(format!("t{t}"));
            let o = harness(&[
                "run",
                manifest.to_str().unwrap(),
                "--only",
                "tegel",
                "--threads",
                t,
                "--out",
                out.to_str().unwrap(),
            ]);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            out
        })
        .collect();
    for name in ["tegel_best", "tegel_good", "tegel_greedy", "tegel_sweep", "tegel_match"] {
        let file = format!("{name}.csv");
        let a = csv_without_time_columns(&outs[0].join(&file));
        let b = csv_without_time_columns(&outs[1].join(&file));
        assert!(a.len() > 1, "{name} has rows");
        assert!(!a[0].iter().any(|h| h == "threads"), "threads may differ between runs and is left out");
        assert_eq!(a, b, "{name}");
        for row in &a[1..] {
            assert_eq!(row.last().map(String::as_str), Some("ok"), "{name}: {row:?}");
        }
    }
}

#[test]
fn manifest_refusals_name_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("instances = [\"nope.txt\"]\n", "nope.txt"),
        ("instances = [\"spel1.txt\"]\nsims = 10\n", "sims"),
        ("instances = []\n", "at least one"),
    ];
    std::fs::copy(instance("spel1.txt"), dir.path().join("spel1.txt")).unwrap();
    for (keys, expect) in cases {
        let m = dir.path().join("m.toml");
        std::fs::write(&m, format!("[[experiment]]\nname = \"x\"\ngame = \"tegel\"\nkind = \"best\"\n{keys}")).unwrap();
        let out = harness(&["run", m.to_str().unwrap(), "--out", dir.path().join("o").to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{keys}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expect) && err.contains("m.toml:"), "{keys}: {err}");
        assert!(!dir.path().join("o").join("x.csv").exists());
    }
}

#[test]
fn best_memo_prints_the_plain_walks_figures() {
    for name in ["spel1.txt", "spel3.txt"] {
        let plain = harness_json(&["tegel", "best", &instance(name), "--json", "--threads", "1"]);
        for threads in ["1", "2"] {
            let args = ["tegel", "best", &instance(name), "--memo", "--memo-mb", "16", "--json", "--threads", threads];
            let v = harness_json(&args);
            for key in ["score", "best_move", "positions"] {
                assert_eq!(v[key], plain[key], "{name} {key} on {threads} threads");
            }
            assert!(v["distinct_positions"].as_u64().unwrap() <= v["positions"].as_u64().unwrap());
            assert!(v["memo_bytes"].as_u64().unwrap() <= 16 << 20);
            assert!(v["seconds"].is_number());
            assert_eq!(v["threads"].as_u64(), Some(threads.parse().unwrap()));
        }
    }
    let out = harness(&["tegel", "best", &instance("spel1.txt"), "--memo", "--memo-mb", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Waits for `child` at most `secs` seconds (kills it and fails when it runs longer).
fn wait_bounded(mut child: std::process::Child, secs: u64, what: &str) -> Output {
    wait_at_most(&mut child, Duration::from_secs(secs), &format!("{what} did not end within {secs} s"));
    child.wait_with_output().unwrap()
}

fn sigint(child: &std::process::Child) {
    let ok = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success();
    assert!(ok, "kill -INT");
}

#[test]
fn good_honours_its_time_limit_with_a_timeout_json_object() {
    let child =
        spawn_piped(&["tegel", "good", &instance("spel2.txt"), "--sims", "100000000", "--time-limit", "1", "--json"]);
    let out = wait_bounded(child, 60, "good --time-limit 1");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["status"], "timeout");
    assert!(v["random_games_so_far"].as_u64().unwrap() > 0);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("time limit of 1 s reached before the search finished"), "{err}");
}

#[test]
fn best_json_timeout_prints_the_status_and_partial_figures() {
    for memo in [false, true] {
        let file = instance("spel2.txt");
        let mut args = vec!["tegel", "best", &file, "--time-limit", "0.2", "--json", "--threads", "1"];
        if memo {
            args.extend(["--memo", "--memo-mb", "1"]);
        }
        let out = wait_bounded(spawn_piped(&args), 60, "best --time-limit 0.2");
        assert_eq!(out.status.code(), Some(1), "memo {memo}");
        let v: serde_json::Value = serde_json::from_str(&String::from_utf8(out.stdout).unwrap()).unwrap();
        assert_eq!(v["status"], "timeout");
        assert_eq!(v["time_limit"], 0.2);
        assert!(v["positions_so_far"].is_u64());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().filter(|l| l.contains("time limit of 0.2 s reached")).count(), 1, "{err}");
    }
}

#[test]
fn good_and_find_greedy_stop_on_ctrl_c() {
    let cases: [&[&str]; 2] = [
        &["tegel", "good", &instance("spel2.txt"), "--sims", "100000000"],
        &["tegel", "find-greedy", "--tries", "100000000000", "--out", "/dev/null"],
    ];
    for args in cases {
        let child = spawn_piped(args);
        std::thread::sleep(std::time::Duration::from_millis(700));
        sigint(&child);
        let out = wait_bounded(child, 30, &args.join(" "));
        assert_eq!(out.status.code(), Some(130), "{args:?}");
    }
}

#[test]
fn grow_ends_with_a_message_when_the_target_cannot_be_reached() {
    for (size, target) in [("1", "5"), ("2", "100")] {
        let args = [
            "tegel",
            "grow",
            "--m",
            size,
            "--n",
            size,
            "--k",
            size,
            "--l",
            size,
            "--target",
            target,
            "--out",
            "/dev/null",
        ];
        let out = wait_bounded(spawn_piped(&args), 60, "grow");
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("--target {target} cannot be reached")), "{err}");
    }
}

#[test]
fn oversized_non_utf8_and_bom_files() {
    let out = harness(&["tegel", "best", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/dev/zero: the game file is not a regular file"));
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, b"gg\xc3\n").unwrap();
    let out = harness(&["tegel", "best", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.txt:1: byte 0xc3 at column 3 is not UTF-8"));
    let bom = dir.path().join("bom.txt");
    let text = std::fs::read(instance("spel1.txt")).unwrap();
    std::fs::write(&bom, [b"\xEF\xBB\xBF".as_slice(), &text].concat()).unwrap();
    assert_eq!(harness_json(&["tegel", "best", bom.to_str().unwrap(), "--json"])["positions"], 5578);
}

#[test]
fn play_re_prompts_after_a_non_utf8_line() {
    let mut child = spawn_piped(&["play", "tegel", &instance("spel1.txt"), "--threads", "1"]);
    child.stdin.take().unwrap().write_all(b"\xff\xfe\n3\n\xc3\n0 b\n0\n").unwrap();
    let out = wait_bounded(child, 30, "play");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("is not UTF-8 text").count(), 2, "{text}");
    assert!(text.contains("did (0,b)") && text.contains("bye"), "{text}");
}

#[test]
fn play_move_prompt_can_be_left_and_names_the_broken_rule() {
    let (text, out) = play(&instance("greedy.txt"), "3\n4 g\n1 b\n0 g\n\n3\nq\n2\n0\n");
    assert!(out.status.success());
    assert!(text.contains("(4,g) is not legal here: bowl 4 does not exist (the bowls are 0 to 2)"), "{text}");
    assert!(text.contains("(1,b) is not legal here: bowl 1 holds no blue (b) tiles"), "{text}");
    assert!(text.contains("(0,g) is not legal here: no row of player 0 can take all 4 yellow (g) tiles"), "{text}");
    assert_eq!(text.matches("no move done").count(), 2, "{text}");
    assert!(text.contains("distinct moves of player 0: (2,g) (2,b)"), "the position is unchanged: {text}");
}

#[test]
fn play_loads_another_game_file_and_keeps_the_game_on_a_refusal() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "ggx\n").unwrap();
    let script = format!("l\n{}\n2\nl\n{}\n2\n0\n", bad.display(), instance("greedy.txt"));
    let (text, out) = play(&instance("spel1.txt"), &script);
    assert!(out.status.success());
    assert!(text.contains("not loaded, the current game is kept: ") && text.contains("bad.txt:1:"), "{text}");
    assert!(text.contains("distinct moves of player 0: (0,g) (0,b)"), "spel1 kept: {text}");
    assert!(text.contains("distinct moves of player 0: (2,g) (2,b)"), "greedy.txt loaded: {text}");
}

#[test]
fn ctrl_c_in_a_play_search_returns_to_the_menu_with_the_position_intact() {
    let mut child = spawn_piped(&["play", "tegel", &instance("spel2.txt"), "--threads", "1"]);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"3\n0 g\n5\n").unwrap();
    stdin.flush().unwrap();
    // besteScore after one move of spel2 takes seconds; the Ctrl-C lands well inside it.
    std::thread::sleep(std::time::Duration::from_millis(700));
    sigint(&child);
    std::thread::sleep(std::time::Duration::from_millis(500));
    stdin.write_all(b"4\n0\n").unwrap();
    drop(stdin);
    let out = wait_bounded(child, 60, "play after Ctrl-C");
    assert!(out.status.success(), "{:?}", out.status);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("stopped by Ctrl-C; the position is unchanged"), "{text}");
    assert!(text.contains("undone; 0 move(s) left to undo"), "the move before the search is still there: {text}");
    assert!(text.contains("bye"), "{text}");
}
