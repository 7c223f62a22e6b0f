//! The `summary` table across games: per exhaustive search of the `parallel`
//! experiment(s), the sequential positions, whether every parallel run visited exactly
//! as many, the sequential time and the speed-up on each thread count of the manifest,
//! each speed-up with its interval and marks and each search with its busy flag and
//! status, so that the page and the PDF show them as the `parallel` table does.

use std::path::Path;

use crate::base::error::InputError;
use crate::cross_game::experiments::{
    EQUAL, GAME, INSTANCE, PAR_POSITIONS, SEARCH, SEQ_POSITIONS, SEQ_SECONDS, SPEEDUP,
};
use crate::results::columns::{Column, Kind, Role, Statistic, ABOVE_BEFORE_2026_12_02, BUSY, SAMPLES, STATUS, THREADS};
use crate::results::row::{STATUS_OK, STATUS_TIMEOUT};

use crate::report::tables::latex_table;
use crate::report::titles::Titles;
use crate::results::csv_table::CsvTable;

/// The columns of a search's key in the summary.
const KEY: [&str; 3] = [GAME, SEARCH, INSTANCE];

/// Columns a `parallel` CSV must have for the summary.
pub const REQUIRED: [&str; 9] =
    [GAME, SEARCH, INSTANCE, THREADS, SEQ_POSITIONS, PAR_POSITIONS, EQUAL, SEQ_SECONDS, SPEEDUP];

/// The thread counts compared (the distinct `threads` values, ascending).
fn thread_counts(tables: &[&CsvTable]) -> Vec<u64> {
    let mut counts: Vec<u64> =
        tables.iter().flat_map(|t| t.column(THREADS)).filter_map(|c| c.trim().parse().ok()).collect();
    counts.sort_unstable();
    counts.dedup();
    counts
}

fn equal_cell(rows: &[(&CsvTable, &Vec<String>)]) -> String {
    let mut compared = 0;
    for (t, r) in rows {
        let (seq, par, eq) = (t.cell(r, SEQ_POSITIONS), t.cell(r, PAR_POSITIONS), t.cell(r, EQUAL));
        let unmeasured = |c: Option<&str>| c.is_none_or(|c| c.trim().is_empty() || c.trim() == STATUS_TIMEOUT);
        if unmeasured(seq) || unmeasured(par) {
            continue;
        }
        if seq != par || eq != Some("true") {
            return format!("NO: {} vs {}", seq.unwrap_or_default(), par.unwrap_or_default());
        }
        compared += 1;
    }
    if compared == 0 {
        STATUS_TIMEOUT.to_string()
    } else {
        "true".to_string()
    }
}

/// The statistics of a speed-up that the summary carries beside it, so that every format
/// shows its interval, its rounds and its marks (`above N threads (not significant)`, `codes differ`) as the
/// `parallel` table does.
const SPEEDUP_STATISTICS: [Statistic; 5] =
    [Statistic::Low, Statistic::High, Statistic::Rounds, Statistic::Above, Statistic::CodesDiffer];

/// The summary's column of the speed-up on `count` threads.
fn speedup_column(count: u64) -> String {
    format!("{SPEEDUP}_{count}_thread{}", if count == 1 { "" } else { "s" })
}

/// A search's cell of `column` (`status`) in the summary: the first of its rows' that is
/// neither empty nor `ok` (a stop, an error), else `otherwise`.
fn first_said(rows: &[(&CsvTable, &Vec<String>)], column: &str, otherwise: &str) -> String {
    let mut cells = rows.iter().filter_map(|(t, r)| t.cell(r, column)).map(str::trim);
    cells.find(|s| *s != STATUS_OK && !s.is_empty()).unwrap_or(otherwise).to_string()
}

/// Whether some row of a search was timed on a busy machine (its `busy` cell).
fn busy_cell(rows: &[(&CsvTable, &Vec<String>)]) -> String {
    rows.iter().any(|(t, r)| t.cell(r, BUSY).is_some_and(|b| b.trim() == "true")).to_string()
}

