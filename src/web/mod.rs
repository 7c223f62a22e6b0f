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
//!   `X-Harness-Token` header), compared in constant time: 403 without it (a browser
//!   opening a page gets [`guard::NO_TOKEN_PAGE`], which says how to get the link again);
//! - a request with two `Host` headers or a URL for its target is refused with 400; a
//!   request refused by any of these checks closes its connection ([`guard`]);
//! - bodies over [`MAX_BODY_BYTES`] get 413, malformed JSON 400, a refused move 422: every
//!   bad request gets a 4xx with `{"error": "..."}` and never a panic;
//! - work per request is bounded: a continuation count runs in the background with a time
//!   limit, shows its progress and can be cancelled, one at a time per game.
//!
//! The server names no game: it serves the boards it is handed (the registry's, one
//! [`AnyBoard`] per game, each a [`crate::api::WebBoard`] declared in its game's
//! `api.rs`). A board's requests are `/api/NAME/...`, routed by its route table (each
//! route's typed request read by an axum extractor) in [`routes`]: an axum router with
//! tower-http's layers, served by [`server`]; its part of the page is its folder's
//! `board.html` (one `<section data-game="NAME">`) and `board.js`, put together with the
//! page's shared parts by [`assets`].

pub mod assets;
pub mod guard;
pub mod routes;
pub mod server;

use std::sync::Arc;

pub use crate::api::{AnyBoard, Reply, MAX_BODY_BYTES};
use crate::base::error::{Error, InputError, Result};
use crate::search::budget::interrupt_signal_name;
pub use guard::TOKEN_HEADER;

/// The server before it serves: the listening socket and the router of its boards.
pub struct Server {
    listener: std::net::TcpListener,
    port: u16,
    token: String,
    router: axum::Router,
    limits: server::ServerLimits,
}

