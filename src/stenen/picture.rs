//! A tiling drawn as SVG: each stone filled in its own colour with its number printed in
//! it, thick lines between stones. The eight colours come from Okabe and Ito's and Paul
//! Tol's colour-blind-safe palettes, chosen so that their grey values (luma, Rec. 601)
//! lie at least 19 of 255 apart: they stay apart in grey print too. Stones 9 and up
//! repeat them; their numbers and borders tell them apart. Drawn for the results page's
//! and the report's pictures of found tilings.

use std::fmt::Write as _;

use super::board::{Board, Placement};
use super::rules::Puzzle;

/// The stones' colours: Okabe and Ito's orange, yellow and vermillion ("Color Universal
/// Design", 2008) and Paul Tol's indigo, green, cyan, wine and olive (Tol, "Colour
/// Schemes", 2021), ordered so that stones 1, 2, 3, ... alternate light and dark.
pub const STONE_COLORS: [&str; 8] =
    ["#E69F00", "#332288", "#F0E442", "#228833", "#88CCEE", "#882255", "#999933", "#D55E00"];

/// The grey value (luma, Rec. 601, 0 to 255) of `#RRGGBB`.
pub fn luma(hex: &str) -> f64 {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    let (r, g, b) = (f64::from(v >> 16), f64::from((v >> 8) & 255), f64::from(v & 255));
    0.299 * r + 0.587 * g + 0.114 * b
}

/// The fill of stone `n` (1-based).
pub fn stone_color(n: u8) -> &'static str {
    STONE_COLORS[usize::from(n.max(1) - 1) % STONE_COLORS.len()]
}

/// Black or white, whichever reads better on `hex` (`#RRGGBB`).
fn ink_on(hex: &str) -> &'static str {
    if luma(hex) > 140.0 {
        "#000"
    } else {
        "#fff"
    }
}

/// The SVG of a board given as rows of stone numbers (0: an empty cell, drawn white),
/// `cell` pixels a side, with `title` as its accessible name. Rows of unequal length are
/// drawn as far as each goes.
pub fn tiling_svg(rows: &[Vec<u8>], cell: u32, title: &str) -> String {
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut svg = crate::report::figures::svg_start(width as u32 * cell, rows.len() as u32 * cell, title);
    draw_tiling(&mut svg, rows, cell, (0, 0), false);
    svg.push_str("</svg>");
    svg
}

/// The SVG of loose stones given as rows of stone numbers (0: nothing there, not drawn),
/// as [`tiling_svg`] draws a board.
pub fn stones_svg(rows: &[Vec<u8>], cell: u32, title: &str) -> String {
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut svg = crate::report::figures::svg_start(width as u32 * cell, rows.len() as u32 * cell, title);
    draw_tiling(&mut svg, rows, cell, (0, 0), true);
    svg.push_str("</svg>");
    svg
}

/// Draws the board `rows` with `cell`-pixel cells and its top-left corner at `(x0, y0)`:
/// each stone filled in its colour, thick lines between stones, each stone's number in it;
/// an empty cell white, or not drawn at all where `loose` (stones, not a board).
fn draw_tiling(svg: &mut String, rows: &[Vec<u8>], cell: u32, (x0, y0): (u32, u32), loose: bool) {
    let height = rows.len();
    let at = |r: isize, c: isize| -> u8 {
        if r < 0 || c < 0 {
            return 0;
        }
        rows.get(r as usize).and_then(|row| row.get(c as usize)).copied().unwrap_or(0)
    };
    let mut lines = String::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &n) in row.iter().enumerate() {
            if loose && n == 0 {
                continue;
            }
            let (x, y) = (x0 + c as u32 * cell, y0 + r as u32 * cell);
            let fill = if n == 0 { "#fff" } else { stone_color(n) };
            let _ = write!(svg, "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\"/>");
            let (ri, ci) = (r as isize, c as isize);
            if at(ri - 1, ci) != n || r == 0 {
                let _ = write!(lines, "M{x} {y}h{cell}");
            }
            if at(ri, ci - 1) != n || c == 0 {
                let _ = write!(lines, "M{x} {y}v{cell}");
            }
            if r + 1 == height || at(ri + 1, ci) != n {
                let _ = write!(lines, "M{x} {}h{cell}", y + cell);
            }
            if c + 1 == row.len() || at(ri, ci + 1) != n {
                let _ = write!(lines, "M{} {y}v{cell}", x + cell);
            }
        }
    }
    let _ = write!(
        svg,
        "<path d=\"{lines}\" stroke=\"#000\" stroke-width=\"{}\" fill=\"none\" stroke-linecap=\"square\"/>",
        if cell >= 20 { 2.5 } else { 1.5 }
    );
    for (n, (r, c)) in label_cells(rows) {
        let (x, y) = (x0 + c as u32 * cell + cell / 2, y0 + r as u32 * cell + cell / 2);
        let _ = write!(
            svg,
            "<text x=\"{x}\" y=\"{y}\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{}\">{n}</text>",
            cell / 2,
            ink_on(stone_color(n))
        );
    }
}

