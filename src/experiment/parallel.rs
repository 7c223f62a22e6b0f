//! The contract of the cross-game `parallel` and `speed` experiments: a game offers each
//! of its exhaustive searches as a [`ParallelSearch`] (a sequential and a parallel
//! version of the same walk), built from one entry of the experiment's `items` list.

use crate::base::error::InputError;
use crate::experiment::spec::ExperimentSpec;
use crate::search::budget::{Budget, Stopped};

/// The result of one complete exhaustive search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Positions visited, counted per the game's spec.
    pub positions: u64,
    /// The search's answer; must match between sequential and parallel runs.
    pub answer: Answer,
}

/// The answer of an exhaustive search, one typed figure per field (each its own CSV
/// column of the `parallel` experiment); a search fills the fields it computes and
/// leaves the others `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    /// The best score for the player to move (tile game `best`).
    pub score: Option<i64>,
    /// The best move, as the game writes it (tile game `best`).
    pub best_move: Option<String>,
    /// Distinct solutions (tiling counts).
    pub distinct: Option<u128>,
    /// Labelled solutions (tiling counts).
    pub labelled: Option<u128>,
    /// Leaves at the depth (checkers perft).
    pub leaves: Option<u128>,
    /// Games to the end (checkers count).
    pub games: Option<u128>,
    /// Of those, games Black won.
    pub black_wins: Option<u128>,
    /// Games White won.
    pub white_wins: Option<u128>,
    /// Games ended because both players have a king.
    pub both_kings: Option<u128>,
    /// The plain walk's positions, counted through the memo (memoised checkers count).
    pub plain_positions: Option<u128>,
}

/// An exhaustive search that has a sequential and a parallel version.
pub trait ParallelSearch: Send + Sync {
    /// The search's name, e.g. `best`, `count smart`, `perft 9`.
    fn search(&self) -> String;
    /// The instance, e.g. `spel3.txt` or `6x10 stenen2.in`.
    fn instance(&self) -> String;
    /// Runs the whole search: `parallel = false` runs the plain sequential code;
    /// `true` runs the rayon version on the current pool.
    fn run(&self, parallel: bool, budget: &Budget) -> std::result::Result<SearchOutcome, Stopped>;
}

/// Builds the game's search for one `items` entry (`game` key removed).
pub type SearchBuilder = fn(&SearchItem) -> std::result::Result<Box<dyn ParallelSearch>, InputError>;

/// One entry of a `parallel` or `speed` experiment's `items` list, for the game named by
/// its `game` key: the entry's other keys, and messages that name the entry and its line.
pub struct SearchItem<'a> {
    /// The experiment the item belongs to (paths resolve against it).
    pub spec: &'a ExperimentSpec,
    table: &'a toml::Table,
    what: &'a str,
}

impl<'a> SearchItem<'a> {
    /// The entry `table` of `spec`'s `items`, called `what` in messages (`items[2]`).
    pub fn new(spec: &'a ExperimentSpec, table: &'a toml::Table, what: &'a str) -> Self {
        SearchItem { spec, table, what }
    }

    /// The item's keys (without `game`) as `T`; give `T` `#[serde(deny_unknown_fields)]`.
    pub fn parse<T: serde::de::DeserializeOwned>(&self) -> std::result::Result<T, InputError> {
        self.spec.parse_table(self.table, Some(self.what))
    }

    /// An input error about this item, at the item's own place (its `{`): `items[I]: MESSAGE`.
    pub fn error(&self, message: impl std::fmt::Display) -> InputError {
        self.spec.error(Some(self.what), format!("{}: {message}", self.what))
    }
}

/// Finds the search builder of a game by name (the registry's lookup, passed in so that
/// this module does not depend on the registry that depends on it).
pub type SearchLookup = fn(&str) -> Option<SearchBuilder>;
