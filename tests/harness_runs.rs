//! Whole runs of `instances/quick.toml`: the same seed gives the same CSVs on 1 and 2
//! threads (time columns aside), and a rerun resumes instead of searching again.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use harness::results::row::varies_between_runs;

fn run_quick(out: &Path, extra: &[&str]) -> String {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/instances/quick.toml");
    let o = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["run", manifest, "--out", out.to_str().unwrap()])
        .args(extra)
        .output()
        .expect("run harness");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(0), "{err}");
    err
}

/// Every CSV of `dir`, with the columns that may vary (timings, `threads`) blanked.
fn tables_without_times(dir: &Path) -> BTreeMap<String, Vec<Vec<String>>> {
    let mut tables = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "csv") {
            continue;
        }
        let mut reader = csv::Reader::from_path(&path).unwrap();
        let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
        let mut rows = vec![header.clone()];
        for record in reader.records() {
            let record = record.unwrap();
            rows.push(
                record
                    .iter()
                    .zip(&header)
                    .map(|(cell, col)| if varies_between_runs(col) { String::new() } else { cell.to_string() })
                    .collect(),
            );
        }
        tables.insert(path.file_name().unwrap().to_string_lossy().into_owned(), rows);
    }
    tables
}

#[test]
fn same_seed_same_tables_on_one_and_two_threads_and_rerun_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    run_quick(&one, &["--threads", "1"]);
    run_quick(&two, &["--threads", "2"]);
    let (a, b) = (tables_without_times(&one), tables_without_times(&two));
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (name, rows) in &a {
        // A timeout depends on the clock, so only rows that finished on both sides compare.
        assert_eq!(rows.len(), b[name].len(), "{name}: row counts differ");
        let status = rows[0].iter().position(|c| c == "status");
        for (ra, rb) in rows.iter().zip(&b[name]) {
            let finished = status.is_none_or(|s| ra[s] == "ok" && rb[s] == "ok");
            if finished || ra == &rows[0] {
                assert_eq!(ra, rb, "{name}: rows differ between 1 and 2 threads");
            }
        }
    }
    let err = run_quick(&two, &["--threads", "2"]);
    for name in a.keys() {
        let stem = name.trim_end_matches(".csv");
        assert!(err.contains(&format!("[{stem}] already done")), "{stem} was not skipped: {err}");
    }
    let err = run_quick(&two, &["--threads", "2", "--force"]);
    assert!(!err.contains("already done"), "{err}");
}
