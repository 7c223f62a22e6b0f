//! The boards as a player tries them, in headless Chromium: the items of a player trial
//! of the four boards (lidraughts as the anchor for checkers). Checkers: New game after a
//! set-up link, a multi-capture clicked or dragged to its end square, refusals and prompts
//! that name squares, a PDN's own Board tag, the arrows after a mouse move, the side panel
//! beside the board at 900x700, a hint while reviewing, playing on from an earlier move,
//! flipping by hand, the move animation and reduced motion, a click during the computer's
//! turn, move numbers kept with their moves, grouped counts; the no-token page and an
//! unknown game; Nim, the tile game and the tiling. Screenshots go to
//! `$HARNESS_SCREENSHOTS` or the target directory's `tmp/web-screenshots`.
//!
//! Skipped, with a message, where Chromium is missing.

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

/// A board server with headless Chromium on it (fields drop in order: the tab, the
/// browser, its profile, then the server).
struct InBrowser {
    tab: std::sync::Arc<Tab>,
    _browser: Browser,
    _profile: tempfile::TempDir,
    board: Board,
}

impl InBrowser {
    fn start(game: Option<&str>) -> Option<InBrowser> {
        let path = chromium()?;
        let board = Board::start(game);
        let profile = tempfile::tempdir().unwrap();
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
            user_data_dir: Some(profile.path().to_path_buf()),
            idle_browser_timeout: Duration::from_secs(300),
            args,
            ..LaunchOptions::default()
        };
        let browser = Browser::new(options).expect("start headless Chromium");
        let tab = browser.new_tab().unwrap();
        tab.set_default_timeout(Duration::from_secs(60));
        Some(InBrowser { tab, _browser: browser, _profile: profile, board })
    }
}

fn js(tab: &Tab, expression: &str) -> Value {
    tab.evaluate(expression, false).unwrap().value.unwrap_or(Value::Null)
}

fn js_str(tab: &Tab, expression: &str) -> String {
    js(tab, expression).as_str().unwrap_or("").to_string()
}

