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

/// Restores the default disposition of SIGPIPE, so that output piped into a program that
/// stops reading ends the process quietly; nothing where there is no SIGPIPE. Call before
/// any thread is started.
pub fn default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: restores the default disposition of SIGPIPE; called before threads start.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
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

/// Makes `options` open without blocking (a FIFO with no writer opens at once): `O_NONBLOCK`
/// on Unix; elsewhere nothing.
pub fn non_blocking(options: &mut std::fs::OpenOptions) {
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(options, libc::O_NONBLOCK);
    #[cfg(not(unix))]
    let _ = options;
}

/// Ends the process group `pid` leads (a child prepared by [`supervise_child`]) with
/// SIGKILL; elsewhere nothing (the caller kills the child itself).
pub fn kill_group(pid: u32) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        // SAFETY: sends a signal to a process group this process created.
        unsafe {
            libc::killpg(pid, libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// A resource limit a supervised child sets on itself before it runs its program
/// ([`supervise_child`]); each counts for the child and everything it starts, each process
/// on its own (the process count: all processes of the child's user).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// CPU seconds (`RLIMIT_CPU`): SIGXCPU at the limit, SIGKILL one second later.
    CpuSeconds(u64),
    /// Bytes of private writable memory: heap, `mmap`ed anonymous memory, data
    /// (`RLIMIT_DATA`).
    DataBytes(u64),
    /// Processes of the child's user (`RLIMIT_NPROC`; the kernel never holds the root user
    /// of the whole machine to it).
    Processes(u64),
    /// Bytes of one file written (`RLIMIT_FSIZE`: SIGXFSZ, or `EFBIG` where ignored).
    FileBytes(u64),
}

/// How [`supervise_child`] prepares a child between fork and exec.
#[derive(Debug, Clone, Default)]
pub struct Supervision {
    /// The limits the child sets on itself.
    pub limits: Vec<Limit>,
    /// The one core the child runs on (Linux).
    pub core: Option<usize>,
    /// Run the program in a PID namespace of its own (Linux, where this process may
    /// create one, as root): when the program ends, or the child is killed, every process
    /// it left behind is killed by the kernel, even one that left its session, and even
    /// when this process dies first.
    pub pid_namespace: bool,
    /// Where this process may not create a PID namespace (an ordinary user), create it
    /// inside a user namespace of its own, which Linux lets ordinary users make unless
    /// the system turned that off; the user namespace maps this user and group to
    /// themselves, so the program runs as the same user with the same files. Not for a
    /// program that makes namespaces itself (the solvers' sandbox does).
    pub user_namespace: bool,
}

/// Prepares `command`'s child to be supervised: it leads a session and process group of
/// its own (so [`kill_group`] ends whatever it started and stayed there), dies with this
/// process (Linux: SIGKILL when this thread's process ends), sets `setup`'s limits on
/// itself, and on Linux runs on `setup.core` alone and, with `setup.pid_namespace`, runs
/// the program as the second process of a new PID namespace: the child then waits for
/// the namespace's first process (which reaps orphans and ends the namespace with the
/// program) and ends as the program ended (its exit code, or the same signal).
/// Where a PID namespace is not allowed, the program runs without one. Elsewhere nothing.
pub fn supervise_child(command: &mut std::process::Command, setup: Supervision) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let parent = std::process::id() as libc::pid_t;
        #[cfg(target_os = "linux")]
        let maps = setup.user_namespace.then(namespace::IdMaps::of_this_process);
        // SAFETY: the closure runs in the child between fork and exec; it allocates
        // nothing and makes only async-signal-safe system calls.
        unsafe {
            command.pre_exec(move || {
                if libc::setsid() < 0 {
                    libc::setpgid(0, 0);
                }
                #[cfg(target_os = "linux")]
                {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    if libc::getppid() != parent {
                        libc::_exit(1);
                    }
                    if let Some(core) = setup.core {
                        pin_to_core(core)?;
                    }
                }
                for limit in &setup.limits {
                    set_limit(*limit)?;
                }
                #[cfg(target_os = "linux")]
                if setup.pid_namespace {
                    namespace::enter(maps.as_ref(), parent)?;
                }
                #[cfg(not(target_os = "linux"))]
                let _ = parent;
                Ok(())
            });
        }
    }
    #[cfg(not(unix))]
    let _ = (command, setup);
}

