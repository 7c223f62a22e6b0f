//! One running solver: started (sandboxed unless asked otherwise) under its limits, its
//! handshake checked, then asked one request a line and timed from the request's last byte
//! to the answer's; whatever goes wrong is a [`Failure`] with its verdict, never a panic or
//! a hang, and the process with everything it started is gone when the session ends.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use super::spec::SolverSpec;
use super::verdict::Verdict;
use super::PROTOCOL_VERSION;
use crate::base::child::{Child, ChildLimits, Ended, Ending, Wiring};
use crate::base::sandbox::{self, SandboxSpec};
use crate::base::text::excerpt;

/// How long a solver has to exit after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(500);

/// Why a question got no answer that can be checked.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// No answer within the limit.
    TimeLimit(String),
    /// The solver passed its memory limit.
    MemoryLimit(String),
    /// The solver ended before it answered.
    Crashed(String),
    /// The output is not the protocol.
    Protocol(String),
    /// The solver answered `error MESSAGE` to a valid request.
    Refused(String),
    /// The harness was interrupted (Ctrl-C, SIGTERM).
    Interrupted,
}

impl Failure {
    /// The question's verdict.
    pub fn verdict(&self) -> Verdict {
        match self {
            Failure::TimeLimit(_) | Failure::Interrupted => Verdict::TimeLimit,
            Failure::MemoryLimit(_) => Verdict::MemoryLimit,
            Failure::Crashed(_) => Verdict::Crashed,
            Failure::Protocol(_) => Verdict::ProtocolError,
            Failure::Refused(_) => Verdict::Wrong,
        }
    }

    /// What happened, in a sentence.
    pub fn detail(&self) -> String {
        match self {
            Failure::TimeLimit(s) | Failure::MemoryLimit(s) | Failure::Crashed(s) | Failure::Protocol(s) => s.clone(),
            Failure::Refused(m) => format!("answered `error {}` to a valid request", excerpt(m)),
            Failure::Interrupted => "interrupted".to_string(),
        }
    }
}

/// A well-formed answer: the words after `ok`, and how long it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The words after `ok`.
    pub words: Vec<String>,
    /// Seconds from the request's last byte written to the answer's last byte read.
    pub seconds: f64,
}

/// A running solver that passed its handshake.
pub struct Session {
    child: Child,
    spec: SolverSpec,
    /// The name the solver gave in its handshake.
    pub declared_name: String,
    /// The peak memory of its processes after the last answer, in bytes, where known.
    pub peak_memory_bytes: Option<u64>,
}

/// Where a session's solver reads and writes.
#[derive(Debug, Clone)]
pub struct Folders {
    /// The position files (read-only to the solver).
    pub positions: PathBuf,
    /// Its scratch folder (its working folder; the one place it may write besides `/tmp`).
    pub scratch: PathBuf,
}

impl Session {
    /// Starts `spec`'s program and checks its handshake: `hello 1` answered by
    /// `hello 1 GAME NAME`, where GAME must be `game`.
    pub fn start(spec: &SolverSpec, game: &str, folders: &Folders) -> Result<Session, Failure> {
        let mut session = Session::spawn(spec, folders)?;
        let line = session.exchange(&format!("hello {PROTOCOL_VERSION}"), spec.limits.start)?.0;
        session.declared_name = check_handshake(&line, game)?;
        Ok(session)
    }

    /// The process of `spec`, started (a Ctrl-C or SIGTERM of the harness ends it).
    fn spawn(spec: &SolverSpec, folders: &Folders) -> Result<Session, Failure> {
        let mut child = start_child(spec, folders)?;
        child.stop_when(std::sync::Arc::new(crate::search::budget::interrupted));
        Ok(Session { child, spec: spec.clone(), declared_name: String::new(), peak_memory_bytes: None })
    }

    /// Asks `request` within the question limit; the answer's words after `ok`.
    pub fn ask(&mut self, request: &str) -> Result<Answer, Failure> {
        self.ask_within(request, self.spec.limits.question)
    }

    /// Asks `request` within `limit`.
    pub fn ask_within(&mut self, request: &str, limit: Duration) -> Result<Answer, Failure> {
        let (line, seconds) = self.exchange(request, limit)?;
        self.peak_memory_bytes = self.child.peak_memory_bytes().or(self.peak_memory_bytes);
        parse_answer(&line).map(|words| Answer { words, seconds })
    }

    /// Sends `quit` and ends the process (killed, with all it started, after
    /// [`QUIT_GRACE`]); how it ended.
    pub fn quit(mut self) -> Ending {
        let _ = self.child.send_line("quit");
        self.child.finish(QUIT_GRACE)
    }

