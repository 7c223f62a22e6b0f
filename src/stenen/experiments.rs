//! Manifest experiments of stenen: kind `table` (the seed's report table, one row per
//! instance) and the `count` searches of the shared `parallel` experiment.
//!
//! ```toml
//! [[experiment]]
//! name = "stenen_table"
//! game = "stenen"
//! kind = "table"
//! instances = [{ height = 4, width = 5, stones = "stenen/stenen1.in" }]
//! ```

use std::path::Path;
use std::time::Duration;

use serde::Deserialize;

use super::board::{Board, Game};
use super::search::{Count, Found, Mode};
use crate::harness::budget::{Budget, Stopped};
use crate::harness::experiment::{seconds_cell, status_of, timed, Item, STATUS_OK, STATUS_TIMEOUT};
use crate::harness::{Experiment, ExperimentSpec, InputError, ParallelSearch, RunContext, SearchOutcome};

/// One board size with one stones file, as written in a manifest.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct InstanceParams {
    height: usize,
    width: usize,
    stones: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableParams {
    instances: Vec<InstanceParams>,
}

/// A loaded instance.
struct Instance {
    name: String,
    game: Game,
}

fn load_instance(spec: &ExperimentSpec, p: &InstanceParams, key: &str) -> Result<Instance, InputError> {
    let path = spec.resolve(&p.stones);
    let game = super::load_game(p.height, p.width, &path).map_err(|e| match e.file {
        Some(_) => e,
        None => spec.error(Some(key), e.message),
    })?;
    let stem = Path::new(&p.stones).file_stem().map_or(p.stones.clone(), |s| s.to_string_lossy().into_owned());
    Ok(Instance { name: format!("{}x{} {stem}", p.height, p.width), game })
}

/// Builds the experiment of a `game = "stenen"` manifest entry.
pub fn build(spec: &ExperimentSpec) -> Result<Box<dyn Experiment>, InputError> {
    match spec.kind.as_str() {
        "table" => {
            let params: TableParams = spec.params()?;
            if params.instances.is_empty() {
                return Err(spec.error(Some("instances"), "`instances` must list at least one instance"));
            }
            let instances =
                params.instances.iter().map(|p| load_instance(spec, p, "instances")).collect::<Result<_, _>>()?;
            Ok(Box::new(Table { instances }))
        }
        other => Err(spec.error(Some("kind"), format!("unknown kind `{other}` for game stenen, expected `table`"))),
    }
}

/// The seed's table: dumb find, smart find, solutions, dumb count, smart count, fast count.
struct Table {
    instances: Vec<Instance>,
}

/// The columns of kind `table`, in order.
pub const TABLE_COLUMNS: [&str; 20] = [
    "instance",
    "height",
    "width",
    "stones",
    "dumb_find_positions",
    "dumb_find_seconds",
    "smart_find_positions",
    "smart_find_seconds",
    "solutions_distinct",
    "solutions_labelled",
    "dumb_count_positions",
    "dumb_count_seconds",
    "smart_count_positions",
    "smart_count_seconds",
    "fast_count_positions",
    "fast_count_seconds",
    "threads",
    "seed",
    "time_limit",
    "status",
];

type Timed<T> = (Result<T, Stopped>, Duration);

fn cells<T>(r: &Timed<T>, positions: impl Fn(&T) -> u64) -> [String; 2] {
    match r {
        (Ok(v), d) => [positions(v).to_string(), seconds_cell(*d)],
        (Err(_), _) => [STATUS_TIMEOUT.to_string(), STATUS_TIMEOUT.to_string()],
    }
}

