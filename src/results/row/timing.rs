//! The cells of a measured timing ([`Timing`]: median, spread and samples) and of the CPU
//! facts of a timed call ([`Cpu`]: samples, CPU seconds and shares, the busy flag, peak
//! memory), and the one rule of a busy machine ([`busy`]).

use std::time::Duration;

use serde::ser::{self, Serialize};

use super::cell_types::{Marked, GROUP, RESOLUTION_SECONDS};
use crate::base::stats;
use crate::search::timing::Samples;

/// Seconds of a duration as a CSV cell, to the nanosecond (the clock's own resolution):
/// a call of under a microsecond on a fast machine keeps its time rather than reading 0.
pub fn seconds_cell(d: Duration) -> String {
    format!("{:.9}", d.as_secs_f64())
}

/// The cells of one sampled timing `X`: `X` (the median), `X_min`, `X_max` and `X_mad`
/// in seconds to the nanosecond, empty when nothing was measured; and `X_samples`,
/// every sample as `WALL/CPU/WAIT/ROUND/ORDER` (WAIT empty where the system does not tell
/// it; ROUND the sample's round, ORDER its position in that round's order), `;`-separated, which the runner moves from the row to the tidy samples file
/// (`samples/NAME.csv`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Timing {
    samples: Samples,
}

impl Timing {
    /// The timing of `samples` (empty when `None`).
    pub fn of(samples: Option<&Samples>) -> Timing {
        Timing { samples: samples.cloned().unwrap_or_default() }
    }

    /// The median in seconds, if measured.
    pub fn median(&self) -> Option<f64> {
        stats::median(&self.samples.wall)
    }

    /// The samples as the `X_samples` cell holds them (see [`Timing`]).
    fn samples_cell(&self) -> Option<String> {
        let s = &self.samples;
        let wait = |i: usize| if s.wait.len() == s.wall.len() { format!("{:.9}", s.wait[i]) } else { String::new() };
        let cpu = |i: usize| s.cpu.get(i).map_or(String::new(), |c| format!("{c:.9}"));
        let at = |xs: &[u32], i: usize| xs.get(i).map_or(String::new(), u32::to_string);
        (!s.wall.is_empty()).then(|| {
            (0..s.wall.len())
                .map(|i| format!("{:.9}/{}/{}/{}/{}", s.wall[i], cpu(i), wait(i), at(&s.round, i), at(&s.order, i)))
                .collect::<Vec<_>>()
                .join(";")
        })
    }
}

impl Serialize for Timing {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use ser::SerializeStruct;
        let xs = &self.samples.wall;
        let secs = |marker: &'static str, v: Option<f64>| v.map(|v| Marked(marker, format!("{v:.9}")));
        let mut g = s.serialize_struct(GROUP, 5)?;
        g.serialize_field("", &secs(col!("seconds", "measured"), stats::median(xs)))?;
        g.serialize_field("_min", &secs(col!("seconds", "min"), stats::min(xs)))?;
        g.serialize_field("_max", &secs(col!("seconds", "max"), stats::max(xs)))?;
        g.serialize_field("_mad", &secs(col!("seconds", "mad"), stats::mad(xs)))?;
        g.serialize_field("_samples", &self.samples_cell().map(|c| Marked(col!("samples", "samples"), c)))?;
        g.end()
    }
}

/// One sample of a `X_samples` cell (see [`Timing`]): wall seconds, CPU seconds, the
/// wait for cores other programs had, its round and its position in the round's order,
/// where recorded.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SampleCell {
    /// Wall seconds.
    pub wall: f64,
    /// CPU seconds (user + system) of the process.
    pub cpu: Option<f64>,
    /// Seconds the threads waited for cores other programs had.
    pub wait: Option<f64>,
    /// The round the sample was taken in (0 is the first recorded round).
    pub round: Option<u32>,
    /// Its position in its round's order (0 ran first).
    pub order: Option<u32>,
}

/// The samples of a `X_samples` cell: `WALL/CPU/WAIT/ROUND/ORDER;...` as [`Timing`]
/// writes it, `WALL/CPU/WAIT;...` as CSVs written before 2026-11-27 hold them, or
/// `WALL;WALL;...` as CSVs written before 2026-11-26 do; empty for an empty or unreadable
/// cell.
pub fn parse_samples_cell(cell: &str) -> Vec<SampleCell> {
    let num = |s: Option<&str>| s.and_then(|s| s.trim().parse::<f64>().ok()).filter(|x| x.is_finite() && *x >= 0.0);
    let parsed: Option<Vec<SampleCell>> = cell
        .split(';')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            let mut parts = s.split('/');
            let wall = num(parts.next())?;
            let (cpu, wait) = (num(parts.next()), num(parts.next()));
            let index = |s: Option<&str>| s.and_then(|s| s.trim().parse::<u32>().ok());
            Some(SampleCell { wall, cpu, wait, round: index(parts.next()), order: index(parts.next()) })
        })
        .collect();
    parsed.unwrap_or_default()
}

