//! What `harness compare` prints around its timing table, the same in text and in
//! Markdown: the notes on how the runs were made, the results check, the line that says
//! what the table holds, the common factor's verdict and the note on too few samples, then
//! after the table the drift note and the peak memory.

use crate::base::text::count_of;
use crate::results::compare::Comparison;
use crate::results::compared_cells::drift_note;

use super::cells::{judgement_lines, memory_lines};

/// The output of `comparison` with `table` (its timing table, in the format printed) in
/// its place; where no timed cell is in two runs, a line that says so instead.
pub fn framed(comparison: &Comparison, table: &str) -> String {
    match comparison.runs.as_slice() {
        [run] => pair(comparison, run, table),
        _ => several(comparison, table),
    }
}

/// What the verdicts were judged by: "a cell's change counts beyond ±5.0 % (--noise 3.0 %,
/// --machine-noise 5.0 %); 95 % bootstrap intervals of B/A".
pub fn bands(c: &Comparison) -> String {
    format!(
        "a change counts beyond ±{:.1} %: the larger of --noise {:.1} % and --machine-noise {:.1} %; 95 % bootstrap \
         intervals of B/A",
        crate::results::verdict::band(c.noise, c.machine_noise) * 100.0,
        c.noise * 100.0,
        c.machine_noise * 100.0
    )
}

/// `harness compare A B`.
fn pair(c: &Comparison, run: &crate::results::compare::RunAgainstBaseline, table: &str) -> String {
    let (a, b) = (&c.baseline, &run.dir);
    let mut out: String = run.runs.notes().iter().map(|line| format!("{line}\n")).collect();
    if run.differences.is_empty() {
        out.push_str(&format!("results: {a} and {b} hold the same results (time columns aside)\n"));
    } else {
        let places = count_of(run.differences.len() as u64, "place");
        out.push_str(&format!("results: {a} and {b} differ in {places}:\n"));
        out.extend(run.differences.iter().map(|d| format!("  {d}\n")));
    }
    out.push_str(&format!("\ntimings: B = {b} against A = {a} ({})\n", bands(c)));
    out.extend(judgement_lines(run, "").iter().map(|line| format!("{line}\n")));
    out.push('\n');
    match run.timings.is_empty() {
        true => out.push_str("no timed cell is in both directories\n"),
        false => out.push_str(table),
    }
    if let Some(line) = drift_note(&run.timings) {
        out.push_str(&format!("\n{line}\n"));
    }
    out.push_str(&memory_lines(&run.memory, ""));
    out
}

/// `harness compare A B C …`.
fn several(c: &Comparison, table: &str) -> String {
    let mut out = format!("A = {} (baseline)\n", c.baseline);
    out.extend(c.runs.iter().map(|r| format!("{} = {}\n", r.label, r.dir)));
    for r in &c.runs {
        out.push('\n');
        out.extend(r.runs.notes().iter().map(|line| format!("{}: {line}\n", r.label)));
        match r.differences.len() {
            0 => out.push_str(&format!("{}: results: the same as A's (time columns aside)\n", r.label)),
            n => {
                out.push_str(&format!("{}: results: differ from A's in {}:\n", r.label, count_of(n as u64, "place")));
                out.extend(r.differences.iter().map(|d| format!("  {d}\n")));
            }
        }
    }
    out.push_str(&format!("\ntimings against A ({})\n", bands(c)));
    for r in &c.runs {
        out.extend(judgement_lines(r, &format!("{}: ", r.label)).iter().map(|line| format!("{line}\n")));
    }
    out.push('\n');
    match c.runs.iter().all(|r| r.timings.is_empty()) {
        true => out.push_str("no timed cell is in A and another run\n"),
        false => out.push_str(table),
    }
    for r in &c.runs {
        out.push_str(&memory_lines(&r.memory, &format!("{}: ", r.label)));
    }
    out
}
