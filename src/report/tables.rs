//! The generic table generator: any experiment CSV → a booktabs LaTeX table.
//!
//! Generated from the CSV alone (plus caption and label), so `harness report` can rerun
//! it without searching. Conventions:
//! - headers and units from the column names ([`super::latex::header`]);
//! - consecutive columns sharing a name prefix (`dumb_find_positions`,
//!   `dumb_find_seconds`) get a spanning group header ("dumb find") over their leaves;
//! - the bookkeeping columns `seed`, `threads`, `time_limit` and `status` are left out
//!   when they hold one value for every row (and, for `status`, that value is `ok`);
//!   that value is then stated in a note under the table;
//! - text cells longer than [`WRAP_TEXT_CHARS`] wrap in a paragraph column;
//! - a blank gap separates runs of rows whose first (text) column changes;
//! - more than [`WIDE_TABLE_COLUMNS`] shown columns put the table on a landscape page;
//! - more than [`LONG_TABLE_ROWS`] rows make a `longtable` that breaks across pages.

use std::fmt::Write as _;

use super::csv_table::{parse_number, CsvTable};
use super::kinds::GameReport;
use super::latex::{caption_text, escape, format_cell, format_real, header, is_marker};

/// Tables with more shown columns than this are set sideways (`sidewaystable`, a
/// landscape page of its own).
pub const WIDE_TABLE_COLUMNS: usize = 12;

/// Tables with more rows than this are set as `longtable`.
pub const LONG_TABLE_ROWS: usize = 40;

const BOOKKEEPING: [&str; 4] = ["seed", "threads", "time_limit", "status"];

/// A caption and label for a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Titles {
    /// LaTeX caption (from the manifest entry).
    pub caption: String,
    /// LaTeX label.
    pub label: String,
}

