//! Checking a solver's answers to the tiling's questions against the engine: `find` and
//! `count`, dumb and smart, on an empty board with a stones file. The positions visited
//! and the number of solutions are exact (the spec's walk fixes them); a found tiling is
//! judged by rule (every stone once, in one of its orientations, covering every cell). A
//! wrong answer is shrunk to the smallest position that still shows it (a stone and a
//! board row or column less, a smaller board, a stone less, a stone a cell smaller); and
//! seeded random positions (random cuts of a small board into stones) are made to ask on
//! besides the manifest's.

use rand::seq::SliceRandom as _;
use rand::Rng as _;

use super::outcome::{Found, Mode};
use super::questions::{stones_text, Engine, StenenSolver};
use super::rules::{Puzzle, SIDES};
use super::stone::{Shape, Stone, MAX_SIDE, ORIENTATIONS};
use crate::experiment::solver::check::{shrink_wrong as shrink_down, time_again, Asked, Outcome, Shrinkable};
use crate::experiment::solver::verdict::Verdict;
use crate::search::rng::Rng;

/// The questions, by their protocol words.
pub const QUESTIONS: [&str; 4] = ["find dumb", "find smart", "count dumb", "count smart"];

/// The largest random board: 4 rows of 5 cells.
const RANDOM_MAX: (usize, usize) = (4, 5);

/// Asks `question` (one of [`QUESTIONS`]) of `solver` on `puzzle`'s empty board and
/// checks the answer against `engine`.
pub fn ask(question: &str, puzzle: &Puzzle, solver: &mut dyn StenenSolver, engine: &mut Engine) -> Outcome {
    let (h, w) = (puzzle.height, puzzle.width);
    if let Err(f) = engine.load(h, w, &puzzle.stones) {
        return Outcome::failed(&f, String::new());
    }
    if let Err(f) = solver.load(h, w, &puzzle.stones) {
        return Outcome::failed(&f, "the position loaded".to_string());
    }
    let mode = if question.ends_with("smart") { Mode::Smart } else { Mode::Dumb };
    let outcome = match question.starts_with("find") {
        true => ask_find(puzzle, mode, solver, engine),
        false => ask_count(mode, solver, engine),
    };
    outcome.unwrap_or_else(|(f, expected)| Outcome::failed(&f, expected))
}

