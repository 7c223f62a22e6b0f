//! The web board in a real browser: headless Chromium, driven through the DevTools
//! protocol (the `headless_chrome` crate), plays checkers on the page of `harness play
//! --web` by clicks: a piece selected (`aria-selected`) with its targets marked, a move
//! and the computer's reply, undo, a multi-jump clicked square by square with the piece
//! drawn where it stands, the counts in the status line, a continuation count and its
//! cancel, and a whole game to its end; Nim (a hint, a take by a click on a stick, the
//! computer's reply, undo, a refused take, a game to its end) and the tile game (a move
//! from a bowl, undo, besteScore's advice, greedy moves to the end) and the tiling (two stones
//! placed by clicks, a refused one, undo, the fast search filling the rest). Screenshots go to `$HARNESS_SCREENSHOTS` or the
//! target directory's `tmp/web-screenshots`. (Each DevTools call of the crate takes about
//! 0.1 s, so the test keeps its clicks few: about half a minute in all.)
//!
//! Skipped, with a message, where Chromium is missing (`.ci/run` installs Debian's
//! `chromium` as root).

mod common;
mod web_server;

use std::ffi::OsStr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions, Tab};
use serde_json::Value;
use web_server::Board;

/// Chromium's path, if it is installed (else the test is skipped; where the run provides
/// Chromium, it fails instead).
fn chromium() -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser", "google-chrome"].iter().find_map(|name| {
        let ok = std::process::Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success());
        let path = std::env::var_os("PATH")?;
        ok.then(|| std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file()))?
    });
    common::tool_available("chromium", found.is_some(), "no chromium, chromium-browser or google-chrome on PATH")
        .then_some(found?)
}

