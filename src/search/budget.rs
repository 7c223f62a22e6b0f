//! Cooperative time limits and Ctrl-C (SIGINT, SIGTERM, SIGHUP) for searches.
//!
//! A search calls [`Budget::tick`] every few thousand positions. The call adds the
//! positions to a live counter (for progress bars) and answers whether the search must
//! stop: the per-call time limit has passed, another worker of the same call stopped,
//! or the user pressed Ctrl-C. Checking costs one atomic load and, at most once per
//! tick, a clock read, so searches tick every 2^14..2^20 positions.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::base::error::Error;
use crate::base::limits::{Limits, MemoryLimit, TimeLimit};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The signal that interrupted the process (0: none yet).
static SIGNAL: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

/// Marks the process as interrupted (called by the signal handler).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Forgets a Ctrl-C that an interactive program has handled (the search it stopped has
/// returned), so that the next search runs and the next Ctrl-C stops it again instead of
/// ending the program.
pub fn clear_interrupt() {
    INTERRUPTED.store(false, Ordering::SeqCst);
}

/// The exit code of a process stopped by its interrupt: 128 + the signal's number (130
/// for SIGINT, 143 for SIGTERM, 129 for SIGHUP); 130 when no signal was seen.
pub fn interrupt_exit_code() -> u8 {
    match SIGNAL.load(Ordering::SeqCst) {
        s @ 1..=127 => 128 + s as u8,
        _ => 130,
    }
}

/// The exit code of a command that ends with `e`, the one its `--json` object states too:
/// [`interrupt_exit_code`] for an interrupt (143 after SIGTERM, 129 after SIGHUP), else
/// [`Error::exit_code`].
pub fn exit_code_of(e: &Error) -> u8 {
    match e {
        Error::Interrupted => interrupt_exit_code(),
        _ => u8::try_from(e.exit_code()).unwrap_or(1),
    }
}

/// Whether the command's search is over and only its result is being written.
static WRITING_RESULT: AtomicBool = AtomicBool::new(false);

/// Marks the writing of a command's result (its search is over) while it lives: an
/// interrupt then ends the process at once with 128 + the signal's number, since there is
/// no search left to stop and a write blocked on a pipe nobody reads would otherwise
/// outlast the first signal.
#[must_use = "the mark lasts as long as the guard"]
pub struct WritingResult(());

impl WritingResult {
    /// Marks the writing of the result from now on; a signal already seen ends the
    /// process here.
    pub fn start() -> WritingResult {
        WRITING_RESULT.store(true, Ordering::SeqCst);
        if interrupted() {
            exit_now();
        }
        WritingResult(())
    }
}

impl Drop for WritingResult {
    fn drop(&mut self) {
        WRITING_RESULT.store(false, Ordering::SeqCst);
    }
}

/// Ends the process with [`interrupt_exit_code`].
fn exit_now() -> ! {
    std::process::exit(i32::from(interrupt_exit_code()))
}

/// Records that signal `signal` (2 SIGINT, 15 SIGTERM, 1 SIGHUP) is ending the process,
/// for a handler of its own that may see it before the signal thread does (the board
/// server's): the stop line and the exit code then name that signal. It does not mark
/// the process interrupted: the signal thread does that when it sees the same signal,
/// and would take a mark already set as a second signal and end the process at once.
pub fn note_signal(signal: i32) {
    SIGNAL.store(signal, Ordering::SeqCst);
}

/// The name of the signal that interrupted the process (`SIGINT` when none was seen).
pub fn interrupt_signal_name() -> &'static str {
    match SIGNAL.load(Ordering::SeqCst) {
        15 => "SIGTERM",
        1 => "SIGHUP",
        _ => "SIGINT",
    }
}

/// Installs the handler of SIGINT (Ctrl-C), SIGTERM (`kill`, `timeout`, Slurm's time
/// limit) and SIGHUP once: the first signal asks searches to stop, so that runs journal
/// what finished and one-shots print their `interrupted` object; a second signal, or the
/// first while a result is written ([`WritingResult`]), exits at once with 128 + its
/// number.
pub fn install_ctrlc_handler() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(install_signal_thread);
}

#[cfg(unix)]
fn install_signal_thread() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
    let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
        for signal in signals.forever() {
            if interrupted() {
                std::process::exit(128 + signal);
            }
            SIGNAL.store(signal, Ordering::SeqCst);
            interrupt();
            if WRITING_RESULT.load(Ordering::SeqCst) {
                exit_now();
            }
        }
    });
}

