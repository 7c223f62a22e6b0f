//! `harness ab BASELINE CANDIDATE MANIFEST`: two builds of the harness timed against each
//! other, cell by cell, in paired rounds, so that a drift of the machine's speed falls on
//! both alike and each round gives one ratio B/A of every timed cell.
//!
//! Each side of a round is one process (`harness cell`, [`super::cell`]) that runs one
//! item of the manifest and prints its rows.
//!
//! - **The first round calibrates** and is not counted: both builds run the item once; it
//!   checks that they give the same exact results (counts, scores, moves; checked again in
//!   every round), and sets the timed calls `k` of every later process so that each timed
//!   cell's calls take at least [`CALIBRATED_SECONDS`] (short searches repeated, the same
//!   `k` for both builds; the cell's seconds are the median of its `k` calls, after one
//!   untimed warm-up call).
//! - **Rounds** run the two processes one after the other in a seeded, balanced order
//!   (each pair of rounds holds A B and B A, which comes first drawn from the seed), or,
//!   in the simultaneous mode, both at once on two cores of their own that they swap from
//!   round to round.
//! - A round in which either side ran on a busy machine (the row's `busy` cell) is not
//!   counted; an item takes at most twice its maximum rounds in all.
//! - **Every item first takes its minimum rounds**, one item after the other; then the
//!   items still unsettled take **one round each in turn**, so that the whole A/B's time
//!   (`--total-budget`) goes to the items whose noise needs it: an item stops at a look of
//!   the fixed schedule ([`crate::base::stats::looks`]) once the decision rule says every
//!   cell is settled ([`crate::base::stats::decision::Rule::settled`]), else at its
//!   maximum rounds, its own budget (`--budget`) or the end of the total budget. Progress
//!   says after each turn which items still sample and about how long is left.
//! - The verdicts come from the rule over every cell at once, each item's cells at the
//!   weight of the look it stopped at ([`crate::results::ab::AbReport::decide`]).
//!
//! The builds are other programs: each call has a time limit (the manifest's limit per
//! search call times ten for the first round, ten times the first round's time per call later, plus
//! [`CALL_MARGIN`]), its output is read up to [`MAX_OUTPUT_BYTES`], a call is over when its
//! process has ended (even if something it left behind still holds its output open), it
//! ends with `ab` (Ctrl-C, SIGTERM and SIGHUP end the children at once, with whatever they
//! started; on Linux they die with `ab` even when it is killed, and run in a PID
//! namespace of their own (run by an ordinary user, inside a user namespace of their own
//! that maps the user to itself), so that nothing they started outlives them:
//! [`crate::base::child`]), and any failure of a build is bad input naming the build
//! (exit 2).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::base::child::{Child, ChildLimits, Ended, Ending, Wiring};
use crate::base::error::{Error, InputError, Result};
use crate::base::machine::Threads;
use crate::base::stats::decision::{CellTest, Rule};
use crate::base::stats::looks::Looks;
use crate::base::stats::seed_of;
use crate::base::text::excerpt;
use crate::experiment::progress::note;
use crate::results::ab::{cell_of, AbItem, AbMode, AbReport, Instructions, TIMER_RESOLUTION_S};
use crate::results::columns::{Kind, Role, BUSY};
use crate::runner::cell::{CellRows, CellTiming, Listing, CELL_FORMAT};
use crate::runner::instructions::CountedItem;

/// The timed calls of a cell in one process take at least this many seconds.
pub const CALIBRATED_SECONDS: f64 = 0.1;

/// The timed calls `k` of a process stop growing once the item's calls would take this
/// many seconds a side.
pub const MAX_PROCESS_SECONDS: f64 = 4.0;

/// The most timed calls of a cell in one process.
pub const MAX_REPEATS: u32 = 1000;

/// Added to every call's time limit: a process's start and its output.
pub const CALL_MARGIN: Duration = Duration::from_secs(5);

/// The most bytes a build's `harness cell` may print in one call (its rows are one line
/// of JSON of a few kilobytes).
pub const MAX_OUTPUT_BYTES: usize = 16 << 20;

/// How long the first round's calls may take when the manifest sets no time limit.
pub const UNLIMITED_FIRST_CALL: Duration = Duration::from_secs(3600);