impl Table {
    fn row(&self, inst: &Instance, ctx: &RunContext) -> Vec<String> {
        let board = Board::empty(&inst.game);
        let find = |mode| timed(|| super::find(&inst.game, &board, mode, &ctx.budget()));
        let count = |mode| timed(|| super::count(&inst.game, &board, mode, ctx.threads > 1, &ctx.budget()));
        let dumb_find: Timed<Found> = find(Mode::Dumb);
        let smart_find: Timed<Found> = find(Mode::Smart);
        let counts: [Timed<Count>; 3] = [count(Mode::Dumb), count(Mode::Smart), count(Mode::Fast)];
        let finished: Vec<&Count> = counts.iter().filter_map(|(r, _)| r.as_ref().ok()).collect();
        let stopped = [dumb_find.0.as_ref().err(), smart_find.0.as_ref().err()]
            .into_iter()
            .flatten()
            .chain(counts.iter().filter_map(|(r, _)| r.as_ref().err()))
            .copied()
            .next();
        let status = if finished.windows(2).any(|w| (w[0].distinct, w[0].labelled) != (w[1].distinct, w[1].labelled)) {
            "error: the modes' solution counts differ".to_string()
        } else {
            stopped.map_or(STATUS_OK.to_string(), status_of)
        };
        let (distinct, labelled) = finished
            .first()
            .map_or([STATUS_TIMEOUT.to_string(), STATUS_TIMEOUT.to_string()], |c| {
                [c.distinct.to_string(), c.labelled.to_string()]
            })
            .into();
        let mut row = vec![
            inst.name.clone(),
            inst.game.height.to_string(),
            inst.game.width.to_string(),
            inst.game.stone_count().to_string(),
        ];
        row.extend(cells(&dumb_find, |f| f.positions));
        row.extend(cells(&smart_find, |f| f.positions));
        row.extend([distinct, labelled]);
        for c in &counts {
            row.extend(cells(c, |c| c.positions));
        }
        row.extend([ctx.threads.to_string(), ctx.seed().to_string(), ctx.time_limit_cell(), status]);
        row
    }
}

/// A guess of an instance's relative cost: the seed's walks grow about 2^(cells / 2.5)
/// (4x5: 0.001 s, 5x8: 0.2 s, 6x10: 100 s in the measured table).
fn cost_estimate(game: &Game) -> f64 {
    2f64.powf(game.cells() as f64 / 2.5)
}

impl Experiment for Table {
    fn columns(&self) -> Vec<String> {
        TABLE_COLUMNS.iter().map(|c| c.to_string()).collect()
    }

    /// One item per instance, named like its `instance` cell (`#2`, `#3`, ... on repeats).
    fn items(&self) -> Vec<Item> {
        let mut items: Vec<Item> = Vec::with_capacity(self.instances.len());
        for inst in &self.instances {
            let repeats =
                items.iter().filter(|i| i.id == inst.name || i.id.starts_with(&format!("{} #", inst.name))).count();
            let id = if repeats == 0 { inst.name.clone() } else { format!("{} #{}", inst.name, repeats + 1) };
            items.push(Item::new(id).with_cost(cost_estimate(&inst.game)));
        }
        items
    }

    fn run_item(&self, ctx: &RunContext, index: usize) -> crate::harness::Result<()> {
        let inst = &self.instances[index];
        ctx.check_interrupted()?;
        let row = self.row(inst, ctx);
        ctx.check_interrupted()?;
        ctx.emit(row, &inst.name);
        Ok(())
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchItem {
    search: String,
    height: usize,
    width: usize,
    stones: String,
}

/// One stenen count of the `parallel` experiment.
struct ParallelCount {
    mode: Mode,
    instance: Instance,
}

impl ParallelSearch for ParallelCount {
    fn search(&self) -> String {
        format!("count {}", self.mode.name())
    }

    fn instance(&self) -> String {
        self.instance.name.clone()
    }

    fn run(&self, parallel: bool, budget: &Budget) -> Result<SearchOutcome, Stopped> {
        let board = Board::empty(&self.instance.game);
        let c = super::count(&self.instance.game, &board, self.mode, parallel, budget)?;
        Ok(SearchOutcome { positions: c.positions, result: format!("distinct={} labelled={}", c.distinct, c.labelled) })
    }
}

/// Builds one item of the `parallel` experiment for stenen:
/// `{ game = "stenen", search = "count dumb|count smart|count fast", height, width, stones }`.
pub fn parallel_search(
    spec: &ExperimentSpec,
    item: &toml::Table,
    what: &str,
) -> Result<Box<dyn ParallelSearch>, InputError> {
    let p: SearchItem = spec.parse_table(item, Some(what))?;
    let mode = match p.search.as_str() {
        "count dumb" => Mode::Dumb,
        "count smart" => Mode::Smart,
        "count fast" => Mode::Fast,
        other => {
            return Err(spec.error(
                Some("items"),
                format!("{what}: unknown search `{other}`, expected `count dumb`, `count smart` or `count fast`"),
            ))
        }
    };
    let params = InstanceParams { height: p.height, width: p.width, stones: p.stones };
    let instance = load_instance(spec, &params, "items")?;
    Ok(Box::new(ParallelCount { mode, instance }))
}
