//! Every question of the manifest asked of one built submission: the manifest's
//! experiments of the assignment, each as its `check` experiment with the submission's
//! solver (`harness run --solver`), into the submission's own results directory, which
//! a judge started again resumes; then the rows of those experiments' CSVs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::row::JudgeRow;
use crate::base::error::{InputError, Result};
use crate::base::machine::Threads;
use crate::experiment::solver::spec::SolverSpec;
use crate::runner::manifest::{Manifest, SamplingOverrides};
use crate::runner::registry;
use crate::runner::run::{self, RunOptions};

/// What every submission is asked.
#[derive(Debug, Clone)]
pub struct Questions {
    /// The manifest.
    pub manifest: PathBuf,
    /// The assignment's game.
    pub game: String,
    /// The manifest's experiments of the game that a solver answers.
    pub experiments: Vec<String>,
    /// Seconds a question may take (else the manifest's time limit, else 60).
    pub question_limit: Option<Duration>,
    /// Run the solver inside the sandbox.
    pub sandboxed: bool,
    /// The hash of the manifest's text (with its includes).
    pub manifest_hash: String,
}

impl Questions {
    /// The questions of `manifest` for `game` (`None`: the one game whose experiments a
    /// solver answers); refused (exit 2) where the manifest asks a solver nothing.
    pub fn of(manifest: &Path, game: Option<&str>) -> Result<Questions, InputError> {
        let loaded = Manifest::load(manifest, None, None)?;
        let asked = |g: &str| -> Vec<String> {
            let plan = registry::check_plan(g);
            loaded
                .experiments
                .iter()
                .filter(|e| e.heading.game == g && plan.is_some_and(|p| p(e).is_some()))
                .map(|e| e.heading.name.clone())
                .collect()
        };
        let games: Vec<&str> = registry::names().into_iter().filter(|g| !asked(g).is_empty()).collect();
        let game = match (game, games.as_slice()) {
            (Some(g), _) if registry::check_plan(g).is_none() => {
                return Err(InputError::new(format!(
                    "--assignment expects one of {}; got `{}`",
                    registry::names().join(", "),
                    crate::base::text::excerpt(g)
                )))
            }
            (Some(g), _) => g.to_string(),
            (None, [one]) => one.to_string(),
            (None, _) => {
                return Err(InputError::in_file(
                    manifest,
                    format!(
                        "asks a solver about {}; name the assignment with --assignment GAME",
                        if games.is_empty() { "no game".to_string() } else { games.join(", ") }
                    ),
                ))
            }
        };
        let experiments = asked(&game);
        if experiments.is_empty() {
            return Err(InputError::in_file(
                manifest,
                format!("has no experiment of `{game}` that a solver answers (the tile game: best, greedy, good, sweep, match)"),
            ));
        }
        Ok(Questions {
            manifest: manifest.to_path_buf(),
            game,
            experiments,
            question_limit: None,
            sandboxed: true,
            manifest_hash: loaded.hash.clone(),
        })
    }

    /// What a submission's answers depend on besides its own files: the manifest's text,
    /// the assignment, the question limit and the sandbox. A record of other questions is
    /// judged again.
    pub fn key(&self) -> String {
        let limit = self.question_limit.map_or(String::new(), |l| l.as_secs_f64().to_string());
        let text = format!("{}\n{}\n{limit}\n{}", self.manifest_hash, self.game, self.sandboxed);
        crate::base::hash::fnv1a_hex(text.as_bytes())
    }

    /// The solver `id` running `program`, with this judge's limits.
    fn solver(&self, id: &str, program: &Path) -> Result<SolverSpec, InputError> {
        let mut spec = SolverSpec::of(id, &[program.display().to_string()])?;
        spec.sandboxed = self.sandboxed;
        if let Some(limit) = self.question_limit {
            spec.limits.question = limit;
            spec.limits.question_given = true;
        }
        Ok(spec)
    }
}

/// The name every submission's solver has in its own results directory: one name for
/// all, so that every submission's experiments have the same names and so the same
/// seeded random positions and seeds of good moves.
pub const SOLVER_NAME: &str = "handin";

/// Asks a submission (its solver `program`) every question into `out`; its rows.
pub fn ask(questions: &Questions, program: &Path, out: &Path) -> Result<Vec<JudgeRow>> {
    let id = SOLVER_NAME;
    let spec = questions.solver(id, program)?;
    let opts = RunOptions {
        manifest: questions.manifest.clone(),
        only: questions.experiments.clone(),
        threads: Threads::ONE,
        seed: None,
        out: out.to_path_buf(),
        time_limit: None,
        force: false,
        shard: None,
        sampling: SamplingOverrides::default(),
        memory_limit: None,
        pin: false,
        solvers: vec![(spec, Some(questions.game.clone()))],
        course_files: None,
    };
    // What a solver does is a verdict in its rows; an error here is the judge's own (its
    // folder locked by another judge, a full disk) and ends the judge.
    let meta = run::run(&opts)?;
    let mut rows = Vec::new();
    for name in &meta.experiments {
        let manifest_name = name.strip_suffix(&format!("-{id}")).unwrap_or(name);
        rows.extend(read_rows(&out.join(format!("{name}.csv")), manifest_name)?);
    }
    Ok(rows)
}

/// The rows of one check experiment's CSV.
fn read_rows(csv_path: &Path, experiment: &str) -> Result<Vec<JudgeRow>> {
    let mut reader = csv::Reader::from_path(csv_path).map_err(anyhow::Error::from)?;
    let headers = reader.headers().map_err(anyhow::Error::from)?.clone();
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(anyhow::Error::from)?;
        let get = |c: &str| headers.iter().position(|h| h == c).and_then(|i| record.get(i)).unwrap_or("").to_string();
        rows.push(JudgeRow::from_check(experiment, get));
    }
    Ok(rows)
}
