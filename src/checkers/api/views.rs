//! What the checkers board answers: the views of the game, a position under review,
//! a hint and the count, as the page draws them (names as the terminal board gives them:
//! `a1` bottom left, Black at the bottom).

use serde::Serialize;

use crate::checkers::count::Count;
use crate::checkers::count_job::count_line;
use crate::checkers::game::Outcome;
use crate::checkers::geometry::{Color, Geometry};
use crate::checkers::position::{Piece, Position};
use crate::checkers::session::Session;
use crate::search::bits::Bits;
use crate::search::job::{Job, JobEnd, Progress};

/// A hint: the search's progress and, once it found one, the move and its squares.
#[derive(Serialize)]
pub struct HintView {
    #[serde(flatten)]
    pub progress: Progress,
    /// The move in the assignment's notation (`c3-d4`), once found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#move: Option<String>,
    /// Its squares, from where the piece stands to where it lands.
    pub squares: Vec<String>,
}

/// A position of the game as it was after `ply` plies, to step through the game.
#[derive(Serialize)]
pub struct ReviewView {
    pub ply: usize,
    /// The plies of the game.
    pub plies: usize,
    pub squares: Vec<SquareView>,
    /// The move that led to it (`null` at the start), and its squares.
    pub r#move: Option<String>,
    pub last_move: Vec<String>,
}

/// The last move of one side.
#[derive(Serialize)]
pub struct LastMoveView {
    /// `you` or `computer`.
    pub by: &'static str,
    pub squares: Vec<String>,
}

/// One dark square of the view.
#[derive(Serialize)]
pub struct SquareView {
    /// Its name (`c3`).
    pub square: String,
    /// Row and column, row 0 at the bottom.
    pub row: u8,
    pub col: u8,
    /// The piece's letter (`b`, `w`, `B`, `W`), `None` when empty.
    pub piece: Option<String>,
    /// Whether the piece is jumped by the move being entered.
    pub taken: bool,
}

/// One side's pieces and kings.
#[derive(Serialize)]
pub struct SideView {
    pub pieces: u32,
    pub kings: u32,
}

/// Both sides' pieces and kings.
#[derive(Serialize)]
pub struct CountsView {
    pub black: SideView,
    pub white: SideView,
}

/// The view of a session as the page draws it: the position, whose turn, the selection
/// and its targets, and the legal moves, all as the engine computes them.
#[derive(Serialize)]
pub struct SessionView {
    pub game: &'static str,
    pub rows: u8,
    pub cols: u8,
    pub men_rows: u8,
    pub human: &'static str,
    pub computer: String,
    pub side: &'static str,
    pub your_turn: bool,
    /// `ongoing`, `black wins`, `white wins` or `draw`.
    pub outcome: String,
    pub turn: String,
    pub status: String,
    pub counts: CountsView,
    pub squares: Vec<SquareView>,
    pub selected: Vec<String>,
    pub targets: Vec<String>,
    pub movable: Vec<String>,
    pub last_move: Vec<String>,
    /// The moves played, in the assignment's notation.
    pub moves: Vec<String>,
    /// The legal moves, sorted.
    pub legal: Vec<String>,
    pub plies: usize,
    /// Whether `POST /undo` would take a move back (you have moved).
    pub can_undo: bool,
    /// The moves as PDN, to copy and load again (`moves` of `POST /new`).
    pub pdn: String,
    /// The last move of each side, the latest first.
    pub last_moves: Vec<LastMoveView>,
}

/// The whole view of the checkers board: the session's, the seed, the last message, the
/// count and the computer's reply being searched.
#[derive(Serialize)]
pub struct BoardView {
    #[serde(flatten)]
    pub session: SessionView,
    pub seed: u64,
    pub message: String,
    pub count: CountView,
    /// The reply's progress while the computer thinks, `null` otherwise.
    pub thinking: Option<Progress>,
    /// The hint asked for this position (`null`: none).
    pub hint: Option<HintView>,
}

/// The count's games, as strings (they may pass 2^53).
#[derive(Serialize)]
pub struct GamesView {
    pub total: String,
    pub black_wins: String,
    pub white_wins: String,
    pub both_kings: String,
}

