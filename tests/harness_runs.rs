//! Whole runs of `instances/quick.toml`: the same seed gives the same CSVs on 1 and 2
//! threads (time columns aside), and a rerun resumes instead of searching again.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use harness::results::columns::Columns;
use harness::results::experiment_meta::ExperimentMeta;

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
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let declared = ExperimentMeta::read(dir, &name).expect("metadata beside every CSV").columns;
        assert_eq!(declared.len(), header.len(), "{name}: the metadata declares every column");
        let columns = Columns::of(&header, &declared);
        let mut rows = vec![header.clone()];
        for record in reader.records() {
            let record = record.unwrap();
            rows.push(
                record
                    .iter()
                    .zip(&columns.0)
                    .map(|(cell, col)| if col.varies_between_runs() { String::new() } else { cell.to_string() })
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

/// Every CSV of the quick run is analysis-ready: each column is all numbers (or empty)
/// or all text, as its metadata declares it; the samples are in the tidy samples file;
/// `run.json` says what `run.toml` says.
#[test]
fn every_column_is_all_numbers_or_all_text_as_declared() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("q");
    run_quick(&out, &["--threads", "2"]);
    let (mut sampled, mut peaks) = (0, 0);
    for entry in std::fs::read_dir(&out).unwrap().flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "csv") {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let meta = ExperimentMeta::read(&out, &name).expect("metadata");
        let mut reader = csv::Reader::from_path(&path).unwrap();
        let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        for (i, column) in meta.columns.iter().enumerate() {
            assert_eq!(column.name, header[i], "{name}: the metadata names the columns in order");
            let cells: Vec<&str> = rows.iter().map(|r| &r[i]).filter(|c| !c.is_empty()).collect();
            let numbers = cells.iter().filter(|c| c.parse::<f64>().is_ok()).count();
            assert!(
                numbers == 0 || numbers == cells.len(),
                "{name}.{}: {numbers} of {} cells are numbers: {cells:?}",
                column.name,
                cells.len()
            );
            if column.kind.is_numeric() {
                assert_eq!(numbers, cells.len(), "{name}.{} is declared {:?}", column.name, column.kind);
            }
            assert!(!column.name.ends_with("_samples"), "{name}: samples stay out of the wide CSV");
            if column.name == "peak_memory_bytes" {
                assert_eq!((column.kind.name(), column.unit.as_str()), ("bytes", "B"), "{name}");
                assert!(column.varies_between_runs(), "{name}: a peak is a measurement");
                peaks += numbers;
            }
        }
        if let Some(samples) = &meta.samples {
            let mut r = csv::Reader::from_path(out.join(samples)).unwrap();
            let h: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
            assert_eq!(h[..2], ["experiment", "row"], "{samples}");
            let wall = h.iter().position(|c| c == "wall_seconds").unwrap();
            for rec in r.records() {
                let rec = rec.unwrap();
                assert_eq!(&rec[0], name, "{samples}");
                assert!(rec[wall].parse::<f64>().is_ok_and(|w| w >= 0.0), "{samples}: {rec:?}");
                sampled += 1;
            }
        }
    }
    assert!(sampled > 0, "the quick run times something");
    #[cfg(target_os = "linux")]
    assert!(peaks > 0, "Linux tells every timed cell's peak memory");
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(out.join("run.json")).unwrap()).unwrap();
    let toml: toml::Value = toml::from_str(&std::fs::read_to_string(out.join("run.toml")).unwrap()).unwrap();
    assert_eq!(json["state"], "complete");
    assert!(["cgroup", "physical"].contains(&toml["machine"]["memory_source"].as_str().unwrap()), "{toml}");
    assert!(toml["machine"]["memory_bytes"].as_integer().is_some_and(|b| b > 0), "{toml}");
    assert!(json["warnings"].is_array() && json["machine"]["caches"].is_array(), "{json}");
    assert_eq!(json["seed"].as_u64(), toml["seed"].as_integer().map(|s| s as u64));
    assert_eq!(json["experiments"].as_array().map(Vec::len), toml["experiments"].as_array().map(Vec::len));
}

