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
const STANDARD: &str = "game=checkers&m=8&n=8&r=3&computer=random&seed=5";
const SET_UP: &str = "game=checkers&position=ba1+wb2+wd4+wh8&computer=random&seed=1";

/// Plays the first legal move the server lists, square by square.
fn play_first_legal(tab: &Tab, board: &Board) {
    for sq in first_legal(board) {
        click(tab, &square(&sq));
    }
}

fn board_data(tab: &Tab, name: &str) -> String {
    js_str(tab, &format!("document.querySelector('[data-role=\"board\"]').dataset.{name} || ''"))
}

// ---- checkers: broken and confusing

#[test]
fn checkers_new_game_after_a_set_up_link_starts_the_standard_position_of_the_chosen_size() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page(SET_UP));
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
fn checkers_a_multi_capture_clicked_or_dragged_to_its_end_square_is_played() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    // Clicked: the piece, then straight the square where the double jump ends.
    open(tab, &session.board.page(SET_UP));
    click(tab, &square("a1"));
    click(tab, &square("e5"));
    assert!(text(tab, "checkers", "moves").starts_with("1. a1xc3xe5 "), "{}", message(tab, "checkers"));
    // Dragged there.
    open(tab, &session.board.page(SET_UP));
    drag(tab, "a1", "e5");
    assert!(text(tab, "checkers", "moves").starts_with("1. a1xc3xe5 "), "{}", message(tab, "checkers"));
}

#[test]
fn checkers_refusals_and_prompts_name_their_squares_and_never_point_at_marks_not_shown() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page(SET_UP));
    click(tab, &square("a1"));
    assert_eq!(message(tab, "checkers"), "a1 selected: it can go to c3.");
    // A piece that must jump sent elsewhere: the refusal names where, and the selection
    // stays with that square marked.
    open(tab, &session.board.page("game=checkers&position=bc1+bg3+wf4+wa7&computer=random&seed=1"));
    click(tab, &square("g3"));
    click(tab, &square("h4"));
    assert_eq!(message(tab, "checkers"), "g3 cannot go to h4: capturing is mandatory, so g3 must jump, to e5.");
    assert_eq!(marked(tab, "data-target", "true"), ["e5"], "the square named is marked");
    assert_eq!(marked(tab, "aria-selected", "true"), ["g3"]);
    // Dropped (the piece clicked again): a wrong click then says nothing of marks.
    click(tab, &square("g3"));
    assert!(marked(tab, "aria-selected", "true").is_empty());
    click(tab, &square("h4"));
    assert!(!message(tab, "checkers").contains("marked"), "{}", message(tab, "checkers"));
}

#[test]
fn checkers_no_click_prompt_during_keyboard_play() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page(STANDARD));
    js(tab, "document.querySelector('[data-role=\"board\"]').focus(), true");
    until(tab, "!!document.querySelector('[data-cursor=\"true\"]')");
    key(tab, "Enter");
    let selected = message(tab, "checkers");
    assert!(selected.contains(" selected: it can go to "), "{selected}");
    assert!(!selected.to_lowercase().contains("click"), "{selected}");
}

#[test]
fn checkers_pdn_load_uses_its_own_board_tag() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    // A 6x6 game's PDN loaded while the form says 8x8: played on 6x6.
    open(tab, &board.page("game=checkers&m=6&n=6&r=2&computer=random&seed=1"));
    play_first_legal(tab, board);
    let pdn = js_str(tab, "document.querySelector('[data-role=\"pdn\"]').value");
    assert!(pdn.contains("[Board \"6x6, 2 rows of men\"]"), "{pdn}");
    let moves = text(tab, "checkers", "moves");
    open(tab, &board.page(STANDARD));
    tab.wait_for_element("details.pdn summary").unwrap().click().unwrap();
    until(tab, "document.querySelector('details.pdn').open");
    js(tab, &format!("document.querySelector('[data-role=\"pdn\"]').value = {}, true", quoted(&pdn)));
    click(tab, "[data-action=\"load\"]");
    assert_eq!(text(tab, "checkers", "moves"), moves, "{}", message(tab, "checkers"));
    assert_eq!(js(tab, "document.querySelectorAll('[data-square]').length"), 18, "a 6x6 board");
    assert_eq!(js_str(tab, "document.querySelector('[name=\"m\"]').value"), "6", "the form shows the loaded board");
}

