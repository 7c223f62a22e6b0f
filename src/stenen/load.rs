//! Reading a stones file, refusing every malformed one with file, line and reason.
//!
//! Format: a line `S` (`1..=20`); then per stone a line `m n` (`1..=5` each) and `m` lines
//! of exactly `n` characters `X` or `.`. Blank lines are skipped (the assignment's C++ reader
//! skips whitespace too); trailing spaces and a `\r` at a line end are ignored.

use std::path::Path;

use super::stone::{Shape, Stone, MAX_SIDE};
use crate::base::error::InputError;
use crate::base::files::TextFile;
use crate::base::text::excerpt;

/// Most stones a file may hold.
pub const MAX_STONES: usize = 20;

/// Largest stones file read: 1 MiB (twenty 5x5 stones take under 1 KiB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Reads and checks the stones file at `path` (at most [`MAX_FILE_BYTES`], UTF-8).
pub fn load_stones(path: &Path) -> Result<Vec<Stone>, InputError> {
    let text = TextFile {
        what: "stones file",
        max_bytes: MAX_FILE_BYTES,
        holds: "a stones file holds at most 20 small stones drawn with `X` and `.`",
    }
    .read(path)?;
    parse_stones(path, &text)
}

/// Parses stones-file `text` (named `path` in messages); a leading UTF-8 byte-order mark
/// is skipped.
pub fn parse_stones(path: &Path, text: &str) -> Result<Vec<Stone>, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Lines::new(path, text);
    let (line, count) = lines.numbers("the number of stones S", 1)?;
    let count = count[0];
    if !(1..=MAX_STONES).contains(&count) {
        return Err(InputError::at(
            path,
            line,
            format!("number of stones must be from 1 to {MAX_STONES}, got {count}"),
        ));
    }
    let mut stones = Vec::with_capacity(count);
    for number in 1..=count {
        stones.push(parse_stone(&mut lines, number)?);
    }
    if let Some((line, rest)) = lines.next_nonblank() {
        return Err(InputError::at(
            path,
            line,
            format!("trailing text `{}` after the {count} stones the file announced", excerpt(rest)),
        ));
    }
    Ok(stones)
}

fn parse_stone(lines: &mut Lines, number: usize) -> Result<Stone, InputError> {
    let path = lines.path;
    let (size_line, mn) = lines.numbers(&format!("the box size `m n` of stone {number}"), 2)?;
    let (m, n) = (mn[0], mn[1]);
    for (what, v) in [("rows m", m), ("columns n", n)] {
        if !(1..=MAX_SIDE).contains(&v) {
            return Err(InputError::at(
                path,
                size_line,
                format!("stone {number}: {what} must be from 1 to {MAX_SIDE}, got {v}"),
            ));
        }
    }
    let mut cells = Vec::new();
    for r in 0..m {
        let (line, text) = lines
            .next_nonblank()
            .ok_or_else(|| lines.at_end(format!("stone {number}: row {} of {m} is missing (the file ends)", r + 1)))?;
        let row: Vec<char> = text.trim_end().chars().collect();
        if row.len() != n {
            return Err(InputError::at(
                path,
                line,
                format!("stone {number}: row {} has {} characters, expected {n} (`X` or `.`)", r + 1, row.len()),
            ));
        }
        for (c, &ch) in row.iter().enumerate() {
            match ch {
                'X' => cells.push((r, c)),
                '.' => {}
                other => {
                    return Err(InputError::at(
                        path,
                        line,
                        format!("stone {number}: character `{other}` in column {}, expected `X` or `.`", c + 1),
                    ))
                }
            }
        }
    }
    check_shape(path, size_line, number, m, n, &cells)?;
    Ok(Stone::new(number, Shape::new(m, n, cells)))
}

fn check_shape(
    path: &Path,
    line: usize,
    number: usize,
    m: usize,
    n: usize,
    cells: &[(usize, usize)],
) -> Result<(), InputError> {
    let fail = |msg: String| Err(InputError::at(path, line, format!("stone {number}: {msg}")));
    if cells.is_empty() {
        return fail("covers no cell (no `X`)".to_string());
    }
    if let Some(r) = (0..m).find(|&r| !cells.iter().any(|&(cr, _)| cr == r)) {
        return fail(format!("row {} is all `.` (the box must be tight)", r + 1));
    }
    if let Some(c) = (0..n).find(|&c| !cells.iter().any(|&(_, cc)| cc == c)) {
        return fail(format!("column {} is all `.` (the box must be tight)", c + 1));
    }
    if !connected(cells) {
        return fail("its cells are not 4-connected".to_string());
    }
    Ok(())
}

