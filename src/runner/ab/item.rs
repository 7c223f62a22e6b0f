//! An item being timed: its calibrating round, its counted rounds, when it stops, and
//! its progress lines.

use std::time::{Duration, Instant};

use super::builds::{round, ItemCall, Side};
use super::cell_rows::{is_busy, results_differ, seconds, timed_cells, TimedCell};
use super::options::{
    AbOptions, CALIBRATED_SECONDS, CALL_MARGIN, MAX_PROCESS_SECONDS, MAX_REPEATS, UNLIMITED_FIRST_CALL,
};
use super::orders::Orders;
use crate::base::error::Result;
use crate::base::stats::decision::CellTest;
use crate::base::stats::looks::Looks;
use crate::experiment::progress::note;
use crate::results::ab::{cell_of, AbItem, TIMER_RESOLUTION_S};
use crate::runner::cell::{CellRows, CellTiming};

/// The timed calls of each process: enough that the shortest timed cell's calls take at
/// least [`CALIBRATED_SECONDS`], as long as the item's calls stay within
/// [`MAX_PROCESS_SECONDS`] a side (and at least one).
pub fn calibrate(cell_seconds: &[f64]) -> u32 {
    let shortest = cell_seconds.iter().copied().filter(|s| *s > 0.0).fold(f64::INFINITY, f64::min);
    let item: f64 = cell_seconds.iter().sum();
    if !shortest.is_finite() || item <= 0.0 {
        return 1;
    }
    let wanted = (CALIBRATED_SECONDS / shortest).ceil();
    let allowed = (MAX_PROCESS_SECONDS / item).floor().max(1.0);
    wanted.min(allowed).clamp(1.0, MAX_REPEATS as f64) as u32
}

/// Why an item stopped sampling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    Settled,
    MaxRounds,
    ItemBudget,
    TotalBudget,
    Attempts,
}

impl Stop {
    /// The words an item's line gives after "stopped at".
    pub(super) fn word(self) -> &'static str {
        match self {
            Stop::Settled => "a look, every cell settled",
            Stop::MaxRounds => "its maximum rounds",
            Stop::ItemBudget => "its time budget (--budget)",
            Stop::TotalBudget => "the end of the total time budget (--total-budget)",
            Stop::Attempts => "twice its maximum rounds tried (the others ran busy)",
        }
    }
}

/// An item being timed: its cells, the seconds of every counted round, and whether it is
/// still sampling.
pub(super) struct ItemRun<'a> {
    pub(super) call: ItemCall<'a>,
    pub(super) item: AbItem,
    pub(super) timed: Vec<TimedCell>,
    unresolved: Vec<bool>,
    timing: CellTiming,
    limit: Duration,
    orders: Orders,
    a_secs: Vec<Vec<f64>>,
    b_secs: Vec<Vec<f64>>,
    attempts: u32,
    spent: Duration,
    pub(super) sampling: bool,
    stop: Option<Stop>,
}

