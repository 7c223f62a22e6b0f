//! Checking a solver's answers to checkers' questions against the engine, all exact: the
//! set of legal moves (any order, no repeats), perft to a depth chosen by the position
//! (the deepest up to [`MAX_PERFT_DEPTH`] whose leaves stay within [`PERFT_LEAVES`]) and
//! the continuation games with their split and positions. A wrong answer is shrunk to
//! the smallest position that still shows it (a piece less, a king made a man, a row or
//! column less); seeded random positions of growing size are made to ask on.

use rand::Rng as _;

use super::by_size::{geometry, with_bits};
use super::geometry::{width_for, BoardSize, Color, Wide, Width};
use super::pdn::{fen, parse_fen};
use super::position::{Piece, Position};
use super::questions::{board_of, load_request, CheckersSolver, Continuations, Engine};
use crate::experiment::solver::check::{shrink_wrong as shrink_down, time_again, Asked, Outcome, Shrinkable};
use crate::experiment::solver::session::Failure;
use crate::experiment::solver::verdict::Verdict;
use crate::search::rng::Rng;

/// The questions, by their protocol words.
pub const QUESTIONS: [&str; 3] = ["moves", "perft", "count"];

/// The deepest perft asked.
pub const MAX_PERFT_DEPTH: u32 = 6;

/// The most leaves of the perft asked (a depth past them is not asked, depth 1 always).
pub const PERFT_LEAVES: u64 = 20_000;

/// Asks `question` (one of [`QUESTIONS`]) of `solver` on `file` and checks the answer
/// against `engine`.
pub fn ask(question: &str, file: &CheckersFile, solver: &mut dyn CheckersSolver, engine: &mut Engine) -> Outcome {
    let fen = file.fen();
    if let Err(f) = engine.load(file.rows, file.cols, &fen) {
        return Outcome::failed(&f, String::new());
    }
    if let Err(f) = solver.load(file.rows, file.cols, &fen) {
        return Outcome::failed(&f, "the position loaded".to_string());
    }
    let outcome = match question {
        "moves" => ask_moves(solver, engine),
        "perft" => ask_perft(solver, engine),
        _ => ask_count(solver, engine),
    };
    outcome.unwrap_or_else(|(f, expected)| Outcome::failed(&f, expected))
}

fn moves_text(moves: &[String]) -> String {
    let mut sorted = moves.to_vec();
    sorted.sort();
    if sorted.is_empty() {
        "no move".to_string()
    } else {
        sorted.join(" ")
    }
}

/// Why `given` is not the set of legal moves `expected`.
fn moves_problem(expected: &[String], given: &[String]) -> Option<String> {
    let mut seen = std::collections::BTreeSet::new();
    if let Some(twice) = given.iter().find(|m| !seen.insert(m.as_str())) {
        return Some(format!("lists {twice} twice"));
    }
    if let Some(extra) = given.iter().find(|m| !expected.contains(m)) {
        return Some(format!("{extra} is not a legal move"));
    }
    expected.iter().find(|m| !given.contains(m)).map(|missing| format!("misses the legal move {missing}"))
}

fn ask_moves(solver: &mut dyn CheckersSolver, engine: &mut Engine) -> Asked {
    let e = engine.moves().map_err(|f| (f, String::new()))?;
    let s = solver.moves().map_err(|f| (f, moves_text(&e.value)))?;
    let mut outcome = Outcome::judged(moves_problem(&e.value, &s.value), moves_text(&e.value), moves_text(&s.value));
    outcome.rounds.push(s.seconds, e.seconds);
    if outcome.verdict == Verdict::Correct {
        time_again(&mut outcome.rounds, || Some((solver.moves().ok()?.seconds, engine.moves().ok()?.seconds)));
    }
    Ok(outcome)
}

/// The depth of the perft asked: the deepest up to [`MAX_PERFT_DEPTH`] whose leaves the
/// engine finds within [`PERFT_LEAVES`], at least 1.
pub fn perft_depth(engine: &mut Engine) -> Result<u32, Failure> {
    let mut depth = 1;
    while depth < MAX_PERFT_DEPTH && engine.perft(depth + 1)?.value <= PERFT_LEAVES {
        depth += 1;
    }
    Ok(depth)
}

