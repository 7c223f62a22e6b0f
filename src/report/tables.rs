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
//! - the size, orientation and, for a table too wide for any page, the split of its
//!   columns into parts come from [`super::layout`]: never below 8 pt, never scaled;
//!   headers wrap onto several lines;
//! - more than [`LONG_TABLE_ROWS`] rows make a `longtable` that breaks across pages; so
//!   does every landscape table ([`LANDSCAPE_BEGIN`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use super::answers::Cited;
use super::chart::Chart;
use super::export::{texts, Exporter, File, Input};
use super::kinds::Reports;
use super::loaded::Loaded;
use super::numbers;
use super::titles::Titles;
use crate::base::error::InputError;

use super::cell_text::{format_cell_in, header_in, Medium};
use super::language::Language;
use super::latex::escape;
use super::layout;
use super::view::{Cell, CellKind, Column, Row, TableView};
use crate::results::csv_table::CsvTable;

/// The opening of a landscape table: rotated pages (`landscape`, pdflscape) with the
/// heading its section left in `\harnessheading` (then cleared) above the table, which
/// is a `longtable` and so breaks across the rotated pages with its header repeated.
pub const LANDSCAPE_BEGIN: &str =
    "\\begin{landscape}\n\\csname harnessheading\\endcsname\\global\\let\\harnessheading\\relax\n";

/// Tables with more rows than this are set as `longtable`.
pub const LONG_TABLE_ROWS: usize = 40;

/// The LaTeX of the memo mark ([`super::view::MEMO_MARK`]).
pub const MEMO_MARK: &str = "\\textsuperscript{\\dag}";

/// The LaTeX of a plain note of the [`TableView`] (its † and ± as LaTeX).
fn note_tex(note: &str) -> String {
    escape(note).replace('†', "\\dag{}").replace('±', "$\\pm$")
}

/// The tabular column type: `r` for numbers, `l` for short text, a ragged-right
/// paragraph column `share` of the line wide for long text (transcripts, move lists).
fn column_spec(column: &Column, share: f64) -> String {
    if column.numeric {
        "r".to_string()
    } else if column.wraps {
        format!(">{{\\raggedright\\arraybackslash}}p{{{share:.2}\\linewidth}}")
    } else {
        "l".to_string()
    }
}

/// The header rows: group headers over their columns, then each column's header on the
/// lines `lines` gives it.
fn header_rows(view: &TableView, lines: &[Vec<String>], language: Language) -> String {
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
                    top.push(format!("\\multicolumn{{{span}}}{{c}}{{{}}}", header_in(p, Medium::Latex, language)));
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
    let names: Vec<String> = view
        .columns
        .iter()
        .zip(lines.iter().map(Vec::as_slice).chain(std::iter::repeat(&[][..])))
        .map(|(c, l)| wrapped_header(c, l, language))
        .collect();
    let _ = writeln!(out, "{} \\\\", names.join(" & "));
    out
}

/// The LaTeX of one cell: the formatted value, the memo mark, the spread.
fn cell_tex(column: &Column, cell: &Cell, language: Language) -> String {
    let mut text = match cell.kind {
        CellKind::Marker => format!("\\textit{{{}}}", escape(&cell.text).replace('–', "--")),
        _ => format_cell_in(column.kind, &cell.raw, Medium::Latex, language),
    };
    if cell.memo {
        text.push_str(MEMO_MARK);
    }
    if cell.one_sample {
        text.push_str(language.pick("\\,{\\footnotesize(1 sample)}", "\\,{\\footnotesize(1 meting)}"));
    } else if let Some(spread) = &cell.spread {
        let _ = write!(text, "\\,{{\\footnotesize$\\pm${}}}", escape(spread));
    }
    if let Some(interval) = &cell.interval {
        let _ = write!(text, "\\,{{\\footnotesize[{}]}}", escape(&interval.replace('–', "--")));
    }
    text
}

fn body_rows(table: &CsvTable, view: &TableView, language: Language) -> String {
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
        let mut cells: Vec<String> =
            view.columns.iter().zip(&row.cells).map(|(c, cell)| cell_tex(c, cell, language)).collect();
        if let (true, Some(first)) = (row.busy, cells.first_mut()) {
            first.push_str(language.pick(" \\textit{(busy)}", " \\textit{(druk)}"));
        }
        let _ = writeln!(out, "{} \\\\", cells.join(" & "));
    }
    if table.rows.is_empty() {
        let _ = writeln!(
            out,
            "\\multicolumn{{{}}}{{c}}{{\\textit{{{}}}}} \\\\",
            view.columns.len().max(1),
            language.pick("no rows", "geen rijen")
        );
    }
    out
}

