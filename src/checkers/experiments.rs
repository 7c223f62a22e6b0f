//! Manifest experiments of checkers: `count` (continuation counts, plain and memoised,
//! one item and row per board), `perft` (one item and row per depth) and `match` (one
//! item and row per pairing of players over seeded games with both colours), plus the
//! `parallel` experiment's checkers searches (`perft` and `count`).

use rayon::prelude::*;
use serde::Deserialize;

use super::count::{Count, CountStop};
use super::dispatch::{self, colour_in_game, CountMode};
use super::game::DEFAULT_DRAW_PLIES;
use super::geometry::{BoardSize, Color};
use super::matches::{GameRules, Tally};
use super::players::PlayerKind;
use crate::harness::experiment::{seconds_cell, status_of, timed, Item, STATUS_OK, STATUS_TIMEOUT};
use crate::harness::memo::{check_memo_mb, default_memo_mb};
use crate::harness::{
    Budget, Experiment, ExperimentSpec, InputError, ParallelSearch, Result, RunContext, SearchOutcome, Stopped,
};

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

/// The memo bound of an entry: its `memo_mb` key (checked against physical memory) or
/// the default.
fn memo_mb(spec: &ExperimentSpec, key: Option<u64>) -> Result<u64, InputError> {
    match key {
        Some(mb) => check_memo_mb(mb).map_err(|e| spec.error(Some("memo_mb"), e.message)),
        None => Ok(default_memo_mb()),
    }
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
    /// Bound of the memo table in MiB (default: a quarter of physical memory, at most 8192).
    memo_mb: Option<u64>,
    /// Only the count through the memo (plain figures computed through it), for boards
    /// the plain walk cannot finish.
    memo: Option<bool>,
}

struct CountExperiment {
    boards: Vec<BoardSize>,
    memo_mb: u64,
    memo_only: bool,
}

impl CountExperiment {
    fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: CountParams = spec.params()?;
        if p.boards.is_empty() {
            return Err(spec.error(Some("boards"), "`boards` must list at least one board, like \"4x4 r1\""));
        }
        let boards = p.boards.iter().map(|b| board(spec, "boards", b)).collect::<Result<Vec<_>, _>>()?;
        let memo_mb = memo_mb(spec, p.memo_mb)?;
        Ok(Box::new(CountExperiment { boards, memo_mb, memo_only: p.memo.unwrap_or(false) }))
    }
}

const COUNT_COLUMNS: [&str; 19] = [
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
    "memo_plain_positions",
    "memo_bytes",
    "threads",
    "seed",
    "time_limit",
    "status",
];

/// Columns of `memo = true`: `positions` is the plain walk's number of calls, computed
/// through the memo; the `memo_*` columns describe the memo walk itself.
const MEMO_COUNT_COLUMNS: [&str; 17] = [
    "board",
    "m",
    "n",
    "r",
    "games",
    "black_wins",
    "white_wins",
    "both_kings",
    "positions",
    "memo_positions",
    "memo_distinct_positions",
    "memo_bytes",
    "memo_seconds",
    "threads",
    "seed",
    "time_limit",
    "status",
];

/// A size-based guess of a count's cost: the trees grow about exponentially in the
/// number of dark squares.
fn count_cost(size: BoardSize) -> f64 {
    let squares = (u32::from(size.rows) * u32::from(size.cols)).div_ceil(2);
    2f64.powi(squares as i32)
}

impl Experiment for CountExperiment {
    fn columns(&self) -> Vec<String> {
        if self.memo_only {
            columns(&MEMO_COUNT_COLUMNS)
        } else {
            columns(&COUNT_COLUMNS)
        }
    }

    /// One item per board, named by the board (`5x5 r1`).
    fn items(&self) -> Vec<Item> {
        self.boards.iter().map(|&b| Item::new(b.to_string()).with_cost(count_cost(b))).collect()
    }

