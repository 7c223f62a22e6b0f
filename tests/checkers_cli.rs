//! The checkers commands run as a process: one-shot `--json` output, refusals with exit
//! code 2, and the text program driven through stdin.

mod common;

use common::{harness, harness_json, wait_at_most};

fn play(stdin: &str) -> (i32, String) {
    let out = common::harness_with_input(&["play", "checkers", "--count-limit", "5"], stdin.as_bytes());
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn perft_json_matches_published_numbers_on_one_and_two_threads() {
    for threads in ["1", "2"] {
        let v = harness_json(&["checkers", "perft", "8", "8", "3", "7", "--json", "--threads", threads]);
        assert_eq!(v["leaves"], 179740);
        assert_eq!(v["threads"], threads.parse::<u64>().unwrap());
        assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    }
}

#[test]
fn divide_json_lists_seven_root_moves_adding_up() {
    let v = harness_json(&["checkers", "divide", "8", "8", "3", "4", "--json"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(moves.iter().map(|m| m["leaves"].as_u64().unwrap()).sum::<u64>(), 1469);
    assert_eq!(v["leaves"], 1469);
}

#[test]
fn count_json_plain_and_memo_agree() {
    let hand = harness_json(&["checkers", "count", "3", "3", "1", "--json"]);
    assert_eq!(
        (hand["games"].as_u64(), hand["white_wins"].as_u64(), hand["positions"].as_u64()),
        (Some(4), Some(4), Some(11))
    );
    // 4x5: the plain count finishes within the memo's first 2^22 positions and answers.
    // 5x6: 37,079,387 plain positions, counted through the table.
    for (board, through_table) in [(["4", "5"], false), (["5", "6"], true)] {
        let plain = harness_json(&["checkers", "count", board[0], board[1], "1", "--json", "--threads", "2"]);
        let memo = harness_json(&["checkers", "count", board[0], board[1], "1", "--json", "--memo"]);
        for key in ["games", "black_wins", "white_wins", "both_kings"] {
            assert_eq!(plain[key], memo[key], "{board:?} {key}");
        }
        assert_eq!(memo["plain_positions"], plain["positions"], "{board:?}");
        let (positions, distinct) = (memo["positions"].as_u64().unwrap(), memo["distinct_positions"].as_u64().unwrap());
        if through_table {
            assert!(positions < plain["positions"].as_u64().unwrap() && distinct <= positions, "{board:?}");
            assert!(memo["memo_bytes"].as_u64().unwrap() > 0);
        } else {
            assert_eq!((Some(positions), distinct), (plain["positions"].as_u64(), positions), "{board:?}");
            assert_eq!(memo["memo_bytes"].as_u64(), Some(0));
        }
    }
}

#[test]
fn hashed_perft_reports_its_lookups_and_hits() {
    // Depth 12: 108,669,000 plain positions, past what is walked plainly.
    for threads in ["1", "2"] {
        let m = harness_json(&["checkers", "perft", "8", "8", "3", "12", "--json", "--memo", "--threads", threads]);
        assert_eq!((m["leaves"].as_u64(), m["plain_positions"].as_u64()), (Some(388_623_673), Some(108_669_000)));
        let (probes, hits) = (m["probes"].as_u64().unwrap(), m["hits"].as_u64().unwrap());
        assert!(0 < hits && hits < probes, "{probes} lookups, {hits} hits");
        assert!(probes - hits <= m["distinct_positions"].as_u64().unwrap());
    }
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
    assert!(out.contains("m and n from 3 to 16"), "{out}");
    assert!(out.contains("`purple` is not a colour"), "{out}");
    assert!(out.contains("`smart` is not a player"), "{out}");
    assert!(out.contains("`c4` is a light square"), "{out}");
    assert!(out.contains("`c3-e5` is not legal: there is no piece on d4 to capture"), "{out}");
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
    let v = harness_json(&["checkers", "count", "4", "4", "1", "--json", "--memo"]);
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
    assert!(out.contains("Game over: black has no pieces left, white wins (the computer wins)."), "{out}");
    assert_eq!(out.matches("New game on 3x3 r1").count(), 2, "{out}");
    assert!(out.contains("Computer (black) plays"), "{out}");
    assert!(out.contains("legal moves:"), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}

fn play_args(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let args: Vec<&str> = ["play", "checkers"].into_iter().chain(args.iter().copied()).collect();
    let out = common::harness_with_input(&args, stdin);
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn memo_perft_and_count_give_the_plain_numbers_with_memo_figures() {
    for threads in ["1", "2"] {
        let plain = harness_json(&["checkers", "perft", "8", "8", "3", "9", "--json", "--threads", threads]);
        let memo = harness_json(&[
            "checkers",
            "perft",
            "8",
            "8",
            "3",
            "9",
            "--json",
            "--memo",
            "--memo-mb",
            "64",
            "--threads",
            threads,
        ]);
        assert_eq!((memo["leaves"].as_u64(), memo["mode"].as_str()), (Some(3963680), Some("memo")));
        assert_eq!(memo["plain_positions"], plain["positions"]);
        assert!(memo["memo_bytes"].as_u64().unwrap() <= 64 << 20);
        assert_eq!((memo["probes"].as_u64(), memo["hits"].as_u64()), (Some(0), Some(0)), "walked plainly");
        let plain = harness_json(&["checkers", "count", "5", "6", "1", "--json", "--threads", threads]);
        let memo = harness_json(&["checkers", "count", "5", "6", "1", "--json", "--memo", "--threads", threads]);
        assert_eq!((memo["games"].as_u64(), memo["plain_positions"].as_u64()), (Some(24219215), Some(37079387)));
        assert_eq!(memo["plain_positions"], plain["positions"]);
        assert!(memo["memo_bytes"].as_u64().unwrap() > 0);
    }
}

#[test]
fn memo_flags_are_checked() {
    for args in [
        &["checkers", "count", "4", "4", "1", "--memo-mb", "16"][..],
        &["checkers", "count", "4", "4", "1", "--memo", "--memo-mb", "0"],
        &["checkers", "perft", "8", "8", "3", "4", "--memo", "--memo-mb", "x"],
        &["checkers", "count", "4", "4", "1", "--memo-limit", "10"],
    ] {
        assert_eq!(harness(args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn a_json_one_shot_that_times_out_prints_a_timeout_object_and_exits_1() {
    for args in [
        &["checkers", "perft", "8", "8", "3", "20", "--json", "--time-limit", "0.2"][..],
        &["checkers", "count", "7", "7", "2", "--json", "--time-limit", "0.2"],
        &["checkers", "count", "7", "7", "2", "--memo", "--json", "--time-limit", "0.2", "--memo-mb", "16"],
        &["checkers", "divide", "8", "8", "3", "20", "--json", "--time-limit", "0.2"],
    ] {
        let out = harness(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["status"], "timeout", "{args:?}");
        assert_eq!(v["time_limit"], 0.2);
        assert!(v["positions"].as_u64().is_some() && v["seconds"].as_f64().is_some(), "{v}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("time limit of 0.2 s reached before the search finished"), "{err}");
    }
}

#[test]
fn a_refused_move_names_the_broken_rule() {
    let (code, out) = play("8 8 3\nblack\nrandom\nb2-c3\nc3-g7\nd6-c5\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("`b2-c3` is not legal: c3 is occupied"), "{out}");
    assert!(out.contains("`c3-g7` is not legal: c3 to g7 is neither a diagonal step nor a jump"), "{out}");
    assert!(out.contains("`d6-c5` is not legal: d6 holds a white piece and black is to move"), "{out}");
}

#[test]
fn board_colour_and_computer_flags_set_up_the_text_program() {
    let (code, out) = play_args(&["--board", "6x6 r2", "--color", "white", "--computer", "random"], b"quit\n");
    assert_eq!(code, 0);
    assert!(out.contains("New game on 6x6 r2: you play white, the computer (random) plays black."), "{out}");
    assert!(!out.contains("Board: rows m"), "no question asked: {out}");
    let (code, _) = play_args(&["--board", "6x6"], b"quit\n");
    assert_eq!(code, 2, "a bad --board is refused before the game");
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_asked_again() {
    let (code, out) = play_args(&["--count-limit", "5"], b"\xff\xfe 8\n8 8 3\nblack\nrandom\n\xc3\x28\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("give three numbers"), "{out}");
    assert!(out.contains("is not a move"), "{out}");
    assert!(out.contains("Bye."), "{out}");
}

#[test]
fn help_writes_ranges_as_from_a_to_b_and_counts_in_the_right_number() {
    let help = String::from_utf8_lossy(&harness(&["checkers", "perft", "--help"]).stdout).into_owned();
    assert!(help.contains("(3 to 16)") && help.contains("(1 to m/2)") && help.contains("(0 to 40)"), "{help}");
    assert!(!help.contains(".."), "{help}");
    let out = String::from_utf8_lossy(&harness(&["checkers", "perft", "8", "8", "3", "3", "--threads", "1"]).stdout)
        .into_owned();
    assert!(out.contains("1 thread\n"), "{out}");
}

/// `play checkers --tui` without a terminal says it needs one (exit 2).
#[test]
fn tui_without_a_terminal_says_it_needs_one() {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["play", "checkers", "--tui"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--tui needs a terminal"), "{err}");
}

/// When its terminal goes away (the other end of its pseudo-terminal closes, as when a
/// window closes or an SSH link drops; no SIGHUP reaches it here, as none reaches a game
/// started outside the terminal's session), the TUI ends instead of running on.
#[cfg(target_os = "linux")]
#[test]
fn tui_ends_when_its_terminal_goes_away() {
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize { ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: openpty writes two new file descriptors into `master` and `slave`.
    let rc = unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
    assert_eq!(rc, 0, "openpty");
    // SAFETY: both descriptors were just opened and are owned here alone; close-on-exec
    // keeps the master out of the child, so that dropping it here closes it.
    let (master, slave) = unsafe {
        libc::fcntl(master, libc::F_SETFD, libc::FD_CLOEXEC);
        libc::fcntl(slave, libc::F_SETFD, libc::FD_CLOEXEC);
        (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave))
    };
    let io = |fd: &OwnedFd| std::process::Stdio::from(fd.try_clone().unwrap());
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["play", "checkers", "--tui"])
        .stdin(io(&slave))
        .stdout(io(&slave))
        .stderr(io(&slave))
        .spawn()
        .unwrap();
    drop(slave);
    let mut master = std::fs::File::from(master);
    // SAFETY: sets O_NONBLOCK on a descriptor this test owns.
    unsafe { libc::fcntl(std::os::fd::AsRawFd::as_raw_fd(&master), libc::F_SETFL, libc::O_NONBLOCK) };
    let mut drawn = Vec::new();
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(120) && !String::from_utf8_lossy(&drawn).contains('q') {
        let mut buf = [0u8; 4096];
        match std::io::Read::read(&mut master, &mut buf) {
            Ok(n) if n > 0 => drawn.extend_from_slice(&buf[..n]),
            _ => std::thread::sleep(std::time::Duration::from_millis(20)),
        }
    }
    assert!(child.try_wait().unwrap().is_none(), "the TUI ended before its terminal went away");
    drop(master);
    let status = wait_at_most(
        &mut child,
        std::time::Duration::from_secs(60),
        "the TUI kept running after its terminal went away",
    );
    assert!(!status.success(), "{status:?}");
}

/// Every one-shot object says the process's peak memory; a memo table that would pass
/// `--memory-limit` stops the search with status `memory` (exit code 1), before it is
/// taken, and the same search without the limit counts.
#[test]
fn a_memo_table_past_the_memory_limit_stops_with_status_memory() {
    let args = ["checkers", "perft", "8", "8", "3", "10", "--memo", "--memo-mb", "64", "--json", "--threads", "1"];
    let v = harness_json(&args);
    assert_eq!(v["leaves"], 18_391_564u64);
    #[cfg(target_os = "linux")]
    assert!(v["peak_memory_bytes"].as_u64().is_some_and(|b| b >= 64 << 20), "{v}");
    let limited = harness(&[&args[..], &["--memory-limit", "32"]].concat());
    assert_eq!(limited.status.code(), Some(1));
    let text = String::from_utf8(limited.stdout).unwrap();
    let v: serde_json::Value = serde_json::from_str(text.trim()).expect("one JSON object");
    assert_eq!(v["status"], "memory", "{v}");
    assert!(v["error"].as_str().unwrap().contains("memory limit of 32 MiB"), "{v}");
    assert!(v.get("peak_memory_bytes").is_some(), "{v}");
    assert!(harness(&[&args[..], &["--memory-limit", "0"]].concat()).status.code() == Some(2));
}
