//! Signals: SIGPIPE set to end the process quietly or held off while writing to a child,
//! SIGKILL sent to a process or its group, and the numbers of the signals a supervised
//! child may end by.

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

/// Ends the process group `pid` leads (a child prepared by [`super::supervise_child`]) with
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

/// The number of SIGKILL, the signal [`kill_group`] sends (9 where there are no signals).
#[cfg(unix)]
pub const SIGKILL: i32 = libc::SIGKILL;
/// The number of SIGKILL, the signal [`kill_group`] sends (9 where there are no signals).
#[cfg(not(unix))]
pub const SIGKILL: i32 = 9;

/// The number of SIGXCPU, the signal of a spent [`super::Limit::CpuSeconds`].
#[cfg(unix)]
pub const SIGXCPU: i32 = libc::SIGXCPU;
/// The number of SIGXCPU, the signal of a spent [`super::Limit::CpuSeconds`].
#[cfg(not(unix))]
pub const SIGXCPU: i32 = 24;
