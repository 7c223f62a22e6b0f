//! How a LaTeX table is set so that it fits the page without shrinking its type below
//! 8 pt: the estimated width of every column (from the plain text of its cells and header,
//! with Latin Modern's character widths), the header lines, and the choice of font size,
//! orientation and, where no choice fits, a split of the columns into parts that each
//! repeat the key columns.
//!
//! # Guarantees
//! - A table is set at `\small` (10 pt), `\footnotesize` (9 pt) or `\scriptsize` (8 pt)
//!   of the report's 11 pt class, never scaled: a table that is wider than estimated shows
//!   as an overfull box in pdflatex's log instead of being shrunk silently.
//! - The first size (portrait, then landscape) whose estimated width fits is taken; a
//!   table that fits none is set whole on landscape pages at 8 pt with as many of its
//!   columns as fit, in order and its key columns always; the others are named in a note
//!   and stay in the CSV and on the page. A table is never cut into parts on different
//!   pages.
//! - A header longer than its column's widest cell wraps at spaces onto several lines.

use super::view::{Cell, CellKind, Column, TableView};
use crate::results::columns::THREADS;

/// The text width of the report's portrait pages (A4, 2.3 cm margins), in points.
pub const PORTRAIT_WIDTH: f64 = 466.6;

/// The text height of the report's pages: the width of a landscape (sideways) table.
pub const LANDSCAPE_WIDTH: f64 = 714.1;

/// The share of the width the estimate may fill (the estimate is a few percent off).
const SAFETY: f64 = 0.95;

/// A font size of a table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Size {
    /// The LaTeX size command.
    pub command: &'static str,
    /// Its size in points (in the 11 pt class).
    pub points: f64,
    /// The gap at each side of a column (`\tabcolsep`), in points.
    pub gap: f64,
}

/// The sizes a table may be set at, largest first; the smallest is 8 pt.
pub const SIZES: [Size; 3] = [
    Size { command: "\\small", points: 10.0, gap: 5.0 },
    Size { command: "\\footnotesize", points: 9.0, gap: 4.0 },
    Size { command: "\\scriptsize", points: 8.0, gap: 3.0 },
];

/// Where and how a table (or a part of one) is set.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// Its size.
    pub size: Size,
    /// Whether it is set on a landscape page of its own.
    pub landscape: bool,
    /// The shown columns (indices into the view's columns), in one part: every column,
    /// or those that fit a landscape page ([`Layout::left_out`] names the others).
    pub parts: Vec<Vec<usize>>,
    /// Whether the times show their spreads (± ...); false where the table fits only
    /// without them ([`without_spreads`]).
    pub spreads: bool,
}

/// The width of a character of Latin Modern Roman, in em.
fn char_em(c: char) -> f64 {
    match c {
        '0'..='9' => 0.5,
        'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '!' => 0.278,
        'f' | 't' | 'r' | 's' | '(' | ')' | '[' | ']' | ' ' | '-' => 0.36,
        'm' | 'w' | 'M' | 'W' | '±' | '=' | '+' | '×' | '%' => 0.8,
        'a'..='z' | '_' | '/' | '†' | '−' | '–' => 0.51,
        'A'..='Z' => 0.72,
        _ => 0.6,
    }
}

/// The width of `text` at `points`, in points.
pub fn text_width(text: &str, points: f64) -> f64 {
    text.chars().map(char_em).sum::<f64>() * points
}

/// The width of a cell as the LaTeX back end sets it at `size` (its spread, interval and
/// sample note in `\footnotesize`), in points.
fn cell_width(cell: &Cell, size: Size, busy_first: bool) -> f64 {
    let note = SIZES[1].points;
    let mut width = text_width(&cell.text, size.points);
    if cell.kind == CellKind::Marker {
        width *= 1.05;
    }
    if cell.memo {
        width += 0.4 * size.points;
    }
    if cell.one_sample {
        width += text_width(" (1 sample)", note);
    } else if let Some(spread) = &cell.spread {
        width += text_width(&format!(" ±{spread}"), note);
    }
    if let Some(interval) = &cell.interval {
        width += text_width(&format!(" [{interval}]"), note);
    }
    if busy_first {
        width += text_width(" (busy)", size.points);
    }
    width
}

