//! Continuation-game counts (the assignment's "aantal vervolgpartijen") under the spec's
//! variant rules: a capture is a single jump (still mandatory), a game ends when both
//! players have a king (checked first) or when the player to move has no move (that
//! player lost); a position that is already over is one game.
//!
//! This module holds the plain walks, which visit every game, and the pieces the
//! memoised count of the `memo` module builds on ([`Games`], `games_from`,
//! `terminal`). Counts are exact `u128`s; an overflow is reported, never wrapped.

use super::geometry::{Color, Geometry};
use super::moves::{generate, legal_moves};
use super::position::Position;
use crate::search::bits::Bits;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::budget::Ticker;
use crate::search::split::{self, SplitTree};

/// Number of games and their split by outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Games {
    /// All games.
    pub total: u128,
    /// Games Black won (White to move and stuck).
    pub black_wins: u128,
    /// Games White won.
    pub white_wins: u128,
    /// Games ended because both players have a king.
    pub both_kings: u128,
}

impl Games {
    /// One game won by `winner`.
    pub fn won_by(winner: Color) -> Games {
        match winner {
            Color::Black => Games { total: 1, black_wins: 1, ..Games::default() },
            Color::White => Games { total: 1, white_wins: 1, ..Games::default() },
        }
    }

    /// One game ended by both players having a king.
    pub fn both() -> Games {
        Games { total: 1, both_kings: 1, ..Games::default() }
    }

    /// Adds `o`; `Err` on a `u128` overflow.
    pub fn add(&mut self, o: &Games) -> Result<(), CountStop> {
        let add = |a: u128, b: u128| a.checked_add(b).ok_or(CountStop::Overflow);
        *self = Games {
            total: add(self.total, o.total)?,
            black_wins: add(self.black_wins, o.black_wins)?,
            white_wins: add(self.white_wins, o.white_wins)?,
            both_kings: add(self.both_kings, o.both_kings)?,
        };
        Ok(())
    }
}

/// Why a count (or a memo walk) did not finish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountStop {
    /// Time limit or Ctrl-C.
    Stopped(Stopped),
    /// A count passed its integer type (`u128` for games, `u64` for perft leaves).
    Overflow,
    /// The memo table could not be allocated.
    NoMemory(String),
}

impl From<Stopped> for CountStop {
    fn from(s: Stopped) -> Self {
        CountStop::Stopped(s)
    }
}

impl std::fmt::Display for CountStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CountStop::Stopped(s) => write!(f, "{s}"),
            CountStop::Overflow => write!(f, "a count exceeds its integer type"),
            CountStop::NoMemory(message) => write!(f, "{message}"),
        }
    }
}

/// The result of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// Games and outcome split.
    pub games: Games,
    /// Calls of the recursive count, the start included (memo hits included).
    pub positions: u64,
    /// Calls of the plain recursive count (equal to `positions` for the plain count;
    /// computed through the table by the memoised one).
    pub plain_positions: u128,
    /// Positions stored in the memo at the end (0 for the plain count).
    pub distinct_positions: u64,
    /// Bytes of the memo table (0 for the plain count).
    pub memo_bytes: u64,
}

impl Count {
    fn plain(games: Games, positions: u64) -> Self {
        Count { games, positions, plain_positions: u128::from(positions), distinct_positions: 0, memo_bytes: 0 }
    }
}

/// How a finished position ends, if it does: both have a king, or the side to move is stuck.
pub(crate) fn terminal<B: Bits>(g: &Geometry<B>, p: &Position<B>) -> Option<Games> {
    if p.both_have_kings() {
        return Some(Games::both());
    }
    let mut stuck = true;
    // Cheap stuck test: any generated move proves the game goes on.
    generate::<B, false>(g, p, &mut |_| stuck = false);
    stuck.then(|| Games::won_by(p.side.other()))
}

/// Plain sequential count from `p`.
pub fn count_plain<B: Bits>(g: &Geometry<B>, p: &Position<B>, budget: &Budget) -> Result<Count, CountStop> {
    let mut t = Ticker::new(budget);
    let games = plain_rec(g, p, &mut t)?;
    t.flush()?;
    Ok(Count::plain(games, t.total()))
}

fn plain_rec<B: Bits>(g: &Geometry<B>, p: &Position<B>, t: &mut Ticker) -> Result<Games, CountStop> {
    t.visit()?;
    games_from(g, p, &mut |child| plain_rec(g, child, t))
}

/// The games from `p` given a count of each child position: "both have a king" first,
/// then a loss for a side with no move, else the sum over the children.
#[inline(always)]
pub(crate) fn games_from<B: Bits, E: From<CountStop>>(
    g: &Geometry<B>,
    p: &Position<B>,
    child_games: &mut impl FnMut(&Position<B>) -> Result<Games, E>,
) -> Result<Games, E> {
    if p.both_have_kings() {
        return Ok(Games::both());
    }
    let mut sum = Games::default();
    let mut any = false;
    let mut stop = None;
    generate::<B, false>(g, p, &mut |m| {
        any = true;
        if stop.is_none() {
            if let Err(e) = child_games(&p.apply(m)).and_then(|x| sum.add(&x).map_err(E::from)) {
                stop = Some(e);
            }
        }
    });
    match stop {
        Some(e) => Err(e),
        None if !any => Ok(Games::won_by(p.side.other())),
        None => Ok(sum),
    }
}

/// Plain count on the current rayon pool, cut by the root splitter; games and positions
/// equal [`count_plain`]'s exactly.
pub fn count_parallel<B: Bits>(g: &Geometry<B>, p: &Position<B>, budget: &Budget) -> Result<Count, CountStop> {
    split::search(&CountTree { g, budget }, *p)
}

