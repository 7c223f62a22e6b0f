//! Every call into the operating system that `std` does not make for us, in one place.
//! Each stands behind `cfg` guards, and where a system lacks the call its fallback
//! degrades (a coarser clock, small pages, nothing) instead of failing to compile:
//!
//! | call | Linux | macOS, other Unix | Windows and the rest |
//! | --- | --- | --- | --- |
//! | [`process_cpu_time`] | `getrusage` | `getrusage` | sysinfo, in milliseconds |
//! | [`anonymous_map`] | memmap2, no swap reserved, huge-page advice | memmap2, no swap reserved | memmap2 |
//! | [`thread_sched_totals`] | `/proc/self/task/*/schedstat` | `None` | `None` |
//! | [`default_sigpipe`] | `signal` | `signal` | nothing (no SIGPIPE) |
//! | [`Dir`] | `openat`, `mkdirat`, `renameat`, `unlinkat` with `O_NOFOLLOW` | the same | paths, links checked first |
//! | [`exchange`] | `renameat2(RENAME_EXCHANGE)` | unsupported | unsupported |
//! | [`supervise_child`] | `setsid`, `PR_SET_PDEATHSIG`, `setrlimit`, a PID namespace | `setsid`, `setrlimit` | nothing |
//! | `exited`, `reap` | `waitid(WNOWAIT)`, `wait4` | the same | unsupported |
//! | [`wait_readable`], `read_now` | `poll`, `O_NONBLOCK` reads | the same | blocking reads |
//! | [`is_root`] | `geteuid` | `geteuid` | `false` |
//! | [`kill_process`], [`without_sigpipe`] | `kill`, `pthread_sigmask`, `sigwait` | the same | nothing |
//!
//! `tests/platform.rs` fails when `libc::` is named anywhere else in `src/`.

mod dir;
#[cfg(target_os = "linux")]
mod namespace;
mod pipes;
mod reap;
mod signals;
mod supervise;
mod this_process;

pub use dir::{exchange, is_link_refusal, Dir};
pub use pipes::{non_blocking, set_nonblocking, wait_readable, ReadEnd};
pub use reap::{try_reap_group, Reaped};
pub use signals::{default_sigpipe, kill_group, kill_process, without_sigpipe, SIGKILL, SIGXCPU};
pub use supervise::{supervise_child, Limit, Supervision};
pub use this_process::{
    anonymous_map, is_root, max_resident_bytes, process_cpu_time, process_cpu_time_coarse, terminal_present,
    thread_sched_totals,
};
