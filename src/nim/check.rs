//! Checking a solver's answers to Nim's questions against the engine: the nim value is
//! exact; a winning move is judged by rule (any legal move to a position of value 0, `-`
//! exactly where the value is 0). A wrong answer is shrunk to the smallest position that
//! still shows it (a heap less, a heap halved or a stick smaller, a smaller `maxtake`);
//! seeded random positions of growing size are made to ask on.

use rand::Rng as _;

use super::position::{Move, Position};
use super::questions::{load_request, Engine, NimSolver};
use crate::experiment::solver::check::{shrink_wrong as shrink_down, time_again, Asked, Outcome, Shrinkable};
use crate::experiment::solver::verdict::Verdict;
use crate::search::rng::Rng;

/// The questions, by their protocol words.
pub const QUESTIONS: [&str; 2] = ["value", "winning"];

/// Asks `question` (one of [`QUESTIONS`]) of `solver` on `position` and checks the answer
/// against `engine`.
pub fn ask(question: &str, position: &Position, solver: &mut dyn NimSolver, engine: &mut Engine) -> Outcome {
    let (maxtake, heaps) = (position.maxtake(), position.heaps());
    if let Err(f) = engine.load(maxtake, heaps) {
        return Outcome::failed(&f, String::new());
    }
    if let Err(f) = solver.load(maxtake, heaps) {
        return Outcome::failed(&f, "the position loaded".to_string());
    }
    let outcome = match question {
        "value" => ask_value(solver, engine),
        _ => ask_winning(position, solver, engine),
    };
    outcome.unwrap_or_else(|(f, expected)| Outcome::failed(&f, expected))
}

fn ask_value(solver: &mut dyn NimSolver, engine: &mut Engine) -> Asked {
    let e = engine.value().map_err(|f| (f, String::new()))?;
    let s = solver.value().map_err(|f| (f, e.value.to_string()))?;
    let wrong = (s.value != e.value).then(|| format!("value {} where the nim value is {}", s.value, e.value));
    let mut outcome = Outcome::judged(wrong, e.value.to_string(), s.value.to_string());
    outcome.rounds.push(s.seconds, e.seconds);
    if outcome.verdict == Verdict::Correct {
        time_again(&mut outcome.rounds, || Some((solver.value().ok()?.seconds, engine.value().ok()?.seconds)));
    }
    Ok(outcome)
}

fn move_text(mv: Option<Move>) -> String {
    mv.map_or("-".to_string(), |m| format!("{} {}", m.heap, m.count))
}

/// Why `given` is not a winning move of `position`: `-` exactly at value 0, else a legal
/// move to a position of value 0.
fn winning_problem(position: &Position, given: Option<Move>) -> Option<String> {
    let value = position.nim_value();
    let Some(mv) = given else {
        return (value != 0).then(|| format!("no move (-) where the value is {value}"));
    };
    if value == 0 {
        return Some(format!("move {} at a position of value 0 (expected -)", move_text(given)));
    }
    if let Err(why) = position.check(mv) {
        return Some(format!("move {} is not legal: {why}", move_text(given)));
    }
    let mut after = *position;
    after.play(mv);
    let left = after.nim_value();
    (left != 0).then(|| format!("move {} leaves value {left}, not 0", move_text(given)))
}

fn ask_winning(position: &Position, solver: &mut dyn NimSolver, engine: &mut Engine) -> Asked {
    let e = engine.winning().map_err(|f| (f, String::new()))?;
    let expected = match e.value {
        Some(_) => format!("a move to value 0 (one: {})", move_text(e.value)),
        None => "-".to_string(),
    };
    let s = solver.winning().map_err(|f| (f, expected.clone()))?;
    let mut outcome = Outcome::judged(winning_problem(position, s.value), expected, move_text(s.value));
    outcome.rounds.push(s.seconds, e.seconds);
    if outcome.verdict == Verdict::Correct {
        time_again(&mut outcome.rounds, || Some((solver.winning().ok()?.seconds, engine.winning().ok()?.seconds)));
    }
    Ok(outcome)
}

/// A Nim position as the load request gives it: what shrinking changes.
#[derive(Debug, Clone, PartialEq)]
pub struct NimFile {
    maxtake: u32,
    heaps: Vec<u32>,
}

impl NimFile {
    /// The request of `position`.
    pub fn of(position: &Position) -> NimFile {
        NimFile { maxtake: position.maxtake(), heaps: position.heaps().to_vec() }
    }

    /// The load request: `load MAXTAKE S1 ... Sn`.
    pub fn text(&self) -> String {
        load_request(self.maxtake, &self.heaps)
    }

    /// The position it describes.
    pub fn position(&self) -> Option<Position> {
        Position::new(&self.heaps, self.maxtake).ok()
    }

    fn with(&self, change: impl FnOnce(&mut NimFile)) -> NimFile {
        let mut f = self.clone();
        change(&mut f);
        f
    }
}

impl Shrinkable for NimFile {
    /// Sticks, plus heaps, plus `maxtake`.
    fn size(&self) -> usize {
        self.heaps.iter().map(|&s| s as usize).sum::<usize>() + self.heaps.len() + self.maxtake as usize
    }

