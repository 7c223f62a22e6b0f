//! The limits of a search, checked once where they are read (a flag, a manifest key, a
//! board's constant) and carried typed from there: to the budget that stops the search
//! (`search::budget::Budget::start`), to the run's metadata, to the `time_limit` cell of every row and
//! to the resume key.
//!
//! - [`TimeLimit`]: the time one search call may take, from one nanosecond (the clock's
//!   resolution) to 10^7 s. Written as seconds (a float) in metadata and cells.
//! - [`MemoryLimit`]: the memory the process may hold while the search runs, a whole
//!   number of MiB from 1 to 2^40. Written as MiB in metadata.
//! - [`Limits`]: both, each optional.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::base::text::excerpt;

/// The time one search call may take: from [`TimeLimit::MIN_SECONDS`] to
/// [`TimeLimit::MAX_SECONDS`]. A value of this type has passed that check.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct TimeLimit(Duration);

impl TimeLimit {
    /// The longest limit accepted anywhere (flags, manifests): 10^7 s, about 116 days.
    pub const MAX_SECONDS: f64 = 1e7;

    /// The shortest limit accepted: one nanosecond, the resolution of the clock and of the
    /// limits it is compared with (a shorter one would be recorded as `0`).
    pub const MIN_SECONDS: f64 = 1e-9;

    /// A limit of `seconds`, checked: finite and from [`TimeLimit::MIN_SECONDS`] to
    /// [`TimeLimit::MAX_SECONDS`]; the refusal says what was expected and what was given.
    pub fn from_secs(seconds: f64) -> Result<TimeLimit, String> {
        let range = format!("a number of seconds above 0, at most {:.0}", TimeLimit::MAX_SECONDS);
        if seconds.is_nan() || seconds <= 0.0 {
            return Err(format!("the time limit must be positive ({range}), got {}", readable_seconds(seconds)));
        }
        if seconds > TimeLimit::MAX_SECONDS {
            return Err(format!("the time limit is too long: expected {range}, got {}", readable_seconds(seconds)));
        }
        if seconds < TimeLimit::MIN_SECONDS {
            return Err(format!(
                "{} s is below the clock's resolution; give at least 0.000000001 (one nanosecond)",
                readable_seconds(seconds)
            ));
        }
        Ok(TimeLimit(Duration::from_secs_f64(seconds)))
    }

    /// A limit of whole `seconds`, for the program's own constants: a constant out of
    /// range stops the build (`const` evaluation panics).
    pub const fn whole_seconds(seconds: u64) -> TimeLimit {
        assert!(seconds >= 1 && seconds as f64 <= TimeLimit::MAX_SECONDS, "a time limit from 1 s to 10^7 s");
        TimeLimit(Duration::from_secs(seconds))
    }

    /// The limit written as text (a flag's value): a number of seconds, checked as
    /// [`TimeLimit::from_secs`] does. The clap value parser of every `--time-limit`.
    pub fn parse(text: &str) -> Result<TimeLimit, String> {
        let seconds: f64 = text
            .trim()
            .parse()
            .map_err(|_| format!("expected a positive number of seconds, got `{}`", excerpt(text)))?;
        TimeLimit::from_secs(seconds)
    }

    /// The limit as a duration.
    pub fn duration(self) -> Duration {
        self.0
    }

    /// The limit in seconds, as metadata, cells and messages write it.
    pub fn seconds(self) -> f64 {
        self.0.as_secs_f64()
    }
}

/// `300 s`, `0.5 s`.
impl fmt::Display for TimeLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} s", self.seconds())
    }
}

/// Written as its seconds (a float).
impl Serialize for TimeLimit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.seconds())
    }
}

/// Read from a number of seconds, checked as [`TimeLimit::from_secs`] does.
impl<'de> Deserialize<'de> for TimeLimit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TimeLimit, D::Error> {
        let seconds = f64::deserialize(d)?;
        TimeLimit::from_secs(seconds).map_err(serde::de::Error::custom)
    }
}

