//! What `harness report` knows of the tile game's experiments: the default captions of
//! its kinds, the undo sweep's charts and the derived figures of `best` and `sweep`.
//!
//! Derived figures (`\result{tegel/sweep}{INSTANCE}{COLUMN}`, `INSTANCE` the instance's
//! row key): `undone_max` (most moves undone with a complete besteScore),
//! `positions_at_max`, `seconds_at_max`, `growth` (three significant digits: the mean
//! factor by which positions grow per extra move undone) and `stopped` (yes when a call
//! hit the time limit). `\result{tegel/best}{largest}{COLUMN}`: the largest complete
//! search (`instance`, `positions`, `seconds`, `over_billion`, `within_hour`).

use super::experiments::{BEST_INSTANCE, BEST_POSITIONS, BEST_SECONDS, INSTANCE, POSITIONS, SECONDS, UNDONE};
use crate::report::chart::Chart;
use crate::report::kinds::{Figure, KindReport};
use crate::report::language::Language;
use crate::report::latex::{escape, format_cell, format_seconds};
use crate::report::numbers::key_part;
use crate::report::plots::{line_chart, lines_in, Labels};
use crate::results::csv_table::{is_ok, CsvTable};
use crate::results::row::STATUS;

/// The `best` kind: it gives the answers to the assignment's questions T1 to T7
/// ([`super::answers`]).
pub(super) const BEST: KindReport = KindReport {
    placed: true,
    figures: largest_search,
    answers: Some(answers),
    dutch: Some("besteScore per instantie"),
    ..KindReport::new("besteScore per instance")
};
/// The `greedy` kind.
pub(super) const GREEDY: KindReport = KindReport {
    placed: true,
    dutch: Some("de gretige zet tegenover besteScore per instantie"),
    ..KindReport::new("the greedy move against besteScore per instance")
};
/// The `good` kind.
pub(super) const GOOD: KindReport = KindReport {
    placed: true,
    dutch: Some("bepaalGoedeZet (Monte-Carlozet) per instantie"),
    ..KindReport::new("bepaalGoedeZet (Monte Carlo move) per instance")
};
/// The `sweep` kind.
pub(super) const SWEEP: KindReport = KindReport {
    placed: true,
    // The memo's counts, the score and move at each step and the simulations are not what
    // the undo experiment asks; the CSV and the page keep them.
    optional_columns: &["memo_positions", "memo_seconds", "best_move", "score", "sims"],
    chart_columns: &[INSTANCE, UNDONE, POSITIONS, SECONDS],
    charts: sweep_charts,
    figures: sweep_figures,
    dutch: Some("besteScore tegenover het aantal ongedaan gemaakte zetten (doeExperiment) per instantie"),
    ..KindReport::new("besteScore against moves undone (doeExperiment) per instance")
};
/// The `match` kind.
pub(super) const MATCH: KindReport = KindReport {
    placed: true,
    // The games' moves, the positions besteScore visited and the simulations: in the CSV and
    // on the page, left out of a PDF table that would otherwise need a landscape page.
    optional_columns: &["transcript", "best_positions", "sims"],
    dutch: Some("hele partijen tussen de zetstrategieën per instantie, met de tijd van de hele partij"),
    ..KindReport::new("whole games between the move strategies per instance, with the time of the whole game")
};

/// The undo sweep: positions visited and seconds against moves undone, log y, one line
/// per instance.
fn sweep_charts(name: &str, table: &CsvTable, language: Language) -> Vec<Chart> {
    let positions = language.pick("positions visited", "bekeken standen");
    let time = language.pick("time taken", "benodigde tijd");
    vec![sweep_chart(name, table, POSITIONS, positions, language), sweep_chart(name, table, SECONDS, time, language)]
}

fn sweep_chart(name: &str, table: &CsvTable, column: &str, what: &str, language: Language) -> Chart {
    let labels = match language {
        Language::En => Labels {
            name: format!("{name}-{column}"),
            title: format!("Undo sweep ({name}): {what} against moves undone"),
            caption: format!(
                "Tile game undo sweep: {what} by besteScore against moves undone, one line per instance (log scale)."
            ),
            x_label: "moves undone".to_string(),
            y_label: if column == SECONDS { "time (s)".to_string() } else { what.to_string() },
        },
        Language::Nl => Labels {
            name: format!("{name}-{column}"),
            title: format!("Ongedaan maken ({name}): {what} tegenover ongedaan gemaakte zetten"),
            caption: format!(
                "Tegelspel, zetten ongedaan maken: {what} door besteScore tegenover het aantal ongedaan gemaakte zetten, één lijn per instantie (logaritmische schaal)."
            ),
            x_label: "ongedaan gemaakte zetten".to_string(),
            y_label: if column == SECONDS { "tijd (s)".to_string() } else { what.to_string() },
        },
    };
    line_chart(labels, true, lines_in(table, (&[INSTANCE], UNDONE, column), true, language))
}

/// The largest complete search of a `best` table (row key `largest`): its `instance`,
/// `positions`, `seconds`, and whether it is `over_billion` positions and `within_hour`
/// (the assignment's question on a 10^9-position instance).
fn largest_search(table: &CsvTable) -> Vec<Figure> {
    let largest = table
        .rows
        .iter()
        .filter(|r| table.cell(r, STATUS).is_none_or(is_ok))
        .filter_map(|r| Some((r, table.number(r, BEST_POSITIONS)?, table.number(r, BEST_SECONDS)?)))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    let Some((row, positions, seconds)) = largest else { return Vec::new() };
    let key = "largest".to_string();
    let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
    vec![
        (key.clone(), BEST_INSTANCE, escape(&key_part(table.cell(row, BEST_INSTANCE).unwrap_or_default()))),
        (
            key.clone(),
            BEST_POSITIONS,
            format_cell(table.kind(BEST_POSITIONS), table.cell(row, BEST_POSITIONS).unwrap_or_default()),
        ),
        (
            key.clone(),
            BEST_SECONDS,
            format_cell(table.kind(BEST_SECONDS), table.cell(row, BEST_SECONDS).unwrap_or_default()),
        ),
        (key.clone(), "over_billion", yes(positions > 1e9)),
        (key, "within_hour", yes(seconds <= 3600.0)),
    ]
}

