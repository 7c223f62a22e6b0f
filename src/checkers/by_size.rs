//! Board-size-level entry points: pick the bit-set width a size needs (`u64` for 8x8)
//! and run the generic engine with it.

use super::count::{count_parallel, count_plain, Count, CountStop};
use super::geometry::Wide;
use super::geometry::{width_for, BoardSize, Color, Geometry, Width};
use super::matches::{play_game, GameRecord, GameRules};
use super::memo::{count_memo, perft_memo as perft_memo_generic, MemoPerft};
use super::perft::{divide as divide_generic, perft as perft_generic, perft_parallel, PerftCount};
use super::position::Position;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::budget::{within_positions, WALK_FIRST};
use crate::search::rng::Rng;

/// Runs `$body` with `$B` bound to the narrowest bit-set type for the size `$size`
/// (needs `width_for`, `Width` and `Wide` in scope).
macro_rules! with_bits {
    ($size:expr, $B:ident => $body:expr) => {
        match width_for($size.rows, $size.cols) {
            Width::W64 => {
                type $B = u64;
                $body
            }
            Width::W128 => {
                type $B = u128;
                $body
            }
            Width::Wide => {
                type $B = Wide;
                $body
            }
        }
    };
}

pub(crate) use with_bits;

/// The geometry of a checked size for the bit-set type `B` chosen by `with_bits!`.
pub fn geometry<B: crate::search::bits::Bits>(size: BoardSize) -> Geometry<B> {
    Geometry::new(size.rows, size.cols, size.men_rows).expect("BoardSize is checked and width_for fits it")
}

/// Perft of the start position of `size` to `depth`, on the current rayon pool when `parallel`.
pub fn perft(size: BoardSize, depth: u32, parallel: bool, budget: &Budget) -> Result<PerftCount, Stopped> {
    with_bits!(size, B => {
        let g = geometry::<B>(size);
        let p = Position::start(&g);
        if parallel { perft_parallel(&g, &p, depth, budget) } else { perft_generic(&g, &p, depth, budget) }
    })
}

/// Perft of the start position of `size` to `depth` through a memo table of at most
/// `memo_mb` MiB, cut by the root splitter over the current rayon pool when `parallel`.
/// The plain perft runs first for up to [`WALK_FIRST`] positions (split over the pool too
/// when `parallel`, so that this first walk is not a sequential part of a parallel
/// search); a perft it finishes within them is its answer (`positions` and
/// `distinct_positions` its positions, `memo_bytes` 0), since allocating the table alone
/// takes longer than such a perft. Both walks count every position once, so the same
/// perfts are answered by the plain walk whatever the pool.
pub fn perft_memo(
    size: BoardSize,
    depth: u32,
    memo_mb: u64,
    parallel: bool,
    budget: &Budget,
) -> Result<MemoPerft, CountStop> {
    with_bits!(size, B => {
        let g = geometry::<B>(size);
        let p = Position::start(&g);
        let plain = |b: &Budget| if parallel { perft_parallel(&g, &p, depth, b) } else { perft_generic(&g, &p, depth, b) };
        if let Some(c) = within_positions(budget, WALK_FIRST, plain)? {
            let n = c.positions;
            return Ok(MemoPerft {
                leaves: c.leaves,
                plain_positions: n,
                positions: n,
                distinct_positions: n,
                memo_bytes: 0,
                probes: 0,
                hits: 0,
            });
        }
        perft_memo_generic(&g, &p, depth, memo_mb << 20, parallel, budget)
    })
}

/// Perft per root move of the start position of `size`.
pub fn divide(size: BoardSize, depth: u32, budget: &Budget) -> Result<Vec<(String, PerftCount)>, Stopped> {
    with_bits!(size, B => {
        let g = geometry::<B>(size);
        divide_generic(&g, &Position::start(&g), depth, budget)
    })
}