/// Every tiling of `game`'s empty board with the stones told apart (labelled), each as its
/// cells in row-major order; `None` when there are more than `max`. A plain walk over the
/// first empty cell, every stone and each of its distinct orientations: for the small
/// boards it is called on only.
pub fn labelled_tilings(game: &Puzzle, max: usize) -> Option<Vec<Vec<u8>>> {
    fn walk(game: &Puzzle, board: &mut Board, out: &mut Vec<Vec<u8>>, max: usize) -> bool {
        let Some(first) = board.cells().iter().position(|&c| c == 0) else {
            out.push(board.cells().to_vec());
            return out.len() <= max;
        };
        let (r, c) = (first / game.width, first % game.width);
        for stone in 1..=game.stone_count() {
            if board.is_placed(stone) {
                continue;
            }
            for &o in &game.stones[stone - 1].distinct {
                let (ar, ac) = game.stones[stone - 1].orientations[o].anchor();
                let (Some(row), Some(col)) = (r.checked_sub(ar), c.checked_sub(ac)) else { continue };
                if board.place(game, Placement { row, col, stone, orientation: o }).is_ok() {
                    let more = walk(game, board, out, max);
                    let _ = board.remove(stone);
                    if !more {
                        return false;
                    }
                }
            }
        }
        true
    }
    let mut out = Vec::new();
    walk(game, &mut Board::empty(game), &mut out, max).then_some(out)
}

/// A labelled tiling with identical stones made interchangeable: within each class of
/// identical stones, the stone whose first cell comes first gets the class's lowest
/// number, and so on. Two labelled tilings are the same distinct tiling exactly when this
/// gives the same cells.
pub fn canonical(game: &Puzzle, cells: &[u8]) -> Vec<u8> {
    let mut order: Vec<u8> = Vec::new();
    for &v in cells {
        if v != 0 && !order.contains(&v) {
            order.push(v);
        }
    }
    let mut rename = vec![0u8; game.stone_count() + 1];
    let mut used = vec![false; game.stone_count() + 1];
    for v in order {
        let class = game.class_of[usize::from(v) - 1];
        let to =
            (1..=game.stone_count()).find(|&s| game.class_of[s - 1] == class && !used[s]).unwrap_or(usize::from(v));
        used[to] = true;
        rename[usize::from(v)] = to as u8;
    }
    cells.iter().map(|&v| rename[usize::from(v)]).collect()
}

/// The tilings of a small board grouped by symmetry: the labelled tilings, the distinct
/// ones (identical stones interchangeable) and these split into classes, each class the
/// distinct tilings that the board's symmetries map onto one another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gallery {
    /// Number of labelled tilings (stones told apart).
    pub labelled: usize,
    /// The symmetry classes, each a list of distinct tilings (cells, row-major), the
    /// classes in order of their first tiling.
    pub classes: Vec<Vec<Vec<u8>>>,
}

