//! The checkers commands run as a process: one-shot `--json` output, refusals with exit
//! code 2, and the text program driven through stdin.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn harness(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness")).args(args).output().unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = harness(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn play(stdin: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["play", "checkers", "--count-limit", "5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn perft_json_matches_published_numbers_on_one_and_two_threads() {
    for threads in ["1", "2"] {
        let v = json(&["checkers", "perft", "8", "8", "3", "7", "--json", "--threads", threads]);
        assert_eq!(v["leaves"], 179740);
        assert_eq!(v["threads"], threads.parse::<u64>().unwrap());
        assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    }
}

#[test]
fn divide_json_lists_seven_root_moves_adding_up() {
    let v = json(&["checkers", "divide", "8", "8", "3", "4", "--json"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(moves.iter().map(|m| m["leaves"].as_u64().unwrap()).sum::<u64>(), 1469);
    assert_eq!(v["leaves"], 1469);
}

#[test]
fn count_json_plain_and_memo_agree() {
    let hand = json(&["checkers", "count", "3", "3", "1", "--json"]);
    assert_eq!(
        (hand["games"].as_u64(), hand["white_wins"].as_u64(), hand["positions"].as_u64()),
        (Some(4), Some(4), Some(11))
    );
    let plain = json(&["checkers", "count", "4", "5", "1", "--json", "--threads", "2"]);
    let memo = json(&["checkers", "count", "4", "5", "1", "--json", "--memo"]);
    for key in ["games", "black_wins", "white_wins", "both_kings"] {
        assert_eq!(plain[key], memo[key], "{key}");
    }
    assert!(memo["positions"].as_u64() < plain["positions"].as_u64());
    assert!(memo["distinct_positions"].as_u64().unwrap() <= memo["positions"].as_u64().unwrap());
}

#[test]
fn bad_sizes_and_flags_exit_with_code_2() {
    for args in [
        &["checkers", "count", "2", "8", "1"][..],
        &["checkers", "count", "8", "8", "5"],
        &["checkers", "perft", "17", "8", "1", "3"],
        &["checkers", "perft", "8", "8", "3", "3", "--time-limit", "-1"],
        &["checkers", "divide", "8", "8", "3", "0"],
        &["play", "checkers", "--tui", "--board", "8x8"],
        &["play", "checkers", "--tui", "--computer", "genius"],
    ] {
        let out = harness(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn text_program_refuses_bad_input_with_reasons_and_legal_moves() {
    let (code, out) = play("2 8 1\n8 8 3\npurple\nblack\nsmart\nrandom\nc3-c4\nc3-e5\nd2-e3\nhelp\nmoves\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("board must be m x n with 3 <= m, n <= 16"), "{out}");
    assert!(out.contains("`purple` is not a colour"), "{out}");
    assert!(out.contains("`smart` is not a player"), "{out}");
    assert!(out.contains("`c4` is a light square"), "{out}");
    assert!(out.contains("`c3-e5` is not a legal move here"), "{out}");
    assert!(out.contains("legal moves: a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4"), "{out}");
    assert!(out.contains("black: 12 pieces (0 kings), white: 12 pieces (0 kings)"), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}

#[test]
fn text_program_undo_goes_back_to_the_start_and_counts() {
    let (code, out) = play("4 4 1\nblack\nrandom\na1-b2\nundo\nundo\ncount\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("You play a1-b2."), "{out}");
    assert!(out.contains("Taken back."), "{out}");
    assert!(out.contains("Nothing to undo"), "{out}");
    // 4x4 r1 from the start, same as `harness checkers count 4 4 1`.
    let v = json(&["checkers", "count", "4", "4", "1", "--json", "--memo"]);
    assert!(
        out.contains(&format!(
            "continuation games (single-jump captures, ending when both have a king): {} ",
            v["games"]
        )),
        "{out}"
    );
    assert!(out.trim_end().ends_with("Bye."), "end of input ends cleanly: {out}");
}

/// 3x3 r1 is forced: after a1-b2 White must take c3xa1, Black's only move c1-b2 loses
/// its last piece. Then a second game as White, cut off by end of input.
#[test]
fn text_program_plays_games_in_a_row() {
    let (code, out) = play("3 3 1\nblack\nrandom\na1-b2\nc1-b2\ny\n3 3 1\nwhite\nrandom\nmoves\n");
    assert_eq!(code, 0);
    assert!(out.contains("Computer (white) plays c3xa1."), "{out}");
    assert!(out.contains("Game over: black cannot move, white wins (the computer wins)."), "{out}");
    assert_eq!(out.matches("New game on 3x3 r1").count(), 2, "{out}");
    assert!(out.contains("Computer (black) plays"), "{out}");
    assert!(out.contains("legal moves:"), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}
