//! The connections under the web board: the router ([`super::routes`]) served over
//! hyper's HTTP/1.1 on a small tokio runtime, many connections at once, with a limit on
//! every resource a client can make it spend, so that a slow or hostile client costs
//! only its own connections:
//!
//! | resource | limit ([`ServerLimits`]) | past it |
//! | --- | --- | --- |
//! | connections open at once | [`ServerLimits::connections`] | the connection idle longest without a request of the player's is closed to admit the new one (503 and closed when every connection is answering) |
//! | header lines | [`ServerLimits::header_count`] | 431, connection closed |
//! | request line and headers | [`ServerLimits::header_bytes`] | 431, connection closed |
//! | time to send the headers, and idle keep-alive | [`ServerLimits::header_time`] | connection closed |
//! | body | [`crate::api::MAX_BODY_BYTES`] | 413 |
//! | time to send the body | [`crate::api::request::BODY_TIME`] | 408 |
//! | time to answer | [`super::routes::ANSWER_TIME`] | 503 |
//! | bytes buffered per connection (pipelined requests) | [`ServerLimits::buffer_bytes`] | the connection is read no further until its answers are written |
//! | an answer the client does not read | [`ServerLimits::write_stall`] | connection closed |
//! | a request refused before its token was accepted | | answered, connection closed |
//!
//! A client without the token therefore cannot keep the player out: its refused requests
//! close their connections, and connections that never made a request the token allows
//! are the first to go when the table is full. Pipelined requests are answered one after
//! the other on their connection. Ctrl-C, SIGTERM and SIGHUP end the server gracefully:
//! it stops accepting, lets each connection finish the answer it is writing and returns
//! within [`SHUTDOWN_GRACE`] of the signal.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::{watch, Notify};
use tokio::time::Sleep;

use super::guard::PlayerMark;

/// The limits of the server's connections (see the module's doc): what one client can
/// make the server spend before it is refused or its connection closed. (The limits of a
/// search are [`crate::base::limits::Limits`]; a request's body and answer times are
/// [`crate::api::request::BODY_TIME`] and [`super::routes::ANSWER_TIME`].)
#[derive(Debug, Clone, Copy)]
pub struct ServerLimits {
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
    /// Time an answer may wait for a client that does not read it.
    pub write_stall: Duration,
}

impl Default for ServerLimits {
    fn default() -> Self {
        ServerLimits {
            connections: 512,
            header_count: 64,
            header_bytes: 8 * 1024,
            buffer_bytes: 16 * 1024,
            header_time: Duration::from_secs(10),
            write_stall: Duration::from_secs(10),
        }
    }
}

/// How long the server waits, once told to stop, for its connections to finish the
/// answers they are writing.
pub const SHUTDOWN_GRACE: Duration = Duration::from_millis(500);

/// Serves `listener` (already bound) with `router` until `shutdown` completes; returns
/// within [`SHUTDOWN_GRACE`] and a little of that (requests still running are left behind:
/// their connections end with the process).
pub fn serve(
    listener: std::net::TcpListener,
    router: Router,
    limits: ServerLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(16)
        .thread_keep_alive(Duration::from_secs(2))
        .thread_name("web")
        .enable_io()
        .enable_time()
        .build()?;
    let result = runtime.block_on(accept_loop(listener, router, limits, shutdown));
    runtime.shutdown_timeout(Duration::from_millis(100));
    result
}

