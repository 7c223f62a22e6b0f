//! The nim command line, run as a process: the assignment's transcript replayed through
//! `harness play nim`, the one-shot commands' JSON, refusals with exit code 2, and the
//! quick manifest fragment (same CSVs on 1 and 2 threads, time columns aside).

mod common;

use std::path::{Path, PathBuf};

const TRANSCRIPT: &str = include_str!("../instances/nim/seed_transcript.txt");

use common::{harness, harness_json, harness_with_input, stderr, stdout};

/// The human's answers in the transcript: the text after each prompt.
fn typed_lines(transcript: &str) -> String {
    let prompts = ["Number of heaps: ", "Maximal number of sticks that can be taken in one move: ", "Your move: "];
    transcript
        .lines()
        .filter_map(|l| prompts.iter().find_map(|p| l.strip_prefix(p)))
        .map(|a| format!("{a}\n"))
        .collect()
}

#[test]
fn play_replays_the_seed_transcript_exactly() {
    let out = harness_with_input(&["play", "nim", "--seed", "923"], typed_lines(TRANSCRIPT).as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), TRANSCRIPT);
    assert!(stdout(&out).ends_with("Congratulations!\n"));
}

#[test]
fn play_with_fixed_heaps_reaches_congratulations() {
    let moves: String = typed_lines(TRANSCRIPT).lines().skip(2).map(|l| format!("{l}\n")).collect();
    let out = harness_with_input(&["play", "nim", "--heaps", "10", "11", "11", "--maxtake", "3"], moves.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("*** Game of Nim ***\nHeaps: 10 11 11\nYour move: 0 2\n"), "{text}");
    assert!(text.ends_with("Your move: 2 3\nCongratulations!\n"), "{text}");
}

#[test]
fn play_refuses_bad_moves_and_ends_cleanly_at_end_of_input() {
    let out = harness_with_input(
        &["play", "nim", "--heaps", "0", "4", "--maxtake", "2", "--seed", "1"],
        b"5 1\n0 1\n1 3\nfoo\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Your move: 5 1\nThere is no heap 5: heaps are numbered from 0 to 1.\n"), "{text}");
    assert!(text.contains("Your move: 0 1\nHeap 0 is empty: choose another heap.\n"), "{text}");
    assert!(text.contains("Your move: 1 3\nCannot take 3 from heap 1: take from 1 to 2 sticks.\n"), "{text}");
    assert!(text.contains("Your move: foo\nPlease type two whole numbers"), "{text}");
    assert!(text.ends_with("Your move: \nEnd of input: game abandoned.\n"), "{text}");
}

#[test]
fn play_refuses_bad_flags_with_exit_code_2() {
    for args in [&["play", "nim", "--maxtake", "2000000"][..], &["play", "nim", "--heaps", "1", "1000001"]] {
        let out = harness(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("expected a whole number from 0 to 1000000"), "{}", stderr(&out));
    }
}

#[test]
fn play_bounds_agree_between_help_prompt_and_flag() {
    let help = stdout(&harness(&["play", "nim", "--help"]));
    assert!(help.contains("--maxtake <MAXTAKE>  Fix the move limit, from 0 to 1000000"), "{help}");
    let prompt = stdout(&harness_with_input(&["play", "nim", "--seed", "1"], b"2\n1000001\n"));
    assert!(
        prompt.contains("Please type one whole number from 0 to 1000000 for the move limit (0: any number)."),
        "{prompt}"
    );
    let at_bound = harness(&["play", "nim", "--maxtake", "1000000", "--heaps", "1000000", "--seed", "1"]);
    assert!(at_bound.status.success(), "{}", stderr(&at_bound));
    for flag in [["--maxtake", "1000001"], ["--maxtake", "4294967295"]] {
        let out = harness(&["play", "nim", flag[0], flag[1]]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("from 0 to 1000000"), "{}", stderr(&out));
    }
}

#[test]
fn help_writes_ranges_from_a_to_b() {
    for args in [&["play", "nim"][..], &["nim", "value"], &["nim", "grundy"], &["nim", "check"]] {
        let mut args = args.to_vec();
        args.push("--help");
        let help = stdout(&harness(&args));
        let dotted_range = help.split_whitespace().any(|w| {
            let w = w.trim_matches(|c: char| !c.is_ascii_digit());
            w.split_once("..").is_some_and(|(a, b)| !a.is_empty() && !b.trim_start_matches('=').is_empty())
        });
        assert!(!help.contains("..=") && !dotted_range, "{args:?}: {help}");
        assert!(help.contains(" from ") && help.contains(" to "), "{args:?}: {help}");
    }
}