#[test]
fn checkers_arrows_after_a_mouse_move_step_through_the_moves() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page(STANDARD));
    drag(tab, "c3", "d4");
    assert_eq!(js_str(tab, "document.activeElement.dataset.role"), "board");
    let live = status(tab);
    key(tab, "ArrowLeft");
    assert!(status(tab).starts_with("ply 1 of 2: "), "{}", status(tab));
    assert_eq!(board_data(tab, "keys"), "false", "no cursor");
    key(tab, "ArrowRight");
    assert_eq!(status(tab), live);
    // Up brings the cursor back (as does Tab into the board).
    key(tab, "ArrowUp");
    assert_eq!(board_data(tab, "keys"), "true");
    assert_eq!(js(tab, "!!document.querySelector('[data-cursor=\"true\"]')"), true, "the cursor is back");
}

#[test]
fn checkers_side_panel_stays_beside_the_board_at_900x700() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page(STANDARD));
    for dark in [false, true] {
        window(tab, 900, 700, dark, false);
        let b = rect(tab, "[data-role=\"board\"]");
        let s = rect(tab, "section[data-game=\"checkers\"] .side");
        assert!(s[0] >= b[0] + b[2], "the side beside the board: {b:?} {s:?}");
        assert!(s[1] < b[1] + 10.0, "the side starts at the board's top: {b:?} {s:?}");
        assert!(s[0] + s[2] <= 900.5, "nothing wider than the window: {s:?}");
        assert!(b[2] >= 450.0, "the board stays large: {b:?}");
    }
}

#[test]
fn checkers_a_hint_while_reviewing_says_it_is_for_the_position_now() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page(STANDARD));
    click(tab, &square("c3"));
    click(tab, &square("d4"));
    js(tab, "document.activeElement.blur(), true");
    key(tab, "Home");
    assert!(status(tab).starts_with("ply 0 of 2: "), "{}", status(tab));
    click(tab, "section[data-game=\"checkers\"] [data-action=\"hint\"]");
    until(tab, "document.querySelector('[data-role=\"hint\"]').dataset.state === 'done'");
    let hint = text(tab, "checkers", "hint");
    assert!(hint.contains("for the position now (ply 2), not the one shown"), "{hint}");
    assert!(marked(tab, "data-hint", "true").is_empty(), "not drawn on the earlier position");
    click(tab, "[data-role=\"live\"]");
    assert!(text(tab, "checkers", "hint").starts_with("Hint: "), "{}", text(tab, "checkers", "hint"));
    assert!(!marked(tab, "data-hint", "true").is_empty(), "drawn on the position now");
}

// ---- checkers: as lidraughts does

#[test]
fn checkers_play_on_from_an_earlier_move_drops_the_later_moves() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page(STANDARD));
    click(tab, &square("c3"));
    click(tab, &square("d4"));
    play_first_legal(tab, board);
    js(tab, "document.activeElement.blur(), true");
    key(tab, "Home");
    // A click on the earlier position says how to play on from it.
    click(tab, &square("c3"));
    assert!(message(tab, "checkers").contains("“play on from here”"), "{}", message(tab, "checkers"));
    click(tab, "[data-action=\"continue\"]");
    assert_eq!(text(tab, "checkers", "moves"), "");
    assert!(message(tab, "checkers").contains("the 4 later moves are dropped"), "{}", message(tab, "checkers"));
    assert!(status(tab).starts_with("black to move (you) | black 12"), "{}", status(tab));
    click(tab, &square("e3"));
    click(tab, &square("f4"));
    assert!(text(tab, "checkers", "moves").starts_with("1. e3-f4 "), "{}", text(tab, "checkers", "moves"));
    assert_eq!(board.expect(200, "GET", "/api/checkers", None)["plies"], 2);
}

