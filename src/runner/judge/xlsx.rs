//! The class as a workbook (`class.xlsx`): the class table, every answer (the rows of
//! `judge.csv`) and every style finding, one sheet each, numbers as numbers.

use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

use super::record::Judged;
use super::row::COLUMNS;
use super::summary::Line;
use crate::base::error::{InputError, Result};
use crate::results::columns::Kind;

/// The bytes of the workbook of `records`.
pub fn workbook(records: &[Judged]) -> Result<Vec<u8>> {
    build(records).map_err(|e| InputError::new(format!("cannot write the workbook class.xlsx: {e}")).into())
}

fn build(records: &[Judged]) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    class_sheet(book.add_worksheet().set_name("class")?, records, &bold)?;
    answers_sheet(book.add_worksheet().set_name("answers")?, records, &bold)?;
    style_sheet(book.add_worksheet().set_name("style")?, records, &bold)?;
    book.save_to_buffer()
}

/// The most characters a cell holds.
const MAX_CELL_CHARS: usize = 32_000;

fn text(sheet: &mut Worksheet, (r, c): (u32, u16), value: &str) -> Result<(), XlsxError> {
    if value.is_empty() {
        return Ok(());
    }
    let cut: String = value.chars().take(MAX_CELL_CHARS).collect();
    sheet.write_string(r, c, cut)?;
    Ok(())
}

fn heads(sheet: &mut Worksheet, names: &[&str], bold: &Format) -> Result<(), XlsxError> {
    for (c, name) in names.iter().enumerate() {
        sheet.write_string_with_format(0, c as u16, *name, bold)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    Ok(())
}

fn class_sheet(sheet: &mut Worksheet, records: &[Judged], bold: &Format) -> Result<(), XlsxError> {
    heads(
        sheet,
        &[
            "submission",
            "makers",
            "build",
            "correct",
            "asked",
            "first not correct",
            "shrunk to",
            "time ratio",
            "peak memory bytes",
            "style",
        ],
        bold,
    )?;
    for (i, judged) in records.iter().enumerate() {
        let (r, l) = (i as u32 + 1, Line::of(judged));
        for (c, value) in [(0, &l.id), (1, &l.makers), (2, &l.build), (5, &l.first_wrong), (6, &l.shrunk)] {
            text(sheet, (r, c), value)?;
        }
        sheet.write_number(r, 3, l.correct as f64)?;
        sheet.write_number(r, 4, l.asked as f64)?;
        if let Some(ratio) = l.speed_ratio {
            sheet.write_number(r, 7, ratio)?;
        }
        if let Some(bytes) = l.peak_memory_bytes {
            sheet.write_number(r, 8, bytes as f64)?;
        }
        sheet.write_number(r, 9, l.style as f64)?;
    }
    sheet.autofit();
    Ok(())
}

fn answers_sheet(sheet: &mut Worksheet, records: &[Judged], bold: &Format) -> Result<(), XlsxError> {
    heads(sheet, &COLUMNS.map(|(n, _)| n), bold)?;
    for (r, row) in (1..).zip(records.iter().flat_map(Judged::full_rows)) {
        let value = serde_json::to_value(&row).unwrap_or_default();
        for (c, (name, kind)) in COLUMNS.iter().enumerate() {
            match (&value[*name], kind) {
                (serde_json::Value::Number(n), Kind::Count | Kind::Seconds | Kind::Number | Kind::Bytes) => {
                    sheet.write_number(r, c as u16, n.as_f64().unwrap_or(f64::NAN))?;
                }
                (serde_json::Value::String(s), _) => text(sheet, (r, c as u16), s)?,
                _ => {}
            }
        }
    }
    Ok(())
}

fn style_sheet(sheet: &mut Worksheet, records: &[Judged], bold: &Format) -> Result<(), XlsxError> {
    heads(sheet, &["submission", "file", "line", "rule", "found"], bold)?;
    let mut r = 1;
    for judged in records {
        for f in &judged.style {
            text(sheet, (r, 0), &judged.id)?;
            text(sheet, (r, 1), &f.file)?;
            sheet.write_number(r, 2, f.line as f64)?;
            text(sheet, (r, 3), &f.rule)?;
            text(sheet, (r, 4), &f.message)?;
            r += 1;
        }
    }
    sheet.autofit();
    Ok(())
}
