//! A game's moves as PDN (Portable Draughts Notation) in the assignment's square names,
//! to copy and load again: tag pairs, then numbered movetext (`1. c3-d4 f6-e5 2. ...`)
//! and the result (`1-0`: Black, the side that moves first, won; `0-1`: White won;
//! `1/2-1/2`: drawn; `*`: going on). A capture is written by its ends (`c3xg7`), and with
//! its full path (`c3xe5xg7`) where another legal capture has the same ends.
//!
//! A game that did not start from the start position carries it in a `FEN` tag:
//! `[FEN "W:Wc3,Ke5:Bd6"]` is White to move, white men on c3, a white king on e5, a black
//! man on d6 (the standard PDN FEN, with the assignment's square names).
//!
//! Reading takes the same text back: a `FEN` tag sets the start position, other tags,
//! move numbers, comments (`{...}`) and the result are skipped, and a move is accepted by
//! its ends or its full path.

use super::game::{Game, Outcome};
use super::geometry::{Color, Geometry};
use super::move_value::Move;
use super::moves::parse_move;
use super::position::{Piece, Position};
use crate::base::text::excerpt;
use crate::search::bits::Bits;

/// The most moves a text may hold.
pub const MAX_MOVES: usize = 2000;

/// The game's moves from its start as PDN, after the tag pairs `tags` (name, value); a
/// `FEN` tag with the start position where it is not the board's start position.
pub fn write<B: Bits>(game: &Game<B>, tags: &[(&str, String)]) -> String {
    let mut replay = game.clone();
    while replay.undo() {}
    let mut out: String = tags.iter().map(|(k, v)| format!("[{k} \"{}\"]\n", v.replace('"', "'"))).collect();
    if *replay.position() != Position::start(&replay.geometry) {
        out.push_str(&format!("[FEN \"{}\"]\n", fen(&replay.geometry, replay.position())));
    }
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

/// `position` as the value of a PDN `FEN` tag: the side to move (`B` or `W`), then each
/// colour's squares, kings marked `K` (`B:Wc3,Ke5:Bd6`).
pub fn fen<B: Bits>(g: &Geometry<B>, position: &Position<B>) -> String {
    let letter = |c: Color| if c == Color::Black { 'B' } else { 'W' };
    let mut out = letter(position.side).to_string();
    for color in [Color::White, Color::Black] {
        let squares: Vec<String> = (0..B::CAPACITY)
            .filter_map(|i| position.piece_at(i).filter(|p| p.color == color).map(|p| (i, p)))
            .map(|(i, p)| format!("{}{}", if p.king { "K" } else { "" }, g.name(i)))
            .collect();
        out.push_str(&format!(":{}{}", letter(color), squares.join(",")));
    }
    out
}

/// The position a `FEN` tag value of [`fen`] describes on `g`; `Err` says which part is
/// not a side, a colour's list or a dark square of the board.
pub fn parse_fen<B: Bits>(g: &Geometry<B>, text: &str) -> Result<Position<B>, String> {
    let expected = "expected the side to move and each colour's squares, like `W:Wc3,Ke5:Bd6`";
    let color = |t: &str| match t.trim() {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        _ => None,
    };
    let mut parts = text.trim().split(':');
    let side = parts.next().and_then(color);
    let side = side.ok_or_else(|| format!("FEN `{}`: {expected}", excerpt(text)))?;
    let mut position = Position::empty(side);
    for part in parts {
        let part = part.trim();
        let owner = part.get(..1).and_then(color);
        let owner = owner.ok_or_else(|| format!("FEN `{}`: `{}`: {expected}", excerpt(text), excerpt(part)))?;
        for entry in part[1..].split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let (king, name) = match entry.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, entry),
            };
            let square = g.parse_square(name).map_err(|e| format!("FEN `{}`: {e}", excerpt(text)))?;
            position.put(square, Piece { color: owner, king });
        }
    }
    Ok(position)
}