#[test]
fn checkers_flip_the_board_by_hand() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page(STANDARD));
    let flip = "section[data-game=\"checkers\"] [data-action=\"flip\"]";
    click(tab, flip);
    assert_eq!(board_data(tab, "flipped"), "true");
    assert_eq!(js_str(tab, "document.querySelector('[data-role=\"board\"] [data-at]').dataset.at"), "0,7");
    assert!(text(tab, "checkers", "ranks").starts_with('1'));
    assert_eq!(js_str(tab, &format!("document.querySelector({}).getAttribute('aria-pressed')", quoted(flip))), "true");
    click(tab, &square("c3"));
    click(tab, &square("d4"));
    assert_eq!(piece(tab, "d4"), "b", "plays as before");
    shot(tab, "trial-checkers-flipped.png");
    click(tab, flip);
    assert_eq!(board_data(tab, "flipped"), "false");
}

#[test]
fn checkers_moves_slide_into_place_unless_reduced_motion_is_asked() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page(STANDARD));
    click(tab, &square("c3"));
    click(tab, &square("d4"));
    let animated = board_data(tab, "animated");
    assert!(animated.contains('-'), "a move was animated: {animated:?}");
    window(tab, 1180, 820, false, true);
    js(tab, "document.querySelector('[data-role=\"board\"]').dataset.animated = '', true");
    play_first_legal(tab, board);
    assert_eq!(board_data(tab, "animated"), "none");
    assert_eq!(js(tab, "document.getAnimations().length"), 0);
}

/// Needs the computer's reply to outlast the server's 30 ms grace, which the web board's
/// deepest strategy (8 plies) on its largest boards does not on a fast machine (release
/// build): a test of the machine's speed, so it runs only when asked (`--ignored`).
#[test]
#[ignore = "depends on the computer's search outlasting 30 ms"]
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
    assert_eq!(js(tab, "document.querySelector('[data-role=\"message\"]').classList.contains('error')"), false);
}

// ---- checkers: text

#[test]
fn checkers_move_numbers_stay_with_their_moves() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page(STANDARD));
    for _ in 0..6 {
        play_first_legal(tab, board);
    }
    window(tab, 390, 844, false, false);
    js(tab, "document.querySelector('[data-role=\"moves\"]').style.width = '9rem', true");
    assert!(js(tab, "document.querySelectorAll('.moves .num').length").as_u64().unwrap() >= 6);
    let loose = js(
        tab,
        "Array.from(document.querySelectorAll('.moves .num')).filter(n => getComputedStyle(n.parentElement).whiteSpace !== 'nowrap').length",
    );
    assert_eq!(loose, 0, "each number kept on one line with its move");
    let apart = js(
        tab,
        "Array.from(document.querySelectorAll('.moves .num')).filter(n => { const b = n.nextElementSibling; return !b || Math.abs(b.getBoundingClientRect().top - n.getBoundingClientRect().top) > 2; }).length",
    );
    assert_eq!(apart, 0, "a move number at a line's end: {}", text(tab, "checkers", "moves"));
    shot(tab, "trial-checkers-moves-phone.png");
}

#[test]
fn checkers_counts_have_thousands_separators() {
    let Some(session) = InBrowser::start(Some("checkers")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page("game=checkers&m=5&n=5&r=1&computer=random&seed=2"));
    js(tab, "document.querySelector('[data-role=\"count-limit\"]').value = '30', true");
    tab.wait_for_element("[data-action=\"count\"]").unwrap().click().unwrap();
    until(tab, "document.querySelector('[data-role=\"count\"]').dataset.state === 'done'");
    let count = text(tab, "checkers", "count");
    assert!(count.contains(": 344,918 (black wins 5,256, white wins 3,924, both kings 335,738)"), "{count}");
    assert!(count.contains("598,837 positions"), "{count}");
}

// ---- the page

#[test]
fn the_no_token_page_is_styled_like_the_boards() {
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
}