impl<'a> ItemRun<'a> {
    /// The first, calibrating round of the item: the builds' results compared, the timed
    /// cells found and the timed calls of later rounds set. An item whose results differ
    /// or that has no timed cell is not sampled.
    pub(super) fn calibrate(opts: &AbOptions, sides: (&Side, &Side), call: ItemCall<'a>) -> Result<ItemRun<'a>> {
        let item = AbItem {
            experiment: call.experiment.to_string(),
            item: call.id.to_string(),
            counts_agree: true,
            difference: None,
            repeats: 1,
            rounds: 0,
            busy_rounds: 0,
            shortfall: None,
            below_resolution: Vec::new(),
            weight: 1.0,
            stopped: None,
            cells: Vec::new(),
            instructions: None,
        };
        let first_limit = call.time_limit_s.map_or(UNLIMITED_FIRST_CALL, |s| Duration::from_secs_f64(s * 10.0));
        let (ra, rb, first_wall) = round(opts, sides, &call, (CellTiming::ONCE, first_limit + CALL_MARGIN), true)?;
        let orders = Orders::new(opts.seed, call.experiment, call.id);
        let mut run = ItemRun {
            call,
            item,
            timed: Vec::new(),
            unresolved: Vec::new(),
            timing: CellTiming::ONCE,
            limit: first_limit,
            orders,
            a_secs: Vec::new(),
            b_secs: Vec::new(),
            attempts: 0,
            spent: first_wall,
            sampling: false,
            stop: None,
        };
        if let Some(difference) = results_differ(&ra, &rb) {
            run.item.counts_agree = false;
            run.item.difference = Some(difference);
            return Ok(run);
        }
        run.timed = timed_cells(&ra);
        if run.timed.is_empty() {
            return Ok(run);
        }
        run.unresolved = vec![false; run.timed.len()];
        let (first_a, first_b) = (run.seconds_of(&ra, sides.0)?, run.seconds_of(&rb, sides.1)?);
        let longer: Vec<f64> = first_a.iter().zip(&first_b).map(|(x, y)| x.max(*y)).collect();
        run.item.repeats = calibrate(&longer);
        run.timing = CellTiming { warmup: 1, repeats: run.item.repeats };
        run.limit = first_wall.mul_f64(10.0 * f64::from(run.timing.warmup + run.timing.repeats)) + CALL_MARGIN;
        run.a_secs = vec![Vec::new(); run.timed.len()];
        run.b_secs = vec![Vec::new(); run.timed.len()];
        run.sampling = true;
        Ok(run)
    }

    /// Each timed cell's seconds in `rows` (a time below the clock's resolution taken as
    /// [`TIMER_RESOLUTION_S`] and remembered).
    fn seconds_of(&mut self, rows: &CellRows, side: &Side) -> Result<Vec<f64>> {
        let mut out = Vec::with_capacity(self.timed.len());
        for (c, cell) in self.timed.iter().enumerate() {
            let s = seconds(rows, cell, side.name, &self.call)?;
            self.unresolved[c] |= s == 0.0;
            out.push(s.max(TIMER_RESOLUTION_S));
        }
        Ok(out)
    }

    /// Rounds counted so far.
    pub(super) fn counted(&self) -> usize {
        self.a_secs.first().map_or(0, Vec::len)
    }

    /// One more round; a busy one is not counted, one whose results differ ends the item.
    pub(super) fn round(&mut self, opts: &AbOptions, sides: (&Side, &Side)) -> Result<()> {
        let (ra, rb, wall) = round(opts, sides, &self.call, (self.timing, self.limit), self.orders.next())?;
        self.attempts += 1;
        self.spent += wall;
        if let Some(difference) = results_differ(&ra, &rb) {
            self.item.counts_agree = false;
            self.item.difference = Some(difference);
            self.timed.clear();
            self.sampling = false;
            return Ok(());
        }
        if is_busy(&ra) || is_busy(&rb) {
            self.item.busy_rounds += 1;
        } else {
            let (xa, xb) = (self.seconds_of(&ra, sides.0)?, self.seconds_of(&rb, sides.1)?);
            for (c, (a, b)) in xa.into_iter().zip(xb).enumerate() {
                self.a_secs[c].push(a);
                self.b_secs[c].push(b);
            }
        }
        if self.attempts >= opts.max_rounds * 2 {
            self.end(Stop::Attempts);
        }
        Ok(())
    }

    fn end(&mut self, why: Stop) {
        if self.sampling {
            self.sampling = false;
            self.stop = Some(why);
        }
    }

    /// Whether the item stops after its last round: at its maximum, past a budget (once
    /// it has its minimum rounds), or settled at a look among `compared` cells.
    pub(super) fn check_stop(&mut self, opts: &AbOptions, looks: &Looks, compared: usize, started: Instant) {
        let n = self.counted();
        if !self.sampling || n < opts.min_rounds as usize {
            return;
        }
        if n >= opts.max_rounds as usize {
            self.end(Stop::MaxRounds);
        } else if looks.is_look(n) && opts.rule().settled(&self.log_ratios(), looks.weight_at(n), compared) {
            self.end(Stop::Settled);
        } else if self.spent >= opts.budget {
            self.end(Stop::ItemBudget);
        } else if started.elapsed() >= opts.total_budget {
            self.end(Stop::TotalBudget);
        }
    }

    fn log_ratios(&self) -> Vec<Vec<f64>> {
        self.a_secs.iter().zip(&self.b_secs).map(|(x, y)| crate::base::stats::paired::log_ratios(x, y)).collect()
    }

    /// The mean wall time of a round so far.
    pub(super) fn round_wall(&self) -> Duration {
        self.spent / (self.attempts + 1)
    }

    /// The item with its cells, analysed at the weight of the look its rounds reach; a
    /// shortfall named where it has fewer than `min_rounds`.
    pub(super) fn finish(mut self, looks: &Looks, min_rounds: usize) -> AbItem {
        let item = &mut self.item;
        item.rounds = self.a_secs.first().map_or(0, Vec::len);
        item.weight = looks.weight_at(item.rounds);
        item.stopped = self.stop.map(|s| s.word().to_string());
        item.below_resolution = self
            .timed
            .iter()
            .zip(&self.unresolved)
            .filter(|(_, u)| **u)
            .map(|(c, _)| format!("{} {}", c.key, c.column).trim().to_string())
            .collect();
        if item.rounds < min_rounds && !self.timed.is_empty() {
            item.shortfall = Some(match item.busy_rounds {
                0 => format!("only {} counted", item.rounds),
                busy => format!("{busy} of {} rounds ran busy: other programs had the cores", self.attempts),
            });
        }
        let call = &self.call;
        item.cells = self
            .timed
            .iter()
            .zip(self.a_secs.iter().zip(&self.b_secs))
            .map(|(c, (xa, xb))| cell_of((call.experiment, call.id), (c.row, &c.key, &c.column), xa, xb))
            .collect();
        note(&item_summary(item));
        self.item
    }
}

/// The progress line of an item that stopped: its rounds and each cell's interval.
fn item_summary(item: &AbItem) -> String {
    let progress: Vec<String> = item
        .cells
        .iter()
        .map(|c| match CellTest::at_weight(&c.evidence.log_ratios, item.weight).and_then(|t| t.interval) {
            Some((l, h)) => format!(
                "{} {}: {} to {}",
                c.evidence.key,
                c.column,
                crate::base::stats::decision::percent(l.exp() - 1.0),
                crate::base::stats::decision::percent(h.exp() - 1.0)
            ),
            None => format!("{} {}: no interval", c.evidence.key, c.column),
        })
        .collect();
    format!(
        "[ab] {} {}: {} rounds ({} busy), {} timed calls a cell, stopped at {}; {}",
        item.experiment,
        item.item,
        item.rounds,
        item.busy_rounds,
        item.repeats,
        item.stopped.as_deref().unwrap_or("its first round"),
        progress.join("; ")
    )
}

/// The progress line after a turn of rounds: the items still sampling and an estimate of
/// the time left (each such item's remaining rounds at its mean round time, at most the
/// total budget's rest).
pub(super) fn time_left(runs: &[ItemRun], opts: &AbOptions, started: Instant) -> String {
    let active: Vec<&ItemRun> = runs.iter().filter(|r| r.sampling).collect();
    if active.is_empty() {
        return "[ab] every item has stopped".to_string();
    }
    let remaining: Duration =
        active.iter().map(|r| r.round_wall().mul_f64(opts.max_rounds.saturating_sub(r.counted() as u32) as f64)).sum();
    let budget_left = opts.total_budget.saturating_sub(started.elapsed());
    format!(
        "[ab] {} of {} items still sampling; at most about {} left",
        active.len(),
        runs.len(),
        minutes_and_seconds(remaining.min(budget_left))
    )
}

/// `d` to the second: "2 min 05 s", "42 s".
fn minutes_and_seconds(d: Duration) -> String {
    let s = d.as_secs_f64().round() as u64;
    match s / 60 {
        0 => format!("{s} s"),
        m => format!("{m} min {:02} s", s % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 0.64 ms needs 157 calls for 100 ms; a 2 s item is not repeated; a 0.5 s item of a
    /// 1 ms cell stops at 8 calls (4 s a side).
    #[test]
    fn calibration_repeats_short_cells() {
        assert_eq!(calibrate(&[0.00064]), 157);
        assert_eq!(calibrate(&[2.0]), 1);
        assert_eq!(calibrate(&[0.001, 0.499]), 8);
        assert_eq!(calibrate(&[]), 1);
    }

    #[test]
    fn time_left_is_given_in_minutes_and_seconds() {
        assert_eq!(minutes_and_seconds(Duration::from_secs_f64(125.4)), "2 min 05 s");
        assert_eq!(minutes_and_seconds(Duration::from_secs_f64(41.6)), "42 s");
    }
}
