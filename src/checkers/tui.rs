//! `harness play checkers --tui`: the assignment's graphical part as a terminal board played
//! with the mouse (click a piece: it is highlighted and its legal destinations marked;
//! click the destination; a multi-jump square by square) or the keyboard alone (arrow
//! keys move the cursor, Enter or Space clicks). Keys: `u` undo (your move and the
//! computer's reply), `c` the continuation count of the position (as the text program's
//! `count`), `n` new game, `Esc` drops the selection, `q` quits.
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

use super::dispatch::{geometry, with_bits};
use super::game::{Game, Outcome};
use super::geometry::Wide;
use super::geometry::{width_for, BoardSize, Color, Width};
use super::play::{count_text, undo_turn};
use super::players::{choose_move, PlayerKind};
use super::position::Position;
use crate::base::error::Result;
use crate::base::text::count_of;
use crate::search::bits::Bits;
use crate::search::rng::{seeded, Rng};

/// Time limit of the `c` key's count unless [`App::with_count_limit`] says otherwise.
pub const DEFAULT_COUNT_LIMIT: Duration = Duration::from_secs(10);

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
    game: Game<B>,
    size: BoardSize,
    human: Color,
    computer: PlayerKind,
    rng: Rng,
    draw_plies: u32,
    cursor: (u8, u8),
    path: Vec<u32>,
    message: String,
    origin: (u16, u16),
    /// Whether the last frame was too small for the board (clicks are then ignored).
    too_small: bool,
    count_limit: Duration,
}

impl<B: Bits> App<B> {
    /// A new game on `size`; the computer moves first when the human plays White.
    pub fn new(size: BoardSize, human: Color, computer: PlayerKind, seed: u64, draw_plies: u32) -> Self {
        let mut app = App {
            game: Game::new(geometry::<B>(size), draw_plies),
            size,
            human,
            computer,
            rng: seeded(seed),
            draw_plies,
            cursor: (0, 0),
            path: Vec::new(),
            message: String::new(),
            origin: (LABEL_WIDTH, 0),
            too_small: false,
            count_limit: DEFAULT_COUNT_LIMIT,
        };
        app.new_game();
        app
    }

    /// A game from a hand-made `position` (for tests and study); `n` still starts a game
    /// from the start position of `size`.
    pub fn from_position(
        size: BoardSize,
        position: Position<B>,
        human: Color,
        computer: PlayerKind,
        seed: u64,
        draw_plies: u32,
    ) -> Self {
        let mut app = App::new(size, human, computer, seed, draw_plies);
        app.game = Game::from_position(geometry::<B>(size), position, draw_plies);
        app.path.clear();
        app.message = "Click one of your pieces.".to_string();
        app.computer_replies();
        app
    }

    /// The same app with the time limit of the `c` key's count.
    pub fn with_count_limit(mut self, limit: Duration) -> Self {
        self.count_limit = limit;
        self
    }

    fn new_game(&mut self) {
        self.game = Game::new(geometry::<B>(self.size), self.draw_plies);
        self.path.clear();
        self.cursor = if self.human == Color::Black { (0, 0) } else { (self.size.rows - 1, self.size.cols - 1) };
        self.message = "New game: click one of your pieces.".to_string();
        self.computer_replies();
    }

    /// The game being played.
    pub fn game(&self) -> &Game<B> {
        &self.game
    }

    /// The squares clicked so far for the move being entered (first: the selected piece).
    pub fn selection(&self) -> &[u32] {
        &self.path
    }

