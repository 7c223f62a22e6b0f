//! The HTTP/1.1 server under the web board: hyper on a small tokio runtime, many
//! connections at once, and a limit on every resource a client can make it spend, so that
//! a slow or hostile client costs only its own connection:
//!
//! | resource | limit ([`Limits`]) | past it |
//! | --- | --- | --- |
//! | connections open at once | [`Limits::connections`] | a new connection gets 503 and is closed |
//! | header lines | [`Limits::header_count`] | 431, connection closed |
//! | request line and headers | [`Limits::header_bytes`] | 431, connection closed |
//! | time to send the headers, and idle keep-alive | [`Limits::header_time`] | connection closed |
//! | body | [`super::MAX_BODY_BYTES`] | 413 |
//! | time to send the body | [`Limits::body_time`] | 408 |
//! | bytes buffered per connection (pipelined requests) | [`Limits::buffer_bytes`] | the connection is read no further until its answers are written |
//! | an answer the client does not read | [`Limits::write_stall`] | connection closed |
//!
//! Pipelined requests are answered one after the other on their connection. Each request
//! is answered on the runtime's blocking pool (a game's request does no search: searches
//! run as background jobs), so no request waits for another connection's client.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt as _, Full, LengthLimitError, Limited};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Semaphore;
use tokio::time::Sleep;

use super::{Reply, State, MAX_BODY_BYTES};

/// The limits of the server (see the module's doc).
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections open at once.
    pub connections: usize,
    /// Header lines of one request.
    pub header_count: usize,
    /// Bytes of the request line and headers of one request.
    pub header_bytes: usize,
    /// Bytes one connection buffers for reading, and for writing.
    pub buffer_bytes: usize,
    /// Time for a request's headers to arrive, counted from the end of the last answer on
    /// the connection (so it is also the idle keep-alive time).
    pub header_time: Duration,
    /// Time for a request's body to arrive, counted from the end of its headers.
    pub body_time: Duration,
    /// Time an answer may wait for a client that does not read it.
    pub write_stall: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connections: 512,
            header_count: 64,
            header_bytes: 8 * 1024,
            buffer_bytes: 16 * 1024,
            header_time: Duration::from_secs(10),
            body_time: Duration::from_secs(10),
            write_stall: Duration::from_secs(10),
        }
    }
}

/// How often the accept loop looks at `stop` (and Ctrl-C or SIGTERM) while idle.
const WAKE: Duration = Duration::from_millis(100);

/// Serves `listener` (already bound, non-blocking) until `stop` says so; returns within
/// a tenth of a second of that, leaving requests in flight behind (their connections end with the
/// process).
pub fn serve(
    listener: std::net::TcpListener,
    state: Arc<State>,
    limits: Limits,
    stop: &dyn Fn() -> bool,
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(16)
        .thread_name("web")
        .enable_io()
        .enable_time()
        .build()?;
    let result = runtime.block_on(accept_loop(listener, state, limits, stop));
    runtime.shutdown_background();
    result
}

async fn accept_loop(
    listener: std::net::TcpListener,
    state: Arc<State>,
    limits: Limits,
    stop: &dyn Fn() -> bool,
) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let open = Arc::new(Semaphore::new(limits.connections));
    while !stop() {
        let (stream, _) = match tokio::time::timeout(WAKE, listener.accept()).await {
            Err(_elapsed) => continue,
            Ok(Ok(accepted)) => accepted,
            // Out of descriptors or a connection reset before it was accepted: the
            // listener goes on.
            Ok(Err(_)) => {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        match Arc::clone(&open).try_acquire_owned() {
            Ok(permit) => {
                let state = Arc::clone(&state);
                tokio::spawn(async move {
                    connection(stream, state, limits).await;
                    drop(permit);
                });
            }
            Err(_) => refuse_busy(stream),
        }
    }
    Ok(())
}

/// The answer to a connection over [`Limits::connections`]: 503 if the socket takes it at
/// once, then closed.
fn refuse_busy(stream: tokio::net::TcpStream) {
    let body = r#"{"error":"too many connections: try again"}"#;
    let text = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(text.as_bytes());
}

/// Serves one connection's requests under `limits`.
async fn connection(stream: tokio::net::TcpStream, state: Arc<State>, limits: Limits) {
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(Stalls::new(stream, limits.write_stall));
    let service = service_fn(move |request| answer(Arc::clone(&state), limits, request));
    let _ = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_time)
        .max_headers(limits.header_count)
        .max_header_size(limits.header_bytes)
        .max_buf_size(limits.buffer_bytes.max(8192))
        .keep_alive(true)
        .title_case_headers(true)
        .serve_connection(io, service)
        .await;
}

