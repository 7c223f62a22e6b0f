//! When an A/B item may stop sampling, and what each stop costs: a fixed schedule of
//! looks (interim analyses) and the share of the level each look may spend, so that
//! stopping early never raises the chance of a false verdict above the level.
//!
//! **Looks.** The first at [`FIRST_LOOK`] rounds (or the minimum rounds, if more), each
//! next one [`LOOK_GROWTH`] times the last, and the maximum rounds as the last look.
//!
//! **Spending.** The interim looks share [`INTERIM_SHARE`] of the level equally; the last
//! look has the rest (a Haybittle–Peto design: early stops only for clear evidence, and
//! nearly the whole level kept for the end). A cell analysed at a look of weight `w` has
//! its p-value read as `p / w` and its interval at `1 − α·w`. Whatever look an item stops
//! at, the chance that any look's analysis is wrong is at most the sum of the looks'
//! shares, `α` (a union bound over the looks: a confidence sequence over the schedule).
//!
//! An item that ends between two looks for a reason that does not depend on its ratios
//! (its time budget, or rounds lost to a busy machine) is analysed at the rounds it has,
//! with the weight of the next look, which it then never reaches.

/// The interim looks' share of the level, together.
pub const INTERIM_SHARE: f64 = 0.1;

/// The round of the first interim look: the fewest at which a signed-rank interval at an
/// interim look's level exists for the default schedule.
pub const FIRST_LOOK: usize = 12;

/// Each look comes after this many times the rounds of the one before.
pub const LOOK_GROWTH: f64 = 1.5;

/// The looks of an item: the rounds after which it may stop, ascending, the last one its
/// maximum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Looks {
    rounds: Vec<usize>,
}

impl Looks {
    /// The schedule from `min_rounds` to `max_rounds`: [`FIRST_LOOK`] (or `min_rounds`
    /// when more), then growing by [`LOOK_GROWTH`], then `max_rounds`.
    pub fn new(min_rounds: usize, max_rounds: usize) -> Looks {
        let max = max_rounds.max(1);
        let mut rounds = Vec::new();
        let mut next = FIRST_LOOK.max(min_rounds);
        while next < max {
            rounds.push(next);
            next = ((next as f64) * LOOK_GROWTH).ceil() as usize;
        }
        rounds.push(max);
        Looks { rounds }
    }

    /// One look at the end: the whole level spent there (a comparison without stopping).
    pub fn single(rounds: usize) -> Looks {
        Looks { rounds: vec![rounds.max(1)] }
    }

    /// The rounds of each look.
    pub fn rounds(&self) -> &[usize] {
        &self.rounds
    }

    /// Whether the analysis after `n` rounds is a look.
    pub fn is_look(&self, n: usize) -> bool {
        self.rounds.contains(&n)
    }

    /// The share of the level spent by an analysis after `n` rounds: that of the first
    /// look at or after `n` (the last look's past the maximum).
    pub fn weight_at(&self, n: usize) -> f64 {
        let k = self.rounds.iter().position(|&r| r >= n).unwrap_or(self.rounds.len() - 1);
        self.weight_of(k)
    }

    fn weight_of(&self, k: usize) -> f64 {
        let interim = self.rounds.len() - 1;
        match (interim, k == interim) {
            (0, _) => 1.0,
            (_, true) => 1.0 - INTERIM_SHARE,
            (_, false) => INTERIM_SHARE / interim as f64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 6 to 40 rounds: looks at 12, 18, 27 and 40; three interim looks of 1/30 each and
    /// 0.9 at the end, summing to 1.
    #[test]
    fn the_default_schedule_by_hand() {
        let looks = Looks::new(6, 40);
        assert_eq!(looks.rounds(), &[12, 18, 27, 40]);
        assert!((looks.weight_at(12) - 0.1 / 3.0).abs() < 1e-12);
        assert!((looks.weight_at(13) - 0.1 / 3.0).abs() < 1e-12, "between looks: the next look's weight");
        assert!((looks.weight_at(40) - 0.9).abs() < 1e-12);
        assert!((looks.weight_at(30) - 0.9).abs() < 1e-12);
        let total: f64 = looks.rounds().iter().map(|&n| looks.weight_at(n)).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!(looks.is_look(18) && !looks.is_look(19));
    }

    /// A maximum at or under the first look is the only look, with the whole level.
    #[test]
    fn a_short_item_has_one_look() {
        assert_eq!(Looks::new(6, 10).rounds(), &[10]);
        assert_eq!(Looks::new(6, 10).weight_at(7), 1.0);
        assert_eq!(Looks::new(20, 25).rounds(), &[20, 25]);
        assert_eq!(Looks::single(8).weight_at(8), 1.0);
    }
}
