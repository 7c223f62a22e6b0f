//! Manifest experiments of checkers: `count` (continuation counts, plain and memoised,
//! one item and row per board), `perft` (one item and row per depth) and `match` (one
//! item and row per pairing of players over seeded games with both colours), plus the
//! `parallel` experiment's checkers searches (`perft` and `count`).

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::count::{Count, CountStop, Games};
use super::dispatch::{self, colour_in_game, CountMode};
use super::game::DEFAULT_DRAW_PLIES;
use super::geometry::{BoardSize, Color};
use super::matches::{GameRules, Tally};
use super::players::PlayerKind;
use crate::base::error::InputError;
use crate::base::error::Result;
use crate::base::text::excerpt;
use crate::experiment::args::{item_memo_mb, manifest_memo_mb};
use crate::experiment::parallel::ParallelSearch;
use crate::experiment::parallel::SearchItem;
use crate::experiment::parallel::{Answer, SearchOutcome};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::Experiment;
use crate::experiment::Item;
use crate::experiment::RunContext;
use crate::results::row::columns_of;
use crate::results::row::Status;
use crate::results::row::{Cpu, Speedup, Timing};
use crate::results::row::{Fixed, Rate, Ratio};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::timing::{paired_speedup, OnStop, Run, Sampled, Samples, MIN_PAIRED_ROUNDS};

fn board(spec: &ExperimentSpec, key: &str, text: &str) -> Result<BoardSize, InputError> {
    text.parse().map_err(|e: String| spec.error(Some(key), e))
}

/// The board of an entry's `board` key; 8x8 r3 when it has none.
fn board_or_standard(spec: &ExperimentSpec, text: Option<&str>) -> Result<BoardSize, InputError> {
    text.map_or(Ok(BoardSize::standard()), |b| board(spec, "board", b))
}

