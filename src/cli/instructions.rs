//! `harness instructions MANIFEST`: each item's timed calls counted in instructions under
//! callgrind (the C library's allocator aside), and by the processor's own counters where
//! the machine lends them — a figure of the work that is the same in every run, whatever
//! else the machine does.

use std::io::Write;
use std::path::PathBuf;

use super::args::OnlyArg;
use crate::base::error::Result;
use crate::base::text::{aligned, grouped_digits, printable};
use crate::experiment::args::print_json;
use crate::experiment::progress::note;
use crate::runner::instructions::{count_manifest, ItemCounts};

pub const EXAMPLES: &str = "\
Examples:
  harness instructions instances/quick.toml --only checkers
                                                    each checkers item's instructions
  harness instructions instances/ab.toml --json     one JSON object with every item

Each item runs this build's `harness cell` once under valgrind's callgrind (one thread, no
warm-up, one call a cell; 30 to 60 times slower than natively) and once natively with the
processor's counters. Exit codes: 0 counted, 2 bad input (no valgrind, an unknown manifest
or experiment), 130 interrupted.";

/// The arguments of `harness instructions`.
#[derive(Debug, clap::Args)]
pub struct InstructionsArgs {
    /// The manifest whose items are counted.
    manifest: PathBuf,
    #[command(flatten)]
    only: OnlyArg,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// `harness instructions`: every item's counts, as a table or one JSON object.
pub fn instructions(args: InstructionsArgs) -> Result<()> {
    let counted = count_manifest(&args.manifest, &args.only.only, &mut |c| note(&progress_line(c)))?;
    if args.json {
        return print_json(&serde_json::json!({ "manifest": args.manifest.display().to_string(), "items": counted }));
    }
    writeln!(std::io::stdout().lock(), "{}", table(&counted))?;
    Ok(())
}

fn progress_line(c: &ItemCounts) -> String {
    format!(
        "[instructions] {} {}: {} instructions",
        printable(&c.experiment),
        printable(&c.item),
        grouped_digits(&c.instructions.to_string())
    )
}

/// The items as an aligned table: callgrind's count, then the processor's instructions,
/// cycles and cache misses (`—` where the machine lends no counters, said below).
fn table(counted: &[ItemCounts]) -> String {
    let header = ["experiment", "item", "instructions", "cpu instructions", "cycles", "cache misses"];
    let number = |n: Option<u64>| n.map_or("—".to_string(), |n| grouped_digits(&n.to_string()));
    let rows: Vec<Vec<String>> = counted
        .iter()
        .map(|c| {
            vec![
                printable(&c.experiment),
                printable(&c.item),
                number(Some(c.instructions)),
                number(c.hardware.map(|h| h.instructions)),
                number(c.hardware.map(|h| h.cycles)),
                number(c.hardware.map(|h| h.cache_misses)),
            ]
        })
        .collect();
    let mut out: Vec<String> =
        aligned(&header.map(String::from), &rows, |i| i >= 2).lines().map(str::to_string).collect();
    if let Some(why) = counted.iter().find_map(|c| c.hardware_unavailable.as_deref()) {
        out.push(format!("the processor's counters: none here ({})", printable(why)));
    }
    out.push("instructions: callgrind's, inside the timed calls, the C library's allocator aside".to_string());
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::counters::HardwareCounts;

    /// Numbers are right-aligned with thousands separators; an item without the
    /// processor's counts shows `—` and the reason once.
    #[test]
    fn the_table_aligns_numbers_and_says_why_counters_are_missing() {
        let item = |name: &str, instructions, hardware: Option<HardwareCounts>| ItemCounts {
            experiment: "count".into(),
            item: name.into(),
            instructions,
            hardware,
            hardware_unavailable: hardware.is_none().then(|| "perf_event_open: No such file or directory".into()),
        };
        let counts = HardwareCounts { instructions: 1_000_000, cycles: 2_000_000, cache_misses: 17 };
        let t = table(&[item("3x3 r1", 78_629, Some(counts)), item("4x4 r1", 911_959, None)]);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[0], "experiment  item    instructions  cpu instructions     cycles  cache misses");
        assert_eq!(lines[1], "count       3x3 r1        78,629         1,000,000  2,000,000            17");
        assert_eq!(lines[2], "count       4x4 r1       911,959                 —          —             —");
        assert_eq!(lines[3], "the processor's counters: none here (perf_event_open: No such file or directory)");
    }
}