impl Titles {
    /// The manifest's caption and label, or defaults from the experiment name.
    pub fn new(name: &str, caption: Option<&str>, label: Option<&str>) -> Titles {
        let caption = match caption.map(str::trim) {
            Some(c) if !c.is_empty() => caption_text(c),
            _ => format!("Results of experiment \\texttt{{{}}}.", escape(name)),
        };
        let label = match label.map(str::trim) {
            Some(l) if !l.is_empty() => l.to_string(),
            _ => format!("tab:{name}"),
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

/// A run of shown columns under one header cell: a single column, or a group of columns
/// sharing `prefix` (then each keeps its leaf name).
#[derive(Debug, Clone, PartialEq)]
struct HeaderGroup {
    prefix: Option<String>,
    columns: Vec<usize>,
}

fn constant_value<'a>(table: &'a CsvTable, column: &str) -> Option<&'a str> {
    let cells = table.column(column);
    let first = *cells.first()?;
    cells.iter().all(|c| *c == first).then_some(first)
}

/// Bookkeeping columns to leave out, and the note that states their common value.
fn elided(table: &CsvTable) -> (Vec<usize>, Vec<String>) {
    let mut hidden = Vec::new();
    let mut notes = Vec::new();
    for column in BOOKKEEPING {
        let (Some(index), Some(value)) = (table.index(column), constant_value(table, column)) else { continue };
        let note = match column {
            "seed" => format!("seed {}", escape(value)),
            "threads" => format!("{} thread{}", escape(value), if value == "1" { "" } else { "s" }),
            "time_limit" if value.is_empty() => "no time limit".to_string(),
            "time_limit" => match parse_number(value) {
                Some(v) => format!("time limit {} s per search call", format_real(v)),
                None => format!("time limit {}", escape(value)),
            },
            "status" if value == "ok" => "every row complete (status ok)".to_string(),
            _ => continue,
        };
        hidden.push(index);
        notes.push(note);
    }
    (hidden, notes)
}

/// Suffix of a column that says where the numbers of another column come from.
pub const SOURCE_SUFFIX: &str = "_source";

/// The mark after a number counted through the memo.
pub const MEMO_MARK: &str = "\\textsuperscript{\\dag}";

/// The footnote that explains [`MEMO_MARK`].
pub const MEMO_NOTE: &str = "\\dag{} exact count through the memo (the plain walk passed its time limit).";

/// The provenance columns: `(source, counted)` for every column `X_source` whose column
/// `X` exists and whose cells are all `walk`, `memo`, empty or markers. They are not shown;
/// instead each cell of `X` whose source is `memo` gets [`MEMO_MARK`].
fn source_columns(table: &CsvTable) -> Vec<(usize, usize)> {
    table
        .columns
        .iter()
        .enumerate()
        .filter_map(|(source, name)| {
            let counted = table.index(name.strip_suffix(SOURCE_SUFFIX)?)?;
            let provenance = table.rows.iter().all(|r| {
                let cell = r[source].trim();
                matches!(cell, "walk" | "memo" | "") || is_marker(cell)
            });
            provenance.then_some((source, counted))
        })
        .collect()
}

/// Whether some cell is marked as counted through the memo.
fn any_memo(table: &CsvTable, sources: &[(usize, usize)]) -> bool {
    sources.iter().any(|&(source, _)| table.rows.iter().any(|r| r[source].trim() == "memo"))
}

/// Whether every value cell of a column is a number (markers and blanks aside).
fn numeric(table: &CsvTable, index: usize) -> bool {
    let mut any = false;
    for row in &table.rows {
        let cell = row[index].trim();
        if cell.is_empty() || is_marker(cell) {
            continue;
        }
        if parse_number(cell).is_none() {
            return false;
        }
        any = true;
    }
    any
}

fn prefixes(name: &str) -> Vec<String> {
    let words: Vec<&str> = name.split('_').collect();
    (1..words.len()).rev().map(|n| words[..n].join("_")).collect()
}

/// Text longer than this (in characters) wraps in a paragraph column.
pub const WRAP_TEXT_CHARS: usize = 40;

/// The tabular column type: `r` for numbers, `l` for short text, a ragged-right
/// paragraph column for long text (transcripts, move lists).
fn column_spec(table: &CsvTable, index: usize) -> String {
    if numeric(table, index) {
        return "r".to_string();
    }
    let longest = table.rows.iter().map(|r| r[index].chars().count()).max().unwrap_or(0);
    if longest > WRAP_TEXT_CHARS {
        ">{\\raggedright\\arraybackslash}p{0.3\\linewidth}".to_string()
    } else {
        "l".to_string()
    }
}

/// Splits the shown columns into header groups: starting at each column, the longest
/// name prefix (whole words) shared by the next column, extended over every following
/// column with that prefix.
fn header_groups(table: &CsvTable, shown: &[usize]) -> Vec<HeaderGroup> {
    let mut groups = Vec::new();
    let mut i = 0;
    while i < shown.len() {
        let name = &table.columns[shown[i]];
        let shares = |p: &str, j: usize| shown.get(j).is_some_and(|&c| table.columns[c].starts_with(&format!("{p}_")));
        match prefixes(name).into_iter().find(|p| shares(p, i + 1)) {
            Some(prefix) => {
                let mut end = i + 1;
                while shares(&prefix, end) {
                    end += 1;
                }
                groups.push(HeaderGroup { prefix: Some(prefix), columns: shown[i..end].to_vec() });
                i = end;
            }
            None => {
                groups.push(HeaderGroup { prefix: None, columns: vec![shown[i]] });
                i += 1;
            }
        }
    }
    groups
}

fn header_rows(table: &CsvTable, groups: &[HeaderGroup]) -> String {
    let mut out = String::new();
    if groups.iter().any(|g| g.prefix.is_some()) {
        let mut top = Vec::new();
        let mut rules = Vec::new();
        let mut col = 1;
        for g in groups {
            match &g.prefix {
                Some(p) => {
                    top.push(format!("\\multicolumn{{{}}}{{c}}{{{}}}", g.columns.len(), header(p)));
                    rules.push(format!("\\cmidrule(lr){{{}-{}}}", col, col + g.columns.len() - 1));
                }
                None => top.push(String::new()),
            }
            col += g.columns.len();
        }
        let _ = writeln!(out, "{} \\\\", top.join(" & "));
        let _ = writeln!(out, "{}", rules.join(" "));
    }
    let mut names = Vec::new();
    for g in groups {
        for &c in &g.columns {
            let name = &table.columns[c];
            let leaf = match &g.prefix {
                Some(p) => &name[p.len() + 1..],
                None => name.as_str(),
            };
            names.push(header(leaf));
        }
    }
    let _ = writeln!(out, "{} \\\\", names.join(" & "));
    out
}

/// Whether some value of column `index` repeats on consecutive rows.
fn has_runs(table: &CsvTable, index: usize) -> bool {
    table.rows.windows(2).any(|w| w[0][index] == w[1][index])
}

fn body_rows(table: &CsvTable, shown: &[usize], sources: &[(usize, usize)]) -> String {
    let mut out = String::new();
    let first = shown.first().copied();
    let gap_between_runs = first.is_some_and(|f| !numeric(table, f) && has_runs(table, f));
    let mut previous: Option<&str> = None;
    for row in &table.rows {
        if let (true, Some(f), Some(prev)) = (gap_between_runs, first, previous) {
            if row[f] != prev {
                out.push_str("\\addlinespace\n");
            }
        }
        previous = first.map(|f| row[f].as_str());
        let cells: Vec<String> = shown
            .iter()
            .map(|&c| {
                let text = format_cell(&table.columns[c], &row[c]);
                let memo = sources.iter().any(|&(source, counted)| counted == c && row[source].trim() == "memo");
                if memo {
                    text + MEMO_MARK
                } else {
                    text
                }
            })
            .collect();
        let _ = writeln!(out, "{} \\\\", cells.join(" & "));
    }
    if table.rows.is_empty() {
        let _ = writeln!(out, "\\multicolumn{{{}}}{{c}}{{\\textit{{no rows}}}} \\\\", shown.len().max(1));
    }
    out
}

/// The LaTeX table for `table` (see the module documentation for the conventions).
pub fn latex_table(table: &CsvTable, titles: &Titles) -> String {
    let (mut hidden, notes) = elided(table);
    let sources = source_columns(table);
    hidden.extend(sources.iter().map(|&(source, _)| source));
    let shown: Vec<usize> = (0..table.columns.len()).filter(|c| !hidden.contains(c)).collect();
    let spec: String = shown.iter().map(|&c| column_spec(table, c)).collect();
    let groups = header_groups(table, &shown);
    let head = header_rows(table, &groups);
    let body = body_rows(table, &shown, &sources);
    let mut note = if notes.is_empty() {
        String::new()
    } else {
        let mut n = notes.join("; ");
        n[..1].make_ascii_uppercase();
        format!("{n}.")
    };
    if any_memo(table, &sources) {
        note = if note.is_empty() { MEMO_NOTE.to_string() } else { format!("{note} {MEMO_NOTE}") };
    }
    let mut out = format!(
        "% Generated by `harness report` from {}; rerun `harness report` instead of editing.\n",
        table.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default()
    );
    if table.rows.len() > LONG_TABLE_ROWS {
        let _ = write!(
            out,
            "{{\\small\\setlength{{\\tabcolsep}}{{4pt}}\n\\begin{{longtable}}{{{spec}}}\n\\caption{{{caption}}}\\label{{{label}}}\\\\\n\
             \\toprule\n{head}\\midrule\n\\endfirsthead\n\\toprule\n{head}\\midrule\n\\endhead\n\\bottomrule\n{foot}\\endlastfoot\n\
             \\midrule\\multicolumn{{{n}}}{{r}}{{\\footnotesize continued}}\\\\\n\\endfoot\n{body}\\end{{longtable}}}}\n",
            caption = titles.caption,
            label = titles.label,
            foot = if note.is_empty() {
                String::new()
            } else {
                format!("\\multicolumn{{{}}}{{l}}{{\\footnotesize {note}}}\\\\\n", shown.len())
            },
            n = shown.len(),
        );
        return out;
    }
    let (env, size) = if shown.len() > WIDE_TABLE_COLUMNS {
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
        let shown: Vec<usize> = (0..t.columns.len()).collect();
        let g = header_groups(&t, &shown);
        let prefixes: Vec<Option<&str>> = g.iter().map(|g| g.prefix.as_deref()).collect();
        assert_eq!(prefixes, [None, Some("dumb_find"), Some("solutions"), None, None]);
    }

    #[test]
    fn memo_columns_group_under_memo() {
        let t = table("games,memo_positions,memo_distinct_positions,memo_seconds\n");
        let g = header_groups(&t, &[0, 1, 2, 3]);
        assert_eq!(g[1], HeaderGroup { prefix: Some("memo".into()), columns: vec![1, 2, 3] });
    }

    #[test]
    fn constant_bookkeeping_moves_to_note() {
        let t = table("instance,positions,seed,threads,time_limit,status\na,1,7,2,300,ok\nb,2,7,2,300,ok\n");
        let (hidden, notes) = elided(&t);
        assert_eq!(hidden, [2, 3, 4, 5]);
        assert_eq!(
            notes,
            ["seed 7", "2 threads", "time limit 300 s per search call", "every row complete (status ok)"]
        );
    }

    #[test]
    fn varying_status_stays_a_column() {
        let t = table("instance,positions,status\na,1,ok\nb,timeout,timeout\n");
        let (hidden, _) = elided(&t);
        assert!(hidden.is_empty());
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
    fn all_walk_sources_need_no_footnote_and_odd_sources_stay_columns() {
        let t = table("instance,positions,positions_source\na,1,walk\n");
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(!tex.contains("dag") && !tex.contains("source"), "{tex}");
        let t = table("instance,positions,positions_source,x_source\na,1,estimate,memo\n");
        assert!(source_columns(&t).is_empty());
        assert!(latex_table(&t, &Titles::new("t", None, None)).contains("positions source"));
    }

    #[test]
    fn captions_default_to_the_game_report() {
        static GAME: GameReport = GameReport {
            game: "g",
            title: "Game",
            kinds: &[Kind { name: "k", build: |_| unreachable!(), report: KindReport::new("what k shows") }],
            extra_files: no_extra_files,
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
        assert_eq!(column_spec(&t, 0), "l");
        assert_eq!(column_spec(&t, 1), ">{\\raggedright\\arraybackslash}p{0.3\\linewidth}");
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
