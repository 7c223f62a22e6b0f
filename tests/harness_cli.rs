//! The runner's refusals of bad manifests and flags: exit code 2, a message naming the
//! file and line, and nothing written.

mod common;

use std::path::Path;

use common::{harness, json_object, stderr, write};

#[test]
fn missing_manifest_exits_2_naming_the_file() {
    let o = harness(&["run", "/nonexistent/m.toml", "--out", "/tmp/never-written"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/m.toml"), "{}", stderr(&o));
    assert!(!Path::new("/tmp/never-written").exists());
}

#[test]
fn unknown_key_exits_2_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.toml", "seed = 1\n\n[[experiment]]\nname = \"x\"\ngame = \"nim\"\nkind = \"k\"\n");
    let out = dir.path().join("out");
    let o = harness(&["run", &m, "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains(&format!("{m}:6:8: ")), "the line and column of the value: {err}");
    assert!(!out.exists(), "nothing is written for a refused manifest");
}

#[test]
fn syntax_error_names_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.toml", "seed = 1\nthreads = [1,\n");
    let o = harness(&["run", &m]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(&m), "{}", stderr(&o));
    let m = write(dir.path(), "d.toml", "seed = 1\nthreads = [1]\n  seed = 2\n");
    let o = harness(&["run", &m]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(&format!("{m}:3:3: ")) && stderr(&o).contains("duplicate key"), "{}", stderr(&o));
}

#[test]
fn bad_flags_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.toml", "seed = 1\n");
    for args in [
        vec!["run", m.as_str(), "--threads", "0"],
        vec!["run", m.as_str(), "--time-limit", "-3"],
        vec!["run", m.as_str(), "--only", "chess"],
        vec!["run", m.as_str(), "--seed", "x"],
        vec!["frobnicate"],
    ] {
        let o = harness(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn empty_manifest_writes_run_metadata() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.toml", "seed = 7\nthreads = [1]\n");
    let out = dir.path().join("out");
    let o = harness(&["run", &m, "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let meta = std::fs::read_to_string(out.join("run.toml")).unwrap();
    for key in ["version", "git_revision", "rustc", "cpu", "cores", "threads", "started", "finished", "manifest_hash"] {
        assert!(meta.contains(&format!("{key} = ")), "{key} missing in {meta}");
    }
    assert!(meta.contains("state = \"complete\""), "{meta}");
    assert!(meta.contains("seed = 7"), "{meta}");
}

#[test]
fn json_one_shots_print_an_error_object_on_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.txt").display().to_string();
    let cases: [&[&str]; 6] = [
        &["tegel", "best", &missing, "--json"],
        &["tegel", "best", "instances/tegel/spel1.txt", "--threads", "0", "--json"],
        &["stenen", "count", "4", "5", &missing, "--json"],
        &["nim", "value", "3", "1000001", "--json"],
        &["checkers", "perft", "20", "8", "1", "3", "--json"],
        &["checkers", "count", "4", "4", "1", "--memo", "--memo-mb", "0", "--json"],
    ];
    for args in cases {
        let o = harness(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let v = json_object(&o);
        assert_eq!(v["status"], "error", "{args:?}: {v}");
        assert_eq!(v["exit_code"], 2, "{args:?}: {v}");
        let message = v["error"].as_str().unwrap();
        assert!(!message.is_empty() && !message.contains('\n'), "{args:?}: {v}");
        assert!(stderr(&o).starts_with("harness: "), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn refused_flags_read_like_every_other_error() {
    let o = harness(&["run", "instances/quick.toml", "--threads", "0"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.starts_with("harness: invalid value '0' for '--threads"), "{err}");
    assert!(o.stdout.is_empty(), "no JSON without --json");
}

/// Every subcommand path of the binary (`["tegel", "best"]`, ...), read from the
/// `Commands:` sections of the help texts.
fn command_paths(prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut args: Vec<&str> = prefix.iter().map(String::as_str).collect();
    args.push("--help");
    let help = String::from_utf8_lossy(&harness(&args).stdout).into_owned();
    out.push(prefix.to_vec());
    let mut in_commands = false;
    for line in help.lines() {
        if line.starts_with("Commands:") {
            in_commands = true;
        } else if in_commands && line.starts_with("  ") && !line.starts_with("   ") {
            let name = line.split_whitespace().next().unwrap_or("");
            if name != "help" {
                let mut path = prefix.to_vec();
                path.push(name.to_string());
                command_paths(&path, out);
            }
        } else if in_commands && line.is_empty() {
            in_commands = false;
        }
    }
}

#[test]
fn help_texts_speak_to_users() {
    let mut paths = Vec::new();
    command_paths(&[], &mut paths);
    assert!(paths.len() > 20, "{paths:?}");
    for path in &paths {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = String::from_utf8_lossy(&harness(&args).stdout).into_owned();
        for leak in ["[`", "`]", "tests/", "src/", "the seed's", "beyond the seed"] {
            assert!(!help.contains(leak), "`harness {}` --help shows `{leak}`:\n{help}", path.join(" "));
        }
    }
}

#[test]
fn names_differing_in_case_only_exit_2_naming_the_second() {
    let dir = tempfile::tempdir().unwrap();
    let entry = |name: &str| format!("[[experiment]]\nname = \"{name}\"\ngame = \"nim\"\nkind = \"value\"\n");
    let m = write(dir.path(), "m.toml", &format!("seed = 1\n{}\n{}", entry("dup"), entry("DUP")));
    let out = dir.path().join("out");
    let o = harness(&["run", &m, "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains(&format!("{m}:8:")) && err.contains("only in case"), "{err}");
    assert!(!out.exists(), "nothing is written for a refused manifest");
}

#[test]
fn more_threads_than_cores_warn_once() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.toml", "seed = 7\nthreads = [1]\n");
    let cores = std::thread::available_parallelism().unwrap().get();
    let many = (cores + 1).to_string();
    let out = dir.path().join("out");
    let o = harness(&["run", &m, "--out", out.to_str().unwrap(), "--threads", &many]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.matches("not be trustworthy").count(), 1, "{err}");
    assert!(err.lines().next().unwrap().contains(&format!("{many} threads on a machine with {cores} core")), "{err}");
    let o = harness(&["tegel", "best", "instances/tegel/spel1.txt", "--threads", &many]);
    assert_eq!(stderr(&o).matches("not be trustworthy").count(), 1, "{}", stderr(&o));
    let o = harness(&["run", &m, "--out", out.to_str().unwrap(), "--threads", &cores.to_string()]);
    assert!(!stderr(&o).contains("trustworthy"), "{}", stderr(&o));
}

/// A name with an escape sequence or a carriage return reaches the terminal only as
/// visible `\u{..}` escapes: in the progress lines, the notes and an error.
#[test]
fn control_characters_in_names_never_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let name = "sp\u{1b}[31mel\r1.txt";
    let spel1 =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel/spel1.txt")).unwrap();
    std::fs::write(dir.path().join(name), spel1).unwrap();
    // The name in TOML's own escapes.
    let text = "seed = 1\n\n[[experiment]]\nname = \"b\"\ngame = \"tegel\"\nkind = \"best\"\n\
                instances = [\"sp\\u001b[31mel\\r1.txt\"]\n";
    let m = write(dir.path(), "m.toml", text);
    let out = dir.path().join("out");
    let o = harness(&["run", &m, "--out", out.to_str().unwrap(), "--threads", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let missing = dir.path().join("gone\u{1b}]0;title\u{7}.toml");
    let refused = harness(&["run", missing.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    for o in [&o, &refused] {
        assert!(!o.stderr.iter().any(|&b| b == 0x1b || b == b'\r' || b == 0x07), "{:?}", stderr(o));
        assert!(stderr(o).contains("\\u{1b}"), "the escape shown visibly: {}", stderr(o));
    }
}

/// Bad values are quoted short and visible: `max_sticks = 1e308` as its first digits and
/// length (not 309 digits), both `threads` and `thread_counts` named at the second's line,
/// a Slurm `--time` holding a newline with the newline escaped, and a one-shot
/// `--memory-limit` of 1 TiB refused for what the machine has (exit 2 each).
#[test]
fn bad_values_are_quoted_short_and_visible() {
    let dir = tempfile::tempdir().unwrap();
    let huge = write(
        dir.path(),
        "huge.toml",
        "[[experiment]]\nname = \"f\"\ngame = \"nim\"\nkind = \"formula\"\nmaxtakes = [0]\nheap_counts = [1]\nmax_sticks = 1e308\n",
    );
    let o = harness(&["run", &huge, "--dry-run"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("(309 digits)") && stderr(&o).len() < 400, "{}", stderr(&o));

    let both = write(dir.path(), "both.toml", "threads = [1]\nthread_counts = [2]\n");
    let o = harness(&["run", &both, "--dry-run"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("both.toml:2:") && stderr(&o).contains("former name of `thread_counts`"),
        "{}",
        stderr(&o)
    );

    let o = harness(&["slurm", "instances/quick.toml", "--shards", "2", "--time", "24:00:00\nrm -rf /"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("24:00:00\\u{a}rm -rf /") && !stderr(&o).contains("\nrm -rf"), "{}", stderr(&o));

    let o = harness(&["checkers", "count", "3", "3", "1", "--memory-limit", "1048576"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("more than this machine has"), "{}", stderr(&o));
}