/// One request: the safety checks, the body within its limits, then the game's answer on
/// the blocking pool.
async fn answer(
    state: Arc<State>,
    limits: Limits,
    request: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let (parts, body) = request.into_parts();
    let headers: Vec<(String, String)> = parts
        .headers
        .iter()
        .map(|(k, v)| (k.as_str().to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
        .collect();
    let method = parts.method.as_str().to_string();
    let url = parts.uri.path_and_query().map_or("/", |pq| pq.as_str()).to_string();
    if let Err(refusal) = state.check(&method, &url, &headers) {
        return Ok(response(refusal));
    }
    let body = match read_body(body, limits.body_time).await {
        Ok(body) => body,
        Err(refusal) => return Ok(response(refusal)),
    };
    let reply = tokio::task::spawn_blocking(move || state.route_guarded(&method, &url, &body))
        .await
        .unwrap_or_else(|_| Reply::error(500, "internal error: the request failed; the server goes on"));
    Ok(response(reply))
}

/// The body, at most [`MAX_BODY_BYTES`] and within `time`: 413 past the size, 408 past
/// the time.
async fn read_body(body: Incoming, time: Duration) -> Result<Bytes, Reply> {
    use hyper::body::Body as _;
    if body.size_hint().lower() > MAX_BODY_BYTES as u64 {
        return Err(super::too_large());
    }
    match tokio::time::timeout(time, Limited::new(body, MAX_BODY_BYTES).collect()).await {
        Err(_elapsed) => Err(Reply::error(408, format!("the body did not arrive within {} s", time.as_secs()))),
        Ok(Err(e)) if e.is::<LengthLimitError>() => Err(super::too_large()),
        Ok(Err(e)) => Err(Reply::error(400, format!("cannot read the body: {e}"))),
        Ok(Ok(collected)) => Ok(collected.to_bytes()),
    }
}

/// The content security policy of every answer: nothing from elsewhere, and no inline
/// script or style (the page's scripts and style sheet are its own files).
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

fn response(reply: Reply) -> Response<Full<Bytes>> {
    let mut builder = Response::builder().status(reply.status);
    for (k, v) in [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Content-Security-Policy", CSP),
    ] {
        builder = builder.header(k, v);
    }
    if let Some(allow) = &reply.allow {
        builder = builder.header("Allow", allow.as_str());
    }
    builder.body(Full::new(Bytes::from(reply.body))).unwrap_or_else(|_| {
        let mut r = Response::new(Full::new(Bytes::from_static(b"{\"error\":\"internal error\"}")));
        *r.status_mut() = hyper::StatusCode::INTERNAL_SERVER_ERROR;
        r
    })
}

/// A socket whose writes fail with `TimedOut` once one has waited [`Limits::write_stall`]
/// for a client that does not read. Its writes are never vectored: a plain write is a
/// `send` without SIGPIPE, so a client gone away never ends the server (whose SIGPIPE is
/// the default one, for piped output).
struct Stalls {
    inner: tokio::net::TcpStream,
    limit: Duration,
    waiting: Option<Pin<Box<Sleep>>>,
}

impl Stalls {
    fn new(inner: tokio::net::TcpStream, limit: Duration) -> Stalls {
        Stalls { inner, limit, waiting: None }
    }

    /// `progress` as it is, except that a `Pending` past the limit becomes `TimedOut`.
    fn guard<T>(&mut self, cx: &mut Context<'_>, progress: Poll<std::io::Result<T>>) -> Poll<std::io::Result<T>> {
        if progress.is_ready() {
            self.waiting = None;
            return progress;
        }
        let limit = self.limit;
        let sleep = self.waiting.get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the client did not read its answer",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for Stalls {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for Stalls {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        let progress = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.guard(cx, progress)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let progress = Pin::new(&mut self.inner).poll_flush(cx);
        self.guard(cx, progress)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let progress = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.guard(cx, progress)
    }
}
