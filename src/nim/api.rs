//! The Nim board of the web page: requests below `/api/nim`. The human moves first, as in
//! the assignment's game; the computer is the assignment's player (a winning move chosen
//! by the reservoir selector, else one stick from the lowest non-empty heap).
//!
//! | request | body | answer |
//! | --- | --- | --- |
//! | `GET ` (empty path) | | the game's view (409 before the first game) |
//! | `POST /new` | `heaps` (`"10 11 11"`) or `count` (heaps drawn), `maxtake`, `seed` (all optional) | a new game's view; 400 for bad settings |
//! | `POST /take` | `heap`, `count` | the view after the move and the computer's reply; 422 for a refused move (the terminal game's reason) |
//! | `POST /undo` | | the view before the human's last move and the reply; 409 when there is none |
//! | `GET /hint` | | the nim value, the heaps' values and the winning moves, as `harness nim value` prints them |
//!
//! The view carries the assignment's transcript (`Heaps: ...`, `Your move: ...`,
//! `Taking k from heap i`, `Congratulations!`), so the page shows the game's own words.

use rand::Rng as _;
use serde_json::{json, Value};

use super::play::{parse_move, ASK_MOVE, COMPUTER_WINS, HUMAN_WINS};
use super::players::computer_reply;
use super::position::{Position, MAX_HEAPS};
use crate::api::{fresh_seed, text, whole, ApiRequest, GameApi, Reply};
use crate::search::rng::{seeded, Rng};

/// The most sticks a heap of the web board may hold (each is drawn).
pub const MAX_WEB_STICKS: u32 = 60;
/// The most heaps of the web board.
pub const MAX_WEB_HEAPS: usize = 16;
/// Heaps drawn when a game names neither heaps nor their number.
const DEFAULT_HEAPS: u64 = 3;
/// The largest heap drawn (the terminal game's range `1..=20`).
const DRAW_MAX: u32 = super::play::HEAP_DRAW_MAX;

/// One game session played on the page: its position, the history for undo, the
/// transcript and the computer's generator (seeded, so a game replays from its seed).
struct Session {
    position: Position,
    rng: Rng,
    seed: u64,
    /// Positions and transcript lengths before each of the human's moves.
    history: Vec<(Position, usize)>,
    transcript: Vec<String>,
    message: String,
    /// What the computer did last: its move and how many winning moves its selector had.
    reply: Option<(String, u64)>,
}

/// The Nim part of the server.
#[derive(Default)]
pub struct Nim {
    game: Option<Session>,
}

/// The heaps a body names: `heaps` as text or an array of whole numbers.
fn heaps_field(body: &Value) -> Result<Option<Vec<u32>>, String> {
    let bad =
        || format!("heaps: expected 1 to {MAX_WEB_HEAPS} whole numbers from 0 to {MAX_WEB_STICKS}, like \"10 11 11\"");
    let sizes: Vec<u64> = match body.get("heaps") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::String(s)) if s.len() <= 512 => s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(|w| w.parse::<u64>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?,
        Some(Value::Array(a)) if a.len() <= MAX_WEB_HEAPS => {
            a.iter().map(|v| v.as_u64().ok_or_else(bad)).collect::<Result<_, _>>()?
        }
        Some(_) => return Err(bad()),
    };
    if sizes.is_empty() || sizes.len() > MAX_WEB_HEAPS || sizes.iter().any(|&s| s > u64::from(MAX_WEB_STICKS)) {
        return Err(bad());
    }
    Ok(Some(sizes.into_iter().map(|s| s as u32).collect()))
}

/// A seed field: absent or empty for a fresh one.
pub fn seed_field(body: &Value) -> Result<u64, String> {
    match body.get("seed") {
        None | Some(Value::Null) => Ok(fresh_seed()),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(fresh_seed()),
        Some(_) => whole(body, "seed", 0, i64::MAX as u64),
    }
}

