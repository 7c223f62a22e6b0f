//! A game's moves as PDN (Portable Draughts Notation) in the assignment's square names,
//! to copy and load again: tag pairs, then numbered movetext (`1. c3-d4 f6-e5 2. ...`)
//! and the result (`1-0`: Black, the side that moves first, won; `0-1`: White won;
//! `1/2-1/2`: drawn; `*`: going on). A capture is written by its ends (`c3xg7`), and with
//! its full path (`c3xe5xg7`) where another legal capture has the same ends.
//!
//! Reading takes the same text back, tags, move numbers, comments (`{...}`) and the result
//! skipped, and accepts a move by its ends or its full path.

use super::game::{Game, Outcome};
use super::geometry::{Color, Geometry};
use super::move_value::Move;
use super::moves::parse_move;
use crate::search::bits::Bits;

/// The most moves a text may hold.
pub const MAX_MOVES: usize = 2000;

/// The game's moves from its start as PDN, after the tag pairs `tags` (name, value).
pub fn write<B: Bits>(game: &Game<B>, tags: &[(&str, String)]) -> String {
    let mut replay = game.clone();
    while replay.undo() {}
    let mut out: String = tags.iter().map(|(k, v)| format!("[{k} \"{}\"]\n", v.replace('"', "'"))).collect();
    out.push_str(&format!("[Result \"{}\"]\n\n", result(game)));
    let mut words = Vec::new();
    for (i, mv) in game.moves().enumerate() {
        let number = i / 2 + 1;
        let black = replay.side() == Color::Black;
        if black {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(short_text(&replay.geometry, replay.legal(), mv));
        if replay.play(mv).is_err() {
            break;
        }
    }
    words.push(result(game).to_string());
    out.push_str(&words.join(" "));
    out.push('\n');
    out
}

/// The result token of the game.
fn result<B: Bits>(game: &Game<B>) -> &'static str {
    match game.outcome() {
        Outcome::Ongoing => "*",
        Outcome::Won(Color::Black) => "1-0",
        Outcome::Won(Color::White) => "0-1",
        Outcome::Drawn => "1/2-1/2",
    }
}

/// `mv` by its ends (`c3-d4`, `c3xg7`), or by its whole path where another of the `legal`
/// moves has the same ends.
pub fn short_text<B: Bits>(g: &Geometry<B>, legal: &[Move<B>], mv: &Move<B>) -> String {
    let path = mv.path(g);
    let ends = |m: &Move<B>| {
        let p = m.path(g);
        (p[0], p[p.len() - 1])
    };
    let shared = legal.iter().filter(|m| ends(m) == (path[0], path[path.len() - 1])).count();
    if shared > 1 || path.len() < 2 {
        return mv.text(g);
    }
    let sep = if mv.is_capture() { "x" } else { "-" };
    format!("{}{sep}{}", g.name(path[0]), g.name(path[path.len() - 1]))
}

/// The moves of a PDN text (or a plain list of moves), each played onto `game` in turn;
/// the number of moves played. An illegal or unreadable move is refused with its number
/// and why, and `game` is then as it was before that move.
pub fn play<B: Bits>(game: &mut Game<B>, text: &str) -> Result<usize, String> {
    let words = movetext(text)?;
    if words.len() > MAX_MOVES {
        return Err(format!("moves: at most {MAX_MOVES} moves; got {}", words.len()));
    }
    for (i, word) in words.iter().enumerate() {
        let mv = read_move(game, word).map_err(|e| format!("move {} ({word}): {e}", i + 1))?;
        game.play(&mv).map_err(|e| format!("move {} ({word}): {e}", i + 1))?;
    }
    Ok(words.len())
}

/// The move words of a text: tags (`[...]`), comments (`{...}`), move numbers (`12.`,
/// `12...`) and results left out.
fn movetext(text: &str) -> Result<Vec<String>, String> {
    let mut plain = String::with_capacity(text.len());
    let mut closing = None;
    for c in text.chars() {
        match (closing, c) {
            (None, '[') => closing = Some(']'),
            (None, '{') => closing = Some('}'),
            (None, _) => plain.push(c),
            (Some(end), _) if c == end => {
                closing = None;
                plain.push(' ');
            }
            (Some(_), _) => {}
        }
    }
    if let Some(end) = closing {
        return Err(format!("moves: a `{end}` is missing"));
    }
    let results = ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"];
    Ok(plain
        .split_whitespace()
        .map(|w| w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|w| !w.is_empty() && !results.contains(w))
        .map(str::to_string)
        .collect())
}

