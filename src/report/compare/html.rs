//! `harness compare --html FILE`: the comparison as one self-contained HTML page (no
//! scripts, nothing fetched): the runs with their notes, a log-log scatter plot of the
//! medians (each run's against the baseline's, a mark per verdict), the joined timing
//! table and the summary lines.

use crate::base::stats::decision::Verdict;
use crate::base::text::xml_escape;
use crate::report::chart::PALETTE;
use crate::report::export::{ComparisonExporter, Exported};
use crate::results::compare::{Comparison, JoinedCell, RunAgainstBaseline};
use crate::results::compared_cells::TimingComparison;

use super::cells::{duration_text, joined_header, joined_rows, judgement_lines, summary_lines, verdict_text};

/// The HTML exporter of a comparison (the page `--html` writes).
pub struct Html;

impl ComparisonExporter for Html {
    fn name(&self) -> &'static str {
        "html"
    }

    fn export(&self, comparison: &Comparison) -> Exported {
        Exported::Text(page(comparison))
    }
}

/// Side of the scatter plot's square drawing area and its margin, in SVG units.
const PLOT: f64 = 440.0;
const MARGIN: f64 = 70.0;

/// The decades `[lo, hi]` (powers of ten) holding every positive value of `values`.
fn decades(values: impl Iterator<Item = f64>) -> Option<(i32, i32)> {
    let logs: Vec<f64> = values.filter(|v| *v > 0.0 && v.is_finite()).map(f64::log10).collect();
    let lo = logs.iter().copied().reduce(f64::min)?.floor() as i32;
    let hi = (logs.iter().copied().reduce(f64::max)?.ceil() as i32).max(lo + 1);
    Some((lo, hi))
}

/// The SVG mark of a verdict at `(x, y)` in `color`: slower ▲, faster ▼, same ●, unknown
/// ◇; hollow when the cell was timed busy.
fn mark((verdict, busy): (Verdict, bool), (x, y): (f64, f64), color: &str) -> String {
    let fill = if busy { "none" } else { color };
    let style = format!("fill=\"{fill}\" stroke=\"{color}\" stroke-width=\"1.5\"");
    match verdict {
        Verdict::Slower => format!("<path d=\"M{x:.1},{:.1}l6,10h-12z\" {style}>", y - 6.0),
        Verdict::Faster => format!("<path d=\"M{x:.1},{:.1}l6,-10h-12z\" {style}>", y + 6.0),
        Verdict::Same => format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4.5\" {style}>"),
        Verdict::Unknown => format!("<path d=\"M{x:.1},{:.1}l6,6l-6,6l-6,-6z\" {style}>", y - 6.0),
    }
}

fn color(i: usize) -> String {
    let (r, g, b) = PALETTE[i % PALETTE.len()];
    format!("rgb({r},{g},{b})")
}

/// The log-log scatter plot of the medians as an SVG element: A's median on x, each other
/// run's on y (a colour per run, a mark per verdict), the diagonal where they are equal.
/// `None` when no cell has two positive medians.
pub fn scatter_svg(runs: &[RunAgainstBaseline]) -> Option<String> {
    let points: Vec<(usize, &TimingComparison)> = runs
        .iter()
        .enumerate()
        .flat_map(|(i, r)| r.timings.iter().map(move |t| (i, t)))
        .filter(|(_, t)| t.a_seconds() > 0.0 && t.b_seconds() > 0.0)
        .collect();
    let (lo, hi) = decades(points.iter().flat_map(|(_, t)| [t.a_seconds(), t.b_seconds()]))?;
    let span = f64::from(hi - lo);
    let x_of = |v: f64| MARGIN + (v.log10() - f64::from(lo)) / span * PLOT;
    let y_of = |v: f64| MARGIN / 2.0 + PLOT - (v.log10() - f64::from(lo)) / span * PLOT;
    let (size_w, size_h) = (MARGIN + PLOT + 170.0, PLOT + MARGIN * 1.5);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size_w} {size_h}\" width=\"{size_w}\" \
         height=\"{size_h}\" role=\"img\" aria-label=\"medians of each run against the baseline, log-log\" \
         font-family=\"sans-serif\" font-size=\"12\">\n"
    );
    let (x0, x1, y0, y1) = (x_of(10f64.powi(lo)), x_of(10f64.powi(hi)), y_of(10f64.powi(lo)), y_of(10f64.powi(hi)));
    s.push_str(&format!(
        "<rect x=\"{x0:.1}\" y=\"{y1:.1}\" width=\"{PLOT}\" height=\"{PLOT}\" class=\"frame\" fill=\"none\"/>\n"
    ));
    for d in lo..=hi {
        let v = 10f64.powi(d);
        let (x, y) = (x_of(v), y_of(v));
        let t = xml_escape(&duration_text(v));
        s.push_str(&format!(
            "<line x1=\"{x:.1}\" y1=\"{y0:.1}\" x2=\"{x:.1}\" y2=\"{y1:.1}\" class=\"grid\"/>\
             <line x1=\"{x0:.1}\" y1=\"{y:.1}\" x2=\"{x1:.1}\" y2=\"{y:.1}\" class=\"grid\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{t}</text>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{t}</text>\n",
            y0 + 16.0,
            x0 - 6.0,
            y + 4.0
        ));
    }
    s.push_str(&format!(
        "<line x1=\"{x0:.1}\" y1=\"{y0:.1}\" x2=\"{x1:.1}\" y2=\"{y1:.1}\" class=\"diagonal\" \
         stroke-dasharray=\"6 4\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">A median (baseline)</text>\n\
         <text transform=\"translate(16 {:.1}) rotate(-90)\" text-anchor=\"middle\">run median</text>\n",
        (x0 + x1) / 2.0,
        y0 + 38.0,
        (y0 + y1) / 2.0
    ));
    for (i, t) in &points {
        let title = xml_escape(&format!(
            "{} {} {}: {} {} against A {}, {}",
            t.experiment,
            t.item,
            t.column,
            runs[*i].label,
            duration_text(t.b_seconds()),
            duration_text(t.a_seconds()),
            verdict_text(t)
        ));
        s.push_str(&mark((t.verdict(), t.evidence.busy), (x_of(t.a_seconds()), y_of(t.b_seconds())), &color(*i)));
        s.push_str(&format!(
            "<title>{title}</title></{}>\n",
            if t.verdict() == Verdict::Same { "circle" } else { "path" }
        ));
    }
    s.push_str(&legend(runs, x1 + 20.0, y1));
    s.push_str("</svg>\n");
    Some(s)
}

