//! `harness play checkers --tui`: the assignment's graphical part as a terminal board played
//! with the mouse (click a piece: it is highlighted and its legal destinations marked;
//! click the destination; a multi-jump square by square) or the keyboard alone (arrow
//! keys move the cursor, Enter or Space clicks). Midway through a multi-jump the piece is
//! drawn where it stands (the pieces it jumped marked `x`). Keys: `u` undo (your move and
//! the computer's reply), `c` the continuation count of the position (as the text
//! program's `count`; it runs in the background, shows `counting…`, and `c` or `Esc`
//! cancels it), `n` new game, `Esc` drops the selection, `q` quits. A finished game says
//! its result and offers `n` and `q` instead of a click.
//!
//! The state is a plain [`App`]: [`App::update`] takes a crossterm event, [`App::render`]
//! draws a frame, so tests drive a whole game through `update` and check the drawing
//! with ratatui's `TestBackend`.

use std::time::Duration;

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::by_size::with_bits;
use super::count::Count;
use super::count_job::{count_line, start_count};
use super::game::{Game, Outcome};
use super::geometry::Wide;
use super::geometry::{width_for, BoardSize, Color, Width};
use super::players::PlayerKind;
use super::position::Position;
use super::session::{Click, Session};
use crate::base::error::Result;
use crate::search::bits::Bits;
use crate::search::job::Job;

/// Time limit of the `c` key's count unless [`App::with_count_limit`] says otherwise.
pub const DEFAULT_COUNT_LIMIT: TimeLimit = TimeLimit::whole_seconds(10);

/// Screen columns per board square.
pub const SQUARE_WIDTH: u16 = 3;
/// Screen columns left of the board (row numbers).
const LABEL_WIDTH: u16 = 3;

/// What the event loop should do after an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Keep going.
    Continue,
    /// Leave the program.
    Quit,
}

/// The whole state of the terminal game.
pub struct App<B: Bits> {
    session: Session<B>,
    size: BoardSize,
    cursor: (u8, u8),
    message: String,
    origin: (u16, u16),
    /// Whether the last frame was too small for the board (clicks are then ignored).
    too_small: bool,
    count_limit: TimeLimit,
    count: Option<Job<Count>>,
}

impl<B: Bits> App<B> {
    /// A new game on `size`; the computer moves first when the human plays White.
    pub fn new(size: BoardSize, human: Color, computer: PlayerKind, seed: u64, draw_plies: u32) -> Self {
        App::with_session(Session::new(size, human, computer, seed, draw_plies), "New game: click one of your pieces.")
    }

    /// The board of a game already set up in `session`, such as one from a hand-made
    /// position ([`Session::from_position`], for tests and study); `n` still starts a
    /// game from the start position of the session's size.
    pub fn from_session(session: Session<B>) -> Self {
        App::with_session(session, "Click one of your pieces.")
    }

    fn with_session(session: Session<B>, greeting: &str) -> Self {
        let size = session.size();
        let mut app = App {
            session,
            size,
            cursor: (0, 0),
            message: String::new(),
            origin: (LABEL_WIDTH, 0),
            too_small: false,
            count_limit: DEFAULT_COUNT_LIMIT,
            count: None,
        };
        app.cursor = app.home();
        app.message = app.after_game_over(greeting.to_string());
        app
    }

    /// The same app with the time limit of the `c` key's count.
    pub fn with_count_limit(mut self, limit: TimeLimit) -> Self {
        self.count_limit = limit;
        self
    }

    fn home(&self) -> (u8, u8) {
        if self.session.human() == Color::Black {
            (0, 0)
        } else {
            (self.size.rows - 1, self.size.cols - 1)
        }
    }

    fn new_game(&mut self) {
        self.count = None;
        let reply = self.session.restart();
        self.cursor = self.home();
        self.message = self.after_game_over(format!("New game: click one of your pieces. {reply}").trim().to_string());
    }