/// Options of `harness ab`.
#[derive(Debug, Clone)]
pub struct AbOptions {
    /// The baseline build (A).
    pub baseline: PathBuf,
    /// The candidate build (B).
    pub candidate: PathBuf,
    /// The manifest whose items are timed.
    pub manifest: PathBuf,
    /// Keep experiments whose game or name is listed.
    pub only: Vec<String>,
    /// Threads each side runs on (`None`: each side's default).
    pub threads: Option<Threads>,
    /// Rounds every item takes at least (6: the fewest for a 95 % signed-rank interval).
    pub min_rounds: u32,
    /// Rounds an item takes at most.
    pub max_rounds: u32,
    /// Wall time after which an item starts no further round (once it has its minimum).
    pub budget: Duration,
    /// Wall time after which no item starts a further round (once each has its minimum).
    pub total_budget: Duration,
    /// A cell whose interval lies within ±this share is `same`.
    pub resolution: f64,
    /// Both builds at once on a core each ([`AbMode::Simultaneous`]).
    pub simultaneous: bool,
    /// Whether a corrected `slower` fails the A/B.
    pub fail_on_slower: bool,
    /// The seed of the rounds' orders.
    pub seed: u64,
    /// Whether each item's timed calls are also counted in instructions under callgrind
    /// (`--metric instructions`).
    pub count_instructions: bool,
}

impl AbOptions {
    fn mode(&self) -> AbMode {
        if self.simultaneous {
            AbMode::Simultaneous
        } else {
            AbMode::Alternate
        }
    }

    fn rule(&self) -> Rule {
        Rule { min_rounds: (self.min_rounds as usize).max(1), ..Rule::new(self.resolution) }
    }

    /// Refuses what cannot run: the simultaneous mode needs one thread a side and two
    /// cores.
    fn check(&self) -> Result<(), InputError> {
        if self.count_instructions {
            super::instructions::check_available()?;
        }
        if self.max_rounds < self.min_rounds {
            return Err(InputError::new(format!(
                "--max-rounds ({}) must be at least --min-rounds ({})",
                self.max_rounds, self.min_rounds
            )));
        }
        if self.simultaneous {
            if self.threads != Some(Threads::ONE) {
                return Err(InputError::new(
                    "--simultaneous runs the two builds at once on a core each: give -j 1 (one thread a side)",
                ));
            }
            let cores = crate::base::machine::logical_cores();
            if cores < 2 {
                return Err(InputError::new(format!(
                    "--simultaneous needs two cores, this machine has {cores}; run without it"
                )));
            }
        }
        Ok(())
    }
}

/// One side of the A/B: a harness binary.
struct Side<'a> {
    binary: &'a Path,
    name: char,
}

impl Side<'_> {
    fn command(&self, opts: &AbOptions) -> Command {
        let mut c = Command::new(self.binary);
        c.arg("-q").arg("cell").arg(&opts.manifest);
        if let Some(t) = opts.threads {
            c.arg("--threads").arg(t.to_string());
        }
        c
    }

    fn cell_command(&self, opts: &AbOptions, (experiment, index): (&str, usize), timing: CellTiming) -> Command {
        let mut c = self.command(opts);
        c.arg(experiment).arg(index.to_string());
        c.arg("--warmup").arg(timing.warmup.to_string()).arg("--repeats").arg(timing.repeats.to_string());
        c
    }

    fn named(&self) -> String {
        format!("build {} ({})", self.name, self.binary.display())
    }

    fn list(&self, opts: &AbOptions) -> Result<Listing> {
        let mut c = self.command(opts);
        c.arg("--list");
        for o in &opts.only {
            c.arg("--only").arg(o);
        }
        let out = wait_all(vec![Running::spawn(self, c, UNLIMITED_FIRST_CALL, None)?])?;
        let listing: Listing = serde_json::from_slice(&out[0]).map_err(|e| self.unreadable(e))?;
        self.check_format(listing.format)?;
        Ok(listing)
    }

    fn rows(&self, bytes: &[u8]) -> Result<CellRows> {
        let rows: CellRows = serde_json::from_slice(bytes).map_err(|e| self.unreadable(e))?;
        self.check_format(rows.format)?;
        Ok(rows)
    }

    fn unreadable(&self, e: serde_json::Error) -> Error {
        InputError::new(format!(
            "{} printed no readable `harness cell` output ({e}); both builds must have the `cell` command of this version",
            self.named()
        ))
        .into()
    }

    fn check_format(&self, format: u32) -> Result<()> {
        if format == CELL_FORMAT {
            return Ok(());
        }
        Err(InputError::new(format!("{} speaks `harness cell` format {format}, this one {CELL_FORMAT}", self.named()))
            .into())
    }
}

/// A build's call in progress: the supervised child, what it runs, its limit.
struct Running {
    side: String,
    what: String,
    child: Child,
    limit: Duration,
    started: Instant,
}

