//! Facts of the machine a run happens on — CPU model, cores, physical memory, host name,
//! load average — read through `sysinfo`, so they are the same on Linux, macOS and
//! Windows; and, where Linux tells them, the memory limit of the process's control group,
//! the CPU frequency governor, boost/turbo and the caches ([`MachineState`]), and the
//! process's resident memory and its peak ([`reset_peak_resident`]). `unknown`
//! (or `None`) where the system does not tell. A thread count above the cores is warned
//! about once ([`warn_if_more_threads_than_cores`]).

use serde::{Deserialize, Serialize};

use sysinfo::{CpuRefreshKind, MemoryRefreshKind, RefreshKind, System};

use crate::base::error::InputError;
use crate::base::limits::MemoryLimit;
use crate::base::text::{count_of, excerpt};

/// The most threads a manifest, `--threads` or `HARNESS_THREADS` may ask for.
pub const MAX_THREADS: usize = 1024;

/// Logical cores of this machine (1 where unknown).
pub fn logical_cores() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// The thread count when none is given: `HARNESS_THREADS`, else rayon's
/// `RAYON_NUM_THREADS` (where nonzero), else [`logical_cores`]. A value outside 1 to
/// [`MAX_THREADS`] counts as unset here; [`threads_from_env`] refuses it.
pub fn default_threads() -> usize {
    threads_from_env().ok().flatten().unwrap_or_else(logical_cores)
}

/// The thread count that `HARNESS_THREADS` or else `RAYON_NUM_THREADS` asks for (`None`
/// where neither is set, or rayon's is empty or 0, its own word for "all cores"); an error
/// naming the variable when its value is not a whole number from 1 to [`MAX_THREADS`].
pub fn threads_from_env() -> Result<Option<usize>, InputError> {
    let read = |name: &str| std::env::var(name).ok().map(|v| (name.to_string(), v.trim().to_string()));
    let chosen = match (read("HARNESS_THREADS"), read("RAYON_NUM_THREADS")) {
        (Some(h), _) => h,
        (None, Some((_, r))) if r.is_empty() || r == "0" => return Ok(None),
        (None, Some(r)) => r,
        (None, None) => return Ok(None),
    };
    parse_thread_count(&chosen.1).map(Some).map_err(|e| InputError::new(format!("{}: {e}", chosen.0)))
}

/// A thread count: a whole number from 1 to [`MAX_THREADS`].
pub fn parse_thread_count(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!("expected a whole number from 1 to {MAX_THREADS}, got `{}`", excerpt(s))),
    }
}

/// The warning for `threads` worker threads on this machine, where they are more than its
/// logical cores: the threads then take turns on the cores, and the times measured say
/// more about the turns than about the search.
pub fn threads_warning(threads: usize) -> Option<String> {
    let cores = logical_cores();
    (threads > cores).then(|| {
        format!(
            "warning: {threads} threads on a machine with {}: the threads take turns on the cores, so times \
             will not be trustworthy (give --threads {cores} or fewer)",
            count_of(cores as u64, "core")
        )
    })
}

/// A worker-thread count, checked once where it is read (`-j N`, `HARNESS_THREADS`): a
/// whole number from 1 to [`MAX_THREADS`]. It is carried as this type from the command
/// line to the pool; [`Threads::get`] gives the count where a search takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Threads(std::num::NonZeroUsize);

impl Threads {
    /// One thread: the plain sequential search.
    pub const ONE: Threads = Threads(std::num::NonZeroUsize::MIN);

    /// `n` threads, or `None` outside 1 to [`MAX_THREADS`].
    pub fn new(n: usize) -> Option<Threads> {
        (n <= MAX_THREADS).then_some(std::num::NonZeroUsize::new(n)).flatten().map(Threads)
    }

    /// The clap value parser of every `--threads`/`-j` (see [`parse_thread_count`]).
    pub fn parse(s: &str) -> Result<Threads, String> {
        parse_thread_count(s).map(|n| Threads::new(n).expect("parse_thread_count checks the range"))
    }

    /// The count.
    pub fn get(self) -> usize {
        self.0.get()
    }

    /// The threads a command runs on: `asked` (its `-j N`), else [`default_threads`]; a
    /// count above the cores is warned about on stderr ([`warn_if_more_threads_than_cores`]).
    pub fn or_default(asked: Option<Threads>) -> Threads {
        let threads = asked.unwrap_or_else(|| Threads::new(default_threads().min(MAX_THREADS)).unwrap_or(Threads::ONE));
        warn_if_more_threads_than_cores(threads.get());
        threads
    }
}