    /// `message`, or once the game is over, the result and what can be done next
    /// instead of an invitation to click.
    fn after_game_over(&self, message: String) -> String {
        if self.session.game().outcome() == Outcome::Ongoing {
            return message;
        }
        let played = message.split("New game").next().unwrap_or("").trim().to_string();
        let over = format!("Game over: {}. Press n for a new game, q to quit.", self.session.turn_text());
        if played.is_empty() || played.starts_with("Click") {
            over
        } else {
            format!("{played} {over}")
        }
    }

    /// The game being played.
    pub fn game(&self) -> &Game<B> {
        self.session.game()
    }

    /// The squares clicked so far for the move being entered (first: the selected piece).
    pub fn selection(&self) -> &[u32] {
        self.session.selection()
    }

    /// The last message shown under the board.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Whether a continuation count runs in the background (the `c` key).
    pub fn counting(&self) -> bool {
        self.count.is_some()
    }

    /// Takes the result of a background count once it has ended (the event loop calls
    /// this between events); `true` when the message changed.
    pub fn poll_count(&mut self) -> bool {
        let Some(end) = self.count.as_ref().and_then(Job::end) else { return false };
        self.count = None;
        self.message = count_line(&end);
        true
    }

    /// Waits for a background count to end (for tests and scripts) and shows its result.
    pub fn wait_for_count(&mut self) {
        while self.count.is_some() {
            if !self.poll_count() {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }

    /// The keyboard cursor (row, column; row 0 at the bottom).
    pub fn cursor(&self) -> (u8, u8) {
        self.cursor
    }

    /// The screen cell (x, y) at the middle of square (row, col) as last drawn.
    pub fn screen_pos(&self, row: u8, col: u8) -> (u16, u16) {
        let x = self.origin.0 + u16::from(col) * SQUARE_WIDTH + 1;
        let y = self.origin.1 + u16::from(self.size.rows - 1 - row);
        (x, y)
    }

    fn square_at(&self, x: u16, y: u16) -> Option<(u8, u8)> {
        let (x0, y0) = self.origin;
        if self.too_small || x < x0 || y < y0 {
            return None;
        }
        let col = (x - x0) / SQUARE_WIDTH;
        let from_top = y - y0;
        if col >= u16::from(self.size.cols) || from_top >= u16::from(self.size.rows) {
            return None;
        }
        Some((self.size.rows - 1 - from_top as u8, col as u8))
    }

    /// The status line: whose turn (or the result) and the piece counts.
    pub fn status_line(&self) -> String {
        self.session.status_line()
    }

    /// Handles one terminal event.
    pub fn update(&mut self, event: Event) -> Action {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key),
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                match self.square_at(m.column, m.row) {
                    Some((row, col)) => {
                        self.cursor = (row, col);
                        self.click(row, col);
                    }
                    None => self.message = "Click a square of the board.".to_string(),
                }
                Action::Continue
            }
            _ => Action::Continue,
        }
    }

    fn key(&mut self, key: KeyEvent) -> Action {
        let (row, col) = self.cursor;
        match key.code {
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => return Action::Quit,
            KeyCode::Char('q') => return Action::Quit,
            KeyCode::Esc | KeyCode::Char('c') if self.count.is_some() => {
                if let Some(job) = &self.count {
                    job.cancel();
                }
                self.message = "Cancelling the count…".to_string();
            }
            KeyCode::Up if row + 1 < self.size.rows => self.cursor.0 += 1,
            KeyCode::Down if row > 0 => self.cursor.0 -= 1,
            KeyCode::Right if col + 1 < self.size.cols => self.cursor.1 += 1,
            KeyCode::Left if col > 0 => self.cursor.1 -= 1,
            KeyCode::Enter | KeyCode::Char(' ') => self.click(row, col),
            KeyCode::Esc => {
                self.session.drop_selection();
                self.message = "Selection dropped.".to_string();
            }
            KeyCode::Char('u') => {
                self.count = None;
                self.message = if self.session.undo() {
                    "Taken back: your last move and the reply.".to_string()
                } else {
                    "Nothing to undo.".to_string()
                };
            }
            KeyCode::Char('n') => self.new_game(),
            KeyCode::Char('c') => {
                let game = self.session.game();
                self.count = Some(start_count(&game.geometry, game.position(), self.count_limit));
                self.message = "counting… (c or Esc cancels)".to_string();
            }
            _ => {}
        }
        Action::Continue
    }

    /// The squares that extend the current selection by one square of some legal move.
    pub fn targets(&self) -> Vec<u32> {
        self.session.targets()
    }

    fn click(&mut self, row: u8, col: u8) {
        let message = match self.session.click(row, col) {
            Ok(click) => {
                if matches!(click, Click::Played(_)) {
                    self.count = None;
                }
                click.message().to_string()
            }
            Err(reason) => reason,
        };
        self.message = self.after_game_over(message);
    }

    /// The terminal size the board needs: its squares with the row numbers, the column
    /// letters and the status line.
    pub fn needed_size(&self) -> (u16, u16) {
        (LABEL_WIDTH + SQUARE_WIDTH * u16::from(self.size.cols), u16::from(self.size.rows) + 2)
    }

    /// Draws the board (row numbers left, column letters below), the status line, the
    /// last message and the key help into `frame`; remembers where the board is for clicks.
    /// A terminal too small for the board gets `terminal too small: need W x H` instead
    /// (the next frame after a resize draws the board again).
    pub fn render(&mut self, frame: &mut Frame) {
        let area = frame.area();
        let (need_w, need_h) = self.needed_size();
        self.too_small = area.width < need_w || area.height < need_h;
        if self.too_small {
            let text = format!(
                "terminal too small: need {need_w} x {need_h}, have {} x {}; enlarge it, or press q to quit",
                area.width, area.height
            );
            frame.render_widget(Paragraph::new(text).wrap(ratatui::widgets::Wrap { trim: true }), area);
            return;
        }
        self.origin = (area.x + LABEL_WIDTH, area.y);
        let g = self.session.geometry();
        let targets = self.targets();
        let last = self.game().last_move().map(|m| m.path(g)).unwrap_or_default();
        let shown = self.session.shown_position();
        let mut lines = Vec::new();
        for row in (0..self.size.rows).rev() {
            let mut spans = vec![Span::raw(format!("{:>2} ", row + 1))];
            for col in 0..self.size.cols {
                spans.push(self.square_span(row, col, &targets, &last, &shown));
            }
            lines.push(Line::from(spans));
        }
        let letters: String = (0..self.size.cols).map(|c| format!(" {} ", (b'a' + c) as char)).collect();
        lines.push(Line::from(format!("   {letters}")));
        lines.push(Line::from(Span::styled(self.status_line(), Style::default().add_modifier(Modifier::BOLD))));
        lines.push(Line::from(self.message.clone()));
        lines.push(Line::from(if self.game().outcome() == Outcome::Ongoing {
            "mouse: click piece, then squares | arrows+Enter | u undo | c count | n new | Esc drop | q quit"
        } else {
            "game over | u undo | n new game | q quit"
        }));
        let height = (lines.len() as u16).min(area.height);
        frame.render_widget(Paragraph::new(lines), Rect { height, ..area });
    }

    fn square_span(
        &self,
        row: u8,
        col: u8,
        targets: &[u32],
        last: &[u32],
        (shown, taken): &(Position<B>, Vec<u32>),
    ) -> Span<'static> {
        let g = self.session.geometry();
        let path = self.session.selection();
        let cursor = self.cursor == (row, col);
        let Some(sq) = g.index(row, col) else {
            let text = if cursor { "[ ]" } else { "   " };
            return Span::styled(text, Style::default().bg(Tint::Gray).fg(Tint::Black));
        };
        let piece = match shown.piece_at(sq) {
            None if targets.contains(&sq) => '*',
            None => ' ',
            Some(_) if taken.contains(&sq) => 'x',
            Some(p) => p.letter(),
        };
        let bg = if path.last() == Some(&sq) {
            Tint::Yellow
        } else if path.contains(&sq) {
            Tint::LightYellow
        } else if targets.contains(&sq) {
            Tint::Green
        } else if last.contains(&sq) {
            Tint::Blue
        } else {
            Tint::DarkGray
        };
        let fg = match shown.piece_at(sq).map(|p| p.color) {
            Some(Color::White) => Tint::White,
            _ => Tint::Red,
        };
        let (l, r) = if cursor { ('[', ']') } else { (' ', ' ') };
        Span::styled(format!("{l}{piece}{r}"), Style::default().bg(bg).fg(fg).add_modifier(Modifier::BOLD))
    }
}