    /// The last message shown under the board.
    pub fn message(&self) -> &str {
        &self.message
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
        let p = self.game.position();
        let turn = match self.game.outcome() {
            Outcome::Won(c) => format!("{} wins ({} cannot move)", c.name(), c.other().name()),
            Outcome::Drawn => format!("draw ({} plies without capture or man move)", self.game.quiet_plies()),
            Outcome::Ongoing if self.game.side() == self.human => format!("{} to move (you)", self.game.side().name()),
            Outcome::Ongoing => format!("{} to move (computer)", self.game.side().name()),
        };
        let side = |c: Color| format!("{} ({})", p.count(c), count_of(p.king_count(c).into(), "king"));
        format!("{turn} | black {} | white {}", side(Color::Black), side(Color::White))
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
            KeyCode::Up if row + 1 < self.size.rows => self.cursor.0 += 1,
            KeyCode::Down if row > 0 => self.cursor.0 -= 1,
            KeyCode::Right if col + 1 < self.size.cols => self.cursor.1 += 1,
            KeyCode::Left if col > 0 => self.cursor.1 -= 1,
            KeyCode::Enter | KeyCode::Char(' ') => self.click(row, col),
            KeyCode::Esc => {
                self.path.clear();
                self.message = "Selection dropped.".to_string();
            }
            KeyCode::Char('u') => {
                self.path.clear();
                self.message = if undo_turn(&mut self.game, self.human) {
                    "Taken back: your last move and the reply.".to_string()
                } else {
                    "Nothing to undo.".to_string()
                };
            }
            KeyCode::Char('n') => self.new_game(),
            KeyCode::Char('c') => self.message = count_text(&self.game, self.count_limit),
            _ => {}
        }
        Action::Continue
    }

    /// The squares that extend the current selection by one square of some legal move.
    pub fn targets(&self) -> Vec<u32> {
        let g = &self.game.geometry;
        let mut out: Vec<u32> = self
            .game
            .legal()
            .iter()
            .map(|m| m.path(g))
            .filter(|p| p.len() > self.path.len() && p.starts_with(&self.path))
            .map(|p| p[self.path.len()])
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn click(&mut self, row: u8, col: u8) {
        if self.game.outcome() != Outcome::Ongoing {
            self.message = "The game is over: press n for a new game, q to quit.".to_string();
            return;
        }
        let g = &self.game.geometry;
        let Some(sq) = g.index(row, col) else {
            self.message = "Only the dark squares are used.".to_string();
            return;
        };
        if self.path.len() == 1 && self.path[0] == sq {
            self.path.clear();
            self.message = "Selection dropped.".to_string();
            return;
        }
        if self.path.is_empty() || (self.path.len() == 1 && !self.targets().contains(&sq)) {
            self.select(sq);
            return;
        }
        if !self.targets().contains(&sq) {
            self.message = format!("{} is not a legal destination; pick a marked square.", g.name(sq));
            return;
        }
        self.path.push(sq);
        let done = self.game.legal().iter().find(|m| m.path(g) == self.path).copied();
        match done {
            Some(mv) => {
                self.path.clear();
                self.game.play(&mv).expect("clicked paths are legal moves");
                self.message = format!("You played {}.", mv.text(&self.game.geometry));
                self.computer_replies();
            }
            None => self.message = "Keep jumping: click the next marked square.".to_string(),
        }
    }

    fn select(&mut self, sq: u32) {
        let g = &self.game.geometry;
        let starts = self.game.legal().iter().any(|m| u32::from(m.from) == sq);
        let own = self.game.position().piece_at(sq).is_some_and(|p| p.color == self.human);
        if starts {
            self.path = vec![sq];
            self.message = format!("{} selected: click a marked square.", g.name(sq));
        } else {
            self.path.clear();
            let capture = self.game.legal().iter().any(|m| m.is_capture());
            self.message = match (own, capture) {
                (true, true) => format!("{} cannot capture, and capturing is mandatory.", g.name(sq)),
                (true, false) => format!("{} has no legal move.", g.name(sq)),
                (false, _) => "Click one of your own pieces.".to_string(),
            };
        }
    }

    fn computer_replies(&mut self) {
        while self.game.outcome() == Outcome::Ongoing && self.game.side() != self.human {
            let mv = choose_move(&self.game.geometry, self.game.position(), self.computer, &mut self.rng)
                .expect("ongoing game has a move");
            self.game.play(&mv).expect("computer plays legal moves");
            self.message = format!("{} Computer played {}.", self.message, mv.text(&self.game.geometry));
        }
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
        let g = &self.game.geometry;
        let targets = self.targets();
        let last = self.game.last_move().map(|m| m.path(g)).unwrap_or_default();
        let mut lines = Vec::new();
        for row in (0..self.size.rows).rev() {
            let mut spans = vec![Span::raw(format!("{:>2} ", row + 1))];
            for col in 0..self.size.cols {
                spans.push(self.square_span(row, col, &targets, &last));
            }
            lines.push(Line::from(spans));
        }
        let letters: String = (0..self.size.cols).map(|c| format!(" {} ", (b'a' + c) as char)).collect();
        lines.push(Line::from(format!("   {letters}")));
        lines.push(Line::from(Span::styled(self.status_line(), Style::default().add_modifier(Modifier::BOLD))));
        lines.push(Line::from(self.message.clone()));
        lines.push(Line::from("mouse: click piece, then squares | arrows+Enter | u undo | n new | Esc drop | q quit"));
        let height = (lines.len() as u16).min(area.height);
        frame.render_widget(Paragraph::new(lines), Rect { height, ..area });
    }

    fn square_span(&self, row: u8, col: u8, targets: &[u32], last: &[u32]) -> Span<'static> {
        let g = &self.game.geometry;
        let cursor = self.cursor == (row, col);
        let Some(sq) = g.index(row, col) else {
            let text = if cursor { "[ ]" } else { "   " };
            return Span::styled(text, Style::default().bg(Tint::Gray).fg(Tint::Black));
        };
        let piece = match self.game.position().piece_at(sq) {
            None if targets.contains(&sq) => '*',
            None => ' ',
            Some(p) => p.letter(),
        };
        let bg = if self.path.first() == Some(&sq) {
            Tint::Yellow
        } else if self.path.contains(&sq) {
            Tint::LightYellow
        } else if targets.contains(&sq) {
            Tint::Green
        } else if last.contains(&sq) {
            Tint::Blue
        } else {
            Tint::DarkGray
        };
        let fg = match self.game.position().piece_at(sq).map(|p| p.color) {
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
    count_limit: Duration,
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

fn run_app<B: Bits>(mut app: App<B>) -> Result<()> {
    use ratatui::crossterm::{event, execute, terminal};
    terminal::enable_raw_mode()?;
    let _guard = TerminalGuard;
    execute!(std::io::stdout(), terminal::EnterAlternateScreen, event::EnableMouseCapture)?;
    let backend = ratatui::backend::CrosstermBackend::new(std::io::stdout());
    let mut term = ratatui::Terminal::new(backend)?;
    loop {
        if crate::search::budget::interrupted() {
            return Err(crate::base::error::Error::Interrupted);
        }
        term.draw(|f| app.render(f))?;
        if event::poll(Duration::from_millis(200))? && app.update(event::read()?) == Action::Quit {
            return Ok(());
        }
    }
}
