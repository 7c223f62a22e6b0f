//! Which charts an experiment gets, chosen by its (game, kind), built from its CSV.
//!
//! - `tegel/sweep`: positions visited and seconds against moves undone, log y, one line
//!   per instance;
//! - `harness/parallel`: speed-up against threads, one line per search, with the ideal
//!   speed-up dashed;
//! - `stenen/table`: positions visited per instance, dumb vs smart vs fast (counting)
//!   and dumb vs smart (finding), log y;
//! - `checkers/count`: continuation games and positions visited per board, log y;
//! - `checkers/perft`: leaves against depth, log y, one line per board.
//!
//! Only complete measurements are drawn: cells holding `timeout` or an error are left
//! out (the tables show them). A CSV lacking a column that its charts need is refused.

use crate::harness::InputError;

use super::chart::{Chart, Layout, Series};
use super::csv_table::CsvTable;

/// The columns the charts of (game, kind) read (empty for kinds without charts).
pub fn required_columns(game: &str, kind: &str) -> &'static [&'static str] {
    match (game, kind) {
        ("tegel", "sweep") => &["instance", "undone", "positions", "seconds"],
        ("harness", "parallel") => &["game", "search", "instance", "threads", "speedup"],
        ("stenen", "table") => &[
            "instance",
            "dumb_find_positions",
            "smart_find_positions",
            "dumb_count_positions",
            "smart_count_positions",
            "fast_count_positions",
        ],
        ("checkers", "count") => &["board", "games", "positions", "memo_positions"],
        ("checkers", "perft") => &["board", "depth", "leaves"],
        _ => &[],
    }
}

/// The charts of experiment `name` of (game, kind); refuses a CSV missing a needed column.
pub fn charts(name: &str, game: &str, kind: &str, table: &CsvTable) -> Result<Vec<Chart>, InputError> {
    let needed = required_columns(game, kind);
    table.require(needed, &format!("the {game} {kind} plots"))?;
    let charts = match (game, kind) {
        ("tegel", "sweep") => vec![
            sweep_chart(name, table, "positions", "positions visited"),
            sweep_chart(name, table, "seconds", "time taken"),
        ],
        ("harness", "parallel") => vec![speedup_chart(name, table)],
        ("stenen", "table") => vec![
            bars(
                name,
                "count-positions",
                table,
                "instance",
                &[
                    ("dumb count", "dumb_count_positions"),
                    ("smart count", "smart_count_positions"),
                    ("fast count", "fast_count_positions"),
                ],
                "positions visited",
                "Tiling, counting all solutions: positions visited, dumb vs smart vs fast, per instance (log scale).",
            ),
            bars(
                name,
                "find-positions",
                table,
                "instance",
                &[("dumb find", "dumb_find_positions"), ("smart find", "smart_find_positions")],
                "positions visited",
                "Tiling, finding one solution: positions visited, dumb vs smart, per instance (log scale).",
            ),
        ],
        ("checkers", "count") => vec![bars(
            name,
            "games",
            table,
            "board",
            &[("games", "games"), ("positions", "positions"), ("memoised positions", "memo_positions")],
            "count",
            "Checkers continuation games: games and positions visited (plain and memoised) per board size (log scale).",
        )],
        ("checkers", "perft") => vec![perft_chart(name, table)],
        _ => Vec::new(),
    };
    Ok(charts.into_iter().filter(Chart::has_data).collect())
}

/// Series keyed by the text of one or more columns, in order of first appearance.
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

fn points(table: &CsvTable, rows: &[&[String]], x: &str, y: &str, positive: bool) -> Vec<(f64, f64)> {
    let mut pts: Vec<(f64, f64)> = rows
        .iter()
        .filter_map(|r| Some((table.number(r, x)?, table.number(r, y)?)))
        .filter(|p| !positive || p.1 > 0.0)
        .collect();
    pts.sort_by(|a, b| a.0.total_cmp(&b.0));
    pts
}

fn sweep_chart(name: &str, table: &CsvTable, column: &str, what: &str) -> Chart {
    let series = series_by(table, |r| table.cell(r, "instance").unwrap_or_default().to_string())
        .into_iter()
        .map(|(instance, rows)| Series {
            name: instance,
            points: points(table, &rows, "undone", column, true),
            reference: false,
        })
        .collect();
    Chart {
        name: format!("{name}-{column}"),
        title: format!("Undo sweep ({name}): {what} against moves undone"),
        caption: format!(
            "Tile game undo sweep: {what} by besteScore against moves undone, one line per instance (log scale)."
        ),
        x_label: "moves undone".to_string(),
        y_label: if column == "seconds" { "time (s)".to_string() } else { what.to_string() },
        log_y: true,
        integer_x: true,
        layout: Layout::Lines,
        series,
    }
}

