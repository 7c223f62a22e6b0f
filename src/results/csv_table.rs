//! One experiment CSV in memory, its columns as the experiment's metadata declares them:
//! the one reader of results CSVs, for the report and for `harness compare` alike, with
//! the checks both need before using a table.

use std::path::{Path, PathBuf};

use super::columns::{Column, Columns, Kind, Role, StatusWord};
use super::experiment_meta::ExperimentMeta;
use super::file_caps::CSV_FILE;
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
    /// What each column holds, in header order: as the experiment's metadata declares it
    /// ([`CsvTable::declare`]), else rebuilt from the names.
    pub declared: Columns,
}

impl CsvTable {
    /// Reads `path` record by record (never the whole text at once); refuses an
    /// unreadable file, one over [`CSV_FILE`]'s size, a missing header, duplicate column
    /// names, ragged rows, a cell over [`MAX_CELL_BYTES`] and impossible seconds
    /// ([`check_seconds`]), naming the file and (for rows) the line, row and column.
    pub fn read(path: &Path) -> Result<CsvTable, InputError> {
        CsvTable::parse_from(path, CSV_FILE.open_capped(path)?)
    }

    /// Reads `path` (`DIR/NAME.csv`, see [`CsvTable::read`]) with the columns that
    /// `DIR/meta/NAME.toml` declares; without readable metadata the columns are rebuilt
    /// from their names and cells. Impossible seconds in a column the metadata declares
    /// seconds are refused too.
    pub fn read_declared(path: &Path) -> Result<CsvTable, InputError> {
        let table = CsvTable::read(path)?;
        let meta = path.parent().and_then(|dir| ExperimentMeta::read(dir, &table.name()));
        let table = table.declare(&meta.map(|m| m.columns).unwrap_or_default());
        table.check_seconds()?;
        Ok(table)
    }

    /// Parses CSV `text` as if read from `path` (see [`CsvTable::read`]).
    pub fn parse(path: &Path, text: &str) -> Result<CsvTable, InputError> {
        CsvTable::parse_from(path, text.strip_prefix('\u{feff}').unwrap_or(text).as_bytes())
    }

    /// Parses the CSV that `input` streams as if read from `path` (see [`CsvTable::read`]).
    fn parse_from(path: &Path, input: impl std::io::Read) -> Result<CsvTable, InputError> {
        Ok(CsvTable::parse_head(path, input, usize::MAX)?.0)
    }

    /// Parses the CSV that `input` streams as if read from `path`, every row checked as
    /// [`CsvTable::read`] checks it but only the first `keep` kept; with the number of
    /// data rows it holds.
    pub(crate) fn parse_head(
        path: &Path,
        input: impl std::io::Read,
        keep: usize,
    ) -> Result<(CsvTable, usize), InputError> {
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(input);
        let mut record = csv::ByteRecord::new();
        let mut columns: Option<Vec<String>> = None;
        let (mut rows, mut count, mut seconds) = (Vec::new(), 0, Vec::new());
        loop {
            match reader.read_byte_record(&mut record) {
                Ok(false) => break,
                Ok(true) => {}
                Err(e) => {
                    let line = e.position().map_or(0, |p| p.line() as usize);
                    return Err(InputError::at(path, line, format!("bad CSV record: {}", excerpt(&e.to_string()))));
                }
            }
            let line = record.position().map_or(0, |p| p.line() as usize);
            let cells = text_cells(path, line, &record, columns.as_deref())?;
            match &columns {
                None => {
                    let names = header(path, cells)?;
                    seconds = seconds_columns(&names);
                    columns = Some(names);
                }
                Some(header) if cells.len() != header.len() => {
                    return Err(InputError::at(
                        path,
                        line,
                        format!("row has {} cells but the header has {} columns", cells.len(), header.len()),
                    ))
                }
                Some(header) => {
                    count += 1;
                    match rows.len() < keep {
                        true => rows.push(cells),
                        false => check_row_seconds(path, line, header, &seconds, &cells)?,
                    }
                }
            }
        }
        let Some(columns) = columns else {
            return Err(InputError::in_file(path, "empty file: expected a CSV header row"));
        };
        let declared = read_by_content(Columns::guessed(&columns), &rows);
        let table = CsvTable { path: path.to_path_buf(), columns, rows, declared };
        table.check_seconds()?;
        Ok((table, count))
    }

    /// Refuses a cell of a seconds column ([`Kind::Seconds`]) that holds an impossible
    /// number of seconds ([`check_seconds`]), naming the file, row and column.
    pub fn check_seconds(&self) -> Result<(), InputError> {
        let seconds: Vec<usize> = (0..self.columns.len()).filter(|&i| self.kind_at(i) == Kind::Seconds).collect();
        for (r, row) in self.rows.iter().enumerate() {
            for &c in &seconds {
                check_seconds(&self.path, r + 2, &self.columns[c], &row[c])?;
            }
        }
        Ok(())
    }

