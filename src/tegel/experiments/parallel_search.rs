//! The tile game's searches in the shared `parallel` experiment: besteScore, plain or
//! through the memo.

use serde::Deserialize;

use crate::base::error::InputError;
use crate::base::text::excerpt;
use crate::experiment::args::item_memo_mb;
use crate::experiment::parallel::{Answer, ParallelSearch, SearchItem, SearchOutcome};
use crate::search::budget::{Budget, Stopped};
use crate::tegel::best::best_score_with;
use crate::tegel::game::Game;
use crate::tegel::load::load_file;
use crate::tegel::memo::{best_score_memo, memo_table_for};

/// besteScore on one instance, for the shared `parallel` experiment: the plain walk, or
/// through a fresh memo table of `memo_mb` MiB per run (its allocation is timed too; a
/// table the system cannot allocate makes the row a `timeout`).
struct BestSearch {
    name: String,
    game: Game,
    memo_mb: Option<u64>,
}

impl ParallelSearch for BestSearch {
    fn search(&self) -> String {
        if self.memo_mb.is_some() { "best memo" } else { "best" }.to_string()
    }

    fn instance(&self) -> String {
        self.name.clone()
    }

    fn run(&self, parallel: bool, budget: &Budget) -> std::result::Result<SearchOutcome, Stopped> {
        let (rules, pos) = (self.game.rules(), self.game.position());
        let r = match self.memo_mb {
            None => best_score_with(rules, pos, budget, parallel)?,
            Some(mb) => {
                let table = memo_table_for(mb, u64::MAX).map_err(|_| Stopped::TimeLimit)?;
                best_score_memo(rules, pos, &table, budget, parallel)?.best
            }
        };
        let answer = Answer { score: Some(i64::from(r.score)), best_move: Some(r.move_text()), ..Answer::default() };
        Ok(SearchOutcome { positions: r.positions, answer })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ParallelItem {
    search: String,
    instance: String,
    memo_mb: Option<u64>,
}

/// Builds one item of the `parallel` experiment for tegel:
/// `{ game = "tegel", search = "best", instance = "tegel/spel3.txt" }`, or with
/// `search = "best memo"` (and optionally `memo_mb`, default as for the `best` kind)
/// besteScore through the memo.
pub fn parallel_search(item: &SearchItem) -> Result<Box<dyn ParallelSearch>, InputError> {
    let p: ParallelItem = item.parse()?;
    let memo_mb = match (p.search.as_str(), p.memo_mb) {
        ("best", None) => None,
        ("best memo", mb) => Some(item_memo_mb(item, mb)?),
        ("best", Some(_)) => return Err(item.error("`memo_mb` needs `search = \"best memo\"`")),
        (other, _) => {
            return Err(item.error(format!("tegel search `{}` unknown, expected `best` or `best memo`", excerpt(other))))
        }
    };
    let game = load_file(&item.spec.resolve(&p.instance)).map_err(|e| item.error(e))?;
    let name = std::path::Path::new(&p.instance).file_name().map(|n| n.to_string_lossy().into_owned());
    Ok(Box::new(BestSearch { name: name.unwrap_or(p.instance), game, memo_mb }))
}