fn connected(cells: &[(usize, usize)]) -> bool {
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        let (r, c) = cells[i];
        for (j, &(r2, c2)) in cells.iter().enumerate() {
            if !seen[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen.iter().all(|&s| s)
}

/// Line reader that skips blank lines and knows 1-based line numbers.
struct Lines<'a> {
    path: &'a Path,
    inner: std::iter::Enumerate<std::str::Lines<'a>>,
    /// Lines in the file (the last one, where a refusal at the end points).
    last: usize,
}

impl<'a> Lines<'a> {
    fn new(path: &'a Path, text: &'a str) -> Self {
        Lines { path, inner: text.lines().enumerate(), last: text.lines().count().max(1) }
    }

    /// A refusal at the end of the file, naming its last line.
    fn at_end(&self, message: String) -> InputError {
        InputError::at(self.path, self.last, message)
    }

    fn next_nonblank(&mut self) -> Option<(usize, &'a str)> {
        self.inner.by_ref().find(|(_, l)| !l.trim().is_empty()).map(|(i, l)| (i + 1, l))
    }

    /// The next non-blank line, which must hold exactly `count` non-negative integers.
    fn numbers(&mut self, what: &str, count: usize) -> Result<(usize, Vec<usize>), InputError> {
        let (line, text) =
            self.next_nonblank().ok_or_else(|| self.at_end(format!("the file ends where {what} was expected")))?;
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.len() != count {
            return Err(InputError::at(
                self.path,
                line,
                format!("expected {what} ({}), got `{}`", integers(count), excerpt(text)),
            ));
        }
        let values = tokens.iter().map(|t| t.parse::<usize>()).collect::<Result<Vec<_>, _>>().map_err(|_| {
            InputError::at(self.path, line, format!("expected {what} as {}, got `{}`", integers(count), excerpt(text)))
        })?;
        Ok((line, values))
    }
}

/// `1 integer`, `2 integers`.
fn integers(count: usize) -> String {
    if count == 1 {
        "1 integer".to_string()
    } else {
        format!("{count} integers")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<Stone>, InputError> {
        parse_stones(Path::new("t.in"), text)
    }

    fn refused(text: &str, line: Option<usize>, needle: &str) {
        let e = parse(text).unwrap_err();
        assert_eq!(e.line, line, "{e}");
        assert!(e.message.contains(needle), "`{}` lacks `{needle}`", e.message);
        assert_eq!(e.file.as_deref(), Some(Path::new("t.in")));
    }

    #[test]
    fn reads_the_seed_stone_1() {
        let stones = parse("1\n2 3\nX..\nXXX\n").unwrap();
        assert_eq!(stones.len(), 1);
        assert_eq!(stones[0].orientations[0].draw(), vec!["X..", "XXX"]);
    }

    #[test]
    fn blank_lines_and_crlf_are_accepted() {
        let stones = parse("2\r\n\r\n1 1\r\nX\r\n\n2 2\nXX  \nX.\n\n").unwrap();
        assert_eq!(stones[1].size(), 3);
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(parse("\u{feff}1\n1 1\nX\n").unwrap().len(), 1);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_refused_with_line_and_column() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.in");
        std::fs::write(&path, b"1\n1 2\nX\xff\n").unwrap();
        let e = load_stones(&path).unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        assert!(e.message.contains("byte 0xff at column 2 is not UTF-8 text"), "{e}");
    }

    #[test]
    fn files_over_the_size_cap_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.in");
        std::fs::write(&path, vec![b'\n'; MAX_FILE_BYTES as usize + 1]).unwrap();
        let e = load_stones(&path).unwrap_err();
        assert!(e.message.contains("larger than 1 MiB"), "{e}");
    }

    #[test]
    fn cannot_open() {
        let e = load_stones(Path::new("/nonexistent/stenen.in")).unwrap_err();
        assert!(e.message.contains("cannot open"), "{e}");
    }

    #[test]
    fn every_refusal_names_line_and_problem() {
        refused("", Some(1), "number of stones");
        refused("0\n", Some(1), "from 1 to 20");
        refused("21\n", Some(1), "from 1 to 20");
        refused("x\n", Some(1), "integer");
        refused("1 2\n", Some(1), "1 integer");
        refused("1\n6 1\n", Some(2), "rows m must be from 1 to 5");
        refused("1\n1 0\n", Some(2), "columns n must be from 1 to 5");
        refused("1\n1\n", Some(2), "2 integer");
        refused("1\n2 2\nXX\n", Some(3), "row 2 of 2 is missing");
        refused("1\n1 2\nXXX\n", Some(3), "3 characters, expected 2");
        refused("1\n1 2\nXO\n", Some(3), "character `O`");
        refused("1\n1 2\n..\n", Some(2), "no `X`");
        refused("1\n2 2\nXX\n..\n", Some(2), "row 2 is all");
        refused("1\n2 2\nX.\nX.\n", Some(2), "column 2 is all");
        refused("1\n2 2\nX.\n.X\n", Some(2), "not 4-connected");
        refused("1\n1 1\nX\nXX\n", Some(4), "trailing text");
        refused("2\n1 1\nX\n\n", Some(4), "file ends");
        refused("1\n1\n", Some(2), "2 integers");
    }
}