/// `--pin` pins the worker threads and `run.toml` and `run.json` record it: the threads
/// pinned, or why one was not (a warning, never a failure).
#[test]
fn a_pinned_run_records_its_pinning() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p");
    run_quick(&out, &["--only", "nim", "--pin", "-j", "2", "--samples", "1"]);
    let toml: toml::Value = toml::from_str(&std::fs::read_to_string(out.join("run.toml")).unwrap()).unwrap();
    let machine = &toml["machine"];
    assert_eq!(machine["pin"].as_bool(), Some(true), "{toml}");
    let pinned = machine["pinned_threads"].as_integer().unwrap();
    let failures = machine.get("pin_failures").and_then(toml::Value::as_array).map_or(0, Vec::len);
    assert!(pinned + failures as i64 >= 2, "every worker pinned or said why not: {toml}");
    #[cfg(target_os = "linux")]
    assert!(pinned >= 2 && failures == 0, "Linux pins each worker: {toml}");
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(out.join("run.json")).unwrap()).unwrap();
    assert_eq!(json["machine"]["pin"], true);
    let plain = dir.path().join("u");
    run_quick(&plain, &["--only", "nim", "--samples", "1"]);
    let toml: toml::Value = toml::from_str(&std::fs::read_to_string(plain.join("run.toml")).unwrap()).unwrap();
    assert_eq!(toml["machine"]["pin"].as_bool(), Some(false), "{toml}");
    assert!(toml["machine"].get("pinned_threads").is_none(), "{toml}");
}

/// A memo table past `--memory-limit` stops its search with status `memory`: the row is
/// kept, the run goes on and completes, and `run.toml` names the item.
#[test]
fn a_run_under_a_memory_limit_keeps_its_rows_with_status_memory() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m");
    let err = run_quick(&out, &["--only", "checkers_perft_memo_quick", "--memory-limit", "1", "--samples", "1"]);
    assert!(err.contains("stopped at the memory limit"), "{err}");
    let text = std::fs::read_to_string(out.join("checkers_perft_memo_quick.csv")).unwrap();
    let statuses: Vec<&str> = text.lines().skip(1).map(|l| l.rsplit(',').next().unwrap()).collect();
    assert!(
        statuses.contains(&"memory") && statuses.contains(&"ok"),
        "the depth the walk answers alone is ok: {statuses:?}"
    );
    let toml: toml::Value = toml::from_str(&std::fs::read_to_string(out.join("run.toml")).unwrap()).unwrap();
    assert_eq!(toml["state"].as_str(), Some("complete"));
    let stops = toml["memory_stops"].as_array().unwrap();
    assert!(!stops.is_empty() && stops[0].as_str().unwrap().ends_with("at 1 MiB"), "{stops:?}");
    assert_eq!(toml["machine"]["memory_limit_mb"].as_integer(), Some(1));
    let meta = ExperimentMeta::read(&out, "checkers_perft_memo_quick").unwrap();
    assert_eq!((meta.memory_limit_mb.map(|m| m.mib()), meta.samples_asked), (Some(1), Some(1)));
}

/// `--instances DIR`: a file the manifest names is read from the course's folder where
/// it holds one of the same name (here a different `spel1.txt`), run.toml lists it, and
/// the results differ from the stand-in's; a folder that is not there is refused (exit 2).
#[test]
fn the_courses_own_files_are_read_in_place_of_the_stand_ins() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(dir.path().join("tegel")).unwrap();
    std::fs::copy(root.join("instances/tegel/spel1.txt"), dir.path().join("tegel/spel1.txt")).unwrap();
    let course = dir.path().join("course");
    std::fs::create_dir_all(&course).unwrap();
    std::fs::copy(root.join("instances/tegel/greedy.txt"), course.join("spel1.txt")).unwrap();
    let manifest = dir.path().join("m.toml");
    std::fs::write(
        &manifest,
        "seed = 1\nthread_counts = [1]\n\n[[experiment]]\nname = \"best\"\ngame = \"tegel\"\nkind = \"best\"\ninstances = [\"tegel/spel1.txt\"]\nsamples = 1\n",
    )
    .unwrap();
    let run = |out: &Path, extra: &[&str]| {
        let mut args = vec!["-q", "run", manifest.to_str().unwrap(), "-o", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let o = Command::new(env!("CARGO_BIN_EXE_harness")).args(&args).output().unwrap();
        (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned())
    };
    let (stand_in, course_run) = (dir.path().join("a"), dir.path().join("b"));
    assert_eq!(run(&stand_in, &[]).0, Some(0));
    assert_eq!(run(&course_run, &["--instances", course.to_str().unwrap()]).0, Some(0));
    let table = |out: &Path| std::fs::read_to_string(out.join("best.csv")).unwrap();
    assert_ne!(table(&stand_in), table(&course_run), "the course's spel1.txt is another game");
    let record = std::fs::read_to_string(course_run.join("run.toml")).unwrap();
    assert!(record.contains(&format!("course_files = [\"{}\"]", course.join("spel1.txt").display())), "{record}");
    assert!(!std::fs::read_to_string(stand_in.join("run.toml")).unwrap().contains("course_files = [\""));
    let (code, err) = run(&dir.path().join("c"), &["--instances", dir.path().join("nowhere").to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("expected a folder holding the course's instance files"), "{err}");
}
