use super::*;
use std::io::Write;

pub(super) fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::File::create(&p).unwrap().write_all(text.as_bytes()).unwrap();
    p
}

/// The refusal of a manifest `m.toml` holding `text`.
pub(super) fn load_error(text: &str) -> InputError {
    let dir = tempfile::tempdir().unwrap();
    Manifest::load(&write(dir.path(), "m.toml", text), None, None).unwrap_err()
}

/// The refusal of `params::<P>()` for an entry `a` (game nim, kind k, four lines)
/// whose own keys are `keys`.
pub(super) fn params_error<P: serde::de::DeserializeOwned + std::fmt::Debug>(keys: &str) -> InputError {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n{keys}");
    let m = Manifest::load(&write(dir.path(), "m.toml", &text), None, None).unwrap();
    m.experiments[0].params::<P>().unwrap_err()
}

#[test]
fn a_label_that_is_not_plain_and_an_unbalanced_caption_are_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let entry = "[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n";
    let text = format!("seed = 1\n{entry}label = \"tab:x}}\\\\input{{/etc/hostname}}\\\\label{{y\"\n");
    let e = Manifest::load(&write(dir.path(), "l.toml", &text), None, None).unwrap_err();
    assert_eq!(e.line, Some(6), "{e}");
    assert!(e.message.contains("`label` must be 1 to 100 letters, digits and `:-_.`"), "{e}");
    let text = format!("seed = 1\n{entry}caption = \"Nim: {{small\"\n");
    let e = Manifest::load(&write(dir.path(), "c.toml", &text), None, None).unwrap_err();
    assert_eq!(e.line, Some(6), "{e}");
    assert!(e.message.contains("`caption` has 1 `{` never closed"), "{e}");
    let text = format!("seed = 1\n{entry}caption = \"a}} b\"\n");
    assert!(Manifest::load(&write(dir.path(), "d.toml", &text), None, None).is_err());
    let text = format!("seed = 1\n{entry}caption = \"With {{braces}} and $x$\"\nlabel = \"tab:ok-1.2\"\n");
    assert!(Manifest::load(&write(dir.path(), "ok.toml", &text), None, None).is_ok());
}

#[test]
fn loads_entries_with_defaults_and_lines() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        dir.path(),
        "m.toml",
        "seed = 5\nthread_counts = [2, 1]\n\n[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\nx = 3\n",
    );
    let m = Manifest::load(&p, None, None).unwrap();
    assert_eq!(m.thread_counts, vec![1, 2]);
    let e = &m.experiments[0];
    assert_eq!((e.heading.name.as_str(), e.heading.seed, e.line), ("a", 5, 4));
    assert_eq!(e.heading.label, "tab:a");
    assert_eq!(e.params.get("x").and_then(|v| v.as_integer()), Some(3));
    assert_eq!(e.limits.time, Some(DEFAULT_TIME_LIMIT));
}

#[test]
fn unknown_top_level_key_is_refused_with_its_line() {
    let e = load_error("seed = 5\nbogus = 1\n");
    assert_eq!(e.line, Some(2), "{e}");
    assert!(e.message.contains("bogus"), "{e}");
}

#[test]
fn unknown_game_and_duplicate_names_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let e = load_error("[[experiment]]\nname = \"a\"\ngame = \"go\"\nkind = \"k\"\n");
    assert_eq!(e.line, Some(3));
    let p = write(
            dir.path(),
            "n.toml",
            "[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n",
        );
    let e = Manifest::load(&p, None, None).unwrap_err();
    assert!(e.message.contains("twice"), "{e}");
}

#[test]
fn names_differing_in_case_only_are_refused_on_the_second() {
    let entry = |name: &str| format!("[[experiment]]\nname = \"{name}\"\ngame = \"nim\"\nkind = \"k\"\n");
    let e = load_error(&format!("{}{}", entry("dup"), entry("DUP")));
    assert_eq!(e.line, Some(6), "{e}");
    assert!(e.message.contains("`DUP` differs from `dup`") && e.message.contains("only in case"), "{e}");
}

#[test]
fn params_name_the_line_of_an_unknown_key() {
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct P {
        x: u32,
    }
    let e = params_error::<P>("x = 1\nyy = 2\n");
    assert_eq!(e.line, Some(6), "{e}");
    assert!(e.message.contains("yy"), "{e}");
}

