//! Progress display: an indicatif bar per experiment on a terminal, plain lines otherwise.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

static QUIET: AtomicBool = AtomicBool::new(false);

/// Makes the process quiet (`-q`/`--quiet`) or not: a quiet process draws no progress and
/// prints no [`note`]; warnings and errors are printed all the same.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether the process was made quiet ([`set_quiet`]).
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Prints an informational `line` on stderr (what ran, what was skipped or resumed),
/// unless the process is [`quiet`].
pub fn note(line: &str) {
    if !quiet() {
        crate::base::text::say(line);
    }
}

/// How often plain mode (no terminal) says that a long item is still running.
pub const HEARTBEAT: Duration = Duration::from_secs(30);

/// Where plain-mode lines go: standard error, or a test's collector.
pub type LineSink = Arc<dyn Fn(&str) + Send + Sync>;

/// Where an experiment stands in its run and how many rows it will write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// The experiment's place in the run, from 1.
    pub number: usize,
    /// Experiments the run has.
    pub of: usize,
    /// Rows its items will emit at most.
    pub rows: u64,
    /// Whether `rows` is a bound (an item may emit fewer: a sweep that stops early) rather
    /// than the count.
    pub at_most: bool,
}

impl Plan {
    /// A lone experiment of `rows` rows exactly.
    pub fn rows(rows: u64) -> Plan {
        Plan { number: 1, of: 1, rows, at_most: false }
    }

    /// `experiment 2 of 5: up to 70 rows` (`12 rows` where the count is exact).
    fn headline(&self) -> String {
        let rows = crate::base::text::count_of(self.rows, "row");
        let up_to = if self.at_most { "up to " } else { "" };
        format!("experiment {} of {}: {up_to}{rows}", self.number, self.of)
    }
}

/// Progress of one experiment: rows done, the item running, its positions per second,
/// elapsed time and a heartbeat. No ETA: an item's cost is unknown before it runs (sweeps
/// and memo searches grow exponentially), so any estimate would mislead.
///
/// On a terminal (and `CI` unset) an indicatif bar with a spinner; otherwise plain lines:
/// one per row with that row's own time and rate, and one at least every [`HEARTBEAT`]
/// while an item runs. A finished bar ends at the rows done (a sweep announced with up to
/// 70 rows that wrote 12 ends at 12/12) and says how long it took; an interrupted or
/// failed one stays where it stopped and says so.
pub struct ExperimentProgress {
    shared: Arc<Shared>,
    bar: Option<ProgressBar>,
    ticker: Option<(Arc<AtomicBool>, std::thread::JoinHandle<()>)>,
}

/// What the display thread and the runner share.
struct Shared {
    name: String,
    total: u64,
    start: Instant,
    live: Arc<AtomicU64>,
    /// The item running, when it started and the positions counted before it.
    item: Mutex<(String, Instant, u64)>,
    /// The positions counted and the time when the last row was done (or its item began),
    /// and whether the running item has had a row yet.
    last_row: Mutex<(u64, Instant, bool)>,
    sink: LineSink,
}

impl Shared {
    /// `item X for 1m 05s, 12.3M pos/s`: what the display says between rows; the rate is
    /// the running item's own.
    fn status(&self) -> String {
        let (item, since, base) = self.item.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let rate = rate(self.live.load(Ordering::Relaxed).saturating_sub(base), since.elapsed());
        let sep = if rate.is_empty() { "" } else { ", " };
        if item.is_empty() {
            rate
        } else {
            format!("{item} for {}{sep}{rate}", clock(since.elapsed()))
        }
    }
}

fn rate(positions: u64, elapsed: Duration) -> String {
    if positions == 0 {
        return String::new();
    }
    let r = positions as f64 / elapsed.as_secs_f64().max(1e-9);
    if r >= 1e6 {
        format!("{:.1}M pos/s", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.1}k pos/s", r / 1e3)
    } else {
        format!("{r:.0} pos/s")
    }
}

/// A row's time: milliseconds under a second (`12 ms`), else as [`clock`].
fn row_clock(d: Duration) -> String {
    match d.as_secs_f64() {
        s if s < 1.0 => format!("{:.0} ms", s * 1e3),
        _ => clock(d),
    }
}

