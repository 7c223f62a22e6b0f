//! Instances found by search: a pot grown until besteScore passes a number of positions
//! (spel2, spel3), and small positions where greedy is not optimal (greedy.txt). Both are
//! seeded, so the same command writes the same file.

use rand::Rng as _;

use super::best::best_score_with;
use super::game::Game;
use super::greedy::{check_greedy, GreedyCheck};
use super::position::Row;
use super::rules::{Color, Rules};
use super::search::BestResult;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::rng::seeded;

/// Board sizes and boards of a grown instance.
#[derive(Debug, Clone)]
pub struct GrowSpec {
    /// Bowls `M`.
    pub bowls: usize,
    /// Tiles per bowl `N`.
    pub bowl_tiles: usize,
    /// Rows `K`.
    pub rows: usize,
    /// Row length `L`.
    pub row_len: usize,
    /// Stop at the first pot whose besteScore visits more than this many positions.
    pub target: u64,
    /// Seed of the random tiles.
    pub seed: u64,
}

/// Why [`grow`] found no game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrowStop {
    /// The budget ran out (time limit or Ctrl-C).
    Stopped(Stopped),
    /// The pot reached [`GrowSpec::longest_useful_pot`] tiles, beyond which no tile is
    /// ever drawn, and besteScore never passed the target; `largest` is the most
    /// positions seen.
    Unreachable {
        /// Pot length at which growing stopped.
        pot_len: usize,
        /// The largest count of positions of any pot tried.
        largest: u64,
    },
}

impl GrowSpec {
    /// The longest pot that can change the game: a game places at most `2*K*L` tiles and
    /// every tile drawn from the pot refills a bowl after one was taken, so no tile after
    /// the first `M*N + 2*K*L` is ever drawn and a longer pot gives the same tree.
    pub fn longest_useful_pot(&self) -> usize {
        self.bowls * self.bowl_tiles + 2 * self.rows * self.row_len
    }
}

/// Grows a random pot one tile at a time (empty boards, player 0 to move) until
/// besteScore visits more than `spec.target` positions; returns that game and its result.
///
/// Every besteScore call runs under `budget` (one budget for the whole growth). Stops with
/// [`GrowStop::Unreachable`] at [`GrowSpec::longest_useful_pot`] tiles.
/// `report(pot_len, result)` is called after every besteScore call.
pub fn grow(
    spec: &GrowSpec,
    budget: &Budget,
    parallel: bool,
    report: &mut dyn FnMut(usize, &BestResult),
) -> Result<(Game, BestResult), GrowStop> {
    let mut rng = seeded(spec.seed);
    let empty = vec![Row::EMPTY; spec.rows];
    let mut pot = Vec::new();
    let mut largest = 0;
    while pot.len() < spec.longest_useful_pot() {
        pot.push(if rng.random_bool(0.5) { Color::Yellow } else { Color::Blue });
        let rules = Rules::new(spec.bowls, spec.bowl_tiles, spec.rows, spec.row_len, pot.clone());
        let game = Game::new(rules, [&empty, &empty], 0);
        let result = best_score_with(game.rules(), game.position(), budget, parallel).map_err(GrowStop::Stopped)?;
        report(pot.len(), &result);
        largest = largest.max(result.positions);
        if result.positions > spec.target {
            return Ok((game, result));
        }
    }
    Err(GrowStop::Unreachable { pot_len: pot.len(), largest })
}

/// A small random position: 1..=3 bowls of 1..=4 tiles, 1..=3 rows of 1..=4 cells,
/// rows filled at random (often nearly full), a pot of 1 to `M*N + 6` tiles.
pub(crate) fn random_small_game(rng: &mut crate::search::rng::Rng) -> Game {
    let bowls = rng.random_range(1..=3);
    let bowl_tiles = rng.random_range(1..=4);
    let rows = rng.random_range(1..=3);
    let row_len = rng.random_range(1..=4);
    let pot_len = rng.random_range(1..=bowls * bowl_tiles + 6);
    let pot: Vec<Color> =
        (0..pot_len).map(|_| if rng.random_bool(0.5) { Color::Yellow } else { Color::Blue }).collect();
    let mut board = || -> Vec<Row> {
        (0..rows)
            .map(|_| {
                let fill = rng.random_range(0..=row_len) as u8;
                let color = if rng.random_bool(0.5) { Color::Yellow } else { Color::Blue };
                if fill == 0 {
                    Row::EMPTY
                } else {
                    Row { color: Some(color), fill }
                }
            })
            .collect()
    };
    let (b0, b1) = (board(), board());
    Game::new(Rules::new(bowls, bowl_tiles, rows, row_len, pot), [&b0, &b1], 0)
}

/// Whether greedy's row ends up strictly fuller than the best move's (so greedy's choice
/// is not a mere tie-break).
fn strictly_greedy(game: &Game, c: &GreedyCheck) -> bool {
    let (rules, pos) = (game.rules(), game.position());
    let fill_after = |mv: super::rules::Move| {
        let tiles = pos.bowl(mv.bowl as usize, mv.color);
        pos.target_row(rules, mv.color, tiles).map(|(_, f)| f + tiles).unwrap_or(0)
    };
    fill_after(c.greedy) > fill_after(c.best)
}

/// Tries `tries` seeded random small positions and returns the one where greedy's move
/// is worse than the best move although its row ends up strictly fuller: the smallest
/// tree first (the easiest to reason about by hand), then the largest loss. `Ok(None)`
/// when no try finds greedy suboptimal; `Err` when `budget` runs out (its time limit, or
/// Ctrl-C) first.
pub fn find_greedy_counterexample(
    seed: u64,
    tries: usize,
    budget: &Budget,
) -> Result<Option<(Game, GreedyCheck)>, Stopped> {
    let mut rng = seeded(seed);
    let mut found: Option<(Game, GreedyCheck)> = None;
    for _ in 0..tries {
        budget.tick(1)?;
        let game = random_small_game(&mut rng);
        let check = match check_greedy(game.rules(), game.position(), budget, false)? {
            Some(c) if c.greedy_loses() && strictly_greedy(&game, &c) => c,
            _ => continue,
        };
        let better = |c: &GreedyCheck| {
            let key = |c: &GreedyCheck| (c.positions, c.greedy_score - c.best_score);
            found.as_ref().is_none_or(|(_, f)| key(c) < key(f))
        };
        if better(&check) {
            found = Some((game, check));
        }
    }
    Ok(found)
}
