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

use common::chromium;
use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions, Tab};
use serde_json::Value;
use web_server::Board;

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

/// A board server with headless Chromium on it: the tab to drive (60 s for each wait).
/// Fields drop in order: the tab, the browser, its profile, then the server.
struct InBrowser {
    tab: std::sync::Arc<Tab>,
    _browser: Browser,
    _profile: tempfile::TempDir,
    board: Board,
}

impl InBrowser {
    /// The boards of `game` (every board with `None`) served and a fresh Chromium
    /// started; `None` (the test skips) where Chromium is missing.
    fn start(game: Option<&str>) -> Option<InBrowser> {
        let path = chromium()?;
        let board = Board::start(game);
        let profile = tempfile::tempdir().unwrap();
        let browser = launch(path, profile.path());
        let tab = browser.new_tab().unwrap();
        tab.set_default_timeout(Duration::from_secs(60));
        Some(InBrowser { tab, _browser: browser, _profile: profile, board })
    }
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
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let (board, tab) = (&session.board, &session.tab);

    // The start page lists the games.
    open_start(tab, board);

    // Select, see the targets, move, the computer replies, undo.
    open(tab, &board.page("game=checkers&m=8&n=8&r=3&computer=random&seed=5"));
    assert_eq!(text(tab, "status"), "black to move (you) | black 12 (0 kings) | white 12 (0 kings)");
    assert_eq!((piece(tab, "c3"), piece(tab, "b6"), piece(tab, "d4")), ("b".into(), "w".into(), "".into()));
    click(tab, &square("c3"));
    assert_eq!(marked(tab, "aria-selected"), ["c3"]);
    let mut targets = marked(tab, "data-target");
    targets.sort();
    assert_eq!(targets, ["b4", "d4"]);
    shot(tab, "checkers-selected.png");
    click(tab, &square("d4"));
    assert_eq!(piece(tab, "d4"), "b");
    assert!(text(tab, "moves").starts_with("1. c3-d4 "), "{}", text(tab, "moves"));
    assert!(text(tab, "status").starts_with("black to move (you) | black 12 (0 kings)"), "{}", text(tab, "status"));
    assert!(marked(tab, "aria-selected").is_empty());
    click(tab, "[data-action=\"undo\"]");
    assert_eq!((piece(tab, "c3"), piece(tab, "d4")), ("b".into(), "".into()));
    assert_eq!(text(tab, "moves"), "");
    click(tab, &square("e5"));
    assert!(text(tab, "message").contains("own pieces"), "a wrong click explains: {}", text(tab, "message"));

    // A continuation count of the 8x8 start runs long: it shows progress and is cancelled.
    tab.wait_for_element("[data-action=\"count\"]").unwrap().click().unwrap();
    until(tab, "document.querySelector('[data-role=\"count\"]').textContent.startsWith('counting…')");
    tab.wait_for_element("[data-action=\"cancel\"]").unwrap().click().unwrap();
    until(tab, "document.querySelector('[data-role=\"count\"]').textContent.includes('cancelled')");

    // A multi-jump clicked square by square, the piece drawn where it stands.
    open(tab, &board.page("game=checkers&position=ba1+wb2+wd4+wh8&computer=random&seed=1"));
    assert_eq!(text(tab, "status"), "black to move (you) | black 1 (0 kings) | white 3 (0 kings)");
    click(tab, &square("a1"));
    click(tab, &square("c3"));
    assert_eq!((piece(tab, "a1"), piece(tab, "c3")), ("".into(), "b".into()));
    assert_eq!(marked(tab, "aria-selected"), ["c3"]);
    assert_eq!(marked(tab, "data-target"), ["e5"]);
    assert_eq!(js(tab, "!!document.querySelector('[data-square=\"b2\"] [data-taken=\"true\"]')"), Value::Bool(true));
    shot(tab, "checkers-multi-jump.png");
    click(tab, &square("e5"));
    assert!(text(tab, "moves").starts_with("1. a1xc3xe5 "), "{}", text(tab, "moves"));
    let white = js(tab, "document.querySelector('[data-count=\"white-pieces\"]').textContent");
    assert_eq!(white, "1");

    // The count of a small board finishes and is shown.
    open(tab, &board.page("game=checkers&m=4&n=4&r=1&computer=random&seed=2"));
    tab.wait_for_element("[data-action=\"count\"]").unwrap().click().unwrap();
    until(tab, "document.querySelector('[data-role=\"count\"]').dataset.state === 'done'");
    assert!(text(tab, "count").contains(": 62 (black wins 6, white wins 4, both kings 52)"), "{}", text(tab, "count"));

    // A whole game on the smallest board, 3x3 with one row of men, to its end.
    open(tab, &board.page("game=checkers&m=3&n=3&r=1&computer=random&seed=2"));
    assert_eq!(text(tab, "status"), "black to move (you) | black 2 (0 kings) | white 2 (0 kings)");
    play_to_the_end(tab);
    let result = text(tab, "result");
    assert!(result.starts_with("Game over: ") && (result.contains("wins") || result.contains("draw")), "{result}");
    shot(tab, "checkers-finished.png");