/// The summary as an in-memory CSV table (one row per search and instance): each speed-up
/// with its interval, rounds and marks (hidden columns that decorate it), the sequential
/// time with its spread and samples (a time under 1 ms reads `< 1 ms`, beside no
/// speed-up), whether any row of the search ran busy, and the first status that is not
/// `ok`.
pub fn summary_table(tables: &[&CsvTable]) -> Result<CsvTable, InputError> {
    for t in tables {
        t.require(&REQUIRED, "the summary table")?;
    }
    let counts = thread_counts(tables);
    let seq_mad = format!("{SEQ_SECONDS}{}", Statistic::Mad.suffix());
    let mut declared = vec![
        Column::new(GAME, Kind::Text, Role::Result),
        Column::new(SEARCH, Kind::Text, Role::Result),
        Column::new(INSTANCE, Kind::Text, Role::Result),
        Column::new(SEQ_POSITIONS, Kind::Count, Role::Result),
        Column::new("positions_equal", Kind::Text, Role::Result),
        Column::new(SEQ_SECONDS, Kind::Seconds, Role::Measured),
        Column::new(&seq_mad, Kind::Seconds, Role::Spread { of: SEQ_SECONDS.into(), statistic: Statistic::Mad }),
        Column::new(SAMPLES, Kind::Count, Role::Cpu),
    ];
    for &count in &counts {
        let of = speedup_column(count);
        declared.push(Column::new(&of, Kind::Speedup, Role::Measured));
        for statistic in SPEEDUP_STATISTICS {
            let name = format!("{of}{}", statistic.suffix());
            let role = Role::Spread { of: of.clone(), statistic };
            declared.push(Column::new(name, statistic.kind(Kind::Speedup), role));
        }
    }
    declared.push(Column::new(BUSY, Kind::Flag, Role::Busy));
    declared.push(Column::new(STATUS, Kind::Status, Role::Status));
    let columns: Vec<String> = declared.iter().map(|c| c.name.clone()).collect();
    let mut keys: Vec<[String; 3]> = Vec::new();
    let mut grouped: Vec<Vec<(&CsvTable, &Vec<String>)>> = Vec::new();
    for t in tables {
        for r in &t.rows {
            let key = KEY.map(|c| t.cell(r, c).unwrap_or_default().to_string());
            match keys.iter().position(|k| *k == key) {
                Some(i) => grouped[i].push((t, r)),
                None => {
                    keys.push(key);
                    grouped.push(vec![(t, r)]);
                }
            }
        }
    }
    let rows = keys
        .into_iter()
        .zip(&grouped)
        .map(|(key, rows)| {
            let (t0, r0) = rows[0];
            let cell = |t: &CsvTable, r: &[String], c: &str| t.cell(r, c).unwrap_or_default().to_string();
            let mut row = key.to_vec();
            row.push(cell(t0, r0, SEQ_POSITIONS));
            row.push(equal_cell(rows));
            for c in [SEQ_SECONDS, &seq_mad, SAMPLES] {
                row.push(cell(t0, r0, c));
            }
            for count in &counts {
                let at = rows
                    .iter()
                    .find(|(t, r)| t.cell(r, THREADS).and_then(|c| c.trim().parse::<u64>().ok()) == Some(*count));
                row.push(at.map(|(t, r)| cell(t, r, SPEEDUP)).unwrap_or_default());
                for statistic in SPEEDUP_STATISTICS {
                    row.push(at.map(|(t, r)| statistic_cell(t, r, statistic)).unwrap_or_default());
                }
            }
            row.push(busy_cell(rows));
            row.push(first_said(rows, STATUS, STATUS_OK));
            row
        })
        .collect();
    Ok(CsvTable::derived(Path::new("summary.csv"), columns, rows).declare(&declared))
}

/// The cell of a speed-up's `statistic` in `row` of `t`; a table written before
/// 2026-12-02 names [`Statistic::Above`] `speedup_drift`.
fn statistic_cell(t: &CsvTable, row: &[String], statistic: Statistic) -> String {
    let name = format!("{SPEEDUP}{}", statistic.suffix());
    let old = format!("{SPEEDUP}{ABOVE_BEFORE_2026_12_02}");
    let cell = t.cell(row, &name).or_else(|| (statistic == Statistic::Above).then(|| t.cell(row, &old)).flatten());
    cell.unwrap_or_default().to_string()
}

/// The LaTeX of the summary table (a short note when there is no parallel experiment).
pub fn summary_tex(tables: &[&CsvTable]) -> Result<String, InputError> {
    if tables.is_empty() {
        return Ok("% Generated by `harness report`.\n\\emph{No \\texttt{parallel} experiment in these results, \
                   so there is no sequential vs parallel summary.}\n"
            .to_string());
    }
    let summary = summary_table(tables)?;
    Ok(latex_table(&summary, &Titles::new("summary", Some(&summary_caption(tables)), Some("tab:summary"))))
}