#[cfg(target_os = "linux")]
unsafe fn pin_to_core(core: usize) -> std::io::Result<()> {
    let mut set: libc::cpu_set_t = std::mem::zeroed();
    libc::CPU_SET(core, &mut set);
    if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// Sets `limit` as both the soft and the hard limit (the CPU's hard limit a second later,
/// so SIGXCPU comes first), never above the hard limit already in force.
#[cfg(unix)]
unsafe fn set_limit(limit: Limit) -> std::io::Result<()> {
    let (resource, soft, hard) = match limit {
        Limit::CpuSeconds(s) => (libc::RLIMIT_CPU, s, s.saturating_add(1)),
        Limit::DataBytes(b) => (libc::RLIMIT_DATA, b, b),
        Limit::Processes(n) => (libc::RLIMIT_NPROC, n, n),
        Limit::FileBytes(b) => (libc::RLIMIT_FSIZE, b, b),
    };
    let mut now: libc::rlimit = std::mem::zeroed();
    if libc::getrlimit(resource, &mut now) != 0 {
        return Err(std::io::Error::last_os_error());
    }
    let cap = |v: u64| (v as libc::rlim_t).min(now.rlim_max);
    let wanted = libc::rlimit { rlim_cur: cap(soft), rlim_max: cap(hard) };
    if libc::setrlimit(resource, &wanted) != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// The PID namespace of a supervised child (Linux): three processes, the child (outside,
/// relaying how the program ended), the namespace's first process (reaping, ending the
/// namespace with the program) and the program. Every call here is async-signal-safe.
#[cfg(target_os = "linux")]
mod namespace {
    /// The lines an ordinary user writes to map its user and group to themselves in a
    /// user namespace of its own (`ID ID 1`), made before the fork: the child only writes
    /// them.
    #[derive(Debug, Clone, Copy)]
    pub(super) struct IdMaps {
        uid: [u8; 40],
        uid_len: usize,
        gid: [u8; 40],
        gid_len: usize,
    }

    impl IdMaps {
        pub(super) fn of_this_process() -> IdMaps {
            // SAFETY: `geteuid` and `getegid` only read this process's ids.
            let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
            let line = |id: u32| {
                let text = format!("{id} {id} 1\n");
                let mut bytes = [0u8; 40];
                bytes[..text.len()].copy_from_slice(text.as_bytes());
                (bytes, text.len())
            };
            let ((uid, uid_len), (gid, gid_len)) = (line(uid), line(gid));
            IdMaps { uid, uid_len, gid, gid_len }
        }

        /// Writes the maps of the user namespace the caller just made (groups cannot be
        /// set in it, which an ordinary user's group map requires).
        unsafe fn write(&self) {
            let put = |path: &std::ffi::CStr, bytes: &[u8]| {
                let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                if fd >= 0 {
                    libc::write(fd, bytes.as_ptr().cast(), bytes.len());
                    libc::close(fd);
                }
            };
            put(c"/proc/self/setgroups", b"deny");
            put(c"/proc/self/uid_map", &self.uid[..self.uid_len]);
            put(c"/proc/self/gid_map", &self.gid[..self.gid_len]);
        }
    }

    /// Makes the calling child the relay of a new PID namespace and returns in the
    /// program's process, which then execs; where this process may not make one, makes
    /// it inside a user namespace of its own when given `maps` (see
    /// [`super::Supervision::user_namespace`]); returns at once where neither may be
    /// created.
    pub(super) unsafe fn enter(maps: Option<&IdMaps>, parent: libc::pid_t) -> std::io::Result<()> {
        if libc::unshare(libc::CLONE_NEWPID) != 0 {
            let Some(maps) = maps else { return Ok(()) };
            if libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWPID) != 0 {
                return Ok(());
            }
            maps.write();
            // The new user namespace is this user's own, so the death signal holds; set
            // it again all the same, then check the parent has not died meanwhile.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            if libc::getppid() != parent {
                libc::_exit(1);
            }
        }
        let mut pipe = [0 as libc::c_int; 2];
        if libc::pipe(pipe.as_mut_ptr()) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let first = libc::fork();
        if first < 0 {
            return Err(std::io::Error::last_os_error());
        }
        if first > 0 {
            relay_end(first, pipe[0]);
        }
        // The relay cannot die before this: it lives until this process ends, unless
        // killed, and a kill of its group reaches this process too.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        libc::close(pipe[0]);
        let program = libc::fork();
        if program < 0 {
            return Err(std::io::Error::last_os_error());
        }
        if program == 0 {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            libc::close(pipe[1]);
            return Ok(());
        }
        reap_until(program, pipe[1])
    }

    /// Closes every descriptor but `keep` (the relay and the first process must not hold
    /// the program's pipes, nor the pipe by which the parent learns that exec ran).
    unsafe fn close_all_but(keep: libc::c_int) {
        let keep = keep as libc::c_uint;
        let ranges = [(0, keep.wrapping_sub(1)), (keep + 1, libc::c_uint::MAX)];
        for (from, to) in ranges {
            if from <= to && libc::syscall(libc::SYS_close_range, from, to, 0) != 0 {
                for fd in from..to.min(4096) {
                    libc::close(fd as libc::c_int);
                }
            }
        }
    }

    /// The namespace's first process: reaps every process until the program ends, writes
    /// the program's wait status to `to` and exits, which kills the namespace.
    unsafe fn reap_until(program: libc::pid_t, to: libc::c_int) -> ! {
        close_all_but(to);
        loop {
            let mut status: libc::c_int = 0;
            let pid = libc::waitpid(-1, &mut status, 0);
            if pid == program {
                libc::write(to, (&raw const status).cast(), std::mem::size_of::<libc::c_int>());
                libc::_exit(0);
            }
            if pid < 0 && *libc::__errno_location() != libc::EINTR {
                libc::_exit(1);
            }
        }
    }

    /// The relay: waits for the namespace's first process and ends as the program ended,
    /// by its exit code or by its signal (without a core dump).
    unsafe fn relay_end(first: libc::pid_t, from: libc::c_int) -> ! {
        close_all_but(from);
        let mut program: libc::c_int = 0;
        let size = std::mem::size_of::<libc::c_int>();
        let got = loop {
            let n = libc::read(from, (&raw mut program).cast(), size);
            if n >= 0 || *libc::__errno_location() != libc::EINTR {
                break n;
            }
        };
        let mut status: libc::c_int = 0;
        while libc::waitpid(first, &mut status, 0) < 0 && *libc::__errno_location() == libc::EINTR {}
        let status = if got == size as isize { program } else { status };
        if libc::WIFSIGNALED(status) {
            let signal = libc::WTERMSIG(status);
            let none = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
            libc::setrlimit(libc::RLIMIT_CORE, &none);
            libc::signal(signal, libc::SIG_DFL);
            let mut all: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut all);
            libc::sigprocmask(libc::SIG_SETMASK, &all, std::ptr::null_mut());
            libc::kill(libc::getpid(), signal);
            libc::_exit(128 + signal);
        }
        libc::_exit(if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { 1 })
    }
}

