//! Command-line options shared by every one-shot search command.

use std::io::Write;

use crate::base::error::{InputError, Result};
use crate::base::limits::{Limits, MemoryLimit, TimeLimit};
use crate::base::machine::{machine_memory, MemorySource, Threads};
use crate::base::text::excerpt;
use crate::experiment::parallel::SearchItem;
use crate::experiment::spec::ExperimentSpec;
use crate::search::budget::Budget;

/// `-j`/`--threads N`: the worker threads, declared once for every command that takes
/// them (flattened with `#[command(flatten)]`).
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct ThreadsArg {
    /// Worker threads, from 1 to 1024 (default: HARNESS_THREADS, else RAYON_NUM_THREADS,
    /// else all cores; 1 runs the plain sequential search).
    #[arg(short = 'j', long = "threads", value_parser = Threads::parse, value_name = "N")]
    pub threads: Option<Threads>,
}

impl ThreadsArg {
    /// The threads asked for, or the default ([`Threads::or_default`]; a count above the
    /// cores is warned about on stderr, once).
    pub fn or_default(&self) -> Threads {
        Threads::or_default(self.threads)
    }
}

/// `--time-limit SECONDS`: the time limit of each search, declared once for every
/// command that takes one.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct TimeLimitArg {
    /// Time limit of each search in seconds, from 0.000000001 to 10000000 (default: none,
    /// or a manifest's `time_limit`); a search past it stops, and Ctrl-C or SIGTERM stop
    /// it too.
    #[arg(long = "time-limit", value_parser = TimeLimit::parse, value_name = "SECONDS", allow_negative_numbers = true)]
    pub time_limit: Option<TimeLimit>,
}

/// `--time-limit SECONDS` and `--memory-limit MIB`: a search's limits, declared once.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct LimitArgs {
    #[command(flatten)]
    pub time: TimeLimitArg,
    /// Memory limit of the process in MiB (default: none, or a manifest's
    /// `memory_limit`): a memo search whose table would take it past this stops with
    /// status `memory` before it takes the table.
    #[arg(long = "memory-limit", value_parser = memory_limit_here, value_name = "MIB")]
    pub memory_limit: Option<MemoryLimit>,
}

/// clap value parser of `--memory-limit`: a [`MemoryLimit`] this machine can hold (a
/// limit above the memory the process may use would never be reached: the system stops
/// the search first).
fn memory_limit_here(s: &str) -> Result<MemoryLimit, String> {
    let limit = MemoryLimit::parse(s)?;
    match crate::base::machine::memory_limit_problem(limit) {
        Some(problem) => Err(problem),
        None => Ok(limit),
    }
}

impl LimitArgs {
    /// The limits the flags give (checked when they were parsed).
    pub fn limits(&self) -> Limits {
        Limits { time: self.time.time_limit, memory: self.memory_limit }
    }
}

/// `--json`, `--threads N`, `--time-limit SECONDS` and `--memory-limit MIB`, flattened
/// into a game's search commands with `#[command(flatten)]`.
#[derive(Debug, Clone, clap::Args)]
pub struct SearchArgs {
    /// Print one JSON object on stdout (messages go to stderr).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub threads: ThreadsArg,
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub use crate::base::machine::MAX_THREADS;

/// clap value parser of `--samples`: see [`crate::experiment::sampling::check_samples`].
pub fn parse_samples(s: &str) -> std::result::Result<u32, String> {
    let n: i64 = s.trim().parse().map_err(|_| format!("expected a whole number of samples, got `{}`", excerpt(s)))?;
    crate::experiment::sampling::check_samples(n)
}

/// clap value parser of `--warmup`: see [`crate::experiment::sampling::check_warmup`].
pub fn parse_warmup(s: &str) -> std::result::Result<u32, String> {
    let n: i64 =
        s.trim().parse().map_err(|_| format!("expected a whole number of warm-up runs, got `{}`", excerpt(s)))?;
    crate::experiment::sampling::check_warmup(n)
}

/// clap value parser of `--sample-budget`: see [`crate::experiment::sampling::check_sample_budget`].
pub fn parse_sample_budget(s: &str) -> std::result::Result<f64, String> {
    let secs: f64 = s.trim().parse().map_err(|_| format!("expected a number of seconds, got `{}`", excerpt(s)))?;
    crate::experiment::sampling::check_sample_budget(secs).map(|_| secs)
}

impl SearchArgs {
    /// The thread count asked for, or the default; a count above the cores is warned
    /// about on stderr (once).
    pub fn threads(&self) -> usize {
        self.threads.or_default().get()
    }

    /// The limits the flags give (checked when they were parsed).
    pub fn limits(&self) -> Limits {
        self.limits.limits()
    }

