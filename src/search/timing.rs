//! Timing of one search call.

use std::time::{Duration, Instant};

/// Times `f`, returning its value and the elapsed wall time.
pub fn timed<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    let start = Instant::now();
    let r = f();
    (r, start.elapsed())
}
