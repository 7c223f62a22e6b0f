//! `harness compare` as aligned text for a terminal: the timing table (per timed cell the
//! medians, B/A with its 95 % interval and the verdict; a column per run where several
//! are compared with the baseline), then the summary lines, in their frame.

use crate::report::export::{ComparisonExporter, Exported};
use crate::results::compare::Comparison;

use super::cells::{joined_header, joined_rows, pair_rows, summary_lines, PAIR_HEADER};
use super::frame::framed;

/// The text exporter of a comparison (what `harness compare` prints by default).
pub struct Text;

impl ComparisonExporter for Text {
    fn name(&self) -> &'static str {
        "text"
    }

    fn export(&self, comparison: &Comparison) -> Exported {
        Exported::Text(framed(comparison, &table(comparison)))
    }
}

/// The timing table of `comparison` as aligned text, then its summary lines.
pub fn table(comparison: &Comparison) -> String {
    let mut out = match comparison.runs.as_slice() {
        [run] => aligned(&PAIR_HEADER.map(String::from), &pair_rows(&run.timings), |i| (3..6).contains(&i)),
        runs => aligned(&joined_header(runs), &joined_rows(&comparison.joined()), |i| i == 3),
    };
    out.push('\n');
    for line in summary_lines(&comparison.runs) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// `head` and `rows` as columns two spaces apart, each as wide as its widest cell: padded
/// on the left where `right(column)` (numbers), on the right elsewhere.
fn aligned(head: &[String], rows: &[Vec<String>], right: impl Fn(usize) -> bool) -> String {
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).chain([head[i].chars().count()]).max();
    let widths: Vec<usize> = (0..head.len()).map(|i| width(i).unwrap_or(0)).collect();
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = " ".repeat(widths[i].saturating_sub(c.chars().count()));
                if right(i) {
                    format!("{pad}{c}")
                } else {
                    format!("{c}{pad}")
                }
            })
            .collect();
        format!("{}\n", padded.join("  ").trim_end())
    };
    let mut out = line(head);
    for r in rows {
        out.push_str(&line(r));
    }
    out
}
