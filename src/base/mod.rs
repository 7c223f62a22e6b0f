//! The floor every layer stands on: errors and their exit codes, the limits of a search,
//! reading input text files and typed lines, small text helpers, the one stable hash, the
//! machine's facts and the statistics of timing samples (single and paired). Imports
//! nothing of the crate.

pub mod error;
pub mod files;
pub mod hash;
pub mod limits;
pub mod lines;
pub mod machine;
pub mod os;
pub mod stats;
pub mod text;