/// A duration as people read a clock: `4.2 s`, `3m 05s`, `1h 02m`.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{:.1} s", d.as_secs_f64()),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, s % 3600 / 60),
    }
}

/// A row of an item that follows the item's row before within this time, with no
/// position counted between them, was made with it (the `parallel` experiment's rows of one
/// search): its line says so rather than give it a time of zero.
const SAME_ITEM_ROWS: Duration = Duration::from_millis(50);

impl ExperimentProgress {
    /// Starts the display for experiment `name` as `plan` says; `live` counts positions
    /// ticked by its searches. A bar when stderr is a terminal and `CI` unset, plain lines
    /// on stderr otherwise, nothing when the process is [`quiet`].
    pub fn start(name: &str, plan: Plan, live: Arc<AtomicU64>) -> Self {
        let interactive = std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
        if quiet() {
            Self::plain(name, plan, live, HEARTBEAT, Arc::new(|_: &str| {}))
        } else if interactive {
            Self::with_bar(name, plan, live)
        } else {
            Self::plain(name, plan, live, HEARTBEAT, Arc::new(|line: &str| crate::base::text::say(line)))
        }
    }

    fn shared(name: &str, total: u64, live: Arc<AtomicU64>, sink: LineSink) -> Arc<Shared> {
        let now = Instant::now();
        let (item, last_row) = (Mutex::new((String::new(), now, 0)), Mutex::new((0, now, false)));
        Arc::new(Shared { name: name.to_string(), total, start: now, live, item, last_row, sink })
    }

    fn with_bar(name: &str, plan: Plan, live: Arc<AtomicU64>) -> Self {
        let shared = Self::shared(name, plan.rows, live, Arc::new(|_: &str| {}));
        let bar = ProgressBar::new(plan.rows);
        bar.set_style(
            ProgressStyle::with_template("{prefix:>18} {spinner} [{bar:30}] {pos}/{len} {elapsed_precise} {msg}")
                .expect("progress template")
                .progress_chars("=> "),
        );
        bar.set_prefix(format!("{}/{} {name}", plan.number, plan.of));
        let ticker = Self::every(Duration::from_millis(200), {
            let (bar, shared) = (bar.clone(), Arc::clone(&shared));
            move || {
                bar.set_message(crate::base::text::printable_lines(&shared.status()));
                bar.tick();
            }
        });
        ExperimentProgress { shared, bar: Some(bar), ticker: Some(ticker) }
    }

    /// Plain lines through `sink`, a heartbeat line every `heartbeat` while an item runs.
    pub fn plain(name: &str, plan: Plan, live: Arc<AtomicU64>, heartbeat: Duration, sink: LineSink) -> Self {
        let shared = Self::shared(name, plan.rows, live, sink);
        (shared.sink)(&format!("[{name}] start, {}", plan.headline()));
        let ticker = Self::every(heartbeat, {
            let shared = Arc::clone(&shared);
            move || {
                let status = shared.status();
                if !status.is_empty() {
                    let elapsed = clock(shared.start.elapsed());
                    (shared.sink)(&format!("[{}] still running: {status} ({elapsed} in all)", shared.name));
                }
            }
        });
        ExperimentProgress { shared, bar: None, ticker: Some(ticker) }
    }

