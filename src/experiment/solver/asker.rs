//! A solver asked question after question: started when first asked, started again (and
//! its position loaded again) after a failure ended it, or before every position with
//! `--fresh`; its folders (the position files, read-only to it, and its scratch folder)
//! live as long as the asker.

use std::path::PathBuf;

use super::positions::PositionFiles;
use super::session::{exactly, Answer, Failure, Folders, Session};
use super::spec::SolverSpec;
use crate::base::error::Result;

/// The most times one asker starts its solver: past it, every question fails at once
/// with the last start's failure.
pub const MAX_STARTS: usize = 64;

/// One solver being asked.
pub struct Asker {
    spec: SolverSpec,
    game: &'static str,
    files: PositionFiles,
    scratch: tempfile::TempDir,
    session: Option<Session>,
    loaded: Option<String>,
    starts: usize,
    last_start_failure: Option<Failure>,
    /// The solver's name from its handshake (empty before a session started).
    pub declared_name: String,
    /// The highest peak memory of its processes seen so far, in bytes.
    pub peak_memory_bytes: Option<u64>,
}

impl Asker {
    /// An asker of `spec` about `game`, with fresh folders.
    pub fn new(spec: &SolverSpec, game: &'static str) -> Result<Asker> {
        let scratch = tempfile::Builder::new().prefix("harness-scratch-").tempdir()?;
        crate::base::sandbox::give_scratch(scratch.path())?;
        Ok(Asker {
            spec: spec.clone(),
            game,
            files: PositionFiles::new()?,
            scratch,
            session: None,
            loaded: None,
            starts: 0,
            last_start_failure: None,
            declared_name: String::new(),
            peak_memory_bytes: None,
        })
    }

    /// The solver.
    pub fn spec(&self) -> &SolverSpec {
        &self.spec
    }

    /// Writes a position file the solver can read; its path.
    pub fn write_position(&mut self, extension: &str, text: &str) -> Result<PathBuf, Failure> {
        self.files.write(extension, text).map_err(|e| Failure::Crashed(format!("cannot write a position file: {e}")))
    }

    /// Sends the load request `request` (answered by a bare `ok`), remembered so that a
    /// solver started again gets it first; with `--fresh`, a new process first.
    pub fn load(&mut self, request: &str) -> Result<(), Failure> {
        if self.spec.fresh {
            self.end();
        }
        self.loaded = None;
        let words = self.ask(request)?.words;
        exactly(&words, 0, "")?;
        self.loaded = Some(request.to_string());
        Ok(())
    }

    /// Asks `request`, starting the solver (and loading its position) first where none
    /// runs; a failure other than a refusal ends the process.
    pub fn ask(&mut self, request: &str) -> Result<Answer, Failure> {
        if self.session.is_none() {
            self.start()?;
        }
        let session = self.session.as_mut().expect("started");
        let answer = session.ask(request);
        self.peak_memory_bytes = self.peak_memory_bytes.max(session.peak_memory_bytes);
        match answer {
            Err(f) if !matches!(f, Failure::Refused(_)) => {
                self.end();
                Err(f)
            }
            other => other,
        }
    }

    /// Ends the running solver, if any (the next question starts it again).
    pub fn end(&mut self) {
        if let Some(session) = self.session.take() {
            let ending = session.quit();
            self.peak_memory_bytes = self.peak_memory_bytes.max(ending.peak_memory_bytes);
        }
    }

    fn start(&mut self) -> Result<(), Failure> {
        if self.starts >= MAX_STARTS {
            let last = self.last_start_failure.clone().map_or(String::new(), |f| format!(": {}", f.detail()));
            return Err(Failure::Crashed(format!("started {MAX_STARTS} times already{last}")));
        }
        self.starts += 1;
        let folders = Folders { positions: self.files.dir().to_path_buf(), scratch: self.scratch.path().to_path_buf() };
        let mut session = Session::start(&self.spec, self.game, &folders).inspect_err(|f| {
            self.last_start_failure = Some(f.clone());
        })?;
        self.declared_name = session.declared_name.clone();
        if let Some(load) = self.loaded.clone() {
            let words = session.ask(&load)?.words;
            exactly(&words, 0, "")?;
        }
        self.session = Some(session);
        Ok(())
    }
}

impl Drop for Asker {
    fn drop(&mut self) {
        self.end();
    }
}
