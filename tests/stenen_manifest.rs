//! `harness run` on stenen manifests: the agreed CSV columns, exact values, the parallel
//! experiment's parity, determinism across thread counts, and manifest refusals.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn stones(file: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/stenen").join(file).display().to_string()
}

/// The lines every test manifest starts with.
const HEADER: &str = "seed = 7\nthreads = [1, 2]\ntime_limit = 60\n";

fn write_manifest(dir: &Path, body: &str) -> PathBuf {
    let path = dir.join("m.toml");
    std::fs::write(&path, format!("{HEADER}{body}")).unwrap();
    path
}

fn run(manifest: &Path, out: &Path, threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["run", manifest.to_str().unwrap(), "--out", out.to_str().unwrap(), "--threads", threads, "--force"])
        .output()
        .unwrap()
}

fn read_csv(path: &Path) -> Vec<Vec<String>> {
    let mut r = csv::ReaderBuilder::new().has_headers(false).from_path(path).unwrap();
    r.records().map(|rec| rec.unwrap().iter().map(str::to_string).collect()).collect()
}

fn column(table: &[Vec<String>], name: &str) -> usize {
    table[0].iter().position(|c| c == name).unwrap_or_else(|| panic!("no column {name}"))
}

fn table_body() -> String {
    format!(
        "[[experiment]]\nname = \"stenen_table\"\ngame = \"stenen\"\nkind = \"table\"\ninstances = [\n  \
         {{ height = 4, width = 5, stones = \"{}\" }},\n  {{ height = 10, width = 4, stones = \"{}\" }},\n]\n\n\
         [[experiment]]\nname = \"parallel\"\ngame = \"harness\"\nkind = \"parallel\"\nitems = [\n  \
         {{ game = \"stenen\", search = \"count dumb\", height = 10, width = 4, stones = \"{}\" }},\n  \
         {{ game = \"stenen\", search = \"count smart\", height = 4, width = 5, stones = \"{}\" }},\n  \
         {{ game = \"stenen\", search = \"count dumb memo\", height = 10, width = 4, stones = \"{}\", memo_mb = 8 }},\n]\n",
        stones("stenen1.in"),
        stones("stenen3.in"),
        stones("stenen3.in"),
        stones("stenen1.in"),
        stones("stenen3.in"),
    )
}

const COLUMNS: [&str; 47] = [
    "instance",
    "height",
    "width",
    "stones",
    "dumb_find_positions",
    "dumb_find_seconds",
    "dumb_find_seconds_min",
    "dumb_find_seconds_max",
    "dumb_find_seconds_mad",
    "smart_find_positions",
    "smart_find_seconds",
    "smart_find_seconds_min",
    "smart_find_seconds_max",
    "smart_find_seconds_mad",
    "solutions_distinct",
    "solutions_labelled",
    "solutions_up_to_symmetry",
    "places",
    "dumb_count_positions",
    "dumb_count_seconds",
    "dumb_count_seconds_min",
    "dumb_count_seconds_max",
    "dumb_count_seconds_mad",
    "smart_count_positions",
    "smart_count_seconds",
    "smart_count_seconds_min",
    "smart_count_seconds_max",
    "smart_count_seconds_mad",
    "fast_count_positions",
    "fast_count_seconds",
    "fast_count_seconds_min",
    "fast_count_seconds_max",
    "fast_count_seconds_mad",
    "dumb_find_positions_source",
    "smart_find_positions_source",
    "dumb_count_positions_source",
    "smart_count_positions_source",
    "samples",
    "cpu_seconds",
    "cpu_share",
    "wait_share",
    "busy",
    "peak_memory_bytes",
    "threads",
    "seed",
    "time_limit",
    "status",
];

fn without_time_columns(rows: &[Vec<String>]) -> Vec<Vec<String>> {
    let header = &rows[0];
    let keep: Vec<usize> =
        (0..header.len()).filter(|&i| !harness::results::row::varies_between_runs(&header[i])).collect();
    rows.iter().map(|r| keep.iter().map(|&i| r[i].clone()).collect()).collect()
}

