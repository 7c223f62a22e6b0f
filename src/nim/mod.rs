//! Nim (seed 003): heaps of sticks, a move limit `maxtake`, the Sprague-Grundy engine, the
//! reservoir-sampling move selector, an exhaustive solver that checks the formula (and
//! solves general subtraction games), the interactive game and the report experiments.
//!
//! Files by concept: [`position`] (rules, value, winning moves), [`selector`] (Algorithm R),
//! [`player`] (computer and random players), [`solver`] (mex tables, exhaustive search),
//! [`verify`] (formula against search), [`stats`] (chi-square p-value), [`experiments`],
//! [`cli`] (one-shot commands) and [`play`] (the seed's interactive game).

pub mod cli;
pub mod experiments;
pub mod play;
pub mod player;
pub mod position;
pub mod report;
pub mod selector;
pub mod solver;
pub mod stats;
pub mod verify;

/// `n` and `noun`, the noun in the plural unless `n` is 1: `1 heap`, `3 heaps`.
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    match n.into() {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn counted_uses_the_singular_for_one_only() {
        assert_eq!(super::counted(1u32, "heap"), "1 heap");
        assert_eq!(super::counted(0u32, "item"), "0 items");
        assert_eq!(super::counted(2u64, "character"), "2 characters");
    }
}