impl Running {
    fn spawn(side: &Side, command: Command, limit: Duration, core: Option<usize>) -> Result<Running> {
        let what = format!("{command:?}").replace('"', "");
        let wiring = Wiring { stdin: false, capture_stderr: false, core, user_namespace: true };
        let mut child = Child::spawn_with(command, &build_limits(), wiring)
            .map_err(|e| InputError::new(format!("cannot run {}: {e}", side.named())))?;
        child.stop_when(Arc::new(crate::search::budget::interrupted));
        Ok(Running { side: side.named(), what, child, limit, started: Instant::now() })
    }

    /// Its output once it has ended, `None` while it runs within its limit: one turn of
    /// at most `turn`.
    fn turn(&mut self, turn: Duration) -> Result<Option<Vec<u8>>> {
        let until = (Instant::now() + turn).min(self.started + self.limit);
        match self.child.read_until(until) {
            Ok(Some(bytes)) => self.output(bytes).map(Some),
            Ok(None) if self.started.elapsed() >= self.limit => Err(self.overdue()),
            Ok(None) => Ok(None),
            Err(Ended::Interrupted) => Err(Error::Interrupted),
            Err(Ended::OutputLimit) => Err(self.too_much()),
            Err(e) => Err(anyhow::anyhow!("cannot read the output of {}: {e}", self.side).into()),
        }
    }

    fn output(&self, bytes: Vec<u8>) -> Result<Vec<u8>> {
        match self.child.ending() {
            Some(ending) if ending.success() => Ok(bytes),
            ending => {
                let status = match ending {
                    Some(Ending { code: Some(code), .. }) => format!("exit status: {code}"),
                    Some(Ending { signal: Some(signal), .. }) => format!("signal: {signal}"),
                    _ => "an unknown end".to_string(),
                };
                Err(InputError::new(format!("{} failed ({status}) on `{}`", self.side, self.what)).into())
            }
        }
    }

    fn too_much(&self) -> Error {
        InputError::new(format!(
            "{} printed more than {} MiB on `{}`; a build's `harness cell` prints one line of JSON",
            self.side,
            MAX_OUTPUT_BYTES >> 20,
            self.what
        ))
        .into()
    }

    fn overdue(&self) -> Error {
        InputError::new(format!(
            "{} ran longer than its limit of {:.0} s on `{}` and was stopped",
            self.side,
            self.limit.as_secs_f64(),
            self.what
        ))
        .into()
    }
}

/// The bounds of a build's call: its output only ([`MAX_OUTPUT_BYTES`]); its standard
/// error is the user's.
fn build_limits() -> ChildLimits {
    ChildLimits {
        cpu_seconds: None,
        memory_bytes: None,
        processes: None,
        file_bytes: None,
        output_bytes: MAX_OUTPUT_BYTES as u64,
        line_bytes: MAX_OUTPUT_BYTES,
        stderr_bytes: 0,
    }
}

/// Waits for every call, taking turns, and ends all of them at once (each with whatever it
/// started) on Ctrl-C, SIGTERM or SIGHUP, when one passes its limit, prints too much or
/// fails; each call's output, in order. A call has ended when its process has, even if
/// something it left behind still holds its output open.
fn wait_all(mut running: Vec<Running>) -> Result<Vec<Vec<u8>>> {
    let mut outputs: Vec<Option<Vec<u8>>> = vec![None; running.len()];
    let turn = Duration::from_millis(10);
    while outputs.iter().any(Option::is_none) {
        for (r, out) in running.iter_mut().zip(outputs.iter_mut()).filter(|(_, o)| o.is_none()) {
            match r.turn(turn) {
                Ok(done) => *out = done,
                Err(e) => {
                    running.iter_mut().for_each(|r| r.child.kill());
                    return Err(e);
                }
            }
        }
    }
    Ok(outputs.into_iter().flatten().collect())
}

