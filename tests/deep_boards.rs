//! The largest checkers boards (16 rows, whose continuation games run deepest) in every
//! search the program accepts and every place it runs: the one-shot commands (count,
//! perft and divide, memoised or not, on one and two threads), the text program's
//! `count` on a main thread with a small system stack, the terminal board's `c`, the web
//! board's count and a manifest. Each search finishes or stops at its short time limit
//! with a clean exit and its JSON or message; none aborts. Nothing here depends on the
//! machine's speed: a search may finish or stop, both are right.

mod common;
mod web_server;

use std::time::Duration;

use common::harness;
use harness::base::limits::TimeLimit;
use harness::checkers::geometry::{BoardSize, Color, Wide};
use harness::checkers::players::PlayerKind;
use harness::checkers::tui::{Action, App};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use serde_json::Value;

/// The boards of 16 rows that overflowed a thread's stack, and the most men rows.
const DEEP: [[&str; 3]; 5] =
    [["16", "16", "3"], ["16", "16", "2"], ["16", "15", "2"], ["16", "14", "3"], ["16", "16", "7"]];

/// Runs a `--json` one-shot and checks it exits with status ok (0) or timeout (1) and
/// prints one JSON object saying which.
fn finishes_or_stops(args: &[&str]) {
    let out = harness(args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let v: Value = serde_json::from_str(stdout.trim())
        .unwrap_or_else(|e| panic!("{args:?}: no JSON ({e}), exit {:?}: {}", out.status, common::stderr(&out)));
    let status = v["status"].as_str().unwrap_or("ok");
    match (out.status.code(), status) {
        (Some(0), "ok") | (Some(1), "timeout") => {}
        other => panic!("{args:?}: exit and status {other:?}: {v}, {}", common::stderr(&out)),
    }
}

#[test]
fn counts_on_boards_of_16_rows_finish_or_stop_at_their_limit() {
    for [m, n, r] in DEEP {
        for threads in ["1", "2"] {
            let plain = ["checkers", "count", m, n, r, "--json", "--time-limit", "1", "-j", threads];
            finishes_or_stops(&plain);
            finishes_or_stops(&[&plain[..], &["--memo", "--memo-mb", "16"]].concat());
        }
    }
}

#[test]
fn perft_and_divide_on_the_largest_board_finish_or_stop_at_their_limit() {
    for threads in ["1", "2"] {
        let perft = ["checkers", "perft", "16", "16", "7", "40", "--json", "--time-limit", "1", "-j", threads];
        finishes_or_stops(&perft);
        finishes_or_stops(&[&perft[..], &["--memo", "--memo-mb", "16"]].concat());
        finishes_or_stops(&["checkers", "divide", "16", "16", "3", "40", "--json", "--time-limit", "1", "-j", threads]);
    }
}

/// The text program counts on the thread that reads the commands; with the main thread's
/// stack at 2 MiB (`ulimit -s 2048`) the count still finishes or stops.
#[cfg(unix)]
#[test]
fn the_text_programs_count_on_a_small_main_stack_finishes_or_stops() {
    let script = format!(
        "ulimit -s 2048 && exec '{}' play checkers --board '16x16 r3' --color black --computer strategy \
         --count-limit 1",
        env!("CARGO_BIN_EXE_harness")
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"count\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}\n{}", common::stderr(&out));
    assert!(text.contains("continuation games") || text.contains("continuation count did not finish"), "{text}");
}

#[test]
fn the_terminal_boards_c_key_on_16x16_finishes_or_stops() {
    for (m, n, r) in [(16, 16, 3), (16, 15, 2)] {
        let size = BoardSize::new(m, n, r).unwrap();
        let mut app = App::<Wide>::new(size, Color::Black, PlayerKind::Strategy(4), 7, 80)
            .with_count_limit(TimeLimit::whole_seconds(1));
        let c = app.update(Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::NONE)));
        assert_eq!(c, Action::Continue);
        app.wait_for_count();
        let message = app.message();
        assert!(
            message.starts_with("continuation games") || message.starts_with("continuation count did not finish"),
            "{m}x{n} r{r}: {message}"
        );
    }
}

