//! Every figure true to its table: for every plot kind, a fixture table with one series
//! that never finished (all `timeout`) is rendered, and the pgfplots legend is read
//! against the plots: one legend entry per series, in order, each right after its own
//! plot (or a legend image alone, for the series with no points, whose entry says why),
//! and every bar's height equal to its column's cell.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use harness::experiment::spec::hash_bytes;
use harness::report::{load_all, render};
use harness::runner::registry::reports;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/report/results").join(name)
}

/// A results directory holding experiment `name` of the fixtures with `change` applied to
/// its CSV (the metadata's hash recomputed, as a run would have written it).
fn results_with(name: &str, change: impl Fn(&str) -> String) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("meta")).unwrap();
    let csv = change(&std::fs::read_to_string(fixture(&format!("{name}.csv"))).unwrap());
    let meta = std::fs::read_to_string(fixture(&format!("meta/{name}.toml"))).unwrap();
    let meta: String = meta
        .lines()
        .map(|l| match l.starts_with("csv_hash") {
            true => format!("csv_hash = \"{}\"\n", hash_bytes(csv.as_bytes())),
            false => format!("{l}\n"),
        })
        .collect();
    std::fs::write(dir.path().join(format!("{name}.csv")), csv).unwrap();
    std::fs::write(dir.path().join(format!("meta/{name}.toml")), meta).unwrap();
    dir
}

/// `csv` with the cells of `columns` set to `timeout` in the rows whose first cell is
/// `first` (every row when `None`).
fn timed_out(csv: &str, first: Option<&str>, columns: &[&str]) -> String {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let mut out = format!("{}\n", header.join(","));
    for line in lines {
        let mut cells = split_csv(line);
        if first.is_none_or(|f| cells[0] == f) {
            for column in columns {
                let i = header.iter().position(|h| h == column).unwrap_or_else(|| panic!("no column {column}"));
                cells[i] = "timeout".into();
            }
        }
        let quoted: Vec<String> =
            cells.iter().map(|c| if c.contains(',') { format!("\"{c}\"") } else { c.clone() }).collect();
        out.push_str(&quoted.join(","));
        out.push('\n');
    }
    out
}

fn split_csv(line: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => cells.push(String::new()),
            _ => cells.last_mut().unwrap().push(c),
        }
    }
    cells
}

/// One legend entry of a pgfplots figure and what stands before it.
#[derive(Debug)]
struct Entry {
    legend: String,
    /// The y values of its plot's coordinates; `None` for a legend image alone.
    ys: Option<Vec<f64>>,
}

/// The figure's legend entries, each with the plot it labels, read from the `.tikz`
/// text; panics when an entry does not follow a plot or legend image of its own.
fn legend(tikz: &str) -> Vec<Entry> {
    let lines: Vec<&str> = tikz.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(text) = line.strip_prefix("\\addlegendentry{") else { continue };
        let before = lines[i - 1];
        let ys = if before.starts_with("\\addlegendimage{") {
            None
        } else {
            assert!(before.starts_with("\\addplot"), "entry {text} follows no plot: {tikz}");
            let coords = before.split("coordinates {").nth(1).unwrap();
            let ys: Vec<f64> =
                coords.split('(').skip(1).map(|p| p.split(&[',', ')'][..]).nth(1).unwrap().parse().unwrap()).collect();
            assert!(!ys.is_empty(), "an empty plot shifts the legend: {tikz}");
            Some(ys)
        };
        out.push(Entry { legend: text.trim_end_matches('}').to_string(), ys });
    }
    out
}

fn figures(dir: &Path) -> Vec<(PathBuf, String)> {
    let loaded = load_all(dir, reports()).unwrap();
    render(&loaded, None, reports())
        .unwrap()
        .into_iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "tikz"))
        .collect()
}

fn figure(dir: &Path, stem: &str) -> String {
    let all = figures(dir);
    all.iter()
        .find(|(p, _)| p.file_stem().is_some_and(|s| s == stem))
        .unwrap_or_else(|| panic!("no figure {stem} among {:?}", all.iter().map(|f| &f.0).collect::<Vec<_>>()))
        .1
        .clone()
}

/// The positive numbers of `column` of `csv`, in row order.
fn column(csv: &str, column: &str) -> Vec<f64> {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let i = header.iter().position(|h| *h == column).unwrap();
    lines.filter_map(|l| split_csv(l)[i].parse::<f64>().ok()).filter(|v| *v > 0.0).collect()
}

