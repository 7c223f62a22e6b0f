//! Data safety of results directories: only owned directories are written, only listed
//! files removed; results and journals of another build are recomputed; edited journal
//! lines are recomputed; an edited CSV is not published.

mod common;

use std::path::{Path, PathBuf};

use common::{copy_dir, csv_without_time_columns, harness, stderr, write};

/// A manifest with one checkers perft experiment, depths 1-6 (perft(6) = 36768).
fn manifest(dir: &Path) -> PathBuf {
    let text = "seed = 1\n\n[[experiment]]\nname = \"perft\"\ngame = \"checkers\"\nkind = \"perft\"\n\
                board = \"8x8 r3\"\ndepths = [1, 2, 3, 4, 5, 6]\n";
    PathBuf::from(write(dir, "m.toml", text))
}

fn run(m: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["run", m.to_str().unwrap(), "--out", out.to_str().unwrap(), "--threads", "1"];
    args.extend_from_slice(extra);
    harness(&args)
}

fn report(out: &Path) -> std::process::Output {
    harness(&["report", out.to_str().unwrap()])
}

/// A finished results directory of the perft manifest and its CSV's comparable cells.
fn finished(dir: &Path) -> (PathBuf, PathBuf, Vec<Vec<String>>) {
    let m = manifest(dir);
    let out = dir.join("out");
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let cells = csv_without_time_columns(&out.join("perft.csv"));
    assert!(cells.iter().any(|r| r.contains(&"36768".to_string())), "{cells:?}");
    (m, out, cells)
}

fn edit(path: &Path, f: impl Fn(String) -> String) {
    let text = std::fs::read_to_string(path).unwrap();
    let edited = f(text.clone());
    assert_ne!(edited, text, "the edit must change {}", path.display());
    std::fs::write(path, edited).unwrap();
}

#[test]
fn a_foreign_directory_is_refused_and_its_files_survive() {
    let dir = tempfile::tempdir().unwrap();
    let foreign = dir.path().join("x");
    std::fs::create_dir_all(foreign.join("plots")).unwrap();
    std::fs::write(foreign.join("plots/figure1.pdf"), "fig").unwrap();
    for o in [report(&foreign), run(&manifest(dir.path()), &foreign, &[])] {
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("not a harness results directory"), "{}", stderr(&o));
        assert_eq!(std::fs::read_to_string(foreign.join("plots/figure1.pdf")).unwrap(), "fig");
        assert!(!foreign.join("tex").exists());
    }
}

#[test]
fn user_files_in_a_results_directory_survive_report_and_run() {
    let dir = tempfile::tempdir().unwrap();
    let (m, out, _) = finished(dir.path());
    assert!(out.join("plots/perft-leaves.svg").is_file() || out.join("tex/perft.tex").is_file());
    std::fs::write(out.join("plots/figure1.pdf"), "fig").unwrap();
    std::fs::write(out.join("tex/kind-mine.tex"), "mine").unwrap();
    let o = report(&out);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run(&m, &out, &["--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(out.join("plots/figure1.pdf")).unwrap(), "fig");
    assert_eq!(std::fs::read_to_string(out.join("tex/kind-mine.tex")).unwrap(), "mine");
}

#[test]
fn results_of_another_build_are_recomputed_and_its_journal_not_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let (m, out, cells) = finished(dir.path());
    let meta = out.join("meta/perft.toml");
    edit(&meta, |t| t.replacen("build = \"", "build = \"older-", 1).replacen("key = \"", "key = \"old", 1));
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("results of build older-"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("already done"), "{}", stderr(&o));
    let run_toml = std::fs::read_to_string(out.join("run.toml")).unwrap();
    assert!(run_toml.contains(&format!("build = \"{}\"", harness::BUILD_ID)), "{run_toml}");

    let journal = out.join(".journal/perft.jsonl");
    std::fs::remove_file(&meta).unwrap();
    edit(&journal, |t| {
        let half: Vec<&str> = t.lines().take(4).collect();
        half.join("\n").replacen("\"build\":\"", "\"build\":\"older-", 1) + "\n"
    });
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("unfinished journal of build older-"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("resuming"), "{}", stderr(&o));
    assert_eq!(csv_without_time_columns(&out.join("perft.csv")), cells);
}

/// Flips the last digit before the checksum of journal line `n` (1-based).
fn flip_a_digit(text: String, n: usize) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let line = &mut lines[n - 1];
    let end = line.find(",\"sum\"").unwrap();
    let at = line[..end].rfind(|c: char| c.is_ascii_digit()).unwrap();
    let digit = if &line[at..=at] == "7" { "8" } else { "7" };
    line.replace_range(at..=at, digit);
    lines.join("\n") + "\n"
}

