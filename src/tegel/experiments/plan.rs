//! What an experiment of the tile game runs: its kind, its loaded instances and its items
//! (one per instance, one per repetition and starter for matches), and what the kinds share.

use crate::base::error::{Error, InputError, Result};
use crate::experiment::spec::ExperimentSpec;
use crate::experiment::{Item, RunContext};
use crate::search::budget::{Budget, Stopped};
use crate::tegel::game::Game;
use crate::tegel::load::load_file;
use crate::tegel::sweep::play_good_to_end;

/// What an experiment of the tile game runs: its kind and the kind's parameters.
#[derive(Debug, Clone, Copy)]
pub(super) enum Kind {
    Best,
    Good { sims: u32 },
    Greedy,
    Sweep { sims: u32 },
    Match { sims: u32, repetitions: u32 },
}

impl Kind {
    /// The Monte Carlo simulations per move of the kinds that play good moves.
    pub(super) fn sims(self) -> Option<u32> {
        match self {
            Kind::Good { sims } | Kind::Sweep { sims } | Kind::Match { sims, .. } => Some(sims),
            Kind::Best | Kind::Greedy => None,
        }
    }
}

/// A loaded instance: the name shown in the `instance` column and the game.
pub(super) struct Instance {
    pub(super) name: String,
    pub(super) game: Game,
}

pub(super) fn load_instances(spec: &ExperimentSpec, paths: &[String]) -> Result<Vec<Instance>, InputError> {
    if paths.is_empty() {
        return Err(spec.error(Some("instances"), "`instances` must list at least one game file"));
    }
    paths
        .iter()
        .map(|p| {
            let game = load_file(&spec.resolve(p)).map_err(|e| spec.error(Some("instances"), e.to_string()))?;
            let name = std::path::Path::new(p).file_name().map(|n| n.to_string_lossy().into_owned());
            Ok(Instance { name: name.unwrap_or_else(|| p.clone()), game })
        })
        .collect()
}

/// The identity of one item: an instance and, for matches, the repetition and starter.
#[derive(Debug, Clone, Copy)]
pub(super) struct Unit {
    pub(super) instance: usize,
    pub(super) repetition: u32,
    pub(super) good_starts: bool,
}

/// The items of the experiment: one per instance (a sweep is one item: its rows depend
/// on each other), one per (instance, repetition, starter) for matches.
pub(super) fn plan_items(spec: &ExperimentSpec, kind: Kind, games: &[Instance]) -> (Vec<Item>, Vec<Unit>) {
    let mut items = Vec::new();
    let mut units = Vec::new();
    for (i, inst) in games.iter().enumerate() {
        let base = unique_id(&inst.name, i, games);
        match kind {
            Kind::Match { repetitions, .. } => {
                for rep in 0..repetitions {
                    for good_starts in [true, false] {
                        let starter = starter_name(good_starts);
                        items.push(Item::new(format!("{base} rep {rep} {starter} starts")).with_cost(size_cost(inst)));
                        units.push(Unit { instance: i, repetition: rep, good_starts });
                    }
                }
            }
            Kind::Sweep { sims } => {
                let mut game = inst.game.clone();
                let seed = spec.item_seed(&[&inst.name]);
                let rows = play_good_to_end(&mut game, sims, seed, &Budget::unlimited).unwrap_or(1).max(1) as u64;
                items.push(Item::new(base).with_rows_up_to(rows).with_cost(size_cost(inst) * rows.max(1) as f64));
                units.push(Unit { instance: i, repetition: 0, good_starts: true });
            }
            _ => {
                items.push(Item::new(base).with_cost(size_cost(inst)));
                units.push(Unit { instance: i, repetition: 0, good_starts: true });
            }
        }
    }
    (items, units)
}

/// The instance's name, with `#N` appended when an earlier entry has the same name.
fn unique_id(name: &str, index: usize, games: &[Instance]) -> String {
    let earlier = games[..index].iter().filter(|g| g.name == name).count();
    if earlier == 0 {
        name.to_string()
    } else {
        format!("{name} #{}", earlier + 1)
    }
}

/// A size-based guess of besteScore's cost, relative, for balancing shards: the tree of
/// the grown instances grows about 1.8-fold per tile of the game (spel3 to spel2).
fn size_cost(inst: &Instance) -> f64 {
    1.8f64.powi(inst.game.rules().pot().len().min(1000) as i32)
}

pub(super) fn starter_name(good_starts: bool) -> &'static str {
    if good_starts {
        "good"
    } else {
        "best"
    }
}

/// Whether a search of this run uses the thread pool.
pub(super) fn parallel(ctx: &RunContext) -> bool {
    ctx.threads > 1
}

/// `Err(Interrupted)` for Ctrl-C; a time limit is a `timeout` row instead.
pub(super) fn interrupted_check(r: &std::result::Result<impl Sized, Stopped>) -> Result<()> {
    match r {
        Err(Stopped::Interrupted) => Err(Error::Interrupted),
        _ => Ok(()),
    }
}
