//! Facts of the machine a run happens on — CPU model, cores, physical memory, host name,
//! load average — read through `sysinfo`, so they are the same on Linux, macOS and
//! Windows. `unknown` (or `None`) where the system does not tell.

use sysinfo::{CpuRefreshKind, MemoryRefreshKind, RefreshKind, System};

/// Logical cores of this machine: the thread count when none is given (1 where unknown).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
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
    fn this_machine_is_described() {
        assert!(default_threads() >= 1);
        assert!(!cpu_model().is_empty());
        assert!(!host_name().is_empty());
        let memory = physical_memory_bytes().expect("physical memory");
        assert!(memory > 64 << 20, "{memory}");
        #[cfg(target_os = "linux")]
        assert!(load_average().is_some_and(|l| l >= 0.0));
    }
}