fn ask_perft(solver: &mut dyn CheckersSolver, engine: &mut Engine) -> Asked {
    let depth = perft_depth(engine).map_err(|f| (f, String::new()))?;
    let e = engine.perft(depth).map_err(|f| (f, String::new()))?;
    let text = |leaves: u64| format!("depth {depth}: {leaves} leaves");
    let s = solver.perft(depth).map_err(|f| (f, text(e.value)))?;
    let wrong =
        (s.value != e.value).then(|| format!("{} leaves at depth {depth} where perft gives {}", s.value, e.value));
    let mut outcome = Outcome::judged(wrong, text(e.value), text(s.value));
    outcome.rounds.push(s.seconds, e.seconds);
    if outcome.verdict == Verdict::Correct {
        time_again(&mut outcome.rounds, || {
            Some((solver.perft(depth).ok()?.seconds, engine.perft(depth).ok()?.seconds))
        });
    }
    Ok(outcome)
}

fn count_text(c: &Continuations) -> String {
    let g = &c.games;
    format!(
        "games {} (black {}, white {}, both kings {}), positions {}",
        g.total, g.black_wins, g.white_wins, g.both_kings, c.positions
    )
}

fn ask_count(solver: &mut dyn CheckersSolver, engine: &mut Engine) -> Asked {
    let e = engine.count().map_err(|f| (f, String::new()))?;
    let s = solver.count().map_err(|f| (f, count_text(&e.value)))?;
    let wrong = if s.value.games != e.value.games {
        Some("another number of games or another split by outcome".to_string())
    } else {
        (s.value.positions != e.value.positions)
            .then(|| format!("{} positions visited where the count visits {}", s.value.positions, e.value.positions))
    };
    let mut outcome = Outcome::judged(wrong, count_text(&e.value), count_text(&s.value));
    outcome.positions = Some(s.value.positions);
    outcome.rounds.push(s.seconds, e.seconds);
    if outcome.verdict == Verdict::Correct {
        time_again(&mut outcome.rounds, || Some((solver.count().ok()?.seconds, engine.count().ok()?.seconds)));
    }
    Ok(outcome)
}

/// A checkers position as the load request gives it: what shrinking changes.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckersFile {
    /// Rows `M`.
    pub rows: u8,
    /// Columns `N`.
    pub cols: u8,
    side: Color,
    /// Each piece on its dark square `(row, col)`, row 0 at the bottom, in row-major order.
    pieces: Vec<(u8, u8, Piece)>,
}

impl CheckersFile {
    /// The start position of `size`.
    pub fn start(size: BoardSize) -> CheckersFile {
        with_bits!(size, B => {
            let g = geometry::<B>(size);
            let p = Position::start(&g);
            CheckersFile::of(size, &|row, col| g.index(row, col).and_then(|i| p.piece_at(i)), p.side)
        })
    }

    /// The position `fen` on a `rows` x `cols` board.
    pub fn parse(rows: u8, cols: u8, text: &str) -> Result<CheckersFile, String> {
        let size = board_of(rows, cols)?;
        with_bits!(size, B => {
            let g = geometry::<B>(size);
            let p = parse_fen(&g, text)?;
            Ok(CheckersFile::of(size, &|row, col| g.index(row, col).and_then(|i| p.piece_at(i)), p.side))
        })
    }

    fn of(size: BoardSize, at: &dyn Fn(u8, u8) -> Option<Piece>, side: Color) -> CheckersFile {
        let pieces = (0..size.rows)
            .flat_map(|row| (0..size.cols).map(move |col| (row, col)))
            .filter_map(|(row, col)| at(row, col).map(|p| (row, col, p)))
            .collect();
        CheckersFile { rows: size.rows, cols: size.cols, side, pieces }
    }

    fn board(&self) -> BoardSize {
        board_of(self.rows, self.cols).expect("sides stay within 3..=16")
    }

    /// The position's FEN (as the boards' PDN writes it).
    pub fn fen(&self) -> String {
        let size = self.board();
        with_bits!(size, B => {
            let g = geometry::<B>(size);
            let mut p = Position::empty(self.side);
            for &(row, col, piece) in &self.pieces {
                p.put(g.index(row, col).expect("pieces stand on dark squares"), piece);
            }
            fen(&g, &p)
        })
    }

    /// The load request: `load M N FEN`.
    pub fn text(&self) -> String {
        load_request(self.rows, self.cols, &self.fen())
    }

    /// The piece on `(row, col)`.
    pub fn piece(&self, row: u8, col: u8) -> Option<Piece> {
        self.pieces.iter().find(|p| (p.0, p.1) == (row, col)).map(|p| p.2)
    }

    /// The picture of the position, titled `title`.
    pub fn svg(&self, title: &str) -> String {
        super::picture::position_svg(self.board(), &|row, col| self.piece(row, col), title)
    }