    // The screenshot for the README: 8x8, a piece selected, targets marked, counts shown.
    open(tab, &board.page("game=checkers&m=8&n=8&r=3&computer=strategy&seed=4"));
    for sq in ["c3", "d4"] {
        click(tab, &square(sq));
    }
    let movable = marked(tab, "data-movable");
    click(tab, &square(&movable[movable.len() / 2]));
    let selected = marked(tab, "aria-selected");
    assert_eq!(selected.len(), 1, "{}", text(tab, "message"));
    shot(tab, "checkers-web.png");
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
    let Some(session) = InBrowser::start(Some("nim")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    tab.navigate_to(&board.page("")).unwrap().wait_until_navigated().unwrap();
    tab.wait_for_element("[data-game-link=\"nim\"]").unwrap();
    tab.wait_for_element("[data-game-link=\"tegel\"]").unwrap();

    open(tab, &board.page("game=nim&heaps=3+4+5&maxtake=0&seed=1"));
    assert_eq!(text_in(tab, "nim", "status"), "Your move | heaps 3 4 5 | take any number of sticks");
    click(tab, "section[data-game=\"nim\"] [data-action=\"hint\"]");
    let hint = text_in(tab, "nim", "hint");
    assert!(hint.contains("Nim value: 2") && hint.contains("Winning moves: take 2 from heap 0"), "{hint}");
    // The last stick of heap 0: take 1.
    click(tab, "[data-heap=\"0\"] [data-stick=\"2\"]");
    assert!(text_in(tab, "nim", "transcript").contains("Your move: 0 1\nHeaps: 2 4 5\nTaking "));
    assert!(text_in(tab, "nim", "reply").starts_with("Computer: Taking "), "{}", text_in(tab, "nim", "reply"));
    shot(tab, "nim-web.png");
    click(tab, "section[data-game=\"nim\"] [data-action=\"undo\"]");
    assert_eq!(text_in(tab, "nim", "transcript"), "Heaps: 3 4 5");
    // A refused click explains: more than the limit of 2.
    open(tab, &board.page("game=nim&heaps=5&maxtake=2&seed=1"));
    click(tab, "[data-heap=\"0\"] [data-stick=\"0\"]");
    assert_eq!(text_in(tab, "nim", "message"), "Cannot take 5 from heap 0: take from 1 to 2 sticks.");
    // Whole heaps at a time to the end, and the assignment's end message.
    open(tab, &board.page("game=nim&heaps=1+2+3+4&seed=2"));
    for _ in 0..20 {
        if over(tab, "nim") {
            break;
        }
        click(tab, "section[data-game=\"nim\"] [data-stick=\"0\"]");
    }
    let result = text_in(tab, "nim", "result");
    assert!(
        result == "Game over: Congratulations!" || result == "Game over: You lost: no sticks are left for you.",
        "{result}"
    );
    shot(tab, "nim-finished.png");
}

#[test]
fn a_tile_game_in_headless_chromium_by_clicks() {
    let Some(session) = InBrowser::start(Some("tegel")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page("game=tegel&instance=spel1&sims=200&seed=3"));
    assert!(text_in(tab, "tegel", "status").starts_with("Player 0 to move"), "{}", text_in(tab, "tegel", "status"));
    click(tab, "[data-bowl=\"0\"][data-color=\"b\"]");
    assert_eq!(text_in(tab, "tegel", "moves"), "moves: player 0: bowl 0, blue");
    assert!(text_in(tab, "tegel", "status").starts_with("Player 1 to move"));
    click(tab, "section[data-game=\"tegel\"] [data-action=\"undo\"]");
    assert_eq!(text_in(tab, "tegel", "moves"), "");
    tab.wait_for_element("[data-action=\"advice-best\"]").unwrap().click().unwrap();
    until(
        tab,
        "document.querySelector('section[data-game=\"tegel\"] [data-role=\"search\"]').dataset.state === 'done'",
    );
    let advice = text_in(tab, "tegel", "search");
    assert!(advice.starts_with("besteScore:\nscore: ") && advice.contains("\npositions: "), "{advice}");
    click(tab, "[data-action=\"greedy\"]");
    assert!(text_in(tab, "tegel", "message").starts_with("The computer (greedy) did "));
    shot(tab, "tegel-web.png");
    for _ in 0..40 {
        if over(tab, "tegel") {
            break;
        }
        click(tab, "[data-action=\"greedy\"]");
    }
    let result = text_in(tab, "tegel", "result");
    assert!(result.starts_with("Game over: player ") || result.starts_with("Game over: a draw"), "{result}");
    shot(tab, "tegel-finished.png");
}

#[test]
fn a_tiling_in_headless_chromium_by_clicks() {
    let Some(session) = InBrowser::start(Some("stenen")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page("game=stenen&instance=stenen1&h=4&b=5"));
    let status = text_in(tab, "stenen", "status");
    assert_eq!(status, "4x5 board, 5 stones: 0 placed, 5 to place | 20 empty cells");
    assert_eq!(js(tab, "document.querySelectorAll('[data-stone=\"1\"][data-orientation]').length"), 8);
    let cell = |r: usize, c: usize| format!("[data-cell=\"{r},{c}\"]");
    let on = |r: usize, c: usize| {
        let expr = format!("document.querySelector('[data-cell=\"{r},{c}\"]').dataset.stoneOn || ''");
        js(tab, &expr).as_str().unwrap_or("").to_string()
    };
    // The O, then the I lying down: stone and orientation chosen, the box's top-left cell clicked.
    tab.wait_for_element("[data-stone=\"5\"][data-orientation=\"0\"]").unwrap().click().unwrap();
    until(tab, "!!document.querySelector('[data-stone=\"5\"][data-orientation=\"0\"][aria-pressed=\"true\"]')");
    click(tab, &cell(2, 0));
    assert_eq!((on(2, 0), on(3, 1), on(1, 0)), ("5".into(), "5".into(), "".into()));
    tab.wait_for_element("[data-stone=\"4\"][data-orientation=\"1\"]").unwrap().click().unwrap();
    until(tab, "!!document.querySelector('[data-stone=\"4\"][data-orientation=\"1\"][aria-pressed=\"true\"]')");
    click(tab, &cell(0, 1));
    assert_eq!(text_in(tab, "stenen", "moves"), "placed: (2,0,5,0) (0,1,4,1)");
    assert_eq!((on(0, 1), on(0, 4)), ("4".into(), "4".into()));
    // A refused click explains: stone 1 in orientation 0 sticks out at the bottom right.
    tab.wait_for_element("[data-stone=\"1\"][data-orientation=\"0\"]").unwrap().click().unwrap();
    until(tab, "!!document.querySelector('[data-stone=\"1\"][data-orientation=\"0\"][aria-pressed=\"true\"]')");
    click(tab, &cell(3, 4));
    assert!(
        text_in(tab, "stenen", "message").contains("sticks out of the 4x5 board"),
        "{}",
        text_in(tab, "stenen", "message")
    );
    click(tab, "section[data-game=\"stenen\"] [data-action=\"undo\"]");
    assert_eq!(text_in(tab, "stenen", "moves"), "placed: (2,0,5,0)");
    assert_eq!(on(0, 4), "");
    // The fast search fills the rest: every cell covered, the hand-placed O where it was.
    tab.wait_for_element("[data-action=\"find\"][data-mode=\"fast\"]").unwrap().click().unwrap();
    until(
        tab,
        "document.querySelector('section[data-game=\"stenen\"] [data-role=\"search\"]').dataset.state === 'done'",
    );
    until(tab, "document.querySelector('[data-role=\"board\"][data-solved=\"true\"]') !== null");
    let search = text_in(tab, "stenen", "search");
    assert!(search.starts_with("find a tiling (fast search):\na solution (fast search)\npositions: "), "{search}");
    let covered = js(tab, "document.querySelectorAll('section[data-game=\"stenen\"] [data-stone-on]').length");
    assert_eq!(covered, 20);
    assert_eq!((on(2, 0), on(3, 1)), ("5".into(), "5".into()));
    assert!(
        text_in(tab, "stenen", "result").starts_with("A tiling: the fast search"),
        "{}",
        text_in(tab, "stenen", "result")
    );
    shot(tab, "stenen-web.png");
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

/// Opens the PDN box, writes `pdn` into it and presses Load.
fn load_pdn(tab: &Tab, pdn: &str) {
    tab.wait_for_element("details.pdn summary").unwrap().click().unwrap();
    until(tab, "document.querySelector('details.pdn').open");
    let text = serde_json::to_string(pdn).unwrap();
    js(tab, &format!("document.querySelector('[data-role=\"pdn\"]').value = {text}, true"));
    click(tab, "[data-action=\"load\"]");
}

#[test]
fn checkers_as_players_expect_it_keys_drags_reload_flip_hint_pdn_and_review() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    let undo = "section[data-game=\"checkers\"] [data-action=\"undo\"]";

    // Undo waits for a move; a drag plays one; both last moves are marked, each its own way.
    open(tab, &board.page("game=checkers&m=8&n=8&r=3&computer=random&seed=5"));
    assert!(disabled(tab, undo), "nothing to undo before the first move");
    assert_eq!(js(tab, "document.querySelector('[data-role=\"board\"]').dataset.flipped"), "false");
    drag(tab, "c3", "d4");
    assert_eq!((piece(tab, "c3"), piece(tab, "d4")), ("".into(), "b".into()));
    assert_eq!(last(tab, "you"), ["c3", "d4"]);
    let reply = last(tab, "computer");
    assert_eq!(reply.len(), 2, "the computer's reply, two squares: {reply:?}");
    let moves = text(tab, "moves");
    assert!(moves.starts_with("1. c3-d4 ") && reply.iter().all(|s| moves.contains(s.as_str())), "{moves}");
    assert!(!disabled(tab, undo));
    shot(tab, "checkers-last-moves.png");

    // A reload (F5) goes on with the game the server keeps; the URL no longer starts anew.
    tab.reload(false, None).unwrap().wait_until_navigated().unwrap();
    until(tab, "Number(document.body.dataset.renders || 0) > 0");
    assert_eq!(text(tab, "moves"), moves, "the same game after the reload");
    assert_eq!(piece(tab, "d4"), "b");
    assert_eq!(last(tab, "you"), ["c3", "d4"]);
    assert!(!js(tab, "location.search").as_str().unwrap().contains("seed="), "the setup left the URL");

    // Keys: Tab to the board, the arrows walk the cursor, Enter picks the square under it.
    click(tab, undo);
    assert_eq!(text(tab, "moves"), "");
    js(tab, "document.querySelector('[data-role=\"board\"]').focus(), true");
    until(tab, "!!document.querySelector('[data-cursor=\"true\"]')");
    let at = js(tab, "document.querySelector('[data-cursor=\"true\"]').dataset.at");
    let (row, col) = at.as_str().unwrap().split_once(',').unwrap();
    let (row, col): (i32, i32) = (row.parse().unwrap(), col.parse().unwrap());
    // To c3 (row 2, column 2), then Enter.
    for _ in 0..(2 - row).abs() {
        key(tab, if row < 2 { "ArrowUp" } else { "ArrowDown" });
    }
    for _ in 0..(2 - col).abs() {
        key(tab, if col < 2 { "ArrowRight" } else { "ArrowLeft" });
    }
    assert_eq!(js(tab, "document.querySelector('[data-cursor=\"true\"]').dataset.square"), "c3");
    key(tab, "Enter");
    assert_eq!(marked(tab, "aria-selected"), ["c3"]);
    shot(tab, "checkers-keys.png");
    key(tab, "ArrowUp");
    key(tab, "ArrowLeft");
    assert_eq!(js(tab, "document.querySelector('[data-cursor=\"true\"]').dataset.square"), "b4");
    key(tab, "Enter");
    assert_eq!((piece(tab, "c3"), piece(tab, "b4")), ("".into(), "b".into()));
    assert_eq!(last(tab, "you"), ["b4", "c3"]);

    // A typed move in the assignment's notation; a wrong one is explained.
    let typed = "[data-role=\"typed\"] input";
    let next =
        js(tab, "document.querySelector('[data-movable=\"true\"]').dataset.square").as_str().unwrap().to_string();
    tab.wait_for_element(typed).unwrap().click().unwrap();
    tab.type_str("a1-a2").unwrap();
    key(tab, "Enter");
    assert!(text(tab, "message").contains("a2"), "{}", text(tab, "message"));
    let legal = board.expect(200, "GET", "/api/checkers", None)["legal"].clone();
    let mv = legal
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .find(|m| m.starts_with(&next))
        .unwrap()
        .to_string();
    js(tab, &format!("document.querySelector('{}').value = '{mv}', true", typed.replace('"', "\\\"")));
    tab.wait_for_element(typed).unwrap().click().unwrap();
    key(tab, "Enter");
    assert!(text(tab, "moves").starts_with("1. c3-b4 "), "{}", text(tab, "moves"));
    assert!(text(tab, "moves").contains(&format!(" {mv} ")), "{} after {mv}", text(tab, "moves"));

    // The moves as PDN: copied out, loaded again into a new game.
    let pdn = js(tab, "document.querySelector('[data-role=\"pdn\"]').value").as_str().unwrap().to_string();
    assert!(pdn.contains("[Black \"you\"]") && pdn.contains("\n1. c3-b4 "), "{pdn}");
    let played = text(tab, "moves");
    click(tab, "section[data-game=\"checkers\"] [data-action=\"new\"]");
    assert_eq!(text(tab, "moves"), "");
    load_pdn(tab, &pdn);
    assert_eq!(text(tab, "moves"), played, "the loaded game: {}", text(tab, "message"));
    assert!(text(tab, "message").contains("Loaded 4 moves."), "{}", text(tab, "message"));

    // A hint: the strategy's move, searched in the background, drawn on the board.
    click(tab, "section[data-game=\"checkers\"] [data-action=\"hint\"]");
    until(tab, "document.querySelector('[data-role=\"hint\"]').dataset.state === 'done'");
    let hint = text(tab, "hint");
    let hinted = marked(tab, "data-hint");
    let legal = board.expect(200, "GET", "/api/checkers", None)["legal"].clone();
    let named = hint.trim_start_matches("Hint: ").split(' ').next().unwrap().to_string();
    assert!(legal.as_array().unwrap().iter().any(|m| m == &Value::String(named.clone())), "{hint} in {legal}");
    assert!(hinted.len() >= 2 && named.contains(&hinted[0]), "{hinted:?} {hint}");
    shot(tab, "checkers-hint.png");

    // Playing white: the board turned round (h1 top left... a8 bottom right), the
    // computer's first move marked, nothing to undo yet.
    open(tab, &board.page("game=checkers&m=8&n=8&r=3&color=white&computer=random&seed=3"));
    assert_eq!(js(tab, "document.querySelector('[data-role=\"board\"]').dataset.flipped"), "true");
    let first = js(tab, "document.querySelector('[data-role=\"board\"] [data-at]').dataset.at");
    assert_eq!(first, "0,7", "row 1 at the top, column h on the left");
    assert_eq!(text(tab, "ranks").chars().next(), Some('1'));
    assert!(text(tab, "files").starts_with('h'));
    assert_eq!(last(tab, "computer").len(), 2);
    assert!(disabled(tab, undo), "the computer moved, you have not");
    shot(tab, "checkers-white.png");

    // A finished game stepped through: the start, one ply on, the end.
    open(tab, &board.page("game=checkers&m=3&n=3&r=1&computer=random&seed=2"));
    play_to_the_end(tab);
    let end: Vec<String> = ["a1", "c1", "a3", "c3", "b2"].iter().map(|s| piece(tab, s)).collect();
    click(tab, "[data-step=\"first\"]");
    assert!(text(tab, "ply").starts_with("ply 0 of "), "{}", text(tab, "ply"));
    assert_eq!(
        (piece(tab, "a1"), piece(tab, "c1"), piece(tab, "a3"), piece(tab, "c3")),
        ("b".into(), "b".into(), "w".into(), "w".into())
    );
    assert!(disabled(tab, "[data-step=\"back\"]"));
    click(tab, "[data-step=\"forward\"]");
    assert!(text(tab, "ply").starts_with("ply 1 of "), "{}", text(tab, "ply"));
    assert_eq!((last(tab, "you").len(), last(tab, "computer").len()), (2, 0), "ply 1 is your move");
    assert!(text(tab, "status").starts_with("ply 1 of "), "the status follows: {}", text(tab, "status"));
    shot(tab, "checkers-review.png");
    click(tab, "[data-step=\"last\"]");
    let again: Vec<String> = ["a1", "c1", "a3", "c3", "b2"].iter().map(|s| piece(tab, s)).collect();
    assert_eq!(again, end);
    assert!(disabled(tab, "[data-step=\"forward\"]"));
}

#[test]
fn a_reload_goes_on_with_the_nim_tile_and_tiling_games() {
    let Some(session) = InBrowser::start(None) else { return };
    let (board, tab) = (&session.board, &session.tab);
    let reload = |tab: &Tab| {
        tab.reload(false, None).unwrap().wait_until_navigated().unwrap();
        until(tab, "Number(document.body.dataset.renders || 0) > 0");
    };
    open(tab, &board.page("game=nim&heaps=3+4+5&seed=1"));
    click(tab, "[data-heap=\"0\"] [data-stick=\"2\"]");
    let transcript = text_in(tab, "nim", "transcript");
    reload(tab);
    assert_eq!(text_in(tab, "nim", "transcript"), transcript);
    assert!(!disabled(tab, "section[data-game=\"nim\"] [data-action=\"undo\"]"));

    open(tab, &board.page("game=tegel&instance=spel1&sims=200&seed=3"));
    click(tab, "[data-bowl=\"0\"][data-color=\"b\"]");
    reload(tab);
    assert_eq!(text_in(tab, "tegel", "moves"), "moves: player 0: bowl 0, blue");

    open(tab, &board.page("game=stenen&instance=stenen1&h=4&b=5"));
    tab.wait_for_element("[data-stone=\"5\"][data-orientation=\"0\"]").unwrap().click().unwrap();
    until(tab, "!!document.querySelector('[data-stone=\"5\"][data-orientation=\"0\"][aria-pressed=\"true\"]')");
    click(tab, "[data-cell=\"2,0\"]");
    reload(tab);
    assert_eq!(text_in(tab, "stenen", "moves"), "placed: (2,0,5,0)");
}

/// A touch event of the DevTools protocol: one finger at `at`, or none (`TouchEnd`).
fn touch(tab: &Tab, kind: headless_chrome::protocol::cdp::Input::DispatchTouchEventTypeOption, at: Option<(f64, f64)>) {
    use headless_chrome::protocol::cdp::Input;
    let touch_points = at
        .map(|(x, y)| Input::TouchPoint {
            x,
            y,
            radius_x: None,
            radius_y: None,
            rotation_angle: None,
            force: None,
            tangential_pressure: None,
            tilt_x: None,
            tilt_y: None,
            twist: None,
            id: Some(1.0),
        })
        .into_iter()
        .collect();
    tab.call_method(Input::DispatchTouchEvent { Type: kind, touch_points, modifiers: None, timestamp: None }).unwrap();
}

/// Drags with one finger from square `from` to square `to` (touched, moved in steps,
/// lifted); `during` is evaluated in the page while the finger is down over `to`.
fn touch_drag(tab: &Tab, from: &str, to: &str, during: &str) -> Value {
    use headless_chrome::protocol::cdp::Input::DispatchTouchEventTypeOption as Kind;
    let (a, b) = (centre(tab, &square(from)), centre(tab, &square(to)));
    let before = renders(tab);
    touch(tab, Kind::TouchStart, Some((a.x, a.y)));
    for i in 1..=4 {
        let t = f64::from(i) / 4.0;
        touch(tab, Kind::TouchMove, Some((a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)));
    }
    until(tab, &format!("Number(document.body.dataset.renders || 0) > {before}"));
    let seen = js(tab, during);
    let before = renders(tab);
    touch(tab, Kind::TouchEnd, None);
    until(tab, &format!("Number(document.body.dataset.renders || 0) > {before}"));
    until(tab, "document.body.dataset.thinking !== 'true'");
    seen
}

/// A tap of a finger on the element matched by `selector` (touched and lifted, as a
/// touch screen sends it); waits for the page's answer.
fn tap(tab: &Tab, selector: &str) {
    use headless_chrome::protocol::cdp::Input::DispatchTouchEventTypeOption as Kind;
    let into_view = format!(
        "document.querySelector('{}').scrollIntoView({{block: 'center'}}), true",
        selector.replace('\'', "\\'")
    );
    js(tab, &into_view);
    let at = centre(tab, selector);
    let before = renders(tab);
    touch(tab, Kind::TouchStart, Some((at.x, at.y)));
    touch(tab, Kind::TouchEnd, None);
    until(tab, &format!("Number(document.body.dataset.renders || 0) > {before}"));
    until(tab, "document.body.dataset.thinking !== 'true'");
}

/// Focuses the element matched by `selector` (as Tab would) and presses `key` there.
fn key_at(tab: &Tab, selector: &str, key_name: &str) {
    js(tab, &format!("document.querySelector('{}').focus(), true", selector.replace('\'', "\\'")));
    key(tab, key_name);
}

/// The window as `width` x `height` CSS pixels, in the light or the dark scheme.
fn window(tab: &Tab, width: u32, height: u32, dark: bool) {
    use headless_chrome::protocol::cdp::Emulation;
    tab.call_method(Emulation::SetDeviceMetricsOverride {
        width,
        height,
        device_scale_factor: 1.0,
        mobile: false,
        scale: None,
        screen_width: None,
        screen_height: None,
        position_x: None,
        position_y: None,
        dont_set_visible_size: None,
        screen_orientation: None,
        viewport: None,
        display_feature: None,
        device_posture: None,
    })
    .unwrap();
    let scheme = if dark { "dark" } else { "light" };
    let features = vec![Emulation::MediaFeature { name: "prefers-color-scheme".into(), value: scheme.into() }];
    tab.call_method(Emulation::SetEmulatedMedia { media: None, features: Some(features) }).unwrap();
}

/// The squares of the first legal move the server lists (its whole path).
fn first_legal(board: &Board) -> Vec<String> {
    let view = board.expect(200, "GET", "/api/checkers", None);
    let first = view["legal"][0].as_str().expect("a legal move").to_string();
    first.split(['-', 'x']).map(str::to_string).collect()
}

/// Walks the keyboard cursor to square `name` with the arrow keys (the board not turned).
fn cursor_to(tab: &Tab, name: &str) {
    let at = |expr: &str| -> (i32, i32) {
        let v = js(tab, expr);
        let (r, c) = v.as_str().unwrap().split_once(',').unwrap();
        (r.parse().unwrap(), c.parse().unwrap())
    };
    let (row, col) = at(&format!("document.querySelector('{}').dataset.at", square(name).replace('"', "\\\"")));
    loop {
        let (r, c) = at("document.querySelector('[data-cursor=\"true\"]').dataset.at");
        let step = match (r.cmp(&row), c.cmp(&col)) {
            (std::cmp::Ordering::Less, _) => "ArrowUp",
            (std::cmp::Ordering::Greater, _) => "ArrowDown",
            (_, std::cmp::Ordering::Less) => "ArrowRight",
            (_, std::cmp::Ordering::Greater) => "ArrowLeft",
            _ => return,
        };
        key(tab, step);
    }
}

#[test]
fn checkers_by_touch_and_keys_with_drags_that_never_stick_review_and_focus() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    let no_leftovers = "document.querySelectorAll('.piece.ghost, .piece.lifted').length === 0";

