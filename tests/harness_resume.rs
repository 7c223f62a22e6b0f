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

/// A manifest `file` in `dir` with the small nim experiments `nim_formula` and
/// `nim_selector` (a fraction of a second each).
fn nim_manifest(dir: &Path, file: &str) -> PathBuf {
    let text = "seed = 3\nthread_counts = [1]\ntime_limit = 20\n\n\
        [[experiment]]\nname = \"nim_formula\"\ngame = \"nim\"\nkind = \"formula\"\nmaxtakes = [0, 1, 2]\n\
        takes_sets = [[1, 3, 4]]\nheap_counts = [3]\nmax_sticks = 6\n\n\
        [[experiment]]\nname = \"nim_selector\"\ngame = \"nim\"\nkind = \"selector\"\nreservoir = [1]\nitems = [3]\ndraws = 2000\n";
    PathBuf::from(write(dir, file, text))
}

fn run_toml(out: &Path) -> toml::Table {
    toml::from_str(&std::fs::read_to_string(out.join("run.toml")).unwrap()).unwrap()
}

fn strings(value: &toml::Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

/// Two manifests of the same text (`main.toml`, `quick.toml`) and a results directory
/// holding the first one's `nim_formula`.
fn first_manifests_results() -> (tempfile::TempDir, PathBuf, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let (main, quick) = (nim_manifest(dir.path(), "main.toml"), nim_manifest(dir.path(), "quick.toml"));
    let out = dir.path().join("results");
    let o = run(&main, &out, &["--only", "nim_formula"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    (dir, main, quick, out)
}

/// One manifest per results directory: a second manifest's run into the first one's
/// directory is refused (exit 2) naming both and the ways out, and changes nothing;
/// `--force` replaces and says what it replaced.
#[test]
fn another_manifests_results_are_refused_unless_forced() {
    let (_dir, main, quick, out) = first_manifests_results();
    let before = std::fs::read(out.join("nim_formula.csv")).unwrap();
    let run_before = std::fs::read(out.join("run.toml")).unwrap();
    let o = run(&quick, &out, &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    for needed in ["main.toml", "quick.toml", "nim_formula", "--out DIR", "--force"] {
        assert!(err.contains(needed), "`{needed}` missing: {err}");
    }
    assert_eq!(std::fs::read(out.join("nim_formula.csv")).unwrap(), before, "refused, yet the CSV changed");
    assert_eq!(std::fs::read(out.join("run.toml")).unwrap(), run_before, "refused, yet run.toml changed");
    assert!(!out.join("nim_selector.csv").exists());
    let o = run(&quick, &out, &["--force"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("replacing the results nim_formula of") && err.contains("main.toml"), "{err}");
    let o = run(&main, &out, &[]);
    assert_eq!(o.status.code(), Some(2), "back to the first manifest is refused too: {}", stderr(&o));
}

/// `merge` keeps the same rule: shards of another manifest merged into a directory that
/// holds the first manifest's results are refused (exit 2, nothing changed); `--force`
/// replaces them and says what it replaced.
#[test]
fn a_merge_of_another_manifests_shards_is_refused_unless_forced() {
    let (dir, _, quick, out) = first_manifests_results();
    let before = std::fs::read(out.join("nim_formula.csv")).unwrap();
    let run_before = std::fs::read(out.join("run.toml")).unwrap();
    let shards: Vec<PathBuf> = (0..2)
        .map(|i| {
            let shard = dir.path().join(format!("shard{i}"));
            let o = run(&quick, &shard, &["--shard", &format!("{i}/2")]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            shard
        })
        .collect();
    let merge = |extra: &[&str]| {
        let mut args =
            vec!["merge", shards[0].to_str().unwrap(), shards[1].to_str().unwrap(), "--out", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        harness(&args)
    };
    let o = merge(&[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    for needed in ["main.toml", "quick.toml", "nim_formula", "--force"] {
        assert!(err.contains(needed), "`{needed}` missing: {err}");
    }
    assert_eq!(std::fs::read(out.join("nim_formula.csv")).unwrap(), before, "refused, yet the CSV changed");
    assert_eq!(std::fs::read(out.join("run.toml")).unwrap(), run_before, "refused, yet run.toml changed");
    let o = merge(&["--force"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("replacing the results nim_formula of") && err.contains("main.toml"), "{err}");
}

/// A resume keeps the record: the first start, the last end, the seconds of every part
/// together, each part with what it ran and skipped, an earlier part's timeouts and
/// warnings for the experiments it alone computed; the page says "run in N parts". A
/// `--force` rerun of everything starts a new record.
#[test]
fn a_resume_keeps_the_first_start_and_lists_every_part() {
    let dir = tempfile::tempdir().unwrap();
    let m = nim_manifest(dir.path(), "m.toml");
    let out = dir.path().join("results");
    let o = run(&m, &out, &["--only", "nim_formula"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // What the first part found, as a run that timed out and warned would have recorded it.
    let mut first = run_toml(&out);
    let part = first["parts"].as_array_mut().unwrap()[0].as_table_mut().unwrap();
    part.insert("timeouts".into(), toml::Value::Array(vec!["nim_formula maxtake 9 at 20 s".into()]));
    part.insert("warnings".into(), toml::Value::Array(vec!["the first part's warning".into()]));
    std::fs::write(out.join("run.toml"), toml::to_string(&first).unwrap()).unwrap();
    for _ in 0..2 {
        let o = run(&m, &out, &[]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let record = run_toml(&out);
    let parts = record["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 3, "{record:#?}");
    assert_eq!(record["started"].as_str(), first["started"].as_str(), "the first start is kept");
    assert_eq!(record["started"].as_str(), parts[0]["started"].as_str());
    assert_eq!(record["finished"].as_str(), parts[2]["finished"].as_str(), "the last end");
    let sum: f64 = parts.iter().map(|p| p["seconds"].as_float().unwrap()).sum();
    assert!((record["seconds"].as_float().unwrap() - sum).abs() < 1e-6, "{record:#?}");
    assert_eq!(strings(&parts[0]["ran"]), ["nim_formula"]);
    assert_eq!(
        (strings(&parts[1]["ran"]), strings(&parts[1]["skipped"])),
        (vec!["nim_selector".to_string()], vec!["nim_formula".to_string()])
    );
    assert!(strings(&parts[2]["ran"]).is_empty() && strings(&parts[2]["skipped"]).len() == 2);
    assert_eq!(strings(&record["ran"]), ["nim_formula", "nim_selector"]);
    assert_eq!(strings(&record["timeouts"]), ["nim_formula maxtake 9 at 20 s"], "an earlier part's timeouts are kept");
    assert!(strings(&record["warnings"]).contains(&"the first part's warning".to_string()));
    assert_eq!(record["state"].as_str(), Some("complete"));
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(page.contains("run in 3 parts"), "the page does not say so");
    let numbers = std::fs::read_to_string(out.join("tex/numbers.tex")).unwrap();
    assert!(numbers.contains("{parts}{, run in 3 parts"), "the PDF's numbers do not say so");
    let o = run(&m, &out, &["--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let record = run_toml(&out);
    assert_eq!(record["parts"].as_array().unwrap().len(), 1, "--force starts a new record");
    assert!(strings(&record["timeouts"]).is_empty());
}

/// A marker edited to list results (with their true hashes) deletes nothing: `report`
/// removes only report files it wrote, never a CSV, metadata, journal, lock or run record.
#[test]
fn a_forged_marker_makes_report_delete_nothing_of_the_results() {
    let dir = tempfile::tempdir().unwrap();
    let m = nim_manifest(dir.path(), "m.toml");
    let out = dir.path().join("results");
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let kept = [
        "nim_formula.csv",
        "run.toml",
        "run.json",
        ".lock",
        ".journal/nim_formula.jsonl",
        "meta/nim_formula.toml",
        "samples/nim_selector.csv",
    ];
    let mut forged = String::from("harness = \"results directory\"\ngenerated = [\"nim_formula.csv\", \"run.toml\"]\n");
    for f in kept.iter().filter(|f| out.join(f).exists()) {
        let hash = harness::base::hash::fnv1a_hex(&std::fs::read(out.join(f)).unwrap());
        forged.push_str(&format!("[[file]]\npath = \"{f}\"\nhash = \"{hash}\"\n"));
    }
    std::fs::write(out.join(".harness-results.toml"), forged).unwrap();
    let present: Vec<&str> = kept.iter().copied().filter(|f| out.join(f).exists()).collect();
    assert!(present.len() >= 5, "{present:?}");
    let o = harness(&["report", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for f in present {
        assert!(out.join(f).exists(), "report removed {f}");
    }
}

/// A run into a directory made by `harness merge` continues the merge's record: the
/// shards, the busy items, the first start and the merge as the first part (with its
/// shards' seconds) are kept, not replaced by a record of a run that found everything
/// done.
#[test]
fn a_run_into_a_merged_directory_keeps_the_merges_record() {
    let dir = tempfile::tempdir().unwrap();
    let m = nim_manifest(dir.path(), "m.toml");
    let shards: Vec<PathBuf> = (0..2)
        .map(|i| {
            let shard = dir.path().join(format!("shard{i}"));
            let o = run(&m, &shard, &["--shard", &format!("{i}/2")]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            shard
        })
        .collect();
    let out = dir.path().join("merged");
    let o =
        harness(&["merge", shards[0].to_str().unwrap(), shards[1].to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // As a merge of shards that ran on a busy machine would have recorded it.
    let mut merged = run_toml(&out);
    merged.insert("busy".into(), toml::Value::Array(vec!["nim_selector 3".into()]));
    merged.insert("seconds".into(), toml::Value::Float(1234.0));
    std::fs::write(out.join("run.toml"), toml::to_string(&merged).unwrap()).unwrap();
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let record = run_toml(&out);
    assert_eq!(record["shards"].as_array().map(Vec::len), Some(2), "{record:#?}");
    assert_eq!(strings(&record["busy"]), ["nim_selector 3"], "{record:#?}");
    assert_eq!(record["started"].as_str(), merged["started"].as_str(), "the merge's start is kept");
    let parts = record["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 2, "{record:#?}");
    assert_eq!(parts[0]["merged_shards"].as_integer(), Some(2));
    assert_eq!(strings(&parts[0]["ran"]), ["nim_formula", "nim_selector"]);
    assert!(record["seconds"].as_float().unwrap() >= 1234.0, "{record:#?}");
    assert_eq!(strings(&record["ran"]), ["nim_formula", "nim_selector"]);
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(page.contains("run in 2 parts"), "the page does not say so");
}

/// A run killed with `kill -9` and resumed: the killed part reads `killed`, not
/// `running`, with the experiment it finished, its seconds up to its last write, and the
/// experiment it had begun with the items its journal held.
#[test]
fn a_killed_part_is_recorded_as_killed_with_what_it_did() {
    let dir = tempfile::tempdir().unwrap();
    let nim = std::fs::read_to_string(nim_manifest(dir.path(), "nim.toml")).unwrap();
    let par = std::fs::read_to_string(manifest(dir.path())).unwrap();
    let par_entry = &par[par.find("[[experiment]]").unwrap()..];
    let m = PathBuf::from(write(dir.path(), "both.toml", &format!("{nim}\n{par_entry}")));
    let out = dir.path().join("results");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["run", m.to_str().unwrap(), "--out", out.to_str().unwrap()])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed once the nim experiments are done and the parallel one has journaled an item.
    let journal = out.join(".journal/par.jsonl");
    let deadline = std::time::Instant::now() + Duration::from_secs(300);
    while std::fs::read_to_string(&journal).map_or(0, |t| t.lines().count()) < 2 {
        assert!(std::time::Instant::now() < deadline, "the run never reached its second item");
        assert!(child.try_wait().unwrap().is_none(), "the run ended before it was killed");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Killed at once: the parallel experiment's six items take about a second on a fast
    // machine, so waiting longer could let the run end before it is killed.
    child.kill().unwrap();
    child.wait().unwrap();
    let killed = run_toml(&out);
    assert_eq!(strings(&killed["parts"][0]["ran"]), ["nim_formula", "nim_selector"], "{killed:#?}");
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let record = run_toml(&out);
    let parts = record["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 2, "{record:#?}");
    let first = &parts[0];
    assert_eq!(first["state"].as_str(), Some("killed"), "{record:#?}");
    // Its times are whole seconds (a fast machine kills it within the second it started).
    assert!(first["seconds"].as_float().unwrap() >= 0.0, "{record:#?}");
    assert!(first["finished"].as_str().is_some_and(|f| f >= first["started"].as_str().unwrap()), "{record:#?}");
    assert_eq!(strings(&first["ran"]), ["nim_formula", "nim_selector"]);
    let unfinished = strings(&first["unfinished"]);
    assert!(
        unfinished.len() == 1 && unfinished[0].starts_with("par: ") && unfinished[0].ends_with(" of 6 items"),
        "{unfinished:?}"
    );
    assert_eq!(parts[1]["state"].as_str(), Some("complete"));
    assert_eq!(strings(&parts[1]["ran"]), ["par"]);
    assert_eq!(record["state"].as_str(), Some("complete"));
}
