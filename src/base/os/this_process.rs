//! What this process learns of itself from the system: its CPU time, its threads' time
//! on and waiting for a core, its peak memory, whether it runs as root, whether its
//! terminal is still there; and fresh zeroed memory mapped for it.

use std::time::Duration;

/// The user plus system CPU time this process has used so far, all threads together;
/// zero where the system does not tell. Unix: `getrusage(RUSAGE_SELF)` (microseconds);
/// elsewhere [`process_cpu_time_coarse`] (milliseconds).
pub fn process_cpu_time() -> Duration {
    #[cfg(unix)]
    {
        rusage_cpu_time()
    }
    #[cfg(not(unix))]
    {
        process_cpu_time_coarse()
    }
}

#[cfg(unix)]
fn rusage_cpu_time() -> Duration {
    // SAFETY: `getrusage` writes only into the zeroed struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(libc::RUSAGE_SELF, &mut usage) != 0 {
            return Duration::ZERO;
        }
        usage
    };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec.max(0) as u64, (t.tv_usec.max(0) as u32) * 1000);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

/// This process's CPU time as sysinfo reads it, on every system it supports, to the
/// millisecond; zero where it cannot. The fallback of [`process_cpu_time`] where there
/// is no `getrusage`.
pub fn process_cpu_time_coarse() -> Duration {
    use sysinfo::{ProcessRefreshKind, ProcessesToUpdate, System};
    let Ok(pid) = sysinfo::get_current_pid() else { return Duration::ZERO };
    let mut sys = System::new();
    sys.refresh_processes_specifics(ProcessesToUpdate::Some(&[pid]), false, ProcessRefreshKind::nothing().with_cpu());
    sys.process(pid).map_or(Duration::ZERO, |p| Duration::from_millis(p.accumulated_cpu_time()))
}

/// Nanoseconds this process's live threads ran on a core and waited runnable for one,
/// summed (the first two fields of Linux's `/proc/self/task/*/schedstat`); `None` where
/// the system does not tell.
pub fn thread_sched_totals() -> Option<(u64, u64)> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let (mut run, mut wait, mut any) = (0u64, 0u64, false);
    for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
        let Ok(text) = std::fs::read_to_string(task.path().join("schedstat")) else { continue };
        let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
        if let (Some(Some(r)), Some(Some(w))) = (fields.next(), fields.next()) {
            (run, wait, any) = (run.saturating_add(r), wait.saturating_add(w), true);
        }
    }
    any.then_some((run, wait))
}

/// The peak resident memory of this process in bytes from `getrusage` (`ru_maxrss`: KiB
/// on Linux, bytes on macOS); `None` where the system has no such call.
pub fn max_resident_bytes() -> Option<u64> {
    #[cfg(unix)]
    {
        // SAFETY: `getrusage` writes only into the zeroed struct it is given.
        let usage = unsafe {
            let mut usage: libc::rusage = std::mem::zeroed();
            if libc::getrusage(libc::RUSAGE_SELF, &mut usage) != 0 {
                return None;
            }
            usage
        };
        let raw = u64::try_from(usage.ru_maxrss).ok().filter(|&r| r > 0)?;
        Some(if cfg!(target_os = "macos") { raw } else { raw.saturating_mul(1024) })
    }
    #[cfg(not(unix))]
    None
}

/// Whether this process runs as the superuser (effective user 0); `false` where there is
/// no such user.
pub fn is_root() -> bool {
    #[cfg(unix)]
    // SAFETY: `geteuid` only reads this process's credentials.
    unsafe {
        libc::geteuid() == 0
    }
    #[cfg(not(unix))]
    false
}

/// Whether the terminal on standard input is still there: after a hang-up (the window
/// closed, the SSH link dropped) its terminal calls fail. Always `true` where the system
/// has no such call.
pub fn terminal_present() -> bool {
    #[cfg(unix)]
    {
        // SAFETY: `tcgetattr` writes into the zeroed `termios` it is given and reads fd 0.
        let mut t: libc::termios = unsafe { std::mem::zeroed() };
        unsafe { libc::tcgetattr(libc::STDIN_FILENO, &mut t) == 0 }
    }
    #[cfg(not(unix))]
    true
}

/// A fresh anonymous read-write mapping of `len` bytes, all zero. Where the system has
/// them it reserves no swap for the mapping (Unix) and asks for transparent huge pages
/// (Linux); a refusal of that advice only means small pages.
pub fn anonymous_map(len: usize) -> std::io::Result<memmap2::MmapMut> {
    let mut options = memmap2::MmapOptions::new();
    options.len(len);
    #[cfg(unix)]
    options.no_reserve_swap();
    let map = options.map_anon()?;
    #[cfg(target_os = "linux")]
    let _ = map.advise(memmap2::Advice::HugePage);
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Burns CPU until `process_cpu_time` has grown by `at_least` (bounded by CPU time,
    /// not by the wall clock, so a slow machine only takes longer).
    fn burn(at_least: Duration) {
        let start = process_cpu_time();
        let mut x = 1u64;
        while process_cpu_time().saturating_sub(start) < at_least {
            for i in 0..10_000u64 {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(i));
            }
        }
    }

    #[test]
    fn the_cpu_clocks_advance_with_work() {
        let (fine, coarse) = (process_cpu_time(), process_cpu_time_coarse());
        burn(Duration::from_millis(60));
        assert!(process_cpu_time() >= fine + Duration::from_millis(60));
        let grown = process_cpu_time_coarse().saturating_sub(coarse);
        assert!(grown >= Duration::from_millis(30), "sysinfo's clock grew by {grown:?} only");
    }

    #[test]
    fn an_anonymous_map_is_zero_and_writable() {
        let mut map = anonymous_map(3 << 20).expect("a 3 MiB map");
        assert_eq!(map.len(), 3 << 20);
        assert!(map.iter().all(|&b| b == 0));
        map[12345] = 7;
        assert_eq!(map[12345], 7);
    }

    #[test]
    fn linux_tells_the_scheduler_times() {
        assert_eq!(thread_sched_totals().is_some(), cfg!(target_os = "linux"));
    }
}
