//! The sandbox of an untrusted program: a command line of bubblewrap (`bwrap`, Debian's
//! package `bubblewrap`) that runs the program in namespaces of its own, to be started
//! as a supervised [`crate::base::child::Child`] (whose limits hold inside).
//!
//! **What it protects against.** Inside, the program sees the system's programs and
//! libraries (`/usr` and its merged links `/bin`, `/lib`, `/lib64`, `/sbin`, read-only), a
//! few files of `/etc` the dynamic loader and Java need, a fresh `/proc` and a minimal
//! `/dev`, a private `/tmp` in memory of bounded size, the folders it was given
//! ([`SandboxSpec::read_only`]) read-only and its one scratch folder read-write, each at
//! its own path; nothing else of the machine's files (no `/home`, `/root`, `/work`, nor
//! the machine's `/tmp`). It has no network (only a loopback of its own), its own process
//! ids (it sees and signals no process outside; when its first process ends, the kernel
//! kills every process inside), its own IPC, host name and cgroup view, a new session
//! (no terminal to push input into), an environment of `PATH`, `HOME` and `LANG` only,
//! and no capabilities. It dies with its parent. Run by root, the program runs as the
//! unprivileged user [`SANDBOX_USER`] (`nobody`), so the kernel enforces its process limit
//! (it never does for root) and file permissions hold for it.
//!
//! **What it does not protect against.** CPU time and memory are bounded only by the
//! child's resource limits, per process (no cgroup): many processes together may use
//! more, and the process limit counts every process of [`SANDBOX_USER`] on the machine.
//! The kernel is shared, so a kernel bug is an escape; timing and cache side channels
//! remain; everything under `/usr` can be read; the scratch folder can be filled up to the
//! file-size limit per file; a program may hold the cores until its deadline.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The user (and group) a program runs as inside the sandbox when the harness runs as
/// root: `nobody`.
pub const SANDBOX_USER: u32 = 65534;

/// The most bytes the sandbox's private `/tmp` holds.
pub const TMP_BYTES: u64 = 64 << 20;

/// The folders of the system the program may read (those that exist; a link of the
/// merged `/usr` is made as the same link inside).
const SYSTEM: &[&str] = &["/usr", "/bin", "/lib", "/lib32", "/lib64", "/libx32", "/sbin"];

/// The files and folders of `/etc` that programs need, bound where present: the dynamic
/// loader's cache and configuration, the choices of `update-alternatives` (`java`,
/// `python3`'s links), Java 17's configuration.
const ETC: &[&str] =
    &["/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/java-17-openjdk"];

/// Where a sandboxed program may read and write.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SandboxSpec {
    /// Folders and files the program may read (its own folder, the positions folder),
    /// each bound at its own path. Run by root, they must be readable by others.
    pub read_only: Vec<PathBuf>,
    /// A folder bound read-write at its own path: the one writable place besides the
    /// private `/tmp`, and the program's `HOME` (else `/tmp`). Run by root, it must be
    /// writable by [`SANDBOX_USER`] ([`give_scratch`]).
    pub scratch: Option<PathBuf>,
    /// The folder the program starts in.
    pub workdir: PathBuf,
}

/// Whether sandboxes can be made here: `bwrap` is found and starts `/bin/true` in one.
/// The answer, found once, says what to install or why a sandbox cannot be made.
pub fn available() -> Result<(), String> {
    static ANSWER: OnceLock<Result<(), String>> = OnceLock::new();
    ANSWER.get_or_init(probe).clone()
}

fn probe() -> Result<(), String> {
    let spec = SandboxSpec { workdir: PathBuf::from("/"), ..SandboxSpec::default() };
    let mut command = command(Path::new("/bin/true"), &[], &spec)?;
    let out = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run bwrap ({e}); install bubblewrap: apt-get install bubblewrap"))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "bubblewrap cannot make a sandbox here ({}): it needs user namespaces (sysctl kernel.unprivileged_userns_clone=1, user.max_user_namespaces > 0) or must run as root",
        String::from_utf8_lossy(&out.stderr).trim()
    ))
}

/// The command that runs `program` with `args` in a sandbox as `spec` says (see the
/// module's documentation); a bare `program` name is looked up on `PATH`. Refused when
/// `bwrap` or the program is not found.
pub fn command(program: &Path, args: &[String], spec: &SandboxSpec) -> Result<Command, String> {
    let bwrap = find_on_path(Path::new("bwrap"))
        .ok_or("bubblewrap (bwrap) is not installed: install bubblewrap (apt-get install bubblewrap)")?;
    let program = find_on_path(program).ok_or_else(|| format!("no program {} to run", program.display()))?;
    let mut command = Command::new(bwrap);
    command.current_dir("/").args(namespaces(spec));
    command.args(system_binds());
    command.args(["--proc", "/proc", "--dev", "/dev"]);
    if tmpfs_size_supported() {
        command.arg("--size").arg(TMP_BYTES.to_string());
    }
    command.args(["--tmpfs", "/tmp"]);
    let readable = |p: &Path| SYSTEM.iter().chain(&spec.read_only_strs()).any(|f| p.starts_with(f));
    if !readable(&program) {
        command.arg("--ro-bind").arg(&program).arg(&program);
    }
    for path in &spec.read_only {
        command.arg("--ro-bind").arg(path).arg(path);
    }
    if let Some(scratch) = &spec.scratch {
        command.arg("--bind").arg(scratch).arg(scratch);
    }
    command.arg("--chdir").arg(&spec.workdir).arg("--").arg(&program).args(args);
    if crate::base::os::is_root() {
        run_as_sandbox_user(&mut command);
    }
    Ok(command)
}