fn screenshots() -> PathBuf {
    let dir = std::env::var_os("HARNESS_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-screenshots"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Headless Chromium with a fresh profile and nothing that reaches the network.
fn launch(path: PathBuf, profile: &std::path::Path) -> Browser {
    let args: Vec<&OsStr> = [
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
    ]
    .iter()
    .map(OsStr::new)
    .collect();
    let options = LaunchOptions {
        path: Some(path),
        headless: true,
        sandbox: false,
        window_size: Some((1180, 820)),
        user_data_dir: Some(profile.to_path_buf()),
        idle_browser_timeout: Duration::from_secs(300),
        args,
        ..LaunchOptions::default()
    };
    Browser::new(options).expect("start headless Chromium")
}

/// The value of a JavaScript expression in the page.
fn js(tab: &Tab, expression: &str) -> Value {
    tab.evaluate(expression, false).unwrap().value.unwrap_or(Value::Null)
}

/// Waits (at most a minute) until `expression` is true in the page.
fn until(tab: &Tab, expression: &str) {
    let start = Instant::now();
    while js(tab, expression) != Value::Bool(true) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "waited a minute for: {expression}\nstatus: {}",
            text(tab, "status")
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The text of `[data-role=ROLE]`.
fn text(tab: &Tab, role: &str) -> String {
    js(tab, &format!("(document.querySelector('[data-role=\"{role}\"]') || {{}}).textContent || ''"))
        .as_str()
        .unwrap_or("")
        .to_string()
}

fn renders(tab: &Tab) -> u64 {
    js(tab, "Number(document.body.dataset.renders || 0)").as_u64().unwrap_or(0)
}

/// Clicks the element matched by `selector` and waits until the page has drawn the answer
/// (and the computer's reply, when it thinks about one).
fn click(tab: &Tab, selector: &str) {
    let before = renders(tab);
    tab.wait_for_element(selector).unwrap().click().unwrap();
    until(tab, &format!("Number(document.body.dataset.renders || 0) > {before}"));
    until(tab, "document.body.dataset.thinking !== 'true'");
}

fn square(name: &str) -> String {
    format!("[data-square=\"{name}\"]")
}

/// The piece letter on a square ("" for none).
fn piece(tab: &Tab, name: &str) -> String {
    let expr = format!(
        "(document.querySelector('{} [data-piece]') || {{dataset: {{}}}}).dataset.piece || ''",
        square(name).replace('"', "\\\"")
    );
    js(tab, &expr).as_str().unwrap_or("").to_string()
}

/// The squares whose `attribute` is "true", in page order.
fn marked(tab: &Tab, attribute: &str) -> Vec<String> {
    let expr =
        format!("Array.from(document.querySelectorAll('[{attribute}=\"true\"]')).map(e => e.dataset.square).join(' ')");
    js(tab, &expr).as_str().unwrap_or("").split_whitespace().map(str::to_string).collect()
}

fn open(tab: &Tab, url: &str) {
    tab.navigate_to(url).unwrap().wait_until_navigated().unwrap();
    until(tab, "Number(document.body.dataset.renders || 0) > 0");
    until(tab, "document.body.dataset.thinking !== 'true'");
}

fn shot(tab: &Tab, name: &str) {
    let png = tab.capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true).unwrap();
    std::fs::write(screenshots().join(name), png).unwrap();
}

#[test]
fn a_checkers_game_in_headless_chromium_by_clicks() {
    let Some(path) = chromium() else { return };
    let board = Board::start(Some("checkers"));
    let profile = tempfile::tempdir().unwrap();
    let browser = launch(path, profile.path());
    let tab = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(60));

    // The start page lists the games.
    open_start(&tab, &board);

    // Select, see the targets, move, the computer replies, undo.
    open(&tab, &board.page("game=checkers&m=8&n=8&r=3&computer=random&seed=5"));
    assert_eq!(text(&tab, "status"), "black to move (you) | black 12 (0 kings) | white 12 (0 kings)");
    assert_eq!((piece(&tab, "c3"), piece(&tab, "b6"), piece(&tab, "d4")), ("b".into(), "w".into(), "".into()));
    click(&tab, &square("c3"));
    assert_eq!(marked(&tab, "aria-selected"), ["c3"]);
    let mut targets = marked(&tab, "data-target");
    targets.sort();
    assert_eq!(targets, ["b4", "d4"]);
    shot(&tab, "checkers-selected.png");
    click(&tab, &square("d4"));
    assert_eq!(piece(&tab, "d4"), "b");
    assert!(text(&tab, "moves").starts_with("moves: c3-d4 "), "{}", text(&tab, "moves"));
    assert!(text(&tab, "status").starts_with("black to move (you) | black 12 (0 kings)"), "{}", text(&tab, "status"));
    assert!(marked(&tab, "aria-selected").is_empty());
    click(&tab, "[data-action=\"undo\"]");
    assert_eq!((piece(&tab, "c3"), piece(&tab, "d4")), ("b".into(), "".into()));
    assert_eq!(text(&tab, "moves"), "");
    click(&tab, &square("e5"));
    assert!(text(&tab, "message").contains("own pieces"), "a wrong click explains: {}", text(&tab, "message"));

    // A continuation count of the 8x8 start runs long: it shows progress and is cancelled.
    tab.wait_for_element("[data-action=\"count\"]").unwrap().click().unwrap();
    until(&tab, "document.querySelector('[data-role=\"count\"]').textContent.startsWith('counting…')");
    tab.wait_for_element("[data-action=\"cancel\"]").unwrap().click().unwrap();
    until(&tab, "document.querySelector('[data-role=\"count\"]').textContent.includes('cancelled')");

    // A multi-jump clicked square by square, the piece drawn where it stands.
    open(&tab, &board.page("game=checkers&position=ba1+wb2+wd4+wh8&computer=random&seed=1"));
    assert_eq!(text(&tab, "status"), "black to move (you) | black 1 (0 kings) | white 3 (0 kings)");
    click(&tab, &square("a1"));
    click(&tab, &square("c3"));
    assert_eq!((piece(&tab, "a1"), piece(&tab, "c3")), ("".into(), "b".into()));
    assert_eq!(marked(&tab, "aria-selected"), ["c3"]);
    assert_eq!(marked(&tab, "data-target"), ["e5"]);
    assert_eq!(js(&tab, "!!document.querySelector('[data-square=\"b2\"] [data-taken=\"true\"]')"), Value::Bool(true));
    shot(&tab, "checkers-multi-jump.png");
    click(&tab, &square("e5"));
    assert!(text(&tab, "moves").starts_with("moves: a1xc3xe5 "), "{}", text(&tab, "moves"));
    let white = js(&tab, "document.querySelector('[data-count=\"white-pieces\"]').textContent");
    assert_eq!(white, "1");

    // The count of a small board finishes and is shown.
    open(&tab, &board.page("game=checkers&m=4&n=4&r=1&computer=random&seed=2"));
    tab.wait_for_element("[data-action=\"count\"]").unwrap().click().unwrap();
    until(&tab, "document.querySelector('[data-role=\"count\"]').dataset.state === 'done'");
    assert!(
        text(&tab, "count").contains(": 62 (black wins 6, white wins 4, both kings 52)"),
        "{}",
        text(&tab, "count")
    );

    // A whole game on the smallest board, 3x3 with one row of men, to its end.
    open(&tab, &board.page("game=checkers&m=3&n=3&r=1&computer=random&seed=2"));
    assert_eq!(text(&tab, "status"), "black to move (you) | black 2 (0 kings) | white 2 (0 kings)");
    play_to_the_end(&tab);
    let result = text(&tab, "result");
    assert!(result.starts_with("Game over: ") && (result.contains("wins") || result.contains("draw")), "{result}");
    shot(&tab, "checkers-finished.png");

    // The screenshot for the README: 8x8, a piece selected, targets marked, counts shown.
    open(&tab, &board.page("game=checkers&m=8&n=8&r=3&computer=strategy&seed=4"));
    for sq in ["c3", "d4"] {
        click(&tab, &square(sq));
    }
    let movable = marked(&tab, "data-movable");
    click(&tab, &square(&movable[movable.len() / 2]));
    let selected = marked(&tab, "aria-selected");
    assert_eq!(selected.len(), 1, "{}", text(&tab, "message"));
    shot(&tab, "checkers-web.png");
}

fn open_start(tab: &Tab, board: &Board) {
    tab.navigate_to(&board.page("")).unwrap().wait_until_navigated().unwrap();
    let link = tab.wait_for_element("[data-game-link=\"checkers\"]").unwrap();
    assert_eq!(link.get_inner_text().unwrap(), "Checkers");
}

/// Clicks the first piece that can move, then the first marked square until the move is
/// complete, until the page says the game is over.
fn play_to_the_end(tab: &Tab) {
    for _ in 0..100 {
        if js(tab, "document.querySelector('[data-role=\"result\"]').hidden") == Value::Bool(false) {
            return;
        }
        let movable = marked(tab, "data-movable");
        assert!(!movable.is_empty(), "no piece to move: {}", text(tab, "status"));
        click(tab, &square(&movable[0]));
        while let Some(target) = marked(tab, "data-target").first().cloned() {
            click(tab, &square(&target));
        }
    }
    panic!("the game did not end in 100 moves: {}", text(tab, "status"));
}

/// The text of `[data-role=ROLE]` in `game`'s section.
fn text_in(tab: &Tab, game: &str, role: &str) -> String {
    let expr = format!(
        "(document.querySelector('section[data-game=\"{game}\"] [data-role=\"{role}\"]') || {{}}).textContent || ''"
    );
    js(tab, &expr).as_str().unwrap_or("").to_string()
}

/// Whether `[data-role=result]` of `game`'s section is shown.
fn over(tab: &Tab, game: &str) -> bool {
    js(tab, &format!("!document.querySelector('section[data-game=\"{game}\"] [data-role=\"result\"]').hidden"))
        == Value::Bool(true)
}

#[test]
fn a_nim_game_in_headless_chromium_by_clicks() {
    let Some(path) = chromium() else { return };
    let board = Board::start(Some("nim"));
    let profile = tempfile::tempdir().unwrap();
    let browser = launch(path, profile.path());
    let tab = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(60));
    tab.navigate_to(&board.page("")).unwrap().wait_until_navigated().unwrap();
    tab.wait_for_element("[data-game-link=\"nim\"]").unwrap();
    tab.wait_for_element("[data-game-link=\"tegel\"]").unwrap();

    open(&tab, &board.page("game=nim&heaps=3+4+5&maxtake=0&seed=1"));
    assert_eq!(text_in(&tab, "nim", "status"), "Your move | heaps 3 4 5 | take any number of sticks");
    click(&tab, "section[data-game=\"nim\"] [data-action=\"hint\"]");
    let hint = text_in(&tab, "nim", "hint");
    assert!(hint.contains("Nim value: 2") && hint.contains("Winning moves: take 2 from heap 0"), "{hint}");
    // The last stick of heap 0: take 1.
    click(&tab, "[data-heap=\"0\"] [data-stick=\"2\"]");
    assert!(text_in(&tab, "nim", "transcript").contains("Your move: 0 1\nHeaps: 2 4 5\nTaking "));
    assert!(text_in(&tab, "nim", "reply").starts_with("Computer: Taking "), "{}", text_in(&tab, "nim", "reply"));
    shot(&tab, "nim-web.png");
    click(&tab, "section[data-game=\"nim\"] [data-action=\"undo\"]");
    assert_eq!(text_in(&tab, "nim", "transcript"), "Heaps: 3 4 5");
    // A refused click explains: more than the limit of 2.
    open(&tab, &board.page("game=nim&heaps=5&maxtake=2&seed=1"));
    click(&tab, "[data-heap=\"0\"] [data-stick=\"0\"]");
    assert_eq!(text_in(&tab, "nim", "message"), "Cannot take 5 from heap 0: take from 1 to 2 sticks.");
    // Whole heaps at a time to the end, and the assignment's end message.
    open(&tab, &board.page("game=nim&heaps=1+2+3+4&seed=2"));
    for _ in 0..20 {
        if over(&tab, "nim") {
            break;
        }
        click(&tab, "section[data-game=\"nim\"] [data-stick=\"0\"]");
    }
    let result = text_in(&tab, "nim", "result");
    assert!(
        result == "Game over: Congratulations!" || result == "Game over: You lost: no sticks are left for you.",
        "{result}"
    );
    shot(&tab, "nim-finished.png");
}

