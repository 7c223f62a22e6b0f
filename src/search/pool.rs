//! Rayon pools of an exact thread count, built once per count and kept for the process.

use std::sync::{Arc, Mutex};

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
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
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
