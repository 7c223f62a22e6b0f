//! The server's router: the page, its files, the list of games and every board's route
//! table as axum routes, behind the layers every answer goes through (outermost first):
//! a panic answered with 500 ([`CatchPanicLayer`]), the security headers
//! ([`SetResponseHeaderLayer`]), every refusal as `{"error": ...}`, a time limit on the
//! whole answer ([`TimeoutLayer`]), the safety checks ([`super::guard`]) and the body's
//! size ([`RequestBodyLimitLayer`]).
//!
//! Each game's board sits behind a lock of its own, held only while one request of that
//! game is answered on the runtime's blocking pool: a request waits only for the requests
//! of its own game (searches run on threads of their own), so no game can keep another's
//! requests, or the page's files, waiting.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Request};
use axum::http::header::{HeaderName, ALLOW, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, on, MethodFilter, MethodRouter};
use axum::Router;
use serde_json::{json, Value};
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use super::assets::{self, BoardPart};
use super::guard::{self, Guard};
use super::Reply;
use crate::api::{GameApi, Method};
use crate::base::text::excerpt;

/// The largest request body accepted.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// The time a request's body may take to arrive, from the end of its headers.
pub const BODY_TIME: Duration = Duration::from_secs(10);
/// The time a whole answer may take, from the end of the request's headers: the body's
/// time and the wait for the game's own earlier requests.
pub const ANSWER_TIME: Duration = Duration::from_secs(20);

/// The content security policy of every answer: nothing from elsewhere, and no inline
/// script or style (the page's scripts and style sheet are its own files).
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// One game of the server: its name and title (read without its lock) and its board
/// behind a lock of its own.
struct Slot {
    name: &'static str,
    title: &'static str,
    board: Arc<tokio::sync::Mutex<Box<dyn GameApi>>>,
}

impl Slot {
    /// Answers route `index` of the board's table: waits for the game's earlier requests
    /// (and no other game's), then answers on the blocking pool; a panic (a bug) is a 500
    /// and leaves the game as it was then.
    async fn answer(self: Arc<Slot>, index: usize, body: Value) -> Reply {
        let mut board = Arc::clone(&self.board).lock_owned().await;
        tokio::task::spawn_blocking(move || board.answer(index, &body)).await.unwrap_or_else(|_| internal_error())
    }
}

/// The answer to a request that failed (a bug); the server goes on.
fn internal_error() -> Reply {
    Reply::error(500, "internal error: the request failed; the server goes on")
}

/// The refusal of a body over [`MAX_BODY_BYTES`].
fn too_large() -> Reply {
    Reply::error(413, format!("request body over {MAX_BODY_BYTES} bytes"))
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

/// A request's body as JSON: `Null` when empty; 413 past [`MAX_BODY_BYTES`], 408 when it
/// does not arrive within [`BODY_TIME`], 400 when it is not JSON.
pub struct JsonBody(pub Value);

impl<S: Send + Sync> FromRequest<S> for JsonBody {
    type Rejection = Reply;

    async fn from_request(request: Request, _: &S) -> Result<JsonBody, Reply> {
        let read = axum::body::to_bytes(request.into_body(), MAX_BODY_BYTES);
        let bytes = match tokio::time::timeout(BODY_TIME, read).await {
            Err(_elapsed) => {
                return Err(Reply::error(408, format!("the body did not arrive within {} s", BODY_TIME.as_secs())))
            }
            Ok(Err(e)) if over_limit(&e) => return Err(too_large()),
            Ok(Err(e)) => return Err(Reply::error(400, format!("cannot read the body: {e}"))),
            Ok(Ok(bytes)) => bytes,
        };
        parse_body(&bytes).map(JsonBody)
    }
}

/// Whether reading a body failed for its size.
fn over_limit(e: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = source {
        if s.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = s.source();
    }
    false
}

/// The body as JSON: `Null` when empty, 400 when it is not JSON.
fn parse_body(body: &Bytes) -> Result<Value, Reply> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Value::Null);
    }
    serde_json::from_slice(body).map_err(|e| Reply::error(400, format!("the body is not valid JSON: {e}")))
}

/// The 405 of a path that does not take the request's method, with `Allow`.
fn wrong_method(allow: &'static str, message: impl Fn(&str) -> String + Clone + Send + Sync + 'static) -> MethodRouter {
    MethodRouter::new().fallback(move |method: axum::http::Method| {
        let message = message.clone();
        async move {
            let mut refusal = Reply::error(405, message(method.as_str()));
            refusal.allow = Some(allow.to_string());
            refusal
        }
    })
}

/// One path of a board's table: its routes (index in the table and method) as one
/// method router, 405 with `Allow` for another method.
fn board_path(slot: &Arc<Slot>, path: &'static str, routes: &[(usize, Method)]) -> MethodRouter {
    let allow: Vec<&str> = routes.iter().map(|(_, m)| m.name()).collect();
    let allow: &'static str = Box::leak(allow.join(", ").into_boxed_str());
    let name = slot.name;
    let mut router = wrong_method(allow, move |method| format!("{method} is not allowed on /api/{name}{path}"));
    for &(index, method) in routes {
        let slot = Arc::clone(slot);
        let filter = match method {
            Method::Get => MethodFilter::GET,
            Method::Post => MethodFilter::POST,
        };
        router = router.merge(on(filter, move |JsonBody(body): JsonBody| Arc::clone(&slot).answer(index, body)));
    }
    router
}