#[test]
fn a_tile_game_in_headless_chromium_by_clicks() {
    let Some(path) = chromium() else { return };
    let board = Board::start(Some("tegel"));
    let profile = tempfile::tempdir().unwrap();
    let browser = launch(path, profile.path());
    let tab = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(60));
    open(&tab, &board.page("game=tegel&instance=spel1&sims=200&seed=3"));
    assert!(text_in(&tab, "tegel", "status").starts_with("Player 0 to move"), "{}", text_in(&tab, "tegel", "status"));
    click(&tab, "[data-bowl=\"0\"][data-color=\"b\"]");
    assert_eq!(text_in(&tab, "tegel", "moves"), "moves: (0,b)");
    assert!(text_in(&tab, "tegel", "status").starts_with("Player 1 to move"));
    click(&tab, "section[data-game=\"tegel\"] [data-action=\"undo\"]");
    assert_eq!(text_in(&tab, "tegel", "moves"), "");
    tab.wait_for_element("[data-action=\"advice-best\"]").unwrap().click().unwrap();
    until(
        &tab,
        "document.querySelector('section[data-game=\"tegel\"] [data-role=\"search\"]').dataset.state === 'done'",
    );
    let advice = text_in(&tab, "tegel", "search");
    assert!(advice.starts_with("besteScore:\nscore: ") && advice.contains("\npositions: "), "{advice}");
    click(&tab, "[data-action=\"greedy\"]");
    assert!(text_in(&tab, "tegel", "message").starts_with("The computer (greedy) did "));
    shot(&tab, "tegel-web.png");
    for _ in 0..40 {
        if over(&tab, "tegel") {
            break;
        }
        click(&tab, "[data-action=\"greedy\"]");
    }
    assert!(text_in(&tab, "tegel", "result").starts_with("Game over: score "), "{}", text_in(&tab, "tegel", "result"));
    shot(&tab, "tegel-finished.png");
}

