//! besteScore's exact figures through the shared memo ("hashed besteScore"): the same
//! score, best move and positions visited as the plain walk of [`super::search`], with
//! each distinct subtree computed once.
//!
//! The key is the full packed position ([`Packed`]: both boards' (color, fill)
//! counters, the bowls, the pot index and the player to move). Within one game (one pot
//! and one set of sizes) it fixes the whole subtree below it, so the stored value of a
//! key is the value of that very subtree. The stored value is the score for the player
//! to move and the subtree's **plain-walk positions**, `positions(p) = 1 + sum over the
//! distinct moves of positions(child)` (an end position counts 1): adding stored counts
//! gives exactly the count the plain walk's calls would reach, whatever the table kept.
//! [`MemoTable`] compares keys in full, so a value read back is never a colliding
//! position's; a full table only drops entries, which costs recomputation, never a
//! wrong number.

use rayon::prelude::*;

use super::packed::{MoveSet, Packed, PackedRules};
use super::position::Position;
use super::rules::Rules;
use super::search::BestResult;
use crate::harness::budget::Ticker;
use crate::harness::memo::MemoTable;
use crate::harness::{Budget, InputError, Stopped};

/// What the table stores per position: the score for the player to move and the
/// positions of the plain walk's subtree (the position itself included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Subtree {
    /// Score for the player to move under optimal play.
    pub score: i32,
    /// Positions the plain walk visits from here, this position included.
    pub positions: u64,
}

/// The memo table of a tile game.
pub type TegelMemo = MemoTable<Packed, Subtree>;

/// The answer of besteScore through the memo.
///
/// Counts add up saturating: a tree of 2^64 - 1 positions or more (far beyond any plain
/// walk, but within reach of the memo on long pots) reads [`u64::MAX`], which
/// [`MemoResult::positions_overflow`] tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoResult {
    /// Score, best move and positions: exactly the plain walk's.
    pub best: BestResult,
    /// Subtrees computed (positions that were not an end position and whose value was
    /// not read from the table). With a table holding every such position and one
    /// thread, the number of distinct non-end positions reachable; smaller tables and
    /// threads that race for the same position recompute some.
    pub distinct_positions: u64,
    /// Bytes of the table.
    pub memo_bytes: u64,
}

impl MemoResult {
    /// Whether the count reached [`u64::MAX`]: the tree has at least that many positions.
    pub fn positions_overflow(&self) -> bool {
        self.best.positions == u64::MAX
    }
}

/// The `positions` figure as text: the number, or `at least 18446744073709551615` when
/// the count does not fit in 64 bits.
pub fn positions_text(positions: u64) -> String {
    if positions == u64::MAX {
        format!("at least {positions}")
    } else {
        positions.to_string()
    }
}

/// A table of at most `megabytes` MiB.
pub fn memo_table(megabytes: u64) -> Result<TegelMemo, InputError> {
    TegelMemo::with_megabytes(megabytes)
}

/// A table of at most `megabytes` MiB, but no larger than needed for a tree of
/// `positions` plain-walk positions (which has at most that many distinct positions).
pub fn memo_table_for(megabytes: u64, positions: u64) -> Result<TegelMemo, InputError> {
    let per_entry = (TegelMemo::BUCKET_BYTES / crate::harness::memo::WAYS) as u64;
    let needed = positions.saturating_mul(per_entry).saturating_mul(2).max(1 << 12);
    TegelMemo::with_bytes(needed.min(megabytes.saturating_mul(1 << 20)))
}

