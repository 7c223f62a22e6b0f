//! The checkers game behind the board, of any size ([`AnySize`]), with the computer's
//! reply and the hint searched in the background ([`Background`] jobs): a request that
//! makes it the computer's turn starts the reply's search, and every later request plays
//! a reply that has ended.

use crate::api::background::Background;
use crate::base::limits::TimeLimit;
use crate::checkers::by_size::{geometry, with_bits};
use crate::checkers::count::Count;
use crate::checkers::count_job::start_count;
use crate::checkers::game::DEFAULT_DRAW_PLIES;
use crate::checkers::geometry::{width_for, Wide, Width};
use crate::checkers::moves::parse_move;
use crate::checkers::position::Position;
use crate::checkers::session::{ComputerReply, Session};
use crate::search::bits::Bits;
use crate::search::job::{Job, JobEnd, Progress};

use super::requests::NewGame;
use super::views::{session_view, squares, HintView, ReviewView, SessionView};

/// The time limit of a computer reply: a strategy search stopped by it plays the best
/// move of the deepest iteration it completed.
pub const REPLY_LIMIT: TimeLimit = TimeLimit::whole_seconds(30);
/// The time limit of a hint: a strategy search stopped by it shows the best move of the
/// deepest iteration it completed.
pub const HINT_LIMIT: TimeLimit = TimeLimit::whole_seconds(30);

/// A game of any board size, behind the bit-set width its size needs.
pub trait AnySize: Send {
    /// The session as the page draws it.
    fn session_view(&self) -> SessionView;
    /// A click on `square` (`c3`): what it did, or why it is refused.
    fn click(&mut self, square: &str) -> Result<String, String>;
    /// The human's whole move in the assignment's notation: what it did, or why not.
    fn play_text(&mut self, text: &str) -> Result<String, String>;
    /// Takes back the human's last move and the reply (a reply being searched is
    /// cancelled); `false` when there is none.
    fn undo(&mut self) -> bool;
    /// Drops the selection.
    fn drop_selection(&mut self);
    /// Starts the continuation count of the position in the background.
    fn count(&self, limit: TimeLimit) -> Job<Count>;
    /// Plies played.
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
    /// Takes the game back to the position after `ply` plies, the later moves dropped (a
    /// reply or hint being searched is cancelled); the plies dropped.
    fn back_to(&mut self, ply: usize) -> usize;
}

/// A session whose computer replies in the background: the search of the reply, while
/// it runs or until its move is played.
struct Live<B: Bits> {
    session: Session<B>,
    reply: Background<ComputerReply<B>>,
    /// The hint's search, asked for the position after that many plies.
    hint: Background<ComputerReply<B>, usize>,
}

impl<B: Bits> AnySize for Live<B> {
    fn session_view(&self) -> SessionView {
        session_view(&self.session)
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
            self.reply.clear();
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
        if self.reply.job().is_none() && self.session.computers_turn() {
            let search = self.session.reply_search();
            let what = format!("the computer's reply ({})", self.session.computer());
            let _ = self.reply.start("", || Job::start(&what, REPLY_LIMIT, move |b| Ok(search.run(b))));
        }
    }

    fn settle(&mut self) -> Option<String> {
        match self.reply.take_end()? {
            JobEnd::Done(reply, _) => self.session.apply_reply(reply).ok(),
            JobEnd::Stopped(why) => Some(format!("The computer's search stopped: {why}.")),
        }
    }

    fn thinking(&self) -> Option<Progress> {
        self.reply.progress()
    }

    fn start_hint(&mut self) -> Result<(), String> {
        if !self.session.humans_turn() {
            return Err("a hint is for your move: it is not your turn".to_string());
        }
        if self.hint().is_some_and(|h| h.progress.state == "running") {
            return Ok(());
        }
        // A hint for an earlier position may still be stopping: it is dropped.
        self.hint.clear();
        let search = self.session.hint_search();
        let start = || Job::start("hint (the strategy's move)", HINT_LIMIT, move |b| Ok(search.run(b)));
        self.hint.start_asked("", self.session.game().plies(), start).map_err(|_| "a hint is running".to_string())
    }

    fn cancel_hint(&mut self) -> bool {
        self.hint.cancel("").is_ok()
    }

    fn hint(&self) -> Option<HintView> {
        let (job, ply) = self.hint.asked().filter(|(_, ply)| **ply == self.session.game().plies())?;
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

    fn back_to(&mut self, ply: usize) -> usize {
        self.reply.clear();
        self.hint.clear();
        self.session.back_to(ply)
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

/// The game `settings` ask for, its moves played: why not when its position or a move
/// is refused.
pub fn start(settings: &NewGame) -> Result<Box<dyn AnySize>, String> {
    let size = settings.size;
    with_bits!(size, B => start_with::<B>(settings))
}

fn start_with<B: Bits>(settings: &NewGame) -> Result<Box<dyn AnySize>, String> {
    let (size, human, computer, seed) = (settings.size, settings.human, settings.computer, settings.seed);
    let position = match &settings.position {
        None => None,
        Some((text, side)) => {
            Some(Position::from_text(&geometry::<B>(size), *side, text).map_err(|e| format!("position: {e}"))?)
        }
    };
    let mut session = Session::<B>::deferred(size, position, human, computer, seed, DEFAULT_DRAW_PLIES);
    if let Some(moves) = &settings.moves {
        session.replay(moves)?;
    }
    Ok(Box::new(Live { session, reply: Background::default(), hint: Background::default() }))
}
