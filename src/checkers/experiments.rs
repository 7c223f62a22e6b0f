//! Manifest experiments of checkers: `count` (continuation counts, plain and memoised,
//! one row per board), `perft` (one row per depth) and `match` (one row per pairing of
//! players over seeded games with both colours), plus the `parallel` experiment's
//! checkers searches (`perft` and `count`).

use rayon::prelude::*;
use serde::Deserialize;

use super::count::{Count, CountStop};
use super::dispatch::{self, colour_in_game, CountMode};
use super::game::DEFAULT_DRAW_PLIES;
use super::geometry::{BoardSize, Color};
use super::matches::Tally;
use super::players::PlayerKind;
use crate::harness::experiment::{in_pool, seconds_cell, status_of, timed, STATUS_OK, STATUS_TIMEOUT};
use crate::harness::{
    Budget, Experiment, ExperimentSpec, InputError, ParallelSearch, Result, RunContext, SearchOutcome, Stopped,
};

/// Default memo size limit of the memoised count (a full memo peaks at about 2.4 GB).
pub const DEFAULT_MEMO_LIMIT: usize = 10_000_000;

/// Builds the experiment of a `game = "checkers"` manifest entry.
pub fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    match spec.kind.as_str() {
        "count" => CountExperiment::build(spec),
        "perft" => PerftExperiment::build(spec),
        "match" => MatchExperiment::build(spec),
        other => Err(spec
            .error(Some("kind"), format!("unknown kind `{other}` for game checkers, expected count, perft or match"))),
    }
}

fn board(spec: &ExperimentSpec, key: &str, text: &str) -> Result<BoardSize, InputError> {
    text.parse().map_err(|e: String| spec.error(Some(key), e))
}

fn columns(names: &[&str]) -> Vec<String> {
    names.iter().map(|c| c.to_string()).collect()
}

fn stop_status(stop: &CountStop) -> String {
    match stop {
        CountStop::Stopped(s) => status_of(*s),
        other => format!("error: {other}"),
    }
}

// ---------------------------------------------------------------- count

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountParams {
    /// Boards like `4x4 r1`.
    boards: Vec<String>,
    /// Most positions the memo may store.
    memo_limit: Option<usize>,
}

struct CountExperiment {
    boards: Vec<BoardSize>,
    memo_limit: usize,
}

impl CountExperiment {
    fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: CountParams = spec.params()?;
        if p.boards.is_empty() {
            return Err(spec.error(Some("boards"), "`boards` must list at least one board, like \"4x4 r1\""));
        }
        let boards = p.boards.iter().map(|b| board(spec, "boards", b)).collect::<Result<Vec<_>, _>>()?;
        let memo_limit = p.memo_limit.unwrap_or(DEFAULT_MEMO_LIMIT);
        if memo_limit == 0 {
            return Err(spec.error(Some("memo_limit"), "`memo_limit` must be at least 1"));
        }
        Ok(Box::new(CountExperiment { boards, memo_limit }))
    }
}

const COUNT_COLUMNS: [&str; 17] = [
    "board",
    "m",
    "n",
    "r",
    "games",
    "black_wins",
    "white_wins",
    "both_kings",
    "positions",
    "seconds",
    "memo_positions",
    "memo_distinct_positions",
    "memo_seconds",
    "threads",
    "seed",
    "time_limit",
    "status",
];

impl crate::harness::experiment::WholeExperiment for CountExperiment {
    fn columns(&self) -> Vec<String> {
        columns(&COUNT_COLUMNS)
    }

    fn items(&self) -> u64 {
        self.boards.len() as u64
    }

    fn run(&self, ctx: &RunContext) -> Result<()> {
        for &size in &self.boards {
            ctx.check_interrupted()?;
            let mode = if ctx.threads > 1 { CountMode::Parallel } else { CountMode::Plain };
            let (plain, plain_time) = timed(|| in_pool(ctx.threads, || dispatch::count(size, mode, &ctx.budget())));
            ctx.check_interrupted()?;
            let (memo, memo_time) = timed(|| dispatch::count(size, CountMode::Memo(self.memo_limit), &ctx.budget()));
            ctx.check_interrupted()?;
            ctx.emit(count_row(size, &plain, plain_time, &memo, memo_time, ctx), &size.to_string());
        }
        Ok(())
    }
}

type CountResult = std::result::Result<Count, CountStop>;