#[test]
fn an_unknown_game_is_named_instead_of_silently_showing_the_list() {
    let Some(session) = InBrowser::start(None) else { return };
    let (board, tab) = (&session.board, &session.tab);
    let shown = "document.querySelector('[data-role=\"unknown-game\"]')";
    tab.navigate_to(&board.page("game=chess")).unwrap().wait_until_navigated().unwrap();
    until(tab, "!!document.querySelector('[data-game-link=\"checkers\"]')");
    assert_eq!(js_str(tab, &format!("{shown}.textContent")), "There is no game “chess” here: choose one of these.");
    assert_eq!(js(tab, &format!("{shown}.hidden")), false);
    // A name with markup is shown as text.
    tab.navigate_to(&board.page("game=%3Cimg%20src%3Dx%3E")).unwrap().wait_until_navigated().unwrap();
    until(tab, "!!document.querySelector('[data-game-link=\"checkers\"]')");
    assert_eq!(js(tab, "document.querySelectorAll('img').length"), 0);
    assert!(js_str(tab, &format!("{shown}.textContent")).contains("“<img src=x>”"));
    // The list alone, without a game asked for, says nothing of one.
    tab.navigate_to(&board.page("")).unwrap().wait_until_navigated().unwrap();
    until(tab, "!!document.querySelector('[data-game-link=\"checkers\"]')");
    assert_eq!(js(tab, &format!("{shown}.hidden")), true);
}

// ---- Nim

const NIM: &str = "section[data-game=\"nim\"]";

fn nim_over(tab: &Tab) -> bool {
    js(tab, &format!("document.querySelector({}).hidden", quoted(&format!("{NIM} [data-role=\"result\"]")))) == false
}

#[test]
fn nim_a_click_leaves_no_keyboard_choice_that_looks_like_a_pending_move() {
    let Some(session) = InBrowser::start(Some("nim")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page("game=nim&heaps=3+4+5&seed=1"));
    click(tab, "[data-heap=\"0\"] [data-stick=\"2\"]");
    assert_eq!(js(tab, "document.querySelectorAll('.stick.pick, .heap.chosen').length"), 0, "no choice of the keys");
    assert_eq!(text(tab, "nim", "pick"), "");
    // The keys still choose once pressed.
    key(tab, "ArrowDown");
    assert!(text(tab, "nim", "pick").starts_with("take 1 from heap "), "{}", text(tab, "nim", "pick"));
}

#[test]
fn nim_no_empty_heap_note_once_the_game_is_over() {
    let Some(session) = InBrowser::start(Some("nim")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page("game=nim&heaps=6+6+6&seed=1"));
    js(tab, &format!("document.querySelector({}).focus(), true", quoted(&format!("{NIM} [data-role=\"board\"]"))));
    for _ in 0..30 {
        if nim_over(tab) {
            break;
        }
        key(tab, "Enter");
    }
    assert!(nim_over(tab));
    assert_eq!(text(tab, "nim", "pick"), "", "nothing chosen once the game is over");
    assert_eq!(js(tab, "document.querySelectorAll('.stick.pick, .heap.chosen').length"), 0);
}

#[test]
fn nim_the_sticks_the_computer_took_are_shown() {
    let Some(session) = InBrowser::start(Some("nim")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page("game=nim&heaps=3+4+5&seed=1"));
    for stick in ["[data-heap=\"0\"] [data-stick=\"2\"]", "[data-heap=\"2\"] [data-stick=\"0\"]"] {
        click(tab, stick);
        let view = board.expect(200, "GET", "/api/nim", None);
        let (heap, count) = (view["reply"]["heap"].as_u64().unwrap(), view["reply"]["count"].as_u64().unwrap());
        let selector = format!("[data-heap=\"{heap}\"] [data-taken-by=\"computer\"]");
        assert_eq!(js(tab, &format!("document.querySelectorAll({}).length", quoted(&selector))), count);
        assert_eq!(js(tab, "document.querySelectorAll('[data-taken-by]').length"), count, "only the last take");
        assert!(text(tab, "nim", "board").contains(&format!("computer took {count}")));
    }
    shot(tab, "trial-nim-computer-took.png");
}

