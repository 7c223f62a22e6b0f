//! The board API under the web server: what a game's board declares ([`WebBoard`]: its
//! name, title, part of the page and one route table, [`Routes`]), the same board with its
//! type erased as the server serves it ([`AnyBoard`]), the answer a route gives
//! ([`Reply`]) and what a route is asked ([`Body`], [`Unread`] and the field readers
//! [`Whole`], [`Integer`], [`Index`], [`Text`], [`Seconds`], [`Blank`]). It sits below the
//! games, so that each game folder declares its board in its own `api.rs`, and above
//! `report`; the web server (`src/web/`) serves the boards the registry hands it and
//! names no game.
//!
//! A route's action takes the board and its typed request, read by an axum extractor
//! before the board is touched, so a malformed request is refused (400, 408, 413) without
//! waiting for the board. The web server puts every board's table into its router (a path
//! the table lacks gets 404, a method the path does not take 405 with `Allow`); every
//! route is answered the same way ([`table`]): a route that changes the board gets 409
//! while the board's search runs, everything else is the route's action. A board with one
//! background search ([`SearchBoard`]) takes its `/new`, `/search` and `/search/cancel`
//! routes from here, its search kept in the one background slot of every board
//! ([`background::Background`]), and the game a `/new` names is read by
//! [`instance::choose`].

use axum::http::header::{ALLOW, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

pub mod background;
pub mod instance;
pub mod request;
pub mod search_board;
pub mod table;

pub use request::{Blank, Body, Index, Integer, Seconds, Seed, Text, Unread, Whole, MAX_BODY_BYTES};
pub use search_board::{SearchBoard, SearchView};
pub use table::{BoardRoute, Routes};

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

    /// The answer to a request that failed (a bug): 500; the server goes on.
    pub fn internal_error() -> Reply {
        Reply::error(500, "internal error: the request failed; the server goes on")
    }

    /// An HTML page with `status`.
    pub fn html(status: u16, body: &str) -> Reply {
        Reply { status, content_type: "text/html; charset=utf-8", body: body.as_bytes().to_vec(), allow: None }
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

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = (status, [(CONTENT_TYPE, self.content_type)], self.body).into_response();
        if let Some(allow) = self.allow.and_then(|a| HeaderValue::from_str(&a).ok()) {
            response.headers_mut().insert(ALLOW, allow);
        }
        response
    }
}

/// A game's board on the web page, as its game folder declares it (in its `api.rs`): its
/// name, its title, its part of the page and its one route table; its state is the value
/// itself, which the server keeps behind a lock of its own ([`AnyBoard::new`]).
pub trait WebBoard: Send + Sized + 'static {
    /// The name in URLs (`/api/NAME/...`) and of the page's `<section data-game="NAME">`.
    const NAME: &'static str;
    /// The title on the start page.
    const TITLE: &'static str;
    /// Its part of the page: its `<section data-game="NAME">` (the game folder's
    /// `board.html`, through `include_str!`).
    const MARKUP: &'static str;
    /// Its script (the game folder's `board.js`), run after the page's shared script; it
    /// registers the board with `Harness.board(NAME, ...)`.
    const SCRIPT: &'static str;

    /// Its route table: every request the board answers, each once, added to `routes`.
    fn routes(routes: Routes<Self>) -> Routes<Self>;

    /// Brings the board up to date before each routed request (plays the move of a
    /// background search that has ended); nothing by default.
    fn settle(&mut self) {}

    /// Whether a search runs whose answer is for the board as it is: routes added with
    /// [`Routes::change`] are then refused with 409. Never, by default.
    fn searching(&self) -> bool {
        false
    }
}

/// A [`WebBoard`] with its type erased, as the registry builds it and the server serves
/// it: the board's name, title and part of the page, and its route table with each
/// route's handler bound to the board (behind the board's own lock).
pub struct AnyBoard {
    /// The name in URLs (`/api/NAME`).
    pub name: &'static str,
    /// The title on the start page.
    pub title: &'static str,
    /// Its `<section data-game="NAME">` (the game folder's `board.html`).
    pub markup: &'static str,
    /// Its script (the game folder's `board.js`), run after the page's shared script.
    pub script: &'static str,
    /// Its route table, in order.
    pub routes: Vec<BoardRoute>,
}

