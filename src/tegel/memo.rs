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

use super::packed::{MoveSet, Packed, PackedRules};
use super::position::Position;
use super::rules::{Move, Rules};
use super::search::{best_score_packed, BestResult};
use crate::base::error::InputError;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::budget::Ticker;
use crate::search::budget::{within_positions, WALK_FIRST};
use crate::search::memo::{MemoTable, SubtreeValue};
use crate::search::split::{self, SplitTree};

/// What the table stores per position: the score for the player to move and the
/// positions of the plain walk's subtree (the position itself included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Subtree {
    /// Score for the player to move under optimal play.
    pub score: i32,
    /// Positions the plain walk visits from here, this position included.
    pub positions: u64,
}

impl SubtreeValue for Subtree {
    fn work(&self) -> u64 {
        self.positions
    }
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
    /// Bytes the table allocated (the buckets the search touched, at most its bound).
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
    let per_entry = (TegelMemo::BUCKET_BYTES / crate::search::memo::WAYS) as u64;
    let needed = positions.saturating_mul(per_entry).saturating_mul(2).max(1 << 12);
    TegelMemo::with_bytes(needed.min(megabytes.saturating_mul(1 << 20)))
}

/// besteScore from `pos` through `table` (which must be empty or hold positions of this
/// same game only), on this thread (`parallel == false`) or split by the shared root
/// splitter on the current rayon pool, all threads sharing `table`. Same score, best move
/// and positions as [`super::search::best_score`] on any table size and any number of
/// threads.
///
/// The plain walk runs first for up to [`WALK_FIRST`] positions; a game it finishes
/// within them is answered by it, without touching the table (`distinct_positions` =
/// `positions`, `memo_bytes` 0): the table's first pages alone cost more than such a walk.
/// A table that would take the process past the budget's memory limit stops the search
/// with [`Stopped::Memory`] before its first page ([`Budget::reserve`]).
pub fn best_score_memo(
    rules: &Rules,
    pos: &Position,
    table: &TegelMemo,
    budget: &Budget,
    parallel: bool,
) -> Result<MemoResult, Stopped> {
    let tables = PackedRules::new(rules);
    let start = tables.pack(pos);
    if let Some(best) = within_positions(budget, WALK_FIRST, |b| best_score_packed(&tables, &start, b))? {
        return Ok(MemoResult { best, distinct_positions: best.positions, memo_bytes: 0 });
    }
    budget.reserve(table.bytes())?;
    through_table(&tables, start, table, budget, parallel)
}

/// [`best_score_memo`] without the plain walk first: every subtree through `table`.
fn through_table(
    tables: &PackedRules,
    start: Packed,
    table: &TegelMemo,
    budget: &Budget,
    parallel: bool,
) -> Result<MemoResult, Stopped> {
    let tree = MemoTree { tables, table, budget };
    let value = split::run(&tree, start, parallel)?;
    budget.check()?;
    Ok(MemoResult { best: value.best, distinct_positions: value.computed, memo_bytes: table.allocated_bytes() })
}

/// The memo search's tree for the splitter: a node is a packed position; a task walks
/// its subtree through the shared table (the task's node itself is neither looked up
/// nor stored).
struct MemoTree<'a, 'r> {
    tables: &'a PackedRules<'r>,
    table: &'a TegelMemo,
    budget: &'a Budget,
}

/// A node's value: score, best move and plain-walk positions, and the subtrees computed.
struct MemoValue {
    best: BestResult,
    computed: u64,
}

impl MemoValue {
    /// The value of an end position: its score, one position, nothing computed.
    fn end(tables: &PackedRules, pos: &Packed) -> Self {
        MemoValue { best: BestResult { score: tables.score(pos), best_move: None, positions: 1 }, computed: 0 }
    }
}

impl SplitTree for MemoTree<'_, '_> {
    type Node = Packed;
    type Value = MemoValue;
    type Error = Stopped;

    fn children(&self, pos: &Packed) -> Result<Option<Vec<Packed>>, Stopped> {
        self.budget.check()?;
        let t = self.tables;
        let moves = t.move_set::<5>(pos);
        if t.someone_all_full(pos) || moves.is_empty() {
            return Ok(None);
        }
        let mut children = Vec::new();
        t.for_each_child(pos, moves, |_, child| {
            children.push(*child);
            true
        });
        Ok(Some(children))
    }

    fn walk(&self, pos: Packed) -> Result<MemoValue, Stopped> {
        match self.tables.bowls() {
            1 => self.walk_from::<1>(&pos),
            2 => self.walk_from::<2>(&pos),
            3 => self.walk_from::<3>(&pos),
            4 => self.walk_from::<4>(&pos),
            _ => self.walk_from::<5>(&pos),
        }
    }

