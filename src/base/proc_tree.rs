//! The processes a child started and their memory, read from Linux's `/proc`: a process's
//! children are listed in `/proc/PID/task/TID/children`, its resident memory in
//! `/proc/PID/status`. Elsewhere a tree is its root alone and its memory unknown.

/// The most processes a tree lists (a process bomb is cut off here).
pub const MAX_PROCESSES: usize = 4096;

/// `root` and every living descendant of it (in the order found, at most
/// [`MAX_PROCESSES`]); `root` alone where `/proc` does not list children.
pub fn tree(root: u32) -> Vec<u32> {
    let mut found = vec![root];
    let mut next = 0;
    while next < found.len() && found.len() < MAX_PROCESSES {
        let pid = found[next];
        next += 1;
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { continue };
        for task in tasks.flatten() {
            let Ok(text) = std::fs::read_to_string(task.path().join("children")) else { continue };
            found.extend(text.split_whitespace().filter_map(|c| c.parse::<u32>().ok()));
        }
    }
    found.truncate(MAX_PROCESSES);
    found
}

/// The memory of a set of processes, in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Memory {
    /// Their resident memory now, summed (`VmRSS`).
    pub resident: u64,
    /// The largest peak resident memory of one of them (`VmHWM`).
    pub largest_peak: u64,
}

/// The memory of `pids` (those that are gone, or whose memory is not told, count 0).
pub fn memory(pids: &[u32]) -> Memory {
    let mut total = Memory::default();
    for pid in pids {
        let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { continue };
        total.resident = total.resident.saturating_add(field_kib(&status, "VmRSS:") * 1024);
        total.largest_peak = total.largest_peak.max(field_kib(&status, "VmHWM:") * 1024);
    }
    total
}

/// The `NAME   123 kB` field of a status file, in KiB (0 when absent).
fn field_kib(status: &str, name: &str) -> u64 {
    status
        .lines()
        .find_map(|l| l.strip_prefix(name))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_in_kib() {
        let status = "Name:\tx\nVmHWM:\t  2048 kB\nVmRSS:\t  1024 kB\n";
        assert_eq!(field_kib(status, "VmRSS:"), 1024);
        assert_eq!(field_kib(status, "VmHWM:"), 2048);
        assert_eq!(field_kib(status, "VmSwap:"), 0);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_child_is_in_its_parents_tree_and_uses_memory() {
        let mut child = std::process::Command::new("sleep").arg("30").spawn().unwrap();
        let pids = tree(std::process::id());
        assert!(pids.contains(&child.id()), "{pids:?}");
        assert!(memory(&[std::process::id()]).resident > 0);
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
