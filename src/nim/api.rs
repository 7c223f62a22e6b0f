//! The Nim board of the web page: requests below `/api/nim`. The game is the terminal
//! game's [`Session`]: the human moves first, the computer is the assignment's player,
//! and the view carries the same transcript (`Heaps: ...`, `Your move: ...`, `Taking k
//! from heap i`, `Congratulations!`), so the page shows the game's own words.
//!
//! | request | body ([`NewGame`], [`Take`]) | answer |
//! | --- | --- | --- |
//! | `GET ` (empty path) | | the game's view ([`NimView`]; before the first game: `{"game": null, "message": ...}`) |
//! | `POST /new` | `heaps` (`"10 11 11"`) or `count` (heaps drawn), `maxtake`, `seed` (all optional) | a new game's view; 400 for bad settings |
//! | `POST /take` | `heap`, `count` | the view after the move and the computer's reply; 422 for a refused move (the terminal game's reason) |
//! | `POST /undo` | | the view before the human's last move and the reply; 409 when there is none |
//! | `GET /hint` | | the nim value, the heaps' values and the winning moves, as `harness nim value` prints them ([`HintView`]) |

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::play::{draw_heaps, parse_move};
use super::position::Position;
use super::session::{Outcome, Session, Values, COMPUTER_WINS, HUMAN_WINS};
use crate::api::{fresh_seed, AnyBoard, Blank, Body, Integer, Reply, Routes, Seed, WebBoard, Whole};
use crate::search::rng::{seeded, Rng};

/// The most sticks a heap of the web board may hold (each is drawn).
pub const MAX_WEB_STICKS: u32 = 60;
/// The most heaps of the web board.
pub const MAX_WEB_HEAPS: usize = 16;
/// Heaps drawn when a game names neither heaps nor their number.
const DEFAULT_HEAPS: usize = 3;

/// The settings of `POST /new`, every one optional.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct NewGame {
    /// The heaps (text like `"10 11 11"`, or an array); blank or absent: drawn.
    heaps: Blank<Heaps>,
    /// How many heaps to draw (blank or absent: 3; used when the heaps are drawn).
    count: Blank<Whole<1, { MAX_WEB_HEAPS as u64 }>>,
    /// The most sticks one move takes (absent: 0, any number).
    maxtake: Option<Whole<0, { MAX_WEB_STICKS as u64 }>>,
    /// The computer's seed (blank or absent: a fresh one).
    seed: Seed,
}

/// The human's move of `POST /take`: a heap and a number of sticks (either may be out of
/// range or negative: the terminal game's reason refuses it).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Take {
    heap: Integer,
    count: Integer,
}

/// Heaps given as text (`"10 11 11"`, commas allowed) or as an array of whole numbers:
/// 1 to [`MAX_WEB_HEAPS`] heaps of at most [`MAX_WEB_STICKS`] sticks.
struct Heaps(Vec<u32>);

impl<'de> Deserialize<'de> for Heaps {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Heaps, D::Error> {
        let bad = || {
            serde::de::Error::custom(format!(
                "expected 1 to {MAX_WEB_HEAPS} whole numbers from 0 to {MAX_WEB_STICKS}, like \"10 11 11\""
            ))
        };
        let sizes: Vec<u64> = match Value::deserialize(d)? {
            Value::String(s) if s.len() <= 512 => s
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|w| !w.is_empty())
                .map(|w| w.parse::<u64>().map_err(|_| bad()))
                .collect::<Result<_, _>>()?,
            Value::Array(a) if a.len() <= MAX_WEB_HEAPS => {
                a.iter().map(|v| v.as_u64().ok_or_else(bad)).collect::<Result<_, _>>()?
            }
            _ => return Err(bad()),
        };
        if sizes.is_empty() || sizes.len() > MAX_WEB_HEAPS || sizes.iter().any(|&s| s > u64::from(MAX_WEB_STICKS)) {
            return Err(bad());
        }
        Ok(Heaps(sizes.into_iter().map(|s| s as u32).collect()))
    }
}

/// A game on the page: the session, the computer's generator (seeded, so a game replays
/// from its seed) and the last message.
struct Game {
    session: Session,
    rng: Rng,
    seed: u64,
    message: String,
}

/// The Nim part of the server.
#[derive(Default)]
pub struct Nim {
    game: Option<Game>,
}

/// One heap as the page draws it: its sticks and the most one move may take from it.
#[derive(Serialize)]
pub struct HeapView {
    heap: usize,
    sticks: u32,
    most: u32,
}

/// The computer's last move and why it chose it.
#[derive(Serialize)]
pub struct ReplyView {
    #[serde(rename = "move")]
    mv: String,
    /// The heap it took from and how many sticks (the page shows them as taken).
    heap: usize,
    count: u32,
    winning_moves: u64,
    why: String,
}

/// The view of a game: heaps, whose turn and outcome (`ongoing`, `you win`, `computer
/// wins`), the computer's last move and the transcript.
#[derive(Serialize)]
pub struct NimView<'a> {
    game: &'static str,
    heaps: Vec<HeapView>,
    maxtake: u32,
    seed: u64,
    outcome: &'static str,
    your_turn: bool,
    status: String,
    message: &'a str,
    reply: Option<ReplyView>,
    transcript: &'a [String],
    /// The human's moves played.
    moves: usize,
}

/// What `GET /hint` answers: the position's values (as `harness nim value` gives them)
/// and the lines it prints.
#[derive(Serialize)]
pub struct HintView {
    value: u32,
    heap_values: Vec<u32>,
    winning_moves: Vec<[u64; 2]>,
    text: Vec<String>,
}

