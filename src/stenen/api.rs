//! The tiling board of the web page (Stenen leggen): requests below `/api/stenen`. Stones
//! are placed by hand in the assignment's notation `(row,col,stone,orient)`, where
//! `(row,col)` is the top-left cell of the oriented stone's box, taken off again (undo, or
//! one stone by number), and the dumb, smart or fast search finds or counts the tilings
//! from the board as it is, in the background with a time limit, progress and cancel.
//!
//! | request | body | answer |
//! | --- | --- | --- |
//! | `GET ` (empty path) | | the game's view (before the first game: `{"game": null, "message": ...}`) |
//! | `POST /new` | `instance` (`stenen1` ... `stenen4`) or `text` (a stones file), `height`, `width` | a new game's view; 400 for a bad file or size |
//! | `POST /place` | `row`, `col`, `stone`, `orientation` | the view after the placement; 422 with the reason for a refused one |
//! | `POST /undo` | | the view without the stone placed last; 409 on an empty board |
//! | `POST /remove` | `stone` | the view without that stone; 422 when it is not on the board |
//! | `POST /search` | `what` (`find`, `count`), `mode` (`dumb`, `smart`, `fast`), `limit_s` | 202 and the search's progress; its numbers (and a found tiling) when it ends |
//! | `GET /search` | | the search's progress or result |
//! | `POST /search/cancel` | | the progress; the search ends as `cancelled` |
//!
//! While a search runs the board is locked (409): its answer is for the board it started
//! from, and a found tiling is shown while the board is still that board.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::load::parse_stones;
use super::outcome::cell_mismatch;
use super::stone::ORIENTATIONS;
use super::{Board, Count, Found, Mode, Placement, Puzzle};
use crate::api::background::Background;
use crate::api::instance::{choose, Chosen};
use crate::api::{self, search_board, AnyBoard, Body, Index, Reply, Routes, SearchBoard, Seconds, Text, Whole};
use crate::base::limits::TimeLimit;
use crate::search::job::{Job, JobEnd, Progress};

/// The instances the page offers: name, stones file, board rows and columns.
pub const INSTANCES: [(&str, &str, usize, usize); 4] = [
    ("stenen1", include_str!("../../instances/stenen/stenen1.in"), 4, 5),
    ("stenen2", include_str!("../../instances/stenen/stenen2.in"), 6, 10),
    ("stenen3", include_str!("../../instances/stenen/stenen3.in"), 5, 8),
    ("stenen4", include_str!("../../instances/stenen/stenen4.in"), 8, 8),
];
/// The longest time limit a search may ask for, in seconds.
pub const MAX_LIMIT_S: u64 = 120;
/// The time limit of a search that asks for none.
pub const DEFAULT_LIMIT: TimeLimit = TimeLimit::whole_seconds(10);
/// The largest row or column number a placement may name (larger ones are malformed).
const MAX_INDEX: usize = 1_000_000;

/// The settings of `POST /new`, every one optional.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct NewGame {
    /// One of [`INSTANCES`] (absent or empty: `stenen1`).
    instance: Option<Text<32>>,
    /// A stones file's text, in place of an instance (a 4 x 5 board unless sized).
    text: Option<Text<4096>>,
    /// Board rows (default: the instance's).
    height: Option<Whole<0, 1000>>,
    /// Board columns (default: the instance's).
    width: Option<Whole<0, 1000>>,
}

/// A stone placed by hand (`POST /place`), in the assignment's notation.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    row: Index<MAX_INDEX>,
    col: Index<MAX_INDEX>,
    stone: Index<MAX_INDEX>,
    orientation: Index<MAX_INDEX>,
}

/// A stone taken off by number (`POST /remove`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Remove {
    stone: Index<MAX_INDEX>,
}

/// What a search does: find one tiling or count them all.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum What {
    Find,
    Count,
}

/// `POST /search`: what, how, and the time limit.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    what: What,
    mode: Mode,
    #[serde(default)]
    limit_s: Option<Seconds<MAX_LIMIT_S>>,
}

