//! A position of the tile game: bowls, both boards, how far the pot is drawn, and who
//! moves; with distinct-move generation, do/undo, the end test and the score.
//!
//! A board is kept as sets of row indices per (color, fill): `rows[player][color][fill]`
//! is a bitmask of row numbers (fill 0 holds the empty rows, the same in both colors),
//! and `present[player][color]` has bit `f` set when some row of that color has fill
//! `f`. The spec's target row (the fullest row that fits, lowest index on ties) is then
//! the lowest row of the highest present fill that fits: O(1), no scan.

use super::rules::{Color, Move, MoveList, Rules, MAX_BOWLS, MAX_ROWS, MAX_ROW_LEN};

/// Contents of one row: its color (`None` when empty) and fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    /// Color of the tiles in the row; `None` for an empty row.
    pub color: Option<Color>,
    /// Number of tiles in the row.
    pub fill: u8,
}

impl Row {
    /// An empty row.
    pub const EMPTY: Row = Row { color: None, fill: 0 };
}

/// A complete game state except the pot's contents (those live in [`Rules`]).
///
/// `Copy`, fixed size, no heap: searches copy or do/undo it freely.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    bowls: [[u8; 2]; MAX_BOWLS],
    rows: [[[u16; 8]; 2]; 2],
    present: [[u8; 2]; 2],
    full: [u8; 2],
    drawn: u32,
    to_move: u8,
}

/// What [`Position::do_move`] changed, enough to undo it exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    /// The move that was done.
    pub mv: Move,
    /// Tiles taken from the bowl (and laid in the row).
    pub tiles: u8,
    /// The row that received them.
    pub row: u8,
    /// That row's fill before the move.
    pub fill_before: u8,
    /// Tiles drawn from the pot to refill the bowl.
    pub refilled: u8,
    /// Yellow tiles among them.
    pub refilled_yellow: u8,
}

impl Position {
    /// The position with the given boards and player, bowls filled from the pot's start
    /// (bowl `j` gets tiles `j*N..j*N+N-1` as far as the pot reaches).
    ///
    /// The rows must be valid (one color, fill `<= L`); `load` checks that.
    pub fn new(rules: &Rules, boards: [&[Row]; 2], to_move: usize) -> Position {
        let mut pos = Position {
            bowls: [[0; 2]; MAX_BOWLS],
            rows: [[[0; 8]; 2]; 2],
            present: [[0; 2]; 2],
            full: [0; 2],
            drawn: 0,
            to_move: to_move as u8,
        };
        for (player, board) in boards.iter().enumerate() {
            for (r, row) in board.iter().enumerate() {
                let color = row.color.unwrap_or(Color::Yellow).index();
                pos.add_row(player, color, r as u8, if row.color.is_some() { row.fill } else { 0 });
                if usize::from(row.fill) == rules.row_len {
                    pos.full[player] += 1;
                }
            }
        }
        for bowl in 0..rules.bowls {
            let (taken, yellow) = rules.draw(pos.drawn, rules.bowl_tiles as u32);
            pos.bowls[bowl] = [yellow as u8, (taken - yellow) as u8];
            pos.drawn += taken;
        }
        pos
    }

