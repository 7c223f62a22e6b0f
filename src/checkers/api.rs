//! The checkers board of the web page: requests below `/api/checkers`.
//!
//! | request | body | answer |
//! | --- | --- | --- |
//! | `GET ` (empty path) | | the game's view (409 before the first game) |
//! | `POST /new` | `rows`, `cols`, `men_rows`, `computer`, `color`, `seed`, `position`, `side`, `moves` (all optional) | a new game's view, after `moves` (PDN, as the view's `pdn` gives them, or a plain list) are played for both sides; 400 for a bad size, player, colour, position or move |
//! | `POST /click` | `square` (`c3`) | the view after the click (select, drop, one square of a move); 422 for a refused click, 409 while the computer thinks |
//! | `POST /move` | `move` (`c3xe5xg7`) | the view after the whole move; 422 for an illegal move, 409 while the computer thinks |
//! | `POST /drop` | | the view with no selection |
//! | `POST /undo` | | the view before the human's last move and the computer's reply (a reply being searched is cancelled); 409 when there is none |
//! | `POST /count` | `limit_s` (at most [`MAX_COUNT_LIMIT_S`]) | 202 and the count's progress; 409 while one runs |
//! | `GET /count` | | the count's progress or result |
//! | `POST /count/cancel` | | the progress; the count ends as `cancelled` |
//! | `POST /hint` | | 202 and the view, whose `hint` is the strategy's move for you being searched in the background (at most [`HINT_LIMIT`]); 409 when it is not your turn |
//! | `POST /hint/cancel` | | the view; the hint ends as `cancelled`; 409 when none runs |
//! | `POST /review` | `ply` | the position after that many plies of the game (0: the start) and the move that led to it, to step through a game; 400 past the last ply |
//!
//! The computer's reply is searched in the background ([`Job`], at most [`REPLY_LIMIT`]):
//! a request that makes it the computer's turn answers at once (after a grace of a few
//! milliseconds in which a quick reply is played), with `thinking` set to the search's
//! progress until the reply is played; every later request plays a reply that has ended.
//!
//! The view names squares as the terminal board does (`a1` bottom left, Black at the
//! bottom) and carries the legal moves, the selection and its targets as the engine
//! computes them: the page draws them and applies no rule itself.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::by_size::{geometry, with_bits};
use super::count::Count;
use super::count_job::{count_end, start_count, CountEnd};
use super::game::{Outcome, DEFAULT_DRAW_PLIES};
use super::geometry::{width_for, BoardSize, Color, Geometry, Wide, Width};
use super::moves::parse_move;
use super::play::parse_color;
use super::players::{PlayerKind, DEFAULT_DEPTH};
use super::position::{Piece, Position};
use super::session::{ComputerReply, Session};
use crate::api::{fresh_seed, parse, GameApi, Reply, Route, Seconds, Seed, Text, WebBoard, Whole};
use crate::base::limits::TimeLimit;
use crate::search::bits::Bits;
use crate::search::job::{Job, JobEnd, Progress};

/// The longest time limit a count may ask for, in seconds.
pub const MAX_COUNT_LIMIT_S: u64 = 120;
/// The time limit of a count that asks for none.
pub const DEFAULT_COUNT_LIMIT: TimeLimit = TimeLimit::whole_seconds(10);
/// The deepest strategy search a computer reply may make (depth 8 takes seconds on 16x16
/// boards; every ply more multiplies it).
pub const MAX_STRATEGY_DEPTH: u32 = 8;
/// The time limit of a computer reply: a strategy search stopped by it plays the best
/// move of the deepest iteration it completed.
pub const REPLY_LIMIT: TimeLimit = TimeLimit::whole_seconds(30);
/// The time limit of a hint: a strategy search stopped by it shows the best move of the
/// deepest iteration it completed.
pub const HINT_LIMIT: TimeLimit = TimeLimit::whole_seconds(30);
/// How long a request that starts the computer's reply waits for it before it answers
/// (a random reply is then in the same answer; a longer search goes on in the background).
const REPLY_GRACE: Duration = Duration::from_millis(30);
/// The longest move list accepted (PDN or plain).
const MAX_MOVES_CHARS: usize = 60_000;
/// The longest hand-made position text accepted.
const MAX_POSITION_CHARS: usize = 2048;