/// Whether some value of column `index` repeats on consecutive rows.
fn has_runs(table: &CsvTable, index: usize) -> bool {
    table.rows.windows(2).any(|w| w[0][index] == w[1][index])
}

/// The view restricted to the columns `cols` (indices into its columns), with its notes
/// when `notes` is true.
fn part_of(view: &TableView, cols: &[usize], notes: bool) -> TableView {
    TableView {
        columns: cols.iter().map(|&c| view.columns[c].clone()).collect(),
        rows: view
            .rows
            .iter()
            .map(|r| Row { cells: cols.iter().map(|&c| r.cells[c].clone()).collect(), ..r.clone() })
            .collect(),
        notes: if notes { view.notes.clone() } else { Vec::new() },
    }
}

/// The LaTeX header of a column set on the lines of its plain header `lines` (the words
/// of the LaTeX header regrouped as the plain words are; one line where they differ).
fn wrapped_header(column: &Column, lines: &[String], language: Language) -> String {
    let latex = header_in(&column.leaf, Medium::Latex, language);
    let words: Vec<&str> = latex.split(' ').filter(|w| !w.is_empty()).collect();
    let counts: Vec<usize> = lines.iter().map(|l| l.split(' ').count()).collect();
    if lines.len() < 2 || column.wraps || counts.iter().sum::<usize>() != words.len() {
        return latex;
    }
    let mut rest = words.as_slice();
    let mut out = Vec::new();
    for n in counts {
        out.push(rest[..n].join(" "));
        rest = &rest[n..];
    }
    let align = if column.numeric { "r" } else { "l" };
    format!("\\begin{{tabular}}[b]{{@{{}}{align}@{{}}}}{}\\end{{tabular}}", out.join("\\\\"))
}

/// The titles of part `k` (from 0) of `n` parts of a split table: the caption says which
/// part it is; the first part keeps the label.
fn part_titles(titles: &Titles, k: usize, n: usize, language: Language) -> Titles {
    if n == 1 {
        return titles.clone();
    }
    let part = match language {
        Language::En => format!("(part {} of {n}; each part repeats the key columns)", k + 1),
        Language::Nl => format!("(deel {} van {n}; elk deel herhaalt de sleutelkolommen)", k + 1),
    };
    Titles {
        caption: titles.caption.clone().then(&format!(" {part}")),
        label: if k == 0 { titles.label.clone() } else { format!("{}-part{}", titles.label, k + 1) },
    }
}

/// The LaTeX table for `table` (see the module documentation for the conventions).
pub fn latex_table(table: &CsvTable, titles: &Titles) -> String {
    latex_table_leaving_out(table, titles, &[])
}

/// [`latex_table`], where the columns named in `optional` are the first left out of a
/// table too wide for any page ([`super::kinds::KindReport::optional_columns`]).
pub fn latex_table_leaving_out(table: &CsvTable, titles: &Titles, optional: &[&str]) -> String {
    latex_table_in(table, titles, optional, Language::En)
}

/// The note that replaces the spread notes of a table set without its spreads.
fn medians_note(language: Language) -> &'static str {
    language.pick(
        "Times are medians of the timed samples; their spreads are on the web page and in the CSV.",
        "Tijden zijn medianen van de metingen; hun spreiding staat op de webpagina en in de CSV.",
    )
}

/// Whether `note` is the view's note on the timing spreads (in either language).
fn is_spread_note(note: &str) -> bool {
    ["Times are the median", "Each time is one", "Tijden zijn de mediaan", "Elke tijd is één"]
        .iter()
        .any(|start| note.starts_with(start))
}

/// The note under a table that names the columns left out because it is too wide.
fn left_out_note(left_out: &[String], file: &str, language: Language) -> String {
    match (language, left_out) {
        (Language::En, [one]) => {
            format!("Too wide for the page: the column {one} is left out here; it is in {file} and on the web page.")
        }
        (Language::En, many) => format!(
            "Too wide for the page: the columns {} are left out here; they are in {file} and on the web page.",
            many.join(", ")
        ),
        (Language::Nl, [one]) => format!(
            "Te breed voor de pagina: de kolom {one} is hier weggelaten; die staat in {file} en op de webpagina."
        ),
        (Language::Nl, many) => format!(
            "Te breed voor de pagina: de kolommen {} zijn hier weggelaten; die staan in {file} en op de webpagina.",
            many.join(", ")
        ),
    }
}

