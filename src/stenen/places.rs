//! Where each stone lies in a small board's tilings: the evidence the answer on the 4x5
//! board argues from (the `places` column of the `table` kind).
//!
//! Over the distinct tilings (identical stones interchangeable), for every stone alone in
//! its class of identical stones: in how many tilings it covers a corner of the board,
//! touches a side without covering a corner, or touches no side (inside); and in how many
//! it lies along a long side (every cell in the first or last line of the board's longer
//! direction) or along a short side. Stones of a class of several are the labelled count's
//! factor, not counted here.
//!
//! The cell reads `tilings 16; stone 4 I: corner 16, side 0, inside 0, long side 16,
//! short side 0; ...` ([`Places::cell`]), and [`Places::parse`] reads it back.

use super::rules::Puzzle;
use super::stone::{Shape, Stone};

/// Where one stone lies, counted over the tilings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StonePlaces {
    /// The stone's number.
    pub stone: usize,
    /// Its tetromino letter (`I`, `O`, `T`, `S`, `L`), or empty for another shape.
    pub shape: String,
    /// Tilings in which it covers a corner cell.
    pub corner: u64,
    /// Tilings in which it touches a side of the board but covers no corner.
    pub side: u64,
    /// Tilings in which it touches no side.
    pub inside: u64,
    /// Tilings in which all its cells lie in one line along a long side.
    pub long_side: u64,
    /// Tilings in which all its cells lie in one line along a short side.
    pub short_side: u64,
}

/// Where the stones lie over every distinct tiling of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Places {
    /// The number of distinct tilings counted over.
    pub tilings: u64,
    /// The stones alone in their class, by number.
    pub stones: Vec<StonePlaces>,
}

/// Where the stones of `game` lie over `tilings` (distinct tilings, each its cells'
/// stone numbers in row-major order).
pub fn places(game: &Puzzle, tilings: &[Vec<u8>]) -> Places {
    let alone = |s: usize| game.class_of.iter().filter(|&&c| c == game.class_of[s - 1]).count() == 1;
    let stones = (1..=game.stone_count())
        .filter(|&s| alone(s))
        .map(|s| {
            let mut p = StonePlaces {
                stone: s,
                shape: tetromino(&game.stones[s - 1]).unwrap_or_default().to_string(),
                corner: 0,
                side: 0,
                inside: 0,
                long_side: 0,
                short_side: 0,
            };
            for t in tilings {
                count_place(&mut p, game, &cells_of(game, t, s));
            }
            p
        })
        .collect();
    Places { tilings: tilings.len() as u64, stones }
}

/// The `(row, col)` cells of stone `stone` in `tiling`.
fn cells_of(game: &Puzzle, tiling: &[u8], stone: usize) -> Vec<(usize, usize)> {
    let w = game.width;
    tiling.iter().enumerate().filter(|&(_, &v)| usize::from(v) == stone).map(|(i, _)| (i / w, i % w)).collect()
}

/// Counts one placement `cells` of the stone in `p`.
fn count_place(p: &mut StonePlaces, game: &Puzzle, cells: &[(usize, usize)]) {
    let (h, w) = (game.height, game.width);
    let top_bottom = |r: usize| r == 0 || r + 1 == h;
    let left_right = |c: usize| c == 0 || c + 1 == w;
    if cells.iter().any(|&(r, c)| top_bottom(r) && left_right(c)) {
        p.corner += 1;
    } else if cells.iter().any(|&(r, c)| top_bottom(r) || left_right(c)) {
        p.side += 1;
    } else {
        p.inside += 1;
    }
    let in_one_row = cells.iter().all(|&(r, _)| top_bottom(r) && r == cells[0].0);
    let in_one_col = cells.iter().all(|&(_, c)| left_right(c) && c == cells[0].1);
    // The top and bottom rows are the long sides where the board is at least as wide as high.
    let (long, short) = if w >= h { (in_one_row, in_one_col) } else { (in_one_col, in_one_row) };
    p.long_side += u64::from(long);
    p.short_side += u64::from(short && !long);
}

/// The letter of a tetromino shape (`I`, `O`, `T`, `S`, `L`; a mirror image is the
/// same stone), or `None` for any other shape.
pub fn tetromino(stone: &Stone) -> Option<&'static str> {
    /// A letter, its cells and its box.
    type Letter = (&'static str, &'static [(usize, usize)], (usize, usize));
    const LETTERS: [Letter; 5] = [
        ("I", &[(0, 0), (0, 1), (0, 2), (0, 3)], (1, 4)),
        ("O", &[(0, 0), (0, 1), (1, 0), (1, 1)], (2, 2)),
        ("T", &[(0, 0), (0, 1), (0, 2), (1, 1)], (2, 3)),
        ("S", &[(0, 1), (0, 2), (1, 0), (1, 1)], (2, 3)),
        ("L", &[(0, 0), (0, 1), (0, 2), (1, 0)], (2, 3)),
    ];
    LETTERS.iter().find_map(|&(letter, cells, (rows, cols))| {
        stone.same_shape(&Stone::new(0, Shape::new(rows, cols, cells.to_vec()))).then_some(letter)
    })
}

