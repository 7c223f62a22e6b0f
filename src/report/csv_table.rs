//! One experiment CSV in memory, with the checks the report needs before using it.

use std::path::{Path, PathBuf};

use crate::base::error::InputError;
use crate::base::text::excerpt;

/// A results CSV: its header and rows, every row as long as the header.
#[derive(Debug, Clone, PartialEq)]
pub struct CsvTable {
    /// The file it was read from (named in every refusal).
    pub path: PathBuf,
    /// Column names, in file order.
    pub columns: Vec<String>,
    /// Data rows (header excluded).
    pub rows: Vec<Vec<String>>,
}

impl CsvTable {
    /// Reads `path`; refuses an unreadable file, a missing header, duplicate column names
    /// and ragged rows, naming the file and (for rows) the line.
    pub fn read(path: &Path) -> Result<CsvTable, InputError> {
        let text = crate::results::meta::CSV_FILE.read(path)?;
        CsvTable::parse(path, &text)
    }

    /// Parses CSV `text` as if read from `path` (see [`CsvTable::read`]).
    pub fn parse(path: &Path, text: &str) -> Result<CsvTable, InputError> {
        let mut reader = csv::ReaderBuilder::new().has_headers(true).flexible(true).from_reader(text.as_bytes());
        let columns: Vec<String> = reader
            .headers()
            .map_err(|e| InputError::at(path, 1, format!("cannot read the CSV header: {e}")))?
            .iter()
            .map(str::to_string)
            .collect();
        if columns.is_empty() || columns.iter().all(String::is_empty) {
            return Err(InputError::in_file(path, "empty file: expected a CSV header row"));
        }
        if let Some(dup) = columns.iter().enumerate().find(|(i, c)| columns[..*i].contains(c)) {
            return Err(InputError::at(path, 1, format!("column `{}` appears twice in the header", excerpt(dup.1))));
        }
        let mut rows = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| {
                let line = e.position().map(|p| p.line() as usize).unwrap_or(0);
                InputError::at(path, line, format!("bad CSV record: {e}"))
            })?;
            let line = record.position().map(|p| p.line() as usize).unwrap_or(0);
            if record.len() != columns.len() {
                return Err(InputError::at(
                    path,
                    line,
                    format!("row has {} cells but the header has {} columns", record.len(), columns.len()),
                ));
            }
            rows.push(record.iter().map(str::to_string).collect());
        }
        Ok(CsvTable { path: path.to_path_buf(), columns, rows })
    }

    /// The experiment name: the file stem.
    pub fn name(&self) -> String {
        self.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
    }

    /// Index of column `name`, if present.
    pub fn index(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }

    /// Refuses the table unless every column in `needed` is present; `why` says what
    /// needs them (e.g. "the tegel sweep plots").
    pub fn require(&self, needed: &[&str], why: &str) -> Result<(), InputError> {
        let missing: Vec<&str> = needed.iter().copied().filter(|c| self.index(c).is_none()).collect();
        if missing.is_empty() {
            return Ok(());
        }
        Err(InputError::at(
            &self.path,
            1,
            format!(
                "missing column{} {} (needed by {why}); the header has: {}",
                if missing.len() > 1 { "s" } else { "" },
                missing.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", "),
                self.columns.join(", ")
            ),
        ))
    }

    /// The cells of column `name` (empty when absent).
    pub fn column(&self, name: &str) -> Vec<&str> {
        match self.index(name) {
            Some(i) => self.rows.iter().map(|r| r[i].as_str()).collect(),
            None => Vec::new(),
        }
    }

    /// The cell of `row` in column `name`.
    pub fn cell<'a>(&'a self, row: &'a [String], name: &str) -> Option<&'a str> {
        self.index(name).map(|i| row[i].as_str())
    }

    /// The numeric value of `row`'s cell in column `name`, when it is a finite number.
    pub fn number(&self, row: &[String], name: &str) -> Option<f64> {
        self.cell(row, name).and_then(parse_number)
    }
}

/// A table parsed from `text` as if read from `t.csv` (for tests).
#[cfg(test)]
pub fn test_table(text: &str) -> CsvTable {
    CsvTable::parse(Path::new("t.csv"), text).unwrap()
}

/// A cell as a finite number (`timeout`, `error: ...`, empty and text give `None`).
pub fn parse_number(cell: &str) -> Option<f64> {
    cell.trim().parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Whether `status` marks a complete, valid row.
pub fn is_ok(status: &str) -> bool {
    status == "ok"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<CsvTable, InputError> {
        CsvTable::parse(Path::new("x.csv"), text)
    }

    #[test]
    fn reads_header_and_rows() {
        let t = parse("a,b\n1,\"x,y\"\n2,z\n").unwrap();
        assert_eq!(t.columns, ["a", "b"]);
        assert_eq!(t.rows, [["1", "x,y"], ["2", "z"]]);
        assert_eq!(t.name(), "x");
        assert_eq!(t.column("b"), ["x,y", "z"]);
    }

    #[test]
    fn refuses_ragged_rows_with_line() {
        let e = parse("a,b\n1,2\n3\n").unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.message.contains("1 cells but the header has 2"), "{}", e.message);
    }

    #[test]
    fn refuses_empty_and_duplicate_headers() {
        assert!(parse("").is_err());
        let e = parse("a,a\n1,2\n").unwrap_err();
        assert!(e.message.contains("`a` appears twice"), "{}", e.message);
    }

    #[test]
    fn require_names_missing_columns() {
        let t = parse("a,b\n").unwrap();
        assert!(t.require(&["a"], "x").is_ok());
        let e = t.require(&["a", "c", "d"], "the plots").unwrap_err();
        assert_eq!(e.to_string(), "x.csv:1: missing columns `c`, `d` (needed by the plots); the header has: a, b");
    }

    #[test]
    fn numbers_exclude_text_cells() {
        assert_eq!(parse_number("1.5"), Some(1.5));
        assert_eq!(parse_number("timeout"), None);
        assert_eq!(parse_number(""), None);
        assert_eq!(parse_number("NaN"), None);
    }
}
