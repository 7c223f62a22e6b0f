//! Reading a child's pipes without blocking: a FIFO opened at once, reads that return
//! instead of waiting, and a wait for bytes with a timeout.

use std::time::Duration;

/// Makes `options` open without blocking (a FIFO with no writer opens at once): `O_NONBLOCK`
/// on Unix; elsewhere nothing.
pub fn non_blocking(options: &mut std::fs::OpenOptions) {
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(options, libc::O_NONBLOCK);
    #[cfg(not(unix))]
    let _ = options;
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
