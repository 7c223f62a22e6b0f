//! `harness compare A B` as people read it: the timing table (per timed cell the medians,
//! B/A with its 95 % interval and the verdict) and one line per experiment, as aligned
//! text for a terminal or as a GitHub-flavoured Markdown table.

use crate::results::compare::{ExperimentSummary, TimingComparison};

use super::markdown::escape;

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
    match (c.ratio, c.ratio_low, c.ratio_high) {
        (Some(r), Some(lo), Some(hi)) => format!("{r:.3} [{lo:.3}, {hi:.3}]"),
        (Some(r), _, _) => format!("{r:.3}"),
        _ => "-".to_string(),
    }
}

/// The verdict as people read it: `slower`, and `slower (busy)` for a cell timed on a
/// busy machine in A or B (its verdict may say more of the machine than of the code).
pub fn verdict_text(c: &TimingComparison) -> String {
    if c.busy {
        format!("{} (busy)", c.verdict)
    } else {
        c.verdict.to_string()
    }
}

/// One summary line: `tegel_best: B/A 0.981 (geometric mean of 4 cells): 1 faster, 3 same`.
pub fn summary_line(s: &ExperimentSummary) -> String {
    summary_line_of(s, "B")
}

/// [`summary_line`] of run `label` against the baseline A: `tegel_best: C/A 0.981 …`.
pub fn summary_line_of(s: &ExperimentSummary, label: &str) -> String {
    let mean = s.geometric_mean_ratio.map_or("-".to_string(), |g| format!("{g:.3}"));
    let counts: Vec<String> = [("faster", s.faster), ("slower", s.slower), ("same", s.same), ("unknown", s.unknown)]
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(w, n)| format!("{n} {w}"))
        .collect();
    let cells = crate::base::text::count_of(s.cells as u64, "cell");
    let busy = if s.busy > 0 { format!("; {} timed on a busy machine", s.busy) } else { String::new() };
    format!("{}: {label}/A {mean} (geometric mean of {cells}): {}{busy}", s.experiment, counts.join(", "))
}

fn rows(cells: &[TimingComparison]) -> Vec<[String; 7]> {
    cells
        .iter()
        .map(|c| {
            [
                c.experiment.clone(),
                c.item.clone(),
                c.column.clone(),
                format!("{} ({})", duration_text(c.a_median), c.a_samples),
                format!("{} ({})", duration_text(c.b_median), c.b_samples),
                ratio_text(c),
                verdict_text(c),
            ]
        })
        .collect()
}

const HEADERS: [&str; 7] =
    ["experiment", "item", "column", "A median (n)", "B median (n)", "B/A [95 % interval]", "verdict"];

/// The timing table as aligned text, then the summary lines.
pub fn text(cells: &[TimingComparison], summaries: &[ExperimentSummary]) -> String {
    let body = rows(cells);
    let width = |i: usize| body.iter().map(|r| r[i].chars().count()).chain([HEADERS[i].len()]).max().unwrap_or(0);
    let widths: Vec<usize> = (0..HEADERS.len()).map(width).collect();
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = widths[i].saturating_sub(c.chars().count());
                if (3..6).contains(&i) {
                    format!("{}{c}", " ".repeat(pad))
                } else {
                    format!("{c}{}", " ".repeat(pad))
                }
            })
            .collect();
        format!("{}\n", padded.join("  ").trim_end())
    };
    let mut out = line(&HEADERS.map(String::from));
    for r in &body {
        out.push_str(&line(r));
    }
    out.push('\n');
    for s in summaries {
        out.push_str(&summary_line(s));
        out.push('\n');
    }
    out
}

/// The timing table as a GitHub-flavoured Markdown table, then the summary lines as a list.
pub fn markdown(cells: &[TimingComparison], summaries: &[ExperimentSummary]) -> String {
    let mut out = format!("| {} |\n", HEADERS.map(escape).join(" | "));
    out.push_str("| --- | --- | --- | ---: | ---: | ---: | --- |\n");
    for r in rows(cells) {
        let cells: Vec<String> = r.iter().map(|c| escape(c)).collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out.push('\n');
    for s in summaries {
        out.push_str(&format!("- {}\n", escape(&summary_line(s))));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::compare::{summarise, Verdict};

    fn cell(item: &str, a: f64, b: f64, verdict: Verdict) -> TimingComparison {
        TimingComparison {
            experiment: "tegel_best".into(),
            item: item.into(),
            column: "seconds".into(),
            a_median: a,
            b_median: b,
            ratio: Some(b / a),
            ratio_low: Some(b / a * 0.9),
            ratio_high: Some(b / a * 1.1),
            p_value: None,
            a_samples: 5,
            b_samples: 5,
            verdict,
            busy: item == "busy",
            noise_band: 0.03,
        }
    }

    #[test]
    fn durations_read_in_their_unit() {
        assert_eq!(duration_text(0.000_812), "812.0 µs");
        assert_eq!(duration_text(0.012_345), "12.35 ms");
        assert_eq!(duration_text(1.25), "1.250 s");
        assert_eq!(duration_text(0.0), "< 1 µs");
    }

    #[test]
    fn the_text_table_and_summary() {
        let cells = [cell("spel1.txt", 1.0, 2.0, Verdict::Slower), cell("spel3.txt", 0.5, 0.5, Verdict::Same)];
        let text = text(&cells, &summarise(&cells));
        assert!(text.contains("spel1.txt  seconds"), "{text}");
        assert!(text.contains("2.000 [1.800, 2.200]  slower"), "{text}");
        // Geometric mean of 2 and 1 is √2.
        assert!(text.contains("tegel_best: B/A 1.414 (geometric mean of 2 cells): 1 slower, 1 same"), "{text}");
    }

    #[test]
    fn a_busy_cell_says_so_in_its_verdict_and_summary() {
        let cells = [cell("busy", 1.0, 2.0, Verdict::Slower), cell("quiet", 1.0, 1.0, Verdict::Same)];
        let text = text(&cells, &summarise(&cells));
        assert!(text.contains("slower (busy)"), "{text}");
        assert!(text.contains("1 slower, 1 same; 1 timed on a busy machine"), "{text}");
    }

    #[test]
    fn markdown_escapes_its_cells() {
        let cells = [cell("a|b_c", 1.0, 1.0, Verdict::Same)];
        let md = markdown(&cells, &summarise(&cells));
        assert!(md.contains("| tegel\\_best | a\\|b\\_c | seconds |"), "{md}");
        assert!(md.starts_with("| experiment | item |"), "{md}");
    }
}
