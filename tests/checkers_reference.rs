//! The bitboard move generator against an independent, deliberately naive one (a 2-D
//! array, square-by-square rules straight from the spec) on random positions with men
//! and kings of both colours, for board shapes from 3x3 to 16x16 and all three bit-set
//! widths: both must list exactly the same moves (as text, every distinct path once).

use harness::checkers::geometry::Wide;
use harness::checkers::geometry::{width_for, Color, Geometry, Width};
use harness::checkers::moves::legal_moves;
use harness::checkers::position::{Piece, Position};
use harness::search::bits::Bits;
use proptest::prelude::*;

type Board = Vec<Vec<Option<Piece>>>;

fn name(row: usize, col: usize) -> String {
    format!("{}{}", (b'a' + col as u8) as char, row + 1)
}

/// Every legal move of `side` on `board` (rows from the bottom), as text, sorted.
fn reference_moves(board: &Board, side: Color) -> Vec<String> {
    let (m, n) = (board.len() as i32, board[0].len() as i32);
    let fwd = if side == Color::Black { 1 } else { -1 };
    let mut captures = Vec::new();
    let mut steps = Vec::new();
    for r in 0..m {
        for c in 0..n {
            let Some(p) = board[r as usize][c as usize] else { continue };
            if p.color != side {
                continue;
            }
            let dirs: Vec<(i32, i32)> =
                if p.king { vec![(1, 1), (1, -1), (-1, 1), (-1, -1)] } else { vec![(fwd, 1), (fwd, -1)] };
            let mut path = vec![(r, c)];
            jumps(board, side, p.king, (r, c), &dirs, &mut path, &mut Vec::new(), &mut captures);
            for &(dr, dc) in &dirs {
                let (r2, c2) = (r + dr, c + dc);
                if r2 >= 0 && r2 < m && c2 >= 0 && c2 < n && board[r2 as usize][c2 as usize].is_none() {
                    steps.push(format!("{}-{}", name(r as usize, c as usize), name(r2 as usize, c2 as usize)));
                }
            }
        }
    }
    let mut out = if captures.is_empty() { steps } else { captures };
    out.sort();
    out
}

#[allow(clippy::too_many_arguments)]
fn jumps(
    board: &Board,
    side: Color,
    king: bool,
    origin: (i32, i32),
    dirs: &[(i32, i32)],
    path: &mut Vec<(i32, i32)>,
    taken: &mut Vec<(i32, i32)>,
    out: &mut Vec<String>,
) {
    let (m, n) = (board.len() as i32, board[0].len() as i32);
    let (r, c) = *path.last().unwrap();
    let mut extended = false;
    for &(dr, dc) in dirs {
        let (or, oc) = (r + dr, c + dc);
        let (lr, lc) = (r + 2 * dr, c + 2 * dc);
        if lr < 0 || lr >= m || lc < 0 || lc >= n {
            continue;
        }
        let over = board[or as usize][oc as usize];
        if over.is_none_or(|p| p.color == side) || taken.contains(&(or, oc)) {
            continue;
        }
        let landing_free = board[lr as usize][lc as usize].is_none() || (lr, lc) == origin;
        if !landing_free {
            continue;
        }
        extended = true;
        path.push((lr, lc));
        taken.push((or, oc));
        let crowned = !king && lr == if side == Color::Black { m - 1 } else { 0 };
        if crowned {
            out.push(text(path));
        } else {
            jumps(board, side, king, origin, dirs, path, taken, out);
        }
        path.pop();
        taken.pop();
    }
    if !extended && path.len() > 1 {
        out.push(text(path));
    }
}

fn text(path: &[(i32, i32)]) -> String {
    path.iter().map(|&(r, c)| name(r as usize, c as usize)).collect::<Vec<_>>().join("x")
}

fn engine_moves<B: Bits>(m: u8, n: u8, board: &Board, side: Color) -> Vec<String> {
    let g = Geometry::<B>::new(m, n, 1).unwrap();
    let mut p = Position::empty(side);
    for (r, row) in board.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if let Some(piece) = cell {
                p.put(g.index(r as u8, c as u8).unwrap(), *piece);
            }
        }
    }
    let mut v: Vec<String> = legal_moves::<B, true>(&g, &p).iter().map(|mv| mv.text(&g)).collect();
    v.sort();
    v
}

/// A random position: each dark square empty or holding a man or king of either colour.
fn board_from(m: u8, n: u8, cells: &[u8]) -> Board {
    let mut board = vec![vec![None; n as usize]; m as usize];
    let mut k = 0;
    for (r, row) in board.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            if (r + c) % 2 == 0 {
                let v = cells[k % cells.len()];
                k += 1;
                *cell = match v % 10 {
                    0 | 1 => Some(Piece { color: Color::Black, king: false }),
                    2 | 3 => Some(Piece { color: Color::White, king: false }),
                    4 => Some(Piece { color: Color::Black, king: true }),
                    5 => Some(Piece { color: Color::White, king: true }),
                    _ => None,
                };
            }
        }
    }
    board
}

fn check(m: u8, n: u8, cells: &[u8]) {
    let board = board_from(m, n, cells);
    for side in [Color::Black, Color::White] {
        let expected = reference_moves(&board, side);
        let wide = engine_moves::<Wide>(m, n, &board, side);
        assert_eq!(wide, expected, "{m}x{n} {side:?}");
        match width_for(m, n) {
            Width::W64 => assert_eq!(engine_moves::<u64>(m, n, &board, side), expected, "{m}x{n} u64"),
            Width::W128 => assert_eq!(engine_moves::<u128>(m, n, &board, side), expected, "{m}x{n} u128"),
            Width::Wide => {}
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn engine_lists_exactly_the_reference_moves(
        m in 3u8..=16, n in 3u8..=16, cells in prop::collection::vec(0u8..=255, 1..=128)
    ) {
        check(m, n, &cells);
    }
}

/// Dense king positions give long multi-jump trees with round trips.
#[test]
fn dense_king_positions_agree() {
    for (m, n) in [(8, 8), (7, 9), (10, 10), (5, 11), (16, 16), (16, 15)] {
        for seed in 0..40u32 {
            let cells: Vec<u8> = (0..128u32)
                .map(|i| [4u8, 5, 2, 3, 6, 7, 0, 1][((i * 7 + seed * 13) ^ (seed >> 1)) as usize % 8])
                .collect();
            check(m, n, &cells);
        }
    }
}
