//! The tile game's board of the web page: requests below `/api/tegel`. As in the
//! assignment's menu, the moves of the player to move are done by hand (either player),
//! undone one at a time, or chosen by the computer (greedy, good = Monte Carlo with its
//! seed, best = besteScore); besteScore and Monte Carlo advise on request with the
//! numbers `harness tegel best` and `harness tegel good` print.
//!
//! | request | body | answer |
//! | --- | --- | --- |
//! | `GET ` (empty path) | | the game's view (409 before the first game) |
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

use serde_json::{json, Value};

use super::best::best_score_with;
use super::game::Game;
use super::greedy::greedy_move;
use super::load::parse;
use super::montecarlo::{good_move, GoodMove};
use super::play::why_illegal;
use super::position::board;
use super::rules::{Color, Move};
use super::search::BestResult;
use crate::api::limit_field;
use crate::api::{text, whole, ApiRequest, GameApi, Reply};
use crate::search::job::{Job, JobEnd};

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
pub const MAX_LIMIT_S: f64 = 120.0;
/// The time limit of a search that asks for none, in seconds.
pub const DEFAULT_LIMIT_S: f64 = 10.0;
/// The most random games per move of the Monte Carlo search.
pub const MAX_SIMS: u64 = 1_000_000;

/// A search's answer.
#[derive(Debug, Clone)]
enum Answer {
    Best(BestResult),
    Good(GoodMove),
}

/// A running or finished search: whether its move is to be played, and the number of
/// moves done when it started (its answer is for that position).
struct Search {
    job: Job<Answer>,
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
    search: Option<Search>,
}

fn color_name(c: Color) -> &'static str {
    if c == Color::Yellow {
        "yellow"
    } else {
        "blue"
    }
}

