//! What a run warns about its own measurements (pyperf's `check`): cells whose spread
//! passes [`MAX_SPREAD`] of their median, cells under [`MIN_SECONDS`], one-thread
//! speed-ups outside [`ONE_THREAD_RANGE`], rows that took fewer samples than asked. Read from an experiment's wide CSV and its declared columns,
//! so the end of a run and the report's page say the same.

use std::path::Path;

use crate::base::text::grouped_digits;

use super::columns::{Columns, Kind, Role, Statistic, SAMPLES, THREADS};
use super::experiment_meta::ExperimentMeta;
use super::row::{ONE_THREAD_RANGE, RESOLUTION_SECONDS};
use super::table::csv_path;

/// A cell whose median absolute deviation passes this share of its median is warned about.
pub const MAX_SPREAD: f64 = 0.10;
/// A cell whose median is under this many seconds is warned about: the clock's resolution
/// and the call's own overhead weigh on it (no rate or ratio is computed from it).
pub const MIN_SECONDS: f64 = RESOLUTION_SECONDS;
/// The longest text cell that names a row in a warning.
const MAX_KEY_CHARS: usize = 24;
/// At most this many cells are named per warning.
const NAMED: usize = 5;

/// The warnings of experiment `name`'s table (`rows` under `columns`), whose cells asked
/// for `samples_asked` samples (unknown: not checked), one line per kind of warning.
pub fn of_table(name: &str, columns: &Columns, rows: &[Vec<String>], samples_asked: Option<u32>) -> Vec<String> {
    let num = |row: &[String], i: usize| row.get(i).and_then(|c| c.trim().parse::<f64>().ok());
    let keys = key_columns(columns, rows);
    let key = |row: &[String]| cell_key(columns, &keys, row);
    let (mut spread, mut short, mut long) = (Vec::new(), Vec::new(), None::<(f64, String)>);
    for (c, column) in columns.0.iter().enumerate().filter(|(_, c)| c.is_timing()) {
        let mad = columns.spread_of(&column.name, Statistic::Mad);
        for row in rows {
            let Some(median) = num(row, c) else { continue };
            let cell = format!("{}: {}", key(row), column.name);
            if let Some(m) = mad.and_then(|i| num(row, i)).filter(|&m| median > 0.0 && m > MAX_SPREAD * median) {
                spread.push(format!("{cell} spread {:.0} %", 100.0 * m / median));
            }
            if median < MIN_SECONDS {
                short.push(cell);
            } else if long.as_ref().is_none_or(|(s, _)| median < *s) {
                long = Some((median, cell));
            }
        }
    }
    let mut out = Vec::new();
    if !spread.is_empty() {
        out.push(format!(
            "{name}: {} spread more than {:.0} % of {} median (median absolute deviation): {}; rerun {} \
             on a quieter machine or with more samples",
            cells(spread.len()),
            MAX_SPREAD * 100.0,
            if spread.len() == 1 { "its" } else { "their" },
            named(&spread),
            if spread.len() == 1 { "it" } else { "them" }
        ));
    }
    // A short time is a fact of a small instance (the assignment's own spel1.txt answers
    // in microseconds), not a fault to fix; it weighs only where times are compared.
    let compares = columns.0.iter().any(|c| c.kind == Kind::Speedup);
    if !short.is_empty() && compares {
        let bigger = match &long {
            Some((s, cell)) => {
                format!("time a bigger instance (the shortest cell of 1 ms or more here: {cell}, {:.1} ms)", s * 1000.0)
            }
            None => "add a bigger instance to the manifest (no cell here reaches 1 ms)".to_string(),
        };
        out.push(format!(
            "{name}: {} under {:.0} ms, too short to time well: {}; {bigger}",
            cells(short.len()),
            MIN_SECONDS * 1000.0,
            named(&short)
        ));
    }
    let one_thread = one_thread_ratios(columns, rows, &key);
    if !one_thread.is_empty() {
        let (low, high) = ONE_THREAD_RANGE;
        out.push(format!(
            "{name}: {} on one thread outside {low:.2}–{high:.2}: {}; on one thread the parallel code should take \
             the sequential code's time, so the two codes do different work (or the machine's speed changed \
             between the rounds)",
            if one_thread.len() == 1 { "1 speed-up".to_string() } else { format!("{} speed-ups", one_thread.len()) },
            named(&one_thread)
        ));
    }
    if let (Some(asked), Some(s)) = (samples_asked, columns.index(SAMPLES)) {
        let few: Vec<String> = rows
            .iter()
            .filter_map(|r| {
                num(r, s)
                    .filter(|&n| n < f64::from(asked))
                    .map(|n| format!("{}: {n} sample{}", key(r), if n == 1.0 { "" } else { "s" }))
            })
            .collect();
        if !few.is_empty() {
            out.push(format!(
                "{name}: {} took fewer samples than the {asked} asked (the cell's sample budget ran out): {}; \
                 raise sample_budget for more",
                if few.len() == 1 { "1 row".to_string() } else { format!("{} rows", few.len()) },
                named(&few)
            ));
        }
    }
    out
}

