//! `harness compare --markdown`: the timing table as a GitHub-flavoured Markdown table
//! (for a pull request), then the summary lines as a list, in the frame of the text.

use crate::report::export::{ComparisonExporter, Exported};
use crate::report::markdown::escape;
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
        [run] => markdown_table(&PAIR_HEADER.map(String::from), &pair_rows(&run.timings), |i| (3..6).contains(&i)),
        runs => markdown_table(&joined_header(runs), &joined_rows(&comparison.joined()), |i| i == 3),
    };
    out.push('\n');
    for line in summary_lines(&comparison.runs) {
        out.push_str(&format!("- {}\n", escape(&line)));
    }
    out
}

/// `head` and `rows` as a Markdown table, its cells escaped; aligned right where
/// `right(column)`.
fn markdown_table(head: &[String], rows: &[Vec<String>], right: impl Fn(usize) -> bool) -> String {
    let line = |cells: &[String]| format!("| {} |\n", cells.iter().map(|c| escape(c)).collect::<Vec<_>>().join(" | "));
    let align: Vec<String> = (0..head.len()).map(|i| if right(i) { "---:" } else { "---" }.to_string()).collect();
    let mut out = line(head);
    out.push_str(&format!("| {} |\n", align.join(" | ")));
    for r in rows {
        out.push_str(&line(r));
    }
    out
}
