//! Move generation under the spec's rules: men step and capture forward only, kings one
//! square in all four directions, capture mandatory with free choice among captures,
//! multi-jumps (each piece jumped at most once; jumped pieces stay on the board until
//! the move ends), a man crowned during a jump stops there, and every distinct path of
//! squares is a distinct move. `MULTI = false` gives the continuation-count variant: a
//! capture is a single jump.
//!
//! Moves are written as their squares joined by `-` (a step) or `x` (captures):
//! `c3-d4`, `c3xe5xg7`.

use super::geometry::{dir, Color, Geometry};
pub use super::move_value::{Move, MAX_JUMPS};
use super::position::Position;
use crate::base::text::excerpt;
use crate::search::bits::Bits;

/// The pieces of the side to move that may step or jump in each direction.
#[inline(always)]
fn movers<B: Bits>(p: &Position<B>) -> [B; 4] {
    let own = p.pieces[p.side.index()];
    let kings = own & p.kings;
    match p.side {
        Color::Black => [own, own, kings, kings],
        Color::White => [kings, kings, own, own],
    }
}

/// The pieces of the side to move that can capture, per direction of the first jump.
#[inline(always)]
fn jumpers<B: Bits>(g: &Geometry<B>, p: &Position<B>, empty: B) -> [B; 4] {
    let opp = p.pieces[p.side.other().index()];
    let m = movers(p);
    let mut out = [B::ZERO; 4];
    for d in 0..4 {
        let back = dir::OPPOSITE[d];
        out[d] = m[d] & g.step(g.step(empty, back) & opp, back);
    }
    out
}

/// Empty board squares.
#[inline(always)]
fn empty<B: Bits>(g: &Geometry<B>, p: &Position<B>) -> B {
    g.valid & !(p.pieces[0] | p.pieces[1])
}

/// The state of a capture path being extended.
#[derive(Clone, Copy)]
struct Path<B> {
    from: u32,
    at: u32,
    jumps: u8,
    dirs: u128,
    captured: B,
}

/// Calls `emit` with every legal move of the side to move (full rules when `MULTI`, the
/// single-jump variant otherwise). Order: captures by starting square, then direction
/// of each jump; steps by direction, then square.
#[inline]
pub fn generate<B: Bits, const MULTI: bool>(g: &Geometry<B>, p: &Position<B>, emit: &mut impl FnMut(&Move<B>)) {
    let empty = empty(g, p);
    let jump = jumpers(g, p, empty);
    let any_jumper = jump[0] | jump[1] | jump[2] | jump[3];
    if any_jumper.any() {
        let opp = p.pieces[p.side.other().index()];
        for from in any_jumper.iter() {
            let king = p.kings.has(from);
            let start = Path { from, at: from, jumps: 0, dirs: 0, captured: B::ZERO };
            extend::<B, MULTI>(g, p.side, king, opp, empty | B::bit(from), start, &mut |path, promotes| {
                emit(&Move {
                    from: path.from as u8,
                    to: path.at as u8,
                    jumps: path.jumps,
                    promotes,
                    dirs: path.dirs,
                    captured: path.captured,
                })
            });
        }
        return;
    }
    let m = movers(p);
    let crown = g.crown[p.side.index()];
    for (d, &movers_d) in m.iter().enumerate() {
        for to in (g.step(movers_d, d) & empty).iter() {
            let from = g.step(B::bit(to), dir::OPPOSITE[d]).lowest();
            let promotes = !p.kings.has(from) && crown.has(to);
            emit(&Move { from: from as u8, to: to as u8, jumps: 0, promotes, dirs: 0, captured: B::ZERO });
        }
    }
}

