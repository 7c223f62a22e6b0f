//! A continuation count as a background [`Job`] of the mouse boards: it has a time limit,
//! its progress (positions so far, seconds) can be read while it runs, and it can be
//! cancelled. The count is the memoised one of the text program's `count`.

use super::by_size::count_memo_walking_first;
use super::count::{Count, CountStop};
use super::geometry::Geometry;
use super::position::Position;
use crate::base::limits::TimeLimit;
use crate::search::bits::Bits;
use crate::search::job::{Job, JobEnd};

/// The memo table of a count asked during play is at most this many MiB, so that a
/// request never takes a large share of the machine's memory.
pub const PLAY_MEMO_MB: u64 = 256;

/// How a count ended, as one line for people: the games and their split, or why the
/// count did not finish.
pub fn count_line(end: &JobEnd<Count>) -> String {
    match end {
        JobEnd::Done(c, seconds) => format!(
                "continuation games (single-jump captures, ending when both have a king): {} (black wins {}, white wins {}, both kings {}); {} positions, {} distinct, {seconds:.3} s",
                c.games.total, c.games.black_wins, c.games.white_wins, c.games.both_kings, c.positions, c.distinct_positions
            ),
        JobEnd::Stopped(why) => format!("continuation count did not finish: {why}"),
    }
}

/// Starts counting the continuation games of `p` on `g` in the background (the shared
/// [`Job`]), for at most `limit`; [`count_line`] says how it ended.
pub fn start_count<B: Bits>(g: &Geometry<B>, p: &Position<B>, limit: TimeLimit) -> Job<Count> {
    let (g, p) = (g.clone(), *p);
    Job::start_failing("continuation count", limit, move |b| {
        count_memo_walking_first(&g, &p, PLAY_MEMO_MB, false, b).map_err(|e| match e {
            CountStop::Stopped(s) => b.error(s).to_string(),
            other => other.to_string(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn wait(job: &Job<Count>) -> String {
        loop {
            if let Some(end) = job.end() {
                return count_line(&end);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_small_count_finishes_and_a_large_one_can_be_cancelled() {
        let g = Geometry::<u64>::new(4, 4, 1).unwrap();
        let job = start_count(&g, &Position::start(&g), TimeLimit::whole_seconds(600));
        let text = wait(&job);
        assert!(text.contains(": 62 (black wins 6, white wins 4, both kings 52)"), "{text}");
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let job = start_count(&g, &Position::start(&g), TimeLimit::whole_seconds(600));
        job.cancel();
        assert_eq!(wait(&job), "continuation count did not finish: cancelled");
    }
}