/// The status of a count or hashed perft: stopped by its budget, or failed (overflow, no
/// memory).
fn count_status<T>(result: &std::result::Result<T, CountStop>) -> Status {
    match result {
        Ok(_) => Status::Ok,
        Err(CountStop::Stopped(s)) => Status::Stopped(*s),
        Err(e) => Status::Error(e.to_string()),
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

pub(super) struct CountExperiment {
    boards: Vec<BoardSize>,
    memo_mb: u64,
    memo_only: bool,
}

impl CountExperiment {
    pub(super) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: CountParams = spec.params()?;
        if p.boards.is_empty() {
            return Err(spec.error(Some("boards"), "`boards` must list at least one board, like \"4x4 r1\""));
        }
        let boards = p.boards.iter().map(|b| board(spec, "boards", b)).collect::<Result<Vec<_>, _>>()?;
        let memo_mb = manifest_memo_mb(spec, p.memo_mb)?;
        Ok(Box::new(CountExperiment { boards, memo_mb, memo_only: p.memo.unwrap_or(false) }))
    }
}

/// Declares a row type of the count experiment: the columns every count row starts with
/// (`board`, `m`, `n`, `r`, then `games`, `black_wins`, `white_wins`, `both_kings`),
/// followed by the given ones; its `head` fills the first and leaves the rest empty.
macro_rules! count_row {
    ($(#[$attr:meta])* struct $name:ident { $($field:ident: $ty:ty),* $(,)? }) => {
        $(#[$attr])*
        #[derive(Serialize, Default)]
        struct $name {
            board: String,
            m: u8,
            n: u8,
            r: u8,
            games: Option<u128>,
            black_wins: Option<u128>,
            white_wins: Option<u128>,
            both_kings: Option<u128>,
            $($field: $ty),*
        }

        impl $name {
            /// The board's cells and the games split (`None`: not counted), the rest empty.
            fn head(size: BoardSize, games: Option<Games>) -> Self {
                $name {
                    board: size.to_string(),
                    m: size.rows,
                    n: size.cols,
                    r: size.men_rows,
                    games: games.map(|g| g.total),
                    black_wins: games.map(|g| g.black_wins),
                    white_wins: games.map(|g| g.white_wins),
                    both_kings: games.map(|g| g.both_kings),
                    ..Default::default()
                }
            }
        }
    };
}

count_row! {
    /// A row of `kind = "count"`: the plain count (`positions`, `seconds`) and the memoised
    /// one (`memo_*`; `memo_plain_positions` is the plain walk's calls computed through the
    /// memo) side by side, timed in the same rounds; `memo_speedup` is the plain walk's
    /// seconds over the memo's, paired round by round.
    struct CountRow {
        positions: Option<u64>,
        seconds: Timing,
        memo_positions: Option<u64>,
        memo_distinct_positions: Option<u64>,
        memo_seconds: Timing,
        memo_plain_positions: Option<u128>,
        memo_bytes: Option<u64>,
        memo_speedup: Speedup,
        cpu: Cpu,
    }
}

// The columns of `CountRow` and `PerftRow` that the report reads.
crate::columns!(pub(super) CountRow: BOARD = board, GAMES_COLUMN = games, POSITIONS = positions,
    MEMO_POSITIONS = memo_positions);
crate::columns!(pub(super) PerftRow: PERFT_BOARD = board, DEPTH = depth, LEAVES = leaves);

count_row! {
    /// A row of `memo = true`: `positions` is the plain walk's number of calls, computed
    /// through the memo; the `memo_*` columns describe the memo walk itself.
    struct MemoCountRow {
        positions: Option<u128>,
        memo_positions: Option<u64>,
        memo_distinct_positions: Option<u64>,
        memo_bytes: Option<u64>,
        memo_seconds: Timing,
        cpu: Cpu,
    }
}

/// A size-based guess of a count's cost: the trees grow about exponentially in the
/// number of dark squares.
fn count_cost(size: BoardSize) -> f64 {
    let squares = (u32::from(size.rows) * u32::from(size.cols)).div_ceil(2);
    2f64.powi(squares as i32)
}

impl Experiment for CountExperiment {
    fn columns(&self) -> Vec<String> {
        if self.memo_only {
            columns_of::<MemoCountRow>()
        } else {
            columns_of::<CountRow>()
        }
    }

    /// One item per board, named by the board (`5x5 r1`).
    fn items(&self) -> Vec<Item> {
        self.boards.iter().map(|&b| Item::new(b.to_string()).with_cost(count_cost(b))).collect()
    }

    /// The memo count runs sequentially, so that its `memo_positions` (which count the
    /// table's hits) are the same in every run.
    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        ctx.figure(&super::picture::start_name(self.boards[index]), super::picture::start_svg(self.boards[index]));
        let size = self.boards[index];
        let memo_mode = CountMode::Memo { mb: self.memo_mb, parallel: false };
        if self.memo_only {
            let memo = ctx.sample(|budget| dispatch::count(size, memo_mode, budget));
            ctx.check_interrupted()?;
            let status = sampled_status(&memo);
            ctx.emit_row(&memo_count_row(size, &memo), ctx.threads, &status, &size.to_string());
            return Ok(());
        }
        let mode = if ctx.threads > 1 { CountMode::Parallel } else { CountMode::Plain };
        let mut plain = || dispatch::count(size, mode, &ctx.budget());
        let mut memo = || dispatch::count(size, memo_mode, &ctx.budget());
        let mut runs: [&mut Run<Count, CountStop>; 2] = [&mut plain, &mut memo];
        let identity = size.to_string();
        let [plain, memo] =
            <[_; 2]>::try_from(ctx.sample_rounds(&[&identity], (MIN_PAIRED_ROUNDS, OnStop::DropCall), &mut runs))
                .unwrap_or_else(|_| unreachable!("two calls give two cells"));
        ctx.check_interrupted()?;
        let status = match (&plain.outcome, &memo.outcome) {
            (Ok(a), Ok(b)) if a.games != b.games || a.plain_positions != b.plain_positions => {
                Status::Error("plain and memoised counts differ".to_string())
            }
            _ => Status::first_failure([sampled_status(&plain), sampled_status(&memo)]),
        };
        let row = count_row(size, &plain, &memo, ctx.threads);
        ctx.emit_row(&row, ctx.threads, &status, &size.to_string());
        Ok(())
    }
}

/// The status of a sampled count: `error: nondeterministic ...` when its samples
/// differed, else as [`count_status`] its outcome.
fn sampled_status<T>(cell: &Sampled<T, CountStop>) -> Status {
    match &cell.nondeterministic {
        Some(what) => Status::Error(what.clone()),
        None => count_status(&cell.outcome),
    }
}

/// The samples of a cell that finished.
fn finished<T, E>(cell: &Sampled<T, E>) -> Option<&Samples> {
    cell.outcome.is_ok().then_some(&cell.samples)
}

fn count_row(
    size: BoardSize,
    plain_cell: &Sampled<Count, CountStop>,
    memo_cell: &Sampled<Count, CountStop>,
    threads: usize,
) -> CountRow {
    let (plain, memo) = (&plain_cell.outcome, &memo_cell.outcome);
    let games = plain.as_ref().ok().or(memo.as_ref().ok()).map(|c| c.games);
    let (plain, memo) = (plain.as_ref().ok(), memo.as_ref().ok());
    CountRow {
        positions: plain.map(|c| c.positions),
        seconds: Timing::of(finished(plain_cell)),
        memo_positions: memo.map(|c| c.positions),
        memo_distinct_positions: memo.map(|c| c.distinct_positions),
        memo_seconds: Timing::of(finished(memo_cell)),
        cpu: Cpu::of(finished(plain_cell), threads),
        memo_plain_positions: memo.map(|c| c.plain_positions),
        memo_bytes: memo.map(|c| c.memo_bytes),
        memo_speedup: Speedup {
            value: finished(plain_cell).zip(finished(memo_cell)).and_then(|(p, m)| paired_speedup(p, m)),
            ceiling: None,
        },
        ..CountRow::head(size, games)
    }
}

fn memo_count_row(size: BoardSize, cell: &Sampled<Count, CountStop>) -> MemoCountRow {
    let memo = cell.outcome.as_ref().ok();
    MemoCountRow {
        positions: memo.map(|c| c.plain_positions),
        memo_positions: memo.map(|c| c.positions),
        memo_distinct_positions: memo.map(|c| c.distinct_positions),
        memo_bytes: memo.map(|c| c.memo_bytes),
        memo_seconds: Timing::of(finished(cell)),
        cpu: Cpu::of(finished(cell), 1),
        ..MemoCountRow::head(size, memo.map(|c| c.games))
    }
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

pub(super) struct PerftExperiment {
    size: BoardSize,
    depths: Vec<u32>,
    /// `Some(bound in MiB)` for the hashed perft.
    memo_mb: Option<u64>,
}

impl PerftExperiment {
    pub(super) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
        let p: PerftParams = spec.params()?;
        let size = board_or_standard(spec, p.board.as_deref())?;
        if p.depths.is_empty() || p.depths.iter().any(|&d| d > 40) {
            return Err(spec.error(Some("depths"), "`depths` must list depths between 0 and 40"));
        }
        let memo_mb = match p.memo {
            Some(true) => Some(manifest_memo_mb(spec, p.memo_mb)?),
            _ if p.memo_mb.is_some() => return Err(spec.error(Some("memo_mb"), "`memo_mb` needs `memo = true`")),
            _ => None,
        };
        Ok(Box::new(PerftExperiment { size, depths: p.depths, memo_mb }))
    }
}

/// A row of the plain perft.
#[derive(Serialize, Default)]
struct PerftRow {
    board: String,
    depth: u32,
    leaves: Option<u64>,
    positions: Option<u64>,
    seconds: Timing,
    /// Leaves over the median seconds.
    leaves_per_second: Option<Rate>,
    cpu: Cpu,
}

/// A row of `memo = true`: `plain_positions` is the plain walk's `positions`, computed
/// through the memo.
#[derive(Serialize, Default)]
struct MemoPerftRow {
    board: String,
    depth: u32,
    leaves: Option<u64>,
    plain_positions: Option<u64>,
    memo_positions: Option<u64>,
    memo_distinct_positions: Option<u64>,
    memo_bytes: Option<u64>,
    seconds: Timing,
    /// Leaves over the median seconds.
    leaves_per_second: Option<Rate>,
    cpu: Cpu,
}

/// Perft trees branch about 4.6 ways per ply on 8x8.
fn perft_cost(depth: u32) -> f64 {
    4.6f64.powi(depth as i32)
}

impl Experiment for PerftExperiment {
    fn columns(&self) -> Vec<String> {
        if self.memo_mb.is_some() {
            columns_of::<MemoPerftRow>()
        } else {
            columns_of::<PerftRow>()
        }
    }

    /// One item per depth, named `8x8 r3 depth 9`; each depth runs under its own time
    /// limit, whatever the other depths did.
    fn items(&self) -> Vec<Item> {
        self.depths.iter().map(|&d| Item::new(format!("{} depth {d}", self.size)).with_cost(perft_cost(d))).collect()
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        if index == 0 {
            ctx.figure(&super::picture::start_name(self.size), super::picture::start_svg(self.size));
        }
        let depth = self.depths[index];
        let note = format!("{} depth {depth}", self.size);
        match self.memo_mb {
            Some(mb) => {
                let (row, status) = self.memo_row(depth, mb, ctx);
                ctx.check_interrupted()?;
                ctx.emit_row(&row, ctx.threads, &status, &note);
            }
            None => {
                let (row, status) = self.plain_row(depth, ctx);
                ctx.check_interrupted()?;
                ctx.emit_row(&row, ctx.threads, &status, &note);
            }
        }
        Ok(())
    }
}

/// Leaves per second of a perft by the median of its samples.
fn rate(leaves: u64, samples: &Samples) -> Option<Rate> {
    samples.median().map(|m| Rate(leaves as f64 / m.max(1e-9)))
}

impl PerftExperiment {
    /// The row and status of the plain perft (rayon-split when the run has more than one
    /// thread).
    fn plain_row(&self, depth: u32, ctx: &RunContext) -> (PerftRow, Status) {
        let cell = ctx.sample(|budget| dispatch::perft(self.size, depth, ctx.threads > 1, budget));
        let c = cell.outcome.as_ref().ok();
        let row = PerftRow {
            board: self.size.to_string(),
            depth,
            leaves: c.map(|c| c.leaves),
            positions: c.map(|c| c.positions),
            seconds: Timing::of(finished(&cell)),
            leaves_per_second: c.and_then(|c| rate(c.leaves, &cell.samples)),
            cpu: Cpu::of(finished(&cell), ctx.threads),
        };
        (row, Status::of_sampled(&cell))
    }

    /// The row and status of the hashed perft, run sequentially so that `memo_positions`
    /// is the same in every run.
    fn memo_row(&self, depth: u32, mb: u64, ctx: &RunContext) -> (MemoPerftRow, Status) {
        let cell = ctx.sample(|budget| dispatch::perft_memo(self.size, depth, mb, false, budget));
        let c = cell.outcome.as_ref().ok();
        let row = MemoPerftRow {
            board: self.size.to_string(),
            depth,
            leaves: c.map(|c| c.leaves),
            plain_positions: c.map(|c| c.plain_positions),
            memo_positions: c.map(|c| c.positions),
            memo_distinct_positions: c.map(|c| c.distinct_positions),
            memo_bytes: c.map(|c| c.memo_bytes),
            seconds: Timing::of(finished(&cell)),
            leaves_per_second: c.and_then(|c| rate(c.leaves, &cell.samples)),
            cpu: Cpu::of(finished(&cell), 1),
        };
        (row, sampled_status(&cell))
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

pub(super) struct MatchExperiment {
    size: BoardSize,
    draw_plies: u32,
    pairings: Vec<Pairing>,
}

impl MatchExperiment {
    pub(super) fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
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
            ctx.figure(&super::picture::start_name(self.size), super::picture::start_svg(self.size));
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

/// The answer of a count: its games, split by how they ended.
fn games_answer(g: &Games) -> Answer {
    Answer {
        games: Some(g.total),
        black_wins: Some(g.black_wins),
        white_wins: Some(g.white_wins),
        both_kings: Some(g.both_kings),
        ..Answer::default()
    }
}

/// The answer of a perft: its leaves.
fn leaves_answer(leaves: u64) -> Answer {
    Answer { leaves: Some(u128::from(leaves)), ..Answer::default() }
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
                Ok(SearchOutcome { positions: c.positions, answer: leaves_answer(c.leaves) })
            }
            Search::Count(size) => {
                let mode = if parallel { CountMode::Parallel } else { CountMode::Plain };
                let c = dispatch::count(size, mode, budget).map_err(as_stopped)?;
                Ok(SearchOutcome { positions: c.positions, answer: games_answer(&c.games) })
            }
            Search::PerftMemo(size, depth, mb) => {
                let c = dispatch::perft_memo(size, depth, mb, parallel, budget).map_err(as_stopped)?;
                Ok(SearchOutcome { positions: c.plain_positions, answer: leaves_answer(c.leaves) })
            }
            Search::CountMemo(size, mb) => {
                let c = dispatch::count(size, CountMode::Memo { mb, parallel }, budget).map_err(as_stopped)?;
                let positions = u64::try_from(c.plain_positions).unwrap_or(u64::MAX);
                let answer = Answer { plain_positions: Some(c.plain_positions), ..games_answer(&c.games) };
                Ok(SearchOutcome { positions, answer })
            }
        }
    }
}

/// Builds one item of the `parallel` experiment for checkers:
/// `{ game = "checkers", search = "perft", board = "8x8 r3", depth = 11 }`,
/// `{ game = "checkers", search = "count", board = "5x5 r1" }`, or the same with
/// `search = "perft memo"` / `"count memo"` (optional `memo_mb`).
pub fn parallel_search(item: &SearchItem) -> Result<Box<dyn ParallelSearch>, InputError> {
    let p: SearchParams = item.parse()?;
    let size = match &p.board {
        Some(b) => b.parse().map_err(|e: String| item.error(e))?,
        None => BoardSize::standard(),
    };
    let memo = p.search.ends_with(" memo");
    if p.memo_mb.is_some() && !memo {
        return Err(item.error(format!("`memo_mb` applies to memo searches only, not `{}`", p.search)));
    }
    let mb = item_memo_mb(item, p.memo_mb)?;
    match (p.search.as_str(), p.depth) {
        ("perft", Some(d)) if d <= 40 => Ok(Box::new(Search::Perft(size, d))),
        ("perft memo", Some(d)) if d <= 40 => Ok(Box::new(Search::PerftMemo(size, d, mb))),
        ("perft" | "perft memo", _) => Err(item.error("perft needs `depth` from 0 to 40")),
        ("count", None) => Ok(Box::new(Search::Count(size))),
        ("count memo", None) => Ok(Box::new(Search::CountMemo(size, mb))),
        ("count" | "count memo", Some(_)) => Err(item.error("count takes no `depth`")),
        (other, _) => {
            Err(item
                .error(format!("unknown search `{}`, expected perft, perft memo, count or count memo", excerpt(other))))
        }
    }
}