/// Polls the web board's count until it no longer runs.
fn wait_count(b: &web_server::Board) -> Value {
    for _ in 0..12_000 {
        let c = b.expect(200, "GET", "/api/checkers/count", None);
        if c["state"] != "running" {
            return c;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the count did not end");
}

/// The web board's "Count continuation games" on 16x16 r3 stops at its limit and the
/// server goes on; the seconds of a stopped count stay what they were when it stopped.
#[test]
fn the_web_boards_count_on_16x16_stops_and_its_seconds_stay() {
    let b = web_server::Board::start(Some("checkers"));
    let board = r#"{"rows": 16, "cols": 16, "men_rows": 3, "computer": "random"}"#;
    b.expect(200, "POST", "/api/checkers/new", Some(board));
    b.expect(202, "POST", "/api/checkers/count", Some(r#"{"limit_s": 0.5}"#));
    let c = wait_count(&b);
    assert!(c["state"] == "stopped" || c["state"] == "done", "{c}");
    let seconds = c["seconds"].as_f64().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let later = b.expect(200, "GET", "/api/checkers/count", None);
    assert_eq!(later["seconds"].as_f64(), Some(seconds), "the seconds of an ended count stay: {c} then {later}");
    assert_eq!(b.expect(200, "GET", "/api/checkers", None)["count"]["state"], c["state"], "the server goes on");
}

/// A manifest of the largest boards (counts plain and memoised, perft, a strategy match,
/// the parallel items) runs to its end with a short time limit: `run.toml` says complete and
/// every row is ok or timeout.
#[test]
fn a_manifest_of_16_row_boards_runs_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = common::write(
        dir.path(),
        "m.toml",
        "[[experiment]]\nname = \"c\"\ngame = \"checkers\"\nkind = \"count\"\nboards = [\"16x16 r3\", \"16x15 r2\"]\n\
         [[experiment]]\nname = \"cm\"\ngame = \"checkers\"\nkind = \"count\"\nmemo = true\nmemo_mb = 16\n\
         boards = [\"16x16 r3\", \"16x14 r3\"]\n\
         [[experiment]]\nname = \"m\"\ngame = \"checkers\"\nkind = \"match\"\nboard = \"16x16 r3\"\n\
         pairings = [{ player = \"strategy:4\", opponent = \"random\", games = 2 }]\n\
         [[experiment]]\nname = \"par\"\ngame = \"harness\"\nkind = \"parallel\"\nitems = [\n  \
         { game = \"checkers\", search = \"count\", board = \"16x16 r3\" },\n  \
         { game = \"checkers\", search = \"count memo\", board = \"16x16 r2\", memo_mb = 16 },\n]\n",
    );
    let out_dir = dir.path().join("out");
    let out = harness(&[
        "run",
        &manifest,
        "-o",
        out_dir.to_str().unwrap(),
        "-j",
        "2",
        "--time-limit",
        "0.5",
        "--samples",
        "1",
        "--json",
        "-q",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["state"], "complete", "{v}");
    let run_toml = std::fs::read_to_string(out_dir.join("run.toml")).unwrap();
    assert!(run_toml.contains("state = \"complete\""), "{run_toml}");
    for name in ["c", "cm", "m", "par"] {
        let mut reader = csv::Reader::from_path(out_dir.join(format!("{name}.csv"))).unwrap();
        let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
        let status = header.iter().position(|h| h == "status").unwrap_or_else(|| panic!("{name}: {header:?}"));
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert!(!rows.is_empty(), "{name}.csv has rows");
        for row in rows {
            assert!(["ok", "timeout"].contains(&&row[status]), "{name}: {row:?}");
        }
    }
}