impl Session {
    fn new(body: &Value) -> Result<Session, String> {
        if !matches!(body, Value::Object(_) | Value::Null) {
            return Err("expected a JSON object with the game's settings".to_string());
        }
        let maxtake = whole(body, "maxtake", 0, u64::from(MAX_WEB_STICKS))? as u32;
        let seed = seed_field(body)?;
        let mut rng = seeded(seed);
        let heaps = match heaps_field(body)? {
            Some(h) => h,
            None => {
                let n = whole(body, "count", DEFAULT_HEAPS, MAX_WEB_HEAPS as u64)
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| format!("count: expected a whole number from 1 to {MAX_WEB_HEAPS}"))?;
                (0..n).map(|_| rng.random_range(1..=DRAW_MAX)).collect()
            }
        };
        debug_assert!(heaps.len() <= MAX_HEAPS);
        let position = Position::new(&heaps, maxtake).map_err(|e| e.message)?;
        let mut game = Session {
            position,
            rng,
            seed,
            history: Vec::new(),
            transcript: vec![format!("Heaps: {position}")],
            message: format!("New game: heaps {position}, {}. You move first.", limit_text(maxtake)),
            reply: None,
        };
        if position.is_over() {
            game.transcript.push(COMPUTER_WINS.to_string());
        }
        Ok(game)
    }

    /// The human's move `heap count` and the computer's reply.
    fn take(&mut self, heap: i64, count: i64) -> Result<(), String> {
        if self.position.is_over() {
            return Err("The game is over: start a new game.".to_string());
        }
        let mv = parse_move(&format!("{heap} {count}"), &self.position)?;
        self.history.push((self.position, self.transcript.len()));
        self.transcript.push(format!("{ASK_MOVE}{} {}", mv.heap, mv.count));
        self.position.play(mv);
        if self.position.is_over() {
            self.transcript.push(HUMAN_WINS.to_string());
            self.reply = None;
            self.message = format!("You took {} from heap {}. {HUMAN_WINS}", mv.count, mv.heap);
            return Ok(());
        }
        self.transcript.push(format!("Heaps: {}", self.position));
        let (reply, winning) = computer_reply(&self.position, &mut self.rng).expect("a non-empty position has a move");
        self.transcript.push(reply.to_string());
        self.position.play(reply);
        self.reply = Some((reply.to_string(), winning));
        self.message = format!("You took {} from heap {}. {reply}.", mv.count, mv.heap);
        if self.position.is_over() {
            self.transcript.push(COMPUTER_WINS.to_string());
        } else {
            self.transcript.push(format!("Heaps: {}", self.position));
        }
        Ok(())
    }

    fn undo(&mut self) -> bool {
        let Some((position, len)) = self.history.pop() else { return false };
        self.position = position;
        self.transcript.truncate(len);
        self.reply = None;
        self.message = "Taken back: your last move and the reply.".to_string();
        true
    }

    fn outcome(&self) -> &'static str {
        match self.transcript.last().map(String::as_str) {
            Some(HUMAN_WINS) => "you win",
            Some(COMPUTER_WINS) => "computer wins",
            _ => "ongoing",
        }
    }

    fn view(&self) -> Value {
        let p = &self.position;
        let outcome = self.outcome();
        let status = match outcome {
            "you win" => format!("{HUMAN_WINS} You took the last stick."),
            "computer wins" => COMPUTER_WINS.to_string(),
            _ => format!("Your move | heaps {p} | {}", limit_text(p.maxtake())),
        };
        let heaps: Vec<Value> = p
            .heaps()
            .iter()
            .enumerate()
            .map(|(i, &s)| json!({"heap": i, "sticks": s, "most": p.most_from(s).min(s)}))
            .collect();
        let reply = self.reply.as_ref().map(|(text, winning)| {
            let why = if *winning == 0 {
                "no winning move: one stick from the lowest-numbered non-empty heap".to_string()
            } else {
                format!(
                    "chosen by the reservoir selector among {winning} winning move{}",
                    if *winning == 1 { "" } else { "s" }
                )
            };
            json!({"move": text, "winning_moves": winning, "why": why})
        });
        json!({
            "game": "nim",
            "heaps": heaps,
            "maxtake": p.maxtake(),
            "seed": self.seed,
            "outcome": outcome,
            "your_turn": outcome == "ongoing",
            "status": status,
            "message": self.message,
            "reply": reply,
            "transcript": self.transcript,
            "moves": self.history.len(),
        })
    }

    /// What `harness nim value` prints for the position.
    fn hint(&self) -> Value {
        let p = &self.position;
        let heap_values: Vec<u32> = p.heaps().iter().map(|&s| p.heap_value(s)).collect();
        let moves: Vec<[u64; 2]> = p.winning_moves().map(|m| [m.heap as u64, u64::from(m.count)]).collect();
        let value = p.nim_value();
        let mut lines = vec![
            format!("Heaps: {p} (maxtake {}{})", p.maxtake(), if p.maxtake() == 0 { ": any number" } else { "" }),
            format!("Heap values: {}", heap_values.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")),
            format!("Nim value: {value}"),
        ];
        lines.push(if moves.is_empty() {
            "No winning move: the player to move loses against best play.".to_string()
        } else {
            let list: Vec<String> = moves.iter().map(|[h, c]| format!("take {c} from heap {h}")).collect();
            format!("Winning moves: {}", list.join(", "))
        });
        json!({"value": value, "heap_values": heap_values, "winning_moves": moves, "text": lines})
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

/// A whole number field that may be negative (the terminal game's reason names it).
fn number(body: &Value, key: &str) -> Result<i64, Reply> {
    let bad = || Reply::error(400, format!("expected a JSON object with `{key}`: a whole number"));
    match body.get(key) {
        Some(Value::Number(n)) => n.as_i64().ok_or_else(bad),
        Some(Value::String(_)) => match text(body, key, 32) {
            Ok(Some(t)) => t.parse::<i64>().map_err(|_| bad()),
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

impl Nim {
    fn state(&self, status: u16) -> Reply {
        match &self.game {
            None => Reply::error(409, "no game yet: start one with POST /api/nim/new"),
            Some(g) => Reply::json(status, &g.view()),
        }
    }

    fn take(&mut self, body: &Value) -> Reply {
        let (heap, count) = match (number(body, "heap"), number(body, "count")) {
            (Ok(h), Ok(c)) => (h, c),
            (Err(e), _) | (_, Err(e)) => return e,
        };
        let Some(game) = self.game.as_mut() else { return self.state(409) };
        match game.take(heap, count) {
            Ok(()) => self.state(200),
            Err(reason) => {
                game.message = reason.clone();
                Reply::error(422, reason)
            }
        }
    }
}

impl GameApi for Nim {
    fn name(&self) -> &'static str {
        "nim"
    }

    fn title(&self) -> &'static str {
        "Nim"
    }

    fn markup(&self) -> &'static str {
        include_str!("board.html")
    }

    fn script(&self) -> &'static str {
        include_str!("board.js")
    }

    fn handle(&mut self, request: &ApiRequest) -> Reply {
        let body = &request.body;
        match (request.method, request.path) {
            ("GET", "" | "/") => self.state(200),
            ("POST", "/new") => match Session::new(body) {
                Ok(g) => {
                    self.game = Some(g);
                    self.state(200)
                }
                Err(e) => Reply::error(400, e),
            },
            ("POST", "/take") => self.take(body),
            ("POST", "/undo") => match self.game.as_mut().map(Session::undo) {
                None => self.state(409),
                Some(true) => self.state(200),
                Some(false) => Reply::error(409, "nothing to undo: you have not moved yet"),
            },
            ("GET", "/hint") => match &self.game {
                None => self.state(409),
                Some(g) => Reply::json(200, &g.hint()),
            },
            (_, path) if ["", "/", "/new", "/take", "/undo", "/hint"].contains(&path) => {
                Reply::error(405, format!("{} is not allowed on /api/nim{path}", request.method))
            }
            (_, path) => Reply::error(404, format!("no such request: /api/nim{}", crate::base::text::excerpt(path))),
        }
    }
}
