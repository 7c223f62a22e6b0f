//! The boards with one background search at a time (the tile game's and the tiling's):
//! what such a board tells ([`SearchBoard`]) and the routes every one of them answers
//! alike, `POST /new` ([`new_game`]), `GET /search` ([`search`]) and
//! `POST /search/cancel` ([`cancel_search`]), with its [`WebBoard::searching`]
//! ([`search_running`]). Its search is kept in the background slot every board keeps its
//! searches in ([`Background`]): started one at a time ([`start_search`], 409 while one
//! runs), shown with its progress, and cancelled as every board's search is.

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::background::Background;
use super::table::BUSY;
use super::{Body, Reply, WebBoard};
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
    /// What its search was asked, beside the job (what the board needs to show or use
    /// the answer).
    type Asked;
    /// What its view tells of a search that ran.
    type Ran: Serialize;
    /// The settings of `POST /new`.
    type Settings: DeserializeOwned + Send + 'static;

    /// Its search's slot: the search started last, if any, and what it was asked.
    fn search(&self) -> &Background<Self::Answer, Self::Asked>;
    /// Its search's slot, to start a search in or to change what it was asked.
    fn search_mut(&mut self) -> &mut Background<Self::Answer, Self::Asked>;
    /// What the view tells of `job`, the search started last (running or ended), asked
    /// `asked`.
    fn ran(&self, job: &Job<Self::Answer>, asked: &Self::Asked) -> Self::Ran;
    /// Sets up a new game from `settings` (any search is dropped); the reason when they
    /// are refused.
    fn new_game(&mut self, settings: Self::Settings) -> Result<(), String>;
    /// The whole board as JSON with `status`.
    fn view(&self, status: u16) -> Reply;

    /// The search as the page shows it: idle before the first, else [`SearchBoard::ran`].
    fn search_view(&self) -> SearchView<Self::Ran> {
        match self.search().asked() {
            None => SearchView::IDLE,
            Some((job, asked)) => SearchView::Ran(Box::new(self.ran(job, asked))),
        }
    }
}

/// Starts `board`'s search, asked `asked`: 202 and the search's progress; 409 while one
/// runs.
pub fn start_search<B: SearchBoard>(board: &mut B, asked: B::Asked, start: impl FnOnce() -> Job<B::Answer>) -> Reply {
    match board.search_mut().start_asked(BUSY, asked, start) {
        Ok(()) => Reply::typed(202, &board.search_view()),
        Err(refusal) => refusal,
    }
}

/// `POST /new`: the new game's view, or 400 with why its settings are refused.
pub fn new_game<B: SearchBoard>(board: &mut B, Body(settings): Body<B::Settings>) -> Reply {
    match board.new_game(settings) {
        Ok(()) => board.view(200),
        Err(e) => Reply::error(400, e),
    }
}

/// `GET /search`: the search's progress or result.
pub fn search<B: SearchBoard>(board: &mut B) -> Reply {
    Reply::typed(200, &board.search_view())
}

/// `POST /search/cancel`: cancels the running search and answers its progress (it ends
/// as `cancelled`); 409 when none runs.
pub fn cancel_search<B: SearchBoard>(board: &mut B) -> Reply {
    match board.search().cancel("no search is running") {
        Ok(()) => Reply::typed(200, &board.search_view()),
        Err(refusal) => refusal,
    }
}

/// Whether the board's search runs: its [`WebBoard::searching`].
pub fn search_running<B: SearchBoard>(board: &B) -> bool {
    board.search().running()
}
