//! What `harness report` knows of the tiling experiments: the default caption of the
//! instance table and its charts (positions visited per instance, log y: dumb vs smart
//! vs fast counting, dumb vs smart finding).

use super::experiments::{DUMB_COUNT, DUMB_FIND, FAST_COUNT, INSTANCE, SMART_COUNT, SMART_FIND};
use crate::report::chart::Chart;
use crate::report::kinds::KindReport;
use crate::report::language::Language;
use crate::report::plots::{bars_in, Bars};
use crate::results::csv_table::CsvTable;

/// The `table` kind.
pub(super) const TABLE: KindReport = KindReport {
    placed: true,
    chart_columns: &[INSTANCE, DUMB_FIND, SMART_FIND, DUMB_COUNT, SMART_COUNT, FAST_COUNT],
    charts: table_charts,
    answers: Some(answers),
    own_rows: Some(super::answers::is_own),
    // The board's size and stone count are in the instance's name; the fast count is the
    // harness's own; limit, memory and status stay in the CSV and on the page.
    optional_columns: &[
        "height",
        "width",
        "stones",
        "peak_memory_bytes",
        "time_limit",
        "status",
        FAST_COUNT,
        "fast_count_seconds",
        // The classes up to symmetry answer S4 in words; the assignment's table does not
        // ask for them.
        "solutions_up_to_symmetry",
    ],
    dutch: Some("een oplossing bepalen en de oplossingen tellen, dom en slim, per instantie"),
    ..KindReport::new("finding one tiling and counting all tilings, dumb and smart, per instance")
};

const COUNT: Bars = Bars {
    what: "count-positions",
    category: INSTANCE,
    columns: &[("dumb count", DUMB_COUNT), ("smart count", SMART_COUNT), ("fast count", FAST_COUNT)],
    y_label: "positions visited",
    caption: "Tiling, counting all solutions: positions visited, dumb vs smart vs fast, per instance (log scale).",
};

const FIND: Bars = Bars {
    what: "find-positions",
    category: INSTANCE,
    columns: &[("dumb find", DUMB_FIND), ("smart find", SMART_FIND)],
    y_label: "positions visited",
    caption: "Tiling, finding one solution: positions visited, dumb vs smart, per instance (log scale).",
};

const COUNT_NL: Bars = Bars {
    what: "count-positions",
    category: INSTANCE,
    columns: &[("dom tellen", DUMB_COUNT), ("slim tellen", SMART_COUNT), ("snel tellen", FAST_COUNT)],
    y_label: "bekeken standen",
    caption: "Stenen leggen, alle oplossingen tellen: bekeken standen, dom, slim en snel, per instantie (logaritmische schaal).",
};

const FIND_NL: Bars = Bars {
    what: "find-positions",
    category: INSTANCE,
    columns: &[("dom zoeken", DUMB_FIND), ("slim zoeken", SMART_FIND)],
    y_label: "bekeken standen",
    caption: "Stenen leggen, één oplossing zoeken: bekeken standen, dom en slim, per instantie (logaritmische schaal).",
};

fn table_charts(name: &str, table: &CsvTable, language: Language) -> Vec<Chart> {
    let (count, find) = language.pick((&COUNT, &FIND), (&COUNT_NL, &FIND_NL));
    vec![bars_in(name, table, count, language), bars_in(name, table, find, language)]
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
    use crate::results::csv_table::test_table;
    use crate::stenen::plugin::REPORT;

    #[test]
    fn counting_and_finding_bars_per_instance() {
        let t = test_table(
            "instance,dumb_find_positions,smart_find_positions,dumb_count_positions,smart_count_positions,fast_count_positions\n\
             4x5 stenen1,100,10,timeout,50,20\n",
        );
        let c = crate::report::plots::charts("s", ("stenen", "table"), REPORT.kind("table"), &t).unwrap();
        let names: Vec<&str> = c.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["s-count-positions", "s-find-positions"]);
        assert!(c[0].series[0].points.is_empty() && c[0].series[1].points == [(0.0, 50.0)]);
    }
}