fn speedup_chart(name: &str, table: &CsvTable) -> Chart {
    let key = |r: &[String]| {
        ["game", "search", "instance"]
            .iter()
            .map(|c| table.cell(r, c).unwrap_or_default())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut series: Vec<Series> = series_by(table, key)
        .into_iter()
        .map(|(search, rows)| Series {
            name: search,
            points: points(table, &rows, "threads", "speedup", false),
            reference: false,
        })
        .collect();
    let mut threads: Vec<f64> = table.column("threads").iter().filter_map(|c| c.parse::<f64>().ok()).collect();
    threads.sort_by(f64::total_cmp);
    threads.dedup();
    if !threads.is_empty() {
        series.push(Series {
            name: "ideal".to_string(),
            points: threads.iter().map(|&t| (t, t)).collect(),
            reference: true,
        });
    }
    Chart {
        name: format!("{name}-speedup"),
        title: format!("Parallel speed-up ({name})"),
        caption: "Parallel speed-up of each exhaustive search against threads (sequential time / parallel time); the dashed line is the ideal speed-up.".to_string(),
        x_label: "threads".to_string(),
        y_label: "speed-up".to_string(),
        log_y: false,
        integer_x: true,
        layout: Layout::Lines,
        series,
    }
}

#[allow(clippy::too_many_arguments)]
fn bars(
    name: &str,
    what: &str,
    table: &CsvTable,
    category: &str,
    columns: &[(&str, &str)],
    y_label: &str,
    caption: &str,
) -> Chart {
    let categories: Vec<String> = table.column(category).iter().map(|c| c.to_string()).collect();
    let series = columns
        .iter()
        .map(|(legend, column)| Series {
            name: legend.to_string(),
            points: table
                .rows
                .iter()
                .enumerate()
                .filter_map(|(i, r)| table.number(r, column).filter(|v| *v > 0.0).map(|v| (i as f64, v)))
                .collect(),
            reference: false,
        })
        .collect();
    Chart {
        name: format!("{name}-{what}"),
        title: format!("{} ({name})", caption.split(':').next().unwrap_or(caption)),
        caption: format!("{caption} A missing bar is a search that did not finish (see the table)."),
        x_label: category.to_string(),
        y_label: y_label.to_string(),
        log_y: true,
        integer_x: true,
        layout: Layout::Bars { categories },
        series,
    }
}

fn perft_chart(name: &str, table: &CsvTable) -> Chart {
    let series = series_by(table, |r| table.cell(r, "board").unwrap_or_default().to_string())
        .into_iter()
        .map(|(board, rows)| Series {
            name: board,
            points: points(table, &rows, "depth", "leaves", true),
            reference: false,
        })
        .collect();
    Chart {
        name: format!("{name}-leaves"),
        title: format!("Perft ({name}): leaves against depth"),
        caption: "Checkers perft: leaves against depth, one line per board (log scale).".to_string(),
        x_label: "depth".to_string(),
        y_label: "leaves".to_string(),
        log_y: true,
        integer_x: true,
        layout: Layout::Lines,
        series,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn table(text: &str) -> CsvTable {
        CsvTable::parse(Path::new("t.csv"), text).unwrap()
    }

    #[test]
    fn sweep_has_a_line_per_instance_without_timeouts() {
        let t = table(
            "instance,undone,positions,seconds,status\na,1,1,0.1,ok\na,0,5,0.2,ok\nb,1,3,0.1,ok\nb,2,timeout,timeout,timeout\n",
        );
        let c = charts("sw", "tegel", "sweep", &t).unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].name, "sw-positions");
        assert_eq!(c[0].series.len(), 2);
        assert_eq!(c[0].series[0].points, [(0.0, 5.0), (1.0, 1.0)]);
        assert_eq!(c[0].series[1].points, [(1.0, 3.0)]);
    }

    #[test]
    fn speedup_adds_the_ideal_line() {
        let t = table("game,search,instance,threads,speedup\ntegel,best,s3,1,0.98\ntegel,best,s3,2,1.9\n");
        let c = charts("par", "harness", "parallel", &t).unwrap();
        assert_eq!(c[0].series[0].name, "tegel best s3");
        assert_eq!(c[0].series[1].points, [(1.0, 1.0), (2.0, 2.0)]);
        assert!(c[0].series[1].reference);
    }

    #[test]
    fn missing_column_is_refused() {
        let t = table("instance,undone,positions\n");
        let e = charts("sw", "tegel", "sweep", &t).unwrap_err();
        assert!(e.message.contains("missing column `seconds` (needed by the tegel sweep plots)"), "{}", e.message);
    }

    #[test]
    fn kinds_without_charts_need_nothing() {
        assert!(charts("x", "nim", "values", &table("a\n1\n")).unwrap().is_empty());
    }
}