/// besteScore from `pos` through `table` (which must be empty or hold positions of this
/// same game only), on this thread (`parallel == false`) or split at the root on the
/// current rayon pool, all threads sharing `table`. Same score, best move and positions
/// as [`super::search::best_score`] on any table size and any number of threads.
pub fn best_score_memo(
    rules: &Rules,
    pos: &Position,
    table: &TegelMemo,
    budget: &Budget,
    parallel: bool,
) -> Result<MemoResult, Stopped> {
    let tables = PackedRules::new(rules);
    let root = tables.pack(pos);
    let moves = tables.move_set::<5>(&root);
    if tables.someone_all_full(&root) || moves.is_empty() {
        let best = BestResult { score: tables.score(&root), best_move: None, positions: 1 };
        return Ok(MemoResult { best, distinct_positions: 0, memo_bytes: table.bytes() });
    }
    let mut children = Vec::new();
    tables.for_each_child(&root, moves, |mv, child| {
        children.push((mv, *child));
        true
    });
    let solve = |child: &Packed| match tables.bowls() {
        1 => solve_child::<1>(&tables, table, budget, child),
        2 => solve_child::<2>(&tables, table, budget, child),
        3 => solve_child::<3>(&tables, table, budget, child),
        4 => solve_child::<4>(&tables, table, budget, child),
        _ => solve_child::<5>(&tables, table, budget, child),
    };
    let values: Vec<(Subtree, Result<u64, Stopped>)> = if parallel {
        children.par_iter().map(|(_, c)| solve(c)).collect()
    } else {
        let mut out = Vec::with_capacity(children.len());
        for (_, c) in &children {
            let v = solve(c);
            let stop = v.1.is_err();
            out.push(v);
            if stop {
                break;
            }
        }
        out
    };
    let mut best = BestResult { score: i32::MIN, best_move: None, positions: 1 };
    let mut distinct = 1;
    for ((mv, _), (value, computed)) in children.iter().zip(values) {
        distinct += computed?;
        best.positions = best.positions.saturating_add(value.positions);
        if -value.score > best.score {
            best.score = -value.score;
            best.best_move = Some(*mv);
        }
    }
    budget.check()?;
    Ok(MemoResult { best, distinct_positions: distinct, memo_bytes: table.bytes() })
}

/// The value of a root child and the subtrees computed for it (or why the walk stopped).
fn solve_child<const M: usize>(
    tables: &PackedRules,
    table: &TegelMemo,
    budget: &Budget,
    child: &Packed,
) -> (Subtree, Result<u64, Stopped>) {
    let mut walker = Walker::<M> { tables, table, computed: Ticker::new(budget), halted: false };
    let value = walker.child(child);
    (value, walker.finish())
}

/// One thread's recursion over the shared table, for a game of exactly `M` bowls.
struct Walker<'a, 'r, const M: usize> {
    tables: &'a PackedRules<'r>,
    table: &'a TegelMemo,
    /// Counts the subtrees computed by this walker into the budget.
    computed: Ticker<'a>,
    /// The budget ran out: unwind without storing anything.
    halted: bool,
}

impl<const M: usize> Walker<'_, '_, M> {
    /// The value of `child` (reached by a move from a non-end position) for its player
    /// to move. An end position is scored here and counts one position.
    fn child(&mut self, child: &Packed) -> Subtree {
        let t = self.tables;
        if t.last_mover_all_full(child) {
            return Subtree { score: t.score(child), positions: 1 };
        }
        let moves = t.move_set::<M>(child);
        if moves.is_empty() {
            return Subtree { score: t.score(child), positions: 1 };
        }
        if let Some(v) = self.table.get(child) {
            return v;
        }
        self.inner(child, moves)
    }

    /// Computes (and stores) the value of the non-end position `pos` with moves `moves`.
    fn inner(&mut self, pos: &Packed, moves: MoveSet) -> Subtree {
        let mut value = Subtree { score: i32::MIN, positions: 1 };
        self.tables.for_each_child(pos, moves, |_, child| {
            let c = self.child(child);
            value.score = value.score.max(-c.score);
            value.positions = value.positions.saturating_add(c.positions);
            !self.halted
        });
        if self.computed.visit().is_err() {
            self.halted = true;
        }
        if !self.halted {
            self.table.store(*pos, value, value.positions);
        }
        value
    }