/// Waits (at most a minute) until `expression` is true in the page.
fn until(tab: &Tab, expression: &str) {
    let start = Instant::now();
    while js(tab, expression) != Value::Bool(true) {
        assert!(start.elapsed() < Duration::from_secs(60), "waited a minute for: {expression}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `'...'` quoted for a JavaScript string.
fn quoted(selector: &str) -> String {
    serde_json::to_string(selector).unwrap()
}

/// The text of `[data-role=ROLE]` in `game`'s section.
fn text(tab: &Tab, game: &str, role: &str) -> String {
    let selector = format!("section[data-game=\"{game}\"] [data-role=\"{role}\"]");
    js_str(tab, &format!("(document.querySelector({}) || {{}}).textContent || ''", quoted(&selector)))
}

fn renders(tab: &Tab) -> u64 {
    js(tab, "Number(document.body.dataset.renders || 0)").as_u64().unwrap_or(0)
}

/// Waits until the page has drawn an answer after `before` renders, and the computer's
/// reply when it thinks about one.
fn drawn(tab: &Tab, before: u64) {
    until(tab, &format!("Number(document.body.dataset.renders || 0) > {before}"));
    until(tab, "document.body.dataset.thinking !== 'true'");
}

/// Clicks the element matched by `selector` with the mouse and waits for the answer.
fn click(tab: &Tab, selector: &str) {
    let before = renders(tab);
    tab.wait_for_element(selector).unwrap().click().unwrap();
    drawn(tab, before);
}

fn square(name: &str) -> String {
    format!("[data-square=\"{name}\"]")
}

fn piece(tab: &Tab, name: &str) -> String {
    let selector = format!("{} [data-piece]", square(name));
    js_str(tab, &format!("(document.querySelector({}) || {{dataset: {{}}}}).dataset.piece || ''", quoted(&selector)))
}

/// The squares (or any `data-square` element) whose `attribute` is `value`, sorted.
fn marked(tab: &Tab, attribute: &str, value: &str) -> Vec<String> {
    let selector = format!("[{attribute}=\"{value}\"]");
    let expr =
        format!("Array.from(document.querySelectorAll({})).map(e => e.dataset.square).join(' ')", quoted(&selector));
    let mut out: Vec<String> = js_str(tab, &expr).split_whitespace().map(str::to_string).collect();
    out.sort();
    out
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

/// The box `[x, y, width, height]` of the element matched by `selector`.
fn rect(tab: &Tab, selector: &str) -> [f64; 4] {
    let expr = format!(
        "(() => {{ const r = document.querySelector({}).getBoundingClientRect(); return JSON.stringify([r.x, r.y, r.width, r.height]); }})()",
        quoted(selector)
    );
    let v: Value = serde_json::from_str(&js_str(tab, &expr)).unwrap();
    std::array::from_fn(|i| v[i].as_f64().unwrap())
}

fn centre(tab: &Tab, selector: &str) -> (f64, f64) {
    let r = rect(tab, selector);
    (r[0] + r[2] / 2.0, r[1] + r[3] / 2.0)
}

fn mouse(
    tab: &Tab,
    kind: headless_chrome::protocol::cdp::Input::DispatchMouseEventTypeOption,
    at: (f64, f64),
    buttons: u32,
) {
    use headless_chrome::protocol::cdp::Input;
    tab.call_method(Input::DispatchMouseEvent {
        Type: kind,
        x: at.0,
        y: at.1,
        modifiers: None,
        timestamp: None,
        button: Some(if buttons == 0 { Input::MouseButton::None } else { Input::MouseButton::Left }),
        buttons: Some(buttons),
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

/// Drags the piece on `from` to `to` with the mouse and waits for the answer.
fn drag(tab: &Tab, from: &str, to: &str) {
    use headless_chrome::protocol::cdp::Input::DispatchMouseEventTypeOption as Kind;
    let (a, b) = (centre(tab, &square(from)), centre(tab, &square(to)));
    let before = renders(tab);
    mouse(tab, Kind::MousePressed, a, 1);
    for i in 1..=5 {
        let t = f64::from(i) / 5.0;
        mouse(tab, Kind::MouseMoved, (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t), 1);
    }
    mouse(tab, Kind::MouseReleased, b, 1);
    drawn(tab, before);
}

/// Presses `key` where the focus is and waits for the answer.
fn key(tab: &Tab, name: &str) {
    let before = renders(tab);
    tab.press_key(name).unwrap();
    drawn(tab, before);
}

/// The window as `width` x `height` CSS pixels, light or dark, with or without reduced
/// motion.
fn window(tab: &Tab, width: u32, height: u32, dark: bool, reduced_motion: bool) {
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
    let features = vec![
        Emulation::MediaFeature {
            name: "prefers-color-scheme".into(),
            value: if dark { "dark" } else { "light" }.into(),
        },
        Emulation::MediaFeature {
            name: "prefers-reduced-motion".into(),
            value: if reduced_motion { "reduce" } else { "no-preference" }.into(),
        },
    ];
    tab.call_method(Emulation::SetEmulatedMedia { media: None, features: Some(features) }).unwrap();
    until(tab, &format!("innerWidth === {width}"));
}

/// The squares of the first legal move the server lists.
fn first_legal(board: &Board) -> Vec<String> {
    let view = board.expect(200, "GET", "/api/checkers", None);
    view["legal"][0].as_str().expect("a legal move").split(['-', 'x']).map(str::to_string).collect()
}

fn status(tab: &Tab) -> String {
    text(tab, "checkers", "status")
}

fn message(tab: &Tab, game: &str) -> String {
    text(tab, game, "message")
}

fn set_field(tab: &Tab, game: &str, name: &str, value: &str) {
    let selector = format!("section[data-game=\"{game}\"] [name=\"{name}\"]");
    js(tab, &format!("document.querySelector({}).value = {}, true", quoted(&selector), quoted(value)));
}

const CHECKERS_NEW: &str = "section[data-game=\"checkers\"] [data-action=\"new\"]";

#[test]
fn checkers_new_game_after_a_set_up_link_starts_the_standard_position_of_the_chosen_size() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page("game=checkers&position=ba1+wb2+wd4+wh8&computer=random&seed=1"));
    assert_eq!(status(tab), "black to move (you) | black 1 (0 kings) | white 3 (0 kings)");
    // Another size: refused before, as the set-up position's pieces are off a 6x6 board.
    for (m, r, men) in [("6", "2", 6), ("8", "3", 12)] {
        set_field(tab, "checkers", "m", m);
        set_field(tab, "checkers", "n", m);
        set_field(tab, "checkers", "r", r);
        click(tab, CHECKERS_NEW);
        let want = format!("black to move (you) | black {men} (0 kings) | white {men} (0 kings)");
        assert_eq!(status(tab), want, "{}", message(tab, "checkers"));
        assert!(message(tab, "checkers").starts_with("New game on "), "{}", message(tab, "checkers"));
    }
    // The same size as the link's position: the standard start too.
    click(tab, CHECKERS_NEW);
    assert_eq!((piece(tab, "a1"), piece(tab, "c3"), piece(tab, "b6")), ("b".into(), "b".into(), "w".into()));
}

#[test]
fn checkers_a_multi_capture_to_its_end_square_is_played_and_refusals_name_their_squares() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    let link = board.page("game=checkers&position=ba1+wb2+wd4+wh8&computer=random&seed=1");

    // Clicked: the piece, then straight the square where the double jump ends.
    open(tab, &link);
    click(tab, &square("a1"));
    assert_eq!(message(tab, "checkers"), "a1 selected: it can go to c3.", "the prompt names the square");
    click(tab, &square("e5"));
    assert!(text(tab, "checkers", "moves").starts_with("1. a1xc3xe5 "), "{}", message(tab, "checkers"));
    // Dragged there.
    open(tab, &link);
    drag(tab, "a1", "e5");
    assert!(text(tab, "checkers", "moves").starts_with("1. a1xc3xe5 "), "{}", message(tab, "checkers"));

    // A refusal of a piece that must jump names where, and the selection (with its
    // marked target) stays.
    open(tab, &board.page("game=checkers&position=bc1+bg3+wf4+wa7&computer=random&seed=1"));
    click(tab, &square("g3"));
    click(tab, &square("h4"));
    let said = message(tab, "checkers");
    assert_eq!(said, "g3 cannot go to h4: capturing is mandatory, so g3 must jump, to e5.");
    assert_eq!(marked(tab, "data-target", "true"), ["e5"], "the square named is marked");
    assert_eq!(marked(tab, "aria-selected", "true"), ["g3"]);
    // Every message of a click names squares; none points at marks that are not there.
    for m in [said, message(tab, "checkers")] {
        assert!(!m.contains("marked"), "{m}");
    }

    // With the keys: no "click" prompt.
    open(tab, &board.page("game=checkers&m=8&n=8&r=3&computer=random&seed=5"));
    js(tab, "document.querySelector('[data-role=\"board\"]').focus(), true");
    until(tab, "!!document.querySelector('[data-cursor=\"true\"]')");
    key(tab, "Enter");
    let selected = message(tab, "checkers");
    assert!(selected.contains(" selected: it can go to "), "{selected}");
    assert!(!selected.to_lowercase().contains("click"), "{selected}");
}

#[test]
fn checkers_pdn_load_uses_its_board_tag_and_arrows_after_a_mouse_move_step_through_the_moves() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let (board, tab) = (&session.board, &session.tab);

    // A 6x6 game's PDN loaded while the form says 8x8: played on 6x6.
    open(tab, &board.page("game=checkers&m=6&n=6&r=2&computer=random&seed=1"));
    for sq in first_legal(board) {
        click(tab, &square(&sq));
    }
    let pdn = js_str(tab, "document.querySelector('[data-role=\"pdn\"]').value");
    assert!(pdn.contains("[Board \"6x6, 2 rows of men\"]"), "{pdn}");
    let moves = text(tab, "checkers", "moves");
    open(tab, &board.page("game=checkers&m=8&n=8&r=3&computer=random&seed=1"));
    tab.wait_for_element("details.pdn summary").unwrap().click().unwrap();
    until(tab, "document.querySelector('details.pdn').open");
    js(tab, &format!("document.querySelector('[data-role=\"pdn\"]').value = {}, true", quoted(&pdn)));
    click(tab, "[data-action=\"load\"]");
    assert_eq!(text(tab, "checkers", "moves"), moves, "{}", message(tab, "checkers"));
    assert_eq!(js(tab, "document.querySelectorAll('[data-square]').length"), 18, "a 6x6 board");
    assert_eq!(js_str(tab, "document.querySelector('[name=\"m\"]').value"), "6", "the form shows the loaded board");

    // After a drag the left and right arrows step through the moves; up brings the cursor.
    open(tab, &board.page("game=checkers&m=8&n=8&r=3&computer=random&seed=5"));
    drag(tab, "c3", "d4");
    assert_eq!(js_str(tab, "document.activeElement.dataset.role"), "board");
    let live = status(tab);
    key(tab, "ArrowLeft");
    assert!(status(tab).starts_with("ply 1 of 2: "), "{}", status(tab));
    assert_eq!(js_str(tab, "document.querySelector('[data-role=\"board\"]').dataset.keys"), "false", "no cursor");
    key(tab, "ArrowRight");
    assert_eq!(status(tab), live);
    key(tab, "ArrowUp");
    assert_eq!(js_str(tab, "document.querySelector('[data-role=\"board\"]').dataset.keys"), "true");
    assert!(js(tab, "!!document.querySelector('[data-cursor=\"true\"]')") == Value::Bool(true), "the cursor is back");
}

#[test]
fn checkers_side_panel_beside_the_board_at_900x700_and_boards_at_three_sizes() {
    let Some(session) = InBrowser::start(None) else { return };
    let (board, tab) = (&session.board, &session.tab);
    let pages = [
        ("checkers", "game=checkers&m=8&n=8&r=3&computer=random&seed=5"),
        ("nim", "game=nim&heaps=3+4+5&seed=1"),
        ("tegel", "game=tegel&instance=spel1&sims=200&seed=3"),
        ("stenen", "game=stenen&instance=stenen2&h=6&b=10"),
    ];
    for (game, query) in pages {
        open(tab, &board.page(query));
        if game == "checkers" {
            drag(tab, "c3", "d4");
        }
        for (width, height) in [(1400, 900), (900, 700), (390, 844)] {
            for dark in [false, true] {
                window(tab, width, height, dark, false);
                if game == "checkers" && width == 900 {
                    let b = rect(tab, "[data-role=\"board\"]");
                    let s = rect(tab, "section[data-game=\"checkers\"] .side");
                    assert!(s[0] >= b[0] + b[2], "the side beside the board: {b:?} {s:?}");
                    assert!(s[1] < b[1] + 10.0, "the side starts at the board's top: {b:?} {s:?}");
                    assert!(s[0] + s[2] <= 900.5, "nothing wider than the window: {s:?}");
                    assert!(b[2] >= 450.0, "the board stays large: {b:?}");
                }
                shot(tab, &format!("trial-{game}-{width}-{}.png", if dark { "dark" } else { "light" }));
            }
        }
    }
}

#[test]
fn checkers_review_hint_play_on_from_an_earlier_move_flip_and_animation() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page("game=checkers&m=8&n=8&r=3&computer=random&seed=5"));

    // A move by clicks slides into place; the animation names the move it showed.
    click(tab, &square("c3"));
    click(tab, &square("d4"));
    let animated = js_str(tab, "document.querySelector('[data-role=\"board\"]').dataset.animated || ''");
    assert!(animated.contains('-'), "a move was animated: {animated:?}");
    // With reduced motion, none.
    window(tab, 1180, 820, false, true);
    js(tab, "document.querySelector('[data-role=\"board\"]').dataset.animated = '', true");
    for sq in first_legal(&session.board) {
        click(tab, &square(&sq));
    }
    assert_eq!(js_str(tab, "document.querySelector('[data-role=\"board\"]').dataset.animated"), "none");
    assert_eq!(js(tab, "document.getAnimations().length"), 0);
    window(tab, 1180, 820, false, false);

    // A hint asked while an earlier position is shown says which position it is for.
    js(tab, "document.activeElement.blur(), true");
    key(tab, "Home");
    assert!(status(tab).starts_with("ply 0 of 4: "), "{}", status(tab));
    click(tab, "section[data-game=\"checkers\"] [data-action=\"hint\"]");
    until(tab, "document.querySelector('[data-role=\"hint\"]').dataset.state === 'done'");
    let hint = text(tab, "checkers", "hint");
    assert!(hint.contains("for the position now (ply 4), not the one shown"), "{hint}");
    assert!(marked(tab, "data-hint", "true").is_empty(), "not drawn on the earlier position");

    // A click on the earlier position says how to play on; play on from here drops the
    // later moves, and the game goes on from there.
    click(tab, &square("c3"));
    assert!(message(tab, "checkers").contains("play on from here"), "{}", message(tab, "checkers"));
    click(tab, "[data-action=\"continue\"]");
    assert_eq!(text(tab, "checkers", "moves"), "");
    assert!(message(tab, "checkers").contains("the 4 later moves are dropped"), "{}", message(tab, "checkers"));
    assert!(status(tab).starts_with("black to move (you) | black 12"), "{}", status(tab));
    click(tab, &square("e3"));
    click(tab, &square("f4"));
    assert!(text(tab, "checkers", "moves").starts_with("1. e3-f4 "), "{}", text(tab, "checkers", "moves"));

    // Flip by hand: the board turned round, and back.
    let flip = "section[data-game=\"checkers\"] [data-action=\"flip\"]";
    click(tab, flip);
    assert_eq!(js_str(tab, "document.querySelector('[data-role=\"board\"]').dataset.flipped"), "true");
    assert_eq!(js_str(tab, "document.querySelector('[data-role=\"board\"] [data-at]').dataset.at"), "0,7");
    assert!(text(tab, "checkers", "ranks").starts_with('1'));
    shot(tab, "trial-checkers-flipped.png");
    click(tab, flip);
    assert_eq!(js_str(tab, "document.querySelector('[data-role=\"board\"]').dataset.flipped"), "false");
}

#[test]
fn checkers_a_click_in_the_computers_turn_gets_a_note() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    // The computer moves first and searches deep on a large board: its turn lasts.
    let url = session.board.page("game=checkers&m=14&n=14&r=5&color=white&computer=strategy:8&seed=1");
    tab.navigate_to(&url).unwrap().wait_until_navigated().unwrap();
    until(tab, "document.body.dataset.thinking === 'true'");
    js(tab, "document.querySelector('[data-square]').click(), true");
    until(tab, "document.querySelector('[data-role=\"message\"]').textContent.includes('during the computer')");
    let said = message(tab, "checkers");
    assert!(said.contains("Your click came during the computer's turn: wait for its move"), "{said}");
    assert!(!js(tab, "document.querySelector('[data-role=\"message\"]').classList.contains('error')")
        .as_bool()
        .unwrap());
}

