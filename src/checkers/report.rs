//! What `harness report` knows of the checkers experiments: the default captions of its
//! kinds and the charts of `count` (games and positions per board, bars, log y) and
//! `perft` (leaves against depth, log y, one line per board).

use super::experiments::{BOARD, DEPTH, GAMES_COLUMN, LEAVES, MEMO_POSITIONS, PERFT_BOARD, POSITIONS};
use crate::report::chart::Chart;
use crate::report::kinds::KindReport;
use crate::report::language::Language;
use crate::report::plots::{bars, line_chart, lines, Bars, Labels};
use crate::results::csv_table::CsvTable;

/// The `count` kind.
pub(super) const COUNT: KindReport = KindReport {
    placed: true,
    chart_columns: &[BOARD, GAMES_COLUMN, POSITIONS, MEMO_POSITIONS],
    charts: count_charts,
    ..KindReport::new("continuation games per board")
};

/// The `perft` kind.
pub(super) const PERFT: KindReport = KindReport {
    placed: true,
    chart_columns: &[PERFT_BOARD, DEPTH, LEAVES],
    charts: perft_charts,
    ..KindReport::new("perft leaves per board and depth")
};

/// The `match` kind.
pub(super) const MATCH: KindReport = KindReport::new("games between the move strategies");

const GAMES: Bars = Bars {
    what: "games",
    category: BOARD,
    columns: &[("games", GAMES_COLUMN), ("positions", POSITIONS), ("memoised positions", MEMO_POSITIONS)],
    y_label: "count",
    caption:
        "Checkers continuation games: games and positions visited (plain and memoised) per board size (log scale).",
};

fn count_charts(name: &str, table: &CsvTable, _: Language) -> Vec<Chart> {
    vec![bars(name, table, &GAMES)]
}

fn perft_charts(name: &str, table: &CsvTable, _: Language) -> Vec<Chart> {
    let labels = Labels {
        name: format!("{name}-leaves"),
        title: format!("Perft ({name}): leaves against depth"),
        caption: "Checkers perft: leaves against depth, one line per board (log scale).".to_string(),
        x_label: "depth".to_string(),
        y_label: "leaves".to_string(),
    };
    vec![line_chart(labels, true, lines(table, &[PERFT_BOARD], DEPTH, LEAVES, true))]
}

#[cfg(test)]
mod tests {
    use crate::checkers::plugin::REPORT;
    use crate::report::plots::charts;
    use crate::results::csv_table::test_table;

    #[test]
    fn perft_has_a_line_per_board() {
        let t = test_table("board,depth,leaves\n8x8,2,49\n8x8,1,7\n6x6,1,5\n");
        let c = charts("p", ("checkers", "perft"), REPORT.kind("perft"), &t).unwrap();
        assert_eq!(c[0].name, "p-leaves");
        assert_eq!(c[0].series[0].points, [(1.0, 7.0), (2.0, 49.0)]);
        assert_eq!(c[0].series[1].name, "6x6");
    }

    #[test]
    fn count_bars_need_the_memo_column() {
        let e = charts("c", ("checkers", "count"), REPORT.kind("count"), &test_table("board,games,positions\n"))
            .unwrap_err();
        assert!(e.message.contains("`memo_positions` (needed by the checkers count plots)"), "{}", e.message);
    }
}