/// Runs the terminal game until `q`: raw mode, alternate screen and mouse capture, all
/// restored on the way out.
pub fn run(
    size: BoardSize,
    human: Color,
    computer: PlayerKind,
    seed: u64,
    draw_plies: u32,
    count_limit: TimeLimit,
) -> Result<()> {
    with_bits!(size, B => run_app(App::<B>::new(size, human, computer, seed, draw_plies).with_count_limit(count_limit)))
}

/// Restores the terminal (mouse capture off, main screen, cooked mode) when dropped, so
/// that every way out of the game restores it: `q`, an error, a panic, SIGTERM/SIGHUP.
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        use ratatui::crossterm::{event, execute, terminal};
        let _ = execute!(std::io::stdout(), event::DisableMouseCapture, terminal::LeaveAlternateScreen);
        let _ = terminal::disable_raw_mode();
    }
}

/// Refuses (exit 2) to start without a terminal on standard input and output.
fn check_terminal() -> Result<()> {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        return Ok(());
    }
    Err(crate::base::error::InputError::new(
        "--tui needs a terminal: run it in a terminal window (standard input and output are not one here); \
         without --tui the text program reads its moves from any input",
    )
    .into())
}

use crate::base::limits::TimeLimit;
use crate::base::os::terminal_present;