    /// The same position on a board cut to `rows` x `cols` from `(bottom, left)`: pieces
    /// off it dropped, and men on their own crowning row too.
    fn cut(&self, (bottom, left): (u8, u8), rows: u8, cols: u8) -> CheckersFile {
        let pieces = self
            .pieces
            .iter()
            .filter(|&&(r, c, _)| r >= bottom && c >= left && r - bottom < rows && c - left < cols)
            .map(|&(r, c, p)| (r - bottom, c - left, p))
            .filter(|&(r, _, p)| p.king || !crowned_at(p.color, r, rows))
            .collect();
        CheckersFile { rows, cols, side: self.side, pieces }
    }

    fn with(&self, change: impl FnOnce(&mut CheckersFile)) -> CheckersFile {
        let mut f = self.clone();
        change(&mut f);
        f
    }
}

/// Whether a man of `color` on `row` of a board of `rows` rows stands on its crowning row.
fn crowned_at(color: Color, row: u8, rows: u8) -> bool {
    match color {
        Color::Black => row + 1 == rows,
        Color::White => row == 0,
    }
}

impl Shrinkable for CheckersFile {
    /// Two for a man, three for a king, plus rows and columns.
    fn size(&self) -> usize {
        let pieces: usize = self.pieces.iter().map(|p| 2 + usize::from(p.2.king)).sum();
        pieces + usize::from(self.rows) + usize::from(self.cols)
    }

    /// A piece less, a king made a man (off its crowning row), the top row, the right
    /// column, or the bottom row and the left column together, or the two bottom rows,
    /// or the two left columns (the bottom-left corner stays dark).
    fn smaller(&self) -> Vec<CheckersFile> {
        let (m, n) = (self.rows, self.cols);
        let mut out: Vec<CheckersFile> = (0..self.pieces.len())
            .map(|i| {
                self.with(|f| {
                    f.pieces.remove(i);
                })
            })
            .collect();
        for (i, &(r, _, p)) in self.pieces.iter().enumerate() {
            if p.king && !crowned_at(p.color, r, m) {
                out.push(self.with(|f| f.pieces[i].2.king = false));
            }
        }
        if m > 3 {
            out.push(self.cut((0, 0), m - 1, n));
        }
        if n > 3 {
            out.push(self.cut((0, 0), m, n - 1));
        }
        if m > 3 && n > 3 {
            out.push(self.cut((1, 1), m - 1, n - 1));
        }
        if m > 4 {
            out.push(self.cut((2, 0), m - 2, n));
        }
        if n > 4 {
            out.push(self.cut((0, 2), m, n - 2));
        }
        out
    }
}

/// Shrinks the position of a wrong answer to `question`: the smallest position on which
/// the solver's answer is still wrong, with the engine's and the solver's answers there.
pub fn shrink_wrong(
    question: &str,
    file: &CheckersFile,
    solver: &mut dyn CheckersSolver,
    engine: &mut Engine,
) -> Option<(CheckersFile, Outcome)> {
    shrink_down(file.clone(), |f| Some(ask(question, f, solver, engine)))
}