#[cfg(not(unix))]
fn install_signal_thread() {
    let _ = ctrlc::set_handler(|| {
        if interrupted() {
            std::process::exit(130);
        }
        interrupt();
    });
}

/// Why a search stopped before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The per-call time limit passed.
    TimeLimit,
    /// The user pressed Ctrl-C.
    Interrupted,
    /// The search's memo table would have taken the process past its memory limit
    /// ([`Budget::reserve`]); nothing was allocated.
    Memory,
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::TimeLimit => write!(f, "timeout"),
            Stopped::Interrupted => write!(f, "interrupted"),
            Stopped::Memory => write!(f, "memory"),
        }
    }
}

/// The time budget of one search call, shared by all its parallel workers.
///
/// Cloning is cheap and clones share the stop flag and the live position counter. Every
/// copy of a budget, however made (a clone, [`Budget::restart`], [`Budget::capped`]),
/// shares one cancel flag: [`Budget::cancel`] on any of them stops every search under any
/// of them, whatever phase it is in.
#[derive(Debug, Clone)]
pub struct Budget {
    started: Instant,
    deadline: Option<Instant>,
    limit: Option<Duration>,
    /// This call's stop: its deadline passed, its cap was reached, or a worker stopped;
    /// shared by clones, fresh for a restart or a capped copy.
    stop: Arc<AtomicBool>,
    /// The cancel of the whole search: shared by every copy.
    cancelled: Arc<AtomicBool>,
    live_positions: Arc<AtomicU64>,
    cap: Option<Arc<Cap>>,
    memory_limit: Option<u64>,
}

/// The position bound of a [`Budget::capped`] budget: positions ticked through it so far,
/// the bound, and whether the bound (not the clock) stopped it.
#[derive(Debug)]
struct Cap {
    ticked: AtomicU64,
    bound: u64,
    reached: AtomicBool,
}

impl Default for Budget {
    fn default() -> Self {
        Budget::unlimited()
    }
}

impl Budget {
    /// A budget with no time limit (Ctrl-C still stops it).
    pub fn unlimited() -> Self {
        Budget {
            started: Instant::now(),
            deadline: None,
            limit: None,
            stop: Arc::new(AtomicBool::new(false)),
            cancelled: Arc::new(AtomicBool::new(false)),
            live_positions: Arc::new(AtomicU64::new(0)),
            cap: None,
            memory_limit: None,
        }
    }

    /// The budget of one search call under `limits`: its time limit runs from now, its
    /// memory limit is what [`Budget::reserve`] checks. The one way a search gets its
    /// limits.
    pub fn start(limits: &Limits) -> Self {
        Budget::new(limits.time.map(TimeLimit::duration)).with_memory_limit(limits.memory.map(MemoryLimit::bytes))
    }

    /// A budget that has expired already: a search under it stops at its first look at
    /// the clock.
    #[cfg(test)]
    pub(crate) fn expired() -> Self {
        Budget::new(Some(Duration::ZERO))
    }

    /// A budget that expires `limit` from now (`None`: no limit).
    fn new(limit: Option<Duration>) -> Self {
        let started = Instant::now();
        Budget { started, deadline: limit.and_then(|l| started.checked_add(l)), limit, ..Budget::unlimited() }
    }

    /// The same limit, restarted from now, with its own stop flag (a stop for the old
    /// deadline does not stop it); shares the live counter and the cancel flag.
    pub fn restart(&self) -> Self {
        let started = Instant::now();
        Budget {
            started,
            deadline: self.limit.and_then(|l| started.checked_add(l)),
            limit: self.limit,
            stop: Arc::new(AtomicBool::new(false)),
            cancelled: Arc::clone(&self.cancelled),
            live_positions: Arc::clone(&self.live_positions),
            cap: None,
            memory_limit: self.memory_limit,
        }
    }

    /// The same budget with a memory limit of `bytes` for the whole process (`None`: none),
    /// which [`Budget::reserve`] checks.
    fn with_memory_limit(self, bytes: Option<u64>) -> Self {
        Budget { memory_limit: bytes, ..self }
    }

    /// The memory limit in bytes, if any.
    pub fn memory_limit(&self) -> Option<u64> {
        self.memory_limit
    }

