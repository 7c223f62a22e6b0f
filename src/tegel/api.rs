//! The tile game's board of the web page: requests below `/api/tegel`. As in the
//! assignment's menu, the moves of the player to move are done by hand (either player),
//! undone one at a time, or chosen by the computer (greedy, good = Monte Carlo with its
//! seed, best = besteScore); besteScore and Monte Carlo advise on request with the
//! numbers `harness tegel best` and `harness tegel good` print.
//!
//! | request | body | answer |
//! | --- | --- | --- |
//! | `GET ` (empty path) | | the game's view (before the first game: `{"game": null, "message": ...}`) |
//! | `POST /new` | `instance` (`spel1` ... `spel5`, `greedy`) or `text` (a game file), `sims`, `seed` | a new game's view; 400 for a bad file or setting |
//! | `POST /take` | `bowl`, `color` (`g` or `b`) | the view after the move; 422 with the menu's reason for an illegal one |
//! | `POST /undo` | | the view one move back; 409 at the loaded position |
//! | `POST /computer` | `player` (`greedy`, `good`, `best`), `limit_s` | greedy: the view after its move; good, best: 202 and the search's progress, its move done when it ends |
//! | `POST /advice` | `search` (`good`, `best`), `limit_s` | 202 and the search's progress; its numbers when it ends |
//! | `GET /search` | | the search's progress or result |
//! | `POST /search/cancel` | | the progress; the search ends as `cancelled` |
//!
//! While a search runs the board is locked (409): its answer is for the position it
//! started from.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::best::best_score_with;
use super::game::Game;
use super::greedy::greedy_move;
use super::load::parse as parse_game;
use super::montecarlo::{good_move, GoodMove};
use super::play::why_illegal;
use super::position::board as player_rows;
use super::rules::{Color, Move};
use super::search::BestResult;
use crate::api::background::Background;
use crate::api::instance::{choose, Chosen};
use crate::api::{search_board, AnyBoard, Body, Index, Reply, Routes, SearchBoard, Seconds, Text, WebBoard, Whole};
use crate::base::limits::TimeLimit;
use crate::search::job::{Job, JobEnd, Progress};

/// The instances the page offers, by name.
pub const INSTANCES: [(&str, &str); 6] = [
    ("spel1", include_str!("../../instances/tegel/spel1.txt")),
    ("spel2", include_str!("../../instances/tegel/spel2.txt")),
    ("spel3", include_str!("../../instances/tegel/spel3.txt")),
    ("spel4", include_str!("../../instances/tegel/spel4.txt")),
    ("spel5", include_str!("../../instances/tegel/spel5.txt")),
    ("greedy", include_str!("../../instances/tegel/greedy.txt")),
];
/// The longest time limit a search may ask for, in seconds.
pub const MAX_LIMIT_S: u64 = 120;
/// The time limit of a search that asks for none.
pub const DEFAULT_LIMIT: TimeLimit = TimeLimit::whole_seconds(10);
/// The most random games per move of the Monte Carlo search.
pub const MAX_SIMS: u64 = 1_000_000;

/// The time limit a search may ask for (`limit_s`).
type Limit = Seconds<MAX_LIMIT_S>;

/// The settings of `POST /new`, every one optional.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct NewGame {
    /// One of [`INSTANCES`] (absent or empty: `spel1`).
    instance: Option<Text<32>>,
    /// A game file's text, in place of an instance.
    text: Option<Text<4096>>,
    /// Random games per move of the Monte Carlo search (default 1000).
    sims: Option<Whole<1, MAX_SIMS>>,
    /// Its seed (default 1).
    seed: Option<Whole<0, { i64::MAX as u64 }>>,
}

/// A bowl's tiles of one colour, taken by hand (`POST /take`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Take {
    bowl: Index<63>,
    color: Letter,
}

/// A colour's letter: `g` (yellow) or `b` (blue).
struct Letter(Color);

