//! The typed cells of exact results: each type writes its cell with a fixed number of
//! decimals (or as its integer) and declares its column's kind and role through a marker
//! (`harness::col::KIND::ROLE`), which the row serializer reads and every other
//! serializer (JSON) sees through.

use std::fmt;
use std::time::Duration;

use serde::ser::{self, Serialize};

pub use crate::base::stats::paired::PairedRatio;
use crate::search::timing::{paired_speedup, Samples};

/// Serializes `value` as a cell declared as `marker` (see [`col!`]).
pub(super) fn marked<S: ser::Serializer>(
    s: S,
    marker: &'static str,
    value: impl fmt::Display,
) -> Result<S::Ok, S::Error> {
    s.serialize_newtype_struct(marker, &value.to_string())
}
/// The timer's reliable resolution in seconds (1 ms): no rate, speed-up or other ratio is
/// computed from a timing whose median is under it (the report shows such a time as
/// `< 1 ms`, and the row's `timing_status` says why the rate or ratio is empty). The clock reads
/// nanoseconds, but a call of microseconds is timed once per sample, with the call's own
/// overhead and the first touches of its memory inside: its quotient is the timer's noise.
pub const RESOLUTION_SECONDS: f64 = 0.001;

/// Whether a rate or ratio may rest on `samples`: they have a median of at least
/// [`RESOLUTION_SECONDS`].
pub fn resolved(samples: &Samples) -> bool {
    samples.median().is_some_and(|m| m >= RESOLUTION_SECONDS)
}

/// A duration in seconds, written to the nanosecond (`1.234567891`): an exact
/// result (a measured time is a [`Timing`](super::Timing)).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Seconds(pub Duration);

impl Serialize for Seconds {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("seconds", "result"), format_args!("{:.9}", self.0.as_secs_f64()))
    }
}

/// A number written with exactly `D` decimals (`Fixed::<3>(1.5)` is `1.500`).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Fixed<const D: usize>(pub f64);

impl<const D: usize> Serialize for Fixed<D> {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("number", "result"), format_args!("{:.*}", D, self.0))
    }
}

/// A share between 0 and 1 written with 3 decimals (a win rate): an exact result.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Ratio(pub f64);

impl Serialize for Ratio {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("ratio", "result"), format_args!("{:.3}", self.0))
    }
}

/// A measured rate per second (positions over the median seconds), written as a whole
/// number.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Rate(pub f64);

impl Rate {
    /// `count` over the median of `samples`: `None` without samples or when the median is
    /// under the timer's reliable resolution ([`resolved`]), where the quotient
    /// would be the timer's noise.
    pub fn per_median(count: u64, samples: &Samples) -> Option<Rate> {
        let median = samples.median().filter(|_| resolved(samples))?;
        Some(Rate(count as f64 / median))
    }
}

impl Serialize for Rate {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("rate", "measured"), format_args!("{:.0}", self.0))
    }
}

/// A seed of `ChaCha8Rng` from which a row replays (an identifier, not a quantity).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seed(pub u64);

impl Serialize for Seed {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(col!("seed", "result"), &self.0)
    }
}

/// Where the number of column `X` came from, in the field `X_source`: the plain walk
/// (`walk`) or the memo after the walk passed its time limit (`memo`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Source {
    /// The walk the assignment asks for.
    #[default]
    Walk,
    /// The transposition table, after the walk passed its time limit.
    Memo,
}

impl Serialize for Source {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("source", "source"), if *self == Source::Memo { "memo" } else { "walk" })
    }
}

/// A process's peak memory in bytes, as measured (a column of kind `bytes`: tables show
/// it in MiB).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoryBytes(pub u64);

impl Serialize for MemoryBytes {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("bytes", "measured"), self.0)
    }
}

/// The evidence behind a row's results in words (empty where there is none): a text
/// cell of role [`Role::Evidence`](crate::results::columns::Role::Evidence), which the
/// report's answers read and its tables do not show.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Evidence(pub String);

impl Serialize for Evidence {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("text", "evidence"), &self.0)
    }
}

/// A measured speed-up from paired rounds ([`PairedRatio`]: the geometric mean of the
/// rounds' ratios with its 95 % interval): the cells `X` (the speed-up), `X_low` and
/// `X_high` (the interval, empty with one round) with 3 decimals, `X_rounds` (the rounds
/// it was estimated from), and where the speed-up has a ceiling (the threads it ran on)
/// `X_above` ([`Speedup::above`]) and `X_codes_differ` ([`Speedup::codes_differ`]),
/// empty without one (a memo against a walk); every cell empty when unmeasured (a call
/// stopped, or a median under [`RESOLUTION_SECONDS`]).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Speedup {
    /// The paired estimate, when both runs were measured.
    pub value: Option<PairedRatio>,
    /// The most the speed-up can honestly be (the thread count): an estimate above it on
    /// [`MARKED_THREADS`] threads or more is marked.
    pub ceiling: Option<f64>,
}