    // A URL's strategy depth stays in the form, and plays.
    open(tab, &board.page("game=checkers&m=8&n=8&r=3&computer=strategy:3&seed=5"));
    assert_eq!(js(tab, "document.querySelector('[name=\"computer\"]').value"), "strategy:3");
    assert_eq!(board.expect(200, "GET", "/api/checkers", None)["computer"], "strategy:3");

    // Touch: a drag from c3 shows the target dots under the finger, and plays c3-d4; the
    // page did not scroll, nothing is left floating.
    let during = touch_drag(
        tab,
        "c3",
        "d4",
        "JSON.stringify([document.querySelectorAll('[data-target=\"true\"]').length, document.querySelectorAll('.piece.ghost').length, scrollY])",
    );
    assert_eq!(during, "[2,1,0]", "two target dots and the piece under the finger");
    assert_eq!((piece(tab, "c3"), piece(tab, "d4")), ("".into(), "b".into()));
    assert_eq!(js(tab, no_leftovers), Value::Bool(true));
    assert_eq!(js(tab, "scrollY"), 0);

    // The mouse, on a set-up board: a piece that cannot move, dragged, stays; an illegal
    // drop snaps back and names the rule; nothing sticks to the board or the pointer.
    open(tab, &board.page("game=checkers&position=ba1+bb2+bc1+wg7&computer=random&seed=1"));
    drag(tab, "a1", "b4");
    assert_eq!(piece(tab, "a1"), "b");
    assert_eq!(text(tab, "message"), "a1 has no legal move.");
    assert_eq!(js(tab, no_leftovers), Value::Bool(true));
    drag(tab, "b2", "b4");
    assert_eq!((piece(tab, "b2"), piece(tab, "b4")), ("b".into(), "".into()));
    assert_eq!(text(tab, "message"), "b2 cannot go to b4: a man steps one square diagonally forward.");
    assert_eq!(js(tab, no_leftovers), Value::Bool(true));
    assert_eq!(js(tab, "getSelection().toString()"), "", "no text selected on the board");
    drag(tab, "b2", "c3");
    assert_eq!((piece(tab, "b2"), piece(tab, "c3")), ("".into(), "b".into()));
    assert_eq!(js(tab, no_leftovers), Value::Bool(true));