#[test]
fn a_tiling_in_headless_chromium_by_clicks() {
    let Some(path) = chromium() else { return };
    let board = Board::start(Some("stenen"));
    let profile = tempfile::tempdir().unwrap();
    let browser = launch(path, profile.path());
    let tab = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(60));
    open(&tab, &board.page("game=stenen&instance=stenen1&h=4&b=5"));
    let status = text_in(&tab, "stenen", "status");
    assert_eq!(status, "4x5 board, 5 stones: 0 placed, 5 to place | 20 empty cells");
    assert_eq!(js(&tab, "document.querySelectorAll('[data-stone=\"1\"][data-orientation]').length"), 8);
    let cell = |r: usize, c: usize| format!("[data-cell=\"{r},{c}\"]");
    let on = |r: usize, c: usize| {
        let expr = format!("document.querySelector('[data-cell=\"{r},{c}\"]').dataset.stoneOn || ''");
        js(&tab, &expr).as_str().unwrap_or("").to_string()
    };
    // The O, then the I lying down: stone and orientation chosen, the box's top-left cell clicked.
    tab.wait_for_element("[data-stone=\"5\"][data-orientation=\"0\"]").unwrap().click().unwrap();
    until(&tab, "!!document.querySelector('[data-stone=\"5\"][data-orientation=\"0\"][aria-pressed=\"true\"]')");
    click(&tab, &cell(2, 0));
    assert_eq!((on(2, 0), on(3, 1), on(1, 0)), ("5".into(), "5".into(), "".into()));
    tab.wait_for_element("[data-stone=\"4\"][data-orientation=\"1\"]").unwrap().click().unwrap();
    until(&tab, "!!document.querySelector('[data-stone=\"4\"][data-orientation=\"1\"][aria-pressed=\"true\"]')");
    click(&tab, &cell(0, 1));
    assert_eq!(text_in(&tab, "stenen", "moves"), "placed: (2,0,5,0) (0,1,4,1)");
    assert_eq!((on(0, 1), on(0, 4)), ("4".into(), "4".into()));
    // A refused click explains: stone 1 in orientation 0 sticks out at the bottom right.
    tab.wait_for_element("[data-stone=\"1\"][data-orientation=\"0\"]").unwrap().click().unwrap();
    until(&tab, "!!document.querySelector('[data-stone=\"1\"][data-orientation=\"0\"][aria-pressed=\"true\"]')");
    click(&tab, &cell(3, 4));
    assert!(
        text_in(&tab, "stenen", "message").contains("sticks out of the 4x5 board"),
        "{}",
        text_in(&tab, "stenen", "message")
    );
    click(&tab, "section[data-game=\"stenen\"] [data-action=\"undo\"]");
    assert_eq!(text_in(&tab, "stenen", "moves"), "placed: (2,0,5,0)");
    assert_eq!(on(0, 4), "");
    // The fast search fills the rest: every cell covered, the hand-placed O where it was.
    tab.wait_for_element("[data-action=\"find\"][data-mode=\"fast\"]").unwrap().click().unwrap();
    until(
        &tab,
        "document.querySelector('section[data-game=\"stenen\"] [data-role=\"search\"]').dataset.state === 'done'",
    );
    until(&tab, "document.querySelector('[data-role=\"board\"][data-solved=\"true\"]') !== null");
    let search = text_in(&tab, "stenen", "search");
    assert!(search.starts_with("find a tiling (fast search):\na solution (fast search)\npositions: "), "{search}");
    let covered = js(&tab, "document.querySelectorAll('section[data-game=\"stenen\"] [data-stone-on]').length");
    assert_eq!(covered, 20);
    assert_eq!((on(2, 0), on(3, 1)), ("5".into(), "5".into()));
    assert!(
        text_in(&tab, "stenen", "result").starts_with("A tiling: the fast search"),
        "{}",
        text_in(&tab, "stenen", "result")
    );
    shot(&tab, "stenen-web.png");
}

