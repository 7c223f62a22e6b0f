//! Nim in the shared `parallel` experiment: it offers no search (each takes milliseconds).

use crate::base::error::InputError;
use crate::base::error::Result;
use crate::experiment::parallel::ParallelSearch;
use crate::experiment::parallel::SearchItem;

/// Nim has no searches for the `parallel` experiment (they take milliseconds); refuses.
pub fn parallel_search(item: &SearchItem) -> Result<Box<dyn ParallelSearch>, InputError> {
    Err(item.error("nim has no parallel searches (its searches take milliseconds)"))
}