/// The value of the tag `name` in a PDN text, if it has one.
pub fn tag(text: &str, name: &str) -> Option<String> {
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let close = rest[open..].find(']')? + open;
        let inside = rest[open + 1..close].trim();
        if let Some((key, value)) = inside.split_once(char::is_whitespace) {
            if key == name {
                return Some(value.trim().trim_matches('"').to_string());
            }
        }
        rest = &rest[close + 1..];
    }
    None
}

/// The board of a PDN text's `Board` tag as [`super::session::Session::pdn`] writes it
/// (`8x10, 3 rows of men`): rows, columns and rows of men; `None` without the tag, `Err`
/// when its value is not of that form.
pub fn board_tag(text: &str) -> Option<Result<(u32, u32, u32), String>> {
    let value = tag(text, "Board")?;
    let read = || -> Option<(u32, u32, u32)> {
        let (size, men) = value.split_once(',')?;
        let (rows, cols) = size.trim().split_once(['x', 'X'])?;
        let men = men.trim();
        let men = men.strip_suffix(" rows of men").or_else(|| men.strip_suffix(" row of men"))?;
        Some((rows.trim().parse().ok()?, cols.trim().parse().ok()?, men.trim().parse().ok()?))
    };
    Some(read().ok_or_else(|| {
        format!(
            "moves: the PDN's Board tag must read like \"8x8, 3 rows of men\"; got \"{}\"",
            crate::base::text::excerpt(&value)
        )
    }))
}

