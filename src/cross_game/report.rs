//! What the report knows of the harness's own experiments (`game = "harness"`): the
//! caption of the `parallel` comparison and its speed-up chart (one line per search, the
//! ideal speed-up dashed). Its tables also feed the cross-game summary
//! ([`super::summary`]).
//!
//! The cross-game counterpart of a game's `src/GAME/report.rs`; `src/report` names no kind
//! of its own. The kind table itself is wired in the registry (`src/runner/registry.rs`),
//! which hands these experiments the games' searches.

use std::path::PathBuf;

use super::experiments::{GAME, INSTANCE, PARALLEL, SEARCH, SPEEDUP};
use super::summary::{summary_caption, summary_table, summary_tex};
use crate::base::error::InputError;
use crate::report::chart::{Chart, Series};
use crate::report::kinds::KindReport;
use crate::report::language::Language;
use crate::report::plots::{line_chart, lines, Labels};
use crate::report::Loaded;
use crate::results::csv_table::CsvTable;
use crate::results::row::THREADS;

/// The game name of the cross-game experiments in manifests (`game = "harness"`).
pub const HARNESS: &str = "harness";

/// What the report knows of the `parallel` kind: its table is not placed in the report,
/// whose summary table (`tex/summary.tex`) holds its positions and speed-ups.
pub const PARALLEL_REPORT: KindReport = KindReport {
    placed: true,
    table_placed: false,
    chart_columns: &[GAME, SEARCH, INSTANCE, THREADS, SPEEDUP],
    charts: speedup_charts,
    ..KindReport::new("sequential against parallel exhaustive searches")
};

/// What the report knows of the `speed` kind.
pub const SPEED_REPORT: KindReport = KindReport::new("positions per second of each engine, sequential and parallel");

/// `tex/summary.tex`: the cross-game summary of every `parallel` table (a short note when
/// there is none).
pub fn summary_files(loaded: &[&Loaded]) -> Result<Vec<(PathBuf, String)>, InputError> {
    let parallel: Vec<&CsvTable> = loaded.iter().filter(|l| l.kind == PARALLEL).map(|l| &l.table).collect();
    Ok(vec![(PathBuf::from("tex/summary.tex"), summary_tex(&parallel)?)])
}

/// The cross-game summary for the HTML page (none without a `parallel` table).
pub fn summary_view(loaded: &[&Loaded]) -> Result<Option<(String, CsvTable)>, InputError> {
    let parallel: Vec<&CsvTable> = loaded.iter().filter(|l| l.kind == PARALLEL).map(|l| &l.table).collect();
    if parallel.is_empty() {
        return Ok(None);
    }
    Ok(Some((summary_caption(&parallel), summary_table(&parallel)?)))
}

/// The speed-up chart: one line per search over the thread counts, each estimate with its
/// 95 % interval, the ideal dashed. Every estimate is drawn, one above its thread count
/// too (the table names it: above the threads but not significantly, or codes that
/// differ), so that leaving one out cannot pull a line down; a search with no speed-up
/// to draw (times under 1 ms) keeps its legend entry, which says why.
fn speedup_charts(name: &str, table: &CsvTable, _: Language) -> Vec<Chart> {
    let mut series = lines(table, &[GAME, SEARCH, INSTANCE], THREADS, SPEEDUP, false);
    let mut threads: Vec<f64> = table.column(THREADS).iter().filter_map(|c| c.parse::<f64>().ok()).collect();
    threads.sort_by(f64::total_cmp);
    threads.dedup();
    if !threads.is_empty() {
        series.push(Series {
            name: "ideal".to_string(),
            points: threads.iter().map(|&t| (t, t)).collect(),
            reference: true,
            intervals: Vec::new(),
        });
    }
    let labels = Labels {
        name: format!("{name}-speedup"),
        title: format!("Parallel speed-up ({name})"),
        caption: "Parallel speed-up of each exhaustive search against threads (sequential time / parallel time); the bars are 95 % intervals; the dashed line is the ideal speed-up. Every estimate is drawn, one above its thread count too (the table says whether significantly); times under 1 ms are not.".to_string(),
        x_label: "threads".to_string(),
        y_label: "speed-up".to_string(),
    };
    vec![line_chart(labels, false, series)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::plots::charts;
    use crate::results::csv_table::test_table;

    #[test]
    fn speedup_adds_the_ideal_line() {
        let t = test_table("game,search,instance,threads,speedup\ng,best,s3,1,0.98\ng,best,s3,2,1.9\n");
        let c = charts("par", (HARNESS, PARALLEL), Some(&PARALLEL_REPORT), &t).unwrap();
        assert_eq!(c[0].series[0].name, "g best s3");
        assert_eq!(c[0].series[1].points, [(1.0, 1.0), (2.0, 2.0)]);
        assert!(c[0].series[1].reference);
    }

    /// Every speed-up is drawn with its interval, one above its thread count too (2.30 on
    /// 2 threads, interval 1.90–2.50, and 2.40 wholly above): leaving it out would pull
    /// the line down; a search left with no point (times under 1 ms) draws no line.
    #[test]
    fn speedups_above_their_threads_are_drawn_with_their_intervals() {
        let t = test_table(
            "game,search,instance,threads,speedup,speedup_low,speedup_high,speedup_above,speedup_codes_differ\n\
             g,best,s3,1,0.98,0.95,1.01,false,false\ng,best,s3,2,2.30,1.90,2.50,true,false\n\
             g,count,5x6,2,2.40,2.25,2.56,false,true\ng,perft,5,2,,,,,\n",
        );
        let c = charts("par", (HARNESS, PARALLEL), Some(&PARALLEL_REPORT), &t).unwrap();
        let names: Vec<&str> = c[0].series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["g best s3", "g count 5x6", "g perft 5 (no value)", "ideal"]);
        assert_eq!(c[0].series[0].points, [(1.0, 0.98), (2.0, 2.30)]);
        assert_eq!(c[0].series[0].intervals, [Some((0.95, 1.01)), Some((1.90, 2.50))]);
        assert_eq!(
            (c[0].series[1].points.as_slice(), c[0].series[1].intervals.as_slice()),
            (&[(2.0, 2.40)][..], &[Some((2.25, 2.56))][..])
        );
        assert!(c[0].series[2].points.is_empty());
        assert_eq!(c[0].y_range().1, 2.56, "the axis reaches the top of the highest interval");
    }
}