/// Runs the A/B; `on_item` sees each item as its rounds end (before the verdicts, which
/// are corrected over every cell once all are timed).
pub fn ab(opts: &AbOptions, on_item: &mut dyn FnMut(&AbItem)) -> Result<AbReport> {
    opts.check()?;
    let a = Side { binary: &opts.baseline, name: 'A' };
    let b = Side { binary: &opts.candidate, name: 'B' };
    let listing = a.list(opts)?;
    if b.list(opts)? != listing {
        return Err(InputError::new(
            "the two builds list other experiments or items for this manifest; an A/B needs the same items",
        )
        .into());
    }
    let started = Instant::now();
    let mut runs = Vec::new();
    for experiment in &listing.experiments {
        for (index, id) in experiment.items.iter().enumerate() {
            note(&format!("[ab] {} {id}", experiment.name));
            let call = ItemCall { experiment: &experiment.name, index, id, time_limit_s: experiment.time_limit_s };
            let mut run = ItemRun::calibrate(opts, (&a, &b), call)?;
            while run.sampling && run.counted() < opts.min_rounds as usize {
                run.round(opts, (&a, &b))?;
            }
            runs.push(run);
        }
    }
    let compared: usize = runs.iter().map(|r| r.timed.len()).sum();
    let looks = Looks::new(opts.min_rounds as usize, opts.max_rounds as usize);
    for run in &mut runs {
        run.check_stop(opts, &looks, compared, started);
    }
    while runs.iter().any(|r| r.sampling) {
        for run in runs.iter_mut().filter(|r| r.sampling) {
            run.round(opts, (&a, &b))?;
            run.check_stop(opts, &looks, compared, started);
        }
        note(&time_left(&runs, opts, started));
    }
    let mut items = Vec::new();
    for mut run in runs {
        if opts.count_instructions && !run.timed.is_empty() && run.item.counts_agree {
            run.item.instructions = Some(count_instructions(opts, (&a, &b), &run.call)?);
        }
        let item = run.finish(&looks, opts.rule().min_rounds);
        on_item(&item);
        items.push(item);
    }
    let builds = (
        opts.baseline.display().to_string(),
        opts.candidate.display().to_string(),
        opts.manifest.display().to_string(),
    );
    Ok(AbReport::decide(builds, opts.mode(), &opts.rule(), opts.fail_on_slower, items))
}

/// The instructions of the item's timed calls in each build, counted under callgrind.
fn count_instructions(opts: &AbOptions, (a, b): (&Side, &Side), call: &ItemCall) -> Result<Instructions> {
    note(&format!(
        "[ab] {} {}: counting each build's instructions under callgrind (one thread, one call a cell)",
        call.experiment, call.id
    ));
    let item = CountedItem { manifest: &opts.manifest, experiment: call.experiment, index: call.index };
    let count_a = super::instructions::count_item(a.binary, &a.named(), &item)?;
    let count_b = super::instructions::count_item(b.binary, &b.named(), &item)?;
    Ok(Instructions::new(count_a, count_b, opts.resolution))
}

/// The item a round runs.
struct ItemCall<'a> {
    experiment: &'a str,
    index: usize,
    id: &'a str,
    time_limit_s: Option<f64>,
}

/// One round: both builds' rows (A's first) and the longer of their processes' wall times.
fn round(
    opts: &AbOptions,
    (a, b): (&Side, &Side),
    call: &ItemCall,
    (timing, limit): (CellTiming, Duration),
    a_first: bool,
) -> Result<(CellRows, CellRows, Duration)> {
    let at = (call.experiment, call.index);
    let started = Instant::now();
    let outputs = if opts.simultaneous {
        let (core_a, core_b) = if a_first { (0, 1) } else { (1, 0) };
        wait_all(vec![
            Running::spawn(a, a.cell_command(opts, at, timing), limit, Some(core_a))?,
            Running::spawn(b, b.cell_command(opts, at, timing), limit, Some(core_b))?,
        ])?
    } else {
        let order = if a_first { [a, b] } else { [b, a] };
        let mut out = Vec::new();
        for side in order {
            out.extend(wait_all(vec![Running::spawn(side, side.cell_command(opts, at, timing), limit, None)?])?);
        }
        if !a_first {
            out.swap(0, 1);
        }
        out
    };
    let wall = started.elapsed();
    Ok((a.rows(&outputs[0])?, b.rows(&outputs[1])?, wall))
}

/// The orders of an item's rounds: each pair of rounds holds `true` (A first, or A on the
/// first core) and `false`, which comes first drawn from a `ChaCha8Rng` seeded with the
/// A/B's seed and the item's names.
struct Orders {
    rng: ChaCha8Rng,
    pending: Option<bool>,
}

impl Orders {
    fn new(seed: u64, experiment: &str, id: &str) -> Orders {
        Orders { rng: ChaCha8Rng::seed_from_u64(seed_of(&[&seed.to_string(), experiment, id])), pending: None }
    }

    fn next(&mut self) -> bool {
        match self.pending.take() {
            Some(second) => second,
            None => {
                let first: bool = self.rng.random();
                self.pending = Some(!first);
                first
            }
        }
    }
}

