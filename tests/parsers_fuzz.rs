//! The fault probe kept in the suite: seeded mutations of real tile files, stones files and
//! manifests, and of the journal and metadata of a finished run. No parser may panic or
//! hang, and every refusal names the file and a line; a damaged journal or metadata file
//! is recomputed or refused with exit code 2, and the CSV ends as the run's own.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use harness::base::error::InputError;
use harness::runner::manifest::Manifest;
use harness::runner::registry;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use common::{copy_dir, instances};

/// Mutants per parser: bounded so that CI stays fast.
const CASES: usize = 1000;

fn files(dir: &str, ext: &str) -> Vec<Vec<u8>> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(instances().join(dir))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    v.sort();
    v.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

const TOKENS: [&[u8]; 14] = [
    b"0",
    b"-1",
    b"99999999999999999999",
    b"1e308",
    b"nan",
    b"\xff",
    b"\xc3",
    b"\xef\xbb\xbf",
    b" ",
    b"\n",
    b"\r\n",
    b"X",
    b"=",
    b"\"",
];

/// One random edit: a byte changed, a token inserted, a range deleted, a line doubled, or
/// the text cut short.
fn mutate(rng: &mut ChaCha8Rng, base: &[u8]) -> Vec<u8> {
    let mut v = base.to_vec();
    for _ in 0..rng.random_range(1..4) {
        let at = if v.is_empty() { 0 } else { rng.random_range(0..v.len()) };
        match rng.random_range(0..6) {
            0 if !v.is_empty() => v[at] = rng.random(),
            1 => {
                let t = TOKENS[rng.random_range(0..TOKENS.len())];
                v.splice(at..at, t.iter().copied());
            }
            2 if !v.is_empty() => {
                let end = (at + rng.random_range(1..8)).min(v.len());
                v.drain(at..end);
            }
            3 => {
                let start = v[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
                let end = v[at..].iter().position(|&b| b == b'\n').map_or(v.len(), |i| at + i + 1);
                let line = v[start..end].to_vec();
                v.splice(start..start, line);
            }
            4 => v.truncate(at),
            _ => {
                if let Some(d) = v.iter().position(|b| b.is_ascii_digit()) {
                    let big = format!("{}", rng.random::<u32>());
                    v.splice(d..d + 1, big.bytes());
                }
            }
        }
    }
    v
}

/// Writes each mutant to `dir/name` and hands its path to `load`; checks no panic and a
/// file and line in every refusal. Returns how many mutants were refused.
fn probe(
    dir: &Path,
    name: &str,
    bases: &[Vec<u8>],
    seed: u64,
    load: impl Fn(&Path) -> Result<(), InputError>,
) -> usize {
    let path = dir.join(name);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut refused = 0;
    for case in 0..CASES {
        let base = &bases[case % bases.len()];
        let mutant = mutate(&mut rng, base);
        std::fs::write(&path, &mutant).unwrap();
        let result = catch_unwind(AssertUnwindSafe(|| load(&path)));
        let shown = String::from_utf8_lossy(&mutant[..mutant.len().min(300)]).into_owned();
        match result {
            Err(_) => panic!("{name} case {case}: the parser panicked on:\n{shown}"),
            Ok(Err(e)) => {
                refused += 1;
                assert!(
                    e.file.is_some() && e.line.is_some(),
                    "{name} case {case}: refusal without file and line: {e}\n{shown}"
                );
            }
            Ok(Ok(())) => {}
        }
    }
    refused
}

#[test]
fn tile_files() {
    let dir = tempfile::tempdir().unwrap();
    let refused =
        probe(dir.path(), "game.txt", &files("tegel", "txt"), 1, |p| harness::tegel::load::load_file(p).map(drop));
    assert!(refused > CASES / 4, "mutations should mostly be refused: {refused}");
}

#[test]
fn stones_files() {
    let dir = tempfile::tempdir().unwrap();
    let refused =
        probe(dir.path(), "stones.in", &files("stenen", "in"), 2, |p| harness::stenen::load::load_stones(p).map(drop));
    assert!(refused > CASES / 4, "mutations should mostly be refused: {refused}");
}

#[test]
fn manifests_and_their_entries() {
    let mut bases = files("tegel", "toml");
    bases.extend(files("stenen", "toml"));
    bases.extend(files("nim", "toml"));
    bases.extend(files("checkers", "toml"));
    bases.extend(["quick.toml", "all.toml"].map(|m| std::fs::read(instances().join(m)).unwrap()));
    // Mutants sit in a copy of instances/, so that the paths they name resolve as in the
    // real manifests.
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&instances(), dir.path());
    let refused = probe(dir.path(), "m.toml", &bases, 3, |p| {
        let m = Manifest::load(p, None, None)?;
        for spec in &m.experiments {
            registry::build(spec)?;
        }
        Ok(())
    });
    assert!(refused > CASES / 4, "mutations should mostly be refused: {refused}");
}

/// Mutants per results file: each costs a `harness run` and two `harness report`s.
const RESULTS_CASES: usize = 100;

