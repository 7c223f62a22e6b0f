//! A folder held open by a descriptor, reached into by name and never through a link;
//! and the atomic exchange of two names.

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