impl<'de> Deserialize<'de> for Letter {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Letter, D::Error> {
        let text = match Value::deserialize(d)? {
            Value::String(s) => s,
            _ => String::new(),
        };
        let mut letters = text.trim().chars();
        match (letters.next().and_then(Color::from_letter), letters.next()) {
            (Some(c), None) => Ok(Letter(c)),
            _ => Err(serde::de::Error::custom("expected g (yellow) or b (blue)")),
        }
    }
}

/// The computer players of `POST /computer`.
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Player {
    Greedy,
    Good,
    Best,
}

/// The searches of `POST /advice` (and of the players good and best).
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum SearchKind {
    Good,
    Best,
}

/// `POST /computer`: which player moves, and a search's time limit.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Computer {
    player: Player,
    #[serde(default)]
    limit_s: Option<Limit>,
}

/// `POST /advice`: which search advises, and its time limit.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advice {
    search: SearchKind,
    #[serde(default)]
    limit_s: Option<Limit>,
}

/// The view of the board: the bowls, each player's rows, the pot, whose turn, the moves
/// and the search.
#[derive(Serialize)]
pub struct TegelView<'a> {
    game: &'static str,
    instance: &'a str,
    sims: u32,
    seed: u64,
    row_len: usize,
    pot: String,
    bowls: Vec<BowlView>,
    players: Vec<PlayerView>,
    to_move: usize,
    end: bool,
    score: i32,
    status: String,
    message: &'a str,
    /// The distinct legal moves (none at the end).
    distinct_moves: Vec<String>,
    history: Vec<String>,
    /// The position as the terminal program prints it.
    text: String,
    search: SearchView,
    /// The last move and where its tiles landed (`null` at the loaded position).
    last: Option<LastView>,
}

/// The last move: who made it, the bowl and colour taken, and where the tiles landed
/// (the row, and the tiles it held before).
#[derive(Serialize)]
pub struct LastView {
    player: usize,
    bowl: u8,
    color: String,
    count: u8,
    row: u8,
    before: u8,
}

/// A bowl: its yellow and blue tiles and which colour may be taken.
#[derive(Serialize)]
pub struct BowlView {
    bowl: usize,
    g: u8,
    b: u8,
    legal: Colors,
    /// Why a colour the bowl holds cannot be taken (`null` where it can, or is absent).
    why: Reasons,
}

/// Why each colour cannot be taken.
#[derive(Serialize)]
pub struct Reasons {
    g: Option<String>,
    b: Option<String>,
}

/// Whether each colour may be taken.
#[derive(Serialize)]
pub struct Colors {
    g: bool,
    b: bool,
}

/// A player's rows and full rows.
#[derive(Serialize)]
pub struct PlayerView {
    full_rows: u8,
    rows: Vec<RowView>,
}

/// A row: its colour's letter (`None` while empty) and its tiles.
#[derive(Serialize)]
pub struct RowView {
    color: Option<String>,
    fill: u8,
}

/// The search: `{"state": "idle"}`, or its progress and, once it ended, its numbers.
pub type SearchView = crate::api::SearchView<RanView>;

/// A search's progress and, once it ended, its numbers and lines.
#[derive(Serialize)]
pub struct RanView {
    #[serde(flatten)]
    progress: Progress,
    /// Whether its move is to be played.
    play: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best_move: Option<Option<String>>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    averages: Option<Vec<(String, f64)>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<Vec<String>>,
}

/// A search's answer.
#[derive(Debug, Clone)]
pub enum Answer {
    /// besteScore's: the score and the best move.
    Best(BestResult),
    /// Monte Carlo's: the good move and each move's average.
    Good(GoodMove),
}

/// What a search was asked: whether its move is to be played, the number of moves done
/// when it started (its answer is for that position), and the Monte Carlo settings it
/// ran with.
pub struct Asked {
    play: bool,
    at: usize,
    sims: u32,
    seed: u64,
}