#[test]
fn checkers_move_numbers_stay_with_their_moves_and_counts_are_grouped() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page("game=checkers&m=8&n=8&r=3&computer=random&seed=5"));
    for _ in 0..6 {
        let path = first_legal(board);
        for sq in &path {
            click(tab, &square(sq));
        }
    }
    // A narrow list: every number stands on the line of its move.
    window(tab, 390, 844, false, false);
    js(tab, "document.querySelector('[data-role=\"moves\"]').style.width = '9rem', true");
    let apart = js(
        tab,
        "Array.from(document.querySelectorAll('.moves .num')).filter(n => { const b = n.nextElementSibling; return !b || Math.abs(b.getBoundingClientRect().top - n.getBoundingClientRect().top) > 2; }).length",
    );
    assert_eq!(apart, 0, "a move number at a line's end: {}", text(tab, "checkers", "moves"));
    assert!(js(tab, "document.querySelectorAll('.moves .num').length").as_u64().unwrap() >= 6);
    let loose = js(
        tab,
        "Array.from(document.querySelectorAll('.moves .num')).filter(n => getComputedStyle(n.parentElement).whiteSpace !== 'nowrap').length",
    );
    assert_eq!(loose, 0, "each number kept on one line with its move");
    window(tab, 1180, 820, false, false);

    // Counts with thousands separators.
    assert_eq!(
        js_str(tab, "Harness.grouped('games: 1234567 (black wins 12345, white 999); 1000 positions, 0.123456 s')"),
        "games: 1,234,567 (black wins 12,345, white 999); 1,000 positions, 0.123456 s"
    );
    open(tab, &board.page("game=checkers&m=5&n=5&r=1&computer=random&seed=2"));
    js(tab, "document.querySelector('[data-role=\"count-limit\"]').value = '30', true");
    tab.wait_for_element("[data-action=\"count\"]").unwrap().click().unwrap();
    until(tab, "document.querySelector('[data-role=\"count\"]').dataset.state === 'done'");
    let count = text(tab, "checkers", "count");
    let long = count.split(|c: char| !c.is_ascii_digit() && c != '.').filter(|w| !w.contains('.')).any(|w| w.len() > 3);
    assert!(!long, "digits grouped: {count}");
    assert!(count.contains(','), "{count}");
}