    /// Checks, before a search takes a memo table of `bytes`, that the process's resident
    /// memory now (less the region kept from an earlier table, which the new table takes
    /// over or gives back: [`crate::search::region::Spare::kept_bytes`]) plus the table
    /// stays within the memory limit: `Err(Stopped::Memory)` when it would pass it (the
    /// search then does not start, so the kernel never has to kill the process), `Ok`
    /// without a limit. Where the system does not tell the resident memory, the table
    /// alone is checked.
    pub fn reserve(&self, bytes: u64) -> Result<(), Stopped> {
        let Some(limit) = self.memory_limit else { return Ok(()) };
        let kept = crate::search::region::SPARE.kept_bytes();
        let resident = crate::base::machine::resident_bytes().unwrap_or(0).saturating_sub(kept);
        if resident.saturating_add(bytes) > limit {
            return Err(Stopped::Memory);
        }
        Ok(())
    }

    /// A budget for a bounded first try: the same deadline, live counter and cancel flag
    /// (so [`Budget::cancel`] on `self` stops it too), its own stop flag, and a stop
    /// (reported as [`Stopped::TimeLimit`]) once `positions` have been ticked through it;
    /// [`Budget::cap_reached`] tells that stop from the clock's. Reaching its bound never
    /// stops `self`.
    pub fn capped(&self, positions: u64) -> Self {
        let cap = Cap { ticked: AtomicU64::new(0), bound: positions, reached: AtomicBool::new(false) };
        Budget { stop: Arc::new(AtomicBool::new(false)), cap: Some(Arc::new(cap)), ..self.clone() }
    }

    /// Whether this budget stopped a search because its [`Budget::capped`] bound was
    /// reached (false for a budget without one).
    pub fn cap_reached(&self) -> bool {
        self.cap.as_ref().is_some_and(|c| c.reached.load(Ordering::Relaxed))
    }

    /// Makes this budget report its ticked positions into `counter` (a progress display's).
    pub fn share_counter(&mut self, counter: Arc<AtomicU64>) {
        self.live_positions = counter;
    }

    /// Time since this budget's clock started: never less than the limit once the
    /// budget has stopped a search for its time limit.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The limit this budget was made with.
    pub fn limit(&self) -> Option<Duration> {
        self.limit
    }

    /// Adds `positions` to the live counter and tells whether the search must stop.
    ///
    /// Returns `Err` once the deadline has passed, Ctrl-C was pressed, or any clone
    /// stopped; every later call then also returns `Err`.
    #[inline]
    pub fn tick(&self, positions: u64) -> Result<(), Stopped> {
        self.live_positions.fetch_add(positions, Ordering::Relaxed);
        if let Some(cap) = &self.cap {
            if cap.ticked.fetch_add(positions, Ordering::Relaxed).saturating_add(positions) > cap.bound {
                cap.reached.store(true, Ordering::Relaxed);
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        self.check()
    }

    /// Tells whether the search must stop, without counting positions.
    #[inline]
    pub fn check(&self) -> Result<(), Stopped> {
        if interrupted() {
            self.stop.store(true, Ordering::Relaxed);
            return Err(Stopped::Interrupted);
        }
        if self.stop.load(Ordering::Relaxed) || self.cancelled.load(Ordering::Relaxed) {
            return Err(Stopped::TimeLimit);
        }
        if let Some(deadline) = self.deadline {
            if Instant::now() >= deadline {
                self.stop.store(true, Ordering::Relaxed);
                return Err(Stopped::TimeLimit);
            }
        }
        Ok(())
    }

    /// Stops every search that checks this budget or any copy of it, those made by
    /// [`Budget::restart`] and [`Budget::capped`] included, and any copy made later (as
    /// [`Stopped::TimeLimit`], within one tick); later checks stay stopped.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`Budget::cancel`] was called on this budget or a copy of it.
    pub fn cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Positions reported through [`Budget::tick`] so far, by all clones together.
    pub fn live_positions(&self) -> u64 {
        self.live_positions.load(Ordering::Relaxed)
    }

    /// The shared live counter, for progress displays.
    pub fn live_counter(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.live_positions)
    }
}

/// Positions an exhaustive walk visits between two budget checks: often enough that a
/// limit or Ctrl-C stops it within milliseconds, rarely enough to cost nothing per node.
pub const TICK: u64 = 1 << 16;

/// Counts the positions one search thread visits and checks its budget every [`TICK`]
/// positions (never per node).
#[derive(Debug)]
pub struct Ticker<'a> {
    budget: &'a Budget,
    pending: u64,
    reported: u64,
}