/// One random edit of a line-based file: a byte flipped, a line cut short, two lines
/// swapped, a line doubled or dropped, or one of the edits of [`mutate`].
fn mutate_lines(rng: &mut ChaCha8Rng, base: &[u8]) -> Vec<u8> {
    let mut lines: Vec<Vec<u8>> = base.split_inclusive(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let n = lines.len();
    let i = rng.random_range(0..n);
    match rng.random_range(0..6) {
        0 => {
            let at = rng.random_range(0..lines[i].len());
            lines[i][at] ^= 1 << rng.random_range(0..8);
        }
        1 => {
            let keep = rng.random_range(0..lines[i].len());
            lines[i].truncate(keep);
        }
        2 => lines.swap(i, rng.random_range(0..n)),
        3 => lines.insert(i, lines[i].clone()),
        4 => drop(lines.remove(i)),
        _ => return mutate(rng, base),
    }
    lines.concat()
}

/// Checks one finished command on mutated results: no panic, no signal, and exit code 0
/// or 2 (a refusal naming what it refuses).
fn check_exit(what: &str, case: usize, o: &std::process::Output) -> bool {
    let err = common::stderr(o);
    assert!(!err.contains("panicked"), "{what} case {case} panicked: {err}");
    match o.status.code() {
        Some(0) => true,
        Some(2) => {
            assert!(!err.trim().is_empty(), "{what} case {case}: exit 2 without a message");
            false
        }
        code => panic!("{what} case {case}: exit {code:?} (a signal when None): {err}"),
    }
}

/// Mutates `file` (relative to a copy of the finished results `pristine`) `RESULTS_CASES`
/// times; `prepare` edits the copy besides. `harness report` and `harness run` on each
/// mutant must recompute or refuse, and the CSV must end as the original run's. Returns
/// how many commands refused, and how many reruns named the mutated file in a warning.
fn probe_results(m: &Path, pristine: &Path, file: &str, seed: u64, prepare: impl Fn(&Path)) -> (usize, usize) {
    let base = std::fs::read(pristine.join(file)).unwrap();
    let cells = common::csv_without_time_columns(&pristine.join("perft.csv"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut refused, mut warned) = (0, 0);
    let name = Path::new(file).file_name().unwrap().to_str().unwrap();
    for case in 0..RESULTS_CASES {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        copy_dir(pristine, &out);
        prepare(&out);
        std::fs::write(out.join(file), mutate_lines(&mut rng, &base)).unwrap();
        let report = common::harness(&["report", out.to_str().unwrap()]);
        refused += usize::from(!check_exit(&format!("{file} report"), case, &report));
        let run = common::harness(&["run", m.to_str().unwrap(), "--out", out.to_str().unwrap(), "--threads", "1"]);
        warned += usize::from(common::stderr(&run).contains(name));
        if check_exit(&format!("{file} run"), case, &run) {
            let again = common::harness(&["report", out.to_str().unwrap()]);
            assert_eq!(again.status.code(), Some(0), "{file} case {case}: {}", common::stderr(&again));
        } else {
            refused += 1;
        }
        let csv = out.join("perft.csv");
        if csv.exists() {
            // The exact columns of the pristine run, by name, read from the CSV itself: a
            // mutated `meta/` file that the run kept may declare columns otherwise.
            let raw = harness::results::csv_table::CsvTable::read(&csv).unwrap_or_else(|e| panic!("{e}"));
            let keep: Vec<Option<usize>> = cells[0].iter().map(|h| raw.columns.iter().position(|g| g == h)).collect();
            let pick =
                |r: &[String]| keep.iter().map(|i| i.map_or(String::new(), |i| r[i].clone())).collect::<Vec<_>>();
            let got: Vec<Vec<String>> =
                std::iter::once(pick(&raw.columns)).chain(raw.rows.iter().map(|r| pick(r))).collect();
            assert_eq!(got, cells, "{file} case {case}: the CSV changed");
        }
    }
    (refused, warned)
}

/// A finished run of a small checkers perft manifest (one item per depth, one sample a
/// cell) in `dir/results`.
fn finished_run(dir: &Path) -> (PathBuf, PathBuf) {
    let m = dir.join("m.toml");
    let text = "seed = 1\nsamples = 1\n\n[[experiment]]\nname = \"perft\"\ngame = \"checkers\"\nkind = \"perft\"\n\
                board = \"8x8 r3\"\ndepths = [1, 2, 3, 4, 5]\n";
    std::fs::write(&m, text).unwrap();
    let out = dir.join("results");
    let o = common::harness(&["run", m.to_str().unwrap(), "--out", out.to_str().unwrap(), "--threads", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    (m, out)
}

#[test]
fn journals_of_a_finished_run() {
    let dir = tempfile::tempdir().unwrap();
    let (m, pristine) = finished_run(dir.path());
    // Without its metadata, the experiment is rebuilt from the mutated journal.
    let (_, warned) = probe_results(&m, &pristine, ".journal/perft.jsonl", 4, |out| {
        std::fs::remove_file(out.join("meta/perft.toml")).unwrap();
    });
    assert!(warned > RESULTS_CASES / 4, "damaged journal lines should mostly be named: {warned}");
}

#[test]
fn metadata_of_a_finished_run() {
    let dir = tempfile::tempdir().unwrap();
    let (m, pristine) = finished_run(dir.path());
    let (refused, _) = probe_results(&m, &pristine, "meta/perft.toml", 5, |_| {});
    assert!(refused > 0, "some damaged metadata should be refused");
}
