//! What `harness report` knows of the nim experiments: the default captions of its kinds
//! (no charts, no derived figures; the report skeleton places none of them).

use crate::report::kinds::KindReport;

/// The `formula` kind.
pub(super) const FORMULA: KindReport = KindReport::new("the nim-value rule against an exhaustive solver");
/// The `selector` kind.
pub(super) const SELECTOR: KindReport = KindReport::new("uniformity of the reservoir-sampling move selector");
/// The `versus` kind.
pub(super) const VERSUS: KindReport = KindReport::new("the computer against a uniformly random player");