fn found_text(found: &Found, width: usize) -> String {
    match &found.board {
        Some(cells) => {
            let rows: Vec<String> =
                cells.chunks(width.max(1)).map(|r| r.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")).collect();
            format!("tiling {}, positions {}", rows.join(" / "), found.positions)
        }
        None => format!("no tiling, positions {}", found.positions),
    }
}

/// Why `cells` (row by row) is not a tiling of `puzzle`'s board with every stone once,
/// each covering one of its orientations.
pub fn tiling_problem(puzzle: &Puzzle, cells: &[u8]) -> Option<String> {
    let w = puzzle.width;
    if let Some(i) = cells.iter().position(|&c| c == 0 || usize::from(c) > puzzle.stone_count()) {
        return Some(format!("cell ({},{}) holds {}, not a stone's number", i / w, i % w, cells[i]));
    }
    (1..=puzzle.stone_count()).find_map(|s| {
        let covered: Vec<(usize, usize)> =
            cells.iter().enumerate().filter(|&(_, &c)| usize::from(c) == s).map(|(i, _)| (i / w, i % w)).collect();
        let shape = normalized(&covered)?;
        (!puzzle.stones[s - 1].orientations.contains(&shape))
            .then(|| format!("the cells of stone {s} are not one of its orientations"))
    })
}

/// `cells` moved to the top-left corner as a shape of its tight box (`None`: no cell).
fn normalized(cells: &[(usize, usize)]) -> Option<Shape> {
    let top = cells.iter().map(|c| c.0).min()?;
    let left = cells.iter().map(|c| c.1).min()?;
    let rows = cells.iter().map(|c| c.0).max()? - top + 1;
    let cols = cells.iter().map(|c| c.1).max()? - left + 1;
    Some(Shape::new(rows, cols, cells.iter().map(|&(r, c)| (r - top, c - left)).collect()))
}

/// Why `given` is not bepaalOplossing's answer `expected`: whether there is a tiling and
/// the positions exactly, the tiling by rule.
fn find_problem(puzzle: &Puzzle, expected: &Found, given: &Found) -> Option<String> {
    match (&expected.board, &given.board) {
        (Some(_), None) => return Some("no tiling (false) where the board has one".to_string()),
        (None, Some(_)) => return Some("a tiling (true) where the board has none".to_string()),
        (_, Some(cells)) => {
            if let Some(why) = tiling_problem(puzzle, cells) {
                return Some(why);
            }
        }
        _ => {}
    }
    (given.positions != expected.positions)
        .then(|| format!("{} positions visited where the spec's walk visits {}", given.positions, expected.positions))
}

fn ask_find(puzzle: &Puzzle, mode: Mode, solver: &mut dyn StenenSolver, engine: &mut Engine) -> Asked {
    let w = puzzle.width;
    let e = engine.find(mode).map_err(|f| (f, String::new()))?;
    let s = solver.find(mode).map_err(|f| (f, found_text(&e.value, w)))?;
    let mut outcome =
        Outcome::judged(find_problem(puzzle, &e.value, &s.value), found_text(&e.value, w), found_text(&s.value, w));
    if outcome.verdict == Verdict::Correct && s.value.board != e.value.board {
        outcome.detail = "a tiling other than the first in the spec's order".to_string();
    }
    outcome.positions = Some(s.value.positions);
    outcome.rounds.push(s.seconds, e.seconds);
    if outcome.verdict == Verdict::Correct {
        time_again(&mut outcome.rounds, || Some((solver.find(mode).ok()?.seconds, engine.find(mode).ok()?.seconds)));
    }
    Ok(outcome)
}

fn ask_count(mode: Mode, solver: &mut dyn StenenSolver, engine: &mut Engine) -> Asked {
    let text = |c: &super::outcome::Count| format!("solutions {}, positions {}", c.distinct, c.positions);
    let e = engine.count(mode).map_err(|f| (f, String::new()))?;
    let s = solver.count(mode).map_err(|f| (f, text(&e.value)))?;
    let problem = if s.value.distinct != e.value.distinct {
        Some(format!("{} solutions where there are {}", s.value.distinct, e.value.distinct))
    } else {
        (s.value.positions != e.value.positions).then(|| {
            format!("{} positions visited where the spec's walk visits {}", s.value.positions, e.value.positions)
        })
    };
    let mut outcome = Outcome::judged(problem, text(&e.value), text(&s.value));
    outcome.positions = Some(s.value.positions);
    outcome.rounds.push(s.seconds, e.seconds);
    if outcome.verdict == Verdict::Correct {
        time_again(&mut outcome.rounds, || Some((solver.count(mode).ok()?.seconds, engine.count(mode).ok()?.seconds)));
    }
    Ok(outcome)
}

/// A tiling position as the solver gets it: what shrinking changes.
#[derive(Debug, Clone, PartialEq)]
pub struct StenenFile {
    height: usize,
    width: usize,
    /// Each stone as the file draws it (its orientation 0).
    stones: Vec<Shape>,
}

impl StenenFile {
    /// The position of `puzzle`.
    pub fn of(puzzle: &Puzzle) -> StenenFile {
        let stones = puzzle.stones.iter().map(|s| s.orientations[0].clone()).collect();
        StenenFile { height: puzzle.height, width: puzzle.width, stones }
    }

    /// The board size as the load request gives it (`H W`), then the stones file.
    pub fn text(&self) -> String {
        format!("{} {}\n{}", self.height, self.width, stones_text(&self.stones()))
    }

    fn stones(&self) -> Vec<Stone> {
        self.stones.iter().enumerate().map(|(i, s)| Stone::new(i + 1, s.clone())).collect()
    }

    /// The puzzle it describes (`None` where the board's sides are out of range).
    pub fn puzzle(&self) -> Option<Puzzle> {
        Puzzle::new(self.height, self.width, self.stones()).ok()
    }

    /// Whether the stones' cells add up to the board's (else no search runs).
    fn consistent(&self) -> bool {
        self.stones.iter().map(|s| s.cells.len()).sum::<usize>() == self.height * self.width
    }

    fn without(&self, stone: usize, height: usize, width: usize) -> StenenFile {
        let mut stones = self.stones.clone();
        stones.remove(stone);
        StenenFile { height, width, stones }
    }

    /// Stone `i` a cell smaller, one way for each cell whose removal keeps it connected.
    fn cut_cells(&self, i: usize) -> Vec<StenenFile> {
        let cells = &self.stones[i].cells;
        (0..cells.len())
            .filter_map(|k| {
                let mut rest = cells.clone();
                rest.remove(k);
                let shape = normalized(&rest).filter(connected)?;
                let mut f = self.clone();
                f.stones[i] = shape;
                Some(f)
            })
            .collect()
    }
}

/// Whether `shape`'s cells are 4-connected.
fn connected(shape: &Shape) -> bool {
    let mut seen = vec![shape.cells[0]];
    let mut next = 0;
    while next < seen.len() {
        let (r, c) = seen[next];
        next += 1;
        for n in [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)] {
            if shape.cells.contains(&n) && !seen.contains(&n) {
                seen.push(n);
            }
        }
    }
    seen.len() == shape.cells.len()
}

