//! A tile-game position drawn as SVG for the results' pictures: the bowls on top (each
//! bowl's yellow tiles, then its blue ones), below them both players' boards (row 1 at
//! the top, each row's tiles from the left). Yellow tiles are `#F0E442` with a black
//! `g`, blue tiles `#0072B2` with a white `b`, empty cells white: grey values 213, 87
//! and 255 of 255, and the letters, keep them apart in grey print and for colour-blind
//! readers.

use std::fmt::Write as _;

use super::position::Position;
use super::rules::{Color, Rules};

/// A yellow tile's fill.
pub const YELLOW: &str = "#F0E442";
/// A blue tile's fill.
pub const BLUE: &str = "#0072B2";

const CELL: u32 = 18;
const GAP: u32 = 12;

/// Draws one tile (or an empty cell, `None`) at `(x, y)`.
fn tile(svg: &mut String, x: u32, y: u32, color: Option<Color>) {
    let (fill, letter, ink) = match color {
        Some(Color::Yellow) => (YELLOW, "g", "#000"),
        Some(Color::Blue) => (BLUE, "b", "#fff"),
        None => ("#fff", "", "#000"),
    };
    let _ = write!(svg, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>");
    if !letter.is_empty() {
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"{ink}\">{letter}</text>",
            x + CELL / 2,
            y + CELL / 2
        );
    }
}

/// The grid lines of a `cols` x `rows` block of cells at `(x, y)`.
fn grid(lines: &mut String, (x, y): (u32, u32), cols: u32, rows: u32) {
    for r in 0..=rows {
        let _ = write!(lines, "M{x} {}h{}", y + r * CELL, cols * CELL);
    }
    for c in 0..=cols {
        let _ = write!(lines, "M{} {y}v{}", x + c * CELL, rows * CELL);
    }
}

/// The SVG of `pos` under `rules`, titled `title` and who is to move.
pub fn position_svg(rules: &Rules, pos: &Position, title: &str) -> String {
    let (bowls, n, k, l) = (rules.bowls as u32, rules.bowl_tiles as u32, rules.rows as u32, rules.row_len as u32);
    let bowls_w = bowls * n * CELL + bowls.saturating_sub(1) * GAP;
    let boards_w = 2 * l * CELL + 2 * GAP;
    let (w, label) = (bowls_w.max(boards_w), CELL);
    let boards_y = CELL + GAP + label;
    let h = boards_y + k * CELL;
    let mut svg = crate::report::figures::svg_start(w, h, &format!("{title}, player {} to move", pos.to_move() + 1));
    let mut lines = String::new();
    for b in 0..bowls {
        let x0 = b * (n * CELL + GAP);
        let (yellow, blue) = (pos.bowl(b as usize, Color::Yellow), pos.bowl(b as usize, Color::Blue));
        let tiles = std::iter::repeat_n(Some(Color::Yellow), usize::from(yellow))
            .chain(std::iter::repeat_n(Some(Color::Blue), usize::from(blue)))
            .chain(std::iter::repeat(None));
        for (i, color) in tiles.take(n as usize).enumerate() {
            tile(&mut svg, x0 + i as u32 * CELL, 0, color);
        }
        grid(&mut lines, (x0, 0), n, 1);
    }
    for player in 0..2u32 {
        let x0 = player * (l * CELL + 2 * GAP);
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"#000\">player {}</text>",
            x0 + l * CELL / 2,
            CELL + GAP + label / 2 - 2,
            player + 1
        );
        for r in 0..k {
            let row = pos.row(player as usize, r as usize);
            for c in 0..l {
                let color = if c < u32::from(row.fill) { row.color } else { None };
                tile(&mut svg, x0 + c * CELL, boards_y + r * CELL, color);
            }
        }
        grid(&mut lines, (x0, boards_y), l, k);
    }
    let _ = write!(svg, "<path d=\"{lines}\" stroke=\"#000\" stroke-width=\"1.5\" fill=\"none\"/>");
    svg.push_str("</svg>");
    svg
}

/// A plain picture name for the start of instance `name`: `start-spel1.txt`.
pub fn start_name(name: &str) -> String {
    let plain: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') { c } else { '-' }).collect();
    format!("start-{}", plain.trim_start_matches('.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_of_spel1_shows_its_bowls_and_empty_boards() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel/spel1.txt");
        let game = crate::tegel::load::load_file(&path).unwrap();
        let svg = position_svg(game.rules(), game.start(), "spel1.txt");
        let bowl_cells = game.rules().bowls * game.rules().bowl_tiles;
        let board_cells = 2 * game.rules().rows * game.rules().row_len;
        assert_eq!(svg.matches("<rect ").count(), bowl_cells + board_cells);
        let tiles = svg.matches(">g</text>").count() + svg.matches(">b</text>").count();
        let in_bowls: usize = (0..game.rules().bowls)
            .map(|b| usize::from(game.start().bowl(b, Color::Yellow) + game.start().bowl(b, Color::Blue)))
            .sum();
        let on_boards: usize = (0..2)
            .flat_map(|p| (0..game.rules().rows).map(move |r| (p, r)))
            .map(|(p, r)| usize::from(game.start().row(p, r).fill))
            .sum();
        assert_eq!(tiles, in_bowls + on_boards);
        assert!(svg.contains("player 1") && svg.contains("player 2"));
        assert_eq!(start_name("spel 1.txt"), "start-spel-1.txt");
    }
}
