//! `harness run MANIFEST --solver NAME=COMMAND`: the manifest's experiments asked of a
//! solver. Each experiment of a game the solver speaks becomes, in its place, a `check`
//! experiment named `EXPERIMENT-NAME` on the same instances with the questions of its kind
//! (and a few seeded random positions), so the run's tables give the solver's answers,
//! verdicts and times beside the engine's. The solver's game is the NAME where that is a
//! game's name, else what its handshake says; a solver that cannot even say which game it
//! speaks is asked about every game, so that its failure is a verdict in every table.

use std::path::Path;

use crate::base::error::{InputError, Result};
use crate::experiment::progress::note;
use crate::experiment::solver::experiment::CheckPlan;
use crate::experiment::solver::session::{probe_game, Folders};
use crate::experiment::solver::spec::{SolverEntry, SolverSpec};
use crate::experiment::solver::verdict::Verdict;
use crate::experiment::spec::ExperimentSpec;
use crate::results::experiment_meta::{Asks, ExperimentMeta};
use crate::runner::manifest::Manifest;
use crate::runner::registry;

/// The game `spec` answers: its name where it is a game's, else its handshake's.
pub fn game_of(spec: &SolverSpec) -> Result<Option<String>> {
    if registry::check_plan(&spec.name).is_some() {
        return Ok(Some(spec.name.clone()));
    }
    let scratch = tempfile::Builder::new().prefix("harness-scratch-").tempdir()?;
    let positions = tempfile::Builder::new().prefix("harness-positions-").tempdir()?;
    let folders = Folders { positions: positions.path().to_path_buf(), scratch: scratch.path().to_path_buf() };
    match probe_game(spec, &folders) {
        Ok(game) if registry::check_plan(&game).is_some() => Ok(Some(game)),
        Ok(game) => Err(InputError::new(format!(
            "solver `{}` says it answers `{}`; the games a solver can answer are {}",
            spec.name,
            crate::base::text::excerpt(&game),
            registry::names().join(", ")
        ))
        .into()),
        Err(failure) => {
            note(&format!(
                "solver `{}` did not say which game it answers ({}: {}); it is asked about every game",
                spec.name,
                failure.verdict(),
                failure.detail()
            ));
            Ok(None)
        }
    }
}

/// Replaces every experiment of `manifest` that a solver of `solvers` (each with its game,
/// `None`: every game) answers by its `check` experiment.
pub fn apply(manifest: &mut Manifest, solvers: &[(SolverSpec, Option<String>)]) -> Result<(), InputError> {
    if solvers.is_empty() {
        return Ok(());
    }
    let mut out = Vec::new();
    for spec in &manifest.experiments {
        let asked: Vec<&SolverSpec> = solvers
            .iter()
            .filter(|(_, game)| game.as_deref().is_none_or(|g| g == spec.heading.game))
            .map(|(s, _)| s)
            .collect();
        let plan = registry::check_plan(&spec.heading.game).and_then(|f| f(spec));
        match plan {
            Some(plan) if !asked.is_empty() => {
                for solver in asked {
                    out.push(derived(spec, &plan, solver)?);
                }
            }
            _ => out.push(spec.clone()),
        }
    }
    manifest.experiments = out;
    Ok(())
}

/// The `check` experiment asking `solver` what `spec` asks the engine.
fn derived(spec: &ExperimentSpec, plan: &CheckPlan, solver: &SolverSpec) -> Result<ExperimentSpec, InputError> {
    let mut d = spec.clone();
    d.heading.name = format!("{}-{}", spec.heading.name, solver.name);
    d.heading.kind = "check".to_string();
    d.heading.asks = Some(Asks {
        experiment: spec.heading.name.clone(),
        kind: spec.heading.kind.clone(),
        solver: solver.name.clone(),
        course_files: plan
            .instances
            .iter()
            .filter(|i| spec.course_file(i).is_some())
            .filter_map(|i| Some(Path::new(i).file_name()?.to_string_lossy().into_owned()))
            .collect(),
        program: None,
    });
    d.heading.label = format!("tab:{}", d.heading.name);
    let asked = registry::reports()
        .kind(&spec.heading.game, &spec.heading.kind)
        .map_or(String::new(), |k| format!(" ({})", k.description));
    d.heading.caption = format!(
        "The answers of solver {} in place of {}{asked}, each checked against the reference",
        solver.name, spec.heading.name
    );
    let mut params = toml::Table::new();
    let entry = toml::Value::try_from(SolverEntry::of(solver)).map_err(|e| InputError::new(e.to_string()))?;
    params.insert("solver".into(), entry);
    params.insert("instances".into(), toml::Value::Array(plan.instances.iter().map(|i| i.clone().into()).collect()));
    params
        .insert("questions".into(), toml::Value::Array(plan.questions.iter().map(|q| q.to_string().into()).collect()));
    params.insert("random".into(), toml::Value::Integer(plan.random as i64));
    if let Some(sims) = plan.sims {
        params.insert("sims".into(), toml::Value::Integer(i64::from(sims)));
    }
    d.entry_text = format!("{}\n# asked of solver\n{}", spec.entry_text, toml::to_string(&params).unwrap_or_default());
    d.params = params;
    Ok(d)
}