impl std::fmt::Display for Threads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Prints [`threads_warning`] on stderr, once per process however often it is called.
pub fn warn_if_more_threads_than_cores(threads: usize) {
    static WARNED: std::sync::Once = std::sync::Once::new();
    if let Some(warning) = threads_warning(threads) {
        WARNED.call_once(|| eprintln!("{warning}"));
    }
}

/// The CPU's model name (the first core's brand), or `unknown`.
pub fn cpu_model() -> String {
    let sys = System::new_with_specifics(RefreshKind::nothing().with_cpu(CpuRefreshKind::nothing()));
    sys.cpus()
        .first()
        .map(|c| c.brand().trim().to_string())
        .filter(|b| !b.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

/// Physical memory in bytes, if the system tells.
pub fn physical_memory_bytes() -> Option<u64> {
    let sys = System::new_with_specifics(RefreshKind::nothing().with_memory(MemoryRefreshKind::nothing().with_ram()));
    Some(sys.total_memory()).filter(|&b| b > 0)
}

/// Why `limit` cannot work on this machine: it is above the memory this process may use
/// ([`machine_memory`]), so the search would be stopped by the system (or swap) long
/// before the limit; `None` when it fits or the machine's memory is unknown.
pub fn memory_limit_problem(limit: MemoryLimit) -> Option<String> {
    let memory = machine_memory();
    let bytes = memory.bytes.filter(|&b| limit.bytes() > b)?;
    let source = match memory.source {
        MemorySource::Cgroup => "the control group's limit",
        _ => "physical memory",
    };
    Some(format!(
        "a memory limit of {limit} is more than this machine has ({} MiB, {source}): the system would stop the \
         search before the limit does; give at most {} MiB",
        bytes >> 20,
        bytes >> 20
    ))
}

/// Where the memory the process may use was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MemorySource {
    /// The memory limit of the process's control group (Slurm's `--mem`, a container's
    /// limit), which is below physical memory.
    Cgroup,
    /// Physical memory: no lower control-group limit applies.
    Physical,
    /// Neither is known (the default table size is then 1 GiB).
    Unknown,
}

/// The memory this process may use: the control group's limit when one is set below
/// physical memory, else physical memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MachineMemory {
    /// The bytes, where known.
    pub bytes: Option<u64>,
    /// Where they were read from.
    pub source: MemorySource,
}

/// The memory this process may use ([`MachineMemory`]): the smallest memory limit of its
/// control group and the groups above it (Linux, cgroup v2 `memory.max` or v1
/// `memory.limit_in_bytes`, read from `/proc/self/cgroup`'s paths; else what `sysinfo`
/// reads at the hierarchy's root) when below physical memory, else physical memory.
pub fn machine_memory() -> MachineMemory {
    let physical = physical_memory_bytes();
    let cgroup = cgroup_memory_limit().or_else(|| {
        let mut sys =
            System::new_with_specifics(RefreshKind::nothing().with_memory(MemoryRefreshKind::nothing().with_ram()));
        sys.refresh_memory();
        (sys.total_memory() > 0).then(|| sys.cgroup_limits().map(|l| l.total_memory)).flatten()
    });
    match (cgroup, physical) {
        (Some(c), Some(p)) if c < p => MachineMemory { bytes: Some(c), source: MemorySource::Cgroup },
        (Some(c), None) => MachineMemory { bytes: Some(c), source: MemorySource::Cgroup },
        (_, Some(p)) => MachineMemory { bytes: Some(p), source: MemorySource::Physical },
        (None, None) => MachineMemory { bytes: None, source: MemorySource::Unknown },
    }
}

/// The smallest memory limit on the way from this process's control group up to the
/// root, as `/proc/self/cgroup` names the group (cgroup v2, then v1); `None` where none
/// is set or readable (not Linux).
fn cgroup_memory_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mut limits = Vec::new();
    for line in text.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next(), parts.next()?, parts.next()?);
        let (root, file) = match controllers {
            "" => ("/sys/fs/cgroup".to_string(), "memory.max"),
            c if c.split(',').any(|x| x == "memory") => ("/sys/fs/cgroup/memory".to_string(), "memory.limit_in_bytes"),
            _ => continue,
        };
        let mut dir = std::path::PathBuf::from(path);
        loop {
            let at = std::path::Path::new(&root).join(dir.strip_prefix("/").unwrap_or(&dir)).join(file);
            let value = std::fs::read_to_string(at).ok().and_then(|v| v.trim().parse::<u64>().ok());
            limits.extend(value.filter(|&v| v < 1 << 62));
            if !dir.pop() {
                break;
            }
        }
    }
    limits.into_iter().min()
}