/// The speed-ups of one-thread rows outside [`ONE_THREAD_RANGE`], each named by its row
/// `key`, with its interval: the speed-up columns whose ceiling is the thread count (their
/// `X_above` cell is filled), in rows whose `threads` is 1.
fn one_thread_ratios(columns: &Columns, rows: &[Vec<String>], key: &dyn Fn(&[String]) -> String) -> Vec<String> {
    let num = |row: &[String], i: Option<usize>| i.and_then(|i| row.get(i)).and_then(|c| c.trim().parse::<f64>().ok());
    let Some(threads) = columns.index(THREADS) else { return Vec::new() };
    let mut out = Vec::new();
    for (c, column) in columns.0.iter().enumerate() {
        if column.kind != Kind::Speedup || column.role != Role::Measured {
            continue;
        }
        let Some(above) = columns.spread_of(&column.name, Statistic::Above) else { continue };
        let (low, high) =
            (columns.spread_of(&column.name, Statistic::Low), columns.spread_of(&column.name, Statistic::High));
        for row in rows.iter().filter(|r| num(r, Some(threads)) == Some(1.0) && !r[above].trim().is_empty()) {
            let Some(ratio) = num(row, Some(c)).filter(|r| !(ONE_THREAD_RANGE.0..=ONE_THREAD_RANGE.1).contains(r))
            else {
                continue;
            };
            let interval = match (num(row, low), num(row, high)) {
                (Some(l), Some(h)) => format!(" ({l:.2}–{h:.2})"),
                _ => String::new(),
            };
            out.push(format!("{}: {} {ratio:.2}{interval}", key(row), column.name));
        }
    }
    out
}

/// The warnings of committed experiment `meta` in results directory `out` (see
/// [`of_table`]), with its CSV read back; none when the CSV cannot be read.
pub fn of_experiment(out: &Path, meta: &ExperimentMeta) -> Vec<String> {
    let Ok(mut reader) = csv::Reader::from_path(csv_path(out, &meta.heading.name)) else { return Vec::new() };
    let Ok(header) = reader.headers().map(|h| h.iter().map(String::from).collect::<Vec<_>>()) else {
        return Vec::new();
    };
    let rows: Vec<Vec<String>> = reader.records().flatten().map(|r| r.iter().map(String::from).collect()).collect();
    of_table(&meta.heading.name, &Columns::of(&header, &meta.columns), &rows, meta.samples_asked)
}

/// The warnings of every committed experiment in `out` named in `names`, in that order,
/// each cause once (an experiment named twice, or one warning said twice, is one line).
pub fn of_run(out: &Path, names: &[String]) -> Vec<String> {
    let mut out_lines: Vec<String> = Vec::new();
    for line in names.iter().filter_map(|n| ExperimentMeta::read(out, n)).flat_map(|m| of_experiment(out, &m)) {
        if !out_lines.contains(&line) {
            out_lines.push(line);
        }
    }
    out_lines
}

