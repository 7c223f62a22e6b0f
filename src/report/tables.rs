//! The generic table generator: any experiment CSV → a booktabs LaTeX table.
//!
//! Generated from the CSV alone (plus caption and label), so `harness report` can rerun
//! it without searching. Which columns show, the notes, memo marks, spreads and busy rows
//! are decided by [`super::view::TableView`] (shared with the HTML and Markdown back
//! ends). Conventions:
//! - headers and units from the column names ([`super::latex::header`]);
//! - consecutive columns sharing a name prefix (`dumb_find_positions`,
//!   `dumb_find_seconds`) get a spanning group header ("dumb find") over their leaves;
//! - the bookkeeping columns `seed`, `threads`, `time_limit` and `status` are left out
//!   when they hold one value for every row (and, for `status`, that value is `ok`);
//!   that value is then stated in a note under the table;
//! - per-item seeds, timing spreads and samples stay in the CSV; a median shows ± its MAD;
//! - text cells longer than [`super::view::WRAP_TEXT_CHARS`] wrap in a paragraph column;
//! - a blank gap separates runs of rows whose first (text) column changes;
//! - more than [`WIDE_TABLE_COLUMNS`] shown columns put the table on a landscape page;
//! - more than [`LONG_TABLE_ROWS`] rows make a `longtable` that breaks across pages.

use std::fmt::Write as _;

use super::csv_table::CsvTable;
use super::kinds::GameReport;
use super::latex::{caption_text, escape, format_cell, header};
use super::view::{Cell, CellKind, Column, TableView};

/// Tables with more shown columns than this are set sideways (`sidewaystable`, a
/// landscape page of its own).
pub const WIDE_TABLE_COLUMNS: usize = 12;

/// Tables with more rows than this are set as `longtable`.
pub const LONG_TABLE_ROWS: usize = 40;

/// The LaTeX of the memo mark ([`super::view::MEMO_MARK`]).
pub const MEMO_MARK: &str = "\\textsuperscript{\\dag}";

/// A caption and label for a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Titles {
    /// LaTeX caption (from the manifest entry).
    pub caption: String,
    /// LaTeX label.
    pub label: String,
}

impl Titles {
    /// The manifest's caption and label, or defaults from the experiment name. A label
    /// that is not a plain LaTeX label (an edited metadata file) is replaced by
    /// `tab:NAME`, so no label ends `\label{..}` early.
    pub fn new(name: &str, caption: Option<&str>, label: Option<&str>) -> Titles {
        let caption = match caption.map(str::trim) {
            Some(c) if !c.is_empty() => caption_text(c),
            _ => format!("Results of experiment \\texttt{{{}}}.", escape(name)),
        };
        let label = match label.map(str::trim) {
            Some(l) if crate::base::text::is_latex_label(l) => l.to_string(),
            _ => format!("tab:{}", name.replace(|c: char| !c.is_ascii_alphanumeric() && !"-_.".contains(c), "-")),
        };
        Titles { caption, label }
    }

    /// The titles of experiment `name` of `game`'s `kind`: the manifest's caption when
    /// it gives one, otherwise a caption built from what the game says of the kind
    /// ([`default_caption`]). A caption equal to the name with spaces for underscores is
    /// the manifest's own stand-in for a missing one (`tegel best`) and counts as none.
    pub fn for_experiment(
        name: &str,
        game: Option<&GameReport>,
        kind: &str,
        caption: Option<&str>,
        label: Option<&str>,
    ) -> Titles {
        let given = caption.map(str::trim).filter(|c| !c.is_empty() && *c != name.replace('_', " "));
        let built = default_caption(name, game, kind);
        Titles::new(name, Some(given.unwrap_or(&built)), label)
    }
}

/// A caption from the game's report and the kind, e.g. "Tile game: besteScore per
/// instance (`tegel_best`)."; the experiment name tells experiments of one kind apart.
/// Without a game report it is the generic "Results of experiment `NAME`.".
pub fn default_caption(name: &str, game: Option<&GameReport>, kind: &str) -> String {
    let Some(game) = game else { return format!("Results of experiment \\texttt{{{}}}.", escape(name)) };
    let what = match game.kind(kind) {
        Some(k) => k.description.to_string(),
        None => format!("results of kind \\texttt{{{}}}", escape(kind)),
    };
    format!("{}: {what} (\\texttt{{{}}}).", game.title, escape(name))
}

