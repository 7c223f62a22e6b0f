//! The `status` cell of a row and the status words it starts with: one status per row
//! (and one per `PREFIX_status` field), saying why a numeric cell is empty.

use std::fmt;

use serde::ser::{self, Serialize};

use super::cell_types::{marked, resolved, RESOLUTION_SECONDS};
use crate::results::columns::StatusWord;
use crate::search::budget::Stopped;
use crate::search::timing::{Sampled, Samples};

/// Text of the `status` column for a finished item.
pub const STATUS_OK: &str = StatusWord::Ok.as_str();
/// Text of the `status` column for an item stopped by its time limit.
pub const STATUS_TIMEOUT: &str = StatusWord::Timeout.as_str();

/// The status word of a stopped search.
pub fn status_word(stopped: Stopped) -> StatusWord {
    match stopped {
        Stopped::TimeLimit => StatusWord::Timeout,
        Stopped::Interrupted => StatusWord::Interrupted,
        Stopped::Memory => StatusWord::Memory,
    }
}

/// The `status` cell for a stopped search.
pub fn status_of(stopped: Stopped) -> String {
    status_word(stopped).to_string()
}

/// The `status` cell of a row (a field of this type is a status column of its own:
/// `PREFIX_status` explains the empty cells of the columns `PREFIX_*`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Status {
    /// Every measurement of the row finished (`ok`).
    #[default]
    Ok,
    /// A search of the row stopped (`timeout`, `interrupted` or `memory`); what it would
    /// have measured is left empty.
    Stopped(Stopped),
    /// The row's measurements disagree or failed (`error: MESSAGE`).
    Error(String),
}

impl Status {
    /// `Ok` for a finished search, `Stopped` for one that stopped.
    pub fn of<T>(result: &Result<T, Stopped>) -> Status {
        match result {
            Ok(_) => Status::Ok,
            Err(s) => Status::Stopped(*s),
        }
    }

    /// The status of a sampled cell: `error: nondeterministic ...` when its samples
    /// disagreed, else as [`Status::of`] its outcome.
    pub fn of_sampled<T>(sampled: &Sampled<T>) -> Status {
        match &sampled.nondeterministic {
            Some(what) => Status::Error(what.clone()),
            None => Status::of(&sampled.outcome),
        }
    }

    /// The first status of `statuses` that is not `Ok`, else `Ok`.
    pub fn first_failure(statuses: impl IntoIterator<Item = Status>) -> Status {
        statuses.into_iter().find(|s| *s != Status::Ok).unwrap_or(Status::Ok)
    }

    /// The word the cell starts with.
    pub fn word(&self) -> StatusWord {
        match self {
            Status::Ok => StatusWord::Ok,
            Status::Stopped(s) => status_word(*s),
            Status::Error(_) => StatusWord::Error,
        }
    }
}

impl From<Stopped> for Status {
    fn from(s: Stopped) -> Status {
        Status::Stopped(s)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Error(message) => write!(f, "{}: {message}", StatusWord::Error),
            other => f.write_str(other.word().as_str()),
        }
    }
}

impl Serialize for Status {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        marked(s, col!("status", "status"), self)
    }
}

/// The `timing_status` cell ([`crate::results::columns::TIMING_STATUS`]): empty, or why a
/// rate or ratio of a finished row is empty: a timing it rests on has a median under the
/// timer's reliable resolution ([`RESOLUTION_SECONDS`]), `under 1 ms, no WHAT`. A
/// measurement (it depends on the timing), so the row's exact `status` stays `ok` and the
/// same in every run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TimingStatus(pub Option<String>);

impl TimingStatus {
    /// Why `what` (a rate, a speed-up) is empty, when some of `samples` has a median
    /// under the resolution; empty otherwise (samples not measured, `None`, are a stop's,
    /// which the row's `status` says).
    pub fn of<'a>(what: &str, samples: impl IntoIterator<Item = Option<&'a Samples>>) -> TimingStatus {
        let short = samples.into_iter().flatten().any(|s| !s.is_empty() && !resolved(s));
        TimingStatus(short.then(|| format!("under {:.0} ms, no {what}", RESOLUTION_SECONDS * 1000.0)))
    }
}

impl Serialize for TimingStatus {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Some(text) => marked(s, col!("status", "measured"), text),
            None => s.serialize_none(),
        }
    }
}
