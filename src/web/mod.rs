//! `harness play --web [GAME]`: the games' mouse boards as one page in the browser, served
//! by the harness on this machine (the engine stays in Rust; the page asks the server for
//! the position and the legal moves and never applies a rule itself).
//!
//! Safety model, checked on every request before anything else:
//! - the server listens on 127.0.0.1 only;
//! - the `Host` header must name this server (`127.0.0.1:PORT` or `localhost:PORT`):
//!   anything else is refused with 421, which stops DNS rebinding;
//! - an `Origin` header, when sent, must be this server's: a page elsewhere that posts to
//!   localhost is refused with 403;
//! - every request must carry the random token of the printed URL (`?token=` or the
//!   `X-Harness-Token` header), compared in constant time: 403 without it;
//! - bodies over [`MAX_BODY_BYTES`] get 413, malformed JSON 400, a refused move 422: every
//!   bad request gets a 4xx with `{"error": "..."}` and never a panic;
//! - work per request is bounded: a continuation count runs in the background with a time
//!   limit, shows its progress and can be cancelled, one at a time per game.
//!
//! The server names no game: it serves the boards it is handed (the registry's, one
//! [`GameApi`] per game, each declared in its game's `api.rs`). A board's requests are
//! `/api/NAME/...`, answered from its route table by [`crate::api::dispatch`]; its part of
//! the page is its folder's `board.html` (one `<section data-game="NAME">`) and `board.js`,
//! put together with the page's shared parts by [`assets`].

pub mod assets;
pub mod server;

use std::sync::{Mutex, MutexGuard, PoisonError};

use serde_json::{json, Value};

pub use crate::api::{ApiRequest, GameApi, Reply};
use crate::base::error::{Error, InputError, Result};
use crate::search::budget::{interrupt_signal_name, interrupted};

/// The largest request body accepted.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The header that may carry the token instead of the query string.
pub const TOKEN_HEADER: &str = "X-Harness-Token";

/// The server before it serves: the listening socket and what its requests share.
pub struct Server {
    listener: std::net::TcpListener,
    state: State,
    limits: server::Limits,
}

/// What every request shares: the port, the token and each game's state behind a lock of
/// its own (a request to one game never waits for another game's).
pub struct State {
    port: u16,
    token: String,
    games: Vec<Slot>,
}

/// One game of the server: its name, title and part of the page (read without its lock)
/// and its state.
struct Slot {
    name: &'static str,
    title: &'static str,
    part: assets::BoardPart,
    game: Mutex<Box<dyn GameApi>>,
}

impl Slot {
    fn new(game: Box<dyn GameApi>) -> Slot {
        let part = assets::BoardPart { name: game.name(), markup: game.markup(), script: game.script() };
        Slot { name: game.name(), title: game.title(), part, game: Mutex::new(game) }
    }
}

/// A fresh random token: 128 bits from the operating system's generator (through rand's
/// thread generator, a CSPRNG seeded from it), as 32 hex digits.
fn new_token() -> String {
    use rand::Rng as _;
    format!("{:032x}", rand::rng().random::<u128>())
}

