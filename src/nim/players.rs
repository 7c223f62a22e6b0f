//! The players: the computer per the spec, and a uniformly random player.

use rand::Rng;

use super::position::{Move, Position};
use super::selector::Selector;

/// The computer's move, or `None` when no stick is left.
///
/// With winning moves, one of them uniformly at random: each is added to a [`Selector`]
/// (heap ascending, count ascending) and the selector's choice is played. Without, one
/// stick from the lowest-numbered non-empty heap (as in the assignment's sample game).
pub fn computer_move<R: Rng + ?Sized>(position: &Position, rng: &mut R) -> Option<Move> {
    computer_reply(position, rng).map(|(mv, _)| mv)
}

/// [`computer_move`] with the number of winning moves its selector was given (its
/// `get_count()`; 0 when the move is the one-stick fallback). Same draws from `rng`.
pub fn computer_reply<R: Rng + ?Sized>(position: &Position, rng: &mut R) -> Option<(Move, u64)> {
    let mut selector = Selector::new(rng);
    for mv in position.winning_moves() {
        selector.add(mv);
    }
    let count = selector.get_count();
    selector.get().map(|mv| (mv, count)).or_else(|| fallback_move(position).map(|mv| (mv, 0)))
}

/// One stick from the lowest-numbered non-empty heap, or `None` when all are empty.
pub fn fallback_move(position: &Position) -> Option<Move> {
    position.heaps().iter().position(|&s| s > 0).map(|heap| Move::new(heap, 1))
}

/// A move drawn uniformly from all legal moves, or `None` when there is none.
pub fn random_move<R: Rng + ?Sized>(position: &Position, rng: &mut R) -> Option<Move> {
    let n = position.legal_move_count();
    if n == 0 {
        return None;
    }
    position.legal_move(rng.random_range(0..n))
}

/// How a game of the computer against the random player ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// True when the random player was left without a stick to take.
    pub computer_won: bool,
    /// Moves played by both sides.
    pub moves: u64,
}

/// Plays the computer (moving first) against the uniformly random player from `start`
/// until no stick is left; both draw from `rng`.
pub fn computer_vs_random<R: Rng + ?Sized>(start: &Position, rng: &mut R) -> GameResult {
    let mut position = *start;
    let mut moves = 0;
    let mut computer_to_move = true;
    loop {
        let mv = if computer_to_move { computer_move(&position, rng) } else { random_move(&position, rng) };
        match mv {
            Some(mv) => position.play(mv),
            None => return GameResult { computer_won: !computer_to_move, moves },
        }
        moves += 1;
        computer_to_move = !computer_to_move;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::rng::seeded;

    #[test]
    fn computer_plays_a_winning_move_when_there_is_one() {
        let p = Position::new(&[9, 11, 7], 3).unwrap();
        let mut rng = seeded(5);
        for _ in 0..50 {
            let mv = computer_move(&p, &mut rng).unwrap();
            let mut q = p;
            q.play(mv);
            assert_eq!(q.nim_value(), 0, "{mv:?}");
        }
    }

    #[test]
    fn computer_picks_every_winning_move_sometimes() {
        let p = Position::new(&[9, 11, 7], 3).unwrap();
        let mut rng = seeded(6);
        let mut seen = [0u32; 3];
        for _ in 0..600 {
            seen[computer_move(&p, &mut rng).unwrap().heap] += 1;
        }
        assert!(seen.iter().all(|&c| c > 100), "{seen:?}");
    }

    #[test]
    fn losing_computer_takes_one_from_lowest_nonempty_heap() {
        // The assignment's game after the human's first move: 8 11 11 (value 0).
        let p = Position::new(&[8, 11, 11], 3).unwrap();
        assert_eq!(computer_move(&p, &mut seeded(1)), Some(Move::new(0, 1)));
        let p = Position::new(&[0, 11, 11], 3).unwrap();
        assert_eq!(computer_move(&p, &mut seeded(1)), Some(Move::new(1, 1)));
        let p = Position::new(&[0, 0], 0).unwrap();
        assert_eq!(computer_move(&p, &mut seeded(1)), None);
    }

    #[test]
    fn random_player_moves_are_legal_and_varied() {
        let p = Position::new(&[0, 3, 5], 2).unwrap();
        let mut rng = seeded(8);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let mv = random_move(&p, &mut rng).unwrap();
            assert_eq!(p.check(mv), Ok(()));
            seen.insert(mv);
        }
        assert_eq!(seen.len(), 4);
        assert_eq!(random_move(&Position::new(&[0], 2).unwrap(), &mut rng), None);
    }
    #[test]
    fn computer_wins_every_game_from_a_nonzero_start() {
        let mut rng = seeded(11);
        for maxtake in 0..4 {
            for a in 0..7 {
                for b in 0..7 {
                    let p = Position::new(&[a, b, 3], maxtake).unwrap();
                    let r = computer_vs_random(&p, &mut rng);
                    if p.nim_value() != 0 {
                        assert!(r.computer_won, "{p:?}");
                        assert_eq!(r.moves % 2, 1, "the computer makes the last move");
                    }
                }
            }
        }
    }

    #[test]
    fn game_from_an_empty_position_is_lost_at_once() {
        let p = Position::new(&[0, 0], 1).unwrap();
        assert_eq!(computer_vs_random(&p, &mut seeded(1)), GameResult { computer_won: false, moves: 0 });
        let p = Position::new(&[1], 1).unwrap();
        assert_eq!(computer_vs_random(&p, &mut seeded(1)), GameResult { computer_won: true, moves: 1 });
    }
}