/// A game of any board size, behind the bit-set width its size needs.
trait AnySize: Send {
    fn session_view(&self) -> SessionView;
    fn click(&mut self, square: &str) -> Result<String, String>;
    fn play_text(&mut self, text: &str) -> Result<String, String>;
    fn undo(&mut self) -> bool;
    fn drop_selection(&mut self);
    fn count(&self, limit: TimeLimit) -> Job<Count>;
    fn plies(&self) -> usize;
    /// Starts the computer's reply in the background when it is to move and no reply
    /// runs.
    fn think(&mut self);
    /// Plays the reply once its search has ended; what it played, if it did.
    fn settle(&mut self) -> Option<String>;
    /// The reply's progress while its search runs.
    fn thinking(&self) -> Option<Progress>;
    /// Starts the search of a hint for the human's move (a hint that runs is left to run).
    fn start_hint(&mut self) -> Result<(), String>;
    /// Cancels the hint's search; `false` when none runs.
    fn cancel_hint(&mut self) -> bool;
    /// The hint for the position on the board: its progress and, once found, its move.
    fn hint(&self) -> Option<HintView>;
    /// The position after `ply` plies and the move that led to it.
    fn review(&self, ply: usize) -> Option<ReviewView>;
}

/// A session whose computer replies in the background: the search of the reply, while
/// it runs or until its move is played.
struct Live<B: Bits> {
    session: Session<B>,
    reply: Option<Job<ComputerReply<B>>>,
    /// The hint's search and the ply it is for.
    hint: Option<(usize, Job<ComputerReply<B>>)>,
}

impl<B: Bits> AnySize for Live<B> {
    fn session_view(&self) -> SessionView {
        view(&self.session)
    }

    fn click(&mut self, square: &str) -> Result<String, String> {
        let g = self.session.geometry();
        let sq = g.parse_square(square)?;
        let (row, col) = g.square(sq).ok_or_else(|| format!("`{square}` is not a square of the board"))?;
        self.session.click(row, col).map(|c| c.message().to_string())
    }

    fn play_text(&mut self, text: &str) -> Result<String, String> {
        if !self.session.humans_turn() {
            return Err("The game is over: start a new game.".to_string());
        }
        let game = self.session.game();
        let mv = parse_move(&game.geometry, game.position(), game.legal(), text)?;
        Ok(self.session.play(&mv))
    }

    fn undo(&mut self) -> bool {
        let undone = self.session.undo();
        if undone {
            self.reply = None;
        }
        undone
    }

    fn drop_selection(&mut self) {
        self.session.drop_selection()
    }

    fn count(&self, limit: TimeLimit) -> Job<Count> {
        start_count(&self.session.game().geometry, self.session.game().position(), limit)
    }

    fn plies(&self) -> usize {
        self.session.game().plies()
    }

    fn think(&mut self) {
        if self.reply.is_none() && self.session.computers_turn() {
            let search = self.session.reply_search();
            let what = format!("the computer's reply ({})", self.session.computer());
            self.reply = Some(Job::start(&what, REPLY_LIMIT, move |b| Ok(search.run(b))));
        }
    }

    fn settle(&mut self) -> Option<String> {
        let end = self.reply.as_ref()?.end()?;
        self.reply = None;
        match end {
            JobEnd::Done(reply, _) => self.session.apply_reply(reply).ok(),
            JobEnd::Stopped(why) => Some(format!("The computer's search stopped: {why}.")),
        }
    }

    fn thinking(&self) -> Option<Progress> {
        self.reply.as_ref().map(Job::progress).filter(|p| p.state == "running")
    }

