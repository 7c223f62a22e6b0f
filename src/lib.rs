//! Reference engines and parallel benchmark harness for four game assignments of an
//! algorithms course: the tile game (`tegel`), polyomino tiling (`stenen`), Nim (`nim`)
//! and checkers on m x n (`checkers`). The `harness` module runs manifests of
//! experiments into CSV tables; `report` turns those into LaTeX tables and plots.

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