/// The lines of a header: its words joined greedily into lines no wider than `width`
/// (a word wider than that is a line of its own).
pub fn header_lines(header: &str, width: f64, points: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in header.split(' ').filter(|w| !w.is_empty()) {
        match lines.last_mut() {
            Some(line) if text_width(&format!("{line} {word}"), points) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The share of the line a wrapping column's paragraph takes at `size`: as wide as its
/// longest cell (so that a cell wraps only when it must, and rows stay one line where the
/// page has the room), at least 0.3 and at most 0.45 of the line.
pub fn wrap_share(view: &TableView, c: usize, size: Size, text_width_pt: f64) -> f64 {
    let longest = view.rows.iter().map(|r| text_width(&r.cells[c].text, size.points)).fold(0.0, f64::max);
    (1.12 * longest / text_width_pt).clamp(0.3, 0.45)
}

/// The widest cell of column `c` at `size`, in points (a wrapping column is as wide as
/// its paragraph).
fn body_width(view: &TableView, c: usize, size: Size, text_width_pt: f64) -> f64 {
    if view.columns[c].wraps {
        return wrap_share(view, c, size, text_width_pt) * text_width_pt;
    }
    view.rows
        .iter()
        .map(|r| cell_width(&r.cells[c], size, c == 0 && r.busy))
        .fold(text_width("--", size.points), f64::max)
}

/// The header lines of column `c` at `size`: wrapped to the width of its widest cell (or
/// of its longest word), in at most three lines.
pub fn column_header_lines(view: &TableView, c: usize, size: Size, text_width_pt: f64) -> Vec<String> {
    let body = body_width(view, c, size, text_width_pt);
    let header = &view.columns[c].header;
    let words = header.split(' ').map(|w| text_width(w, size.points)).fold(0.0, f64::max);
    let mut width = body.max(words);
    while header_lines(header, width, size.points).len() > 3 {
        width += size.points;
    }
    header_lines(header, width, size.points)
}

/// The width of column `c` at `size` with its header wrapped ([`column_header_lines`]),
/// in points, with its gaps.
fn column_width(view: &TableView, c: usize, size: Size, text_width_pt: f64) -> f64 {
    let body = body_width(view, c, size, text_width_pt);
    let lines = column_header_lines(view, c, size, text_width_pt);
    let widest = lines.iter().map(|l| text_width(l, size.points)).fold(0.0, f64::max);
    body.max(widest) + 2.0 * size.gap
}

/// The runs of columns that stay together: a group of columns sharing a name prefix (its
/// header spans them), or a single column.
fn runs(columns: &[Column]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (i, c) in columns.iter().enumerate() {
        match out.last_mut() {
            Some(run) if c.prefix.is_some() && columns[run[0]].prefix == c.prefix => run.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

/// The width of the columns `cols` at `size`, a group header wider than its columns
/// included, in points.
fn width_of(view: &TableView, cols: &[usize], size: Size, text_width_pt: f64) -> f64 {
    let mut total = 0.0;
    let columns: Vec<Column> = cols.iter().map(|&c| view.columns[c].clone()).collect();
    for run in runs(&columns) {
        let leaves: f64 = run.iter().map(|&i| column_width(view, cols[i], size, text_width_pt)).sum();
        let group = columns[run[0]].group.as_deref().map_or(0.0, |g| text_width(g, size.points) + 2.0 * size.gap);
        total += leaves.max(group);
    }
    total
}

/// The key columns of a view, repeated in every part of a split table so that each part
/// names its rows: the shortest run of up to four leading columns whose cells tell the
/// rows apart; failing that, the leading text columns (at least the first) and
/// `threads` (rows measured on several thread counts).
fn key_columns(view: &TableView) -> Vec<usize> {
    let distinct = |cols: &[usize]| {
        let mut keys: Vec<Vec<&str>> =
            view.rows.iter().map(|r| cols.iter().map(|&c| r.cells[c].text.as_str()).collect()).collect();
        let n = keys.len();
        keys.sort();
        keys.dedup();
        keys.len() == n
    };
    let most = view.columns.len().saturating_sub(1).clamp(1, 4);
    if let Some(k) = (1..=most).find(|&k| distinct(&(0..k).collect::<Vec<_>>())) {
        return (0..k).collect();
    }
    let mut keys: Vec<usize> = (0..view.columns.len()).take_while(|&c| !view.columns[c].numeric).take(3).collect();
    if keys.is_empty() {
        keys.push(0);
    }
    if let Some(threads) = view.columns.iter().position(|c| c.name == THREADS) {
        if !keys.contains(&threads) {
            keys.push(threads);
        }
    }
    keys
}

/// How `view` is set (see the module's guarantees).
pub fn layout(view: &TableView) -> Layout {
    layout_leaving_out(view, &[])
}

/// How `view` is set, where the columns named in `optional` (in that order; those the
/// assignment does not ask for) are the first left out of a table too wide for any page.
pub fn layout_leaving_out(view: &TableView, optional: &[&str]) -> Layout {
    let all: Vec<usize> = (0..view.columns.len()).collect();
    let bare = without_spreads(view);
    let essential: Vec<usize> =
        all.iter().copied().filter(|&c| !optional.contains(&view.columns[c].name.as_str())).collect();
    // Portrait first, leaving out the optional columns one by one and then, where the
    // kind has optional columns, the spreads, before a table goes landscape: a landscape
    // page holds the table alone. Without the spreads (± ..., "1 sample") the times take
    // half the room; the page and the CSV keep them.
    for landscape in [false, true] {
        let mut shown = all.clone();
        if let Some(layout) = fitting_in(view, &shown, landscape) {
            return layout;
        }
        for name in optional {
            shown.retain(|&c| view.columns[c].name != *name);
            if let Some(layout) = fitting_in(view, &shown, landscape) {
                return layout;
            }
        }
        if !landscape && !optional.is_empty() {
            if let Some(layout) = fitting_in(&bare, &essential, false) {
                return Layout { spreads: false, ..layout };
            }
        }
    }
    for landscape in [false, true] {
        if let Some(layout) = fitting_in(&bare, &essential, landscape) {
            return Layout { spreads: false, ..layout };
        }
    }
    let first = split(view, SIZES[2], LANDSCAPE_WIDTH).into_iter().next().unwrap_or(all);
    Layout { size: SIZES[2], landscape: true, parts: vec![first], spreads: true }
}

/// `view` with no cell's spread, interval or sample note.
pub fn without_spreads(view: &TableView) -> TableView {
    let mut bare = view.clone();
    for row in &mut bare.rows {
        for cell in &mut row.cells {
            cell.spread = None;
            cell.interval = None;
            cell.one_sample = false;
        }
    }
    bare
}

/// The first size at which the columns `cols` fit a portrait (or `landscape`) page.
fn fitting_in(view: &TableView, cols: &[usize], landscape: bool) -> Option<Layout> {
    let width = if landscape { LANDSCAPE_WIDTH } else { PORTRAIT_WIDTH };
    SIZES.into_iter().find(|&size| width_of(view, cols, size, width) <= SAFETY * width).map(|size| Layout {
        size,
        landscape,
        parts: vec![cols.to_vec()],
        spreads: true,
    })
}

impl Layout {
    /// The columns of `view` this layout leaves out (too wide for any page), in order.
    pub fn left_out(&self, view: &TableView) -> Vec<usize> {
        (0..view.columns.len()).filter(|c| !self.parts.iter().any(|p| p.contains(c))).collect()
    }
}

/// The page's widest table, in points of the 10 pt estimate: a window 1400 pixels wide
/// holds about 1350 pixels of table, and the page's type (13.5 px, a sans-serif a few
/// percent wider than Latin Modern) takes about 1.45 pixels per estimated point.
pub const PAGE_WIDTH_PT: f64 = 900.0;

/// The parts the page shows `view` in: one with every column when its estimated width at
/// 10 pt fits [`PAGE_WIDTH_PT`], else parts that each fit and repeat the key columns, so
/// that no table is wider than a 1400-pixel window.
pub fn page_parts(view: &TableView) -> Vec<Vec<usize>> {
    let all: Vec<usize> = (0..view.columns.len()).collect();
    if width_of(view, &all, SIZES[0], PAGE_WIDTH_PT) <= PAGE_WIDTH_PT {
        return vec![all];
    }
    split(view, SIZES[0], PAGE_WIDTH_PT / SAFETY)
}

/// `view` with only the columns `cols` (indices into its columns), its rows' cells
/// likewise; notes kept.
pub fn part_view(view: &TableView, cols: &[usize]) -> TableView {
    TableView {
        columns: cols.iter().map(|&c| view.columns[c].clone()).collect(),
        rows: view
            .rows
            .iter()
            .map(|r| {
                let mut row = r.clone();
                row.cells = cols.iter().map(|&c| r.cells[c].clone()).collect();
                row
            })
            .collect(),
        notes: view.notes.clone(),
    }
}

/// The columns split into portrait parts that each fit at `size`: the key columns and
/// the other runs of columns in order, as many as fit, each part in the view's order.
fn split(view: &TableView, size: Size, width: f64) -> Vec<Vec<usize>> {
    let keys = key_columns(view);
    let rest: Vec<usize> = (0..view.columns.len()).filter(|c| !keys.contains(c)).collect();
    let fits = |cols: &[usize]| width_of(view, cols, size, width) <= SAFETY * width;
    let mut pieces: Vec<Vec<usize>> = Vec::new();
    let rest_columns: Vec<Column> = rest.iter().map(|&c| view.columns[c].clone()).collect();
    for run in runs(&rest_columns) {
        let run: Vec<usize> = run.iter().map(|&i| rest[i]).collect();
        let with_keys: Vec<usize> = keys.iter().chain(&run).copied().collect();
        if fits(&with_keys) {
            pieces.push(run);
        } else {
            pieces.extend(run.into_iter().map(|c| vec![c]));
        }
    }
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut current = keys.clone();
    for run in pieces {
        let candidate: Vec<usize> = current.iter().chain(&run).copied().collect();
        if current.len() > keys.len() && !fits(&candidate) {
            parts.push(std::mem::replace(&mut current, keys.iter().chain(&run).copied().collect()));
        } else {
            current = candidate;
        }
    }
    parts.push(current);
    for part in &mut parts {
        part.sort_unstable();
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table as table;

    #[test]
    fn headers_wrap_at_spaces() {
        let lines = header_lines("dumb find time (s)", text_width("dumb find", 10.0), 10.0);
        assert_eq!(lines, ["dumb find", "time (s)"]);
        assert_eq!(header_lines("positions", 1.0, 10.0), ["positions"]);
    }

    #[test]
    fn keys_tell_the_rows_apart() {
        let t = table("rule,heaps,sticks,ok\na,1,15,0\na,2,15,0\nb,1,15,0\n");
        assert_eq!(key_columns(&TableView::of(&t)), [0, 1]);
    }

    #[test]
    fn a_narrow_table_is_small_and_portrait() {
        let t = table("instance,positions\na,1\nb,22\n");
        let l = layout(&TableView::of(&t));
        assert_eq!((l.size.command, l.landscape, l.parts.len()), ("\\small", false, 1));
    }

    #[test]
    fn a_table_too_wide_for_any_page_stays_whole_with_fewer_columns() {
        let columns: Vec<String> = (0..30).map(|i| format!("count_number_{i}")).collect();
        let row: Vec<&str> = vec!["123456789012"; 30];
        let t = table(&format!("instance,{}\nspel1,{}\n", columns.join(","), row.join(",")));
        let view = TableView::of(&t);
        let l = layout(&view);
        assert_eq!(l.parts.len(), 1, "never cut into parts: {l:?}");
        assert!(l.landscape && l.size.points >= 8.0, "{l:?}");
        let shown = &l.parts[0];
        assert_eq!(shown[0], 0, "the key column stays: {l:?}");
        assert!(shown.windows(2).all(|w| w[0] + 1 == w[1]), "the leading columns, in order: {l:?}");
        assert!(width_of(&view, shown, l.size, LANDSCAPE_WIDTH) <= SAFETY * LANDSCAPE_WIDTH);
        assert_eq!(shown.len() + l.left_out(&view).len(), 31);
        assert!(!l.left_out(&view).is_empty());
    }
}