#[test]
fn the_no_token_page_is_styled_and_an_unknown_game_is_named() {
    let Some(session) = InBrowser::start(None) else { return };
    let (board, tab) = (&session.board, &session.tab);
    for dark in [false, true] {
        window(tab, 900, 700, dark, false);
        tab.navigate_to(&format!("http://{}/", board.host)).unwrap().wait_until_navigated().unwrap();
        until(tab, "document.readyState === 'complete'");
        let background = js_str(tab, "getComputedStyle(document.body).backgroundColor");
        assert_eq!(background, if dark { "rgb(22, 23, 26)" } else { "rgb(246, 244, 239)" });
        assert!(js_str(tab, "getComputedStyle(document.body).fontFamily").contains("system-ui"));
        shot(tab, &format!("trial-no-token-{}.png", if dark { "dark" } else { "light" }));
    }
    window(tab, 1180, 820, false, false);
    tab.navigate_to(&board.page("game=chess")).unwrap().wait_until_navigated().unwrap();
    until(tab, "!!document.querySelector('[data-game-link=\"checkers\"]')");
    let said = js_str(tab, "document.querySelector('[data-role=\"unknown-game\"]').textContent");
    assert_eq!(said, "There is no game “chess” here: choose one of these.");
    assert_eq!(js(tab, "document.querySelector('[data-role=\"unknown-game\"]').hidden"), false);
    // A name with markup is shown as text.
    tab.navigate_to(&board.page("game=%3Cimg%20src%3Dx%3E")).unwrap().wait_until_navigated().unwrap();
    until(tab, "!!document.querySelector('[data-game-link=\"checkers\"]')");
    assert_eq!(js(tab, "document.querySelectorAll('img').length"), 0);
    assert!(js_str(tab, "document.querySelector('[data-role=\"unknown-game\"]').textContent").contains("“<img src=x>”"));
    // The list alone, without a game asked for, says nothing of one.
    tab.navigate_to(&board.page("")).unwrap().wait_until_navigated().unwrap();
    until(tab, "!!document.querySelector('[data-game-link=\"checkers\"]')");
    assert_eq!(js(tab, "document.querySelector('[data-role=\"unknown-game\"]').hidden"), true);
}