/// The LaTeX of a plain note of the [`TableView`] (its † and ± as LaTeX).
fn note_tex(note: &str) -> String {
    escape(note).replace('†', "\\dag{}").replace('±', "$\\pm$")
}

/// The tabular column type: `r` for numbers, `l` for short text, a ragged-right
/// paragraph column for long text (transcripts, move lists).
fn column_spec(column: &Column) -> String {
    if column.numeric {
        "r".to_string()
    } else if column.wraps {
        ">{\\raggedright\\arraybackslash}p{0.3\\linewidth}".to_string()
    } else {
        "l".to_string()
    }
}

fn header_rows(view: &TableView) -> String {
    let mut out = String::new();
    if view.columns.iter().any(|c| c.prefix.is_some()) {
        let mut top = Vec::new();
        let mut rules = Vec::new();
        let mut col = 1;
        let mut i = 0;
        while i < view.columns.len() {
            let prefix = &view.columns[i].prefix;
            let span = view.columns[i..].iter().take_while(|c| c.prefix == *prefix).count();
            let span = if prefix.is_some() { span } else { 1 };
            match prefix {
                Some(p) => {
                    top.push(format!("\\multicolumn{{{span}}}{{c}}{{{}}}", header(p)));
                    rules.push(format!("\\cmidrule(lr){{{}-{}}}", col, col + span - 1));
                }
                None => top.push(String::new()),
            }
            col += span;
            i += span;
        }
        let _ = writeln!(out, "{} \\\\", top.join(" & "));
        let _ = writeln!(out, "{}", rules.join(" "));
    }
    let names: Vec<String> = view.columns.iter().map(|c| header(&c.leaf)).collect();
    let _ = writeln!(out, "{} \\\\", names.join(" & "));
    out
}

/// The LaTeX of one cell: the formatted value, the memo mark, the spread.
fn cell_tex(column: &Column, cell: &Cell) -> String {
    let mut text = match cell.kind {
        CellKind::Marker => format!("\\textit{{{}}}", escape(&cell.text)),
        _ => format_cell(column.kind, &cell.raw),
    };
    if cell.memo {
        text.push_str(MEMO_MARK);
    }
    if cell.one_sample {
        text.push_str("\\,{\\footnotesize(1 sample)}");
    } else if let Some(spread) = &cell.spread {
        let _ = write!(text, "\\,{{\\footnotesize$\\pm${}}}", escape(spread));
    }
    if let Some(interval) = &cell.interval {
        let _ = write!(text, "\\,{{\\footnotesize[{}]}}", escape(&interval.replace('–', "--")));
    }
    text
}

fn body_rows(table: &CsvTable, view: &TableView) -> String {
    let mut out = String::new();
    let first = view.columns.first();
    let gap_between_runs = first.is_some_and(|f| !f.numeric && has_runs(table, f.index));
    let mut previous: Option<&str> = None;
    for (row, raw) in view.rows.iter().zip(&table.rows) {
        if let (true, Some(f), Some(prev)) = (gap_between_runs, first, previous) {
            if raw[f.index] != prev {
                out.push_str("\\addlinespace\n");
            }
        }
        previous = first.map(|f| raw[f.index].as_str());
        let mut cells: Vec<String> = view.columns.iter().zip(&row.cells).map(|(c, cell)| cell_tex(c, cell)).collect();
        if let (true, Some(first)) = (row.busy, cells.first_mut()) {
            first.push_str(" \\textit{(busy)}");
        }
        let _ = writeln!(out, "{} \\\\", cells.join(" & "));
    }
    if table.rows.is_empty() {
        let _ = writeln!(out, "\\multicolumn{{{}}}{{c}}{{\\textit{{no rows}}}} \\\\", view.columns.len().max(1));
    }
    out
}

/// Whether some value of column `index` repeats on consecutive rows.
fn has_runs(table: &CsvTable, index: usize) -> bool {
    table.rows.windows(2).any(|w| w[0][index] == w[1][index])
}