impl<'a> Ticker<'a> {
    /// A counter at zero reporting into `budget`.
    pub fn new(budget: &'a Budget) -> Self {
        Ticker { budget, pending: 0, reported: 0 }
    }

    /// Counts one position; `Err` once the budget says stop.
    #[inline(always)]
    pub fn visit(&mut self) -> Result<(), Stopped> {
        self.visit_many(1)
    }

    /// Counts `n` positions at once; `Err` once the budget says stop.
    #[inline(always)]
    pub fn visit_many(&mut self, n: u64) -> Result<(), Stopped> {
        self.pending += n;
        if self.pending >= TICK {
            self.flush()?;
        }
        Ok(())
    }

    /// Reports the pending positions to the budget.
    pub fn flush(&mut self) -> Result<(), Stopped> {
        let n = std::mem::take(&mut self.pending);
        self.reported += n;
        self.budget.tick(n)
    }

    /// Positions counted so far.
    pub fn total(&self) -> u64 {
        self.reported + self.pending
    }
}

/// Positions a memo search first gives the plain search it reproduces: a search that
/// finishes within them is answered by the plain search, since allocating and faulting in
/// a table alone takes longer than such a search (2^22: the table's first 64 MiB, in huge
/// pages, took 50-65 ms to set up for the 4x7 r1, 7x4 r1 and 5x5 r2 continuation counts,
/// whose walks take 21-70 ms; the 3x20 pentomino smart find and count, 1.9 and 3.3
/// million positions, took 1.6-2.5x their walk's 0.09-0.14 s through the table with 2^20).
pub const WALK_FIRST: u64 = 1 << 22;

/// Runs `search` under a [`Budget::capped`] copy of `budget` bounded to `positions`:
/// `Ok(Some(answer))` when it finishes within them, `Ok(None)` when the bound stopped it,
/// its error when the clock, Ctrl-C or anything else did.
pub fn within_positions<T, E>(
    budget: &Budget,
    positions: u64,
    search: impl FnOnce(&Budget) -> Result<T, E>,
) -> Result<Option<T>, E> {
    let probe = budget.capped(positions);
    match search(&probe) {
        Ok(answer) => Ok(Some(answer)),
        Err(_) if probe.cap_reached() && budget.check().is_ok() => Ok(None),
        Err(e) => Err(e),
    }
}

