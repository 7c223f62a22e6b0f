//! Files written outside a results directory, at a name the user gives: `harness man -o
//! DIR` and `harness compare ... --html FILE` never write through a symbolic link, never
//! replace a file they did not write (a run's page included), write atomically (a new
//! file, renamed over the old one) and create no folder the user did not name.

mod common;

use std::path::Path;

use common::{harness, stderr, write};

/// A results directory of one CSV, as `harness compare` reads it.
fn results() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let header = "instance,positions,seconds,seconds_min,seconds_max,seconds_mad,seconds_samples,threads,status\n";
    write(dir.path(), "t.csv", &format!("{header}x,10,0,0,0,0,1.0;1.01;0.99,1,ok\n"));
    dir
}

fn text(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

#[cfg(unix)]
#[test]
fn man_pages_are_not_written_through_a_link_nor_into_a_missing_parent() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "keep me").unwrap();
    let man = dir.path().join("man");
    std::fs::create_dir(&man).unwrap();
    std::os::unix::fs::symlink(&victim, man.join("harness-run.1")).unwrap();
    let o = harness(&["man", "-o", man.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("harness-run.1") && stderr(&o).contains("symbolic link"), "{}", stderr(&o));
    assert_eq!(text(&victim), "keep me");
    assert!(!man.join("harness.1").exists(), "nothing is written when one page is refused");
    std::fs::remove_file(man.join("harness-run.1")).unwrap();
    let o = harness(&["man", "-o", man.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(text(&man.join("harness-run.1")).contains(".TH harness-run"));
    let o = harness(&["man", "-o", man.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "its own pages are written over: {}", stderr(&o));
    std::fs::write(man.join("harness.1"), "my own page").unwrap();
    let o = harness(&["man", "-o", man.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(text(&man.join("harness.1")), "my own page");
    let deep = dir.path().join("no/such/man");
    let o = harness(&["man", "-o", deep.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!dir.path().join("no").exists(), "no parent folder is made");
}

#[cfg(unix)]
#[test]
fn the_compare_page_is_not_written_through_a_link_over_a_runs_page_or_into_a_missing_folder() {
    let (a, b) = (results(), results());
    let (a, b) = (a.path().to_str().unwrap(), b.path().to_str().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim.html");
    std::fs::write(&victim, "keep me").unwrap();
    let link = dir.path().join("link.html");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let o = harness(&["compare", a, b, "--html", link.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("symbolic link"), "{}", stderr(&o));
    assert_eq!(text(&victim), "keep me");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    let run = tempfile::tempdir().unwrap();
    write(run.path(), ".harness-results.toml", "harness = \"results directory\"\n");
    let page = write(run.path(), "index.html", "<!DOCTYPE html>\n<title>harness results</title>\n");
    let o = harness(&["compare", a, b, "--html", &page]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("results directory"), "{}", stderr(&o));
    assert!(text(Path::new(&page)).contains("harness results"), "the run's page stays");
    let missing = dir.path().join("no/cmp.html");
    let o = harness(&["compare", a, b, "--html", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!dir.path().join("no").exists());
    let fresh = dir.path().join("cmp.html");
    for _ in 0..2 {
        let o = harness(&["compare", a, b, "--html", fresh.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "a new page, then its own page again: {}", stderr(&o));
    }
    assert!(text(&fresh).contains("<title>harness compare</title>"));
}