/// Checks a bar chart: the legends are `expected` in order, the timed-out one (`empty`)
/// a legend image saying `timeout`, every other with the heights of its column.
fn check_bars(dir: &Path, stem: &str, expected: &[(&str, &str)], empty: &str, csv: &str) {
    let entries = legend(&figure(dir, stem));
    assert_eq!(entries.len(), expected.len(), "{entries:?}");
    for (entry, (legend, col)) in entries.iter().zip(expected) {
        assert!(entry.legend.starts_with(legend), "{entries:?}");
        if *legend == empty {
            assert_eq!(entry.legend, format!("{legend} (timeout: no bar)"));
            assert!(entry.ys.is_none(), "{entries:?}");
        } else {
            assert_eq!(entry.ys.as_deref(), Some(&column(csv, col)[..]), "{legend}: {entries:?}");
        }
    }
}

#[test]
fn tiling_bars_keep_the_timed_out_count_in_the_legend() {
    let change = |c: &str| timed_out(c, None, &["dumb_count_positions", "dumb_count_seconds"]);
    let dir = results_with("stenen_table", change);
    let csv = std::fs::read_to_string(dir.path().join("stenen_table.csv")).unwrap();
    let counts = [
        ("dumb count", "dumb_count_positions"),
        ("smart count", "smart_count_positions"),
        ("fast count", "fast_count_positions"),
    ];
    check_bars(dir.path(), "stenen_table-count-positions", &counts, "dumb count", &csv);
    let find = [("dumb find", "dumb_find_positions"), ("smart find", "smart_find_positions")];
    check_bars(dir.path(), "stenen_table-find-positions", &find, "", &csv);
}

#[test]
fn checkers_count_bars_keep_the_timed_out_games_in_the_legend() {
    let dir = results_with("checkers_count", |c| timed_out(c, None, &["games"]));
    let csv = std::fs::read_to_string(dir.path().join("checkers_count.csv")).unwrap();
    let expected = [("games", "games"), ("positions", "positions"), ("memoised positions", "memo_positions")];
    check_bars(dir.path(), "checkers_count-games", &expected, "games", &csv);
}

/// Checks a line chart: `empty` is a legend image saying `timeout`, every other entry
/// follows its own non-empty line.
fn check_lines(dir: &Path, stem: &str, empty: &str, others: usize) {
    let entries = legend(&figure(dir, stem));
    let blank: Vec<&Entry> = entries.iter().filter(|e| e.ys.is_none()).collect();
    assert_eq!(blank.len(), 1, "{entries:?}");
    assert_eq!(blank[0].legend, format!("{empty} (timeout: no point)"), "{entries:?}");
    assert_eq!(entries.len(), others + 1, "{entries:?}");
}

#[test]
fn sweep_lines_keep_the_timed_out_instance_in_the_legend() {
    let columns = ["positions", "seconds"];
    let dir = results_with("tegel_sweep", |c| timed_out(c, Some("tegel/spel4.txt"), &columns));
    check_lines(dir.path(), "tegel_sweep-positions", "tegel/spel4.txt", 1);
    check_lines(dir.path(), "tegel_sweep-seconds", "tegel/spel4.txt", 1);
}

#[test]
fn perft_lines_keep_the_timed_out_board_in_the_legend() {
    let add = |c: &str| format!("{c}6x6 r2,1,timeout,timeout,,,2,timeout\n6x6 r2,2,timeout,timeout,,,2,timeout\n");
    let dir = results_with("checkers_perft", add);
    check_lines(dir.path(), "checkers_perft-leaves", "6x6 r2", 1);
}

#[test]
fn speedup_lines_keep_the_timed_out_search_in_the_legend() {
    let dir = results_with("parallel", |c| {
        let mut lines: Vec<String> = c.lines().map(str::to_string).collect();
        let header = split_csv(&lines[0]);
        let at = |name: &str| header.iter().position(|h| h == name).expect("a column of the parallel table");
        for line in lines.iter_mut().filter(|l| l.starts_with("stenen,")) {
            let mut cells = split_csv(line);
            cells[at("speedup")] = "timeout".into();
            // The fixture was written before 2026-12-02: its column is `speedup_drift`.
            cells[at("speedup_drift")] = "false".into();
            *line = cells
                .iter()
                .map(|c| if c.contains(',') { format!("\"{c}\"") } else { c.clone() })
                .collect::<Vec<_>>()
                .join(",");
        }
        lines.join("\n") + "\n"
    });
    // The ideal line and the other searches are drawn; the tiling's search is named with
    // its timeout, the perft of times under 1 ms with that reason.
    let entries = legend(&figure(dir.path(), "parallel-speedup"));
    let blank: Vec<&str> = entries.iter().filter(|e| e.ys.is_none()).map(|e| e.legend.as_str()).collect();
    assert_eq!(
        blank,
        ["stenen count smart 6x10 stenen2 (timeout: no point)", "checkers perft 5 8x8 r3 (under 1 ms: no point)"],
        "{entries:?}"
    );
    assert_eq!(entries.len(), 5, "{entries:?}");
}

