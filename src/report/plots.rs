//! The charts of an experiment, chosen by what its game says of its kind
//! ([`KindReport::charts`]), and the building blocks games draw them with: lines keyed by
//! a column ([`lines`], [`line_chart`]) and bars per category ([`bars`]).
//!
//! Only complete measurements are drawn: cells holding `timeout` or an error are left
//! out (the tables show them). A CSV lacking a column that its charts need is refused.

use crate::base::error::InputError;

use std::path::PathBuf;

use super::chart::{Chart, Layout, Series};
use super::export::{texts, Exporter, File, Input};
use super::kinds::KindReport;
use super::language::Language;
use super::pgfplots;
use crate::results::columns::{Kind, Statistic};
use crate::results::csv_table::CsvTable;
use crate::results::row::RESOLUTION_SECONDS;

/// The plots back end: per chart `plots/CHART.svg` (the page's drawing),
/// `plots/CHART.tikz` (the pgfplots body the report inputs) and `plots/CHART.tex`
/// (standalone, built to a PDF by `scripts/build-report.sh`).
pub struct Plots;

impl Exporter for Plots {
    fn name(&self) -> &'static str {
        "plots"
    }

    fn export(&self, input: &Input) -> Result<Vec<File>, InputError> {
        let mut files = Vec::new();
        for (chart, drawing) in input.drawn.iter().flatten() {
            files.push((PathBuf::from(format!("plots/{}.svg", chart.name)), drawing.clone()));
            files.push((
                PathBuf::from(format!("plots/{}.tikz", chart.name)),
                pgfplots::tikz(chart, pgfplots::IN_REPORT),
            ));
            files.push((PathBuf::from(format!("plots/{}.tex", chart.name)), pgfplots::standalone(chart)));
        }
        Ok(texts(files))
    }
}

/// The charts of experiment `name` of `game`'s kind `kind_name`, described by `kind` (none
/// for a kind its game says nothing of); refuses a CSV missing a column they need.
pub fn charts(
    name: &str,
    (game, kind_name): (&str, &str),
    kind: Option<&KindReport>,
    table: &CsvTable,
) -> Result<Vec<Chart>, InputError> {
    charts_in(name, (game, kind_name), kind, table, Language::En)
}

/// [`charts`], their words in `language`.
pub fn charts_in(
    name: &str,
    (game, kind_name): (&str, &str),
    kind: Option<&KindReport>,
    table: &CsvTable,
    language: Language,
) -> Result<Vec<Chart>, InputError> {
    let Some(kind) = kind else { return Ok(Vec::new()) };
    table.require(kind.chart_columns, &format!("the {game} {kind_name} plots"))?;
    Ok((kind.charts)(name, table, language).into_iter().filter(Chart::has_data).collect())
}

/// Rows grouped by a key (the text of one or more columns), in order of first appearance.
fn series_by<'a>(table: &'a CsvTable, key: impl Fn(&'a [String]) -> String) -> Vec<(String, Vec<&'a [String]>)> {
    let mut out: Vec<(String, Vec<&[String]>)> = Vec::new();
    for row in &table.rows {
        let k = key(row);
        match out.iter_mut().find(|(name, _)| *name == k) {
            Some((_, rows)) => rows.push(row),
            None => out.push((k, vec![row])),
        }
    }
    out
}

/// A point of a line: x, y and y's 95 % interval where the table has one.
type Point = (f64, f64, Option<(f64, f64)>);

/// The points of `rows`, sorted by x; with `positive`, only those with y > 0, and an
/// interval only where its low end is above 0 (for log axes). A time under the timer's
/// resolution (under 1 ms, which the tables give as "< 1 ms") is not drawn as a time.
fn points(table: &CsvTable, rows: &[&[String]], x: &str, y: &str, positive: bool) -> Vec<Point> {
    let seconds = table.kind(y) == Kind::Seconds;
    let mut pts: Vec<Point> = rows
        .iter()
        .filter_map(|r| Some((table.number(r, x)?, table.number(r, y)?, interval(table, r, y))))
        .filter(|p| !seconds || p.1 >= RESOLUTION_SECONDS)
        .filter(|p| !positive || p.1 > 0.0)
        .map(|(x, y, i)| (x, y, i.filter(|i| !positive || i.0 > 0.0)))
        .collect();
    pts.sort_by(|a, b| a.0.total_cmp(&b.0));
    pts
}