#[test]
fn edited_journal_lines_are_recomputed_and_swapped_lines_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (m, out, cells) = finished(dir.path());
    let journal = out.join(".journal/perft.jsonl");
    std::fs::remove_file(out.join("meta/perft.toml")).unwrap();
    edit(&journal, |t| flip_a_digit(t, 7));
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("perft.jsonl:7: checksum does not match"), "{}", stderr(&o));
    assert_eq!(csv_without_time_columns(&out.join("perft.csv")), cells);

    std::fs::remove_file(out.join("meta/perft.toml")).unwrap();
    edit(&journal, |t| {
        let mut lines: Vec<&str> = t.lines().collect();
        lines.swap(6, 3);
        lines.join("\n") + "\n"
    });
    let o = run(&m, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(csv_without_time_columns(&out.join("perft.csv")), cells);
}

#[test]
fn an_edited_csv_is_refused_and_an_unfinished_run_is_announced() {
    let dir = tempfile::tempdir().unwrap();
    let (_, out, _) = finished(dir.path());
    let table = std::fs::read_to_string(out.join("tex/perft.tex")).unwrap();
    edit(&out.join("perft.csv"), |t| t.replacen("36768", "99999", 1));
    let o = report(&out);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("perft.csv: changed after the run wrote it"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(out.join("tex/perft.tex")).unwrap(), table);

    edit(&out.join("perft.csv"), |t| t.replacen("99999", "36768", 1));
    edit(&out.join("run.toml"), |t| t.replacen("state = \"complete\"", "state = \"running\"", 1));
    let o = report(&out);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("says the run is `running`, not complete"), "{}", stderr(&o));
    let state = std::fs::read_to_string(out.join("tex/state.tex")).unwrap();
    assert!(state.contains("Unfinished results"), "{state}");
}