/// The centre of the element matched by `selector`, in the page's coordinates.
fn centre(tab: &Tab, selector: &str) -> headless_chrome::browser::tab::point::Point {
    let expr = format!(
        "(() => {{ const r = document.querySelector('{}').getBoundingClientRect(); return JSON.stringify([r.x + r.width / 2, r.y + r.height / 2]); }})()",
        selector.replace('\'', "\\'")
    );
    let xy: Value = serde_json::from_str(js(tab, &expr).as_str().unwrap()).unwrap();
    headless_chrome::browser::tab::point::Point { x: xy[0].as_f64().unwrap(), y: xy[1].as_f64().unwrap() }
}

/// A mouse event of the DevTools protocol at `at`, the left button held for `Pressed`,
/// `Moved` and `Released`.
fn mouse(tab: &Tab, kind: headless_chrome::protocol::cdp::Input::DispatchMouseEventTypeOption, at: (f64, f64)) {
    use headless_chrome::protocol::cdp::Input;
    tab.call_method(Input::DispatchMouseEvent {
        Type: kind,
        x: at.0,
        y: at.1,
        modifiers: None,
        timestamp: None,
        button: Some(Input::MouseButton::Left),
        buttons: Some(1),
        click_count: Some(1),
        force: None,
        tangential_pressure: None,
        tilt_x: None,
        tilt_y: None,
        twist: None,
        delta_x: None,
        delta_y: None,
        pointer_Type: None,
    })
    .unwrap();
}

