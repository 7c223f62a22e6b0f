//! A board's search in the background, kept, shown and cancelled the same way on every
//! board ([`Background`], [`cancel`]): at most one at a time in a slot, started only when
//! none runs (else 409), its progress read while it runs, and a cancel answered with 409
//! when none runs. Dropping a slot's job cancels it: its search stops within one budget
//! check, so a board's new game leaves no search running.

use super::Reply;
use crate::search::job::{Job, JobEnd, Progress};

/// One background search of a board, running or ended (or none yet).
pub struct Background<T> {
    job: Option<Job<T>>,
}

impl<T> Default for Background<T> {
    fn default() -> Self {
        Background { job: None }
    }
}

impl<T: Clone> Background<T> {
    /// Starts the job `start` makes, unless one runs: 409 with `busy` while one does. A
    /// job that ended is dropped for the new one.
    pub fn start(&mut self, busy: &str, start: impl FnOnce() -> Job<T>) -> Result<(), Reply> {
        if self.running() {
            return Err(Reply::error(409, busy));
        }
        self.job = Some(start());
        Ok(())
    }

    /// The job started last, running or ended.
    pub fn job(&self) -> Option<&Job<T>> {
        self.job.as_ref()
    }

    /// Whether a job runs.
    pub fn running(&self) -> bool {
        self.job.as_ref().is_some_and(Job::running)
    }

    /// The running job's progress (`None` when none runs).
    pub fn progress(&self) -> Option<Progress> {
        self.job.as_ref().map(Job::progress).filter(|p| p.state == "running")
    }

    /// Cancels the running job (it ends as `cancelled`); 409 with `none` when none runs.
    pub fn cancel(&self, none: &str) -> Result<(), Reply> {
        cancel(self.job(), none)
    }

    /// How the job ended, taking it out of the slot; `None` (the job kept) while it runs
    /// or when there is none.
    pub fn take_end(&mut self) -> Option<JobEnd<T>> {
        let end = self.job.as_ref()?.end()?;
        self.job = None;
        Some(end)
    }

    /// Drops the job: one that runs is cancelled and stops within one budget check.
    pub fn clear(&mut self) {
        self.job = None;
    }
}

/// Cancels `job` if it runs (it ends as `cancelled`): 409 with `none` when none runs. The
/// one cancel of every board's background searches.
pub fn cancel<T: Clone>(job: Option<&Job<T>>, none: &str) -> Result<(), Reply> {
    match job {
        Some(job) if job.running() => {
            job.cancel();
            Ok(())
        }
        _ => Err(Reply::error(409, none)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::limits::TimeLimit;
    use crate::search::budget::{Budget, Stopped};

    fn endless(b: &Budget) -> Result<u32, Stopped> {
        loop {
            b.tick(1)?;
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    fn ended<T: Clone>(slot: &mut Background<T>) -> JobEnd<T> {
        for _ in 0..60_000 {
            if let Some(end) = slot.take_end() {
                return end;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("the job did not end");
    }

    #[test]
    fn one_job_at_a_time_started_shown_and_cancelled_with_409s() {
        let mut slot = Background::default();
        assert_eq!(slot.cancel("no count is running").unwrap_err().status, 409);
        slot.start("busy", || Job::start("endless", TimeLimit::whole_seconds(600), endless)).unwrap();
        assert!(slot.running() && slot.progress().is_some());
        let refused = slot.start("a count is running", || unreachable!()).unwrap_err();
        assert_eq!((refused.status, refused.body), (409, br#"{"error":"a count is running"}"#.to_vec()));
        slot.cancel("none").unwrap();
        assert!(matches!(ended(&mut slot), JobEnd::Stopped(why) if why == "cancelled"));
        assert!(slot.job().is_none() && slot.progress().is_none());
        slot.start("busy", || Job::start("sum", TimeLimit::whole_seconds(600), |_| Ok(4))).unwrap();
        assert!(matches!(ended(&mut slot), JobEnd::Done(4, _)));
    }
}