/// A number of seconds as people read it: as Rust prints it between 0.001 and 10^7, in
/// scientific notation outside (`1e308`, never 309 digits).
fn readable_seconds(seconds: f64) -> String {
    match seconds.abs() {
        x if x == 0.0 || (1e-3..=TimeLimit::MAX_SECONDS).contains(&x) || !x.is_finite() => format!("{seconds}"),
        _ => format!("{seconds:e}"),
    }
}

/// The memory the process may hold while a search runs: a whole number of MiB from 1 to
/// [`MemoryLimit::MAX_MIB`]. A memo search whose table would take the process past it
/// stops with status `memory` before it takes the table
/// (`search::budget::Budget::reserve`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct MemoryLimit(u64);

impl MemoryLimit {
    /// The largest limit accepted: 2^40 MiB.
    pub const MAX_MIB: u64 = 1 << 40;

    /// A limit of `mib` MiB, checked: from 1 to [`MemoryLimit::MAX_MIB`].
    pub fn from_mib(mib: u64) -> Result<MemoryLimit, String> {
        if (1..=MemoryLimit::MAX_MIB).contains(&mib) {
            Ok(MemoryLimit(mib))
        } else {
            Err(format!("expected a positive whole number of MiB up to {}, got {mib}", MemoryLimit::MAX_MIB))
        }
    }

    /// The limit written as text (a flag's value): a whole number of MiB. The clap value
    /// parser of every `--memory-limit`.
    pub fn parse(text: &str) -> Result<MemoryLimit, String> {
        let mib: u64 = text
            .trim()
            .parse()
            .map_err(|_| format!("expected a positive whole number of MiB, got `{}`", excerpt(text)))?;
        MemoryLimit::from_mib(mib)
    }

    /// A manifest's `memory_limit` value: a whole number of MiB.
    pub fn from_toml(value: &toml::Value) -> Result<MemoryLimit, String> {
        match value {
            toml::Value::Integer(mib) => u64::try_from(*mib)
                .map_err(|_| format!("expected a positive whole number of MiB, got {mib}"))
                .and_then(MemoryLimit::from_mib),
            other => Err(format!("expected a whole number of MiB, got {}", excerpt(&other.to_string()))),
        }
    }

    /// The limit in MiB, as metadata and flags write it.
    pub fn mib(self) -> u64 {
        self.0
    }

    /// The limit in bytes, as the budget compares it with the resident memory.
    pub fn bytes(self) -> u64 {
        self.0 << 20
    }
}

/// `512 MiB`.
impl fmt::Display for MemoryLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} MiB", self.0)
    }
}

/// Written as its MiB (a whole number).
impl Serialize for MemoryLimit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0)
    }
}

