//! The board API under the web server: what a game's board declares ([`WebBoard`]: its name,
//! title and one route table), the answer it gives ([`Reply`]) and the typed reading of a request's JSON body ([`parse`], with the
//! field readers [`Whole`], [`Integer`], [`Index`], [`Text`], [`Seconds`], [`Blank`]). It sits
//! below the games, so that each game folder declares its board in its own `api.rs`, and
//! above `report`; the web server (`src/web/`) serves the boards the registry hands it
//! and names no game.
//!
//! The web server turns every board's table into routes of its router (a path the table
//! lacks gets 404, a method the path does not take 405 with `Allow`); [`GameApi::answer`]
//! answers a route the same way on every board: a route that changes the board gets 409
//! while the board's search runs, everything else is the route's action. A board with one
//! background search ([`SearchBoard`]) takes its `/new`, `/search` and `/search/cancel`
//! routes from here, and the game a `/new` names is read by [`instance::choose`].

use serde::de::{self, DeserializeOwned};
use serde::{Deserialize, Deserializer};
use serde_json::{json, Value};

use crate::base::limits::TimeLimit;
pub mod background;
pub mod instance;
pub mod search_board;

pub use search_board::{SearchBoard, SearchView};

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

    /// The view of board `name` before its first game, a normal state and so a 200:
    /// `{"game": null, "message": "No game yet: ..."}` (a game's view names its game).
    pub fn no_game(name: &str) -> Reply {
        Reply::json(
            200,
            &json!({ "game": null, "message": format!("No game yet: start one with POST /api/{name}/new.") }),
        )
    }
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
    /// Whether the route changes the board and is refused while [`WebBoard::searching`].
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
pub trait WebBoard: Send + Sized + 'static {
    /// The name in URLs (`/api/NAME/...`) and of the page's `<section data-game="NAME">`.
    const NAME: &'static str;
    /// The title on the start page.
    const TITLE: &'static str;
    /// Every request the board answers, each once.
    const ROUTES: &'static [Route<Self>];
    /// Its part of the page: its `<section data-game="NAME">` (the game folder's
    /// `board.html`, through `include_str!`).
    const MARKUP: &'static str;
    /// Its script (the game folder's `board.js`), run after the page's shared script; it
    /// registers the board with `Harness.board(NAME, ...)`.
    const SCRIPT: &'static str;

    /// Brings the board up to date before each routed request (plays the move of a
    /// background search that has ended); nothing by default.
    fn settle(&mut self) {}

    /// Whether a search runs whose answer is for the board as it is: routes marked
    /// [`Route::locked`] are then refused with 409. Never, by default.
    fn searching(&self) -> bool {
        false
    }
}

/// A board behind a trait object: what the server holds for each game. Every [`WebBoard`]
/// is one.
pub trait GameApi: Send {
    /// The name in URLs (`/api/NAME`).
    fn name(&self) -> &'static str;
    /// The title on the start page.
    fn title(&self) -> &'static str;
    /// Its route table: the method and path below `/api/NAME` of each route, in order
    /// (the server routes a request to the route's place in this list).
    fn routes(&self) -> Vec<(Method, &'static str)>;
    /// Answers route `index` of [`GameApi::routes`] with the request's JSON body (`Null`
    /// when there is none): after [`WebBoard::settle`], 409 for a route that changes the
    /// board while a search runs, else the route's action; a bad request gets a 4xx
    /// [`Reply::error`], an index past the table 404.
    fn answer(&mut self, index: usize, body: &Value) -> Reply;
    /// The board's part of the page: its `<section data-game="NAME">` (the game folder's
    /// `board.html`).
    fn markup(&self) -> &'static str;
    /// The board's script (the game folder's `board.js`), run after the page's shared
    /// script; it registers the board with `Harness.board(NAME, ...)`.
    fn script(&self) -> &'static str;
}

impl<B: WebBoard> GameApi for B {
    fn name(&self) -> &'static str {
        B::NAME
    }

    fn markup(&self) -> &'static str {
        B::MARKUP
    }

    fn script(&self) -> &'static str {
        B::SCRIPT
    }

    fn title(&self) -> &'static str {
        B::TITLE
    }

    fn routes(&self) -> Vec<(Method, &'static str)> {
        B::ROUTES.iter().map(|r| (r.method, r.path)).collect()
    }

    fn answer(&mut self, index: usize, body: &Value) -> Reply {
        let Some(route) = B::ROUTES.get(index) else {
            return Reply::error(404, format!("no such request on /api/{}", B::NAME));
        };
        self.settle();
        if route.locked && self.searching() {
            return Reply::error(409, "a search is running: wait for it or cancel it");
        }
        (route.action)(self, body)
    }
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

