//! A child prepared to be supervised between fork and exec: a session of its own, death
//! with this process, resource limits, one core, a PID namespace.

#[cfg(target_os = "linux")]
use super::namespace;

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
/// its own (so [`super::kill_group`] ends whatever it started and stayed there), dies with this
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
