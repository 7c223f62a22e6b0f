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

/// A results directory with one CSV of many cells: row `x{i}` holds the samples
/// `cells[i]`.
fn many(cells: &[Vec<f64>]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut text = HEADER.to_string();
    for (i, samples) in cells.iter().enumerate() {
        let s: Vec<String> = samples.iter().map(|s| format!("{s:.9}")).collect();
        text.push_str(&format!("x{i},{i},0,0,0,0,{},1,ok\n", s.join(";")));
    }
    write(dir.path(), "t.csv", &text);
    dir
}

/// `n` samples of cell `i`: around `1 + i / 10` seconds, spread by ±0.45 %, times `factor`.
fn cell(i: usize, n: usize, factor: f64) -> Vec<f64> {
    let median = 1.0 + i as f64 / 10.0;
    (0..n).map(|j| median * factor * (1.0 + 0.001 * (j as f64 - (n - 1) as f64 / 2.0))).collect()
}

/// `cells` cells of `n` samples a side; the cells `slower` of B are `factor` times A's.
fn pair_of(
    cells: usize,
    n: usize,
    slower: impl Fn(usize) -> bool,
    factor: f64,
) -> (tempfile::TempDir, tempfile::TempDir) {
    let a: Vec<Vec<f64>> = (0..cells).map(|i| cell(i, n, 1.0)).collect();
    let b: Vec<Vec<f64>> = (0..cells).map(|i| cell(i, n, if slower(i) { factor } else { 1.0 })).collect();
    (many(&a), many(&b))
}

fn verdicts(v: &serde_json::Value) -> Vec<String> {
    v["timings"].as_array().unwrap().iter().map(|t| t["verdict"].as_str().unwrap().to_string()).collect()
}

fn count(verdicts: &[String], word: &str) -> usize {
    verdicts.iter().filter(|v| *v == word).count()
}

/// 24 of 40 cells 7 % slower, 10 samples a side: the median cell is 7 % slower but the
/// factor's interval reaches 1, so it is `unknown` and the cells are judged absolute: the
/// 24 are `slower`, the 16 unchanged `same` (never `faster`), and the gate fails.
#[test]
fn a_regression_on_most_cells_is_named_and_fails_the_gate() {
    let (a, b) = pair_of(40, 10, |i| i < 24, 1.07);
    let o = harness(&["compare", path(&a), path(&b), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    let got = verdicts(&v);
    assert_eq!((count(&got, "slower"), count(&got, "same"), count(&got, "faster")), (24, 16, 0), "{got:?}");
    assert_eq!((v["common"]["verdict"].as_str(), v["judged"].as_str()), (Some("unknown"), Some("absolute")));
    assert!(v["timings"].as_array().unwrap().iter().all(|t| t["judged"] == "absolute"));
    assert!(v["samples_note"].is_null(), "10 a side can show a difference among 40 cells");
    let o = harness(&["compare", path(&a), path(&b), "--fail-on-slower"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("24 timed cells of"), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(text.contains("common factor: the median cell 7.0 % slower in B (0.0 % to 7.0 %): unknown"), "{text}");
}

/// 40 of 40 cells 7 % slower: the factor is `slower` (its interval beyond the 5 %
/// machine noise), named in every format; the cells are `same` relative to it and the
/// gate fails on the factor. With --machine-noise 10 it is `same` and the gate passes.
#[test]
fn every_cell_slower_is_the_factor_s_verdict_and_fails_the_gate() {
    let (a, b) = pair_of(40, 10, |_| true, 1.07);
    let v = common::json_object(&harness(&["compare", path(&a), path(&b), "--json", "--fail-on-slower"]));
    assert_eq!((v["status"].as_str(), v["common"]["verdict"].as_str()), (Some("slower"), Some("slower")));
    assert_eq!((v["judged"].as_str(), v["machine_noise"].as_f64()), (Some("relative"), Some(0.05)));
    let got = verdicts(&v);
    assert_eq!(count(&got, "same"), 40, "{got:?}");
    let o = harness(&["compare", path(&a), path(&b), "--fail-on-slower"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("the common factor is slower"), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let factor =
        "common factor: all cells 7.0 % slower in B (7.0 % to 7.0 %), beyond the machine noise of ±5.0 %: slower";
    assert!(text.contains(factor) && text.contains("same (relative)"), "{text}");
    let md = String::from_utf8_lossy(&harness(&["compare", path(&a), path(&b), "--markdown"]).stdout).into_owned();
    assert!(md.contains(factor), "{md}");
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("cmp.html");
    harness(&["compare", path(&a), path(&b), "--html", page.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&page).unwrap().contains(factor), "the page names the factor");
    let loose = harness(&["compare", path(&a), path(&b), "--fail-on-slower", "--machine-noise", "10"]);
    assert_eq!(loose.status.code(), Some(0), "7 % is within a 10 % allowance: {}", stderr(&loose));
}

/// One cell 3 times as slow among 20, 10 samples a side: `slower`; the rest `same`.
#[test]
fn a_lone_slow_cell_among_twenty_is_slower() {
    let (a, b) = pair_of(20, 10, |i| i == 7, 3.0);
    let v = common::json_object(&harness(&["compare", path(&a), path(&b), "--json"]));
    let got = verdicts(&v);
    assert_eq!(got[7], "slower", "{got:?}");
    assert_eq!((count(&got, "slower"), count(&got, "same")), (1, 19), "{got:?}");
    assert_eq!(v["common"]["verdict"].as_str(), Some("same"));
}

/// 3 samples a side are never `same`, alone or among many; 5 a side among 40 cells cannot
/// show a difference, and the output says how many to take.
#[test]
fn too_few_samples_are_never_same_and_the_output_says_so() {
    let (a, b) = pair_of(1, 3, |_| false, 1.0);
    let v = common::json_object(&harness(&["compare", path(&a), path(&b), "--json"]));
    assert_eq!(verdicts(&v), ["unknown"]);
    assert!(v["timings"][0]["reason"].as_str().unwrap().contains("at least 6 needed for `same`"), "{v}");
    let (a, b) = pair_of(40, 5, |_| false, 1.0);
    let o = harness(&["compare", path(&a), path(&b)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(text.contains("samples: 5 samples a side cannot show a difference among 40 cells"), "{text}");
    assert!(text.contains("take 7 a side"), "{text}");
    let v = common::json_object(&harness(&["compare", path(&a), path(&b), "--json"]));
    assert_eq!(count(&verdicts(&v), "unknown"), 40);
    assert!(v["samples_note"].as_str().unwrap().starts_with("5 samples a side cannot"), "{v}");
}

#[test]
fn a_bad_machine_noise_exits_2() {
    let a = results(&BASE, 10);
    for pct in ["0", "100", "-5", "x"] {
        let o = harness(&["compare", path(&a), path(&a), "--machine-noise", pct]);
        assert_eq!(o.status.code(), Some(2), "--machine-noise {pct}");
        assert!(stderr(&o).contains("--machine-noise"), "{}", stderr(&o));
    }
}
