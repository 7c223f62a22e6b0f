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
/// The plain perft runs first for up to [`WALK_FIRST`] positions; a perft it finishes
/// within them is its answer (`positions` and `distinct_positions` its positions,
/// `memo_bytes` 0), since allocating the table alone takes longer than such a perft.
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
        if let Some(c) = within_positions(budget, WALK_FIRST, |b| perft_generic(&g, &p, depth, b))? {
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
/// ran first for up to [`WALK_FIRST`] positions: a count it finishes within them is its
/// answer (`distinct_positions` = `positions`, `memo_bytes` 0), since allocating the
/// table alone takes longer than such a count.
pub fn count_memo_walking_first<B: crate::search::bits::Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    mb: u64,
    parallel: bool,
    budget: &Budget,
) -> Result<Count, CountStop> {
    match within_positions(budget, WALK_FIRST, |b| count_plain(g, p, b))? {
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