impl Places {
    /// The cell text: `tilings N; stone K X: corner A, side B, inside C, long side D,
    /// short side E; ...` (`X` the tetromino letter, left out for another shape).
    pub fn cell(&self) -> String {
        let mut parts = vec![format!("tilings {}", self.tilings)];
        for s in &self.stones {
            let name = if s.shape.is_empty() {
                format!("stone {}", s.stone)
            } else {
                format!("stone {} {}", s.stone, s.shape)
            };
            parts.push(format!(
                "{name}: corner {}, side {}, inside {}, long side {}, short side {}",
                s.corner, s.side, s.inside, s.long_side, s.short_side
            ));
        }
        parts.join("; ")
    }

    /// The places a [`Places::cell`] text holds; `None` for an empty or other text.
    pub fn parse(cell: &str) -> Option<Places> {
        let mut parts = cell.split("; ");
        let tilings = parts.next()?.strip_prefix("tilings ")?.parse().ok()?;
        let stones = parts.map(parse_stone).collect::<Option<Vec<_>>>()?;
        Some(Places { tilings, stones })
    }
}

/// One stone's part of the cell: `stone K X: corner A, side B, inside C, long side D,
/// short side E`.
fn parse_stone(part: &str) -> Option<StonePlaces> {
    let (name, counts) = part.strip_prefix("stone ")?.split_once(": ")?;
    let (stone, shape) = name.split_once(' ').unwrap_or((name, ""));
    let mut values = counts.split(", ").map(|c| c.rsplit_once(' ').map(|(k, v)| (k, v.parse::<u64>().ok())));
    let mut next = |key: &str| match values.next()?? {
        (k, Some(v)) if k == key => Some(v),
        _ => None,
    };
    Some(StonePlaces {
        stone: stone.parse().ok()?,
        shape: shape.to_string(),
        corner: next("corner")?,
        side: next("side")?,
        inside: next("inside")?,
        long_side: next("long side")?,
        short_side: next("short side")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four_by_five() -> Puzzle {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/stenen/stenen1.in");
        crate::stenen::rules::load_puzzle(4, 5, &path).unwrap()
    }

    #[test]
    fn the_4x5_boards_tilings_put_the_i_along_a_long_side_and_the_o_mostly_in_a_corner() {
        let game = four_by_five();
        let gallery = crate::stenen::picture::gallery(&game, 64).unwrap();
        let tilings: Vec<Vec<u8>> = gallery.classes.concat();
        let p = places(&game, &tilings);
        assert_eq!(p.tilings, 16);
        // Stones 1 and 2 (the L's) share a class: only the S, the I and the O are counted.
        let by = |s: usize| p.stones.iter().find(|x| x.stone == s).unwrap().clone();
        assert_eq!(p.stones.iter().map(|s| s.stone).collect::<Vec<_>>(), [3, 4, 5]);
        let (s, i, o) = (by(3), by(4), by(5));
        assert_eq!((i.shape.as_str(), i.long_side, i.short_side, i.corner), ("I", 16, 0, 16));
        assert_eq!((o.shape.as_str(), o.corner, o.side, o.inside, o.long_side), ("O", 12, 0, 4, 0));
        assert_eq!((s.shape.as_str(), s.corner, s.side, s.inside), ("S", 8, 8, 0));
        assert_eq!(Places::parse(&p.cell()), Some(p.clone()));
        assert!(p.cell().starts_with("tilings 16; stone 3 S: corner 8, side 8, inside 0"), "{}", p.cell());
    }

    #[test]
    fn a_tall_boards_long_sides_are_its_columns() {
        // 4x2: an upright I in column 0, a straight tromino and a single cell in column 1.
        let column = |n: usize, len: usize| Stone::new(n, Shape::new(len, 1, (0..len).map(|r| (r, 0)).collect()));
        let game = Puzzle::new(4, 2, vec![column(1, 4), column(2, 3), column(3, 1)]).unwrap();
        let p = places(&game, &[vec![1, 2, 1, 2, 1, 2, 1, 3]]);
        let i = &p.stones[0];
        assert_eq!((i.shape.as_str(), i.long_side, i.short_side, i.corner), ("I", 1, 0, 1));
        let tromino = &p.stones[1];
        assert_eq!((tromino.shape.as_str(), tromino.long_side, tromino.corner), ("", 1, 1));
        assert!(p.cell().contains("; stone 2: corner 1,"), "{}", p.cell());
        assert_eq!(Places::parse(&p.cell()), Some(p));
    }

    #[test]
    fn other_texts_are_no_places() {
        for bad in ["", "timeout", "tilings x", "tilings 2; stone 1: corner 1"] {
            assert_eq!(Places::parse(bad), None, "{bad}");
        }
        let none = Places { tilings: 0, stones: vec![] };
        assert_eq!(Places::parse("tilings 0"), Some(none));
    }
}
