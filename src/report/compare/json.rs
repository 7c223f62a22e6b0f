//! `harness compare --json`: the comparison as one JSON object (docs/harness.md). Two
//! directories give `a`, `b`, their `runs` notes and the cells of B against A; more give
//! the `baseline`, an entry per run and every timed cell with its run's `label` and `dir`.

use serde_json::{json, Value};

use crate::report::export::{ComparisonExporter, Exported};
use crate::results::compare::{Comparison, RunAgainstBaseline};
use crate::results::compared_cells::drift_note;

/// The JSON exporter of a comparison.
pub struct Json;

impl ComparisonExporter for Json {
    fn name(&self) -> &'static str {
        "json"
    }

    fn export(&self, comparison: &Comparison) -> Exported {
        Exported::Json(match comparison.runs.as_slice() {
            [run] => pair(comparison, run),
            _ => several(comparison),
        })
    }
}

/// The object of `harness compare A B --json`.
fn pair(c: &Comparison, run: &RunAgainstBaseline) -> Value {
    json!({
        "status": c.status(),
        "a": c.baseline,
        "b": run.dir,
        "runs": run.runs,
        "noise": c.noise,
        "machine_noise": c.machine_noise,
        "results_equal": run.results_equal,
        "differences": run.differences,
        "common": run.common,
        "judged": run.judged,
        "samples_note": run.too_few.as_ref().map(|t| t.sentence()),
        "timings": run.timings,
        "summaries": run.summaries,
        "memory": run.memory,
        "drift": drift_note(&run.timings),
    })
}

/// The object of `harness compare A B C … --json`.
fn several(c: &Comparison) -> Value {
    let timings: Vec<Value> = c
        .runs
        .iter()
        .flat_map(|r| {
            r.timings.iter().map(|t| {
                let mut v = serde_json::to_value(t).unwrap_or_default();
                if let Some(o) = v.as_object_mut() {
                    o.insert("run".into(), r.label.clone().into());
                    o.insert("dir".into(), r.dir.clone().into());
                }
                v
            })
        })
        .collect();
    json!({
        "status": c.status(),
        "baseline": c.baseline,
        "noise": c.noise,
        "machine_noise": c.machine_noise,
        "runs": c.runs.iter().map(|r| json!({
            "label": r.label, "dir": r.dir, "runs": r.runs, "results_equal": r.results_equal, "common": r.common,
            "judged": r.judged, "samples_note": r.too_few.as_ref().map(|t| t.sentence()),
            "differences": r.differences, "summaries": r.summaries, "memory": r.memory,
        })).collect::<Vec<_>>(),
        "timings": timings,
    })
}
