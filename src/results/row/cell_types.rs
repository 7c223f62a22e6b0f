//! The typed cells of exact results: each type writes its cell with a fixed number of
//! decimals (or as its integer) and declares its column's kind and role through a marker
//! (`harness::col::KIND::ROLE`), which the row serializer reads and every other
//! serializer (JSON) sees through.

use std::fmt;
use std::time::Duration;

use serde::ser::{self, Serialize};

pub use crate::base::stats::paired::PairedRatio;

/// Serializes `value` as a cell declared as `marker` (see [`col!`]).
pub(super) fn marked<S: ser::Serializer>(
    s: S,
    marker: &'static str,
    value: impl fmt::Display,
) -> Result<S::Ok, S::Error> {
    s.serialize_newtype_struct(marker, &value.to_string())
}
/// A duration in seconds, written with microsecond resolution (`1.234567`): an exact
/// result (a measured time is a [`Timing`](super::Timing)).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Seconds(pub Duration);

impl Serialize for Seconds {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("seconds", "result"), format_args!("{:.6}", self.0.as_secs_f64()))
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

/// A measured speed-up from paired rounds ([`PairedRatio`]: the geometric mean of the
/// rounds' ratios with its 95 % interval): the cells `X` (the speed-up), `X_low` and
/// `X_high` (the interval, empty with one round) with 3 decimals, `X_rounds` (the rounds
/// it was estimated from) and `X_drift` (`true` when the speed-up exceeds its ceiling, the
/// threads it ran on, with its whole interval: the machine's speed changed under the
/// rounds, and the figure is not a result); every cell empty when unmeasured.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Speedup {
    /// The paired estimate, when both runs were measured.
    pub value: Option<PairedRatio>,
    /// The most the speed-up can honestly be (the thread count); above it is drift.
    pub ceiling: Option<f64>,
}

impl Speedup {
    /// Whether the speed-up exceeds its ceiling beyond doubt: its whole interval lies above
    /// it (with one round, which has no interval, the figure itself). A figure above the
    /// ceiling whose interval reaches below it is noise, not drift.
    pub fn drift(&self) -> Option<bool> {
        let v = self.value?;
        Some(self.ceiling.is_some_and(|c| v.ratio > c && v.interval.is_none_or(|(low, _)| low > c)))
    }
}

impl Serialize for Speedup {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use ser::SerializeStruct;
        let cell = |marker: &'static str, v: Option<f64>| v.map(|v| Marked(marker, format!("{v:.3}")));
        let interval = self.value.and_then(|v| v.interval);
        let mut g = s.serialize_struct(GROUP, 5)?;
        g.serialize_field("", &cell(col!("speedup", "measured"), self.value.map(|v| v.ratio)))?;
        g.serialize_field("_low", &cell(col!("speedup", "low"), interval.map(|i| i.0)))?;
        g.serialize_field("_high", &cell(col!("speedup", "high"), interval.map(|i| i.1)))?;
        let rounds = self.value.map(|v| Marked(col!("count", "rounds"), v.rounds.to_string()));
        g.serialize_field("_rounds", &rounds)?;
        g.serialize_field("_drift", &self.drift().map(|d| Marked(col!("flag", "drift"), d.to_string())))?;
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