/// The tiling table with all five of the assignment's instances and an own instance
/// after them, as the main job has it: six categories, the last labelled `own instance:
/// 4x16 stenen4`, the longest label a bar chart of the report gets.
fn tiling_with_own_instance() -> tempfile::TempDir {
    results_with("stenen_table", |c| {
        let cells = c.lines().last().unwrap().split_once(',').unwrap().1.to_string();
        let more: String =
            ["5x8 stenen3", "10x4 stenen3", "4x16 stenen4"].iter().map(|i| format!("{i},{cells}\n")).collect();
        format!("{c}{more}")
    })
}

/// A `<text>` of an SVG chart: its content and its estimated box `(left, top, right,
/// bottom)` in pixels, from its anchor, `dy` and font size (a character taken as 0.6 of
/// the size wide, wider than the sans-serif faces' average).
#[derive(Debug)]
struct SvgText {
    text: String,
    bounds: (f64, f64, f64, f64),
}

fn svg_texts(svg: &str) -> Vec<SvgText> {
    let attribute = |tag: &str, name: &str| -> Option<String> {
        tag.split(&format!(" {name}=\"")).nth(1).and_then(|v| v.split('"').next()).map(str::to_string)
    };
    svg.split("<text")
        .skip(1)
        .filter_map(|part| {
            let (tag, rest) = part.split_once('>')?;
            let text = rest.split("</text>").next()?.trim().to_string();
            if text.is_empty() || tag.contains("rotate(") {
                return None;
            }
            let number = |name: &str| attribute(tag, name).and_then(|v| v.parse::<f64>().ok());
            let (x, y, size) = (number("x")?, number("y")?, number("font-size")?);
            let width = 0.6 * size * text.chars().count() as f64;
            let (left, right) = match attribute(tag, "text-anchor").as_deref() {
                Some("middle") => (x - width / 2.0, x + width / 2.0),
                Some("end") => (x - width, x),
                _ => (x, x + width),
            };
            let (top, bottom) = match attribute(tag, "dy").as_deref() {
                Some("0.76em") => (y, y + size),
                Some("-0.5ex") => (y - size, y),
                _ => (y - size / 2.0, y + size / 2.0),
            };
            Some(SvgText { text, bounds: (left, top, right, bottom) })
        })
        .collect()
}

