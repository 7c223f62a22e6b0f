//! Helpers of the web board's tests: `harness play --web` as a child process, and plain
//! HTTP/1.1 requests over a `TcpStream` (so that a test can send any `Host`, `Origin` or
//! body, however wrong).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `harness play --web --no-open --port 0 [GAME]`; SIGTERM ends it when dropped.
pub struct Board {
    /// The child process.
    pub child: Child,
    /// The URL it printed.
    pub url: String,
    /// `127.0.0.1:PORT`.
    pub host: String,
    /// The token of the URL.
    pub token: String,
}

impl Board {
    /// Starts the server and reads the one line it prints.
    pub fn start(game: Option<&str>) -> Board {
        Board::start_with(&game.into_iter().collect::<Vec<_>>())
    }

    /// Starts the server with `args` after `harness play --web --no-open --port 0` (the
    /// game and what it takes on the command line).
    pub fn start_with(more: &[&str]) -> Board {
        let mut args = vec!["play", "--web", "--no-open", "--port", "0"];
        args.extend(more);
        let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start harness play --web");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let url = line.trim().to_string();
        assert!(url.starts_with("http://127.0.0.1:"), "printed: {url:?}");
        let host = url["http://".len()..].split('/').next().unwrap().to_string();
        let token = url.split("token=").nth(1).unwrap().split('&').next().unwrap().to_string();
        Board { child, url, host, token }
    }

    /// The page's URL with `query` (`game=checkers&m=6`) after the token.
    pub fn page(&self, query: &str) -> String {
        format!("http://{}/?token={}&{query}", self.host, self.token)
    }

    /// A request with the right `Host` and token header, and a JSON body when given.
    pub fn call(&self, method: &str, path: &str, body: Option<&str>) -> Answer {
        let token = format!("X-Harness-Token: {}", self.token);
        let host = format!("Host: {}", self.host);
        self.raw(method, path, &[&host, &token], body)
    }

    /// `call` that must answer `status`; the body as JSON.
    pub fn expect(&self, status: u16, method: &str, path: &str, body: Option<&str>) -> serde_json::Value {
        let a = self.call(method, path, body);
        assert_eq!(a.status, status, "{method} {path} {body:?}: {}", a.body);
        serde_json::from_str(&a.body).unwrap_or_else(|e| panic!("{method} {path}: not JSON ({e}): {}", a.body))
    }

    /// `view` once the computer's reply it shows as `thinking` has been played: the view
    /// of `GET /api/checkers` polled until it no longer thinks (at most a minute).
    pub fn settled(&self, view: serde_json::Value) -> serde_json::Value {
        let mut view = view;
        let start = std::time::Instant::now();
        while !view["thinking"].is_null() {
            assert!(start.elapsed() < Duration::from_secs(60), "the computer thought for a minute: {view}");
            std::thread::sleep(Duration::from_millis(10));
            view = self.expect(200, "GET", "/api/checkers", None);
        }
        view
    }

    /// A request with exactly `headers` (and `Content-Length` for a body).
    pub fn raw(&self, method: &str, path: &str, headers: &[&str], body: Option<&str>) -> Answer {
        let mut request = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        for h in headers {
            request.push_str(h);
            request.push_str("\r\n");
        }
        if let Some(b) = body {
            request.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", b.len()));
        }
        request.push_str("\r\n");
        request.push_str(body.unwrap_or(""));
        send(&self.host, request.as_bytes())
    }

    /// Sends SIGTERM and waits: the exit status and what it wrote on stderr.
    pub fn stop(self) -> (std::process::ExitStatus, String) {
        self.stop_with(libc::SIGTERM)
    }

    /// Ends the server with `signal` (SIGTERM, SIGHUP, SIGINT) and returns its status and
    /// stderr.
    pub fn stop_with(mut self, signal: i32) -> (std::process::ExitStatus, String) {
        // SAFETY: sends a signal to our own child process.
        unsafe { libc::kill(self.child.id() as i32, signal) };
        let status = self.child.wait().unwrap();
        let mut err = String::new();
        self.child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        (status, err)
    }
}

impl Drop for Board {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            terminate(&self.child);
            let _ = self.child.wait();
        }
    }
}

fn terminate(child: &Child) {
    #[cfg(unix)]
    // SAFETY: sends a signal to our own child process.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    #[cfg(not(unix))]
    let _ = child;
}

/// An HTTP answer: status and body.
#[derive(Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The header lines.
    pub headers: String,
    /// The body.
    pub body: String,
}

/// Sends `request` to `host` and reads the answer to the end.
pub fn send(host: &str, request: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(host).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.write_all(request).unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Answer { status, headers: head.to_string(), body: body.to_string() }
}