    fn start_hint(&mut self) -> Result<(), String> {
        if !self.session.humans_turn() {
            return Err("a hint is for your move: it is not your turn".to_string());
        }
        if self.hint().is_some_and(|h| h.progress.state == "running") {
            return Ok(());
        }
        let search = self.session.hint_search();
        let job = Job::start("hint (the strategy's move)", HINT_LIMIT, move |b| Ok(search.run(b)));
        self.hint = Some((self.session.game().plies(), job));
        Ok(())
    }

    fn cancel_hint(&mut self) -> bool {
        match &self.hint {
            Some((_, job)) if job.running() => {
                job.cancel();
                true
            }
            _ => false,
        }
    }

    fn hint(&self) -> Option<HintView> {
        let (ply, job) = self.hint.as_ref().filter(|(ply, _)| *ply == self.session.game().plies())?;
        let g = self.session.geometry();
        let found = match job.end() {
            Some(JobEnd::Done(reply, _)) if reply.ply() == *ply => reply.chosen().copied(),
            _ => None,
        };
        Some(HintView {
            progress: job.progress(),
            squares: found.map(|m| m.path(g).iter().map(|&i| g.name(i)).collect()).unwrap_or_default(),
            r#move: found.map(|m| m.text(g)),
        })
    }

    fn review(&self, ply: usize) -> Option<ReviewView> {
        let game = self.session.game();
        let g = self.session.geometry();
        let position = game.position_at(ply)?;
        let played = ply.checked_sub(1).and_then(|i| game.moves().nth(i));
        Some(ReviewView {
            ply,
            plies: game.plies(),
            squares: squares(g, position, &[]),
            r#move: played.map(|m| m.text(g)),
            last_move: played.map(|m| m.path(g).iter().map(|&i| g.name(i)).collect()).unwrap_or_default(),
        })
    }
}

/// A hint: the search's progress and, once it found one, the move and its squares.
#[derive(Serialize)]
struct HintView {
    #[serde(flatten)]
    progress: Progress,
    /// The move in the assignment's notation (`c3-d4`), once found.
    #[serde(skip_serializing_if = "Option::is_none")]
    r#move: Option<String>,
    /// Its squares, from where the piece stands to where it lands.
    squares: Vec<String>,
}

/// A position of the game as it was after `ply` plies, to step through the game.
#[derive(Serialize)]
struct ReviewView {
    ply: usize,
    /// The plies of the game.
    plies: usize,
    squares: Vec<SquareView>,
    /// The move that led to it (`null` at the start), and its squares.
    r#move: Option<String>,
    last_move: Vec<String>,
}

/// The last move of one side.
#[derive(Serialize)]
struct LastMoveView {
    /// `you` or `computer`.
    by: &'static str,
    squares: Vec<String>,
}

/// One dark square of the view.
#[derive(Serialize)]
struct SquareView {
    /// Its name (`c3`).
    square: String,
    /// Row and column, row 0 at the bottom.
    row: u8,
    col: u8,
    /// The piece's letter (`b`, `w`, `B`, `W`), `None` when empty.
    piece: Option<String>,
    /// Whether the piece is jumped by the move being entered.
    taken: bool,
}

/// One side's pieces and kings.
#[derive(Serialize)]
struct SideView {
    pieces: u32,
    kings: u32,
}

/// Both sides' pieces and kings.
#[derive(Serialize)]
struct CountsView {
    black: SideView,
    white: SideView,
}

/// The view of a session as the page draws it: the position, whose turn, the selection
/// and its targets, and the legal moves, all as the engine computes them.
#[derive(Serialize)]
struct SessionView {
    game: &'static str,
    rows: u8,
    cols: u8,
    men_rows: u8,
    human: &'static str,
    computer: String,
    side: &'static str,
    your_turn: bool,
    /// `ongoing`, `black wins`, `white wins` or `draw`.
    outcome: String,
    turn: String,
    status: String,
    counts: CountsView,
    squares: Vec<SquareView>,
    selected: Vec<String>,
    targets: Vec<String>,
    movable: Vec<String>,
    last_move: Vec<String>,
    /// The moves played, in the assignment's notation.
    moves: Vec<String>,
    /// The legal moves, sorted.
    legal: Vec<String>,
    plies: usize,
    /// Whether `POST /undo` would take a move back (you have moved).
    can_undo: bool,
    /// The moves as PDN, to copy and load again (`moves` of `POST /new`).
    pdn: String,
    /// The last move of each side, the latest first.
    last_moves: Vec<LastMoveView>,
}

