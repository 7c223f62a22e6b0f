//! The safety checks of every request, as one middleware in front of every route
//! ([`check`]): the request target, `Host`, `Origin`, the token and the method, in that
//! order. A request refused before its token is accepted (a foreign `Host`, another
//! origin, no token or a wrong one, two `Host` headers, an absolute-form target) is
//! answered and its connection closed, so that a client without the token holds no
//! connection by asking again and again. A browser that opens a page without the token
//! or with a wrong one (a bookmark of an earlier server, a link typed by hand) is told
//! what to do on a page of its own ([`NO_TOKEN_PAGE`]); other clients get the JSON
//! refusal every refusal is.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::extract::{Query, Request, State};
use axum::http::header::{ACCEPT, CONNECTION, HOST, ORIGIN};
use axum::http::{HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use subtle::ConstantTimeEq as _;

use super::Reply;

/// The header that may carry the token instead of the query string.
pub const TOKEN_HEADER: &str = "X-Harness-Token";

/// What a browser is shown when it opens the board without the token or with a wrong
/// one (403): where the link with the token comes from and how to get a new one. It
/// echoes nothing of the request.
pub const NO_TOKEN_PAGE: &str = include_str!("page/no-token.html");

/// The style sheet of [`NO_TOKEN_PAGE`] (the look of the boards' page, light and dark):
/// public, so it is answered without the token, at [`NO_TOKEN_STYLE_PATH`] only, and like
/// every answer to a client without the token its connection is closed.
pub const NO_TOKEN_STYLE: &str = include_str!("page/no-token.css");
/// Where [`NO_TOKEN_PAGE`] finds its style sheet.
pub const NO_TOKEN_STYLE_PATH: &str = "/no-token.css";

/// The refusal of a request without the token or with a wrong one: the JSON refusal, or
/// for a browser ([`wants_html`]) the page that says what to do.
const NO_TOKEN: &str = "refused: the token is missing or wrong; open the URL that `harness play --web` printed";

/// What the checks compare a request with: this server's port and token.
#[derive(Debug, Clone)]
pub struct Guard {
    port: u16,
    token: String,
}

impl Guard {
    /// The checks of the server on 127.0.0.1:`port` whose URL carries `token`.
    pub fn new(port: u16, token: String) -> Guard {
        Guard { port, token }
    }

    /// The token.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// The host names a request may give (`127.0.0.1:PORT`, `localhost:PORT`).
    fn ours(&self) -> [String; 2] {
        [format!("127.0.0.1:{}", self.port), format!("localhost:{}", self.port)]
    }

    /// The refusal of `request`, if it is refused: 400 for an absolute-form target or two
    /// `Host` headers, 421 for a foreign or missing `Host` (DNS rebinding), 403 for a
    /// foreign `Origin` or a missing or wrong token, 405 for a method other than `GET`
    /// and `POST`.
    fn refusal(&self, request: &Request) -> Result<(), Refused> {
        let uri = request.uri();
        if uri.scheme().is_some() || uri.authority().is_some() {
            return Err(Refused::early(400, "refused: the request target must be a path (/...), not a URL".into()));
        }
        let ours = self.ours();
        let is_ours = |value: &str| ours.iter().any(|o| o.eq_ignore_ascii_case(value.trim()));
        let mut hosts = request.headers().get_all(HOST).iter();
        match (hosts.next(), hosts.next()) {
            (Some(_), Some(_)) => return Err(Refused::early(400, "refused: two Host headers".into())),
            (Some(h), None) if h.to_str().is_ok_and(is_ours) => {}
            _ => return Err(Refused::early(421, format!("refused: the Host header must be {}", ours[0]))),
        }
        let from_us = |o: &HeaderValue| {
            o.to_str().is_ok_and(|o| ours.iter().any(|h| o.trim().eq_ignore_ascii_case(&format!("http://{h}"))))
        };
        if !request.headers().get_all(ORIGIN).iter().all(from_us) {
            return Err(Refused::early(403, "refused: a request from another origin".into()));
        }
        if !self.token_matches(request) {
            if uri.path() == NO_TOKEN_STYLE_PATH && request.method() == Method::GET {
                let style = Reply {
                    status: 200,
                    content_type: "text/css; charset=utf-8",
                    body: NO_TOKEN_STYLE.as_bytes().to_vec(),
                    allow: None,
                };
                return Err(Refused { reply: style, close: true });
            }
            if wants_html(request) {
                return Err(Refused { reply: Reply::html(403, NO_TOKEN_PAGE), close: true });
            }
            return Err(Refused::early(403, NO_TOKEN.into()));
        }
        let method = request.method();
        if method != Method::GET && method != Method::POST {
            return Err(Refused {
                reply: Reply::error(405, format!("method {method} is not allowed: GET or POST")),
                close: false,
            });
        }
        Ok(())
    }

    /// Whether the request carries the token (the `X-Harness-Token` header, else the
    /// `token` query parameter), compared in constant time.
    fn token_matches(&self, request: &Request) -> bool {
        let header = request.headers().get(TOKEN_HEADER).map(|v| v.as_bytes().to_vec());
        let given = header.or_else(|| {
            let query: Query<Vec<(String, String)>> = Query::try_from_uri(request.uri()).ok()?;
            query.0.into_iter().find(|(k, _)| k == "token").map(|(_, v)| v.into_bytes())
        });
        given.is_some_and(|t| same_secret(&t, self.token.as_bytes()))
    }
}

/// Whether `request` comes from a browser opening a page: its `Accept` names
/// `text/html` (the page's own requests ask for JSON or anything, `*/*`).
fn wants_html(request: &Request) -> bool {
    request.headers().get_all(ACCEPT).iter().any(|v| {
        v.to_str().is_ok_and(|v| {
            v.split(',').any(|t| t.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("text/html")))
        })
    })
}

