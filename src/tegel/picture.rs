//! A tile-game position drawn as SVG for the results' pictures: the bowls on top (each
//! bowl's yellow tiles, then its blue ones), below them both players' boards (row 1 at
//! the top, each row's tiles from the left). Yellow tiles are `#F0E442` with a black
//! `g`, blue tiles `#0072B2` with a white `b`, empty cells white: grey values 213, 87
//! and 255 of 255, and the letters, keep them apart in grey print and for colour-blind
//! readers.

use std::fmt::Write as _;

use super::position::Position;
use super::rules::{Color, Move, Rules};

/// A yellow tile's fill.
pub const YELLOW: &str = "#F0E442";
/// A blue tile's fill.
pub const BLUE: &str = "#0072B2";

const CELL: u32 = 18;
const GAP: u32 = 12;
/// The width a board's heading takes: "player 1 (to move)" in bold 11 px sans-serif,
/// with room to spare. A board narrower than this stands centred in a column this wide,
/// so that its heading never passes the picture's edge.
const HEADING_PX: u32 = 130;

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

/// A position's drawing: its shapes (SVG elements) and its width and height in pixels.
struct Drawing {
    svg: String,
    width: u32,
    height: u32,
}

/// The tiles of the pot still to be drawn, next first, as rows of at most `per_row`.
fn pot_rows(rules: &Rules, pos: &Position, per_row: u32) -> Vec<Vec<Color>> {
    let left: Vec<Color> = rules.pot().iter().skip(pos.drawn()).copied().collect();
    left.chunks(per_row.max(1) as usize).map(<[Color]>::to_vec).collect()
}

/// Draws `pos` whole with its top-left corner at `(x0, y0)`: the pot (the tiles still to
/// be drawn, next first), the bowls, both players' boards (player 0 left, player 1 right,
/// as the assignment numbers them) and who is to move.
fn draw_position(rules: &Rules, pos: &Position, (x0, y0): (u32, u32)) -> Drawing {
    let (bowls, n, k, l) = (rules.bowls as u32, rules.bowl_tiles as u32, rules.rows as u32, rules.row_len as u32);
    let bowls_w = bowls * n * CELL + bowls.saturating_sub(1) * GAP;
    let column = (l * CELL).max(HEADING_PX);
    let boards_w = 2 * column + 2 * GAP;
    let w = bowls_w.max(boards_w).max(10 * CELL);
    let pot = pot_rows(rules, pos, w / CELL);
    let mut svg = String::new();
    let mut lines = String::new();
    let label = |svg: &mut String, x: u32, y: u32, text: &str| {
        let _ = write!(svg, "<text x=\"{x}\" y=\"{y}\" font-size=\"11\" fill=\"#000\">{text}</text>");
    };
    let pot_text = if pot.is_empty() { "pot: empty".to_string() } else { "pot (next tile first)".to_string() };
    label(&mut svg, x0 + w / 2, y0 + CELL / 2, &pot_text);
    let mut y = y0 + CELL;
    for row in &pot {
        for (i, &color) in row.iter().enumerate() {
            tile(&mut svg, x0 + i as u32 * CELL, y, Some(color));
        }
        grid(&mut lines, (x0, y), row.len() as u32, 1);
        y += CELL;
    }
    y += GAP / 2;
    label(&mut svg, x0 + w / 2, y + CELL / 2, "bowls");
    y += CELL;
    for b in 0..bowls {
        let bx = x0 + b * (n * CELL + GAP);
        let (yellow, blue) = (pos.bowl(b as usize, Color::Yellow), pos.bowl(b as usize, Color::Blue));
        let tiles = std::iter::repeat_n(Some(Color::Yellow), usize::from(yellow))
            .chain(std::iter::repeat_n(Some(Color::Blue), usize::from(blue)))
            .chain(std::iter::repeat(None));
        for (i, color) in tiles.take(n as usize).enumerate() {
            tile(&mut svg, bx + i as u32 * CELL, y, color);
        }
        grid(&mut lines, (bx, y), n, 1);
        // The bowl's number under it, as a move names it: (2,g) takes from bowl 2.
        label(&mut svg, bx + n * CELL / 2, y + CELL + CELL / 2, &b.to_string());
    }
    y += 2 * CELL + GAP / 2;
    let mover = pos.to_move() as u32;
    for player in 0..2u32 {
        let bx = x0 + player * (column + 2 * GAP) + (column - l * CELL) / 2;
        let text = if player == mover { format!("player {player} (to move)") } else { format!("player {player}") };
        label(&mut svg, bx + l * CELL / 2, y + CELL / 2, &text);
        for r in 0..k {
            let row = pos.row(player as usize, r as usize);
            for c in 0..l {
                let color = if c < u32::from(row.fill) { row.color } else { None };
                tile(&mut svg, bx + c * CELL, y + CELL + r * CELL, color);
            }
        }
        grid(&mut lines, (bx, y + CELL), l, k);
    }
    y += CELL + k * CELL;
    let _ = write!(svg, "<path d=\"{lines}\" stroke=\"#000\" stroke-width=\"1.5\" fill=\"none\"/>");
    Drawing { svg, width: w, height: y - y0 }
}

