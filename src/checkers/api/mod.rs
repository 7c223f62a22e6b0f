//! The checkers board of the web page: requests below `/api/checkers`.
//!
//! | request | body | answer |
//! | --- | --- | --- |
//! | `GET ` (empty path) | | the game's view (before the first game: `{"game": null, "message": ...}`) |
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
//! | `POST /continue` | `ply` | the view after the game is taken back to that ply to play on from it: the later moves are dropped (no variations), a reply or hint being searched is cancelled; 400 past the last ply |
//!
//! The computer's reply is searched in the background (at most [`REPLY_LIMIT`]):
//! a request that makes it the computer's turn answers at once (after a grace of a few
//! milliseconds in which a quick reply is played), with `thinking` set to the search's
//! progress until the reply is played; every later request plays a reply that has ended.
//!
//! The view names squares as the terminal board does (`a1` bottom left, Black at the
//! bottom) and carries the legal moves, the selection and its targets as the engine
//! computes them: the page draws them and applies no rule itself.
//!
//! In parts: what is asked (`requests.rs`), what is answered (`views.rs`), the game with
//! its background searches (`live.rs`) and the board with its count and route table
//! (`board.rs`).

mod board;
mod live;
mod requests;
mod views;

pub use board::{Checkers, DEFAULT_COUNT_LIMIT};
pub use live::{HINT_LIMIT, REPLY_LIMIT};
pub use requests::{Click, CountRequest, MoveRequest, ReviewRequest, Settings, MAX_COUNT_LIMIT_S, MAX_STRATEGY_DEPTH};

use crate::api::AnyBoard;

/// A fresh board: what the registry's board slot builds for `harness play --web`.
pub fn board() -> AnyBoard {
    AnyBoard::new(Checkers::default())
}
