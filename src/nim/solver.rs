//! Exhaustive solving, independent of the nim-value formula: Grundy values by the mex rule
//! for one heap of a subtraction game, their period, and the Grundy value (hence win/loss)
//! of every position of several heaps up to a size, from a memo table of all positions.

use crate::base::text::count_of;
use std::fmt;

use crate::base::error::InputError;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::budget::TICK;

/// Most positions [`solve`] tabulates (`(max_sticks + 1)^heaps`): 2^24, 64 MiB of table.
pub const MAX_SOLVER_POSITIONS: u64 = 1 << 24;
/// Most heaps [`solve`] takes.
pub const MAX_SOLVER_HEAPS: usize = 8;
/// Largest heap size `harness nim grundy --upto` tabulates.
pub const MAX_GRUNDY_UPTO: u32 = 10_000_000;
/// Largest count a `--takes` set may hold.
pub const MAX_TAKE_IN_SET: u32 = 1_000_000;

/// Which counts one move may take from a heap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TakeRule {
    /// 1 to `m` sticks; `m = 0` means any number (the assignment's `maxtake`).
    MaxTake(u32),
    /// Exactly one of these counts (a subtraction game): ascending, distinct, all >= 1.
    Takes(Vec<u32>),
}

impl fmt::Display for TakeRule {
    /// `maxtake 3`, `maxtake 0 (any)` or `takes 1,3,4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TakeRule::MaxTake(0) => write!(f, "maxtake 0 (any)"),
            TakeRule::MaxTake(m) => write!(f, "maxtake {m}"),
            TakeRule::Takes(t) => write!(f, "takes {}", join(t)),
        }
    }
}