/// The SVG of `pos` under `rules`, drawn whole (pot, bowls, both boards), titled `title`
/// and who is to move (players numbered 0 and 1, as the assignment does).
pub fn position_svg(rules: &Rules, pos: &Position, title: &str) -> String {
    let d = draw_position(rules, pos, (0, 0));
    let title = format!("{title}, player {} to move", pos.to_move());
    let mut svg = crate::report::figures::svg_start(d.width, d.height, &title);
    svg.push_str(&d.svg);
    svg.push_str("</svg>");
    svg
}

/// A node of a small game tree: the position, the move that led to it (none at the root),
/// its besteScore value for the root's player to move, and its children.
struct Node {
    position: Position,
    via: Option<Move>,
    value: i32,
    children: Vec<Node>,
}

/// The most positions [`greedy_tree_svg`] draws.
pub const TREE_MAX: usize = 12;

/// The tree of every position reachable from `pos` (distinct moves), with values for
/// `root_player`; `None` when it has more than `budget` positions.
fn tree(rules: &Rules, pos: &Position, via: Option<Move>, root_player: usize, budget: &mut usize) -> Option<Node> {
    *budget = budget.checked_sub(1)?;
    let mut children = Vec::new();
    if !pos.is_end(rules) {
        for &mv in pos.moves(rules).as_slice() {
            let mut child = *pos;
            child.do_move(rules, mv);
            children.push(tree(rules, &child, Some(mv), root_player, budget)?);
        }
    }
    let for_root = |v: i32| if pos.to_move() == root_player { v } else { -v };
    let value = match children.iter().map(|c| for_root(c.value)).max() {
        None => for_root(pos.score()),
        Some(best_for_mover) => for_root(best_for_mover),
    };
    Some(Node { position: *pos, via, value, children })
}
/// Pixels between a row of the tree and the next, where the edges and their moves go.
const TREE_GAP: u32 = 90;
/// Pixels between two positions side by side in the tree.
const TREE_SIDE_GAP: u32 = 60;

/// The leaves below `node` (1 for a leaf): the columns it takes in the tree's drawing.
fn leaves(node: &Node) -> u32 {
    if node.children.is_empty() {
        1
    } else {
        node.children.iter().map(leaves).sum()
    }
}

