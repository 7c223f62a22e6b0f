//! `harness compare A B`: the results check, the timing table with its verdicts (text,
//! Markdown, JSON), `--fail-on-slower`, and refused flags.

mod common;

use common::{harness, stderr, write};

const HEADER: &str = "instance,positions,seconds,seconds_min,seconds_max,seconds_mad,seconds_samples,threads,status\n";

/// A results directory with one CSV: instance `x`, 10 positions, the given samples.
fn results(samples: &[f64], positions: u64) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let cells: Vec<String> = samples.iter().map(|s| format!("{s:.6}")).collect();
    write(dir.path(), "t.csv", &format!("{HEADER}x,{positions},0,0,0,0,{},1,ok\n", cells.join(";")));
    dir
}

fn path(d: &tempfile::TempDir) -> &str {
    d.path().to_str().unwrap()
}

const BASE: [f64; 5] = [1.0, 1.02, 0.98, 1.01, 0.99];

#[test]
fn the_json_object_holds_results_and_verdicts() {
    let (a, b) = (results(&BASE, 10), results(&BASE.map(|x| x * 2.0), 10));
    let o = harness(&["compare", path(&a), path(&b), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(v["results_equal"], true);
    assert_eq!(v["differences"].as_array().map(Vec::len), Some(0));
    let t = &v["timings"][0];
    for key in ["experiment", "item", "column", "a_median", "b_median", "ratio", "ratio_low", "ratio_high", "verdict"] {
        assert!(t.get(key).is_some(), "{key} missing in {t}");
    }
    assert_eq!(
        (t["experiment"].as_str(), t["item"].as_str(), t["column"].as_str()),
        (Some("t"), Some("x"), Some("seconds"))
    );
    assert_eq!(
        (t["a_median"].as_f64(), t["b_median"].as_f64(), t["ratio"].as_f64()),
        (Some(1.0), Some(2.0), Some(2.0))
    );
    assert_eq!(t["verdict"], "slower");
}

#[test]
fn slower_fails_only_when_asked_and_faster_or_same_never() {
    let (a, b) = (results(&BASE, 10), results(&BASE.map(|x| x * 2.0), 10));
    assert_eq!(harness(&["compare", path(&a), path(&b)]).status.code(), Some(0));
    let o = harness(&["compare", path(&a), path(&b), "--fail-on-slower"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("1 timed cell of"), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(text.contains("slower") && text.contains("t: B/A 2.000 (geometric mean of 1 cell): 1 slower"), "{text}");
    assert_eq!(harness(&["compare", path(&b), path(&a), "--fail-on-slower"]).status.code(), Some(0), "B faster");
    assert_eq!(harness(&["compare", path(&a), path(&a), "--fail-on-slower"]).status.code(), Some(0), "the same");
}

#[test]
fn different_results_exit_1_and_markdown_is_a_table() {
    let (a, b) = (results(&BASE, 10), results(&BASE, 11));
    let o = harness(&["compare", path(&a), path(&b), "--markdown"]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("t.csv: row 1, column positions: `10` vs `11`"), "{out}");
    assert!(
        out.contains("no timed cell is in both directories"),
        "rows with other results are not timed against each other: {out}"
    );
    let (c, d) = (results(&BASE, 10), results(&[1.0], 10));
    let md = String::from_utf8_lossy(&harness(&["compare", path(&c), path(&d), "--markdown"]).stdout).into_owned();
    assert!(md.contains("| experiment | item | column |") && md.contains("| unknown |"), "{md}");
}

#[test]
fn bad_flags_and_directories_exit_2() {
    let a = results(&BASE, 10);
    for noise in ["0", "1", "-0.1", "1.5", "x"] {
        let o = harness(&["compare", path(&a), path(&a), "--noise", noise]);
        assert_eq!(o.status.code(), Some(2), "--noise {noise}");
        assert!(stderr(&o).contains("--noise"), "{}", stderr(&o));
    }
    let o = harness(&["compare", path(&a), "/nonexistent/results"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/results"), "{}", stderr(&o));
}

/// Three results directories: the baseline, one twice as slow, one twice as fast.
fn three() -> [tempfile::TempDir; 3] {
    [results(&BASE, 10), results(&BASE.map(|x| x * 2.0), 10), results(&BASE.map(|x| x * 0.5), 10)]
}

#[test]
fn three_directories_give_one_table_with_a_column_per_run() {
    let [a, b, c] = three();
    let o = harness(&["compare", path(&a), path(&b), path(&c)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(text.starts_with(&format!("A = {} (baseline)\nB = {}\nC = {}\n", path(&a), path(&b), path(&c))), "{text}");
    let head = text.lines().find(|l| l.starts_with("experiment")).expect("a table");
    let columns = ["B median (n), B/A [95 % interval], verdict", "C median (n), C/A [95 % interval], verdict"];
    assert!(columns.iter().all(|c| head.contains(c)), "two comparison columns: {head}");
    let row = text.lines().find(|l| l.starts_with("t ")).expect("the cell's row");
    assert!(row.contains("2.000 s (5)") && row.contains("slower") && row.contains("500.0 ms (5)"), "{row}");
    assert!(row.find("slower") < row.find("faster"), "B's column before C's: {row}");
    assert!(text.contains("t: B/A 2.000") && text.contains("t: C/A 0.500"), "{text}");
    let md =
        String::from_utf8_lossy(&harness(&["compare", path(&a), path(&b), path(&c), "--markdown"]).stdout).into_owned();
    assert!(md.contains("| experiment | item | column | A median (n) | B median (n)"), "{md}");
    let o = harness(&["compare", path(&a), path(&b), path(&c), "--fail-on-slower"]);
    assert_eq!(o.status.code(), Some(1), "B is slower");
}

#[test]
fn three_directories_in_json_give_an_entry_per_run_per_cell() {
    let [a, b, c] = three();
    let o = harness(&["compare", path(&a), path(&b), path(&c), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!((v["status"].as_str(), v["baseline"].as_str()), (Some("ok"), Some(path(&a))));
    let runs: Vec<(&str, &str)> = v["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["label"].as_str().unwrap(), r["dir"].as_str().unwrap()))
        .collect();
    assert_eq!(runs, [("B", path(&b)), ("C", path(&c))]);
    let timings = v["timings"].as_array().unwrap();
    let cells: Vec<(&str, &str, &str, bool)> = timings
        .iter()
        .map(|t| {
            (t["run"].as_str().unwrap(), t["item"].as_str().unwrap(), t["verdict"].as_str().unwrap(), t["busy"] == true)
        })
        .collect();
    assert_eq!(cells, [("B", "x", "slower", false), ("C", "x", "faster", false)]);
}

#[test]
fn the_html_page_holds_a_scatter_of_the_medians() {
    let [a, b, c] = three();
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("compare.html");
    let o = harness(&["compare", path(&a), path(&b), path(&c), "--html", page.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let html = std::fs::read_to_string(&page).unwrap();
    let svg = &html[html.find("<svg").expect("an <svg> scatter")..html.find("</svg>").unwrap()];
    assert_eq!(svg.matches("<title>").count(), 2, "a mark per run and cell: {svg}");
    assert!(svg.contains("class=\"diagonal\"") && svg.contains("A median (baseline)"), "{svg}");
    assert!(!html.contains("<script") && !html.contains("<link"), "self-contained");
    assert!(html.contains("C median (n), C/A [95 % interval], verdict"), "{html}");
    let two = dir.path().join("two.html");
    let o = harness(&["compare", path(&a), path(&b), "--html", two.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&two).unwrap().contains("<svg"), "two directories get the page too");
}

#[test]
fn one_directory_or_a_missing_one_among_several_exit_2() {
    let [a, b, _c] = three();
    let o = harness(&["compare", path(&a)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("at least two results directories"), "{}", stderr(&o));
    let o = harness(&["compare", path(&a), path(&b), "/nonexistent/results"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/results"), "{}", stderr(&o));
}
