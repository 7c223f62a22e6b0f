//! Reference engines and parallel benchmark harness for four game assignments of an
//! algorithms course: the tile game (`tegel`), polyomino tiling (`stenen`), Nim (`nim`)
//! and checkers on m x n (`checkers`). The `harness` module runs manifests of
//! experiments into CSV tables; `report` turns those into LaTeX tables and plots.

// `x % 2 == 0` reads as the rules state parity; the lint came with the MSRV raised to 1.89
// (for `File::try_lock`, the results-directory lock).
#![allow(clippy::manual_is_multiple_of)]

pub mod checkers;
pub mod harness;
pub mod nim;
pub mod report;
pub mod stenen;
pub mod tegel;

/// Package version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// Git revision the binary was built from (`unknown` outside a git checkout).
pub const GIT_REVISION: &str = env!("HARNESS_GIT_REVISION");
/// `rustc --version` of the compiler that built the binary.
pub const RUSTC_VERSION: &str = env!("HARNESS_RUSTC_VERSION");