/// The fewest threads on which a speed-up above its thread count is marked (`above` or
/// `codes differ`). On one thread the parallel code should take the sequential code's
/// time; a ratio there outside [`ONE_THREAD_RANGE`] is a warning of the run instead.
pub const MARKED_THREADS: f64 = 2.0;

/// The range a one-thread speed-up (the parallel code on one thread against the
/// sequential code) is expected in; outside it, the run warns.
pub const ONE_THREAD_RANGE: (f64, f64) = (0.93, 1.07);

impl Speedup {
    /// How many times faster `other` ran than `baseline`, paired round by round
    /// ([`paired_speedup`]), under `ceiling`; unmeasured when either median is under the
    /// timer's reliable resolution ([`resolved`]: say so with
    /// [`super::TimingStatus`]).
    pub fn paired(baseline: &Samples, other: &Samples, ceiling: Option<f64>) -> Speedup {
        let resolved = resolved(baseline) && resolved(other);
        Speedup { value: paired_speedup(baseline, other).filter(|_| resolved), ceiling }
    }

    /// The ceiling that marks apply to: the thread count, from [`MARKED_THREADS`] on.
    fn marked_ceiling(&self) -> Option<f64> {
        self.ceiling.filter(|&c| c >= MARKED_THREADS)
    }

    /// Whether the speed-up is above its threads but not significantly: its estimate
    /// exceeds its ceiling (on two threads or more) while its interval reaches down to the
    /// ceiling or below (or, with one round, it has none). Near linear speed-up half the
    /// estimates land above the ceiling by noise alone; the estimate is kept, with this
    /// mark. `None` without a measurement or a ceiling; `false` on one thread.
    pub fn above(&self) -> Option<bool> {
        let v = self.value?;
        self.ceiling?;
        Some(self.marked_ceiling().is_some_and(|c| v.ratio > c && v.interval.is_none_or(|(low, _)| low <= c)))
    }

    /// Whether the two codes differ: the speed-up's whole interval lies above its ceiling
    /// (on two threads or more), beyond what noise explains; the sequential and
    /// the parallel code do different work, and the figure is not a result. `None`
    /// without a measurement or a ceiling; `false` on one thread.
    pub fn codes_differ(&self) -> Option<bool> {
        let v = self.value?;
        self.ceiling?;
        Some(self.marked_ceiling().is_some_and(|c| v.interval.is_some_and(|(low, _)| low > c)))
    }
}

impl Serialize for Speedup {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use ser::SerializeStruct;
        let cell = |marker: &'static str, v: Option<f64>| v.map(|v| Marked(marker, format!("{v:.3}")));
        let flag = |marker: &'static str, v: Option<bool>| v.map(|v| Marked(marker, v.to_string()));
        let interval = self.value.and_then(|v| v.interval);
        let mut g = s.serialize_struct(GROUP, 6)?;
        g.serialize_field("", &cell(col!("speedup", "measured"), self.value.map(|v| v.ratio)))?;
        g.serialize_field("_low", &cell(col!("speedup", "low"), interval.map(|i| i.0)))?;
        g.serialize_field("_high", &cell(col!("speedup", "high"), interval.map(|i| i.1)))?;
        let rounds = self.value.map(|v| Marked(col!("count", "rounds"), v.rounds.to_string()));
        g.serialize_field("_rounds", &rounds)?;
        g.serialize_field("_above", &flag(col!("flag", "above"), self.above()))?;
        g.serialize_field("_codes_differ", &flag(col!("flag", "differ"), self.codes_differ()))?;
        g.end()
    }
}

/// A cell text under a column declaration (see [`col!`]).
pub(super) struct Marked(pub(super) &'static str, pub(super) String);

impl Serialize for Marked {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(self.0, &self.1)
    }
}

/// The struct name under which a type serializes as several cells of a row: each of its
/// fields is one cell, named as the row serializer names a group's cells
/// ([`super::serializer`]). [`Timing`](super::Timing), [`Cpu`](super::Cpu) and
/// [`Speedup`] are such groups.
pub const GROUP: &str = "harness::row::group";
