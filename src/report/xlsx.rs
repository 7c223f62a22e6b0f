//! `results.xlsx`: every experiment's table in one workbook, one sheet per experiment,
//! for spreadsheets that misread comma-separated files (a Dutch-locale spreadsheet takes
//! the comma for the decimal separator).
//!
//! # Guarantees
//! - One sheet per CSV, in the order given, named after the experiment (shortened to
//!   Excel's 31 characters, its forbidden characters `[]:*?/\` replaced by `_`, and made
//!   unique with a `~N` suffix where two names would clash).
//! - The first row holds the column names in bold and stays in view (frozen) when the
//!   rows scroll.
//! - Numeric columns (counts, numbers, seconds, rates, speed-ups, ratios) hold numbers, not
//!   text; a count too large for a spreadsheet's 53-bit numbers stays exact as text. Flags
//!   hold booleans. Seeds (identifiers that may exceed 2^53), text and status words are
//!   text; a text cell the CSV neutralised against formulas (`'=...`) loses its `'`, since
//!   the workbook's strings are never formulas. Empty cells stay empty.
//! - The same tables give the same bytes: the document's creation time is fixed.
//! - A text longer than a spreadsheet cell holds ([`MAX_CELL_CHARS`] characters) is cut
//!   to fit and ends saying so, with how many characters the CSV's cell has; nothing
//!   else of the workbook is lost for it.

use rust_xlsxwriter::{DocProperties, ExcelDateTime, Format, Workbook, Worksheet, XlsxError};

use crate::base::error::InputError;
use crate::report::export::{Contents, Exporter, File, Input};
use crate::report::loaded::Loaded;
use crate::results::columns::Kind;
use crate::results::csv_table::{parse_number, CsvTable};

/// The workbook back end: `results.xlsx`.
pub struct Xlsx;

impl Exporter for Xlsx {
    fn name(&self) -> &'static str {
        "xlsx"
    }

    fn export(&self, input: &Input) -> Result<Vec<File>, InputError> {
        Ok(vec![(std::path::PathBuf::from(FILE), Contents::Bytes(workbook(input.loaded)?))])
    }
}

/// The workbook's file name in the results directory.
pub const FILE: &str = "results.xlsx";

/// The largest integer a spreadsheet's numbers hold exactly (2^53).
const EXACT_LIMIT: f64 = 9_007_199_254_740_992.0;

/// The bytes of the workbook of `loaded` (see the module's guarantees).
pub fn workbook(loaded: &[Loaded]) -> Result<Vec<u8>, InputError> {
    build(loaded).map_err(|e| InputError::new(format!("cannot write the workbook {FILE}: {e}")))
}

fn build(loaded: &[Loaded]) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let created = ExcelDateTime::from_ymd(2000, 1, 1)?;
    book.set_properties(&DocProperties::new().set_title("harness results").set_creation_datetime(&created));
    let header = Format::new().set_bold();
    let mut names: Vec<String> = Vec::new();
    for item in loaded {
        let name = sheet_name(&item.name, &names);
        let sheet = book.add_worksheet();
        sheet.set_name(&name)?;
        names.push(name);
        write_table(sheet, &item.table, &header)?;
        if item.more_rows > 0 {
            let r = u32::try_from(item.table.rows.len() + 2).unwrap_or(u32::MAX);
            sheet.write_string(r, 0, super::shown_rows::note(&item.name, item.more_rows))?;
        }
    }
    if loaded.is_empty() {
        book.add_worksheet().write_string(0, 0, "no experiment in these results")?;
    }
    book.save_to_buffer()
}