/// A copy of results directory `from` at `to`.
/// A folder of a results directory that is a link to another directory is refused by
/// `report` and `run`, naming it, and the files in that other directory keep their
/// contents (none written, truncated or removed); a `.lock` that is a link keeps its
/// target's contents.
#[cfg(unix)]
#[test]
fn writes_never_follow_a_link_out_of_the_results_directory() {
    let dir = tempfile::tempdir().unwrap();
    let (m, out, _) = finished(dir.path());
    for (n, folder) in ["tex", "md", "plots", "meta", ".journal"].into_iter().enumerate() {
        let (r, victim) = (dir.path().join(format!("r{n}")), dir.path().join(format!("victim{n}")));
        copy_dir(&out, &r);
        copy_dir(&r.join(folder), &victim);
        std::fs::remove_dir_all(r.join(folder)).unwrap();
        std::os::unix::fs::symlink(&victim, r.join(folder)).unwrap();
        let names: Vec<PathBuf> = std::fs::read_dir(&victim).unwrap().map(|e| e.unwrap().path()).collect();
        let mark = |p: &Path| std::fs::write(p, "precious").unwrap();
        names.iter().for_each(|p| mark(p));
        let o = if matches!(folder, "meta" | ".journal") { run(&m, &r, &["--force"]) } else { report(&r) };
        assert_eq!(o.status.code(), Some(2), "{folder}: {}", stderr(&o));
        assert!(stderr(&o).contains(&format!("{folder}: is a symbolic link")), "{folder}: {}", stderr(&o));
        for p in &names {
            assert_eq!(std::fs::read_to_string(p).unwrap(), "precious", "{}", p.display());
        }
        let now: Vec<PathBuf> = std::fs::read_dir(&victim).unwrap().map(|e| e.unwrap().path()).collect();
        assert_eq!(now.len(), names.len(), "{folder}: files appeared in or vanished from the linked folder");
    }
    let r = dir.path().join("rlock");
    copy_dir(&out, &r);
    let victim = dir.path().join("important.txt");
    std::fs::write(&victim, "precious").unwrap();
    std::fs::remove_file(r.join(".lock")).ok();
    std::os::unix::fs::symlink(&victim, r.join(".lock")).unwrap();
    let o = report(&r);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains(".lock: is a symbolic link"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
}

/// A CSV whose metadata lost its `csv_hash`, or whose metadata file is gone, is never
/// published silently: `report` says it is unverified and its table says so.
#[test]
fn a_csv_that_cannot_be_verified_is_marked_unverified() {
    let dir = tempfile::tempdir().unwrap();
    let (_, out, _) = finished(dir.path());
    edit(&out.join("perft.csv"), |t| t.replacen("36768", "36769", 1));
    edit(&out.join("meta/perft.toml"), |t| {
        t.lines().filter(|l| !l.starts_with("csv_hash")).map(|l| format!("{l}\n")).collect()
    });
    let o = report(&out);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("perft.csv: Unverified results: its metadata records no hash of the CSV"),
        "{}",
        stderr(&o)
    );
    let table = std::fs::read_to_string(out.join("tex/perft.tex")).unwrap();
    assert!(table.contains("Unverified results"), "{table}");
    assert!(std::fs::read_to_string(out.join("index.html")).unwrap().contains("Unverified results"));
    std::fs::remove_file(out.join("meta/perft.toml")).unwrap();
    let o = report(&out);
    assert!(stderr(&o).contains("perft.csv: Unverified results: no metadata file records this CSV"), "{}", stderr(&o));
    assert!(std::fs::read_to_string(out.join("tex/perft.tex")).unwrap().contains("Unverified results"));
}

/// Runs the binary with `args`, killing it (and failing) when it has not ended within
/// `limit`: a limit no healthy run comes near, which a command that blocks on a FIFO or
/// reads `/dev/zero` never meets.
fn within(args: &[&str], limit: std::time::Duration) -> std::process::Output {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    common::wait_at_most(&mut child, limit, &format!("harness {args:?} still running after {limit:?}"));
    child.wait_with_output().unwrap()
}