    /// The player to move (0 or 1).
    #[inline]
    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }

    /// Tiles of `color` on bowl `bowl`.
    #[inline]
    pub fn bowl(&self, bowl: usize, color: Color) -> u8 {
        self.bowls[bowl][color.index()]
    }

    /// How many pot tiles have been drawn (the pot left is `rules.pot()[drawn..]`).
    #[inline]
    pub fn drawn(&self) -> usize {
        self.drawn as usize
    }

    /// Full rows of `player`.
    #[inline]
    pub fn full_rows(&self, player: usize) -> u8 {
        self.full[player]
    }

    /// Row `r` of `player`'s board.
    pub fn row(&self, player: usize, r: usize) -> Row {
        let bit = 1u16 << r;
        for color in Color::BOTH {
            for fill in 1..=MAX_ROW_LEN {
                if self.rows[player][color.index()][fill] & bit != 0 {
                    return Row { color: Some(color), fill: fill as u8 };
                }
            }
        }
        Row::EMPTY
    }

    /// The row the spec puts `tiles` tiles of `color` in for the player to move: the
    /// fullest row that is empty or of that color and still fits them, lowest index on
    /// ties; `None` when no row fits (the move is illegal).
    #[inline]
    pub fn target_row(&self, rules: &Rules, color: Color, tiles: u8) -> Option<(u8, u8)> {
        let p = self.to_move as usize;
        let c = color.index();
        let fits = self.present[p][c] & rules.fit_mask(tiles);
        if tiles == 0 || fits == 0 {
            return None;
        }
        let fill = 7 - fits.leading_zeros() as u8;
        Some((self.rows[p][c][fill as usize].trailing_zeros() as u8, fill))
    }

    /// Whether `mv` is legal: the bowl holds that color and some row takes all of it.
    pub fn is_legal(&self, rules: &Rules, mv: Move) -> bool {
        (mv.bowl as usize) < rules.bowls
            && self.target_row(rules, mv.color, self.bowl(mv.bowl as usize, mv.color)).is_some()
    }

    /// The distinct legal moves of the player to move, in spec order (bowl ascending, `g`
    /// before `b`), keeping only the lowest bowl among equal (color, count) moves.
    #[inline(always)]
    pub fn moves(&self, rules: &Rules) -> MoveList {
        let mut list = MoveList::default();
        let present = self.present[self.to_move as usize];
        let mut seen = [0u8; 2];
        for bowl in 0..rules.bowls {
            for c in 0..2 {
                let k = self.bowls[bowl][c];
                let bit = 1u8 << k;
                if k == 0 || seen[c] & bit != 0 {
                    continue;
                }
                seen[c] |= bit;
                if present[c] & rules.fit_mask(k) != 0 {
                    list.push(Move { bowl: bowl as u8, color: Color::from_index(c) });
                }
            }
        }
        list
    }

    /// Whether either player has every row full (the other end condition, no legal move,
    /// needs the move list: see [`Position::is_end`]).
    #[inline]
    pub fn someone_all_full(&self, rules: &Rules) -> bool {
        let k = rules.rows as u8;
        self.full[0] == k || self.full[1] == k
    }

    /// Whether this is an end position: a player has all rows full, or the player to move
    /// has no legal move.
    pub fn is_end(&self, rules: &Rules) -> bool {
        self.someone_all_full(rules) || self.moves(rules).is_empty()
    }

    /// Full rows of the player to move minus those of the opponent.
    #[inline]
    pub fn score(&self) -> i32 {
        let p = self.to_move as usize;
        i32::from(self.full[p]) - i32::from(self.full[p ^ 1])
    }

    /// Does a legal move `mv` (see [`Position::is_legal`]) and returns how to undo it.
    #[inline(always)]
    pub fn do_move(&mut self, rules: &Rules, mv: Move) -> Undo {
        let p = self.to_move as usize;
        let c = mv.color.index();
        let bowl = mv.bowl as usize;
        let tiles = self.bowls[bowl][c];
        let p_c = self.present[p][c] & rules.fit_mask(tiles);
        debug_assert!(tiles > 0 && p_c != 0, "do_move: illegal move {mv}");
        let fill = 7 - (p_c | 1).leading_zeros() as u8;
        let row = self.rows[p][c][fill as usize & 7].trailing_zeros() as u8;
        self.shift_row(p, c, row, fill, fill + tiles);
        if usize::from(fill + tiles) == rules.row_len {
            self.full[p] += 1;
        }
        self.bowls[bowl][c] = 0;
        let left = u32::from(self.bowls[bowl][c ^ 1]);
        let (taken, yellow) = rules.draw(self.drawn, rules.bowl_tiles as u32 - left);
        self.bowls[bowl][0] += yellow as u8;
        self.bowls[bowl][1] += (taken - yellow) as u8;
        self.drawn += taken;
        self.to_move ^= 1;
        Undo { mv, tiles, row, fill_before: fill, refilled: taken as u8, refilled_yellow: yellow as u8 }
    }

    /// Undoes the move `undo` came from; the position is then exactly as before it.
    #[inline(always)]
    pub fn undo_move(&mut self, rules: &Rules, undo: &Undo) {
        self.to_move ^= 1;
        let p = self.to_move as usize;
        let c = undo.mv.color.index();
        let bowl = undo.mv.bowl as usize;
        self.drawn -= u32::from(undo.refilled);
        self.bowls[bowl][0] -= undo.refilled_yellow;
        self.bowls[bowl][1] -= undo.refilled - undo.refilled_yellow;
        self.bowls[bowl][c] = undo.tiles;
        let after = undo.fill_before + undo.tiles;
        if usize::from(after) == rules.row_len {
            self.full[p] -= 1;
        }
        self.shift_row(p, c, undo.row, after, undo.fill_before);
    }

    #[inline(always)]
    fn shift_row(&mut self, p: usize, c: usize, row: u8, from: u8, to: u8) {
        self.remove_row(p, c, row, from);
        self.add_row(p, c, row, to);
    }

    #[inline(always)]
    fn remove_row(&mut self, p: usize, c: usize, row: u8, fill: u8) {
        let bit = !(1u16 << row);
        let f = fill as usize;
        if f == 0 {
            for color in 0..2 {
                self.rows[p][color][0] &= bit;
                if self.rows[p][color][0] == 0 {
                    self.present[p][color] &= !1;
                }
            }
        } else {
            self.rows[p][c][f] &= bit;
            if self.rows[p][c][f] == 0 {
                self.present[p][c] &= !(1 << f);
            }
        }
    }

    #[inline(always)]
    fn add_row(&mut self, p: usize, c: usize, row: u8, fill: u8) {
        let bit = 1u16 << row;
        let f = fill as usize;
        if f == 0 {
            for color in 0..2 {
                self.rows[p][color][0] |= bit;
                self.present[p][color] |= 1;
            }
        } else {
            self.rows[p][c][f] |= bit;
            self.present[p][c] |= 1 << f;
        }
    }
}

/// Every row of `player`, by index, as the board prints.
pub fn board(pos: &Position, rules: &Rules, player: usize) -> Vec<Row> {
    (0..rules.rows.min(MAX_ROWS)).map(|r| pos.row(player, r)).collect()
}