    /// The table with the columns its metadata declares (the others rebuilt from their
    /// names).
    pub fn declare(mut self, declared: &[Column]) -> CsvTable {
        let guessed = std::mem::take(&mut self.declared);
        self.declared = Columns(
            self.columns
                .iter()
                .zip(guessed.0)
                .map(|(name, guess)| declared.iter().find(|c| &c.name == name).cloned().unwrap_or(guess))
                .collect(),
        );
        self
    }

    /// A table made in memory from `columns` and `rows` (a derived table), its columns
    /// rebuilt from their names.
    pub fn derived(path: &Path, columns: Vec<String>, rows: Vec<Vec<String>>) -> CsvTable {
        let declared = read_by_content(Columns::guessed(&columns), &rows);
        CsvTable { path: path.to_path_buf(), columns, rows, declared }
    }

    /// What column `index` holds.
    pub fn kind_at(&self, index: usize) -> Kind {
        self.declared.0[index].kind
    }

    /// What column `name` holds (text when absent).
    pub fn kind(&self, name: &str) -> Kind {
        self.index(name).map_or(Kind::Text, |i| self.kind_at(i))
    }

    /// The declared column at `index`.
    pub fn column_at(&self, index: usize) -> &Column {
        &self.declared.0[index]
    }

    /// The status word that explains `row`'s empty cell in column `index`, when it says
    /// a search stopped or failed (see [`Columns::status_for`]).
    pub fn empty_because(&self, row: &[String], index: usize) -> Option<StatusWord> {
        let column = &self.declared.0[index];
        if !row[index].trim().is_empty() || matches!(column.role, Role::Status | Role::Common) {
            return None;
        }
        let status = self.declared.status_for(&column.name)?;
        StatusWord::of_cell(&row[status]).filter(|w| *w != StatusWord::Ok)
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

/// The largest cell a results CSV may hold, in bytes (1 MiB): results are numbers, status
/// words and short names; a larger cell is refused naming the file, row and column.
pub const MAX_CELL_BYTES: usize = 1 << 20;

/// The most seconds a time in a results file may say: a year (366 days).
pub const MAX_SECONDS: f64 = 366.0 * 86_400.0;

/// Refuses `cell` of a seconds column `column` on line `line` of `path` when it is a
/// number no run can have taken: not a number (`NaN`, `inf`), negative, or above
/// [`MAX_SECONDS`]. Empty cells, status words and other text pass (their columns say why
/// there is no time).
pub fn check_seconds(path: &Path, line: usize, column: &str, cell: &str) -> Result<(), InputError> {
    let Ok(value) = cell.trim().parse::<f64>() else { return Ok(()) };
    if value.is_finite() && (0.0..=MAX_SECONDS).contains(&value) {
        return Ok(());
    }
    Err(InputError::at(
        path,
        line,
        format!(
            "row {}, column `{column}`: `{}` is not a possible time (expected 0 to {MAX_SECONDS:.0} seconds, a year); \
             the file was changed or damaged",
            line.saturating_sub(1),
            excerpt(cell)
        ),
    ))
}

/// The indices of the columns of `header` whose names say seconds.
fn seconds_columns(header: &[String]) -> Vec<usize> {
    let guessed = Columns::guessed(header);
    (0..header.len()).filter(|&i| guessed.0[i].kind == Kind::Seconds).collect()
}

/// Refuses a row not kept in memory (line `line` of `path`, columns `header`) whose cell
/// in a seconds column (indices `seconds`) holds an impossible time ([`check_seconds`]).
fn check_row_seconds(
    path: &Path,
    line: usize,
    header: &[String],
    seconds: &[usize],
    cells: &[String],
) -> Result<(), InputError> {
    seconds.iter().try_for_each(|&i| check_seconds(path, line, &header[i], &cells[i]))
}

/// The cells of `record` (line `line` of `path`) as text: each at most [`MAX_CELL_BYTES`]
/// and UTF-8, refused naming the row and column (`header`'s name, once read) otherwise.
fn text_cells(
    path: &Path,
    line: usize,
    record: &csv::ByteRecord,
    header: Option<&[String]>,
) -> Result<Vec<String>, InputError> {
    let column_name = |i: usize| match header.and_then(|h| h.get(i)) {
        Some(name) => format!("column `{}`", excerpt(name)),
        None => format!("column {}", i + 1),
    };
    let row = if header.is_some() { format!("row {}, ", line.saturating_sub(1)) } else { "the header, ".to_string() };
    record
        .iter()
        .enumerate()
        .map(|(i, bytes)| {
            if bytes.len() > MAX_CELL_BYTES {
                return Err(InputError::at(
                    path,
                    line,
                    format!(
                        "{row}{}: a cell of {} bytes, over the {} MiB a results cell may hold; not a CSV the harness wrote",
                        column_name(i),
                        bytes.len(),
                        MAX_CELL_BYTES >> 20
                    ),
                ));
            }
            String::from_utf8(bytes.to_vec()).map_err(|e| {
                let bad = bytes[e.utf8_error().valid_up_to()];
                InputError::at(path, line, format!("{row}{}: byte 0x{bad:02x} is not UTF-8 text", column_name(i)))
            })
        })
        .collect()
}

/// The header `cells` of `path`: refused when empty or when a name appears twice.
fn header(path: &Path, mut cells: Vec<String>) -> Result<Vec<String>, InputError> {
    if let Some(first) = cells.first_mut().filter(|c| c.starts_with('\u{feff}')) {
        first.remove(0);
    }
    if cells.is_empty() || cells.iter().all(String::is_empty) {
        return Err(InputError::in_file(path, "empty file: expected a CSV header row"));
    }
    if let Some(dup) = cells.iter().enumerate().find(|(i, c)| cells[..*i].contains(c)) {
        return Err(InputError::at(path, 1, format!("column `{}` appears twice in the header", excerpt(dup.1))));
    }
    Ok(cells)
}

/// The results CSVs directly in `dir` (regular files named `*.csv`), sorted by name.
pub fn csv_paths(dir: &Path) -> Result<Vec<PathBuf>, InputError> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| InputError::in_file(dir, format!("cannot read the results directory: {e}")))?;
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "csv"))
        .collect();
    paths.sort();
    Ok(paths)
}

