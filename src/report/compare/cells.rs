//! The cells of a comparison as people read them, the same in every format: durations
//! with their unit, ratios with their interval, verdicts with their busy mark, the
//! summary and peak memory lines, and the rows of the timing tables.

use crate::base::text::count_of;
use crate::results::compare::{JoinedCell, RunAgainstBaseline};
use crate::results::compared_cells::{ExperimentSummary, MemoryComparison, TimingComparison};
use crate::results::verdict::{Judged, MemoryVerdict, MEMORY_NOISE};

/// Seconds with four significant digits and a unit people read: `812.0 µs`, `12.35 ms`,
/// `1.250 s`; `< 1 µs` below the CSVs' resolution.
pub fn duration_text(seconds: f64) -> String {
    if seconds < 0.5e-6 {
        return "< 1 µs".to_string();
    }
    let (value, unit) = match seconds {
        s if s < 1e-3 => (s * 1e6, "µs"),
        s if s < 1.0 => (s * 1e3, "ms"),
        s => (s, "s"),
    };
    let decimals = match value {
        v if v >= 100.0 => 1,
        v if v >= 10.0 => 2,
        _ => 3,
    };
    format!("{value:.decimals$} {unit}")
}

/// `1.023 [0.998, 1.051]`, or `-` without a ratio.
pub fn ratio_text(c: &TimingComparison) -> String {
    match (c.evidence.ratio, c.evidence.ratio_low, c.evidence.ratio_high) {
        (Some(r), Some(lo), Some(hi)) => format!("{r:.3} [{lo:.3}, {hi:.3}]"),
        (Some(r), _, _) => format!("{r:.3}"),
        _ => "-".to_string(),
    }
}

/// The verdict as people read it: `slower`; `slower (relative)` for a cell judged relative
/// to the factor every cell shares (not against A itself); `slower (busy)` for a cell
/// timed on a busy machine in A or B (its verdict may say more of the machine than of the
/// code).
pub fn verdict_text(c: &TimingComparison) -> String {
    let marks: Vec<&str> = [(c.evidence.judged == Judged::Relative, "relative"), (c.evidence.busy, "busy")]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, word)| *word)
        .collect();
    match marks.is_empty() {
        true => c.verdict().to_string(),
        false => format!("{} ({})", c.verdict(), marks.join(", ")),
    }
}

/// What a reader must know of a run's timings before its table: the common factor's
/// verdict, and the cells whose samples are too few. `who` starts each line (`B: ` where
/// several runs are compared).
pub fn judgement_lines(run: &RunAgainstBaseline, who: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(common) = &run.common {
        out.push(format!("{who}common factor: {}", common.sentence()));
    }
    if let Some(short) = &run.too_few {
        out.push(format!("{who}samples: {}", short.sentence()));
    }
    out
}

/// One summary line of run `label` against the baseline A:
/// `tegel_best: B/A 0.981 (geometric mean of 4 cells): 1 faster, 3 same`.
pub fn summary_line(s: &ExperimentSummary, label: &str) -> String {
    let mean = s.geometric_mean_ratio.map_or("-".to_string(), |g| format!("{g:.3}"));
    let counts: Vec<String> = [("faster", s.faster), ("slower", s.slower), ("same", s.same), ("unknown", s.unknown)]
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(w, n)| format!("{n} {w}"))
        .collect();
    let cells = count_of(s.cells as u64, "cell");
    let busy = if s.busy > 0 { format!("; {} timed on a busy machine", s.busy) } else { String::new() };
    format!("{}: {label}/A {mean} (geometric mean of {cells}): {}{busy}", s.experiment, counts.join(", "))
}

/// The summary lines of every run, in order.
pub fn summary_lines(runs: &[RunAgainstBaseline]) -> Vec<String> {
    runs.iter().flat_map(|r| r.summaries.iter().map(|s| summary_line(s, &r.label))).collect()
}

/// The peak memory cells that differ beyond [`MEMORY_NOISE`], after a line that counts
/// those within it; `who` starts that line (`B: ` where several runs are compared). Empty
/// without memory cells.
pub fn memory_lines(memory: &[MemoryComparison], who: &str) -> String {
    if memory.is_empty() {
        return String::new();
    }
    let differ: Vec<&MemoryComparison> = memory.iter().filter(|m| m.verdict != MemoryVerdict::Same).collect();
    let mut out = format!(
        "\n{who}peak memory: {} of {} compared within {:.0} % of A\n",
        count_of((memory.len() - differ.len()) as u64, "cell"),
        memory.len(),
        MEMORY_NOISE * 100.0
    );
    let mib = |b: u64| b as f64 / f64::from(1u32 << 20);
    for m in differ {
        out.push_str(&format!(
            "  {} {} {}: {:.1} MiB -> {:.1} MiB ({})\n",
            m.experiment,
            m.item,
            m.column,
            mib(m.a_bytes),
            mib(m.b_bytes),
            m.verdict
        ));
    }
    out
}

/// The header of the timing table of two runs.
pub const PAIR_HEADER: [&str; 7] =
    ["experiment", "item", "column", "A median (n)", "B median (n)", "B/A [95 % interval]", "verdict"];

/// The rows of the timing table of two runs, a row per timed cell under [`PAIR_HEADER`].
pub fn pair_rows(cells: &[TimingComparison]) -> Vec<Vec<String>> {
    cells
        .iter()
        .map(|c| {
            vec![
                c.experiment.clone(),
                c.item.clone(),
                c.column.clone(),
                format!("{} ({})", duration_text(c.a_seconds()), c.evidence.a_samples),
                format!("{} ({})", duration_text(c.b_seconds()), c.evidence.b_samples),
                ratio_text(c),
                verdict_text(c),
            ]
        })
        .collect()
}

/// The header of the joined timing table of several runs: the cell's names, A's median,
/// then a column per run.
pub fn joined_header(runs: &[RunAgainstBaseline]) -> Vec<String> {
    let mut h: Vec<String> = ["experiment", "item", "column", "A median (n)"].map(String::from).to_vec();
    h.extend(runs.iter().map(|r| format!("{0} median (n), {0}/A [95 % interval], verdict", r.label)));
    h
}

/// A run's cell of the joined table: `2.000 s (5), 2.000 [1.960, 2.041], slower`, or `-`
/// where the run lacks it.
fn run_cell(t: Option<&TimingComparison>) -> String {
    t.map_or("-".to_string(), |t| {
        format!("{} ({}), {}, {}", duration_text(t.b_seconds()), t.evidence.b_samples, ratio_text(t), verdict_text(t))
    })
}

/// The rows of the joined timing table, a row per cell under [`joined_header`].
pub fn joined_rows(cells: &[JoinedCell]) -> Vec<Vec<String>> {
    cells
        .iter()
        .map(|c| {
            let mut row = vec![
                c.experiment.clone(),
                c.item.clone(),
                c.column.clone(),
                format!("{} ({})", duration_text(c.a_median), c.a_samples),
            ];
            row.extend(c.runs.iter().map(|t| run_cell(t.as_ref())));
            row
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_in_their_unit() {
        assert_eq!(duration_text(0.000_812), "812.0 µs");
        assert_eq!(duration_text(0.012_345), "12.35 ms");
        assert_eq!(duration_text(1.25), "1.250 s");
        assert_eq!(duration_text(0.0), "< 1 µs");
    }
}
