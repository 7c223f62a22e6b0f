//! Argument groups that more than one subcommand takes, each flag declared once with one
//! help text: what to take of a manifest ([`ManifestPick`]), how a verdict is printed
//! ([`VerdictOutput`]), and the value parsers of seeds and fractions.

use crate::base::error::{InputError, Result};
use crate::base::text::excerpt;
use crate::experiment::args::{print_json, ThreadsArg};
use crate::experiment::solver::spec::SolverSpec;
use crate::report::compare::{html::Html, json::Json, markdown::Markdown, text::Text};
use crate::report::export::{ComparisonExporter, Exported};
use crate::results::user_files::{write_user_file, UserFile};

/// The largest seed: seeds are TOML integers in manifests and `run.toml`, at most 2^63 - 1.
pub const MAX_SEED: u64 = i64::MAX as u64;

/// `--seed N`'s value parser: a whole number from 0 to [`MAX_SEED`].
pub fn seed_parser() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(0..=MAX_SEED)
}

/// What `harness run` and `harness cell` take of a manifest and how they run it: the
/// experiments, the pool's threads and the seed.
#[derive(Debug, clap::Args)]
pub struct ManifestPick {
    #[command(flatten)]
    pub only: OnlyArg,
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Base seed, overriding the manifest's: from 0 to 9223372036854775807.
    #[arg(long, value_parser = seed_parser())]
    pub seed: Option<u64>,
}

/// `--only NAME`: the games or experiments a command keeps of a manifest.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct OnlyArg {
    /// Only these games or experiments (repeatable, or comma-separated).
    #[arg(long = "only", value_name = "NAME")]
    pub only: Vec<String>,
}

/// How `harness compare` and `harness ab` give their verdicts: the form of the table and
/// whether a slower cell fails the command.
#[derive(Debug, clap::Args)]
pub struct VerdictOutput {
    /// Print one JSON object in place of the table: per timed cell its verdict, change and
    /// interval (the fields: docs/harness.md).
    #[arg(long, conflicts_with = "markdown")]
    pub json: bool,
    /// Print the table as GitHub-flavoured Markdown.
    #[arg(long)]
    pub markdown: bool,
    /// A gate for CI: exit 1 when a timed cell of B (or B overall) is slower than A's
    /// beyond the resolution; with `ab`, exit 3 when a change is not shown to be under it.
    #[arg(long)]
    pub fail_on_slower: bool,
    /// Also write the comparison as a self-contained HTML page (a plot and the table) to
    /// this file.
    #[arg(long, value_name = "FILE")]
    pub html: Option<std::path::PathBuf>,
}

impl VerdictOutput {
    /// Writes the page of `compared` where `--html` asks for it (as `page`, refusing to
    /// replace a file of another kind), then prints `compared` in the form asked for: one
    /// JSON object, a Markdown table or the text.
    pub fn give<C>(&self, compared: &C, page: UserFile) -> Result<()>
    where
        Html: ComparisonExporter<C>,
        Json: ComparisonExporter<C>,
        Markdown: ComparisonExporter<C>,
        Text: ComparisonExporter<C>,
    {
        if let Some(file) = &self.html {
            write_user_file(file, Html.export(compared).into_text().as_bytes(), page)?;
        }
        let exporter: &dyn ComparisonExporter<C> = match (self.json, self.markdown) {
            (true, _) => &Json,
            (false, true) => &Markdown,
            (false, false) => &Text,
        };
        match exporter.export(compared) {
            Exported::Json(value) => print_json(&value),
            Exported::Text(text) => {
                print!("{text}");
                Ok(())
            }
        }
    }
}

/// A fraction strictly between 0 and 1 (`--noise`, `--resolution`).
pub fn parse_fraction(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x < 1.0 => Ok(x),
        _ => Err(format!("expected a fraction between 0 and 1 (exclusive), e.g. 0.03 for 3 %, got `{}`", excerpt(s))),
    }
}

/// Seconds from 0 to `max` (`--budget`).
pub fn parse_seconds_up_to(s: &str, max: f64) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if (0.0..=max).contains(&x) => Ok(x),
        _ => Err(format!("expected seconds from 0 to {max}, got `{}`", excerpt(s))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_and_seconds_are_checked() {
        assert_eq!(parse_fraction("0.03"), Ok(0.03));
        for bad in ["0", "1", "-0.1", "NaN", "x"] {
            assert!(parse_fraction(bad).unwrap_err().contains("between 0 and 1"), "{bad}");
        }
        assert_eq!(parse_seconds_up_to("120", 86_400.0), Ok(120.0));
        assert!(parse_seconds_up_to("86401", 86_400.0).unwrap_err().contains("from 0 to 86400"));
    }
}

/// The solvers a command asks (`--solver NAME=COMMAND`, docs/solvers.md) and how they run.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct SolverArgs {
    /// A program answering the questions over the solver protocol (docs/solvers.md):
    /// NAME=COMMAND, COMMAND a program and its arguments, split as a shell would (run
    /// without one); repeatable. The experiments of its game are asked of it in place of
    /// the engine, each answer checked against the engine and timed beside it.
    #[arg(long = "solver", value_name = "NAME=COMMAND", value_parser = parse_solver)]
    pub solvers: Vec<SolverSpec>,
    /// Run solver NAME without the sandbox (it can then read, write and connect as you
    /// can): only for a program you trust; repeatable.
    #[arg(long = "no-sandbox", value_name = "NAME")]
    pub no_sandbox: Vec<String>,
    /// A fresh solver process for every position (each question's time then includes no
    /// start-up, but nothing is kept between positions).
    #[arg(long)]
    pub fresh: bool,
    /// Seconds one question may take, from 0.001 to 86400 (default: the experiment's
    /// time limit, else 60).
    #[arg(long, value_name = "SECONDS", value_parser = |s: &str| parse_seconds_up_to(s, 86_400.0))]
    pub question_time_limit: Option<f64>,
}

fn parse_solver(s: &str) -> Result<SolverSpec, String> {
    SolverSpec::parse(s).map_err(|e| e.message)
}

impl SolverArgs {
    /// The solvers, each with its settings and the game it answers (its name where that
    /// is a game's, else its handshake's).
    pub fn with_games(&self) -> Result<Vec<(SolverSpec, Option<String>)>> {
        let specs = self.specs()?;
        specs.into_iter().map(|s| Ok((s.clone(), crate::runner::solvers::game_of(&s)?))).collect()
    }

    /// The solvers, each with its settings, its sandbox checked.
    pub fn specs(&self) -> Result<Vec<SolverSpec>> {
        if let Some(name) = self.no_sandbox.iter().find(|n| !self.solvers.iter().any(|s| &s.name == *n)) {
            return Err(InputError::new(format!("--no-sandbox {}: no --solver of that name", excerpt(name))).into());
        }
        let mut names = std::collections::BTreeSet::new();
        let mut out = Vec::new();
        for solver in &self.solvers {
            if !names.insert(solver.name.clone()) {
                return Err(InputError::new(format!(
                    "two solvers are named `{}`; give each its own name",
                    solver.name
                ))
                .into());
            }
            let mut spec = solver.clone();
            spec.sandboxed = !self.no_sandbox.contains(&spec.name);
            spec.fresh = self.fresh;
            if let Some(s) = self.question_time_limit.filter(|s| *s > 0.0) {
                spec.limits.question = std::time::Duration::from_secs_f64(s);
                spec.limits.question_given = true;
            }
            crate::experiment::solver::session::sandbox_ready(&spec).map_err(InputError::new)?;
            out.push(spec);
        }
        Ok(out)
    }
}
