//! A checkers position drawn as SVG for the results' pictures: the board with row 1 at
//! the bottom, light squares pale, dark squares mid-tone, black pieces dark discs and
//! white pieces white discs with a black rim, kings marked `K`. The four tones lie far
//! apart in grey value (luma 34, 145, 218, 255 of 255), so the picture reads the same in
//! grey print and for colour-blind readers.

use std::fmt::Write as _;

use super::by_size::{geometry, with_bits};
use super::geometry::{width_for, BoardSize, Color, Wide, Width};
use super::position::Position;

/// The light squares' fill.
pub const LIGHT: &str = "#F0D9B5";
/// The dark squares' fill.
pub const DARK: &str = "#B58863";
/// Black's pieces.
pub const BLACK: &str = "#222222";
/// White's pieces.
pub const WHITE: &str = "#FFFFFF";

const CELL: u32 = 24;

/// The SVG of the start position of `size`, its `<title>` saying what it shows.
pub fn start_svg(size: BoardSize) -> String {
    with_bits!(size, B => {
        let g = geometry::<B>(size);
        let p = Position::start(&g);
        let title = format!(
            "{size}: the start position ({} black pieces, dark; {} white pieces, light)",
            p.count(Color::Black),
            p.count(Color::White)
        );
        let pieces = |row: u8, col: u8| g.index(row, col).map(|i| p.piece_at(i));
        draw(size, &pieces, &title)
    })
}

/// The SVG of a position on `size` whose pieces `piece(row, col)` gives, titled `title`.
pub fn position_svg(size: BoardSize, piece: &dyn Fn(u8, u8) -> Option<super::position::Piece>, title: &str) -> String {
    draw(size, &|row, col| ((row + col) % 2 == 0).then(|| piece(row, col)), title)
}

/// The board of `size` with the pieces `at(row, col)` gives (`None`: a light square).
fn draw(size: BoardSize, at: &dyn Fn(u8, u8) -> Option<Option<super::position::Piece>>, title: &str) -> String {
    let (w, h) = (u32::from(size.cols) * CELL, u32::from(size.rows) * CELL);
    let mut svg = crate::report::figures::svg_start(w, h, title);
    for row in 0..size.rows {
        for col in 0..size.cols {
            let (x, y) = (u32::from(col) * CELL, (u32::from(size.rows) - 1 - u32::from(row)) * CELL);
            let square = at(row, col);
            let fill = if square.is_some() { DARK } else { LIGHT };
            let _ = write!(svg, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>");
            if let Some(Some(piece)) = square {
                let (cx, cy) = (x + CELL / 2, y + CELL / 2);
                let (fill, ink) = if piece.color == Color::Black { (BLACK, WHITE) } else { (WHITE, BLACK) };
                let _ = write!(
                    svg,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"1.5\"/>",
                    CELL * 2 / 5
                );
                if piece.king {
                    let _ = write!(svg, "<text x=\"{cx}\" y=\"{cy}\" font-size=\"12\" fill=\"{ink}\">K</text>");
                }
            }
        }
    }
    let _ = write!(svg, "<path d=\"M0 0h{w}v{h}h-{w}v-{h}\" stroke=\"#000\" stroke-width=\"2\" fill=\"none\"/>");
    svg.push_str("</svg>");
    svg
}

/// A plain picture name for `size`: `start-8x8-r3`.
pub fn start_name(size: BoardSize) -> String {
    format!("start-{}", size.to_string().replace(' ', "-"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_has_every_man_on_a_dark_square() {
        let size = BoardSize::standard();
        let svg = start_svg(size);
        assert_eq!(svg.matches("<rect ").count(), 64);
        assert_eq!(svg.matches(&format!("fill=\"{DARK}\"")).count(), 32);
        assert_eq!(svg.matches("<circle cx=\"0\"").count(), 0);
        assert_eq!(svg.matches(&format!("fill=\"{BLACK}\" stroke")).count(), 12);
        assert_eq!(svg.matches(&format!("fill=\"{WHITE}\" stroke")).count(), 12);
        assert!(svg.contains("8x8 r3: the start position (12 black pieces"), "{svg}");
        assert_eq!(start_name(size), "start-8x8-r3");
        let luma = |hex: &str| {
            let v = u32::from_str_radix(&hex[1..], 16).unwrap();
            0.299 * f64::from(v >> 16) + 0.587 * f64::from((v >> 8) & 255) + 0.114 * f64::from(v & 255)
        };
        let tones = [BLACK, DARK, LIGHT, WHITE].map(luma);
        assert!(tones.windows(2).all(|t| t[1] - t[0] >= 30.0), "{tones:?}");
    }
}
