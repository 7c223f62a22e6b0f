//! What a run leaves on disk and how it is read back: the results directory as one object
//! ([`dir::ResultsDir`]), typed rows and their columns, the row journal, writes that stay
//! inside the results directory, the results-directory lock and ownership marker, atomic
//! files, per-experiment and run metadata, and the comparison of results directories (two,
//! or several against a baseline). Imports `base` and `search`.

pub mod ab;
pub mod atomic;
pub mod cell_comparison;
pub mod clock;
pub mod columns;
pub mod common_factor;
pub mod compare;
pub mod compared_cells;
pub mod contained_writes;
pub mod csv_head;
pub mod csv_table;
pub mod dir;
pub mod dir_marker;
pub mod experiment_commit;
pub mod experiment_meta;
pub mod figures;
pub mod file_caps;
pub mod journal;
pub mod lock;
pub mod row;
pub mod run_in_parts;
pub mod run_lists;
pub mod run_meta;
pub mod run_part;
pub mod run_record;
pub mod run_state;
pub mod sample_sufficiency;
pub mod table;
pub mod user_files;
pub mod verdict;
pub mod warnings;