#[test]
fn nim_sticks_are_large_enough_on_a_phone() {
    let Some(session) = InBrowser::start(Some("nim")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page("game=nim&heaps=3+4+5&seed=1"));
    window(tab, 390, 844, false, false);
    let stick = rect(tab, "[data-stick]");
    assert!(stick[2] >= 14.0 && stick[3] >= 40.0, "{stick:?}");
    shot(tab, "trial-nim-phone.png");
}

#[test]
fn nim_the_heaps_fields_placeholder_is_the_games_heaps() {
    let Some(session) = InBrowser::start(Some("nim")) else { return };
    let tab = &session.tab;
    open(tab, &session.board.page("game=nim&count=4&seed=7"));
    let first = text(tab, "nim", "transcript").lines().next().unwrap().trim_start_matches("Heaps: ").to_string();
    assert_eq!(first.split(' ').count(), 4);
    assert_eq!(js_str(tab, "document.querySelector('[name=\"heaps\"]').placeholder"), first);
}

// ---- the tile game

const TEGEL: &str = "section[data-game=\"tegel\"]";

#[test]
fn tegel_a_take_you_cannot_make_is_greyed_with_its_reason() {
    let Some(session) = InBrowser::start(Some("tegel")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    // Bowl 0 holds 3 yellow; rows hold 2 tiles.
    let body = serde_json::json!({ "text": "gggbbgbb\n2 3\n1 2\n0 0\n0 0\n0\n" }).to_string();
    board.expect(200, "POST", "/api/tegel/new", Some(&body));
    open(tab, &board.page("game=tegel"));
    let take = "[data-bowl=\"0\"][data-color=\"g\"]";
    assert_eq!(js(tab, &format!("document.querySelector({}).disabled", quoted(take))), true);
    let title = js_str(tab, &format!("document.querySelector({}).title", quoted(take)));
    assert_eq!(
        title,
        "cannot take: no row of player 0 has room for 3 yellow (a row must be empty, or yellow with 3 free cells)"
    );
    let why = js_str(tab, "document.querySelector('[data-bowl-view=\"0\"] [data-why=\"g\"]').textContent");
    assert_eq!(why, "yellow: no row of player 0 has room for 3 yellow");
    assert_eq!(js(tab, "document.querySelectorAll('[data-why]').length"), 1, "a take that can be made has no reason");
    shot(tab, "trial-tegel-greyed.png");
}

#[test]
fn tegel_moves_and_the_pot_in_words_and_tiles_not_notation() {
    let Some(session) = InBrowser::start(Some("tegel")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page("game=tegel&instance=spel1&sims=200&seed=3"));
    let pot = board.expect(200, "GET", "/api/tegel", None)["pot"].as_str().unwrap().to_string();
    let tiles =
        js_str(tab, "Array.from(document.querySelectorAll('[data-pot-tile]')).map(t => t.dataset.potTile).join('')");
    assert_eq!(tiles, pot, "the pot's tiles in order");
    assert!(!text(tab, "tegel", "pot").contains(&pot), "no letters: {}", text(tab, "tegel", "pot"));
    click(tab, "[data-bowl=\"0\"][data-color=\"b\"]");
    assert_eq!(text(tab, "tegel", "moves"), "moves: player 0: bowl 0, blue");
    assert_eq!(message(tab, "tegel"), "Player 0 took the blue tiles of bowl 0.");
    tab.wait_for_element("[data-action=\"advice-best\"]").unwrap().click().unwrap();
    let search = format!(
        "document.querySelector({}).dataset.state === 'done'",
        quoted(&format!("{TEGEL} [data-role=\"search\"]"))
    );
    until(tab, &search);
    let advice = text(tab, "tegel", "search");
    assert!(advice.contains("\nbest move: bowl "), "{advice}");
    assert!(!advice.contains(",g)") && !advice.contains(",b)"), "{advice}");
    tab.wait_for_element("[data-action=\"advice-good\"]").unwrap().click().unwrap();
    until(
        tab,
        &search.replace(
            "'done'",
            "'done' && document.querySelector('[data-role=\"search\"]').textContent.startsWith('good')",
        ),
    );
    let advice = text(tab, "tegel", "search");
    assert!(advice.contains("\ngood move: bowl ") && advice.contains("averages: bowl "), "{advice}");
    assert!(!advice.contains(",g)") && !advice.contains(",b)"), "{advice}");
}

#[test]
fn tegel_the_last_move_shows_where_its_tiles_landed() {
    let Some(session) = InBrowser::start(Some("tegel")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page("game=tegel&instance=spel1&sims=200&seed=3"));
    for (take, player) in [("[data-bowl=\"0\"][data-color=\"b\"]", 0), ("[data-action=\"greedy\"]", 1)] {
        click(tab, take);
        let last = board.expect(200, "GET", "/api/tegel", None)["last"].clone();
        assert_eq!(last["player"], player, "{last}");
        let row = format!("[data-player=\"{player}\"] [data-row=\"{player},{}\"] [data-landed=\"true\"]", last["row"]);
        assert_eq!(js(tab, &format!("document.querySelectorAll({}).length", quoted(&row))), last["count"], "{last}");
        assert_eq!(js(tab, "document.querySelectorAll('[data-landed=\"true\"]').length"), last["count"]);
        let bowl = format!(".tg-bowl.taken-from[data-bowl-view=\"{}\"]", last["bowl"]);
        assert_eq!(js(tab, &format!("!!document.querySelector({})", quoted(&bowl))), true);
        let said = text(tab, "tegel", "last");
        assert!(said.starts_with(&format!("Last move: player {player} took ")), "{said}");
    }
    shot(tab, "trial-tegel-landed.png");
}

#[test]
fn tegel_the_end_banner_says_who_won() {
    let Some(session) = InBrowser::start(Some("tegel")) else { return };
    let (board, tab) = (&session.board, &session.tab);
    open(tab, &board.page("game=tegel&instance=spel1&sims=200&seed=3"));
    let result = quoted(&format!("{TEGEL} [data-role=\"result\"]"));
    for _ in 0..60 {
        if js(tab, &format!("document.querySelector({result}).hidden")) == false {
            break;
        }
        click(tab, "[data-action=\"greedy\"]");
    }
    let view = board.expect(200, "GET", "/api/tegel", None);
    let (a, b) = (view["players"][0]["full_rows"].as_u64().unwrap(), view["players"][1]["full_rows"].as_u64().unwrap());
    let rows = |n: u64| format!("{n} full {}", if n == 1 { "row" } else { "rows" });
    let want = match a.cmp(&b) {
        std::cmp::Ordering::Greater => format!("Game over: player 0 wins, {} to {b}.", rows(a)),
        std::cmp::Ordering::Less => format!("Game over: player 1 wins, {} to {a}.", rows(b)),
        std::cmp::Ordering::Equal => format!("Game over: a draw, {} each.", rows(a)),
    };
    assert_eq!(text(tab, "tegel", "result"), want);
}

#[test]
fn tegel_on_a_phone_the_bowls_leave_the_rows_on_the_first_screen() {
    let Some(session) = InBrowser::start(Some("tegel")) else { return };
    let tab = &session.tab;
    window(tab, 390, 844, false, false);
    open(tab, &session.board.page("game=tegel&instance=spel2&sims=200&seed=3"));
    assert_eq!(js(tab, "document.querySelectorAll('.tg-bowl').length"), 5);
    let rows = rect(tab, &format!("{TEGEL} [data-role=\"board\"] .tg-row"));
    assert!(rows[1] + rows[3] < 844.0, "the first row on the first screen: {rows:?}");
    shot(tab, "trial-tegel-phone.png");
}

// ---- the tiling

fn choose_stone(tab: &Tab, stone: u32, orientation: u32) {
    let button = format!("[data-stone=\"{stone}\"][data-orientation=\"{orientation}\"]");
    tab.wait_for_element(&button).unwrap().click().unwrap();
    until(tab, &format!("!!document.querySelector({})", quoted(&format!("{button}[aria-pressed=\"true\"]"))));
}

#[test]
fn tiling_cells_stay_square_when_rows_hold_stones() {
    let Some(session) = InBrowser::start(Some("stenen")) else { return };
    let tab = &session.tab;
    window(tab, 1400, 900, false, false);
    open(tab, &session.board.page("game=stenen&instance=stenen1&h=4&b=5"));
    choose_stone(tab, 5, 0);
    click(tab, "[data-cell=\"2,0\"]");
    let sizes = js_str(
        tab,
        "JSON.stringify(Array.from(document.querySelectorAll('.st-cell')).map(c => { const r = c.getBoundingClientRect(); return [r.width, r.height]; }))",
    );
    let sizes: Vec<[f64; 2]> = serde_json::from_str(&sizes).unwrap();
    for s in &sizes {
        assert!((s[0] - s[1]).abs() < 1.0 && (s[0] - sizes[0][0]).abs() < 1.0, "square cells of one size: {sizes:?}");
    }
}

#[test]
fn tiling_an_off_board_preview_says_it_does_not_fit() {
    use headless_chrome::protocol::cdp::Input::DispatchMouseEventTypeOption as Kind;
    let Some(session) = InBrowser::start(Some("stenen")) else { return };
    let tab = &session.tab;
    window(tab, 1400, 900, false, false);
    open(tab, &session.board.page("game=stenen&instance=stenen1&h=4&b=5"));
    choose_stone(tab, 1, 0);
    mouse(tab, Kind::MouseMoved, centre(tab, "[data-cell=\"3,4\"]"), 0);
    until(tab, "!!document.querySelector('[data-cell=\"3,4\"].anchor')");
    assert_eq!(js(tab, "!!document.querySelector('.st-cell.anchor.misfit')"), true, "drawn as not fitting");
    let cue = js_str(tab, "getComputedStyle(document.querySelector('.st-cell.anchor'), '::after').content");
    assert_eq!(cue, "\"does not fit\"");
    assert!(text(tab, "stenen", "fit").starts_with("Does not fit: stone 1"), "{}", text(tab, "stenen", "fit"));
    shot(tab, "trial-stenen-misfit.png");
    mouse(tab, Kind::MouseMoved, centre(tab, "[data-cell=\"0,1\"]"), 0);
    until(tab, "!!document.querySelector('[data-cell=\"0,1\"].anchor')");
    assert_eq!(js(tab, "document.querySelectorAll('.st-cell.misfit').length"), 0);
    assert_eq!(text(tab, "stenen", "fit"), "");
}

#[test]
fn tiling_a_search_that_succeeds_clears_an_old_refusal() {
    let Some(session) = InBrowser::start(Some("stenen")) else { return };
    let tab = &session.tab;
    window(tab, 1400, 900, false, false);
    open(tab, &session.board.page("game=stenen&instance=stenen1&h=4&b=5"));
    choose_stone(tab, 1, 0);
    click(tab, "[data-cell=\"3,4\"]");
    assert!(message(tab, "stenen").contains("sticks out"), "{}", message(tab, "stenen"));
    js(tab, "document.querySelector('[data-action=\"find\"][data-mode=\"fast\"]').click(), true");
    until(tab, "document.querySelector('[data-role=\"board\"][data-solved=\"true\"]') !== null");
    assert!(!message(tab, "stenen").contains("sticks out"), "{}", message(tab, "stenen"));
    assert_eq!(js(tab, "document.querySelector('section[data-game=\"stenen\"] [data-role=\"message\"]').classList.contains('error')"), false);
}

// ---- every board at three sizes, light and dark

#[test]
fn every_board_at_1400_900_and_phone_size_light_and_dark() {
    let Some(session) = InBrowser::start(None) else { return };
    let (board, tab) = (&session.board, &session.tab);
    let pages = [
        ("checkers", "game=checkers&m=8&n=8&r=3&computer=random&seed=5"),
        ("nim", "game=nim&heaps=3+4+5&seed=1"),
        ("tegel", "game=tegel&instance=spel2&sims=200&seed=3"),
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
                let wide = js(tab, "document.documentElement.scrollWidth").as_f64().unwrap();
                assert!(wide <= f64::from(width) + 0.5, "{game} at {width}: nothing wider than the window ({wide})");
                shot(tab, &format!("trial-{game}-{width}-{}.png", if dark { "dark" } else { "light" }));
            }
        }
    }
}