/// Extends a capture path by every possible next jump; `done(path, promotes)` receives
/// each finished path. `empty` counts the moving piece's start square as empty; jumped
/// pieces stay in `opp` (not empty, not jumpable again) until the move ends.
#[inline]
fn extend<B: Bits, const MULTI: bool>(
    g: &Geometry<B>,
    side: Color,
    king: bool,
    opp: B,
    empty: B,
    path: Path<B>,
    done: &mut impl FnMut(&Path<B>, bool),
) {
    let fwd = side.forward();
    let here = B::bit(path.at);
    let mut extended = false;
    for d in 0..4 {
        if !king && d != fwd[0] && d != fwd[1] {
            continue;
        }
        let over = g.step(here, d) & opp & !path.captured;
        if over.is_empty() {
            continue;
        }
        let land = g.step(over, d) & empty;
        if land.is_empty() {
            continue;
        }
        extended = true;
        let next = Path {
            from: path.from,
            at: land.lowest(),
            jumps: path.jumps + 1,
            dirs: path.dirs | ((d as u128) << (2 * path.jumps)),
            captured: path.captured | over,
        };
        let crowned = !king && (land & g.crown[side.index()]).any();
        if crowned || !MULTI || next.jumps == MAX_JUMPS {
            done(&next, crowned);
        } else {
            extend::<B, MULTI>(g, side, king, opp, empty, next, done);
        }
    }
    if !extended && path.jumps > 0 {
        done(&path, false);
    }
}

/// Number of legal moves (full rules when `MULTI`), without building them (perft's bulk
/// counting). Steps are counted by population count. A man never jumps backward, so
/// whether it can jump again from a landing square does not depend on the path so far:
/// men's jumps that end at once are counted setwise too, and only continuing jumps and
/// kings' captures are walked square by square.
#[inline]
pub fn count_moves<B: Bits, const MULTI: bool>(g: &Geometry<B>, p: &Position<B>) -> u64 {
    let us = p.side;
    let own = p.pieces[us.index()];
    let opp = p.pieces[us.other().index()];
    let empty = g.valid & !(own | opp);
    let kings = own & p.kings;
    let men = own & !p.kings;
    let fwd = us.forward();
    // Squares from which a forward jump exists, per forward direction.
    let jump_from = fwd.map(|d| {
        let back = dir::OPPOSITE[d];
        g.step(g.step(empty, back) & opp, back)
    });
    let can_jump = jump_from[0] | jump_from[1];
    let king_jumpers = if kings.any() {
        let mut k = B::ZERO;
        for (d, &back) in dir::OPPOSITE.iter().enumerate() {
            if d != fwd[0] && d != fwd[1] {
                k |= g.step(g.step(empty, back) & opp, back);
            }
        }
        kings & (k | can_jump)
    } else {
        B::ZERO
    };
    if (men & can_jump).any() || king_jumpers.any() {
        return count_men_jumps::<B, MULTI>(g, us, men, opp, empty, jump_from, can_jump)
            + count_king_jumps::<B, MULTI>(g, us, king_jumpers, opp, empty);
    }
    let mut n = 0;
    for d in fwd {
        n += u64::from((g.step(own, d) & empty).count());
    }
    if kings.any() {
        for (d, _) in dir::OPPOSITE.iter().enumerate() {
            if d != fwd[0] && d != fwd[1] {
                n += u64::from((g.step(kings, d) & empty).count());
            }
        }
    }
    n
}

#[inline(always)]
fn count_men_jumps<B: Bits, const MULTI: bool>(
    g: &Geometry<B>,
    us: Color,
    men: B,
    opp: B,
    empty: B,
    jump_from: [B; 2],
    can_jump: B,
) -> u64 {
    let crown = g.crown[us.index()];
    let mut n = 0;
    for (k, d) in us.forward().into_iter().enumerate() {
        let land = g.step(g.step(men & jump_from[k], d), d);
        if !MULTI {
            n += u64::from(land.count());
            continue;
        }
        let ends = land & (crown | !can_jump);
        n += u64::from(ends.count());
        let back = dir::OPPOSITE[d];
        for at in (land & !ends).iter() {
            let over = g.step(B::bit(at), back);
            let from = g.step(over, back).lowest();
            let path = Path { from, at, jumps: 1, dirs: d as u128, captured: over };
            extend::<B, MULTI>(g, us, false, opp, empty | B::bit(from), path, &mut |_, _| n += 1);
        }
    }
    n
}

#[inline(always)]
fn count_king_jumps<B: Bits, const MULTI: bool>(g: &Geometry<B>, us: Color, jumpers: B, opp: B, empty: B) -> u64 {
    let mut n = 0;
    for from in jumpers.iter() {
        let start = Path { from, at: from, jumps: 0, dirs: 0, captured: B::ZERO };
        extend::<B, MULTI>(g, us, true, opp, empty | B::bit(from), start, &mut |_, _| n += 1);
    }
    n
}

