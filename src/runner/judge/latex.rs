//! The class table as a LaTeX fragment (`class.tex`, a `longtable`: `\input` it in a
//! document with `\usepackage{longtable}`), every cell escaped.

use super::markdown::{cells, HEADS};
use super::record::Judged;
use super::summary::Line;
use crate::report::latex::escape;

/// The fragment of the class table of `records` judged on `game`.
pub fn class_table(game: &str, records: &[Judged]) -> String {
    let mut out = format!(
        "% The class judged on {}: \\input this file with \\usepackage{{longtable}}.\n\
         \\begin{{longtable}}{{lllrllrrr}}\n\\hline\n",
        escape(game)
    );
    let heads: Vec<String> = HEADS.iter().map(|h| escape(h)).collect();
    out.push_str(&format!("{} \\\\\n\\hline\n\\endhead\n", heads.join(" & ")));
    for judged in records {
        let row: Vec<String> = cells(&Line::of(judged)).iter().map(|c| escape(c)).collect();
        out.push_str(&format!("{} \\\\\n", row.join(" & ")));
    }
    out.push_str("\\hline\n\\end{longtable}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_escaped() {
        let judged = Judged {
            id: "a_b".into(),
            makers: vec!["R&D $x$ 100%".into()],
            build: "built".into(),
            ..Judged::default()
        };
        let tex = class_table("tegel", &[judged]);
        assert!(tex.contains("a\\_b & R\\&D \\$x\\$ 100\\% & built & 0 of 0"), "{tex}");
    }
}
