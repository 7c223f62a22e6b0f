//! Argument groups that more than one subcommand takes, each flag declared once with one
//! help text: what to take of a manifest ([`ManifestPick`]), how a verdict is printed
//! ([`VerdictOutput`]), and the value parsers of seeds and fractions.

use crate::base::error::Result;
use crate::base::text::excerpt;
use crate::experiment::args::{print_json, ThreadsArg};
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
    /// Exit 1 when a timed cell of B is slower than A's (for CI).
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