/// What a body that `T` does not take is refused with: `FIELD: expected ...` for a field
/// whose reader says what it expects (or `FIELD: unknown variant ..., expected ...`), ``expected a JSON object with `FIELD`: ...`` for one
/// whose reader names only a kind (a required field), or the missing or unknown field.
fn refusal_text(e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let inner = e.inner().to_string();
    let inner = inner.split(" at line ").next().unwrap_or(&inner).to_string();
    if let Some(field) = inner.strip_prefix("missing field ") {
        return format!("expected a JSON object with {field}");
    }
    let path = e.path().to_string();
    if path == "." || inner.starts_with("unknown field") {
        inner
    } else if inner.starts_with("expected") || inner.starts_with("unknown variant") {
        format!("{path}: {inner}")
    } else {
        format!("expected a JSON object with `{path}`: {inner}")
    }
}

/// A whole number from `LOW` to `HIGH`, given as a JSON number or a string of digits
/// (a form's field); refused with "expected a whole number from LOW to HIGH".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Whole<const LOW: u64, const HIGH: u64>(pub u64);

impl<'de, const LOW: u64, const HIGH: u64> Deserialize<'de> for Whole<LOW, HIGH> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = match Value::deserialize(d)? {
            Value::Number(n) => n.as_u64(),
            Value::String(s) => s.trim().parse::<u64>().ok(),
            _ => None,
        };
        n.filter(|n| (LOW..=HIGH).contains(n))
            .map(Whole)
            .ok_or_else(|| de::Error::custom(format!("expected a whole number from {LOW} to {HIGH}")))
    }
}

/// A whole number that may be negative or out of any range (the game's rules then say
/// why it is refused), given as a JSON number or a short string of digits; refused with
/// "a whole number" (a required field: the refusal names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Integer(pub i64);

impl<'de> Deserialize<'de> for Integer {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = match Value::deserialize(d)? {
            Value::Number(n) => n.as_i64(),
            Value::String(s) if s.chars().count() <= 32 => s.trim().parse::<i64>().ok(),
            _ => None,
        };
        n.map(Integer).ok_or_else(|| de::Error::custom("a whole number"))
    }
}

/// A field that may be left blank: `null` or text of only white space reads as `None`,
/// anything else as a `T` (or `T`'s refusal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blank<T>(pub Option<T>);

impl<T> Default for Blank<T> {
    fn default() -> Self {
        Blank(None)
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Blank<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Null => Ok(Blank(None)),
            Value::String(s) if s.trim().is_empty() => Ok(Blank(None)),
            v => T::deserialize(v).map(|t| Blank(Some(t))).map_err(de::Error::custom),
        }
    }
}

/// A seed field: blank for a fresh one, else a whole number from 0 to `i64::MAX`.
pub type Seed = Blank<Whole<0, { i64::MAX as u64 }>>;

/// Text of at most `MAX` characters, trimmed; refused with "expected a string of at most
/// MAX characters".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text<const MAX: usize>(pub String);

impl<'de, const MAX: usize> Deserialize<'de> for Text<MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) if s.chars().count() <= MAX => Ok(Text(s.trim().to_string())),
            _ => Err(de::Error::custom(format!("expected a string of at most {MAX} characters"))),
        }
    }
}

/// A whole number from 0 to `HIGH` given as a JSON number (a place on a board: the page
/// sends numbers); refused with "a whole number from 0 to HIGH" (a required field: the
/// refusal names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Index<const HIGH: usize>(pub usize);

impl<'de, const HIGH: usize> Deserialize<'de> for Index<HIGH> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = Value::deserialize(d)?.as_u64().filter(|&n| n <= HIGH as u64);
        n.map(|n| Index(n as usize)).ok_or_else(|| de::Error::custom(format!("a whole number from 0 to {HIGH}")))
    }
}

/// A request's time limit: a JSON number of seconds checked as every time limit is
/// ([`TimeLimit::from_secs`]) and at most `MAX`, the board's ceiling; refused with
/// "expected a number of seconds above 0, at most MAX".
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seconds<const MAX: u64>(pub TimeLimit);

impl<const MAX: u64> Seconds<MAX> {
    /// The limit, or `default` when none was given.
    pub fn or(limit: Option<Seconds<MAX>>, default: TimeLimit) -> TimeLimit {
        limit.map_or(default, |s| s.0)
    }
}

impl<'de, const MAX: u64> Deserialize<'de> for Seconds<MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = Value::deserialize(d)?.as_f64().filter(|&s| s <= MAX as f64);
        let limit = s.and_then(|s| TimeLimit::from_secs(s).ok());
        limit
            .map(Seconds)
            .ok_or_else(|| de::Error::custom(format!("expected a number of seconds above 0, at most {MAX}")))
    }
}