    // Focus: after the mouse no cursor is drawn; the keys bring it, and the board names it.
    let cursor_style = "getComputedStyle(document.querySelector('[data-cursor=\"true\"]')).outlineStyle";
    assert_eq!(js(tab, "document.querySelector('[data-role=\"board\"]').dataset.keys"), "false");
    assert_eq!(js(tab, "document.activeElement.dataset.role"), "board");
    assert_eq!(js(tab, cursor_style), "none", "no keyboard cursor after a drag");
    key(tab, "ArrowUp");
    assert_eq!(js(tab, cursor_style), "solid");
    let named = js(
        tab,
        "(() => { const b = document.querySelector('[data-role=\"board\"]'); return document.getElementById(b.getAttribute('aria-activedescendant')).getAttribute('aria-label'); })()",
    );
    let cursor = js(tab, "document.querySelector('[data-cursor=\"true\"]').dataset.at");
    assert!(named.as_str().is_some_and(|n| n.len() > 2), "{named} names the square at {cursor}");
    assert_eq!(js(tab, "document.querySelector('[data-role=\"message\"]').getAttribute('aria-live')"), "polite");

    // Review at any time: Home, the arrows and a click on a numbered move; the status,
    // counts and last-move colours follow; back to the game.
    js(tab, "document.activeElement.blur(), true");
    let live_status = text(tab, "status");
    key(tab, "Home");
    assert_eq!(text(tab, "status"), "ply 0 of 2: black to move (you) | black 3 (0 kings) | white 1 (0 kings)");
    assert_eq!((piece(tab, "b2"), piece(tab, "c3")), ("b".into(), "".into()));
    key(tab, "ArrowRight");
    assert!(text(tab, "status").starts_with("ply 1 of 2: white to move (computer)"), "{}", text(tab, "status"));
    assert_eq!(last(tab, "you"), ["b2", "c3"]);
    assert!(last(tab, "computer").is_empty());
    assert_eq!(js(tab, "document.querySelector('[aria-current=\"step\"]').dataset.ply"), "1");
    assert!(text(tab, "moves").starts_with("1. b2-c3 "), "{}", text(tab, "moves"));
    click(tab, "[data-ply=\"2\"]");
    assert_eq!(text(tab, "status"), live_status, "the last move is the game now");
    key(tab, "ArrowLeft");
    assert!(text(tab, "status").starts_with("ply 1 of 2"), "{}", text(tab, "status"));
    click(tab, &square("c1"));
    assert!(text(tab, "message").contains("earlier position"), "{}", text(tab, "message"));
    click(tab, "[data-role=\"live\"]");
    assert_eq!(text(tab, "status"), live_status);
    assert_eq!(js(tab, "document.querySelector('[data-role=\"live\"]').hidden"), Value::Bool(true));