/// How to count continuation games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountMode {
    /// Plain, sequential.
    Plain,
    /// Plain, split over the current rayon pool.
    Parallel,
    /// Through a memo table of at most `mb` MiB, split over the current rayon pool when
    /// `parallel`.
    Memo {
        /// The table's bound in MiB.
        mb: u64,
        /// Whether the root splitter cuts the walk over the rayon pool.
        parallel: bool,
    },
}

/// Continuation-game count from the start position of `size`.
pub fn count(size: BoardSize, mode: CountMode, budget: &Budget) -> Result<Count, CountStop> {
    with_bits!(size, B => {
        let g = geometry::<B>(size);
        let p = Position::start(&g);
        match mode {
            CountMode::Plain => count_plain(&g, &p, budget),
            CountMode::Parallel => count_parallel(&g, &p, budget),
            CountMode::Memo { mb, parallel } => count_memo_walking_first(&g, &p, mb, parallel, budget),
        }
    })
}

/// The memoised count of `p` through a table of at most `mb` MiB, after the plain count
/// ran first for up to [`WALK_FIRST`] positions (split over the pool too when
/// `parallel`): a count it finishes within them is its answer (`distinct_positions` =
/// `positions`, `memo_bytes` 0), since allocating the table alone takes longer than such
/// a count. Both walks count every position once, so the same counts are answered by
/// the plain walk whatever the pool.
pub fn count_memo_walking_first<B: crate::search::bits::Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    mb: u64,
    parallel: bool,
    budget: &Budget,
) -> Result<Count, CountStop> {
    let plain = |b: &Budget| if parallel { count_parallel(g, p, b) } else { count_plain(g, p, b) };
    match within_positions(budget, WALK_FIRST, plain)? {
        Some(c) => Ok(Count { distinct_positions: c.positions, ..c }),
        None => count_memo(g, p, mb << 20, parallel, budget),
    }
}

/// One seeded game on `size` under `rules`.
pub fn game(size: BoardSize, rules: &GameRules, rng: &mut Rng, budget: &Budget) -> Result<GameRecord, Stopped> {
    with_bits!(size, B => play_game(&geometry::<B>(size), rules, rng, budget))
}

/// The colour a player has in game `i` of a series: Black in even games, White in odd ones.
pub fn colour_in_game(i: u64) -> Color {
    if i % 2 == 0 {
        Color::Black
    } else {
        Color::White
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::pool::in_pool;

    /// The first plain walk counts every position once, sequential or split, so it
    /// answers the same memo searches on any pool: those within [`WALK_FIRST`] positions
    /// (table figures of the plain walk), and no others.
    #[test]
    fn the_first_plain_walk_answers_the_same_memo_searches_on_any_pool() {
        let b = Budget::unlimited();
        let mut answered = [false; 2];
        for depth in 7..=10 {
            let seq = perft_memo(BoardSize::standard(), depth, 64, false, &b).unwrap();
            let par = in_pool(2, || perft_memo(BoardSize::standard(), depth, 64, true, &b)).unwrap();
            let plain = seq.memo_bytes == 0;
            assert_eq!(plain, seq.plain_positions <= WALK_FIRST, "perft {depth}");
            assert_eq!(plain, par.memo_bytes == 0, "perft {depth}");
            assert_eq!((seq.leaves, seq.plain_positions), (par.leaves, par.plain_positions), "perft {depth}");
            if plain {
                assert_eq!(seq, par, "perft {depth}");
            }
            answered[usize::from(plain)] = true;
        }
        assert_eq!(answered, [true, true], "depths on both sides of the first walk's bound");
        for size in [BoardSize { rows: 5, cols: 5, men_rows: 1 }, BoardSize { rows: 5, cols: 6, men_rows: 1 }] {
            let seq = count(size, CountMode::Memo { mb: 64, parallel: false }, &b).unwrap();
            let par = in_pool(2, || count(size, CountMode::Memo { mb: 64, parallel: true }, &b)).unwrap();
            assert_eq!(seq.memo_bytes == 0, par.memo_bytes == 0, "count {size}");
            assert_eq!(seq.games, par.games, "count {size}");
            if seq.memo_bytes == 0 {
                assert_eq!(seq, par, "count {size}");
            }
        }
    }
}
