//! report/report.tex builds with pdflatex from generated results, and also from an empty
//! results directory (notes instead of tables). Skipped, with a message, where pdflatex
//! or the TeX packages are missing (CI has no TeX; `scripts/build-report.sh` installs it).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tex_available() -> bool {
    let found = |cmd: &str, arg: &str| Command::new(cmd).arg(arg).output().is_ok_and(|o| o.status.success());
    found("pdflatex", "--version")
        && ["pgfplots.sty", "adjustbox.sty", "booktabs.sty", "placeins.sty", "rotating.sty"].iter().all(|sty| {
            Command::new("kpsewhich").arg(sty).output().is_ok_and(|o| o.status.success() && !o.stdout.is_empty())
        })
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Runs `harness report` and one pdflatex pass on report.tex; returns the log text.
fn build(results: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_harness")).arg("report").arg(results).output().unwrap();
    assert!(out.status.success(), "harness report: {}", String::from_utf8_lossy(&out.stderr));
    let build = tempfile::tempdir().unwrap();
    let status = Command::new("pdflatex")
        .current_dir(root().join("report"))
        .args(["-interaction=nonstopmode", "-halt-on-error", "-output-directory"])
        .arg(build.path())
        .arg(format!("\\def\\resultsdir{{{}}}\\input{{report.tex}}", results.display()))
        .output()
        .unwrap();
    let log = std::fs::read_to_string(build.path().join("report.log")).unwrap_or_default();
    assert!(status.status.success(), "pdflatex failed:\n{}", &log[log.len().saturating_sub(3000)..]);
    assert!(build.path().join("report.pdf").is_file());
    log
}

#[test]
fn report_builds_from_fixture_results() {
    if !tex_available() {
        eprintln!("skipped: pdflatex or TeX packages missing (scripts/build-report.sh installs them)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root().join("tests/fixtures/report/results"), dir.path());
    let log = build(dir.path());
    assert!(!log.contains("No result tegel/best / spel1"), "spel1's numbers must be found");
    assert!(log.contains("Output written"), "no PDF output in the log");
}

#[test]
fn report_builds_without_any_results() {
    if !tex_available() {
        eprintln!("skipped: pdflatex or TeX packages missing (scripts/build-report.sh installs them)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = build(dir.path());
    assert!(log.contains("Output written"), "no PDF output in the log");
}