/// The tile-game part of the server.
#[derive(Default)]
pub struct Tegel {
    game: Option<Game>,
    name: String,
    sims: u32,
    seed: u64,
    message: String,
    search: Background<Answer, Asked>,
}

fn color_name(c: Color) -> &'static str {
    if c == Color::Yellow {
        "yellow"
    } else {
        "blue"
    }
}

impl Tegel {
    /// Plays a finished search's move, once, if it was asked to and the board is as it was.
    fn play_found(&mut self) {
        let Some((job, asked)) = self.search.asked() else { return };
        if !asked.play {
            return;
        }
        let Some(end) = job.end() else { return };
        let at = asked.at;
        if let Some(asked) = self.search.asked_mut() {
            asked.play = false;
        }
        let Some(game) = self.game.as_mut() else { return };
        match end {
            JobEnd::Done(answer, _) if game.moves_done() == at => {
                let (mv, who) = match &answer {
                    Answer::Best(r) => (r.best_move, "best (besteScore)"),
                    Answer::Good(g) => (g.mv, "good (Monte Carlo)"),
                };
                match mv {
                    Some(mv) if game.do_move(mv) => {
                        self.message =
                            format!("The computer ({who}) did {mv} for player {}.", game.position().to_move() ^ 1)
                    }
                    _ => self.message = "End position: the computer has no move.".to_string(),
                }
            }
            JobEnd::Done(..) => {}
            JobEnd::Stopped(why) => self.message = format!("The computer's search stopped: {why}; no move done."),
        }
    }

    /// The game's view; before the first game, the empty one.
    fn current(&mut self) -> Reply {
        if self.game.is_none() {
            Reply::no_game(Tegel::NAME)
        } else {
            self.view(200)
        }
    }

    fn take(&mut self, Body(Take { bowl, color }): Body<Take>) -> Reply {
        let (bowl, color) = (bowl.0, color.0);
        let Some(game) = self.game.as_mut() else { return self.view(409) };
        if game.is_end() {
            return Reply::error(422, "End position: no move can be done (undo first).");
        }
        let mv = Move::new(bowl, color);
        if bowl >= game.rules().bowls || !game.do_move(mv) {
            let reason = format!("{mv} is not legal here: {}", why_illegal(game, mv));
            self.message = reason.clone();
            return Reply::error(422, reason);
        }
        let player = game.position().to_move() ^ 1;
        self.message = format!("Player {player} took the {} tiles of bowl {bowl}: {mv}.", color_name(color));
        self.view(200)
    }

    fn start_search(&mut self, kind: SearchKind, play: bool, limit: Option<Limit>) -> Reply {
        let limit = Seconds::or(limit, DEFAULT_LIMIT);
        let Some(game) = &self.game else { return self.view(409) };
        if game.is_end() {
            return Reply::error(422, "End position: there is no move to search for.");
        }
        let (rules, pos, sims, seed) = (game.rules().clone(), *game.position(), self.sims, self.seed);
        let asked = Asked { play, at: game.moves_done(), sims, seed };
        search_board::start_search(self, asked, move || match kind {
            SearchKind::Best => {
                Job::start("besteScore", limit, move |b| best_score_with(&rules, &pos, b, false).map(Answer::Best))
            }
            SearchKind::Good => Job::start("good move (Monte Carlo)", limit, move |b| {
                good_move(&rules, &pos, sims, seed, b).map(Answer::Good)
            }),
        })
    }

    fn computer(&mut self, Body(ask): Body<Computer>) -> Reply {
        match ask.player {
            Player::Greedy => {}
            Player::Good => return self.start_search(SearchKind::Good, true, ask.limit_s),
            Player::Best => return self.start_search(SearchKind::Best, true, ask.limit_s),
        }
        let Some(game) = self.game.as_mut() else { return self.view(409) };
        match greedy_move(game.rules(), game.position()) {
            Some((mv, fill)) if game.do_move(mv) => {
                let p = game.position().to_move() ^ 1;
                self.message = format!("The computer (greedy) did {mv} for player {p}: its row reaches {fill} tiles.");
                self.view(200)
            }
            _ => Reply::error(422, "End position: no greedy move."),
        }
    }