    // The count's limit is set on the page.
    js(tab, "document.querySelector('[data-role=\"count-limit\"]').value = '2', true");
    tab.wait_for_element("[data-action=\"count\"]").unwrap().click().unwrap();
    until(tab, "document.querySelector('[data-role=\"count\"]').textContent.includes('of at most 2 s')");
    tab.wait_for_element("[data-action=\"cancel\"]").unwrap().click().unwrap();
    until(tab, "document.querySelector('[data-role=\"count\"]').dataset.state !== 'running'");

    // A refused new game leaves the form showing the game in play.
    js(tab, "document.querySelector('[name=\"r\"]').value = '5', true");
    click(tab, "section[data-game=\"checkers\"] [data-action=\"new\"]");
    assert!(
        text(tab, "message").contains("rows of men r must be from 1 to m/2 = 4, got 5"),
        "{}",
        text(tab, "message")
    );
    assert_eq!(js(tab, "document.querySelector('[name=\"r\"]').value"), "3");
    assert_eq!(js(tab, "document.querySelector('[name=\"computer\"]').value"), "random");

    // A whole game by touch, then one by keys, on the 3x3 board; each loads back from its PDN.
    for by_keys in [false, true] {
        open(tab, &board.page("game=checkers&m=3&n=3&r=1&computer=random&seed=2"));
        for _ in 0..20 {
            if js(tab, "document.querySelector('[data-role=\"result\"]').hidden") == Value::Bool(false) {
                break;
            }
            let path = first_legal(board);
            if by_keys {
                js(tab, "document.querySelector('[data-role=\"board\"]').focus(), true");
                for sq in &path {
                    cursor_to(tab, sq);
                    key(tab, "Enter");
                }
            } else {
                touch_drag(tab, &path[0], &path[path.len() - 1], "0");
            }
        }
        let result = text(tab, "result");
        assert!(result.starts_with("Game over: "), "by keys {by_keys}: {result}");
        let pdn = js(tab, "document.querySelector('[data-role=\"pdn\"]').value").as_str().unwrap().to_string();
        assert!(pdn.contains(" 1-0\n") || pdn.contains(" 0-1\n") || pdn.contains(" 1/2-1/2\n"), "{pdn}");
        let ended = board.expect(200, "GET", "/api/checkers", None);
        let body = serde_json::json!({"rows": 3, "cols": 3, "men_rows": 1, "computer": "random", "moves": pdn});
        let loaded = board.expect(200, "POST", "/api/checkers/new", Some(&body.to_string()));
        assert_eq!((&loaded["outcome"], &loaded["moves"]), (&ended["outcome"], &ended["moves"]), "{pdn}");
    }

