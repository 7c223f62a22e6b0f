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

/// Makes `options` refuse to open a symbolic link (the link itself, not what it names):
/// `O_NOFOLLOW` on Unix; elsewhere nothing (callers check links before opening).
pub fn no_follow(options: &mut std::fs::OpenOptions) {
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(options, libc::O_NOFOLLOW);
    #[cfg(not(unix))]
    let _ = options;
}

/// Makes `options` open without blocking (a FIFO with no writer opens at once): `O_NONBLOCK`
/// on Unix; elsewhere nothing.
pub fn non_blocking(options: &mut std::fs::OpenOptions) {
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(options, libc::O_NONBLOCK);
    #[cfg(not(unix))]
    let _ = options;
}

/// Prepares `command`'s child for a parent that must be able to end it: on Linux the child
/// gets SIGKILL when this process dies (so that even a killed parent leaves no child
/// running) and, with `core`, runs on that core alone; on Unix it leads a process group of
/// its own, so that [`kill_group`] ends whatever it started. Elsewhere nothing.
pub fn prepare_child(command: &mut std::process::Command, core: Option<usize>) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: the closure runs in the child between fork and exec and makes only
        // async-signal-safe system calls (setpgid, prctl, getppid, sched_setaffinity, _exit).
        let parent = std::process::id() as libc::pid_t;
        unsafe {
            command.pre_exec(move || {
                libc::setpgid(0, 0);
                #[cfg(target_os = "linux")]
                {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    if libc::getppid() != parent {
                        libc::_exit(1);
                    }
                    if let Some(core) = core {
                        let mut set: libc::cpu_set_t = std::mem::zeroed();
                        libc::CPU_SET(core, &mut set);
                        if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) != 0 {
                            return Err(std::io::Error::last_os_error());
                        }
                    }
                }
                #[cfg(not(target_os = "linux"))]
                let _ = (parent, core);
                Ok(())
            });
        }
    }
    #[cfg(not(unix))]
    let _ = (command, core);
}

/// Ends the process group `pid` leads (a child prepared by [`prepare_child`]) with
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