/// The CPU frequency governor of the first core (`performance`, `powersave`,
/// `schedutil`, ...), where Linux tells it (`/sys/devices/system/cpu/cpu0/cpufreq`).
pub fn cpu_governor() -> Option<String> {
    read_trimmed("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
}

/// Whether the CPU may run above its base frequency (boost, turbo), where Linux tells it:
/// `cpufreq/boost` (AMD, generic), else `intel_pstate/no_turbo` (Intel, inverted).
pub fn cpu_boost() -> Option<bool> {
    if let Some(b) = read_trimmed("/sys/devices/system/cpu/cpufreq/boost") {
        return Some(b == "1");
    }
    read_trimmed("/sys/devices/system/cpu/intel_pstate/no_turbo").map(|n| n == "0")
}

/// The first core's caches as `L1d 48K`, `L2 2048K`, ..., where Linux tells them
/// (`/sys/devices/system/cpu/cpu0/cache/index*`); empty elsewhere.
pub fn cpu_caches() -> Vec<String> {
    let mut caches = Vec::new();
    for index in 0..8 {
        let dir = format!("/sys/devices/system/cpu/cpu0/cache/index{index}");
        let (Some(level), Some(size)) = (read_trimmed(&format!("{dir}/level")), read_trimmed(&format!("{dir}/size")))
        else {
            continue;
        };
        let kind = match read_trimmed(&format!("{dir}/type")).as_deref() {
            Some("Data") => "d",
            Some("Instruction") => "i",
            _ => "",
        };
        caches.push(format!("L{level}{kind} {size}"));
    }
    caches
}

fn read_trimmed(path: &str) -> Option<String> {
    std::fs::read_to_string(path).ok().map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

/// The state of the machine during a run, as `run.toml` records it (Google Benchmark's
/// context, pyperf's metadata): each field absent where the system does not tell.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MachineState {
    /// The CPU frequency governor ([`cpu_governor`]); times are steadiest under
    /// `performance`.
    #[serde(default)]
    pub governor: Option<String>,
    /// Whether boost/turbo is on ([`cpu_boost`]).
    #[serde(default)]
    pub boost: Option<bool>,
    /// The first core's caches ([`cpu_caches`]).
    #[serde(default)]
    pub caches: Vec<String>,
    /// The one-minute load average when the run started.
    #[serde(default)]
    pub load_before: Option<f64>,
    /// The one-minute load average when it ended.
    #[serde(default)]
    pub load_after: Option<f64>,
    /// The memory the process may use in bytes ([`machine_memory`]).
    #[serde(default)]
    pub memory_bytes: Option<u64>,
    /// Where that figure came from: `cgroup`, `physical` or `unknown`.
    #[serde(default)]
    pub memory_source: Option<MemorySource>,
    /// The run's `--memory-limit` in MiB, where given (each experiment's `memory_limit`
    /// is in its metadata).
    #[serde(default)]
    pub memory_limit_mb: Option<MemoryLimit>,
    /// Whether the run pinned its worker threads to cores (`harness run --pin`).
    #[serde(default)]
    pub pin: bool,
    /// Worker threads pinned to a core, where `pin` is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pinned_threads: Option<usize>,
    /// Why a worker thread was left unpinned, one line each (the run went on).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pin_failures: Vec<String>,
}

impl MachineState {
    /// The state now, at the start of a run.
    pub fn now() -> MachineState {
        let memory = machine_memory();
        MachineState {
            governor: cpu_governor(),
            boost: cpu_boost(),
            caches: cpu_caches(),
            load_before: load_average(),
            load_after: None,
            memory_bytes: memory.bytes,
            memory_source: Some(memory.source),
            memory_limit_mb: None,
            pin: false,
            pinned_threads: None,
            pin_failures: Vec::new(),
        }
    }

    /// The warning for worker threads that `--pin` could not pin, where any.
    pub fn pin_warning(&self) -> Option<String> {
        let first = self.pin_failures.first()?;
        let more = self.pin_failures.len() - 1;
        let more = if more > 0 { format!(" (and {more} more)") } else { String::new() };
        Some(format!("--pin: {first}{more}; those threads ran unpinned"))
    }

    /// The warning for a governor other than `performance`, where one is known.
    pub fn governor_warning(&self) -> Option<String> {
        let g = self.governor.as_deref().filter(|g| *g != "performance")?;
        Some(format!(
            "the CPU frequency governor is `{g}`, not `performance`: the clock speed may change under the              searches, so times vary more (as root: cpupower frequency-set -g performance)"
        ))
    }
}

/// Resets the kernel's record of this process's peak resident memory to what it holds
/// now, so that [`peak_resident_bytes`] then tells the peak since this call (Linux:
/// writes `5` to `/proc/self/clear_refs`, which resets `VmHWM` and touches nothing else).
/// Returns whether the system did; `false` elsewhere. The mark is the whole process's:
/// it is one call's peak only while no other work of the process runs beside the call
/// (the runner times one cell at a time).
pub fn reset_peak_resident() -> bool {
    cfg!(target_os = "linux") && std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

/// The peak resident memory of this process in bytes since it started or since the last
/// [`reset_peak_resident`] (Linux: `VmHWM` of `/proc/self/status`, which the kernel
/// keeps in pages and shows in KiB); `None` where the system does not tell.
pub fn peak_resident_bytes() -> Option<u64> {
    status_kib("VmHWM:")
}

/// The resident memory of this process now, in bytes (Linux: `VmRSS` of
/// `/proc/self/status`); `None` where the system does not tell.
pub fn resident_bytes() -> Option<u64> {
    status_kib("VmRSS:")
}

/// The peak resident memory of this process in bytes, as `getrusage` tells it
/// (`ru_maxrss`: KiB on Linux, bytes on macOS) — what `/usr/bin/time` reports as the
/// maximum resident set size. On Linux a [`reset_peak_resident`] may lower it as well
/// (the kernel keeps the live threads' mark for both).
pub fn process_peak_resident_bytes() -> Option<u64> {
    super::os::max_resident_bytes()
}

/// The best this process can tell of its own peak resident memory in bytes (what a
/// one-shot's `--json` reports as `peak_memory_bytes`): the larger of `getrusage`'s
/// ([`process_peak_resident_bytes`]) and the kernel's mark ([`peak_resident_bytes`]);
/// after a [`reset_peak_resident`] it may be the peak since then only.
pub fn process_peak_bytes() -> Option<u64> {
    peak_resident_bytes().max(process_peak_resident_bytes())
}

/// The value of line `key` of `/proc/self/status` (in KiB there), in bytes.
fn status_kib(key: &str) -> Option<u64> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find_map(|l| l.strip_prefix(key))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// This machine's host name, or `unknown`.
pub fn host_name() -> String {
    System::host_name().filter(|h| !h.is_empty()).unwrap_or_else(|| "unknown".to_string())
}

/// The one-minute load average (runnable processes), where the system has one (not on
/// Windows).
pub fn load_average() -> Option<f64> {
    let load = System::load_average();
    (cfg!(unix) && load.one.is_finite()).then_some(load.one)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_are_checked() {
        assert_eq!(parse_thread_count(" 4 "), Ok(4));
        assert_eq!(parse_thread_count("1024"), Ok(MAX_THREADS));
        for bad in ["0", "1025", "-1", "four", ""] {
            let e = parse_thread_count(bad).unwrap_err();
            assert!(e.contains("from 1 to 1024"), "{bad}: {e}");
        }
    }

    #[test]
    fn this_machine_is_described() {
        assert!(logical_cores() >= 1);
        assert!(!cpu_model().is_empty());
        assert!(!host_name().is_empty());
        assert_eq!(threads_warning(logical_cores()), None);
        let warning = threads_warning(logical_cores() + 1).expect("a warning");
        assert!(warning.contains("not be trustworthy") && warning.contains("core"), "{warning}");
        let memory = physical_memory_bytes().expect("physical memory");
        assert!(memory > 64 << 20, "{memory}");
        #[cfg(target_os = "linux")]
        assert!(load_average().is_some_and(|l| l >= 0.0));
        let limit = machine_memory();
        assert!(limit.bytes.is_some_and(|b| b <= memory) && limit.source != MemorySource::Unknown, "{limit:?}");
    }

    #[test]
    fn a_governor_other_than_performance_is_warned_about() {
        let mut state = MachineState { governor: Some("powersave".into()), ..MachineState::default() };
        assert!(state.governor_warning().is_some_and(|w| w.contains("`powersave`")));
        state.governor = Some("performance".into());
        assert_eq!(state.governor_warning(), None);
        state.governor = None;
        assert_eq!(state.governor_warning(), None, "an unknown governor is no warning");
    }
}