const NIM: &str = "section[data-game=\"nim\"]";

#[test]
fn nim_a_click_leaves_no_key_choice_the_computers_sticks_show_and_sticks_fit_a_phone() {
    let Some(session) = InBrowser::start(Some("nim")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page("game=nim&heaps=3+4+5&seed=1"));
    assert_eq!(js_str(tab, "document.querySelector('[name=\"heaps\"]').placeholder"), "3 4 5");
    click(tab, "[data-heap=\"0\"] [data-stick=\"2\"]");
    assert_eq!(js(tab, "document.querySelectorAll('.stick.pick, .heap.chosen').length"), 0, "no choice of the keys");
    assert_eq!(text(tab, "nim", "pick"), "");
    // The computer's take, drawn where it was.
    let view = board.expect(200, "GET", "/api/nim", None);
    let (heap, count) = (view["reply"]["heap"].as_u64().unwrap(), view["reply"]["count"].as_u64().unwrap());
    let selector = format!("[data-heap=\"{heap}\"] [data-taken-by=\"computer\"]");
    assert_eq!(js(tab, &format!("document.querySelectorAll({}).length", quoted(&selector))), count);
    assert!(text(tab, "nim", "board").contains(&format!("computer took {count}")));
    shot(tab, "trial-nim-computer-took.png");

    // To the end by keys: no word of an empty heap once the game is over.
    js(tab, &format!("document.querySelector({}).focus(), true", quoted(&format!("{NIM} [data-role=\"board\"]"))));
    for _ in 0..30 {
        if js(tab, &format!("document.querySelector({}).hidden", quoted(&format!("{NIM} [data-role=\"result\"]"))))
            == Value::Bool(false)
        {
            break;
        }
        key(tab, "Enter");
    }
    assert!(!text(tab, "nim", "result").is_empty());
    assert!(!text(tab, "nim", "pick").contains("empty"), "{}", text(tab, "nim", "pick"));

    // Drawn heaps: the field's placeholder is the game's heaps.
    open(tab, &board.page("game=nim&count=4&seed=7"));
    let first = text(tab, "nim", "transcript").lines().next().unwrap().trim_start_matches("Heaps: ").to_string();
    assert_eq!(js_str(tab, "document.querySelector('[name=\"heaps\"]').placeholder"), first);

    // Sticks a finger can aim at on a phone.
    window(tab, 390, 844, false, false);
    let stick = rect(tab, "[data-stick]");
    assert!(stick[2] >= 14.0 && stick[3] >= 40.0, "{stick:?}");
    shot(tab, "trial-nim-phone.png");
}

