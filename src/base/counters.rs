//! The processor's own event counters, read through the kernel's `perf_event_open` (the
//! `perf-event2` crate): instructions retired, cycles and last-level cache misses of the
//! calling thread, in user space only, counted together as one group so that the three
//! cover the same stretch of execution.
//!
//! Where the machine does not lend its counters — a virtual machine without a virtual
//! PMU (`perf_event_open` answers "No such file or directory"), a kernel with
//! `perf_event_paranoid` above 2 for an ordinary user, another system — opening them
//! fails and the reason is kept to be said; nothing is estimated in their place. A group
//! the kernel had to share out with other counters (it ran less time than it was enabled)
//! is refused too: its counts would be scaled guesses.

use std::time::Duration;

use perf_event::events::{Event, Hardware};
use perf_event::{Builder, Counter, Group};
use serde::{Deserialize, Serialize};

/// What the three counters counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardwareCounts {
    /// Instructions retired in user space.
    pub instructions: u64,
    /// Processor cycles in user space.
    pub cycles: u64,
    /// Last-level cache misses in user space.
    pub cache_misses: u64,
}

impl HardwareCounts {
    /// The sum of two counts.
    pub fn plus(self, other: HardwareCounts) -> HardwareCounts {
        HardwareCounts {
            instructions: self.instructions + other.instructions,
            cycles: self.cycles + other.cycles,
            cache_misses: self.cache_misses + other.cache_misses,
        }
    }
}

/// Three counters of the calling thread, opened once and enabled around each counted
/// stretch.
pub struct ThreadCounters {
    group: Group,
    members: [Counter; 3],
}

/// The processor's events: instructions, cycles, cache misses.
const HARDWARE: [Hardware; 3] = [Hardware::INSTRUCTIONS, Hardware::CPU_CYCLES, Hardware::CACHE_MISSES];

impl ThreadCounters {
    /// The processor's counters of the calling thread, or why they cannot be had here.
    pub fn open() -> Result<ThreadCounters, String> {
        ThreadCounters::open_events(HARDWARE)
    }

    fn open_events<E: Event + Clone>(events: [E; 3]) -> Result<ThreadCounters, String> {
        let why = |e: std::io::Error| format!("perf_event_open: {e}");
        let mut group = Group::builder().exclude_kernel(true).exclude_hv(true).build_group().map_err(why)?;
        let mut open = |event: E| {
            let mut builder = Builder::new(event);
            builder.exclude_kernel(true).exclude_hv(true);
            group.add(&builder).map_err(why)
        };
        let [a, b, c] = events;
        let members = [open(a)?, open(b)?, open(c)?];
        Ok(ThreadCounters { group, members })
    }

    /// Runs `f` with the counters enabled; its value and what they counted, or why the
    /// counts cannot be trusted (the kernel shared the counters out, or could not read
    /// them).
    pub fn around<R>(&mut self, f: impl FnOnce() -> R) -> (R, Result<HardwareCounts, String>) {
        let started = self.group.reset().and_then(|()| self.group.enable());
        let value = f();
        let counts = started.and_then(|()| self.group.disable()).map_err(|e| format!("perf_event_open: {e}"));
        (value, counts.and_then(|()| self.read()))
    }

    fn read(&mut self) -> Result<HardwareCounts, String> {
        let data = self.group.read().map_err(|e| format!("reading the counters: {e}"))?;
        let (enabled, running) = (data.time_enabled(), data.time_running());
        if enabled.unwrap_or(Duration::ZERO) > running.unwrap_or(Duration::ZERO) {
            return Err(
                "the kernel shared the counters with others (multiplexed): the counts would be estimates".to_string()
            );
        }
        let value = |c: &Counter| data.get(c).map(|e| e.value()).ok_or("a counter of the group was not read");
        let [a, b, c] = &self.members;
        Ok(HardwareCounts { instructions: value(a)?, cycles: value(b)?, cache_misses: value(c)? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use perf_event::events::Software;

    /// The group's opening, enabling and reading, through the kernel's software events
    /// (the processor's own counters are not lent to every machine): a stretch that
    /// touches 4 MiB of new memory has a positive task clock and at least 100 page faults
    /// (4 KiB pages), and a stretch outside the enabled window counts nothing more.
    /// Three software events of the kernel (task clock, page faults, context switches)
    /// through the same group: they exist on every Linux machine, so the group's opening,
    /// enabling and reading can be checked where the processor's counters are not lent.
    fn open_software() -> Result<ThreadCounters, String> {
        ThreadCounters::open_events([Software::TASK_CLOCK, Software::PAGE_FAULTS, Software::CONTEXT_SWITCHES])
    }

    #[test]
    fn a_group_counts_only_inside_its_stretch() {
        let mut counters = match open_software() {
            Ok(c) => c,
            Err(why) => {
                eprintln!("skipped: no software counters here ({why})");
                return;
            }
        };
        let (len, counted) = counters.around(|| vec![1u8; 4 << 20].iter().map(|&b| b as usize).sum::<usize>());
        assert_eq!(len, 4 << 20);
        let counted = counted.unwrap();
        assert!(counted.instructions > 0, "task clock {counted:?}");
        assert!(counted.cycles >= 100, "page faults {counted:?}");
        let ((), nothing) = counters.around(|| ());
        assert!(nothing.unwrap().cycles < counted.cycles);
    }

    /// Where the processor's counters cannot be opened, the reason names
    /// `perf_event_open`; where they can, a loop of a million additions retires at least
    /// a million instructions.
    #[test]
    fn hardware_counters_count_or_say_why_not() {
        match ThreadCounters::open() {
            Err(why) => assert!(why.starts_with("perf_event_open: "), "{why}"),
            Ok(mut counters) => {
                let (_, counted) = counters.around(|| (0..1_000_000u64).fold(0u64, |s, i| std::hint::black_box(s + i)));
                match counted {
                    Ok(c) => assert!(c.instructions >= 1_000_000 && c.cycles > 0, "{c:?}"),
                    Err(why) => assert!(why.contains("multiplexed"), "{why}"),
                }
            }
        }
    }
}
