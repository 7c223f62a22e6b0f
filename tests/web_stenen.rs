//! `harness play --web`: the tiling board (Stenen leggen) against the built binary.
//! Stones placed in the assignment's notation with the reason for every refused
//! placement, undo and take off, malformed requests answered 4xx, the dumb, smart and fast
//! searches with the numbers `harness stenen find|count` prints, in the background with
//! cancel, and the board given on the command line.

mod common;
mod web_server;

use common::harness_json;
use serde_json::{json, Value};
use web_server::Board;

fn stones(name: &str) -> String {
    format!("{}/instances/stenen/{name}.in", env!("CARGO_MANIFEST_DIR"))
}

/// Polls until the search has ended; the game's view then.
fn settled(b: &Board) -> Value {
    for _ in 0..12_000 {
        let v = b.expect(200, "GET", "/api/stenen", None);
        if v["search"]["state"] != "running" {
            return v;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the search did not end");
}

fn place(b: &Board, status: u16, row: i64, col: i64, stone: i64, orientation: i64) -> Value {
    let body = json!({"row": row, "col": col, "stone": stone, "orientation": orientation}).to_string();
    b.expect(status, "POST", "/api/stenen/place", Some(&body))
}

#[test]
fn placements_by_hand_with_the_reasons_for_refusals() {
    let b = Board::start(Some("stenen"));
    assert_eq!(
        b.expect(200, "GET", "/api/stenen", None)["game"],
        serde_json::Value::Null,
        "no game yet: an empty game"
    );
    let v = b.expect(200, "POST", "/api/stenen/new", Some(r#"{"instance": "stenen1"}"#));
    assert_eq!((v["height"].as_u64(), v["width"].as_u64()), (Some(4), Some(5)));
    assert_eq!(v["stones"].as_array().unwrap().len(), 5);
    assert_eq!(v["status"], "4x5 board, 5 stones: 0 placed, 5 to place | 20 empty cells");
    // The seed's check: stone 1 `X.. / XXX` in orientation 3 is `.X / .X / XX`.
    assert_eq!(
        v["stones"][0]["orientations"][3],
        json!({"orientation": 3, "rows": 3, "cols": 2, "cells": [[0, 1], [1, 1], [2, 0], [2, 1]], "same_as": null})
    );
    assert_eq!(v["stones"][2]["orientations"][2]["same_as"], 0, "the S turned half way is the S");
    assert_eq!(v["stones"][1]["identical_to"], 1, "stone 2 is an orientation of stone 1");
    // The seed's figure 4: (0,3,1,3), (0,2,3,0), (0,0,4,0).
    let v = place(&b, 200, 0, 3, 1, 3);
    assert_eq!(v["cells"], json!([[0, 0, 0, 0, 1], [0, 0, 0, 0, 1], [0, 0, 0, 1, 1], [0, 0, 0, 0, 0]]));
    assert_eq!(v["message"], "Placed (0,3,1,3).");
    assert_eq!(v["stones"][0]["placed"], "(0,3,1,3)");
    for (p, says) in [
        ((0, 4, 4, 0), "cannot place (0,4,4,0): cell (0,4) is already covered by stone 1"),
        (
            (1, 0, 4, 0),
            "cannot place (1,0,4,0): stone 4 in orientation 0 is 4x1; at (1,0) it sticks out of the 4x5 board",
        ),
        ((9, 9, 5, 0), "it sticks out of the 4x5 board"),
        ((3, 0, 1, 0), "stone 1 is already on the board"),
        ((0, 0, 9, 0), "stone 9 does not exist (stones are 1 to 5)"),
        ((0, 0, 0, 0), "stone 0 does not exist"),
        ((0, 0, 2, 8), "orientation 8 does not exist (orientations are 0 to 7)"),
    ] {
        let e = place(&b, 422, p.0, p.1, p.2, p.3);
        assert!(e["error"].as_str().unwrap().contains(says), "{p:?}: {e}");
    }
    let v = b.expect(200, "GET", "/api/stenen", None);
    assert_eq!(v["placements"].as_array().unwrap().len(), 1, "refusals leave the board as it was");
    for body in [
        "{",
        "[1]",
        "{}",
        r#"{"row": -1, "col": 0, "stone": 1, "orientation": 0}"#,
        r#"{"row": "0", "col": 0, "stone": 1, "orientation": 0}"#,
        r#"{"row": 0, "col": 0, "stone": 2}"#,
        r#"{"row": 0, "col": 0, "stone": 2, "orientation": 1e30}"#,
    ] {
        let a = b.call("POST", "/api/stenen/place", Some(body));
        assert_eq!(a.status, 400, "{body}: {}", a.body);
        assert!(a.body.contains("\"error\""), "{body}: {}", a.body);
    }
    place(&b, 200, 0, 2, 3, 0);
    let v = place(&b, 200, 0, 0, 4, 0);
    assert_eq!(v["cells"], json!([[4, 0, 0, 3, 1], [4, 0, 3, 3, 1], [4, 0, 3, 1, 1], [4, 0, 0, 0, 0]]));
    let texts: Vec<&str> = v["placements"].as_array().unwrap().iter().map(|p| p["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["(0,3,1,3)", "(0,2,3,0)", "(0,0,4,0)"]);
    let v = b.expect(200, "POST", "/api/stenen/undo", None);
    assert_eq!(v["message"], "Took stone 4 off (it was at (0,0,4,0)).");
    let v = b.expect(200, "POST", "/api/stenen/remove", Some(r#"{"stone": 1}"#));
    let texts: Vec<&str> = v["placements"].as_array().unwrap().iter().map(|p| p["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["(0,2,3,0)"]);
    let e = b.expect(422, "POST", "/api/stenen/remove", Some(r#"{"stone": 1}"#));
    assert!(e["error"].as_str().unwrap().contains("stone 1 is not on the board"), "{e}");
    b.expect(422, "POST", "/api/stenen/remove", Some(r#"{"stone": 7}"#));
    b.expect(400, "POST", "/api/stenen/remove", Some(r#"{"stone": "x"}"#));
    b.expect(200, "POST", "/api/stenen/undo", None);
    let e = b.expect(409, "POST", "/api/stenen/undo", None);
    assert!(e["error"].as_str().unwrap().contains("the board is empty"), "{e}");
    for (body, says) in [
        ("[1]", "JSON object"),
        (r#"{"instance": "../../etc/passwd"}"#, "is not one of stenen1, stenen2, stenen3, stenen4"),
        (r#"{"text": "1\n2 2\nX.\n.X"}"#, "not 4-connected"),
        (r#"{"instance": "stenen1", "height": 21}"#, "board height h must be from 2 to 20, got 21"),
        (r#"{"instance": "stenen1", "width": "wide"}"#, "width: expected a whole number"),
    ] {
        let e = b.expect(400, "POST", "/api/stenen/new", Some(body));
        assert!(e["error"].as_str().unwrap().contains(says), "{body}: {e}");
    }
    b.expect(405, "GET", "/api/stenen/place", None);
    b.expect(404, "POST", "/api/stenen/rotate", Some("{}"));
}

#[test]
fn searches_give_the_one_shot_commands_numbers() {
    let b = Board::start(None);
    b.expect(200, "POST", "/api/stenen/new", Some(r#"{"instance": "stenen1"}"#));
    for body in [
        r#"{"what": "guess", "mode": "fast"}"#,
        r#"{"what": "find", "mode": "clever"}"#,
        r#"{"what": "find", "mode": "fast", "limit_s": 1e9}"#,
        "[]",
    ] {
        b.expect(400, "POST", "/api/stenen/search", Some(body));
    }
    b.expect(409, "POST", "/api/stenen/search/cancel", None);
    place(&b, 200, 2, 0, 5, 0);
    let file = stones("stenen1");
    for mode in ["dumb", "smart", "fast"] {
        b.expect(202, "POST", "/api/stenen/search", Some(&json!({"what": "find", "mode": mode}).to_string()));
        let v = settled(&b);
        let cli = harness_json(&["stenen", "find", "4", "5", &file, "--mode", mode, "--place", "(2,0,5,0)", "--json"]);
        assert_eq!(v["search"]["positions"], cli["positions"], "{mode}");
        assert_eq!(v["solution"], cli["board"], "{mode}: the found tiling is the command's");
        assert_eq!(v["search"]["text"][0], format!("a solution ({mode} search)"));
        assert_eq!(v["cells"][2], json!([5, 5, 0, 0, 0]), "a find leaves the hand-placed board as it was");
        b.expect(202, "POST", "/api/stenen/search", Some(&json!({"what": "count", "mode": mode}).to_string()));
        let v = settled(&b);
        let cli = harness_json(&[
            "stenen",
            "count",
            "4",
            "5",
            &file,
            "--mode",
            mode,
            "--place",
            "(2,0,5,0)",
            "--threads",
            "1",
            "--json",
        ]);
        assert_eq!(v["search"]["positions"], cli["positions"], "{mode}");
        assert_eq!(v["search"]["solutions"], cli["solutions_distinct"], "{mode}");
        assert_eq!(v["solution"], Value::Null, "a count draws no tiling");
    }
    // The seed's figure 4 has no tiling left: the O finds no 2x2 square.
    b.expect(200, "POST", "/api/stenen/new", Some(r#"{"instance": "stenen1"}"#));
    place(&b, 200, 0, 3, 1, 3);
    place(&b, 200, 0, 2, 3, 0);
    let v = place(&b, 200, 0, 0, 4, 0);
    assert_eq!(v["solution"], Value::Null);
    b.expect(202, "POST", "/api/stenen/search", Some(r#"{"what": "find", "mode": "smart"}"#));
    let v = settled(&b);
    assert_eq!(v["search"]["text"][0], "no solution from this board");
    // A found tiling is shown while the board is the one it was found from.
    b.expect(200, "POST", "/api/stenen/new", Some(r#"{"instance": "stenen1"}"#));
    place(&b, 200, 2, 0, 5, 0);
    b.expect(202, "POST", "/api/stenen/search", Some(r#"{"what": "find", "mode": "fast"}"#));
    assert!(settled(&b)["solution"].is_array());
    let v = b.expect(200, "POST", "/api/stenen/undo", None);
    assert_eq!(v["solution"], Value::Null);
    // The cells do not add up: the answer at once, as the terminal program says it.
    b.expect(200, "POST", "/api/stenen/new", Some(r#"{"instance": "stenen1", "height": 4, "width": 6}"#));
    b.expect(202, "POST", "/api/stenen/search", Some(r#"{"what": "count", "mode": "dumb"}"#));
    let v = settled(&b);
    assert_eq!(v["search"]["text"][0], "no solution: 20 cells of stones, 24 empty cells (positions: 0)");
    assert!(v["status"].as_str().unwrap().ends_with("no tiling can exist: 20 cells of stones, 24 empty cells"));
}

#[test]
fn a_long_search_locks_the_board_and_is_cancelled() {
    let b = Board::start(None);
    b.expect(200, "POST", "/api/stenen/new", Some(r#"{"instance": "stenen2", "height": 6, "width": 10}"#));
    b.expect(202, "POST", "/api/stenen/search", Some(r#"{"what": "count", "mode": "dumb", "limit_s": 120}"#));
    let running = b.expect(200, "GET", "/api/stenen/search", None);
    if running["state"] == "running" {
        let e = place(&b, 409, 0, 0, 1, 0);
        assert!(e["error"].as_str().unwrap().contains("search is running"), "{e}");
        b.expect(409, "POST", "/api/stenen/new", Some("{}"));
        b.expect(200, "POST", "/api/stenen/search/cancel", None);
        let v = settled(&b);
        assert_eq!(v["search"]["why"], "cancelled", "{}", v["search"]);
    }
    b.expect(202, "POST", "/api/stenen/search", Some(r#"{"what": "count", "mode": "dumb", "limit_s": 0.05}"#));
    let v = settled(&b);
    assert!(v["search"]["state"] == "stopped" || v["search"]["state"] == "done", "{}", v["search"]);
}

#[test]
fn the_board_named_on_the_command_line_is_the_one_the_page_opens() {
    let file = stones("stenen3");
    let b = Board::start_with(&["stenen", "5", "8", &file, "--time-limit", "30"]);
    let v = b.expect(200, "GET", "/api/stenen", None);
    assert_eq!(
        (v["height"].as_u64(), v["width"].as_u64(), v["instance"].as_str()),
        (Some(5), Some(8), Some(file.as_str()))
    );
    assert_eq!(v["stones"].as_array().unwrap().len(), 10);
    assert_eq!(v["limit_s"], 30.0);
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_harness")).args(args).output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (code, err) = run(&["play", "--web", "--no-open", "stenen", "4", "5", "/nonexistent/stones.in"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("/nonexistent/stones.in"), "{err}");
    let (code, err) = run(&["play", "--web", "--no-open", "stenen", "21", "5", &file]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("board height h must be from 2 to 20, got 21"), "{err}");
    let (code, err) = run(&["play", "--web", "--no-open", "stenen", "4", "5", &file, "--time-limit", "500"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("at most 120 s"), "{err}");
}
