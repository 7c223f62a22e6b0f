//! The command-line habits users bring from other tools: shell completions, a man page,
//! `--version` short and long, `-j`, `-o` and `-q`, `HARNESS_THREADS`, examples in the
//! help, one-line summaries in the command list, `report --format markdown [RESULTS] NAME`
//! in the order its help shows, and a `status` and schema `version` in every `--json`
//! object.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::{harness, harness_env, json_object, stderr, stdout, write};

/// A manifest of one small, quick experiment (a second at most).
fn tiny_manifest(dir: &Path) -> String {
    write(
        dir,
        "m.toml",
        "seed = 1\nthreads = [1]\n\n[[experiment]]\nname = \"nim_formula\"\ngame = \"nim\"\nkind = \"formula\"\n\
         maxtakes = [0, 2]\ntakes_sets = [[1, 3, 4]]\nheap_counts = [2]\nmax_sticks = 4\n",
    )
}

#[test]
fn completions_name_every_command_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let o = harness(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}: {}", stderr(&o));
        let script = stdout(&o);
        for word in ["harness", "run", "compare", "report", "tegel", "checkers", "completions"] {
            assert!(script.contains(word), "{shell} completions lack `{word}`");
        }
    }
    let o = harness(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2), "an unknown shell is refused");
    assert!(stderr(&o).contains("tcsh"), "{}", stderr(&o));
}