fn overlap(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The category labels under the bars (several lines each where long) keep clear of one
/// another and of the axis title, on the page's SVG and in the pgfplots figure: no
/// rotated labels, the legend above the axis, every label line within its category's
/// room.
#[test]
fn long_category_labels_keep_clear_of_each_other_and_the_axis_title() {
    let dir = tiling_with_own_instance();
    let loaded = load_all(dir.path(), reports()).unwrap();
    let files = render(&loaded, None, reports()).unwrap();
    let file = |name: &str| {
        files.iter().find(|(p, _)| p.ends_with(name)).map(|f| f.1.clone()).unwrap_or_else(|| panic!("no {name}"))
    };
    for stem in ["stenen_table-count-positions", "stenen_table-find-positions"] {
        let svg = file(&format!("plots/{stem}.svg"));
        let texts = svg_texts(&svg);
        let title = texts.iter().find(|t| t.text == "instance").expect("the x axis title");
        let own: Vec<&SvgText> = texts
            .iter()
            .filter(|t| ["own instance:", "own", "instance:", "4x16 stenen4"].contains(&t.text.as_str()))
            .collect();
        assert!(!own.is_empty(), "the own instance's label is drawn: {texts:?}");
        for (i, a) in texts.iter().enumerate() {
            for b in &texts[i + 1..] {
                assert!(!overlap(a.bounds, b.bounds), "{stem}.svg: `{}` overlaps `{}`: {a:?} {b:?}", a.text, b.text);
            }
        }
        assert!(own.iter().all(|t| t.bounds.3 < title.bounds.1), "{stem}.svg: the label reaches the title: {own:?}");

        let tikz = file(&format!("plots/{stem}.tikz"));
        assert!(!tikz.contains("rotate="), "{tikz}");
        assert!(tikz.contains("at={(0.5,1.03)}, anchor=south"), "the legend stands above the axis: {tikz}");
        let labels = tikz.split("xticklabels={").nth(1).unwrap().split("},\n").next().unwrap();
        assert!(labels.contains("{own instance:\\\\4x16 stenen4}") || labels.contains("{own\\\\instance:"), "{labels}");
        let width = harness::report::pgfplots::IN_REPORT.points;
        let categories = labels.matches("},{").count() + 1;
        assert_eq!(categories, 6, "{labels}");
        let room = (width - 45.0) / (categories as f64 + 0.2);
        for line in labels.split(['{', '}', ',']).flat_map(|l| l.split("\\\\")).filter(|l| !l.is_empty()) {
            let wide = harness::report::layout::text_width(line, harness::report::pgfplots::CATEGORY_POINTS);
            assert!(wide <= room, "`{line}` is {wide:.0} pt wide, its category {room:.0} pt: {labels}");
        }
    }
}

/// A word of a PDF page as `pdftotext -bbox` gives it, with its box in points.
#[derive(Debug)]
struct PdfWord {
    text: String,
    bounds: (f64, f64, f64, f64),
}

fn pdf_words(xhtml: &str) -> Vec<PdfWord> {
    xhtml
        .split("<word ")
        .skip(1)
        .filter_map(|part| {
            let (tag, rest) = part.split_once('>')?;
            let number = |name: &str| -> Option<f64> {
                tag.split(&format!("{name}=\"")).nth(1)?.split('"').next()?.parse().ok()
            };
            let text = rest.split("</word>").next()?.to_string();
            Some(PdfWord { text, bounds: (number("xMin")?, number("yMin")?, number("xMax")?, number("yMax")?) })
        })
        .collect()
}

/// The same charts built with pdflatex: no two words of the figure overlap (a category
/// label and the axis title, two labels, a label and the legend), and the axis title
/// stands below every word of the labels. Skipped where TeX or pdftotext is missing.
#[test]
fn long_category_labels_keep_clear_of_the_axis_title_in_the_pdf() {
    let found = |cmd: &str, arg: &str| Command::new(cmd).arg(arg).output().is_ok_and(|o| o.status.success());
    let available = found("pdflatex", "--version")
        && found("pdftotext", "-v")
        && Command::new("kpsewhich").arg("pgfplots.sty").output().is_ok_and(|o| !o.stdout.is_empty());
    if !common::tool_available("tex", available, "pdflatex, pgfplots or pdftotext missing") {
        return;
    }
    let dir = tiling_with_own_instance();
    let loaded = load_all(dir.path(), reports()).unwrap();
    let build = tempfile::tempdir().unwrap();
    for (path, text) in render(&loaded, None, reports()).unwrap() {
        let Some(stem) = path.to_str().and_then(|p| p.strip_prefix("plots/")).and_then(|p| p.strip_suffix(".tex"))
        else {
            continue;
        };
        if !stem.starts_with("stenen_table-") {
            continue;
        }
        std::fs::write(build.path().join(format!("{stem}.tex")), text).unwrap();
        let tex = Command::new("pdflatex")
            .args(["-interaction=nonstopmode", "-halt-on-error", &format!("{stem}.tex")])
            .current_dir(build.path())
            .output()
            .unwrap();
        assert!(tex.status.success(), "{stem}: {}", String::from_utf8_lossy(&tex.stdout));
        let words = Command::new("pdftotext")
            .args(["-bbox", &format!("{stem}.pdf"), "-"])
            .current_dir(build.path())
            .output()
            .unwrap();
        let words = pdf_words(&String::from_utf8_lossy(&words.stdout));
        let title =
            words.iter().find(|w| w.text == "instance").unwrap_or_else(|| panic!("{stem}: no title: {words:?}"));
        for (i, a) in words.iter().enumerate() {
            for b in &words[i + 1..] {
                // Half a point of slack: an exponent's box touches its base's (10 and 8 of 10^8).
                let shrunk = (a.bounds.0 + 0.5, a.bounds.1 + 0.5, a.bounds.2 - 0.5, a.bounds.3 - 0.5);
                assert!(!overlap(shrunk, b.bounds), "{stem}.pdf: `{}` overlaps `{}`: {a:?} {b:?}", a.text, b.text);
            }
        }
        let labels: Vec<&PdfWord> = words
            .iter()
            .filter(|w| ["own", "instance:", "4x16", "stenen4", "stenen1"].contains(&w.text.as_str()))
            .collect();
        assert!(labels.len() >= 5, "{stem}: the labels' words: {words:?}");
        assert!(
            labels.iter().all(|w| w.bounds.3 <= title.bounds.1),
            "{stem}: a label reaches the title: {labels:?} {title:?}"
        );
    }
}
