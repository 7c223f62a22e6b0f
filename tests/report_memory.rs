//! `harness report` on a big table: its peak memory stays under ten times the CSV plus a
//! constant (the report reads each CSV once, streaming, and keeps only the rows it shows),
//! and the table, the page and the Markdown say how many rows they leave out and where
//! those rows are. The peak is the kernel's high-water mark of the report's process
//! (`getrusage(RUSAGE_CHILDREN)` once it has been waited for), so this file spawns no other
//! child.
//!
//! The results directories of `docs/measurements.md` are made by the ignored test
//! `write_big_results` (see [`grow`]):
//! `BIG_FROM=/tmp/q BIG_TO=/tmp/big40 BIG_MB=40 cargo test --test report_memory -- --ignored write_big_results`.

mod common;

use std::io::Write;
use std::path::Path;

use harness::base::hash::{fnv1a, FNV_OFFSET};

/// The memory a report takes whatever its tables, in bytes: the binary, the plug-ins'
/// tables, the fixtures' other experiments, the page's template and the allocator's arenas.
const CONSTANT_BYTES: u64 = 96 << 20;

/// Grows experiment `name` of the results directory `dir` to at least `bytes`: its data
/// rows repeated in order (a long run measuring the same instances again), and its
/// metadata's `rows` and `csv_hash` rewritten as a run would have written them. Returns
/// the number of data rows.
fn grow(dir: &Path, name: &str, bytes: u64) -> usize {
    let csv_path = dir.join(format!("{name}.csv"));
    let text = std::fs::read_to_string(&csv_path).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    let rows: Vec<&str> = lines.collect();
    let mut out = std::io::BufWriter::new(std::fs::File::create(&csv_path).unwrap());
    let mut hash = FNV_OFFSET;
    let mut put = |line: String| {
        hash = fnv1a(hash, line.as_bytes());
        out.write_all(line.as_bytes()).unwrap();
        line.len() as u64
    };
    let (mut written, mut count) = (put(format!("{header}\n")), 0usize);
    while written < bytes {
        for row in &rows {
            written += put(format!("{row}\n"));
            count += 1;
        }
    }
    out.flush().unwrap();
    set_meta(dir, name, count, &format!("{hash:016x}"));
    count
}

/// Rewrites `rows` and `csv_hash` of `dir/meta/NAME.toml` (`csv_hash` added when missing).
fn set_meta(dir: &Path, name: &str, rows: usize, hash: &str) {
    let path = dir.join(format!("meta/{name}.toml"));
    let mut table: toml::Table = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    table.insert("rows".into(), toml::Value::Integer(rows as i64));
    table.insert("csv_hash".into(), toml::Value::String(hash.into()));
    std::fs::write(&path, toml::to_string(&table).unwrap()).unwrap();
}

/// The fixtures' results directory with its `tegel_sweep` grown to `mb` MB.
fn big_fixture(mb: u64) -> (tempfile::TempDir, usize) {
    let dir = tempfile::tempdir().unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/report/results");
    common::copy_dir(&fixtures, dir.path());
    let rows = grow(dir.path(), "tegel_sweep", mb * 1_000_000);
    (dir, rows)
}

/// The largest resident set of the children waited for so far, in bytes.
fn children_peak_bytes() -> u64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid, writable rusage for the call to fill.
    assert_eq!(unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) }, 0);
    usage.ru_maxrss as u64 * 1024
}

#[cfg(target_os = "linux")]
#[test]
fn report_of_a_big_table_stays_under_ten_times_its_csv() {
    let (dir, rows) = big_fixture(16);
    let csv = std::fs::metadata(dir.path().join("tegel_sweep.csv")).unwrap().len();
    let out = common::harness_command().args(["report", dir.path().to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", common::stderr(&out));
    let peak = children_peak_bytes();
    assert!(
        peak < 10 * csv + CONSTANT_BYTES,
        "report peaked at {} MB on a {} MB CSV: over 10 times it plus {} MB",
        peak / 1_000_000,
        csv / 1_000_000,
        CONSTANT_BYTES >> 20
    );
    let shown = harness::report::SHOWN_ROWS;
    let left_out = harness::base::text::grouped_digits(&(rows - shown).to_string());
    // The LaTeX and the Markdown escape the file name's underscore.
    for (file, name) in [
        ("index.html", "tegel_sweep.csv"),
        ("tex/tegel_sweep.tex", "tegel\\_sweep.csv"),
        ("md/tegel_sweep.md", "tegel\\_sweep.csv"),
    ] {
        let text = std::fs::read_to_string(dir.path().join(file)).unwrap();
        let note = format!("{left_out} more rows: all in {name}");
        assert!(text.contains(&note), "{file} does not say `{note}`");
    }
}

/// Writes a results directory for the measurements: `BIG_FROM` (a results directory)
/// copied to `BIG_TO` with its experiment `BIG_EXPERIMENT` (default `tegel_sweep`) grown
/// to `BIG_MB` MB.
#[test]
#[ignore = "writes the measurements' results directories when asked"]
fn write_big_results() {
    let var = |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("set {name}"));
    let (from, to) = (var("BIG_FROM"), var("BIG_TO"));
    let experiment = std::env::var("BIG_EXPERIMENT").unwrap_or_else(|_| "tegel_sweep".into());
    let mb: u64 = var("BIG_MB").parse().unwrap();
    common::copy_dir(Path::new(&from), Path::new(&to));
    let rows = grow(Path::new(&to), &experiment, mb * 1_000_000);
    println!("{to}/{experiment}.csv: {rows} rows");
}