/// Draws `node` and its subtree top-down: the node in row `depth`, centred over the
/// columns of its leaves from column `left` on (each `cell` = (width, height) of one
/// position with its value), and the edges down to its children labelled with their
/// moves; greedy's move from the root in orange-red, the better move in green. Returns
/// the top centre of the node's drawing.
fn draw_node(
    out: &mut String,
    rules: &Rules,
    node: &Node,
    (depth, left): (u32, u32),
    cell: (u32, u32),
    marks: &Marks,
) -> (u32, u32) {
    let (w, h) = cell;
    let column = w + TREE_SIDE_GAP;
    let span = leaves(node) * column - TREE_SIDE_GAP;
    let (x, y) = (left * column + span / 2 - w / 2, depth * (h + TREE_GAP));
    let d = draw_position(rules, &node.position, (x, y));
    out.push_str(&d.svg);
    // Large enough to read when the tree is scaled down to the page's width.
    let end = if node.children.is_empty() { ", end" } else { "" };
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"22\" fill=\"#000\">value {}{end}</text>",
        x + w / 2,
        y + d.height + 16,
        // A minus sign, as the text and the tables write a score.
        super::score_text::score(f64::from(node.value))
    );
    let mut child_left = left;
    for child in &node.children {
        let (x2, y2) = draw_node(out, rules, child, (depth + 1, child_left), cell, marks);
        child_left += leaves(child);
        let mv = child.via.map(|m| m.to_string()).unwrap_or_default();
        let (color, word) = if depth == 0 && Some(mv.as_str()) == marks.greedy.as_deref() {
            (GREEDY_COLOUR.1, " greedy")
        } else if depth == 0 && Some(mv.as_str()) == marks.better.as_deref() {
            (BETTER_COLOUR.1, " better")
        } else {
            ("#000", "")
        };
        let (x1, y1, y2) = (x + w / 2, y + h - 4, y2 - 4);
        let _ = write!(out, "<path d=\"M{x1} {y1}L{x2} {y2}\" stroke=\"{color}\" stroke-width=\"3\" fill=\"none\"/>");
        // The move beside its edge's middle, on the side the edge leans to (right of a
        // straight one), clear of the line: about 12 px a character at 22 px, centred 8 px
        // below the middle, and as far again as a slanted line moves sideways down to the
        // label's foot, about 20 px below the middle.
        let slant = 20 * x1.abs_diff(x2) / y2.saturating_sub(y1).max(1);
        let half = 6 * (mv.chars().count() + word.chars().count()) as u32 + 12 + slant;
        let middle = (x1 + x2) / 2;
        let label_x = if x2 < x1 { middle.saturating_sub(half) } else { middle + half };
        let _ = write!(
            out,
            "<text x=\"{label_x}\" y=\"{}\" font-size=\"22\" fill=\"{color}\">{mv}{word}</text>",
            (y1 + y2) / 2 + 8
        );
    }
    (x + w / 2, y)
}

/// The root's moves to mark: greedy's and the better one.
/// The colour of greedy's move in the tree: its name in the caption, its hex in the drawing.
pub const GREEDY_COLOUR: (&str, &str) = ("orange-red", "#d55e00");
/// The colour of the better move.
pub const BETTER_COLOUR: (&str, &str) = ("green", "#009e73");

struct Marks {
    greedy: Option<String>,
    better: Option<String>,
}

