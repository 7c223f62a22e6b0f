//! `harness play --web`: the tile game's board against the built binary. Moves by hand
//! for either player with the menu's reasons for illegal ones, undo, the computer's
//! greedy, good and best moves, and advice with the numbers `harness tegel best` and
//! `harness tegel good` print; searches run in the background with cancel.

mod common;
mod web_server;

use serde_json::Value;
use web_server::Board;

fn file(name: &str) -> String {
    format!("{}/instances/tegel/{name}.txt", env!("CARGO_MANIFEST_DIR"))
}

/// Polls until the search has ended; the game's view then.
fn settled(b: &Board) -> Value {
    for _ in 0..12_000 {
        let v = b.expect(200, "GET", "/api/tegel", None);
        if v["search"]["state"] != "running" {
            return v;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the search did not end");
}

fn lines(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

#[test]
fn moves_by_hand_undo_and_the_menus_reasons() {
    let b = Board::start(Some("tegel"));
    assert_eq!(b.expect(200, "GET", "/api/tegel", None)["game"], serde_json::Value::Null, "no game yet: an empty game");
    let v = b.expect(200, "POST", "/api/tegel/new", Some(r#"{"instance": "spel1"}"#));
    assert_eq!(v["pot"], "ggbgbbbgggbgbbggg");
    assert_eq!((v["bowls"][0]["g"].as_u64(), v["bowls"][0]["b"].as_u64()), (Some(2), Some(2)));
    assert_eq!(v["to_move"], 0);
    assert_eq!(v["players"][0]["rows"][0], serde_json::json!({"color": "g", "fill": 4}));
    assert_eq!(
        v["distinct_moves"],
        serde_json::json!(["(0,g)", "(0,b)"]),
        "bowl 1 holds what bowl 0 holds: the spec keeps the lowest"
    );
    let e = b.expect(422, "POST", "/api/tegel/take", Some(r#"{"bowl": 3, "color": "g"}"#));
    assert_eq!(e["error"], "(3,g) is not legal here: bowl 3 does not exist (the bowls are 0 to 1)");
    let v = b.expect(200, "POST", "/api/tegel/take", Some(r#"{"bowl": 0, "color": "b"}"#));
    assert_eq!((v["to_move"].as_u64(), v["history"][0].as_str()), (Some(1), Some("(0,b)")));
    assert_eq!(v["message"], "Player 0 took the blue tiles of bowl 0: (0,b).");
    let v = b.expect(200, "POST", "/api/tegel/undo", None);
    assert_eq!((v["to_move"].as_u64(), v["pot"].as_str()), (Some(0), Some("ggbgbbbgggbgbbggg")));
    let e = b.expect(409, "POST", "/api/tegel/undo", None);
    assert!(e["error"].as_str().unwrap().contains("loaded position"), "{e}");
    for (body, status, says) in [
        ("{}", 400, "`bowl`"),
        (r#"{"bowl": "0", "color": "g"}"#, 400, "`bowl`"),
        (r#"{"bowl": 0}"#, 400, "`color`"),
        (r#"{"bowl": 0, "color": "red"}"#, 400, "g (yellow) or b (blue)"),
        (r#"{"bowl": 99, "color": "g"}"#, 400, "`bowl`"),
    ] {
        let e = b.expect(status, "POST", "/api/tegel/take", Some(body));
        assert!(e["error"].as_str().unwrap().contains(says), "{body}: {e}");
    }
    for (body, says) in [
        ("[1]", "JSON object"),
        (r#"{"instance": "../../etc/passwd"}"#, "is not one of spel1, spel2"),
        (r#"{"text": "gx\n1 1\n1 1\n0 0\n0 0\n0"}"#, "found `x` at position 2"),
        (r#"{"sims": 0}"#, "sims: expected"),
        (r#"{"seed": -1}"#, "seed: expected"),
    ] {
        let e = b.expect(400, "POST", "/api/tegel/new", Some(body));
        assert!(e["error"].as_str().unwrap().contains(says), "{body}: {e}");
    }
    let v = b.expect(200, "POST", "/api/tegel/new", Some(r#"{"text": "gb\n1 2\n1 1\n0 0\n0 0\n0"}"#));
    assert_eq!(v["instance"], "your file");
    let v = b.expect(200, "POST", "/api/tegel/take", Some(r#"{"bowl": 0, "color": "g"}"#));
    let v = if v["end"] == true {
        v
    } else {
        b.expect(200, "POST", "/api/tegel/take", Some(r#"{"bowl": 0, "color": "b"}"#))
    };
    assert_eq!(v["end"], true, "{v}");
    assert!(v["status"].as_str().unwrap().starts_with("End position: score"), "{}", v["status"]);
    b.expect(422, "POST", "/api/tegel/take", Some(r#"{"bowl": 0, "color": "g"}"#));
    b.expect(422, "POST", "/api/tegel/computer", Some(r#"{"player": "greedy"}"#));
    b.expect(405, "GET", "/api/tegel/take", None);
    b.expect(404, "POST", "/api/tegel/fly", Some("{}"));
}

#[test]
fn advice_and_computer_moves_give_the_one_shot_commands_numbers() {
    let b = Board::start(None);
    b.expect(200, "POST", "/api/tegel/new", Some(r#"{"instance": "spel1", "sims": 200, "seed": 7}"#));
    b.expect(400, "POST", "/api/tegel/advice", Some(r#"{"search": "deep"}"#));
    b.expect(400, "POST", "/api/tegel/advice", Some(r#"{"search": "best", "limit_s": 1e9}"#));
    b.expect(400, "POST", "/api/tegel/computer", Some(r#"{"player": "genius"}"#));
    b.expect(409, "POST", "/api/tegel/search/cancel", None);
    let c = b.expect(202, "POST", "/api/tegel/advice", Some(r#"{"search": "best", "limit_s": 120}"#));
    assert!(c["state"] == "running" || c["state"] == "done", "{c}");
    let v = settled(&b);
    let cli = common::stdout_lines(&["tegel", "best", &file("spel1"), "--threads", "1"]);
    assert_eq!(lines(&v["search"]["text"])[..3], cli[..3], "score, best move, positions");
    let v = b.expect(202, "POST", "/api/tegel/advice", Some(r#"{"search": "good"}"#));
    assert_eq!(v["what"], "good move (Monte Carlo)");
    let v = settled(&b);
    let cli = common::stdout_lines(&["tegel", "good", &file("spel1"), "--sims", "200", "--seed", "7"]);
    assert_eq!(lines(&v["search"]["text"])[..4], cli[..4], "good move, averages, sims, seed");
    assert!(v["history"].as_array().unwrap().is_empty(), "advice moves nothing");
    let good = v["search"]["move"].as_str().unwrap().to_string();
    b.expect(202, "POST", "/api/tegel/computer", Some(r#"{"player": "good"}"#));
    let v = settled(&b);
    assert_eq!(lines(&v["history"]), [good.as_str()], "{}", v["message"]);
    assert!(v["message"].as_str().unwrap().starts_with(&format!("The computer (good (Monte Carlo)) did {good}")));
    let greedy = common::stdout_lines(&["tegel", "greedy", &file("spel1")]);
    b.expect(200, "POST", "/api/tegel/undo", None);
    let v = b.expect(200, "POST", "/api/tegel/computer", Some(r#"{"player": "greedy"}"#));
    let played = v["history"][0].as_str().unwrap();
    assert!(greedy[0].contains(played), "{greedy:?} vs {played}");
    b.expect(200, "POST", "/api/tegel/undo", None);
    b.expect(202, "POST", "/api/tegel/computer", Some(r#"{"player": "best"}"#));
    let v = settled(&b);
    let best = common::stdout_lines(&["tegel", "best", &file("spel1"), "--threads", "1"]);
    assert_eq!(format!("best move: {}", v["history"][0].as_str().unwrap()), best[1]);
}

#[test]
fn a_long_search_shows_progress_locks_the_board_and_is_cancelled() {
    let b = Board::start(None);
    b.expect(200, "POST", "/api/tegel/new", Some(r#"{"instance": "spel5"}"#));
    b.expect(202, "POST", "/api/tegel/advice", Some(r#"{"search": "best", "limit_s": 120}"#));
    let running = b.expect(200, "GET", "/api/tegel/search", None);
    if running["state"] == "running" {
        let e = b.expect(409, "POST", "/api/tegel/take", Some(r#"{"bowl": 0, "color": "g"}"#));
        assert!(e["error"].as_str().unwrap().contains("search is running"), "{e}");
        b.expect(409, "POST", "/api/tegel/new", Some("{}"));
        b.expect(200, "POST", "/api/tegel/search/cancel", None);
        let v = settled(&b);
        assert_eq!(v["search"]["why"], "cancelled", "{}", v["search"]);
    }
    b.expect(202, "POST", "/api/tegel/advice", Some(r#"{"search": "best", "limit_s": 0.05}"#));
    let v = settled(&b);
    assert!(v["search"]["state"] == "stopped" || v["search"]["state"] == "done", "{}", v["search"]);
}