#[test]
fn table_and_parallel_rows_are_exact_and_thread_independent() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = write_manifest(dir.path(), &table_body());
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    for (out, threads) in [(&one, "1"), (&two, "2")] {
        let o = run(&manifest, out, threads);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let table = read_csv(&two.join("stenen_table.csv"));
    assert_eq!(table[0], COLUMNS.map(String::from).to_vec());
    let col = |name: &str| COLUMNS.iter().position(|c| *c == name).unwrap();
    let row = &table[1];
    assert_eq!(row[col("instance")], "4x5 stenen1");
    assert_eq!((row[col("solutions_distinct")].as_str(), row[col("solutions_labelled")].as_str()), ("16", "32"));
    assert_eq!((row[col("dumb_find_positions")].as_str(), row[col("smart_find_positions")].as_str()), ("19", "12"));
    assert_eq!((row[col("dumb_count_positions")].as_str(), row[col("smart_count_positions")].as_str()), ("489", "303"));
    assert_eq!(row[col("status")], "ok");
    assert_eq!(table[2][col("solutions_labelled")], "57472");
    let parallel = read_csv(&two.join("parallel.csv"));
    let equal = parallel[0].iter().position(|c| c == "equal").unwrap();
    assert_eq!(parallel.len(), 7);
    assert!(parallel[1..].iter().all(|r| r[equal] == "true"), "{parallel:?}");
    let seq = parallel[0].iter().position(|c| c == "seq_positions").unwrap();
    assert_eq!(parallel[5][1], "count dumb memo");
    assert_eq!((parallel[1][seq].as_str(), parallel[5][seq].as_str()), ("81058", "81058"));
    let threads = column(&parallel, "threads");
    for pair in parallel[1..].chunks(2) {
        assert_eq!((pair[0][threads].as_str(), pair[1][threads].as_str()), ("1", "2"));
    }
    // The samples live in the tidy samples file, one row per sample; one search's two rows
    // share its sequential samples.
    let samples = read_csv(&two.join("samples/parallel.csv"));
    let (row, measurement, wall) =
        (column(&samples, "row"), column(&samples, "measurement"), column(&samples, "wall_seconds"));
    let seq_of = |r: &str| -> Vec<String> {
        samples[1..]
            .iter()
            .filter(|s| s[row] == r && s[measurement] == "seq_seconds")
            .map(|s| s[wall].clone())
            .collect()
    };
    for pair in (1..parallel.len()).step_by(2) {
        let (a, b) = (seq_of(&pair.to_string()), seq_of(&(pair + 1).to_string()));
        assert!(!a.is_empty(), "row {pair} has sequential samples");
        assert_eq!(a, b, "one search's rows share its sequential samples");
    }
    let sources = col("dumb_find_positions_source")..=col("smart_count_positions_source");
    assert!(table[1][sources].iter().all(|s| s == "walk"), "{table:?}");
    for name in ["stenen_table.csv", "parallel.csv"] {
        assert_eq!(
            without_time_columns(&read_csv(&one.join(name))),
            without_time_columns(&read_csv(&two.join(name))),
            "{name}"
        );
    }
}

#[test]
fn a_cell_over_the_time_limit_is_an_honest_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let body = format!(
        "[[experiment]]\nname = \"t\"\ngame = \"stenen\"\nkind = \"table\"\ntime_limit = 2\nmemo_time_limit = 0.000000001\nmemo_mb = 8\n\
         instances = [{{ height = 3, width = 20, stones = \"{}\" }}]\n",
        stones("stenen2.in")
    );
    let manifest = write_manifest(dir.path(), &body);
    let o = run(&manifest, &dir.path().join("out"), "2");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = read_csv(&dir.path().join("out/t.csv"));
    let row = &rows[1];
    assert_eq!(row[COLUMNS.iter().position(|c| *c == "dumb_count_positions").unwrap()], "");
    assert_eq!(row[COLUMNS.iter().position(|c| *c == "dumb_count_seconds").unwrap()], "");
    assert_eq!(row[COLUMNS.iter().position(|c| *c == "time_limit").unwrap()], "2");
    assert_eq!(row[COLUMNS.iter().position(|c| *c == "status").unwrap()], "timeout");
    // 3x20 has 8 numbered tilings; fast mode (5 ms) finishes within the limit on any
    // machine, the dumb walk (over 10^9 positions and 30 s) on none, and the memo gets
    // one nanosecond, so it fills nothing.
    assert_eq!(row[COLUMNS.iter().position(|c| *c == "solutions_labelled").unwrap()], "8");
}