/// How a reaped child ended and what it used, with every descendant it waited for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reaped {
    /// Its exit code, when it exited.
    pub code: Option<i32>,
    /// The signal that ended it, when one did.
    pub signal: Option<i32>,
    /// User plus system CPU seconds.
    pub cpu_seconds: f64,
    /// The peak resident memory of its largest process, in bytes.
    pub max_resident_bytes: Option<u64>,
}

/// When the child `pid` has ended: first kills its process group (whatever it left
/// running there; Linux peeks at the ended child without reaping it, so the group's
/// number cannot be reused meanwhile), then reaps it. `None` while it runs;
/// `Unsupported` where there is no such call.
pub fn try_reap_group(pid: u32) -> std::io::Result<Option<Reaped>> {
    #[cfg(unix)]
    {
        let pid = libc::pid_t::try_from(pid).map_err(|_| std::io::Error::other("no such process"))?;
        #[cfg(target_os = "linux")]
        {
            // SAFETY: `waitid` writes only into the zeroed struct it is given.
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            if unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) } != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // SAFETY: reads the pid field `waitid` filled in (zero while the child runs).
            if unsafe { info.si_pid() } == 0 {
                return Ok(None);
            }
            kill_group(pid as u32);
        }
        let mut status: libc::c_int = 0;
        // SAFETY: `wait4` writes only into the status and the zeroed struct it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let got = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if got < 0 {
            return Err(std::io::Error::last_os_error());
        }
        if got == 0 {
            return Ok(None);
        }
        #[cfg(not(target_os = "linux"))]
        kill_group(pid as u32);
        let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        let rss = u64::try_from(usage.ru_maxrss).ok().filter(|&r| r > 0);
        Ok(Some(Reaped {
            code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
            signal: libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status)),
            cpu_seconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            max_resident_bytes: rss.map(|r| if cfg!(target_os = "macos") { r } else { r.saturating_mul(1024) }),
        }))
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        Err(std::io::Error::new(std::io::ErrorKind::Unsupported, "no way to reap a child here"))
    }
}

