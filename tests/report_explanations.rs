//! The authors' own explanations: `harness report --assignment tegel --explanations DIR`
//! sets each file (`T2.txt`: plain text, named for a report question) under its question
//! in the PDF's source (`\ownanswer{T2}` inputs `tex/own-T2.tex`) and on the page, escaped;
//! a file named for no question, a file that is not text, the option without
//! `--assignment` and a missing directory are refused with exit code 2 before anything is
//! written; a later report without the option leaves no explanation behind.

mod common;

use std::path::Path;

use common::{harness, stderr};

/// A quick run of the tile game into a fresh directory.
fn quick_run() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let o = common::harness_command()
        .args(["run", "instances/quick.toml", "--only", "tegel", "--samples", "1", "-j", "1", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    (dir, out)
}

fn report(out: &Path, more: &[&str]) -> std::process::Output {
    let mut args = vec!["report", out.to_str().unwrap()];
    args.extend_from_slice(more);
    harness(&args)
}

#[test]
fn an_explanation_stands_under_its_question_and_bad_ones_are_refused() {
    let (dir, out) = quick_run();
    let own = dir.path().join("uitleg");
    std::fs::create_dir(&own).unwrap();
    std::fs::write(own.join("T2.txt"), "Our besteScore tries every move & counts.\n\n<script>x</script> 100% ours.\n")
        .unwrap();
    let own_arg = own.to_str().unwrap();

    let o = report(&out, &["--assignment", "tegel", "--explanations", own_arg]);
    assert!(o.status.success(), "{}", stderr(&o));
    let tex = std::fs::read_to_string(out.join("tex/own-T2.tex")).unwrap();
    assert!(tex.contains("Our besteScore tries every move \\& counts.\n\n"), "{tex}");
    assert!(tex.contains("100\\% ours."), "{tex}");
    let answer = std::fs::read_to_string(out.join("tex/answer-T2.tex")).unwrap();
    let heading = answer.find("\\label{ans:T2}").unwrap();
    assert!(answer[heading..].starts_with("\\label{ans:T2}\n\\ownanswer{T2}\n"), "{answer}");
    let page = std::fs::read_to_string(out.join("report-tegel.html")).unwrap();
    assert!(page.contains("Our besteScore tries every move &amp; counts.</p>"), "the page lacks the explanation");
    assert!(!page.contains("<script>x</script>"), "the explanation reached the page unescaped");

    // Refused, with exit code 2, and nothing written: the explanation stays as it was.
    std::fs::write(own.join("T9.txt"), "no such question").unwrap();
    let o = report(&out, &["--assignment", "tegel", "--explanations", own_arg]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("T9.txt") && stderr(&o).contains("expected files named T1.txt"), "{}", stderr(&o));
    std::fs::remove_file(own.join("T9.txt")).unwrap();
    std::fs::write(own.join("T3.txt"), [0xff, 0xfe]).unwrap();
    let o = report(&out, &["--assignment", "tegel", "--explanations", own_arg]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("UTF-8"), "{}", stderr(&o));
    let o = report(&out, &["--explanations", own_arg]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("needs --assignment"), "{}", stderr(&o));
    let o = report(&out, &["--assignment", "tegel", "--explanations", "/nonexistent/uitleg"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(out.join("tex/own-T2.tex").exists(), "a refused report removed the earlier explanation");

    // A report without the option holds no explanation.
    let o = report(&out, &["--assignment", "tegel"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!out.join("tex/own-T2.tex").exists(), "an explanation was left behind");
}