/// Ends the process (exit code 1) once the terminal is gone, checked every quarter of a
/// second: crossterm's event reader loops without end on a terminal that was hung up
/// (its reads return end of input), so the game loop itself may never get to look.
fn watch_terminal() {
    let _ = std::thread::Builder::new().name("terminal-watch".into()).spawn(|| loop {
        std::thread::sleep(Duration::from_millis(250));
        if !terminal_present() {
            std::process::exit(1);
        }
    });
}

/// Runs the game loop until `q`, Ctrl-C or a signal, or until its terminal goes away (a
/// hang-up or the end of its input): then it ends with exit code 1 instead of polling a
/// terminal that no longer exists.
fn run_app<B: Bits>(mut app: App<B>) -> Result<()> {
    use ratatui::crossterm::{event, execute, terminal};
    check_terminal()?;
    watch_terminal();
    terminal::enable_raw_mode()?;
    let _guard = TerminalGuard;
    execute!(std::io::stdout(), terminal::EnterAlternateScreen, event::EnableMouseCapture)?;
    let backend = ratatui::backend::CrosstermBackend::new(std::io::stdout());
    let mut term = ratatui::Terminal::new(backend)?;
    loop {
        if crate::search::budget::interrupted() {
            return Err(crate::base::error::Error::Interrupted);
        }
        if !terminal_present() {
            return Err(anyhow::anyhow!("the terminal went away (hang-up or end of input); the game ended").into());
        }
        app.poll_count();
        term.draw(|f| app.render(f))?;
        if event::poll(Duration::from_millis(200))? && app.update(event::read()?) == Action::Quit {
            return Ok(());
        }
    }
}
