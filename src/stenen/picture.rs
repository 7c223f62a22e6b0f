//! A tiling drawn as SVG: each stone filled in its own colour with its number printed in
//! it, thick lines between stones. The eight colours come from Okabe and Ito's and Paul
//! Tol's colour-blind-safe palettes, chosen so that their grey values (luma, Rec. 601)
//! lie at least 19 of 255 apart: they stay apart in grey print too. Stones 9 and up
//! repeat them; their numbers and borders tell them apart. Drawn for the results page's
//! and the report's pictures of found tilings.

use std::fmt::Write as _;

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
    let height = rows.len();
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    let at = |r: isize, c: isize| -> u8 {
        if r < 0 || c < 0 {
            return 0;
        }
        rows.get(r as usize).and_then(|row| row.get(c as usize)).copied().unwrap_or(0)
    };
    let (w, h) = (width as u32 * cell, height as u32 * cell);
    let mut svg = crate::report::figures::svg_start(w, h, title);
    let mut lines = String::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &n) in row.iter().enumerate() {
            let (x, y) = (c as u32 * cell, r as u32 * cell);
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
        "<path d=\"{lines}\" stroke=\"#000\" stroke-width=\"2.5\" fill=\"none\" stroke-linecap=\"square\"/>"
    );
    for (n, (r, c)) in label_cells(rows) {
        let (x, y) = (c as u32 * cell + cell / 2, r as u32 * cell + cell / 2);
        let _ = write!(
            svg,
            "<text x=\"{x}\" y=\"{y}\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{}\">{n}</text>",
            cell / 2,
            ink_on(stone_color(n))
        );
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
