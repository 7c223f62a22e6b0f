//! The tiling's searches in the shared `parallel` experiment: the counts, plain or through the memo.

use serde::Deserialize;

use super::{load_instance, Instance, InstanceParams};
use crate::base::error::InputError;
use crate::base::text::excerpt;
use crate::experiment::args::item_memo_mb;
use crate::experiment::parallel::ParallelSearch;
use crate::experiment::parallel::SearchItem;
use crate::experiment::parallel::{Answer, SearchOutcome};
use crate::search::budget::{Budget, Stopped};
use crate::stenen::board::Board;
use crate::stenen::memo;
use crate::stenen::outcome::Mode;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchKeys {
    search: String,
    height: usize,
    width: usize,
    stones: String,
    memo_mb: Option<u64>,
}

/// One stenen count of the `parallel` experiment (through the memo when `memo_mb` is set).
struct ParallelCount {
    mode: Mode,
    memo_mb: Option<u64>,
    instance: Instance,
}

impl ParallelSearch for ParallelCount {
    fn search(&self) -> String {
        match self.memo_mb {
            Some(_) => format!("count {} memo", self.mode.name()),
            None => format!("count {}", self.mode.name()),
        }
    }

    fn instance(&self) -> String {
        self.instance.name.clone()
    }

    fn run(&self, parallel: bool, budget: &Budget) -> Result<SearchOutcome, Stopped> {
        let board = Board::empty(&self.instance.game);
        let c = match self.memo_mb {
            Some(mb) => memo::count(&self.instance.game, &board, self.mode, parallel, budget, mb)
                .map_err(|_| Stopped::TimeLimit)??
                .count(),
            None => crate::stenen::count(&self.instance.game, &board, self.mode, parallel, budget)?,
        };
        let answer = Answer { distinct: Some(u128::from(c.distinct)), labelled: Some(c.labelled), ..Answer::default() };
        Ok(SearchOutcome { positions: c.positions, answer })
    }
}

/// Builds one item of the `parallel` experiment for stenen:
/// `{ game = "stenen", search = "count dumb|count smart|count fast|count dumb memo|count smart memo",
/// height, width, stones }` (memo searches: optional `memo_mb`).
pub fn parallel_search(item: &SearchItem) -> Result<Box<dyn ParallelSearch>, InputError> {
    let p: SearchKeys = item.parse()?;
    let (mode, memo) = match p.search.as_str() {
        "count dumb" => (Mode::Dumb, false),
        "count smart" => (Mode::Smart, false),
        "count fast" => (Mode::Fast, false),
        "count dumb memo" => (Mode::Dumb, true),
        "count smart memo" => (Mode::Smart, true),
        other => {
            return Err(item.error(format!(
                "unknown search `{}`, expected `count dumb`, `count smart`, `count fast`, \
                 `count dumb memo` or `count smart memo`",
                excerpt(other)
            )))
        }
    };
    if p.memo_mb.is_some() && !memo {
        return Err(item.error("`memo_mb` needs a `count ... memo` search"));
    }
    let memo_mb = match memo {
        true => Some(item_memo_mb(item, p.memo_mb)?),
        false => None,
    };
    let params = InstanceParams { height: p.height, width: p.width, stones: p.stones };
    let instance = load_instance(item.spec, &params, "items")?;
    Ok(Box::new(ParallelCount { mode, memo_mb, instance }))
}
