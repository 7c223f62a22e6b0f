//! `OUT/md/NAME.md`: one experiment as GitHub-flavoured Markdown (caption, table, notes),
//! rendered from the [`super::view`] model, so its cells, marks and footnotes are those of
//! the LaTeX and HTML tables. `harness report --format markdown NAME` prints one.

use std::path::PathBuf;

use super::export::{texts, Exporter, File, Input};
use super::loaded::Loaded;
use super::markup::{escape, table, Align};
use super::view::{CellKind, Row, TableView};
use crate::base::error::InputError;

/// The Markdown back end: `md/NAME.md` per experiment.
pub struct Markdown;

impl Exporter for Markdown {
    fn name(&self) -> &'static str {
        "markdown"
    }

    fn export(&self, input: &Input) -> Result<Vec<File>, InputError> {
        Ok(texts(
            input.loaded.iter().map(|item| (PathBuf::from(format!("md/{}.md", item.name)), markdown(item))).collect(),
        ))
    }
}

/// The Markdown of one experiment.
pub fn markdown(item: &Loaded) -> String {
    let view = TableView::of(&item.table);
    let mut out = format!("**{}**\n\n", escape(&item.titles.caption.plain()));
    let headers: Vec<String> = view
        .columns
        .iter()
        .map(|c| match &c.group {
            Some(g) => format!("{g}: {}", c.header),
            None => c.header.clone(),
        })
        .collect();
    if headers.is_empty() {
        out.push_str("*no columns*\n");
        return out;
    }
    let head: Vec<&str> = headers.iter().map(String::as_str).collect();
    let align: Vec<Align> = view.columns.iter().map(|c| if c.numeric { Align::Right } else { Align::Left }).collect();
    out.push_str(&table(&head, &align, view.rows.iter().map(row_cells)));
    if view.rows.is_empty() {
        out.push_str("\n*No rows.*\n");
    }
    for note in &view.notes {
        out.push_str(&format!("\n{}\n", escape(note)));
    }
    out
}

/// The Markdown cells of one row: markers in italics, the memo's dagger, the spread or
/// "(1 sample)", a speed-up's interval, and "(busy)" after the first cell of a busy row.
fn row_cells(row: &Row) -> Vec<String> {
    let mut cells: Vec<String> = row
        .cells
        .iter()
        .map(|c| {
            let mut text = escape(&c.text);
            if c.kind == CellKind::Marker {
                text = format!("*{text}*");
            }
            if c.memo {
                text.push('†');
            }
            if c.one_sample {
                text.push_str(" (1 sample)");
            } else if let Some(s) = &c.spread {
                text = format!("{text} ± {}", escape(s));
            }
            if let Some(i) = &c.interval {
                text = format!("{text} [{}]", escape(i));
            }
            text
        })
        .collect();
    if row.busy {
        if let Some(first) = cells.first_mut() {
            first.push_str(" (busy)");
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::caption::Caption;
    use crate::report::titles::Titles;
    use crate::results::csv_table::CsvTable;
    use std::path::Path;

    fn item(caption: Caption, csv: &str) -> Loaded {
        Loaded {
            name: "e".into(),
            game: "g".into(),
            kind: "k".into(),
            titles: Titles { caption, label: "tab:e".into() },
            table: CsvTable::parse(Path::new("e.csv"), csv).unwrap(),
            marks: Vec::new(),
            merged: Vec::new(),
            more_rows: 0,
            asks: None,
        }
    }

    #[test]
    fn a_table_with_marks_and_notes() {
        let md = markdown(&item(
            Caption::text("Sweep of ").code("spel_4").then("."),
            "board,positions,positions_source,seconds,status\nspel4,33081710715,memo,timeout,timeout\nspel1,1200,walk,0.5,ok\n",
        ));
        assert_eq!(
            md,
            "**Sweep of spel\\_4.**\n\n| board | positions | time (s) | status |\n| --- | ---: | ---: | --- |\n\
             | spel4 | 33,081,710,715† | *timeout* | *timeout* |\n| spel1 | 1,200 | 0.500 | ok |\n\n\
             † exact count through the memo (the plain walk passed its time limit).\n"
        );
    }

    #[test]
    fn hostile_cells_are_escaped() {
        let md = markdown(&item(Caption::text("<script>&"), "name,n\n\"<script>a|b</script> & \"\"q\"\"\",1\n"));
        assert!(md.starts_with("**&lt;script&gt;&amp;**"), "{md}");
        assert!(md.contains("| &lt;script&gt;a\\|b&lt;/script&gt; &amp; \"q\" | 1 |"), "{md}");
    }

    /// The `'` a CSV puts before a text cell a spreadsheet would run as a formula belongs
    /// to the CSV alone.
    #[test]
    fn the_csvs_formula_guard_is_not_shown() {
        let md = markdown(&item(Caption::text("Guarded"), "name,n\n'=1+1,1\n'-x,2\n'quoted,3\n"));
        assert!(md.contains("| =1+1 | 1 |") && md.contains("| -x | 2 |") && md.contains("| 'quoted | 3 |"), "{md}");
    }

    #[test]
    fn an_empty_experiment_says_so() {
        let md = markdown(&item(Caption::text("Empty"), "board,positions\n"));
        assert!(md.ends_with("| board | positions |\n| --- | --- |\n\n*No rows.*\n"), "{md}");
    }
}