#[test]
fn the_memo_fills_the_counts_a_walk_cannot_finish() {
    // Twenty L tetrominoes on 8x10: the dumb walk visits 261,621,739 positions (19 s on one
    // thread, measured once) and the smart walk 55,165,533 (17 s); through the memo they take
    // 0.4 s and 1.8 s. A limit of one nanosecond stops both walks on any machine (the finds,
    // 21 positions, end before their first look at the clock) and `memo_time_limit` gives
    // the memo ten minutes: no outcome depends on the machine's speed.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("l4.in");
    std::fs::write(&file, format!("20\n{}", "2 3\nX..\nXXX\n".repeat(20))).unwrap();
    let body = format!(
        "[[experiment]]\nname = \"t\"\ngame = \"stenen\"\nkind = \"table\"\ntime_limit = 0.000000001\nmemo_time_limit = 600\nmemo_mb = 16\n\
         instances = [{{ height = 8, width = 10, stones = \"{}\" }}]\n",
        file.display()
    );
    let manifest = write_manifest(dir.path(), &body);
    let o = run(&manifest, &dir.path().join("out"), "2");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = read_csv(&dir.path().join("out/t.csv"));
    let cell = |name: &str| rows[1][rows[0].iter().position(|c| c == name).unwrap()].clone();
    assert_eq!(cell("dumb_count_positions"), "261621739");
    assert_eq!(cell("dumb_count_positions_source"), "memo");
    assert_eq!(cell("dumb_count_seconds"), "", "the walk timed out: no time, and the source says memo");
    assert_eq!(cell("smart_count_positions"), "55165533");
    assert_eq!(cell("smart_count_positions_source"), "memo");
    assert_eq!(cell("solutions_distinct"), "4417084");
    assert_eq!(cell("dumb_find_positions_source"), "walk");
}

#[test]
fn bad_manifests_are_refused_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("kind = \"tables\"\ninstances = []\n", 7, "unknown kind `tables`"),
        ("kind = \"table\"\ninstances = []\n", 8, "at least one instance"),
        ("kind = \"table\"\ninstances = [{ height = 4, width = 5, stones = \"/nonexistent.in\" }]\n", 8, "cannot open"),
        ("kind = \"table\"\ninstances = [{ height = 4, width = 5, stone = \"x\" }]\n", 8, "unknown field `stone`"),
        (
            "kind = \"table\"\ninstances = [{ height = 1, width = 5, stones = \"STONES\" }]\n",
            8,
            "height h must be from 2 to 20",
        ),
        ("kind = \"table\"\ninstances = [{ height = 4, width = 5, stones = \"STONES\" }]\nmode = 1\n", 9, "mode"),
        (
            "kind = \"table\"\ninstances = [{ height = 4, width = 5, stones = \"STONES\" }]\nmemo_mb = 0\n",
            9,
            "`memo_mb`: must be a positive number of MiB",
        ),
    ];
    for (body, line, needle) in cases {
        let body = body.replace("STONES", &stones("stenen1.in"));
        let text = format!("{HEADER}[[experiment]]\nname = \"t\"\ngame = \"stenen\"\n{body}");
        common::assert_manifest_refused(dir.path(), &text, (line > 0).then_some(line), needle);
    }
    let item = format!(
        "[[experiment]]\nname = \"p\"\ngame = \"harness\"\nkind = \"parallel\"\n\
         items = [{{ game = \"stenen\", search = \"count clever\", height = 4, width = 5, stones = \"{}\" }}]\n",
        stones("stenen1.in")
    );
    let o = run(&write_manifest(dir.path(), &item), &dir.path().join("out"), "1");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown search `count clever`"));
}