    /// A thread calling `f` every `period` until the display finishes.
    fn every(period: Duration, f: impl Fn() + Send + 'static) -> (Arc<AtomicBool>, std::thread::JoinHandle<()>) {
        let stop = Arc::new(AtomicBool::new(false));
        let stop2 = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let step = period.min(Duration::from_millis(50));
            let mut last = Instant::now();
            while !stop2.load(Ordering::Relaxed) {
                std::thread::sleep(step);
                if last.elapsed() >= period {
                    f();
                    last = Instant::now();
                }
            }
        });
        (stop, handle)
    }

    /// Says that item `id` starts now.
    pub fn item_started(&self, id: &str) {
        let (now, positions) = (Instant::now(), self.shared.live.load(Ordering::Relaxed));
        *self.shared.item.lock().unwrap_or_else(|p| p.into_inner()) = (id.to_string(), now, positions);
        *self.shared.last_row.lock().unwrap_or_else(|p| p.into_inner()) = (positions, now, false);
    }

    /// Marks `done` rows finished; `note` says which. Plain mode prints the row's own
    /// figures: its time and positions per second since the row before (or its item's
    /// start), then the experiment's elapsed time.
    pub fn item_done(&self, done: u64, note: &str) {
        let s = &self.shared;
        let (now, positions) = (Instant::now(), s.live.load(Ordering::Relaxed));
        let (before, since, item_had_a_row) =
            std::mem::replace(&mut *s.last_row.lock().unwrap_or_else(|p| p.into_inner()), (positions, now, true));
        match &self.bar {
            Some(bar) => bar.set_position(done),
            None => {
                let took = now.saturating_duration_since(since);
                let rate = rate(positions.saturating_sub(before), took);
                let sep = if rate.is_empty() { "" } else { ", " };
                let row = if item_had_a_row && took < SAME_ITEM_ROWS && positions == before {
                    // A second row of one item (the parallel experiment's rows of one
                    // search): its time is in the row before, not zero.
                    "timed with the row before".to_string()
                } else {
                    format!("row {}{sep}{rate}", row_clock(took))
                };
                let elapsed = clock(s.start.elapsed());
                (s.sink)(&format!("[{}] {done}/{} {note} ({row}; {elapsed} in all)", s.name, s.total));
            }
        }
    }

    /// Ends the display with a closing word and how long the experiment took, then
    /// `after` (`done in 3m 06s; 2 rows timed out (limit 45 s)`): `done` ends the bar at
    /// the rows done (its length becomes their count); anything else (`interrupted`,
    /// `failed`) leaves the bar where it stopped.
    pub fn finish(mut self, word: &str, after: &str) {
        if let Some((stop, handle)) = self.ticker.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = handle.join();
        }
        let line = format!("{word} in {}{after}", clock(self.shared.start.elapsed()));
        match &self.bar {
            Some(bar) if word.starts_with("done") => {
                bar.set_length(bar.position());
                bar.finish_with_message(line)
            }
            Some(bar) => bar.abandon_with_message(line),
            None => (self.shared.sink)(&format!("[{}] {line}", self.shared.name)),
        }
    }
}

/// A live "searching…" line on stderr for one interactive or one-shot search: after the
/// first second it shows the positions ticked into the search's budget, their rate and
/// how to stop (Ctrl-C). Only on a terminal (and `CI` unset); the line is erased when
/// the status is dropped.
pub struct SearchStatus {
    stop: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl SearchStatus {
    /// Starts the line for a search whose budget counts into `live`
    /// (see [`crate::search::budget::Budget::live_counter`]).
    pub fn start(what: &str, live: Arc<AtomicU64>) -> SearchStatus {
        let stop = Arc::new(AtomicBool::new(false));
        let interactive = std::io::stderr().is_terminal() && std::env::var_os("CI").is_none() && !quiet();
        let handle = interactive.then(|| {
            let (stop, what, start) = (Arc::clone(&stop), what.to_string(), Instant::now());
            let base = live.load(Ordering::Relaxed);
            std::thread::spawn(move || {
                let mut shown = false;
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                    let elapsed = start.elapsed();
                    if elapsed >= Duration::from_secs(1) {
                        let done = live.load(Ordering::Relaxed).saturating_sub(base);
                        let r = rate(done, elapsed);
                        eprint!(
                            "\r\x1b[2K{what}: searching… {done} positions {r} ({:.0} s, Ctrl-C to stop)",
                            elapsed.as_secs_f64()
                        );
                        shown = true;
                    }
                }
                if shown {
                    eprint!("\r\x1b[2K");
                }
            })
        });
        SearchStatus { stop, handle }
    }
}

impl Drop for SearchStatus {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collector() -> (Arc<Mutex<Vec<String>>>, LineSink) {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink_lines = Arc::clone(&lines);
        (lines, Arc::new(move |l: &str| sink_lines.lock().unwrap().push(l.to_string())))
    }