/// The timed calls of each process: enough that the shortest timed cell's calls take at
/// least [`CALIBRATED_SECONDS`], as long as the item's calls stay within
/// [`MAX_PROCESS_SECONDS`] a side (and at least one).
pub fn calibrate(cell_seconds: &[f64]) -> u32 {
    let shortest = cell_seconds.iter().copied().filter(|s| *s > 0.0).fold(f64::INFINITY, f64::min);
    let item: f64 = cell_seconds.iter().sum();
    if !shortest.is_finite() || item <= 0.0 {
        return 1;
    }
    let wanted = (CALIBRATED_SECONDS / shortest).ceil();
    let allowed = (MAX_PROCESS_SECONDS / item).floor().max(1.0);
    wanted.min(allowed).clamp(1.0, MAX_REPEATS as f64) as u32
}

/// Why an item stopped sampling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    Settled,
    MaxRounds,
    ItemBudget,
    TotalBudget,
    Attempts,
}

impl Stop {
    /// The words an item's line gives after "stopped at".
    fn word(self) -> &'static str {
        match self {
            Stop::Settled => "a look, every cell settled",
            Stop::MaxRounds => "its maximum rounds",
            Stop::ItemBudget => "its time budget (--budget)",
            Stop::TotalBudget => "the end of the total time budget (--total-budget)",
            Stop::Attempts => "twice its maximum rounds tried (the others ran busy)",
        }
    }
}

/// An item being timed: its cells, the seconds of every counted round, and whether it is
/// still sampling.
struct ItemRun<'a> {
    call: ItemCall<'a>,
    item: AbItem,
    timed: Vec<TimedCell>,
    unresolved: Vec<bool>,
    timing: CellTiming,
    limit: Duration,
    orders: Orders,
    a_secs: Vec<Vec<f64>>,
    b_secs: Vec<Vec<f64>>,
    attempts: u32,
    spent: Duration,
    sampling: bool,
    stop: Option<Stop>,
}

