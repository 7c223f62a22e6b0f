//! The nim-value formula checked against the exhaustive solver: for every position of a
//! solved table, the formula's value must equal the searched Grundy value and the formula's
//! winning moves must be exactly the moves the search finds to losing positions.
//!
//! For `maxtake` rules the formula is the engine's own [`Position`] code. For subtraction
//! sets it is the Sprague-Grundy sum: the XOR of one-heap values from [`heap_grundy`].

use crate::search::budget::Budget;
use crate::search::budget::Stopped;

use super::position::{Move, Position};
use super::solver::{heap_grundy, Solved, TakeRule};

/// What a check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CheckCounts {
    /// Positions compared.
    pub positions: u64,
    /// Positions whose formula value differs from the searched Grundy value.
    pub value_mismatches: u64,
    /// Positions whose formula win/loss verdict differs from the search's.
    pub win_mismatches: u64,
    /// Positions whose list of winning moves differs.
    pub move_mismatches: u64,
}

/// The formula side of the comparison for one rule.
enum Formula {
    /// The engine's `s mod (m + 1)` rule.
    MaxTake(u32),
    /// One-heap Grundy values of a subtraction set and its counts.
    Sum { heap_values: Vec<u32>, counts: Vec<u32> },
}

impl Formula {
    fn new(rule: &TakeRule, max_sticks: u32, budget: &Budget) -> Result<Formula, Stopped> {
        Ok(match rule {
            TakeRule::MaxTake(m) => Formula::MaxTake(*m),
            TakeRule::Takes(_) => {
                let counts = rule.counts_upto(max_sticks);
                Formula::Sum { heap_values: heap_grundy(&counts, max_sticks, budget)?, counts }
            }
        })
    }

    /// Value and winning moves of `sizes` by the formula, the moves written into `moves`.
    fn evaluate(&self, sizes: &[u32], moves: &mut Vec<(usize, u32)>) -> u32 {
        moves.clear();
        match self {
            Formula::MaxTake(m) => {
                let p = Position::new(sizes, *m).expect("solver sizes are within position bounds");
                moves.extend(p.winning_moves().map(|Move { heap, count }| (heap, count)));
                p.nim_value()
            }
            Formula::Sum { heap_values, counts } => {
                let value = sizes.iter().fold(0, |v, &s| v ^ heap_values[s as usize]);
                for (heap, &size) in sizes.iter().enumerate() {
                    let rest = value ^ heap_values[size as usize];
                    for &k in counts.iter().take_while(|&&k| k <= size) {
                        if heap_values[(size - k) as usize] == rest {
                            moves.push((heap, k));
                        }
                    }
                }
                value
            }
        }
    }
}

/// Compares the formula for `rule` with the solved table, position by position.
pub fn check_formula(rule: &TakeRule, solved: &Solved, budget: &Budget) -> Result<CheckCounts, Stopped> {
    let formula = Formula::new(rule, solved.max_sticks, budget)?;
    let mut counts = CheckCounts::default();
    let mut sizes = vec![0u32; solved.heaps];
    let mut moves = Vec::new();
    for index in 0..solved.grundy.len() {
        solved.sizes(index, &mut sizes);
        let value = formula.evaluate(&sizes, &mut moves);
        let searched = solved.grundy[index];
        counts.positions += 1;
        counts.value_mismatches += u64::from(value != searched);
        counts.win_mismatches += u64::from((value != 0) != solved.wins(&sizes));
        counts.move_mismatches += u64::from(!moves.iter().copied().eq(solved.winning_moves(&sizes)));
        if index % (1 << 10) == (1 << 10) - 1 {
            budget.tick(1 << 10)?;
        }
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::solver::solve;

    #[test]
    fn formula_matches_solver_for_maxtake_0_to_5() {
        let b = Budget::unlimited();
        for m in 0..=5 {
            let rule = TakeRule::MaxTake(m);
            let solved = solve(&rule, 3, 12, &b).unwrap();
            let c = check_formula(&rule, &solved, &b).unwrap();
            assert_eq!(c.positions, 13 * 13 * 13);
            assert_eq!((c.value_mismatches, c.win_mismatches, c.move_mismatches), (0, 0, 0), "maxtake {m}");
        }
    }

    #[test]
    fn sprague_grundy_sum_matches_solver_for_subtraction_sets() {
        let b = Budget::unlimited();
        for set in [&[1u32, 3, 4][..], &[2, 3], &[2, 5, 7]] {
            let rule = TakeRule::takes(set).unwrap();
            let solved = solve(&rule, 3, 14, &b).unwrap();
            let c = check_formula(&rule, &solved, &b).unwrap();
            assert_eq!((c.value_mismatches, c.win_mismatches, c.move_mismatches), (0, 0, 0), "{rule}");
        }
    }

    #[test]
    fn a_wrong_formula_is_caught() {
        // The maxtake-3 formula applied to a maxtake-2 table must disagree somewhere: the
        // check can fail.
        let b = Budget::unlimited();
        let solved = solve(&TakeRule::MaxTake(2), 2, 8, &b).unwrap();
        let c = check_formula(&TakeRule::MaxTake(3), &solved, &b).unwrap();
        assert!(c.value_mismatches > 0 && c.win_mismatches > 0 && c.move_mismatches > 0, "{c:?}");
    }
}
