//! A search that runs in a thread of its own ([`super::pool::spawn_search_thread`], with
//! the search stack) and a time limit, for the interactive boards (terminal and browser)
//! of every game: its progress (positions ticked, seconds) can be read and it can be
//! cancelled while the board goes on answering. Dropping a job cancels it without waiting
//! for its thread, which stops at its next budget check.
//!
//! A job started with a cancelled or interrupted budget (Ctrl-C, SIGTERM) stops at its
//! first check, so no job keeps a process from ending.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use serde::Serialize;

use super::budget::{Budget, Stopped};
use super::pool::spawn_search_thread;
use crate::base::limits::{Limits, TimeLimit};

/// How a job ended: its answer and seconds, or why it stopped.
#[derive(Debug, Clone)]
pub enum JobEnd<T> {
    /// The search finished in these seconds.
    Done(T, f64),
    /// The search stopped: `cancelled`, the time limit in words, or another reason.
    Stopped(String),
}

/// A job's progress as a board shows it (`state`: `running`, `done` or `stopped`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Progress {
    /// `running`, `done` or `stopped`.
    pub state: &'static str,
    /// What runs, in words (`besteScore`).
    pub what: String,
    /// Positions ticked so far.
    pub positions: u64,
    /// Seconds so far, or the seconds it took when done.
    pub seconds: f64,
    /// The time limit in seconds.
    pub limit_s: f64,
    /// Why it stopped, only when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

/// A search running in the background (see the module's doc).
pub struct Job<T> {
    what: String,
    budget: Budget,
    limit: TimeLimit,
    started: Instant,
    cancelled: Arc<AtomicBool>,
    /// How it ended and the seconds it had run then (they no longer grow).
    end: Arc<Mutex<Option<Ended<T>>>>,
}

/// How a job ended, with the seconds it had run then.
type Ended<T> = (JobEnd<T>, f64);

impl<T: Send + 'static> Job<T> {
    /// Starts `search` (named `what` in messages) with a budget of `limit`.
    pub fn start(
        what: &str,
        limit: TimeLimit,
        search: impl FnOnce(&Budget) -> Result<T, Stopped> + Send + 'static,
    ) -> Job<T> {
        Job::start_failing(what, limit, move |b| search(b).map_err(|s| b.error(s).to_string()))
    }

    /// [`Job::start`] for a search that may fail for other reasons than its budget: its
    /// error, in words, becomes the `why` of [`JobEnd::Stopped`].
    pub fn start_failing(
        what: &str,
        limit: TimeLimit,
        search: impl FnOnce(&Budget) -> Result<T, String> + Send + 'static,
    ) -> Job<T> {
        let budget = Budget::start(&Limits::of_time(Some(limit)));
        let end = Arc::new(Mutex::new(None));
        let cancelled = Arc::new(AtomicBool::new(false));
        let (b, e, c) = (budget.clone(), Arc::clone(&end), Arc::clone(&cancelled));
        let started = Instant::now();
        let spawned = spawn_search_thread("job", move || {
            let result = search(&b);
            let outcome = match result {
                _ if c.load(Ordering::SeqCst) => JobEnd::Stopped("cancelled".into()),
                Ok(answer) => JobEnd::Done(answer, started.elapsed().as_secs_f64()),
                Err(why) => JobEnd::Stopped(why),
            };
            *e.lock().unwrap_or_else(PoisonError::into_inner) = Some((outcome, started.elapsed().as_secs_f64()));
        });
        let job = Job { what: what.to_string(), budget, limit, started, cancelled, end };
        if spawned.is_err() {
            *job.end.lock().unwrap_or_else(PoisonError::into_inner) =
                Some((JobEnd::Stopped("could not start a thread".into()), 0.0));
        }
        job
    }
}

impl<T: Clone> Job<T> {
    /// How it ended, `None` while it runs.
    pub fn end(&self) -> Option<JobEnd<T>> {
        self.end.lock().unwrap_or_else(PoisonError::into_inner).as_ref().map(|(end, _)| end.clone())
    }

    /// Whether it still runs.
    pub fn running(&self) -> bool {
        self.end().is_none()
    }

    /// The progress: `running`, or how it ended (see [`Progress`]).
    pub fn progress(&self) -> Progress {
        let mut p = Progress {
            state: "running",
            what: self.what.clone(),
            positions: self.positions(),
            seconds: self.elapsed(),
            limit_s: self.limit().seconds(),
            why: None,
        };
        match self.end() {
            None => {}
            Some(JobEnd::Done(_, seconds)) => {
                p.state = "done";
                p.seconds = seconds;
            }
            Some(JobEnd::Stopped(why)) => {
                p.state = "stopped";
                p.why = Some(why);
            }
        }
        p
    }
}

impl<T> Job<T> {
    /// Stops it within one budget check; it then ends as `cancelled`.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        self.budget.cancel();
    }

    /// Positions ticked so far.
    pub fn positions(&self) -> u64 {
        self.budget.live_positions()
    }

    /// Seconds it has run: since it started while it runs, then the seconds it ran until
    /// it finished or stopped (they no longer grow).
    pub fn elapsed(&self) -> f64 {
        let ended = self.end.lock().unwrap_or_else(PoisonError::into_inner).as_ref().map(|(_, seconds)| *seconds);
        ended.unwrap_or_else(|| self.started.elapsed().as_secs_f64())
    }

    /// The time limit.
    pub fn limit(&self) -> TimeLimit {
        self.limit
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn wait<T: Clone>(job: &Job<T>) -> JobEnd<T> {
        for _ in 0..60_000 {
            if let Some(end) = job.end() {
                return end;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("the job did not end");
    }

    /// A search that ticks its budget until it is stopped.
    fn endless(b: &Budget) -> Result<u32, Stopped> {
        loop {
            b.tick(1)?;
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn a_job_finishes_stops_at_its_limit_or_when_cancelled() {
        let job = Job::start("sum", TimeLimit::whole_seconds(600), |_| Ok(2 + 2));
        assert!(matches!(wait(&job), JobEnd::Done(4, _)));
        assert_eq!(job.progress().state, "done");
        let job = Job::start("endless", TimeLimit::from_secs(0.02).unwrap(), endless);
        let JobEnd::Stopped(why) = wait(&job) else { panic!("an endless search finished") };
        assert!(why.contains("time limit") || why.contains("0.02"), "{why}");
        let job = Job::start("endless", TimeLimit::whole_seconds(600), endless);
        assert_eq!(job.progress().state, "running");
        job.cancel();
        assert!(matches!(wait(&job), JobEnd::Stopped(why) if why == "cancelled"));
        let p = job.progress();
        assert_eq!((p.state, p.why.as_deref(), p.what.as_str()), ("stopped", Some("cancelled"), "endless"));
        let seconds = job.progress().seconds;
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(job.progress().seconds, seconds, "the seconds of a stopped job stay");
        let job: Job<u32> = Job::start_failing("refused", TimeLimit::whole_seconds(1), |_| Err("no table".into()));
        assert!(matches!(wait(&job), JobEnd::Stopped(why) if why == "no table"));
    }
}