/// The verdicts of the `check` experiments in the results directory `out` among
/// `experiments`: how many of each, and the first question that was not correct. A
/// sweep's time-limit is counted but is not a question answered wrongly: a sweep grows
/// its position until a call passes the limit, as the assignment asks ([`sweep_limits`]).
pub fn tally(out: &Path, experiments: &[String]) -> (Vec<(Verdict, usize)>, Option<String>) {
    let mut counts = std::collections::BTreeMap::new();
    let mut first = None;
    for name in experiments {
        let sweep = is_sweep(out, name);
        let Ok(mut reader) = csv::Reader::from_path(out.join(format!("{name}.csv"))) else { continue };
        let Ok(headers) = reader.headers().cloned() else { continue };
        let at = |c: &str| headers.iter().position(|h| h == c);
        let (Some(v), Some(p), Some(q)) = (at("verdict"), at("position"), at("question")) else { continue };
        for record in reader.records().flatten() {
            let Some(verdict) = record.get(v).and_then(Verdict::from_word) else { continue };
            *counts.entry(verdict).or_insert(0) += 1;
            let limit_reached = sweep && verdict == Verdict::TimeLimit;
            if verdict != Verdict::Correct && !limit_reached && first.is_none() {
                let detail = at("detail").and_then(|d| record.get(d)).unwrap_or("");
                first = Some(format!(
                    "{name}: {} {}: {verdict} ({})",
                    record.get(p).unwrap_or(""),
                    record.get(q).unwrap_or(""),
                    crate::base::text::excerpt(detail)
                ));
            }
        }
    }
    (counts.into_iter().collect(), first)
}

/// How many questions of the sweeps among `experiments` passed their time limit: where
/// each sweep's series ended, not answers that failed.
pub fn sweep_limits(out: &Path, experiments: &[String]) -> usize {
    let limits = |name: &String| -> Option<usize> {
        let mut reader = csv::Reader::from_path(out.join(format!("{name}.csv"))).ok()?;
        let v = reader.headers().ok()?.iter().position(|h| h == "verdict")?;
        let limit = Some(Verdict::TimeLimit.word());
        Some(reader.records().flatten().filter(|r| r.get(v) == limit).count())
    };
    experiments.iter().filter(|n| is_sweep(out, n)).filter_map(limits).sum()
}

/// Whether experiment `name` of `out` asks a solver a sweep (its metadata's `asks_kind`).
fn is_sweep(out: &Path, name: &str) -> bool {
    ExperimentMeta::read(out, name).and_then(|m| m.heading.asks).is_some_and(|a| a.kind == "sweep")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes a check experiment `name` asking `asks_kind`, with one row per verdict.
    fn check(out: &Path, name: &str, asks_kind: &str, verdicts: &[&str]) {
        let meta = format!(
            "name = \"{name}\"\ngame = \"tegel\"\nkind = \"check\"\ncaption = \"c\"\nlabel = \"tab:{name}\"\n\
             seed = 1\nasks = \"x\"\nasks_kind = \"{asks_kind}\"\nsolver = \"mine\"\nthreads = 1\nkey = \"k\"\n\
             rows = {}\nseconds = 1.0\nversion = \"0.1.0\"\n",
            verdicts.len()
        );
        std::fs::create_dir_all(out.join("meta")).unwrap();
        std::fs::write(out.join(format!("meta/{name}.toml")), meta).unwrap();
        let rows: String = verdicts.iter().enumerate().map(|(i, v)| format!("spel{i}.txt,best,{v},\n")).collect();
        std::fs::write(out.join(format!("{name}.csv")), format!("position,question,verdict,detail\n{rows}")).unwrap();
    }

    #[test]
    fn a_sweeps_time_limit_ends_its_series_and_is_no_failed_answer() {
        let dir = tempfile::tempdir().unwrap();
        check(dir.path(), "s", "sweep", &["correct", "time-limit"]);
        check(dir.path(), "b", "best", &["correct", "correct"]);
        let names = ["s".to_string(), "b".to_string()];
        let (counts, first) = tally(dir.path(), &names);
        assert_eq!(counts, vec![(Verdict::Correct, 3), (Verdict::TimeLimit, 1)]);
        assert_eq!(first, None);
        assert_eq!(sweep_limits(dir.path(), &names), 1);
        check(dir.path(), "b", "best", &["correct", "time-limit"]);
        let (_, first) = tally(dir.path(), &names);
        assert_eq!(first.as_deref(), Some("b: spel1.txt best: time-limit ()"));
        assert_eq!(sweep_limits(dir.path(), &names), 1);
    }
}