/// The count as the page shows it: `idle`, or its progress and, once it ended, its
/// result (`games`, `distinct_positions`, `text`) or why it stopped.
#[derive(Serialize)]
pub struct CountView {
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_s: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<GamesView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distinct_positions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

/// The view of a session as the page draws it.
pub fn session_view<B: Bits>(s: &Session<B>) -> SessionView {
    let game = s.game();
    let g = s.geometry();
    let names = |squares: &[u32]| squares.iter().map(|&i| g.name(i)).collect::<Vec<_>>();
    let (shown, taken) = s.shown_position();
    let squares = squares(g, &shown, &taken);
    let p = game.position();
    let side = |c: Color| SideView { pieces: p.count(c), kings: p.king_count(c) };
    let outcome = match game.outcome() {
        Outcome::Ongoing => "ongoing".to_string(),
        Outcome::Won(c) => format!("{} wins", c.name()),
        Outcome::Drawn => "draw".to_string(),
    };
    let mut legal: Vec<String> = game.legal().iter().map(|m| m.text(g)).collect();
    legal.sort();
    let size = s.size();
    let humans = s.humans_turn();
    SessionView {
        game: "checkers",
        rows: size.rows,
        cols: size.cols,
        men_rows: size.men_rows,
        human: s.human().name(),
        computer: s.computer().to_string(),
        side: game.side().name(),
        your_turn: humans,
        outcome,
        turn: s.turn_text(),
        status: s.status_line(),
        counts: CountsView { black: side(Color::Black), white: side(Color::White) },
        squares,
        selected: names(s.selection()),
        targets: if humans { names(&s.targets()) } else { Vec::new() },
        movable: if humans { names(&s.movable()) } else { Vec::new() },
        last_move: game.last_move().map(|m| names(&m.path(g))).unwrap_or_default(),
        moves: game.moves().map(|m| m.text(g)).collect(),
        legal,
        plies: game.plies(),
        can_undo: s.can_undo(),
        pdn: s.pdn(),
        last_moves: s
            .last_moves()
            .iter()
            .map(|(human, m)| LastMoveView { by: if *human { "you" } else { "computer" }, squares: names(&m.path(g)) })
            .collect(),
    }
}

/// The dark squares of `position` with their pieces, those in `taken` marked.
pub fn squares<B: Bits>(g: &Geometry<B>, position: &Position<B>, taken: &[u32]) -> Vec<SquareView> {
    g.valid
        .iter()
        .filter_map(|i| {
            let (row, col) = g.square(i)?;
            let piece = position.piece_at(i).map(|p| Piece::letter(p).to_string());
            Some(SquareView { square: g.name(i), row, col, piece, taken: taken.contains(&i) })
        })
        .collect()
}

impl CountView {
    /// The count as the page shows it: `idle` before the first, else its progress and,
    /// once it ended, its result or why it stopped.
    pub fn of(job: Option<&Job<Count>>) -> CountView {
        let idle = CountView {
            state: "idle",
            positions: None,
            seconds: None,
            limit_s: None,
            text: None,
            games: None,
            distinct_positions: None,
            why: None,
        };
        let Some(job) = job else { return idle };
        let mut v = CountView {
            state: "running",
            positions: Some(job.positions()),
            seconds: Some(job.elapsed()),
            limit_s: Some(job.limit().seconds()),
            ..idle
        };
        let Some(end) = job.end() else { return v };
        v.text = Some(count_line(&end));
        match end {
            JobEnd::Done(c, seconds) => {
                v.state = "done";
                v.seconds = Some(seconds);
                v.positions = Some(c.positions);
                v.games = Some(GamesView {
                    total: c.games.total.to_string(),
                    black_wins: c.games.black_wins.to_string(),
                    white_wins: c.games.white_wins.to_string(),
                    both_kings: c.games.both_kings.to_string(),
                });
                v.distinct_positions = Some(c.distinct_positions);
            }
            JobEnd::Stopped(why) => {
                v.state = "stopped";
                v.why = Some(why);
            }
        }
        v
    }
}
