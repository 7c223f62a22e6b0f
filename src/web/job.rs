//! A search of the web board that runs in a thread of its own with a time limit: its
//! progress (positions ticked, seconds) can be read and it can be cancelled while the
//! server answers other requests. Dropping a job cancels it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::search::budget::{Budget, Stopped};

/// How a job ended: its answer and seconds, or why it stopped.
#[derive(Debug, Clone)]
pub enum JobEnd<T> {
    /// The search finished in these seconds.
    Done(T, f64),
    /// The search stopped: `cancelled`, or the time limit in words.
    Stopped(String),
}

/// A search running in the background (see the module's doc).
pub struct Job<T> {
    what: String,
    budget: Budget,
    started: Instant,
    cancelled: Arc<AtomicBool>,
    /// How it ended and the seconds it ran (they no longer grow once it stopped).
    end: Arc<Mutex<Option<Ended<T>>>>,
}

/// How a job ended, and the seconds it ran until then.
type Ended<T> = (JobEnd<T>, f64);

impl<T: Send + 'static> Job<T> {
    /// Starts `search` (named `what` in messages) with a budget of `limit`.
    pub fn start(
        what: &str,
        limit: Duration,
        search: impl FnOnce(&Budget) -> Result<T, Stopped> + Send + 'static,
    ) -> Job<T> {
        let budget = Budget::new(Some(limit));
        let end = Arc::new(Mutex::new(None));
        let cancelled = Arc::new(AtomicBool::new(false));
        let (b, e, c) = (budget.clone(), Arc::clone(&end), Arc::clone(&cancelled));
        let started = Instant::now();
        let spawned = crate::search::pool::spawn_search_thread("web-search", move || {
            let outcome = match search(&b) {
                Ok(answer) => JobEnd::Done(answer, started.elapsed().as_secs_f64()),
                Err(_) if c.load(Ordering::SeqCst) => JobEnd::Stopped("cancelled".into()),
                Err(s) => JobEnd::Stopped(b.error(s).to_string()),
            };
            if let Ok(mut slot) = e.lock() {
                *slot = Some((outcome, started.elapsed().as_secs_f64()));
            }
        });
        let job = Job { what: what.to_string(), budget, started, cancelled, end };
        if spawned.is_err() {
            if let Ok(mut slot) = job.end.lock() {
                *slot = Some((JobEnd::Stopped("could not start a thread".into()), 0.0));
            }
        }
        job
    }
}

impl<T: Clone> Job<T> {
    /// How it ended, `None` while it runs.
    pub fn end(&self) -> Option<JobEnd<T>> {
        self.end.lock().ok().and_then(|slot| slot.as_ref().map(|(end, _)| end.clone()))
    }

    /// Seconds it ran: since it started while it runs, then until it ended.
    fn seconds(&self) -> f64 {
        let ended = self.end.lock().ok().and_then(|slot| slot.as_ref().map(|(_, seconds)| *seconds));
        ended.unwrap_or_else(|| self.started.elapsed().as_secs_f64())
    }

    /// Whether it still runs.
    pub fn running(&self) -> bool {
        self.end().is_none()
    }

    /// Stops it within one budget check; it then ends as `cancelled`.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        self.budget.cancel();
    }

    /// The progress as the page shows it: `state` (`running`, `done`, `stopped`), `what`,
    /// `positions`, `seconds`, `limit_s`, and `why` when it stopped; `answer` is added by
    /// the caller from [`Job::end`].
    pub fn progress(&self) -> Value {
        let mut v = json!({
            "what": self.what,
            "positions": self.budget.live_positions(),
            "seconds": self.seconds(),
            "limit_s": self.budget.limit().map_or(0.0, |l| l.as_secs_f64()),
        });
        match self.end() {
            None => v["state"] = json!("running"),
            Some(JobEnd::Done(_, seconds)) => {
                v["state"] = json!("done");
                v["seconds"] = json!(seconds);
            }
            Some(JobEnd::Stopped(why)) => {
                v["state"] = json!("stopped");
                v["why"] = json!(why);
            }
        }
        v
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.cancelled.store(true, Ordering::SeqCst);
        self.budget.cancel();
    }
}

/// A time limit from `limit_s` in a request body: `default` when absent, else a number of
/// seconds above 0 and at most `max`.
pub fn limit_field(body: &Value, default: f64, max: f64) -> Result<Duration, String> {
    let seconds = match body.get("limit_s") {
        None | Some(Value::Null) => default,
        Some(v) => match v.as_f64() {
            Some(s) if s > 0.0 && s <= max => s,
            _ => return Err(format!("limit_s: expected a number of seconds above 0, at most {max}")),
        },
    };
    Ok(Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search that stopped at its limit keeps the seconds it ran; they do not grow while
    /// the page keeps asking.
    #[test]
    fn a_stopped_jobs_seconds_stay() {
        let job = Job::<u64>::start("spin", Duration::from_millis(20), |b| loop {
            b.check()?;
            std::thread::sleep(Duration::from_millis(1));
        });
        while job.running() {
            std::thread::sleep(Duration::from_millis(5));
        }
        let first = job.progress();
        assert_eq!(first["state"], "stopped", "{first}");
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(job.progress()["seconds"], first["seconds"], "{first}");
    }
}
