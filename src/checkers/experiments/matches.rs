//! The `match` kind: one item and row per pairing of players, over seeded games with both colours.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::{board_or_standard, finished};
use crate::base::error::InputError;
use crate::base::error::Result;
use crate::checkers::by_size::{self, colour_in_game};
use crate::checkers::game::DEFAULT_DRAW_PLIES;
use crate::checkers::geometry::{BoardSize, Color};
use crate::checkers::matches::{GameRules, Tally};
use crate::checkers::players::PlayerKind;
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::Experiment;
use crate::experiment::Item;
use crate::experiment::RunContext;
use crate::results::row::columns_of;
use crate::results::row::Status;
use crate::results::row::{Cpu, Timing};
use crate::results::row::{Fixed, Ratio};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;

// ---------------------------------------------------------------- match

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PairingParams {
    /// The player whose results the row reports, e.g. `strategy:4`.
    player: String,
    /// Its opponent, e.g. `random`.
    opponent: String,
    /// Games; the player has Black in even-numbered games, White in odd ones.
    games: u64,
    /// Random plies at the start of each game (varies games between deterministic players).
    opening_plies: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MatchParams {
    /// Board, default `8x8 r3`.
    board: Option<String>,
    /// Plies without capture or man move that draw a game (default 80; 0 disables).
    draw_plies: Option<u32>,
    /// The pairings, one row each.
    pairings: Vec<PairingParams>,
}

struct Pairing {
    player: PlayerKind,
    opponent: PlayerKind,
    games: u64,
    opening_plies: usize,
}

pub(in crate::checkers) struct MatchExperiment {
    size: BoardSize,
    draw_plies: u32,
    pairings: Vec<Pairing>,
}

impl MatchExperiment {
    pub(in crate::checkers) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: MatchParams = spec.params()?;
        let size = board_or_standard(spec, p.board.as_deref())?;
        if p.pairings.is_empty() {
            return Err(spec.error(Some("pairings"), "`pairings` must list at least one pairing"));
        }
        let mut pairings = Vec::new();
        for (i, q) in p.pairings.iter().enumerate() {
            let kind = |t: &str| {
                t.parse::<PlayerKind>().map_err(|e| spec.error(Some("pairings"), format!("pairings[{i}]: {e}")))
            };
            if q.games == 0 {
                return Err(spec.error(Some("pairings"), format!("pairings[{i}]: `games` must be at least 1")));
            }
            pairings.push(Pairing {
                player: kind(&q.player)?,
                opponent: kind(&q.opponent)?,
                games: q.games,
                opening_plies: q.opening_plies.unwrap_or(0),
            });
        }
        Ok(Box::new(MatchExperiment { size, draw_plies: p.draw_plies.unwrap_or(DEFAULT_DRAW_PLIES), pairings }))
    }

    fn series(&self, q: &Pairing, ctx: &RunContext, budget: &Budget) -> std::result::Result<Tally, Stopped> {
        let label = format!("{} vs {}", q.player, q.opponent);
        let records = (0..q.games)
            .into_par_iter()
            .map(|i| {
                let color = colour_in_game(i);
                let players = match color {
                    Color::Black => [q.player, q.opponent],
                    Color::White => [q.opponent, q.player],
                };
                let mut rng = ctx.rng(&[&self.size.to_string(), &label, &i.to_string()]);
                let rules = GameRules { players, draw_plies: self.draw_plies, opening_plies: q.opening_plies };
                by_size::game(self.size, &rules, &mut rng, budget).map(|r| (r, color))
            })
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let mut tally = Tally::default();
        for (r, color) in &records {
            tally.add(r, *color);
        }
        Ok(tally)
    }
}

/// A row of `kind = "match"`: one pairing's games from the player's side.
#[derive(Serialize, Default)]
struct MatchRow {
    board: String,
    player: String,
    opponent: String,
    games: u64,
    wins: Option<u64>,
    losses: Option<u64>,
    draws: Option<u64>,
    wins_as_black: Option<u64>,
    wins_as_white: Option<u64>,
    win_rate: Option<Ratio>,
    average_plies: Option<Fixed<1>>,
    opening_plies: usize,
    draw_plies: u32,
    seconds: Timing,
    cpu: Cpu,
}

/// A guess of a pairing's cost: games times the work of the deeper player's searches.
fn pairing_cost(q: &Pairing) -> f64 {
    let depth = |k: PlayerKind| match k {
        PlayerKind::Random => 0,
        PlayerKind::Strategy(d) => d,
    };
    q.games as f64 * 3f64.powi(depth(q.player).max(depth(q.opponent)) as i32)
}

impl Experiment for MatchExperiment {
    fn columns(&self) -> Vec<String> {
        columns_of::<MatchRow>()
    }

    /// One item per pairing (its row sums the pairing's games), named `strategy:4 vs
    /// random`; the games inside run on the run's rayon pool, each seeded from the
    /// board, the pairing and the game number.
    fn items(&self) -> Vec<Item> {
        self.pairings
            .iter()
            .map(|q| Item::new(format!("{} vs {}", q.player, q.opponent)).with_cost(pairing_cost(q)))
            .collect()
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        if index == 0 {
            ctx.figure(
                &crate::checkers::picture::start_name(self.size),
                crate::checkers::picture::start_svg(self.size),
            );
        }
        let q = &self.pairings[index];
        let cell = ctx.sample(|budget| self.series(q, ctx, budget));
        ctx.check_interrupted()?;
        let t = cell.outcome.as_ref().ok();
        let row = MatchRow {
            board: self.size.to_string(),
            player: q.player.to_string(),
            opponent: q.opponent.to_string(),
            games: q.games,
            wins: t.map(|t| t.wins),
            losses: t.map(|t| t.losses),
            draws: t.map(|t| t.draws),
            wins_as_black: t.map(|t| t.wins_as_black),
            wins_as_white: t.map(|t| t.wins_as_white),
            win_rate: t.map(|t| Ratio(t.wins as f64 / t.games as f64)),
            average_plies: t.map(|t| Fixed(t.average_plies())),
            opening_plies: q.opening_plies,
            draw_plies: self.draw_plies,
            seconds: Timing::of(finished(&cell)),
            cpu: Cpu::of(finished(&cell), ctx.threads),
        };
        ctx.emit_row(&row, ctx.threads, &Status::of_sampled(&cell), &format!("{} vs {}", q.player, q.opponent));
        Ok(())
    }
}