/// Results files that are a FIFO, a device or huge are refused at once by `report`,
/// `run`, `compare` and `merge` (exit 2, naming the file), never read without end.
#[cfg(unix)]
#[test]
fn results_files_that_are_fifos_devices_or_huge_are_refused() {
    let limit = std::time::Duration::from_secs(120);
    let dir = tempfile::tempdir().unwrap();
    let (m, out, _) = finished(dir.path());
    let path = |p: &Path| p.to_str().unwrap().to_string();
    let zero = dir.path().join("z");
    copy_dir(&out, &zero);
    std::fs::remove_file(zero.join("meta/perft.toml")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", zero.join("meta/perft.toml")).unwrap();
    let o = within(&["report", &path(&zero)], limit);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("meta/perft.toml: the experiment metadata is not a regular file"), "{}", stderr(&o));
    within(&["compare", &path(&out), &path(&zero)], limit);

    let fifo = dir.path().join("f");
    copy_dir(&out, &fifo);
    for name in ["run.toml", "perft.csv", ".journal/perft.jsonl"] {
        std::fs::remove_file(fifo.join(name)).unwrap();
        assert!(std::process::Command::new("mkfifo").arg(fifo.join(name)).status().unwrap().success());
    }
    within(&["report", &path(&fifo)], limit);
    within(&["compare", &path(&out), &path(&fifo)], limit);
    let o = within(&["run", &path(&m), "--out", &path(&fifo), "--threads", "1"], limit);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("perft.jsonl: the row journal is not a regular file"), "{}", stderr(&o));
    let o = within(&["merge", &path(&fifo), "--out", &path(&dir.path().join("merged"))], limit);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));

    let huge = dir.path().join("h");
    copy_dir(&out, &huge);
    let csv = std::fs::OpenOptions::new().append(true).open(huge.join("perft.csv")).unwrap();
    csv.set_len(2 << 30).unwrap();
    let o = within(&["report", &path(&huge)], limit);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("perft.csv: larger than 256 MiB"), "{}", stderr(&o));
    let o = within(&["compare", &path(&out), &path(&huge)], limit);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("perft.csv: larger than 256 MiB"), "{}", stderr(&o));
}

/// Runs the binary with `args`, stdout or stderr (`which`) writing to `/dev/full`.
#[cfg(target_os = "linux")]
fn into_full(args: &[&str], which: &str) -> std::process::Output {
    let full = || std::process::Stdio::from(std::fs::File::create("/dev/full").unwrap());
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_harness"));
    cmd.args(args).stdin(std::process::Stdio::null());
    match which {
        "stdout" => cmd.stdout(full()).stderr(std::process::Stdio::piped()),
        _ => cmd.stdout(std::process::Stdio::piped()).stderr(full()),
    };
    cmd.output().unwrap()
}

/// A full stdout or stderr ends a command with a message and exit code 1, never a panic
/// (101), and a run whose stderr is full leaves its `run.toml` `failed`, not `running`.
#[cfg(target_os = "linux")]
#[test]
fn a_full_output_is_an_error_not_a_panic() {
    let o = into_full(&["nim", "value", "3", "4"], "stdout");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("harness: cannot write the output"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "m.toml",
        "seed = 1\n[[experiment]]\nname = \"perft\"\ngame = \"checkers\"\nkind = \"perft\"\nboard = \"8x8 r3\"\ndepths = [1, 2]\n",
    );
    let out = dir.path().join("o");
    let o = into_full(&["run", &m, "--out", out.to_str().unwrap(), "--threads", "1"], "stderr");
    assert_eq!(o.status.code(), Some(1));
    let meta = std::fs::read_to_string(out.join("run.toml")).unwrap();
    assert!(meta.contains("state = \"failed\""), "{meta}");
}

/// A second manifest run into the same results directory: the first manifest's
/// experiments stay, but the page and their tables say they are not from this run.
#[test]
fn experiments_of_another_manifest_are_marked_not_from_this_run() {
    let dir = tempfile::tempdir().unwrap();
    let (_, out, _) = finished(dir.path());
    let other = write(
        dir.path(),
        "other.toml",
        "seed = 1\n[[experiment]]\nname = \"small\"\ngame = \"checkers\"\nkind = \"perft\"\nboard = \"8x8 r3\"\ndepths = [1, 2]\n",
    );
    let o = run(Path::new(&other), &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("perft.csv: Not from this run"), "{}", stderr(&o));
    let table = std::fs::read_to_string(out.join("tex/perft.tex")).unwrap();
    assert!(table.contains("Not from this run: the manifest of the last run here"), "{table}");
    assert!(!std::fs::read_to_string(out.join("tex/small.tex")).unwrap().contains("Not from this run"));
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(page.contains("Not from this run"), "the page marks perft");
    let o = run(Path::new(&other), &out, &["--only", "small"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!std::fs::read_to_string(out.join("tex/small.tex")).unwrap().contains("Not from this run"));
}
