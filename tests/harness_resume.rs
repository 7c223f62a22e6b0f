//! Crash safety of `harness run`: kill -9 at any moment and rerun gives the CSVs of an
//! uninterrupted run; torn journal lines are dropped; one run per results directory;
//! results are kept only while provably current (same entry, inputs and build).

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::{csv_without_time_columns, harness, instances, stderr, write};

/// A manifest whose one experiment has six items of 10-300 ms each.
fn manifest(dir: &Path) -> PathBuf {
    let i = instances().display().to_string();
    let text = format!(
        "seed = 5\nthreads = [1, 2]\ntime_limit = 60\n\n[[experiment]]\nname = \"par\"\ngame = \"harness\"\nkind = \"parallel\"\nitems = [\n\
         {{ game = \"tegel\", search = \"best\", instance = \"{i}/tegel/spel3.txt\" }},\n\
         {{ game = \"stenen\", search = \"count smart\", height = 5, width = 8, stones = \"{i}/stenen/stenen3.in\" }},\n\
         {{ game = \"checkers\", search = \"perft\", board = \"8x8 r3\", depth = 9 }},\n\
         {{ game = \"checkers\", search = \"perft\", board = \"8x8 r3\", depth = 10 }},\n\
         {{ game = \"checkers\", search = \"count\", board = \"5x5 r1\" }},\n\
         {{ game = \"stenen\", search = \"count dumb\", height = 10, width = 4, stones = \"{i}/stenen/stenen3.in\" }},\n]\n"
    );
    PathBuf::from(write(dir, "m.toml", &text))
}

fn run(m: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["run", m.to_str().unwrap(), "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    harness(&args)
}

#[test]
fn kill_9_at_random_moments_then_rerun_gives_the_uninterrupted_csv() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let reference = dir.path().join("reference");
    let o = run(&m, &reference, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = dir.path().join("killed");
    let expected = csv_without_time_columns(&reference.join("par.csv"));
    let mut state: u64 = 0x9e37_79b9;
    let (mut kills, mut completed) = (0, 0);
    for _ in 0..80 {
        if kills >= 8 {
            break;
        }
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let delay = Duration::from_millis((state >> 33) % 500);
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
            .args(["run", m.to_str().unwrap(), "--out", out.to_str().unwrap()])
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap();
            child.wait().unwrap();
            kills += 1;
        } else {
            // A run that finished after earlier kills must already equal the reference;
            // then start over, so that the next kills land in unfinished work again.
            assert_eq!(csv_without_time_columns(&out.join("par.csv")), expected, "after {kills} kills");
            completed += 1;
            std::fs::remove_dir_all(&out).unwrap();
        }
    }
    assert!(kills >= 8, "only {kills} runs were killed ({completed} finished): make the items longer");
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(csv_without_time_columns(&out.join("par.csv")), expected);
    let leftovers: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

#[test]
fn a_torn_journal_line_is_dropped_and_the_item_rerun() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let out = dir.path().join("out");
    assert_eq!(run(&m, &out, &[]).status.code(), Some(0));
    let reference = csv_without_time_columns(&out.join("par.csv"));
    let journal = out.join(".journal/par.jsonl");
    let text = std::fs::read_to_string(&journal).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "a header and one line per item");
    let last = lines[6];
    let torn = format!("{}\n{}", lines[..6].join("\n"), &last[..last.len() / 2]);
    std::fs::write(&journal, torn).unwrap();
    std::fs::remove_file(out.join("meta/par.toml")).unwrap();
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("resuming: 5 items"), "{}", stderr(&o));
    assert_eq!(csv_without_time_columns(&out.join("par.csv")), reference);
    assert_eq!(std::fs::read_to_string(&journal).unwrap().lines().count(), 7);
}

#[test]
fn a_second_run_on_a_locked_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let lock = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(out.join(".lock")).unwrap();
    lock.lock().unwrap();
    std::fs::write(out.join(".lock"), "4242\n").unwrap();
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("in use by another harness run (pid 4242)"), "{}", stderr(&o));
    assert!(!out.join("par.csv").exists());
    drop(lock);
    assert_eq!(run(&m, &out, &[]).status.code(), Some(0));
}

#[test]
fn results_are_kept_only_while_current() {
    let dir = tempfile::tempdir().unwrap();
    let inst = dir.path().join("spel.txt");
    std::fs::copy(instances().join("tegel/spel1.txt"), &inst).unwrap();
    let m = write(
        dir.path(),
        "m.toml",
        "seed = 1\nthreads = [1]\n[[experiment]]\nname = \"b\"\ngame = \"tegel\"\nkind = \"best\"\ninstances = [\"spel.txt\"]\n",
    );
    let m = Path::new(&m);
    let out = dir.path().join("out");
    assert_eq!(run(m, &out, &[]).status.code(), Some(0));
    let skipped = |o: &std::process::Output| stderr(o).contains("[b] already done");
    assert!(skipped(&run(m, &out, &[])), "unchanged: skipped");
    let csv = out.join("b.csv");
    let full = std::fs::read_to_string(&csv).unwrap();
    std::fs::write(&csv, &full[..full.len() / 2]).unwrap();
    let o = run(m, &out, &[]);
    assert!(!skipped(&o), "a truncated CSV is recomputed: {}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), full);
    std::fs::copy(instances().join("tegel/spel3.txt"), &inst).unwrap();
    let o = run(m, &out, &[]);
    assert!(!skipped(&o), "an edited instance file is recomputed: {}", stderr(&o));
    assert_ne!(std::fs::read_to_string(&csv).unwrap(), full);
    std::fs::write(out.join(".b.csv.tmp99999"), "litter").unwrap();
    run(m, &out, &[]);
    assert!(!out.join(".b.csv.tmp99999").exists(), "temp files are cleaned at the start of a run");
}

#[test]
fn a_journal_of_another_build_is_discarded_and_its_items_recomputed() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let out = dir.path().join("out");
    assert_eq!(run(&m, &out, &["--only", "par"]).status.code(), Some(0));
    let journal = out.join(".journal/par.jsonl");
    let text = std::fs::read_to_string(&journal).unwrap();
    std::fs::write(&journal, text.replacen("\"build\":\"", "\"build\":\"0ld-", 1)).unwrap();
    std::fs::remove_file(out.join("meta/par.toml")).unwrap();
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("unfinished journal of build 0ld-"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("resuming"), "{}", stderr(&o));
}

#[test]
fn bad_run_flags_exit_2_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let m = manifest(dir.path());
    let m = m.to_str().unwrap();
    let file = write(dir.path(), "afile", "");
    for (args, says) in [
        (vec!["run", m, "--shard", "3/3"], "--shard"),
        (vec!["run", m, "--shard", "0/0"], "--shard"),
        (vec!["run", m, "--seed", "9223372036854775808"], "--seed"),
        (vec!["run", m, "--time-limit", "1e308"], "--time-limit"),
        (vec!["run", m, "--time-limit", "1e19"], "--time-limit"),
        (vec!["run", m, "--out", file.as_str()], "afile"),
    ] {
        let o = harness(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}