#[test]
fn play_asks_again_after_bytes_that_are_not_text() {
    let out =
        harness_with_input(&["play", "nim", "--heaps", "1", "1", "--maxtake", "0", "--seed", "1"], b"\xff\xfe\n0 1\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "That line is not text (it has bytes that are not UTF-8); please type it again.\nYour move: 0 1\n"
        ),
        "{text}"
    );
    assert!(text.ends_with("Taking 1 from heap 1\nYou lost: no sticks are left for you.\n"), "{text}");
    let out = harness_with_input(&["play", "nim", "--seed", "923"], b"\xc3\x28\n3\n3\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Heaps: 10 11 11\n"));
}

#[test]
fn one_shot_json_is_exactly_one_object_on_one_line() {
    for args in [
        &["nim", "value", "3", "4", "5", "--json"][..],
        &["nim", "grundy", "--takes", "2,3", "--upto", "12", "--json"],
        &["nim", "check", "--heaps", "2", "--max-sticks", "5", "--json"],
    ] {
        assert!(harness_json(args).is_object(), "{args:?}");
    }
}

#[test]
fn value_json_pins_the_seed_example() {
    let v = harness_json(&["nim", "value", "9", "11", "7", "--maxtake", "3", "--json"]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["heap_values"], serde_json::json!([1, 3, 3]));
    assert_eq!(v["winning_moves"], serde_json::json!([[0, 1], [1, 1], [2, 1]]));
    let v = harness_json(&["nim", "value", "8", "11", "7", "--maxtake", "3", "--json"]);
    assert_eq!(v["value"], 0);
    assert_eq!(v["winning_moves"], serde_json::json!([]));
}

#[test]
fn grundy_json_for_subtraction_set_134() {
    let v = harness_json(&["nim", "grundy", "--takes", "1,3,4", "--upto", "14", "--json"]);
    assert_eq!(v["grundy"], serde_json::json!([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0]));
    assert_eq!(v["losing"], serde_json::json!([0, 2, 7, 9, 14]));
    assert_eq!(v["period"], serde_json::json!({ "preperiod": 0, "period": 7 }));
}

#[test]
fn check_json_finds_no_mismatch() {
    let v = harness_json(&["nim", "check", "--maxtake", "4", "--heaps", "3", "--max-sticks", "9", "--json"]);
    assert_eq!(v["positions"], 1000);
    assert_eq!((v["value_mismatches"].as_u64(), v["move_mismatches"].as_u64()), (Some(0), Some(0)));
}

#[test]
fn one_shot_commands_refuse_bad_input_with_exit_code_2() {
    let cases: [(&[&str], &str); 4] = [
        (&["nim", "value", "3", "1000001"], "expected a whole number from 0 to 1000000"),
        (&["nim", "grundy", "--takes", "1,a", "--upto", "5"], "`a` is not a count"),
        (&["nim", "grundy", "--takes", "1", "--upto", "99999999"], "expected a whole number from 0 to 10000000"),
        (&["nim", "check", "--heaps", "6", "--max-sticks", "40"], "positions"),
    ];
    for (args, message) in cases {
        let out = harness(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
}

fn write_manifest(dir: &Path, body: &str) -> PathBuf {
    let path = dir.join("m.toml");
    std::fs::write(&path, body).unwrap();
    path
}

fn quick_manifest(dir: &Path) -> PathBuf {
    let fragment = Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/nim/quick.toml");
    write_manifest(dir, &format!("seed = 7\ntime_limit = 20\ninclude = [{:?}]\n", fragment.display().to_string()))
}

/// A CSV with the columns that may differ between runs (times, `threads`) blanked.
fn without_times(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let (dir, name) = (path.parent().unwrap(), path.file_stem().unwrap().to_string_lossy());
    let declared = harness::results::experiment_meta::ExperimentMeta::read(dir, &name).expect("metadata").columns;
    let header_names: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let columns = harness::results::columns::Columns::of(&header_names, &declared);
    let time = |c: &str| columns.get(c).is_some_and(|c| c.varies_between_runs());
    let mut reader = csv::Reader::from_path(path).unwrap();
    let mut out = header.join(",") + "\n";
    for record in reader.records() {
        let record = record.unwrap();
        let cells: Vec<&str> = record.iter().zip(&header).map(|(v, c)| if time(c) { "" } else { v }).collect();
        out += &(cells.join("|") + "\n");
    }
    out
}

fn column(path: &Path, name: &str) -> Vec<String> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let index = reader.headers().unwrap().iter().position(|h| h == name).expect(name);
    reader.records().map(|r| r.unwrap()[index].to_string()).collect()
}

#[test]
fn quick_fragment_is_deterministic_and_shows_the_facts() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = quick_manifest(dir.path());
    let mut outs = Vec::new();
    for threads in ["1", "2"] {
        let out_dir = dir.path().join(format!("out{threads}"));
        let args = ["run", manifest.to_str().unwrap(), "--threads", threads, "--out", out_dir.to_str().unwrap()];
        let o = harness(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        outs.push(out_dir);
    }
    for name in ["nim_formula", "nim_selector", "nim_versus"] {
        let (a, b) = (outs[0].join(format!("{name}.csv")), outs[1].join(format!("{name}.csv")));
        assert_eq!(without_times(&a), without_times(&b), "{name}");
        assert!(column(&a, "status").iter().all(|s| s == "ok"), "{name}");
    }
    let formula = outs[0].join("nim_formula.csv");
    for col in ["value_mismatches", "win_mismatches", "move_mismatches"] {
        assert!(column(&formula, col).iter().all(|v| v == "0"), "{col}");
    }
    assert!(column(&outs[0].join("nim_versus.csv"), "nonzero_start_win_percent").iter().all(|v| v == "100.0"));
    let p_values = column(&outs[0].join("nim_selector.csv"), "p_value");
    assert!(p_values.iter().all(|p| p.parse::<f64>().unwrap() > 0.001), "{p_values:?}");
}

#[test]
fn manifest_refusals_name_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("kind = \"formula\"\nmaxtakes = [1]\nheap_counts = [2]\nmax_sticks = 5\nbogus = 1\n", 10, "bogus"),
        ("kind = \"formula\"\nmaxtakes = [1]\nheap_counts = [9]\nmax_sticks = 5\n", 8, "from 1 to 8 heaps"),
        (
            "kind = \"selector\"\nitems = [3]\ndraws = 10\n",
            8,
            "10 draws give fewer than 5 expected draws per sample: 3 samples are possible (3 items, reservoir 1)",
        ),
        ("kind = \"selector\"\nreservoir = [2]\nitems = [2]\ndraws = 1000\n", 8, "more items than reservoir"),
        (
            "kind = \"versus\"\nmaxtakes = [1]\ngames = 10\nmin_heaps = 3\nmax_heaps = 2\nmax_sticks = 5\n",
            9,
            "min_heaps",
        ),
        ("kind = \"chess\"\n", 6, "unknown kind"),
    ];
    for (body, line, message) in cases {
        let text = format!("seed = 1\n\n[[experiment]]\nname = \"x\"\ngame = \"nim\"\n{body}");
        common::assert_manifest_refused(dir.path(), &text, Some(line), message);
    }
}