/// The columns that name a row in a warning: up to three leading text or count results
/// (stopping at a column most of whose cells are longer than [`MAX_KEY_CHARS`]: one long
/// instance name does not take the instance out of every row's name);
/// when they do not tell the rows apart (one search measured on several thread counts),
/// `threads` too, so that no two rows are named alike.
fn key_columns(columns: &Columns, rows: &[Vec<String>]) -> Vec<usize> {
    // A long text (a list of every move's average) names no row a reader can find.
    let long = |i: usize| rows.iter().filter(|r| r.get(i).is_some_and(|c| c.chars().count() > MAX_KEY_CHARS)).count();
    let short = |i: usize| 2 * long(i) <= rows.len();
    let mut keys: Vec<usize> = (0..columns.0.len())
        .take_while(|&i| {
            columns.0[i].role == Role::Result && matches!(columns.0[i].kind, Kind::Text | Kind::Count) && short(i)
        })
        .take(3)
        .collect();
    let distinct = |keys: &[usize]| {
        let mut seen: Vec<Vec<&str>> =
            rows.iter().map(|r| keys.iter().map(|&k| r.get(k).map_or("", String::as_str)).collect()).collect();
        seen.sort();
        seen.dedup();
        seen.len() == rows.len()
    };
    if !distinct(&keys) {
        if let Some(threads) = columns.index(crate::results::columns::THREADS).filter(|t| !keys.contains(t)) {
            keys.push(threads);
        }
    }
    keys
}