impl Shrinkable for StenenFile {
    /// The board's cells plus the stones' cells.
    fn size(&self) -> usize {
        self.height * self.width + self.stones.iter().map(|s| s.cells.len()).sum::<usize>()
    }

    /// First the steps that keep the cells adding up (a stone as long as a row or column
    /// less, with that row or column), then a smaller board, a stone less and a stone a
    /// cell smaller.
    fn smaller(&self) -> Vec<StenenFile> {
        let (h, w, n) = (self.height, self.width, self.stones.len());
        let min = *SIDES.start();
        let mut out = Vec::new();
        for i in 0..n {
            let k = self.stones[i].cells.len();
            if n > 1 && k == w && h > min {
                out.push(self.without(i, h - 1, w));
            }
            if n > 1 && k == h && w > min {
                out.push(self.without(i, h, w - 1));
            }
        }
        if h > min {
            out.push(StenenFile { height: h - 1, ..self.clone() });
        }
        if w > min {
            out.push(StenenFile { width: w - 1, ..self.clone() });
        }
        if n > 1 {
            out.extend((0..n).map(|i| self.without(i, h, w)));
        }
        out.extend((0..n).filter(|&i| self.stones[i].cells.len() > 1).flat_map(|i| self.cut_cells(i)));
        out.sort_by_key(|f| !f.consistent());
        out
    }
}

/// Shrinks the position of a wrong answer to `question`: the smallest position on which
/// the solver's answer is still wrong, with the engine's and the solver's answers there.
pub fn shrink_wrong(
    question: &str,
    puzzle: &Puzzle,
    solver: &mut dyn StenenSolver,
    engine: &mut Engine,
) -> Option<(StenenFile, Outcome)> {
    shrink_down(StenenFile::of(puzzle), |f| Some(ask(question, &f.puzzle()?, solver, engine)))
}

/// A seeded random position, larger with `index`: a board of 2 to 4 rows of 2 to 5
/// cells cut at random into stones of 1 to 5 cells, each stone turned at random and the
/// stones shuffled (so at least one tiling exists); one in eight loses a stone (its cells
/// no longer add up). Small enough that every search takes milliseconds.
pub fn random_position(rng: &mut Rng, index: usize) -> Puzzle {
    let height = rng.random_range(2..=(2 + index / 3).min(RANDOM_MAX.0));
    let width = rng.random_range(2..=(3 + index / 2).min(RANDOM_MAX.1));
    let mut stones: Vec<Shape> = cut(rng, height, width)
        .into_iter()
        .map(|s| Stone::new(1, s).orientations[rng.random_range(0..ORIENTATIONS)].clone())
        .collect();
    stones.shuffle(rng);
    if stones.len() > 1 && rng.random_range(0..8) == 0 {
        stones.pop();
    }
    StenenFile { height, width, stones }.puzzle().expect("random sides are within 2..=20")
}

