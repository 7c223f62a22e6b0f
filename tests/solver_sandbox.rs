//! Hostile programs in the supervised child and the sandbox: each small shell or Python
//! program tries one thing an untrusted solver must not do (read a neighbour's file, reach
//! the network, write outside its scratch, fork or allocate without end, loop, flood its
//! output, print bytes that are not text, leave a detached process behind), and the test
//! checks that the child's limits or the sandbox stop it. Deadlines are generous: no test
//! depends on the machine's speed. Where bubblewrap is missing the sandbox tests are
//! skipped unless `HARNESS_TEST_TOOLS` lists `bwrap`.
#![cfg(target_os = "linux")]

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use harness::base::child::{Child, ChildLimits, Ended};
use harness::base::sandbox::{self, SandboxSpec};

/// A program's folder: readable by everyone (a sandboxed program may run as `nobody`).
fn program_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// Writes the executable program `name` with `text` into `dir`.
fn program(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Whether the sandbox tests can run (else they print why they are skipped).
fn bwrap() -> bool {
    let Err(why) = sandbox::available() else { return true };
    let provided = std::env::var(common::PROVIDED_TOOLS).unwrap_or_default();
    if provided.split(',').any(|t| t.trim() == "bwrap") {
        panic!("bwrap is missing although {}={provided:?} lists it: {why}", common::PROVIDED_TOOLS);
    }
    eprintln!("skipped: bubblewrap not installed ({why})");
    false
}

/// `program` started in a sandbox that may read `dir`, with `scratch` as its scratch.
fn sandboxed(program: &Path, dir: &Path, scratch: Option<&Path>, limits: &ChildLimits) -> Child {
    let spec = SandboxSpec {
        read_only: vec![dir.to_path_buf()],
        scratch: scratch.map(Path::to_path_buf),
        workdir: dir.to_path_buf(),
    };
    let command = sandbox::command(program, &[], &spec).unwrap();
    Child::spawn(command, limits).unwrap()
}

fn soon(seconds: u64) -> Instant {
    Instant::now() + Duration::from_secs(seconds)
}

/// Whether a process whose command line holds `needle` is running.
fn running(needle: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .is_ok_and(|c| String::from_utf8_lossy(&c).replace('\0', " ").contains(needle))
    })
}

/// Waits up to `within` for `done`.
fn eventually(within: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < within {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    done()
}

#[test]
fn a_neighbours_file_cannot_be_read() {
    if !bwrap() {
        return;
    }
    let (dir, neighbour) = (program_dir(), tempfile::tempdir().unwrap());
    let secret = neighbour.path().join("secret.txt");
    std::fs::write(&secret, "the answers").unwrap();
    std::fs::set_permissions(neighbour.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o644)).unwrap();
    let text = format!("#!/bin/sh\ncat {} 2>/dev/null && echo read || echo refused\n", secret.display());
    let p = program(dir.path(), "peek.sh", &text);
    let mut child = sandboxed(&p, dir.path(), None, &ChildLimits::untrusted());
    assert_eq!(child.read_line(soon(30)).unwrap(), "refused");
    assert_eq!(child.finish(Duration::from_secs(5)).code, Some(0));
    for folder in ["/home", "/root", "/work"] {
        let p = program(
            dir.path(),
            "ls.sh",
            &format!("#!/bin/sh\nls {folder} >/dev/null 2>&1 && echo seen || echo hidden\n"),
        );
        let mut child = sandboxed(&p, dir.path(), None, &ChildLimits::untrusted());
        assert_eq!(child.read_line(soon(30)).unwrap(), "hidden", "{folder}");
    }
}

