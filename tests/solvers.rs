//! Solvers, checked and timed: the C++ example hand-ins built with the driver, the Python
//! and Java solvers, the report seed's minimax fault found and shrunk, and solvers that
//! break the protocol or do harm, each ending with its own verdict and nothing harmed.
#![cfg(unix)]

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::{harness, stderr, tool_available};

/// Whether the sandbox runs here (a test that needs it is skipped, or fails where
/// `HARNESS_TEST_TOOLS` names `bwrap`).
fn sandbox() -> bool {
    tool_available("bwrap", harness::base::sandbox::available().is_ok(), "apt-get install bubblewrap")
}

/// The flags that run solver `name` sandboxed where the sandbox runs, else without it.
fn sandbox_flags(name: &str) -> Vec<String> {
    if harness::base::sandbox::available().is_ok() {
        Vec::new()
    } else {
        vec!["--no-sandbox".to_string(), name.to_string()]
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A temporary folder others may read: run by root, the sandboxed solver runs as
/// `nobody`, who must be able to read its program.
fn public_dir() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// `file` (relative to the repository) copied into a folder others may read; its path.
fn readable_copy(file: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    let dir = DIR.get_or_init(public_dir);
    let to = dir.path().join(Path::new(file).file_name().unwrap());
    std::fs::copy(root().join(file), &to).unwrap();
    std::fs::set_permissions(&to, std::fs::Permissions::from_mode(0o755)).unwrap();
    to.display().to_string()
}

fn fixture(name: &str) -> String {
    readable_copy(&format!("tests/fixtures/solvers/{name}"))
}

/// Builds example hand-in `example` of the tile game into `dir`; the solver's path.
fn built(example: &str, dir: &Path) -> String {
    let out = dir.join(example);
    let handin = root().join("solvers/tegel/examples").join(example);
    let mut args =
        vec!["solver", "build", handin.to_str().unwrap(), "--assignment", "tegel", "-o", out.to_str().unwrap()];
    if harness::base::sandbox::available().is_err() {
        args.push("--no-sandbox");
    }
    let o = harness(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    out.display().to_string()
}

/// `harness solver check tegel` of `solver` (named `name`) with `extra` flags into
/// `dir/out`; the output and the CSV's rows as maps.
fn check(
    name: &str,
    solver: &str,
    dir: &Path,
    extra: &[&str],
) -> (std::process::Output, Vec<std::collections::HashMap<String, String>>) {
    let out = dir.join(format!("out-{name}"));
    let flag = format!("{name}={solver}");
    let mut args: Vec<String> =
        vec!["-q".into(), "solver".into(), "check".into(), "tegel".into(), "--solver".into(), flag];
    args.extend(sandbox_flags(name));
    args.extend(["-o".to_string(), out.display().to_string()]);
    args.extend(extra.iter().map(|s| s.to_string()));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = harness(&refs);
    let csv = out.join(format!("tegel_check_{name}.csv"));
    let rows = match csv::Reader::from_path(&csv) {
        Ok(mut r) => r.deserialize().map(|x| x.unwrap()).collect(),
        Err(_) => Vec::new(),
    };
    (o, rows)
}

fn verdicts(rows: &[std::collections::HashMap<String, String>]) -> std::collections::BTreeSet<String> {
    rows.iter().map(|r| r["verdict"].clone()).collect()
}

#[test]
fn the_correct_hand_in_answers_every_question_correctly() {
    let dir = public_dir();
    let solver = built("correct", dir.path());
    let spel1 = root().join("instances/tegel/spel1.txt").display().to_string();
    let (o, rows) = check("correct", &solver, dir.path(), &[&spel1, "--random", "40"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let of = |q: &str| rows.iter().filter(|r| r["question"] == q).count();
    for q in ["moves", "do-undo", "end", "best", "good"] {
        assert_eq!(of(q), 41, "{q}");
    }
    // The sweep gives one row an undo (one at an end position), the match one a side.
    assert!(of("sweep") >= 41 && of("match") == 41 * 2, "{} sweep, {} match rows", of("sweep"), of("match"));
    assert_eq!(verdicts(&rows), ["correct".to_string()].into());
    // spel1's sweep ends at the loaded position: besteScore there as the assignment says.
    let sweep: Vec<_> =
        rows.iter().filter(|r| r["question"] == "sweep" && r["position"].starts_with("spel1.txt ")).collect();
    let last = sweep.last().unwrap();
    assert_eq!(last["position"], format!("spel1.txt undone {}", sweep.len()));
    assert_eq!(last["given"], "score 0, move 0b, positions 5578");
    let sides: Vec<&str> = rows
        .iter()
        .filter(|r| r["question"] == "match" && r["position"].starts_with("spel1.txt "))
        .map(|r| r["position"].as_str())
        .collect();
    assert_eq!(sides, ["spel1.txt good starts", "spel1.txt best starts"]);
    let best = rows.iter().find(|r| r["position"] == "spel1.txt" && r["question"] == "best").unwrap();
    assert_eq!(
        (best["given"].as_str(), best["solver_positions"].as_str()),
        ("score 0, move 0b, positions 5578", "5578")
    );
    assert!(best["solver_seconds"].parse::<f64>().unwrap() > 0.0 && !best["time_ratio"].is_empty());
    // The time against the engine's, judged by the decision rule and said as a sentence
    // about the walk (a correct answer that counts positions); the verdict depends on the
    // machine, its agreement with the sentence does not.
    let timing = &best["timing"];
    match best["speed"].as_str() {
        "slower" => assert!(timing.starts_with("the engine's walk visits as many positions in "), "{timing}"),
        "faster" => assert!(timing.starts_with("the solver's walk visits as many positions in "), "{timing}"),
        "same" => assert!(timing.contains("the same time within ±5 %"), "{timing}"),
        "unknown" => assert!(timing.starts_with("cannot tell") || timing.contains("needed for a verdict"), "{timing}"),
        other => panic!("speed `{other}`"),
    }
    assert!(timing.contains(&format!("{} paired round", best["rounds"])), "{timing}");
}

/// The report seed's fault (the score compared by its absolute value) is found on the
/// random positions and shrunk to a position of a few tiles, with its picture.
#[test]
fn the_minimax_fault_is_found_and_shrunk_to_a_few_tiles() {
    let dir = public_dir();
    let solver = built("minimax-abs", dir.path());
    let (o, rows) = check("abs", &solver, dir.path(), &["--questions", "best", "--random", "100"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let wrong: Vec<_> = rows.iter().filter(|r| r["verdict"] == "wrong").collect();
    assert!(!wrong.is_empty(), "{rows:?}");
    for r in &wrong {
        let shrunk = &r["shrunk_position"];
        let pot = shrunk.split(" / ").next().unwrap();
        assert!(pot.len() <= 8, "a pot of {} tiles: {shrunk}", pot.len());
        assert!(r["shrunk_size"].parse::<usize>().unwrap() <= r["size"].parse::<usize>().unwrap());
        assert_ne!(r["shrunk_expected"], r["shrunk_given"]);
    }
    let figures = std::fs::read_dir(dir.path().join("out-abs/figures")).unwrap().count();
    assert!(figures > 0);
}

/// The same fault in the questions that play a game through: an undo of the sweep and
/// the match where besteScore moves first, each shrunk from the position of that step.
#[test]
fn the_minimax_fault_is_found_in_the_sweep_and_the_match() {
    let dir = public_dir();
    let solver = built("minimax-abs", dir.path());
    let spel1 = root().join("instances/tegel/spel1.txt").display().to_string();
    let (o, rows) = check("abs_play", &solver, dir.path(), &[&spel1, "--questions", "sweep,match", "--random", "0"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let sweep: Vec<_> = rows.iter().filter(|r| r["question"] == "sweep").collect();
    let wrong = sweep.last().unwrap();
    assert_eq!(wrong["verdict"], "wrong", "{sweep:?}");
    assert!(wrong["position"].starts_with("spel1.txt undone "), "{wrong:?}");
    assert!(
        sweep[..sweep.len() - 1].iter().all(|r| r["verdict"] == "correct"),
        "the sweep stops at its first wrong step"
    );
    let pot = wrong["shrunk_position"].split(" / ").next().unwrap();
    assert!(!pot.is_empty() && pot.len() <= 8, "{wrong:?}");
    let best_starts =
        rows.iter().find(|r| r["position"] == "spel1.txt best starts").unwrap_or_else(|| panic!("{rows:?}"));
    assert_eq!(best_starts["verdict"], "wrong");
    assert!(best_starts["detail"].contains("besteScore"), "{best_starts:?}");
}

#[test]
fn a_solver_that_counts_positions_otherwise_is_wrong_in_the_count_alone() {
    let dir = public_dir();
    let solver = built("miscount", dir.path());
    let (o, rows) = check("miscount", &solver, dir.path(), &["--questions", "best", "--random", "20"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let r = rows.iter().find(|r| r["verdict"] == "wrong").unwrap();
    assert!(r["detail"].contains("positions visited where the plain walk visits"), "{r:?}");
    assert!(r["shrunk_size"].parse::<usize>().unwrap() <= 8, "{r:?}");
}

#[test]
fn the_python_and_java_solvers_are_correct() {
    let dir = tempfile::tempdir().unwrap();
    let py = readable_copy("solvers/tegel/python/solver.py");
    let (o, rows) = check("py", &py, dir.path(), &["--random", "20"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(verdicts(&rows), ["correct".to_string()].into());
    if which("java").is_none() {
        eprintln!("skipped: the Java solver (no java)");
        return;
    }
    let java = format!("java {}", readable_copy("solvers/tegel/java/Solver.java"));
    let (o, rows) = check("java", &java, dir.path(), &["--random", "5", "--questions", "best,moves"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(verdicts(&rows), ["correct".to_string()].into());
}

fn which(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|d| d.join(program)).find(|p| p.is_file())
}

/// Each way of breaking the protocol ends with its own verdict, exit 1.
#[test]
fn a_broken_protocol_is_its_own_verdict() {
    let dir = tempfile::tempdir().unwrap();
    for (script, verdict) in [
        ("garbage.sh", "protocol-error"),
        ("exits_early.sh", "crashed"),
        ("floods.sh", "protocol-error"),
        ("wrong_format.sh", "protocol-error"),
        ("loops.sh", "time-limit"),
    ] {
        let name = script.trim_end_matches(".sh").replace('_', "");
        let (o, rows) = check(
            &name,
            &fixture(script),
            dir.path(),
            &["--random", "2", "--questions", "best", "--question-time-limit", "2"],
        );
        assert_eq!(o.status.code(), Some(1), "{script}: {}", stderr(&o));
        assert_eq!(verdicts(&rows), [verdict.to_string()].into(), "{script}: {rows:?}");
    }
}

/// `harness run --solver` asks the solver the questions of the manifest's tile-game
/// experiments in their place, into tables of their own; a wrong solver exits 1.
#[test]
fn a_run_asks_the_solver_in_place_of_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let manifest = root().join("instances/quick.toml").display().to_string();
    let mut args = vec![
        "-q".to_string(),
        "run".into(),
        manifest,
        "--only".into(),
        "tegel".into(),
        "-o".into(),
        out.display().to_string(),
    ];
    args.extend(["--solver".to_string(), format!("w={}", fixture("tegel_wrong.py"))]);
    args.extend(sandbox_flags("w"));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = harness(&refs);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("not every question was answered correctly"), "{}", stderr(&o));
    assert!(out.join("tegel_best-w.csv").is_file() && !out.join("tegel_best.csv").exists());
    // `--only` names the manifest's own experiment; the solver's is asked in its place.
    let sweep = dir.path().join("sweep");
    let args = ["-q", "run", &root().join("instances/quick.toml").display().to_string(), "--only", "tegel_sweep"]
        .map(String::from)
        .into_iter()
        .chain(["-o".to_string(), sweep.display().to_string()])
        .chain(["--solver".to_string(), format!("w={}", fixture("tegel_wrong.py"))])
        .chain(sandbox_flags("w"))
        .collect::<Vec<_>>();
    let o = harness(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let csvs: Vec<String> = std::fs::read_dir(&sweep)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".csv"))
        .collect();
    assert_eq!(csvs, ["tegel_sweep-w.csv"]);
}

/// A solver that does its harm at start-up, before any protocol line: it ends with a
/// verdict that is not `correct`, wrote nothing outside, read no neighbour's file, and
/// left no process behind.
#[test]
fn harm_at_start_up_harms_nothing() {
    if !sandbox() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let neighbour = tempfile::tempdir().unwrap();
    let secret = neighbour.path().join("secret.txt");
    std::fs::write(&secret, "the-neighbours-answers").unwrap();
    let marker = format!("{}", std::process::id());
    let command = format!("{} {marker} {}", fixture("harm_at_start.sh"), secret.display());
    let (o, rows) = check("evil", &command, dir.path(), &["--random", "2", "--questions", "best"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(!rows.is_empty() && !verdicts(&rows).contains("correct"), "{rows:?}");
    let everything = format!("{}{}{:?}", common::stdout(&o), stderr(&o), rows);
    assert!(!everything.contains("the-neighbours-answers"), "the secret leaked: {everything}");
    for place in
        [std::env::temp_dir(), neighbour.path().to_path_buf(), std::env::var("HOME").map(PathBuf::from).unwrap()]
    {
        assert!(!place.join(format!("harness-harmed-{marker}")).exists(), "wrote into {}", place.display());
    }
    let left = std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .is_ok_and(|c| String::from_utf8_lossy(&c).contains(&format!("1000{marker}")))
    });
    assert!(!left, "a process of the solver outlived it");
}

/// A solver that allocates without end ends with `memory-limit`.
#[test]
fn allocating_without_end_is_a_memory_limit() {
    if !sandbox() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (o, rows) = check("hungry", &fixture("allocates.py"), dir.path(), &["--random", "1", "--questions", "best"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(verdicts(&rows), ["memory-limit".to_string()].into(), "{rows:?}");
}

/// A hand-in that does not compile is `build-failed`, exit 1, with the compiler's words.
#[test]
fn a_hand_in_that_does_not_compile_is_build_failed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tegelspel.cc"), "this is not C++\n").unwrap();
    let mut args = vec!["solver", "build", dir.path().to_str().unwrap(), "--assignment", "tegel", "--json"];
    if harness::base::sandbox::available().is_err() {
        args.push("--no-sandbox");
    }
    let o = harness(&args);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = common::json_object(&o);
    assert_eq!(v["verdict"].as_str(), Some("build-failed"), "{v}");
    assert!(v["compiler"].as_str().unwrap().contains("error"), "{v}");
}

#[test]
fn bad_flags_are_refused_with_exit_2() {
    for (args, says) in [
        (vec!["solver", "check", "tegel", "--solver", "x"], "expects NAME=COMMAND"),
        (vec!["solver", "check", "chess", "--solver", "x=/bin/true"], "a solver answers one of"),
        (vec!["solver", "check", "tegel", "--solver", "x=/no/such/solver"], "is not an executable file"),
        (vec!["solver", "build", "/no/such/dir", "--assignment", "tegel"], "cannot open"),
        (
            vec!["run", "instances/quick.toml", "--solver", "a=/bin/true", "--no-sandbox", "b"],
            "no --solver of that name",
        ),
    ] {
        let o = harness(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}

/// `harness run --only tegel` of `solver` (named `name`) into `out`; the exit code.
fn run_tegel(name: &str, solver: &str, out: &Path) -> Option<i32> {
    let manifest = root().join("instances/quick.toml").display().to_string();
    let mut args: Vec<String> =
        ["-q", "run", &manifest, "--only", "tegel", "-o", &out.display().to_string()].map(String::from).to_vec();
    args.extend(["--solver".to_string(), format!("{name}={solver}")]);
    args.extend(sandbox_flags(name));
    let o = harness(&args.iter().map(String::as_str).collect::<Vec<_>>());
    o.status.code()
}

/// The text of a page's answers: from the first answer's heading to the first table,
/// tags dropped.
fn answers_text(page: &str) -> String {
    let from = page.find("class=\"answer\"").unwrap_or_else(|| panic!("no answer on the page"));
    // The answers stand before the tables of the program's answers.
    let to = page[from..].find("<table").map_or(page.len(), |t| from + t);
    let mut text = String::new();
    let mut in_tag = false;
    for c in page[from..to].chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&#x27;", "'").replace("&quot;", "\"").replace("&amp;", "&")
}

/// The report of a solver's run is about the program: its own name from its handshake,
/// its answers, positions and times, each said to be checked and correct or not; the
/// harness's sources, engine and run only in an appendix, and that only with
/// `--appendix`. A wrong program's report says where it is wrong.
#[test]
fn the_assignments_report_of_a_solver_run_is_about_the_program() {
    if !sandbox() {
        return;
    }
    let dir = public_dir();
    let solver = built("correct", dir.path());
    let out = dir.path().join("mine");
    assert_eq!(run_tegel("mine", &solver, &out), Some(0));
    let report = |extra: &[&str]| {
        let mut args = vec!["-q", "report", out.to_str().unwrap(), "--assignment", "tegel", "--author", "Ada"];
        args.extend(extra);
        let o = harness(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read_to_string(out.join("report-tegel.html")).unwrap()
    };
    let page = report(&[]);
    // The tables an answer cites stand after that answer, not gathered after the last one.
    let t3 = std::fs::read_to_string(out.join("tex/answer-T3.tex")).unwrap();
    let extra = std::fs::read_to_string(out.join("tex/extra-tegel.tex")).unwrap();
    let inputs: Vec<&str> = t3.lines().filter(|l| l.starts_with("\\input{\\resultsdir/tex/")).collect();
    assert!(!inputs.is_empty(), "T3 cites the tables of besteScore and bepaalGoedeZet: {t3}");
    for input in inputs {
        assert!(!extra.contains(input), "{input} after T3 and again at the end: {extra}");
    }
    let text = answers_text(&page);
    assert!(text.contains("TegelSpel hand-in"), "the program's own name: {text}");
    assert!(text.contains("On spel1.txt our besteScore gives score 0"), "{text}");
    assert!(text.contains("5,578 positions"), "{text}");
    assert!(text.contains("on the instances named below every answer was correct"), "{text}");
    assert!(!text.contains("reference"), "the body speaks of the program, not the reference: {text}");
    assert!(text.contains("Greedy takes (2,b)") && text.contains("greedy's move costs A 1 point"), "{text}");
    for harness_material in ["src/", "docs/", "harness's", "the engine", "memo"] {
        assert!(!text.contains(harness_material), "`{harness_material}` in the body: {text}");
    }
    assert!(!page.contains("engine_seconds") && !page.contains("engine time"), "the reference's times stay out");
    assert!(!page.contains("id=\"run\""), "no run without --appendix");
    assert!(!out.join("tex/appendix-tegel.tex").exists());
    let with = report(&["--appendix"]);
    assert!(with.contains("id=\"run\""));
    assert!(out.join("tex/appendix-tegel.tex").is_file());

    let wrong = dir.path().join("wrong");
    assert_eq!(run_tegel("w", &fixture("tegel_wrong.py"), &wrong), Some(1));
    let o = harness(&["-q", "report", wrong.to_str().unwrap(), "--assignment", "tegel"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = answers_text(&std::fs::read_to_string(wrong.join("report-tegel.html")).unwrap());
    assert!(text.contains("always-wrong"), "{text}");
    assert!(text.contains("The first wrong answer:"), "{text}");
    assert!(text.contains(", wrong: "), "{text}");
}

/// `kill -9` of the harness while a solver that left a detached process (`setsid sleep
/// &`) thinks: nothing of the solver outlives the harness, sandboxed or not (`--no-sandbox`:
/// the supervised child's own PID namespace), run by root or, where the system lets
/// ordinary users make user namespaces, by `nobody`.
#[test]
fn a_kill_of_the_harness_leaves_no_process_of_the_solver() {
    let dir = public_dir();
    let user_namespaces = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "unshare", "-Urp", "--fork", "true"])
        .output()
        .is_ok_and(|o| o.status.success());
    let mut cases = vec![(false, false)];
    if harness::base::sandbox::available().is_ok() {
        cases.push((true, false));
    }
    if harness::base::os::is_root() && user_namespaces {
        cases.push((false, true));
    }
    for (n, (sandboxed, as_nobody)) in cases.into_iter().enumerate() {
        let needle = format!("sleep 93.{n}{}", std::process::id());
        let text = format!(
            "#!/bin/sh\nread line\nsetsid {needle} >/dev/null 2>&1 &\necho \"hello 1 tegel thinker\"\n\
             while read line; do sleep 60; done\n"
        );
        let program = dir.path().join(format!("thinker{n}.sh"));
        std::fs::write(&program, text).unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        let out = dir.path().join(format!("out{n}"));
        std::fs::create_dir(&out).unwrap();
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o777)).unwrap();
        let flag = format!("thinker={}", program.display());
        let mut args = vec!["-q", "solver", "check", "tegel", "--solver", &flag, "-o", out.to_str().unwrap()];
        args.extend(["--random", "1", "--questions", "best"]);
        if !sandboxed {
            args.extend(["--no-sandbox", "thinker"]);
        }
        let mut command = if as_nobody {
            let mut c = Command::new("setpriv");
            c.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--", env!("CARGO_BIN_EXE_harness")]);
            c
        } else {
            Command::new(env!("CARGO_BIN_EXE_harness"))
        };
        let mut child = command
            .args(&args)
            .current_dir(dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while common::pids_running(&needle).is_empty() {
            assert!(started.elapsed() < Duration::from_secs(60), "case {n}: the solver never started");
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(300));
        // SAFETY: sends SIGKILL to the child this test started (setpriv execs harness).
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGKILL) };
        child.wait().unwrap();
        let gone = Instant::now();
        while !common::pids_running(&needle).is_empty() && gone.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(50));
        }
        let left = common::pids_running(&needle);
        for &pid in &left {
            // SAFETY: ends a process the test's solver left behind, by its id.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        assert!(left.is_empty(), "case {n} (sandboxed {sandboxed}, as nobody {as_nobody}): {needle} survived");
    }
}