/// The empty squares of `p` when the side to move has no capture (then its steps are all
/// its moves); `None` when it has one.
#[inline(always)]
fn empty_if_no_capture<B: Bits>(g: &Geometry<B>, p: &Position<B>) -> Option<B> {
    let empty = empty(g, p);
    let jump = jumpers(g, p, empty);
    (jump[0] | jump[1] | jump[2] | jump[3]).is_empty().then_some(empty)
}

/// Calls `step(from, to)`, each a one-square set, for every step of a piece of `movers`
/// (per direction, as [`movers`] gives them) to an `empty` square, direction by direction.
#[inline(always)]
fn for_each_step_squares<B: Bits>(g: &Geometry<B>, movers: &[B; 4], empty: B, step: &mut impl FnMut(B, B)) {
    for (d, &movers_d) in movers.iter().enumerate() {
        if movers_d.is_empty() {
            continue;
        }
        let back = dir::OPPOSITE[d];
        for to in (g.step(movers_d, d) & empty).iter() {
            let to_b = B::bit(to);
            step(g.step(to_b, back), to_b);
        }
    }
}

/// The kings after a step from `from` to `to` (one-square sets): a king moves along, a
/// man that reaches `crown` is crowned.
#[inline(always)]
fn kings_after_step<B: Bits>(kings: B, crown: B, from: B, to: B) -> B {
    if (kings & from).any() {
        (kings & !from) | to
    } else if (crown & to).any() {
        kings | to
    } else {
        kings
    }
}

/// Calls `visit` with the position after every legal step, when the side to move has
/// no capture (then steps are all its moves), and returns `true`; returns `false`
/// without calling it when a capture exists. Steps are played setwise, without
/// building [`Move`]s (perft's last-but-one ply).
#[inline(always)]
pub fn for_each_step<B: Bits>(g: &Geometry<B>, p: &Position<B>, visit: &mut impl FnMut(&Position<B>)) -> bool {
    let Some(empty) = empty_if_no_capture(g, p) else { return false };
    let crown = g.crown[p.side.index()];
    let (own, opp) = p.own_and_opponent();
    for_each_step_squares(g, &movers(p), empty, &mut |from_b, to_b| {
        let kings = kings_after_step(p.kings, crown, from_b, to_b);
        visit(&p.with((own & !from_b) | to_b, opp, kings));
    });
    true
}

/// Perft to depth 2 of `p` when the side to move has no capture (then its steps are all
/// its moves): `Some((leaves, children))`, the leaves being the full-rule moves of every
/// child. `None` when a capture exists. The children are not built: a step from `f` to
/// `t` changes only the two squares, so each child's captures and steps are read off
/// the parent's sets with `f` and `t` toggled; a child where the opponent can capture
/// (rarer) is built and counted by [`count_moves`]. Whether the moving piece is crowned
/// does not change the opponent's moves.
#[inline]
pub fn perft2_steps<B: Bits>(g: &Geometry<B>, p: &Position<B>) -> Option<(u64, u64)> {
    let empty = empty_if_no_capture(g, p)?;
    let crown = g.crown[p.side.index()];
    let (ours, opp) = p.own_and_opponent();
    let theirs = movers(&Position { side: p.side.other(), ..*p });
    let their_kings = (theirs[0] & theirs[2]).any();
    let their_fwd = p.side.other().forward();
    let (mut leaves, mut children) = (0u64, 0u64);
    for_each_step_squares(g, &movers(p), empty, &mut |f, t| {
        let ft = f | t;
        let (ours_c, empty_c) = (ours ^ ft, empty ^ ft);
        children += 1;
        let mut captures = B::ZERO;
        let mut steps = 0;
        let mut count_dir = |e: usize| {
            let b = dir::OPPOSITE[e];
            captures |= theirs[e] & g.step(g.step(empty_c, b) & ours_c, b);
            steps += (g.step(theirs[e], e) & empty_c).count();
        };
        if their_kings {
            (0..4).for_each(&mut count_dir);
        } else {
            their_fwd.into_iter().for_each(&mut count_dir);
        }
        if captures.is_empty() {
            leaves += u64::from(steps);
        } else {
            let kings = kings_after_step(p.kings, crown, f, t);
            leaves += count_moves::<B, true>(g, &p.with(ours_c, opp, kings));
        }
    });
    Some((leaves, children))
}