    /// A heap less, a heap halved, a heap a stick smaller, `maxtake` one smaller (never
    /// down to 0, which means any number).
    fn smaller(&self) -> Vec<NimFile> {
        let mut out = Vec::new();
        if self.heaps.len() > 1 {
            out.extend((0..self.heaps.len()).map(|i| {
                self.with(|f| {
                    f.heaps.remove(i);
                })
            }));
        }
        for (i, &s) in self.heaps.iter().enumerate() {
            if s > 1 {
                out.push(self.with(|f| f.heaps[i] = s / 2));
            }
            if s > 0 {
                out.push(self.with(|f| f.heaps[i] = s - 1));
            }
        }
        if self.maxtake > 1 {
            out.push(self.with(|f| f.maxtake -= 1));
        }
        out
    }
}

/// Shrinks the position of a wrong answer to `question`: the smallest position on which
/// the solver's answer is still wrong, with the engine's and the solver's answers there.
pub fn shrink_wrong(
    question: &str,
    position: &Position,
    solver: &mut dyn NimSolver,
    engine: &mut Engine,
) -> Option<(NimFile, Outcome)> {
    shrink_down(NimFile::of(position), |f| Some(ask(question, &f.position()?, solver, engine)))
}

/// A seeded random position, larger with `index`: 1 to 6 heaps of up to 40 sticks, and a
/// `maxtake` of 0 (any number) one time in three, else 1 to 8.
pub fn random_position(rng: &mut Rng, index: usize) -> Position {
    let heaps = rng.random_range(1..=(1 + index / 3).min(6));
    let most = (3 + index).min(40) as u32;
    let sizes: Vec<u32> = (0..heaps).map(|_| rng.random_range(0..=most)).collect();
    let maxtake = if rng.random_range(0..3) == 0 { 0 } else { rng.random_range(1..=(1 + index / 2).min(8) as u32) };
    Position::new(&sizes, maxtake).expect("random heaps are within the limits")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::solver::check::Timed;
    use crate::experiment::solver::session::Failure;

    /// Nim values without `mod (maxtake + 1)`: the XOR of the heap sizes, and plain Nim's
    /// winning move for it.
    #[derive(Default)]
    struct NoModulus {
        heaps: Vec<u32>,
    }

    impl NimSolver for NoModulus {
        fn load(&mut self, _maxtake: u32, heaps: &[u32]) -> Result<(), Failure> {
            self.heaps = heaps.to_vec();
            Ok(())
        }
        fn value(&mut self) -> Result<Timed<u32>, Failure> {
            Ok(Timed { value: self.heaps.iter().fold(0, |v, &s| v ^ s), seconds: 0.0 })
        }
        fn winning(&mut self) -> Result<Timed<Option<Move>>, Failure> {
            let plain = Position::new(&self.heaps, 0).expect("valid");
            let value = plain.winning_moves().next();
            Ok(Timed { value, seconds: 0.0 })
        }
    }

    fn positions(n: usize) -> Vec<Position> {
        let mut rng = crate::search::rng::seeded(11);
        (0..n).map(|i| random_position(&mut rng, i)).collect()
    }

    #[test]
    fn the_engine_answers_itself_correctly() {
        for p in positions(200) {
            for q in QUESTIONS {
                let o = ask(q, &p, &mut Engine::default(), &mut Engine::default());
                assert_eq!(o.verdict, Verdict::Correct, "{q} on {p:?}: {}", o.detail);
            }
        }
    }

    #[test]
    fn values_without_the_modulus_shrink_to_two_sticks_taken_one_at_a_time() {
        let start = Position::new(&[5, 7, 9], 3).unwrap();
        // 5 mod 4 ^ 7 mod 4 ^ 9 mod 4 = 1 ^ 3 ^ 1 = 3; without the modulus 5 ^ 7 ^ 9 = 11.
        let o = ask("value", &start, &mut NoModulus::default(), &mut Engine::default());
        assert_eq!((o.verdict, o.expected.as_str(), o.given.as_str()), (Verdict::Wrong, "3", "11"));
        for q in QUESTIONS {
            let (file, shrunk) = shrink_wrong(q, &start, &mut NoModulus::default(), &mut Engine::default()).unwrap();
            // The smallest wrong position: one heap of 2 with maxtake 1 (value 0, not 2);
            // one stick is value 1 either way, and maxtake 0 is plain Nim.
            assert_eq!((file.text().as_str(), file.size()), ("load 1 2", 4), "{q}");
            assert_eq!(shrunk.verdict, Verdict::Wrong);
        }
    }

    #[test]
    fn a_winning_move_is_any_legal_move_to_value_zero() {
        let p = Position::new(&[1, 2, 3], 0).unwrap();
        assert_eq!(p.nim_value(), 0);
        assert_eq!(winning_problem(&p, None), None);
        assert!(winning_problem(&p, Some(Move::new(0, 1))).is_some());
        let p = Position::new(&[3, 5, 7], 0).unwrap();
        // 3 ^ 5 ^ 7 = 1: take 1 from any heap (each is odd) reaches 0.
        for heap in 0..3 {
            assert_eq!(winning_problem(&p, Some(Move::new(heap, 1))), None);
        }
        assert!(winning_problem(&p, Some(Move::new(0, 2))).is_some());
        assert!(winning_problem(&p, Some(Move::new(3, 1))).is_some());
        assert!(winning_problem(&p, None).is_some());
        let m = Position::new(&[6], 2).unwrap();
        // 6 mod 3 = 0: no winning move; with 7 the move takes 1.
        assert_eq!(winning_problem(&m, None), None);
        let m = Position::new(&[7], 2).unwrap();
        assert_eq!(winning_problem(&m, Some(Move::new(0, 1))), None);
        assert!(winning_problem(&m, Some(Move::new(0, 4))).is_some());
    }
}