    /// The budget of one search under [`SearchArgs::limits`], its time limit starting now.
    pub fn budget(&self) -> Budget {
        Budget::start(&self.limits())
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

/// The version of the `--json` objects' schema (docs/harness.md, "JSON output"): raised
/// when a field is renamed or removed or changes its meaning, not when one is added.
pub const JSON_SCHEMA_VERSION: u32 = 1;

/// Prints `value` as one JSON object on one line of stdout: what `--json` prints, a
/// finished result or a stopped search's `"status": "timeout"` object alike. Every object
/// leads with `"status"` (`"ok"` unless `value` has its own) and `"version"`
/// ([`JSON_SCHEMA_VERSION`]), and gets the key `peak_memory_bytes` ([`with_peak_memory`]).
pub fn print_json(value: &impl serde::Serialize) -> Result<()> {
    let value = with_peak_memory(serde_json::to_value(value).map_err(anyhow::Error::from)?);
    let line = stamped_json(&value).map_err(anyhow::Error::from)?;
    writeln!(std::io::stdout().lock(), "{line}")?;
    JSON_PRINTED.store(true, std::sync::atomic::Ordering::Relaxed);
    Ok(())
}

/// `value` as one line of JSON; an object gains `"status": "ok"` where it has no status
/// and `"version"` where it has none, in front of its own fields.
pub fn stamped_json(value: &impl serde::Serialize) -> serde_json::Result<String> {
    let mut line = serde_json::to_string(value)?;
    if let serde_json::Value::Object(fields) = serde_json::to_value(value)? {
        let mut head = String::new();
        if !fields.contains_key("status") {
            head.push_str(r#""status":"ok","#);
        }
        if !fields.contains_key("version") {
            head.push_str(&format!(r#""version":{JSON_SCHEMA_VERSION},"#));
        }
        if fields.is_empty() {
            head.pop();
        }
        line.insert_str(1, &head);
    }
    Ok(line)
}

/// `value` with the key `peak_memory_bytes` added when it is an object without one: the
/// process's peak resident memory in bytes
/// ([`crate::search::timing::process_peak_bytes`]), `null` where the system does not tell.
pub fn with_peak_memory(mut value: serde_json::Value) -> serde_json::Value {
    if let serde_json::Value::Object(fields) = &mut value {
        let peak = crate::search::timing::process_peak_bytes();
        fields.entry("peak_memory_bytes").or_insert_with(|| peak.into());
    }
    value
}

static JSON_PRINTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether [`print_json`] has printed this process's JSON object (so a failing `--json`
/// command prints no second one).
pub fn json_printed() -> bool {
    JSON_PRINTED.load(std::sync::atomic::Ordering::Relaxed)
}

/// The largest default memo table in MiB.
pub const MAX_DEFAULT_MEMO_MB: u64 = 8192;

/// The memo table size of every search that does not name one, in every game and every
/// command: a quarter of the memory the process may use ([`machine_memory`]: the control
/// group's limit when one is set, as in a Slurm job with `--mem` or a container, else
/// physical memory), at most [`MAX_DEFAULT_MEMO_MB`] (1024 MiB where the memory is
/// unknown).
pub fn default_memo_mb() -> u64 {
    default_memo_mb_of(machine_memory().bytes)
}

/// [`default_memo_mb`] for a process that may use `bytes`.
pub fn default_memo_mb_of(bytes: Option<u64>) -> u64 {
    bytes.map_or(1024, |b| (b >> 20) / 4).clamp(1, MAX_DEFAULT_MEMO_MB)
}

/// The share of physical memory, in percent, that a memo table may take at most: the
/// rest is left to the searches, the system and other programs.
pub const MAX_MEMO_SHARE_PERCENT: u64 = 75;

/// The largest memo table in MiB on a machine with `physical_mb` MiB of memory:
/// [`MAX_MEMO_SHARE_PERCENT`] of it.
pub fn max_memo_mb(physical_mb: u64) -> u64 {
    physical_mb / 100 * MAX_MEMO_SHARE_PERCENT + physical_mb % 100 * MAX_MEMO_SHARE_PERCENT / 100
}

/// Checks a memo table size in MiB, the one check of `--memo-mb` and `memo_mb`: a positive
/// whole number, at most [`MAX_MEMO_SHARE_PERCENT`] % of the memory the process may use
/// ([`machine_memory`]: the control group's limit, else physical memory, where the system
/// tells it). The message says what is wrong, without naming the flag or key (its caller
/// does).
pub fn check_memo_mb(mb: u64) -> Result<u64, String> {
    if mb == 0 {
        return Err("must be a positive number of MiB, got 0".to_string());
    }
    let limit = machine_memory();
    let what = match limit.source {
        MemorySource::Cgroup => "the memory limit of this process's control group",
        _ => "this machine's physical memory",
    };
    match limit.bytes.map(|b| b >> 20) {
        Some(phys_mb) if mb > max_memo_mb(phys_mb) => Err(format!(
            "{mb} MiB is more than {MAX_MEMO_SHARE_PERCENT} % of {what} ({} of {phys_mb} MiB), the most a memo \
             table may take so that the search, the system and other programs keep room",
            max_memo_mb(phys_mb)
        )),
        _ => Ok(mb),
    }
}

/// clap value parser of `--memo-mb` (clap names the flag in its message).
pub fn parse_memo_mb(s: &str) -> Result<u64, String> {
    let mb: u64 =
        s.trim().parse().map_err(|_| format!("expected a positive whole number of MiB, got `{}`", excerpt(s)))?;
    check_memo_mb(mb)
}

/// The memo table size of a manifest entry: its `memo_mb` key, checked and refused on its
/// line, or [`default_memo_mb`].
pub fn manifest_memo_mb(spec: &ExperimentSpec, key: Option<u64>) -> Result<u64, InputError> {
    match key {
        Some(mb) => check_memo_mb(mb).map_err(|e| spec.error(Some("memo_mb"), format!("`memo_mb`: {e}"))),
        None => Ok(default_memo_mb()),
    }
}

/// The memo table size of one entry of a `parallel` or `speed` experiment's `items`: its
/// `memo_mb` key, checked and refused on the `items` line, or [`default_memo_mb`].
pub fn item_memo_mb(item: &SearchItem, key: Option<u64>) -> Result<u64, InputError> {
    match key {
        Some(mb) => check_memo_mb(mb).map_err(|e| item.error(format!("`memo_mb`: {e}"))),
        None => Ok(default_memo_mb()),
    }
}

/// `--memo` and `--memo-mb`, flattened into the search commands that can count through
/// the memo.
#[derive(Debug, Clone, clap::Args)]
pub struct MemoArgs {
    /// Count through a transposition table: the same numbers as the plain walk, each
    /// distinct subtree walked once.
    #[arg(long)]
    pub memo: bool,
    /// Size of the memo table in MiB (default: a quarter of the memory the process may use,
    /// its control group's limit or else physical memory, at most 8192; at most 75 % of
    /// that memory, so that the system keeps room).
    #[arg(long, value_parser = parse_memo_mb, value_name = "MIB")]
    pub memo_mb: Option<u64>,
}

impl MemoArgs {
    /// The table size in MiB.
    pub fn megabytes(&self) -> u64 {
        self.memo_mb.unwrap_or_else(default_memo_mb)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_flags_give_one_checked_limits_value() {
        use clap::Parser;
        #[derive(Debug, clap::Parser)]
        struct Cli {
            #[command(flatten)]
            search: SearchArgs,
        }
        let cli = Cli::try_parse_from(["x", "--time-limit", "0.2", "--memory-limit", "64"]).unwrap();
        let limits = cli.search.limits();
        assert_eq!(
            (limits.time.map(TimeLimit::seconds), limits.memory.map(MemoryLimit::bytes)),
            (Some(0.2), Some(64 << 20))
        );
        for bad in ["1e-300", "1e-10", "0", "-1", "inf", "NaN", "1e8"] {
            assert!(Cli::try_parse_from(["x", "--time-limit", bad]).is_err(), "{bad}");
        }
        let e = Cli::try_parse_from(["x", "--time-limit", "-5"]).unwrap_err().to_string();
        assert!(e.contains("the time limit must be positive"), "{e}");
        assert!(Cli::try_parse_from(["x", "--memory-limit", "0"]).is_err());
        assert_eq!(Cli::try_parse_from(["x"]).unwrap().search.limits(), Limits::NONE);
    }

    #[test]
    fn every_json_object_carries_status_and_version() {
        let ok = stamped_json(&serde_json::json!({"b": 1, "a": 2})).unwrap();
        assert_eq!(ok, format!(r#"{{"status":"ok","version":{JSON_SCHEMA_VERSION},"a":2,"b":1}}"#));
        let timeout = stamped_json(&serde_json::json!({"status": "timeout"})).unwrap();
        assert_eq!(timeout, format!(r#"{{"version":{JSON_SCHEMA_VERSION},"status":"timeout"}}"#));
        assert_eq!(
            stamped_json(&serde_json::json!({})).unwrap(),
            format!(r#"{{"status":"ok","version":{JSON_SCHEMA_VERSION}}}"#)
        );
        assert_eq!(stamped_json(&[1, 2]).unwrap(), "[1,2]");
    }

    #[test]
    fn memo_mb_is_checked() {
        assert!(parse_memo_mb("0").is_err());
        assert!(parse_memo_mb("-3").is_err());
        assert!(parse_memo_mb("x").is_err());
        assert_eq!(parse_memo_mb("16"), Ok(16));
        if let Some(phys_mb) = machine_memory().bytes.map(|b| b >> 20) {
            assert!(parse_memo_mb("1000000000").unwrap_err().contains("memory"));
            let cap = max_memo_mb(phys_mb);
            assert_eq!(parse_memo_mb(&cap.to_string()), Ok(cap));
            let e = parse_memo_mb(&(cap + 1).to_string()).unwrap_err();
            assert!(e.contains("75 % of"), "{e}");
            assert!(parse_memo_mb(&phys_mb.to_string()).is_err());
        }
        assert_eq!(max_memo_mb(24_105), 18_078);
        assert_eq!(max_memo_mb(100), 75);
        assert!((1..=MAX_DEFAULT_MEMO_MB).contains(&default_memo_mb()));
        assert_eq!(default_memo_mb_of(Some(2 << 30)), 512, "a quarter of a 2 GiB limit (Slurm --mem=2G)");
        assert_eq!(default_memo_mb_of(Some(1 << 40)), MAX_DEFAULT_MEMO_MB);
        assert_eq!(default_memo_mb_of(None), 1024);
    }
}
