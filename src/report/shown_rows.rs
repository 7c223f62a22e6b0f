//! How many rows of a table the report shows, and the note under a table that shows fewer
//! than its CSV holds.

use crate::base::text::grouped_digits;

/// The most rows of one experiment's table that the LaTeX tables, the page, the Markdown
/// and the workbook show: the first ones, in the CSV's order. A reader reads a table of a
/// thousand rows at most; a longer CSV is read once, streaming, for its count and its hash,
/// so a report's memory stays bounded whatever the CSV's size. The CSV keeps every row.
pub const SHOWN_ROWS: usize = 1_000;

/// The note a caption ends with when `more_rows` rows of experiment `name` are not shown.
pub fn note(name: &str, more_rows: usize) -> String {
    format!(
        "Shown: the first {} rows (the charts and derived figures are drawn from them too); and {} more rows: all in {name}.csv.",
        grouped_digits(&SHOWN_ROWS.to_string()),
        grouped_digits(&more_rows.to_string())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_names_the_rows_left_out_and_the_file() {
        assert_eq!(
            note("tegel_sweep", 12_345),
            "Shown: the first 1,000 rows (the charts and derived figures are drawn from them too); \
             and 12,345 more rows: all in tegel_sweep.csv."
        );
    }
}