/// A board's routes under `/api/NAME`, one per path of its table.
fn board_routes(mut router: Router, slot: &Arc<Slot>, table: &[(Method, &'static str)]) -> Router {
    let mut paths: Vec<&'static str> = table.iter().map(|&(_, p)| p).collect();
    paths.dedup();
    paths.sort_unstable();
    paths.dedup();
    for path in paths {
        let on_path: Vec<(usize, Method)> =
            table.iter().enumerate().filter(|(_, (_, p))| *p == path).map(|(i, &(m, _))| (i, m)).collect();
        let methods = board_path(slot, path, &on_path);
        router = router.route(&format!("/api/{}{path}", slot.name), methods.clone());
        if path.is_empty() {
            router = router.route(&format!("/api/{}/", slot.name), methods);
        }
    }
    router
}

/// The 404 of a path no route takes, naming what was asked.
fn not_found(path: &str, names: &[&'static str]) -> Reply {
    let Some(rest) = path.strip_prefix("/api/") else {
        return Reply::error(404, format!("no such page: {}", excerpt(path)));
    };
    let (name, sub) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    if names.contains(&name) {
        Reply::error(404, format!("no such request: /api/{name}{}", excerpt(sub)))
    } else {
        Reply::error(404, format!("no game `{}` on the web board", excerpt(name)))
    }
}

/// Every refusal as `{"error": ...}`: the layers' own (a body too large, an answer too
/// slow, a panic) get the words the board's refusals use.
async fn json_refusals(response: Response) -> Response {
    let status = response.status();
    let json = response.headers().get(CONTENT_TYPE).is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !status.is_client_error() && !status.is_server_error() || json {
        return response;
    }
    let reply = match status {
        StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        StatusCode::SERVICE_UNAVAILABLE => {
            Reply::error(503, format!("the board did not answer within {} s: try again", ANSWER_TIME.as_secs()))
        }
        StatusCode::INTERNAL_SERVER_ERROR => internal_error(),
        other => Reply::error(other.as_u16(), other.canonical_reason().unwrap_or("refused").to_lowercase()),
    };
    let mut fixed = reply.into_response();
    if let Some(close) = response.headers().get(axum::http::header::CONNECTION) {
        fixed.headers_mut().insert(axum::http::header::CONNECTION, close.clone());
    }
    fixed
}

/// The router of `boards` (listed on the start page in their order), checked by `guard`.
pub fn router(boards: Vec<Box<dyn GameApi>>, guard: Arc<Guard>) -> Router {
    let parts: Vec<BoardPart> =
        boards.iter().map(|b| BoardPart { name: b.name(), markup: b.markup(), script: b.script() }).collect();
    let tables: Vec<Vec<(Method, &'static str)>> = boards.iter().map(|b| b.routes()).collect();
    let slots: Vec<Arc<Slot>> = boards
        .into_iter()
        .map(|b| Arc::new(Slot { name: b.name(), title: b.title(), board: Arc::new(tokio::sync::Mutex::new(b)) }))
        .collect();
    let names: Vec<&'static str> = slots.iter().map(|s| s.name).collect();
    let list: Vec<Value> = slots.iter().map(|s| json!({"name": s.name, "title": s.title})).collect();
    let games = Reply::json(200, &json!({ "games": list }));
    let page = assets::page(guard.token(), &parts);
    let parts: Arc<[BoardPart]> = parts.into();

    let mut router = Router::new()
        .route("/", wrong_method("GET", |_| "the page is read with GET".into()).get(move || async move { page }))
        .route(
            "/static/{*name}",
            wrong_method("GET", |_| "the page's files are read with GET".into()).get(
                move |axum::extract::Path(name): axum::extract::Path<String>| async move { assets::file(&name, &parts) },
            ),
        )
        .route("/api/games", get(move || async move { games }));
    for (slot, table) in slots.iter().zip(&tables) {
        router = board_routes(router, slot, table);
    }
    router.fallback(move |uri: Uri| async move { not_found(uri.path(), &names) }).layer(
        ServiceBuilder::new()
            .layer(CatchPanicLayer::custom(|_| internal_error().into_response()))
            .layer(header(CACHE_CONTROL, "no-store"))
            .layer(header(HeaderName::from_static("x-content-type-options"), "nosniff"))
            .layer(header(HeaderName::from_static("referrer-policy"), "no-referrer"))
            .layer(header(HeaderName::from_static("x-frame-options"), "DENY"))
            .layer(header(CONTENT_SECURITY_POLICY, CSP))
            .layer(axum::middleware::map_response(json_refusals))
            .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, ANSWER_TIME))
            .layer(axum::middleware::from_fn_with_state(guard, guard::check))
            .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES)),
    )
}

/// A header set on every answer.
fn header(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
}

/// Answers `request` with `router` (for tests: the same path as a socket's request takes).
pub async fn answer(router: Router, request: Request<Body>) -> Response {
    use tower::ServiceExt as _;
    match router.oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    }
}
