//! The options of `harness ab` and the fixed settings of its calls.

use std::path::PathBuf;
use std::time::Duration;

use crate::base::error::{InputError, Result};
use crate::base::machine::Threads;
use crate::base::stats::decision::Rule;
use crate::results::ab::AbMode;

/// The timed calls of a cell in one process take at least this many seconds.
pub const CALIBRATED_SECONDS: f64 = 0.1;

/// The timed calls `k` of a process stop growing once the item's calls would take this
/// many seconds a side.
pub const MAX_PROCESS_SECONDS: f64 = 4.0;

/// The most timed calls of a cell in one process.
pub const MAX_REPEATS: u32 = 1000;

/// Added to every call's time limit: a process's start and its output.
pub const CALL_MARGIN: Duration = Duration::from_secs(5);

/// The most bytes a build's `harness cell` may print in one call (its rows are one line
/// of JSON of a few kilobytes).
pub const MAX_OUTPUT_BYTES: usize = 16 << 20;

/// How long the first round's calls may take when the manifest sets no time limit.
pub const UNLIMITED_FIRST_CALL: Duration = Duration::from_secs(3600);

/// Options of `harness ab`.
#[derive(Debug, Clone)]
pub struct AbOptions {
    /// The baseline build (A).
    pub baseline: PathBuf,
    /// The candidate build (B).
    pub candidate: PathBuf,
    /// The manifest whose items are timed.
    pub manifest: PathBuf,
    /// Keep experiments whose game or name is listed.
    pub only: Vec<String>,
    /// Threads each side runs on (`None`: each side's default).
    pub threads: Option<Threads>,
    /// Rounds every item takes at least (6: the fewest for a 95 % signed-rank interval).
    pub min_rounds: u32,
    /// Rounds an item takes at most.
    pub max_rounds: u32,
    /// Wall time after which an item starts no further round (once it has its minimum).
    pub budget: Duration,
    /// Wall time after which no item starts a further round (once each has its minimum).
    pub total_budget: Duration,
    /// A cell whose interval lies within ±this share is `same`.
    pub resolution: f64,
    /// Both builds at once on a core each ([`AbMode::Simultaneous`]).
    pub simultaneous: bool,
    /// Whether a corrected `slower` fails the A/B.
    pub fail_on_slower: bool,
    /// The seed of the rounds' orders.
    pub seed: u64,
    /// Whether each item's timed calls are also counted in instructions under callgrind
    /// (`--metric instructions`).
    pub count_instructions: bool,
}

impl AbOptions {
    pub(super) fn mode(&self) -> AbMode {
        if self.simultaneous {
            AbMode::Simultaneous
        } else {
            AbMode::Alternate
        }
    }

    pub(super) fn rule(&self) -> Rule {
        Rule { min_rounds: (self.min_rounds as usize).max(1), ..Rule::new(self.resolution) }
    }

    /// Refuses what cannot run: the simultaneous mode needs one thread a side and two
    /// cores.
    pub(super) fn check(&self) -> Result<(), InputError> {
        if self.count_instructions {
            crate::runner::instructions::check_available()?;
        }
        if self.max_rounds < self.min_rounds {
            return Err(InputError::new(format!(
                "--max-rounds ({}) must be at least --min-rounds ({})",
                self.max_rounds, self.min_rounds
            )));
        }
        if self.simultaneous {
            if self.threads != Some(Threads::ONE) {
                return Err(InputError::new(
                    "--simultaneous runs the two builds at once on a core each: give -j 1 (one thread a side)",
                ));
            }
            let cores = crate::base::machine::logical_cores();
            if cores < 2 {
                return Err(InputError::new(format!(
                    "--simultaneous needs two cores, this machine has {cores}; run without it"
                )));
            }
        }
        Ok(())
    }
}
