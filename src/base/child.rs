//! The supervised child: the one way the harness starts another program and talks to it.
//!
//! A [`Child`] is started with its standard input and output piped (its input may be
//! closed instead, [`Wiring`]), its standard error kept up to a bound, in a session and
//! process group of its own, dying with the harness, under [`ChildLimits`] set in the
//! child before it runs the program, and (on Linux, where allowed, as root) in a PID
//! namespace of its own ([`crate::base::os::supervise_child`]). Every read has a deadline
//! that holds whether or not the output reaches its end (a descendant left holding the
//! pipe open cannot stall it), bytes past the output bound end the child, and a stop
//! callback lets an upper layer pass in its interruption. When it ends, is killed or is
//! dropped, everything it started goes with it: its process group, the descendants found
//! in `/proc` and, with a namespace, everything inside it.

use std::io::{Read, Write};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::base::os::{self, Limit, Supervision};
use crate::base::proc_tree;

/// How long one wait for output lasts before the stop callback, the child's end and its
/// memory are looked at again.
const TICK: Duration = Duration::from_millis(20);

/// How often the memory of the child's processes is sampled while waiting.
const SAMPLE_EVERY: Duration = Duration::from_millis(50);

/// The most bytes read from the output in one go (a flood is checked between reads).
const READ_CHUNK: usize = 64 << 10;

/// How long a kill waits for the child to be reaped.
const REAP_WAIT: Duration = Duration::from_secs(5);

/// The resource bounds of a child. The first four are set by the child on itself before it
/// runs its program, and hold for each of its processes; the last three are kept by the
/// parent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChildLimits {
    /// CPU seconds of each process (`RLIMIT_CPU`); `None`: no cap.
    pub cpu_seconds: Option<u64>,
    /// Bytes of private writable memory of each process (`RLIMIT_DATA`, not `RLIMIT_AS`:
    /// a Java virtual machine, and any runtime that reserves address space it never
    /// touches, fails to start under an address-space cap of a few GiB, while the data
    /// limit counts what can be written: heap, anonymous maps, stacks of threads).
    pub memory_bytes: Option<u64>,
    /// Processes of the child's user (`RLIMIT_NPROC`; the kernel ignores it for the root
    /// user, which is why the sandbox runs a program as another user).
    pub processes: Option<u64>,
    /// Bytes of any one file written (`RLIMIT_FSIZE`).
    pub file_bytes: Option<u64>,
    /// Total bytes of standard output the parent reads before [`Ended::OutputLimit`].
    pub output_bytes: u64,
    /// The longest line, without its `\n`, that [`Child::read_line`] accepts.
    pub line_bytes: usize,
    /// Bytes of standard error kept (the rest is read and dropped).
    pub stderr_bytes: usize,
}

impl ChildLimits {
    /// The bounds of an untrusted solver: 2 GiB of memory, 64 processes, files of 64 MiB,
    /// 64 MiB of output in lines of at most 65,536 bytes (the protocol's), 64 KiB of
    /// standard error kept; no CPU cap (the wall deadlines of the reads bound its time).
    pub fn untrusted() -> ChildLimits {
        ChildLimits {
            cpu_seconds: None,
            memory_bytes: Some(2 << 30),
            processes: Some(64),
            file_bytes: Some(64 << 20),
            output_bytes: 64 << 20,
            line_bytes: 65_536,
            stderr_bytes: 64 << 10,
        }
    }

    /// The bounds of a trusted program (a build of the harness, valgrind, `sbatch`): its
    /// standard output up to `output_bytes` (in lines as long), `stderr_bytes` of its
    /// standard error kept, nothing else capped (its time is the caller's deadline).
    pub fn output_only(output_bytes: usize, stderr_bytes: usize) -> ChildLimits {
        ChildLimits {
            cpu_seconds: None,
            memory_bytes: None,
            processes: None,
            file_bytes: None,
            output_bytes: output_bytes as u64,
            line_bytes: output_bytes,
            stderr_bytes,
        }
    }

    /// The limits the child sets on itself.
    fn os_limits(&self) -> Vec<Limit> {
        let limits = [
            self.cpu_seconds.map(Limit::CpuSeconds),
            self.memory_bytes.map(Limit::DataBytes),
            self.processes.map(Limit::Processes),
            self.file_bytes.map(Limit::FileBytes),
        ];
        limits.into_iter().flatten().collect()
    }
}

