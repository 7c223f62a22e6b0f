//! What `harness report` knows of the nim experiments: the default captions of its kinds
//! (no charts, no derived figures; the report skeleton places none of them).

use crate::report::kinds::{GameReport, KindReport};

/// The nim report.
pub static REPORT: GameReport = GameReport {
    title: "Nim",
    kinds: &[
        KindReport::new("formula", "the nim-value rule against an exhaustive solver"),
        KindReport::new("selector", "uniformity of the reservoir-sampling move selector"),
        KindReport::new("versus", "the computer against a uniformly random player"),
    ],
};
