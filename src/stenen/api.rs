//! The tiling board of the web page (Stenen leggen): requests below `/api/stenen`. Stones
//! are placed by hand in the assignment's notation `(row,col,stone,orient)`, where
//! `(row,col)` is the top-left cell of the oriented stone's box, taken off again (undo, or
//! one stone by number), and the dumb, smart or fast search finds or counts the tilings
//! from the board as it is, in the background with a time limit, progress and cancel.
//!
//! | request | body | answer |
//! | --- | --- | --- |
//! | `GET ` (empty path) | | the game's view (409 before the first game) |
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

use serde_json::{json, Value};

use super::load::parse_stones;
use super::outcome::cell_mismatch;
use super::stone::ORIENTATIONS;
use super::{Board, Count, Found, Game, Mode, Placement};
use crate::api::limit_field;
use crate::api::{text, whole, ApiRequest, GameApi, Reply};
use crate::search::job::{Job, JobEnd};

/// The instances the page offers: name, stones file, board rows and columns.
pub const INSTANCES: [(&str, &str, usize, usize); 4] = [
    ("stenen1", include_str!("../../instances/stenen/stenen1.in"), 4, 5),
    ("stenen2", include_str!("../../instances/stenen/stenen2.in"), 6, 10),
    ("stenen3", include_str!("../../instances/stenen/stenen3.in"), 5, 8),
    ("stenen4", include_str!("../../instances/stenen/stenen4.in"), 8, 8),
];
/// The longest time limit a search may ask for, in seconds.
pub const MAX_LIMIT_S: f64 = 120.0;
/// The time limit of a search that asks for none, in seconds.
pub const DEFAULT_LIMIT_S: f64 = 10.0;
/// The largest row or column number a placement may name (larger ones are malformed).
const MAX_INDEX: u64 = 1_000_000;

/// A search's answer.
#[derive(Debug, Clone)]
enum Answer {
    Found(Found),
    Count(Count),
    /// The cells do not add up (stones' cells, empty cells): no search runs.
    Mismatch(usize, usize),
}

/// A running or finished search: its mode, and the board it started from.
struct Search {
    job: Job<Answer>,
    mode: Mode,
    from: Vec<u8>,
}

/// A game given on the command line (`harness play --web stenen H B FILE`): the board the
/// page opens with.
#[derive(Debug, Clone)]
pub struct Start {
    /// The game: board size and stones.
    pub game: Game,
    /// Its name on the page (the stones file's path).
    pub name: String,
    /// The time limit of a search in seconds (`--time-limit`; at most [`MAX_LIMIT_S`]).
    pub limit_s: f64,
}

/// The tiling part of the server.
#[derive(Default)]
pub struct Stenen {
    game: Option<Game>,
    board: Option<Board>,
    name: String,
    /// Placements in the order they were done, for undo.
    history: Vec<Placement>,
    limit_s: Option<f64>,
    message: String,
    search: Option<Search>,
}

impl Stenen {
    /// The board with `start` loaded, as `harness play --web stenen H B FILE` opens it.
    pub fn with_start(start: Start) -> Stenen {
        let mut s = Stenen { limit_s: Some(start.limit_s.clamp(0.001, MAX_LIMIT_S)), ..Stenen::default() };
        s.load(start.name, start.game);
        s
    }

    fn load(&mut self, name: String, game: Game) {
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
        self.search = None;
    }

    fn new_game(&mut self, body: &Value) -> Result<(), String> {
        if !matches!(body, Value::Object(_) | Value::Null) {
            return Err("expected a JSON object with the game's settings".to_string());
        }
        let (name, file, h, w) = match (text(body, "instance", 32)?, text(body, "text", 4096)?) {
            (_, Some(t)) if !t.is_empty() => ("your file".to_string(), t.to_string(), 4, 5),
            (None | Some(""), _) => {
                let (n, t, h, w) = INSTANCES[0];
                (n.to_string(), t.to_string(), h, w)
            }
            (Some(n), _) => match INSTANCES.iter().find(|(k, ..)| *k == n) {
                Some(&(k, t, h, w)) => (k.to_string(), t.to_string(), h, w),
                None => {
                    let names: Vec<&str> = INSTANCES.iter().map(|(k, ..)| *k).collect();
                    return Err(format!(
                        "instance: `{}` is not one of {}",
                        crate::base::text::excerpt(n),
                        names.join(", ")
                    ));
                }
            },
        };
        let height = whole(body, "height", h as u64, 1000)? as usize;
        let width = whole(body, "width", w as u64, 1000)? as usize;
        let stones = parse_stones(Path::new(&name), &file).map_err(|e| e.to_string())?;
        let game = Game::new(height, width, stones).map_err(|e| e.to_string())?;
        self.load(name, game);
        Ok(())
    }

