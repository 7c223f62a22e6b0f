//! The nim experiments run from a manifest: every item's rows depend on that item alone
//! (a resumed or sharded run writes the same rows), and item ids name the rows.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use harness::experiment::kind;
use harness::experiment::spec::ExperimentSpec;
use harness::experiment::{Experiment, RunContext};
use harness::nim::plugin::KINDS;
use harness::results::row::varies_between_runs;
use harness::runner::manifest::Manifest;

const MANIFEST: &str = "seed = 11\ntime_limit = 60\n\n\
    [[experiment]]\nname = \"f\"\ngame = \"nim\"\nkind = \"formula\"\n\
    maxtakes = [0, 2]\ntakes_sets = [[1, 3, 4]]\nheap_counts = [1, 3]\nmax_sticks = 6\n\n\
    [[experiment]]\nname = \"s\"\ngame = \"nim\"\nkind = \"selector\"\n\
    reservoir = [1, 2]\nitems = [3, 4]\ndraws = 300\n\n\
    [[experiment]]\nname = \"v\"\ngame = \"nim\"\nkind = \"versus\"\n\
    maxtakes = [0, 1, 3]\ngames = 50\nmin_heaps = 1\nmax_heaps = 4\nmax_sticks = 9\n";

/// The rows of `indices`, each item run in a context of its own (as a resumed run or
/// a shard would), with the columns that may vary between runs blanked.
fn rows_of(spec: &ExperimentSpec, experiment: &dyn Experiment, threads: usize, indices: &[usize]) -> Vec<Vec<String>> {
    let varying: Vec<bool> = experiment.columns().iter().map(|c| varies_between_runs(c)).collect();
    let on_row = |_: u64, _: &str| {};
    let mut rows = Vec::new();
    for &i in indices {
        let ctx = RunContext::new(spec, threads, Arc::new(AtomicU64::new(0)), &on_row);
        experiment.run_item(&ctx, i).unwrap();
        for mut row in ctx.into_rows() {
            row.iter_mut().zip(&varying).filter(|(_, v)| **v).for_each(|(c, _)| c.clear());
            rows.push(row);
        }
    }
    rows
}

#[test]
fn items_depend_only_on_themselves() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.toml");
    std::fs::write(&path, MANIFEST).unwrap();
    let manifest = Manifest::load(&path, None, None).unwrap();
    for spec in &manifest.experiments {
        let experiment = kind::build(&KINDS, spec).unwrap();
        let items = experiment.items();
        let ids: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
        assert!(ids.iter().enumerate().all(|(i, id)| !ids[..i].contains(id)), "{ids:?}");
        let forward: Vec<usize> = (0..items.len()).collect();
        let in_order = rows_of(spec, experiment.as_ref(), 1, &forward);
        assert_eq!(in_order.len() as u64, items.iter().map(|i| i.rows).sum::<u64>());
        let reversed: Vec<usize> = forward.iter().rev().copied().collect();
        let mut alone = rows_of(spec, experiment.as_ref(), 2, &reversed);
        alone.reverse();
        assert_eq!(in_order, alone, "{}: an item's rows depend on the others", spec.heading.name);
    }
}

#[test]
fn item_ids_name_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.toml");
    std::fs::write(&path, MANIFEST).unwrap();
    let manifest = Manifest::load(&path, None, None).unwrap();
    let ids = |i: usize| -> Vec<String> {
        kind::build(&KINDS, &manifest.experiments[i]).unwrap().items().into_iter().map(|it| it.id).collect()
    };
    assert_eq!(
        ids(0),
        [
            "maxtake 0 (any), 1 heap",
            "maxtake 0 (any), 3 heaps",
            "maxtake 2, 1 heap",
            "maxtake 2, 3 heaps",
            "takes 1,3,4, 1 heap",
            "takes 1,3,4, 3 heaps"
        ]
    );
    assert_eq!(
        ids(1),
        ["reservoir 1, 3 items", "reservoir 1, 4 items", "reservoir 2, 3 items", "reservoir 2, 4 items"]
    );
    assert_eq!(ids(2), ["maxtake 0", "maxtake 1", "maxtake 3"]);
}
