//! `harness compare` as aligned text for a terminal: the timing table (per timed cell the
//! medians, B/A with its 95 % interval and the verdict; a column per run where several
//! are compared with the baseline), then the summary lines, in their frame.

use crate::base::text::aligned;
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