/// The view of the board: its cells, the stones with their orientations, the placements
/// in order, the search and a found tiling.
#[derive(Serialize)]
pub struct StenenView<'a> {
    game: &'static str,
    instance: &'a str,
    height: usize,
    width: usize,
    stones: Vec<StoneView>,
    cells: Vec<Vec<u8>>,
    placements: Vec<PlacementView>,
    full: bool,
    status: String,
    message: &'a str,
    limit_s: f64,
    search: SearchView,
    /// The found tiling's rows while the board is the one its search started from.
    solution: Option<Vec<Vec<u8>>>,
}

/// A placement done, in the assignment's notation (`text`) and by its numbers.
#[derive(Serialize)]
pub struct PlacementView {
    stone: usize,
    row: usize,
    col: usize,
    orientation: usize,
    text: String,
}

/// A stone: number, size, where it lies, the lower-numbered stone it is identical to,
/// and its eight orientations.
#[derive(Serialize)]
pub struct StoneView {
    stone: usize,
    size: usize,
    placed: Option<String>,
    identical_to: Option<usize>,
    orientations: Vec<OrientationView>,
}

/// An orientation: its box, the cells it covers, the lower orientation with the same
/// cells.
#[derive(Serialize)]
pub struct OrientationView {
    orientation: usize,
    rows: usize,
    cols: usize,
    cells: Vec<[usize; 2]>,
    same_as: Option<usize>,
}

/// The search: `{"state": "idle"}`, or its progress and, once it ended, its numbers.
pub type SearchView = crate::api::SearchView<RanView>;

/// A search's progress, its mode and, once it ended, its numbers and lines.
#[derive(Serialize)]
pub struct RanView {
    #[serde(flatten)]
    progress: Progress,
    mode: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    found: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    labelled: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<Vec<String>>,
}

/// A search's answer.
#[derive(Debug, Clone)]
pub enum Answer {
    /// A find's: the first tiling, if any.
    Found(Found),
    /// A count's.
    Count(Count),
    /// The cells do not add up (stones' cells, empty cells): no search runs.
    Mismatch(usize, usize),
}

/// What a search was asked: its mode, and the board it started from.
pub struct Asked {
    mode: Mode,
    from: Vec<u8>,
}

/// A game given on the command line (`harness play --web stenen H B FILE`): the board the
/// page opens with.
#[derive(Debug, Clone)]
pub struct Start {
    /// The game: board size and stones.
    pub game: Puzzle,
    /// Its name on the page (the stones file's path).
    pub name: String,
    /// The time limit of a search (`--time-limit`; at most [`MAX_LIMIT_S`]).
    pub limit: TimeLimit,
}

/// The tiling part of the server.
#[derive(Default)]
pub struct Stenen {
    game: Option<Puzzle>,
    board: Option<Board>,
    name: String,
    /// Placements in the order they were done, for undo.
    history: Vec<Placement>,
    limit: Option<TimeLimit>,
    message: String,
    search: Background<Answer, Asked>,
}

impl Stenen {
    /// The board with `start` loaded, as `harness play --web stenen H B FILE` opens it.
    pub fn with_start(start: Start) -> Stenen {
        let mut s = Stenen { limit: Some(start.limit), ..Stenen::default() };
        s.load(start.name, start.game);
        s
    }

    fn load(&mut self, name: String, game: Puzzle) {
        self.message = format!(
            "Loaded {name}: a {}x{} board and {} stones. Choose a stone and an orientation, then click the top-left cell of its box.",
            game.height,
            game.width,
            game.stone_count()
        );
        self.board = Some(Board::empty(&game));
        self.game = Some(game);
        self.name = name;
        self.history.clear();
        self.search.clear();
    }

    /// The found tiling's rows while the board is the one its search started from.
    fn solution(&self, board: &Board, width: usize) -> Option<Vec<Vec<u8>>> {
        let (job, asked) = self.search.asked()?;
        match job.end() {
            Some(JobEnd::Done(Answer::Found(Found { board: Some(cells), .. }), _)) if asked.from == board.cells() => {
                Some(cells.chunks(width).map(<[u8]>::to_vec).collect())
            }
            _ => None,
        }
    }

    /// The game's view; before the first game, the empty one.
    fn current(&mut self) -> Reply {
        if self.board.is_none() {
            Reply::no_game(<Stenen as api::WebBoard>::NAME)
        } else {
            self.view(200)
        }
    }

