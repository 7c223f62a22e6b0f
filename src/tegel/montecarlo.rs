//! bepaalGoedeZet: the Monte Carlo good move. For each distinct move, `sims` random games
//! (uniform among the distinct moves at every step) are played to an end position and
//! scored from the mover's view; the move with the highest average wins (first in list
//! order on ties). Each root move draws from its own generator seeded from the call's
//! seed and the move, so the answer depends on the seed only, never on threads.

use rand::Rng as _;
use rayon::prelude::*;

use super::position::Position;
use super::rules::{Move, Rules};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::rng::{item_rng, Rng};

/// The answer of bepaalGoedeZet.
#[derive(Debug, Clone, PartialEq)]
pub struct GoodMove {
    /// The chosen move; `None` at an end position.
    pub mv: Option<Move>,
    /// Every distinct move with its average final score (mover's view), in list order.
    pub averages: Vec<(Move, f64)>,
}

impl GoodMove {
    /// The chosen move as `(0,g)`, or `-` at an end position.
    pub fn move_text(&self) -> String {
        self.mv.map(|m| m.to_string()).unwrap_or_else(|| "-".to_string())
    }

    /// The averages as `(0,g)=0.250 (0,b)=-1.000`.
    pub fn averages_text(&self) -> String {
        self.averages.iter().map(|(m, a)| format!("{m}={a:.4}")).collect::<Vec<_>>().join(" ")
    }
}

/// Plays uniformly random distinct moves from `pos` to an end position; returns the final
/// score from `player`'s view.
pub fn random_playout(rules: &Rules, mut pos: Position, player: usize, rng: &mut Rng) -> i32 {
    while !pos.someone_all_full(rules) {
        let moves = pos.moves(rules);
        if moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[rng.random_range(0..moves.len())];
        pos.do_move(rules, mv);
    }
    if pos.to_move() == player {
        pos.score()
    } else {
        -pos.score()
    }
}

/// Random games between two budget checks.
const SIMS_PER_CHECK: u32 = 64;

/// Runs bepaalGoedeZet with `sims` simulations per move, the root moves on the current
/// rayon pool; the same `seed` gives the same answer on any number of threads.
///
/// The random games are ticked into `budget` (one per game) every 64 games; `Err` when
/// its time limit passes or Ctrl-C is pressed before every game is played.
pub fn good_move(rules: &Rules, pos: &Position, sims: u32, seed: u64, budget: &Budget) -> Result<GoodMove, Stopped> {
    let moves = if pos.someone_all_full(rules) { Vec::new() } else { pos.moves(rules).as_slice().to_vec() };
    let player = pos.to_move();
    let totals: Vec<Result<i64, Stopped>> = moves
        .par_iter()
        .map(|&mv| {
            let mut rng = item_rng(seed, &[&mv.to_string()]);
            let mut child = *pos;
            child.do_move(rules, mv);
            let mut total = 0;
            for done in 0..sims {
                if done % SIMS_PER_CHECK == 0 && done > 0 {
                    budget.tick(u64::from(SIMS_PER_CHECK))?;
                }
                total += i64::from(random_playout(rules, child, player, &mut rng));
            }
            budget.tick(u64::from((sims - 1) % SIMS_PER_CHECK + 1))?;
            Ok(total)
        })
        .collect();
    let totals = totals.into_iter().collect::<Result<Vec<i64>, Stopped>>()?;
    let mut best: Option<(Move, i64)> = None;
    for (&mv, &total) in moves.iter().zip(&totals) {
        if best.is_none_or(|(_, t)| total > t) {
            best = Some((mv, total));
        }
    }
    let averages = moves.iter().zip(&totals).map(|(&m, &t)| (m, t as f64 / f64::from(sims.max(1)))).collect();
    Ok(GoodMove { mv: best.map(|(m, _)| m), averages })
}