/// The whole view of the checkers board: the session's, the seed, the last message, the
/// count and the computer's reply being searched.
#[derive(Serialize)]
struct BoardView {
    #[serde(flatten)]
    session: SessionView,
    seed: u64,
    message: String,
    count: CountView,
    /// The reply's progress while the computer thinks, `null` otherwise.
    thinking: Option<Progress>,
    /// The hint asked for this position (`null`: none).
    hint: Option<HintView>,
}

/// The count's games, as strings (they may pass 2^53).
#[derive(Serialize)]
struct GamesView {
    total: String,
    black_wins: String,
    white_wins: String,
    both_kings: String,
}

/// The count as the page shows it: `idle`, or its progress and, once it ended, its
/// result (`games`, `distinct_positions`, `text`) or why it stopped.
#[derive(Serialize)]
struct CountView {
    state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    positions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit_s: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    games: Option<GamesView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    distinct_positions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<String>,
}

/// The view of a session as the page draws it.
fn view<B: Bits>(s: &Session<B>) -> SessionView {
    let game = s.game();
    let g = s.geometry();
    let names = |squares: &[u32]| squares.iter().map(|&i| g.name(i)).collect::<Vec<_>>();
    let (shown, taken) = s.shown_position();
    let squares = squares(g, &shown, &taken);
    let p = game.position();
    let side = |c: Color| SideView { pieces: p.count(c), kings: p.king_count(c) };
    let outcome = match game.outcome() {
        Outcome::Ongoing => "ongoing".to_string(),
        Outcome::Won(c) => format!("{} wins", c.name()),
        Outcome::Drawn => "draw".to_string(),
    };
    let mut legal: Vec<String> = game.legal().iter().map(|m| m.text(g)).collect();
    legal.sort();
    let size = s.size();
    let humans = s.humans_turn();
    SessionView {
        game: "checkers",
        rows: size.rows,
        cols: size.cols,
        men_rows: size.men_rows,
        human: s.human().name(),
        computer: s.computer().to_string(),
        side: game.side().name(),
        your_turn: humans,
        outcome,
        turn: s.turn_text(),
        status: s.status_line(),
        counts: CountsView { black: side(Color::Black), white: side(Color::White) },
        squares,
        selected: names(s.selection()),
        targets: if humans { names(&s.targets()) } else { Vec::new() },
        movable: if humans { names(&s.movable()) } else { Vec::new() },
        last_move: game.last_move().map(|m| names(&m.path(g))).unwrap_or_default(),
        moves: game.moves().map(|m| m.text(g)).collect(),
        legal,
        plies: game.plies(),
        can_undo: s.can_undo(),
        pdn: s.pdn(),
        last_moves: s
            .last_moves()
            .iter()
            .map(|(human, m)| LastMoveView { by: if *human { "you" } else { "computer" }, squares: names(&m.path(g)) })
            .collect(),
    }
}

/// The dark squares of `position` with their pieces, those in `taken` marked.
fn squares<B: Bits>(g: &Geometry<B>, position: &Position<B>, taken: &[u32]) -> Vec<SquareView> {
    g.valid
        .iter()
        .filter_map(|i| {
            let (row, col) = g.square(i)?;
            let piece = position.piece_at(i).map(|p| Piece::letter(p).to_string());
            Some(SquareView { square: g.name(i), row, col, piece, taken: taken.contains(&i) })
        })
        .collect()
}

/// A game's settings as `POST /new` gives them, checked.
struct NewGame {
    size: BoardSize,
    human: Color,
    computer: PlayerKind,
    seed: u64,
    position: Option<(String, Color)>,
    moves: Option<String>,
}