/// Whether `a` and `b` are equal, in time that does not depend on where they differ.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The value of query parameter `name` in `query` (`a=1&b=2`), percent-decoded.
pub fn query_param(query: &str, name: &str) -> Option<String> {
    query.split('&').filter_map(|kv| kv.split_once('=')).find(|(k, _)| *k == name).map(|(_, v)| percent_decode(v))
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl Server {
    /// Listens on 127.0.0.1:`port` (0: any free port) with a fresh token, serving `boards`
    /// (listed on the start page in their order).
    pub fn bind(port: u16, boards: Vec<Box<dyn GameApi>>) -> Result<Server> {
        let listener = std::net::TcpListener::bind(("127.0.0.1", port))
            .map_err(|e| InputError::new(format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
        let port = listener.local_addr().map_or(port, |a| a.port());
        let games = boards.into_iter().map(Slot::new).collect();
        let state = State { port, token: new_token(), games };
        Ok(Server { listener, state, limits: server::Limits::default() })
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.state.port
    }

    /// The page's URL with the token, opening `game`'s board when given.
    pub fn url(&self, game: Option<&str>) -> String {
        let game = game.map(|g| format!("&game={g}")).unwrap_or_default();
        format!("http://127.0.0.1:{}/?token={}{game}", self.state.port, self.state.token)
    }

    /// Answers requests, many connections at once within [`server::Limits`], until
    /// Ctrl-C, SIGTERM or SIGHUP (or `stop` says so); returns within a fraction of a
    /// second of that, whatever runs. Idle, it sleeps.
    pub fn serve(self, stop: &dyn Fn() -> bool) -> Result<()> {
        let state = std::sync::Arc::new(self.state);
        server::serve(self.listener, state, self.limits, &|| interrupted() || stop())?;
        Ok(())
    }
}

impl State {
    /// Answers one request given as its parts (the same path as a socket's request takes).
    pub fn respond(&self, method: &str, url: &str, headers: &[(String, String)], body: &[u8]) -> Reply {
        match self.check(method, url, headers) {
            Err(refusal) => refusal,
            Ok(()) if body.len() > MAX_BODY_BYTES => too_large(),
            Ok(()) => self.route_guarded(method, url, body),
        }
    }

    /// [`State::route`], with a panic (a bug) answered by 500 instead of ending the server.
    fn route_guarded(&self, method: &str, url: &str, body: &[u8]) -> Reply {
        let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.route(method, url, body)));
        answer.unwrap_or_else(|_| Reply::error(500, "internal error: the request failed; the server goes on"))
    }

    /// The safety checks: `Host`, `Origin`, token, method.
    fn check(&self, method: &str, url: &str, headers: &[(String, String)]) -> std::result::Result<(), Reply> {
        let header = |name: &str| headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.trim());
        let ours = [format!("127.0.0.1:{}", self.port), format!("localhost:{}", self.port)];
        match header("Host") {
            Some(h) if ours.iter().any(|o| o.eq_ignore_ascii_case(h)) => {}
            _ => return Err(Reply::error(421, format!("refused: the Host header must be {}", ours[0]))),
        }
        if let Some(origin) = header("Origin") {
            if !ours.iter().any(|o| origin.eq_ignore_ascii_case(&format!("http://{o}"))) {
                return Err(Reply::error(403, "refused: a request from another origin"));
            }
        }
        let query = url.split_once('?').map_or("", |(_, q)| q);
        let given = header(TOKEN_HEADER).map(str::to_string).or_else(|| query_param(query, "token"));
        if !given.is_some_and(|t| same_secret(t.as_bytes(), self.token.as_bytes())) {
            return Err(Reply::error(
                403,
                "refused: the token is missing or wrong; open the URL that `harness play --web` printed",
            ));
        }
        if method != "GET" && method != "POST" {
            return Err(Reply::error(405, format!("method {method} is not allowed: GET or POST")));
        }
        Ok(())
    }

    fn route(&self, method: &str, url: &str, body: &[u8]) -> Reply {
        let path = url.split_once('?').map_or(url, |(p, _)| p);
        let parts: Vec<assets::BoardPart> = self.games.iter().map(|g| g.part).collect();
        if path == "/" {
            return if method == "GET" {
                assets::page(&self.token, &parts)
            } else {
                Reply::error(405, "the page is read with GET")
            };
        }
        if let Some(reply) = assets::answer(method, path, &parts) {
            return reply;
        }
        if path == "/api/games" {
            let list: Vec<Value> = self.games.iter().map(|g| json!({"name": g.name, "title": g.title})).collect();
            return Reply::json(200, &json!({ "games": list }));
        }
        let Some(rest) = path.strip_prefix("/api/") else {
            return Reply::error(404, format!("no such page: {}", crate::base::text::excerpt(path)));
        };
        let (name, sub) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let Some(slot) = self.games.iter().find(|g| g.name == name) else {
            return Reply::error(404, format!("no game `{}` on the web board", crate::base::text::excerpt(name)));
        };
        let body = match parse_body(body) {
            Ok(v) => v,
            Err(refusal) => return refusal,
        };
        lock(&slot.game).handle(&ApiRequest { method, path: sub, body })
    }
}

/// A game's lock; a request that panicked while holding it (a bug, answered with 500)
/// leaves the game as it was then.
fn lock(game: &Mutex<Box<dyn GameApi>>) -> MutexGuard<'_, Box<dyn GameApi>> {
    game.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The refusal of a body over [`MAX_BODY_BYTES`].
fn too_large() -> Reply {
    Reply::error(413, format!("request body over {MAX_BODY_BYTES} bytes"))
}

/// The body as JSON: `Null` when empty, 400 when it is not JSON.
fn parse_body(body: &[u8]) -> std::result::Result<Value, Reply> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Value::Null);
    }
    serde_json::from_slice(body).map_err(|e| Reply::error(400, format!("the body is not valid JSON: {e}")))
}

