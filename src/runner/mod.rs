//! The top of the library: the registry of every plug-in (the four games and the
//! cross-game experiments), manifests, running them into a results directory, shards,
//! merging, Slurm job arrays, one item run alone (`cell`), the A/B of two builds (`ab`) and the instructions of an
//! item's timed calls counted under callgrind (`instructions`).

pub mod ab;
pub mod announce;
pub mod cell;
pub mod instructions;
pub mod judge;
pub mod manifest;
pub mod merge;
pub mod registry;
pub mod run;
pub mod shard;
pub mod slurm;
pub mod solver_build;
pub mod solvers;