/// The 95 % interval of `column` in row `r`: its `_low` and `_high` cells, where both are
/// numbers.
fn interval(table: &CsvTable, r: &[String], column: &str) -> Option<(f64, f64)> {
    let end = |s: Statistic| table.number(r, &format!("{column}{}", s.suffix()));
    Some((end(Statistic::Low)?, end(Statistic::High)?))
}

/// One line per value of `key` (the text of `key`'s columns joined with spaces), in
/// order of first appearance, through the numeric (`x`, `y`) cells of its rows sorted by
/// x; with `positive`, only points with y > 0 (for log axes).
///
/// A key none of whose rows gives a point keeps its line in the legend, named with the
/// reason ([`empty_reason`]), so the legend still lists every key of the table.
pub fn lines(table: &CsvTable, key: &[&str], x: &str, y: &str, positive: bool) -> Vec<Series> {
    lines_in(table, (key, x, y), positive, Language::En)
}

/// [`lines`] of the columns `(key, x, y)`, the legend's reasons in `language`.
pub fn lines_in(
    table: &CsvTable,
    (key, x, y): (&[&str], &str, &str),
    positive: bool,
    language: Language,
) -> Vec<Series> {
    let key_of = |r: &[String]| key.iter().map(|c| table.cell(r, c).unwrap_or_default()).collect::<Vec<_>>().join(" ");
    series_by(table, key_of)
        .into_iter()
        .map(|(name, rows)| {
            let drawn = points(table, &rows, x, y, positive);
            let under = rows.iter().any(|r| under_resolution(table, r, y));
            let name = match drawn.is_empty() {
                true => format!("{name} ({})", empty_reason_in(table, &rows, y, language)),
                false if under => {
                    format!(
                        "{name} ({})",
                        language.pick("times under 1 ms not drawn", "tijden onder 1 ms niet getekend")
                    )
                }
                false => name,
            };
            let points = drawn.iter().map(|p| (p.0, p.1)).collect();
            let intervals = drawn.iter().map(|p| p.2).collect();
            Series { name, points, reference: false, intervals }
        })
        .collect()
}

/// Whether row `r`'s `column` is a time under the timer's resolution (the tables' "< 1 ms").
fn under_resolution(table: &CsvTable, r: &[String], column: &str) -> bool {
    table.kind(column) == Kind::Seconds && table.number(r, column).is_some_and(|v| v < RESOLUTION_SECONDS)
}

/// Why `rows` give no point of `column`, in the words a legend entry shows: `timeout: no
/// point` when every such cell is a search that passed its time limit, `error: no point`
/// when one failed, `under 1 ms: no point` when every row's time was under the timer's
/// resolution, otherwise `no value`.
pub fn empty_reason(table: &CsvTable, rows: &[&[String]], column: &str) -> &'static str {
    empty_reason_in(table, rows, column, Language::En)
}

/// [`empty_reason`] in `language`.
pub fn empty_reason_in(table: &CsvTable, rows: &[&[String]], column: &str, language: Language) -> &'static str {
    let l = language;
    let cells: Vec<&str> = rows.iter().map(|r| table.cell(r, column).unwrap_or_default().trim()).collect();
    let status = |r: &&[String]| table.cell(r, crate::results::columns::TIMING_STATUS).unwrap_or_default().to_string();
    if !cells.is_empty() && cells.iter().all(|c| *c == "timeout") {
        l.pick("timeout: no point", "time-out: geen punt")
    } else if cells.iter().any(|c| c.starts_with("error")) {
        l.pick("error: no point", "fout: geen punt")
    } else if !rows.is_empty()
        && rows.iter().all(|r| status(r).starts_with("under 1 ms") || under_resolution(table, r, column))
    {
        l.pick("under 1 ms: no point", "onder 1 ms: geen punt")
    } else {
        l.pick("no value", "geen waarde")
    }
}