fn write_table(sheet: &mut Worksheet, table: &CsvTable, header: &Format) -> Result<(), XlsxError> {
    for (c, name) in table.columns.iter().enumerate() {
        sheet.write_string_with_format(0, column(c), fitted(name).as_ref(), header)?;
    }
    for (r, row) in table.rows.iter().enumerate() {
        let r = u32::try_from(r + 1).unwrap_or(u32::MAX);
        for (c, cell) in row.iter().enumerate().filter(|(_, cell)| !cell.is_empty()) {
            let kind = if c < table.columns.len() { table.kind_at(c) } else { Kind::Text };
            match typed(kind, cell) {
                Cell::Number(v) => sheet.write_number(r, column(c), v)?,
                Cell::Flag(b) => sheet.write_boolean(r, column(c), b)?,
                Cell::Text(t) => sheet.write_string(r, column(c), fitted(t).as_ref())?,
            };
        }
    }
    sheet.set_freeze_panes(1, 0)?;
    sheet.autofit();
    Ok(())
}

/// The most characters a spreadsheet cell holds (Excel's limit).
pub const MAX_CELL_CHARS: usize = 32_767;

/// `text` as a cell holds it: whole when it fits in [`MAX_CELL_CHARS`] characters, else
/// cut to fit with `… [cut: the CSV's cell has N characters]` at its end.
fn fitted(text: &str) -> std::borrow::Cow<'_, str> {
    let Some((end, _)) = text.char_indices().nth(MAX_CELL_CHARS) else { return text.into() };
    let total = MAX_CELL_CHARS + text[end..].chars().count();
    let note = format!("… [cut: the CSV's cell has {total} characters]");
    let keep = MAX_CELL_CHARS - note.chars().count();
    let cut = text.char_indices().nth(keep).map_or(text.len(), |(i, _)| i);
    format!("{}{note}", &text[..cut]).into()
}

fn column(c: usize) -> u16 {
    u16::try_from(c).unwrap_or(u16::MAX)
}

/// What one CSV cell becomes in the workbook.
#[derive(Debug, PartialEq)]
enum Cell<'a> {
    Number(f64),
    Flag(bool),
    Text(&'a str),
}

/// The workbook cell of CSV cell `cell` (not empty) of a column of `kind`.
fn typed(kind: Kind, cell: &str) -> Cell<'_> {
    match kind {
        Kind::Count | Kind::Number | Kind::Seconds | Kind::Rate | Kind::Speedup | Kind::Ratio | Kind::Bytes => {
            match parse_number(cell) {
                Some(v) if v.fract() != 0.0 || v.abs() <= EXACT_LIMIT => Cell::Number(v),
                _ => Cell::Text(cell),
            }
        }
        Kind::Flag => match cell.trim() {
            "true" => Cell::Flag(true),
            "false" => Cell::Flag(false),
            _ => Cell::Text(cell),
        },
        Kind::Text => Cell::Text(crate::results::row::unneutralise_formula(cell)),
        Kind::Seed | Kind::Source | Kind::Status | Kind::Samples => Cell::Text(cell),
    }
}