    /// The memo count runs sequentially, so that its `memo_positions` (which count the
    /// table's hits) are the same in every run.
    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let size = self.boards[index];
        let memo_mode = CountMode::Memo { mb: self.memo_mb, parallel: false };
        if self.memo_only {
            let (memo, memo_time) = timed(|| dispatch::count(size, memo_mode, &ctx.budget()));
            ctx.check_interrupted()?;
            ctx.emit(memo_count_row(size, &memo, memo_time, ctx), &size.to_string());
            return Ok(());
        }
        let mode = if ctx.threads > 1 { CountMode::Parallel } else { CountMode::Plain };
        let (plain, plain_time) = timed(|| dispatch::count(size, mode, &ctx.budget()));
        ctx.check_interrupted()?;
        let (memo, memo_time) = timed(|| dispatch::count(size, memo_mode, &ctx.budget()));
        ctx.check_interrupted()?;
        ctx.emit(count_row(size, &plain, plain_time, &memo, memo_time, ctx), &size.to_string());
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
        (Ok(a), Ok(b)) if a.games != b.games || a.plain_positions != b.plain_positions => {
            "error: plain and memoised counts differ".to_string()
        }
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
        memo_cell(&|c| c.plain_positions.to_string()),
        memo_cell(&|c| c.memo_bytes.to_string()),
        ctx.threads.to_string(),
        ctx.seed().to_string(),
        ctx.time_limit_cell(),
        status,
    ]
}

fn memo_count_row(
    size: BoardSize,
    memo: &CountResult,
    memo_time: std::time::Duration,
    ctx: &RunContext,
) -> Vec<String> {
    let cell = |f: &dyn Fn(&Count) -> String| memo.as_ref().map(f).unwrap_or_else(|_| STATUS_TIMEOUT.to_string());
    let status = memo.as_ref().map(|_| STATUS_OK.to_string()).unwrap_or_else(stop_status);
    vec![
        size.to_string(),
        size.rows.to_string(),
        size.cols.to_string(),
        size.men_rows.to_string(),
        cell(&|c| c.games.total.to_string()),
        cell(&|c| c.games.black_wins.to_string()),
        cell(&|c| c.games.white_wins.to_string()),
        cell(&|c| c.games.both_kings.to_string()),
        cell(&|c| c.plain_positions.to_string()),
        cell(&|c| c.positions.to_string()),
        cell(&|c| c.distinct_positions.to_string()),
        cell(&|c| c.memo_bytes.to_string()),
        cell(&|_| seconds_cell(memo_time)),
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
    /// Perft through the memo (hashed perft) instead of the plain walk.
    memo: Option<bool>,
    /// Bound of the memo table in MiB (default: a quarter of physical memory, at most 8192).
    memo_mb: Option<u64>,
}

struct PerftExperiment {
    size: BoardSize,
    depths: Vec<u32>,
    /// `Some(bound in MiB)` for the hashed perft.
    memo_mb: Option<u64>,
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
        let memo_mb = match p.memo {
            Some(true) => Some(memo_mb(spec, p.memo_mb)?),
            _ if p.memo_mb.is_some() => return Err(spec.error(Some("memo_mb"), "`memo_mb` needs `memo = true`")),
            _ => None,
        };
        Ok(Box::new(PerftExperiment { size, depths: p.depths, memo_mb }))
    }
}

const PERFT_COLUMNS: [&str; 9] =
    ["board", "depth", "leaves", "positions", "seconds", "leaves_per_second", "threads", "time_limit", "status"];

/// Columns of `memo = true`: `plain_positions` is the plain walk's `positions`, computed
/// through the memo.
const MEMO_PERFT_COLUMNS: [&str; 12] = [
    "board",
    "depth",
    "leaves",
    "plain_positions",
    "memo_positions",
    "memo_distinct_positions",
    "memo_bytes",
    "seconds",
    "leaves_per_second",
    "threads",
    "time_limit",
    "status",
];

type PerftRow = (Vec<String>, String);