/// [`latex_table_leaving_out`], with headers, notes and marks in `language`.
pub fn latex_table_in(table: &CsvTable, titles: &Titles, optional: &[&str], language: Language) -> String {
    latex_table_leaving(table, titles, optional, language, &[])
}

/// [`latex_table_in`] without the notes in `said` (those the report's text already gives).
fn latex_table_leaving(
    table: &CsvTable,
    titles: &Titles,
    optional: &[&str],
    language: Language,
    said: &[&str],
) -> String {
    let mut view = TableView::in_language(table, language);
    view.notes.retain(|n| !said.contains(&n.as_str()));
    let long = table.rows.len() > LONG_TABLE_ROWS;
    let layout = layout::layout_leaving_out(&view, optional);
    let mut view = match layout.spreads {
        true => view,
        false => layout::without_spreads(&view),
    };
    if !layout.spreads {
        view.notes.retain(|n| !is_spread_note(n));
        view.notes.push(medians_note(language).to_string());
    }
    let width = if layout.landscape { layout::LANDSCAPE_WIDTH } else { layout::PORTRAIT_WIDTH };
    let mut out = format!(
        "% Generated by `harness report` from {}; rerun `harness report` instead of editing.\n",
        table.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default()
    );
    let n = layout.parts.len();
    let named = |c: &Column| match &c.group {
        Some(group) => format!("{group} {}", c.header),
        None => c.header.clone(),
    };
    let left_out: Vec<String> = layout.left_out(&view).iter().map(|&c| named(&view.columns[c])).collect();
    for (k, cols) in layout.parts.iter().enumerate() {
        let mut part = part_of(&view, cols, k + 1 == n);
        if !left_out.is_empty() {
            let file = table.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
            part.notes.push(left_out_note(&left_out, &file, language));
        }
        let lines: Vec<Vec<String>> =
            cols.iter().map(|&c| layout::column_header_lines(&view, c, layout.size, width)).collect();
        let set = Set { size: layout.size, landscape: layout.landscape, long, lines: &lines, language };
        out.push_str(&latex_part(table, &part, &part_titles(titles, k, n, language), &set));
    }
    out
}

/// How one part of a table is set.
struct Set<'a> {
    size: layout::Size,
    landscape: bool,
    long: bool,
    /// The plain header lines of each of its columns.
    lines: &'a [Vec<String>],
    /// The language of its headers, marks and notes.
    language: Language,
}

/// The LaTeX of one part of a table (the whole table when it is not split).
fn latex_part(table: &CsvTable, view: &TableView, titles: &Titles, set: &Set) -> String {
    let n = view.columns.len().max(1);
    let width = if set.landscape { layout::LANDSCAPE_WIDTH } else { layout::PORTRAIT_WIDTH };
    let spec: String = (0..view.columns.len())
        .map(|c| column_spec(&view.columns[c], layout::wrap_share(view, c, set.size, width)))
        .collect();
    let head = header_rows(view, set.lines, set.language);
    let body = body_rows(table, view, set.language);
    let note = view.notes.iter().map(|n| note_tex(n)).collect::<Vec<_>>().join(" ");
    let size = format!("{}\\setlength{{\\tabcolsep}}{{{}pt}}", set.size.command, set.size.gap);
    let mut out = String::new();
    if set.long || set.landscape {
        if set.landscape {
            out.push_str(LANDSCAPE_BEGIN);
        }
        let _ = write!(
            out,
            "{{{size}\n\\begin{{longtable}}{{{spec}}}\n\\caption{{{caption}}}\\label{{{label}}}\\\\\n\
             \\toprule\n{head}\\midrule\n\\endfirsthead\n\\toprule\n{head}\\midrule\n\\endhead\n\\bottomrule\n\\endlastfoot\n\
             \\midrule\\multicolumn{{{n}}}{{r}}{{\\footnotesize {continued}}}\\\\\n\\endfoot\n{body}\\end{{longtable}}\n{foot}}}\n",
            caption = titles.caption.latex(),
            label = titles.label,
            continued = set.language.pick("continued", "vervolg op volgende pagina"),
            foot = if note.is_empty() { String::new() } else { format!("{{\\footnotesize {note}}}\\par\n") },
        );
        if set.landscape {
            out.push_str("\\end{landscape}\n");
        }
        return out;
    }
    let _ = write!(
        out,
        "\\begin{{table}}[htbp]\n\\centering\n\\caption{{{caption}}}\\label{{{label}}}\n{size}\n\
         \\begin{{tabular}}{{{spec}}}\n\\toprule\n{head}\\midrule\n{body}\\bottomrule\n\\end{{tabular}}\n",
        caption = titles.caption.latex(),
        label = titles.label,
    );
    if !note.is_empty() {
        let _ = writeln!(out, "\\par\\smallskip{{\\footnotesize {note}}}");
    }
    let _ = writeln!(out, "\\end{{table}}");
    out
}