/// An `height x width` board cut into connected pieces of 1 to [`MAX_SIDE`] cells: each
/// grown at random from the first cell not yet cut.
fn cut(rng: &mut Rng, height: usize, width: usize) -> Vec<Shape> {
    let mut owner = vec![false; height * width];
    let mut pieces = Vec::new();
    while let Some(first) = owner.iter().position(|&o| !o) {
        let target = rng.random_range(1..=MAX_SIDE);
        let mut piece = vec![(first / width, first % width)];
        owner[first] = true;
        while piece.len() < target {
            let free: Vec<(usize, usize)> = piece
                .iter()
                .flat_map(|&(r, c)| [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)])
                .filter(|&(r, c)| r < height && c < width && !owner[r * width + c])
                .collect();
            let Some(&(r, c)) = free.get(rng.random_range(0..free.len().max(1))) else { break };
            owner[r * width + c] = true;
            piece.push((r, c));
        }
        pieces.push(normalized(&piece).expect("a piece has a cell"));
    }
    pieces
}

/// The picture of a position: its stones side by side as the file draws them.
pub fn stones_rows(puzzle: &Puzzle) -> Vec<Vec<u8>> {
    // Stones side by side, a new line of stones (below an empty row) where the next one
    // would pass STONES_LINE_CELLS: twelve pentominoes in two lines, not one line so
    // wide that the page shrinks it past reading.
    let mut lines: Vec<Vec<Vec<u8>>> = vec![Vec::new()];
    for (i, stone) in puzzle.stones.iter().enumerate() {
        let shape = &stone.orientations[0];
        let width = lines.last().and_then(|l| l.first()).map_or(0, Vec::len);
        if width > 0 && width + shape.cols > STONES_LINE_CELLS {
            lines.push(Vec::new());
        }
        let line = lines.last_mut().expect("one line at least");
        let (width, height) = (line.first().map_or(0, Vec::len), line.len().max(shape.rows));
        line.resize(height, vec![0; width]);
        for (r, row) in line.iter_mut().enumerate() {
            row.extend((0..shape.cols).map(|c| if shape.cells.contains(&(r, c)) { i as u8 + 1 } else { 0 }));
            row.push(0);
        }
    }
    lines.join(&[Vec::new()][..])
}