    fn searching(&self) -> bool {
        self.search.as_ref().is_some_and(|s| s.job.running())
    }

    fn search_view(&self) -> Value {
        let Some(s) = &self.search else { return json!({"state": "idle"}) };
        let mut v = json!(s.job.progress());
        v["mode"] = json!(s.mode.name());
        if let Some(JobEnd::Done(answer, seconds)) = s.job.end() {
            let mode = s.mode.name();
            let lines = match &answer {
                Answer::Mismatch(stones, empty) => {
                    v["positions"] = json!(0);
                    v["solutions"] = json!(0);
                    vec![format!("no solution: {stones} cells of stones, {empty} empty cells (positions: 0)")]
                }
                Answer::Found(f) => {
                    v["positions"] = json!(f.positions);
                    v["found"] = json!(f.board.is_some());
                    let head = if f.board.is_some() {
                        format!("a solution ({mode} search)")
                    } else {
                        "no solution from this board".to_string()
                    };
                    vec![head, format!("positions: {}, seconds: {seconds:.3}", f.positions)]
                }
                Answer::Count(c) => {
                    v["positions"] = json!(c.positions);
                    v["solutions"] = json!(c.distinct);
                    v["labelled"] = json!(c.labelled.to_string());
                    vec![
                        format!(
                            "solutions: {} distinct (identical stones interchangeable), {} labelled",
                            c.distinct, c.labelled
                        ),
                        format!("positions: {}, seconds: {seconds:.3} ({mode} search)", c.positions),
                    ]
                }
            };
            v["text"] = json!(lines);
        }
        v
    }

    /// The found tiling's rows while the board is the one its search started from.
    fn solution(&self, board: &Board, width: usize) -> Value {
        let Some(s) = &self.search else { return Value::Null };
        match s.job.end() {
            Some(JobEnd::Done(Answer::Found(Found { board: Some(cells), .. }), _)) if s.from == board.cells() => {
                json!(cells.chunks(width).collect::<Vec<_>>())
            }
            _ => Value::Null,
        }
    }

    fn view(&self, status: u16) -> Reply {
        let (Some(game), Some(board)) = (&self.game, &self.board) else {
            return Reply::error(409, "no game yet: start one with POST /api/stenen/new");
        };
        let stones: Vec<Value> = game.stones.iter().enumerate().map(|(i, s)| stone_view(game, board, i, s)).collect();
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
        let v = json!({
            "game": "stenen",
            "instance": self.name,
            "height": game.height,
            "width": game.width,
            "stones": stones,
            "cells": board.rows(),
            "placements": self.history.iter().map(|p| json!({
                "stone": p.stone, "row": p.row, "col": p.col, "orientation": p.orientation, "text": p.to_string(),
            })).collect::<Vec<_>>(),
            "full": full,
            "status": status_line,
            "message": self.message,
            "limit_s": self.limit_s.unwrap_or(DEFAULT_LIMIT_S),
            "search": self.search_view(),
            "solution": self.solution(board, game.width),
        });
        Reply::json(status, &v)
    }