/// Where a child's standard streams lead, and the core it runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wiring {
    /// Standard input piped from the parent ([`Child::send_line`]); else it reads nothing.
    pub stdin: bool,
    /// Standard error kept ([`Child::stderr_text`]); else it goes where the parent's goes.
    pub capture_stderr: bool,
    /// The one core the child runs on (Linux).
    pub core: Option<usize>,
    /// Run by an ordinary user, make the child's PID namespace in a user namespace of its
    /// own ([`os::Supervision::user_namespace`]): not for a program that makes
    /// namespaces itself.
    pub user_namespace: bool,
}

impl Wiring {
    /// A program that is talked to: input piped, standard error kept.
    pub const TALK: Wiring = Wiring { stdin: true, capture_stderr: true, core: None, user_namespace: false };
}

/// How a child ended, with what it used.
#[derive(Debug, Clone, PartialEq)]
pub struct Ending {
    /// Its exit code, when it exited.
    pub code: Option<i32>,
    /// The signal that ended it, when one did (9 when it was killed).
    pub signal: Option<i32>,
    /// User plus system CPU seconds of it and the descendants it waited for.
    pub cpu_seconds: Option<f64>,
    /// Its peak resident memory ([`Child::peak_memory_bytes`] at its end).
    pub peak_memory_bytes: Option<u64>,
    /// Whether the CPU limit ended it (SIGXCPU, or SIGKILL after the limit's seconds).
    pub cpu_limit: bool,
    /// The best evidence that the memory limit ended it: it ended badly, and its peak
    /// came within 10 % of the limit or its standard error names a failed allocation
    /// (`std::bad_alloc`, `MemoryError`, `OutOfMemoryError`, "out of memory",
    /// "Cannot allocate memory").
    pub memory_limit: bool,
}

impl Ending {
    /// Whether it exited with code 0.
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.code, self.signal) {
            (Some(code), _) => write!(f, "exit code {code}")?,
            (None, Some(signal)) => write!(f, "signal {signal}")?,
            (None, None) => write!(f, "an unknown end")?,
        }
        if self.cpu_limit {
            write!(f, ", CPU limit reached")?;
        }
        if self.memory_limit {
            write!(f, ", memory limit reached")?;
        }
        Ok(())
    }
}

/// Why a child gave no answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Ended {
    /// It ended (before answering, or while being written to).
    Exited(Ending),
    /// The deadline passed first; it was killed.
    WallLimit,
    /// It printed more than its output bound; it was killed.
    OutputLimit,
    /// It printed a line longer than its line bound; it was killed.
    LineTooLong,
    /// It printed a line that is not UTF-8.
    NotText,
    /// The stop callback asked to stop; it was killed.
    Interrupted,
    /// Reading or writing its pipes failed.
    Io(String),
}

impl std::fmt::Display for Ended {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ended::Exited(ending) => write!(f, "the program ended ({ending})"),
            Ended::WallLimit => write!(f, "the program did not answer in time and was stopped"),
            Ended::OutputLimit => write!(f, "the program printed more than its output limit and was stopped"),
            Ended::LineTooLong => write!(f, "the program printed a line longer than its line limit and was stopped"),
            Ended::NotText => write!(f, "the program printed a line that is not UTF-8 text"),
            Ended::Interrupted => write!(f, "interrupted: the program was stopped"),
            Ended::Io(e) => write!(f, "cannot talk to the program: {e}"),
        }
    }
}

impl std::error::Error for Ended {}

/// A shared stop callback: `true` ends the child at the next look ([`Ended::Interrupted`]).
pub type Stop = Arc<dyn Fn() -> bool + Send + Sync>;

/// A running (or ended) supervised program.
pub struct Child {
    pid: u32,
    limits: ChildLimits,
    stdin: Option<ChildStdin>,
    /// `None` once the output reached its end.
    stdout: Option<ChildStdout>,
    /// Output read and not yet returned.
    pending: Vec<u8>,
    /// Output bytes read in all.
    read_total: u64,
    stderr: Arc<Mutex<Vec<u8>>>,
    stop: Option<Stop>,
    ending: Option<Ending>,
    peak: u64,
    sampled: Option<Instant>,
}