/// What `harness play --web` was asked.
pub struct Options {
    /// The game whose board opens (`None`: the start page).
    pub game: Option<String>,
    /// The port (0: any free port).
    pub port: u16,
    /// Whether to open the default browser.
    pub open: bool,
    /// The boards to serve, in the order of the start page (the registry's).
    pub boards: Vec<Box<dyn GameApi>>,
}

/// Runs `harness play --web`: listens, prints the URL as one line, opens the browser
/// (unless told not to, or there is no display), and serves until Ctrl-C or SIGTERM.
pub fn run(options: Options) -> Result<()> {
    if let Some(game) = &options.game {
        let names: Vec<&str> = options.boards.iter().map(|b| b.name()).collect();
        if !names.contains(&game.as_str()) {
            return Err(InputError::new(format!(
                "{game} has no web board yet; the web board plays: {} (the other games: harness play {game})",
                names.join(", ")
            ))
            .into());
        }
    }
    let server = Server::bind(options.port, options.boards)?;
    let url = server.url(options.game.as_deref());
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        writeln!(out, "{url}").and_then(|()| out.flush()).map_err(Error::from)?;
    }
    if options.open {
        open_browser(&url);
    }
    server.serve(&|| false)?;
    eprintln!("harness: web board stopped ({})", interrupt_signal_name());
    Ok(())
}

/// Opens `url` in the default browser in a thread of its own; where it cannot (no
/// browser, no display), it says so on stderr and the server goes on.
fn open_browser(url: &str) {
    let graphical = cfg!(any(target_os = "macos", windows))
        || std::env::var_os("DISPLAY").is_some()
        || std::env::var_os("WAYLAND_DISPLAY").is_some();
    if !graphical {
        eprintln!("harness: no display to open a browser on; open the URL above");
        return;
    }
    let url = url.to_string();
    let _ = std::thread::Builder::new().name("browser".into()).spawn(move || {
        if let Err(e) = webbrowser::open(&url) {
            eprintln!("harness: could not open a browser ({e}); open the URL above");
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_parameters_are_decoded_and_secrets_compared_whole() {
        assert_eq!(query_param("a=1&token=x%41y+z&b", "token").as_deref(), Some("xAy z"));
        assert_eq!(query_param("a=%4", "a").as_deref(), Some("%4"));
        assert_eq!(query_param("a=%zz", "a").as_deref(), Some("%zz"));
        assert_eq!(query_param("a=1", "b"), None);
        assert!(same_secret(b"abc", b"abc") && !same_secret(b"abc", b"abd") && !same_secret(b"ab", b"abc"));
        assert_eq!(new_token().len(), 32);
        assert_ne!(new_token(), new_token());
    }

    /// A board of one route, standing for a game's.
    #[derive(Default)]
    struct Dice;

    impl crate::api::WebBoard for Dice {
        const NAME: &'static str = "dice";
        const TITLE: &'static str = "Dice";
        const MARKUP: &'static str = "<section data-game=\"dice\"></section>";
        const SCRIPT: &'static str = "";
        const ROUTES: &'static [crate::api::Route<Dice>] =
            &[crate::api::Route::post("/roll", |_, _| Reply::json(200, &json!(4)))];
    }

    #[test]
    fn a_game_without_a_board_is_refused_before_listening() {
        let options = Options { game: Some("chess".into()), port: 0, open: false, boards: vec![Box::new(Dice)] };
        let e = run(options).unwrap_err().to_string();
        assert!(e.contains("chess has no web board yet; the web board plays: dice"), "{e}");
    }

    #[test]
    fn the_boards_handed_are_the_boards_served_through_their_route_table() {
        let server = Server::bind(0, vec![Box::new(Dice)]).unwrap();
        let state = &server.state;
        let ask = |method: &str, path: &str| state.route(method, path, b"");
        let games: Value = serde_json::from_slice(&ask("GET", "/api/games").body).unwrap();
        assert_eq!(games, json!({"games": [{"name": "dice", "title": "Dice"}]}));
        assert_eq!(ask("POST", "/api/dice/roll").body, b"4");
        let refused = ask("GET", "/api/dice/roll");
        assert_eq!((refused.status, refused.allow.as_deref()), (405, Some("POST")));
        assert_eq!(ask("POST", "/api/dice/fly").status, 404);
        assert_eq!(ask("GET", "/api/chess").status, 404);
    }
}
