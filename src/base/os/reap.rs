//! A supervised child reaped once it has ended, with what it used.

use super::signals::kill_group;

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
