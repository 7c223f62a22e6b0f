//! The harness core: manifest, runner, results, budgets, seeds and progress, shared by
//! every game.

pub mod bits;
pub mod budget;
pub mod cli;
pub mod compare;
pub mod error;
pub mod experiment;
pub mod files;
pub mod journal;
pub mod lock;
pub mod manifest;
pub mod memo;
pub mod merge;
pub mod output;
pub mod parallel;
pub mod progress;
pub mod registry;
pub mod report;
pub mod rng;
pub mod row;
pub mod runner;
pub mod shard;
pub mod slurm;
pub mod spec;
pub mod split;

pub use budget::{Budget, Stopped};
pub use error::{Error, InputError, Result};
pub use experiment::{Experiment, RunContext};
pub use parallel::{ParallelSearch, SearchItem, SearchOutcome};
pub use row::{columns_of, Fixed, Seconds, Status};
pub use spec::ExperimentSpec;
pub use split::SplitTree;