impl Gallery {
    /// Number of distinct tilings.
    pub fn distinct(&self) -> usize {
        self.classes.iter().map(Vec::len).sum()
    }
}

/// Every tiling of `game`'s empty board grouped by symmetry ([`Gallery`]); `None` when
/// there are more than `max` labelled tilings.
pub fn gallery(game: &Puzzle, max: usize) -> Option<Gallery> {
    let labelled = labelled_tilings(game, max)?;
    let mut distinct: Vec<Vec<u8>> = labelled.iter().map(|t| canonical(game, t)).collect();
    distinct.sort();
    distinct.dedup();
    let symmetries = super::symmetry::board_symmetries(game.height, game.width);
    let mut classes: Vec<Vec<Vec<u8>>> = Vec::new();
    for t in &distinct {
        if classes.iter().any(|c| c.contains(t)) {
            continue;
        }
        let mut class = vec![t.clone()];
        for g in &symmetries {
            let mut image = vec![0u8; t.len()];
            for (i, &v) in t.iter().enumerate() {
                image[g[i]] = v;
            }
            let image = canonical(game, &image);
            if !class.contains(&image) {
                class.push(image);
            }
        }
        class.sort();
        classes.push(class);
    }
    Some(Gallery { labelled: labelled.len(), classes })
}

/// The picture of a [`Gallery`] of `game` named `name`: one line per symmetry class, its
/// distinct tilings side by side, the counts in the title.
pub fn gallery_svg(game: &Puzzle, gallery: &Gallery, name: &str) -> String {
    const CELL: u32 = 14;
    const GAP: u32 = 12;
    const LABEL: u32 = 18;
    let (bw, bh) = (game.width as u32 * CELL, game.height as u32 * CELL);
    let widest = gallery.classes.iter().map(Vec::len).max().unwrap_or(1) as u32;
    let width = (widest * (bw + GAP)).max(260);
    let height = gallery.classes.len() as u32 * (LABEL + bh + GAP);
    let title = format!(
        "{name}: the {} distinct tilings drawn (identical stones interchangeable; {} labelled, stones told apart), {} classes up to the board's symmetries: one line per class",
        gallery.distinct(),
        gallery.labelled,
        gallery.classes.len()
    );
    let mut svg = crate::report::figures::svg_start(width, height, &title);
    for (k, class) in gallery.classes.iter().enumerate() {
        let y = k as u32 * (LABEL + bh + GAP);
        let what = if class.len() == 1 { "1 tiling".to_string() } else { format!("{} tilings", class.len()) };
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#000\">class {}: {what}</text>",
            width / 2,
            y + LABEL / 2,
            k + 1
        );
        for (i, t) in class.iter().enumerate() {
            let rows: Vec<Vec<u8>> = t.chunks(game.width.max(1)).map(<[u8]>::to_vec).collect();
            draw_tiling(&mut svg, &rows, CELL, (i as u32 * (bw + GAP), y + LABEL), false);
        }
    }
    svg.push_str("</svg>");
    svg
}