/// Makes reads of `pipe` return `WouldBlock` instead of waiting (Unix; elsewhere reads
/// keep waiting, and [`wait_readable`] says "readable" at once).
pub fn set_nonblocking(pipe: &impl ReadEnd) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        let fd = std::os::fd::AsRawFd::as_raw_fd(pipe);
        // SAFETY: reads and sets the status flags of an open descriptor.
        let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
        if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = pipe;
        Ok(())
    }
}

/// Waits up to `timeout` for `pipe` to hold bytes or reach its end (`poll`); `false` when
/// the time ran out or a signal came first. Elsewhere `true` at once.
pub fn wait_readable(pipe: &impl ReadEnd, timeout: Duration) -> std::io::Result<bool> {
    #[cfg(unix)]
    {
        let fd = std::os::fd::AsRawFd::as_raw_fd(pipe);
        let mut poll = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
        let ms = timeout.as_micros().div_ceil(1000).min(i32::MAX as u128) as libc::c_int;
        // SAFETY: polls one open descriptor, writing into the struct it is given.
        match unsafe { libc::poll(&mut poll, 1, ms) } {
            n if n > 0 => Ok(true),
            0 => Ok(false),
            _ => match std::io::Error::last_os_error() {
                e if e.kind() == std::io::ErrorKind::Interrupted => Ok(false),
                e => Err(e),
            },
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (pipe, timeout);
        Ok(true)
    }
}

/// The read end of a pipe from a child (its standard output or error).
#[cfg(unix)]
pub trait ReadEnd: std::os::fd::AsRawFd {}
#[cfg(unix)]
impl<T: std::os::fd::AsRawFd> ReadEnd for T {}
/// The read end of a pipe from a child (its standard output or error).
#[cfg(not(unix))]
pub trait ReadEnd {}
#[cfg(not(unix))]
impl<T> ReadEnd for T {}

/// Ends the process `pid` with SIGKILL; elsewhere nothing.
pub fn kill_process(pid: u32) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        // SAFETY: sends a signal to one process.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// The number of SIGKILL, the signal [`kill_group`] sends (9 where there are no signals).
#[cfg(unix)]
pub const SIGKILL: i32 = libc::SIGKILL;
/// The number of SIGKILL, the signal [`kill_group`] sends (9 where there are no signals).
#[cfg(not(unix))]
pub const SIGKILL: i32 = 9;

/// The number of SIGXCPU, the signal of a spent [`Limit::CpuSeconds`].
#[cfg(unix)]
pub const SIGXCPU: i32 = libc::SIGXCPU;
/// The number of SIGXCPU, the signal of a spent [`Limit::CpuSeconds`].
#[cfg(not(unix))]
pub const SIGXCPU: i32 = 24;

/// Runs `write` with SIGPIPE blocked on this thread, so that writing to a child that has
/// gone returns `BrokenPipe` instead of ending this process (whose SIGPIPE is the
/// default, [`default_sigpipe`]); a SIGPIPE the write raised is taken off before the mask
/// is restored. Elsewhere just runs `write`.
pub fn without_sigpipe<T>(write: impl FnOnce() -> std::io::Result<T>) -> std::io::Result<T> {
    #[cfg(unix)]
    // SAFETY: changes only this thread's signal mask, restored before returning, and
    // takes off a SIGPIPE pending on this thread (`sigwait` returns at once then).
    unsafe {
        let mut pipe: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut pipe);
        libc::sigaddset(&mut pipe, libc::SIGPIPE);
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::pthread_sigmask(libc::SIG_BLOCK, &pipe, &mut old);
        let result = write();
        let mut pending: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut pending);
        if libc::sigismember(&old, libc::SIGPIPE) == 0
            && libc::sigpending(&mut pending) == 0
            && libc::sigismember(&pending, libc::SIGPIPE) == 1
        {
            let mut signal = 0;
            libc::sigwait(&pipe, &mut signal);
        }
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        result
    }
    #[cfg(not(unix))]
    write()
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