/// One thing the report sets: an experiment's table, its pictures or a chart, the LaTeX
/// that sets it, and whether that opens a landscape page (a heading above it then waits
/// for the rotated page).
struct Placed {
    cited: Cited,
    tex: String,
    landscape: bool,
}

/// The table notes that the answers of `item`'s game already give in their text: the
/// note on times under 1 ms, where a program's table stands in a report whose answers
/// say once what "< 1 ms" means ([`super::asked::resolution_sentence`]).
fn said_in_text(
    item: &Loaded,
    answers: &[(&str, Vec<super::answers::Answer>)],
    language: Language,
) -> Vec<&'static str> {
    let sentence = super::asked::resolution_sentence(language);
    let says = answers
        .iter()
        .filter(|(game, _)| *game == item.game)
        .flat_map(|(_, answers)| answers)
        .any(|a| super::answers::plain(a).contains(sentence));
    match item.asks.is_some() && says {
        true => vec![super::view::Marks::of(language).resolution_note],
        false => Vec::new(),
    }
}

/// The LaTeX back end: `tex/NAME.tex` per experiment, the files the plug-ins write from
/// their tables (the summary), `tex/numbers.tex`, and per (game, kind) the file that
/// inputs its tables and figures (`tex/kind-GAME-KIND.tex`) or, for kinds the report
/// skeleton does not place, `tex/extra-GAME.tex`.
pub struct Latex;