/// The signals that end the server (Ctrl-C, SIGTERM, SIGHUP), as a future; one already
/// seen ([`crate::search::budget::interrupted`]) ends it at once. Must be called inside
/// the runtime.
pub async fn signals() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let kinds = [SignalKind::interrupt(), SignalKind::terminate(), SignalKind::hangup()];
        let Ok(mut streams) = kinds.into_iter().map(signal).collect::<std::io::Result<Vec<_>>>() else {
            return std::future::pending().await;
        };
        if crate::search::budget::interrupted() {
            return;
        }
        let [a, b, c] = &mut streams[..] else { return };
        // A signal that came while the streams were being made may reach only the
        // process's own signal thread, a moment later: that thread's mark is looked for
        // ten times a second.
        let marked = async {
            while !crate::search::budget::interrupted() {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        };
        // The process's own signal thread may see the signal later, or not at all: the
        // server records which one ended it, for the stop line and the exit code.
        let seen = tokio::select! {
            _ = a.recv() => 2,
            _ = b.recv() => 15,
            _ = c.recv() => 1,
            () = marked => return,
        };
        crate::search::budget::note_signal(seen);
    }
    #[cfg(not(unix))]
    {
        if crate::search::budget::interrupted() {
            return;
        }
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn accept_loop(
    listener: std::net::TcpListener,
    router: Router,
    limits: ServerLimits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let table = Arc::new(Table::new(limits.connections));
    let (stopping, stop_seen) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        let Ok((stream, _)) = accepted else {
            // Out of descriptors or a connection reset before it was accepted: the
            // listener goes on.
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        match table.admit() {
            Some(admitted) => {
                tokio::spawn(connection(stream, router.clone(), limits, admitted, stop_seen.clone()));
            }
            None => refuse_busy(stream),
        }
    }
    let _ = stopping.send(true);
    let deadline = Instant::now() + SHUTDOWN_GRACE;
    while table.open() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    Ok(())
}

/// The open connections: each one's state, to choose the one to close when the table is
/// full.
struct Table {
    limit: usize,
    next_id: AtomicU64,
    open: Mutex<HashMap<u64, Arc<Connection>>>,
    /// The clock of [`Connection::idle_since`].
    epoch: Instant,
}

/// What the table knows of one connection.
struct Connection {
    /// Whether a request is being answered.
    busy: AtomicBool,
    /// Whether a request passed the safety checks (the token) on it.
    player: PlayerMark,
    /// Whether it has been told to close.
    closing: AtomicBool,
    /// Since when (milliseconds after [`Table::epoch`]) it waits for a request.
    idle_since: AtomicU64,
    /// Wakes the connection's task to close it.
    close: Notify,
}

impl Table {
    fn new(limit: usize) -> Table {
        Table { limit, next_id: AtomicU64::new(0), open: Mutex::new(HashMap::new()), epoch: Instant::now() }
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    fn open(&self) -> usize {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).len()
    }

    /// Room for a new connection: at the limit, the connection idle longest without a
    /// request of the player's (else the one idle longest) is told to close; `None` when
    /// every connection is answering a request.
    fn admit(self: &Arc<Table>) -> Option<Admitted> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let live = open.values().filter(|c| !c.closing.load(Ordering::Relaxed)).count();
        if live >= self.limit {
            let victim = open
                .values()
                .filter(|c| !c.closing.load(Ordering::Relaxed) && !c.busy.load(Ordering::Relaxed))
                .min_by_key(|c| (c.player.is_set(), c.idle_since.load(Ordering::Relaxed)))?;
            victim.closing.store(true, Ordering::Relaxed);
            victim.close.notify_one();
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let connection = Arc::new(Connection {
            busy: AtomicBool::new(false),
            player: PlayerMark::default(),
            closing: AtomicBool::new(false),
            idle_since: AtomicU64::new(self.now()),
            close: Notify::new(),
        });
        open.insert(id, Arc::clone(&connection));
        Some(Admitted { table: Arc::clone(self), id, connection })
    }
}

/// A connection's place in the table, given up when its task ends.
#[derive(Clone)]
struct Admitted {
    table: Arc<Table>,
    id: u64,
    connection: Arc<Connection>,
}

impl Admitted {
    fn start_request(&self) {
        self.connection.busy.store(true, Ordering::Relaxed);
    }

    fn end_request(&self) {
        self.connection.idle_since.store(self.table.now(), Ordering::Relaxed);
        self.connection.busy.store(false, Ordering::Relaxed);
    }

    fn leave(&self) {
        self.table.open.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.id);
    }
}

/// The answer to a connection over [`ServerLimits::connections`] when none can be closed: 503
/// if the socket takes it at once, then closed.
fn refuse_busy(stream: tokio::net::TcpStream) {
    let body = r#"{"error":"too many connections: try again"}"#;
    let text = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(text.as_bytes());
}

/// Completes once the server is told to stop.
async fn told_to_stop(stopping: &mut watch::Receiver<bool>) {
    loop {
        let stop = *stopping.borrow_and_update();
        if stop || stopping.changed().await.is_err() {
            return;
        }
    }
}

/// Serves one connection's requests under `limits` until the client goes, the table
/// closes it or the server stops.
async fn connection(
    stream: tokio::net::TcpStream,
    router: Router,
    limits: ServerLimits,
    admitted: Admitted,
    mut stopping: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(Stalls::new(stream, limits.write_stall));
    let on_request = admitted.clone();
    let service = tower::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
        on_request.start_request();
        request.extensions_mut().insert(on_request.connection.player.clone());
        let (router, done) = (router.clone(), on_request.clone());
        async move {
            let response = super::routes::answer(router, request.map(axum::body::Body::new)).await;
            done.end_request();
            Ok::<_, std::convert::Infallible>(response)
        }
    });
    let serving = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_time)
        .max_headers(limits.header_count)
        .max_header_size(limits.header_bytes)
        .max_buf_size(limits.buffer_bytes.max(8192))
        .keep_alive(true)
        .title_case_headers(true)
        .serve_connection(io, TowerToHyperService::new(service));
    tokio::pin!(serving);
    tokio::select! {
        _ = serving.as_mut() => {}
        () = admitted.connection.close.notified() => {
            serving.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(limits.write_stall, serving.as_mut()).await;
        }
        () = told_to_stop(&mut stopping) => {
            serving.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(SHUTDOWN_GRACE, serving.as_mut()).await;
        }
    }
    admitted.leave();
}

/// A socket whose writes fail with `TimedOut` once one has waited [`ServerLimits::write_stall`]
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
