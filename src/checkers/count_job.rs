//! A continuation count running in a thread of its own, for the mouse boards: it has a
//! time limit, its progress (positions so far, seconds) can be read while it runs, and it
//! can be cancelled. The count is the memoised one of the text program's `count`.

use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::count::{Count, CountStop};
use super::dispatch::count_memo_walking_first;
use super::geometry::Geometry;
use super::position::Position;
use crate::search::bits::Bits;
use crate::search::budget::Budget;
use crate::search::pool::spawn_search_thread;

/// The memo table of a count asked during play is at most this many MiB, so that a
/// request never takes a large share of the machine's memory.
pub const PLAY_MEMO_MB: u64 = 256;

/// How a background count ended.
#[derive(Debug, Clone)]
pub enum CountEnd {
    /// It finished: the count and its seconds.
    Done(Count, f64),
    /// It did not finish: why, in words.
    Stopped(String),
}

impl CountEnd {
    /// One line for people: the games and their split, or why the count did not finish.
    pub fn text(&self) -> String {
        match self {
            CountEnd::Done(c, seconds) => format!(
                "continuation games (single-jump captures, ending when both have a king): {} (black wins {}, white wins {}, both kings {}); {} positions, {} distinct, {seconds:.3} s",
                c.games.total, c.games.black_wins, c.games.white_wins, c.games.both_kings, c.positions, c.distinct_positions
            ),
            CountEnd::Stopped(why) => format!("continuation count did not finish: {why}"),
        }
    }
}

/// A count running in its own thread. Dropping it cancels the count and waits for the
/// thread (which stops within one budget tick).
pub struct CountJob {
    budget: Budget,
    started: Instant,
    cancelled: Arc<std::sync::atomic::AtomicBool>,
    /// How it ended and the seconds it ran.
    end: Arc<Mutex<Option<(CountEnd, f64)>>>,
    thread: Option<JoinHandle<()>>,
}

impl CountJob {
    /// Starts counting the continuation games of `p` on `g`, for at most `limit`.
    pub fn start<B: Bits>(g: &Geometry<B>, p: &Position<B>, limit: Duration) -> CountJob {
        let budget = Budget::new(Some(limit));
        let end = Arc::new(Mutex::new(None));
        let cancelled = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (g, p, b, e, c) = (g.clone(), *p, budget.clone(), Arc::clone(&end), Arc::clone(&cancelled));
        let started = Instant::now();
        let thread = spawn_search_thread("count", move || {
            let result = count_memo_walking_first(&g, &p, PLAY_MEMO_MB, false, &b);
            let outcome = match result {
                Ok(count) => CountEnd::Done(count, started.elapsed().as_secs_f64()),
                Err(_) if c.load(std::sync::atomic::Ordering::SeqCst) => CountEnd::Stopped("cancelled".into()),
                Err(CountStop::Stopped(s)) => CountEnd::Stopped(b.error(s).to_string()),
                Err(other) => CountEnd::Stopped(other.to_string()),
            };
            if let Ok(mut slot) = e.lock() {
                *slot = Some((outcome, started.elapsed().as_secs_f64()));
            }
        })
        .ok();
        let job = CountJob { budget, started, cancelled, end, thread };
        if job.thread.is_none() {
            job.set_end(CountEnd::Stopped("could not start a thread".into()));
        }
        job
    }

    fn set_end(&self, end: CountEnd) {
        if let Ok(mut slot) = self.end.lock() {
            *slot = Some((end, self.started.elapsed().as_secs_f64()));
        }
    }

    /// How it ended; `None` while it runs.
    pub fn end(&self) -> Option<CountEnd> {
        self.end.lock().ok().and_then(|slot| slot.as_ref().map(|(end, _)| end.clone()))
    }

    /// Positions visited so far.
    pub fn positions(&self) -> u64 {
        self.budget.live_positions()
    }

    /// Seconds the count has run: since it started while it runs, then the seconds it
    /// ran until it finished or stopped (they no longer grow).
    pub fn elapsed(&self) -> f64 {
        match self.end.lock().ok().and_then(|slot| slot.as_ref().map(|(_, seconds)| *seconds)) {
            Some(seconds) => seconds,
            None => self.started.elapsed().as_secs_f64(),
        }
    }

    /// The time limit.
    pub fn limit(&self) -> Duration {
        self.budget.limit().unwrap_or_default()
    }

    /// Asks the count to stop; it ends as `cancelled` within one budget tick.
    pub fn cancel(&self) {
        self.cancelled.store(true, std::sync::atomic::Ordering::SeqCst);
        self.budget.cancel();
    }
}

impl Drop for CountJob {
    fn drop(&mut self) {
        self.cancel();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait(job: &CountJob) -> CountEnd {
        loop {
            if let Some(end) = job.end() {
                return end;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_small_count_finishes_and_a_large_one_can_be_cancelled() {
        let g = Geometry::<u64>::new(4, 4, 1).unwrap();
        let job = CountJob::start(&g, &Position::start(&g), Duration::from_secs(600));
        let text = wait(&job).text();
        assert!(text.contains(": 62 (black wins 6, white wins 4, both kings 52)"), "{text}");
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let job = CountJob::start(&g, &Position::start(&g), Duration::from_secs(600));
        job.cancel();
        assert_eq!(wait(&job).text(), "continuation count did not finish: cancelled");
        let seconds = job.elapsed();
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(job.elapsed(), seconds, "the seconds of an ended count stay");
    }
}
