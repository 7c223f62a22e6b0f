//! A board's search in the background, kept, shown and cancelled the same way on every
//! board ([`Background`]): at most one at a time in a slot, started only when
//! none runs (else 409), its progress read while it runs, and a cancel answered with 409
//! when none runs. Dropping a slot's job cancels it: its search stops within one budget
//! check, so a board's new game leaves no search running. The checkers board's count,
//! reply and hint, and the search of every [`super::SearchBoard`] (the tile game's and
//! the tiling's), are such slots.

use super::Reply;
use crate::search::job::{Job, JobEnd, Progress};

/// One background search of a board, running or ended (or none yet), with what it was
/// asked (`A`: what the board needs to show or use its answer, such as the position it
/// started from).
pub struct Background<T, A = ()> {
    job: Option<(Job<T>, A)>,
}

impl<T, A> Default for Background<T, A> {
    fn default() -> Self {
        Background { job: None }
    }
}

impl<T: Clone> Background<T> {
    /// Starts the job `start` makes, unless one runs: 409 with `busy` while one does. A
    /// job that ended is dropped for the new one.
    pub fn start(&mut self, busy: &str, start: impl FnOnce() -> Job<T>) -> Result<(), Reply> {
        self.start_asked(busy, (), start)
    }
}

impl<T: Clone, A> Background<T, A> {
    /// Starts the job `start` makes, asked `asked`, unless one runs: 409 with `busy`
    /// while one does. A job that ended is dropped for the new one.
    pub fn start_asked(&mut self, busy: &str, asked: A, start: impl FnOnce() -> Job<T>) -> Result<(), Reply> {
        if self.running() {
            return Err(Reply::error(409, busy));
        }
        self.job = Some((start(), asked));
        Ok(())
    }

    /// The job started last, running or ended.
    pub fn job(&self) -> Option<&Job<T>> {
        self.job.as_ref().map(|(job, _)| job)
    }

    /// The job started last and what it was asked.
    pub fn asked(&self) -> Option<(&Job<T>, &A)> {
        self.job.as_ref().map(|(job, asked)| (job, asked))
    }

    /// What the job started last was asked, to change.
    pub fn asked_mut(&mut self) -> Option<&mut A> {
        self.job.as_mut().map(|(_, asked)| asked)
    }

    /// Whether a job runs.
    pub fn running(&self) -> bool {
        self.job().is_some_and(Job::running)
    }

    /// The running job's progress (`None` when none runs).
    pub fn progress(&self) -> Option<Progress> {
        self.job().map(Job::progress).filter(|p| p.state == "running")
    }

    /// Cancels the running job (it ends as `cancelled`); 409 with `none` when none runs.
    /// The one cancel of every board's background searches.
    pub fn cancel(&self, none: &str) -> Result<(), Reply> {
        match self.job() {
            Some(job) if job.running() => {
                job.cancel();
                Ok(())
            }
            _ => Err(Reply::error(409, none)),
        }
    }

    /// How the job ended, taking it out of the slot; `None` (the job kept) while it runs
    /// or when there is none.
    pub fn take_end(&mut self) -> Option<JobEnd<T>> {
        let end = self.job()?.end()?;
        self.job = None;
        Some(end)
    }

    /// Drops the job: one that runs is cancelled and stops within one budget check.
    pub fn clear(&mut self) {
        self.job = None;
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

    #[test]
    fn a_job_keeps_what_it_was_asked_until_the_next_one() {
        let mut slot: Background<u32, &str> = Background::default();
        assert!(slot.asked().is_none());
        slot.start_asked("busy", "endless", || Job::start("endless", TimeLimit::whole_seconds(600), endless)).unwrap();
        assert_eq!(slot.start_asked("busy", "two", || unreachable!()).unwrap_err().status, 409);
        assert_eq!(slot.asked().map(|(_, a)| *a), Some("endless"), "a refused start leaves the running job");
        slot.cancel("none").unwrap();
        while slot.running() {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        *slot.asked_mut().unwrap() = "cancelled";
        assert_eq!(slot.asked().map(|(_, a)| *a), Some("cancelled"));
        slot.start_asked("busy", "sum", || Job::start("sum", TimeLimit::whole_seconds(600), |_| Ok(4))).unwrap();
        assert_eq!(slot.asked().map(|(_, a)| *a), Some("sum"));
    }
}