impl Exporter for Latex {
    fn name(&self) -> &'static str {
        "latex"
    }

    fn export(&self, input: &Input) -> Result<Vec<File>, InputError> {
        let reports = input.reports;
        let mut files = Vec::new();
        // Per (game, kind), in the results' order: each experiment's table, its pictures
        // and its charts, each with the LaTeX that sets it.
        let mut by_kind: BTreeMap<(String, String), Vec<Placed>> = BTreeMap::new();
        let mut pictures = super::figures::load_each_once(input.loaded, input.run)?
            .in_language(picture_words(input.loaded, reports), input.language);
        let answers = reports.answers(input.loaded, input.language);
        pictures.split_by_citation(&super::answers::picture_citations(&answers));
        let bodies = super::asked::body_tables(input.loaded, input.language, reports);
        for (item, charts) in bodies.iter().zip(input.drawn) {
            let optional = reports.kind(&item.game, &item.kind).map_or(&[][..], |k| k.optional_columns);
            let said = said_in_text(item, &answers, input.language);
            let tex = latex_table_leaving(&item.table, &item.titles, optional, input.language, &said);
            let entries = by_kind.entry((item.game.clone(), item.kind.clone())).or_default();
            if reports.kind(&item.game, &item.kind).is_none_or(|k| k.table_placed) {
                entries.push(Placed {
                    cited: Cited::Table(item.name.clone()),
                    tex: format!("\\input{{\\resultsdir/tex/{}}}\n", item.name),
                    landscape: tex.contains(LANDSCAPE_BEGIN),
                });
            }
            files.push((PathBuf::from(format!("tex/{}.tex", item.name)), tex));
            // Each set of pictures is its own figure, set after the answer that names it.
            for (set, drawn) in pictures.sets(&item.name).iter().enumerate() {
                let file = match set {
                    0 => format!("figures-{}", item.name),
                    n => format!("figures-{}-set{}", item.name, n + 1),
                };
                files.push((
                    PathBuf::from(format!("tex/{file}.tex")),
                    super::figures::latex_figure_in(
                        drawn,
                        (&item.name, &item.titles.label, &super::figures::set_label(&item.name, set)),
                        input.language,
                    ),
                ));
                entries.push(Placed {
                    cited: Cited::Pictures(item.name.clone(), set),
                    tex: format!("\\input{{\\resultsdir/tex/{file}}}\n"),
                    landscape: false,
                });
            }
            for (chart, _) in charts {
                entries.push(Placed { cited: Cited::Chart(chart.name.clone()), tex: figure(chart), landscape: false });
            }
        }
        for report in reports.0 {
            let own: Vec<&Loaded> = input.loaded.iter().filter(|l| l.game == report.game).collect();
            files.extend((report.extra_files)(&own)?);
        }
        let charts: super::answers::Charts = (input.loaded.iter().zip(input.drawn))
            .map(|(l, drawn)| (l.name.clone(), drawn.iter().map(|(c, _)| c.name.clone()).collect()))
            .collect();
        // What kinds the skeleton does not place follows the first answer that cites it, so
        // that a table stands beside its answer; the rest goes to the extra.
        let unplaced: Vec<&Placed> = by_kind
            .iter()
            .filter(|((g, kind), _)| !reports.kind(g, kind).is_some_and(|k| k.placed))
            .flat_map(|(_, entries)| entries)
            .collect();
        let all: Vec<(&super::answers::Answer, Vec<(Cited, bool)>)> = (answers.iter())
            .flat_map(|(_, answers)| answers)
            .map(|a| (a, super::answers::cited(a, &pictures, &charts)))
            .collect();
        let set_after: Vec<(Cited, &str)> = super::answers::set_after(&all)
            .into_iter()
            .filter(|(c, _)| unplaced.iter().any(|p| p.cited == *c))
            .collect();
        for (game, answers) in &answers {
            for answer in answers {
                let mut tex = super::answers::latex(game, answer, input.loaded, &pictures, &charts);
                let mut here: Vec<&Cited> = (all.iter().filter(|(a, _)| a.id == answer.id))
                    .flat_map(|(_, cited)| cited.iter().map(|(c, _)| c))
                    .filter(|c| set_after.iter().any(|(d, id)| d == *c && *id == answer.id))
                    .collect();
                // The tables first, then the figures in the order the answer cites them, so
                // that the figures are numbered in the order the text names them.
                here.sort_by_key(|c| !matches!(c, Cited::Table(_)));
                for cited in &here {
                    if let Some(placed) = unplaced.iter().find(|p| p.cited == **cited) {
                        tex.push_str(&placed.tex);
                    }
                }
                if !here.is_empty() {
                    tex.push_str("\\ifdefined\\FloatBarrier\\FloatBarrier\\fi\n");
                }
                files.push((PathBuf::from(format!("tex/answer-{}.tex", answer.id)), tex));
            }
        }
        files.push((PathBuf::from("tex/numbers.tex"), numbers::numbers_tex(input.loaded, input.run, reports)));
        for game in reports.extra_games() {
            let mut extra =
                String::from("% Generated by `harness report`: results of kinds the report does not place.\n");
            for ((g, kind), entries) in &by_kind {
                if g != game || reports.kind(g, kind).is_some_and(|k| k.placed) {
                    continue;
                }
                let left: Vec<&Placed> =
                    entries.iter().filter(|p| !set_after.iter().any(|(c, _)| *c == p.cited)).collect();
                let Some(first) = left.first() else { continue };
                let heading = format!("\\subsection*{{{}}}\n", kind_heading(reports, g, kind, input.language));
                if first.landscape {
                    extra.push_str(&format!("\\gdef\\harnessheading{{{}}}\n", heading.trim_end()));
                } else {
                    extra.push_str("\\ifdefined\\needspace\\needspace{0.3\\textheight}\\fi\n");
                    extra.push_str(&heading);
                }
                for placed in left {
                    extra.push_str(&placed.tex);
                }
                extra.push_str("\\ifdefined\\FloatBarrier\\FloatBarrier\\fi\n");
            }
            files.push((PathBuf::from(format!("tex/extra-{game}.tex")), extra));
        }
        for ((game, kind), entries) in by_kind {
            let text: String = entries.into_iter().map(|p| p.tex).collect();
            files.push((
                PathBuf::from(format!("tex/kind-{game}-{kind}.tex")),
                format!("% Generated by `harness report`: tables and figures of {game} {kind}.\n{text}"),
            ));
        }
        Ok(texts(files))
    }
}