#[test]
fn the_network_cannot_be_reached() {
    if !bwrap() {
        return;
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let dir = program_dir();
    let text = format!(
        "#!/usr/bin/python3\nimport socket\ntry:\n    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n    s.settimeout(5)\n    s.connect(('127.0.0.1', {port}))\n    print('connected', flush=True)\nexcept OSError as e:\n    print('refused', flush=True)\n"
    );
    let p = program(dir.path(), "net.py", &text);
    let mut child = sandboxed(&p, dir.path(), None, &ChildLimits::untrusted());
    assert_eq!(child.read_line(soon(30)).unwrap(), "refused");
}

#[test]
fn writes_stay_in_the_scratch_folder() {
    if !bwrap() {
        return;
    }
    let (dir, scratch, outside) = (program_dir(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    sandbox::give_scratch(scratch.path()).unwrap();
    std::fs::set_permissions(outside.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let (inside, escaped) = (scratch.path().join("kept.txt"), outside.path().join("escaped.txt"));
    let text = format!(
        "#!/bin/sh\necho x > {} 2>/dev/null && echo wrote || echo refused\necho y > {} 2>/dev/null && echo wrote || echo refused\necho z > {}/own.txt 2>/dev/null && echo wrote || echo refused\n",
        escaped.display(),
        inside.display(),
        dir.path().display()
    );
    let p = program(dir.path(), "write.sh", &text);
    let mut child = sandboxed(&p, dir.path(), Some(scratch.path()), &ChildLimits::untrusted());
    let lines: Vec<String> = (0..3).map(|_| child.read_line(soon(30)).unwrap()).collect();
    assert_eq!(lines, ["refused", "wrote", "refused"]);
    assert!(!escaped.exists() && !dir.path().join("own.txt").exists());
    assert_eq!(std::fs::read_to_string(&inside).unwrap(), "y\n");
}

/// A fork bomb meets the process limit, and nothing of it is left after `finish`.
#[test]
fn forking_without_end_is_bounded_and_cleaned_up() {
    if !bwrap() {
        return;
    }
    let dir = program_dir();
    let marker = "fork-bomb-7c1e";
    let text = "#!/usr/bin/python3\nimport os, time\nn = 0\ntry:\n    for _ in range(2000):\n        if os.fork() == 0:\n            time.sleep(600)\n            os._exit(0)\n        n += 1\nexcept OSError:\n    pass\nprint(n, flush=True)\ntime.sleep(600)\n";
    let p = program(dir.path(), &format!("{marker}.py"), text);
    let limits = ChildLimits { processes: Some(16), ..ChildLimits::untrusted() };
    let mut child = sandboxed(&p, dir.path(), None, &limits);
    let forked: u32 = child.read_line(soon(60)).unwrap().parse().unwrap();
    assert!(forked < 16, "{forked} processes forked under a limit of 16");
    assert!(eventually(Duration::from_secs(30), || running(marker)), "the bomb runs");
    child.finish(Duration::from_millis(100));
    assert!(eventually(Duration::from_secs(10), || !running(marker)), "a forked process survived");
}

#[test]
fn allocating_without_end_meets_the_memory_limit() {
    if !bwrap() {
        return;
    }
    let dir = program_dir();
    let text = "#!/usr/bin/python3\nheap = []\nwhile True:\n    heap.append(bytearray(1 << 20))\n";
    let p = program(dir.path(), "hog.py", text);
    let limits = ChildLimits { memory_bytes: Some(256 << 20), ..ChildLimits::untrusted() };
    let mut child = sandboxed(&p, dir.path(), None, &limits);
    let Err(Ended::Exited(ending)) = child.read_line(soon(120)) else { panic!("the hog answered or ran on") };
    assert!(ending.memory_limit || !ending.success(), "{ending:?}");
    assert!(child.stderr_text().contains("MemoryError"), "{}", child.stderr_text());
    assert!(ending.memory_limit, "{ending:?}");
}

#[test]
fn a_loop_meets_the_deadline_and_is_killed() {
    if !bwrap() {
        return;
    }
    let dir = program_dir();
    let p = program(dir.path(), "loop-51d2.sh", "#!/bin/sh\nwhile :; do :; done\n");
    let mut child = sandboxed(&p, dir.path(), None, &ChildLimits::untrusted());
    let started = Instant::now();
    assert_eq!(child.read_line(Instant::now() + Duration::from_secs(2)), Err(Ended::WallLimit));
    assert!(started.elapsed() >= Duration::from_secs(2));
    assert_eq!(child.ending().and_then(|e| e.signal), Some(9));
    assert!(eventually(Duration::from_secs(10), || !running("loop-51d2")));
}

#[test]
fn floods_meet_the_line_and_output_limits() {
    let dir = program_dir();
    let limits = ChildLimits { output_bytes: 1 << 20, ..ChildLimits::untrusted() };
    let flat = program(dir.path(), "flat.sh", "#!/bin/sh\nexec cat /dev/zero\n");
    let mut child = Child::spawn(Command::new(&flat), &limits).unwrap();
    assert_eq!(child.read_line(soon(60)), Err(Ended::LineTooLong));
    // A line exactly at the limit, a pause, then a flood: the flood is read only until the
    // line is over its limit, so the line limit, not the output limit, stops it.
    let paused =
        program(dir.path(), "paused.sh", "#!/bin/sh\nhead -c 65536 /dev/zero\nsleep 0.3\nexec cat /dev/zero\n");
    let mut child = Child::spawn(Command::new(&paused), &limits).unwrap();
    assert_eq!(child.read_line(soon(60)), Err(Ended::LineTooLong));
    let lines = program(dir.path(), "lines.sh", "#!/bin/sh\nexec yes\n");
    let mut child = Child::spawn(Command::new(&lines), &limits).unwrap();
    let result = (0..1_000_000).map(|_| child.read_line(soon(60))).find(Result::is_err);
    assert_eq!(result, Some(Err(Ended::OutputLimit)));
    if bwrap() {
        let mut child = sandboxed(&flat, dir.path(), None, &limits);
        assert_eq!(child.read_line(soon(60)), Err(Ended::LineTooLong));
    }
}

#[test]
fn an_early_exit_and_bytes_that_are_not_text_are_told() {
    let dir = program_dir();
    let early = program(dir.path(), "early.sh", "#!/bin/sh\nread line\nexit 3\n");
    let mut child = Child::spawn(Command::new(&early), &ChildLimits::untrusted()).unwrap();
    child.send_line("hello 1").unwrap();
    let Err(Ended::Exited(ending)) = child.read_line(soon(30)) else { panic!("no exit") };
    assert_eq!((ending.code, ending.signal), (Some(3), None));
    let latin = program(dir.path(), "latin.sh", "#!/bin/sh\nprintf 'caf\\351\\n'\nprintf 'ok\\r\\n'\nsleep 60\n");
    let mut child = Child::spawn(Command::new(&latin), &ChildLimits::untrusted()).unwrap();
    assert_eq!(child.read_line(soon(30)), Err(Ended::NotText));
    assert_eq!(child.read_line(soon(30)).unwrap(), "ok");
    if bwrap() {
        let mut child = sandboxed(&early, dir.path(), None, &ChildLimits::untrusted());
        child.send_line("hello 1").unwrap();
        let Err(Ended::Exited(ending)) = child.read_line(soon(30)) else { panic!("no exit") };
        assert_eq!(ending.code, Some(3));
    }
}

/// A grandchild that left the session (`setsid`) and holds the output open neither holds
/// up `read_to_end` nor survives `finish`.
#[test]
fn a_detached_grandchild_is_gone_after_finish() {
    let dir = program_dir();
    let text = "#!/bin/sh\nsetsid sleep 96.625 &\necho started\nexit 0\n";
    let p = program(dir.path(), "detach.sh", text);
    let mut child = Child::spawn(Command::new(&p), &ChildLimits::untrusted()).unwrap();
    assert_eq!(child.read_to_end(soon(30)).unwrap(), b"started\n");
    assert_eq!(child.finish(Duration::from_secs(1)).code, Some(0));
    if harness::base::os::is_root() {
        assert!(eventually(Duration::from_secs(10), || !running("sleep 96.625")), "the grandchild survived");
    }
    if bwrap() {
        let text = "#!/bin/sh\nsetsid sleep 95.375 &\necho started\nsleep 60\n";
        let p = program(dir.path(), "detach2.sh", text);
        let mut child = sandboxed(&p, dir.path(), None, &ChildLimits::untrusted());
        assert_eq!(child.read_line(soon(30)).unwrap(), "started");
        assert!(eventually(Duration::from_secs(30), || running("sleep 95.375")), "the grandchild started");
        child.finish(Duration::from_millis(100));
        assert!(eventually(Duration::from_secs(10), || !running("sleep 95.375")), "the grandchild survived");
    }
}

/// A stop callback ends a wait at once.
#[test]
fn a_stop_interrupts_a_wait() {
    let dir = program_dir();
    let p = program(dir.path(), "silent.sh", "#!/bin/sh\nsleep 94.5\n");
    let mut child = Child::spawn(Command::new(&p), &ChildLimits::untrusted()).unwrap();
    child.stop_when(std::sync::Arc::new(|| true));
    assert_eq!(child.read_line(soon(60)), Err(Ended::Interrupted));
    assert!(eventually(Duration::from_secs(10), || !running("sleep 94.5")));
}