    fn place(&mut self, Body(Place { row, col, stone, orientation }): Body<Place>) -> Reply {
        let p = Placement { row: row.0, col: col.0, stone: stone.0, orientation: orientation.0 };
        let (Some(game), Some(board)) = (&self.game, self.board.as_mut()) else { return self.view(409) };
        match board.place(game, p) {
            Ok(()) => {
                self.history.push(p);
                let full = board.cells().iter().all(|&c| c != 0);
                self.message = format!("Placed {p}.{}", if full { " The board is full: a tiling." } else { "" });
                self.view(200)
            }
            Err(reason) => {
                let reason = format!("cannot place {p}: {reason}");
                self.message = reason.clone();
                Reply::error(422, reason)
            }
        }
    }

    fn take_off(&mut self, stone: Option<usize>) -> Reply {
        let Some(board) = self.board.as_mut() else { return self.view(409) };
        let stone = match stone.or_else(|| self.history.last().map(|p| p.stone)) {
            Some(s) => s,
            None => return Reply::error(409, "nothing to undo: the board is empty"),
        };
        match board.remove(stone) {
            Ok(p) => {
                self.history.retain(|q| q.stone != stone);
                self.message = format!("Took stone {stone} off (it was at {p}).");
                self.view(200)
            }
            Err(reason) => Reply::error(422, format!("cannot take stone {stone} off: {reason}")),
        }
    }

    fn undo(&mut self) -> Reply {
        self.take_off(None)
    }

    fn remove(&mut self, Body(r): Body<Remove>) -> Reply {
        self.take_off(Some(r.stone.0))
    }

    fn start_search(&mut self, Body(ask): Body<SearchRequest>) -> Reply {
        let (find, mode) = (ask.what == What::Find, ask.mode);
        let limit = Seconds::or(ask.limit_s, self.limit.unwrap_or(DEFAULT_LIMIT));
        let (Some(game), Some(board)) = (&self.game, &self.board) else { return self.view(409) };
        let (game, board) = (game.clone(), board.clone());
        let from = board.cells().to_vec();
        let what = format!("{} ({} search)", if find { "find a tiling" } else { "count the tilings" }, mode.name());
        let started = format!("Started: {what}.");
        let reply = search_board::start_search(self, Asked { mode, from }, move || {
            Job::start(&what, limit, move |b| {
                if let Some((stones, empty)) = cell_mismatch(&game, &board) {
                    return Ok(Answer::Mismatch(stones, empty));
                }
                if find {
                    super::find(&game, &board, mode, b).map(Answer::Found)
                } else {
                    super::count(&game, &board, mode, false, b).map(Answer::Count)
                }
            })
        });
        // A search started: the message of an earlier click (a refusal) is done with.
        if reply.status == 202 {
            self.message = started;
        }
        reply
    }
}