    // A game from a set-up position: its PDN carries the position and loads back after a reload.
    open(tab, &board.page("game=checkers&position=ba1+wb2+wd4+wh8&computer=random&seed=1"));
    click(tab, &square("a1"));
    click(tab, &square("c3"));
    click(tab, &square("e5"));
    let pdn = js(tab, "document.querySelector('[data-role=\"pdn\"]').value").as_str().unwrap().to_string();
    assert!(pdn.contains("[FEN \"B:Wb2,d4,h8:Ba1\"]"), "{pdn}");
    let played = text(tab, "moves");
    tab.reload(false, None).unwrap().wait_until_navigated().unwrap();
    until(tab, "Number(document.body.dataset.renders || 0) > 0");
    load_pdn(tab, &pdn);
    assert_eq!(text(tab, "moves"), played, "{}", text(tab, "message"));
    assert_eq!(piece(tab, "a1"), "");
}

/// The orientation and top-left cell of each stone in a tiling `solution` (rows of stone
/// numbers), matched against the stones' orientations of the view.
fn placements(view: &Value, solution: &Value) -> Vec<(u64, u64, i64, i64)> {
    let mut out = Vec::new();
    for stone in view["stones"].as_array().unwrap() {
        let n = stone["stone"].as_u64().unwrap();
        let mut cells: Vec<(i64, i64)> = Vec::new();
        for (r, row) in solution.as_array().unwrap().iter().enumerate() {
            for (c, v) in row.as_array().unwrap().iter().enumerate() {
                if v.as_u64() == Some(n) {
                    cells.push((r as i64, c as i64));
                }
            }
        }
        let top = cells.iter().map(|c| c.0).min().unwrap();
        let left = cells.iter().map(|c| c.1).min().unwrap();
        cells.sort();
        let orientation = stone["orientations"].as_array().unwrap().iter().find(|o| {
            let mut own: Vec<(i64, i64)> = o["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|rc| (top + rc[0].as_i64().unwrap(), left + rc[1].as_i64().unwrap()))
                .collect();
            own.sort();
            own == cells
        });
        out.push((n, orientation.unwrap()["orientation"].as_u64().unwrap(), top, left));
    }
    out
}

#[test]
fn every_board_fills_the_window_in_light_and_dark_and_plays_by_touch_and_keys() {
    let Some(session) = InBrowser::start(None) else { return };
    let (board, tab) = (&session.board, &session.tab);

    // Every board at 400 and 1400 px wide, light and dark: the checkers and tiling boards
    // take 80 % of the shorter side (the whole width of a phone), squares stay square,
    // the side goes beside the board on a wide window and below it on a narrow one.
    let pages = [
        ("checkers", "game=checkers&m=8&n=10&r=3&computer=random&seed=5", "[data-role=\"board\"]"),
        ("nim", "game=nim&heaps=3+4+5&seed=1", "section[data-game=\"nim\"] [data-role=\"board\"]"),
        ("tegel", "game=tegel&instance=spel1&sims=200&seed=3", "section[data-game=\"tegel\"] [data-role=\"board\"]"),
        ("stenen", "game=stenen&instance=stenen2&h=6&b=10", "section[data-game=\"stenen\"] [data-role=\"board\"]"),
    ];
    for (game, query, grid) in pages {
        open(tab, &board.page(query));
        let side = format!("section[data-game=\"{game}\"] .side");
        for (width, height) in [(1400, 900), (400, 800)] {
            for dark in [false, true] {
                window(tab, width, height, dark);
                // One look at the page: the background, the board's and the side's boxes, a cell's.
                let measure = format!(
                    "(() => {{ if (innerWidth !== {width}) return null; const box = (s) => {{ const r = document.querySelector(s).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }}; return JSON.stringify([getComputedStyle(document.body).backgroundColor, box('{}'), box('{}'), box('{}')]); }})()",
                    grid.replace('\'', "\\'"),
                    side.replace('\'', "\\'"),
                    if game == "checkers" || game == "stenen" { format!("{grid} [role=gridcell]") } else { side.clone() }.replace('\'', "\\'"),
                );
                until(tab, &format!("innerWidth === {width}"));
                let seen: Value = serde_json::from_str(js(tab, &measure).as_str().unwrap()).unwrap();
                let shade = seen[0].as_str().unwrap();
                let light = shade == "rgb(246, 244, 239)";
                assert_eq!(light, !dark, "{game} {width} dark {dark}: {shade}");
                let four = |v: &Value| -> [f64; 4] { std::array::from_fn(|i| v[i].as_f64().unwrap()) };
                let (b, s, cell) = (four(&seen[1]), four(&seen[2]), four(&seen[3]));
                if width == 1400 {
                    assert!(s[0] >= b[0] + b[2], "{game}: the side beside the board: {b:?} {s:?}");
                } else {
                    assert!(s[1] >= b[1] + b[3], "{game}: the side below the board: {b:?} {s:?}");
                    assert!(s[0] + s[2] <= 400.5, "{game}: nothing wider than the window: {s:?}");
                }
                if game == "checkers" || game == "stenen" {
                    let long = b[2].max(b[3]);
                    if width == 1400 {
                        // The tiling's board leaves room for the stones beside it.
                        let least = if game == "checkers" { 0.8 * 900.0 } else { 560.0 };
                        assert!(long >= least - 1.0 && long <= 862.0, "{game}: {b:?}");
                    } else {
                        assert!(b[0] + b[2] >= 400.0 - 16.0, "{game}: the whole width of a phone: {b:?}");
                    }
                    assert!((cell[2] - cell[3]).abs() < 1.0, "{game}: square cells {cell:?}");
                }
                shot(tab, &format!("{game}-{width}-{}.png", if dark { "dark" } else { "light" }));
            }
        }
    }
    window(tab, 1180, 820, false);

    // Nim by keys, to the end: the heaps take the focus, the arrows choose, Enter takes;
    // the transcript shows its newest line.
    open(tab, &board.page("game=nim&heaps=6+6+6&seed=1"));
    js(tab, "document.querySelector('section[data-game=\"nim\"] [data-role=\"board\"]').focus(), true");
    until(tab, "document.querySelector('[data-role=\"pick\"]').textContent.startsWith('take 1 from heap 0')");
    key(tab, "ArrowDown");
    key(tab, "ArrowRight");
    assert!(text_in(tab, "nim", "pick").starts_with("take 2 from heap 1"), "{}", text_in(tab, "nim", "pick"));
    assert_eq!(js(tab, "document.querySelectorAll('.stick.pick').length"), 2);
    key(tab, "Enter");
    assert!(text_in(tab, "nim", "transcript").contains("Your move: 1 2\n"), "{}", text_in(tab, "nim", "transcript"));
    for _ in 0..30 {
        if over(tab, "nim") {
            break;
        }
        key(tab, "Enter");
    }
    assert!(over(tab, "nim"), "{}", text_in(tab, "nim", "status"));
    let scrolled = "(() => { const t = document.querySelector('[data-role=\"transcript\"]'); return t.scrollHeight > t.clientHeight && t.scrollTop + t.clientHeight >= t.scrollHeight - 2; })()";
    assert_eq!(js(tab, scrolled), Value::Bool(true), "the newest line is in view");
    // ... by touch, to the end.
    open(tab, &board.page("game=nim&heaps=1+2+3+4&seed=2"));
    for _ in 0..20 {
        if over(tab, "nim") {
            break;
        }
        tap(tab, "section[data-game=\"nim\"] [data-stick=\"0\"]");
    }
    assert!(over(tab, "nim"), "{}", text_in(tab, "nim", "status"));
    // A refused new game leaves the form showing the game in play.
    js(tab, "document.querySelector('section[data-game=\"nim\"] [name=\"heaps\"]').value = '1 x', true");
    click(tab, "section[data-game=\"nim\"] [data-action=\"new\"]");
    assert!(!text_in(tab, "nim", "message").is_empty(), "the refusal is shown");
    assert_eq!(js(tab, "document.querySelector('section[data-game=\"nim\"] [name=\"heaps\"]').value"), "1 2 3 4");

    // The tile game by keys (both players' moves: a take, then the greedy computer), and
    // by touch; the moves say who made them.
    for by_keys in [true, false] {
        open(tab, &board.page("game=tegel&instance=spel1&sims=200&seed=3"));
        for _ in 0..100 {
            if over(tab, "tegel") {
                break;
            }
            let take = "section[data-game=\"tegel\"] button[data-bowl]:not([disabled])";
            let action = if js(tab, &format!("!!document.querySelector('{}')", take.replace('\'', "\\'")))
                == Value::Bool(true)
            {
                take
            } else {
                "[data-action=\"greedy\"]"
            };
            if by_keys {
                key_at(tab, action, "Enter");
            } else {
                tap(tab, action);
            }
        }
        assert!(over(tab, "tegel"), "{}", text_in(tab, "tegel", "status"));
        let moves = text_in(tab, "tegel", "moves");
        assert!(moves.starts_with("moves: player 0: bowl ") && moves.contains("; player 1: bowl "), "{moves}");
    }

    // The tiling by keys (an orientation chosen, the cursor walked, Enter), and by touch,
    // each to a full board, along a tiling the fast search finds.
    open(tab, &board.page("game=stenen&instance=stenen1&h=4&b=5"));
    tab.wait_for_element("[data-action=\"find\"][data-mode=\"fast\"]").unwrap().click().unwrap();
    until(tab, "document.querySelector('[data-role=\"board\"][data-solved=\"true\"]') !== null");
    let view = board.expect(200, "GET", "/api/stenen", None);
    let tiling = placements(&view, &view["solution"]);
    for by_keys in [true, false] {
        open(tab, &board.page("game=stenen&instance=stenen1&h=4&b=5"));
        for &(stone, orientation, row, col) in &tiling {
            let choose = format!("[data-stone=\"{stone}\"][data-orientation=\"{orientation}\"]");
            let cell = format!("[data-cell=\"{row},{col}\"]");
            if by_keys {
                key_at(tab, &choose, "Enter");
                js(tab, "document.querySelector('section[data-game=\"stenen\"] [data-role=\"board\"]').focus(), true");
                loop {
                    let at = js(tab, "document.querySelector('.st-cell.cursor').dataset.cell");
                    let (r, c) = at.as_str().unwrap().split_once(',').unwrap();
                    let (r, c): (i64, i64) = (r.parse().unwrap(), c.parse().unwrap());
                    let step = match (r.cmp(&row), c.cmp(&col)) {
                        (std::cmp::Ordering::Less, _) => "ArrowDown",
                        (std::cmp::Ordering::Greater, _) => "ArrowUp",
                        (_, std::cmp::Ordering::Less) => "ArrowRight",
                        (_, std::cmp::Ordering::Greater) => "ArrowLeft",
                        _ => break,
                    };
                    key(tab, step);
                }
                key(tab, "Enter");
            } else {
                tap(tab, &choose);
                tap(tab, &cell);
            }
        }
        let result = text_in(tab, "stenen", "result");
        assert_eq!(
            result,
            "The board is full: a tiling by hand.",
            "by keys {by_keys}: {}",
            text_in(tab, "stenen", "message")
        );
    }
}
