//! Reference engines and parallel benchmark harness for four game assignments of an
//! algorithms course: the tile game (`tegel`), polyomino tiling (`stenen`), Nim (`nim`)
//! and checkers on m x n (`checkers`).
//!
//! The folders are layers, and a module imports only the layers below its own (the test
//! `tests/layers.rs` enforces it), from the ground up:
//! 1. [`base`]: errors, input text files, text helpers, machine facts;
//! 2. [`search`]: the search kernel (bit sets, budgets, the root splitter, the memo table,
//!    seeded generators, thread pools, timing);
//! 3. [`results`]: rows and columns, the journal, atomic files, metadata, comparison;
//! 4. [`experiment`]: the contract a game implements and the shared search arguments;
//! 5. [`report`]: the table-and-chart model and its back ends (LaTeX, pgfplots, SVG);
//! 6. [`api`]: the board API a game's web board implements (route table, requests, replies);
//! 7. the plug-ins, side by side and never importing each other: the games [`tegel`],
//!    [`stenen`], [`nim`], [`checkers`] and the cross-game experiments [`cross_game`];
//! 8. [`web`]: the loopback server of the boards the registry hands it;
//! 9. [`runner`]: the registry of plug-ins, manifests, runs, shards, merges, Slurm;
//! 10. [`cli`]: the command line, one file per subcommand;
//! 11. the `harness` binary (`src/main.rs`), which only calls [`cli::main`].

// `x % 2 == 0` reads as the rules state parity; the lint came with the MSRV raised to 1.89
// (for `File::try_lock`, the results-directory lock).
#![allow(clippy::manual_is_multiple_of)]

pub mod api;
pub mod base;
pub mod checkers;
pub mod cli;
pub mod cross_game;
pub mod experiment;
pub mod nim;
pub mod report;
pub mod results;
pub mod runner;
pub mod search;
pub mod stenen;
pub mod tegel;
pub mod web;

/// Package version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// Git revision the binary was built from (`unknown` outside a git checkout).
pub const GIT_REVISION: &str = env!("HARNESS_GIT_REVISION");
/// The build identity: the git revision of a clean checkout, `REV-dirty-HASH` when the
/// compiled sources differ from it, `src-HASH` outside a git checkout (HASH: of the
/// compiled-in sources). Results, journals and shards of another identity are never reused.
pub const BUILD_ID: &str = env!("HARNESS_BUILD_ID");
/// `rustc --version` of the compiler that built the binary.
pub const RUSTC_VERSION: &str = env!("HARNESS_RUSTC_VERSION");
/// The target triple the binary was compiled for (`x86_64-unknown-linux-gnu`, ...).
pub const TARGET: &str = env!("HARNESS_TARGET");

/// What `harness --version --verbose` prints: the version line, then the build identity
/// ([`BUILD_ID`], with `-dirty-` for a build from changed sources), the git revision, the
/// compiler, the target and the profile, one `key: value` per line.
pub fn long_version() -> String {
    let profile = if cfg!(debug_assertions) { "debug" } else { "release" };
    format!(
        "harness {VERSION}\nbuild: {BUILD_ID}\ngit revision: {GIT_REVISION}\nrustc: {RUSTC_VERSION}\ntarget: {TARGET}\nprofile: {profile}\n"
    )
}
