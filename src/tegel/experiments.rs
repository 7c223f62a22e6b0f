//! Manifest experiments of tegel (`game = "tegel"`), one kind per report item:
//!
//! | kind     | keys                              | one row per                         |
//! |----------|-----------------------------------|-------------------------------------|
//! | `best`   | `instances`, `memo_mb`?           | instance: besteScore, plain and memo|
//! | `good`   | `instances`, `sims`               | instance: bepaalGoedeZet            |
//! | `greedy` | `instances`                       | instance: greedy vs best move       |
//! | `sweep`  | `instances`, `sims`, `memo_mb`?   | besteScore call of the undo sweep   |
//! | `match`  | `instances`, `sims`, `repetitions`| game of good vs best (both starting)|
//!
//! Items: one per instance (a sweep is one item: its rows depend on each other), one per
//! (instance, repetition, starter) for `match`. `best` and `sweep` rows also run besteScore
//! through the memo (`memo_positions`, `memo_seconds`; the optional `memo_mb` caps the
//! table, default a quarter of physical memory, at most 8192 MiB): see docs/tegel.md.
//!
//! Instance paths are relative to the directory of the manifest file holding the entry
//! (for `instances/tegel/all.toml`: `spel1.txt`); a file that cannot be loaded is refused
//! with the manifest line and the file's own message. Every random choice is seeded
//! from the experiment seed and the item (instance, repetition, side), never from threads;
//! the `seed` column of `good`, `sweep` and `match` rows is that item seed, so
//! `harness tegel good|sweep|match FILE --seed SEED` replays the row.

use serde::{Deserialize, Serialize};

use super::best::best_score_with;
use super::game::Game;
use super::greedy::{check_greedy, greedy_move};
use super::load::load_file;
use super::matches::play_match;
use super::memo::{best_score_memo, memo_table_for};
use super::montecarlo::{good_move, GoodMove};
use super::search::BestResult;
use super::sweep::{play_good_to_end, sweep_sampled};
use crate::base::error::Error;
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
use crate::results::row::{Cpu, Timing};
use crate::results::row::{Rate, Seed};
use crate::search::budget::Budget;
use crate::search::budget::Stopped;
use crate::search::timing::{Sampled, Samples};

pub(super) fn build_best(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let p: WithMemo = spec.params()?;
    finish(spec, Kind::Best, &p.instances, p.memo_mb)
}

pub(super) fn build_greedy(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let p: Plain = spec.params()?;
    finish(spec, Kind::Greedy, &p.instances, None)
}

pub(super) fn build_good(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let p: WithSims = spec.params()?;
    finish(spec, Kind::Good { sims: p.sims }, &p.instances, None)
}

pub(super) fn build_sweep(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let p: SweepParams = spec.params()?;
    finish(spec, Kind::Sweep { sims: p.sims }, &p.instances, p.memo_mb)
}

pub(super) fn build_match(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    let p: MatchParams = spec.params()?;
    if p.repetitions == 0 {
        return Err(spec.error(Some("repetitions"), "`repetitions` must be at least 1"));
    }
    finish(spec, Kind::Match { sims: p.sims, repetitions: p.repetitions }, &p.instances, None)
}