    /// The first kilobytes of what the solver wrote on standard error.
    pub fn stderr_text(&self) -> String {
        self.child.stderr_text()
    }

    /// Sends one line and reads one, timed from before the line is sent: the write can
    /// wake the solver and let it run (and answer) before this thread runs again, so a
    /// clock started after the write would miss the whole call and read microseconds.
    fn exchange(&mut self, request: &str, limit: Duration) -> Result<(String, f64), Failure> {
        let sent = Instant::now();
        self.child.send_line(request).map_err(|e| self.failure(e, request, limit))?;
        let line = self.child.read_line(sent + limit).map_err(|e| self.failure(e, request, limit))?;
        Ok((line, sent.elapsed().as_secs_f64()))
    }

    /// The failure of `ended` while asking `request`, with the end of its standard error.
    fn failure(&mut self, ended: Ended, request: &str, limit: Duration) -> Failure {
        let asked = format!("`{}`", excerpt(request));
        match ended {
            Ended::WallLimit => {
                self.child.kill();
                Failure::TimeLimit(format!("no answer to {asked} within {} s", limit.as_secs_f64()))
            }
            Ended::Exited(end) => self.ending_failure(&end, &asked),
            Ended::OutputLimit => Failure::Protocol(format!("printed more output than allowed, asked {asked}")),
            Ended::LineTooLong => Failure::Protocol(format!("printed a line longer than allowed, asked {asked}")),
            Ended::NotText => Failure::Protocol(format!("printed bytes that are not UTF-8 text, asked {asked}")),
            Ended::Interrupted => Failure::Interrupted,
            Ended::Io(e) => Failure::Crashed(format!("cannot talk to the solver ({e}), asked {asked}")),
        }
    }

    fn ending_failure(&self, end: &Ending, asked: &str) -> Failure {
        let stderr = self.child.stderr_text();
        let tail = match stderr.trim() {
            "" => String::new(),
            s => format!("; its last words on stderr: `{}`", excerpt(last_line(s))),
        };
        if end.memory_limit {
            return Failure::MemoryLimit(format!(
                "passed its memory limit of {} MiB, asked {asked}{tail}",
                self.spec.limits.memory_bytes >> 20
            ));
        }
        if end.cpu_limit {
            return Failure::TimeLimit(format!("passed its CPU-time limit, asked {asked}"));
        }
        let how = match (end.code, end.signal) {
            (_, Some(signal)) => format!("was killed by signal {signal}"),
            (Some(code), None) => format!("exited with code {code}"),
            (None, None) => "ended".to_string(),
        };
        Failure::Crashed(format!("{how} before answering {asked}{tail}"))
    }
}

fn last_line(text: &str) -> &str {
    text.lines().next_back().unwrap_or(text)
}

/// `spec`'s program started as a supervised child: sandboxed, in the sandbox's
/// namespaces; unsandboxed, in a PID namespace of its own, made in a user namespace of
/// its own where the harness runs as an ordinary user ([`Wiring::user_namespace`]), so
/// that nothing it started outlives it or the harness, even a `kill -9` of the harness.
fn start_child(spec: &SolverSpec, folders: &Folders) -> Result<Child, Failure> {
    let command = command_of(spec, folders).map_err(Failure::Crashed)?;
    let wiring = Wiring { user_namespace: !spec.sandboxed, ..Wiring::TALK };
    Child::spawn_with(command, &child_limits(spec), wiring)
        .map_err(|e| Failure::Crashed(format!("cannot start `{}`: {e}", spec.command_text())))
}

/// The process limits of `spec`.
fn child_limits(spec: &SolverSpec) -> ChildLimits {
    ChildLimits {
        cpu_seconds: spec.limits.cpu_seconds,
        memory_bytes: Some(spec.limits.memory_bytes),
        processes: Some(spec.limits.processes),
        ..ChildLimits::untrusted()
    }
}

/// The command that runs `spec`: inside the sandbox (its own folders and the positions
/// read-only, the scratch folder writable) unless it is unsandboxed by name.
fn command_of(spec: &SolverSpec, folders: &Folders) -> Result<Command, String> {
    if !spec.sandboxed {
        let mut c = Command::new(&spec.program);
        c.args(&spec.args).current_dir(&folders.scratch);
        return Ok(c);
    }
    let mut read_only = spec.own_folders();
    read_only.push(folders.positions.clone());
    let sandbox = SandboxSpec { read_only, scratch: Some(folders.scratch.clone()), workdir: folders.scratch.clone() };
    sandbox::command(&spec.program, &spec.args, &sandbox)
}

