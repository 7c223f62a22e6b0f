//! The board API under the web server: what a game's board declares ([`Board`]: its name,
//! title and one route table), the request it is handed ([`ApiRequest`]), the answer it
//! gives ([`Reply`]) and the typed reading of a request's JSON body ([`parse`]). It sits
//! below the games, so that each game folder declares its board in its own `api.rs`, and
//! above `report`; the web server (`src/web/`) serves the boards the registry hands it
//! and names no game.
//!
//! [`dispatch`] answers every board's requests the same way: a path the table lacks gets
//! 404, a method the path does not take 405 with `Allow`, a route that changes the board
//! 409 while the board's search runs; everything else is the route's action.

use serde::de::DeserializeOwned;
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
    /// The `Allow` header of a 405: the methods the path takes.
    pub allow: Option<String>,
}

impl Reply {
    /// A JSON answer.
    pub fn json(status: u16, value: &Value) -> Reply {
        Reply { status, content_type: "application/json", body: value.to_string().into_bytes(), allow: None }
    }

    /// A typed view as JSON.
    pub fn typed(status: u16, view: &impl serde::Serialize) -> Reply {
        match serde_json::to_vec(view) {
            Ok(body) => Reply { status, content_type: "application/json", body, allow: None },
            Err(e) => Reply::error(500, format!("internal error: the view is not JSON: {e}")),
        }
    }

    /// A refusal: `{"error": message}` with a 4xx status.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, &json!({ "error": message.into() }))
    }

    /// An HTML page.
    pub fn html(body: &str) -> Reply {
        Reply { status: 200, content_type: "text/html; charset=utf-8", body: body.as_bytes().to_vec(), allow: None }
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

/// An HTTP method a route takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// `GET`: reads, changes nothing.
    Get,
    /// `POST`: an action.
    Post,
}

impl Method {
    /// The method's name in a request line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
        }
    }
}

/// One route of a board's table: method and path below `/api/NAME` (`""` for the board
/// itself), the action that answers it, and whether a running search refuses it (409).
pub struct Route<B> {
    /// The method it takes.
    pub method: Method,
    /// The path below `/api/NAME` (`""`, `/click`).
    pub path: &'static str,
    /// Answers the request from its JSON body (`Null` when there is none).
    pub action: fn(&mut B, &Value) -> Reply,
    /// Whether the route changes the board and is refused while [`Board::searching`].
    pub locked: bool,
}

impl<B> Route<B> {
    /// A `GET` route.
    pub const fn get(path: &'static str, action: fn(&mut B, &Value) -> Reply) -> Route<B> {
        Route { method: Method::Get, path, action, locked: false }
    }

    /// A `POST` route that a running search does not refuse.
    pub const fn post(path: &'static str, action: fn(&mut B, &Value) -> Reply) -> Route<B> {
        Route { method: Method::Post, path, action, locked: false }
    }

    /// A `POST` route that changes the board: refused with 409 while a search runs.
    pub const fn change(path: &'static str, action: fn(&mut B, &Value) -> Reply) -> Route<B> {
        Route { method: Method::Post, path, action, locked: true }
    }
}

/// A game's board as the web server serves it: its name, its title and its one route
/// table; its state is the value itself (the server keeps it behind a lock of its own).
pub trait Board: Send + Sized + 'static {
    /// The name in URLs (`/api/NAME/...`) and of the page's `<section data-game="NAME">`.
    const NAME: &'static str;
    /// The title on the start page.
    const TITLE: &'static str;
    /// Every request the board answers, each once.
    const ROUTES: &'static [Route<Self>];

    /// Brings the board up to date before each routed request (plays the move of a
    /// background search that has ended); nothing by default.
    fn settle(&mut self) {}

    /// Whether a search runs whose answer is for the board as it is: routes marked
    /// [`Route::locked`] are then refused with 409. Never, by default.
    fn searching(&self) -> bool {
        false
    }
}

/// A board behind a trait object: what the server holds for each game. Every [`Board`]
/// is one.
pub trait GameApi: Send {
    /// The name in URLs (`/api/NAME`).
    fn name(&self) -> &'static str;
    /// The title on the start page.
    fn title(&self) -> &'static str;
    /// Answers a request below `/api/NAME` ([`dispatch`]); a bad request gets a 4xx
    /// [`Reply::error`].
    fn handle(&mut self, request: &ApiRequest) -> Reply;
}

impl<B: Board> GameApi for B {
    fn name(&self) -> &'static str {
        B::NAME
    }

    fn title(&self) -> &'static str {
        B::TITLE
    }

    fn handle(&mut self, request: &ApiRequest) -> Reply {
        dispatch(self, request)
    }
}

/// Answers `request` from `B`'s route table: 404 for a path the table lacks, 405 with
/// `Allow` for a method the path does not take, 409 for a locked route while a search
/// runs, else (after [`Board::settle`]) the route's action.
pub fn dispatch<B: Board>(board: &mut B, request: &ApiRequest) -> Reply {
    let path = if request.path == "/" { "" } else { request.path };
    let on_path: Vec<&Route<B>> = B::ROUTES.iter().filter(|r| r.path == path).collect();
    if on_path.is_empty() {
        return Reply::error(404, format!("no such request: /api/{}{}", B::NAME, crate::base::text::excerpt(path)));
    }
    let Some(route) = on_path.iter().find(|r| r.method.name() == request.method) else {
        let allow: Vec<&str> = on_path.iter().map(|r| r.method.name()).collect();
        let mut refusal = Reply::error(405, format!("{} is not allowed on /api/{}{path}", request.method, B::NAME));
        refusal.allow = Some(allow.join(", "));
        return refusal;
    };
    board.settle();
    if route.locked && board.searching() {
        return Reply::error(409, "a search is running: wait for it or cancel it");
    }
    (route.action)(board, &request.body)
}

/// A request body read as `T`: an absent body reads as `{}` (so `T`'s defaults), a body
/// that is not a JSON object is refused with 400, and so is a field that `T` does not
/// take, with the field's name and what it expects.
pub fn parse<T: DeserializeOwned>(body: &Value) -> Result<T, Reply> {
    let object = match body {
        Value::Null => Value::Object(serde_json::Map::new()),
        Value::Object(_) => body.clone(),
        _ => return Err(Reply::error(400, "expected a JSON object with the request's fields")),
    };
    serde_path_to_error::deserialize(object).map_err(|e| Reply::error(400, refusal_text(&e)))
}

/// What a body that `T` does not take is refused with: `FIELD: what it expects`, or the
/// missing or unknown field.
fn refusal_text(e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let inner = e.inner().to_string();
    let inner = inner.split(" at line ").next().unwrap_or(&inner).to_string();
    if let Some(field) = inner.strip_prefix("missing field ") {
        return format!("expected a JSON object with {field}");
    }
    let path = e.path().to_string();
    if path == "." {
        inner
    } else {
        format!("{path}: {inner}")
    }
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
