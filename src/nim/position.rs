//! Nim positions per the spec: `n >= 1` heaps of sticks and a `maxtake` (0 = any number),
//! the legal moves, the nim value and the winning moves.

use std::fmt;

use crate::base::error::InputError;

/// Most heaps a position may have.
pub const MAX_HEAPS: usize = 64;
/// Most sticks one heap may hold (and the largest `maxtake`).
pub const MAX_STICKS: u32 = 1_000_000;

/// A move: take `count` sticks from heap `heap` (0-based, as the assignment's players type it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// 0-based heap index.
    pub heap: usize,
    /// Sticks taken, at least 1.
    pub count: u32,
}

impl Move {
    /// The move taking `count` sticks from heap `heap`.
    pub fn new(heap: usize, count: u32) -> Self {
        Move { heap, count }
    }
}

impl fmt::Display for Move {
    /// The assignment's wording: `Taking k from heap i`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Taking {} from heap {}", self.count, self.heap)
    }
}

/// Why a typed or constructed move is not legal in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    /// The heap index is not below the number of heaps.
    NoSuchHeap { heap: usize, heaps: usize },
    /// The heap holds no stick.
    EmptyHeap { heap: usize },
    /// Fewer than one stick, more than `maxtake`, or more than the heap holds.
    BadCount { count: u32, most: u32 },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::NoSuchHeap { heap, heaps } => write!(f, "there is no heap {heap}: {}", heap_numbers(heaps)),
            IllegalMove::EmptyHeap { heap } => write!(f, "heap {heap} is empty"),
            IllegalMove::BadCount { count, most } => {
                write!(f, "cannot take {count} from that heap: {}", take_range(most))
            }
        }
    }
}

/// Which heap numbers exist among `heaps` heaps: `heaps are numbered from 0 to 2`, or
/// `the only heap is heap 0`.
pub fn heap_numbers(heaps: usize) -> String {
    match heaps {
        0 | 1 => "the only heap is heap 0".to_string(),
        n => format!("heaps are numbered from 0 to {}", n - 1),
    }
}

/// The counts a move may take when at most `most` are allowed: `take from 1 to 3
/// sticks`, or `take exactly 1 stick`.
pub fn take_range(most: u32) -> String {
    match most {
        0 | 1 => "take exactly 1 stick".to_string(),
        n => format!("take from 1 to {n} sticks"),
    }
}

/// A Nim position: heap sizes and the move limit. Always valid: 1 to [`MAX_HEAPS`] heaps,
/// each of at most [`MAX_STICKS`] sticks, `maxtake <= MAX_STICKS`. Copying is cheap and
/// allocation-free (a fixed array).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    heaps: [u32; MAX_HEAPS],
    len: usize,
    maxtake: u32,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?}, maxtake {})", self.heaps(), self.maxtake)
    }
}

impl fmt::Display for Position {
    /// The heap sizes separated by single spaces, as the assignment's `Heaps:` line shows them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.heaps().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl Position {
    /// A position with these heap sizes and `maxtake` (0 = any number).
    ///
    /// Refuses no heaps, more than [`MAX_HEAPS`] heaps, a heap above [`MAX_STICKS`] and a
    /// `maxtake` above [`MAX_STICKS`].
    pub fn new(heaps: &[u32], maxtake: u32) -> Result<Self, InputError> {
        if heaps.is_empty() {
            return Err(InputError::new("a Nim position needs at least one heap"));
        }
        if heaps.len() > MAX_HEAPS {
            return Err(InputError::new(format!(
                "{} heaps given; a position has from 1 to {MAX_HEAPS} heaps",
                heaps.len()
            )));
        }
        if let Some((i, s)) = heaps.iter().enumerate().find(|(_, &s)| s > MAX_STICKS) {
            return Err(InputError::new(format!(
                "heap {i} has {s} sticks; a heap holds from 0 to {MAX_STICKS} sticks"
            )));
        }
        if maxtake > MAX_STICKS {
            return Err(InputError::new(format!(
                "maxtake {maxtake} is out of range: it is from 0 to {MAX_STICKS} (0: any number)"
            )));
        }
        let mut array = [0; MAX_HEAPS];
        array[..heaps.len()].copy_from_slice(heaps);
        Ok(Position { heaps: array, len: heaps.len(), maxtake })
    }

    /// The heap sizes.
    pub fn heaps(&self) -> &[u32] {
        &self.heaps[..self.len]
    }

    /// Number of heaps (empty ones included).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: a position has at least one heap. (For API completeness.)
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The move limit; 0 means any number.
    pub fn maxtake(&self) -> u32 {
        self.maxtake
    }