/// Drags the piece on square `from` to square `to` with the mouse (pressed, moved in steps,
/// released) and waits until the page has drawn the answer and the computer's reply.
fn drag(tab: &Tab, from: &str, to: &str) {
    use headless_chrome::protocol::cdp::Input::DispatchMouseEventTypeOption as Kind;
    let (a, b) = (centre(tab, &square(from)), centre(tab, &square(to)));
    let before = renders(tab);
    mouse(tab, Kind::MousePressed, (a.x, a.y));
    for i in 1..=5 {
        let t = f64::from(i) / 5.0;
        mouse(tab, Kind::MouseMoved, (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t));
    }
    mouse(tab, Kind::MouseReleased, (b.x, b.y));
    until(tab, &format!("Number(document.body.dataset.renders || 0) > {before}"));
    until(tab, "document.body.dataset.thinking !== 'true'");
}

/// Presses `key` with the focus where it is and waits until the page has drawn the answer.
fn key(tab: &Tab, key: &str) {
    let before = renders(tab);
    tab.press_key(key).unwrap();
    until(tab, &format!("Number(document.body.dataset.renders || 0) > {before}"));
    until(tab, "document.body.dataset.thinking !== 'true'");
}

/// The squares with `data-last="BY"`, sorted.
fn last(tab: &Tab, by: &str) -> Vec<String> {
    let mut squares = marked_as(tab, "data-last", by);
    squares.sort();
    squares
}

fn marked_as(tab: &Tab, attribute: &str, value: &str) -> Vec<String> {
    let expr = format!(
        "Array.from(document.querySelectorAll('[{attribute}=\"{value}\"]')).map(e => e.dataset.square).join(' ')"
    );
    js(tab, &expr).as_str().unwrap_or("").split_whitespace().map(str::to_string).collect()
}

fn disabled(tab: &Tab, selector: &str) -> bool {
    js(tab, &format!("document.querySelector('{}').disabled", selector.replace('\'', "\\'"))) == Value::Bool(true)
}