/// The legal move `word` names: by its ends when exactly one legal move has them, else by
/// its whole path.
fn read_move<B: Bits>(game: &Game<B>, word: &str) -> Result<Move<B>, String> {
    let g = &game.geometry;
    let squares: Option<Vec<u32>> = word.split(['-', 'x', 'X']).map(|s| g.parse_square(s).ok()).collect();
    if let Some(squares) = squares.filter(|s| s.len() == 2) {
        let by_ends: Vec<&Move<B>> = game
            .legal()
            .iter()
            .filter(|m| {
                let p = m.path(g);
                p[0] == squares[0] && p[p.len() - 1] == squares[1]
            })
            .collect();
        if by_ends.len() == 1 {
            return Ok(*by_ends[0]);
        }
        if by_ends.len() > 1 {
            let paths: Vec<String> = by_ends.iter().map(|m| m.text(g)).collect();
            return Err(format!("two captures have these ends: write the whole path ({})", paths.join(" or ")));
        }
    }
    parse_move(g, game.position(), game.legal(), word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::by_size::geometry;
    use crate::checkers::game::DEFAULT_DRAW_PLIES;
    use crate::checkers::geometry::BoardSize;
    use crate::checkers::position::Position;

    type B = u64;

    fn game(position: Option<&str>) -> Game<B> {
        let size = BoardSize::new(8, 8, 3).unwrap();
        let g = geometry::<B>(size);
        match position {
            None => Game::new(g, DEFAULT_DRAW_PLIES),
            Some(p) => {
                let pos = Position::from_text(&g, Color::Black, p).unwrap();
                Game::from_position(g, pos, DEFAULT_DRAW_PLIES)
            }
        }
    }

    #[test]
    fn a_game_is_written_with_numbers_and_read_back_to_the_same_moves() {
        let mut g = game(None);
        assert_eq!(play(&mut g, "c3-d4 f6-e5 d4xf6 g7xe5").unwrap(), 4);
        let text = write(&g, &[("Black", "you".to_string())]);
        assert_eq!(text, "[Black \"you\"]\n[Result \"*\"]\n\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n");
        let mut again = game(None);
        assert_eq!(play(&mut again, &text).unwrap(), 4);
        assert_eq!(again.position(), g.position());
        let mut plain = game(None);
        assert_eq!(play(&mut plain, "{a comment} 1. c3-d4 f6-e5 2. d4-f6 g7-e5").unwrap(), 4, "ends only");
    }

    #[test]
    fn a_capture_whose_ends_another_shares_is_written_and_read_by_its_path() {
        // The black king on e1 takes all four men round the ring and lands where it
        // started, one way round or the other: two captures with the ends e1 and e1.
        let mut g = game(Some("Be1 wd2 wd4 wf2 wf4 wh8"));
        let both: Vec<String> = g.legal().iter().map(|m| m.text(&g.geometry)).collect();
        assert_eq!(both, ["e1xc3xe5xg3xe1", "e1xg3xe5xc3xe1"]);
        let e = play(&mut g.clone(), "e1xe1").unwrap_err();
        assert!(e.contains("move 1 (e1xe1): two captures have these ends: write the whole path"), "{e}");
        assert_eq!(play(&mut g, "e1xg3xe5xc3xe1").unwrap(), 1);
        let text = write(&g, &[]);
        assert!(text.ends_with("\n\n1. e1xg3xe5xc3xe1 *\n"), "{text}");
    }

    #[test]
    fn a_bad_move_is_refused_with_its_number_and_why() {
        let mut g = game(None);
        let e = play(&mut g, "1. c3-d4 f6-e5 2. c3-d4").unwrap_err();
        assert!(e.starts_with("move 3 (c3-d4): "), "{e}");
        assert_eq!(g.plies(), 2, "the moves before it are played");
        assert_eq!(play(&mut game(None), "[Event \"x\" 1. c3-d4").unwrap_err(), "moves: a `]` is missing");
        assert!(play(&mut game(None), "1. z9-d4").unwrap_err().starts_with("move 1 (z9-d4): "));
    }
}