impl Child {
    /// Starts `command` as a program that is talked to ([`Wiring::TALK`]) under `limits`.
    pub fn spawn(command: Command, limits: &ChildLimits) -> std::io::Result<Child> {
        Child::spawn_with(command, limits, Wiring::TALK)
    }

    /// Starts `command` under `limits` with its streams as `wiring` says.
    pub fn spawn_with(mut command: Command, limits: &ChildLimits, wiring: Wiring) -> std::io::Result<Child> {
        let setup = Supervision {
            limits: limits.os_limits(),
            core: wiring.core,
            pid_namespace: true,
            user_namespace: wiring.user_namespace,
        };
        os::supervise_child(&mut command, setup);
        command.stdin(if wiring.stdin { Stdio::piped() } else { Stdio::null() });
        command.stdout(Stdio::piped());
        command.stderr(if wiring.capture_stderr { Stdio::piped() } else { Stdio::inherit() });
        let mut started = command.spawn()?;
        let stdout = started.stdout.take();
        if let Some(out) = &stdout {
            os::set_nonblocking(out)?;
        }
        let stderr = Arc::new(Mutex::new(Vec::new()));
        if let Some(err) = started.stderr.take() {
            let (kept, bound) = (Arc::clone(&stderr), limits.stderr_bytes);
            std::thread::spawn(move || keep_stderr(err, &kept, bound));
        }
        Ok(Child {
            pid: started.id(),
            limits: limits.clone(),
            stdin: started.stdin.take(),
            stdout,
            pending: Vec::new(),
            read_total: 0,
            stderr,
            stop: None,
            ending: None,
            peak: 0,
            sampled: None,
        })
    }

    /// Makes every wait look at `stop` (every few milliseconds): once it says `true`, the
    /// child is killed and the wait returns [`Ended::Interrupted`].
    pub fn stop_when(&mut self, stop: Stop) {
        self.stop = Some(stop);
    }

    /// The process id of the child.
    pub fn id(&self) -> u32 {
        self.pid
    }

    /// How it ended, once it has.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// Writes `line` and a `\n` to its input and flushes.
    pub fn send_line(&mut self, line: &str) -> Result<(), Ended> {
        let Some(stdin) = self.stdin.as_mut() else { return Err(Ended::Io("its input is closed".to_string())) };
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let written = os::without_sigpipe(|| {
            stdin.write_all(&bytes)?;
            stdin.flush()
        });
        match written {
            Ok(()) => Ok(()),
            Err(e) => {
                self.stdin = None;
                self.reap_now()?;
                match &self.ending {
                    Some(ending) => Err(Ended::Exited(ending.clone())),
                    None => Err(Ended::Io(e.to_string())),
                }
            }
        }
    }