/// A folder held open by a file descriptor: files and folders inside it are reached by
/// name relative to the descriptor (`openat` and friends), never through a path, and a
/// step that is a symbolic link is refused (`O_NOFOLLOW`), so a folder swapped for a link
/// after it was opened cannot redirect anything done through it. Where the system has no
/// such calls, the folder is a path and each step is checked for a link just before use.
#[derive(Debug)]
pub struct Dir {
    #[cfg(unix)]
    fd: std::os::fd::OwnedFd,
    #[cfg(not(unix))]
    path: std::path::PathBuf,
}

/// Whether `e` is the refusal of a step that is a symbolic link (`ELOOP` from
/// `O_NOFOLLOW`).
pub fn is_link_refusal(e: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        e.kind() == std::io::ErrorKind::InvalidInput
    }
}

#[cfg(unix)]
fn c_name(name: &std::ffi::OsStr) -> std::io::Result<std::ffi::CString> {
    use std::os::unix::ffi::OsStrExt;
    std::ffi::CString::new(name.as_bytes())
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidInput, "a NUL byte in a name"))
}

/// The descriptor of a successful call, or the system's error.
#[cfg(unix)]
fn owned(fd: libc::c_int) -> std::io::Result<std::os::fd::OwnedFd> {
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: `fd` was just returned open by the system and is owned by no one else.
    Ok(unsafe { std::os::fd::FromRawFd::from_raw_fd(fd) })
}

/// `Ok(())` for a call that returned zero, else the system's error.
#[cfg(unix)]
fn zero(result: libc::c_int) -> std::io::Result<()> {
    if result == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(unix)]
impl Dir {
    fn raw(&self) -> libc::c_int {
        std::os::fd::AsRawFd::as_raw_fd(&self.fd)
    }

    /// Opens the folder at `path` (following a link there: the caller named it).
    pub fn open(path: &std::path::Path) -> std::io::Result<Dir> {
        let c = c_name(path.as_os_str())?;
        // SAFETY: `c` is a NUL-terminated path; the descriptor returned is taken over.
        let fd = owned(unsafe { libc::open(c.as_ptr(), libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC) })?;
        Ok(Dir { fd })
    }

    /// The folder `name` inside this one, never through a link: a link there is refused
    /// ([`is_link_refusal`]), a file is `NotADirectory`, a missing one `NotFound`.
    pub fn folder(&self, name: &std::ffi::OsStr) -> std::io::Result<Dir> {
        let c = c_name(name)?;
        let flags = libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC;
        // SAFETY: `c` is a NUL-terminated name, `self.fd` an open folder.
        let fd = owned(unsafe { libc::openat(self.raw(), c.as_ptr(), flags) })?;
        Ok(Dir { fd })
    }

    /// Creates the folder `name` inside this one (`AlreadyExists` when something is there).
    pub fn make_folder(&self, name: &std::ffi::OsStr) -> std::io::Result<()> {
        let c = c_name(name)?;
        // SAFETY: `c` is a NUL-terminated name, `self.fd` an open folder.
        zero(unsafe { libc::mkdirat(self.raw(), c.as_ptr(), 0o777) })
    }

    /// Opens the file `name` inside this one for reading and writing, never through a
    /// link (`O_NOFOLLOW`: a link there is refused, [`is_link_refusal`]); created (with
    /// the permissions any new file gets) when `create`, only if new when `exclusive`,
    /// emptied when `truncate`.
    pub fn file(
        &self,
        name: &std::ffi::OsStr,
        create: bool,
        exclusive: bool,
        truncate: bool,
    ) -> std::io::Result<std::fs::File> {
        let c = c_name(name)?;
        let mut flags = libc::O_RDWR | libc::O_NOFOLLOW | libc::O_CLOEXEC;
        for (on, flag) in [(create, libc::O_CREAT), (exclusive, libc::O_EXCL), (truncate, libc::O_TRUNC)] {
            if on {
                flags |= flag;
            }
        }
        let mode: libc::c_uint = 0o666;
        // SAFETY: `c` is a NUL-terminated name, `self.fd` an open folder.
        let fd = owned(unsafe { libc::openat(self.raw(), c.as_ptr(), flags, mode) })?;
        Ok(std::fs::File::from(fd))
    }