/// A refusal, and whether it closes the connection (it does for a client that has not
/// shown the token).
struct Refused {
    reply: Reply,
    close: bool,
}

impl Refused {
    fn early(status: u16, message: String) -> Refused {
        Refused { reply: Reply::error(status, message), close: true }
    }
}

/// The mark of a connection that a request passed the checks on (it showed the token):
/// the server puts its connection's mark in each request's extensions, and closes
/// connections without it first when it is full.
#[derive(Debug, Clone, Default)]
pub struct PlayerMark(Arc<AtomicBool>);

impl PlayerMark {
    /// Marks the connection as the player's.
    pub fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a request on the connection passed the checks.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Whether `a` and `b` are equal, in time that does not depend on where they differ
/// (`subtle`'s comparison; the length, 32 hex digits, is no secret).
pub fn same_secret(a: &[u8], b: &[u8]) -> bool {
    bool::from(a.ct_eq(b))
}

/// A fresh random token: 128 bits from the operating system's generator (through rand's
/// thread generator, a CSPRNG seeded from it), as 32 hex digits.
pub fn new_token() -> String {
    use rand::Rng as _;
    format!("{:032x}", rand::rng().random::<u128>())
}

/// The middleware: a refused request is answered with its refusal (and `Connection:
/// close` when it closes the connection); an accepted one marks its connection as the
/// player's ([`PlayerMark`]) and goes on to its route.
pub async fn check(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    match guard.refusal(&request) {
        Err(Refused { reply, close }) => {
            let mut response = reply.into_response();
            if close {
                response.headers_mut().insert(CONNECTION, HeaderValue::from_static("close"));
            }
            response
        }
        Ok(()) => {
            if let Some(mark) = request.extensions().get::<PlayerMark>() {
                mark.set();
            }
            next.run(request).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_compared_whole_and_tokens_are_fresh() {
        assert!(same_secret(b"abc", b"abc") && !same_secret(b"abc", b"abd") && !same_secret(b"ab", b"abc"));
        assert_eq!(new_token().len(), 32);
        assert_ne!(new_token(), new_token());
    }

    fn refused(guard: &Guard, target: &str, headers: &[(&str, &str)]) -> Option<(u16, bool)> {
        let mut request = Request::builder().uri(target);
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        let request = request.body(axum::body::Body::empty()).unwrap();
        guard.refusal(&request).err().map(|r| (r.reply.status, r.close))
    }

    #[test]
    fn host_origin_token_and_target_are_checked_in_order() {
        let g = Guard::new(80, "t0k".into());
        let host = ("Host", "127.0.0.1:80");
        assert_eq!(refused(&g, "/?token=t0k", &[host]), None);
        assert_eq!(refused(&g, "/?a=1&token=t%30k", &[("Host", "LOCALHOST:80")]), None, "percent-decoded");
        assert_eq!(refused(&g, "/", &[host, ("X-Harness-Token", "t0k")]), None);
        assert_eq!(refused(&g, "/", &[host]), Some((403, true)), "no token");
        assert_eq!(refused(&g, "/?token=t0", &[host]), Some((403, true)), "wrong token");
        assert_eq!(refused(&g, "/?token=t0k", &[("Host", "evil.example:80")]), Some((421, true)));
        assert_eq!(refused(&g, "/?token=t0k", &[]), Some((421, true)));
        assert_eq!(refused(&g, "/?token=t0k", &[host, host]), Some((400, true)), "two Host headers");
        assert_eq!(refused(&g, "http://evil.example/?token=t0k", &[host]), Some((400, true)), "absolute form");
        assert_eq!(refused(&g, "/?token=t0k", &[host, ("Origin", "http://evil.example")]), Some((403, true)));
        assert_eq!(refused(&g, "/?token=t0k", &[host, ("Origin", "http://127.0.0.1:80")]), None);
    }

    fn refusal(guard: &Guard, target: &str, accept: &str) -> Reply {
        let request = Request::builder().uri(target).header("Host", "127.0.0.1:80").header("Accept", accept);
        guard.refusal(&request.body(axum::body::Body::empty()).unwrap()).unwrap_err().reply
    }

    #[test]
    fn a_browser_without_the_token_gets_a_page_that_says_what_to_do() {
        let g = Guard::new(80, "t0k".into());
        let navigation = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
        for target in ["/", "/?token=wrong", "/?token=%3Cscript%3Ealert(1)%3C/script%3E&game=nim", "/api/nim"] {
            let page = refusal(&g, target, navigation);
            assert_eq!((page.status, page.content_type), (403, "text/html; charset=utf-8"), "{target}");
            assert_eq!(page.body, NO_TOKEN_PAGE.as_bytes(), "the same page whatever was asked: {target}");
        }
        for accept in ["*/*", "application/json", "text/plain, text/htmlx"] {
            let json = refusal(&g, "/?token=wrong", accept);
            assert_eq!((json.status, json.content_type), (403, "application/json"), "{accept}");
            assert_eq!(json.body, Reply::error(403, NO_TOKEN).body);
        }
        let style = refusal(&g, NO_TOKEN_STYLE_PATH, "text/css,*/*;q=0.1");
        assert_eq!(
            (style.status, style.content_type, style.body.as_slice()),
            (200, "text/css; charset=utf-8", NO_TOKEN_STYLE.as_bytes())
        );
        assert!(NO_TOKEN_PAGE.contains(&format!("href=\"{NO_TOKEN_STYLE_PATH}\"")), "the page names its style sheet");
        let page = NO_TOKEN_PAGE.to_lowercase();
        assert!(page.contains("harness play --web") && page.contains("ctrl-c"), "{page}");
        assert!(!page.contains("<script") && !page.contains("style="), "the CSP allows no inline script or style");
    }
}