const TEGEL: &str = "section[data-game=\"tegel\"]";

#[test]
fn tegel_moves_in_words_pot_as_tiles_where_tiles_landed_reasons_and_the_winner() {
    let Some(session) = InBrowser::start(Some("tegel")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page("game=tegel&instance=spel1&sims=200&seed=3"));
    let view = board.expect(200, "GET", "/api/tegel", None);
    let pot = view["pot"].as_str().unwrap().to_string();
    assert_eq!(js(tab, "document.querySelectorAll('[data-pot-tile]').length"), pot.len());
    assert!(!text(tab, "tegel", "pot").contains(&pot), "no letters: {}", text(tab, "tegel", "pot"));

    // A take: its tiles outlined where they landed, its bowl marked, said in words.
    click(tab, "[data-bowl=\"0\"][data-color=\"b\"]");
    let last = board.expect(200, "GET", "/api/tegel", None)["last"].clone();
    let landed = js(tab, "document.querySelectorAll('[data-landed=\"true\"]').length");
    assert_eq!(landed, last["count"], "{last}");
    let row = format!("[data-row=\"0,{}\"] [data-landed=\"true\"]", last["row"]);
    assert_eq!(js(tab, &format!("document.querySelectorAll({}).length", quoted(&row))), last["count"]);
    assert!(js(tab, "!!document.querySelector('.tg-bowl.taken-from')") == Value::Bool(true));
    assert!(text(tab, "tegel", "last").starts_with("Last move: player 0 took "), "{}", text(tab, "tegel", "last"));
    assert_eq!(text(tab, "tegel", "moves"), "moves: player 0: bowl 0, blue");
    assert!(!message(tab, "tegel").contains("(0,b)"), "{}", message(tab, "tegel"));
    // Advice in words.
    tab.wait_for_element("[data-action=\"advice-best\"]").unwrap().click().unwrap();
    until(
        tab,
        &format!(
            "document.querySelector({}).dataset.state === 'done'",
            quoted(&format!("{TEGEL} [data-role=\"search\"]"))
        ),
    );
    let advice = text(tab, "tegel", "search");
    assert!(advice.contains("\nbest move: bowl "), "{advice}");
    assert!(!advice.contains(",g)") && !advice.contains(",b)"), "{advice}");
    shot(tab, "trial-tegel-landed.png");

    // On a phone the players' rows show on the first screen.
    window(tab, 390, 844, false, false);
    let rows = rect(tab, &format!("{TEGEL} [data-role=\"board\"]"));
    assert!(rows[1] < 844.0 * 0.75, "the rows start on the first screen: {rows:?}");
    shot(tab, "trial-tegel-phone.png");
    window(tab, 1180, 820, false, false);

    // The end says who won.
    for _ in 0..60 {
        if js(tab, &format!("document.querySelector({}).hidden", quoted(&format!("{TEGEL} [data-role=\"result\"]"))))
            == Value::Bool(false)
        {
            break;
        }
        click(tab, "[data-action=\"greedy\"]");
    }
    let result = text(tab, "tegel", "result");
    assert!(
        (result.starts_with("Game over: player ") && result.contains(" wins, "))
            || result.starts_with("Game over: a draw"),
        "{result}"
    );

    // A take no row can hold: greyed, and why.
    let file = "gggbbgbb\n2 3\n1 2\n0 0\n0 0\n0\n";
    let body = serde_json::json!({ "text": file }).to_string();
    board.expect(200, "POST", "/api/tegel/new", Some(&body));
    open(tab, &board.page("game=tegel"));
    let take = "[data-bowl=\"0\"][data-color=\"g\"]";
    assert_eq!(js(tab, &format!("document.querySelector({}).disabled", quoted(take))), true);
    let title = js_str(tab, &format!("document.querySelector({}).title", quoted(take)));
    assert!(title.starts_with("cannot take: no row of player 0 has room for 3 yellow"), "{title}");
    let why = js_str(tab, "document.querySelector('[data-bowl-view=\"0\"] [data-why=\"g\"]').textContent");
    assert!(why.starts_with("yellow: no row of player 0 has room for 3 yellow"), "{why}");
    shot(tab, "trial-tegel-greyed.png");
}