impl Server {
    /// Listens on 127.0.0.1:`port` (0: any free port) with a fresh token, serving `boards`
    /// (listed on the start page in their order).
    pub fn bind(port: u16, boards: Vec<AnyBoard>) -> Result<Server> {
        let listener = std::net::TcpListener::bind(("127.0.0.1", port))
            .map_err(|e| InputError::new(format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
        let port = listener.local_addr().map_or(port, |a| a.port());
        let token = guard::new_token();
        let router = routes::router(boards, Arc::new(guard::Guard::new(port, token.clone())));
        Ok(Server { listener, port, token, router, limits: server::ServerLimits::default() })
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The page's URL with the token, opening `game`'s board when given.
    pub fn url(&self, game: Option<&str>) -> String {
        let game = game.map(|g| format!("&game={g}")).unwrap_or_default();
        format!("http://127.0.0.1:{}/?token={}{game}", self.port, self.token)
    }

    /// Answers requests, many connections at once within [`server::ServerLimits`], until
    /// Ctrl-C, SIGTERM or SIGHUP; returns within a second of that, whatever runs. Idle,
    /// it sleeps.
    pub fn serve(self) -> Result<()> {
        self.serve_until(server::signals())
    }

    /// [`Server::serve`] until `shutdown` completes.
    pub fn serve_until(self, shutdown: impl std::future::Future<Output = ()> + Send + 'static) -> Result<()> {
        server::serve(self.listener, self.router, self.limits, shutdown)?;
        Ok(())
    }
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
    pub boards: Vec<AnyBoard>,
}

/// Runs `harness play --web`: listens, prints the URL as one line, opens the browser
/// (unless told not to, or there is no display), and serves until Ctrl-C or SIGTERM.
pub fn run(options: Options) -> Result<()> {
    if let Some(game) = &options.game {
        let names: Vec<&str> = options.boards.iter().map(|b| b.name).collect();
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
    server.serve()?;
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
    let page = match RedirectPage::write(url) {
        Ok(page) => page,
        Err(e) => {
            eprintln!("harness: could not write the page that opens the board ({e}); open the URL above");
            return;
        }
    };
    let _ = std::thread::Builder::new().name("browser".into()).spawn(move || {
        if let Err(e) = webbrowser::open(&page.file_url()) {
            eprintln!("harness: could not open a browser ({e}); open the URL above");
        }
        // The browser has read the page long before; then it goes.
        std::thread::sleep(REDIRECT_PAGE_KEPT);
        drop(page);
    });
}

/// How long the page that sends the browser on to the board is kept.
const REDIRECT_PAGE_KEPT: std::time::Duration = std::time::Duration::from_secs(60);

/// A one-time local page that sends the browser on to the board's URL, so that the
/// token never stands on the browser's command line (where `ps` shows it to every user
/// of the machine): a file only this user can read (mode 0600, in a folder of mode 0700),
/// removed when dropped.
struct RedirectPage {
    dir: tempfile::TempDir,
}

impl RedirectPage {
    const FILE: &'static str = "open-board.html";

    fn write(url: &str) -> std::io::Result<RedirectPage> {
        use std::io::Write;
        let dir = tempfile::Builder::new().prefix("harness-board-").tempdir()?;
        #[cfg(unix)]
        std::fs::set_permissions(dir.path(), std::os::unix::fs::PermissionsExt::from_mode(0o700))?;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(dir.path().join(Self::FILE))?;
        let shown = crate::base::text::xml_escape(url);
        write!(
            file,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta http-equiv=\"refresh\" content=\"0;url={shown}\"><title>harness</title></head>\
             <body><p><a href=\"{shown}\">Open the board</a></p></body></html>\n"
        )?;
        Ok(RedirectPage { dir })
    }

    fn path(&self) -> std::path::PathBuf {
        self.dir.path().join(Self::FILE)
    }

    /// The page as a `file://` URL: what the browser's command line shows.
    fn file_url(&self) -> String {
        format!("file://{}", self.path().display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Body, Routes, WebBoard};
    use axum::body::Body as HttpBody;
    use axum::http::Request;
    use serde::Deserialize;
    use serde_json::{json, Value};

    /// The page that opens the board holds the URL (escaped) and only this user can read
    /// it; what the browser is given names the page, not the token; it goes when dropped.
    #[test]
    fn the_browser_is_given_a_private_page_not_the_token() {
        let url = "http://127.0.0.1:8123/?token=s3cr3t&game=checkers";
        let page = RedirectPage::write(url).unwrap();
        let text = std::fs::read_to_string(page.path()).unwrap();
        assert!(text.contains("content=\"0;url=http://127.0.0.1:8123/?token=s3cr3t&amp;game=checkers\""), "{text}");
        assert!(!page.file_url().contains("s3cr3t") && page.file_url().starts_with("file:///"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!((mode(&page.path()), mode(page.dir.path())), (0o600, 0o700));
        }
        let path = page.path();
        drop(page);
        assert!(!path.exists());
    }

    /// A board of two routes, standing for a game's.
    #[derive(Default)]
    struct Dice;

    /// `POST /roll`: a number to roll with, if any.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Roll {
        #[serde(default)]
        n: Option<u64>,
    }

    impl Dice {
        fn roll(&mut self, Body(roll): Body<Roll>) -> Reply {
            Reply::json(200, &json!([4, roll.n]))
        }

        fn boom(&mut self) -> Reply {
            panic!("a bug")
        }
    }

    impl WebBoard for Dice {
        const NAME: &'static str = "dice";
        const TITLE: &'static str = "Dice";
        const MARKUP: &'static str = "<section data-game=\"dice\"></section>";
        const SCRIPT: &'static str = "";

        fn routes(routes: Routes<Dice>) -> Routes<Dice> {
            routes.post("/roll", Dice::roll).get("/boom", Dice::boom)
        }
    }

    fn dice() -> Vec<AnyBoard> {
        vec![AnyBoard::new(Dice)]
    }

    #[test]
    fn a_game_without_a_board_is_refused_before_listening() {
        let options = Options { game: Some("chess".into()), port: 0, open: false, boards: dice() };
        let e = run(options).unwrap_err().to_string();
        assert!(e.contains("chess has no web board yet; the web board plays: dice"), "{e}");
    }

    /// Asks `server`'s router: status, `Allow` and body as JSON.
    fn ask(server: &Server, method: &str, path: &str, body: &str) -> (u16, Option<String>, Value) {
        let request = Request::builder()
            .method(method)
            .uri(format!("{path}?token={}", server.token))
            .header("Host", format!("127.0.0.1:{}", server.port))
            .body(HttpBody::from(body.to_string()))
            .unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let response = routes::answer(server.router.clone(), request).await;
            let status = response.status().as_u16();
            let allow = response.headers().get("Allow").map(|a| a.to_str().unwrap().to_string());
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
            (status, allow, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
        })
    }

    #[test]
    fn the_boards_handed_are_the_boards_served_through_their_route_table() {
        let server = Server::bind(0, dice()).unwrap();
        let games = ask(&server, "GET", "/api/games", "").2;
        assert_eq!(games, json!({"games": [{"name": "dice", "title": "Dice"}]}));
        assert_eq!(ask(&server, "POST", "/api/dice/roll", "").2, json!([4, null]));
        assert_eq!(ask(&server, "POST", "/api/dice/roll", r#"{"n": 2}"#).2, json!([4, 2]));
        let (status, _, refusal) = ask(&server, "POST", "/api/dice/roll", r#"{"n": -2}"#);
        assert_eq!(
            (status, refusal["error"].as_str()),
            (400, Some("expected a JSON object with `n`: invalid value: integer `-2`, expected u64"))
        );
        let (status, allow, refusal) = ask(&server, "GET", "/api/dice/roll", "");
        assert_eq!((status, allow.as_deref()), (405, Some("POST")));
        assert_eq!(refusal["error"], "GET is not allowed on /api/dice/roll");
        let (status, _, refusal) = ask(&server, "POST", "/api/dice/roll", "{bad");
        assert_eq!(status, 400);
        assert!(refusal["error"].as_str().unwrap().starts_with("the body is not valid JSON"), "{refusal}");
        assert_eq!(ask(&server, "POST", "/api/dice/fly", "").2["error"], "no such request: /api/dice/fly");
        assert_eq!(ask(&server, "GET", "/api/chess", "").2["error"], "no game `chess` on the web board");
        assert_eq!(ask(&server, "GET", "/nothing", "").2["error"], "no such page: /nothing");
        assert_eq!(ask(&server, "POST", "/", "").2["error"], "the page is read with GET");
        assert_eq!(ask(&server, "POST", "/static/common.js", "").0, 405);
        assert_eq!(ask(&server, "DELETE", "/api/games", "").2["error"], "method DELETE is not allowed: GET or POST");
        let (status, _, refusal) = ask(&server, "GET", "/api/dice/boom", "");
        assert_eq!(status, 500, "a bug is answered and the server goes on: {refusal}");
        assert_eq!(ask(&server, "POST", "/api/dice/roll", "").0, 200);
        let big = format!("\"{}\"", "a".repeat(MAX_BODY_BYTES));
        assert_eq!(ask(&server, "POST", "/api/dice/roll", &big).2["error"], "request body over 65536 bytes");
    }
}