impl AnyBoard {
    /// `board`, served by its route table.
    pub fn new<B: WebBoard>(board: B) -> AnyBoard {
        AnyBoard {
            name: B::NAME,
            title: B::TITLE,
            markup: B::MARKUP,
            script: B::SCRIPT,
            routes: B::routes(Routes::of(board)).into_routes(),
        }
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
    use axum::body::Body as HttpBody;
    use axum::http::{Method, Request};
    use serde::Deserialize;

    /// A board of four routes, one locked while its search runs.
    struct Counter {
        n: u64,
        searching: bool,
    }

    /// `POST /add`: how much to add.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Add {
        by: Whole<1, 9>,
    }

    impl Counter {
        fn show(&mut self) -> Reply {
            Reply::json(200, &json!(self.n))
        }

        fn step(&mut self) -> Reply {
            self.n += 1;
            self.show()
        }

        fn add(&mut self, Body(add): Body<Add>) -> Reply {
            self.n += add.by.0;
            self.show()
        }

        fn stop(&mut self) -> Reply {
            self.searching = false;
            self.show()
        }
    }

    impl WebBoard for Counter {
        const NAME: &'static str = "counter";
        const TITLE: &'static str = "Counter";
        const MARKUP: &'static str = "<section data-game=\"counter\"></section>";
        const SCRIPT: &'static str = "";

        fn routes(routes: Routes<Counter>) -> Routes<Counter> {
            routes
                .get("", Counter::show)
                .change("", Counter::step)
                .change("/add", Counter::add)
                .post("/stop", Counter::stop)
        }

        fn searching(&self) -> bool {
            self.searching
        }
    }

    /// Asks route `index` of `board`'s table: status and body.
    fn ask(board: &AnyBoard, index: usize, body: &str) -> (u16, String) {
        use tower::ServiceExt as _;
        let route = &board.routes[index];
        let request = Request::builder().method(route.method.clone()).body(HttpBody::from(body.to_string())).unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let response = route.handler.clone().oneshot(request).await.unwrap();
            let status = response.status().as_u16();
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
            (status, String::from_utf8(bytes.to_vec()).unwrap())
        })
    }

    #[test]
    fn one_route_table_is_listed_and_answers_409_while_searching() {
        let c = AnyBoard::new(Counter { n: 0, searching: true });
        assert_eq!((c.name, c.title), ("counter", "Counter"));
        let table: Vec<(Method, &str)> = c.routes.iter().map(|r| (r.method.clone(), r.path)).collect();
        assert_eq!(table, [(Method::GET, ""), (Method::POST, ""), (Method::POST, "/add"), (Method::POST, "/stop")]);
        assert_eq!(ask(&c, 0, ""), (200, "0".into()));
        assert_eq!(ask(&c, 1, "").0, 409, "a route that changes the board, while a search runs");
        assert_eq!(ask(&c, 2, "{\"by\": 0}").0, 400, "a bad request is refused before the board is looked at");
        assert_eq!(ask(&c, 3, "").0, 200, "a route that does not");
        assert_eq!(ask(&c, 1, ""), (200, "1".into()));
        assert_eq!(ask(&c, 1, "[\"any JSON\"]"), (200, "2".into()), "a body the route does not read");
        assert_eq!(ask(&c, 1, "{bad").0, 400, "is JSON still");
        assert_eq!(ask(&c, 2, "{\"by\": \"7\"}"), (200, "9".into()));
        let (status, refusal) = ask(&c, 2, "{\"by\": 10}");
        assert_eq!((status, refusal.as_str()), (400, r#"{"error":"by: expected a whole number from 1 to 9"}"#));
        let empty: Value = serde_json::from_slice(&Reply::no_game("counter").body).unwrap();
        assert_eq!(empty, json!({"game": null, "message": "No game yet: start one with POST /api/counter/new."}));
    }
}
