//! The board API under the web server: what a game's board implements ([`GameApi`]), the
//! request it is handed ([`ApiRequest`]) and the answer it gives ([`Reply`]), with the
//! helpers that read a request's JSON fields. It sits below the games, so that each game
//! folder implements its board in its own `api.rs`, and above `report`; the web server
//! (`src/web/`) serves the boards it is handed and names no game.

use serde_json::{json, Value};

/// An answer: status, content type and body.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A JSON answer.
    pub fn json(status: u16, value: &Value) -> Reply {
        Reply { status, content_type: "application/json", body: value.to_string().into_bytes() }
    }

    /// A typed view as JSON.
    pub fn typed(status: u16, view: &impl serde::Serialize) -> Reply {
        match serde_json::to_vec(view) {
            Ok(body) => Reply { status, content_type: "application/json", body },
            Err(e) => Reply::error(500, format!("internal error: the view is not JSON: {e}")),
        }
    }

    /// A refusal: `{"error": message}` with a 4xx status.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, &json!({ "error": message.into() }))
    }

    /// An HTML page.
    pub fn html(body: &str) -> Reply {
        Reply { status: 200, content_type: "text/html; charset=utf-8", body: body.as_bytes().to_vec() }
    }
}

/// A request as a game sees it: method, the path below `/api/NAME` (`""` or `/click`),
/// and the parsed JSON body (`Null` when there is none).
#[derive(Debug, Clone)]
pub struct ApiRequest<'a> {
    /// `GET` or `POST`.
    pub method: &'a str,
    /// The path below `/api/NAME`.
    pub path: &'a str,
    /// The JSON body, `Value::Null` for none.
    pub body: Value,
}

impl ApiRequest<'_> {
    /// The refusal (409) of a request that would change a board while a search for that
    /// board runs: a `POST` to one of `changing`, when `searching`. `None` otherwise.
    pub fn refused_while_searching(&self, changing: &[&str], searching: bool) -> Option<Reply> {
        (searching && self.method == "POST" && changing.contains(&self.path))
            .then(|| Reply::error(409, "a search is running: wait for it or cancel it"))
    }
}

/// One game's part of the server (its state is shared by the server's threads).
pub trait GameApi: Send {
    /// The name in URLs (`checkers`).
    fn name(&self) -> &'static str;
    /// The title on the start page.
    fn title(&self) -> &'static str;
    /// Answers a request below `/api/NAME`; bad requests get a 4xx [`Reply::error`].
    fn handle(&mut self, request: &ApiRequest) -> Reply;
    /// The board's part of the page: its `<section data-game="NAME">` (the game folder's
    /// `board.html`).
    fn markup(&self) -> &'static str;
    /// The board's script (the game folder's `board.js`), run after the page's shared
    /// script; it registers the board with `Harness.board(NAME, ...)`.
    fn script(&self) -> &'static str;
}

/// A whole number from a JSON number or a string of digits.
pub fn whole(body: &Value, key: &str, default: u64, max: u64) -> std::result::Result<u64, String> {
    let bad = || format!("{key}: expected a whole number from 0 to {max}");
    let n = match body.get(key) {
        None | Some(Value::Null) => return Ok(default),
        Some(Value::Number(n)) => n.as_u64().ok_or_else(bad)?,
        Some(Value::String(s)) => s.trim().parse::<u64>().map_err(|_| bad())?,
        Some(_) => return Err(bad()),
    };
    if n > max {
        return Err(bad());
    }
    Ok(n)
}

/// A text field (`None` when absent), at most `max` characters.
pub fn text<'a>(body: &'a Value, key: &str, max: usize) -> std::result::Result<Option<&'a str>, String> {
    match body.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.chars().count() <= max => Ok(Some(s.trim())),
        Some(Value::String(_)) => Err(format!("{key}: longer than {max} characters")),
        Some(_) => Err(format!("{key}: expected a string")),
    }
}

/// A time limit from `limit_s` in a request body: `default` when absent, else a number of
/// seconds above 0 and at most `max`.
pub fn limit_field(body: &Value, default: f64, max: f64) -> std::result::Result<std::time::Duration, String> {
    let seconds = match body.get("limit_s") {
        None | Some(Value::Null) => default,
        Some(v) => match v.as_f64() {
            Some(s) if s > 0.0 && s <= max => s,
            _ => return Err(format!("limit_s: expected a number of seconds above 0, at most {max}")),
        },
    };
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// A seed for a game that names none (shown in the view, so the game can be replayed).
pub fn fresh_seed() -> u64 {
    use rand::Rng as _;
    rand::rng().random_range(0..=999_999)
}