impl<'a> ItemRun<'a> {
    /// The first, calibrating round of the item: the builds' results compared, the timed
    /// cells found and the timed calls of later rounds set. An item whose results differ
    /// or that has no timed cell is not sampled.
    fn calibrate(opts: &AbOptions, sides: (&Side, &Side), call: ItemCall<'a>) -> Result<ItemRun<'a>> {
        let item = AbItem {
            experiment: call.experiment.to_string(),
            item: call.id.to_string(),
            counts_agree: true,
            difference: None,
            repeats: 1,
            rounds: 0,
            busy_rounds: 0,
            shortfall: None,
            below_resolution: Vec::new(),
            weight: 1.0,
            stopped: None,
            cells: Vec::new(),
            instructions: None,
        };
        let first_limit = call.time_limit_s.map_or(UNLIMITED_FIRST_CALL, |s| Duration::from_secs_f64(s * 10.0));
        let (ra, rb, first_wall) = round(opts, sides, &call, (CellTiming::ONCE, first_limit + CALL_MARGIN), true)?;
        let orders = Orders::new(opts.seed, call.experiment, call.id);
        let mut run = ItemRun {
            call,
            item,
            timed: Vec::new(),
            unresolved: Vec::new(),
            timing: CellTiming::ONCE,
            limit: first_limit,
            orders,
            a_secs: Vec::new(),
            b_secs: Vec::new(),
            attempts: 0,
            spent: first_wall,
            sampling: false,
            stop: None,
        };
        if let Some(difference) = results_differ(&ra, &rb) {
            run.item.counts_agree = false;
            run.item.difference = Some(difference);
            return Ok(run);
        }
        run.timed = timed_cells(&ra);
        if run.timed.is_empty() {
            return Ok(run);
        }
        run.unresolved = vec![false; run.timed.len()];
        let (first_a, first_b) = (run.seconds_of(&ra, sides.0)?, run.seconds_of(&rb, sides.1)?);
        let longer: Vec<f64> = first_a.iter().zip(&first_b).map(|(x, y)| x.max(*y)).collect();
        run.item.repeats = calibrate(&longer);
        run.timing = CellTiming { warmup: 1, repeats: run.item.repeats };
        run.limit = first_wall.mul_f64(10.0 * f64::from(run.timing.warmup + run.timing.repeats)) + CALL_MARGIN;
        run.a_secs = vec![Vec::new(); run.timed.len()];
        run.b_secs = vec![Vec::new(); run.timed.len()];
        run.sampling = true;
        Ok(run)
    }

    /// Each timed cell's seconds in `rows` (a time below the clock's resolution taken as
    /// [`TIMER_RESOLUTION_S`] and remembered).
    fn seconds_of(&mut self, rows: &CellRows, side: &Side) -> Result<Vec<f64>> {
        let mut out = Vec::with_capacity(self.timed.len());
        for (c, cell) in self.timed.iter().enumerate() {
            let s = seconds(rows, cell, side.name, &self.call)?;
            self.unresolved[c] |= s == 0.0;
            out.push(s.max(TIMER_RESOLUTION_S));
        }
        Ok(out)
    }

    /// Rounds counted so far.
    fn counted(&self) -> usize {
        self.a_secs.first().map_or(0, Vec::len)
    }

    /// One more round; a busy one is not counted, one whose results differ ends the item.
    fn round(&mut self, opts: &AbOptions, sides: (&Side, &Side)) -> Result<()> {
        let (ra, rb, wall) = round(opts, sides, &self.call, (self.timing, self.limit), self.orders.next())?;
        self.attempts += 1;
        self.spent += wall;
        if let Some(difference) = results_differ(&ra, &rb) {
            self.item.counts_agree = false;
            self.item.difference = Some(difference);
            self.timed.clear();
            self.sampling = false;
            return Ok(());
        }
        if is_busy(&ra) || is_busy(&rb) {
            self.item.busy_rounds += 1;
        } else {
            let (xa, xb) = (self.seconds_of(&ra, sides.0)?, self.seconds_of(&rb, sides.1)?);
            for (c, (a, b)) in xa.into_iter().zip(xb).enumerate() {
                self.a_secs[c].push(a);
                self.b_secs[c].push(b);
            }
        }
        if self.attempts >= opts.max_rounds * 2 {
            self.end(Stop::Attempts);
        }
        Ok(())
    }

    fn end(&mut self, why: Stop) {
        if self.sampling {
            self.sampling = false;
            self.stop = Some(why);
        }
    }

    /// Whether the item stops after its last round: at its maximum, past a budget (once
    /// it has its minimum rounds), or settled at a look among `compared` cells.
    fn check_stop(&mut self, opts: &AbOptions, looks: &Looks, compared: usize, started: Instant) {
        let n = self.counted();
        if !self.sampling || n < opts.min_rounds as usize {
            return;
        }
        if n >= opts.max_rounds as usize {
            self.end(Stop::MaxRounds);
        } else if looks.is_look(n) && opts.rule().settled(&self.log_ratios(), looks.weight_at(n), compared) {
            self.end(Stop::Settled);
        } else if self.spent >= opts.budget {
            self.end(Stop::ItemBudget);
        } else if started.elapsed() >= opts.total_budget {
            self.end(Stop::TotalBudget);
        }
    }

    fn log_ratios(&self) -> Vec<Vec<f64>> {
        self.a_secs.iter().zip(&self.b_secs).map(|(x, y)| crate::base::stats::paired::log_ratios(x, y)).collect()
    }

    /// The mean wall time of a round so far.
    fn round_wall(&self) -> Duration {
        self.spent / (self.attempts + 1)
    }

    /// The item with its cells, analysed at the weight of the look its rounds reach; a
    /// shortfall named where it has fewer than `min_rounds`.
    fn finish(mut self, looks: &Looks, min_rounds: usize) -> AbItem {
        let item = &mut self.item;
        item.rounds = self.a_secs.first().map_or(0, Vec::len);
        item.weight = looks.weight_at(item.rounds);
        item.stopped = self.stop.map(|s| s.word().to_string());
        item.below_resolution = self
            .timed
            .iter()
            .zip(&self.unresolved)
            .filter(|(_, u)| **u)
            .map(|(c, _)| format!("{} {}", c.key, c.column).trim().to_string())
            .collect();
        if item.rounds < min_rounds && !self.timed.is_empty() {
            item.shortfall = Some(match item.busy_rounds {
                0 => format!("only {} counted", item.rounds),
                busy => format!("{busy} of {} rounds ran busy: other programs had the cores", self.attempts),
            });
        }
        let call = &self.call;
        item.cells = self
            .timed
            .iter()
            .zip(self.a_secs.iter().zip(&self.b_secs))
            .map(|(c, (xa, xb))| cell_of((call.experiment, call.id), (c.row, &c.key, &c.column), xa, xb))
            .collect();
        note(&item_summary(item));
        self.item
    }
}

/// The progress line of an item that stopped: its rounds and each cell's interval.
fn item_summary(item: &AbItem) -> String {
    let progress: Vec<String> = item
        .cells
        .iter()
        .map(|c| match CellTest::at_weight(&c.evidence.log_ratios, item.weight).and_then(|t| t.interval) {
            Some((l, h)) => format!(
                "{} {}: {} to {}",
                c.evidence.key,
                c.column,
                crate::base::stats::decision::percent(l.exp() - 1.0),
                crate::base::stats::decision::percent(h.exp() - 1.0)
            ),
            None => format!("{} {}: no interval", c.evidence.key, c.column),
        })
        .collect();
    format!(
        "[ab] {} {}: {} rounds ({} busy), {} timed calls a cell, stopped at {}; {}",
        item.experiment,
        item.item,
        item.rounds,
        item.busy_rounds,
        item.repeats,
        item.stopped.as_deref().unwrap_or("its first round"),
        progress.join("; ")
    )
}

/// The progress line after a turn of rounds: the items still sampling and an estimate of
/// the time left (each such item's remaining rounds at its mean round time, at most the
/// total budget's rest).
fn time_left(runs: &[ItemRun], opts: &AbOptions, started: Instant) -> String {
    let active: Vec<&ItemRun> = runs.iter().filter(|r| r.sampling).collect();
    if active.is_empty() {
        return "[ab] every item has stopped".to_string();
    }
    let remaining: Duration =
        active.iter().map(|r| r.round_wall().mul_f64(opts.max_rounds.saturating_sub(r.counted() as u32) as f64)).sum();
    let budget_left = opts.total_budget.saturating_sub(started.elapsed());
    format!(
        "[ab] {} of {} items still sampling; at most about {} left",
        active.len(),
        runs.len(),
        minutes_and_seconds(remaining.min(budget_left))
    )
}

/// `d` to the second: "2 min 05 s", "42 s".
fn minutes_and_seconds(d: Duration) -> String {
    let s = d.as_secs_f64().round() as u64;
    match s / 60 {
        0 => format!("{s} s"),
        m => format!("{m} min {:02} s", s % 60),
    }
}

/// The exact results (every [`Role::Result`] column) of both sides, when they differ:
/// the first difference, named.
pub fn results_differ(a: &CellRows, b: &CellRows) -> Option<String> {
    let names = |r: &CellRows| r.columns.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
    if names(a) != names(b) {
        return Some("the builds write other columns".to_string());
    }
    if a.rows.len() != b.rows.len() {
        return Some(format!("A wrote {} rows, B {}", a.rows.len(), b.rows.len()));
    }
    for (r, (ra, rb)) in a.rows.iter().zip(&b.rows).enumerate() {
        for (c, column) in a.columns.iter().enumerate() {
            if column.role == Role::Result && ra.get(c) != rb.get(c) {
                let cell = |row: &Vec<String>| excerpt(&row.get(c).cloned().unwrap_or_default());
                return Some(format!(
                    "row {}: {} is {} in A, {} in B",
                    r + 1,
                    excerpt(&column.name),
                    cell(ra),
                    cell(rb)
                ));
            }
        }
    }
    None
}

/// A timed cell: its row, its measured seconds column, the row's key cells.
#[derive(Debug, Clone, PartialEq)]
pub struct TimedCell {
    /// The row within the item.
    pub row: usize,
    /// The seconds column.
    pub column: String,
    /// The row's leading exact text and count cells, `column=value` joined by spaces.
    pub key: String,
}

/// The measured seconds columns of every row that has a number in them (0 included: a
/// time below the build's clock resolution).
pub fn timed_cells(rows: &CellRows) -> Vec<TimedCell> {
    let mut cells = Vec::new();
    for (r, row) in rows.rows.iter().enumerate() {
        let key = key_of(rows, row);
        for (c, column) in rows.columns.iter().enumerate() {
            let measured = column.role == Role::Measured && column.kind == Kind::Seconds;
            if measured && row.get(c).and_then(|v| v.trim().parse::<f64>().ok()).is_some_and(|v| v >= 0.0) {
                cells.push(TimedCell { row: r, column: column.name.clone(), key: key.clone() });
            }
        }
    }
    cells
}

/// The row's leading exact text and count cells, `column=value` (at most four).
fn key_of(rows: &CellRows, row: &[String]) -> String {
    rows.columns
        .iter()
        .zip(row)
        .take_while(|(c, _)| c.role == Role::Result && matches!(c.kind, Kind::Text | Kind::Count))
        .take(4)
        .filter(|(_, v)| !v.is_empty())
        .map(|(c, v)| format!("{}={v}", c.name))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The most seconds a timed cell may say (a year): more is not a time a build measured.
pub const MAX_CELL_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// The seconds of `cell` in `rows`, refused (naming the build and the cell) unless a
/// finite number from 0 to [`MAX_CELL_SECONDS`]; 0 is a time below the build's clock
/// resolution (a call of a fraction of a microsecond on a fast machine, printed by a build
/// that writes microseconds), not an error.
fn seconds(rows: &CellRows, cell: &TimedCell, side: char, call: &ItemCall) -> Result<f64> {
    let c = rows.columns.iter().position(|x| x.name == cell.column);
    let text = c.and_then(|c| rows.rows.get(cell.row)?.get(c)).map_or("", |v| v.trim());
    match text.parse::<f64>() {
        Ok(s) if (0.0..=MAX_CELL_SECONDS).contains(&s) => Ok(s),
        _ => Err(InputError::new(format!(
            "build {side} printed `{}` as the seconds of {} {} row {} column {}: expected a number of seconds from 0 up to a year",
            excerpt(text),
            call.experiment,
            call.id,
            cell.row + 1,
            excerpt(&cell.column)
        ))
        .into()),
    }
}

fn is_busy(rows: &CellRows) -> bool {
    let c = rows.columns.iter().position(|x| x.name == BUSY);
    c.is_some_and(|c| rows.rows.iter().any(|r| r.get(c).is_some_and(|v| v == "true")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::columns::Column;

    fn rows(games: &str, seconds: &str, busy: &str) -> CellRows {
        CellRows {
            format: CELL_FORMAT,
            columns: vec![
                Column::new("board", Kind::Text, Role::Result),
                Column::new("games", Kind::Count, Role::Result),
                Column::new("seconds", Kind::Seconds, Role::Measured),
                Column::new("busy", Kind::Flag, Role::Busy),
            ],
            rows: vec![vec!["4x4 r1".into(), games.into(), seconds.into(), busy.into()]],
        }
    }

    const CALL: ItemCall = ItemCall { experiment: "count", index: 0, id: "4x4 r1", time_limit_s: None };

    #[test]
    fn results_must_agree_before_timing() {
        assert_eq!(results_differ(&rows("90", "0.5", "false"), &rows("90", "0.7", "false")), None);
        assert_eq!(
            results_differ(&rows("90", "0.5", "false"), &rows("91", "0.5", "false")).as_deref(),
            Some("row 1: games is 90 in A, 91 in B")
        );
    }

    #[test]
    fn timed_cells_and_busy_rows_are_read_from_the_declared_columns() {
        let r = rows("90", "0.5", "true");
        let cell = TimedCell { row: 0, column: "seconds".to_string(), key: "board=4x4 r1 games=90".to_string() };
        assert_eq!(timed_cells(&r), std::slice::from_ref(&cell));
        assert!(is_busy(&r) && !is_busy(&rows("90", "0.5", "false")));
        assert_eq!(seconds(&r, &cell, 'A', &CALL).unwrap(), 0.5);
    }

    /// NaN, infinite, negative and absurd seconds are refused, naming the build; 0 (a time
    /// below the clock's resolution) is read as it is.
    #[test]
    fn impossible_seconds_are_refused() {
        let cell = TimedCell { row: 0, column: "seconds".to_string(), key: String::new() };
        for bad in ["NaN", "inf", "-1", "-0.000001", "1e308", "fast"] {
            let e = seconds(&rows("90", bad, "false"), &cell, 'B', &CALL).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{bad}");
            assert!(e.to_string().starts_with("build B printed"), "{e}");
        }
        assert_eq!(seconds(&rows("90", "0.000000", "false"), &cell, 'A', &CALL).unwrap(), 0.0);
    }

    /// 0.64 ms needs 157 calls for 100 ms; a 2 s item is not repeated; a 0.5 s item of a
    /// 1 ms cell stops at 8 calls (4 s a side).
    #[test]
    fn calibration_repeats_short_cells() {
        assert_eq!(calibrate(&[0.00064]), 157);
        assert_eq!(calibrate(&[2.0]), 1);
        assert_eq!(calibrate(&[0.001, 0.499]), 8);
        assert_eq!(calibrate(&[]), 1);
    }

    #[test]
    fn time_left_is_given_in_minutes_and_seconds() {
        assert_eq!(minutes_and_seconds(Duration::from_secs_f64(125.4)), "2 min 05 s");
        assert_eq!(minutes_and_seconds(Duration::from_secs_f64(41.6)), "42 s");
    }

    /// Every pair of rounds holds both orders; the same seed gives the same orders.
    #[test]
    fn orders_are_balanced_and_seeded() {
        let draw = |seed| {
            let mut o = Orders::new(seed, "e", "i");
            (0..40).map(|_| o.next()).collect::<Vec<bool>>()
        };
        let a = draw(1);
        assert!(a.chunks(2).all(|p| p[0] != p[1]));
        assert_eq!(a, draw(1));
        assert_ne!(a, draw(2));
    }
}