/// The most cells a line of [`stones_rows`] spans before the next stone starts a new line.
const STONES_LINE_CELLS: usize = 24;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::solver::check::Timed;
    use crate::experiment::solver::session::Failure;
    use crate::stenen::outcome::Count;

    /// The twelve pentominoes stand in two lines of stones, each stone whole, numbered
    /// in the file's order.
    #[test]
    fn many_stones_are_drawn_in_lines_a_page_can_hold() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/stenen/stenen2.in");
        let puzzle = crate::stenen::rules::load_puzzle(6, 10, &path).unwrap();
        let rows = stones_rows(&puzzle);
        let gaps = rows.iter().filter(|r| r.is_empty()).count();
        assert_eq!(gaps, 1, "two lines: {rows:?}");
        assert!(rows.iter().all(|r| r.len() <= STONES_LINE_CELLS + 5), "{rows:?}");
        for n in 1..=12u8 {
            assert_eq!(rows.iter().flatten().filter(|&&c| c == n).count(), 5, "stone {n} whole");
        }
        let first = rows.iter().take_while(|r| !r.is_empty()).flatten().copied().max();
        assert!(first.is_some_and(|m| m < 12), "the first line holds the first stones");
    }

    /// A deliberate fault of a solver.
    #[derive(Clone, Copy)]
    enum Fault {
        /// Counts one solution too many.
        CountOffByOne,
        /// Smart mode without the region test: the dumb walk's answers.
        NoRegionTest,
    }

    /// The engine with one fault.
    struct Faulty {
        engine: Engine,
        fault: Fault,
    }

    impl Faulty {
        fn mode(&self, mode: Mode) -> Mode {
            match self.fault {
                Fault::NoRegionTest => Mode::Dumb,
                Fault::CountOffByOne => mode,
            }
        }
    }

    impl StenenSolver for Faulty {
        fn load(&mut self, h: usize, w: usize, stones: &[Stone]) -> Result<(), Failure> {
            self.engine.load(h, w, stones)
        }
        fn find(&mut self, mode: Mode) -> Result<Timed<Found>, Failure> {
            let mode = self.mode(mode);
            self.engine.find(mode)
        }
        fn count(&mut self, mode: Mode) -> Result<Timed<Count>, Failure> {
            let mut c = self.engine.count(self.mode(mode))?;
            if let Fault::CountOffByOne = self.fault {
                c.value.distinct += 1;
            }
            Ok(c)
        }
    }

    fn positions(n: usize) -> Vec<Puzzle> {
        let mut rng = crate::search::rng::seeded(7);
        (0..n).map(|i| random_position(&mut rng, i)).collect()
    }

    fn puzzle(h: usize, w: usize, text: &str) -> Puzzle {
        Puzzle::new(h, w, crate::stenen::load::parse_stones(std::path::Path::new("x"), text).unwrap()).unwrap()
    }

    fn stenen1() -> Puzzle {
        puzzle(4, 5, include_str!("../../instances/stenen/stenen1.in"))
    }

    #[test]
    fn the_engine_answers_itself_correctly() {
        for p in positions(60).into_iter().chain([stenen1()]) {
            for q in QUESTIONS {
                let o = ask(q, &p, &mut Engine::default(), &mut Engine::default());
                assert_eq!(o.verdict, Verdict::Correct, "{q} on {}: {}", StenenFile::of(&p).text(), o.detail);
            }
        }
    }

    #[test]
    fn random_positions_grow_to_four_by_five_and_mostly_tile() {
        let all = positions(200);
        assert!(all.iter().all(|p| p.height <= 4 && p.width <= 5));
        assert!(all.iter().any(|p| p.height == 4 && p.width == 5));
        let tiled = all.iter().filter(|p| StenenFile::of(p).consistent()).count();
        assert!(tiled >= 150, "{tiled}");
    }

    #[test]
    fn a_count_off_by_one_shrinks_to_a_one_cell_stone_on_two_by_two() {
        let mut solver = Faulty { engine: Engine::default(), fault: Fault::CountOffByOne };
        let o = ask("count dumb", &stenen1(), &mut solver, &mut Engine::default());
        assert_eq!((o.verdict, o.given.as_str()), (Verdict::Wrong, "solutions 17, positions 489"));
        let (file, shrunk) = shrink_wrong("count dumb", &stenen1(), &mut solver, &mut Engine::default()).unwrap();
        // The smallest position at all: a 2x2 board (4 cells) and one stone of one cell.
        assert_eq!((file.size(), file.text().as_str()), (5, "2 2\n1\n1 1\nX\n"));
        assert_eq!(shrunk.given, "solutions 1, positions 0");
    }

    #[test]
    fn smart_without_the_region_test_shrinks_to_a_board_where_smart_prunes() {
        let mut solver = Faulty { engine: Engine::default(), fault: Fault::NoRegionTest };
        for q in ["find smart", "count smart"] {
            assert_eq!(ask(q, &stenen1(), &mut solver, &mut Engine::default()).verdict, Verdict::Wrong, "{q}");
            let (file, shrunk) = shrink_wrong(q, &stenen1(), &mut solver, &mut Engine::default()).unwrap();
            // Smart and dumb differ only where a search runs (the cells add up) and a
            // placement cuts off a region: no 2x2 board does, a 2x4 board with two
            // stones can (size 16).
            assert!(file.consistent() && file.size() <= 16, "{q}: {}", file.text());
            assert_eq!(shrunk.verdict, Verdict::Wrong);
        }
        assert_eq!(ask("count dumb", &stenen1(), &mut solver, &mut Engine::default()).verdict, Verdict::Correct);
    }

    #[test]
    fn found_tilings_are_judged_by_rule() {
        let p = puzzle(2, 2, "2\n1 2\nXX\n1 2\nXX\n");
        assert_eq!(tiling_problem(&p, &[1, 1, 2, 2]), None);
        assert_eq!(tiling_problem(&p, &[1, 2, 1, 2]), None);
        assert!(tiling_problem(&p, &[1, 1, 1, 2]).is_some());
        assert!(tiling_problem(&p, &[1, 1, 0, 2]).is_some());
        assert!(tiling_problem(&p, &[1, 1, 3, 3]).is_some());
        assert!(tiling_problem(&p, &[1, 2, 2, 1]).is_some());
    }

    #[test]
    fn shrinking_keeps_the_cells_adding_up_first() {
        let f = StenenFile::of(&stenen1());
        let smaller = f.smaller();
        assert!(smaller.iter().all(|s| s.size() < f.size()));
        // The I tetromino is as long as a column (4): 4x4 with the other four stones.
        assert_eq!((smaller[0].height, smaller[0].width, smaller[0].stones.len()), (4, 4, 4));
        assert!(smaller[0].consistent());
    }
}