/// The experiment of `kind` on `instances`, after the checks every kind shares.
fn finish(
    spec: &ExperimentSpec,
    kind: Kind,
    instances: &[String],
    memo_mb: Option<u64>,
) -> Result<Box<dyn Experiment>, InputError> {
    if kind.sims() == Some(0) {
        return Err(spec.error(Some("sims"), "`sims` must be at least 1"));
    }
    let memo_mb = manifest_memo_mb(spec, memo_mb)?;
    let games = load_instances(spec, instances)?;
    let (items, units) = plan_items(spec, kind, &games);
    Ok(Box::new(TegelExperiment { kind, games, items, units, memo_mb }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Plain {
    instances: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WithMemo {
    instances: Vec<String>,
    memo_mb: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SweepParams {
    instances: Vec<String>,
    sims: u32,
    memo_mb: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WithSims {
    instances: Vec<String>,
    sims: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MatchParams {
    instances: Vec<String>,
    sims: u32,
    repetitions: u32,
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Best,
    Good { sims: u32 },
    Greedy,
    Sweep { sims: u32 },
    Match { sims: u32, repetitions: u32 },
}

impl Kind {
    fn sims(self) -> Option<u32> {
        match self {
            Kind::Good { sims } | Kind::Sweep { sims } | Kind::Match { sims, .. } => Some(sims),
            Kind::Best | Kind::Greedy => None,
        }
    }

    fn columns(self) -> Vec<String> {
        match self {
            Kind::Best => columns_of::<BestRow>(),
            Kind::Good { .. } => columns_of::<GoodRow>(),
            Kind::Greedy => columns_of::<GreedyRow>(),
            Kind::Sweep { .. } => columns_of::<SweepRow>(),
            Kind::Match { .. } => columns_of::<MatchRow>(),
        }
    }
}

/// A loaded instance: the name shown in the `instance` column and the game.
struct Instance {
    name: String,
    game: Game,
}

fn load_instances(spec: &ExperimentSpec, paths: &[String]) -> Result<Vec<Instance>, InputError> {
    if paths.is_empty() {
        return Err(spec.error(Some("instances"), "`instances` must list at least one game file"));
    }
    paths
        .iter()
        .map(|p| {
            let game = load_file(&spec.resolve(p)).map_err(|e| spec.error(Some("instances"), e.to_string()))?;
            let name = std::path::Path::new(p).file_name().map(|n| n.to_string_lossy().into_owned());
            Ok(Instance { name: name.unwrap_or_else(|| p.clone()), game })
        })
        .collect()
}

struct TegelExperiment {
    kind: Kind,
    games: Vec<Instance>,
    items: Vec<Item>,
    /// What each item runs, in the order of `items`.
    units: Vec<Unit>,
    /// Largest memo table of a `best` or `sweep` row, in MiB.
    memo_mb: u64,
}

/// The identity of one item: an instance and, for matches, the repetition and starter.
#[derive(Debug, Clone, Copy)]
struct Unit {
    instance: usize,
    repetition: u32,
    good_starts: bool,
}

/// The items of the experiment: one per instance (a sweep is one item: its rows depend
/// on each other), one per (instance, repetition, starter) for matches.
fn plan_items(spec: &ExperimentSpec, kind: Kind, games: &[Instance]) -> (Vec<Item>, Vec<Unit>) {
    let mut items = Vec::new();
    let mut units = Vec::new();
    for (i, inst) in games.iter().enumerate() {
        let base = unique_id(&inst.name, i, games);
        match kind {
            Kind::Match { repetitions, .. } => {
                for rep in 0..repetitions {
                    for good_starts in [true, false] {
                        let starter = starter_name(good_starts);
                        items.push(Item::new(format!("{base} rep {rep} {starter} starts")).with_cost(size_cost(inst)));
                        units.push(Unit { instance: i, repetition: rep, good_starts });
                    }
                }
            }
            Kind::Sweep { sims } => {
                let mut game = inst.game.clone();
                let seed = spec.item_seed(&[&inst.name]);
                let rows = play_good_to_end(&mut game, sims, seed, &Budget::unlimited).unwrap_or(1).max(1) as u64;
                items.push(Item::new(base).with_rows_up_to(rows).with_cost(size_cost(inst) * rows.max(1) as f64));
                units.push(Unit { instance: i, repetition: 0, good_starts: true });
            }
            _ => {
                items.push(Item::new(base).with_cost(size_cost(inst)));
                units.push(Unit { instance: i, repetition: 0, good_starts: true });
            }
        }
    }
    (items, units)
}

/// The instance's name, with `#N` appended when an earlier entry has the same name.
fn unique_id(name: &str, index: usize, games: &[Instance]) -> String {
    let earlier = games[..index].iter().filter(|g| g.name == name).count();
    if earlier == 0 {
        name.to_string()
    } else {
        format!("{name} #{}", earlier + 1)
    }
}

/// A size-based guess of besteScore's cost, relative, for balancing shards: the tree of
/// the grown instances grows about 1.8-fold per tile of the game (spel3 to spel2).
fn size_cost(inst: &Instance) -> f64 {
    1.8f64.powi(inst.game.rules().pot().len().min(1000) as i32)
}

fn starter_name(good_starts: bool) -> &'static str {
    if good_starts {
        "good"
    } else {
        "best"
    }
}

impl Experiment for TegelExperiment {
    fn columns(&self) -> Vec<String> {
        self.kind.columns()
    }

    fn items(&self) -> Vec<Item> {
        self.items.clone()
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> Result<()> {
        let unit = self.units[index];
        let inst = &self.games[unit.instance];
        ctx.check_interrupted()?;
        if self.units.iter().position(|u| u.instance == unit.instance) == Some(index) {
            let title = format!("{}: the start position", inst.name);
            let svg = super::picture::position_svg(inst.game.rules(), inst.game.start(), &title);
            ctx.figure(&super::picture::start_name(&inst.name), svg);
            if matches!(self.kind, Kind::Greedy) {
                if let Some(tree) = super::picture::greedy_tree_svg(inst.game.rules(), inst.game.position(), &inst.name)
                {
                    ctx.figure(&super::picture::start_name(&inst.name).replacen("start-", "tree-", 1), tree);
                }
            }
        }
        match self.kind {
            Kind::Best => run_best(ctx, inst, self.memo_mb),
            Kind::Good { sims } => run_good(ctx, inst, sims),
            Kind::Greedy => run_greedy(ctx, inst),
            Kind::Sweep { sims } => run_sweep(ctx, inst, sims, self.memo_mb),
            Kind::Match { sims, .. } => run_match(ctx, inst, sims, unit),
        }
    }
}

fn parallel(ctx: &RunContext) -> bool {
    ctx.threads > 1
}

/// `Err(Interrupted)` for Ctrl-C; a time limit is a `timeout` row instead.
fn interrupted_check(r: &std::result::Result<impl Sized, Stopped>) -> Result<()> {
    match r {
        Err(Stopped::Interrupted) => Err(Error::Interrupted),
        _ => Ok(()),
    }
}

/// A row of the `best` kind.
#[derive(Serialize, Default)]
struct BestRow {
    instance: String,
    score: Option<i32>,
    best_move: Option<String>,
    positions: Option<u64>,
    seconds: Timing,
    memo_positions: Option<u64>,
    memo_seconds: Timing,
    /// Whether the memo search finished (`ok`) or stopped (`timeout`) while the plain
    /// walk finished: it explains empty `memo_*` cells.
    memo_status: Status,
    /// Positions over the median seconds of the plain walk.
    positions_per_second: Option<Rate>,
    cpu: Cpu,
}

// The columns of `BestRow` that the report reads.
crate::columns!(pub(super) BestRow: BEST_INSTANCE = instance, BEST_POSITIONS = positions, BEST_SECONDS = seconds);

fn run_best(ctx: &RunContext, inst: &Instance, memo_mb: u64) -> Result<()> {
    let game = &inst.game;
    let cell = ctx.sample(|budget| best_score_with(game.rules(), game.position(), budget, parallel(ctx)));
    interrupted_check(&cell.outcome)?;
    let plain_samples = cell.samples.clone();
    let both = with_memo(ctx, game.rules(), game.position(), cell, memo_mb)?;
    let answer = both.answer.as_ref().ok();
    let plain = both.plain.as_ref().ok().map(|b| (b, &plain_samples));
    let row = BestRow {
        instance: inst.name.clone(),
        score: answer.map(|b| b.score),
        best_move: answer.map(BestResult::move_text),
        positions: answer.and_then(|b| exact(b.positions)),
        seconds: Timing::of(plain.map(|p| p.1)),
        memo_positions: both.memo_positions(),
        memo_seconds: both.memo_seconds(),
        memo_status: both.memo_status(),
        positions_per_second: plain.and_then(|(b, s)| s.median().map(|m| Rate(b.positions as f64 / m.max(1e-9)))),
        cpu: Cpu::of(plain.map(|p| p.1), ctx.threads),
    };
    ctx.emit_row(&row, ctx.threads, &both.status(), &inst.name);
    Ok(())
}

/// A besteScore call done twice: the plain walk and through the memo.
struct PlainAndMemo {
    plain: std::result::Result<BestResult, Stopped>,
    memo: std::result::Result<BestResult, Stopped>,
    memo_samples: Samples,
    /// What differed between samples of the plain walk or of the memo search.
    nondeterministic: Option<String>,
    /// What the row shows as score, best move and positions: the plain walk's answer,
    /// or the memo's (the same numbers) where the plain walk timed out.
    answer: std::result::Result<BestResult, Stopped>,
}

impl PlainAndMemo {
    fn memo_positions(&self) -> Option<u64> {
        self.memo.as_ref().ok().and_then(|b| exact(b.positions))
    }

    fn memo_seconds(&self) -> Timing {
        Timing::of(self.memo.as_ref().ok().map(|_| &self.memo_samples))
    }

    fn memo_status(&self) -> Status {
        Status::of(&self.memo)
    }

    /// `ok` when the plain walk finished (and the memo agrees or timed out), `timeout`
    /// when it did not, `error: plain and memo differ` when both finished and differ,
    /// `error: nondeterministic ...` when samples of one of them differed.
    fn status(&self) -> Status {
        match (&self.plain, &self.memo, &self.nondeterministic) {
            (_, _, Some(what)) => Status::Error(what.clone()),
            (Ok(p), Ok(m), _) if p != m => Status::Error(DIFFER.to_string()),
            _ => Status::of(&self.plain),
        }
    }
}

/// A position count as a cell: `None` for a count that reached `u64::MAX` (the counter
/// saturates there rather than wrap; no search of these instances comes near it).
fn exact(positions: u64) -> Option<u64> {
    (positions != u64::MAX).then_some(positions)
}

/// The status message of a row whose plain walk and memo search finished with different
/// answers (the cell reads `error: plain and memo differ`).
const DIFFER: &str = "plain and memo differ";

/// Samples besteScore through the memo after the sampled plain walk `plain` of the same
/// position, each sample with a fresh budget and a fresh table of at most `memo_mb` MiB
/// (no larger than the plain walk's count needs); Ctrl-C in either is `Err(Interrupted)`.
fn with_memo(
    ctx: &RunContext,
    rules: &super::rules::Rules,
    pos: &super::position::Position,
    plain: Sampled<BestResult>,
    memo_mb: u64,
) -> Result<PlainAndMemo> {
    let bound = plain.outcome.as_ref().map_or(u64::MAX, |b| b.positions);
    let mut first = Some(memo_table_for(memo_mb, bound)?);
    let memo = ctx.sample(|budget| {
        let table = match first.take() {
            Some(t) => t,
            None => memo_table_for(memo_mb, bound).map_err(|_| Stopped::TimeLimit)?,
        };
        best_score_memo(rules, pos, &table, budget, parallel(ctx)).map(|m| m.best)
    });
    interrupted_check(&memo.outcome)?;
    let nondeterministic = plain.nondeterministic.or(memo.nondeterministic);
    let (plain, memo, memo_samples) = (plain.outcome, memo.outcome, memo.samples);
    let answer = match (&plain, &memo) {
        (Err(_), Ok(m)) => Ok(*m),
        _ => plain,
    };
    Ok(PlainAndMemo { plain, memo, memo_samples, nondeterministic, answer })
}

/// A row of the `good` kind.
#[derive(Serialize, Default)]
struct GoodRow {
    instance: String,
    #[serde(rename = "move")]
    mv: Option<String>,
    averages: Option<String>,
    sims: u32,
    /// The row's own seed: `harness tegel good FILE --seed ITEM_SEED --sims SIMS` replays it.
    item_seed: Seed,
    seconds: Timing,
    cpu: Cpu,
}

fn run_good(ctx: &RunContext, inst: &Instance, sims: u32) -> Result<()> {
    let seed = ctx.spec.item_seed(&[&inst.name]);
    let cell = ctx.sample(|budget| good_move(inst.game.rules(), inst.game.position(), sims, seed, budget));
    interrupted_check(&cell.outcome)?;
    let good = cell.outcome.as_ref().ok();
    let timed = good.map(|_| &cell.samples);
    let row = GoodRow {
        instance: inst.name.clone(),
        mv: good.map(GoodMove::move_text),
        averages: good.map(GoodMove::averages_text),
        sims,
        item_seed: Seed(seed),
        seconds: Timing::of(timed),
        cpu: Cpu::of(timed, 1),
    };
    ctx.emit_row(&row, ctx.threads, &Status::of_sampled(&cell), &inst.name);
    Ok(())
}

/// A row of the `greedy` kind; `-` where the instance is an end position.
#[derive(Serialize, Default)]
struct GreedyRow {
    instance: String,
    greedy_move: String,
    greedy_fill: String,
    greedy_score: Option<String>,
    best_move: Option<String>,
    best_score: Option<String>,
    values: Option<String>,
    positions: Option<String>,
    seconds: Timing,
    cpu: Cpu,
}

fn run_greedy(ctx: &RunContext, inst: &Instance) -> Result<()> {
    let game = &inst.game;
    let greedy = greedy_move(game.rules(), game.position());
    let cell = ctx.sample(|budget| check_greedy(game.rules(), game.position(), budget, parallel(ctx)));
    interrupted_check(&cell.outcome)?;
    let r = &cell.outcome;
    let timed = r.as_ref().ok().map(|_| &cell.samples);
    let check = |f: &dyn Fn(&super::greedy::GreedyCheck) -> String| {
        r.as_ref().ok().map(|c| c.as_ref().map(f).unwrap_or_else(|| "-".to_string()))
    };
    let row = GreedyRow {
        instance: inst.name.clone(),
        greedy_move: greedy.map(|(m, _)| m.to_string()).unwrap_or_else(|| "-".to_string()),
        greedy_fill: greedy.map(|(_, f)| f.to_string()).unwrap_or_else(|| "-".to_string()),
        greedy_score: check(&|c| c.greedy_score.to_string()),
        best_move: check(&|c| c.best.to_string()),
        best_score: check(&|c| c.best_score.to_string()),
        values: check(&|c| c.values_text()),
        positions: check(&|c| c.positions.to_string()),
        seconds: Timing::of(timed),
        cpu: Cpu::of(timed, ctx.threads),
    };
    ctx.emit_row(&row, ctx.threads, &Status::of_sampled(&cell), &inst.name);
    Ok(())
}

/// A row of the `sweep` kind: one besteScore call after `undone` undos (empty in the one
/// row of a sweep whose good game passed the time limit, whose status says `timeout`).
#[derive(Serialize, Default)]
struct SweepRow {
    instance: String,
    undone: Option<u32>,
    positions: Option<u64>,
    seconds: Timing,
    memo_positions: Option<u64>,
    memo_seconds: Timing,
    /// Whether the memo search finished or stopped: it explains empty `memo_*` cells.
    memo_status: Status,
    score: Option<i32>,
    best_move: Option<String>,
    sims: u32,
    /// The instance's seed: `harness tegel sweep FILE --seed ITEM_SEED --sims SIMS` replays
    /// the sweep.
    item_seed: Seed,
    cpu: Cpu,
}

// The columns of `SweepRow` that the report reads.
crate::columns!(pub(super) SweepRow: INSTANCE = instance, UNDONE = undone, POSITIONS = positions, SECONDS = seconds);

fn run_sweep(ctx: &RunContext, inst: &Instance, sims: u32, memo_mb: u64) -> Result<()> {
    let seed = ctx.spec.item_seed(&[&inst.name]);
    let mut failed: Result<()> = Ok(());
    let budget = || -> Budget { ctx.budget() };
    let rules = inst.game.rules();
    let played = sweep_sampled(&inst.game, (sims, seed), &budget, parallel(ctx), ctx.sampling(), &mut |row| {
        if failed.is_err() {
            return;
        }
        if row.result == Err(Stopped::Interrupted) {
            failed = Err(Error::Interrupted);
            return;
        }
        let plain = Sampled {
            outcome: row.result,
            samples: row.samples.clone(),
            nondeterministic: row.nondeterministic.clone(),
        };
        let both = match with_memo(ctx, rules, &row.position, plain, memo_mb) {
            Ok(both) => both,
            Err(e) => {
                failed = Err(e);
                return;
            }
        };
        let answer = both.answer.as_ref().ok();
        let cells = SweepRow {
            instance: inst.name.clone(),
            undone: Some(row.undone as u32),
            positions: answer.and_then(|b| exact(b.positions)),
            seconds: Timing::of(both.plain.as_ref().ok().map(|_| &row.samples)),
            memo_positions: both.memo_positions(),
            memo_seconds: both.memo_seconds(),
            memo_status: both.memo_status(),
            score: answer.map(|b| b.score),
            best_move: answer.map(BestResult::move_text),
            sims,
            item_seed: Seed(seed),
            cpu: Cpu::of(both.plain.as_ref().ok().map(|_| &row.samples), ctx.threads),
        };
        ctx.emit_row(&cells, ctx.threads, &both.status(), &format!("{} undone {}", inst.name, row.undone));
    });
    match played {
        Err(Stopped::Interrupted) => Err(Error::Interrupted),
        Err(stop @ (Stopped::TimeLimit | Stopped::Memory)) => {
            let row = SweepRow {
                instance: inst.name.clone(),
                undone: None,
                memo_status: Status::Stopped(stop),
                sims,
                item_seed: Seed(seed),
                ..SweepRow::default()
            };
            let limit = if stop == Stopped::Memory { "memory" } else { "time" };
            let note = format!("{}: a good move of the game passed the {limit} limit", inst.name);
            ctx.emit_row(&row, ctx.threads, &Status::Stopped(stop), &note);
            Ok(())
        }
        Ok(_) => failed,
    }
}

/// A row of the `match` kind.
#[derive(Serialize, Default)]
struct MatchRow {
    instance: String,
    repetition: u32,
    starter: String,
    good_player: usize,
    good_score: Option<i32>,
    moves: Option<usize>,
    transcript: Option<String>,
    best_positions: Option<u64>,
    seconds: Timing,
    sims: u32,
    /// The game's seed: `harness tegel match FILE --seed ITEM_SEED --sims SIMS` (with the
    /// row's starter) replays it.
    item_seed: Seed,
    cpu: Cpu,
}

fn run_match(ctx: &RunContext, inst: &Instance, sims: u32, unit: Unit) -> Result<()> {
    let mover = inst.game.position().to_move();
    let (rep, starter) = (unit.repetition, starter_name(unit.good_starts));
    let good_player = if unit.good_starts { mover } else { mover ^ 1 };
    let seed = ctx.spec.item_seed(&[&inst.name, &rep.to_string(), starter]);
    let cell = ctx.sample(|_| play_match(&inst.game, good_player, sims, seed, &|| ctx.budget(), parallel(ctx)));
    interrupted_check(&cell.outcome)?;
    let m = cell.outcome.as_ref().ok();
    let timed = m.map(|_| &cell.samples);
    let row = MatchRow {
        instance: inst.name.clone(),
        repetition: rep,
        starter: starter.to_string(),
        good_player,
        good_score: m.map(|m| m.good_score),
        moves: m.map(|m| m.moves),
        transcript: m.map(|m| m.transcript.clone()),
        best_positions: m.map(|m| m.best_positions),
        seconds: Timing::of(timed),
        sims,
        item_seed: Seed(seed),
        cpu: Cpu::of(timed, ctx.threads),
    };
    ctx.emit_row(&row, ctx.threads, &Status::of_sampled(&cell), &format!("{} rep {rep} {starter} starts", inst.name));
    Ok(())
}

/// besteScore on one instance, for the shared `parallel` experiment: the plain walk, or
/// through a fresh memo table of `memo_mb` MiB per run (its allocation is timed too; a
/// table the system cannot allocate makes the row a `timeout`).
struct BestSearch {
    name: String,
    game: Game,
    memo_mb: Option<u64>,
}

impl ParallelSearch for BestSearch {
    fn search(&self) -> String {
        if self.memo_mb.is_some() { "best memo" } else { "best" }.to_string()
    }

    fn instance(&self) -> String {
        self.name.clone()
    }

    fn run(&self, parallel: bool, budget: &Budget) -> std::result::Result<SearchOutcome, Stopped> {
        let (rules, pos) = (self.game.rules(), self.game.position());
        let r = match self.memo_mb {
            None => best_score_with(rules, pos, budget, parallel)?,
            Some(mb) => {
                let table = memo_table_for(mb, u64::MAX).map_err(|_| Stopped::TimeLimit)?;
                best_score_memo(rules, pos, &table, budget, parallel)?.best
            }
        };
        let answer = Answer { score: Some(i64::from(r.score)), best_move: Some(r.move_text()), ..Answer::default() };
        Ok(SearchOutcome { positions: r.positions, answer })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ParallelItem {
    search: String,
    instance: String,
    memo_mb: Option<u64>,
}

/// Builds one item of the `parallel` experiment for tegel:
/// `{ game = "tegel", search = "best", instance = "tegel/spel3.txt" }`, or with
/// `search = "best memo"` (and optionally `memo_mb`, default as for the `best` kind)
/// besteScore through the memo.
pub fn parallel_search(item: &SearchItem) -> Result<Box<dyn ParallelSearch>, InputError> {
    let p: ParallelItem = item.parse()?;
    let memo_mb = match (p.search.as_str(), p.memo_mb) {
        ("best", None) => None,
        ("best memo", mb) => Some(item_memo_mb(item, mb)?),
        ("best", Some(_)) => return Err(item.error("`memo_mb` needs `search = \"best memo\"`")),
        (other, _) => {
            return Err(item.error(format!("tegel search `{}` unknown, expected `best` or `best memo`", excerpt(other))))
        }
    };
    let game = load_file(&item.spec.resolve(&p.instance)).map_err(|e| item.error(e))?;
    let name = std::path::Path::new(&p.instance).file_name().map(|n| n.to_string_lossy().into_owned());
    Ok(Box::new(BestSearch { name: name.unwrap_or(p.instance), game, memo_mb }))
}