/// Loads a PDN text into `game`: from the position of its `FEN` tag where it has one (the
/// game then starts there), else from the position on the board, its moves are played
/// (see [`play`]); the number of moves played.
pub fn load<B: Bits>(game: &mut Game<B>, text: &str) -> Result<usize, String> {
    if let Some(value) = tag(text, "FEN") {
        let start = parse_fen(&game.geometry, &value)?;
        game.restart_from(start);
    }
    play(game, text)
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
        let failed = |e: String| format!("move {} ({}): {e}", i + 1, excerpt(word));
        let mv = read_move(game, word).map_err(failed)?;
        game.play(&mv).map_err(failed)?;
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
    let results = ["1-0", "0-1", "1/2-1/2", "½-½", "*", "2-0", "0-2", "1-1", "0-0"];
    Ok(plain
        .split_whitespace()
        .filter(|w| !results.contains(w))
        .map(|w| w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|w| !w.is_empty())
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

    #[test]
    fn finished_games_load_back_whatever_their_result() {
        // 3x3 r1: a1-b2 c3xa1 c1-b2 a1xc3 leaves Black no piece: White won (0-1).
        let size = BoardSize::new(3, 3, 1).unwrap();
        let mut g = Game::new(geometry::<B>(size), DEFAULT_DRAW_PLIES);
        assert_eq!(play(&mut g, "a1-b2 c3xa1 c1-b2 a1xc3").unwrap(), 4);
        assert_eq!(g.outcome(), Outcome::Won(Color::White));
        let text = write(&g, &[]);
        assert!(text.ends_with("1. a1-b2 c3xa1 2. c1-b2 a1xc3 0-1\n"), "{text}");
        let mut again = Game::new(geometry::<B>(size), DEFAULT_DRAW_PLIES);
        assert_eq!(load(&mut again, &text).unwrap(), 4);
        assert_eq!(again.position(), g.position());
        for result in ["1-0", "0-1", "1/2-1/2", "*"] {
            let mut g = game(None);
            let text = format!("[Result \"{result}\"]\n1. c3-d4 {{a comment}} f6-e5 {result}");
            assert_eq!(play(&mut g, &text).unwrap(), 2, "{result}");
        }
    }

    #[test]
    fn the_board_tag_names_the_board_the_moves_are_played_on() {
        assert_eq!(board_tag("[Board \"8x10, 3 rows of men\"]\n1. c3-d4 *"), Some(Ok((8, 10, 3))));
        assert_eq!(board_tag("[Board \"4x4, 1 row of men\"]"), Some(Ok((4, 4, 1))));
        assert_eq!(board_tag("1. c3-d4 *"), None);
        let bad = board_tag("[Board \"huge\"]").unwrap().unwrap_err();
        assert!(bad.contains("Board tag") && bad.contains("huge"), "{bad}");
    }

    #[test]
    fn a_game_from_a_set_up_position_carries_it_in_a_fen_tag() {
        let mut g = game(Some("Be1 wd2 wd4 wf2 wf4 wh8"));
        let text = write(&g, &[]);
        assert_eq!(text, "[FEN \"B:Wd2,f2,d4,f4,h8:BKe1\"]\n[Result \"*\"]\n\n*\n");
        assert_eq!(play(&mut g, "e1xg3xe5xc3xe1").unwrap(), 1);
        let mut again = game(None);
        assert_eq!(load(&mut again, &write(&g, &[])).unwrap(), 1);
        assert_eq!(again.position(), g.position());
        assert_eq!(again.position_at(0), g.position_at(0), "the same start");
        assert!(!write(&game(None), &[]).contains("FEN"), "no tag for the start position");
        let e = load(&mut game(None), "[FEN \"B:Wz9\"]").unwrap_err();
        assert!(e.starts_with("FEN `B:Wz9`: `z9` is off the board"), "{e}");
        let e = load(&mut game(None), "[FEN \"X:Wc3\"]").unwrap_err();
        assert!(e.contains("expected the side to move"), "{e}");
    }

    /// A random position on `g`: each dark square empty, a man or a king of either colour,
    /// with `side` to move (men may stand anywhere: the rules still apply to them).
    fn random_position(g: &Geometry<B>, picks: &[u8], side: Color) -> Position<B> {
        let mut p = Position::empty(side);
        let squares = (0..B::CAPACITY).filter(|&i| g.square(i).is_some());
        for (i, pick) in squares.zip(picks.iter().cycle()) {
            let color = if pick % 2 == 0 { Color::Black } else { Color::White };
            if *pick < 4 {
                p.put(i, Piece { color, king: *pick >= 2 });
            }
        }
        p
    }

    proptest::proptest! {
        /// Random games on several boards, from the start or from a random position, played
        /// to their end or cut off (short draw rules make draws common): the PDN written
        /// loads into a fresh game at the same start, position, moves and result.
        #[test]
        fn every_game_round_trips_through_pdn(
            size in proptest::sample::select(vec![(8u32, 8u32, 3u32), (6, 6, 2), (5, 7, 2), (4, 4, 1), (7, 6, 2)]),
            set_up in proptest::option::of((proptest::collection::vec(0u8..12, 1..40), proptest::bool::ANY)),
            choices in proptest::collection::vec(0usize..1000, 0..120),
            draw_plies in proptest::sample::select(vec![0u32, 6, 40]),
        ) {
            let g = geometry::<B>(BoardSize::new(size.0, size.1, size.2).unwrap());
            let mut original = match &set_up {
                None => Game::new(g.clone(), draw_plies),
                Some((picks, white)) => {
                    let side = if *white { Color::White } else { Color::Black };
                    Game::from_position(g.clone(), random_position(&g, picks, side), draw_plies)
                }
            };
            for choice in &choices {
                let legal = original.legal();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[choice % legal.len()];
                original.play(&mv).unwrap();
            }
            let text = write(&original, &[("Black", "you".to_string()), ("White", "computer (strategy:6)".to_string())]);
            let mut loaded = Game::new(g, draw_plies);
            proptest::prop_assert_eq!(load(&mut loaded, &text), Ok(original.plies()), "{}", text);
            proptest::prop_assert_eq!(loaded.position(), original.position());
            proptest::prop_assert_eq!(loaded.position_at(0), original.position_at(0));
            proptest::prop_assert!(loaded.moves().eq(original.moves()));
            proptest::prop_assert_eq!(loaded.outcome(), original.outcome());
            proptest::prop_assert_eq!(write(&loaded, &[]), write(&original, &[]));
        }
    }
}