impl SearchBoard for Stenen {
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
            mode: asked.mode.name(),
            solutions: None,
            found: None,
            labelled: None,
            text: None,
        };
        if let Some(JobEnd::Done(answer, seconds)) = job.end() {
            let mode = asked.mode.name();
            let lines = match &answer {
                Answer::Mismatch(stones, empty) => {
                    v.progress.positions = 0;
                    v.solutions = Some(0);
                    vec![format!("no solution: {stones} cells of stones, {empty} empty cells (positions: 0)")]
                }
                Answer::Found(f) => {
                    v.progress.positions = f.positions;
                    v.found = Some(f.board.is_some());
                    let head = if f.board.is_some() {
                        format!("a solution ({mode} search)")
                    } else {
                        "no solution from this board".to_string()
                    };
                    vec![head, format!("positions: {}, seconds: {seconds:.3}", f.positions)]
                }
                Answer::Count(c) => {
                    v.progress.positions = c.positions;
                    v.solutions = Some(c.distinct);
                    v.labelled = Some(c.labelled.to_string());
                    vec![
                        format!(
                            "solutions: {} distinct (identical stones interchangeable), {} labelled",
                            c.distinct, c.labelled
                        ),
                        format!("positions: {}, seconds: {seconds:.3} ({mode} search)", c.positions),
                    ]
                }
            };
            v.text = Some(lines);
        }
        v
    }

    fn new_game(&mut self, settings: NewGame) -> Result<(), String> {
        let instance = settings.instance.as_ref().map(|t| t.0.as_str());
        let (name, file, h, w) =
            match choose(instance, settings.text.as_ref().map(|t| t.0.as_str()), &INSTANCES, |i| i.0)? {
                Chosen::File(text) => ("your file".to_string(), text, 4, 5),
                Chosen::Instance(&(k, t, h, w)) => (k.to_string(), t.to_string(), h, w),
            };
        let height = settings.height.map_or(h, |v| v.0 as usize);
        let width = settings.width.map_or(w, |v| v.0 as usize);
        let stones = parse_stones(Path::new(&name), &file).map_err(|e| e.to_string())?;
        let game = Puzzle::new(height, width, stones).map_err(|e| e.to_string())?;
        self.load(name, game);
        Ok(())
    }

    fn view(&self, status: u16) -> Reply {
        let (Some(game), Some(board)) = (&self.game, &self.board) else {
            return Reply::error(409, "no game yet: start one with POST /api/stenen/new");
        };
        let stones = game.stones.iter().enumerate().map(|(i, s)| stone_view(game, board, i, s)).collect();
        let placed = board.placements().count();
        let empty = board.cells().iter().filter(|&&c| c == 0).count();
        let mismatch = cell_mismatch(game, board);
        let mut status_line = format!(
            "{}x{} board, {} stones: {placed} placed, {} to place | {empty} empty cells",
            game.height,
            game.width,
            game.stone_count(),
            game.stone_count() - placed
        );
        if let Some((stones, empty)) = mismatch {
            status_line.push_str(&format!(" | no tiling can exist: {stones} cells of stones, {empty} empty cells"));
        }
        let full = empty == 0 && placed == game.stone_count();
        let placements = self
            .history
            .iter()
            .map(|p| PlacementView {
                stone: p.stone,
                row: p.row,
                col: p.col,
                orientation: p.orientation,
                text: p.to_string(),
            })
            .collect();
        let v = StenenView {
            game: <Stenen as api::WebBoard>::NAME,
            instance: &self.name,
            height: game.height,
            width: game.width,
            stones,
            cells: board.rows(),
            placements,
            full,
            status: status_line,
            message: &self.message,
            limit_s: self.limit.unwrap_or(DEFAULT_LIMIT).seconds(),
            search: self.search_view(),
            solution: self.solution(board, game.width),
        };
        Reply::typed(status, &v)
    }
}

/// A stone as the page draws it: its number, size, where it lies, the stone it is
/// identical to, and its eight orientations.
fn stone_view(game: &Puzzle, board: &Board, i: usize, stone: &super::Stone) -> StoneView {
    let orientations = (0..ORIENTATIONS)
        .map(|o| {
            let shape = &stone.orientations[o];
            OrientationView {
                orientation: o,
                rows: shape.rows,
                cols: shape.cols,
                cells: shape.cells.iter().map(|&(r, c)| [r, c]).collect(),
                same_as: (0..o).find(|&lower| stone.orientations[lower] == *shape),
            }
        })
        .collect();
    StoneView {
        stone: i + 1,
        size: stone.size(),
        placed: board.placements().find(|p| p.stone == i + 1).map(|p| p.to_string()),
        identical_to: (0..i).find(|&j| game.class_of[j] == game.class_of[i]).map(|j| j + 1),
        orientations,
    }
}

impl api::WebBoard for Stenen {
    const NAME: &'static str = "stenen";
    const TITLE: &'static str = "Tiling (stenen leggen)";
    const MARKUP: &'static str = include_str!("board.html");
    const SCRIPT: &'static str = include_str!("board.js");

    fn routes(routes: Routes<Stenen>) -> Routes<Stenen> {
        routes
            .get("", Stenen::current)
            .change("/new", search_board::new_game::<Stenen>)
            .change("/place", Stenen::place)
            .change("/undo", Stenen::undo)
            .change("/remove", Stenen::remove)
            .change("/search", Stenen::start_search)
            .get("/search", search_board::search::<Stenen>)
            .post("/search/cancel", search_board::cancel_search::<Stenen>)
    }

    fn searching(&self) -> bool {
        search_board::search_running(self)
    }
}

/// A fresh board: what the registry's board slot builds for `harness play --web`.
pub fn board() -> AnyBoard {
    AnyBoard::new(Stenen::default())
}