    /// Most sticks one move may take from a heap of `size`.
    #[inline]
    pub fn most_from(&self, size: u32) -> u32 {
        if self.maxtake == 0 {
            size
        } else {
            size.min(self.maxtake)
        }
    }

    /// True when no stick is left: the player to move has lost.
    pub fn is_over(&self) -> bool {
        self.heaps().iter().all(|&s| s == 0)
    }

    /// Checks `mv` against the rules without playing it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if mv.heap >= self.len {
            return Err(IllegalMove::NoSuchHeap { heap: mv.heap, heaps: self.len });
        }
        let size = self.heaps[mv.heap];
        if size == 0 {
            return Err(IllegalMove::EmptyHeap { heap: mv.heap });
        }
        let most = self.most_from(size);
        if mv.count == 0 || mv.count > most {
            return Err(IllegalMove::BadCount { count: mv.count, most });
        }
        Ok(())
    }

    /// Plays a legal move. Panics in debug builds on an illegal one (use [`Position::check`]).
    #[inline]
    pub fn play(&mut self, mv: Move) {
        debug_assert_eq!(self.check(mv), Ok(()), "illegal move {mv:?} in {self:?}");
        self.heaps[mv.heap] -= mv.count;
    }

    /// Takes back a move played by [`Position::play`].
    #[inline]
    pub fn undo(&mut self, mv: Move) {
        self.heaps[mv.heap] += mv.count;
    }

    /// Every legal move, heap ascending then count ascending.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.heaps()
            .iter()
            .enumerate()
            .flat_map(move |(heap, &size)| (1..=self.most_from(size)).map(move |count| Move { heap, count }))
    }

    /// Number of legal moves (what [`Position::legal_moves`] yields).
    pub fn legal_move_count(&self) -> u64 {
        self.heaps().iter().map(|&s| u64::from(self.most_from(s))).sum()
    }

    /// The `index`-th legal move in [`Position::legal_moves`] order, without enumerating.
    pub fn legal_move(&self, mut index: u64) -> Option<Move> {
        for (heap, &size) in self.heaps().iter().enumerate() {
            let most = u64::from(self.most_from(size));
            if index < most {
                return Some(Move { heap, count: index as u32 + 1 });
            }
            index -= most;
        }
        None
    }

    /// Nim value of one heap: `size mod (maxtake + 1)`, or `size` when `maxtake = 0`.
    #[inline]
    pub fn heap_value(&self, size: u32) -> u32 {
        if self.maxtake == 0 {
            size
        } else {
            size % (self.maxtake + 1)
        }
    }

    /// Nim value of the position: the XOR of the heaps' values. 0 means the player to move
    /// has no winning strategy.
    pub fn nim_value(&self) -> u32 {
        self.heaps().iter().fold(0, |v, &s| v ^ self.heap_value(s))
    }

    /// The winning moves (those to a position of value 0), heap ascending, count ascending;
    /// none when the value is 0. At most one per heap: the heap's value must become
    /// `value ^ heap_value`, which at most one count in `1..=maxtake` reaches.
    pub fn winning_moves(&self) -> impl Iterator<Item = Move> + '_ {
        let value = self.nim_value();
        self.heaps().iter().enumerate().filter_map(move |(heap, &size)| {
            if value == 0 || size == 0 {
                return None;
            }
            let own = self.heap_value(size);
            let target = value ^ own;
            let count = if self.maxtake == 0 {
                size.checked_sub(target).filter(|&c| c > 0)?
            } else {
                // A heap's value is below m + 1, so a larger target is out of reach. Otherwise
                // `target != own`, and taking k lowers the value by k mod (m + 1).
                if target > self.maxtake {
                    return None;
                }
                let modulus = self.maxtake + 1;
                (own + modulus - target) % modulus
            };
            (count >= 1 && count <= self.most_from(size)).then_some(Move { heap, count })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(heaps: &[u32], maxtake: u32) -> Position {
        Position::new(heaps, maxtake).unwrap()
    }

    #[test]
    fn seed_worked_example_value_and_winning_move() {
        // The seed: heaps 9, 11, 7, maxtake 3 have heap values 1, 3, 3 and value 1;
        // taking one stick from the first heap (to 8, 11, 7) is a winning move.
        let p = pos(&[9, 11, 7], 3);
        let values: Vec<u32> = p.heaps().iter().map(|&s| p.heap_value(s)).collect();
        assert_eq!(values, [1, 3, 3]);
        assert_eq!(p.nim_value(), 1);
        let wins: Vec<Move> = p.winning_moves().collect();
        assert!(wins.contains(&Move::new(0, 1)), "{wins:?}");
        let mut after = p;
        after.play(Move::new(0, 1));
        assert_eq!(after.heaps(), [8, 11, 7]);
        assert_eq!(after.nim_value(), 0);
        // Heaps 1 and 2 have value 3; lowering 3 to 2 needs 1 stick there too.
        assert_eq!(wins, [Move::new(0, 1), Move::new(1, 1), Move::new(2, 1)]);
    }

    #[test]
    fn transcript_start_values() {
        // The assignment's sample game: 10 11 11 with maxtake 3 has value 2 ^ 3 ^ 3 = 2, and the
        // human's 0 2 leaves 8 11 11 of value 0.
        let mut p = pos(&[10, 11, 11], 3);
        assert_eq!(p.nim_value(), 2);
        p.play(Move::new(0, 2));
        assert_eq!(p.nim_value(), 0);
        assert_eq!(p.winning_moves().count(), 0);
    }

    #[test]
    fn plain_nim_winning_moves() {
        // 3 4 5 (any number): value 2; winning moves make 1 4 5 (take 2 from heap 0),
        // 3 6.. impossible (4^2=6 > 4), 3 4 7 impossible; so only heap 0.
        let p = pos(&[3, 4, 5], 0);
        assert_eq!(p.nim_value(), 2);
        assert_eq!(p.winning_moves().collect::<Vec<_>>(), [Move::new(0, 2)]);
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_value_zero() {
        for maxtake in 0..5 {
            for a in 0..9 {
                for b in 0..9 {
                    for c in 0..6 {
                        let p = pos(&[a, b, c], maxtake);
                        let brute: Vec<Move> = p
                            .legal_moves()
                            .filter(|&m| {
                                let mut q = p;
                                q.play(m);
                                q.nim_value() == 0
                            })
                            .collect();
                        assert_eq!(p.winning_moves().collect::<Vec<_>>(), brute, "{p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn legal_moves_respect_maxtake_and_index_access_agrees() {
        let p = pos(&[0, 2, 5], 3);
        let all: Vec<Move> = p.legal_moves().collect();
        assert_eq!(all.len(), 5);
        assert_eq!(all[0], Move::new(1, 1));
        assert_eq!(all[4], Move::new(2, 3));
        assert_eq!(p.legal_move_count(), 5);
        for (i, m) in all.iter().enumerate() {
            assert_eq!(p.legal_move(i as u64), Some(*m));
        }
        assert_eq!(p.legal_move(5), None);
    }

    #[test]
    fn check_names_each_refusal() {
        let p = pos(&[0, 2, 5], 3);
        assert_eq!(p.check(Move::new(3, 1)), Err(IllegalMove::NoSuchHeap { heap: 3, heaps: 3 }));
        assert_eq!(p.check(Move::new(0, 1)), Err(IllegalMove::EmptyHeap { heap: 0 }));
        assert_eq!(p.check(Move::new(2, 0)), Err(IllegalMove::BadCount { count: 0, most: 3 }));
        assert_eq!(p.check(Move::new(2, 4)), Err(IllegalMove::BadCount { count: 4, most: 3 }));
        assert_eq!(p.check(Move::new(1, 3)), Err(IllegalMove::BadCount { count: 3, most: 2 }));
        assert_eq!(p.check(Move::new(2, 3)), Ok(()));
    }

    #[test]
    fn construction_refuses_out_of_bounds() {
        assert!(Position::new(&[], 0).is_err());
        assert!(Position::new(&[1; MAX_HEAPS + 1], 0).is_err());
        assert!(Position::new(&[1; MAX_HEAPS], 0).is_ok());
        assert!(Position::new(&[MAX_STICKS + 1], 0).is_err());
        assert!(Position::new(&[MAX_STICKS], MAX_STICKS).is_ok());
        assert!(Position::new(&[1], MAX_STICKS + 1).is_err());
    }

    #[test]
    fn over_and_display() {
        assert!(pos(&[0, 0], 2).is_over());
        assert!(!pos(&[0, 1], 2).is_over());
        assert_eq!(pos(&[10, 11, 11], 3).to_string(), "10 11 11");
        assert_eq!(Move::new(2, 1).to_string(), "Taking 1 from heap 2");
    }

    proptest::proptest! {
        #[test]
        fn play_then_undo_restores(heaps in proptest::collection::vec(0u32..40, 1..8), maxtake in 0u32..6, pick in 0u64..1000) {
            let p = pos(&heaps, maxtake);
            let n = p.legal_move_count();
            proptest::prop_assume!(n > 0);
            let mv = p.legal_move(pick % n).unwrap();
            proptest::prop_assert_eq!(p.check(mv), Ok(()));
            let mut q = p;
            q.play(mv);
            proptest::prop_assert_eq!(q.heaps().iter().sum::<u32>() + mv.count, p.heaps().iter().sum::<u32>());
            q.undo(mv);
            proptest::prop_assert_eq!(q, p);
        }
    }
}