    /// The subtrees computed, or why the walk stopped.
    fn finish(mut self) -> Result<u64, Stopped> {
        self.computed.flush()?;
        Ok(self.computed.total())
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use proptest::prelude::*;
    use rand::Rng as _;

    use super::*;
    use crate::harness::experiment::in_pool;
    use crate::harness::rng::seeded;
    use crate::tegel::generate::random_small_game;
    use crate::tegel::position::Row;
    use crate::tegel::rules::Color;
    use crate::tegel::search::best_score;
    use crate::tegel::{load_file, Game};

    fn instance(name: &str) -> Game {
        load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel").join(name)).unwrap()
    }

    fn memo(game: &Game, bytes: u64, threads: usize) -> MemoResult {
        let table = TegelMemo::with_bytes(bytes).unwrap();
        in_pool(threads, || best_score_memo(game.rules(), game.position(), &table, &Budget::unlimited(), threads > 1))
            .unwrap()
    }

    fn plain(game: &Game) -> BestResult {
        best_score(game.rules(), game.position(), &Budget::unlimited()).unwrap()
    }

    /// A random game of any size with a short pot and nearly empty boards: deeper trees
    /// with many transpositions.
    fn random_medium_game(seed: u64) -> Game {
        let mut rng = seeded(seed);
        let (bowls, bowl_tiles) = (rng.random_range(1..=5), rng.random_range(1..=5));
        let (rows, row_len) = (rng.random_range(1..=3), rng.random_range(1..=4));
        let pot_len = rng.random_range(1..=bowls * bowl_tiles + 4).min(14);
        let pot = (0..pot_len).map(|_| if rng.random_bool(0.5) { Color::Yellow } else { Color::Blue }).collect();
        let empty = vec![Row::EMPTY; rows];
        Game::new(Rules::new(bowls, bowl_tiles, rows, row_len, pot), [&empty, &empty], rng.random_range(0..2))
    }

    #[test]
    fn memo_equals_the_plain_walk_on_the_test_instances() {
        for name in ["spel1.txt", "spel3.txt", "greedy.txt"] {
            let g = instance(name);
            let m = memo(&g, 1 << 24, 1);
            assert_eq!(m.best, plain(&g), "{name}");
            assert!(m.distinct_positions <= m.best.positions);
        }
        assert_eq!(memo(&instance("spel1.txt"), 1 << 24, 1).best.positions, 5578);
        assert_eq!(memo(&instance("spel3.txt"), 1 << 24, 1).best.positions, 861_369);
    }

    #[test]
    fn a_one_kib_table_still_gives_exact_numbers() {
        let g = instance("spel3.txt");
        let small = memo(&g, 1 << 10, 1);
        assert!(small.memo_bytes <= 1 << 10);
        assert_eq!(small.best, plain(&g));
        let big = memo(&g, 1 << 24, 1);
        assert!(small.distinct_positions > big.distinct_positions, "a tiny table recomputes");
    }

    #[test]
    fn sequential_equals_parallel_through_one_shared_table() {
        for name in ["spel1.txt", "spel3.txt", "greedy.txt"] {
            let g = instance(name);
            let seq = memo(&g, 1 << 24, 1).best;
            for (threads, bytes) in [(2, 1 << 24), (2, 1 << 10), (3, 1 << 16)] {
                assert_eq!(memo(&g, bytes, threads).best, seq, "{name} on {threads} threads, {bytes} bytes");
            }
        }
    }

    #[test]
    fn a_zero_time_limit_stops_the_memo_search() {
        let g = instance("spel3.txt");
        let table = TegelMemo::with_bytes(1 << 20).unwrap();
        let budget = Budget::new(Some(std::time::Duration::ZERO));
        for parallel in [false, true] {
            let r = in_pool(2, || best_score_memo(g.rules(), g.position(), &table, &budget, parallel));
            assert_eq!(r, Err(Stopped::TimeLimit));
        }
    }

    #[test]
    fn a_table_sized_for_the_tree_is_bounded_by_the_cap() {
        let t = memo_table_for(1, u64::MAX).unwrap();
        assert!(t.bytes() <= 1 << 20);
        assert!(memo_table_for(2048, 10).unwrap().bytes() <= 1 << 12);
    }

    #[test]
    fn a_count_beyond_64_bits_reads_as_at_least() {
        assert_eq!(positions_text(5578), "5578");
        assert_eq!(positions_text(u64::MAX), "at least 18446744073709551615");
        assert_eq!(u64::MAX.saturating_add(1), u64::MAX);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        #[test]
        fn memo_equals_the_plain_walk_on_random_games(seed in any::<u64>(), medium in any::<bool>()) {
            let g = if medium { random_medium_game(seed) } else { random_small_game(&mut seeded(seed)) };
            let p = plain(&g);
            for (bytes, threads) in [(1 << 20, 1), (1 << 9, 1), (1 << 12, 2)] {
                prop_assert_eq!(memo(&g, bytes, threads).best, p);
            }
        }
    }
}
