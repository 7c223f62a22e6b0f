//! The play programs read their prompts through one bounded line reader: a line over 4096
//! bytes is refused in a short message, never echoed, and costs no more memory than the
//! bound; the next line is read as usual. Refusals quote at most a short excerpt of what
//! was typed.

mod common;

use std::io::Write;
use std::process::Output;

use common::spawn_piped;

/// Runs `args` with `input` on stdin (written from a thread, so a program answering
/// while it reads never blocks the test).
fn play(args: &[&str], input: Vec<u8>) -> Output {
    let mut child = spawn_piped(args);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn long_line(byte: u8, len: usize) -> Vec<u8> {
    let mut v = vec![byte; len];
    v.push(b'\n');
    v
}

/// Each play program, an over-long line, then lines it answers normally.
fn programs() -> Vec<(Vec<&'static str>, &'static [u8], &'static str)> {
    vec![
        (vec!["play", "nim", "--seed", "1"], b"3\n3\n".as_slice(), "Heaps:"),
        (vec!["play", "tegel", "instances/tegel/spel1.txt", "--threads", "1"], b"0\n", "bye"),
        (vec!["play", "stenen", "4", "5", "instances/stenen/stenen1.in"], b"quit\n", "bye"),
        (vec!["play", "checkers"], b"quit\n", "Bye."),
    ]
}

#[test]
fn an_over_long_line_is_refused_without_being_echoed() {
    for (args, rest, last) in programs() {
        let mut input = long_line(b'y', 100_000);
        input.extend_from_slice(rest);
        let out = play(&args, input);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {text}");
        assert!(text.to_lowercase().contains("longer than 4096 bytes"), "{args:?}: {text}");
        assert!(!text.contains(&"y".repeat(100)), "{args:?} echoed the line");
        assert!(text.len() < 20_000, "{args:?}: {} bytes of output", text.len());
        assert!(text.contains(last), "{args:?} did not go on after the long line: {text}");
    }
}

#[test]
fn a_refused_answer_is_quoted_as_a_short_excerpt() {
    let typed = "q".repeat(3000);
    let mut input = format!("3\n{typed}\n").into_bytes();
    input.extend_from_slice(b"quit\n");
    let out = play(&["play", "tegel", "instances/tegel/spel1.txt", "--threads", "1"], input);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("`{}…` is not a move", "q".repeat(40))), "{text}");
    assert!(!text.contains(&"q".repeat(41)), "{text}");
    let out = play(&["play", "checkers"], format!("8 8 3\nblack\nrandom\n{}\nquit\n", "z".repeat(3000)).into_bytes());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("`{}…`", "z".repeat(40))), "{text}");
    assert!(!text.contains(&"z".repeat(41)), "{text}");
}

/// The resident memory high-water mark of process `pid` in KiB (Linux).
#[cfg(target_os = "linux")]
fn peak_rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM in /proc/PID/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn fifty_megabytes_without_a_line_end_take_no_more_memory_than_the_bound() {
    let mut child = spawn_piped(&["play", "checkers"]);
    let mut stdin = child.stdin.take().unwrap();
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..50 {
        stdin.write_all(&chunk).unwrap();
    }
    // The pipe holds at most a few KiB unread: the program has read nearly all 50 MiB.
    let peak_mib = peak_rss_kib(child.id()) / 1024;
    stdin.write_all(b"\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(peak_mib < 40, "peak resident memory {peak_mib} MiB for a 50 MiB line");
    assert!(text.contains("longer than 4096 bytes") && text.contains("Bye."), "{text}");
}