/// The game a solver says it answers: started, `hello 1` asked, ended.
pub fn probe_game(spec: &SolverSpec, folders: &Folders) -> Result<String, Failure> {
    let child = start_child(spec, folders)?;
    let mut session = Session { child, spec: spec.clone(), declared_name: String::new(), peak_memory_bytes: None };
    let line = session.exchange(&format!("hello {PROTOCOL_VERSION}"), spec.limits.start)?.0;
    session.quit();
    let words: Vec<&str> = line.split(' ').collect();
    match words.as_slice() {
        ["hello", v, game, ..] if *v == PROTOCOL_VERSION.to_string() => Ok(game.to_string()),
        _ => check_handshake(&line, "GAME").map(|_| String::new()),
    }
}

/// The solver's name from its handshake answer, or why it is not the protocol.
pub fn check_handshake(line: &str, game: &str) -> Result<String, Failure> {
    let mut words = line.splitn(4, ' ');
    let expected = format!("expected `hello {PROTOCOL_VERSION} {game} NAME` in answer to `hello {PROTOCOL_VERSION}`");
    match (words.next(), words.next(), words.next(), words.next()) {
        (Some("hello"), Some(v), Some(g), name) if v == PROTOCOL_VERSION.to_string() && g == game => {
            Ok(name.unwrap_or("").trim().to_string())
        }
        (Some("hello"), Some(v), Some(_), _) if v != PROTOCOL_VERSION.to_string() => Err(Failure::Protocol(format!(
            "speaks protocol version `{}`; this harness speaks {PROTOCOL_VERSION}",
            excerpt(v)
        ))),
        (Some("hello"), Some(_), Some(g), _) => {
            Err(Failure::Protocol(format!("is a solver of `{}`, asked about {game}", excerpt(g))))
        }
        _ => Err(Failure::Protocol(format!("{expected}, got `{}`", excerpt(line)))),
    }
}

/// The words after `ok`, a refusal for `error MESSAGE`, else a protocol error.
pub fn parse_answer(line: &str) -> Result<Vec<String>, Failure> {
    if line == "ok" {
        return Ok(Vec::new());
    }
    if let Some(rest) = line.strip_prefix("ok ") {
        return Ok(rest.split_whitespace().map(str::to_string).collect());
    }
    if let Some(message) = line.strip_prefix("error") {
        return Err(Failure::Refused(message.trim().to_string()));
    }
    Err(Failure::Protocol(format!("expected `ok ...` or `error MESSAGE`, got `{}`", excerpt(line))))
}

/// Whether the sandbox can run here; what to do where it cannot.
pub fn sandbox_ready(spec: &SolverSpec) -> Result<(), String> {
    if !spec.sandboxed {
        return Ok(());
    }
    sandbox::available().map_err(|why| {
        format!("{why}; or run solver `{}` without a sandbox by name: --no-sandbox {}", spec.name, spec.name)
    })
}

/// The words of an answer, checked to be exactly `n`.
pub fn exactly(words: &[String], n: usize, form: &str) -> Result<(), Failure> {
    if words.len() == n {
        return Ok(());
    }
    Err(Failure::Protocol(format!("expected `ok {form}`, got `ok {}`", excerpt(&words.join(" ")))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handshakes_are_checked_word_by_word() {
        assert_eq!(check_handshake("hello 1 tegel my solver", "tegel").unwrap(), "my solver");
        assert_eq!(check_handshake("hello 1 tegel", "tegel").unwrap(), "");
        let bad = |line: &str| check_handshake(line, "tegel").unwrap_err().detail();
        assert!(bad("hello 2 tegel x").contains("speaks protocol version `2`"));
        assert!(bad("hello 1 stenen x").contains("is a solver of `stenen`"));
        assert!(bad("HELLO").contains("expected `hello 1 tegel NAME`"));
        assert!(bad("").contains("got ``"));
    }

    #[test]
    fn answers_are_ok_words_or_an_error() {
        assert_eq!(parse_answer("ok").unwrap(), Vec::<String>::new());
        assert_eq!(parse_answer("ok 3 (0,g) 12").unwrap(), vec!["3", "(0,g)", "12"]);
        assert_eq!(parse_answer("error cannot open").unwrap_err(), Failure::Refused("cannot open".into()));
        assert_eq!(parse_answer("okay").unwrap_err().verdict(), Verdict::ProtocolError);
        assert_eq!(parse_answer("3 (0,g) 12").unwrap_err().verdict(), Verdict::ProtocolError);
    }
}