/// How evenly [`count_parallel`] shares the count from `p` over `workers` workers when it
/// cuts it into about `tasks` tasks ([`split::balance`]: every task walked one after the
/// other, counted in positions, no clock).
pub fn count_balance<B: Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    tasks: usize,
    workers: usize,
    budget: &Budget,
) -> Result<split::Balance, CountStop> {
    split::balance(&CountTree { g, budget }, *p, tasks, workers)
}

/// The plain count's tree for the splitter: a node is a position.
struct CountTree<'a, B> {
    g: &'a Geometry<B>,
    budget: &'a Budget,
}

impl<B: Bits> SplitTree for CountTree<'_, B> {
    type Node = Position<B>;
    type Value = Count;
    type Error = CountStop;

    fn children(&self, p: &Position<B>) -> Result<Option<Vec<Position<B>>>, CountStop> {
        if terminal(self.g, p).is_some() {
            return Ok(None);
        }
        self.budget.tick(1)?;
        Ok(Some(legal_moves::<B, false>(self.g, p).iter().map(|m| p.apply(m)).collect()))
    }

    fn walk(&self, p: Position<B>) -> Result<Count, CountStop> {
        count_plain(self.g, &p, self.budget)
    }

    fn join(&self, _p: Position<B>, children: Vec<Count>) -> Result<Count, CountStop> {
        let mut games = Games::default();
        for c in &children {
            games.add(&c.games)?;
        }
        Ok(Count::plain(games, 1 + children.iter().map(|c| c.positions).sum::<u64>()))
    }

    fn positions(&self, value: &Count) -> u64 {
        value.positions
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The geometry and start position of an `m x n` board with `r` rows of men.
    pub(crate) fn start(m: u8, n: u8, r: u8) -> (Geometry<u64>, Position<u64>) {
        let g = Geometry::new(m, n, r).unwrap();
        let p = Position::start(&g);
        (g, p)
    }

    #[test]
    fn finished_positions_count_as_one_game() {
        let g = Geometry::<u64>::new(4, 4, 1).unwrap();
        let p = Position::empty(Color::Black);
        let b = Budget::unlimited();
        assert_eq!(count_plain(&g, &p, &b).unwrap().games, Games::won_by(Color::White));
        let p = Position::from_text(&g, Color::Black, "Ba1 Wd4").unwrap();
        let c = count_plain(&g, &p, &b).unwrap();
        assert_eq!((c.games, c.positions), (Games::both(), 1));
    }

    /// 3x3, r=1: Black a1, c1; White a3, c3. After a1-b2 White must take c3xa1 (crowned);
    /// Black's only move c1-b2 then allows a3xc1 or a1xc3, each leaving Black without
    /// pieces. By symmetry c1-b2 gives two more: 4 games, all won by White, visiting
    /// 1 + 2 * (3 + 2) = 11 positions. One end position (White kings on a1 and c1) is
    /// reached both ways, so the memo stores 10.
    #[test]
    fn three_by_three_by_hand() {
        let (g, p) = start(3, 3, 1);
        let c = count_plain(&g, &p, &Budget::unlimited()).unwrap();
        assert_eq!(c.games, Games { total: 4, white_wins: 4, ..Games::default() });
        assert_eq!(c.positions, 11);
        let m = crate::checkers::memo::count_memo(&g, &p, 1 << 20, false, &Budget::unlimited()).unwrap();
        assert_eq!(m.games, c.games);
        assert_eq!((m.positions, m.distinct_positions), (11, 10));
    }

    #[test]
    fn plain_memo_and_parallel_agree_on_small_boards() {
        let b = Budget::unlimited();
        for (m, n, r) in [(3, 3, 1), (3, 4, 1), (4, 3, 1), (4, 4, 1), (4, 5, 1), (5, 4, 1), (5, 5, 1)] {
            let (g, p) = start(m, n, r);
            let plain = count_plain(&g, &p, &b).unwrap();
            let memo = crate::checkers::memo::count_memo(&g, &p, 1 << 22, false, &b).unwrap();
            assert_eq!(plain.games, memo.games, "{m}x{n}");
            for threads in [1, 2, 3] {
                let par = crate::search::pool::in_pool(threads, || count_parallel(&g, &p, &b)).unwrap();
                assert_eq!(plain, par, "{m}x{n} on {threads} threads");
            }
            assert!(memo.distinct_positions <= memo.positions && memo.positions <= plain.positions, "{m}x{n}");
        }
    }

    #[test]
    fn every_depth_of_split_gives_the_sequential_count() {
        let b = Budget::unlimited();
        for (m, n, r) in [(4, 4, 1), (4, 5, 1), (5, 5, 1)] {
            let (g, p) = start(m, n, r);
            let plain = count_plain(&g, &p, &b).unwrap();
            let tree = CountTree { g: &g, budget: &b };
            for tasks in [2, 96, 512, 4096, 100_000] {
                for threads in [1, 2] {
                    let par = crate::search::pool::in_pool(threads, || split::search_with_tasks(&tree, p, tasks));
                    assert_eq!(par.unwrap(), plain, "{m}x{n}: {tasks} tasks on {threads} threads");
                }
            }
        }
    }

    #[test]
    fn a_time_limit_stops_the_count() {
        let (g, p) = start(6, 6, 2);
        let zero = Budget::expired();
        assert!(matches!(count_plain(&g, &p, &zero), Err(CountStop::Stopped(_))));
    }
}