/// A sheet name for experiment `name` that Excel accepts and that differs (ignoring
/// case, as Excel does) from every name in `taken`.
fn sheet_name(name: &str, taken: &[String]) -> String {
    let clean: String = name.chars().map(|c| if "[]:*?/\\".contains(c) { '_' } else { c }).collect();
    let clean = clean.trim_matches('\'');
    let clean = if clean.is_empty() { "sheet" } else { clean };
    let clash = |s: &str| taken.iter().any(|t| t.eq_ignore_ascii_case(s));
    let first: String = clean.chars().take(31).collect();
    if !clash(&first) {
        return first;
    }
    (2..)
        .map(|n| {
            let suffix = format!("~{n}");
            let stem: String = clean.chars().take(31 - suffix.len()).collect();
            format!("{stem}{suffix}")
        })
        .find(|s| !clash(s))
        .expect("some suffix is free")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::titles::Titles;
    use crate::results::csv_table::test_table;

    fn loaded(name: &str, csv: &str) -> Loaded {
        Loaded {
            name: name.to_string(),
            game: "nim".to_string(),
            kind: "value".to_string(),
            titles: Titles { caption: crate::report::caption::Caption::default(), label: String::new() },
            table: test_table(csv),
            marks: Vec::new(),
            merged: Vec::new(),
            more_rows: 0,
            asks: None,
        }
    }

    #[test]
    fn a_cell_too_long_for_a_spreadsheet_is_cut_and_says_so() {
        assert_eq!(fitted("short"), "short");
        let exact = "é".repeat(MAX_CELL_CHARS);
        assert_eq!(fitted(&exact).chars().count(), MAX_CELL_CHARS);
        let long = "x".repeat(40_000);
        let cut = fitted(&long);
        assert_eq!(cut.chars().count(), MAX_CELL_CHARS);
        assert!(cut.ends_with("… [cut: the CSV's cell has 40000 characters]"), "{}", &cut[cut.len() - 60..]);
        let book = workbook(&[loaded("long", &format!("instance,note\na,{long}\n"))])
            .expect("a workbook despite the long cell");
        assert!(member(&book, "xl/sharedStrings.xml").contains("cut: the CSV"));
    }

    /// The XML of `member` in the workbook `bytes`.
    fn member(bytes: &[u8], member: &str) -> String {
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip archive");
        let mut text = String::new();
        std::io::Read::read_to_string(&mut archive.by_name(member).expect(member), &mut text).unwrap();
        text
    }

    #[test]
    fn one_sheet_per_experiment_with_a_frozen_header_and_typed_cells() {
        let tables = [
            loaded("alpha", "instance,positions,seconds,busy,seed,status\na,12,0.5,false,7,ok\nb,,,true,8,timeout\n"),
            loaded("beta", "instance,status\n'=cmd,ok\n"),
        ];
        let bytes = workbook(&tables).unwrap();
        assert_eq!(bytes, workbook(&tables).unwrap(), "the same tables give the same bytes");
        let book = member(&bytes, "xl/workbook.xml");
        assert!(book.contains(r#"<sheet name="alpha""#) && book.contains(r#"<sheet name="beta""#), "{book}");
        let sheet = member(&bytes, "xl/worksheets/sheet1.xml");
        assert!(sheet.contains(r#"<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>"#));
        assert!(
            sheet.contains(r#"<c r="B2"><v>12</v></c><c r="C2"><v>0.5</v></c><c r="D2" t="b"><v>0</v></c>"#),
            "{sheet}"
        );
        assert!(sheet.contains(r#"<c r="E2" t="s">"#), "the seed is text: {sheet}");
        assert!(!sheet.contains(r#"r="B3""#) && !sheet.contains(r#"r="C3""#), "empty cells stay empty: {sheet}");
        let strings = member(&bytes, "xl/sharedStrings.xml");
        assert!(strings.contains("<t>=cmd</t>") && !strings.contains("'=cmd"), "{strings}");
    }

    #[test]
    fn numbers_are_numbers_and_the_rest_text() {
        assert_eq!(typed(Kind::Seconds, "0.25"), Cell::Number(0.25));
        assert_eq!(typed(Kind::Count, "123456"), Cell::Number(123456.0));
        assert_eq!(typed(Kind::Count, "18446744073709551615"), Cell::Text("18446744073709551615"));
        assert_eq!(typed(Kind::Ratio, "n/a"), Cell::Text("n/a"));
        assert_eq!(typed(Kind::Seed, "42"), Cell::Text("42"));
        assert_eq!(typed(Kind::Flag, "true"), Cell::Flag(true));
        assert_eq!(typed(Kind::Status, "timeout"), Cell::Text("timeout"));
        assert_eq!(typed(Kind::Text, "'=1+1"), Cell::Text("=1+1"));
        assert_eq!(typed(Kind::Text, "'quoted"), Cell::Text("'quoted"));
    }

    #[test]
    fn sheet_names_are_legal_and_unique() {
        let long = "a".repeat(40);
        assert_eq!(sheet_name(&long, &[]), "a".repeat(31));
        assert_eq!(sheet_name(&long, &["a".repeat(31)]), format!("{}~2", "a".repeat(29)));
        assert_eq!(sheet_name("x[1]:y", &[]), "x_1__y");
        assert_eq!(sheet_name("Speed", &["speed".to_string()]), "Speed~2");
        assert_eq!(sheet_name("''", &[]), "sheet");
    }
}
