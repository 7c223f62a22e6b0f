//! The server's router: the page, its files, the list of games and every board's route
//! table as axum routes, behind the layers every answer goes through (outermost first):
//! a panic answered with 500 ([`CatchPanicLayer`]), the security headers
//! ([`SetResponseHeaderLayer`]), every refusal as `{"error": ...}`, a time limit on the
//! whole answer ([`TimeoutLayer`]), the safety checks ([`super::guard`]) and the body's
//! size ([`RequestBodyLimitLayer`]).
//!
//! Each game's routes come from its board's table ([`crate::api::Routes`]), whose handlers
//! read the request with its typed extractor and hold the board's own lock only while one
//! request of that game is answered on the runtime's blocking pool: a request waits only
//! for the requests of its own game (searches run on threads of their own), so no game
//! can keep another's requests, or the page's files, waiting.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::http::header::{HeaderName, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, MethodRouter};
use axum::Router;
use serde_json::{json, Value};
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use super::assets;
use super::guard::{self, Guard};
use super::Reply;
use crate::api::request::too_large;
use crate::api::{AnyBoard, BoardRoute, MAX_BODY_BYTES};
use crate::base::text::excerpt;

/// The time a whole answer may take, from the end of the request's headers: the body's
/// time and the wait for the game's own earlier requests.
pub const ANSWER_TIME: Duration = Duration::from_secs(20);

/// The content security policy of every answer: nothing from elsewhere, and no inline
/// script or style (the page's scripts and style sheet are its own files).
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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

/// One path of a board's table: its routes' handlers as one method router, 405 with
/// `Allow` (the methods of `routes`, in the table's order) for another method.
fn board_path(name: &'static str, path: &'static str, routes: Vec<BoardRoute>) -> MethodRouter {
    let allow: Vec<&str> = routes.iter().map(|r| r.method.as_str()).collect();
    let allow: &'static str = Box::leak(allow.join(", ").into_boxed_str());
    let wrong = wrong_method(allow, move |method| format!("{method} is not allowed on /api/{name}{path}"));
    routes.into_iter().fold(wrong, |router, route| router.merge(route.handler))
}

/// A board's routes under `/api/NAME`, one per path of its table (the board itself also
/// under `/api/NAME/`).
fn board_routes(mut router: Router, name: &'static str, table: Vec<BoardRoute>) -> Router {
    let mut paths: Vec<&'static str> = table.iter().map(|r| r.path).collect();
    paths.sort_unstable();
    paths.dedup();
    let mut table = table;
    for path in paths {
        let (on_path, rest): (Vec<BoardRoute>, Vec<BoardRoute>) = table.into_iter().partition(|r| r.path == path);
        table = rest;
        let methods = board_path(name, path, on_path);
        router = router.route(&format!("/api/{name}{path}"), methods.clone());
        if path.is_empty() {
            router = router.route(&format!("/api/{name}/"), methods);
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

/// Every refusal as `{"error": ...}` (or the page a browser without the token is shown):
/// the layers' own (a body too large, an answer too slow, a panic) get the words the
/// board's refusals use.
async fn json_refusals(response: Response) -> Response {
    let status = response.status();
    let ours = response
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json") || t.as_bytes().starts_with(b"text/html"));
    if !status.is_client_error() && !status.is_server_error() || ours {
        return response;
    }
    let reply = match status {
        StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        StatusCode::SERVICE_UNAVAILABLE => {
            Reply::error(503, format!("the board did not answer within {} s: try again", ANSWER_TIME.as_secs()))
        }
        StatusCode::INTERNAL_SERVER_ERROR => Reply::internal_error(),
        other => Reply::error(other.as_u16(), other.canonical_reason().unwrap_or("refused").to_lowercase()),
    };
    let mut fixed = reply.into_response();
    if let Some(close) = response.headers().get(axum::http::header::CONNECTION) {
        fixed.headers_mut().insert(axum::http::header::CONNECTION, close.clone());
    }
    fixed
}

/// The router of `boards` (listed on the start page in their order), checked by `guard`.
pub fn router(mut boards: Vec<AnyBoard>, guard: Arc<Guard>) -> Router {
    let tables: Vec<(&'static str, Vec<BoardRoute>)> =
        boards.iter_mut().map(|b| (b.name, std::mem::take(&mut b.routes))).collect();
    let names: Vec<&'static str> = boards.iter().map(|b| b.name).collect();
    let list: Vec<Value> = boards.iter().map(|b| json!({"name": b.name, "title": b.title})).collect();
    let games = Reply::json(200, &json!({ "games": list }));
    let page = assets::page(guard.token(), &boards);
    let boards: Arc<[AnyBoard]> = boards.into();

    let mut router =
        Router::new()
            .route("/", wrong_method("GET", |_| "the page is read with GET".into()).get(move || async move { page }))
            .route(
                "/static/{*name}",
                wrong_method("GET", |_| "the page's files are read with GET".into()).get(
                    move |axum::extract::Path(name): axum::extract::Path<String>| async move {
                        assets::file(&name, &boards)
                    },
                ),
            )
            .route("/api/games", get(move || async move { games }));
    for (name, table) in tables {
        router = board_routes(router, name, table);
    }
    router.fallback(move |uri: Uri| async move { not_found(uri.path(), &names) }).layer(
        ServiceBuilder::new()
            .layer(CatchPanicLayer::custom(|_| Reply::internal_error().into_response()))
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