/// The legend: a colour per run, then a mark per verdict (hollow: busy).
fn legend(runs: &[RunAgainstBaseline], x: f64, y: f64) -> String {
    let mut s = String::new();
    let mut y = y + 10.0;
    for (i, r) in runs.iter().enumerate() {
        s.push_str(&format!(
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{y:.1}\" dy=\"4\">{} against A</text>\n",
            y - 6.0,
            color(i),
            x + 18.0,
            xml_escape(&r.label)
        ));
        y += 20.0;
    }
    y += 10.0;
    for verdict in [Verdict::Slower, Verdict::Faster, Verdict::Same, Verdict::Unknown] {
        let close = if verdict == Verdict::Same { "</circle>" } else { "</path>" };
        s.push_str(&format!(
            "{}{close}<text x=\"{:.1}\" y=\"{y:.1}\" dy=\"4\">{verdict}</text>\n",
            mark((verdict, false), (x + 6.0, y), "currentColor"),
            x + 18.0
        ));
        y += 20.0;
    }
    s.push_str(&format!("<text x=\"{x:.1}\" y=\"{y:.1}\" dy=\"4\">hollow: busy</text>\n"));
    s
}

/// The runs and what the reader should know of each, as HTML list items.
fn html_runs(baseline: &str, runs: &[RunAgainstBaseline]) -> String {
    let mut s = format!("<ul>\n<li><b>A</b> (baseline): <code>{}</code></li>\n", xml_escape(baseline));
    for r in runs {
        let results = if r.results_equal {
            "the same results as A (time columns aside)".to_string()
        } else {
            format!("results differ from A in {} place(s): {}", r.differences.len(), r.differences.join("; "))
        };
        s.push_str(&format!(
            "<li><b>{}</b>: <code>{}</code>: {}",
            xml_escape(&r.label),
            xml_escape(&r.dir),
            xml_escape(&results)
        ));
        for note in r.runs.notes().into_iter().chain(judgement_lines(r, "")) {
            s.push_str(&format!("<br>{}", xml_escape(&note)));
        }
        s.push_str("</li>\n");
    }
    s.push_str("</ul>\n");
    s
}

/// The joined table as an HTML table.
fn html_table(runs: &[RunAgainstBaseline], cells: &[JoinedCell]) -> String {
    let th: Vec<String> = joined_header(runs).iter().map(|h| format!("<th>{}</th>", xml_escape(h))).collect();
    let mut s = format!("<table>\n<thead><tr>{}</tr></thead>\n<tbody>\n", th.concat());
    for row in joined_rows(cells) {
        let td: Vec<String> = row.iter().map(|c| format!("<td>{}</td>", xml_escape(c))).collect();
        s.push_str(&format!("<tr>{}</tr>\n", td.concat()));
    }
    s.push_str("</tbody>\n</table>\n");
    s
}

const STYLE: &str = "\
:root { color-scheme: light dark; }
body { font-family: sans-serif; margin: 1.5em; max-width: 100%; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border-bottom: 1px solid #8884; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { white-space: normal; }
.wide { overflow-x: auto; }
svg { max-width: 100%; height: auto; color: CanvasText; }
svg text { fill: currentColor; }
svg .frame { stroke: currentColor; }
svg .grid { stroke: #8886; }
svg .diagonal { stroke: currentColor; }
";

/// The comparison as one self-contained HTML page (no scripts, nothing fetched): the
/// runs and their notes, the scatter plot of the medians, the joined table and the
/// summary lines.
pub fn page(comparison: &Comparison) -> String {
    let (baseline, runs, cells) = (&comparison.baseline, &comparison.runs, &comparison.joined());
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>harness compare</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <h1>Timings against the baseline A</h1>\n{}",
        html_runs(baseline, runs)
    );
    s.push_str(
        "<h2>Medians</h2>\n<p>Each timed cell: the baseline's median across, the run's median up, both on \
         log scales; on the dashed diagonal the two are equal, above it the run is slower.</p>\n",
    );
    match scatter_svg(runs) {
        Some(svg) => s.push_str(&svg),
        None => s.push_str("<p>No timed cell has a median in both runs.</p>\n"),
    }
    s.push_str("<h2>Timed cells</h2>\n<div class=\"wide\">\n");
    s.push_str(&html_table(runs, cells));
    s.push_str("</div>\n<ul>\n");
    for line in summary_lines(runs) {
        s.push_str(&format!("<li>{}</li>\n", xml_escape(&line)));
    }
    s.push_str("</ul>\n</body>\n</html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decades_bracket_the_values() {
        assert_eq!(decades([0.002, 0.5].into_iter()), Some((-3, 0)));
        assert_eq!(decades([1.0].into_iter()), Some((0, 1)));
        assert_eq!(decades([0.0].into_iter()), None);
    }
}
