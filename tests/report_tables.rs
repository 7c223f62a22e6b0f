//! The report generator on fixture CSVs (tests/fixtures/report/): every table generator
//! against an insta snapshot, timeouts and errors shown as such, and a CSV with a
//! missing column refused (exit code 2, naming the file and the column).

mod common;

use std::path::{Path, PathBuf};

use common::{copy_dir, harness};

use harness::cross_game::summary;
use harness::report::tables::latex_table;
use harness::report::{load_all, render};
use harness::results::csv_table::CsvTable;
use harness::runner::registry::reports;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/report")
}

fn results() -> PathBuf {
    fixtures().join("results")
}

fn table_tex(name: &str) -> String {
    let loaded = load_all(&results(), reports()).unwrap();
    let item = loaded.iter().find(|l| l.name == name).unwrap_or_else(|| panic!("fixture {name}.csv"));
    latex_table(&item.table, &item.titles)
}

macro_rules! snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({ snapshot_path => fixtures().join("snapshots"), prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!($name, $value);
        })
    };
}

#[test]
fn tegel_best_table() {
    snapshot!("tegel_best", table_tex("tegel_best"));
}

#[test]
fn tegel_sweep_table() {
    snapshot!("tegel_sweep", table_tex("tegel_sweep"));
}

#[test]
fn stenen_table() {
    snapshot!("stenen_table", table_tex("stenen_table"));
}

#[test]
fn checkers_count_table() {
    snapshot!("checkers_count", table_tex("checkers_count"));
}

#[test]
fn checkers_perft_table() {
    snapshot!("checkers_perft", table_tex("checkers_perft"));
}

#[test]
fn parallel_table() {
    snapshot!("parallel", table_tex("parallel"));
}

#[test]
fn generic_table_of_an_unknown_kind() {
    snapshot!("nim_rule", table_tex("nim_rule"));
}

#[test]
fn table_without_a_manifest_caption_gets_one_from_game_and_kind() {
    let tex = table_tex("tegel_good");
    assert!(
        tex.contains("\\caption{Tile game: bepaalGoedeZet (Monte Carlo move) per instance (\\texttt{tegel\\_good}).}"),
        "{tex}"
    );
    snapshot!("tegel_good", tex);
}

#[test]
fn memo_sourced_counts_are_marked_with_a_footnote() {
    let tex = table_tex("stenen_memo");
    assert!(!tex.contains("source"), "the provenance columns are not shown: {tex}");
    assert!(tex.contains("73{,}210{,}998{,}341\\textsuperscript{\\dag}"), "{tex}");
    assert!(tex.contains("6{,}109{,}934\\textsuperscript{\\dag}"), "{tex}");
    assert_eq!(tex.matches("\\textsuperscript{\\dag}").count(), 2, "{tex}");
    assert!(tex.contains("\\dag{} exact count through the memo (the plain walk passed its time limit)."), "{tex}");
    snapshot!("stenen_memo", tex);
}

#[test]
fn nim_formula_table_states_seed_and_threads() {
    let loaded = load_all(&results(), reports()).unwrap();
    let formula = loaded.iter().find(|l| l.name == "nim_formula").unwrap();
    for column in ["seed", "threads", "time_limit", "status"] {
        assert!(formula.table.index(column).is_some(), "nim_formula lacks `{column}`");
    }
    let tex = table_tex("nim_formula");
    assert!(tex.contains("Random seed 20240321; 2 threads; time limit 20 s per search call"), "{tex}");
    snapshot!("nim_formula", tex);
}

fn rendered(path: &str) -> String {
    let loaded = load_all(&results(), reports()).unwrap();
    let files = render(&loaded, None, reports()).unwrap();
    files.into_iter().find(|(p, _)| p.ends_with(path)).unwrap_or_else(|| panic!("{path} not rendered")).1
}

#[test]
fn speedup_figure_legend_matches_the_dashed_ideal_line_and_ticks_whole_threads() {
    let tikz = rendered("plots/parallel-speedup.tikz");
    assert!(tikz.contains("\\addplot[black, dashed, thick, no markers]"), "{tikz}");
    assert!(!tikz.contains("forget plot"), "the ideal line needs its legend entry: {tikz}");
    assert!(tikz.contains("\\addlegendentry{ideal}"), "{tikz}");
    assert!(tikz.contains("xtick={1,2}"), "{tikz}");
    snapshot!("parallel_speedup_tikz", tikz);
}

/// The numeric tick labels of an SVG's axes.
fn svg_numbers(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| t.split_once('>').and_then(|(_, rest)| rest.split_once("</text>")).map(|(l, _)| l.trim()))
        .filter(|l| l.parse::<f64>().is_ok())
        .map(str::to_string)
        .collect()
}

#[test]
fn log_axes_write_every_tick_in_one_form() {
    for chart in
        ["plots/checkers_count-games.svg", "plots/tegel_sweep-positions.svg", "plots/checkers_perft-leaves.svg"]
    {
        let labels = svg_numbers(&rendered(chart));
        let powers = labels.iter().filter(|l| l.contains('e')).count();
        let large_plain = labels.iter().filter(|l| !l.contains('e') && l.parse::<f64>().unwrap() >= 1e4).count();
        assert!(powers == 0 || large_plain == 0, "{chart} mixes forms: {labels:?}");
    }
    let labels = svg_numbers(&rendered("plots/checkers_count-games.svg"));
    assert!(labels.iter().any(|l| l.contains('e')), "{labels:?}");
}