    fn join(&self, pos: Packed, children: Vec<MemoValue>) -> Result<MemoValue, Stopped> {
        let mut value = MemoValue::branching();
        for (&mv, child) in self.tables.moves(&pos).as_slice().iter().zip(children) {
            value.add(mv, &child);
        }
        Ok(value)
    }
}

impl MemoValue {
    /// The value of a non-end position before its children are added: the position
    /// itself counted and computed.
    fn branching() -> Self {
        MemoValue { best: BestResult { score: i32::MIN, best_move: None, positions: 1 }, computed: 1 }
    }

    /// The value of a subtree the walker searched (its computed subtrees counted by the
    /// walker).
    fn of(subtree: Subtree) -> Self {
        let best = BestResult { score: subtree.score, best_move: None, positions: subtree.positions };
        MemoValue { best, computed: 0 }
    }

    /// Adds the value of the child reached by `mv` (children added in list order).
    fn add(&mut self, mv: Move, child: &MemoValue) {
        self.computed += child.computed;
        self.best.positions = self.best.positions.saturating_add(child.best.positions);
        if -child.best.score > self.best.score {
            self.best.score = -child.best.score;
            self.best.best_move = Some(mv);
        }
    }
}

impl MemoTree<'_, '_> {
    /// The value of `pos` for a game of exactly `M` bowls, its children through the table.
    fn walk_from<const M: usize>(&self, pos: &Packed) -> Result<MemoValue, Stopped> {
        let t = self.tables;
        let moves = t.move_set::<M>(pos);
        if t.someone_all_full(pos) || moves.is_empty() {
            return Ok(MemoValue::end(t, pos));
        }
        let computed = Ticker::new(self.budget);
        let mut walker = Walker::<M> { tables: t, table: self.table, computed, halted: false };
        let mut value = MemoValue::branching();
        t.for_each_child(pos, moves, |mv, child| {
            let c = walker.child(child);
            value.add(mv, &MemoValue::of(c));
            !walker.halted
        });
        let halted = walker.halted;
        value.computed += walker.finish()?;
        if halted {
            return Err(self.budget.check().err().unwrap_or(Stopped::TimeLimit));
        }
        Ok(value)
    }
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
            self.table.store(*pos, value);
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
    use crate::search::pool::in_pool;
    use crate::search::rng::seeded;
    use crate::search::split::search_with_tasks;
    use crate::tegel::generate::random_small_game;
    use crate::tegel::position::Row;
    use crate::tegel::rules::Color;
    use crate::tegel::search::best_score;
    use crate::tegel::{load_file, Game};

    fn instance(name: &str) -> Game {
        load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel").join(name)).unwrap()
    }

    /// The search through a table of `bytes`, without the plain walk first.
    fn memo(game: &Game, bytes: u64, threads: usize) -> MemoResult {
        let table = TegelMemo::with_bytes(bytes).unwrap();
        let tables = PackedRules::new(game.rules());
        let (start, budget) = (tables.pack(game.position()), Budget::unlimited());
        in_pool(threads, || through_table(&tables, start, &table, &budget, threads > 1)).unwrap()
    }

    #[test]
    fn a_game_the_plain_walk_finishes_quickly_is_answered_by_it() {
        for name in ["spel1.txt", "spel3.txt", "greedy.txt"] {
            let g = instance(name);
            let table = TegelMemo::with_bytes(1 << 24).unwrap();
            let m = best_score_memo(g.rules(), g.position(), &table, &Budget::unlimited(), false).unwrap();
            assert_eq!(m.best, plain(&g), "{name}");
            assert_eq!((m.distinct_positions, m.memo_bytes), (m.best.positions, 0), "{name}");
            assert!(m.best.positions <= WALK_FIRST);
        }
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
    fn every_split_through_one_shared_table_gives_the_plain_answer() {
        for name in ["spel1.txt", "spel3.txt", "greedy.txt"] {
            let g = instance(name);
            let p = plain(&g);
            let tables = PackedRules::new(g.rules());
            let budget = Budget::unlimited();
            for (tasks, threads, bytes) in [(2, 1, 1 << 20), (7, 2, 1 << 10), (96, 3, 1 << 16), (10_000, 2, 1 << 20)] {
                let table = TegelMemo::with_bytes(bytes).unwrap();
                let tree = MemoTree { tables: &tables, table: &table, budget: &budget };
                let v = in_pool(threads, || search_with_tasks(&tree, tables.pack(g.position()), tasks)).unwrap();
                assert_eq!(v.best, p, "{name}: {tasks} tasks on {threads} threads, {bytes} bytes");
            }
        }
    }

    #[test]
    fn a_zero_time_limit_stops_the_memo_search() {
        let g = instance("spel3.txt");
        let table = TegelMemo::with_bytes(1 << 20).unwrap();
        let budget = Budget::expired();
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
