//! `harness play --web`: the Nim board's API against the built binary. The assignment's
//! sample game replays move by move with the same computer replies and the same
//! transcript; every bad request gets a 4xx with the terminal game's reason.

mod web_server;

use serde_json::Value;
use web_server::Board;

fn lines(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

fn sticks(v: &Value) -> Vec<u64> {
    v["heaps"].as_array().unwrap().iter().map(|h| h["sticks"].as_u64().unwrap()).collect()
}

#[test]
fn the_sample_game_replays_by_clicks_with_the_assignments_transcript() {
    let b = Board::start(Some("nim"));
    assert_eq!(b.expect(200, "GET", "/api/nim", None)["game"], serde_json::Value::Null, "no game yet: an empty game");
    let v = b.expect(200, "POST", "/api/nim/new", Some(r#"{"count": 3, "maxtake": "3", "seed": 923}"#));
    assert_eq!(sticks(&v), [10, 11, 11], "seed 923 draws the sample game's heaps");
    assert_eq!(v["status"], "Your move | heaps 10 11 11 | take at most 3 sticks per move");
    let sample = include_str!("../instances/nim/seed_transcript.txt");
    let mut last = v;
    for line in sample.lines().filter_map(|l| l.strip_prefix("Your move: ")) {
        let (heap, count) = line.split_once(' ').unwrap();
        let body = format!(r#"{{"heap": {heap}, "count": {count}}}"#);
        last = b.expect(200, "POST", "/api/nim/take", Some(&body));
    }
    let expected: Vec<&str> = sample.lines().skip(3).collect();
    assert_eq!(lines(&last["transcript"]), expected);
    assert_eq!(last["outcome"], "you win");
    assert!(last["status"].as_str().unwrap().starts_with("Congratulations!"), "{}", last["status"]);
    let e = b.expect(422, "POST", "/api/nim/take", Some(r#"{"heap": 2, "count": 1}"#));
    assert!(e["error"].as_str().unwrap().contains("game is over"), "{e}");
    let v = b.expect(200, "POST", "/api/nim/undo", None);
    assert_eq!((sticks(&v), v["outcome"].as_str()), (vec![0, 0, 3], Some("ongoing")));
}

#[test]
fn the_computer_replies_with_the_selector_and_the_hint_is_the_one_shot_commands() {
    let b = Board::start(None);
    b.expect(200, "POST", "/api/nim/new", Some(r#"{"heaps": "9 11 7", "maxtake": 3, "seed": 5}"#));
    let h = b.expect(200, "GET", "/api/nim/hint", None);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["nim", "value", "9", "11", "7", "--maxtake", "3"])
        .output()
        .unwrap();
    let printed: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect();
    assert_eq!(lines(&h["text"]), printed);
    assert_eq!(h["value"], 1);
    assert_eq!(h["winning_moves"], serde_json::json!([[0, 1], [1, 1], [2, 1]]));
    // 9 8 7 has value 1 ^ 0 ^ 3 = 2: the computer has a winning move, chosen by its selector.
    let v = b.expect(200, "POST", "/api/nim/take", Some(r#"{"heap": 1, "count": 3}"#));
    let reply = &v["reply"];
    let taken: u64 = reply["move"].as_str().unwrap().split_whitespace().nth(1).unwrap().parse().unwrap();
    assert_eq!(sticks(&v).iter().sum::<u64>(), 9 + 8 + 7 - taken, "{reply}");
    assert_eq!(reply["winning_moves"], 3, "{reply}");
    assert_eq!(reply["why"], "chosen by the reservoir selector among 3 winning moves");
    assert_eq!(b.expect(200, "GET", "/api/nim/hint", None)["value"], 0, "a winning reply leaves value 0");
    // A position of value 0 to the computer: no winning move, one stick from heap 0.
    b.expect(200, "POST", "/api/nim/new", Some(r#"{"heaps": [2, 3, 0], "maxtake": 0, "seed": 1}"#));
    let v = b.expect(200, "POST", "/api/nim/take", Some(r#"{"heap": 1, "count": 1}"#));
    assert_eq!(v["reply"]["move"], "Taking 1 from heap 0");
    assert_eq!(v["reply"]["winning_moves"], 0);
    assert_eq!(sticks(&v), [1, 2, 0]);
    // 1 1: the human must leave one stick and the computer takes it: the assignment's loss.
    b.expect(200, "POST", "/api/nim/new", Some(r#"{"heaps": "1 1"}"#));
    let v = b.expect(200, "POST", "/api/nim/take", Some(r#"{"heap": 0, "count": 1}"#));
    assert_eq!(v["outcome"], "computer wins");
    assert_eq!(v["status"], "You lost: no sticks are left for you.");
    assert_eq!(lines(&v["transcript"]).last().unwrap(), "You lost: no sticks are left for you.");
}

#[test]
fn every_bad_request_gets_a_4xx_with_the_reason() {
    let b = Board::start(None);
    b.expect(409, "POST", "/api/nim/take", Some(r#"{"heap": 0, "count": 1}"#));
    b.expect(409, "POST", "/api/nim/undo", None);
    b.expect(409, "GET", "/api/nim/hint", None);
    for (body, says) in [
        ("{bad", "not valid JSON"),
        ("[1]", "JSON object"),
        (r#"{"heaps": "1 x"}"#, "heaps: expected 1 to 16 whole numbers from 0 to 60"),
        (r#"{"heaps": "61"}"#, "heaps: expected"),
        (r#"{"heaps": [1, -1]}"#, "heaps: expected"),
        (r#"{"heaps": ", ,"}"#, "heaps: expected"),
        (r#"{"heaps": 7}"#, "heaps: expected"),
        (r#"{"heaps": "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"}"#, "heaps: expected"),
        (r#"{"count": 0}"#, "count: expected a whole number from 1 to 16"),
        (r#"{"count": 17}"#, "count: expected a whole number from 1 to 16"),
        (r#"{"maxtake": 61}"#, "maxtake: expected a whole number from 0 to 60"),
        (r#"{"maxtake": -1}"#, "maxtake: expected"),
        (r#"{"seed": "x"}"#, "seed: expected"),
    ] {
        let e = b.expect(400, "POST", "/api/nim/new", Some(body));
        assert!(e["error"].as_str().unwrap().contains(says), "{body}: {e}");
    }
    b.expect(200, "POST", "/api/nim/new", Some(r#"{"heaps": "0 2 5", "maxtake": 3, "seed": 1}"#));
    for (body, status, says) in [
        ("{}", 400, "expected a JSON object with `heap`"),
        (r#"{"heap": 1}"#, 400, "`count`"),
        (r#"{"heap": 1.5, "count": 1}"#, 400, "`heap`"),
        (r#"{"heap": "one", "count": 1}"#, 400, "`heap`"),
        (r#"{"heap": 3, "count": 1}"#, 422, "There is no heap 3: heaps are numbered from 0 to 2."),
        (r#"{"heap": -1, "count": 1}"#, 422, "There is no heap -1: heaps are numbered from 0 to 2."),
        (r#"{"heap": 0, "count": 1}"#, 422, "Heap 0 is empty: choose another heap."),
        (r#"{"heap": 1, "count": 0}"#, 422, "Cannot take 0 from heap 1: take from 1 to 2 sticks."),
        (r#"{"heap": 2, "count": 4}"#, 422, "Cannot take 4 from heap 2: take from 1 to 3 sticks."),
        (r#"{"heap": 2, "count": 99999999999}"#, 422, "Cannot take 99999999999 from heap 2"),
    ] {
        let e = b.expect(status, "POST", "/api/nim/take", Some(body));
        assert_eq!(e["error"].as_str().map(|t| t.contains(says)), Some(true), "{body}: {e}");
    }
    b.expect(405, "GET", "/api/nim/take", None);
    b.expect(405, "POST", "/api/nim/hint", None);
    b.expect(404, "POST", "/api/nim/steal", Some("{}"));
    let v = b.expect(200, "GET", "/api/nim", None);
    assert_eq!((sticks(&v), v["moves"].as_u64()), (vec![0, 2, 5], Some(0)), "refusals change nothing");
    let games = b.expect(200, "GET", "/api/games", None);
    assert!(games["games"].as_array().unwrap().iter().any(|g| g["name"] == "nim"));
}
