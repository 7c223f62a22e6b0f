//! doeExperiment, the undo sweep: play good moves (both sides) to an end position, then
//! undo one move at a time and run besteScore after each undo, until the loaded position
//! is back or a call passes its time limit (that call is the sweep's last row).

use std::time::Duration;

use super::best::best_score_with;
use super::game::Game;
use super::montecarlo::good_move;
use super::position::Position;
use super::search::BestResult;
use crate::experiment::sampling::{sample, SamplePolicy};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::rng::derive_seed;
use crate::search::timing::Samples;

/// One row of the sweep: the besteScore call after `undone` moves were undone.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepRow {
    /// Moves undone from the end position (1 for the first call).
    pub undone: usize,
    /// The position the call searched.
    pub position: Position,
    /// The call's answer, or why it stopped.
    pub result: Result<BestResult, Stopped>,
    /// Median wall time of the call's samples.
    pub seconds: Duration,
    /// Every timed sample of the call (one unless sampled by [`sweep_sampled`]).
    pub samples: Samples,
    /// `nondeterministic: ...` when a sample's answer differed from the first.
    pub nondeterministic: Option<String>,
}

impl SweepRow {
    /// The call's figures as one line of fixed-width columns: positions, seconds
    /// (`width` wide, `decimals` after the point), score and best move; `None` when the
    /// call stopped.
    pub fn figures(&self, width: usize, decimals: usize) -> Option<String> {
        let r = self.result.as_ref().ok()?;
        let seconds = self.seconds.as_secs_f64();
        Some(format!("{:>14} {seconds:>width$.decimals$} {:>6} {:>6}", r.positions, r.score, r.move_text()))
    }

    /// Whether the call was stopped by Ctrl-C.
    pub fn interrupted(&self) -> bool {
        self.result == Err(Stopped::Interrupted)
    }
}

/// The seed of the good move at ply `ply` of a game played from seed `seed`.
pub fn ply_seed(seed: u64, ply: usize) -> u64 {
    derive_seed(seed, &["ply", &ply.to_string()])
}

/// Plays bepaalGoedeZet moves for both players to an end position; returns the number of
/// moves played. Ply `p` uses seed [`ply_seed`]`(seed, p)`; each move gets a fresh
/// `budget()`, and the game stops with `Err` when one runs out.
pub fn play_good_to_end(game: &mut Game, sims: u32, seed: u64, budget: &dyn Fn() -> Budget) -> Result<usize, Stopped> {
    let mut played = 0;
    while let Some(mv) = good_move(game.rules(), game.position(), sims, ply_seed(seed, played), &budget())?.mv {
        if !game.do_move(mv) {
            break;
        }
        played += 1;
    }
    Ok(played)
}

/// Runs the undo sweep on a copy of `game` from its current position, calling `on_row`
/// after every besteScore call. `budget` gives a fresh budget per call; `parallel`
/// chooses the rayon search (on the current pool). Returns the moves of the good game, or
/// `Err` (and no row) when a good move of that game ran out of its budget.
pub fn sweep(
    game: &Game,
    sims: u32,
    seed: u64,
    budget: &dyn Fn() -> Budget,
    parallel: bool,
    on_row: &mut dyn FnMut(&SweepRow),
) -> Result<usize, Stopped> {
    sweep_sampled(game, (sims, seed), budget, parallel, &SamplePolicy::once(), on_row)
}

/// As [`sweep`] (`good` is its `sims` and `seed`), each besteScore call sampled under
/// `policy`.
pub fn sweep_sampled(
    game: &Game,
    (sims, seed): (u32, u64),
    budget: &dyn Fn() -> Budget,
    parallel: bool,
    policy: &SamplePolicy,
    on_row: &mut dyn FnMut(&SweepRow),
) -> Result<usize, Stopped> {
    let mut game = game.clone();
    let played = play_good_to_end(&mut game, sims, seed, budget)?;
    for undone in 1..=played {
        game.undo();
        let cell = sample(policy, || best_score_with(game.rules(), game.position(), &budget(), parallel));
        let seconds = Duration::from_secs_f64(cell.samples.median().unwrap_or(0.0));
        let (result, samples, nondeterministic) = (cell.outcome, cell.samples, cell.nondeterministic);
        let row = SweepRow { undone, position: *game.position(), result, seconds, samples, nondeterministic };
        on_row(&row);
        if row.result.is_err() {
            break;
        }
    }
    Ok(played)
}