/// A seed for a game that names none (shown in the view, so the game can be replayed).
pub fn fresh_seed() -> u64 {
    use rand::Rng as _;
    rand::rng().random_range(0..=999_999)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board of three routes, one locked while its search runs.
    struct Counter {
        n: u64,
        searching: bool,
    }

    impl WebBoard for Counter {
        const NAME: &'static str = "counter";
        const TITLE: &'static str = "Counter";
        const MARKUP: &'static str = "<section data-game=\"counter\"></section>";
        const SCRIPT: &'static str = "";
        const ROUTES: &'static [Route<Counter>] = &[
            Route::get("", |c, _| Reply::json(200, &json!(c.n))),
            Route::change("", |c, _| {
                c.n += 1;
                Reply::json(200, &json!(c.n))
            }),
            Route::post("/stop", |c, _| {
                c.searching = false;
                Reply::json(200, &json!(c.n))
            }),
        ];

        fn searching(&self) -> bool {
            self.searching
        }
    }

    fn ask(board: &mut Counter, method: Method, path: &str) -> Reply {
        let index = board.routes().iter().position(|&(m, p)| m == method && p == path).unwrap();
        board.answer(index, &Value::Null)
    }

    #[test]
    fn one_route_table_is_listed_and_answers_409_while_searching() {
        let mut c = Counter { n: 0, searching: true };
        assert_eq!((c.name(), c.title()), ("counter", "Counter"));
        assert_eq!(c.routes(), [(Method::Get, ""), (Method::Post, ""), (Method::Post, "/stop")]);
        assert_eq!(ask(&mut c, Method::Get, "").body, b"0");
        let refused = ask(&mut c, Method::Post, "");
        assert_eq!(refused.status, 409, "a route that changes the board, while a search runs");
        assert_eq!(ask(&mut c, Method::Post, "/stop").status, 200, "a route that does not");
        assert_eq!(ask(&mut c, Method::Post, "").body, b"1");
        assert_eq!(c.answer(3, &Value::Null).status, 404);
        let empty: Value = serde_json::from_slice(&Reply::no_game("counter").body).unwrap();
        assert_eq!(empty, json!({"game": null, "message": "No game yet: start one with POST /api/counter/new."}));
    }

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Move {
        heap: Integer,
        #[serde(default)]
        most: Option<Whole<1, 16>>,
        #[serde(default)]
        seed: Seed,
        #[serde(default)]
        name: Option<Text<4>>,
        #[serde(default)]
        bowl: Option<Index<63>>,
        #[serde(default)]
        limit_s: Option<Seconds<120>>,
        #[serde(default)]
        kind: Option<Kind>,
    }

    #[derive(Deserialize, Debug)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Good,
    }

    fn refusal(body: &str) -> String {
        let error = parse::<Move>(&serde_json::from_str(body).unwrap()).unwrap_err();
        assert_eq!(error.status, 400, "{body}");
        let v: Value = serde_json::from_slice(&error.body).unwrap();
        v["error"].as_str().unwrap().to_string()
    }

    #[test]
    fn typed_requests_read_forms_and_refuse_with_what_was_expected() {
        let m: Move =
            parse(&json!({"heap": "-3", "most": "16", "seed": " ", "name": " ab ", "limit_s": 0.5, "kind": "good", "bowl": 5}))
                .unwrap();
        assert!(matches!(m.kind, Some(Kind::Good)));
        assert_eq!(
            (m.heap, m.most, m.seed, m.name),
            (Integer(-3), Some(Whole(16)), Blank(None), Some(Text("ab".into())))
        );
        assert_eq!((m.limit_s, m.bowl), (Some(Seconds(TimeLimit::from_secs(0.5).unwrap())), Some(Index(5))));
        assert_eq!(parse::<Move>(&json!({"heap": 1, "seed": "7"})).unwrap().seed, Blank(Some(Whole(7))));
        assert_eq!(refusal("[1]"), "expected a JSON object with the request's fields");
        assert_eq!(refusal("{}"), "expected a JSON object with `heap`");
        assert_eq!(refusal(r#"{"heap": 1.5}"#), "expected a JSON object with `heap`: a whole number");
        assert_eq!(refusal(r#"{"heap": 1, "most": 0}"#), "most: expected a whole number from 1 to 16");
        assert_eq!(refusal(r#"{"heap": 1, "most": "x"}"#), "most: expected a whole number from 1 to 16");
        assert_eq!(
            refusal(r#"{"heap": 1, "seed": -1}"#),
            "seed: expected a whole number from 0 to 9223372036854775807"
        );
        assert_eq!(refusal(r#"{"heap": 1, "name": "abcde"}"#), "name: expected a string of at most 4 characters");
        assert_eq!(
            refusal(r#"{"heap": 1, "bowl": "0"}"#),
            "expected a JSON object with `bowl`: a whole number from 0 to 63"
        );
        assert_eq!(
            refusal(r#"{"heap": 1, "limit_s": 0}"#),
            "limit_s: expected a number of seconds above 0, at most 120"
        );
        assert!(refusal(r#"{"heap": 1, "hep": 2}"#).starts_with("unknown field `hep`, expected one of `heap`"));
        assert_eq!(refusal(r#"{"heap": 1, "kind": "x"}"#).split(",").next(), Some("kind: unknown variant `x`"));
    }
}
