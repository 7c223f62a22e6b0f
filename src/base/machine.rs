//! Facts of the machine a run happens on — CPU model, cores, physical memory, host name,
//! load average — read through `sysinfo`, so they are the same on Linux, macOS and
//! Windows. `unknown` (or `None`) where the system does not tell. A thread count above the
//! cores is warned about once ([`warn_if_more_threads_than_cores`]).

use sysinfo::{CpuRefreshKind, MemoryRefreshKind, RefreshKind, System};

use crate::base::error::InputError;
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
    }
}