impl Budget {
    /// The error of a search that `stopped` under this budget: [`Error::Interrupted`] for
    /// Ctrl-C, [`Error::Memory`] with the memory limit for a table past it,
    /// [`Error::Timeout`] with the budget's limit otherwise.
    pub fn error(&self, stopped: Stopped) -> Error {
        match stopped {
            Stopped::Interrupted => Error::Interrupted,
            Stopped::Memory => Error::Memory { limit_mb: self.memory_limit.unwrap_or(0) >> 20 },
            Stopped::TimeLimit => Error::Timeout { limit_s: self.limit().map_or(0.0, |l| l.as_secs_f64()) },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_limit_stops_at_once_and_stays_stopped() {
        let b = Budget::expired();
        assert_eq!(b.tick(10), Err(Stopped::TimeLimit));
        assert_eq!(b.clone().check(), Err(Stopped::TimeLimit));
        assert_eq!(b.live_positions(), 10);
    }

    #[test]
    fn unlimited_budget_never_stops() {
        let b = Budget::unlimited();
        for _ in 0..1000 {
            assert!(b.tick(1).is_ok());
        }
        assert_eq!(b.live_positions(), 1000);
    }

    #[test]
    fn ticker_reports_every_tick_and_stops_with_its_budget() {
        let b = Budget::unlimited();
        let mut t = Ticker::new(&b);
        for _ in 0..TICK - 1 {
            t.visit().unwrap();
        }
        assert_eq!(b.live_positions(), 0, "nothing reported before a whole tick");
        t.visit().unwrap();
        assert_eq!((b.live_positions(), t.total()), (TICK, TICK));
        let stopped = Budget::expired();
        let mut t = Ticker::new(&stopped);
        assert_eq!(t.visit_many(TICK), Err(Stopped::TimeLimit));
    }

    #[test]
    fn a_capped_budget_stops_past_its_bound_without_stopping_its_parent() {
        let b = Budget::new(Some(Duration::from_secs(3600)));
        let c = b.capped(100);
        assert_eq!(c.tick(100), Ok(()));
        assert!(!c.cap_reached());
        assert_eq!(c.tick(1), Err(Stopped::TimeLimit));
        assert!(c.cap_reached() && c.check().is_err());
        assert_eq!((b.check(), b.cap_reached(), b.live_positions()), (Ok(()), false, 101));
        let late = Budget::expired().capped(100);
        assert_eq!(late.tick(1), Err(Stopped::TimeLimit));
        assert!(!late.cap_reached(), "the clock stopped it, not the bound");
    }

    #[test]
    fn within_positions_answers_finished_searches_and_passes_on_other_stops() {
        let b = Budget::unlimited();
        let walk = |n: u64| {
            move |budget: &Budget| -> Result<u64, Stopped> {
                for _ in 0..n {
                    budget.tick(1)?;
                }
                Ok(n)
            }
        };
        assert_eq!(within_positions(&b, 10, walk(10)), Ok(Some(10)));
        assert_eq!(within_positions(&b, 10, walk(11)), Ok(None));
        assert_eq!(b.check(), Ok(()));
        let expired = Budget::expired();
        assert_eq!(within_positions(&expired, 10, walk(11)), Err(Stopped::TimeLimit));
    }

    #[test]
    fn a_table_past_the_memory_limit_is_refused_before_it_is_taken() {
        let none = Budget::unlimited();
        assert_eq!(none.reserve(u64::MAX), Ok(()));
        let limited = Budget::unlimited().with_memory_limit(Some(1 << 40));
        assert_eq!(limited.reserve(1 << 20), Ok(()));
        assert_eq!(limited.reserve(1 << 41), Err(Stopped::Memory));
        assert_eq!(limited.restart().memory_limit(), Some(1 << 40), "a restart keeps the limit");
        let e = limited.error(Stopped::Memory).to_string();
        assert!(e.contains("1048576 MiB"), "{e}");
        #[cfg(target_os = "linux")]
        {
            let tight = Budget::unlimited().with_memory_limit(Some(1 << 20));
            assert_eq!(tight.reserve(0), Err(Stopped::Memory), "the process itself holds more than 1 MiB");
        }
    }

    #[test]
    fn a_cancel_stops_every_copy_of_a_budget_in_every_phase() {
        let b = Budget::new(Some(Duration::from_secs(3600)));
        let (clone, capped, restarted) = (b.clone(), b.capped(u64::MAX), b.restart());
        let nested = capped.capped(1 << 40).restart();
        for copy in [&b, &clone, &capped, &restarted, &nested] {
            assert_eq!(copy.check(), Ok(()));
        }
        restarted.cancel();
        for copy in [&b, &clone, &capped, &restarted, &nested, &b.capped(10), &b.restart()] {
            assert_eq!(copy.tick(1), Err(Stopped::TimeLimit));
            assert!(copy.cancelled());
        }
        assert!(!capped.cap_reached(), "the cancel, not the bound, stopped the first try");
        let walk = |budget: &Budget| -> Result<u64, Stopped> {
            budget.tick(1)?;
            Ok(1)
        };
        assert_eq!(within_positions(&b, 10, walk), Err(Stopped::TimeLimit), "a cancelled search is not retried");
    }

    #[test]
    fn a_cancelled_search_in_its_first_try_stops_within_a_tick() {
        let b = Budget::unlimited();
        let canceller = b.clone();
        let search = std::thread::spawn(move || {
            within_positions(&b, u64::MAX, |probe: &Budget| -> Result<u64, Stopped> {
                let mut ticks = 0u64;
                loop {
                    probe.tick(1)?;
                    ticks += 1;
                    if ticks == 1000 {
                        canceller.cancel();
                    }
                }
            })
        });
        assert_eq!(search.join().unwrap(), Err(Stopped::TimeLimit));
    }

    #[test]
    fn restart_gets_a_fresh_stop_flag() {
        let b = Budget::expired();
        assert!(b.check().is_err());
        let long = Budget::new(Some(Duration::from_secs(3600)));
        let r = long.restart();
        assert!(r.check().is_ok());
    }
}