/// The small game tree of every position reachable from `pos` (at most [`TREE_MAX`]),
/// each drawn whole with its besteScore value for the player to move at the root, the
/// edges labelled with their moves, greedy's move from the root drawn in orange-red
/// (#d55e00) and the best move (when it differs) in green; `None` when more positions are reachable.
pub fn greedy_tree_svg(rules: &Rules, pos: &Position, title: &str) -> Option<String> {
    let mut budget = TREE_MAX;
    let root = tree(rules, pos, None, pos.to_move(), &mut budget)?;
    let greedy = super::greedy::greedy_move(rules, pos).map(|(m, _)| m);
    let better = root.children.iter().max_by_key(|c| c.value).and_then(|c| c.via).filter(|b| Some(*b) != greedy);
    let marks = Marks { greedy: greedy.map(|m| m.to_string()), better: better.map(|m| m.to_string()) };
    let one = draw_position(rules, pos, (0, 0));
    let cell = (one.width, one.height + 40);
    fn depth(n: &Node) -> u32 {
        1 + n.children.iter().map(depth).max().unwrap_or(0)
    }
    let (width, height) =
        (leaves(&root) * (cell.0 + TREE_SIDE_GAP) - TREE_SIDE_GAP, depth(&root) * (cell.1 + TREE_GAP) - TREE_GAP);
    let title = format!(
        "{title}: every reachable position with its value for the player to move at the root, player {} (greedy's move drawn in {} and labelled greedy, the better move in {} and labelled better)",
        pos.to_move(),
        GREEDY_COLOUR.0,
        BETTER_COLOUR.0
    );
    let mut svg = crate::report::figures::svg_start(width, height, &title);
    draw_node(&mut svg, rules, &root, (0, 0), cell, &marks);
    svg.push_str("</svg>");
    Some(svg)
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

    /// The greedy tree's caption names each colour as the drawing draws it: each colour
    /// word of the caption is drawn in its hex.
    #[test]
    fn the_greedy_trees_caption_names_the_colours_it_draws() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel/greedy.txt");
        let game = crate::tegel::load::load_file(&path).unwrap();
        let svg = greedy_tree_svg(game.rules(), game.start(), "greedy.txt").unwrap();
        let title = svg.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap();
        for (name, hex) in [GREEDY_COLOUR, BETTER_COLOUR] {
            assert!(title.contains(&format!("in {name}")), "{title}");
            assert!(svg.contains(&format!("stroke=\"{hex}\"")), "{name} is drawn {hex}");
        }
    }

    #[test]
    fn the_start_of_spel1_shows_its_bowls_and_empty_boards() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel/spel1.txt");
        let game = crate::tegel::load::load_file(&path).unwrap();
        let svg = position_svg(game.rules(), game.start(), "spel1.txt");
        let bowl_cells = game.rules().bowls * game.rules().bowl_tiles;
        let board_cells = 2 * game.rules().rows * game.rules().row_len;
        let pot = game.rules().pot().len() - game.start().drawn();
        assert_eq!(svg.matches("<rect ").count(), pot + bowl_cells + board_cells);
        let tiles = svg.matches(">g</text>").count() + svg.matches(">b</text>").count();
        let in_bowls: usize = (0..game.rules().bowls)
            .map(|b| usize::from(game.start().bowl(b, Color::Yellow) + game.start().bowl(b, Color::Blue)))
            .sum();
        let on_boards: usize = (0..2)
            .flat_map(|p| (0..game.rules().rows).map(move |r| (p, r)))
            .map(|(p, r)| usize::from(game.start().row(p, r).fill))
            .sum();
        assert_eq!(tiles, pot + in_bowls + on_boards);
        assert!(svg.contains("player 0") && svg.contains("player 1") && !svg.contains("player 2"));
        assert_eq!(start_name("spel 1.txt"), "start-spel-1.txt");
        // Every heading, centred at its x, fits inside the picture with its estimated width
        // (bold 11 px sans-serif, 7 px a character): spel1's boards are 90 px wide, their
        // "player 0 (to move)" wider.
        let picture = crate::report::figures::parse("start", &svg).unwrap();
        let (left, _, width, _) = picture.view;
        for shape in &picture.shapes {
            if let crate::report::figures::Shape::Text { x, text, .. } = shape {
                let half = 3.5 * text.chars().count() as f64;
                assert!(x - half >= left && x + half <= left + width, "`{text}` at x {x} passes the edge: {svg}");
            }
        }
    }

    #[test]
    fn the_greedy_tree_marks_greedy_and_the_better_move_with_every_value() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel/greedy.txt");
        let game = crate::tegel::load::load_file(&path).unwrap();
        let (rules, pos) = (game.rules(), game.position());
        let svg = greedy_tree_svg(rules, pos, "greedy.txt").expect("a small tree");
        let check = crate::tegel::greedy::check_greedy(rules, pos, &crate::search::budget::Budget::unlimited(), false)
            .unwrap()
            .unwrap();
        assert!(check.greedy_loses());
        // One drawing per position besteScore visits, each with its value.
        assert_eq!(svg.matches(">value ").count() as u64, check.positions);
        assert!(svg.contains(&format!(">{} greedy</text>", check.greedy)), "{svg}");
        assert!(svg.contains(&format!(">{} better</text>", check.best)), "{svg}");
        assert!(
            svg.contains(&format!(">value {}</text>", super::super::score_text::score(f64::from(check.best_score))))
        );
        crate::report::figures::parse("tree", &svg).expect("inside the report's vocabulary");
    }
}
