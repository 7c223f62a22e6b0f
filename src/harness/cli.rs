//! Command-line options shared by every one-shot search command.

use std::io::Write;
use std::time::Duration;

use super::budget::Budget;
use super::error::{InputError, Result};

/// `--json`, `--threads N` and `--time-limit SECONDS`, flattened into a game's search
/// commands with `#[command(flatten)]`.
#[derive(Debug, Clone, clap::Args)]
pub struct SearchArgs {
    /// Print one JSON object on stdout (messages go to stderr).
    #[arg(long)]
    pub json: bool,
    /// Worker threads, from 1 to 1024 (default: all cores; 1 runs the plain sequential search).
    #[arg(long, value_parser = parse_threads, value_name = "N")]
    pub threads: Option<u32>,
    /// Per-call time limit in seconds (default: none; at most 10000000).
    #[arg(long, value_parser = parse_time_limit, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
}

/// The most threads a manifest or `--threads` may ask for.
pub const MAX_THREADS: usize = 1024;

/// Number of cores of this machine: the thread count when none is given.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// clap value parser of every `--threads`: a whole number from 1 to [`MAX_THREADS`].
pub fn parse_threads(s: &str) -> std::result::Result<u32, String> {
    let max = MAX_THREADS;
    match s.trim().parse::<u32>() {
        Ok(n) if (1..=max as u32).contains(&n) => Ok(n),
        _ => Err(format!("expected a whole number from 1 to {max}, got `{s}`")),
    }
}

/// `n` and the word, in the plural unless `n` is 1: `1 tile`, `3 tiles`.
pub fn count_of(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The largest time limit accepted anywhere (flags and manifests): 10^7 s, about 116 days.
pub const MAX_TIME_LIMIT_S: f64 = 1e7;

/// Checks a time limit in seconds: finite, positive and at most [`MAX_TIME_LIMIT_S`].
/// The one place where every flag and manifest limit is validated.
pub fn check_time_limit(seconds: f64) -> std::result::Result<f64, String> {
    if seconds.is_finite() && seconds > 0.0 && seconds <= MAX_TIME_LIMIT_S {
        Ok(seconds)
    } else {
        Err(format!("expected a positive number of seconds up to {MAX_TIME_LIMIT_S:.0}, got {seconds}"))
    }
}

/// clap value parser of every `--time-limit`: see [`check_time_limit`].
pub fn parse_time_limit(s: &str) -> std::result::Result<f64, String> {
    let seconds: f64 = s.trim().parse().map_err(|_| format!("expected a positive number of seconds, got `{s}`"))?;
    check_time_limit(seconds)
}

impl SearchArgs {
    /// The thread count asked for, or all cores.
    pub fn threads(&self) -> usize {
        self.threads.map(|t| t as usize).unwrap_or_else(default_threads)
    }

    /// A budget with the time limit starting now; refuses a limit outside
    /// [`check_time_limit`].
    pub fn budget(&self) -> Result<Budget> {
        match self.time_limit {
            Some(t) => {
                let t = check_time_limit(t).map_err(|e| InputError::new(format!("--time-limit: {e}")))?;
                Ok(Budget::new(Some(Duration::from_secs_f64(t))))
            }
            None => Ok(Budget::new(None)),
        }
    }
}

/// Prints the result of a one-shot command, the one way every game does it: with
/// `--json` (`json`), `value` as one JSON object on one line of stdout (see
/// [`print_json`]); otherwise the text that `text` builds, as it is.
pub fn print_result(json: bool, value: &impl serde::Serialize, text: impl FnOnce() -> String) -> Result<()> {
    if json {
        return print_json(value);
    }
    writeln!(std::io::stdout().lock(), "{}", text())?;
    Ok(())
}

/// Prints `value` as one JSON object on one line of stdout: what `--json` prints, a
/// finished result or a stopped search's `"status": "timeout"` object alike.
pub fn print_json(value: &impl serde::Serialize) -> Result<()> {
    let line = serde_json::to_string(value).map_err(anyhow::Error::from)?;
    writeln!(std::io::stdout().lock(), "{line}")?;
    Ok(())
}