/// Every legal move (full rules when `MULTI`), in [`generate`]'s order.
pub fn legal_moves<B: Bits, const MULTI: bool>(g: &Geometry<B>, p: &Position<B>) -> Vec<Move<B>> {
    let mut out = Vec::new();
    generate::<B, MULTI>(g, p, &mut |m| out.push(*m));
    out
}

/// Parses a typed move (`c3-d4`, `c3xe5xg7`, separators `-` or `x`, spaces ignored) and
/// finds it among `legal`, the legal moves of `p`. The error names the rule the move
/// breaks: malformed text, no piece or the opponent's piece on the first square, an
/// occupied square, a man going backward, a hop that is neither a diagonal step nor a
/// jump, nothing (or one's own piece) to jump, a step while a capture is mandatory, an
/// incomplete multi-jump.
pub fn parse_move<B: Bits>(g: &Geometry<B>, p: &Position<B>, legal: &[Move<B>], text: &str) -> Result<Move<B>, String> {
    let shown = excerpt(text);
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
    if cleaned.is_empty() {
        return Err("empty move".to_string());
    }
    let parts: Vec<&str> = cleaned.split(['-', 'x']).collect();
    if parts.len() < 2 {
        return Err(format!("`{shown}` is not a move: write squares joined by - or x, like c3-d4 or c3xe5"));
    }
    let squares = parts.iter().map(|s| g.parse_square(s)).collect::<Result<Vec<u32>, String>>()?;
    if let Some(m) = legal.iter().find(|m| m.path(g) == squares) {
        return Ok(*m);
    }
    if legal.is_empty() {
        return Err("no legal moves: the game is over".to_string());
    }
    if legal.iter().any(|m| m.path(g).starts_with(&squares)) {
        return Err(format!("`{shown}` stops too early: the piece must keep jumping while it can"));
    }
    if let Some(rule) = broken_rule(g, p, &squares) {
        return Err(format!("`{shown}` is not legal: {rule}"));
    }
    let is_step = squares.len() == 2 && (0..4).any(|d| g.neighbour(squares[0], d) == Some(squares[1]));
    if is_step && legal.iter().any(|m| m.is_capture()) {
        return Err(format!("`{shown}` is not legal: capturing is mandatory"));
    }
    Err(format!("`{shown}` is not a legal move here"))
}

