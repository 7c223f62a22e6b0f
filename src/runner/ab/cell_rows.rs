//! What a build's `harness cell` printed: its exact results compared, its timed cells
//! found and their seconds read, its busy rows told.

use super::builds::ItemCall;
use crate::base::error::{InputError, Result};
use crate::base::text::excerpt;
use crate::results::columns::{Kind, Role, BUSY};
use crate::runner::cell::CellRows;

/// The exact results (every [`Role::Result`] column) of both sides, when they differ:
/// the first difference, named.
pub fn results_differ(a: &CellRows, b: &CellRows) -> Option<String> {
    let names = |r: &CellRows| r.columns.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
    if names(a) != names(b) {
        return Some("the builds write other columns".to_string());
    }
    if a.rows.len() != b.rows.len() {
        return Some(format!("A wrote {} rows, B {}", a.rows.len(), b.rows.len()));
    }
    for (r, (ra, rb)) in a.rows.iter().zip(&b.rows).enumerate() {
        for (c, column) in a.columns.iter().enumerate() {
            if column.role == Role::Result && ra.get(c) != rb.get(c) {
                let cell = |row: &Vec<String>| excerpt(&row.get(c).cloned().unwrap_or_default());
                return Some(format!(
                    "row {}: {} is {} in A, {} in B",
                    r + 1,
                    excerpt(&column.name),
                    cell(ra),
                    cell(rb)
                ));
            }
        }
    }
    None
}

/// A timed cell: its row, its measured seconds column, the row's key cells.
#[derive(Debug, Clone, PartialEq)]
pub struct TimedCell {
    /// The row within the item.
    pub row: usize,
    /// The seconds column.
    pub column: String,
    /// The row's leading exact text and count cells, `column=value` joined by spaces.
    pub key: String,
}

/// The measured seconds columns of every row that has a number in them (0 included: a
/// time below the build's clock resolution).
pub fn timed_cells(rows: &CellRows) -> Vec<TimedCell> {
    let mut cells = Vec::new();
    for (r, row) in rows.rows.iter().enumerate() {
        let key = key_of(rows, row);
        for (c, column) in rows.columns.iter().enumerate() {
            let measured = column.role == Role::Measured && column.kind == Kind::Seconds;
            if measured && row.get(c).and_then(|v| v.trim().parse::<f64>().ok()).is_some_and(|v| v >= 0.0) {
                cells.push(TimedCell { row: r, column: column.name.clone(), key: key.clone() });
            }
        }
    }
    cells
}

/// The row's leading exact text and count cells, `column=value` (at most four).
fn key_of(rows: &CellRows, row: &[String]) -> String {
    rows.columns
        .iter()
        .zip(row)
        .take_while(|(c, _)| c.role == Role::Result && matches!(c.kind, Kind::Text | Kind::Count))
        .take(4)
        .filter(|(_, v)| !v.is_empty())
        .map(|(c, v)| format!("{}={v}", c.name))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The most seconds a timed cell may say (a year): more is not a time a build measured.
pub const MAX_CELL_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// The seconds of `cell` in `rows`, refused (naming the build and the cell) unless a
/// finite number from 0 to [`MAX_CELL_SECONDS`]; 0 is a time below the build's clock
/// resolution (a call of a fraction of a microsecond on a fast machine, printed by a build
/// that writes microseconds), not an error.
pub(super) fn seconds(rows: &CellRows, cell: &TimedCell, side: char, call: &ItemCall) -> Result<f64> {
    let c = rows.columns.iter().position(|x| x.name == cell.column);
    let text = c.and_then(|c| rows.rows.get(cell.row)?.get(c)).map_or("", |v| v.trim());
    match text.parse::<f64>() {
        Ok(s) if (0.0..=MAX_CELL_SECONDS).contains(&s) => Ok(s),
        _ => Err(InputError::new(format!(
            "build {side} printed `{}` as the seconds of {} {} row {} column {}: expected a number of seconds from 0 up to a year",
            excerpt(text),
            call.experiment,
            call.id,
            cell.row + 1,
            excerpt(&cell.column)
        ))
        .into()),
    }
}

pub(super) fn is_busy(rows: &CellRows) -> bool {
    let c = rows.columns.iter().position(|x| x.name == BUSY);
    c.is_some_and(|c| rows.rows.iter().any(|r| r.get(c).is_some_and(|v| v == "true")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::columns::Column;
    use crate::runner::cell::CELL_FORMAT;

    fn rows(games: &str, seconds: &str, busy: &str) -> CellRows {
        CellRows {
            format: CELL_FORMAT,
            columns: vec![
                Column::new("board", Kind::Text, Role::Result),
                Column::new("games", Kind::Count, Role::Result),
                Column::new("seconds", Kind::Seconds, Role::Measured),
                Column::new("busy", Kind::Flag, Role::Busy),
            ],
            rows: vec![vec!["4x4 r1".into(), games.into(), seconds.into(), busy.into()]],
            hardware: None,
        }
    }

    const CALL: ItemCall = ItemCall { experiment: "count", index: 0, id: "4x4 r1", time_limit_s: None };

    #[test]
    fn results_must_agree_before_timing() {
        assert_eq!(results_differ(&rows("90", "0.5", "false"), &rows("90", "0.7", "false")), None);
        assert_eq!(
            results_differ(&rows("90", "0.5", "false"), &rows("91", "0.5", "false")).as_deref(),
            Some("row 1: games is 90 in A, 91 in B")
        );
    }

    #[test]
    fn timed_cells_and_busy_rows_are_read_from_the_declared_columns() {
        let r = rows("90", "0.5", "true");
        let cell = TimedCell { row: 0, column: "seconds".to_string(), key: "board=4x4 r1 games=90".to_string() };
        assert_eq!(timed_cells(&r), std::slice::from_ref(&cell));
        assert!(is_busy(&r) && !is_busy(&rows("90", "0.5", "false")));
        assert_eq!(seconds(&r, &cell, 'A', &CALL).unwrap(), 0.5);
    }

    /// NaN, infinite, negative and absurd seconds are refused, naming the build; 0 (a time
    /// below the clock's resolution) is read as it is.
    #[test]
    fn impossible_seconds_are_refused() {
        let cell = TimedCell { row: 0, column: "seconds".to_string(), key: String::new() };
        for bad in ["NaN", "inf", "-1", "-0.000001", "1e308", "fast"] {
            let e = seconds(&rows("90", bad, "false"), &cell, 'B', &CALL).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{bad}");
            assert!(e.to_string().starts_with("build B printed"), "{e}");
        }
        assert_eq!(seconds(&rows("90", "0.000000", "false"), &cell, 'A', &CALL).unwrap(), 0.0);
    }
}