/// The LaTeX table for `table` (see the module documentation for the conventions).
pub fn latex_table(table: &CsvTable, titles: &Titles) -> String {
    let view = TableView::of(table);
    let n = view.columns.len().max(1);
    let spec: String = view.columns.iter().map(column_spec).collect();
    let head = header_rows(&view);
    let body = body_rows(table, &view);
    let note = view.notes.iter().map(|n| note_tex(n)).collect::<Vec<_>>().join(" ");
    let mut out = format!(
        "% Generated by `harness report` from {}; rerun `harness report` instead of editing.\n",
        table.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default()
    );
    if table.rows.len() > LONG_TABLE_ROWS {
        let _ = write!(
            out,
            "{{\\footnotesize\\setlength{{\\tabcolsep}}{{3pt}}\n\\begin{{longtable}}{{{spec}}}\n\\caption{{{caption}}}\\label{{{label}}}\\\\\n\
             \\toprule\n{head}\\midrule\n\\endfirsthead\n\\toprule\n{head}\\midrule\n\\endhead\n\\bottomrule\n{foot}\\endlastfoot\n\
             \\midrule\\multicolumn{{{n}}}{{r}}{{\\footnotesize continued}}\\\\\n\\endfoot\n{body}\\end{{longtable}}}}\n",
            caption = titles.caption,
            label = titles.label,
            foot = if note.is_empty() {
                String::new()
            } else {
                format!("\\multicolumn{{{n}}}{{p{{0.9\\linewidth}}}}{{\\footnotesize {note}}}\\\\\n")
            },
        );
        return out;
    }
    let (env, size) = if view.columns.len() > WIDE_TABLE_COLUMNS {
        ("sidewaystable", "\\footnotesize\\setlength{\\tabcolsep}{4pt}")
    } else {
        ("table", "\\small")
    };
    let _ = write!(
        out,
        "\\begin{{{env}}}[htbp]\n\\centering\n\\caption{{{caption}}}\\label{{{label}}}\n{size}\n\
         \\begin{{adjustbox}}{{max width=\\linewidth}}\n\\begin{{tabular}}{{{spec}}}\n\\toprule\n{head}\\midrule\n{body}\
         \\bottomrule\n\\end{{tabular}}\n\\end{{adjustbox}}\n",
        caption = titles.caption,
        label = titles.label,
    );
    if !note.is_empty() {
        let _ = writeln!(out, "\\par\\smallskip{{\\footnotesize {note}}}");
    }
    let _ = writeln!(out, "\\end{{{env}}}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::kind::Kind;
    use crate::report::csv_table::test_table as table;
    use crate::report::kinds::{no_extra_files, KindReport};

    #[test]
    fn groups_share_prefixes() {
        let t = table("instance,dumb_find_positions,dumb_find_seconds,solutions_distinct,solutions_labelled,seq_positions,par_positions\n");
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(tex.contains(" & \\multicolumn{2}{c}{dumb find} & \\multicolumn{2}{c}{solutions} &  &  \\\\"), "{tex}");
        assert!(tex.contains("\\cmidrule(lr){2-3} \\cmidrule(lr){4-5}"), "{tex}");
    }

    #[test]
    fn a_label_that_is_not_plain_becomes_the_default() {
        let t = Titles::new("x", None, Some("tab:x}\\input{/etc/hostname}\\label{y"));
        assert_eq!(t.label, "tab:x");
        assert_eq!(Titles::new("x", None, Some("tab:mine")).label, "tab:mine");
    }

    #[test]
    fn constant_bookkeeping_moves_to_note() {
        let t = table("instance,positions,seed,threads,time_limit,status\na,1,7,2,300,ok\nb,2,7,2,300,ok\n");
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(tex.contains("\\begin{tabular}{lr}"), "{tex}");
        assert!(
            tex.contains("Seed 7; 2 threads; time limit 300 s per search call; every row complete (status ok)."),
            "{tex}"
        );
    }

    #[test]
    fn varying_status_stays_a_column() {
        let t = table("instance,positions,status\na,1,ok\nb,timeout,timeout\n");
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(tex.contains("b & \\textit{timeout} & \\textit{timeout} \\\\"), "{tex}");
        assert!(tex.contains("\\begin{tabular}{lrl}"), "{tex}");
    }

    #[test]
    fn memo_sources_mark_cells_and_add_a_footnote() {
        let t = table(
            "instance,dumb_count_positions,dumb_count_positions_source,smart_count_positions,status\n\
             a,120,walk,40,ok\nb,98765432,memo,50,ok\n",
        );
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(!tex.contains("source"), "{tex}");
        assert!(tex.contains("a & 120 & 40 \\\\"), "{tex}");
        assert!(tex.contains("b & 98{,}765{,}432\\textsuperscript{\\dag} & 50 \\\\"), "{tex}");
        assert!(tex.contains("Every row complete (status ok). \\dag{} exact count through the memo"), "{tex}");
    }

    #[test]
    fn a_timed_out_sweep_row_marks_its_memo_count() {
        let t = table("undone,positions,positions_source,seconds,status\n21,1000,walk,1.5,ok\n22,33081710715,memo,timeout,timeout\n");
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(tex.contains("22 & 33{,}081{,}710{,}715\\textsuperscript{\\dag} & \\textit{timeout}"), "{tex}");
    }

    #[test]
    fn spread_and_busy_rows() {
        let t =
            table("instance,seconds,seconds_mad,seconds_samples,samples,cpu_share\na,1.25,0.05,1.2;1.25;1.3,3,0.5\n");
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(tex.contains("a \\textit{(busy)} & 1.25\\,{\\footnotesize$\\pm$0.0500} \\\\"), "{tex}");
        assert!(tex.contains("median $\\pm$ median absolute deviation of 3 timed samples"), "{tex}");
        assert!(!tex.contains("1.2;1.25"), "{tex}");
    }

    #[test]
    fn all_walk_sources_need_no_footnote_and_odd_sources_stay_columns() {
        let t = table("instance,positions,positions_source\na,1,walk\n");
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(!tex.contains("dag") && !tex.contains("source"), "{tex}");
        let t = table("instance,positions,positions_source,x_source\na,1,estimate,memo\n");
        assert!(latex_table(&t, &Titles::new("t", None, None)).contains("positions source"));
    }

    #[test]
    fn captions_default_to_the_game_report() {
        static GAME: GameReport = GameReport {
            game: "g",
            title: "Game",
            kinds: &[Kind { name: "k", build: |_| unreachable!(), report: KindReport::new("what k shows") }],
            extra_files: no_extra_files,
            summary: None,
        };
        let t = Titles::for_experiment("g_k", Some(&GAME), "k", Some("g k"), None);
        assert_eq!(t.caption, "Game: what k shows (\\texttt{g\\_k}).");
        let t = Titles::for_experiment("g_k", Some(&GAME), "k", Some("Mine"), Some("tab:x"));
        assert_eq!((t.caption.as_str(), t.label.as_str()), ("Mine", "tab:x"));
        let t = Titles::for_experiment("long_grow", Some(&GAME), "grow", None, None);
        assert_eq!(t.caption, "Game: results of kind \\texttt{grow} (\\texttt{long\\_grow}).");
        let t = Titles::for_experiment("x", None, "k", None, None);
        assert_eq!(t.caption, "Results of experiment \\texttt{x}.");
    }

    #[test]
    fn long_text_wraps() {
        let long = "(0;b) ".repeat(10);
        let t = table(&format!("instance,transcript\na,{long}\n"));
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(tex.contains("\\begin{tabular}{l>{\\raggedright\\arraybackslash}p{0.3\\linewidth}}"), "{tex}");
    }

    #[test]
    fn long_tables_break_across_pages() {
        let mut text = String::from("undone,positions\n");
        for i in 0..=LONG_TABLE_ROWS {
            text.push_str(&format!("{i},{}\n", i * 1000));
        }
        let tex = latex_table(&table(&text), &Titles::new("t", None, None));
        assert!(tex.contains("\\begin{longtable}{rr}"), "{tex}");
        assert!(tex.contains("40 & 40{,}000 \\\\"), "{tex}");
    }
}