/// Derived per-instance figures of an undo sweep (see the module documentation).
fn sweep_figures(table: &CsvTable) -> Vec<Figure> {
    let mut instances: Vec<&str> = table.column(INSTANCE);
    instances.dedup();
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for instance in instances {
        if seen.contains(&instance) {
            continue;
        }
        seen.push(instance);
        let rows: Vec<&Vec<String>> = table.rows.iter().filter(|r| table.cell(r, INSTANCE) == Some(instance)).collect();
        let complete: Vec<(f64, f64, f64)> = rows
            .iter()
            .filter(|r| table.cell(r, STATUS).is_none_or(is_ok))
            .filter_map(|r| Some((table.number(r, UNDONE)?, table.number(r, POSITIONS)?, table.number(r, SECONDS)?)))
            .collect();
        let stopped = rows.iter().any(|r| table.cell(r, STATUS).is_some_and(|s| !is_ok(s)));
        let key = key_part(instance);
        out.push((key.clone(), "stopped", if stopped { "yes" } else { "no" }.to_string()));
        let Some(&(undone, positions, seconds)) = complete.iter().max_by(|a, b| a.0.total_cmp(&b.0)) else { continue };
        out.push((key.clone(), "undone_max", format_cell(table.kind(UNDONE), &format!("{undone}"))));
        out.push((key.clone(), "positions_at_max", format_cell(table.kind(POSITIONS), &format!("{positions}"))));
        out.push((key.clone(), "seconds_at_max", format_cell(table.kind(SECONDS), &format!("{seconds}"))));
        let base = complete.iter().filter(|p| p.1 > 1.0).min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some(&(u0, p0, _)) = base {
            if undone > u0 {
                out.push((key, "growth", format_seconds((positions / p0).powf(1.0 / (undone - u0)))));
            }
        }
    }
    out
}

/// The answers to the assignment's questions: the program's where the results are a
/// solver's (`harness run --solver`), else the engine's.
fn answers(own: &[&crate::report::Loaded], language: Language) -> Vec<crate::report::answers::Answer> {
    match crate::report::asked::solver_run(own) {
        true => super::asked_answers::answers(own, language),
        false => super::answers::answers(own, language),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::plots::charts;
    use crate::report::titles::Titles;
    use crate::results::csv_table::test_table as table;
    use crate::tegel::plugin::REPORT;

    #[test]
    fn sweep_has_a_line_per_instance_without_timeouts() {
        let t = table(
            "instance,undone,positions,seconds,status\na,1,1,0.1,ok\na,0,5,0.2,ok\nb,1,3,0.1,ok\nb,2,timeout,timeout,timeout\n",
        );
        let c = charts("sw", ("tegel", "sweep"), REPORT.kind("sweep"), &t).unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].name, "sw-positions");
        assert_eq!(c[0].series.len(), 2);
        assert_eq!(c[0].series[0].points, [(0.0, 5.0), (1.0, 1.0)]);
        assert_eq!(c[0].series[1].points, [(1.0, 3.0)]);
        assert_eq!(c[1].y_label, "time (s)");
    }

    #[test]
    fn missing_column_is_refused() {
        let t = table("instance,undone,positions\n");
        let e = charts("sw", ("tegel", "sweep"), REPORT.kind("sweep"), &t).unwrap_err();
        assert!(e.message.contains("missing column `seconds` (needed by the tegel sweep plots)"), "{}", e.message);
    }

    #[test]
    fn sweep_growth_and_stop() {
        let t = table(
            "instance,undone,positions,seconds,status\ns4,0,1,0.0,ok\ns4,1,10,0.1,ok\ns4,3,1000,1.5,ok\ns4,4,timeout,timeout,timeout\n",
        );
        let f = sweep_figures(&t);
        let get = |c: &str| f.iter().find(|x| x.1 == c).map(|x| x.2.clone()).unwrap();
        assert_eq!(get("stopped"), "yes");
        assert_eq!(get("undone_max"), "3");
        assert_eq!(get("positions_at_max"), "1{,}000");
        assert_eq!(get("growth"), "10.0");
    }

    #[test]
    fn largest_complete_search() {
        let t = table("instance,positions,seconds,status\na.txt,2000000000,10,ok\nb.txt,5000000000,timeout,timeout\n");
        let f = largest_search(&t);
        assert_eq!(f[0], ("largest".to_string(), "instance", "a".to_string()));
        assert_eq!((f[3].2.as_str(), f[4].2.as_str()), ("yes", "yes"));
    }

    #[test]
    fn captions_default_to_game_and_kind() {
        let t = Titles::for_experiment("tegel_best", Some(REPORT.words("best")), "best", Some("tegel best"), None);
        assert_eq!(t.caption.latex(), "Tile game: besteScore per instance (\\texttt{tegel\\_best}).");
        let t = Titles::for_experiment("long_grow", Some(REPORT.words("grow")), "grow", None, None);
        assert_eq!(t.caption.latex(), "Tile game: results of kind \\texttt{grow} (\\texttt{long\\_grow}).");
    }
}