/// Perft trees branch about 4.6 ways per ply on 8x8.
fn perft_cost(depth: u32) -> f64 {
    4.6f64.powi(depth as i32)
}

impl Experiment for PerftExperiment {
    fn columns(&self) -> Vec<String> {
        if self.memo_mb.is_some() {
            columns(&MEMO_PERFT_COLUMNS)
        } else {
            columns(&PERFT_COLUMNS)
        }
    }

    /// One item per depth, named `8x8 r3 depth 9`; each depth runs under its own time
    /// limit, whatever the other depths did.
    fn items(&self) -> Vec<Item> {
        self.depths.iter().map(|&d| Item::new(format!("{} depth {d}", self.size)).with_cost(perft_cost(d))).collect()
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let depth = self.depths[index];
        let (cells, status) = match self.memo_mb {
            Some(mb) => self.memo_cells(depth, mb, ctx),
            None => self.plain_cells(depth, ctx),
        };
        ctx.check_interrupted()?;
        let mut row = vec![self.size.to_string(), depth.to_string()];
        row.extend(cells);
        row.extend([ctx.threads.to_string(), ctx.time_limit_cell(), status]);
        ctx.emit(row, &format!("{} depth {depth}", self.size));
        Ok(())
    }
}

fn rate_cell(leaves: u64, time: std::time::Duration) -> String {
    format!("{:.0}", leaves as f64 / time.as_secs_f64().max(1e-9))
}

impl PerftExperiment {
    /// `leaves, positions, seconds, leaves_per_second` and the status of the plain perft
    /// (rayon-split when the run has more than one thread).
    fn plain_cells(&self, depth: u32, ctx: &RunContext) -> PerftRow {
        let (result, time) = timed(|| dispatch::perft(self.size, depth, ctx.threads > 1, &ctx.budget()));
        match result {
            Ok(c) => (
                vec![c.leaves.to_string(), c.positions.to_string(), seconds_cell(time), rate_cell(c.leaves, time)],
                STATUS_OK.to_string(),
            ),
            Err(e) => (vec![STATUS_TIMEOUT.to_string(); 4], status_of(e)),
        }
    }

    /// The memo columns and status of the hashed perft, run sequentially so that
    /// `memo_positions` is the same in every run.
    fn memo_cells(&self, depth: u32, mb: u64, ctx: &RunContext) -> PerftRow {
        let (result, time) = timed(|| dispatch::perft_memo(self.size, depth, mb, false, &ctx.budget()));
        match result {
            Ok(c) => (
                vec![
                    c.leaves.to_string(),
                    c.plain_positions.to_string(),
                    c.positions.to_string(),
                    c.distinct_positions.to_string(),
                    c.memo_bytes.to_string(),
                    seconds_cell(time),
                    rate_cell(c.leaves, time),
                ],
                STATUS_OK.to_string(),
            ),
            Err(e) => (vec![STATUS_TIMEOUT.to_string(); 7], stop_status(&e)),
        }
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
                dispatch::game(self.size, &rules, &mut rng, budget).map(|r| (r, color))
            })
            .collect::<std::result::Result<Vec<_>, _>>()?;
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
        columns(&MATCH_COLUMNS)
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
        let q = &self.pairings[index];
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
        Ok(())
    }
}

// ---------------------------------------------------------------- parallel

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchParams {
    /// `perft`, `perft memo`, `count` or `count memo`.
    search: String,
    /// Board, default `8x8 r3`.
    board: Option<String>,
    /// Perft depth (perft only).
    depth: Option<u32>,
    /// Bound of the memo table in MiB (memo searches only).
    memo_mb: Option<u64>,
}

enum Search {
    Perft(BoardSize, u32),
    Count(BoardSize),
    /// Hashed perft with its table bound in MiB.
    PerftMemo(BoardSize, u32, u64),
    /// Memoised count with its table bound in MiB.
    CountMemo(BoardSize, u64),
}