/// The settings of `POST /new`, every one optional; blank text reads as absent.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Board rows m (default 8).
    rows: Option<Whole<0, 1000>>,
    /// Board columns n (default 8).
    cols: Option<Whole<0, 1000>>,
    /// Rows of men r (default 3).
    men_rows: Option<Whole<0, 1000>>,
    /// The human's colour (default black).
    color: Option<Text<16>>,
    /// The computer player (default `strategy` at its default depth).
    computer: Option<Text<32>>,
    /// The seed of a random player (blank: a fresh one).
    seed: Seed,
    /// A position to start from, in the terminal board's text.
    position: Option<Text<MAX_POSITION_CHARS>>,
    /// The side to move in `position` (default black).
    side: Option<Text<16>>,
    /// Moves to play for both sides after the start (PDN or a plain list).
    moves: Option<Text<MAX_MOVES_CHARS>>,
}

/// Text that is present and not blank.
fn given<const MAX: usize>(text: Option<Text<MAX>>) -> Option<String> {
    text.map(|t| t.0).filter(|t| !t.is_empty())
}

impl NewGame {
    fn from_settings(s: Settings) -> Result<NewGame, String> {
        let dimension = |v: Option<Whole<0, 1000>>, default: u32| v.map_or(default, |v| v.0 as u32);
        let size = BoardSize::new(dimension(s.rows, 8), dimension(s.cols, 8), dimension(s.men_rows, 3))?;
        let human = given(s.color).map_or(Ok(Color::Black), |t| parse_color(&t))?;
        let computer = match given(s.computer) {
            None => PlayerKind::Strategy(DEFAULT_DEPTH),
            Some(t) => t.parse::<PlayerKind>()?,
        };
        if let PlayerKind::Strategy(d) = computer {
            if d > MAX_STRATEGY_DEPTH {
                return Err(format!(
                    "computer: the web board's strategy searches at most {MAX_STRATEGY_DEPTH} plies (strategy:{MAX_STRATEGY_DEPTH}), so that a reply stays quick; got strategy:{d}"
                ));
            }
        }
        let seed = s.seed.0.map_or_else(fresh_seed, |s| s.0);
        let side = s.side.map(|t| t.0);
        let position = match given(s.position) {
            None => None,
            Some(p) => Some((p, side.as_deref().map_or(Ok(Color::Black), parse_color)?)),
        };
        Ok(NewGame { size, human, computer, seed, position, moves: given(s.moves) })
    }

    fn start(&self) -> Result<Box<dyn AnySize>, String> {
        let size = self.size;
        with_bits!(size, B => self.start_with::<B>())
    }

    fn start_with<B: Bits>(&self) -> Result<Box<dyn AnySize>, String> {
        let (size, human, computer, seed) = (self.size, self.human, self.computer, self.seed);
        let position = match &self.position {
            None => None,
            Some((text, side)) => {
                Some(Position::from_text(&geometry::<B>(size), *side, text).map_err(|e| format!("position: {e}"))?)
            }
        };
        let mut session = Session::<B>::deferred(size, position, human, computer, seed, DEFAULT_DRAW_PLIES);
        if let Some(moves) = &self.moves {
            session.replay(moves)?;
        }
        Ok(Box::new(Live { session, reply: None, hint: None }))
    }
}

/// The checkers part of the server: the game being played, the last message and the
/// count running or last run.
#[derive(Default)]
pub struct Checkers {
    board: Option<Box<dyn AnySize>>,
    seed: u64,
    message: String,
    count: Option<Job<Count>>,
}

impl Checkers {
    fn state(&self, status: u16) -> Reply {
        match &self.board {
            None => Reply::error(409, "no game yet: start one with POST /api/checkers/new"),
            Some(b) => {
                let v = BoardView {
                    session: b.session_view(),
                    seed: self.seed,
                    message: self.message.clone(),
                    count: self.count_view(),
                    thinking: b.thinking(),
                    hint: b.hint(),
                };
                Reply::typed(status, &v)
            }
        }
    }