/// For each stone on the board, ascending, the cell its number is printed in: of its
/// cells, the one nearest the stone's centre (the first in row-major order on a tie).
fn label_cells(rows: &[Vec<u8>]) -> Vec<(u8, (usize, usize))> {
    let mut cells: std::collections::BTreeMap<u8, Vec<(usize, usize)>> = std::collections::BTreeMap::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &n) in row.iter().enumerate().filter(|&(_, &n)| n != 0) {
            cells.entry(n).or_default().push((r, c));
        }
    }
    cells
        .into_iter()
        .map(|(n, mine)| {
            let k = mine.len() as f64;
            let (mr, mc) = mine.iter().fold((0.0, 0.0), |(a, b), &(r, c)| (a + r as f64 / k, b + c as f64 / k));
            let d = |&(r, c): &(usize, usize)| (r as f64 - mr).powi(2) + (c as f64 - mc).powi(2);
            let best = mine.iter().copied().fold(mine[0], |best, p| if d(&p) < d(&best) { p } else { best });
            (n, best)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stone_gets_its_colour_its_number_and_a_border() {
        // The 4x5 tiling the smart search finds first with stenen1.
        let rows = vec![vec![1, 4, 4, 4, 4], vec![1, 1, 1, 3, 2], vec![5, 5, 3, 3, 2], vec![5, 5, 3, 2, 2]];
        let svg = tiling_svg(&rows, 20, "4x5 <stenen1>");
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>"));
        assert!(svg.contains("<title>4x5 &lt;stenen1&gt;</title>"));
        assert_eq!(svg.matches("<rect ").count(), 20);
        for (n, color) in [(1, "#E69F00"), (2, "#332288"), (3, "#F0E442"), (4, "#228833"), (5, "#88CCEE")] {
            assert_eq!(svg.matches(&format!("fill=\"{color}\"")).count(), 4, "stone {n}");
            assert_eq!(svg.matches(&format!(">{n}</text>")).count(), 1, "stone {n}");
        }
        // The O's number sits in one of its cells, the border runs between the stones only.
        assert_eq!(label_cells(&rows)[4], (5, (2, 0)));
        assert!(svg.contains("M0 0h20") && !svg.contains("M0 60h20"), "no line inside the O");
        assert_eq!(ink_on("#332288"), "#fff");
        assert_eq!(ink_on("#F0E442"), "#000");
        assert_eq!(stone_color(9), stone_color(1));
    }

    #[test]
    fn loose_stones_draw_no_empty_cell() {
        let rows = vec![vec![1, 0, 2], vec![1, 0, 2]];
        let svg = stones_svg(&rows, 20, "stones");
        assert_eq!(svg.matches("<rect ").count(), 4, "the stones' cells alone");
        assert!(!svg.contains("fill=\"#fff\"/>"), "no white cell: {svg}");
        assert_eq!(tiling_svg(&rows, 20, "board").matches("<rect ").count(), 6);
    }

    #[test]
    fn the_4x5_board_with_stenen1_has_every_tiling_in_its_symmetry_class() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/stenen/stenen1.in");
        let game = crate::stenen::rules::load_puzzle(4, 5, &path).unwrap();
        let g = gallery(&game, 1000).unwrap();
        let board = Board::empty(&game);
        let budget = crate::search::budget::Budget::unlimited();
        let count = crate::stenen::count(&game, &board, crate::stenen::outcome::Mode::Smart, false, &budget).unwrap();
        assert_eq!(g.labelled as u128, count.labelled);
        assert_eq!(g.distinct() as u64, count.distinct);
        let up_to = crate::stenen::symmetry::up_to_symmetry(&game, &board, count.distinct, &budget).unwrap();
        assert_eq!(g.classes.len() as u64, up_to);
        // A class holds at most as many tilings as the rectangle has symmetries.
        assert!(g.classes.iter().all(|c| (1..=4).contains(&c.len())));
        let svg = gallery_svg(&game, &g, "4x5 stenen1");
        assert_eq!(svg.matches("<rect ").count(), 20 * g.distinct());
        // The caption's counts are the drawing's: as many tilings and class lines as drawn.
        let drawn = svg.matches("<rect ").count() / 20;
        assert!(svg.contains(&format!("the {drawn} distinct tilings drawn")), "{svg}");
        assert!(svg.contains(&format!("{} classes", svg.matches(">class ").count())));
        crate::report::figures::parse("gallery", &svg).unwrap();
        assert!(gallery(&game, 3).is_none(), "more than 3 tilings");
    }

    #[test]
    fn the_colours_stay_apart_in_grey() {
        for (i, a) in STONE_COLORS.iter().enumerate() {
            for b in &STONE_COLORS[i + 1..] {
                let gap = (luma(a) - luma(b)).abs();
                assert!(gap >= 19.0, "{a} and {b} are {gap:.1} of 255 apart in grey");
            }
            // The number printed on each colour contrasts with it.
            let ink = if ink_on(a) == "#000" { 0.0 } else { 255.0 };
            assert!((luma(a) - ink).abs() >= 90.0, "{a}");
        }
    }
}