/// The text of a chart: file stem under `plots/`, title, caption and axis labels.
pub struct Labels {
    /// File stem (`<experiment>-<what>`).
    pub name: String,
    /// Short title (the SVG's heading).
    pub title: String,
    /// Figure caption.
    pub caption: String,
    /// x axis label.
    pub x_label: String,
    /// y axis label.
    pub y_label: String,
}

/// A chart of `series` as lines over an integer x axis.
pub fn line_chart(labels: Labels, log_y: bool, series: Vec<Series>) -> Chart {
    let Labels { name, title, caption, x_label, y_label } = labels;
    Chart { name, title, caption, x_label, y_label, log_y, integer_x: true, layout: Layout::Lines, series }
}

/// A bar chart: one bar per row (category) and column, log y.
pub struct Bars {
    /// Suffix of the chart's file stem (`<experiment>-<what>`).
    pub what: &'static str,
    /// The column naming each row's category (x axis).
    pub category: &'static str,
    /// (legend, column) of each bar series.
    pub columns: &'static [(&'static str, &'static str)],
    /// y axis label.
    pub y_label: &'static str,
    /// Caption; its text up to the first `:` is the title.
    pub caption: &'static str,
}

/// The bar chart `spec` of experiment `name`; a cell that is not a positive number
/// (a search that did not finish) has no bar. A column with no bar at all keeps its
/// legend entry, which says why (`dumb count (timeout: no bar)`).
pub fn bars(name: &str, table: &CsvTable, spec: &Bars) -> Chart {
    bars_in(name, table, spec, Language::En)
}

/// [`bars`], the words it adds to `spec`'s (legend reasons, the note on missing bars,
/// the x axis) in `language`.
pub fn bars_in(name: &str, table: &CsvTable, spec: &Bars, language: Language) -> Chart {
    let categories: Vec<String> = table.column(spec.category).iter().map(|c| c.to_string()).collect();
    let all_rows: Vec<&[String]> = table.rows.iter().map(Vec::as_slice).collect();
    let series = spec
        .columns
        .iter()
        .map(|(legend, column)| {
            let points: Vec<(f64, f64)> = table
                .rows
                .iter()
                .enumerate()
                .filter_map(|(i, r)| table.number(r, column).filter(|v| *v > 0.0).map(|v| (i as f64, v)))
                .collect();
            let name = match points.is_empty() {
                true => format!(
                    "{legend} ({})",
                    empty_reason_in(table, &all_rows, column, language)
                        .replace("point", "bar")
                        .replace("punt", "staaf")
                ),
                false => legend.to_string(),
            };
            Series { name, points, reference: false, intervals: Vec::new() }
        })
        .collect();
    let caption = spec.caption;
    let missing = missing_bars(table, spec, language);
    Chart {
        name: format!("{name}-{}", spec.what),
        title: format!("{} ({name})", caption.split(':').next().unwrap_or(caption)),
        caption: match missing.is_empty() {
            false => match language {
                Language::En => format!("{caption} No bar where the search did not finish (see the table): {missing}."),
                Language::Nl => {
                    format!("{caption} Geen staaf waar de zoektocht niet klaar was (zie de tabel): {missing}.")
                }
            },
            true => caption.to_string(),
        },
        x_label: super::cell_text::header_in(spec.category, super::cell_text::Medium::Text, language),
        y_label: spec.y_label.to_string(),
        log_y: true,
        integer_x: true,
        layout: Layout::Bars { categories },
        series,
    }
}