/// The summary's caption (LaTeX), naming the manifest's thread counts.
pub fn summary_caption(tables: &[&CsvTable]) -> String {
    let counts: Vec<String> = thread_counts(tables).iter().map(u64::to_string).collect();
    format!(
        "Summary across games: for every exhaustive search, the positions visited sequentially, whether every \
         parallel run visited exactly as many (must be yes), the sequential time and the speed-up \
         (sequential time / parallel time) on the manifest's thread counts ({}).",
        counts.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARALLEL: &str = "game,search,instance,threads,seq_positions,par_positions,equal,seq_seconds,par_seconds,speedup,result,seed,time_limit,status\n\
        g1,best,spel3.txt,1,1356123,1356123,true,1.2,1.3,0.92,0 (0;b),1,20,ok\n\
        g1,best,spel3.txt,2,1356123,1356123,true,1.2,0.7,1.71,0 (0;b),1,20,ok\n\
        g2,count smart,6x10 s2,1,99,98,false,1.0,1.0,1.0,2339,1,20,ok\n\
        g2,count smart,6x10 s2,2,99,99,true,1.0,0.5,2.0,2339,1,20,ok\n";

    #[test]
    fn one_row_per_search_with_speedups_per_thread_count() {
        let t = CsvTable::parse(Path::new("parallel.csv"), PARALLEL).unwrap();
        let s = summary_table(&[&t]).unwrap();
        let view = crate::report::view::TableView::of(&s);
        let shown: Vec<&str> = view.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            shown,
            [
                GAME,
                SEARCH,
                INSTANCE,
                SEQ_POSITIONS,
                "positions_equal",
                SEQ_SECONDS,
                "speedup_1_thread",
                "speedup_2_threads"
            ]
        );
        let texts: Vec<&str> = view.rows[0].cells.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["g1", "best", "spel3.txt", "1,356,123", "yes", "1.20", "0.92", "1.71"]);
        assert_eq!(view.rows[1].cells[4].text, "NO: 99 vs 98");
    }

    /// The summary carries each speed-up's interval and marks, the sequential time's
    /// spread and the busy flag: on 2 threads
    /// 2.3 (1.9–2.5) reads above 2 threads (not significant) and 2.4 (2.25–2.56) reads codes differ, a busy row
    /// is marked, a sequential time under 1 ms reads `< 1 ms` beside an empty speed-up,
    /// and the LaTeX defines every mark it shows.
    #[test]
    fn speedups_keep_their_intervals_marks_and_busy_rows() {
        let csv = "game,search,instance,threads,seq_positions,par_positions,equal,seq_seconds,seq_seconds_mad,samples,\
                   speedup,speedup_low,speedup_high,speedup_rounds,speedup_above,speedup_codes_differ,busy,timing_status,status\n\
            g,perft 11,8x8 r3,1,5,5,true,0.500000,0.010000,5,0.990,0.950,1.030,5,false,false,false,,ok\n\
            g,perft 11,8x8 r3,2,5,5,true,0.500000,0.010000,5,2.300,1.900,2.500,5,true,false,true,,ok\n\
            g,count,5x6 r1,2,9,9,true,2.000000,0.020000,5,2.400,2.250,2.560,5,false,true,false,,ok\n\
            g,best,spel3.txt,2,3,3,true,0.000400,0.000010,5,,,,,,,false,\"under 1 ms, no speedup\",ok\n";
        let t = CsvTable::parse(Path::new("parallel.csv"), csv).unwrap();
        let s = summary_table(&[&t]).unwrap();
        let view = crate::report::view::TableView::of(&s);
        let cell = |r: usize, c: usize| view.rows[r].cells[c].text.as_str();
        assert_eq!((cell(0, 6), view.rows[0].cells[6].interval.as_deref()), ("0.99", Some("0.95–1.03")));
        assert_eq!(cell(0, 7), "above 2 threads (not significant): 2.30 (1.90–2.50)");
        assert_eq!(cell(1, 7), "codes differ (2.40; 2.25–2.56)");
        assert_eq!((cell(2, 5), cell(2, 7)), ("< 1 ms", "–"));
        assert_eq!(view.rows[0].cells[5].spread.as_deref(), Some("0.0100"));
        assert!(view.rows[0].busy && !view.rows[1].busy);
        assert_eq!(view.columns.len(), 8, "every status ok: a note; the table stays narrow");
        let tex = summary_tex(&[&t]).unwrap();
        assert!(tex.contains("\\textit{above 2 threads (not significant): 2.30 (1.90--2.50)}"), "{tex}");
        assert!(tex.contains("0.99\\,{\\footnotesize[0.95--1.03]}"), "{tex}");
        assert!(tex.contains("g \\textit{(busy)} & perft 11"), "{tex}");
        assert!(tex.contains("\\begin{landscape}"), "the label above 2 threads widens its column: {tex}");
        for word in [
            "above N threads (not significant): on two threads or more",
            "codes differ: on two threads",
            "busy: while this row",
            "\\textless{} 1 ms: the median",
        ] {
            assert!(tex.contains(word), "{word}: {tex}");
        }
    }

    #[test]
    fn missing_columns_are_refused() {
        let t = CsvTable::parse(Path::new("parallel.csv"), "game,search\n").unwrap();
        let e = summary_table(&[&t]).unwrap_err();
        assert!(e.to_string().starts_with("parallel.csv:1: missing columns `instance`"), "{e}");
    }
}