    #[test]
    fn plain_mode_beats_during_a_long_item_and_says_how_long_it_took() {
        let (lines, sink) = collector();
        let live = Arc::new(AtomicU64::new(0));
        let plan = Plan { number: 2, of: 3, rows: 2, at_most: true };
        let p = ExperimentProgress::plain("sweep", plan, Arc::clone(&live), Duration::from_millis(100), sink);
        p.item_started("spel4.txt");
        live.store(5_000_000, Ordering::Relaxed);
        std::thread::sleep(Duration::from_millis(450));
        p.item_done(1, "spel4.txt");
        p.finish("interrupted", "");
        let lines = lines.lock().unwrap().clone();
        assert_eq!(lines[0], "[sweep] start, experiment 2 of 3: up to 2 rows");
        let beats = lines.iter().filter(|l| l.starts_with("[sweep] still running: spel4.txt for ")).count();
        assert!((2..=5).contains(&beats), "{lines:?}");
        assert!(lines.iter().any(|l| l.starts_with("[sweep] 1/2 spel4.txt (")), "{lines:?}");
        let last = lines.last().unwrap();
        assert!(last.starts_with("[sweep] interrupted in ") && !last.contains("ETA"), "{lines:?}");
    }

    #[test]
    fn a_row_line_gives_the_row_s_own_rate_not_the_experiment_s() {
        let (lines, sink) = collector();
        let live = Arc::new(AtomicU64::new(0));
        let p = ExperimentProgress::plain("e", Plan::rows(2), Arc::clone(&live), Duration::from_secs(3600), sink);
        p.item_started("a");
        live.store(1_000_000_000, Ordering::Relaxed);
        p.item_done(1, "a");
        p.item_started("b");
        std::thread::sleep(Duration::from_millis(20));
        p.item_done(2, "b");
        p.finish("done", "");
        let lines = lines.lock().unwrap().clone();
        assert_eq!(lines[0], "[e] start, experiment 1 of 1: 2 rows");
        let b = lines.iter().find(|l| l.starts_with("[e] 2/2 b (")).unwrap();
        assert!(b.starts_with("[e] 2/2 b (row ") && !b.contains("pos/s"), "b ticked no position: {lines:?}");
        let a = lines.iter().find(|l| l.starts_with("[e] 1/2 a (")).unwrap();
        assert!(a.contains("pos/s; ") && a.contains(" in all)"), "{lines:?}");
    }

    #[test]
    fn a_second_row_made_with_the_first_says_so_instead_of_zero() {
        let (lines, sink) = collector();
        let live = Arc::new(AtomicU64::new(0));
        let p = ExperimentProgress::plain("par", Plan::rows(2), Arc::clone(&live), Duration::from_secs(3600), sink);
        p.item_started("search");
        live.store(1_000_000, Ordering::Relaxed);
        p.item_done(1, "search threads=1");
        p.item_done(2, "search threads=2");
        p.finish("done", "");
        let lines = lines.lock().unwrap().clone();
        assert!(lines[1].starts_with("[par] 1/2 search threads=1 (row "), "{lines:?}");
        assert!(lines[2].starts_with("[par] 2/2 search threads=2 (timed with the row before; "), "{lines:?}");
    }

    #[test]
    fn clocks_read_like_clocks() {
        assert_eq!(clock(Duration::from_millis(4200)), "4.2 s");
        assert_eq!(row_clock(Duration::from_micros(12_400)), "12 ms");
        assert_eq!(row_clock(Duration::from_millis(4200)), "4.2 s");
        assert_eq!(clock(Duration::from_secs(185)), "3m 05s");
        assert_eq!(clock(Duration::from_secs(3720)), "1h 02m");
    }

    #[test]
    fn an_interrupted_bar_stays_where_it_stopped() {
        let live = Arc::new(AtomicU64::new(0));
        let up_to_6 = Plan { number: 1, of: 2, rows: 6, at_most: true };
        let p = ExperimentProgress::with_bar("x", up_to_6, live);
        p.item_done(2, "b");
        let bar = p.bar.clone().unwrap();
        p.finish("interrupted", "");
        assert_eq!((bar.position(), bar.length()), (2, Some(6)));
        assert!(bar.message().starts_with("interrupted in "), "{}", bar.message());
        assert_eq!(bar.prefix(), "1/2 x");
        let p = ExperimentProgress::with_bar("y", up_to_6, Arc::new(AtomicU64::new(0)));
        p.item_done(3, "c");
        let bar = p.bar.clone().unwrap();
        p.finish("done", "");
        assert_eq!((bar.position(), bar.length()), (3, Some(3)), "a sweep that stopped early ends at its rows");
    }
}
