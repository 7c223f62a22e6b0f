//! Reading a game from the assignment's input file format, refusing anything invalid with the
//! file, the line and what was expected. Loading builds a new value; a refused file
//! therefore never touches a game already loaded.

use std::path::Path;

use super::game::Game;
use super::position::Row;
use super::rules::{Color, Rules, MAX_BOWLS, MAX_BOWL_TILES, MAX_ROWS, MAX_ROW_LEN};
use crate::base::error::InputError;
use crate::base::files::TextFile;
use crate::base::text::excerpt;

/// The largest game file read: 1 MiB (the largest valid file is a few hundred bytes of
/// rows plus the pot).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Reads and validates a game file (format: see `docs/tegel.md` and the spec).
///
/// Refuses a file larger than [`MAX_FILE_BYTES`] (read no further, so `/dev/zero` ends
/// at once) and bytes that are not UTF-8 text, naming the line; a UTF-8 byte-order mark
/// at the start is skipped.
pub fn load_file(path: &Path) -> Result<Game, InputError> {
    let text = TextFile {
        what: "game file",
        max_bytes: MAX_FILE_BYTES,
        holds: "a game file is a few lines of letters g and b, numbers and spaces",
    }
    .read(path)?;
    parse(path, &text)
}

/// Parses the text of a game file; `path` only names the file in messages. A leading
/// byte-order mark is skipped.
pub fn parse(path: &Path, text: &str) -> Result<Game, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut tokens = Tokens::new(path, text);
    let pot = tokens.pot()?;
    let bowls = tokens.int("M (number of bowls)", 1, MAX_BOWLS as i64)? as usize;
    let bowl_tiles = tokens.int("N (tiles per bowl)", 1, MAX_BOWL_TILES as i64)? as usize;
    let rows = tokens.int("K (rows per board)", 1, MAX_ROWS as i64)? as usize;
    let row_len = tokens.int("L (cells per row)", 1, MAX_ROW_LEN as i64)? as usize;
    let mut boards = [Vec::new(), Vec::new()];
    for (player, board) in boards.iter_mut().enumerate() {
        for r in 0..rows {
            board.push(tokens.row(player, r, row_len)?);
        }
    }
    let to_move = tokens.int("the player to move (0 or 1)", 0, 1)? as usize;
    tokens.end()?;
    let rules = Rules::new(bowls, bowl_tiles, rows, row_len, pot);
    Ok(Game::new(rules, [&boards[0], &boards[1]], to_move))
}

/// Whitespace-separated tokens with their 1-based line numbers.
struct Tokens<'a> {
    path: &'a Path,
    items: Vec<(usize, &'a str)>,
    next: usize,
    last_line: usize,
}

impl<'a> Tokens<'a> {
    fn new(path: &'a Path, text: &'a str) -> Self {
        let items: Vec<(usize, &str)> =
            text.lines().enumerate().flat_map(|(i, line)| line.split_whitespace().map(move |t| (i + 1, t))).collect();
        Tokens { path, items, next: 0, last_line: text.lines().count().max(1) }
    }

    fn take(&mut self, what: &str) -> Result<(usize, &'a str), InputError> {
        let token = self.items.get(self.next).copied().ok_or_else(|| {
            InputError::at(self.path, self.last_line, format!("unexpected end of file: expected {what}"))
        })?;
        self.next += 1;
        Ok(token)
    }

    fn pot(&mut self) -> Result<Vec<Color>, InputError> {
        let (line, token) = self.take("the pot (a string of letters g and b)")?;
        token
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                Color::from_letter(ch).ok_or_else(|| {
                    InputError::at(
                        self.path,
                        line,
                        format!("the pot may only hold letters g and b, found `{ch}` at position {}", i + 1),
                    )
                })
            })
            .collect()
    }

    fn int(&mut self, what: &str, min: i64, max: i64) -> Result<i64, InputError> {
        let (line, token) = self.take(&format!("{what}, an integer in {min}..={max}"))?;
        let value: i64 = token.parse().map_err(|_| {
            InputError::at(
                self.path,
                line,
                format!("expected {what}, an integer in {min}..={max}, found `{}`", excerpt(token)),
            )
        })?;
        if !(min..=max).contains(&value) {
            return Err(InputError::at(self.path, line, format!("{what} must be in {min}..={max}, found {value}")));
        }
        Ok(value)
    }

    fn row(&mut self, player: usize, r: usize, row_len: usize) -> Result<Row, InputError> {
        let what = |color: &str| format!("the {color} count of player {player}'s row {r}");
        let max = row_len as i64;
        let yellow = self.int(&what("yellow"), 0, max)?;
        let blue = self.int(&what("blue"), 0, max)?;
        let line = self.items[self.next - 1].0;
        if yellow > 0 && blue > 0 {
            return Err(InputError::at(
                self.path,
                line,
                format!("player {player}'s row {r} holds {yellow} yellow and {blue} blue tiles; a row holds one colour only (at most one count non-zero)"),
            ));
        }
        if yellow + blue > max {
            return Err(InputError::at(
                self.path,
                line,
                format!("player {player}'s row {r} holds {} tiles, more than L = {row_len}", yellow + blue),
            ));
        }
        Ok(match (yellow, blue) {
            (0, 0) => Row::EMPTY,
            (y, 0) => Row { color: Some(Color::Yellow), fill: y as u8 },
            (_, b) => Row { color: Some(Color::Blue), fill: b as u8 },
        })
    }

    fn end(&self) -> Result<(), InputError> {
        match self.items.get(self.next) {
            None => Ok(()),
            Some(&(line, token)) => Err(InputError::at(
                self.path,
                line,
                format!("extra token `{}` after the player to move; expected the end of the file", excerpt(token)),
            )),
        }
    }
}

/// The input-file text of `game`'s loaded position (the whole pot, sizes, rows, player);
/// [`parse`] reads it back to the same game.
pub fn file_text(game: &Game) -> String {
    let rules = game.rules();
    let start = game.start();
    let mut s: String = rules.pot().iter().map(|c| c.letter()).collect();
    s.push('\n');
    s += &format!("{} {}\n{} {}\n", rules.bowls, rules.bowl_tiles, rules.rows, rules.row_len);
    for player in 0..2 {
        for row in super::position::board(start, rules, player) {
            let (y, b) = match row.color {
                Some(Color::Blue) => (0, row.fill),
                _ => (row.fill, 0),
            };
            s += &format!("{y} {b}\n");
        }
    }
    s += &format!("{}\n", start.to_move());
    s
}