    fn undo(&mut self) -> Reply {
        match self.game.as_mut().map(Game::undo) {
            None => self.view(409),
            Some(true) => {
                self.message = "Undone: one move back.".to_string();
                self.view(200)
            }
            Some(false) => Reply::error(409, "nothing to undo: this is the loaded position"),
        }
    }

    fn advice(&mut self, Body(ask): Body<Advice>) -> Reply {
        self.start_search(ask.search, false, ask.limit_s)
    }
}

impl SearchBoard for Tegel {
    type Answer = Answer;
    type Asked = Asked;
    type Ran = RanView;
    type Settings = NewGame;

    fn search(&self) -> &Background<Answer, Asked> {
        &self.search
    }

    fn search_mut(&mut self) -> &mut Background<Answer, Asked> {
        &mut self.search
    }

    fn ran(&self, job: &Job<Answer>, asked: &Asked) -> RanView {
        let mut v = RanView {
            progress: job.progress(),
            play: asked.play,
            score: None,
            best_move: None,
            mv: None,
            averages: None,
            text: None,
        };
        if asked.play {
            // The computer's move is played by the first request after its search ended
            // (`settle`, before the view): a search that ended since then still counts as
            // running, so a view never shows it done with the move not played.
            v.progress.state = "running";
            return v;
        }
        if let Some(JobEnd::Done(answer, seconds)) = job.end() {
            let lines = match &answer {
                Answer::Best(r) => {
                    v.score = Some(r.score);
                    v.best_move = Some(r.best_move.map(|m| m.to_string()));
                    v.progress.positions = r.positions;
                    vec![
                        format!("score: {}", r.score),
                        format!("best move: {}", r.move_text()),
                        format!("positions: {}", r.positions),
                        format!("seconds: {seconds:.6}"),
                    ]
                }
                Answer::Good(g) => {
                    v.mv = Some(g.mv.map(|m| m.to_string()));
                    v.averages = Some(g.averages.iter().map(|(m, a)| (m.to_string(), *a)).collect());
                    vec![
                        format!("good move: {}", g.move_text()),
                        format!("averages: {}", g.averages_text()),
                        format!("sims: {}", asked.sims),
                        format!("seed: {}", asked.seed),
                        format!("seconds: {seconds:.6}"),
                    ]
                }
            };
            v.text = Some(lines);
        }
        v
    }

    fn new_game(&mut self, settings: NewGame) -> Result<(), String> {
        let sims = settings.sims.map_or(1000, |s| s.0);
        let seed = settings.seed.map_or(1, |s| s.0);
        let instance = settings.instance.as_ref().map(|t| t.0.as_str());
        let (name, file) = match choose(instance, settings.text.as_ref().map(|t| t.0.as_str()), &INSTANCES, |i| i.0)? {
            Chosen::File(text) => ("your file".to_string(), text),
            Chosen::Instance(&(k, t)) => (k.to_string(), t.to_string()),
        };
        let game = parse_game(Path::new(&name), &file).map_err(|e| e.message)?;
        self.game = Some(game);
        self.search.clear();
        self.name = name;
        self.sims = sims as u32;
        self.seed = seed;
        self.message = format!(
            "Loaded {}: player {} to move.",
            self.name,
            self.game.as_ref().map_or(0, |g| g.position().to_move())
        );
        Ok(())
    }