impl SandboxSpec {
    /// The read-only paths as text (for prefix checks).
    fn read_only_strs(&self) -> Vec<&str> {
        self.read_only.iter().filter_map(|p| p.to_str()).collect()
    }
}

/// The namespaces, session, environment of a sandbox.
fn namespaces(spec: &SandboxSpec) -> Vec<String> {
    let home = spec.scratch.as_ref().map_or("/tmp".to_string(), |s| s.display().to_string());
    let mut args: Vec<String> =
        ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv"].iter().map(|s| s.to_string()).collect();
    for (name, value) in [("PATH", "/usr/bin:/bin"), ("HOME", &home), ("LANG", "C.UTF-8")] {
        args.extend(["--setenv".to_string(), name.to_string(), value.to_string()]);
    }
    args
}

/// The system's folders and `/etc`'s files, read-only; a link of the merged `/usr`
/// (`/bin -> usr/bin`) made as the same link.
fn system_binds() -> Vec<String> {
    let mut args = Vec::new();
    for folder in SYSTEM {
        let path = Path::new(folder);
        match std::fs::read_link(path) {
            Ok(target) => args.extend(["--symlink".to_string(), target.display().to_string(), folder.to_string()]),
            Err(_) if path.is_dir() => args.extend(["--ro-bind".to_string(), folder.to_string(), folder.to_string()]),
            Err(_) => {}
        }
    }
    for file in ETC {
        args.extend(["--ro-bind-try".to_string(), file.to_string(), file.to_string()]);
    }
    args
}

/// Whether this `bwrap` bounds a tmpfs (`--size`, bubblewrap 0.5 and later).
fn tmpfs_size_supported() -> bool {
    static SUPPORTED: OnceLock<bool> = OnceLock::new();
    *SUPPORTED.get_or_init(|| {
        Command::new("bwrap")
            .arg("--help")
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("--size"))
    })
}

/// `program` made absolute and free of links: as given when it names a path, else the
/// first executable file of that name on `PATH`.
pub fn find_on_path(program: &Path) -> Option<PathBuf> {
    if program.components().count() > 1 || program.is_absolute() {
        return program.canonicalize().ok().filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|folder| folder.join(program))
        .find(|candidate| is_executable(candidate))
        .and_then(|found| found.canonicalize().ok())
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    path.is_file()
}

/// Makes `command` (bwrap, started by root) run as [`SANDBOX_USER`] with no extra groups.
fn run_as_sandbox_user(command: &mut Command) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.uid(SANDBOX_USER).gid(SANDBOX_USER);
    }
    #[cfg(not(unix))]
    let _ = command;
}

/// Hands the scratch folder `path` to the program: run by root, owned by [`SANDBOX_USER`]
/// (elsewhere the program runs as this process's user, which owns it already).
pub fn give_scratch(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    if crate::base::os::is_root() {
        std::os::unix::fs::chown(path, Some(SANDBOX_USER), Some(SANDBOX_USER))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_name_is_found_on_the_path_and_a_path_kept() {
        let sh = find_on_path(Path::new("sh")).expect("sh on PATH");
        assert!(sh.is_absolute() && sh.is_file(), "{}", sh.display());
        assert_eq!(find_on_path(&sh), Some(sh.clone()));
        assert_eq!(find_on_path(Path::new("no-such-program-anywhere")), None);
    }

    /// The sandbox unshares everything, drops the environment, and binds the program
    /// read-only when it lies outside the system's folders.
    #[test]
    fn the_command_line_holds_the_isolation() {
        let dir = tempfile::tempdir().unwrap();
        let program = dir.path().join("solver");
        std::fs::write(&program, "#!/bin/sh\n").unwrap();
        let spec = SandboxSpec { read_only: vec![], scratch: None, workdir: PathBuf::from("/tmp") };
        let Ok(command) = command(&program, &["x".to_string()], &spec) else {
            eprintln!("skipped: bubblewrap not installed");
            return;
        };
        let args: Vec<String> = command.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
        let line = args.join(" ");
        for flag in ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv", "--tmpfs /tmp"] {
            assert!(line.contains(flag), "{flag} in {line}");
        }
        let canonical = program.canonicalize().unwrap().display().to_string();
        assert!(line.contains(&format!("--ro-bind {canonical} {canonical}")), "{line}");
        assert!(line.ends_with(&format!("-- {canonical} x")), "{line}");
        assert!(!line.contains("/home") && !line.contains("/root"), "{line}");
    }
}
