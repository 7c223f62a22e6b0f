//! The checkers board of the server ([`Checkers`]): the game being played, the last
//! message and the continuation count in its [`Background`] slot, and the route table
//! that answers every request of `/api/checkers`.

use std::time::Duration;

use crate::api::background::Background;
use crate::api::{Body, Reply, Routes, Seconds, WebBoard};
use crate::base::limits::TimeLimit;
use crate::checkers::count::Count;

use super::live::{start, AnySize};
use super::requests::{Click, CountRequest, MoveRequest, NewGame, ReviewRequest, Settings};
use super::views::{BoardView, CountView};

/// The time limit of a count that asks for none.
pub const DEFAULT_COUNT_LIMIT: TimeLimit = TimeLimit::whole_seconds(10);
/// How long a request that starts the computer's reply waits for it before it answers
/// (a random reply is then in the same answer; a longer search goes on in the background).
const REPLY_GRACE: Duration = Duration::from_millis(30);

/// The checkers part of the server: the game being played, the last message and the
/// count running or last run.
#[derive(Default)]
pub struct Checkers {
    board: Option<Box<dyn AnySize>>,
    seed: u64,
    message: String,
    count: Background<Count>,
}

impl WebBoard for Checkers {
    const NAME: &'static str = "checkers";
    const TITLE: &'static str = "Checkers";
    const MARKUP: &'static str = include_str!("../board.html");
    const SCRIPT: &'static str = include_str!("../board.js");

    fn routes(routes: Routes<Checkers>) -> Routes<Checkers> {
        routes
            .get("", Checkers::current)
            .post("/new", Checkers::new_game)
            .get("/count", Checkers::count)
            .post("/count", Checkers::start_count)
            .post("/count/cancel", Checkers::cancel_count)
            .post("/click", Checkers::click)
            .post("/move", Checkers::play)
            .post("/drop", Checkers::drop_selection)
            .post("/undo", Checkers::undo)
            .post("/hint", Checkers::start_hint)
            .post("/hint/cancel", Checkers::cancel_hint)
            .post("/review", Checkers::review)
            .post("/continue", Checkers::continue_from)
    }

    /// Plays the computer's reply if its search has ended, and searches it again when the
    /// computer is to move with none searched (its search was cancelled).
    fn settle(&mut self) {
        self.settle_reply();
        if let Some(board) = self.board.as_mut() {
            board.think();
        }
    }
}

impl Checkers {
    /// `GET`: the game's view; before the first game, the empty one.
    fn current(&mut self) -> Reply {
        if self.board.is_none() {
            Reply::no_game(Checkers::NAME)
        } else {
            self.state(200)
        }
    }

    /// `GET /count`: the count's progress or result.
    fn count(&mut self) -> Reply {
        Reply::typed(200, &CountView::of(self.count.job()))
    }

    /// The whole view with `status`; 409 before the first game.
    fn state(&self, status: u16) -> Reply {
        match &self.board {
            None => Reply::error(409, "no game yet: start one with POST /api/checkers/new"),
            Some(b) => {
                let v = BoardView {
                    session: b.session_view(),
                    seed: self.seed,
                    message: self.message.clone(),
                    count: CountView::of(self.count.job()),
                    thinking: b.thinking(),
                    hint: b.hint(),
                };
                Reply::typed(status, &v)
            }
        }
    }

