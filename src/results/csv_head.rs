//! A results CSV read once, streaming, for what a report shows of it: its first rows, the
//! number of rows it holds and the hash of its bytes; the whole file is never in memory.

use std::io::Read;
use std::path::Path;

use super::csv_table::CsvTable;
use super::file_caps::CSV_FILE;
use crate::base::error::InputError;
use crate::base::hash::{fnv1a, FNV_OFFSET};

/// The first rows of a results CSV, with what the file holds beyond them.
#[derive(Debug, Clone)]
pub struct CsvHead {
    /// The header and the first rows, every row of the file checked as
    /// [`CsvTable::read`] checks it.
    pub table: CsvTable,
    /// The data rows the file holds (header excluded).
    pub rows: usize,
    /// The hash of the file's bytes, as a run records it (`csv_hash`, FNV-1a 64 in hex).
    pub hash: String,
}

impl CsvHead {
    /// Reads `path` once, keeping its first `keep` rows (see [`CsvHead`]); refuses what
    /// [`CsvTable::read`] refuses.
    pub fn read(path: &Path, keep: usize) -> Result<CsvHead, InputError> {
        let mut input = Hashing { inner: CSV_FILE.open_capped(path)?, hash: FNV_OFFSET };
        let (table, rows) = CsvTable::parse_head(path, &mut input, keep)?;
        Ok(CsvHead { table, rows, hash: format!("{:016x}", input.hash) })
    }

    /// The rows of the file that [`CsvHead::table`] does not hold.
    pub fn left_out(&self) -> usize {
        self.rows - self.table.rows.len()
    }
}

/// A reader hashing the bytes it hands on.
struct Hashing<R> {
    inner: R,
    hash: u64,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hash = fnv1a(self.hash, &buf[..n]);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_first_rows_and_counts_and_hashes_all() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.csv");
        let text = "n,seconds\n1,0.5\n2,0.25\n3,0.125\n";
        std::fs::write(&path, text).unwrap();
        let head = CsvHead::read(&path, 2).unwrap();
        assert_eq!(head.table.rows, vec![vec!["1", "0.5"], vec!["2", "0.25"]]);
        assert_eq!((head.rows, head.left_out()), (3, 1));
        assert_eq!(head.hash, crate::base::hash::fnv1a_hex(text.as_bytes()));
    }

    #[test]
    fn rows_left_out_are_checked_too() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.csv");
        std::fs::write(&path, "n,seconds\n1,0.5\n2,-4\n").unwrap();
        let e = CsvHead::read(&path, 1).unwrap_err().to_string();
        assert!(e.contains("x.csv:3: row 2, column `seconds`") && e.contains("not a possible time"), "{e}");
        std::fs::write(&path, "n,seconds\n1,0.5\n2\n").unwrap();
        let e = CsvHead::read(&path, 1).unwrap_err().to_string();
        assert!(e.contains("row has 1 cells but the header has 2 columns"), "{e}");
    }
}