    /// Renames `from` to `to`, both inside this folder (replacing `to`, a link itself
    /// rather than what it names).
    pub fn rename(&self, from: &std::ffi::OsStr, to: &std::ffi::OsStr) -> std::io::Result<()> {
        let (a, b) = (c_name(from)?, c_name(to)?);
        // SAFETY: both names are NUL-terminated; the descriptor is an open folder.
        zero(unsafe { libc::renameat(self.raw(), a.as_ptr(), self.raw(), b.as_ptr()) })
    }

    /// Removes the file (or link itself) `name` inside this folder.
    pub fn remove(&self, name: &std::ffi::OsStr) -> std::io::Result<()> {
        let c = c_name(name)?;
        // SAFETY: `c` is a NUL-terminated name, `self.fd` an open folder.
        zero(unsafe { libc::unlinkat(self.raw(), c.as_ptr(), 0) })
    }

    /// Syncs the folder's entries to disk (a rename in it then survives a power loss);
    /// failures are ignored, as where folders cannot be synced.
    pub fn sync(&self) {
        // SAFETY: `fsync` on an open descriptor.
        let _ = unsafe { libc::fsync(self.raw()) };
    }
}

#[cfg(not(unix))]
impl Dir {
    fn refuse_link(path: &std::path::Path) -> std::io::Result<()> {
        match std::fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => {
                Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "is a symbolic link"))
            }
            _ => Ok(()),
        }
    }

    /// Opens the folder at `path`.
    pub fn open(path: &std::path::Path) -> std::io::Result<Dir> {
        std::fs::read_dir(path)?;
        Ok(Dir { path: path.to_path_buf() })
    }

    /// The folder `name` inside this one, refused when it is a link.
    pub fn folder(&self, name: &std::ffi::OsStr) -> std::io::Result<Dir> {
        let path = self.path.join(name);
        Self::refuse_link(&path)?;
        if !std::fs::metadata(&path)?.is_dir() {
            return Err(std::io::Error::new(std::io::ErrorKind::NotADirectory, "not a folder"));
        }
        Ok(Dir { path })
    }

    /// Creates the folder `name` inside this one.
    pub fn make_folder(&self, name: &std::ffi::OsStr) -> std::io::Result<()> {
        std::fs::create_dir(self.path.join(name))
    }

    /// Opens the file `name` inside this one, refused when it is a link.
    pub fn file(
        &self,
        name: &std::ffi::OsStr,
        create: bool,
        exclusive: bool,
        truncate: bool,
    ) -> std::io::Result<std::fs::File> {
        let path = self.path.join(name);
        Self::refuse_link(&path)?;
        let mut options = std::fs::OpenOptions::new();
        options.read(true).write(true).truncate(truncate);
        if exclusive {
            options.create_new(true);
        } else {
            options.create(create);
        }
        options.open(path)
    }

    /// Renames `from` to `to` inside this folder.
    pub fn rename(&self, from: &std::ffi::OsStr, to: &std::ffi::OsStr) -> std::io::Result<()> {
        std::fs::rename(self.path.join(from), self.path.join(to))
    }

    /// Removes the file `name` inside this folder.
    pub fn remove(&self, name: &std::ffi::OsStr) -> std::io::Result<()> {
        std::fs::remove_file(self.path.join(name))
    }

    /// Nothing: folders cannot be synced here.
    pub fn sync(&self) {}
}

/// Swaps the two entries `a` and `b` atomically (`renameat2` with `RENAME_EXCHANGE`, Linux
/// only; `Unsupported` elsewhere): the move of a folder for a link that a racing writer
/// must never follow, for tests of exactly that.
pub fn exchange(a: &std::path::Path, b: &std::path::Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        let (ca, cb) = (c_name(a.as_os_str())?, c_name(b.as_os_str())?);
        // SAFETY: both paths are NUL-terminated; the call changes only directory entries.
        let result = unsafe {
            libc::syscall(
                libc::SYS_renameat2,
                libc::AT_FDCWD,
                ca.as_ptr(),
                libc::AT_FDCWD,
                cb.as_ptr(),
                libc::RENAME_EXCHANGE,
            )
        };
        if result == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (a, b);
        Err(std::io::Error::new(std::io::ErrorKind::Unsupported, "no atomic exchange of two names here"))
    }
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