    /// The next line of its output, without its `\n` (and a `\r` before it), read by
    /// `deadline`. A line longer than [`ChildLimits::line_bytes`], more output than
    /// [`ChildLimits::output_bytes`], the deadline or a stop kill it; bytes that are not
    /// UTF-8 are [`Ended::NotText`] (the line is consumed, the child left running); an
    /// end before a whole line is [`Ended::Exited`].
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, Ended> {
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                return self.take_line(end);
            }
            if self.pending.len() > self.limits.line_bytes {
                return Err(self.killed(Ended::LineTooLong));
            }
            if let Some(ending) = &self.ending {
                return Err(Ended::Exited(ending.clone()));
            }
            if Instant::now() >= deadline {
                return Err(self.killed(Ended::WallLimit));
            }
            self.step(deadline)?;
        }
    }

    /// Everything it prints until it exits (not until its output's end: a descendant
    /// left holding the output open does not hold this up), read by `deadline`; past it,
    /// or past [`ChildLimits::output_bytes`], or on a stop, it is killed. Its exit code
    /// is in [`Child::ending`].
    pub fn read_to_end(&mut self, deadline: Instant) -> Result<Vec<u8>, Ended> {
        match self.read_until(deadline)? {
            Some(bytes) => Ok(bytes),
            None => Err(self.killed(Ended::WallLimit)),
        }
    }

    /// What [`Child::read_to_end`] returns once it has exited, or `None` when it still
    /// runs at `until` (left running, the output read so far kept): lets one caller wait
    /// for several children in turns.
    pub fn read_until(&mut self, until: Instant) -> Result<Option<Vec<u8>>, Ended> {
        loop {
            if self.ending.is_some() {
                return Ok(Some(std::mem::take(&mut self.pending)));
            }
            if Instant::now() >= until {
                return Ok(None);
            }
            self.step(until)?;
        }
    }

    /// Closes its input, waits up to `grace` for it to exit (reading and dropping its
    /// output meanwhile), then kills it and everything it started; how it ended.
    pub fn finish(&mut self, grace: Duration) -> Ending {
        self.stdin = None;
        let until = Instant::now() + grace;
        while self.ending.is_none() && Instant::now() < until {
            if self.step(until).is_err() {
                break;
            }
            self.pending.clear();
        }
        self.kill();
        self.ending.clone().unwrap_or_else(|| self.ending_of(None))
    }

    /// Kills it and everything it started, now, and reaps it.
    pub fn kill(&mut self) {
        let started = Instant::now();
        if self.ending.is_none() {
            for pid in proc_tree::tree(self.pid).into_iter().rev() {
                os::kill_process(pid);
            }
            os::kill_group(self.pid);
        }
        while self.ending.is_none() && started.elapsed() < REAP_WAIT {
            if self.reap_now().is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        self.stdin = None;
    }

    /// Its kept standard error, bytes that are not UTF-8 replaced.
    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap_or_else(|e| e.into_inner())).into_owned()
    }

    /// The peak resident memory of its processes so far, in bytes: the largest of the
    /// summed resident memory of its process tree at the samples taken while waiting
    /// for it, the peak of its largest process, and the peak the system reports at its
    /// end; `None` before anything was measured.
    pub fn peak_memory_bytes(&self) -> Option<u64> {
        (self.peak > 0).then_some(self.peak)
    }

    /// One wait of at most [`TICK`] (and not past `until`) for output, then a look at the
    /// stop callback, its memory and its end.
    fn step(&mut self, until: Instant) -> Result<(), Ended> {
        if self.stop.as_ref().is_some_and(|stop| stop()) {
            return Err(self.killed(Ended::Interrupted));
        }
        self.sample();
        let wait = until.saturating_duration_since(Instant::now()).min(TICK);
        match &self.stdout {
            Some(out) => {
                if os::wait_readable(out, wait).map_err(|e| Ended::Io(e.to_string()))? {
                    self.read_available()?;
                }
            }
            None => std::thread::sleep(wait),
        }
        if self.ending.is_none() && self.reap_now()? {
            // Whatever it wrote before it ended is in the pipe now.
            self.read_available()?;
        }
        Ok(())
    }

    /// Reads what its output holds now (up to a few chunks, and no more once a line's worth
    /// is pending), keeping the output bound.
    fn read_available(&mut self) -> Result<(), Ended> {
        let mut buf = vec![0u8; READ_CHUNK];
        for _ in 0..16 {
            let Some(out) = self.stdout.as_mut() else { return Ok(()) };
            match out.read(&mut buf) {
                Ok(0) => self.stdout = None,
                Ok(n) => {
                    self.read_total += n as u64;
                    if self.read_total > self.limits.output_bytes {
                        return Err(self.killed(Ended::OutputLimit));
                    }
                    self.pending.extend_from_slice(&buf[..n]);
                    if self.pending.len() > self.limits.line_bytes {
                        // Enough to take a line or to call it too long: reading on
                        // would let a long line meet the output limit first.
                        return Ok(());
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(Ended::Io(e.to_string())),
            }
        }
        Ok(())
    }

    /// Reaps it if it has ended (ending its process group first); whether it has.
    fn reap_now(&mut self) -> Result<bool, Ended> {
        if self.ending.is_some() {
            return Ok(true);
        }
        match os::try_reap_group(self.pid) {
            Ok(Some(reaped)) => {
                self.ending = Some(self.ending_of(Some(reaped)));
                Ok(true)
            }
            Ok(None) => Ok(false),
            Err(e) => Err(Ended::Io(e.to_string())),
        }
    }

    /// Samples the memory of its process tree, at most every [`SAMPLE_EVERY`].
    fn sample(&mut self) {
        if self.ending.is_some() || self.sampled.is_some_and(|at| at.elapsed() < SAMPLE_EVERY) {
            return;
        }
        self.sampled = Some(Instant::now());
        let memory = proc_tree::memory(&proc_tree::tree(self.pid));
        self.peak = self.peak.max(memory.resident).max(memory.largest_peak);
    }

    /// Kills it and returns `why`.
    fn killed(&mut self, why: Ended) -> Ended {
        self.kill();
        why
    }

    /// The line of `pending` that ends at byte `end` (its `\n`), taken off.
    fn take_line(&mut self, end: usize) -> Result<String, Ended> {
        if end > self.limits.line_bytes {
            return Err(self.killed(Ended::LineTooLong));
        }
        let mut line: Vec<u8> = self.pending.drain(..=end).collect();
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        String::from_utf8(line).map_err(|_| Ended::NotText)
    }

    /// Its ending from what reaping it told (nothing: it could not be reaped).
    fn ending_of(&mut self, reaped: Option<os::Reaped>) -> Ending {
        if let Some(rss) = reaped.and_then(|r| r.max_resident_bytes) {
            self.peak = self.peak.max(rss);
        }
        let (code, signal) = reaped.map_or((None, None), |r| (r.code, r.signal));
        let cpu_seconds = reaped.map(|r| r.cpu_seconds);
        let cpu_limit = self.limits.cpu_seconds.is_some_and(|limit| {
            signal == Some(os::SIGXCPU) || (signal == Some(os::SIGKILL) && cpu_seconds >= Some(limit as f64))
        });
        let failed = code != Some(0);
        let memory_limit = self.limits.memory_bytes.is_some_and(|limit| {
            failed && (self.peak as f64 >= 0.9 * limit as f64 || names_failed_allocation(&self.stderr_text()))
        });
        let peak_memory_bytes = self.peak_memory_bytes();
        Ending { code, signal, cpu_seconds, peak_memory_bytes, cpu_limit, memory_limit }
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        if self.ending.is_none() {
            self.kill();
        }
    }
}

impl std::fmt::Debug for Child {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Child").field("pid", &self.pid).field("ending", &self.ending).finish_non_exhaustive()
    }
}

