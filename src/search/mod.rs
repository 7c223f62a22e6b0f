//! The search kernel: bit sets, budgets (time limits and Ctrl-C), the root splitter, the
//! memo tables, seeded random generators, thread pools and timing. Every game's searches
//! stand on it; it imports only `base`.

pub mod bits;
pub mod budget;
pub mod job;
pub mod memo;
pub mod pair_table;
pub mod pool;
pub mod region;
pub mod rng;
pub mod split;
pub mod timing;