/// The picture words of each experiment of `loaded`, by name: its game's.
pub fn picture_words<'a>(
    loaded: &'a [Loaded],
    reports: Reports<'a>,
) -> impl Fn(&str) -> fn(&str, Language) -> String + 'a {
    move |name: &str| {
        let game = loaded.iter().find(|l| l.name == name).and_then(|l| reports.game(&l.game));
        game.map_or(super::kinds::as_drawn as fn(&str, Language) -> String, |g| g.picture_words)
    }
}

/// The heading of a (game, kind) section in the assignment's words: the game's title and
/// what the kind shows ("Tile game: bepaalGoedeZet ..."), the names only where no report
/// describes them.
fn kind_heading(reports: Reports, game: &str, kind: &str, language: Language) -> String {
    let title = reports.game(game).map_or_else(|| escape(game), |g| escape(g.title_in(language)));
    match reports.kind(game, kind) {
        Some(k) => format!("{title}: {}", escape(k.description_in(language))),
        None => format!(
            "{title}: {} \\texttt{{{}}}",
            language.pick("results of kind", "resultaten van soort"),
            escape(kind)
        ),
    }
}

/// A LaTeX figure environment that inputs the chart's pgfplots body.
fn figure(chart: &Chart) -> String {
    format!(
        "\\begin{{figure}}[htbp]\n\\centering\n\\input{{\\resultsdir/plots/{}.tikz}}\n\\caption{{{}}}\\label{{fig:{}}}\n\\end{{figure}}\n",
        chart.name,
        escape(&chart.caption),
        chart.name
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table as table;

    /// A program's table leaves out the note on "< 1 ms" where its game's answers say it
    /// once in the text, and keeps it otherwise.
    #[test]
    fn a_note_the_answers_give_is_not_repeated_under_a_programs_table() {
        let t = table("instance,seconds\na,0.0001\n");
        let titles = Titles::new("t", None, None);
        let note = crate::report::view::Marks::of(Language::En).resolution_note;
        assert!(latex_table_in(&t, &titles, &[], Language::En).contains("the timer's jitter"));
        assert!(!latex_table_leaving(&t, &titles, &[], Language::En, &[note]).contains("timer's jitter"));
        let mut item = crate::report::loaded::solver_table("tegel_best", "best", t);
        let saying = |text: &str| super::super::answers::Answer {
            id: "T1",
            question: "q",
            parts: super::super::answers::Sentences::default().text(text).0.clone(),
            shows: vec![],
        };
        let says = [("tegel", vec![saying(crate::report::asked::resolution_sentence(Language::En))])];
        assert_eq!(said_in_text(&item, &says, Language::En), [note]);
        assert!(said_in_text(&item, &[("tegel", vec![saying("Times.")])], Language::En).is_empty());
        assert!(said_in_text(&item, &[("stenen", says[0].1.clone())], Language::En).is_empty());
        item.asks = None;
        assert!(said_in_text(&item, &says, Language::En).is_empty());
    }

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
            tex.contains("Random seed 7; 2 threads; time limit 300 s per search call; every row complete (status ok)."),
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
        assert!(tex.contains("median \\textpm{} median absolute deviation of 3 timed samples"), "{tex}");
        assert!(!tex.contains("1.2;1.25"), "{tex}");
    }

    #[test]
    fn all_walk_sources_need_no_footnote_and_odd_sources_stay_columns() {
        let t = table("instance,positions,positions_source\na,1,walk\n");
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(!tex.contains("dag") && !tex.contains("source"), "{tex}");
        let t = table("instance,positions,positions_source,x_source\na,1,estimate,memo\n");
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(tex.contains("positions source") || tex.contains("positions\\\\source"), "{tex}");
    }

    #[test]
    fn long_text_wraps() {
        // A paragraph as wide as the longest cell, from 0.3 up to 0.45 of the line.
        let long = "(0;b) ".repeat(40);
        let t = table(&format!("instance,transcript\na,{long}\n"));
        let tex = latex_table(&t, &Titles::new("t", None, None));
        assert!(tex.contains("\\begin{tabular}{l>{\\raggedright\\arraybackslash}p{0.45\\linewidth}}"), "{tex}");
        let t = table(&format!("instance,transcript\na,{}\n", "(0;b) ".repeat(7)));
        let tex = latex_table(&t, &Titles::new("t", None, None));
        let share: f64 = tex.split("p{").nth(1).unwrap().split("\\linewidth").next().unwrap().parse().unwrap();
        assert!(share > 0.3 && share < 0.45, "as wide as its 41 characters: {tex}");
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
