//! SIGTERM (what `timeout`, `kill` and Slurm's time limit send) stops like Ctrl-C: a run
//! journals what finished, marks `run.toml` interrupted, exits 143 and resumes when run
//! again; a `--json` one-shot prints its `interrupted` object.

mod common;

use std::process::{Command, Stdio};
use std::time::Duration;

use common::{signalled, write};

#[test]
fn sigterm_during_a_run_marks_it_interrupted_and_the_rerun_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "m.toml",
        "seed = 1\n\n[[experiment]]\nname = \"perft\"\ngame = \"checkers\"\nkind = \"perft\"\n\
         board = \"8x8 r3\"\ndepths = [1, 2, 3, 4, 14, 15]\n",
    );
    let out = dir.path().join("out");
    let args = ["run", m.as_str(), "--out", out.to_str().unwrap(), "--threads", "1"];
    let o = signalled(&args, "-TERM", Duration::from_millis(2500));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(143), "{stderr}");
    assert!(stderr.contains("interrupted (SIGTERM)"), "{stderr}");
    let run_toml = std::fs::read_to_string(out.join("run.toml")).unwrap();
    assert!(run_toml.contains("state = \"interrupted\""), "{run_toml}");
    let o = signalled(&args, "-TERM", Duration::from_millis(2500));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("resuming: 4 items already in the journal"), "{stderr}");
}

#[test]
fn sigterm_makes_a_json_one_shot_print_its_interrupted_object() {
    let o = signalled(
        &["checkers", "perft", "8", "8", "3", "16", "--json", "--threads", "1"],
        "-TERM",
        Duration::from_millis(1500),
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(143), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    assert_eq!(v["status"], "interrupted", "{stdout}");
    assert_eq!(v["depth"], 16, "{stdout}");
}

#[test]
fn an_interrupted_run_writes_the_page_of_the_experiments_it_finished() {
    use std::io::BufRead as _;
    let dir = tempfile::tempdir().unwrap();
    let perft = |name: &str, depths: &str| {
        format!("[[experiment]]\nname = \"{name}\"\ngame = \"checkers\"\nkind = \"perft\"\nboard = \"8x8 r3\"\ndepths = {depths}\n\n")
    };
    let text = format!("seed = 1\n\n{}{}", perft("first_perft", "[1, 2, 3]"), perft("endless_perft", "[14, 15, 16]"));
    let m = write(dir.path(), "m.toml", &text);
    let out = dir.path().join("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["run", m.as_str(), "--out", out.to_str().unwrap(), "--threads", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        for line in std::io::BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line.clone());
            all.push_str(&line);
            all.push('\n');
        }
        all
    });
    // Interrupt once the first experiment is done and the second has started.
    let started = rx.iter().find(|l| l.starts_with("[endless_perft] start"));
    assert!(started.is_some(), "the second experiment starts");
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let status = child.wait().unwrap();
    let stderr = reader.join().unwrap();
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("[first_perft] start, experiment 1 of 2: 3 rows"), "{stderr}");
    let run_toml = std::fs::read_to_string(out.join("run.toml")).unwrap();
    assert!(run_toml.contains("state = \"interrupted\""), "{run_toml}");
    let page = std::fs::read_to_string(out.join("index.html")).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    assert!(page.contains("first_perft"), "the page names the finished experiment");
    assert!(!out.join("endless_perft.csv").exists(), "the interrupted experiment has no CSV");
}