#[test]
fn an_expired_time_limit_gives_timeout_rows_not_missing_ones() {
    let dir = tempfile::tempdir().unwrap();
    let fragment = Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/nim/quick.toml");
    let manifest = write_manifest(
        dir.path(),
        &format!("seed = 7\ntime_limit = 1e-9\ninclude = [{:?}]\n", fragment.display().to_string()),
    );
    let out_dir = dir.path().join("out");
    let o = harness(&["run", manifest.to_str().unwrap(), "--out", out_dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    for (name, numeric, rows) in
        [("nim_formula", "positions", 7), ("nim_selector", "chi_square", 4), ("nim_versus", "computer_wins", 2)]
    {
        let csv = out_dir.join(format!("{name}.csv"));
        assert_eq!(column(&csv, "status"), vec!["timeout"; rows], "{name}");
        assert_eq!(column(&csv, numeric), vec![""; rows], "{name}: a numeric column holds numbers or nothing");
        assert_eq!(column(&csv, "time_limit"), vec!["0.000000001"; rows], "{name}");
    }
}

/// The take counts 1 to `n`, comma-separated.
fn takes_upto(n: u32) -> String {
    (1..=n).map(|k| k.to_string()).collect::<Vec<_>>().join(",")
}

/// `nim grundy` and `nim check` refuse tables of hours of work before they start, stop
/// at `--time-limit` (exit 1) and end on SIGTERM like every other search.
#[test]
fn grundy_and_check_are_bounded_and_stoppable() {
    let o = harness(&["nim", "grundy", "--takes", &takes_upto(5000), "--upto", "10000000"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("moves, more than the 10000000000 allowed"), "{}", stderr(&o));
    let o = harness(&["nim", "check", "--heaps", "1", "--max-sticks", "1000000"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("moves, more than the 10000000000 allowed"), "{}", stderr(&o));
    // About 10^10 look-ups: far more than a tenth of a second on any machine.
    let long = ["nim", "grundy", "--takes", &takes_upto(1000), "--upto", "10000000"];
    let o = harness(&[&long[..], &["--time-limit", "0.1"]].concat());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("time limit of 0.1 s reached"), "{}", stderr(&o));
    let o = harness(&["nim", "check", "--heaps", "1", "--max-sticks", "100000", "--time-limit", "0.1"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));

    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(long)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    // SAFETY: sends SIGTERM to the child this test started.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGTERM) }, 0);
    let status = common::wait_at_most(&mut child, std::time::Duration::from_secs(60), "nim grundy ignored SIGTERM");
    use std::os::unix::process::ExitStatusExt;
    assert!(status.code() == Some(143) || status.signal() == Some(libc::SIGTERM), "{status:?}");
}
