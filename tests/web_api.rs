//! `harness play --web`: every request of the checkers API and every refusal, against the
//! built binary over real sockets (Host, Origin and token checks, malformed JSON, illegal
//! moves and absurd boards get a 4xx with a message and the server goes on), the count in
//! the background with cancel, a clean end on SIGTERM, and the command line's refusals.

mod common;
mod web_server;

use common::harness;
use serde_json::Value;
use web_server::Board;

fn names(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// The piece on `square` in a view (`None`: empty).
fn piece(view: &Value, square: &str) -> Option<String> {
    let s = view["squares"].as_array().unwrap().iter().find(|s| s["square"] == square).unwrap();
    s["piece"].as_str().map(str::to_string)
}

#[test]
fn requests_without_the_token_or_from_elsewhere_are_refused() {
    let b = Board::start(Some("checkers"));
    let host = format!("Host: {}", b.host);
    let token = format!("X-Harness-Token: {}", b.token);
    let page_path = format!("/?token={}", b.token);
    assert_eq!(b.raw("GET", "/", &[&host], None).status, 403, "no token");
    assert_eq!(b.raw("GET", "/api/games", &[&host], None).status, 403, "no token");
    assert_eq!(b.raw("GET", "/?token=0123", &[&host], None).status, 403, "wrong token");
    assert_eq!(b.raw("GET", "/api/games", &[&host, "X-Harness-Token: nope"], None).status, 403);
    let page = b.raw("GET", &page_path, &[&host], None);
    assert_eq!(page.status, 200);
    assert!(page.body.contains("data-role=\"status\"") && page.body.contains("data-game=\"checkers\""));
    assert!(!page.body.contains("src=\"http") && !page.body.contains("href=\"http"), "nothing fetched from elsewhere");
    assert!(page.headers.contains("Content-Security-Policy: default-src 'none'"), "{}", page.headers);
    let refused = b.raw("GET", &page_path, &["Host: evil.example:80"], None);
    assert_eq!(refused.status, 421, "DNS rebinding: a foreign Host");
    assert!(refused.body.contains("Host header"), "{}", refused.body);
    assert_eq!(b.raw("GET", &page_path, &[], None).status, 421, "no Host");
    let evil = b.raw("POST", "/api/checkers/new", &[&host, &token, "Origin: http://evil.example"], Some("{}"));
    assert_eq!(evil.status, 403, "a page elsewhere posting to localhost: {}", evil.body);
    let own = format!("Origin: http://{}", b.host);
    assert_eq!(b.raw("POST", "/api/checkers/new", &[&host, &token, &own], Some("{}")).status, 200);
    assert_eq!(b.raw("DELETE", "/api/games", &[&host, &token], None).status, 405);
    assert_eq!(b.expect(404, "GET", "/nothing", None)["error"], "no such page: /nothing");
    b.expect(404, "GET", "/api/chess", None);
    b.expect(404, "POST", "/api/checkers/fly", Some("{}"));
    b.expect(405, "GET", "/api/checkers/undo", None);
    let games = b.expect(200, "GET", "/api/games", None);
    assert_eq!(games["games"][0]["name"], "checkers");
    let big = format!("{{\"square\": \"{}\"}}", "a".repeat(70_000));
    b.expect(413, "POST", "/api/checkers/click", Some(&big));
    let (status, err) = b.stop();
    assert!(status.success(), "SIGTERM ends it cleanly: {status:?} {err}");
    assert!(err.contains("stopped (SIGTERM)"), "{err}");
}

#[test]
fn a_browser_with_a_wrong_token_gets_a_page_that_says_what_to_do() {
    let b = Board::start(None);
    let host = format!("Host: {}", b.host);
    let browser = "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    for target in ["/", "/?token=0123&game=checkers", "/?token=%3Cb%3Ebold%3C%2Fb%3E", "/api/games"] {
        let page = b.raw("GET", target, &[&host, browser], None);
        assert_eq!(page.status, 403, "{target}: {}", page.body);
        assert!(page.headers.contains("content-type: text/html") || page.headers.contains("Content-Type: text/html"));
        assert!(page.headers.to_lowercase().contains("connection: close"), "{}", page.headers);
        assert!(page.body.contains("<h1>This board needs the link it printed</h1>"), "{}", page.body);
        assert!(page.body.contains("<code>harness play --web</code>") && page.body.contains("Ctrl-C"));
        assert!(!page.body.contains("0123") && !page.body.contains("bold"), "nothing of the request is echoed");
    }
    let json = b.raw("GET", "/?token=0123", &[&host, "Accept: */*"], None);
    assert_eq!(json.status, 403);
    let refusal: Value = serde_json::from_str(&json.body).unwrap();
    assert_eq!(
        refusal["error"],
        "refused: the token is missing or wrong; open the URL that `harness play --web` printed"
    );
    let page = b.raw("GET", &format!("/?token={}", b.token), &[&host, browser], None);
    assert_eq!(page.status, 200, "the right token still opens the board");
}