#[test]
fn resume_keys_are_the_keys_of_runs_made_before_the_limits_had_a_type() {
    // The keys `harness run` wrote for this manifest at commit e7584d1 (2026-11-27,
    // build `e7584d198408`), when the limits were an `Option<Duration>` and a byte
    // count. A run's key also holds its build (`runner::run::build_key`), so a new build
    // reruns such a run and says why; the entry's part of the key stays as it was.
    let text = "seed = 5\nthreads = [1, 2]\ntime_limit = 1.5\nmemory_limit = 64\n\n\
            [[experiment]]\nname = \"nim_formula\"\ngame = \"nim\"\nkind = \"formula\"\nmaxtakes = [0, 2]\n\
            takes_sets = [[1, 3, 4]]\nheap_counts = [2]\nmax_sticks = 6\n\n\
            [[experiment]]\nname = \"nim_default\"\ngame = \"nim\"\nkind = \"formula\"\ntime_limit = 300\n\
            maxtakes = [0]\ntakes_sets = []\nheap_counts = [2]\nmax_sticks = 4\n";
    let dir = tempfile::tempdir().unwrap();
    let m = Manifest::load(&write(dir.path(), "m.toml", text), None, None).unwrap();
    let keys: Vec<String> =
        m.experiments.iter().map(|e| hash_texts([e.resume_key().as_str(), "e7584d198408"])).collect();
    assert_eq!(keys, ["4ab1b9b38ec40edd", "3092409e78836238"]);
}

#[test]
fn memory_limits_are_mib_per_run_or_entry_and_refused_on_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let entry = |extra: &str| format!("[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n{extra}");
    let p = write(
        dir.path(),
        "m.toml",
        &format!("memory_limit = 512\n{}{}", entry(""), entry("memory_limit = 64\n").replace("\"a\"", "\"b\"")),
    );
    let m = Manifest::load(&p, None, None).unwrap();
    assert_eq!(m.experiments[0].limits.memory.map(MemoryLimit::bytes), Some(512 << 20));
    assert_eq!(m.experiments[1].limits.memory.map(MemoryLimit::bytes), Some(64 << 20));
    assert_ne!(
        m.experiments[0].resume_key(),
        Manifest::load(&write(dir.path(), "n.toml", &entry("")), None, None).unwrap().experiments[0].resume_key()
    );
    for (text, line) in [
        (entry("memory_limit = 0\n"), 5),
        (entry("memory_limit = \"4G\"\n"), 5),
        (format!("memory_limit = -1\n{}", entry("")), 1),
    ] {
        let e = Manifest::load(&write(dir.path(), "bad.toml", &text), None, None).unwrap_err();
        assert_eq!(e.line, Some(line), "{e}");
        assert!(e.message.contains("`memory_limit`"), "{e}");
    }
}

#[test]
fn includes_are_expanded_and_filter_refuses_unknown_names() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "f.toml", "[[experiment]]\nname = \"b\"\ngame = \"tegel\"\nkind = \"k\"\ntime_limit = 50\n");
    let p = write(
        dir.path(),
        "m.toml",
        "include = [\"f.toml\"]\n[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\n",
    );
    let mut m = Manifest::load(&p, Some(9), TimeLimit::from_secs(2.0).ok()).unwrap();
    assert_eq!(m.experiments.len(), 2);
    assert_eq!(m.experiments[1].file, dir.path().join("f.toml"));
    assert_eq!(m.experiments[1].resolve("x/y.txt"), dir.path().join("x/y.txt"));
    assert_eq!(m.experiments[1].heading.seed, 9);
    assert_eq!(m.experiments[1].limits.time.map(TimeLimit::duration), Some(Duration::from_secs(2)));
    assert!(m.filter(&["chess".into()]).is_err());
    m.filter(&["tegel".into()]).unwrap();
    assert_eq!(m.experiments.len(), 1);
}

#[test]
fn missing_include_is_refused() {
    let e = load_error("seed = 1\ninclude = [\"nope.toml\"]\n");
    assert_eq!(e.line, Some(2), "{e}");
}