/// Numbers joined by commas.
pub fn join(values: &[u32]) -> String {
    values.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

impl TakeRule {
    /// A subtraction set from its counts: sorted and deduplicated; refuses an empty set,
    /// a 0 and counts above [`MAX_TAKE_IN_SET`].
    pub fn takes(counts: &[u32]) -> Result<TakeRule, InputError> {
        if counts.is_empty() {
            return Err(InputError::new("the set of allowed take counts is empty; give counts like 1,3,4"));
        }
        if let Some(&bad) = counts.iter().find(|&&k| k == 0 || k > MAX_TAKE_IN_SET) {
            return Err(InputError::new(format!(
                "take count {bad} is out of range: counts are from 1 to {MAX_TAKE_IN_SET}"
            )));
        }
        let mut sorted = counts.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        Ok(TakeRule::Takes(sorted))
    }

    /// Parses `1,3,4` (commas, optional spaces) into a subtraction set.
    pub fn parse_takes(text: &str) -> Result<TakeRule, InputError> {
        let counts = text
            .split(',')
            .map(|part| {
                part.trim().parse::<u32>().map_err(|_| {
                    InputError::new(format!(
                        "--takes {text}: `{}` is not a count; expected positive integers separated by commas, like 1,3,4",
                        part.trim()
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        TakeRule::takes(&counts)
    }

    /// Whether one move may take `k >= 1` sticks (from a heap holding at least `k`).
    pub fn allows(&self, k: u32) -> bool {
        match self {
            TakeRule::MaxTake(m) => k >= 1 && (*m == 0 || k <= *m),
            TakeRule::Takes(t) => t.binary_search(&k).is_ok(),
        }
    }

    /// The allowed counts in `1..=limit`, ascending.
    pub fn counts_upto(&self, limit: u32) -> Vec<u32> {
        match self {
            TakeRule::MaxTake(m) => (1..=if *m == 0 { limit } else { limit.min(*m) }).collect(),
            TakeRule::Takes(t) => t.iter().copied().take_while(|&k| k <= limit).collect(),
        }
    }
}

/// The most moves (successor look-ups) one solver table or Grundy table may take, about
/// half a minute of work: a larger table is refused before it starts.
pub const MAX_TABLE_MOVES: u64 = 10_000_000_000;

/// Look-ups of [`heap_grundy`] for `counts` (ascending) up to `upto`: every count `k`
/// is tried from heap size `k` on.
pub fn grundy_moves(counts: &[u32], upto: u32) -> u128 {
    counts.iter().filter(|&&k| k <= upto).map(|&k| u128::from(upto - k) + 1).sum()
}

/// Moves of the solver's table of `heaps` heaps of 0 to `max_sticks` sticks under `rule`:
/// each heap's moves over its sizes, times the sizes of the other heaps.
pub fn solver_moves(rule: &TakeRule, heaps: usize, max_sticks: u32) -> u128 {
    let per_heap = grundy_moves(&rule.counts_upto(max_sticks), max_sticks);
    let others = (u128::from(max_sticks) + 1).saturating_pow(heaps.saturating_sub(1) as u32);
    (heaps as u128).saturating_mul(others).saturating_mul(per_heap)
}

/// Refuses a table of more than [`MAX_TABLE_MOVES`] moves, saying how many it would take.
pub fn check_table_moves(moves: u128, what: &str) -> Result<(), String> {
    if moves <= u128::from(MAX_TABLE_MOVES) {
        return Ok(());
    }
    Err(format!(
        "{what} would take {moves} moves, more than the {MAX_TABLE_MOVES} allowed; use fewer sticks or fewer \
         take counts"
    ))
}

/// Grundy values `g(0..=upto)` of one heap when a move takes one of `counts` sticks:
/// `g(n) = mex { g(n - k) : k in counts, k <= n }` (the smallest value not among them).
/// Stops with `Err` when `budget` runs out (its time limit, Ctrl-C or SIGTERM).
pub fn heap_grundy(counts: &[u32], upto: u32, budget: &Budget) -> Result<Vec<u32>, Stopped> {
    let mut g = Vec::with_capacity(upto as usize + 1);
    let mut seen = vec![false; counts.len() + 1];
    let (mut moves, mut ticked) = (0u64, 0u64);
    for n in 0..=upto {
        if moves - ticked >= TICK {
            budget.tick(moves - ticked)?;
            ticked = moves;
        }
        seen.iter_mut().for_each(|s| *s = false);
        for &k in counts.iter().take_while(|&&k| k <= n) {
            let v = g[(n - k) as usize] as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
        moves += counts.partition_point(|&k| k <= n) as u64 + 1;
    }
    budget.tick(moves - ticked)?;
    Ok(g)
}

/// A proven eventual period of a Grundy sequence: `g(n + period) = g(n)` for all
/// `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// First index from which the sequence repeats.
    pub preperiod: u32,
    /// Length of the repeating block.
    pub period: u32,
}

/// The shortest period (and for it the shortest preperiod) that the values `g` prove for a
/// subtraction game whose largest count is `max_count`, or `None` if `g` is too short.
///
/// Proof rule: when `g(n + p) = g(n)` holds for `max_count` consecutive `n` from `pre`, it
/// holds for every `n >= pre`, since `g(n)` depends only on the `max_count` values before
/// it. So a period is reported only when `g` shows at least `max_count` matching values.
pub fn proven_period(g: &[u32], max_count: u32) -> Option<Period> {
    let len = g.len();
    let need = max_count.max(1) as usize;
    for p in 1..len {
        let last_mismatch = (0..len - p).rev().find(|&n| g[n] != g[n + p]);
        let pre = last_mismatch.map_or(0, |n| n + 1);
        if len - p - pre >= need {
            return Some(Period { preperiod: pre as u32, period: p as u32 });
        }
    }
    None
}

/// The Grundy value of every position of `heaps` heaps with at most `max_sticks` sticks
/// each, from exhaustive search over all moves (no formula used).
#[derive(Debug, Clone)]
pub struct Solved {
    /// Number of heaps.
    pub heaps: usize,
    /// Largest heap size.
    pub max_sticks: u32,
    /// The allowed counts up to `max_sticks`, ascending.
    pub counts: Vec<u32>,
    /// Grundy values indexed by [`Solved::index`]; 0 means the player to move loses.
    pub grundy: Vec<u32>,
    /// Moves examined (edges of the game graph).
    pub moves: u64,
}

/// Number of positions with `heaps` heaps of `0..=max_sticks` sticks, if at most
/// [`MAX_SOLVER_POSITIONS`].
pub fn solver_positions(heaps: usize, max_sticks: u32) -> Option<u64> {
    let base = u64::from(max_sticks) + 1;
    (0..heaps).try_fold(1u64, |n, _| n.checked_mul(base)).filter(|&n| n <= MAX_SOLVER_POSITIONS)
}

/// Refuses solver sizes the table cannot hold; `Ok(positions)` otherwise.
pub fn check_solver_size(heaps: usize, max_sticks: u32) -> Result<u64, String> {
    if heaps == 0 || heaps > MAX_SOLVER_HEAPS {
        return Err(format!("heap count {heaps} is out of range: the solver takes from 1 to {MAX_SOLVER_HEAPS} heaps"));
    }
    if max_sticks == 0 {
        return Err("max_sticks must be at least 1".to_string());
    }
    solver_positions(heaps, max_sticks).ok_or_else(|| {
        format!(
            "{} of up to {} are more than {MAX_SOLVER_POSITIONS} positions",
            count_of(heaps as u64, "heap"),
            count_of(u64::from(max_sticks), "stick")
        )
    })
}

impl Solved {
    /// Stride of heap `i` in the table index (`(max_sticks + 1)^i`).
    pub fn stride(&self, heap: usize) -> usize {
        (self.max_sticks as usize + 1).pow(heap as u32)
    }

    /// Table index of the position with these heap sizes (each `<= max_sticks`).
    pub fn index(&self, sizes: &[u32]) -> usize {
        sizes.iter().rev().fold(0, |i, &s| i * (self.max_sticks as usize + 1) + s as usize)
    }

    /// Heap sizes of table index `index`.
    pub fn sizes(&self, mut index: usize, out: &mut [u32]) {
        let base = self.max_sticks as usize + 1;
        for s in out.iter_mut().take(self.heaps) {
            *s = (index % base) as u32;
            index /= base;
        }
    }

    /// Whether the player to move wins (some move reaches a position of Grundy value 0).
    pub fn wins(&self, sizes: &[u32]) -> bool {
        self.grundy[self.index(sizes)] != 0
    }

    /// The moves `(heap, count)` from `sizes` to losing positions, heap ascending then
    /// count ascending: the winning moves found by search.
    pub fn winning_moves<'a>(&'a self, sizes: &'a [u32]) -> impl Iterator<Item = (usize, u32)> + 'a {
        let index = self.index(sizes);
        sizes.iter().enumerate().flat_map(move |(heap, &size)| {
            let stride = self.stride(heap);
            self.counts
                .iter()
                .take_while(move |&&k| k <= size)
                .filter(move |&&k| self.grundy[index - k as usize * stride] == 0)
                .map(move |&k| (heap, k))
        })
    }
}

/// Solves every position of `heaps` heaps of `0..=max_sticks` sticks under `rule` by
/// filling a memo table in index order: a move lowers one heap, so it always leads to a
/// smaller index that is already solved; each entry is the mex of its successors' values.
///
/// The size must pass [`check_solver_size`]. Stops with `Err` when the budget runs out.
pub fn solve(rule: &TakeRule, heaps: usize, max_sticks: u32, budget: &Budget) -> Result<Solved, Stopped> {
    let total = solver_positions(heaps, max_sticks).expect("solver size checked by the caller") as usize;
    let counts = rule.counts_upto(max_sticks);
    let mut solved = Solved { heaps, max_sticks, counts, grundy: vec![0; total], moves: 0 };
    let strides: Vec<usize> = (0..heaps).map(|h| solved.stride(h)).collect();
    let mut sizes = vec![0u32; heaps];
    // Bit v set: some successor has value v. A position with s successors has mex <= s,
    // so only values <= s are marked and only those words are scanned and cleared.
    let mut seen = vec![0u64; (heaps * solved.counts.len()) / 64 + 1];
    let (mut moves, mut ticked) = (0u64, 0u64);
    for index in 0..total {
        let successors: usize = sizes.iter().map(|&size| solved.counts.partition_point(|&k| k <= size)).sum();
        for (h, &size) in sizes.iter().enumerate() {
            for &k in solved.counts.iter().take_while(|&&k| k <= size) {
                let v = solved.grundy[index - k as usize * strides[h]] as usize;
                if v <= successors {
                    seen[v / 64] |= 1 << (v % 64);
                }
            }
        }
        let words = &mut seen[..=successors / 64];
        let mex =
            words.iter().enumerate().find(|(_, &w)| w != u64::MAX).map(|(i, w)| i * 64 + w.trailing_ones() as usize);
        solved.grundy[index] = mex.unwrap_or(words.len() * 64) as u32;
        words.iter_mut().for_each(|w| *w = 0);
        moves += successors as u64;
        advance(&mut sizes, max_sticks);
        if moves - ticked >= TICK {
            budget.tick(moves - ticked)?;
            ticked = moves;
        }
    }
    budget.tick(moves - ticked)?;
    solved.moves = moves;
    Ok(solved)
}

/// Steps heap sizes to the next table index (an odometer, heap 0 fastest).
fn advance(sizes: &mut [u32], max_sticks: u32) {
    for s in sizes.iter_mut() {
        if *s < max_sticks {
            *s += 1;
            return;
        }
        *s = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_parsing_and_refusals() {
        assert_eq!(TakeRule::parse_takes("4, 1,3,1").unwrap(), TakeRule::Takes(vec![1, 3, 4]));
        assert!(TakeRule::parse_takes("").is_err());
        assert!(TakeRule::parse_takes("1,x").unwrap_err().message.contains("`x`"));
        assert!(TakeRule::parse_takes("0,2").is_err());
        assert!(TakeRule::parse_takes("-1").is_err());
        assert_eq!(TakeRule::parse_takes("2,5").unwrap().to_string(), "takes 2,5");
    }

    #[test]
    fn counts_upto_per_rule() {
        assert_eq!(TakeRule::MaxTake(0).counts_upto(4), [1, 2, 3, 4]);
        assert_eq!(TakeRule::MaxTake(3).counts_upto(10), [1, 2, 3]);
        assert_eq!(TakeRule::MaxTake(3).counts_upto(2), [1, 2]);
        assert_eq!(TakeRule::takes(&[1, 3, 4]).unwrap().counts_upto(3), [1, 3]);
        assert!(TakeRule::MaxTake(2).allows(2) && !TakeRule::MaxTake(2).allows(3));
    }

    #[test]
    fn subtraction_134_grundy_by_hand() {
        // Subtraction set {1,3,4}: g = 0 1 0 1 2 3 2 0 1 0 1 2 3 2 ..., period 7 from 0
        // (Berlekamp, Conway & Guy, Winning Ways, ch. 4).
        let g = heap_grundy(&[1, 3, 4], 20, &Budget::unlimited()).unwrap();
        assert_eq!(g[..14], [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
        assert_eq!(proven_period(&g, 4), Some(Period { preperiod: 0, period: 7 }));
    }

    #[test]
    fn maxtake_grundy_is_the_formula() {
        // {1..m}: g(n) = n mod (m + 1), period m + 1.
        let g = heap_grundy(&[1, 2, 3], 30, &Budget::unlimited()).unwrap();
        assert!(g.iter().enumerate().all(|(n, &v)| v == n as u32 % 4));
        assert_eq!(proven_period(&g, 3), Some(Period { preperiod: 0, period: 4 }));
    }

    #[test]
    fn period_needs_enough_evidence() {
        // {2,3}: g(0..5) = 0 0 1 1 2 (g(4) = mex{g(2), g(1)} = mex{1, 0}), then it repeats.
        let g = heap_grundy(&[2, 3], 12, &Budget::unlimited()).unwrap();
        assert_eq!(g[..8], [0, 0, 1, 1, 2, 0, 0, 1]);
        assert_eq!(proven_period(&g, 3), Some(Period { preperiod: 0, period: 5 }));
        // Too short to prove anything for a large max count.
        assert_eq!(proven_period(&heap_grundy(&[1, 50], 10, &Budget::unlimited()).unwrap(), 50), None);
    }

    #[test]
    fn preperiod_is_found() {
        // {2,4,7}: a known preperiodic example; whatever the values, the reported period
        // must hold on the whole table.
        let g = heap_grundy(&[2, 4, 7], 200, &Budget::unlimited()).unwrap();
        let p = proven_period(&g, 7).unwrap();
        for n in p.preperiod as usize..g.len() - p.period as usize {
            assert_eq!(g[n], g[n + p.period as usize]);
        }
    }

    #[test]
    fn solver_win_loss_by_hand() {
        let b = Budget::unlimited();
        // Two heaps, any number: the player to move loses exactly when the heaps are equal.
        let s = solve(&TakeRule::MaxTake(0), 2, 6, &b).unwrap();
        for a in 0..=6 {
            for c in 0..=6 {
                assert_eq!(s.wins(&[a, c]), a != c, "{a} {c}");
            }
        }
        assert_eq!(s.winning_moves(&[2, 5]).collect::<Vec<_>>(), [(1, 3)]);
        // One heap, maxtake 3: lost exactly on multiples of 4.
        let s = solve(&TakeRule::MaxTake(3), 1, 12, &b).unwrap();
        let lost: Vec<u32> = (0..=12).filter(|&n| !s.wins(&[n])).collect();
        assert_eq!(lost, [0, 4, 8, 12]);
        // Moves: sum over n of min(n, 3) = 0+1+2+3*10.
        assert_eq!(s.moves, 33);
    }

    #[test]
    fn solver_grundy_of_one_heap_matches_mex_sequence() {
        let rule = TakeRule::takes(&[1, 3, 4]).unwrap();
        let s = solve(&rule, 1, 25, &Budget::unlimited()).unwrap();
        let g = heap_grundy(&[1, 3, 4], 25, &Budget::unlimited()).unwrap();
        assert!(g.iter().enumerate().all(|(n, &v)| s.grundy[n] == v));
    }

    #[test]
    fn index_and_sizes_round_trip() {
        let s = solve(&TakeRule::MaxTake(2), 3, 4, &Budget::unlimited()).unwrap();
        let mut out = [0u32; 3];
        for i in 0..s.grundy.len() {
            s.sizes(i, &mut out);
            assert_eq!(s.index(&out), i);
        }
        assert_eq!(s.index(&[1, 2, 3]), 1 + 2 * 5 + 3 * 25);
    }

    #[test]
    fn solver_size_limits() {
        assert_eq!(check_solver_size(4, 15), Ok(65_536));
        assert!(check_solver_size(0, 5).is_err());
        assert!(check_solver_size(9, 1).is_err());
        assert!(check_solver_size(8, 1000).is_err());
        assert!(check_solver_size(2, 0).is_err());
    }

    #[test]
    fn solver_stops_on_an_expired_budget() {
        let b = Budget::expired();
        assert_eq!(solve(&TakeRule::MaxTake(0), 4, 15, &b).unwrap_err(), Stopped::TimeLimit);
    }
}