const STENEN: &str = "section[data-game=\"stenen\"]";

#[test]
fn tiling_cells_stay_square_an_off_board_preview_says_so_and_a_search_clears_a_refusal() {
    let Some(session) = InBrowser::start(Some("stenen")) else { return };
    let tab = &session.tab;
    window(tab, 1400, 900, false, false);
    open(tab, &session.board.page("game=stenen&instance=stenen1&h=4&b=5"));
    tab.wait_for_element("[data-stone=\"5\"][data-orientation=\"0\"]").unwrap().click().unwrap();
    until(tab, "!!document.querySelector('[data-stone=\"5\"][data-orientation=\"0\"][aria-pressed=\"true\"]')");
    click(tab, "[data-cell=\"2,0\"]");
    let sizes = js_str(
        tab,
        "JSON.stringify(Array.from(document.querySelectorAll('.st-cell')).map(c => { const r = c.getBoundingClientRect(); return [r.width, r.height]; }))",
    );
    let sizes: Vec<[f64; 2]> = serde_json::from_str(&sizes).unwrap();
    for s in &sizes {
        assert!((s[0] - s[1]).abs() < 1.0 && (s[0] - sizes[0][0]).abs() < 1.0, "square cells of one size: {sizes:?}");
    }

    // The preview of a stone that sticks out: red, and said.
    tab.wait_for_element("[data-stone=\"1\"][data-orientation=\"0\"]").unwrap().click().unwrap();
    until(tab, "!!document.querySelector('[data-stone=\"1\"][data-orientation=\"0\"][aria-pressed=\"true\"]')");
    use headless_chrome::protocol::cdp::Input::DispatchMouseEventTypeOption as Kind;
    mouse(tab, Kind::MouseMoved, centre(tab, "[data-cell=\"3,4\"]"), 0);
    until(tab, "!!document.querySelector('.st-cell.anchor')");
    assert!(js(tab, "!!document.querySelector('.st-cell.anchor.misfit')") == Value::Bool(true), "drawn as not fitting");
    assert!(text(tab, "stenen", "fit").starts_with("Does not fit: stone 1"), "{}", text(tab, "stenen", "fit"));
    shot(tab, "trial-stenen-misfit.png");
    mouse(tab, Kind::MouseMoved, centre(tab, "[data-cell=\"0,1\"]"), 0);
    until(tab, "!!document.querySelector('[data-cell=\"0,1\"].anchor')");
    assert_eq!(js(tab, "document.querySelectorAll('.st-cell.misfit').length"), 0);

    // A refused click, then a search that succeeds: the refusal is gone.
    click(tab, "[data-cell=\"3,4\"]");
    assert!(message(tab, "stenen").contains("sticks out"), "{}", message(tab, "stenen"));
    tab.wait_for_element("[data-action=\"find\"][data-mode=\"fast\"]").unwrap().click().unwrap();
    let state =
        format!("document.querySelector({}).dataset.state", quoted(&format!("{STENEN} [data-role=\"search\"]")));
    until(tab, &format!("['done', 'stopped'].includes({state})"));
    let search = text(tab, "stenen", "search");
    assert!(search.starts_with("find a tiling (fast search):\na solution"), "{search} | {}", message(tab, "stenen"));
    until(tab, "document.querySelector('[data-role=\"board\"][data-solved=\"true\"]') !== null");
    until(
        tab,
        &format!(
            "document.querySelector({}).dataset.state === 'done'",
            quoted(&format!("{STENEN} [data-role=\"search\"]"))
        ),
    );
    assert!(!message(tab, "stenen").contains("sticks out"), "{}", message(tab, "stenen"));
}
