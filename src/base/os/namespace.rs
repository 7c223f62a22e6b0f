//! The PID namespace of a supervised child (Linux): three processes, the child (outside,
//! relaying how the program ended), the namespace's first process (reaping, ending the
//! namespace with the program) and the program. Every call here is async-signal-safe.

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
