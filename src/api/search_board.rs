//! The boards with one background search at a time (the tile game's and the tiling's):
//! what such a board tells ([`SearchBoard`]) and the routes every one of them answers
//! alike, `POST /new` ([`new_game`]), `GET /search` ([`search`]) and
//! `POST /search/cancel` ([`cancel_search`]), with its [`WebBoard::searching`]
//! ([`search_running`]). Its search is cancelled as every board's background search is
//! ([`super::background::cancel`]).

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use super::background::cancel;
use super::{parse, Reply, WebBoard};
use crate::search::job::Job;

/// A board's background search as its view shows it: `{"state": "idle"}` before the
/// first search, else what the board tells of the search (`R`: its progress and, once it
/// ended, its numbers).
#[derive(Serialize)]
#[serde(untagged)]
pub enum SearchView<R> {
    /// No search yet.
    Idle {
        /// `idle`.
        state: &'static str,
    },
    /// A search running or ended.
    Ran(Box<R>),
}

impl<R> SearchView<R> {
    /// Before the first search: `{"state": "idle"}`.
    pub const IDLE: SearchView<R> = SearchView::Idle { state: "idle" };
}

/// A board with at most one background search, whose answer is for the board it started
/// from.
pub trait SearchBoard: WebBoard {
    /// What its search answers.
    type Answer: Clone;
    /// What its view tells of a search that ran.
    type Ran: Serialize;
    /// The settings of `POST /new`.
    type Settings: DeserializeOwned;

    /// The job of the search started last, if any.
    fn job(&self) -> Option<&Job<Self::Answer>>;
    /// The search as the page shows it.
    fn search_view(&self) -> SearchView<Self::Ran>;
    /// Sets up a new game from `settings` (any search is dropped); the reason when they
    /// are refused.
    fn new_game(&mut self, settings: Self::Settings) -> Result<(), String>;
    /// The whole board as JSON with `status`; 409 before the first game.
    fn view(&self, status: u16) -> Reply;
}

/// `POST /new`: the new game's view, or 400 with why its settings are refused.
pub fn new_game<B: SearchBoard>(board: &mut B, body: &Value) -> Reply {
    let settings = match parse::<B::Settings>(body) {
        Ok(s) => s,
        Err(refusal) => return refusal,
    };
    match board.new_game(settings) {
        Ok(()) => board.view(200),
        Err(e) => Reply::error(400, e),
    }
}

/// `GET /search`: the search's progress or result.
pub fn search<B: SearchBoard>(board: &mut B, _: &Value) -> Reply {
    Reply::typed(200, &board.search_view())
}

/// `POST /search/cancel`: cancels the running search and answers its progress (it ends
/// as `cancelled`); 409 when none runs.
pub fn cancel_search<B: SearchBoard>(board: &mut B, _: &Value) -> Reply {
    match cancel(board.job(), "no search is running") {
        Ok(()) => Reply::typed(200, &board.search_view()),
        Err(refusal) => refusal,
    }
}

/// Whether the board's search runs: its [`WebBoard::searching`].
pub fn search_running<B: SearchBoard>(board: &B) -> bool {
    board.job().is_some_and(Job::running)
}