#[test]
fn checkers_as_players_expect_it_keys_drags_reload_flip_hint_pdn_and_review() {
    let Some(path) = chromium() else {
        eprintln!("skipped: no chromium (.ci/run installs Debian's chromium as root)");
        return;
    };
    let board = Board::start(Some("checkers"));
    let profile = tempfile::tempdir().unwrap();
    let browser = launch(path, profile.path());
    let tab = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(60));
    let undo = "section[data-game=\"checkers\"] [data-action=\"undo\"]";

    // Undo waits for a move; a drag plays one; both last moves are marked, each its own way.
    open(&tab, &board.page("game=checkers&m=8&n=8&r=3&computer=random&seed=5"));
    assert!(disabled(&tab, undo), "nothing to undo before the first move");
    assert_eq!(js(&tab, "document.querySelector('[data-role=\"board\"]').dataset.flipped"), "false");
    drag(&tab, "c3", "d4");
    assert_eq!((piece(&tab, "c3"), piece(&tab, "d4")), ("".into(), "b".into()));
    assert_eq!(last(&tab, "you"), ["c3", "d4"]);
    let reply = last(&tab, "computer");
    assert_eq!(reply.len(), 2, "the computer's reply, two squares: {reply:?}");
    let moves = text(&tab, "moves");
    assert!(moves.starts_with("moves: c3-d4 ") && reply.iter().all(|s| moves.contains(s.as_str())), "{moves}");
    assert!(!disabled(&tab, undo));
    shot(&tab, "checkers-last-moves.png");

    // A reload (F5) goes on with the game the server keeps; the URL no longer starts anew.
    tab.reload(false, None).unwrap().wait_until_navigated().unwrap();
    until(&tab, "Number(document.body.dataset.renders || 0) > 0");
    assert_eq!(text(&tab, "moves"), moves, "the same game after the reload");
    assert_eq!(piece(&tab, "d4"), "b");
    assert_eq!(last(&tab, "you"), ["c3", "d4"]);
    assert!(!js(&tab, "location.search").as_str().unwrap().contains("seed="), "the setup left the URL");

    // Keys: Tab to the board, the arrows walk the cursor, Enter picks the square under it.
    click(&tab, undo);
    assert_eq!(text(&tab, "moves"), "");
    js(&tab, "document.querySelector('[data-role=\"board\"]').focus(), true");
    until(&tab, "!!document.querySelector('[data-cursor=\"true\"]')");
    let at = js(&tab, "document.querySelector('[data-cursor=\"true\"]').dataset.at");
    let (row, col) = at.as_str().unwrap().split_once(',').unwrap();
    let (row, col): (i32, i32) = (row.parse().unwrap(), col.parse().unwrap());
    // To c3 (row 2, column 2), then Enter.
    for _ in 0..(2 - row).abs() {
        key(&tab, if row < 2 { "ArrowUp" } else { "ArrowDown" });
    }
    for _ in 0..(2 - col).abs() {
        key(&tab, if col < 2 { "ArrowRight" } else { "ArrowLeft" });
    }
    assert_eq!(js(&tab, "document.querySelector('[data-cursor=\"true\"]').dataset.square"), "c3");
    key(&tab, "Enter");
    assert_eq!(marked(&tab, "aria-selected"), ["c3"]);
    shot(&tab, "checkers-keys.png");
    key(&tab, "ArrowUp");
    key(&tab, "ArrowLeft");
    assert_eq!(js(&tab, "document.querySelector('[data-cursor=\"true\"]').dataset.square"), "b4");
    key(&tab, "Enter");
    assert_eq!((piece(&tab, "c3"), piece(&tab, "b4")), ("".into(), "b".into()));
    assert_eq!(last(&tab, "you"), ["b4", "c3"]);

    // A typed move in the assignment's notation; a wrong one is explained.
    let typed = "[data-role=\"typed\"] input";
    let next =
        js(&tab, "document.querySelector('[data-movable=\"true\"]').dataset.square").as_str().unwrap().to_string();
    tab.wait_for_element(typed).unwrap().click().unwrap();
    tab.type_str("a1-a2").unwrap();
    key(&tab, "Enter");
    assert!(text(&tab, "message").contains("a2"), "{}", text(&tab, "message"));
    let legal = board.expect(200, "GET", "/api/checkers", None)["legal"].clone();
    let mv = legal
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .find(|m| m.starts_with(&next))
        .unwrap()
        .to_string();
    js(&tab, &format!("document.querySelector('{}').value = '{mv}', true", typed.replace('"', "\\\"")));
    tab.wait_for_element(typed).unwrap().click().unwrap();
    key(&tab, "Enter");
    assert!(text(&tab, "moves").starts_with("moves: c3-b4 "), "{}", text(&tab, "moves"));
    assert!(text(&tab, "moves").contains(&format!(" {mv} ")), "{} after {mv}", text(&tab, "moves"));

    // The moves as PDN: copied out, loaded again into a new game.
    let pdn = js(&tab, "document.querySelector('[data-role=\"pdn\"]').value").as_str().unwrap().to_string();
    assert!(pdn.contains("[Black \"you\"]") && pdn.contains("\n1. c3-b4 "), "{pdn}");
    let played = text(&tab, "moves");
    click(&tab, "section[data-game=\"checkers\"] [data-action=\"new\"]");
    assert_eq!(text(&tab, "moves"), "");
    tab.wait_for_element("details.pdn summary").unwrap().click().unwrap();
    until(&tab, "document.querySelector('details.pdn').open");
    js(
        &tab,
        &format!(
            "document.querySelector('[data-role=\"pdn\"]').value = {}, true",
            serde_json::to_string(&pdn).unwrap()
        ),
    );
    click(&tab, "[data-action=\"load\"]");
    assert_eq!(text(&tab, "moves"), played, "the loaded game: {}", text(&tab, "message"));
    assert!(text(&tab, "message").contains("Loaded 4 moves."), "{}", text(&tab, "message"));

    // A hint: the strategy's move, searched in the background, drawn on the board.
    click(&tab, "section[data-game=\"checkers\"] [data-action=\"hint\"]");
    until(&tab, "document.querySelector('[data-role=\"hint\"]').dataset.state === 'done'");
    let hint = text(&tab, "hint");
    let hinted = marked(&tab, "data-hint");
    let legal = board.expect(200, "GET", "/api/checkers", None)["legal"].clone();
    let named = hint.trim_start_matches("Hint: ").split(' ').next().unwrap().to_string();
    assert!(legal.as_array().unwrap().iter().any(|m| m == &Value::String(named.clone())), "{hint} in {legal}");
    assert!(hinted.len() >= 2 && named.contains(&hinted[0]), "{hinted:?} {hint}");
    shot(&tab, "checkers-hint.png");

    // Playing white: the board turned round (h1 top left... a8 bottom right), the
    // computer's first move marked, nothing to undo yet.
    open(&tab, &board.page("game=checkers&m=8&n=8&r=3&color=white&computer=random&seed=3"));
    assert_eq!(js(&tab, "document.querySelector('[data-role=\"board\"]').dataset.flipped"), "true");
    let first = js(&tab, "document.querySelector('[data-role=\"board\"] > [data-at]').dataset.at");
    assert_eq!(first, "0,7", "row 1 at the top, column h on the left");
    assert_eq!(text(&tab, "ranks").chars().next(), Some('1'));
    assert!(text(&tab, "files").starts_with('h'));
    assert_eq!(last(&tab, "computer").len(), 2);
    assert!(disabled(&tab, undo), "the computer moved, you have not");
    shot(&tab, "checkers-white.png");

    // A finished game stepped through: the start, one ply on, the end.
    open(&tab, &board.page("game=checkers&m=3&n=3&r=1&computer=random&seed=2"));
    play_to_the_end(&tab);
    let end: Vec<String> = ["a1", "c1", "a3", "c3", "b2"].iter().map(|s| piece(&tab, s)).collect();
    click(&tab, "[data-step=\"first\"]");
    assert!(text(&tab, "ply").starts_with("ply 0 of "), "{}", text(&tab, "ply"));
    assert_eq!(
        (piece(&tab, "a1"), piece(&tab, "c1"), piece(&tab, "a3"), piece(&tab, "c3")),
        ("b".into(), "b".into(), "w".into(), "w".into())
    );
    assert!(disabled(&tab, "[data-step=\"back\"]"));
    click(&tab, "[data-step=\"forward\"]");
    assert!(text(&tab, "ply").starts_with("ply 1 of "), "{}", text(&tab, "ply"));
    assert_eq!(last(&tab, "review").len(), 2);
    shot(&tab, "checkers-review.png");
    click(&tab, "[data-step=\"last\"]");
    let again: Vec<String> = ["a1", "c1", "a3", "c3", "b2"].iter().map(|s| piece(&tab, s)).collect();
    assert_eq!(again, end);
    assert!(disabled(&tab, "[data-step=\"forward\"]"));
}