fn games_text(g: &super::count::Games) -> String {
    format!("games={} black={} white={} both={}", g.total, g.black_wins, g.white_wins, g.both_kings)
}

/// A count's stop as a search's: a `u128` overflow or a table that cannot be allocated
/// would need far more time than any limit allows.
fn as_stopped(e: CountStop) -> Stopped {
    match e {
        CountStop::Stopped(s) => s,
        _ => Stopped::TimeLimit,
    }
}

impl ParallelSearch for Search {
    fn search(&self) -> String {
        match self {
            Search::Perft(_, d) => format!("perft {d}"),
            Search::Count(_) => "count".to_string(),
            Search::PerftMemo(_, d, _) => format!("perft memo {d}"),
            Search::CountMemo(..) => "count memo".to_string(),
        }
    }

    fn instance(&self) -> String {
        match self {
            Search::Perft(s, _) | Search::Count(s) | Search::PerftMemo(s, ..) | Search::CountMemo(s, _) => {
                s.to_string()
            }
        }
    }

    /// The memo searches report the plain walk's positions (computed through the table),
    /// which are the same on every thread count.
    fn run(&self, parallel: bool, budget: &Budget) -> std::result::Result<SearchOutcome, Stopped> {
        match *self {
            Search::Perft(size, depth) => {
                let c = dispatch::perft(size, depth, parallel, budget)?;
                Ok(SearchOutcome { positions: c.positions, result: format!("leaves={}", c.leaves) })
            }
            Search::Count(size) => {
                let mode = if parallel { CountMode::Parallel } else { CountMode::Plain };
                let c = dispatch::count(size, mode, budget).map_err(as_stopped)?;
                Ok(SearchOutcome { positions: c.positions, result: games_text(&c.games) })
            }
            Search::PerftMemo(size, depth, mb) => {
                let c = dispatch::perft_memo(size, depth, mb, parallel, budget).map_err(as_stopped)?;
                Ok(SearchOutcome { positions: c.plain_positions, result: format!("leaves={}", c.leaves) })
            }
            Search::CountMemo(size, mb) => {
                let c = dispatch::count(size, CountMode::Memo { mb, parallel }, budget).map_err(as_stopped)?;
                let positions = u64::try_from(c.plain_positions).unwrap_or(u64::MAX);
                let result = format!("{} plain_positions={}", games_text(&c.games), c.plain_positions);
                Ok(SearchOutcome { positions, result })
            }
        }
    }
}

/// Builds one item of the `parallel` experiment for checkers:
/// `{ game = "checkers", search = "perft", board = "8x8 r3", depth = 11 }`,
/// `{ game = "checkers", search = "count", board = "5x5 r1" }`, or the same with
/// `search = "perft memo"` / `"count memo"` (optional `memo_mb`).
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
    let refuse = |msg: String| spec.error(Some("items"), format!("{what}: {msg}"));
    let memo = p.search.ends_with(" memo");
    if p.memo_mb.is_some() && !memo {
        return Err(refuse(format!("`memo_mb` applies to memo searches only, not `{}`", p.search)));
    }
    let mb = match p.memo_mb {
        Some(mb) => check_memo_mb(mb).map_err(|e| refuse(e.message))?,
        None => default_memo_mb(),
    };
    match (p.search.as_str(), p.depth) {
        ("perft", Some(d)) if d <= 40 => Ok(Box::new(Search::Perft(size, d))),
        ("perft memo", Some(d)) if d <= 40 => Ok(Box::new(Search::PerftMemo(size, d, mb))),
        ("perft" | "perft memo", _) => Err(refuse("perft needs `depth` from 0 to 40".to_string())),
        ("count", None) => Ok(Box::new(Search::Count(size))),
        ("count memo", None) => Ok(Box::new(Search::CountMemo(size, mb))),
        ("count" | "count memo", Some(_)) => Err(refuse("count takes no `depth`".to_string())),
        (other, _) => Err(refuse(format!("unknown search `{other}`, expected perft, perft memo, count or count memo"))),
    }
}