#[test]
fn summary_table() {
    let loaded = load_all(&results(), reports()).unwrap();
    let parallel: Vec<&CsvTable> = loaded.iter().filter(|l| l.kind == "parallel").map(|l| &l.table).collect();
    snapshot!("summary", summary::summary_tex(&parallel).unwrap());
}

#[test]
fn timeouts_and_errors_render_as_such() {
    let best = table_tex("tegel_best");
    assert!(
        best.contains("spel2.txt & \\textit{timeout} & \\textit{timeout} & \\textit{timeout} & \\textit{timeout}"),
        "{best}"
    );
    // The 39-digit counts leave no room for every column: the table stays whole, names
    // the columns it leaves out, and the page and Markdown show the error.
    let count = table_tex("checkers_count");
    assert!(count.contains("Too wide for the page: the columns"), "{count}");
    let loaded = load_all(&results(), reports()).unwrap();
    let md = harness::report::markdown::markdown(loaded.iter().find(|l| l.name == "checkers_count").unwrap());
    assert!(md.contains("error: count overflow"), "{md}");
    let nim = table_tex("nim_rule");
    assert!(nim.contains("\\textit{error: solver\\_limit \\& \"bad\" 50\\%}"), "{nim}");
    let stenen = table_tex("stenen_table");
    assert!(stenen.contains("\\textit{timeout} & \\textit{timeout} & 1{,}843{,}210"), "{stenen}");
}

#[test]
fn numbers_quote_cells_by_experiment_and_by_kind() {
    let loaded = load_all(&results(), reports()).unwrap();
    let files = render(&loaded, None, reports()).unwrap();
    let numbers = &files.iter().find(|(p, _)| p.ends_with("tex/numbers.tex")).unwrap().1;
    assert!(numbers.contains("\\hrdef{tegel/best}{spel1}{positions}{10{,}019}"), "{numbers}");
    assert!(numbers.contains("\\hrdef{tegel_best}{spel3}{best_move}{(1,b)}"));
    assert!(numbers.contains("\\hrdef{stenen/table}{4x5 stenen1}{solutions_distinct}{4}"));
    assert!(numbers.contains("\\hrdef{tegel/sweep}{spel4}{stopped}{yes}"));
    assert!(numbers.contains("\\hrdef{tegel/sweep}{spel4/6}{positions}{2{,}979{,}300}"));
}

#[test]
fn report_command_writes_tables_plots_and_numbers() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&results(), dir.path());
    let out = harness(&["report", dir.path().to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for file in [
        "tex/tegel_sweep.tex",
        "tex/summary.tex",
        "tex/numbers.tex",
        "tex/kind-tegel-sweep.tex",
        "tex/extra-nim.tex",
        "plots/tegel_sweep-positions.svg",
        "plots/tegel_sweep-seconds.tikz",
        "plots/parallel-speedup.tex",
        "plots/stenen_table-count-positions.svg",
        "plots/checkers_count-games.svg",
        "plots/checkers_perft-leaves.svg",
    ] {
        assert!(dir.path().join(file).is_file(), "{file} missing");
    }
    let extra = std::fs::read_to_string(dir.path().join("tex/extra-nim.tex")).unwrap();
    assert!(extra.contains("\\input{\\resultsdir/tex/nim_rule}"), "{extra}");
    let svg = std::fs::read_to_string(dir.path().join("plots/tegel_sweep-positions.svg")).unwrap();
    assert!(svg.contains("spel4.txt") && svg.contains("moves undone"), "{svg}");
}

#[test]
fn csv_with_a_missing_column_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixtures().join("missing-column"), dir.path());
    let out = harness(&["report", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("tegel_sweep.csv:1: missing column `seconds` (needed by the tegel sweep plots)"),
        "{stderr}"
    );
    assert!(!dir.path().join("tex").exists(), "nothing may be written after a refusal");
}

#[test]
fn ragged_csv_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("x.csv"), "a,b,status\n1,2,ok\n3,ok\n").unwrap();
    let out = harness(&["report", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("x.csv:3: row has 2 cells but the header has 3 columns"), "{stderr}");
}

#[test]
fn missing_results_directory_is_refused() {
    let out = harness(&["report", "/nonexistent/results"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/results: cannot read the results directory"));
}

/// A `run.toml` that is not TOML or whose values have the wrong types is refused (exit 2,
/// naming the file and what was expected) before anything is written; a results
/// directory without one is reported as before.
#[test]
fn a_malformed_run_record_is_refused_and_a_missing_one_is_not() {
    let record = std::fs::read_to_string(results().join("run.toml")).unwrap();
    let cases = [
        (record.replace("cores = 2", "cores = \"two\""), "expected usize"),
        (record.replace("state = \"complete\"", "state = \"done\""), "expected one of"),
        ("this is not TOML\n".to_string(), "not a harness run record"),
    ];
    for (text, expected) in cases {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&results(), dir.path());
        let first = harness(&["report", dir.path().to_str().unwrap()]);
        assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
        let page = std::fs::read(dir.path().join("index.html")).unwrap();
        std::fs::write(dir.path().join("run.toml"), &text).unwrap();
        let out = harness(&["report", dir.path().to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("run.toml") && stderr.contains(expected), "{expected}: {stderr}");
        assert_eq!(std::fs::read(dir.path().join("index.html")).unwrap(), page, "the page is left as it was");
    }
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&results(), dir.path());
    std::fs::remove_file(dir.path().join("run.toml")).unwrap();
    let out = harness(&["report", dir.path().to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
