//! Good-vs-best matches: one player always plays bepaalGoedeZet, the other besteScore's
//! best move, from the loaded position to an end position.

use super::best::best_score_with;
use super::game::Game;
use super::montecarlo::good_move;
use super::sweep::ply_seed;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;

/// How a match ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchResult {
    /// Final score from the good player's view.
    pub good_score: i32,
    /// Moves played.
    pub moves: usize,
    /// The moves, in order, as `(0,g) (1,b) ...`.
    pub transcript: String,
    /// Positions visited by all besteScore calls of the best player together.
    pub best_positions: u64,
}

/// Plays good (player `good_player`) against best from `game`'s current position.
///
/// Good's move at ply `p` uses seed [`ply_seed`]`(seed, p)`; every good move and
/// besteScore call gets a fresh `budget()` and the match stops with `Err` when one runs out.
pub fn play_match(
    game: &Game,
    good_player: usize,
    sims: u32,
    seed: u64,
    budget: &dyn Fn() -> Budget,
    parallel: bool,
) -> Result<MatchResult, Stopped> {
    let mut game = game.clone();
    let mut moves = Vec::new();
    let mut best_positions = 0;
    while !game.is_end() {
        let (rules, pos) = (game.rules(), game.position());
        let mv = if pos.to_move() == good_player {
            good_move(rules, pos, sims, ply_seed(seed, moves.len()), &budget())?.mv
        } else {
            let r = best_score_with(rules, pos, &budget(), parallel)?;
            best_positions += r.positions;
            r.best_move
        };
        let Some(mv) = mv.filter(|&mv| game.do_move(mv)) else { break };
        moves.push(mv.to_string());
    }
    let score = game.position().score();
    let good_score = if game.position().to_move() == good_player { score } else { -score };
    Ok(MatchResult { good_score, moves: moves.len(), transcript: moves.join(" "), best_positions })
}
