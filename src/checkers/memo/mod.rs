//! Exact counts through the shared memo core ([`MemoTable`](crate::search::memo::MemoTable)): hashed perft and the
//! memoised continuation count.
//!
//! Both walks store, per position, the *plain* walk's figures for its subtree (perft:
//! leaves and plain calls for the remaining depth; count: the games split and the plain
//! calls; a position's games do not depend on how it was reached), so a hit adds exactly
//! what walking the subtree again would add, from far fewer positions. Keys are exact
//! (see [`MemoKey`]), so the numbers equal the plain walk's whatever the table's size or
//! the threads' interleaving; a full table only replaces entries and costs recomputation.
//!
//! The table is the core's: it starts small and doubles its buckets in use as stores
//! crowd, up to the `--memo-mb` bound, and from then on only replaces. Small searches thus
//! take little memory, and a large one walks its tree once, on the growing table.
//!
//! Where things are: `keys.rs` holds the exact table keys and the job a walk is asked
//! for; `perft.rs` the hashed perft and its prefetching walker; `count.rs` the memoised
//! count, its packed values, the side map of wide figures and its walker; `distinct.rs`
//! the count of distinct positions a count reaches, to size its table.

mod count;
mod distinct;
mod keys;
mod perft;
#[cfg(test)]
mod tests;

pub use count::{count_memo, count_memo_balance};
pub use distinct::{distinct_positions, Distinct};
pub use keys::{Full, MemoKey, Narrow, Packed, MAX_PACKED_DEPTH, NARROW_MAX_LEN, PACKED_MAX_LEN};
pub use perft::{perft_memo, MemoPerft, MIN_STORED_DEPTH};