    fn place(&mut self, body: &Value) -> Reply {
        let mut n = [0usize; 4];
        for (slot, key) in n.iter_mut().zip(["row", "col", "stone", "orientation"]) {
            match body.get(key).and_then(Value::as_u64) {
                Some(v) if v <= MAX_INDEX => *slot = v as usize,
                _ => {
                    return Reply::error(
                        400,
                        format!("expected a JSON object with `{key}`: a whole number from 0 to {MAX_INDEX}"),
                    )
                }
            }
        }
        let p = Placement { row: n[0], col: n[1], stone: n[2], orientation: n[3] };
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

    fn start_search(&mut self, body: &Value) -> Reply {
        let find = match text(body, "what", 16) {
            Ok(Some("find")) => true,
            Ok(Some("count")) => false,
            _ => return Reply::error(400, "what: expected find or count"),
        };
        let mode = match text(body, "mode", 16) {
            Ok(Some("dumb")) => Mode::Dumb,
            Ok(Some("smart")) => Mode::Smart,
            Ok(Some("fast")) => Mode::Fast,
            _ => return Reply::error(400, "mode: expected dumb, smart or fast"),
        };
        let limit = match limit_field(body, self.limit_s.unwrap_or(DEFAULT_LIMIT_S), MAX_LIMIT_S) {
            Ok(l) => l,
            Err(e) => return Reply::error(400, e),
        };
        let (Some(game), Some(board)) = (&self.game, &self.board) else { return self.view(409) };
        let (game, board) = (game.clone(), board.clone());
        let from = board.cells().to_vec();
        let what = format!("{} ({} search)", if find { "find a tiling" } else { "count the tilings" }, mode.name());
        let job = Job::start(&what, limit, move |b| {
            if let Some((stones, empty)) = cell_mismatch(&game, &board) {
                return Ok(Answer::Mismatch(stones, empty));
            }
            if find {
                super::find(&game, &board, mode, b).map(Answer::Found)
            } else {
                super::count(&game, &board, mode, false, b).map(Answer::Count)
            }
        });
        self.search = Some(Search { job, mode, from });
        Reply::json(202, &self.search_view())
    }
}

/// A stone as the page draws it: its number, size, where it lies, the stone it is
/// identical to, and its eight orientations (box, covered cells, the lower orientation
/// with the same cells).
fn stone_view(game: &Game, board: &Board, i: usize, stone: &super::Stone) -> Value {
    let orientations: Vec<Value> = (0..ORIENTATIONS)
        .map(|o| {
            let shape = &stone.orientations[o];
            let same = (0..o).find(|&lower| stone.orientations[lower] == *shape);
            json!({
                "orientation": o,
                "rows": shape.rows,
                "cols": shape.cols,
                "cells": shape.cells.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>(),
                "same_as": same,
            })
        })
        .collect();
    let twin = (0..i).find(|&j| game.class_of[j] == game.class_of[i]).map(|j| j + 1);
    let at = board.placements().find(|p| p.stone == i + 1).map(|p| p.to_string());
    json!({
        "stone": i + 1,
        "size": stone.size(),
        "placed": at,
        "identical_to": twin,
        "orientations": orientations,
    })
}

impl GameApi for Stenen {
    fn name(&self) -> &'static str {
        "stenen"
    }

    fn title(&self) -> &'static str {
        "Tiling (stenen leggen)"
    }

    fn markup(&self) -> &'static str {
        include_str!("board.html")
    }

    fn script(&self) -> &'static str {
        include_str!("board.js")
    }

    fn handle(&mut self, request: &ApiRequest) -> Reply {
        let body = &request.body;
        if let Some(refusal) =
            request.refused_while_searching(&["/new", "/place", "/undo", "/remove", "/search"], self.searching())
        {
            return refusal;
        }
        match (request.method, request.path) {
            ("GET", "" | "/") => self.view(200),
            ("POST", "/new") => match self.new_game(body) {
                Ok(()) => self.view(200),
                Err(e) => Reply::error(400, e),
            },
            ("POST", "/place") => self.place(body),
            ("POST", "/undo") => self.take_off(None),
            ("POST", "/remove") => match body.get("stone").and_then(Value::as_u64) {
                Some(s) if s <= MAX_INDEX => self.take_off(Some(s as usize)),
                _ => Reply::error(400, "expected a JSON object with `stone`: a whole number"),
            },
            ("POST", "/search") => self.start_search(body),
            ("GET", "/search") => Reply::json(200, &self.search_view()),
            ("POST", "/search/cancel") => match &self.search {
                Some(s) if s.job.running() => {
                    s.job.cancel();
                    Reply::json(200, &self.search_view())
                }
                _ => Reply::error(409, "no search is running"),
            },
            (_, path)
                if ["", "/", "/new", "/place", "/undo", "/remove", "/search", "/search/cancel"].contains(&path) =>
            {
                Reply::error(405, format!("{} is not allowed on /api/stenen{path}", request.method))
            }
            (_, path) => Reply::error(404, format!("no such request: /api/stenen{}", crate::base::text::excerpt(path))),
        }
    }
}