    /// Plays the computer's reply if its search has ended (every request looks first).
    fn settle_reply(&mut self) {
        let Some(said) = self.board.as_mut().and_then(|b| b.settle()) else { return };
        self.count.clear();
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

    /// `POST /new`: the old game's searches are dropped (they stop within one budget
    /// check), the new game set up and the computer's reply started when it moves first.
    fn new_game(&mut self, Body(settings): Body<Settings>) -> Reply {
        let settings = match NewGame::from_settings(settings) {
            Ok(s) => s,
            Err(e) => return Reply::error(400, e),
        };
        match start(&settings) {
            Ok(board) => {
                self.count.clear();
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

    fn start_count(&mut self, Body(ask): Body<CountRequest>) -> Reply {
        if self.count.running() {
            return Reply::error(409, "a count is running: wait for it or cancel it");
        }
        let limit = Seconds::or(ask.limit_s, DEFAULT_COUNT_LIMIT);
        let Some(board) = &self.board else { return self.state(409) };
        match self.count.start("a count is running: wait for it or cancel it", || board.count(limit)) {
            Ok(()) => Reply::typed(202, &CountView::of(self.count.job())),
            Err(refusal) => refusal,
        }
    }

    fn cancel_count(&mut self) -> Reply {
        match self.count.cancel("no count is running") {
            Ok(()) => Reply::typed(200, &CountView::of(self.count.job())),
            Err(refusal) => refusal,
        }
    }

    fn start_hint(&mut self) -> Reply {
        let Some(board) = self.board.as_mut() else { return self.state(409) };
        match board.start_hint() {
            Ok(()) => self.state(202),
            Err(e) => Reply::error(409, e),
        }
    }

    fn cancel_hint(&mut self) -> Reply {
        match self.board.as_mut().map(|b| b.cancel_hint()) {
            Some(true) => self.state(200),
            _ => Reply::error(409, "no hint is being searched"),
        }
    }

    fn review(&mut self, Body(ask): Body<ReviewRequest>) -> Reply {
        let ply = ask.ply.0 as usize;
        let Some(board) = &self.board else { return self.state(409) };
        match board.review(ply) {
            Some(v) => Reply::typed(200, &v),
            None => Reply::error(400, format!("ply: the game has {} plies; got {ply}", board.plies())),
        }
    }

    /// `POST /continue`: play on from the position after `ply` plies; the later moves are
    /// dropped (the game has no variations), the computer replies when it is to move.
    fn continue_from(&mut self, Body(ask): Body<ReviewRequest>) -> Reply {
        let ply = ask.ply.0 as usize;
        let Some(board) = self.board.as_mut() else { return self.state(409) };
        let plies = board.plies();
        if ply > plies {
            return Reply::error(400, format!("ply: the game has {plies} plies; got {ply}"));
        }
        let dropped = board.back_to(ply);
        self.count.clear();
        self.message = match dropped {
            0 => "Playing on from the position now.".to_string(),
            1 => format!("Playing on from ply {ply}: the later move is dropped."),
            n => format!("Playing on from ply {ply}: the {n} later moves are dropped."),
        };
        self.think();
        self.state(200)
    }

    /// `POST /click`: one click of the square.
    fn click(&mut self, Body(click): Body<Click>) -> Reply {
        self.on_board(|board| board.click(&click.square.0))
    }

    /// `POST /move`: a whole move.
    fn play(&mut self, Body(ask): Body<MoveRequest>) -> Reply {
        self.on_board(|board| board.play_text(&ask.mv.0))
    }

    /// `POST /drop`: no selection.
    fn drop_selection(&mut self) -> Reply {
        self.on_board(|board| {
            board.drop_selection();
            Ok("Selection dropped.".to_string())
        })
    }

    /// `POST /undo`: the human's last move and the computer's reply taken back (allowed
    /// while the computer thinks: its search is dropped); 409 when there is none.
    fn undo(&mut self) -> Reply {
        let Some(board) = self.board.as_mut() else { return self.state(409) };
        let before = board.plies();
        if !board.undo() {
            return Reply::error(409, "nothing to undo: you have not moved yet");
        }
        self.after(before, Ok("Taken back: your last move and the reply.".to_string()))
    }

    /// Does `act` on the board unless the computer thinks (409), then [`Checkers::after`].
    fn on_board(&mut self, act: impl FnOnce(&mut dyn AnySize) -> Result<String, String>) -> Reply {
        let Some(board) = self.board.as_mut() else { return self.state(409) };
        if board.thinking().is_some() {
            return Reply::error(409, "the computer is thinking: wait for its move, or undo yours");
        }
        let before = board.plies();
        let result = act(board.as_mut());
        self.after(before, result)
    }

    /// The answer to a request that acted on the board (`before`: the plies until then):
    /// a move played drops the hint and the count and starts the computer's reply; a
    /// refusal is a 422 with its reason.
    fn after(&mut self, before: usize, result: Result<String, String>) -> Reply {
        let changed = self.board.as_ref().is_some_and(|b| b.plies() != before);
        if changed {
            if let Some(board) = self.board.as_mut() {
                board.cancel_hint();
            }
        }
        match result {
            Ok(message) if changed => {
                self.count.clear();
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