/// A seeded random position, larger with `index`: a board of 3 to 5 rows and 3 to 6
/// columns with 1 to 3 pieces a side on random dark squares (a king one time in five; a
/// man never on its crowning row), either side to move. Small enough that the
/// continuation count takes milliseconds.
pub fn random_position(rng: &mut Rng, index: usize) -> CheckersFile {
    let rows = rng.random_range(3..=(3 + index / 6).min(5) as u8);
    let cols = rng.random_range(3..=(3 + index / 4).min(6) as u8);
    let mut free: Vec<(u8, u8)> =
        (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).filter(|(r, c)| (r + c) % 2 == 0).collect();
    let most = (1 + index / 8).min(3);
    let mut pieces = Vec::new();
    for color in [Color::Black, Color::White] {
        for _ in 0..rng.random_range(1..=most) {
            let king = rng.random_range(0..5) == 0;
            let spots: Vec<usize> = (0..free.len()).filter(|&i| king || !crowned_at(color, free[i].0, rows)).collect();
            if spots.is_empty() {
                continue;
            }
            let (r, c) = free.remove(spots[rng.random_range(0..spots.len())]);
            pieces.push((r, c, Piece { color, king }));
        }
    }
    pieces.sort_by_key(|&(r, c, _)| (r, c));
    let side = if rng.random_bool(0.5) { Color::Black } else { Color::White };
    CheckersFile { rows, cols, side, pieces }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::solver::check::Timed;

    /// The engine with one fault.
    #[derive(Clone, Copy, PartialEq)]
    enum Fault {
        /// Counts every game won by White as a Black win.
        WhiteWinsAsBlack,
        /// Forgets the last legal move of its list (and so perft's leaves are short).
        DropsAMove,
    }

    struct Faulty {
        engine: Engine,
        fault: Fault,
    }

    impl CheckersSolver for Faulty {
        fn load(&mut self, rows: u8, cols: u8, fen: &str) -> Result<(), Failure> {
            self.engine.load(rows, cols, fen)
        }
        fn moves(&mut self) -> Result<Timed<Vec<String>>, Failure> {
            let mut m = self.engine.moves()?;
            if self.fault == Fault::DropsAMove && m.value.len() > 1 {
                m.value.pop();
            }
            Ok(m)
        }
        fn perft(&mut self, depth: u32) -> Result<Timed<u64>, Failure> {
            self.engine.perft(depth)
        }
        fn count(&mut self) -> Result<Timed<Continuations>, Failure> {
            let mut c = self.engine.count()?;
            if self.fault == Fault::WhiteWinsAsBlack {
                c.value.games.black_wins += c.value.games.white_wins;
                c.value.games.white_wins = 0;
            }
            Ok(c)
        }
    }

    fn positions(n: usize) -> Vec<CheckersFile> {
        let mut rng = crate::search::rng::seeded(5);
        (0..n).map(|i| random_position(&mut rng, i)).collect()
    }

    #[test]
    fn the_engine_answers_itself_correctly_and_quickly() {
        let start = std::time::Instant::now();
        for f in positions(60).into_iter().chain([CheckersFile::start(BoardSize::new(4, 4, 1).unwrap())]) {
            assert_eq!(CheckersFile::parse(f.rows, f.cols, &f.fen()).unwrap(), f);
            for q in QUESTIONS {
                let o = ask(q, &f, &mut Engine::default(), &mut Engine::default());
                assert_eq!(o.verdict, Verdict::Correct, "{q} on {}: {}", f.text(), o.detail);
            }
        }
        assert!(start.elapsed().as_secs_f64() < 20.0, "{:?}", start.elapsed());
    }

    #[test]
    fn white_wins_counted_for_black_shrink_to_one_white_capture() {
        let start = CheckersFile::start(BoardSize::new(4, 4, 1).unwrap());
        let mut solver = Faulty { engine: Engine::default(), fault: Fault::WhiteWinsAsBlack };
        assert_eq!(ask("count", &start, &mut solver, &mut Engine::default()).verdict, Verdict::Wrong);
        let (file, shrunk) = shrink_wrong("count", &start, &mut solver, &mut Engine::default()).unwrap();
        // The smallest position White wins: an empty 3x3 board with Black to move (stuck
        // at once, one game, White's): size 3 + 3.
        assert_eq!(file.text(), "load 3 3 B:W:B");
        assert_eq!(shrunk.expected, "games 1 (black 0, white 1, both kings 0), positions 1");
    }

    #[test]
    fn a_dropped_move_shrinks_to_two_moves() {
        let start = CheckersFile::start(BoardSize::standard());
        let mut solver = Faulty { engine: Engine::default(), fault: Fault::DropsAMove };
        let (file, shrunk) = shrink_wrong("moves", &start, &mut solver, &mut Engine::default()).unwrap();
        // Two legal moves at least: one man with two steps on a 3x3 board, size 8.
        assert_eq!(file.size(), 8, "{}", file.text());
        assert!(shrunk.detail.starts_with("misses the legal move"), "{}", shrunk.detail);
        assert_eq!(ask("perft", &start, &mut solver, &mut Engine::default()).verdict, Verdict::Correct);
    }

    #[test]
    fn moves_are_judged_as_a_set() {
        let e = ["c3-d4".to_string(), "a3-b4".to_string()];
        assert_eq!(moves_problem(&e, &["a3-b4".into(), "c3-d4".into()]), None);
        assert!(moves_problem(&e, &["a3-b4".into()]).is_some());
        assert!(moves_problem(&e, &["a3-b4".into(), "c3-d4".into(), "c3-d4".into()]).is_some());
        assert!(moves_problem(&e, &["a3-b4".into(), "c3-b4".into()]).is_some());
    }

    #[test]
    fn shrinking_cuts_rows_and_columns_keeping_the_dark_corner() {
        let f = CheckersFile::start(BoardSize::new(4, 4, 1).unwrap());
        // 4x4 r1: Black on a1, c1; White on b4, d4.
        assert_eq!(f.fen(), "B:Wb4,d4:Ba1,c1");
        let cut = f.cut((1, 1), 3, 3);
        // a1 and c1 leave the board or row 0; b4, d4 become a3, c3 of the 3x3 board.
        assert_eq!(cut.fen(), "B:Wa3,c3:B");
        assert!(f.smaller().iter().all(|s| s.size() < f.size()));
    }
}