    fn count_view(&self) -> CountView {
        let idle = CountView {
            state: "idle",
            positions: None,
            seconds: None,
            limit_s: None,
            text: None,
            games: None,
            distinct_positions: None,
            why: None,
        };
        let Some(job) = &self.count else { return idle };
        let mut v = CountView {
            state: "running",
            positions: Some(job.positions()),
            seconds: Some(job.elapsed()),
            limit_s: Some(job.limit().seconds()),
            ..idle
        };
        let Some(end) = count_end(job) else { return v };
        v.text = Some(end.text());
        match end {
            CountEnd::Done(c, seconds) => {
                v.state = "done";
                v.seconds = Some(seconds);
                v.positions = Some(c.positions);
                v.games = Some(GamesView {
                    total: c.games.total.to_string(),
                    black_wins: c.games.black_wins.to_string(),
                    white_wins: c.games.white_wins.to_string(),
                    both_kings: c.games.both_kings.to_string(),
                });
                v.distinct_positions = Some(c.distinct_positions);
            }
            CountEnd::Stopped(why) => {
                v.state = "stopped";
                v.why = Some(why);
            }
        }
        v
    }

    fn cancel_count(&mut self, _: &Value) -> Reply {
        match &self.count {
            Some(job) if job.end().is_none() => {
                job.cancel();
                Reply::typed(200, &self.count_view())
            }
            _ => Reply::error(409, "no count is running"),
        }
    }

    fn count_running(&self) -> bool {
        self.count.as_ref().is_some_and(Job::running)
    }

    /// Plays the computer's reply if its search has ended (every request looks first).
    fn settle_reply(&mut self) {
        let Some(said) = self.board.as_mut().and_then(|b| b.settle()) else { return };
        self.count = None;
        self.message = if self.message.is_empty() { said } else { format!("{} {said}", self.message) };
    }

    /// Starts the computer's reply when it is to move, and waits [`REPLY_GRACE`] for it.
    fn think(&mut self) {
        let Some(board) = self.board.as_mut() else { return };
        board.think();
        let waited = std::time::Instant::now();
        while board.thinking().is_some() && waited.elapsed() < REPLY_GRACE {
            std::thread::sleep(Duration::from_millis(1));
        }
        self.settle_reply();
    }

    fn new_game(&mut self, body: &Value) -> Reply {
        let settings =
            match parse::<Settings>(body).and_then(|s| NewGame::from_settings(s).map_err(|e| Reply::error(400, e))) {
                Ok(s) => s,
                Err(refusal) => return refusal,
            };
        match settings.start() {
            Ok(board) => {
                self.count = None;
                self.board = Some(board);
                self.seed = settings.seed;
                self.message = format!(
                    "New game on {}: you play {}, the computer ({}) plays {}.",
                    settings.size,
                    settings.human.name(),
                    settings.computer,
                    settings.human.other().name()
                );
                if settings.moves.is_some() {
                    let plies = self.board.as_ref().map_or(0, |b| b.plies());
                    self.message.push_str(&format!(" Loaded {plies} moves."));
                }
                self.think();
                self.state(200)
            }
            Err(e) => Reply::error(400, e),
        }
    }

    fn start_count(&mut self, body: &Value) -> Reply {
        if self.count_running() {
            return Reply::error(409, "a count is running: wait for it or cancel it");
        }
        let limit = match parse::<CountRequest>(body) {
            Ok(ask) => Seconds::or(ask.limit_s, DEFAULT_COUNT_LIMIT),
            Err(refusal) => return refusal,
        };
        let Some(board) = &self.board else { return self.state(409) };
        self.count = Some(board.count(limit));
        Reply::typed(202, &self.count_view())
    }
}

/// `POST /count`: the count's time limit.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct CountRequest {
    limit_s: Option<Seconds<MAX_COUNT_LIMIT_S>>,
}

/// `POST /click`: the square clicked (`c3`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Click {
    square: Text<256>,
}