/// A row named by its key columns so that no number reads as a time: a text cell as it
/// is, a count whose column name is a plural as `(845,931 leaves)`, another count as
/// `depth 8`: `8x8 r3 depth 8 (845,931 leaves)`.
fn cell_key(columns: &Columns, keys: &[usize], row: &[String]) -> String {
    keys.iter()
        .filter(|&&k| !row[k].is_empty())
        .map(|&k| {
            let (name, value) = (columns.0[k].name.replace('_', " "), row[k].as_str());
            match columns.0[k].kind {
                _ if columns.0[k].name == crate::results::columns::THREADS => {
                    format!("on {value} thread{}", if value == "1" { "" } else { "s" })
                }
                Kind::Count if name.ends_with('s') => format!("({} {name})", grouped_digits(value)),
                Kind::Count => format!("{name} {}", grouped_digits(value)),
                _ => crate::base::text::excerpt_to(value, MAX_KEY_CHARS),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".to_string()
    } else {
        format!("{n} cells")
    }
}

fn named(items: &[String]) -> String {
    let mut text = items.iter().take(NAMED).cloned().collect::<Vec<_>>().join(", ");
    if items.len() > NAMED {
        text.push_str(&format!(" and {} more", items.len() - NAMED));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::columns::Column;

    fn table() -> Columns {
        Columns(vec![
            Column::new("instance", Kind::Text, Role::Result),
            Column::new("seconds", Kind::Seconds, Role::Measured),
            Column::new("seconds_mad", Kind::Seconds, Role::Spread { of: "seconds".into(), statistic: Statistic::Mad }),
            Column::new(SAMPLES, Kind::Count, Role::Cpu),
        ])
    }

    fn row(cells: &str) -> Vec<String> {
        cells.split(',').map(String::from).collect()
    }

    /// [`table`] with a speed-up column: a table that compares times.
    fn compared() -> Columns {
        let mut c = table();
        c.0.push(Column::new("speedup", Kind::Speedup, Role::Measured));
        c
    }

    #[test]
    fn wide_spread_short_cells_and_few_samples_are_named() {
        let rows = [row("a,0.100000,0.020000,5,1"), row("b,0.000400,0.000010,5,1"), row("c,0.050000,0.001000,2,1")];
        let w = of_table("t", &compared(), &rows, Some(5));
        assert_eq!(w.len(), 3, "{w:?}");
        assert!(
            w[0].starts_with("t: 1 cell spread more than 10 %") && w[0].contains("a: seconds spread 20 %"),
            "{w:?}"
        );
        assert!(w[1].contains("1 cell under 1 ms") && w[1].contains("b: seconds"), "{w:?}");
        assert!(w[1].contains("c: seconds, 50.0 ms"), "the shortest cell of 1 ms or more is named: {w:?}");
        assert!(w[2].contains("1 row took fewer samples than the 5 asked") && w[2].contains("c: 2 samples"), "{w:?}");
        assert!(w[0].contains("of its median") && w[0].contains("rerun it on"), "{w:?}");
        let once = of_table("t", &compared(), &[row("c,0.050000,0.001000,1,1")], Some(5));
        assert!(once[0].contains("c: 1 sample;"), "{once:?}");
    }

    #[test]
    fn a_cell_is_named_by_its_key_columns_and_no_count_reads_as_a_time() {
        let columns = Columns(vec![
            Column::new("board", Kind::Text, Role::Result),
            Column::new("depth", Kind::Count, Role::Result),
            Column::new("leaves", Kind::Count, Role::Result),
            Column::new("seconds", Kind::Seconds, Role::Measured),
            Column::new("seconds_mad", Kind::Seconds, Role::Spread { of: "seconds".into(), statistic: Statistic::Mad }),
        ]);
        let w = of_table("checkers_perft", &columns, &[row("8x8 r3,8,845931,0.010000,0.002600")], None);
        assert!(w[0].contains("8x8 r3 depth 8 (845,931 leaves): seconds spread 26 %"), "{w:?}");
    }

    /// A one-thread speed-up (the parallel code on one thread against the sequential
    /// code) outside 0.93–1.07 is warned about, with its interval; one inside, a speed-up
    /// on two threads and a ratio without a thread ceiling (a memo against a walk) are not.
    #[test]
    fn a_one_thread_ratio_far_from_one_is_named() {
        let spread = |name: &str, statistic: Statistic| {
            Column::new(name, statistic.kind(Kind::Speedup), Role::Spread { of: "speedup".into(), statistic })
        };
        let columns = Columns(vec![
            Column::new("search", Kind::Text, Role::Result),
            Column::new("instance", Kind::Text, Role::Result),
            Column::new("speedup", Kind::Speedup, Role::Measured),
            spread("speedup_low", Statistic::Low),
            spread("speedup_high", Statistic::High),
            spread("speedup_above", Statistic::Above),
            Column::new(THREADS, Kind::Count, Role::Common),
        ]);
        let rows = [
            row("count,5x6 r1,1.250,1.110,1.410,false,1"),
            row("perft 11,8x8 r3,0.990,0.950,1.030,false,1"),
            row("perft 11,8x8 r3,1.900,1.800,2.000,false,2"),
            row("count memo,6x6 r1,14.240,7.900,25.670,,1"),
            row("best,spel3.txt,0.920,,,false,1"),
        ];
        let w = of_table("parallel", &columns, &rows, None);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].starts_with("parallel: 2 speed-ups on one thread outside 0.93–1.07: "), "{w:?}");
        assert!(
            w[0].contains(
                "count 5x6 r1 on 1 thread: speedup 1.25 (1.11–1.41), best spel3.txt on 1 thread: speedup 0.92;"
            ),
            "{w:?}"
        );
    }

    /// One instance name longer than the key's limit is cut in its own row's name, and
    /// every other row is still named by its instance.
    #[test]
    fn one_long_instance_name_is_cut_not_dropped_from_every_row() {
        let long = "a-very-long-instance-name-of-the-course.txt";
        let rows = [row(&format!("{long},0.1,0.0001,3")), row("spel1.txt,0.1,0.0001,3")];
        let w = of_table("t", &table(), &rows, Some(5));
        assert!(w[0].contains("a-very-long-instance-nam…: 3 samples, spel1.txt: 3 samples"), "{w:?}");
    }

    #[test]
    fn a_short_answer_of_a_small_instance_is_no_warning() {
        let rows = [row("spel1.txt,0.000400,0.000010,5")];
        assert!(of_table("tegel_best", &table(), &rows, Some(5)).is_empty());
    }

    #[test]
    fn rows_of_one_search_on_several_thread_counts_are_told_apart() {
        let mut columns = table();
        columns.0.push(Column::new(crate::results::columns::THREADS, Kind::Count, Role::Common));
        let rows = [row("parallel.txt,0.1,0.0001,3,1"), row("parallel.txt,0.1,0.0001,3,2")];
        let w = of_table("p", &columns, &rows, Some(5));
        assert!(w[0].contains("parallel.txt on 1 thread: 3 samples, parallel.txt on 2 threads: 3 samples"), "{w:?}");
    }

    #[test]
    fn steady_long_cells_give_no_warning() {
        let rows = [row("a,0.100000,0.002000,5"), row("b,,,")];
        assert!(of_table("t", &table(), &rows, Some(5)).is_empty());
        assert!(of_table("t", &table(), &[row("a,0.1,0.002,1")], None).is_empty(), "unknown ask: not checked");
    }
}