    fn view(&self, status: u16) -> Reply {
        let Some(game) = &self.game else {
            return Reply::error(409, "no game yet: start one with POST /api/tegel/new");
        };
        let (rules, pos) = (game.rules(), game.position());
        let bowls = (0..rules.bowls)
            .map(|i| {
                let legal = |c| !game.is_end() && pos.is_legal(rules, Move::new(i, c));
                let why = |c: Color| {
                    let k = pos.bowl(i, c);
                    if k == 0 || legal(c) {
                        None
                    } else if game.is_end() {
                        Some("the game is over".to_string())
                    } else {
                        Some(format!("no row of player {} has room for {k} {}", pos.to_move(), color_name(c)))
                    }
                };
                BowlView {
                    bowl: i,
                    g: pos.bowl(i, Color::Yellow),
                    b: pos.bowl(i, Color::Blue),
                    legal: Colors { g: legal(Color::Yellow), b: legal(Color::Blue) },
                    why: Reasons { g: why(Color::Yellow), b: why(Color::Blue) },
                }
            })
            .collect();
        let players = (0..2)
            .map(|p| PlayerView {
                full_rows: pos.full_rows(p),
                rows: player_rows(pos, rules, p)
                    .iter()
                    .map(|r| RowView { color: r.color.map(|c| c.letter().to_string()), fill: r.fill })
                    .collect(),
            })
            .collect();
        let to_move = pos.to_move();
        let end = game.is_end();
        let status_line = if end {
            format!(
                "End position: score {} for player {to_move} (full rows {} against {})",
                pos.score(),
                pos.full_rows(to_move),
                pos.full_rows(to_move ^ 1)
            )
        } else {
            format!(
                "Player {to_move} to move | full rows: player 0 {}, player 1 {} | pot {} tiles",
                pos.full_rows(0),
                pos.full_rows(1),
                game.pot_text().len()
            )
        };
        let distinct_moves =
            if end { Vec::new() } else { game.moves().as_slice().iter().map(Move::to_string).collect() };
        let v = TegelView {
            game: Tegel::NAME,
            instance: &self.name,
            sims: self.sims,
            seed: self.seed,
            row_len: rules.row_len,
            pot: game.pot_text(),
            bowls,
            players,
            to_move,
            end,
            score: pos.score(),
            status: status_line,
            message: &self.message,
            distinct_moves,
            history: game.history().map(|m| m.to_string()).collect(),
            text: game.render(),
            search: self.search_view(),
            last: last_move(game),
        };
        Reply::typed(status, &v)
    }
}

/// The last move of `game` and where its tiles landed; `None` at the loaded position.
fn last_move(game: &Game) -> Option<LastView> {
    let mv = game.history().last()?;
    let mut before = game.clone();
    if !before.undo() {
        return None;
    }
    let (rules, pos) = (before.rules(), before.position());
    let count = pos.bowl(usize::from(mv.bowl), mv.color);
    let (row, fill) = pos.target_row(rules, mv.color, count)?;
    Some(LastView {
        player: pos.to_move(),
        bowl: mv.bowl,
        color: mv.color.letter().to_string(),
        count,
        row,
        before: fill,
    })
}

impl WebBoard for Tegel {
    const NAME: &'static str = "tegel";
    const TITLE: &'static str = "Tile game (tegelspel)";
    const MARKUP: &'static str = include_str!("board.html");
    const SCRIPT: &'static str = include_str!("board.js");

    fn routes(routes: Routes<Tegel>) -> Routes<Tegel> {
        routes
            .get("", Tegel::current)
            .change("/new", search_board::new_game::<Tegel>)
            .change("/take", Tegel::take)
            .change("/undo", Tegel::undo)
            .change("/computer", Tegel::computer)
            .change("/advice", Tegel::advice)
            .get("/search", search_board::search::<Tegel>)
            .post("/search/cancel", search_board::cancel_search::<Tegel>)
    }

    /// Plays a finished search's move, once, if it was asked to and the board is as it was.
    fn settle(&mut self) {
        self.play_found();
    }

    fn searching(&self) -> bool {
        search_board::search_running(self)
    }
}

/// A fresh board: what the registry's board slot builds for `harness play --web`.
pub fn board() -> AnyBoard {
    AnyBoard::new(Tegel::default())
}