/// The bars a chart lacks because their search did not finish, in words: per series that
/// has some bars, the categories without one (`dumb count of 6x10 stenen2, 3x20
/// stenen2`); a series with no bar at all says so in its legend instead.
fn missing_bars(table: &CsvTable, spec: &Bars, language: Language) -> String {
    let mut parts = Vec::new();
    for (legend, column) in spec.columns {
        let missing: Vec<&str> = table
            .rows
            .iter()
            .filter(|r| table.number(r, column).is_none_or(|v| v <= 0.0))
            .filter_map(|r| table.cell(r, spec.category))
            .collect();
        if missing.is_empty() || missing.len() == table.rows.len() {
            continue;
        }
        parts.push(format!("{legend} {} {}", language.pick("of", "bij"), missing.join(", ")));
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table as table;

    fn by_instance(name: &str, t: &CsvTable, _: Language) -> Vec<Chart> {
        let labels = Labels {
            name: format!("{name}-positions"),
            title: String::new(),
            caption: String::new(),
            x_label: "undone".into(),
            y_label: "positions".into(),
        };
        vec![line_chart(labels, true, lines(t, &["instance"], "undone", "positions", true))]
    }

    const KIND: KindReport =
        KindReport { chart_columns: &["instance", "undone", "positions"], charts: by_instance, ..KindReport::new("") };

    #[test]
    fn lines_per_key_without_timeouts() {
        let t = table("instance,undone,positions,status\na,1,1,ok\na,0,5,ok\nb,1,3,ok\nb,2,timeout,timeout\nc,1,timeout,timeout\n");
        let c = charts("sw", ("g", "k"), Some(&KIND), &t).unwrap();
        assert_eq!(c[0].name, "sw-positions");
        let points: Vec<&[(f64, f64)]> = c[0].series.iter().map(|s| s.points.as_slice()).collect();
        assert_eq!(points, [&[(0.0, 5.0), (1.0, 1.0)][..], &[(1.0, 3.0)], &[]]);
    }

    /// Times under 1 ms (the tables' "< 1 ms") are not drawn as times: a line keeps its
    /// other points and says so; a line of only such times names why it has none.
    #[test]
    fn times_under_the_resolution_are_not_drawn() {
        let t = table("instance,n,seconds\na,1,0.0000004\na,2,0.5\nb,1,0.0000002\n");
        let series = lines(&t, &["instance"], "n", "seconds", true);
        assert_eq!(series[0].points, vec![(2.0, 0.5)]);
        assert_eq!(series[0].name, "a (times under 1 ms not drawn)");
        assert_eq!((series[1].points.len(), series[1].name.as_str()), (0, "b (under 1 ms: no point)"));
    }

    #[test]
    fn missing_column_is_refused() {
        let e = charts("sw", ("g", "k"), Some(&KIND), &table("instance,undone\n")).unwrap_err();
        assert!(e.message.contains("missing column `positions` (needed by the g k plots)"), "{}", e.message);
    }

    #[test]
    fn charts_without_data_and_unknown_kinds_are_dropped() {
        assert!(charts("x", ("g", "k"), Some(&KIND), &table("instance,undone,positions\n")).unwrap().is_empty());
        assert!(charts("x", ("g", "k"), None, &table("a\n1\n")).unwrap().is_empty());
    }

    #[test]
    fn bars_leave_out_unfinished_searches() {
        const SPEC: Bars =
            Bars { what: "w", category: "board", columns: &[("g", "games")], y_label: "n", caption: "T: c." };
        let c = bars("x", &table("board,games\na,3\nb,timeout\n"), &SPEC);
        assert_eq!((c.name.as_str(), c.title.as_str()), ("x-w", "T (x)"));
        assert_eq!(c.series[0].points, [(0.0, 3.0)]);
        assert_eq!(c.layout, Layout::Bars { categories: vec!["a".into(), "b".into()] });
        assert_eq!(c.series[0].name, "g");
        assert!(
            c.caption.ends_with("No bar where the search did not finish (see the table): g of b."),
            "{}",
            c.caption
        );
    }
}
