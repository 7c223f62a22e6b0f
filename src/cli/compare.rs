//! `harness compare A B [C...]`: are two or more runs' results the same, and which timed
//! cells got faster or slower?

use std::path::PathBuf;

use super::args::{parse_fraction, VerdictOutput};
use crate::base::error::Result;
use crate::results::compare::Comparison;
use crate::results::user_files::COMPARE_PAGE;

pub const EXAMPLES: &str = "\
Examples:
  harness compare bench-A bench-B                   same results? which cells got faster?
  harness compare bench-A bench-B --markdown        the timing table for a pull request
  harness compare bench-A bench-B --fail-on-slower  exit 1 when a cell or all cells got slower (CI)
  harness compare bench-A bench-B --machine-noise 2 allow 2 % run-to-run drift, not 5 %
  harness compare bench-A bench-B --json            one JSON object (docs/harness.md)
  harness compare bench-A bench-B bench-C --html cmp.html
                                                    B and C against A; a page with a scatter plot";

/// The arguments of `harness compare`.
#[derive(Debug, clap::Args)]
pub struct CompareArgs {
    /// The results directories: the baseline first, then the runs compared with it.
    #[arg(value_name = "DIR", required = true, num_args = 1..)]
    dirs: Vec<PathBuf>,
    /// Differences in the median smaller than this fraction are `same` however significant
    /// (from 0 to 1, exclusive; default 0.03, i.e. 3 %).
    #[arg(long, value_parser = parse_fraction, default_value_t = crate::results::verdict::DEFAULT_NOISE, allow_hyphen_values = true)]
    noise: f64,
    /// How much the machine, or one cell, may move between two runs of one build, in per
    /// cent (above 0, below 100; default 5): the common factor is `slower` or `faster` only
    /// beyond it, and a cell's change counts only beyond it (and beyond --noise).
    #[arg(long, value_name = "PCT", value_parser = parse_percent, default_value = "5", allow_hyphen_values = true)]
    machine_noise: f64,
    #[command(flatten)]
    output: VerdictOutput,
}

/// `--machine-noise PCT`'s value parser: a per cent above 0 and below 100 (`5`, `2.5`,
/// `5%`), as a fraction.
pub fn parse_percent(text: &str) -> std::result::Result<f64, String> {
    let number = text.trim().trim_end_matches('%').trim();
    match number.parse::<f64>() {
        Ok(pct) if pct > 0.0 && pct < 100.0 => Ok(pct / 100.0),
        _ => Err(format!("expected a per cent above 0 and below 100 (such as 5 or 2.5), got `{text}`")),
    }
}

/// `harness compare A B …`: the comparison printed in the format asked for (and written
/// as a page with `--html`); exit 1 when results differ or, with `--fail-on-slower`, a
/// timed cell or a run's common factor is slower.
pub fn compare(args: CompareArgs) -> Result<()> {
    // Nothing to stop and keep: a signal ends the comparison at once (128 + its number).
    let _ends_on_signal = crate::search::budget::WritingResult::start();
    let comparison = Comparison::of(&args.dirs, args.noise, args.machine_noise, args.output.fail_on_slower)?;
    args.output.give(&comparison, COMPARE_PAGE)?;
    match comparison.failure() {
        Some(why) => Err(anyhow::anyhow!(why).into()),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_noise_is_a_per_cent_strictly_between_0_and_100() {
        assert_eq!(parse_percent("5"), Ok(0.05));
        assert_eq!(parse_percent("2.5%"), Ok(0.025));
        for bad in ["0", "100", "-1", "x", "", "nan", "inf"] {
            assert!(parse_percent(bad).is_err(), "{bad}");
        }
    }
}