impl Tegel {
    fn new_game(&mut self, body: &Value) -> Result<(), String> {
        if !matches!(body, Value::Object(_) | Value::Null) {
            return Err("expected a JSON object with the game's settings".to_string());
        }
        let sims = whole(body, "sims", 1000, MAX_SIMS)?;
        if sims == 0 {
            return Err(format!("sims: expected a whole number from 1 to {MAX_SIMS}"));
        }
        let seed = whole(body, "seed", 1, i64::MAX as u64)?;
        let (name, file) = match (text(body, "instance", 32)?, text(body, "text", 4096)?) {
            (_, Some(t)) if !t.is_empty() => ("your file".to_string(), t.to_string()),
            (None | Some(""), _) => ("spel1".to_string(), INSTANCES[0].1.to_string()),
            (Some(n), _) => match INSTANCES.iter().find(|(k, _)| *k == n) {
                Some((k, t)) => (k.to_string(), t.to_string()),
                None => {
                    let names: Vec<&str> = INSTANCES.iter().map(|(k, _)| *k).collect();
                    return Err(format!(
                        "instance: `{}` is not one of {}",
                        crate::base::text::excerpt(n),
                        names.join(", ")
                    ));
                }
            },
        };
        let game = parse(Path::new(&name), &file).map_err(|e| e.message)?;
        self.game = Some(game);
        self.search = None;
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

    /// Plays a finished search's move, once, if it was asked to and the board is as it was.
    fn settle(&mut self) {
        let Some(search) = self.search.as_mut() else { return };
        if !search.play {
            return;
        }
        let Some(end) = search.job.end() else { return };
        search.play = false;
        let Some(game) = self.game.as_mut() else { return };
        match end {
            JobEnd::Done(answer, _) if game.moves_done() == search.at => {
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

    fn searching(&self) -> bool {
        self.search.as_ref().is_some_and(|s| s.job.running())
    }

    fn search_view(&self) -> Value {
        let Some(s) = &self.search else { return json!({"state": "idle"}) };
        let mut v = json!(s.job.progress());
        v["play"] = json!(s.play);
        if s.play {
            // The computer's move is played by the first request after its search ended
            // (`settle`, before the view): a search that ended since then still counts as
            // running, so a view never shows it done with the move not played.
            v["state"] = json!("running");
            return v;
        }
        if let Some(JobEnd::Done(answer, seconds)) = s.job.end() {
            let lines = match &answer {
                Answer::Best(r) => {
                    v["score"] = json!(r.score);
                    v["best_move"] = json!(r.best_move.map(|m| m.to_string()));
                    v["positions"] = json!(r.positions);
                    vec![
                        format!("score: {}", r.score),
                        format!("best move: {}", r.move_text()),
                        format!("positions: {}", r.positions),
                        format!("seconds: {seconds:.6}"),
                    ]
                }
                Answer::Good(g) => {
                    v["move"] = json!(g.mv.map(|m| m.to_string()));
                    v["averages"] = g.averages.iter().map(|(m, a)| json!([m.to_string(), a])).collect();
                    vec![
                        format!("good move: {}", g.move_text()),
                        format!("averages: {}", g.averages_text()),
                        format!("sims: {}", s.sims),
                        format!("seed: {}", s.seed),
                        format!("seconds: {seconds:.6}"),
                    ]
                }
            };
            v["text"] = json!(lines);
        }
        v
    }

    fn view(&self, status: u16) -> Reply {
        let Some(game) = &self.game else {
            return Reply::error(409, "no game yet: start one with POST /api/tegel/new");
        };
        let (rules, pos) = (game.rules(), game.position());
        let bowls: Vec<Value> = (0..rules.bowls)
            .map(|i| {
                let (y, b) = (pos.bowl(i, Color::Yellow), pos.bowl(i, Color::Blue));
                let legal = |c| !game.is_end() && pos.is_legal(rules, Move::new(i, c));
                json!({"bowl": i, "g": y, "b": b, "legal": {"g": legal(Color::Yellow), "b": legal(Color::Blue)}})
            })
            .collect();
        let players: Vec<Value> = (0..2)
            .map(|p| {
                let rows: Vec<Value> = board(pos, rules, p)
                    .iter()
                    .map(|r| json!({"color": r.color.map(|c| c.letter().to_string()), "fill": r.fill}))
                    .collect();
                json!({"full_rows": pos.full_rows(p), "rows": rows})
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
        let moves: Vec<String> =
            if end { Vec::new() } else { game.moves().as_slice().iter().map(Move::to_string).collect() };
        let v = json!({
            "game": "tegel",
            "instance": self.name,
            "sims": self.sims, "seed": self.seed,
            "row_len": rules.row_len,
            "pot": game.pot_text(),
            "bowls": bowls,
            "players": players,
            "to_move": to_move,
            "end": end,
            "score": pos.score(),
            "status": status_line,
            "message": self.message,
            "distinct_moves": moves,
            "history": game.history().map(|m| m.to_string()).collect::<Vec<_>>(),
            "text": game.render(),
            "search": self.search_view(),
        });
        Reply::json(status, &v)
    }

    fn take(&mut self, body: &Value) -> Reply {
        let bowl = match body.get("bowl").and_then(Value::as_u64) {
            Some(b) if b < 64 => b as usize,
            _ => return Reply::error(400, "expected a JSON object with `bowl`: a whole number"),
        };
        let color = match text(body, "color", 8) {
            Ok(Some(c)) => match c.chars().next().and_then(Color::from_letter).filter(|_| c.len() == 1) {
                Some(c) => c,
                None => return Reply::error(400, "color: expected g (yellow) or b (blue)"),
            },
            _ => return Reply::error(400, "expected a JSON object with `color`: g (yellow) or b (blue)"),
        };
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

    fn start_search(&mut self, kind: &str, play: bool, body: &Value) -> Reply {
        let limit = match limit_field(body, DEFAULT_LIMIT_S, MAX_LIMIT_S) {
            Ok(l) => l,
            Err(e) => return Reply::error(400, e),
        };
        let Some(game) = &self.game else { return self.view(409) };
        if game.is_end() {
            return Reply::error(422, "End position: there is no move to search for.");
        }
        let (rules, pos, sims, seed) = (game.rules().clone(), *game.position(), self.sims, self.seed);
        let job = match kind {
            "best" => {
                Job::start("besteScore", limit, move |b| best_score_with(&rules, &pos, b, false).map(Answer::Best))
            }
            _ => Job::start("good move (Monte Carlo)", limit, move |b| {
                good_move(&rules, &pos, sims, seed, b).map(Answer::Good)
            }),
        };
        self.search = Some(Search { job, play, at: game.moves_done(), sims, seed });
        Reply::json(202, &self.search_view())
    }

    fn computer(&mut self, body: &Value) -> Reply {
        let player = match text(body, "player", 16) {
            Ok(Some(p)) if ["greedy", "good", "best"].contains(&p) => p.to_string(),
            _ => return Reply::error(400, "player: expected greedy, good or best"),
        };
        if player != "greedy" {
            return self.start_search(&player, true, body);
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
}

impl GameApi for Tegel {
    fn name(&self) -> &'static str {
        "tegel"
    }

    fn title(&self) -> &'static str {
        "Tile game (tegelspel)"
    }

    fn markup(&self) -> &'static str {
        include_str!("board.html")
    }

    fn script(&self) -> &'static str {
        include_str!("board.js")
    }

    fn handle(&mut self, request: &ApiRequest) -> Reply {
        self.settle();
        let body = &request.body;
        if let Some(refusal) =
            request.refused_while_searching(&["/new", "/take", "/undo", "/computer", "/advice"], self.searching())
        {
            return refusal;
        }
        match (request.method, request.path) {
            ("GET", "" | "/") => self.view(200),
            ("POST", "/new") => match self.new_game(body) {
                Ok(()) => self.view(200),
                Err(e) => Reply::error(400, e),
            },
            ("POST", "/take") => self.take(body),
            ("POST", "/undo") => match self.game.as_mut().map(Game::undo) {
                None => self.view(409),
                Some(true) => {
                    self.message = "Undone: one move back.".to_string();
                    self.view(200)
                }
                Some(false) => Reply::error(409, "nothing to undo: this is the loaded position"),
            },
            ("POST", "/computer") => self.computer(body),
            ("POST", "/advice") => match text(body, "search", 16) {
                Ok(Some(s @ ("good" | "best"))) => {
                    let s = s.to_string();
                    self.start_search(&s, false, body)
                }
                _ => Reply::error(400, "search: expected good or best"),
            },
            ("GET", "/search") => Reply::json(200, &self.search_view()),
            ("POST", "/search/cancel") => match &self.search {
                Some(s) if s.job.running() => {
                    s.job.cancel();
                    Reply::json(200, &self.search_view())
                }
                _ => Reply::error(409, "no search is running"),
            },
            (_, path)
                if ["", "/", "/new", "/take", "/undo", "/computer", "/advice", "/search", "/search/cancel"]
                    .contains(&path) =>
            {
                Reply::error(405, format!("{} is not allowed on /api/tegel{path}", request.method))
            }
            (_, path) => Reply::error(404, format!("no such request: /api/tegel{}", crate::base::text::excerpt(path))),
        }
    }
}