/// `POST /move`: a whole move in the assignment's notation (`c3xe5xg7`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    #[serde(rename = "move")]
    mv: Text<256>,
}

impl WebBoard for Checkers {
    const NAME: &'static str = "checkers";
    const TITLE: &'static str = "Checkers";
    const MARKUP: &'static str = include_str!("board.html");
    const SCRIPT: &'static str = include_str!("board.js");
    const ROUTES: &'static [Route<Checkers>] = &[
        Route::get("", |c, _| c.state(200)),
        Route::post("/new", Checkers::new_game),
        Route::get("/count", |c, _| Reply::typed(200, &c.count_view())),
        Route::post("/count", Checkers::start_count),
        Route::post("/count/cancel", Checkers::cancel_count),
        Route::post("/click", |c, body| c.on_board("/click", body)),
        Route::post("/move", |c, body| c.on_board("/move", body)),
        Route::post("/drop", |c, body| c.on_board("/drop", body)),
        Route::post("/undo", |c, body| c.on_board("/undo", body)),
        Route::post("/hint", |c, _| c.start_hint()),
        Route::post("/hint/cancel", Checkers::cancel_hint),
        Route::post("/review", Checkers::review),
    ];

    /// Plays the computer's reply if its search has ended, and searches it again when the
    /// computer is to move with none searched (its search was cancelled).
    fn settle(&mut self) {
        self.settle_reply();
        if let Some(board) = self.board.as_mut() {
            board.think();
        }
    }
}

/// `POST /review`: the ply whose position is asked for (0: the start).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    ply: Whole<0, { u32::MAX as u64 }>,
}

impl Checkers {
    fn start_hint(&mut self) -> Reply {
        let Some(board) = self.board.as_mut() else { return self.state(409) };
        match board.start_hint() {
            Ok(()) => self.state(202),
            Err(e) => Reply::error(409, e),
        }
    }

    fn cancel_hint(&mut self, _: &Value) -> Reply {
        match self.board.as_mut().map(|b| b.cancel_hint()) {
            Some(true) => self.state(200),
            _ => Reply::error(409, "no hint is being searched"),
        }
    }

    fn review(&mut self, body: &Value) -> Reply {
        let ply = match parse::<ReviewRequest>(body) {
            Ok(ask) => ask.ply.0 as usize,
            Err(refusal) => return refusal,
        };
        let Some(board) = &self.board else { return self.state(409) };
        match board.review(ply) {
            Some(v) => Reply::typed(200, &v),
            None => Reply::error(400, format!("ply: the game has {} plies; got {ply}", board.plies())),
        }
    }

    fn on_board(&mut self, path: &str, body: &Value) -> Reply {
        let Some(board) = self.board.as_mut() else { return self.state(409) };
        if board.thinking().is_some() && path != "/undo" {
            return Reply::error(409, "the computer is thinking: wait for its move, or undo yours");
        }
        let before = board.plies();
        let result = match path {
            "/click" => match parse::<Click>(body) {
                Ok(click) => board.click(&click.square.0),
                Err(refusal) => return refusal,
            },
            "/move" => match parse::<MoveRequest>(body) {
                Ok(ask) => board.play_text(&ask.mv.0),
                Err(refusal) => return refusal,
            },
            "/drop" => {
                board.drop_selection();
                Ok("Selection dropped.".to_string())
            }
            _ if board.undo() => Ok("Taken back: your last move and the reply.".to_string()),
            _ => return Reply::error(409, "nothing to undo: you have not moved yet"),
        };
        let changed = board.plies() != before;
        if changed {
            board.cancel_hint();
        }
        match result {
            Ok(message) if changed => {
                self.count = None;
                self.message = message;
                self.think();
                self.state(200)
            }
            Ok(message) => {
                self.message = message;
                self.state(200)
            }
            Err(reason) => {
                self.message = reason.clone();
                Reply::error(422, reason)
            }
        }
    }
}

/// A fresh board: what the registry's board slot builds for `harness play --web`.
pub fn board() -> Box<dyn GameApi> {
    Box::new(Checkers::default())
}
