//! Progress display: an indicatif bar per experiment on a terminal, plain lines otherwise.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// Progress of one experiment: items done, live positions per second, ETA.
pub struct ExperimentProgress {
    name: String,
    total: u64,
    bar: Option<ProgressBar>,
    start: Instant,
    live: Arc<AtomicU64>,
    ticker: Option<(Arc<AtomicBool>, std::thread::JoinHandle<()>)>,
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

impl ExperimentProgress {
    /// Starts the display for experiment `name` with `total` items; `live` counts
    /// positions ticked by its searches. A bar when stderr is a terminal and `CI` unset.
    pub fn start(name: &str, total: u64, live: Arc<AtomicU64>) -> Self {
        let interactive = std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
        let bar = interactive.then(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template("{prefix:>18} [{bar:30}] {pos}/{len} {msg} (ETA {eta})")
                    .expect("progress template")
                    .progress_chars("=> "),
            );
            bar.set_prefix(name.to_string());
            bar
        });
        let ticker = bar.as_ref().map(|bar| {
            let stop = Arc::new(AtomicBool::new(false));
            let (bar, stop2, live2, start) = (bar.clone(), Arc::clone(&stop), Arc::clone(&live), Instant::now());
            let handle = std::thread::spawn(move || {
                while !stop2.load(Ordering::Relaxed) {
                    bar.set_message(rate(live2.load(Ordering::Relaxed), start.elapsed()));
                    bar.tick();
                    std::thread::sleep(Duration::from_millis(200));
                }
            });
            (stop, handle)
        });
        if bar.is_none() {
            eprintln!("[{name}] start: {}", crate::base::text::count_of(total, "row"));
        }
        ExperimentProgress { name: name.to_string(), total, bar, start: Instant::now(), live, ticker }
    }

    /// Marks `done` items finished; `note` says which (plain mode prints it).
    pub fn item_done(&self, done: u64, note: &str) {
        match &self.bar {
            Some(bar) => bar.set_position(done),
            None => {
                let rate = rate(self.live.load(Ordering::Relaxed), self.start.elapsed());
                let sep = if rate.is_empty() { "" } else { ", " };
                eprintln!(
                    "[{}] {done}/{} {note} ({rate}{sep}{:.1} s)",
                    self.name,
                    self.total,
                    self.start.elapsed().as_secs_f64()
                )
            }
        }
    }

    /// Ends the display with a closing word (`done`, `interrupted`, ...).
    pub fn finish(mut self, word: &str) {
        if let Some((stop, handle)) = self.ticker.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = handle.join();
        }
        match &self.bar {
            Some(bar) => bar.finish_with_message(format!("{word} in {:.1} s", self.start.elapsed().as_secs_f64())),
            None => eprintln!("[{}] {word} in {:.1} s", self.name, self.start.elapsed().as_secs_f64()),
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
        let interactive = std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
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
