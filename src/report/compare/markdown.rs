//! `harness compare --markdown`: the timing table as a GitHub-flavoured Markdown table
//! (for a pull request), then the summary lines as a list, in the frame of the text.

use crate::report::export::{ComparisonExporter, Exported};
use crate::report::markup::{escape, table as markdown_table, Align};
use crate::results::compare::Comparison;

use super::cells::{joined_header, joined_rows, pair_rows, summary_lines, PAIR_HEADER};
use super::frame::framed;

/// The Markdown exporter of a comparison.
pub struct Markdown;

impl ComparisonExporter for Markdown {
    fn name(&self) -> &'static str {
        "markdown"
    }

    fn export(&self, comparison: &Comparison) -> Exported {
        Exported::Text(framed(comparison, &table(comparison)))
    }
}

/// The timing table of `comparison` as a Markdown table (numbers aligned right), then its
/// summary lines as a list.
pub fn table(comparison: &Comparison) -> String {
    let mut out = match comparison.runs.as_slice() {
        [run] => markdown_table(
            &PAIR_HEADER,
            &aligned(PAIR_HEADER.len(), |i| (3..6).contains(&i)),
            escaped(pair_rows(&run.timings)),
        ),
        runs => {
            let header = joined_header(runs);
            let head: Vec<&str> = header.iter().map(String::as_str).collect();
            markdown_table(&head, &aligned(head.len(), |i| i == 3), escaped(joined_rows(&comparison.joined())))
        }
    };
    out.push('\n');
    for line in summary_lines(&comparison.runs) {
        out.push_str(&format!("- {}\n", escape(&line)));
    }
    out
}

/// The alignment of columns where `right(column)` says which are numbers.
fn aligned(columns: usize, right: impl Fn(usize) -> bool) -> Vec<Align> {
    (0..columns).map(|i| if right(i) { Align::Right } else { Align::Left }).collect()
}

/// Every cell of `rows` escaped.
fn escaped(rows: Vec<Vec<String>>) -> impl Iterator<Item = Vec<String>> {
    rows.into_iter().map(|r| r.iter().map(|c| escape(c)).collect())
}