/// The per-row cells `samples` (timed samples taken), `cpu_seconds` (median CPU time of
/// the timed call, user + system), `cpu_share` (CPU time / (wall time × threads)),
/// `wait_share` (the threads' wait for cores other programs had / (wall time × threads),
/// where the system tells it), `busy` ([`busy`]: whether the call ran on a busy
/// machine) and `peak_memory_bytes` (the peak resident memory of the process during the
/// row's timed calls, [`crate::search::timing::Sample::peak`]: a measurement, empty where
/// the system does not tell).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cpu {
    samples: Option<usize>,
    cpu_seconds: Option<f64>,
    cpu_share: Option<f64>,
    wait_share: Option<f64>,
    busy: Option<bool>,
    peak_memory: Option<u64>,
}

impl Cpu {
    /// The CPU cells of `samples`, measured on `threads` threads (empty when `None`).
    pub fn of(samples: Option<&Samples>, threads: usize) -> Cpu {
        match samples.filter(|s| !s.is_empty()) {
            Some(s) => {
                let (cpu_share, wait_share) = (s.cpu_share(threads), s.wait_share(threads));
                Cpu {
                    samples: Some(s.len()),
                    cpu_seconds: s.cpu_median(),
                    cpu_share,
                    wait_share,
                    busy: s.median().map(|wall| busy(wall, cpu_share, wait_share)),
                    peak_memory: s.peak,
                }
            }
            None => Cpu::default(),
        }
    }

    /// The CPU cells of the slowest (by median) of several timed calls of one row, each
    /// with the threads it ran on, and the largest peak memory of them all; empty when
    /// none was measured.
    pub fn of_slowest(calls: &[(Option<&Samples>, usize)]) -> Cpu {
        let measured = calls.iter().filter_map(|&(s, t)| Some((s?.median()?, s?, t)));
        let slowest = measured.max_by(|a, b| a.0.total_cmp(&b.0));
        let peak = calls.iter().filter_map(|&(s, _)| s?.peak).max();
        slowest.map_or_else(Cpu::default, |(_, s, t)| Cpu { peak_memory: peak, ..Cpu::of(Some(s), t) })
    }

    /// The peak memory cell, in bytes.
    pub fn peak_memory(&self) -> Option<u64> {
        self.peak_memory
    }
}

impl Serialize for Cpu {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use ser::SerializeStruct;
        let cell = |marker: &'static str, v: Option<String>| v.map(|v| Marked(marker, v));
        let mut g = s.serialize_struct(GROUP, 6)?;
        g.serialize_field("samples", &cell(col!("count", "cpu"), self.samples.map(|n| n.to_string())))?;
        g.serialize_field("cpu_seconds", &cell(col!("seconds", "cpu"), self.cpu_seconds.map(|v| format!("{v:.9}"))))?;
        g.serialize_field("cpu_share", &cell(col!("ratio", "cpu"), self.cpu_share.map(|v| format!("{v:.3}"))))?;
        g.serialize_field("wait_share", &cell(col!("ratio", "cpu"), self.wait_share.map(|v| format!("{v:.3}"))))?;
        g.serialize_field("busy", &cell(col!("flag", "busy"), self.busy.map(|b| b.to_string())))?;
        let peak = self.peak_memory.map(|b| b.to_string());
        g.serialize_field(crate::results::columns::PEAK_MEMORY, &cell(col!("bytes", "measured"), peak))?;
        g.end()
    }
}

/// A call whose threads waited for cores other programs had longer than this share of
/// wall time × threads ran on a busy machine.
pub const BUSY_WAIT_SHARE: f64 = 0.1;
/// Where the system does not tell the wait: a call whose `cpu_share` is below this ran on
/// a busy machine (or could not keep its threads busy).
pub const BUSY_SHARE: f64 = 0.9;
/// Calls shorter than this (seconds, median) are not judged by their `cpu_share`: the
/// CPU time `getrusage` reports is too coarse for them.
pub const BUSY_MIN_SECONDS: f64 = 0.01;
/// Calls shorter than this are not judged by their `wait_share` either: the scheduler's
/// wait is counted to the nanosecond (`/proc/self/task/*/schedstat`), so a call of the
/// timer's resolution (1 ms) or more is judged by it.
pub const BUSY_MIN_WAIT_SECONDS: f64 = RESOLUTION_SECONDS;

/// Whether a timed call of median wall time `seconds` ran on a busy machine: its threads
/// waited for cores other programs had more than [`BUSY_WAIT_SHARE`] of their time
/// (`wait_share`; judged from [`BUSY_MIN_WAIT_SECONDS`]), or, where the system does not
/// tell the wait, its `cpu_share` is below [`BUSY_SHARE`] (judged from
/// [`BUSY_MIN_SECONDS`]). The one rule the CSVs, the run's summary and the report follow.
pub fn busy(seconds: f64, cpu_share: Option<f64>, wait_share: Option<f64>) -> bool {
    match wait_share {
        Some(w) => seconds >= BUSY_MIN_WAIT_SECONDS && w > BUSY_WAIT_SHARE,
        None => seconds >= BUSY_MIN_SECONDS && cpu_share.is_some_and(|c| c < BUSY_SHARE),
    }
}