/// Read from a whole number of MiB, checked as [`MemoryLimit::from_mib`] does.
impl<'de> Deserialize<'de> for MemoryLimit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MemoryLimit, D::Error> {
        MemoryLimit::from_mib(u64::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

/// The limits of a search call, each optional (`None`: no limit). Built from checked
/// parts only, so a value of this type holds no limit out of range.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Limits {
    /// The time one search call may take.
    pub time: Option<TimeLimit>,
    /// The memory the process may hold while the search runs.
    pub memory: Option<MemoryLimit>,
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits { time: None, memory: None };

    /// A time limit alone (`None`: none).
    pub fn of_time(time: Option<TimeLimit>) -> Limits {
        Limits { time, memory: None }
    }

    /// The `time_limit` cell of a row: the seconds, empty without a limit.
    pub fn time_cell(&self) -> String {
        self.time.map(|t| t.seconds().to_string()).unwrap_or_default()
    }

    /// The texts these limits add to a resume key: the time limit's, and the memory
    /// limit's where one is set. They are the texts keys have held since resume keys began
    /// (the time limit as Rust debug-prints an `Option<Duration>`, `Some(300s)`;
    /// `memory_limit=BYTES`), so that a run made before this type still resumes.
    pub fn resume_key_texts(&self) -> (String, Option<String>) {
        let time = format!("{:?}", self.time.map(TimeLimit::duration));
        (time, self.memory.map(|m| format!("memory_limit={}", m.bytes())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_are_checked_once_with_messages_that_name_the_range() {
        assert_eq!(TimeLimit::from_secs(300.0).unwrap().duration(), Duration::from_secs(300));
        assert_eq!(TimeLimit::parse(" 0.5 ").unwrap().seconds(), 0.5);
        assert_eq!(TimeLimit::from_secs(1e-9).unwrap().duration(), Duration::from_nanos(1));
        assert_eq!(TimeLimit::from_secs(1e7).unwrap().seconds(), 1e7);
        for (bad, says) in [
            (0.0, "must be positive"),
            (-5.0, "must be positive"),
            (f64::NAN, "must be positive"),
            (1e7 + 1.0, "too long"),
            (f64::INFINITY, "too long"),
            (1e-10, "below the clock's resolution"),
        ] {
            let e = TimeLimit::from_secs(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
        assert_eq!(
            TimeLimit::from_secs(1e308).unwrap_err(),
            "the time limit is too long: expected a number of seconds above 0, at most 10000000, got 1e308"
        );
        assert!(TimeLimit::parse("ten").unwrap_err().contains("expected a positive number of seconds, got `ten`"));
        assert_eq!(TimeLimit::whole_seconds(45), TimeLimit::from_secs(45.0).unwrap());
    }

    #[test]
    fn memory_limits_are_whole_mib_from_one_to_2_to_the_40() {
        assert_eq!(MemoryLimit::parse("512").unwrap().bytes(), 512 << 20);
        assert_eq!(MemoryLimit::from_mib(1 << 40).unwrap().mib(), 1 << 40);
        assert!(MemoryLimit::from_mib(0).unwrap_err().contains("positive whole number of MiB up to 1099511627776"));
        assert!(MemoryLimit::from_mib((1 << 40) + 1).is_err());
        assert!(MemoryLimit::parse("4G").unwrap_err().contains("got `4G`"));
        assert!(MemoryLimit::from_toml(&toml::Value::Integer(-1)).unwrap_err().contains("got -1"));
        assert!(MemoryLimit::from_toml(&toml::Value::String("4G".into())).unwrap_err().contains("whole number"));
        assert_eq!(MemoryLimit::from_toml(&toml::Value::Integer(64)), MemoryLimit::from_mib(64));
    }

    #[test]
    fn metadata_writes_seconds_and_mib_and_reads_them_back_checked() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Meta {
            time_limit: Option<TimeLimit>,
            memory_limit_mb: Option<MemoryLimit>,
        }
        let meta =
            Meta { time_limit: Some(TimeLimit::whole_seconds(300)), memory_limit_mb: MemoryLimit::from_mib(64).ok() };
        let text = toml::to_string(&meta).unwrap();
        assert_eq!(text, "time_limit = 300.0\nmemory_limit_mb = 64\n");
        assert_eq!(toml::from_str::<Meta>(&text).unwrap(), meta);
        assert!(toml::from_str::<Meta>("time_limit = -1.0\n").unwrap_err().to_string().contains("must be positive"));
        assert!(toml::from_str::<Meta>("memory_limit_mb = 0\n").unwrap_err().to_string().contains("MiB"));
    }

    #[test]
    fn resume_key_texts_are_the_texts_keys_held_before_this_type() {
        // The texts ExperimentSpec::resume_key built from an `Option<Duration>` and the
        // bytes of the memory limit.
        let texts = |l: Limits| {
            let (time, memory) = l.resume_key_texts();
            (time, memory.unwrap_or_default())
        };
        assert_eq!(texts(Limits::NONE), ("None".into(), "".into()));
        let limits = Limits { time: TimeLimit::from_secs(300.0).ok(), memory: MemoryLimit::from_mib(64).ok() };
        assert_eq!(texts(limits), ("Some(300s)".into(), "memory_limit=67108864".into()));
        assert_eq!(texts(Limits::of_time(TimeLimit::from_secs(1.5).ok())).0, "Some(1.5s)");
        assert_eq!(texts(Limits::of_time(TimeLimit::from_secs(0.1).ok())).0, "Some(100ms)");
    }

    #[test]
    fn a_row_writes_the_seconds_or_nothing() {
        assert_eq!(Limits::NONE.time_cell(), "");
        assert_eq!(Limits::of_time(TimeLimit::from_secs(300.0).ok()).time_cell(), "300");
        assert_eq!(Limits::of_time(TimeLimit::from_secs(0.25).ok()).time_cell(), "0.25");
    }
}
