use super::tests::{load_error, write};
use super::*;

#[test]
fn non_utf8_bytes_name_line_and_column_and_a_bom_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("m.toml");
    std::fs::write(&p, b"seed = 1\nthreads = [1]\n# caf\xe9\n").unwrap();
    let e = Manifest::load(&p, None, None).unwrap_err();
    assert_eq!(e.line, Some(3), "{e}");
    assert!(e.message.contains("column 6"), "{e}");
    std::fs::write(&p, b"\xef\xbb\xbfseed = 1\n").unwrap();
    assert_eq!(Manifest::load(&p, None, None).unwrap().seed, 1);
}

#[test]
fn a_wrongly_typed_field_names_its_own_line() {
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct P {
        x: u32,
        instances: Vec<String>,
    }
    let e = super::tests::params_error::<P>("x = 1\ninstances = 5\n");
    assert_eq!(e.line, Some(6), "{e}");
    assert!(e.message.contains("instances"), "{e}");
}

/// A value the types refuse at the top of the manifest is named by its key.
#[test]
fn a_top_level_value_out_of_range_names_its_key() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "m.toml", "seed = 18446744073709551616\n");
    let e = Manifest::load(&p, None, None).unwrap_err();
    assert!(e.message.starts_with("`seed`: ") && e.message.contains("(20 digits)"), "{e}");
    assert_eq!(key_before("a = 1\nthread_counts = [x]", 22), Some("thread_counts".to_string()));
    assert_eq!(key_before("[[experiment]]", 3), None);
}

#[test]
fn long_names_huge_limits_and_thread_counts_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("m.toml");
    let long = "n".repeat(300);
    for (text, line) in [
        (format!("[[experiment]]\nname = \"{long}\"\ngame = \"nim\"\nkind = \"k\"\n"), 2),
        ("time_limit = 1e308\n".to_string(), 1),
        ("threads = [10000]\n".to_string(), 1),
        ("[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\ntime_limit = 1e19\n".to_string(), 5),
    ] {
        std::fs::write(&p, &text).unwrap();
        let e = Manifest::load(&p, None, None).unwrap_err();
        assert_eq!(e.line, Some(line), "{text}: {e}");
    }
}

#[test]
fn sampling_keys_apply_top_level_then_per_entry_then_flags() {
    let dir = tempfile::tempdir().unwrap();
    let entry =
        |name: &str, extra: &str| format!("[[experiment]]\nname = \"{name}\"\ngame = \"nim\"\nkind = \"k\"\n{extra}");
    let text =
        format!("samples = 7\nwarmup = 1\n{}{}", entry("a", ""), entry("b", "samples = 2\nsample_budget = 0.5\n"));
    let p = write(dir.path(), "m.toml", &text);
    let m = Manifest::load(&p, None, None).unwrap();
    let (a, b) = (m.experiments[0].sampling, m.experiments[1].sampling);
    assert_eq!((a.samples, a.warmup, a.budget), (7, 1, Duration::from_secs(3)));
    assert_eq!((b.samples, b.warmup, b.budget), (2, 1, Duration::from_millis(500)));
    let forced = SamplingOverrides { samples: Some(3), ..Default::default() };
    let m = Manifest::load_with(&p, None, None, &forced).unwrap();
    assert_eq!((m.experiments[0].sampling.samples, m.experiments[1].sampling.samples), (3, 3));
}

#[test]
fn bad_sampling_keys_name_their_line() {
    let e = load_error("seed = 1\nsamples = 0\n");
    assert_eq!(e.line, Some(2), "{}", e.message);
    assert!(e.message.contains("`samples`"), "{}", e.message);
    let e = load_error("warmup = 99\n");
    assert!(e.message.contains("`warmup`") && e.line == Some(1), "{}", e.message);
    let e = load_error("[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\nsample_budget = -1\n");
    assert!(e.message.contains("`sample_budget`") && e.line == Some(5), "{}", e.message);
    let e = load_error("[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\nsamples = \"many\"\n");
    assert!(e.message.contains("`samples`") && e.line == Some(5), "{}", e.message);
}

/// `(line, column)` of a refusal.
fn place(e: &InputError) -> (Option<usize>, Option<usize>) {
    (e.line, e.column)
}

#[test]
fn a_bad_value_in_a_nested_table_names_its_line_and_column() {
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Item {
        game: String,
        depth: u32,
    }
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Limits {
        depth: u32,
    }
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct P {
        items: Vec<toml::Table>,
        limits: Limits,
    }
    let dir = tempfile::tempdir().unwrap();
    let text = "[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\nitems = [\n  { game = \"nim\", depth = 3 },\n  { game = \"nim\", depth = \"deep\" },\n]\n[experiment.limits]\ndepth =   -4\n";
    let m = Manifest::load(&write(dir.path(), "m.toml", text), None, None).unwrap();
    let spec = &m.experiments[0];
    let e = spec.params::<P>().unwrap_err();
    assert_eq!(place(&e), (Some(10), Some(11)), "{e}");
    assert!(
        e.to_string().starts_with(&format!("{}:10:11: experiment `a`: `limits`", dir.path().join("m.toml").display())),
        "{e}"
    );
    let items = spec.params.get("items").and_then(toml::Value::as_array).unwrap();
    let item = items[1].as_table().unwrap();
    let e = spec.parse_table::<Item>(item, Some("items[1]")).unwrap_err();
    assert_eq!(place(&e), (Some(7), Some(27)), "{e}");
    assert!(e.message.contains("items[1]: `depth`"), "{e}");
}

#[test]
fn duplicate_and_unknown_keys_name_their_line_and_column() {
    let e = load_error("seed = 1\nthreads = [1]\n  seed = 2\n");
    assert_eq!(place(&e), (Some(3), Some(3)), "{e}");
    assert!(e.message.contains("duplicate key"), "{e}");
    let e = load_error("seed = 1\n[[experiment]]\nname = \"a\"\ngame = \"nim\"\nkind = \"k\"\nkind = \"j\"\n");
    assert_eq!(place(&e), (Some(6), Some(1)), "{e}");
    let e = load_error("seed = 1\n  bogus = 1\n");
    assert_eq!(place(&e), (Some(2), Some(3)), "{e}");
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct P {
        x: u32,
    }
    let e = super::tests::params_error::<P>("x = 1\n   yy = 2\n");
    assert_eq!(place(&e), (Some(6), Some(4)), "{e}");
    assert!(e.message.contains("yy"), "{e}");
}

/// Every experiment of `instances/all.toml` whose rows show a ratio of paired rounds
/// (a column `X_rounds`) asks for at least [`MIN_PAIRED_ROUNDS`] samples, so that each
/// ratio rests on that many rounds (the rounds never exceed the samples asked for).
#[test]
fn every_ratio_of_the_full_run_rests_on_its_minimum_rounds() {
    use crate::experiment::sampling::MIN_PAIRED_ROUNDS;
    let m = Manifest::load(Path::new("instances/all.toml"), None, None).unwrap();
    let mut ratios = Vec::new();
    for spec in &m.experiments {
        let columns = crate::runner::registry::build(spec).unwrap().columns();
        if columns.iter().any(|c| c.ends_with("_rounds")) {
            ratios.push(spec.heading.name.clone());
            assert!(spec.sampling.samples >= MIN_PAIRED_ROUNDS, "{}: {:?}", spec.heading.name, spec.sampling);
        }
    }
    assert!(ratios.contains(&"parallel".to_string()), "the experiments with ratios: {ratios:?}");
}
