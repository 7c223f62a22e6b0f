//! The `versus` kind: the computer against a uniformly random player from seeded random starts, one row per `maxtakes`.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::check_maxtakes;
use crate::base::error::InputError;
use crate::base::error::Result;
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::Experiment;
use crate::experiment::Item;
use crate::experiment::RunContext;
use crate::nim::players::computer_vs_random;
use crate::nim::position::{Position, MAX_HEAPS, MAX_STICKS};
use crate::results::row::{columns_of, Cpu, Fixed, Status, Timing};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;

// ---------------------------------------------------------------------------------------
// versus

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VersusParams {
    maxtakes: Vec<u32>,
    games: u64,
    min_heaps: usize,
    max_heaps: usize,
    max_sticks: u32,
}

/// Most games per row.
const MAX_GAMES: u64 = 100_000_000;

pub(in crate::nim) struct VersusExperiment {
    p: VersusParams,
}

/// One row of the `versus` experiment; the tallies are `None` when the games stopped.
#[derive(Serialize, Default)]
struct VersusRow {
    maxtake: u32,
    games: u64,
    /// `MIN-MAX` heaps per start.
    heaps: String,
    max_sticks: u32,
    nonzero_starts: Option<u64>,
    computer_wins: Option<u64>,
    random_wins: Option<u64>,
    nonzero_start_wins: Option<u64>,
    /// One decimal, or `n/a` without a non-zero start.
    /// Empty when no game started from a nonzero position.
    nonzero_start_win_percent: Option<Fixed<1>>,
    zero_start_wins: Option<u64>,
    moves: Option<u64>,
    seconds: Timing,
    cpu: Cpu,
}

/// Tallies of one `versus` row.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct VersusTally {
    nonzero_starts: u64,
    computer_wins: u64,
    nonzero_start_wins: u64,
    zero_start_wins: u64,
    moves: u64,
}

impl VersusExperiment {
    pub(in crate::nim) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: VersusParams = spec.params()?;
        if p.maxtakes.is_empty() {
            return Err(spec.error(Some("maxtakes"), "`maxtakes` must list at least one move limit"));
        }
        check_maxtakes(spec, &p.maxtakes)?;
        if p.games == 0 || p.games > MAX_GAMES {
            return Err(spec.error(Some("games"), format!("`games` must be from 1 to {MAX_GAMES}")));
        }
        if p.min_heaps == 0 || p.min_heaps > p.max_heaps || p.max_heaps > MAX_HEAPS {
            return Err(spec.error(
                Some("min_heaps"),
                format!(
                    "need 1 <= min_heaps <= max_heaps <= {MAX_HEAPS}, got min_heaps {} and max_heaps {}",
                    p.min_heaps, p.max_heaps
                ),
            ));
        }
        if p.max_sticks == 0 || p.max_sticks > MAX_STICKS {
            return Err(spec.error(Some("max_sticks"), format!("`max_sticks` must be from 1 to {MAX_STICKS}")));
        }
        Ok(Box::new(VersusExperiment { p }))
    }

    /// A random start: `min_heaps..=max_heaps` heaps of `1..=max_sticks` sticks.
    fn random_start(&self, maxtake: u32, rng: &mut impl Rng) -> Position {
        let n = rng.random_range(self.p.min_heaps..=self.p.max_heaps);
        let mut heaps = [0u32; MAX_HEAPS];
        heaps[..n].iter_mut().for_each(|s| *s = rng.random_range(1..=self.p.max_sticks));
        Position::new(&heaps[..n], maxtake).expect("parameters checked at build")
    }

    fn play_games(&self, maxtake: u32, rng: &mut impl Rng, budget: &Budget) -> Result<VersusTally, Stopped> {
        let mut t = VersusTally::default();
        let mut ticked = 0;
        for game in 0..self.p.games {
            let start = self.random_start(maxtake, &mut *rng);
            let nonzero = start.nim_value() != 0;
            let result = computer_vs_random(&start, &mut *rng);
            let win = u64::from(result.computer_won);
            t.nonzero_starts += u64::from(nonzero);
            t.computer_wins += win;
            if nonzero {
                t.nonzero_start_wins += win;
            } else {
                t.zero_start_wins += win;
            }
            t.moves += result.moves;
            if game % 1024 == 1023 {
                budget.tick(t.moves - ticked)?;
                ticked = t.moves;
            }
        }
        budget.tick(t.moves - ticked)?;
        Ok(t)
    }
}

impl Experiment for VersusExperiment {
    fn columns(&self) -> Vec<String> {
        columns_of::<VersusRow>()
    }

    /// One item per `maxtakes` entry.
    fn items(&self) -> Vec<Item> {
        let cost = self.p.games as f64 * self.p.max_heaps as f64 * f64::from(self.p.max_sticks);
        self.p.maxtakes.iter().map(|m| Item::new(format!("maxtake {m}")).with_cost(cost)).collect()
    }

    /// Plays the row's games from one generator seeded by the experiment seed and this
    /// row's `maxtake` only (starts and the random player's moves alike).
    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let maxtake = self.p.maxtakes[index];
        ctx.check_interrupted()?;
        let rng = || ctx.rng(&["maxtake", &maxtake.to_string()]);
        let cell = ctx.sample(|budget| self.play_games(maxtake, &mut rng(), budget));
        let timed = cell.outcome.as_ref().ok().map(|_| &cell.samples);
        let percent = |t: &VersusTally| match t.nonzero_starts {
            0 => None,
            n => Some(Fixed(100.0 * t.nonzero_start_wins as f64 / n as f64)),
        };
        let done = cell.outcome.as_ref().ok();
        let row = VersusRow {
            maxtake,
            games: self.p.games,
            heaps: format!("{}-{}", self.p.min_heaps, self.p.max_heaps),
            max_sticks: self.p.max_sticks,
            nonzero_starts: done.map(|t| t.nonzero_starts),
            computer_wins: done.map(|t| t.computer_wins),
            random_wins: done.map(|t| self.p.games - t.computer_wins),
            nonzero_start_wins: done.map(|t| t.nonzero_start_wins),
            nonzero_start_win_percent: done.and_then(percent),
            zero_start_wins: done.map(|t| t.zero_start_wins),
            moves: done.map(|t| t.moves),
            seconds: Timing::of(timed),
            cpu: Cpu::of(timed, 1),
        };
        ctx.check_interrupted()?;
        ctx.emit_row(&row, ctx.threads, &Status::of_sampled(&cell), &format!("maxtake {maxtake}"));
        Ok(())
    }
}