impl Game {
    fn new(settings: NewGame) -> Result<Game, String> {
        let maxtake = settings.maxtake.map_or(0, |m| m.0 as u32);
        let seed = settings.seed.0.map_or_else(fresh_seed, |s| s.0);
        let mut rng = seeded(seed);
        let heaps = match settings.heaps.0 {
            Some(h) => h.0,
            None => draw_heaps(settings.count.0.map_or(DEFAULT_HEAPS, |c| c.0 as usize), &mut rng),
        };
        let position = Position::new(&heaps, maxtake).map_err(|e| e.message)?;
        let message = format!("New game: heaps {position}, {}. You move first.", limit_text(maxtake));
        Ok(Game { session: Session::new(position), rng, seed, message })
    }

    /// The human's move `heap count` and the computer's reply.
    fn take(&mut self, heap: i64, count: i64) -> Result<(), String> {
        if self.session.outcome().is_some() {
            return Err("The game is over: start a new game.".to_string());
        }
        let mv = parse_move(&format!("{heap} {count}"), self.session.position())?;
        self.session.play(mv, &mut self.rng);
        let took = format!("You took {} from heap {}.", mv.count, mv.heap);
        self.message = match self.session.reply() {
            None => format!("{took} {HUMAN_WINS}"),
            Some(reply) => format!("{took} {}.", reply.mv),
        };
        Ok(())
    }

    fn outcome(&self) -> &'static str {
        match self.session.outcome() {
            Some(Outcome::HumanWon) => "you win",
            Some(Outcome::ComputerWon) => "computer wins",
            _ => "ongoing",
        }
    }

    fn view(&self) -> NimView<'_> {
        let p = self.session.position();
        let outcome = self.outcome();
        let status = match outcome {
            "you win" => format!("{HUMAN_WINS} You took the last stick."),
            "computer wins" => COMPUTER_WINS.to_string(),
            _ => format!("Your move | heaps {p} | {}", limit_text(p.maxtake())),
        };
        let heaps = p
            .heaps()
            .iter()
            .enumerate()
            .map(|(heap, &sticks)| HeapView { heap, sticks, most: p.most_from(sticks).min(sticks) })
            .collect();
        let reply = self.session.reply().map(|r| {
            let why = if r.winning == 0 {
                "no winning move: one stick from the lowest-numbered non-empty heap".to_string()
            } else {
                let s = if r.winning == 1 { "" } else { "s" };
                format!("chosen by the reservoir selector among {} winning move{s}", r.winning)
            };
            ReplyView { mv: r.mv.to_string(), heap: r.mv.heap, count: r.mv.count, winning_moves: r.winning, why }
        });
        NimView {
            game: Nim::NAME,
            heaps,
            maxtake: p.maxtake(),
            seed: self.seed,
            outcome,
            your_turn: outcome == "ongoing",
            status,
            message: &self.message,
            reply,
            transcript: self.session.transcript(),
            moves: self.session.moves(),
        }
    }

    /// What `harness nim value` says of the position.
    fn hint(&self) -> HintView {
        let values = Values::of(self.session.position());
        let text = values.lines();
        HintView { value: values.value, heap_values: values.heap_values, winning_moves: values.winning_moves, text }
    }
}

/// `maxtake` in words.
fn limit_text(maxtake: u32) -> String {
    match maxtake {
        0 => "take any number of sticks".to_string(),
        1 => "take 1 stick per move".to_string(),
        m => format!("take at most {m} sticks per move"),
    }
}

impl Nim {
    fn state(&self, status: u16) -> Reply {
        match &self.game {
            None => Reply::error(409, "no game yet: start one with POST /api/nim/new"),
            Some(g) => Reply::typed(status, &g.view()),
        }
    }

    /// The game's view; before the first game, the empty one.
    fn current(&mut self) -> Reply {
        if self.game.is_none() {
            Reply::no_game(Nim::NAME)
        } else {
            self.state(200)
        }
    }

    fn new_game(&mut self, Body(settings): Body<NewGame>) -> Reply {
        match Game::new(settings) {
            Ok(g) => {
                self.game = Some(g);
                self.state(200)
            }
            Err(e) => Reply::error(400, e),
        }
    }

    fn take(&mut self, Body(take): Body<Take>) -> Reply {
        let Some(game) = self.game.as_mut() else { return self.state(409) };
        match game.take(take.heap.0, take.count.0) {
            Ok(()) => self.state(200),
            Err(reason) => {
                game.message = reason.clone();
                Reply::error(422, reason)
            }
        }
    }

    fn undo(&mut self) -> Reply {
        let Some(game) = self.game.as_mut() else { return self.state(409) };
        if !game.session.undo() {
            return Reply::error(409, "nothing to undo: you have not moved yet");
        }
        game.message = "Taken back: your last move and the reply.".to_string();
        self.state(200)
    }

    fn hint(&mut self) -> Reply {
        match &self.game {
            None => self.state(409),
            Some(g) => Reply::typed(200, &g.hint()),
        }
    }
}

impl WebBoard for Nim {
    const NAME: &'static str = "nim";
    const TITLE: &'static str = "Nim";
    const MARKUP: &'static str = include_str!("board.html");
    const SCRIPT: &'static str = include_str!("board.js");

    fn routes(routes: Routes<Nim>) -> Routes<Nim> {
        routes
            .get("", Nim::current)
            .post("/new", Nim::new_game)
            .post("/take", Nim::take)
            .post("/undo", Nim::undo)
            .get("/hint", Nim::hint)
    }
}

/// A fresh board: what the registry's board slot builds for `harness play --web`.
pub fn board() -> AnyBoard {
    AnyBoard::new(Nim::default())
}