/// The first rule the path of `squares` breaks in `p`, hop by hop, if any is found.
fn broken_rule<B: Bits>(g: &Geometry<B>, p: &Position<B>, squares: &[u32]) -> Option<String> {
    let (from, mover) = (squares[0], p.side);
    let piece = match p.piece_at(from) {
        None => return Some(format!("there is no piece on {}", g.name(from))),
        Some(pc) if pc.color != mover => {
            return Some(format!("{} holds a {} piece and {} is to move", g.name(from), pc.color.name(), mover.name()))
        }
        Some(pc) => pc,
    };
    let mut at = from;
    for &to in &squares[1..] {
        let over = |d: usize| g.neighbour(at, d).and_then(|m| g.neighbour(m, d));
        let step = (0..4).find(|&d| g.neighbour(at, d) == Some(to));
        let Some(d) = step.or_else(|| (0..4).find(|&d| over(d) == Some(to))) else {
            return Some(format!(
                "{} to {} is neither a diagonal step nor a jump over the adjacent square",
                g.name(at),
                g.name(to)
            ));
        };
        if !piece.king && !mover.forward().contains(&d) {
            let way = if mover == Color::Black { "up" } else { "down" };
            return Some(format!("a man moves and captures only forward ({way} for {})", mover.name()));
        }
        if to != from && p.piece_at(to).is_some() {
            return Some(format!("{} is occupied", g.name(to)));
        }
        if step.is_some() {
            return (squares.len() > 2).then(|| "a step cannot continue: only captures chain".to_string());
        }
        let middle = g.neighbour(at, d)?;
        match p.piece_at(middle) {
            None => return Some(format!("there is no piece on {} to capture", g.name(middle))),
            Some(pc) if pc.color == mover => return Some(format!("{} is your own piece", g.name(middle))),
            Some(_) => {}
        }
        at = to;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::position::Piece;

    fn g8() -> Geometry<u64> {
        Geometry::new(8, 8, 3).unwrap()
    }

    fn sq(g: &Geometry<u64>, name: &str) -> u32 {
        g.parse_square(name).unwrap()
    }

    /// A position from piece lists: `B`/`W` men, `BK`/`WK` kings, e.g. `["c3"]`.
    fn pos(g: &Geometry<u64>, side: Color, black: &[&str], white: &[&str], bk: &[&str], wk: &[&str]) -> Position<u64> {
        let mut p = Position::empty(side);
        for (names, color, king) in [
            (black, Color::Black, false),
            (white, Color::White, false),
            (bk, Color::Black, true),
            (wk, Color::White, true),
        ] {
            for n in names {
                p.put(sq(g, n), Piece { color, king });
            }
        }
        p
    }

    fn texts(g: &Geometry<u64>, p: &Position<u64>) -> Vec<String> {
        let mut v: Vec<String> = legal_moves::<u64, true>(g, p).iter().map(|m| m.text(g)).collect();
        v.sort();
        v
    }

    #[test]
    fn start_position_has_seven_steps() {
        let g = g8();
        let p = Position::start(&g);
        assert_eq!(texts(&g, &p), ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]);
        assert_eq!(count_moves::<u64, true>(&g, &p), 7);
    }

    #[test]
    fn capture_is_forced() {
        let g = g8();
        let p = pos(&g, Color::Black, &["c3", "a1"], &["d4"], &[], &[]);
        assert_eq!(texts(&g, &p), ["c3xe5"]);
    }

    #[test]
    fn free_choice_among_captures_no_majority_rule() {
        let g = g8();
        // c3 can take two pieces (d4, f6), e3 only one (d4): both are legal.
        let p = pos(&g, Color::Black, &["c3", "e3"], &["d4", "f6"], &[], &[]);
        assert_eq!(texts(&g, &p), ["c3xe5xg7", "e3xc5"]);
    }

    #[test]
    fn multi_jump_must_continue_and_branches_are_distinct_moves() {
        let g = g8();
        let p = pos(&g, Color::Black, &["a1"], &["b2", "b4", "d4"], &[], &[]);
        assert_eq!(texts(&g, &p), ["a1xc3xa5", "a1xc3xe5"]);
        let legal = legal_moves::<u64, true>(&g, &p);
        assert!(parse_move(&g, &p, &legal, "a1xc3").unwrap_err().contains("keep jumping"));
    }

    #[test]
    fn promotion_during_a_jump_ends_the_move() {
        let g = g8();
        // d6xf8 crowns; as a king it could go on over g7, but the move ends on the last row.
        let p = pos(&g, Color::Black, &["d6"], &["e7", "g7"], &[], &[]);
        let moves = legal_moves::<u64, true>(&g, &p);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].text(&g), "d6xf8");
        assert!(moves[0].promotes);
        let after = p.apply(&moves[0]);
        assert_eq!(after.piece_at(sq(&g, "f8")), Some(Piece { color: Color::Black, king: true }));
        assert_eq!(after.count(Color::White), 1);
    }

    #[test]
    fn men_never_capture_backward_kings_do() {
        let g = g8();
        let man = pos(&g, Color::Black, &["e5"], &["d4"], &[], &[]);
        assert_eq!(texts(&g, &man), ["e5-d6", "e5-f6"]);
        let king = pos(&g, Color::Black, &[], &["d4"], &["e5"], &[]);
        assert_eq!(texts(&g, &king), ["e5xc3"]);
        let white_man = pos(&g, Color::White, &["d6"], &["e5"], &[], &[]);
        assert_eq!(texts(&g, &white_man), ["e5-d4", "e5-f4"]);
    }

    #[test]
    fn kings_step_one_square_in_four_directions() {
        let g = g8();
        let p = pos(&g, Color::White, &[], &[], &[], &["d4"]);
        assert_eq!(texts(&g, &p), ["d4-c3", "d4-c5", "d4-e3", "d4-e5"]);
    }

    #[test]
    fn blocked_side_has_no_moves() {
        let g = g8();
        // Black man a1 blocked by b2 with c3 behind it (no capture landing).
        let p = pos(&g, Color::Black, &["a1"], &["b2", "c3"], &[], &[]);
        assert!(texts(&g, &p).is_empty());
        assert_eq!(count_moves::<u64, true>(&g, &p), 0);
    }

    #[test]
    fn king_round_trip_paths_are_distinct_and_pieces_jumped_once() {
        let g = g8();
        // King on c3 with four white men around d4, f4, d6, f6 -> can circle both ways.
        let p = pos(&g, Color::Black, &[], &["d4", "f4", "d6", "f6"], &["c3"], &[]);
        let t = texts(&g, &p);
        assert!(t.contains(&"c3xe5xg7".to_string()));
        assert!(t.contains(&"c3xe5xc7".to_string()));
        assert!(t.contains(&"c3xe5xg3".to_string()));
        // every move captures at most each piece once: no path longer than 4 jumps
        assert!(legal_moves::<u64, true>(&g, &p).iter().all(|m| m.jumps <= 4 && m.captured.count() == m.jumps as u32));
        assert_eq!(count_moves::<u64, true>(&g, &p), t.len() as u64);
    }

    #[test]
    fn single_jump_variant_stops_after_one_capture() {
        let g = g8();
        let p = pos(&g, Color::Black, &["c3"], &["d4", "f6"], &[], &[]);
        let v: Vec<String> = legal_moves::<u64, false>(&g, &p).iter().map(|m| m.text(&g)).collect();
        assert_eq!(v, ["c3xe5"]);
        assert_eq!(count_moves::<u64, false>(&g, &p), 1);
    }

    #[test]
    fn typed_moves_round_trip_and_bad_text_is_refused() {
        let g = g8();
        let p = Position::start(&g);
        let legal = legal_moves::<u64, true>(&g, &p);
        for m in &legal {
            assert_eq!(parse_move(&g, &p, &legal, &m.text(&g)).unwrap(), *m);
        }
        assert!(parse_move(&g, &p, &legal, "C3 - D4").is_ok());
        assert!(parse_move(&g, &p, &legal, "c3").unwrap_err().contains("not a move"));
        assert!(parse_move(&g, &p, &legal, "c3-c4").unwrap_err().contains("light"));
        assert!(parse_move(&g, &p, &legal, "c3-e5").unwrap_err().contains("no piece on d4 to capture"));
        assert!(parse_move(&g, &p, &legal, "z9-a1").is_err());
        let forced = pos(&g, Color::Black, &["c3", "a3"], &["d4"], &[], &[]);
        let legal = legal_moves::<u64, true>(&g, &forced);
        assert!(parse_move(&g, &forced, &legal, "a3-b4").unwrap_err().contains("mandatory"));
        assert!(parse_move(&g, &forced, &legal, "c3-b4").unwrap_err().contains("mandatory"));
    }

    #[test]
    fn a_refused_move_names_the_rule_it_breaks() {
        let g = g8();
        let p = Position::start(&g);
        let legal = legal_moves::<u64, true>(&g, &p);
        let why = |p: &Position<u64>, legal: &[Move<u64>], t: &str| parse_move(&g, p, legal, t).unwrap_err();
        assert!(why(&p, &legal, "b2-c3").contains("c3 is occupied"));
        assert!(why(&p, &legal, "b4-c5").contains("no piece on b4"));
        assert!(why(&p, &legal, "b6-a5").contains("holds a white piece and black is to move"));
        assert!(why(&p, &legal, "c3-c7").contains("neither a diagonal step nor a jump"));
        assert!(why(&p, &legal, "c3-e5").contains("no piece on d4 to capture"));
        let q = pos(&g, Color::Black, &["d4", "e5"], &["a7"], &[], &[]);
        let legal = legal_moves::<u64, true>(&g, &q);
        assert!(why(&q, &legal, "d4-c3").contains("only forward (up for black)"));
        assert!(why(&q, &legal, "d4xf6").contains("e5 is your own piece"));
        assert!(why(&q, &legal, "d4-e5").contains("e5 is occupied"));
    }
}