#[test]
fn the_man_page_is_roff_and_can_be_written_per_command() {
    let o = harness(&["man"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = stdout(&o);
    assert!(page.contains(".TH harness 1"), "{page}");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH SUBCOMMANDS", ".SH VERSION"] {
        assert!(page.contains(section), "the page lacks {section}");
    }
    assert!(page.contains("harness\\-compare(1)"), "the page names the commands' pages");
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("man");
    let o = harness(&["man", "-o", pages.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for name in ["harness.1", "harness-run.1", "harness-compare.1", "harness-tegel.1", "harness-play.1"] {
        let text = std::fs::read_to_string(pages.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(text.starts_with(".ie \\n(.g .ds Aq"), "{name} is roff");
    }
}

#[test]
fn version_is_short_and_long_with_verbose() {
    let short = format!("harness {}\n", env!("CARGO_PKG_VERSION"));
    for flag in ["--version", "-V"] {
        let o = harness(&[flag]);
        assert_eq!((o.status.code(), stdout(&o)), (Some(0), short.clone()), "{flag}");
    }
    for flags in [&["--version", "--verbose"][..], &["-vV"], &["-V", "-v"], &["--verbose", "--version"]] {
        let o = harness(flags);
        assert_eq!(o.status.code(), Some(0), "{flags:?}");
        let long = stdout(&o);
        assert!(long.starts_with(&short), "{flags:?}: {long}");
        for line in [
            format!("build: {}", harness::BUILD_ID),
            format!("rustc: {}", harness::RUSTC_VERSION),
            format!("target: {}", harness::TARGET),
        ] {
            assert!(long.lines().any(|l| l == line), "{flags:?} lacks `{line}`:\n{long}");
        }
    }
}

/// Whether the compiled-in sources differ from the checked-out revision (`None` outside
/// a git checkout).
fn sources_changed() -> Option<bool> {
    let root = env!("CARGO_MANIFEST_DIR");
    let o = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all", "--", "src", "build.rs", "Cargo.toml", "Cargo.lock"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    Some(!o.stdout.is_empty())
}

#[test]
fn the_long_version_says_dirty_for_changed_sources() {
    let long = stdout(&harness(&["-vV"]));
    let build = long.lines().find_map(|l| l.strip_prefix("build: ")).expect("a build line").to_string();
    match sources_changed() {
        Some(true) => assert!(build.contains("-dirty-"), "changed sources, yet the build reads clean: {build}"),
        Some(false) => assert!(!build.contains("-dirty-") && !build.starts_with("src-"), "{build}"),
        None => assert!(build.starts_with("src-"), "{build}"),
    }
}

#[test]
fn threads_come_from_j_then_the_environment() {
    let count = ["stenen", "count", "4", "5", "instances/stenen/stenen1.in", "--json"];
    let threads = |o: &Output| json_object(o)["threads"].as_u64();
    let o = harness_env(&[&count[..], &["-j", "1"]].concat(), &[("HARNESS_THREADS", "2")], &[]);
    assert_eq!(threads(&o), Some(1), "-j wins over HARNESS_THREADS");
    let o = harness_env(&count, &[("HARNESS_THREADS", "1")], &["RAYON_NUM_THREADS"]);
    assert_eq!(threads(&o), Some(1), "HARNESS_THREADS=1");
    let o = harness_env(&count, &[("RAYON_NUM_THREADS", "1")], &["HARNESS_THREADS"]);
    assert_eq!(threads(&o), Some(1), "RAYON_NUM_THREADS=1");
    let o = harness_env(&count, &[("HARNESS_THREADS", "1"), ("RAYON_NUM_THREADS", "3")], &[]);
    assert_eq!(threads(&o), Some(1), "HARNESS_THREADS before RAYON_NUM_THREADS");
    let o = harness_env(&count, &[("HARNESS_THREADS", "0")], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("harness: HARNESS_THREADS: expected a whole number from 1 to 1024"),
        "{}",
        stderr(&o)
    );
    assert_eq!(json_object(&o)["status"], "error");
}

#[test]
fn run_takes_j_and_o_and_prints_one_json_summary() {
    let dir = tempfile::tempdir().unwrap();
    let m = tiny_manifest(dir.path());
    let out = dir.path().join("out");
    let o = harness_env(&["run", &m, "-j", "1", "-o", out.to_str().unwrap(), "--json", "-q"], &[], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.lines().all(|l| l.starts_with("warning: ")), "-q: nothing on stderr but warnings: {err}");
    let v = json_object(&o);
    assert_eq!((v["status"].as_str(), v["version"].as_u64()), (Some("ok"), Some(1)), "{v}");
    assert_eq!((v["state"].as_str(), v["threads"].as_u64()), (Some("complete"), Some(1)), "{v}");
    assert_eq!(v["ran"], serde_json::json!(["nim_formula"]), "{v}");
    assert_eq!(v["results"].as_str(), out.to_str(), "{v}");
    assert!(out.join("nim_formula.csv").is_file() && out.join("results.xlsx").is_file());
    let run = std::fs::read_to_string(out.join("run.toml")).unwrap();
    assert!(run.contains("threads = 1\n"), "{run}");

    let again = harness(&["run", &m, "-o", out.to_str().unwrap()]);
    assert!(stderr(&again).contains("already done"), "without -q the notes are there: {}", stderr(&again));
}

#[test]
fn report_markdown_takes_results_then_name_as_its_help_shows() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let o = harness(&["run", &tiny_manifest(dir.path()), "-o", out.to_str().unwrap(), "-q"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let help = stdout(&harness(&["report", "--help"]));
    assert!(help.contains("[RESULTS] [NAME]"), "{help}");
    let dir_first = harness(&["report", "--format", "markdown", out.to_str().unwrap(), "nim_formula"]);
    assert_eq!(dir_first.status.code(), Some(0), "{}", stderr(&dir_first));
    assert!(stdout(&dir_first).contains('|'), "a Markdown table: {}", stdout(&dir_first));
    let name_first = harness(&["report", "--format", "markdown", "nim_formula", out.to_str().unwrap()]);
    assert_eq!(stdout(&name_first), stdout(&dir_first), "the older order still reads");
    let o = harness(&["report", "--format", "markdown"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("needs the experiment NAME"), "{}", stderr(&o));
}

#[test]
fn every_one_shot_json_object_has_status_and_version() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let o = harness(&["run", &tiny_manifest(dir.path()), "-o", out.to_str().unwrap(), "-q"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = out.to_str().unwrap();
    let cases: [&[&str]; 9] = [
        &["tegel", "best", "instances/tegel/spel1.txt", "--json"],
        &["tegel", "greedy", "instances/tegel/spel1.txt", "--json"],
        &["stenen", "count", "4", "5", "instances/stenen/stenen1.in", "--json"],
        &["stenen", "find", "4", "5", "instances/stenen/stenen1.in", "--json"],
        &["nim", "value", "3", "4", "5", "--json"],
        &["nim", "grundy", "--takes", "1,3,4", "--upto", "10", "--json"],
        &["checkers", "perft", "6", "6", "1", "3", "--json"],
        &["compare", out, out, "--json"],
        &["tegel", "best", "/nonexistent.txt", "--json"],
    ];
    for args in cases {
        let o = harness(args);
        let v = json_object(&o);
        let status = v["status"].as_str().unwrap_or_else(|| panic!("{args:?}: no status in {v}"));
        let expected = if args.contains(&"/nonexistent.txt") { "error" } else { "ok" };
        assert_eq!(status, expected, "{args:?}: {v}\n{}", stderr(&o));
        assert_eq!(v["version"].as_u64(), Some(1), "{args:?}: {v}");
    }
}

#[test]
fn help_has_examples_and_one_line_summaries() {
    for command in ["run", "compare", "play", "report"] {
        let help = stdout(&harness(&[command, "--help"]));
        assert!(help.contains("\nExamples:\n  harness "), "`harness {command} --help` has no examples:\n{help}");
    }
    let top = stdout(&harness(&["--help"]));
    let commands: Vec<&str> =
        top.lines().skip_while(|l| !l.starts_with("Commands:")).skip(1).take_while(|l| !l.is_empty()).collect();
    assert!(commands.len() >= 10, "{top}");
    for line in commands {
        assert!(line.len() <= 100, "a summary longer than one line: {line}");
    }
    for flag in ["-q, --quiet", "-V, --version", "-v, --verbose"] {
        assert!(top.contains(flag), "`harness --help` lacks {flag}:\n{top}");
    }
    let run = stdout(&harness(&["run", "--help"]));
    for flag in ["-j, --threads <N>", "-o, --out <OUT>", "-q, --quiet"] {
        assert!(run.contains(flag), "`harness run --help` lacks {flag}:\n{run}");
    }
}