fn count_row(
    size: BoardSize,
    plain: &CountResult,
    plain_time: std::time::Duration,
    memo: &CountResult,
    memo_time: std::time::Duration,
    ctx: &RunContext,
) -> Vec<String> {
    let timeout = || STATUS_TIMEOUT.to_string();
    let games = plain.as_ref().ok().or(memo.as_ref().ok()).map(|c| c.games);
    let status = match (plain, memo) {
        (Ok(a), Ok(b)) if a.games != b.games => "error: plain and memoised counts differ".to_string(),
        (Ok(_), Ok(_)) => STATUS_OK.to_string(),
        (Err(e), _) | (_, Err(e)) => stop_status(e),
    };
    let game_cell = |f: fn(&super::count::Games) -> u128| games.map(|g| f(&g).to_string()).unwrap_or_else(timeout);
    let plain_cell = |f: &dyn Fn(&Count) -> String| plain.as_ref().map(f).unwrap_or_else(|_| timeout());
    let memo_cell = |f: &dyn Fn(&Count) -> String| memo.as_ref().map(f).unwrap_or_else(|_| timeout());
    vec![
        size.to_string(),
        size.rows.to_string(),
        size.cols.to_string(),
        size.men_rows.to_string(),
        game_cell(|g| g.total),
        game_cell(|g| g.black_wins),
        game_cell(|g| g.white_wins),
        game_cell(|g| g.both_kings),
        plain_cell(&|c| c.positions.to_string()),
        plain_cell(&|_| seconds_cell(plain_time)),
        memo_cell(&|c| c.positions.to_string()),
        memo_cell(&|c| c.distinct_positions.to_string()),
        memo_cell(&|_| seconds_cell(memo_time)),
        ctx.threads.to_string(),
        ctx.seed().to_string(),
        ctx.time_limit_cell(),
        status,
    ]
}

// ---------------------------------------------------------------- perft

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PerftParams {
    /// Board, default `8x8 r3`.
    board: Option<String>,
    /// Depths, one row each.
    depths: Vec<u32>,
}

struct PerftExperiment {
    size: BoardSize,
    depths: Vec<u32>,
}

impl PerftExperiment {
    fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: PerftParams = spec.params()?;
        let size = match &p.board {
            Some(b) => board(spec, "board", b)?,
            None => BoardSize::standard(),
        };
        if p.depths.is_empty() || p.depths.iter().any(|&d| d > 40) {
            return Err(spec.error(Some("depths"), "`depths` must list depths between 0 and 40"));
        }
        Ok(Box::new(PerftExperiment { size, depths: p.depths }))
    }
}

const PERFT_COLUMNS: [&str; 9] =
    ["board", "depth", "leaves", "positions", "seconds", "leaves_per_second", "threads", "time_limit", "status"];

impl crate::harness::experiment::WholeExperiment for PerftExperiment {
    fn columns(&self) -> Vec<String> {
        columns(&PERFT_COLUMNS)
    }

    fn items(&self) -> u64 {
        self.depths.len() as u64
    }

    /// Depths run in the listed order; once one times out, deeper ones are reported as
    /// `timeout` without running (they take longer still).
    fn run(&self, ctx: &RunContext) -> Result<()> {
        let mut timed_out_at: Option<u32> = None;
        for &depth in &self.depths {
            ctx.check_interrupted()?;
            let skipped = timed_out_at.is_some_and(|d| depth >= d);
            let (result, time) = if skipped {
                (Err(Stopped::TimeLimit), std::time::Duration::ZERO)
            } else {
                let parallel = ctx.threads > 1;
                timed(|| in_pool(ctx.threads, || dispatch::perft(self.size, depth, parallel, &ctx.budget())))
            };
            ctx.check_interrupted()?;
            if result.is_err() && timed_out_at.is_none_or(|d| depth < d) {
                timed_out_at = Some(depth);
            }
            let cells = match &result {
                Ok(c) => [
                    c.leaves.to_string(),
                    c.positions.to_string(),
                    seconds_cell(time),
                    format!("{:.0}", c.leaves as f64 / time.as_secs_f64().max(1e-9)),
                    STATUS_OK.to_string(),
                ],
                Err(e) => {
                    let t = STATUS_TIMEOUT.to_string();
                    [t.clone(), t.clone(), t.clone(), t, status_of(*e)]
                }
            };
            let [leaves, positions, seconds, rate, status] = cells;
            let row = vec![
                self.size.to_string(),
                depth.to_string(),
                leaves,
                positions,
                seconds,
                rate,
                ctx.threads.to_string(),
                ctx.time_limit_cell(),
                status,
            ];
            ctx.emit(row, &format!("{} depth {depth}", self.size));
        }
        Ok(())
    }
}

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

struct MatchExperiment {
    size: BoardSize,
    draw_plies: u32,
    pairings: Vec<Pairing>,
}

impl MatchExperiment {
    fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: MatchParams = spec.params()?;
        let size = match &p.board {
            Some(b) => board(spec, "board", b)?,
            None => BoardSize::standard(),
        };
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
        let records = in_pool(ctx.threads, || {
            (0..q.games)
                .into_par_iter()
                .map(|i| {
                    let color = colour_in_game(i);
                    let players = match color {
                        Color::Black => [q.player, q.opponent],
                        Color::White => [q.opponent, q.player],
                    };
                    let mut rng = ctx.rng(&[&self.size.to_string(), &label, &i.to_string()]);
                    dispatch::game(self.size, players, self.draw_plies, q.opening_plies, &mut rng, budget)
                        .map(|r| (r, color))
                })
                .collect::<std::result::Result<Vec<_>, _>>()
        })?;
        let mut tally = Tally::default();
        for (r, color) in &records {
            tally.add(r, *color);
        }
        Ok(tally)
    }
}

