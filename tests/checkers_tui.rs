//! The terminal board driven by crossterm events fed to `App::update`, drawn on
//! ratatui's `TestBackend`: whole games by mouse and by keyboard, undo, new game,
//! selection marks.

use harness::base::limits::TimeLimit;
use harness::checkers::game::Outcome;
use harness::checkers::geometry::{BoardSize, Color, Geometry};
use harness::checkers::players::PlayerKind;
use harness::checkers::position::{Piece, Position};
use harness::checkers::session::Session;
use harness::checkers::tui::{Action, App};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::Terminal;

fn app(human: Color) -> App<u64> {
    App::new(BoardSize::new(6, 6, 2).unwrap(), human, PlayerKind::Random, 7, 80)
}

fn draw(app: &mut App<u64>) -> String {
    draw_in(app, 80, 20)
}

fn draw_in(app: &mut App<u64>, width: u16, height: u16) -> String {
    let mut term = Terminal::new(TestBackend::new(width, height)).unwrap();
    term.draw(|f| app.render(f)).unwrap();
    let buf = term.backend().buffer().clone();
    let mut text = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            text.push_str(buf[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

fn click(app: &mut App<u64>, row: u8, col: u8) {
    let (column, row) = app.screen_pos(row, col);
    let ev = MouseEvent { kind: MouseEventKind::Down(MouseButton::Left), column, row, modifiers: KeyModifiers::NONE };
    assert_eq!(app.update(Event::Mouse(ev)), Action::Continue);
}

fn key(app: &mut App<u64>, code: KeyCode) -> Action {
    app.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// The path of the alphabetically first legal move, as (row, col) squares.
fn first_move_path(app: &App<u64>) -> Vec<(u8, u8)> {
    let g = &app.game().geometry;
    let mut moves: Vec<_> = app.game().legal().to_vec();
    moves.sort_by_key(|m| m.text(g));
    moves[0].path(g).iter().map(|&s| g.square(s).unwrap()).collect()
}

fn play_to_the_end(app: &mut App<u64>, mut enter: impl FnMut(&mut App<u64>, u8, u8)) -> String {
    for _ in 0..400 {
        let screen = draw(app);
        if app.game().outcome() != Outcome::Ongoing {
            return screen;
        }
        let plies = app.game().plies();
        for (row, col) in first_move_path(app) {
            enter(app, row, col);
        }
        assert!(app.game().plies() > plies, "the move was not played: {}", app.message());
    }
    panic!("game did not end in 400 turns");
}

#[test]
fn a_whole_game_with_the_mouse() {
    let mut a = app(Color::Black);
    let screen = play_to_the_end(&mut a, click);
    assert!(screen.contains("wins") || screen.contains("draw"), "{screen}");
    assert_ne!(a.game().outcome(), Outcome::Ongoing);
    assert!(screen.contains(" a  b  c  d  e  f"), "{screen}");
}

#[test]
fn a_whole_game_with_the_keyboard_alone_as_white() {
    let mut a = app(Color::White);
    assert_eq!(a.game().plies(), 1, "the computer opens as Black");
    let screen = play_to_the_end(&mut a, |a, row, col| {
        while a.cursor().0 < row {
            key(a, KeyCode::Up);
        }
        while a.cursor().0 > row {
            key(a, KeyCode::Down);
        }
        while a.cursor().1 < col {
            key(a, KeyCode::Right);
        }
        while a.cursor().1 > col {
            key(a, KeyCode::Left);
        }
        key(a, KeyCode::Enter);
    });
    assert!(screen.contains("wins") || screen.contains("draw"), "{screen}");
}

#[test]
fn selection_marks_destinations_and_wrong_clicks_explain() {
    let mut a = app(Color::Black);
    click(&mut a, 3, 3); // an empty square: not a piece
    assert!(a.message().contains("own pieces"), "{}", a.message());
    click(&mut a, 1, 1); // b2
    assert_eq!(a.selection().len(), 1);
    let targets = a.targets();
    let g = &a.game().geometry;
    let names: Vec<String> = targets.iter().map(|&s| g.name(s)).collect();
    assert_eq!(names, ["a3", "c3"]);
    let screen = draw(&mut a);
    assert!(screen.contains("b2 selected"), "{screen}");
    assert!(screen.contains('*'), "{screen}");
    click(&mut a, 5, 5); // far away: not a destination, not selectable
    assert!(a.selection().is_empty());
    click(&mut a, 0, 1); // light square
    assert!(a.message().contains("dark"), "{}", a.message());
}

/// Black a1 with White on b2, d4, b4: a1xc3 must go on to a5 or e5; the jump is clicked
/// square by square, the visited square stays selected and the next squares are marked.
#[test]
fn a_multi_jump_is_clicked_square_by_square() {
    let size = BoardSize::standard();
    let g = Geometry::<u64>::new(8, 8, 3).unwrap();
    let mut p = Position::empty(Color::Black);
    p.put(g.parse_square("a1").unwrap(), Piece { color: Color::Black, king: false });
    for sq in ["b2", "d4", "b4", "h8"] {
        p.put(g.parse_square(sq).unwrap(), Piece { color: Color::White, king: false });
    }
    let mut a = App::from_session(Session::from_position(size, p, Color::Black, PlayerKind::Random, 1, 80));
    let names = |a: &App<u64>| a.targets().iter().map(|&s| g.name(s)).collect::<Vec<_>>();
    click(&mut a, 0, 0);
    assert_eq!(names(&a), ["c3"]);
    click(&mut a, 2, 2);
    assert!(a.message().contains("Keep jumping"), "{}", a.message());
    assert_eq!(a.selection().len(), 2);
    assert_eq!(names(&a), ["a5", "e5"]);
    click(&mut a, 4, 4);
    assert_eq!(a.game().moves().next().unwrap().text(&g), "a1xc3xe5");
    assert_eq!(a.game().plies(), 2, "the computer replied");
    assert_eq!(a.game().position().count(Color::White), 2);
}

#[test]
fn undo_new_game_and_quit_keys() {
    let mut a = app(Color::Black);
    for (row, col) in first_move_path(&a) {
        click(&mut a, row, col);
    }
    assert_eq!(a.game().plies(), 2);
    key(&mut a, KeyCode::Char('u'));
    assert_eq!(a.game().plies(), 0);
    key(&mut a, KeyCode::Char('u'));
    assert!(a.message().contains("Nothing to undo"));
    for (row, col) in first_move_path(&a) {
        click(&mut a, row, col);
    }
    key(&mut a, KeyCode::Char('n'));
    assert_eq!(a.game().plies(), 0);
    assert!(draw(&mut a).contains("black to move (you) | black 6 (0 kings) | white 6 (0 kings)"));
    assert_eq!(key(&mut a, KeyCode::Char('q')), Action::Quit);
}

#[test]
fn the_c_key_shows_the_continuation_count() {
    let mut a = App::<u64>::new(BoardSize::new(4, 4, 1).unwrap(), Color::Black, PlayerKind::Random, 7, 80);
    key(&mut a, KeyCode::Char('c'));
    assert!(a.counting());
    assert!(draw(&mut a).contains("counting…"), "the count runs in the background and says so");
    a.wait_for_count();
    assert!(a.message().starts_with("continuation games"), "{}", a.message());
    assert!(a.message().contains(": 62 (black wins 6, white wins 4, both kings 52)"), "{}", a.message());
    let mut slow = app(Color::Black).with_count_limit(TimeLimit::from_secs(0.05).unwrap());
    key(&mut slow, KeyCode::Char('c'));
    slow.wait_for_count();
    assert!(slow.message().contains("did not finish"), "{}", slow.message());
}

#[test]
fn a_count_can_be_cancelled_with_esc() {
    let mut a = App::<u64>::new(BoardSize::standard(), Color::Black, PlayerKind::Random, 7, 80)
        .with_count_limit(TimeLimit::whole_seconds(600));
    key(&mut a, KeyCode::Char('c'));
    assert!(a.message().contains("counting"), "{}", a.message());
    key(&mut a, KeyCode::Esc);
    a.wait_for_count();
    assert_eq!(a.message(), "continuation count did not finish: cancelled");
    assert!(!a.counting());
}

/// Midway through a multi-jump the piece is drawn on the square it jumped to, its start
/// square is empty and the piece it jumped is marked `x`.
#[test]
fn midway_through_a_multi_jump_the_piece_is_drawn_where_it_stands() {
    let size = BoardSize::standard();
    let g = Geometry::<u64>::new(8, 8, 3).unwrap();
    let p = Position::from_text(&g, Color::Black, "ba1 wb2 wd4 wh8").unwrap();
    let mut a = App::from_session(Session::from_position(size, p, Color::Black, PlayerKind::Random, 1, 80));
    click(&mut a, 0, 0);
    click(&mut a, 2, 2);
    let screen = draw(&mut a);
    let row = |n: usize| screen.lines().find(|l| l.starts_with(&format!("{n:>2} "))).unwrap().to_string();
    assert_eq!(&row(3)[3..12], "      [b]", "{screen}");
    assert_eq!(&row(2)[3..9], "    x ", "{screen}");
    assert_eq!(&row(1)[3..6], "   ", "{screen}");
}

#[test]
fn a_finished_game_says_so_and_asks_for_no_click() {
    let size = BoardSize::new(3, 3, 1).unwrap();
    let g = Geometry::<u64>::new(3, 3, 1).unwrap();
    let p = Position::from_text(&g, Color::Black, "ba1 wb2").unwrap();
    let mut a = App::from_session(Session::from_position(size, p, Color::Black, PlayerKind::Random, 1, 80));
    click(&mut a, 0, 0);
    click(&mut a, 2, 2);
    let screen = draw(&mut a);
    assert!(a.message().contains("Game over: black wins, you win"), "{}", a.message());
    assert!(!screen.to_lowercase().contains("click"), "{screen}");
    assert!(screen.contains("n new game"), "{screen}");
}

#[test]
fn a_small_terminal_is_told_the_size_it_needs_and_the_board_returns_when_it_grows() {
    let mut app = app(Color::Black);
    assert_eq!(app.needed_size(), (21, 8), "6x6: 3 label columns + 6 squares of 3; 6 rows + letters + status");
    let small = draw_in(&mut app, 20, 8);
    let words = small.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("terminal too small: need 21 x 8, have 20 x 8"), "{small}");
    assert!(!small.contains(" a  b "), "no board in a small terminal: {small}");
    let big = draw_in(&mut app, 21, 8);
    assert!(!big.contains("too small") && big.contains(" a  b "), "{big}");
}
