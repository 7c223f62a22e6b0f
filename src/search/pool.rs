//! Rayon pools of an exact thread count, built once per count and kept for the process,
//! their worker threads pinned to one core each after [`pin_workers`] (`harness run --pin`),
//! and the stack every thread that searches from a board gets ([`SEARCH_STACK_BYTES`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::base::machine::Threads;

/// Stack of every thread that searches from a board: the workers of [`in_pool`]'s pools,
/// [`spawn_search_thread`]'s threads (every [`super::job::Job`]'s) and [`on_search_stack`]'s.
///
/// The searches recurse once per ply. The deepest recursion the program accepts is a
/// continuation count on a board of 16 rows: a game there lasts at most about 2,000
/// plies (every ply moves a man forward, or is a king's reply to such a ply), and a
/// memoised count takes up to about 8 KiB of stack a ply (32 children and their keys a
/// frame), about 17 MiB at worst; 64 MiB leaves a margin. The stack is address space:
/// only the pages a search touches take memory.
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// A thread named `name` with a stack of [`SEARCH_STACK_BYTES`], not yet spawned: the one
/// builder of [`spawn_search_thread`] and [`on_search_stack`].
fn search_thread(name: &str) -> std::thread::Builder {
    std::thread::Builder::new().name(name.into()).stack_size(SEARCH_STACK_BYTES)
}

/// Spawns a thread named `name` with a stack of [`SEARCH_STACK_BYTES`] running `f`: the
/// thread a background search (a [`super::job::Job`]: a count during play, a web board's
/// search) runs on.
pub fn spawn_search_thread<T: Send + 'static>(
    name: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<std::thread::JoinHandle<T>> {
    search_thread(name).spawn(f)
}

/// Builds rayon's global pool once, with `threads` worker threads each on a stack of
/// [`SEARCH_STACK_BYTES`]; a pool already built is kept.
pub fn build_global(threads: Threads) {
    let _ = rayon::ThreadPoolBuilder::new().num_threads(threads.get()).stack_size(SEARCH_STACK_BYTES).build_global();
}

/// Runs `f` on a thread of its own with a stack of [`SEARCH_STACK_BYTES`] and waits for it:
/// a search `f` starts on the calling thread (the main thread, whose stack the system
/// sizes) then has the stack of a search thread. A panic of `f` goes on in the caller.
/// If the system refuses the thread, `f` runs on the calling thread.
pub fn on_search_stack<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    let mut slot = Some(f);
    let joined = std::thread::scope(|s| {
        let slot = &mut slot;
        search_thread("search").spawn_scoped(s, move || slot.take().map(|f| f())).ok().map(|handle| handle.join())
    });
    match (joined, slot) {
        (Some(Ok(Some(r))), _) => r,
        (Some(Err(payload)), _) => std::panic::resume_unwind(payload),
        (_, Some(f)) => f(),
        (_, None) => unreachable!("the thread took `f` and returned its value"),
    }
}

/// Runs `f` on a rayon pool of exactly `threads` threads.
///
/// Pools are built once per thread count and kept for the process. If the operating
/// system refuses the threads, `f` runs on the caller's pool instead, with a warning on
/// stderr: every count is the same on any number of threads, so only the time differs.
pub fn in_pool<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    match pool(threads.max(1)) {
        Some(pool) => pool.install(f),
        None => f(),
    }
}

fn pool(threads: usize) -> Option<Arc<rayon::ThreadPool>> {
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let mut pools = POOLS.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, p)) = pools.iter().find(|(t, _)| *t == threads) {
        return Some(Arc::clone(p));
    }
    let mut builder = rayon::ThreadPoolBuilder::new().num_threads(threads).stack_size(SEARCH_STACK_BYTES);
    if let Some(cores) = PIN_CORES.get() {
        builder = builder.start_handler(move |index| pin_worker(cores, index));
    }
    match builder.build() {
        Ok(p) => {
            let p = Arc::new(p);
            pools.push((threads, Arc::clone(&p)));
            Some(p)
        }
        Err(e) => {
            eprintln!("harness: cannot start {threads} worker threads ({e}); running on the current pool");
            None
        }
    }
}

/// The cores the workers are pinned to, set once by [`pin_workers`].
static PIN_CORES: OnceLock<Vec<core_affinity::CoreId>> = OnceLock::new();
/// Worker threads pinned so far.
static PINNED: AtomicUsize = AtomicUsize::new(0);
/// Why a worker could not be pinned, one line each.
static PIN_FAILURES: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Pins the worker threads of every pool built from now on: worker `i` of a pool runs on
/// the `i % n`-th of the `n` cores this process may use (the affinity mask it started
/// with: a Slurm job's cores, `taskset`'s). A worker the system does not pin runs
/// unpinned, with a warning on stderr and in [`pin_report`]: pinning never fails a run.
/// Call it before the first pool is built; later calls change nothing.
pub fn pin_workers() {
    PIN_CORES.get_or_init(|| core_affinity::get_core_ids().unwrap_or_default());
}

/// What [`pin_workers`] did so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PinReport {
    /// Worker threads pinned to a core.
    pub pinned: usize,
    /// One line for each worker left unpinned.
    pub failures: Vec<String>,
}

/// The pinning so far, `None` when [`pin_workers`] was not called.
pub fn pin_report() -> Option<PinReport> {
    PIN_CORES.get()?;
    let failures = PIN_FAILURES.lock().unwrap_or_else(|p| p.into_inner()).clone();
    Some(PinReport { pinned: PINNED.load(Ordering::Relaxed), failures })
}

/// Pins the calling thread, worker `index` of its pool, to one of `cores`.
fn pin_worker(cores: &[core_affinity::CoreId], index: usize) {
    let failure = match cores.get(index % cores.len().max(1)) {
        Some(&core) if core_affinity::set_for_current(core) => {
            PINNED.fetch_add(1, Ordering::Relaxed);
            return;
        }
        Some(core) => format!("worker thread {index} could not be pinned to core {}", core.id),
        None => format!("worker thread {index} could not be pinned: the system does not list this process's cores"),
    };
    eprintln!("harness: warning: {failure}; it runs unpinned");
    PIN_FAILURES.lock().unwrap_or_else(|p| p.into_inner()).push(failure);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_is_pinned_to_a_core_or_says_why_not() {
        let cores = core_affinity::get_core_ids().unwrap_or_default();
        let listed = !cores.is_empty();
        let failures = || PIN_FAILURES.lock().unwrap().len();
        let (pinned, failed) = (PINNED.load(Ordering::Relaxed), failures());
        std::thread::spawn(move || pin_worker(&cores, 5)).join().unwrap();
        assert_eq!(PINNED.load(Ordering::Relaxed) + failures(), pinned + failed + 1);
        if listed && cfg!(target_os = "linux") {
            assert_eq!(PINNED.load(Ordering::Relaxed), pinned + 1, "Linux pins a thread to a core it may use");
        }
    }
}