#[test]
fn bad_games_and_bad_json_get_a_4xx_with_a_message() {
    let b = Board::start(None);
    let empty = b.expect(200, "GET", "/api/checkers", None);
    assert_eq!(empty["game"], Value::Null, "no game yet: an empty game, not an error");
    assert!(empty["message"].as_str().unwrap().contains("No game yet"), "{empty}");
    b.expect(409, "POST", "/api/checkers/click", Some(r#"{"square": "a1"}"#));
    for (body, says) in [
        ("{bad", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        (r#"{"rows": 1000}"#, "from 3 to 16, got 1000 x 8"),
        (r#"{"rows": 99999999999999999999}"#, "rows: expected a whole number"),
        (r#"{"rows": -3}"#, "rows: expected a whole number"),
        (r#"{"rows": "abc"}"#, "rows: expected a whole number"),
        (r#"{"rows": 8, "men_rows": 5}"#, "rows of men r must be from 1 to m/2 = 4"),
        (r#"{"computer": "genius"}"#, "not a player"),
        (r#"{"computer": "strategy:9"}"#, "at most 8 plies"),
        (r#"{"color": "green"}"#, "not a colour"),
        (r#"{"seed": 1.5}"#, "seed: expected"),
        (r#"{"position": "bz9"}"#, "position: `z9` is off the board"),
        (r#"{"position": "q1"}"#, "piece letter"),
    ] {
        let e = b.expect(400, "POST", "/api/checkers/new", Some(body));
        assert!(e["error"].as_str().unwrap().contains(says), "{body}: {e}");
    }
    let v = b.expect(
        200,
        "POST",
        "/api/checkers/new",
        Some(r#"{"rows": "16", "cols": 16, "men_rows": 8, "computer": "random", "seed": "4"}"#),
    );
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64(), v["seed"].as_u64()), (Some(16), Some(16), Some(4)));
    assert_eq!(v["counts"]["black"]["pieces"], 64);
    for (body, status) in [
        ("{bad", 400),
        ("{}", 400),
        (r#"{"square": 3}"#, 400),
        (r#"{"square": "z99"}"#, 422),
        (r#"{"square": "b1"}"#, 422),
    ] {
        b.expect(status, "POST", "/api/checkers/click", Some(body));
    }
    b.expect(400, "POST", "/api/checkers/move", Some(r#"{"mv": "a1-b2"}"#));
    b.expect(200, "GET", "/api/checkers", None);
}

#[test]
fn a_game_by_clicks_undo_and_typed_moves() {
    let b = Board::start(Some("checkers"));
    let v = b.expect(
        200,
        "POST",
        "/api/checkers/new",
        Some(r#"{"rows": 6, "cols": 6, "men_rows": 2, "computer": "random", "seed": 3}"#),
    );
    assert_eq!(v["status"], "black to move (you) | black 6 (0 kings) | white 6 (0 kings)");
    assert_eq!(names(&v["movable"]), ["b2", "d2", "f2"]);
    assert_eq!(piece(&v, "a1").as_deref(), Some("b"));
    assert_eq!(piece(&v, "b6").as_deref(), Some("w"));
    let e = b.expect(422, "POST", "/api/checkers/click", Some(r#"{"square": "a1"}"#));
    assert_eq!(e["error"], "a1 has no legal move.");
    let v = b.expect(200, "POST", "/api/checkers/click", Some(r#"{"square": "b2"}"#));
    assert_eq!(
        (names(&v["selected"]), names(&v["targets"])),
        (vec!["b2".to_string()], vec!["a3".to_string(), "c3".to_string()])
    );
    let v = b.expect(200, "POST", "/api/checkers/drop", None);
    assert!(names(&v["selected"]).is_empty());
    b.expect(200, "POST", "/api/checkers/click", Some(r#"{"square": "b2"}"#));
    let v = b.settled(b.expect(200, "POST", "/api/checkers/click", Some(r#"{"square": "c3"}"#)));
    assert_eq!(v["plies"], 2, "the move and the computer's reply");
    assert_eq!(names(&v["moves"])[0], "b2-c3");
    assert!(v["message"].as_str().unwrap().starts_with("You played b2-c3. Computer played"), "{}", v["message"]);
    let v = b.expect(200, "POST", "/api/checkers/undo", None);
    assert_eq!((v["plies"].as_u64(), piece(&v, "b2").as_deref()), (Some(0), Some("b")));
    b.expect(409, "POST", "/api/checkers/undo", None);
    let e = b.expect(422, "POST", "/api/checkers/move", Some(r#"{"move": "b2-d4"}"#));
    assert!(
        e["error"].as_str().unwrap().contains("not a legal move") || e["error"].as_str().unwrap().contains("not legal"),
        "{e}"
    );
    let v = b.settled(b.expect(200, "POST", "/api/checkers/move", Some(r#"{"move": "d2-e3"}"#)));
    assert_eq!(v["plies"], 2);
    let legal = names(&v["legal"]);
    assert!(!legal.is_empty() && legal.windows(2).all(|w| w[0] <= w[1]), "sorted legal moves: {legal:?}");
}

#[test]
fn a_multi_jump_square_by_square_shows_the_piece_where_it_stands_and_a_game_ends() {
    let b = Board::start(Some("checkers"));
    let body = r#"{"position": "ba1 wb2 wd4 wh8", "side": "black", "computer": "random", "seed": 1}"#;
    b.expect(200, "POST", "/api/checkers/new", Some(body));
    b.expect(200, "POST", "/api/checkers/click", Some(r#"{"square": "a1"}"#));
    let v = b.expect(200, "POST", "/api/checkers/click", Some(r#"{"square": "c3"}"#));
    assert_eq!(names(&v["selected"]), ["a1", "c3"]);
    assert_eq!(names(&v["targets"]), ["e5"]);
    assert_eq!((piece(&v, "a1"), piece(&v, "c3").as_deref()), (None, Some("b")), "the piece stands on c3");
    let b2 = v["squares"].as_array().unwrap().iter().find(|s| s["square"] == "b2").unwrap();
    assert_eq!(b2["taken"], true);
    assert_eq!(v["plies"], 0, "nothing played yet");
    let e = b.expect(422, "POST", "/api/checkers/click", Some(r#"{"square": "a5"}"#));
    assert!(e["error"].as_str().unwrap().contains("not a legal destination"), "{e}");
    let v = b.settled(b.expect(200, "POST", "/api/checkers/click", Some(r#"{"square": "e5"}"#)));
    assert_eq!(names(&v["moves"])[0], "a1xc3xe5");
    assert_eq!(v["counts"]["white"]["pieces"], 1);
    let body = r#"{"rows": 3, "cols": 3, "men_rows": 1, "position": "ba1 wb2", "computer": "random"}"#;
    b.expect(200, "POST", "/api/checkers/new", Some(body));
    b.expect(200, "POST", "/api/checkers/click", Some(r#"{"square": "a1"}"#));
    let v = b.expect(200, "POST", "/api/checkers/click", Some(r#"{"square": "c3"}"#));
    assert_eq!(v["outcome"], "black wins");
    assert!(
        v["status"].as_str().unwrap().starts_with("black wins, you win (white has no pieces left)"),
        "{}",
        v["status"]
    );
    assert_eq!(v["counts"]["black"]["kings"], 1);
    let e = b.expect(422, "POST", "/api/checkers/click", Some(r#"{"square": "c3"}"#));
    assert!(e["error"].as_str().unwrap().contains("game is over"), "{e}");
    b.expect(422, "POST", "/api/checkers/move", Some(r#"{"move": "c3-b2"}"#));
}

/// Polls the count until it is no longer running.
fn wait_count(b: &Board) -> Value {
    for _ in 0..12_000 {
        let c = b.expect(200, "GET", "/api/checkers/count", None);
        if c["state"] != "running" {
            return c;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the count did not end");
}

#[test]
fn a_count_runs_in_the_background_with_progress_and_cancel() {
    let b = Board::start(Some("checkers"));
    b.expect(200, "POST", "/api/checkers/new", Some(r#"{"rows": 4, "cols": 4, "men_rows": 1}"#));
    assert_eq!(b.expect(200, "GET", "/api/checkers/count", None)["state"], "idle");
    b.expect(409, "POST", "/api/checkers/count/cancel", None);
    b.expect(400, "POST", "/api/checkers/count", Some(r#"{"limit_s": 1e9}"#));
    b.expect(400, "POST", "/api/checkers/count", Some(r#"{"limit_s": "ten"}"#));
    let c = b.expect(202, "POST", "/api/checkers/count", Some(r#"{"limit_s": 120}"#));
    assert!(c["state"] == "running" || c["state"] == "done", "{c}");
    let c = wait_count(&b);
    assert_eq!(c["state"], "done", "{c}");
    assert_eq!(c["games"]["total"], "62");
    assert_eq!((c["games"]["black_wins"].as_str(), c["games"]["both_kings"].as_str()), (Some("6"), Some("52")));
    assert!(c["text"].as_str().unwrap().contains(": 62 (black wins 6, white wins 4, both kings 52)"));
    assert_eq!(b.expect(200, "GET", "/api/checkers", None)["count"]["state"], "done");
    b.expect(200, "POST", "/api/checkers/new", Some(r#"{"computer": "random"}"#));
    assert_eq!(b.expect(200, "GET", "/api/checkers/count", None)["state"], "idle", "a new game forgets the count");
    b.expect(202, "POST", "/api/checkers/count", Some(r#"{"limit_s": 120}"#));
    b.expect(409, "POST", "/api/checkers/count", None);
    let c = b.expect(200, "POST", "/api/checkers/count/cancel", None);
    assert!(c["state"] == "running" || c["state"] == "stopped", "{c}");
    let c = wait_count(&b);
    assert_eq!((c["state"].as_str(), c["why"].as_str()), (Some("stopped"), Some("cancelled")), "{c}");
    b.expect(202, "POST", "/api/checkers/count", Some(r#"{"limit_s": 0.05}"#));
    let c = wait_count(&b);
    assert!(c["why"].as_str().unwrap().contains("time limit") || c["why"].as_str().unwrap().contains("0.05"), "{c}");
}

#[cfg(target_os = "linux")]
#[test]
fn idle_it_uses_next_to_no_cpu() {
    let b = Board::start(Some("checkers"));
    b.expect(200, "POST", "/api/checkers/new", Some("{}"));
    let ticks = || {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", b.child.id())).unwrap();
        let fields: Vec<u64> =
            stat.rsplit(')').next().unwrap().split_whitespace().skip(11).take(2).map(|f| f.parse().unwrap()).collect();
        fields[0] + fields[1]
    };
    let before = ticks();
    std::thread::sleep(std::time::Duration::from_secs(2));
    let used = ticks() - before;
    assert!(used <= 20, "idle for 2 s, it used {used} clock ticks of CPU");
}

#[test]
fn the_command_line_refuses_what_it_cannot_do() {
    let out = harness(&["play"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("harness play needs a game"), "{out:?}");
    let out = harness(&["play", "tegel"]);
    assert_eq!(out.status.code(), Some(2), "without --web the tile game still needs its file: {out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("required argument was not provided: file"), "{out:?}");
    let out = harness(&["play", "--web", "checkers", "--board", "8x8 r3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("name only the game"), "{out:?}");
    let out = harness(&["play", "checkers", "--port", "8000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("go with --web"), "{out:?}");
    let out = harness(&["play", "--help"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("--web"));
}

#[test]
fn playing_white_the_computer_moves_first_in_the_background() {
    let b = Board::start(Some("checkers"));
    let body = r#"{"rows": 6, "cols": 6, "men_rows": 2, "color": "white", "computer": "random", "seed": 9}"#;
    let v = b.settled(b.expect(200, "POST", "/api/checkers/new", Some(body)));
    assert_eq!((v["plies"].as_u64(), v["your_turn"].as_bool()), (Some(1), Some(true)), "{v}");
    assert!(v["thinking"].is_null());
    assert!(v["message"].as_str().unwrap().contains("Computer played"), "{}", v["message"]);
    b.expect(409, "POST", "/api/checkers/undo", None);
    let mv = v["legal"][0].as_str().unwrap().to_string();
    let v = b.settled(b.expect(200, "POST", "/api/checkers/move", Some(&format!(r#"{{"move": "{mv}"}}"#))));
    assert!(v["plies"].as_u64().unwrap() >= 2, "{v}");
    let v = b.expect(200, "POST", "/api/checkers/undo", None);
    assert_eq!(v["plies"], 1, "back to the computer's first move: {v}");
    assert!(v["thinking"].is_null());
}

#[test]
fn the_page_parts_are_served_with_the_token_only() {
    let b = Board::start(Some("checkers"));
    let host = format!("Host: {}", b.host);
    let page = b.raw("GET", &format!("/?token={}", b.token), &[&host], None);
    for part in ["/static/page.css", "/static/common.js", "/static/board/checkers.js", "/static/board/stenen.js"] {
        assert!(page.body.contains(&format!("\"{part}?token={}\"", b.token)), "{part} named with the token");
        assert_eq!(b.raw("GET", part, &[&host], None).status, 403, "{part} without the token");
        let with = b.raw("GET", &format!("{part}?token={}", b.token), &[&host], None);
        assert_eq!(with.status, 200, "{part}: {}", with.body);
        let kind = if part.ends_with(".css") { "text/css" } else { "text/javascript" };
        assert!(with.headers.contains(&format!("Content-Type: {kind}")), "{part}: {}", with.headers);
    }
    assert!(page.headers.contains("script-src 'self'; style-src 'self'"), "no inline script: {}", page.headers);
    assert!(!page.body.contains("<style") && !page.body.contains("<script>"), "no inline script or style");
    b.expect(404, "GET", "/static/board/chess.js", None);
    b.expect(405, "POST", "/static/common.js", Some("{}"));
}

#[test]
fn undo_and_the_last_moves_of_both_sides_follow_the_game() {
    let b = Board::start(Some("checkers"));
    let body = r#"{"rows": 6, "cols": 6, "men_rows": 2, "color": "white", "computer": "random", "seed": 9}"#;
    let v = b.settled(b.expect(200, "POST", "/api/checkers/new", Some(body)));
    assert_eq!((v["can_undo"].as_bool(), v["last_moves"].as_array().unwrap().len()), (Some(false), 1), "{v}");
    assert_eq!(v["last_moves"][0]["by"], "computer");
    assert_eq!(names(&v["last_moves"][0]["squares"]).join("-"), names(&v["moves"])[0]);
    let mv = v["legal"][0].as_str().unwrap().to_string();
    let v = b.settled(b.expect(200, "POST", "/api/checkers/move", Some(&format!(r#"{{"move": "{mv}"}}"#))));
    assert_eq!(v["can_undo"], true);
    let by: Vec<&str> = v["last_moves"].as_array().unwrap().iter().map(|m| m["by"].as_str().unwrap()).collect();
    assert_eq!(by, ["computer", "you"], "the latest first: {v}");
    assert_eq!(names(&v["last_moves"][1]["squares"]).join("-"), mv);
}

#[test]
fn a_hint_is_searched_in_the_background_and_is_a_legal_move() {
    let b = Board::start(Some("checkers"));
    b.expect(409, "POST", "/api/checkers/hint/cancel", None);
    let body = r#"{"rows": 8, "cols": 8, "men_rows": 3, "computer": "strategy:4", "seed": 1}"#;
    let v = b.expect(200, "POST", "/api/checkers/new", Some(body));
    assert!(v["hint"].is_null());
    let mut v = b.expect(202, "POST", "/api/checkers/hint", None);
    let start = std::time::Instant::now();
    while v["hint"]["state"] == "running" {
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "{v}");
        std::thread::sleep(std::time::Duration::from_millis(20));
        v = b.expect(200, "GET", "/api/checkers", None);
    }
    assert_eq!(v["hint"]["state"], "done", "{v}");
    let mv = v["hint"]["move"].as_str().unwrap().to_string();
    assert!(names(&v["legal"]).contains(&mv), "{mv} is legal");
    assert_eq!(names(&v["hint"]["squares"]).join("-"), mv);
    let v = b.settled(b.expect(200, "POST", "/api/checkers/move", Some(&format!(r#"{{"move": "{mv}"}}"#))));
    assert!(v["hint"].is_null(), "a hint is for its position only: {v}");
}

#[test]
fn a_game_as_pdn_loads_again_and_can_be_stepped_through() {
    let b = Board::start(Some("checkers"));
    let body = r#"{"rows": 6, "cols": 6, "men_rows": 2, "computer": "random", "seed": 4}"#;
    b.expect(200, "POST", "/api/checkers/new", Some(body));
    let mut v = Value::Null;
    for _ in 0..3 {
        let view = b.expect(200, "GET", "/api/checkers", None);
        let mv = view["legal"][0].as_str().unwrap().to_string();
        v = b.settled(b.expect(200, "POST", "/api/checkers/move", Some(&format!(r#"{{"move": "{mv}"}}"#))));
    }
    let pdn = v["pdn"].as_str().unwrap().to_string();
    assert!(
        pdn.starts_with("[Black \"you\"]\n[White \"computer (random)\"]\n[Board \"6x6, 2 rows of men\"]\n"),
        "{pdn}"
    );
    assert!(pdn.contains("\n\n1. ") && pdn.ends_with(" *\n"), "{pdn}");
    let load = serde_json::json!({"rows": 6, "cols": 6, "men_rows": 2, "computer": "random", "moves": pdn});
    let again = b.expect(200, "POST", "/api/checkers/new", Some(&load.to_string()));
    assert_eq!(again["moves"], v["moves"]);
    assert_eq!(again["squares"], v["squares"]);
    assert!(again["message"].as_str().unwrap().ends_with("Loaded 6 moves."), "{}", again["message"]);
    let bad = serde_json::json!({"moves": "1. c3-d4 f6-e5 2. c3-d4"});
    let e = b.expect(400, "POST", "/api/checkers/new", Some(&bad.to_string()));
    assert!(e["error"].as_str().unwrap().starts_with("move 3 (c3-d4): "), "{e}");
    // A 30 KB bad move is quoted short (40 characters at most), not echoed whole.
    let long = serde_json::json!({"moves": format!("1. c3-d4 f6-e5 2. b2-{}", "9".repeat(30_000))});
    let e = b.expect(400, "POST", "/api/checkers/new", Some(&long.to_string()));
    let error = e["error"].as_str().unwrap();
    assert!(error.starts_with("move 3 (b2-999") && error.len() < 300, "{} bytes: {}", error.len(), &error[..200]);
    // Stepping through: the start, and the position after each ply with its move.
    let start = b.expect(200, "POST", "/api/checkers/review", Some(r#"{"ply": 0}"#));
    assert_eq!((start["ply"].as_u64(), start["plies"].as_u64(), start["move"].is_null()), (Some(0), Some(6), true));
    assert_eq!(start["squares"].as_array().unwrap().iter().filter(|s| !s["piece"].is_null()).count(), 12);
    let first = b.expect(200, "POST", "/api/checkers/review", Some(r#"{"ply": 1}"#));
    assert_eq!(first["move"], v["moves"][0]);
    assert_eq!(names(&first["last_move"]).join("-"), v["moves"][0].as_str().unwrap());
    let end = b.expect(200, "POST", "/api/checkers/review", Some(r#"{"ply": 6}"#));
    assert_eq!(end["squares"], v["squares"]);
    let e = b.expect(400, "POST", "/api/checkers/review", Some(r#"{"ply": 7}"#));
    assert_eq!(e["error"], "ply: the game has 6 plies; got 7");
    b.expect(400, "POST", "/api/checkers/review", Some(r#"{"ply": -1}"#));
}

/// The stop line names the signal that ended the server: SIGHUP and SIGINT as such, not
/// as SIGTERM or SIGINT by default.
#[test]
fn the_stop_line_names_the_signal() {
    for (signal, name) in [(libc::SIGHUP, "SIGHUP"), (libc::SIGINT, "SIGINT")] {
        let b = Board::start(None);
        let (status, err) = b.stop_with(signal);
        assert!(status.success(), "{name}: {status:?} {err}");
        assert!(err.contains(&format!("web board stopped ({name})")), "{name}: {err}");
    }
}