const MATCH_COLUMNS: [&str; 18] = [
    "board",
    "player",
    "opponent",
    "games",
    "wins",
    "losses",
    "draws",
    "wins_as_black",
    "wins_as_white",
    "win_rate",
    "average_plies",
    "opening_plies",
    "draw_plies",
    "seconds",
    "seed",
    "threads",
    "time_limit",
    "status",
];

impl crate::harness::experiment::WholeExperiment for MatchExperiment {
    fn columns(&self) -> Vec<String> {
        columns(&MATCH_COLUMNS)
    }

    fn items(&self) -> u64 {
        self.pairings.len() as u64
    }

    fn run(&self, ctx: &RunContext) -> Result<()> {
        for q in &self.pairings {
            ctx.check_interrupted()?;
            let (tally, time) = timed(|| self.series(q, ctx, &ctx.budget()));
            ctx.check_interrupted()?;
            let t = || STATUS_TIMEOUT.to_string();
            let cell = |f: &dyn Fn(&Tally) -> String| tally.as_ref().map(f).unwrap_or_else(|_| t());
            let row = vec![
                self.size.to_string(),
                q.player.to_string(),
                q.opponent.to_string(),
                q.games.to_string(),
                cell(&|t| t.wins.to_string()),
                cell(&|t| t.losses.to_string()),
                cell(&|t| t.draws.to_string()),
                cell(&|t| t.wins_as_black.to_string()),
                cell(&|t| t.wins_as_white.to_string()),
                cell(&|t| format!("{:.3}", t.wins as f64 / t.games as f64)),
                cell(&|t| format!("{:.1}", t.average_plies())),
                q.opening_plies.to_string(),
                self.draw_plies.to_string(),
                cell(&|_| seconds_cell(time)),
                ctx.seed().to_string(),
                ctx.threads.to_string(),
                ctx.time_limit_cell(),
                tally.as_ref().map(|_| STATUS_OK.to_string()).unwrap_or_else(|e| status_of(*e)),
            ];
            ctx.emit(row, &format!("{} vs {}", q.player, q.opponent));
        }
        Ok(())
    }
}

// ---------------------------------------------------------------- parallel

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchParams {
    /// `perft` or `count`.
    search: String,
    /// Board, default `8x8 r3`.
    board: Option<String>,
    /// Perft depth (perft only).
    depth: Option<u32>,
}

enum Search {
    Perft(BoardSize, u32),
    Count(BoardSize),
}

impl ParallelSearch for Search {
    fn search(&self) -> String {
        match self {
            Search::Perft(_, d) => format!("perft {d}"),
            Search::Count(_) => "count".to_string(),
        }
    }

    fn instance(&self) -> String {
        match self {
            Search::Perft(s, _) | Search::Count(s) => s.to_string(),
        }
    }

    fn run(&self, parallel: bool, budget: &Budget) -> std::result::Result<SearchOutcome, Stopped> {
        match *self {
            Search::Perft(size, depth) => {
                let c = dispatch::perft(size, depth, parallel, budget)?;
                Ok(SearchOutcome { positions: c.positions, result: format!("leaves={}", c.leaves) })
            }
            Search::Count(size) => {
                let mode = if parallel { CountMode::Parallel } else { CountMode::Plain };
                let c = dispatch::count(size, mode, budget).map_err(|e| match e {
                    CountStop::Stopped(s) => s,
                    // A u128 overflow needs far more positions than any time limit allows.
                    _ => Stopped::TimeLimit,
                })?;
                let g = c.games;
                Ok(SearchOutcome {
                    positions: c.positions,
                    result: format!(
                        "games={} black={} white={} both={}",
                        g.total, g.black_wins, g.white_wins, g.both_kings
                    ),
                })
            }
        }
    }
}

/// Builds one item of the `parallel` experiment for checkers:
/// `{ game = "checkers", search = "perft", board = "8x8 r3", depth = 11 }` or
/// `{ game = "checkers", search = "count", board = "5x5 r1" }`.
pub fn parallel_search(
    spec: &ExperimentSpec,
    item: &toml::Table,
    what: &str,
) -> Result<Box<dyn ParallelSearch>, InputError> {
    let p: SearchParams = spec.parse_table(item, Some(what))?;
    let size = match &p.board {
        Some(b) => b.parse().map_err(|e: String| spec.error(Some("items"), format!("{what}: {e}")))?,
        None => BoardSize::standard(),
    };
    match (p.search.as_str(), p.depth) {
        ("perft", Some(d)) if d <= 40 => Ok(Box::new(Search::Perft(size, d))),
        ("perft", _) => Err(spec.error(Some("items"), format!("{what}: perft needs `depth` between 0 and 40"))),
        ("count", None) => Ok(Box::new(Search::Count(size))),
        ("count", Some(_)) => Err(spec.error(Some("items"), format!("{what}: count takes no `depth`"))),
        (other, _) => {
            Err(spec.error(Some("items"), format!("{what}: unknown search `{other}`, expected perft or count")))
        }
    }
}
