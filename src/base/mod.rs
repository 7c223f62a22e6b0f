//! The floor every layer stands on: errors and their exit codes, the limits of a search,
//! reading input text files and typed lines, small text helpers, the one stable hash, the
//! machine's facts, the statistics of timing samples (single and paired), the supervised
//! child process (its limits, deadlines and cleanup), the sandbox of an untrusted
//! program and the instructions a command executes under callgrind. Imports nothing of the crate.

pub mod callgrind;
pub mod child;
pub mod counters;
pub mod error;
pub mod files;
pub mod hash;
pub mod limits;
pub mod lines;
pub mod machine;
pub mod os;
pub mod proc_tree;
pub mod sandbox;
pub mod stats;
pub mod text;
