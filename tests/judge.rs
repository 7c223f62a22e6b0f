//! `harness judge`: a class made here from the example hand-ins (correct, the minimax
//! fault, the miscount, one that does not build, one with forbidden headers, one with an
//! over-long function, one against the rules on functions and classes, one that crashes and one that hangs) gives exactly the table
//! expected; archives that try to write outside their folder or hold a link are refused
//! by name and nothing is written outside; a judge killed midway and started again gives
//! the same table as one that ran through. Building needs g++ (and the sandbox
//! bubblewrap, else the class is judged with --no-sandbox).
#![cfg(unix)]

mod common;

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use common::{copy_dir, harness, stderr, tool_available};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether g++ is here (else the test is skipped, or fails where `HARNESS_TEST_TOOLS`
/// names it).
fn gxx() -> bool {
    let here = std::process::Command::new("g++").arg("--version").output().is_ok_and(|o| o.status.success());
    tool_available("g++", here, "apt-get install g++")
}

/// A temporary folder others may read (a sandboxed build or solver may run as `nobody`).
fn public_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// The manifest every class here is asked: besteScore's questions on spel1.txt and on
/// the minimax fault's position, and 8 random positions.
fn manifest(dir: &Path) -> PathBuf {
    let path = dir.join("judge.toml");
    let text = format!(
        "seed = 1\n\n[[experiment]]\nname = \"best\"\ngame = \"tegel\"\nkind = \"best\"\ninstances = [\"{}\", \"{}\"]\n",
        root().join("instances/tegel/spel1.txt").display(),
        root().join("solvers/tegel/positions/abs-wrong.txt").display()
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// The flags of every judge here: a short question limit, the sandbox where it runs.
fn flags(out: &Path) -> Vec<String> {
    let mut f = vec!["--out".to_string(), out.display().to_string(), "--question-time-limit".into(), "1".into()];
    if harness::base::sandbox::available().is_err() {
        f.push("--no-sandbox".into());
    }
    f
}

/// Runs `harness -q judge MANIFEST SUBMISSIONS FLAGS`.
fn judge(manifest: &Path, submissions: &[PathBuf], out: &Path) -> std::process::Output {
    let mut args: Vec<String> = vec!["-q".into(), "judge".into(), manifest.display().to_string()];
    args.extend(submissions.iter().map(|s| s.display().to_string()));
    args.extend(flags(out));
    harness(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// The example hand-in `example` copied to `to`.
fn example(example: &str, to: &Path) -> PathBuf {
    copy_dir(&root().join("solvers/tegel/examples").join(example), to);
    to.to_path_buf()
}

/// Replaces the one `from` of `file` by `to`.
fn edit(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert_eq!(text.matches(from).count(), 1, "{from:?} once in {}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

/// The start of besteScore's recursive part in the correct hand-in.
const RECURSION: &str = "long long &aantalStanden)\n{ vector< pair<int,char> > zetten;";

/// `dir` packed as a .zip (its files at the top).
fn zipped(dir: &Path, to: &Path) -> PathBuf {
    let mut w = zip::ZipWriter::new(std::fs::File::create(to).unwrap());
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
    names.sort();
    for path in names {
        w.start_file(path.file_name().unwrap().to_str().unwrap(), zip::write::SimpleFileOptions::default()).unwrap();
        w.write_all(&std::fs::read(&path).unwrap()).unwrap();
    }
    w.finish().unwrap();
    to.to_path_buf()
}

/// `dir` packed as a .tar.gz under the folder `top`.
fn tarred(dir: &Path, top: &str, to: &Path) -> PathBuf {
    let gz = flate2::write::GzEncoder::new(std::fs::File::create(to).unwrap(), flate2::Compression::fast());
    let mut b = tar::Builder::new(gz);
    b.append_dir_all(top, dir).unwrap();
    b.into_inner().unwrap().finish().unwrap();
    to.to_path_buf()
}

/// The class: each submission as a teacher gets it, in the order judged.
fn class(dir: &Path) -> Vec<PathBuf> {
    let work = dir.join("work");
    let hand = dir.join("handins");
    std::fs::create_dir_all(&hand).unwrap();
    let correct = example("correct", &hand.join("Jansen_Bos"));
    let minimax = zipped(&example("minimax-abs", &work.join("minimax")), &hand.join("Piet_Klaas.zip"));
    let miscount = example("miscount", &work.join("miscount"));
    std::fs::write(miscount.join("namen.txt"), "Anna de Wit\nBram Bos\n").unwrap();
    let miscount = tarred(&miscount, "opdracht1", &hand.join("Wit_Bos.tar.gz"));
    let syntax = example("correct", &hand.join("Syntax_Fout"));
    edit(&syntax.join("tegelspel.cc"), RECURSION, "long long &aantalStanden)\n{ int kapot ( {");
    let header = example("correct", &work.join("header"));
    edit(
        &header.join("tegelspel.cc"),
        "#include <iostream>\n",
        "#include <algorithm>\n#include <map>\n#include <iostream>\n",
    );
    let header = tarred(&header, "h", &hand.join("Header_Fout.tgz"));
    let long = example("correct", &hand.join("Lang_Fout"));
    let body = "  x++;\n".repeat(38);
    let mut text = std::fs::read_to_string(long.join("tegelspel.cc")).unwrap();
    text.push_str(&format!("\n// Far too long.\nint teLang (int x)\n{{\n{body}  return x;\n}}\n"));
    std::fs::write(long.join("tegelspel.cc"), text).unwrap();
    let stijl = example("correct", &hand.join("Stijl_Fout"));
    edit(
        &stijl.join("tegelspel.h"),
        "    int getAanBeurt ();\n",
        "    int getAanBeurt ();\n    int teller;  // one public member too many\n",
    );
    edit(&stijl.join("tegelspel.h"), "getRijen (int speler);", "getRijen (long speler);");
    edit(&stijl.join("tegelspel.cc"), "TegelSpel::getRijen (int speler)", "TegelSpel::getRijen (long speler)");
    let mut text = std::fs::read_to_string(stijl.join("tegelspel.cc")).unwrap();
    text.push_str("\nint zonderCommentaar ()\n{ return 0;\n}\n");
    std::fs::write(stijl.join("tegelspel.cc"), text).unwrap();
    let crash = example("correct", &hand.join("Crash_Fout"));
    edit(&crash.join("tegelspel.cc"), RECURSION, &format!("{RECURSION} abort ();"));
    let hang = example("correct", &hand.join("Hang_Fout"));
    edit(&hang.join("tegelspel.cc"), RECURSION, &format!("{RECURSION} volatile int v = 0; while (v == 0) {{ }}"));
    for d in [&correct, &hand.join("Syntax_Fout"), &long, &stijl, &crash, &hang] {
        std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    vec![correct, minimax, miscount, syntax, header, long, stijl, crash, hang]
}

/// The class table's lines (class.md) without the cells that are times and memory.
fn table(out: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(out.join("class.md")).unwrap();
    text.lines()
        .skip(4)
        .map(|l| {
            let cells: Vec<&str> = l.split(" | ").collect();
            [&cells[..6], &cells[8..]].concat().join(" | ")
        })
        .collect()
}

/// The rows of judge.csv as (submission, question, position, verdict, shrunk position).
fn verdicts(out: &Path) -> Vec<[String; 5]> {
    let mut r = csv::Reader::from_path(out.join("judge.csv")).unwrap();
    r.deserialize::<std::collections::HashMap<String, String>>()
        .map(|row| {
            let row = row.unwrap();
            ["submission", "question", "position", "verdict", "shrunk_position"].map(|c| row[c].clone())
        })
        .collect()
}

#[test]
fn a_class_of_example_hand_ins_gives_the_table_expected() {
    if !gxx() {
        return;
    }
    let dir = public_dir();
    let out = dir.path().join("judged");
    let o = judge(&manifest(dir.path()), &class(dir.path()), &out);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines =
        std::fs::read_to_string(root().join("solvers/tegel/examples/correct/tegelspel.cc")).unwrap().lines().count();
    let (long_line, bare_line) = (lines + 3, lines + 2);
    let expected = [
        "| Jansen\\_Bos | Jansen; Bos | built | 30 of 30 |  |  | 0 |".to_string(),
        "| Piet\\_Klaas | Piet; Klaas | built | 28 of 30 | best spel1.txt best: wrong | gbb / 1 2 / 3 5 / 0 0 / 0 0 / 0 0 / 0 3 / 0 4 / 0 0 / 0 | 0 |".into(),
        "| Wit\\_Bos | Anna de Wit; Bram Bos | built | 20 of 30 | best spel1.txt best: wrong | g / 1 1 / 1 1 / 0 0 / 0 0 / 0 | 0 |".into(),
        "| Syntax\\_Fout | Syntax; Fout | build-failed | 0 of 0 | build: build-failed |  | 0 |".into(),
        "| Header\\_Fout | Header; Fout | built | 30 of 30 |  |  | 2 |".into(),
        "| Lang\\_Fout | Lang; Fout | built | 30 of 30 |  |  | 1 |".into(),
        "| Stijl\\_Fout | Stijl; Fout | built | 30 of 30 |  |  | 3 |".into(),
        "| Crash\\_Fout | Crash; Fout | built | 20 of 30 | best spel1.txt best: crashed |  | 0 |".into(),
        "| Hang\\_Fout | Hang; Fout | built | 20 of 30 | best spel1.txt best: time-limit |  | 0 |".into(),
    ];
    assert_eq!(table(&out), expected);
    let style = std::fs::read_to_string(out.join("style.csv")).unwrap();
    assert_eq!(
        style,
        format!(
            "submission,file,line,rule,message\nHeader_Fout,tegelspel.cc,4,algorithm,#include <algorithm>\n\
             Header_Fout,tegelspel.cc,5,header-not-allowed,#include <map>\n\
             Lang_Fout,tegelspel.cc,{long_line},function-length,`teLang` has a body of 41 lines (at most 35)\n\
             Stijl_Fout,tegelspel.cc,{bare_line},comment-block,`zonderCommentaar` has no comment block directly above it\n\
             Stijl_Fout,tegelspel.h,31,skeleton-header,\"`vector < pair < int , int > > getRijen ( long ) ;` where the skeleton's tegelspel.h has `vector < pair < int , int > > getRijen ( int ) ;`\"\n\
             Stijl_Fout,tegelspel.h,35,public-member,`teller` is public in class `TegelSpel`; the skeleton's is not\n"
        )
    );
    let rows = verdicts(&out);
    assert_eq!(rows.len(), 8 * 30 + 1);
    let asked = |who: &str| -> Vec<(String, String)> {
        rows.iter().filter(|r| r[0] == who).map(|r| (r[2].clone(), r[1].clone())).collect()
    };
    assert_eq!(asked("Jansen_Bos"), asked("Lang_Fout"), "every submission is asked the same questions");
    let tex = std::fs::read_to_string(out.join("class.tex")).unwrap();
    assert!(tex.contains("Piet\\_Klaas & Piet; Klaas & built & 28 of 30 & best spel1.txt best: wrong"), "{tex}");
    assert!(std::fs::metadata(out.join("class.xlsx")).unwrap().len() > 1000);
    let page = std::fs::read_to_string(out.join("pages/Piet_Klaas.html")).unwrap();
    assert!(page.contains("<img src=\"../submissions/Piet_Klaas/results/figures/best-handin/"), "{page}");
    assert!(page.contains("harness solver ask --solver mine=.harness-build/solver --no-sandbox mine tegel"), "{page}");
    assert!(std::fs::read_to_string(out.join("run.toml")).unwrap().contains("state = \"complete\""));
}

/// An archive entry written with any name, as a hostile archive may (the tar crate's own
/// path setters refuse `..` and absolute paths).
fn raw_tar_entry(
    b: &mut tar::Builder<flate2::write::GzEncoder<std::fs::File>>,
    name: &str,
    kind: tar::EntryType,
    link: &str,
) {
    let mut h = tar::Header::new_old();
    h.as_old_mut().name[..name.len()].copy_from_slice(name.as_bytes());
    h.as_old_mut().linkname[..link.len()].copy_from_slice(link.as_bytes());
    h.set_entry_type(kind);
    h.set_mode(0o644);
    let data = b"int evil;\n";
    h.set_size(if kind == tar::EntryType::Regular { data.len() as u64 } else { 0 });
    h.set_cksum();
    let body: &[u8] = if kind == tar::EntryType::Regular { data } else { b"" };
    b.append(&h, body).unwrap();
}

fn hostile_tar(to: &Path, name: &str, kind: tar::EntryType, link: &str) -> PathBuf {
    let gz = flate2::write::GzEncoder::new(std::fs::File::create(to).unwrap(), flate2::Compression::fast());
    let mut b = tar::Builder::new(gz);
    raw_tar_entry(&mut b, "ok.cc", tar::EntryType::Regular, "");
    raw_tar_entry(&mut b, name, kind, link);
    b.into_inner().unwrap().finish().unwrap();
    to.to_path_buf()
}

fn hostile_zip(to: &Path, name: &str, link: Option<&str>) -> PathBuf {
    let mut w = zip::ZipWriter::new(std::fs::File::create(to).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    match link {
        Some(target) => w.add_symlink(name, target, options).unwrap(),
        None => {
            w.start_file(name, options).unwrap();
            w.write_all(b"int evil;\n").unwrap();
        }
    }
    w.finish().unwrap();
    to.to_path_buf()
}

#[test]
fn an_archive_that_writes_outside_its_folder_or_holds_a_link_is_refused_by_name() {
    let dir = public_dir();
    let hand = dir.path().join("in").join("deeper");
    std::fs::create_dir_all(&hand).unwrap();
    let class = [
        hostile_tar(&hand.join("Dot_Dot.tar.gz"), "../../evil.cc", tar::EntryType::Regular, ""),
        hostile_tar(&hand.join("Abs_Path.tgz"), "/tmp/harness-judge-evil.cc", tar::EntryType::Regular, ""),
        hostile_tar(&hand.join("Sym_Link.tgz"), "passwd", tar::EntryType::Symlink, "/etc/passwd"),
        hostile_zip(&hand.join("Zip_Dots.zip"), "../../evil.cc", None),
        hostile_zip(&hand.join("Zip_Link.zip"), "passwd", Some("/etc/passwd")),
        {
            std::fs::write(hand.join("Rar_Form.rar"), "Rar!").unwrap();
            hand.join("Rar_Form.rar")
        },
    ];
    let out = dir.path().join("judged");
    let mut args: Vec<String> = vec!["-q".into(), "judge".into(), manifest(dir.path()).display().to_string()];
    args.extend(class.iter().map(|s| s.display().to_string()));
    args.extend(["--out".to_string(), out.display().to_string(), "--no-sandbox".into()]);
    let o = harness(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Vec<(String, String, String)> = {
        let mut r = csv::Reader::from_path(out.join("judge.csv")).unwrap();
        r.deserialize::<std::collections::HashMap<String, String>>()
            .map(|row| {
                let row = row.unwrap();
                (row["submission"].clone(), row["build"].clone(), row["detail"].clone())
            })
            .collect()
    };
    let expected = [
        ("Dot_Dot", "refused: entry `../../evil.cc` would be written outside its folder"),
        ("Abs_Path", "refused: entry `/tmp/harness-judge-evil.cc` would be written outside its folder"),
        ("Sym_Link", "refused: entry `passwd` is a link; a submission holds plain files and folders only"),
        ("Zip_Dots", "refused: entry `../../evil.cc` would be written outside its folder"),
        ("Zip_Link", "refused: entry `passwd` is a link; a submission holds plain files and folders only"),
        ("Rar_Form", "refused: is not a folder, a .zip, a .tgz or a .tar.gz (the assignments ask for one of them)"),
    ];
    let got: Vec<(&str, &str, &str)> = rows.iter().map(|(s, b, d)| (s.as_str(), b.as_str(), d.as_str())).collect();
    assert_eq!(got, expected.map(|(s, d)| (s, "refused", d)));
    assert!(!dir.path().join("in/evil.cc").exists() && !dir.path().join("evil.cc").exists());
    assert!(!out.join("evil.cc").exists() && !out.join("submissions/evil.cc").exists());
    assert!(!Path::new("/tmp/harness-judge-evil.cc").exists());
}

#[test]
fn a_judge_killed_midway_and_started_again_gives_the_same_table() {
    if !gxx() {
        return;
    }
    let dir = public_dir();
    let manifest = manifest(dir.path());
    let all = class(dir.path());
    let class = vec![all[0].clone(), all[8].clone(), all[1].clone()];
    let whole = dir.path().join("whole");
    let o = judge(&manifest, &class, &whole);
    assert!(o.status.success(), "{}", stderr(&o));
    let resumed = dir.path().join("resumed");
    let mut args: Vec<String> = vec!["-q".into(), "judge".into(), manifest.display().to_string()];
    args.extend(class.iter().map(|s| s.display().to_string()));
    args.extend(flags(&resumed));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(&args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed while the hanging hand-in (each besteScore waits out its 1 s) is in flight,
    // once a position of it is in its journal.
    let second = resumed.join("submissions/Hang_Fout/results");
    let journal = second.join(".journal/best-handin.jsonl");
    let started = std::time::Instant::now();
    let answered = || std::fs::read_to_string(&journal).is_ok_and(|t| t.lines().count() >= 2);
    while !answered() && started.elapsed() < Duration::from_secs(300) {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(answered(), "the second submission was begun");
    assert!(!second.parent().unwrap().join("judged.json").exists(), "killed while it was in flight");
    assert!(!resumed.join("class.md").exists(), "killed before the table");
    let o = judge(&manifest, &class, &resumed);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(table(&resumed), table(&whole));
    assert_eq!(verdicts(&resumed), verdicts(&whole));
    let run = std::fs::read_to_string(second.join("run.toml")).unwrap();
    assert_eq!(run.matches("[[parts]]").count(), 2, "the positions answered before the kill were kept: {run}");
}

/// Runs `harness -q judge` with the manifest of `dir`, `submissions` and `extra` flags
/// (never building: these submissions are refused before).
/// Three hand-ins of makers A, B and C, each an archive that tries to write outside its
/// folder (refused by name, so judging them builds nothing).
fn three_refused_archives(dir: &Path) -> Vec<PathBuf> {
    ["A_a", "B_b", "C_c"].iter().map(|n| hostile_zip(&dir.join(format!("{n}.zip")), "../x.cc", None)).collect()
}

fn judge_refused(dir: &Path, submissions: &[PathBuf], extra: &[&str]) -> std::process::Output {
    let mut args: Vec<String> = vec!["-q".into(), "judge".into(), manifest(dir).display().to_string()];
    args.extend(submissions.iter().map(|s| s.display().to_string()));
    args.extend(extra.iter().map(|s| s.to_string()));
    harness(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn shards_of_a_class_share_one_folder_and_its_table_lists_every_submission_judged() {
    let dir = public_dir();
    let class = three_refused_archives(dir.path());
    let out = dir.path().join("judged");
    let out_flag = out.display().to_string();
    let submissions_in_table = || -> Vec<String> {
        let text = std::fs::read_to_string(out.join("class.md")).unwrap();
        text.lines().skip(4).map(|l| l.split(" | ").next().unwrap().trim_start_matches("| ").to_string()).collect()
    };
    let o = judge_refused(dir.path(), &class, &["--out", &out_flag, "--no-sandbox", "--shard", "1/2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(submissions_in_table(), ["B\\_b"]);
    let o = judge_refused(dir.path(), &class, &["--out", &out_flag, "--no-sandbox", "--shard", "0/2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(submissions_in_table(), ["A\\_a", "B\\_b", "C\\_c"]);
    let shard = std::fs::read_to_string(out.join("run-shard-0-of-2.toml")).unwrap();
    assert!(shard.contains("shard = \"0/2\"") && shard.contains("judged = 3"), "{shard}");
}

#[test]
fn bad_input_is_refused_with_what_was_expected() {
    let dir = public_dir();
    let out = dir.path().join("judged").display().to_string();
    let missing = dir.path().join("nowhere.zip");
    let o = judge_refused(dir.path(), &[missing], &["--out", &out, "--no-sandbox"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("expected a folder, a .zip, a .tgz or a .tar.gz"), "{}", stderr(&o));
    let some = hostile_zip(&dir.path().join("a.zip"), "a.cc", None);
    let o = judge_refused(dir.path(), std::slice::from_ref(&some), &["--out", &out, "--assignment", "chess"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--assignment expects one of tegel"), "{}", stderr(&o));
    let o = judge_refused(dir.path(), &[some], &["--out", &out, "--assignment", "nim"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("has no experiment of `nim` that a solver answers"), "{}", stderr(&o));
}

#[test]
fn every_value_on_the_pages_is_escaped() {
    let dir = public_dir();
    let hand = dir.path().join("Evil <b>name");
    std::fs::create_dir_all(&hand).unwrap();
    std::fs::write(hand.join("namen.txt"), "<script>alert(1)</script> | *x* \u{1b}[31m\n").unwrap();
    std::fs::write(hand.join("main.cc"), "int main () { return 0; }\n").unwrap();
    let out = dir.path().join("judged");
    let o = judge_refused(dir.path(), &[hand], &["--out", &out.display().to_string(), "--no-sandbox"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let html = std::fs::read_to_string(out.join("class.html")).unwrap();
    assert!(!html.contains("<script>alert") && !html.contains('\u{1b}'), "{html}");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; | *x* \\u{1b}[31m"), "{html}");
    let page = std::fs::read_to_string(out.join("pages/Evil__b_name.html")).unwrap();
    assert!(!page.contains("<script>alert") && page.contains("holds no .cc file besides main.cc"), "{page}");
    let md = std::fs::read_to_string(out.join("class.md")).unwrap();
    assert!(md.contains("&lt;script&gt;alert(1)&lt;/script&gt; \\| \\*x\\* \\\\u{1b}\\[31m"), "{md}");
}

#[test]
fn the_slurm_scripts_of_a_class_judge_its_shards_into_one_folder_and_write_its_table() {
    if !tool_available("bwrap", harness::base::sandbox::available().is_ok(), "apt-get install bubblewrap") {
        return;
    }
    let dir = public_dir();
    let class = three_refused_archives(dir.path());
    let out = dir.path().join("judged");
    let mut args: Vec<String> =
        vec!["slurm".into(), manifest(dir.path()).display().to_string(), "--shards".into(), "2".into()];
    args.extend([
        "--out".into(),
        out.display().to_string(),
        "--question-time-limit".into(),
        "5".into(),
        "--judge".into(),
    ]);
    args.extend(class.iter().map(|s| s.display().to_string()));
    let o = harness(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    let script = |name: &str, task: Option<&str>| {
        let mut c = std::process::Command::new("bash");
        c.arg(out.join("slurm").join(name));
        if let Some(t) = task {
            c.env("SLURM_ARRAY_TASK_ID", t);
        }
        let o = c.output().unwrap();
        assert!(o.status.success(), "{name} {task:?}: {}", stderr(&o));
    };
    script("array.sbatch", Some("0"));
    script("array.sbatch", Some("1"));
    assert!(out.join("run-shard-0-of-2.toml").exists() && out.join("run-shard-1-of-2.toml").exists());
    script("merge.sbatch", None);
    let table = std::fs::read_to_string(out.join("class.md")).unwrap();
    assert_eq!(table.lines().skip(4).count(), 3, "{table}");
    assert!(std::fs::read_to_string(out.join("run.toml")).unwrap().contains("judged = 3"));
}

#[test]
fn a_folder_of_another_run_or_of_another_manifests_judge_is_refused_naming_what_it_holds() {
    let dir = public_dir();
    let class = vec![hostile_zip(&dir.path().join("A_a.zip"), "../x.cc", None)];
    let path = |p: &Path| p.display().to_string();
    // The results of `harness run` of a small manifest.
    let run_manifest = dir.path().join("m.toml");
    std::fs::write(
        &run_manifest,
        "seed = 1\nthreads = [1]\n\n[[experiment]]\nname = \"nim_formula\"\ngame = \"nim\"\nkind = \"formula\"\n\
         maxtakes = [0, 2]\ntakes_sets = [[1, 3, 4]]\nheap_counts = [2]\nmax_sticks = 4\n",
    )
    .unwrap();
    let results = dir.path().join("results");
    let o = harness(&["-q", "run", &path(&run_manifest), "--out", &path(&results)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let run_toml = std::fs::read(results.join("run.toml")).unwrap();
    for force in [&[][..], &["--force"][..]] {
        let o = judge_refused(dir.path(), &class, &[&["--out", &path(&results), "--no-sandbox"][..], force].concat());
        assert_eq!(o.status.code(), Some(2), "{force:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(
            e.contains(&format!(
                "holds the results of `harness run` of {} (complete, 1 experiment;",
                path(&run_manifest)
            )),
            "{e}"
        );
        assert!(e.contains("Give the judge its own folder"), "{e}");
    }
    assert_eq!(std::fs::read(results.join("run.toml")).unwrap(), run_toml, "the run's record is as it was");
    assert!(!results.join("submissions").exists() && !results.join("judge.csv").exists());
    let o = harness(&[
        "slurm",
        &path(&manifest(dir.path())),
        "--shards",
        "2",
        "--out",
        &path(&results),
        "--judge",
        &path(&class[0]),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("holds the results of `harness run` of"), "{}", stderr(&o));
    assert!(!results.join("slurm").exists(), "no job script was written");

    // A judge of one manifest, then of another.
    let judged = dir.path().join("judged");
    let o = judge_refused(dir.path(), &class, &["--out", &path(&judged), "--no-sandbox"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let csv = std::fs::read(judged.join("judge.csv")).unwrap();
    let other = dir.path().join("other.toml");
    let greedy = root().join("instances/tegel/greedy.txt");
    std::fs::write(
        &other,
        format!(
            "seed = 2\n\n[[experiment]]\nname = \"best\"\ngame = \"tegel\"\nkind = \"best\"\ninstances = [\"{}\"]\n",
            path(&greedy)
        ),
    )
    .unwrap();
    let judge_other = |extra: &[&str]| {
        let mut args = vec!["judge"];
        let (other, a, out) = (path(&other), path(&class[0]), path(&judged));
        let mut owned = vec![other, a, "--out".into(), out, "--no-sandbox".into()];
        owned.extend(extra.iter().map(|s| s.to_string()));
        args.extend(owned.iter().map(String::as_str));
        harness(&args)
    };
    let o = judge_other(&[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains(&format!(
            "holds the judge of {} (assignment tegel, 1 of 1 submissions judged) (run.toml), not of {} (assignment tegel)",
            path(&manifest(dir.path())),
            path(&other)
        )),
        "{e}"
    );
    assert!(e.contains("or add --force"), "{e}");
    assert_eq!(std::fs::read(judged.join("judge.csv")).unwrap(), csv, "the class's table is as it was");
    // The same manifest by another path is the same judge.
    let same = format!("{}/./judge.toml", path(dir.path()));
    let o = harness(&["-q", "judge", &same, &path(&class[0]), "--out", &path(&judged), "--no-sandbox"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = judge_other(&["--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("--force: judging"), "{}", stderr(&o));
    let run = std::fs::read_to_string(judged.join("run.toml")).unwrap();
    assert!(run.contains(&format!("manifest = \"{}\"", path(&other))), "{run}");

    // A folder of other files.
    let notes = dir.path().join("notes");
    std::fs::create_dir_all(&notes).unwrap();
    std::fs::write(notes.join("plan.txt"), "x\n").unwrap();
    let o = judge_refused(dir.path(), &class, &["--out", &path(&notes), "--no-sandbox"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not empty and not a judge's folder: it holds `plan.txt`"), "{}", stderr(&o));
    assert_eq!(std::fs::read_dir(&notes).unwrap().count(), 1, "nothing was written there");
}
