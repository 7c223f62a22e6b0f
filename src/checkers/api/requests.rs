//! What the checkers board is asked: the settings of `POST /new` (checked into a
//! [`NewGame`]) and the bodies of `/count`, `/click`, `/move` and `/review`, each refused
//! with 400 naming the field and what it expects.

use serde::Deserialize;

use crate::api::{fresh_seed, Seconds, Seed, Text, Whole};
use crate::checkers::geometry::{BoardSize, Color};
use crate::checkers::play::parse_color;
use crate::checkers::players::{PlayerKind, DEFAULT_DEPTH};

/// The longest time limit a count may ask for, in seconds.
pub const MAX_COUNT_LIMIT_S: u64 = 120;
/// The deepest strategy search a computer reply may make (depth 8 takes seconds on 16x16
/// boards; every ply more multiplies it).
pub const MAX_STRATEGY_DEPTH: u32 = 8;
/// The longest move list accepted (PDN or plain).
const MAX_MOVES_CHARS: usize = 60_000;
/// The longest hand-made position text accepted.
const MAX_POSITION_CHARS: usize = 2048;

/// A game's settings as `POST /new` gives them, checked.
pub struct NewGame {
    pub size: BoardSize,
    pub human: Color,
    pub computer: PlayerKind,
    pub seed: u64,
    pub position: Option<(String, Color)>,
    pub moves: Option<String>,
}

/// The settings of `POST /new`, every one optional; blank text reads as absent.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Board rows m (default 8).
    rows: Option<Whole<0, 1000>>,
    /// Board columns n (default 8).
    cols: Option<Whole<0, 1000>>,
    /// Rows of men r (default 3).
    men_rows: Option<Whole<0, 1000>>,
    /// The human's colour (default black).
    color: Option<Text<16>>,
    /// The computer player (default `strategy` at its default depth).
    computer: Option<Text<32>>,
    /// The seed of a random player (blank: a fresh one).
    seed: Seed,
    /// A position to start from, in the terminal board's text.
    position: Option<Text<MAX_POSITION_CHARS>>,
    /// The side to move in `position` (default black).
    side: Option<Text<16>>,
    /// Moves to play for both sides after the start (PDN or a plain list).
    moves: Option<Text<MAX_MOVES_CHARS>>,
}

/// Text that is present and not blank.
fn given<const MAX: usize>(text: Option<Text<MAX>>) -> Option<String> {
    text.map(|t| t.0).filter(|t| !t.is_empty())
}

impl NewGame {
    /// The settings checked: the reason when one is refused.
    pub fn from_settings(s: Settings) -> Result<NewGame, String> {
        let dimension = |v: Option<Whole<0, 1000>>, default: u32| v.map_or(default, |v| v.0 as u32);
        let moves = given(s.moves);
        // Moves as PDN with a `Board` tag are played on that board, whatever the form says.
        let size = match moves.as_deref().and_then(crate::checkers::pdn::board_tag) {
            Some(board) => {
                let (rows, cols, men_rows) = board?;
                BoardSize::new(rows, cols, men_rows).map_err(|e| format!("moves: the PDN's Board tag: {e}"))?
            }
            None => BoardSize::new(dimension(s.rows, 8), dimension(s.cols, 8), dimension(s.men_rows, 3))?,
        };
        let human = given(s.color).map_or(Ok(Color::Black), |t| parse_color(&t))?;
        let computer = match given(s.computer) {
            None => PlayerKind::Strategy(DEFAULT_DEPTH),
            Some(t) => t.parse::<PlayerKind>()?,
        };
        if let PlayerKind::Strategy(d) = computer {
            if d > MAX_STRATEGY_DEPTH {
                return Err(format!(
                    "computer: the web board's strategy searches at most {MAX_STRATEGY_DEPTH} plies (strategy:{MAX_STRATEGY_DEPTH}), so that a reply stays quick; got strategy:{d}"
                ));
            }
        }
        let seed = s.seed.0.map_or_else(fresh_seed, |s| s.0);
        let side = s.side.map(|t| t.0);
        let position = match given(s.position) {
            None => None,
            Some(p) => Some((p, side.as_deref().map_or(Ok(Color::Black), parse_color)?)),
        };
        Ok(NewGame { size, human, computer, seed, position, moves })
    }
}

/// `POST /count`: the count's time limit.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct CountRequest {
    /// The count's time limit (absent: the default).
    pub limit_s: Option<Seconds<MAX_COUNT_LIMIT_S>>,
}

/// `POST /click`: the square clicked (`c3`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Click {
    /// The square (`c3`).
    pub square: Text<256>,
}

/// `POST /move`: a whole move in the assignment's notation (`c3xe5xg7`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move.
    #[serde(rename = "move")]
    pub mv: Text<256>,
}
/// `POST /review`: the ply whose position is asked for (0: the start).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// The ply.
    pub ply: Whole<0, { u32::MAX as u64 }>,
}
