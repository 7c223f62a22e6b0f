//! The top of the library: the registry of every plug-in (the four games and the
//! cross-game experiments), manifests, running them into a results directory, shards,
//! merging, Slurm job arrays.

pub mod manifest;
pub mod merge;
pub mod registry;
pub mod run;
pub mod shard;
pub mod slurm;