#[test]
fn a_reload_goes_on_with_the_nim_tile_and_tiling_games() {
    let Some(path) = chromium() else {
        eprintln!("skipped: no chromium (.ci/run installs Debian's chromium as root)");
        return;
    };
    let board = Board::start(None);
    let profile = tempfile::tempdir().unwrap();
    let browser = launch(path, profile.path());
    let tab = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(60));
    let reload = |tab: &Tab| {
        tab.reload(false, None).unwrap().wait_until_navigated().unwrap();
        until(tab, "Number(document.body.dataset.renders || 0) > 0");
    };
    open(&tab, &board.page("game=nim&heaps=3+4+5&seed=1"));
    click(&tab, "[data-heap=\"0\"] [data-stick=\"2\"]");
    let transcript = text_in(&tab, "nim", "transcript");
    reload(&tab);
    assert_eq!(text_in(&tab, "nim", "transcript"), transcript);
    assert!(!disabled(&tab, "section[data-game=\"nim\"] [data-action=\"undo\"]"));

    open(&tab, &board.page("game=tegel&instance=spel1&sims=200&seed=3"));
    click(&tab, "[data-bowl=\"0\"][data-color=\"b\"]");
    reload(&tab);
    assert_eq!(text_in(&tab, "tegel", "moves"), "moves: (0,b)");

    open(&tab, &board.page("game=stenen&instance=stenen1&h=4&b=5"));
    tab.wait_for_element("[data-stone=\"5\"][data-orientation=\"0\"]").unwrap().click().unwrap();
    until(&tab, "!!document.querySelector('[data-stone=\"5\"][data-orientation=\"0\"][aria-pressed=\"true\"]')");
    click(&tab, "[data-cell=\"2,0\"]");
    reload(&tab);
    assert_eq!(text_in(&tab, "stenen", "moves"), "placed: (2,0,5,0)");
}