/// Whether a program's standard error names a failed allocation (C++, Python, Java, C).
fn names_failed_allocation(stderr: &str) -> bool {
    ["bad_alloc", "MemoryError", "OutOfMemoryError", "out of memory", "Cannot allocate memory"]
        .iter()
        .any(|needle| stderr.contains(needle))
}

/// Reads `from` to its end, keeping its first `bound` bytes in `kept`.
fn keep_stderr(mut from: impl Read, kept: &Mutex<Vec<u8>>, bound: usize) {
    let mut buf = vec![0u8; 16 << 10];
    loop {
        match from.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => {
                let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
                let room = bound.saturating_sub(kept.len()).min(n);
                kept.extend_from_slice(&buf[..room]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_untrusted_program_sets_four_limits_on_itself() {
        let limits = ChildLimits::untrusted();
        let expected = [Limit::DataBytes(2 << 30), Limit::Processes(64), Limit::FileBytes(64 << 20)];
        assert_eq!(limits.os_limits(), expected);
        let capped = ChildLimits { cpu_seconds: Some(10), ..limits };
        assert_eq!(capped.os_limits()[0], Limit::CpuSeconds(10));
    }

    #[test]
    fn failed_allocations_are_recognised_and_endings_told() {
        assert!(names_failed_allocation("terminate called after throwing an instance of 'std::bad_alloc'"));
        assert!(names_failed_allocation("Traceback ...\nMemoryError\n"));
        assert!(!names_failed_allocation("Segmentation fault"));
        let ending = Ending {
            code: None,
            signal: Some(9),
            cpu_seconds: Some(1.0),
            peak_memory_bytes: None,
            cpu_limit: true,
            memory_limit: false,
        };
        assert_eq!(Ended::Exited(ending).to_string(), "the program ended (signal 9, CPU limit reached)");
    }

    #[cfg(unix)]
    #[test]
    fn a_line_is_read_and_its_end_told() {
        let mut command = Command::new("sh");
        command.args(["-c", "read x; echo \"got $x\"; exit 4"]);
        let mut child = Child::spawn(command, &ChildLimits::untrusted()).unwrap();
        child.send_line("hello").unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        assert_eq!(child.read_line(deadline).unwrap(), "got hello");
        let Err(Ended::Exited(ending)) = child.read_line(deadline) else { panic!("no end") };
        assert_eq!(ending.code, Some(4));
        assert!(ending.cpu_seconds.is_some());
    }
}