/// The columns rebuilt from their names, where the name tells no kind (an exact result
/// read as text), read by their cells instead: all integers (markers and blanks aside)
/// is a count, all numbers a number.
fn read_by_content(mut columns: Columns, rows: &[Vec<String>]) -> Columns {
    for (i, column) in columns.0.iter_mut().enumerate() {
        if column.kind != Kind::Text || column.role != Role::Result {
            continue;
        }
        let values: Vec<&str> =
            rows.iter().map(|r| r[i].trim()).filter(|c| !c.is_empty() && StatusWord::of_cell(c).is_none()).collect();
        if values.is_empty() || values.iter().any(|c| parse_number(c).is_none()) {
            continue;
        }
        let integers = values.iter().all(|c| !c.starts_with('-') && c.bytes().all(|b| b.is_ascii_digit()));
        column.kind = if integers { Kind::Count } else { Kind::Number };
    }
    columns
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
    StatusWord::of_cell(status) == Some(StatusWord::Ok)
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
    fn impossible_seconds_are_refused_naming_row_and_column() {
        for bad in ["NaN", "-5", "1e308", "inf", "31622401"] {
            let e = parse(&format!("instance,seconds\na,1.5\nb,{bad}\n")).unwrap_err();
            assert_eq!(e.line, Some(3), "{bad}");
            assert!(
                e.message.contains("row 2, column `seconds`") && e.message.contains("not a possible time"),
                "{}",
                e.message
            );
        }
        assert!(parse("instance,seconds,status\na,,timeout\nb,0,ok\nc,31622400,ok\n").is_ok());
    }

    #[test]
    fn a_cell_over_the_cap_is_refused_naming_row_and_column() {
        let big = "x".repeat(MAX_CELL_BYTES + 1);
        let e = parse(&format!("instance,note\na,b\nc,{big}\n")).unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.message.contains("row 2, column `note`: a cell of 1048577 bytes"), "{}", e.message);
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x.csv"), b"instance,note\na,b\xffc\n").unwrap();
        let e = CsvTable::read(&dir.path().join("x.csv")).unwrap_err();
        assert!(e.message.contains("row 1, column `note`: byte 0xff is not UTF-8 text"), "{}", e.message);
        assert_eq!(
            parse("\u{feff}a,b\n1,2\n").unwrap().columns,
            ["a", "b"],
            "a byte-order mark is no part of the header"
        );
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
    fn declared_columns_come_from_the_metadata_beside_the_csv() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.csv");
        std::fs::write(&path, "instance,reservoir,seconds\nx,2,1.5\n").unwrap();
        let guessed = CsvTable::read_declared(&path).unwrap();
        assert_eq!((guessed.kind("reservoir"), guessed.kind("seconds")), (Kind::Count, Kind::Seconds));
        std::fs::create_dir(dir.path().join("meta")).unwrap();
        let meta = "name = \"e\"\ngame = \"g\"\nkind = \"k\"\ncaption = \"\"\nlabel = \"\"\nseed = 1\n\
                    threads = 1\nkey = \"\"\nrows = 1\nseconds = 0.0\nversion = \"\"\n\
                    [[columns]]\nname = \"reservoir\"\nkind = \"text\"\nrole = \"measured\"\n";
        std::fs::write(dir.path().join("meta/e.toml"), meta).unwrap();
        let declared = CsvTable::read_declared(&path).unwrap();
        assert_eq!(declared.column_at(1), &Column::new("reservoir", Kind::Text, Role::Measured));
        assert_eq!(declared.kind("seconds"), Kind::Seconds, "an undeclared column is still read by its name");
        std::fs::write(dir.path().join("notes.txt"), "").unwrap();
        std::fs::create_dir(dir.path().join("d.csv")).unwrap();
        assert_eq!(csv_paths(dir.path()).unwrap(), [path]);
    }

    #[test]
    fn numbers_exclude_text_cells() {
        assert_eq!(parse_number("1.5"), Some(1.5));
        assert_eq!(parse_number("timeout"), None);
        assert_eq!(parse_number(""), None);
        assert_eq!(parse_number("NaN"), None);
    }
}
