//! Seeded games between computer players under the full rules and the draw rule.

use super::game::{Game, Outcome};
use super::geometry::{Color, Geometry};
use super::players::{choose_move, PlayerKind};
use crate::search::bits::Bits;
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::rng::Rng;

/// How one game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRecord {
    /// `Won(colour)` or `Drawn` (never `Ongoing`).
    pub outcome: Outcome,
    /// Plies played.
    pub plies: usize,
}

/// How one game is played: who plays, the draw rule and the random opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRules {
    /// The players, `[black, white]`.
    pub players: [PlayerKind; 2],
    /// Plies without a capture or a man's move after which the game is drawn (0: never).
    pub draw_plies: u32,
    /// Plies at the start played at random whoever the player (to vary games between
    /// deterministic players).
    pub opening_plies: usize,
}

/// Plays one game under `rules`, every choice from `rng`. The budget is checked between
/// moves.
pub fn play_game<B: Bits>(
    g: &Geometry<B>,
    rules: &GameRules,
    rng: &mut Rng,
    budget: &Budget,
) -> Result<GameRecord, Stopped> {
    let mut game = Game::new(g.clone(), rules.draw_plies);
    while game.outcome() == Outcome::Ongoing {
        budget.check()?;
        let kind =
            if game.plies() < rules.opening_plies { PlayerKind::Random } else { rules.players[game.side().index()] };
        let mv = choose_move(g, game.position(), kind, rng).expect("an ongoing game has a legal move");
        game.play(&mv).expect("players choose legal moves");
    }
    Ok(GameRecord { outcome: game.outcome(), plies: game.plies() })
}

/// Wins, losses and draws of a player over a series, and its plies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games won with Black.
    pub wins_as_black: u64,
    /// Games won with White.
    pub wins_as_white: u64,
    /// Plies of all games together.
    pub plies: u64,
}

impl Tally {
    /// Adds a game in which the player had colour `as_color`.
    pub fn add(&mut self, record: &GameRecord, as_color: Color) {
        self.games += 1;
        self.plies += record.plies as u64;
        match record.outcome {
            Outcome::Won(c) if c == as_color => {
                self.wins += 1;
                match c {
                    Color::Black => self.wins_as_black += 1,
                    Color::White => self.wins_as_white += 1,
                }
            }
            Outcome::Won(_) => self.losses += 1,
            _ => self.draws += 1,
        }
    }

    /// Average plies per game.
    pub fn average_plies(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.plies as f64 / self.games as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::rng::item_rng;

    #[test]
    fn random_games_end_and_replay_from_the_seed() {
        let g = Geometry::<u64>::new(6, 6, 2).unwrap();
        let b = Budget::unlimited();
        let rules = GameRules { players: [PlayerKind::Random; 2], draw_plies: 80, opening_plies: 0 };
        let play = |i: u64| play_game(&g, &rules, &mut item_rng(i, &["t"]), &b).unwrap();
        for i in 0..20 {
            let r = play(i);
            assert_ne!(r.outcome, Outcome::Ongoing);
            assert_eq!(r, play(i));
        }
    }
}
