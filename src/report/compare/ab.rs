//! `harness ab` through the comparison back ends: the same four exporters as `harness
//! compare` ([`super::text::Text`], [`super::markdown::Markdown`], [`super::json::Json`],
//! [`super::html::Html`]) for an A/B of two builds ([`AbReport`]). Every text a build
//! printed (experiment, item and key cells) is shown escaped: as [`printable`] text on a
//! terminal, Markdown-escaped, or HTML-escaped.

use serde_json::json;

use crate::base::counters::HardwareCounts;
use crate::base::stats::decision::{percent, Decision, Verdict};
use crate::base::text::{count_of, grouped_digits, printable, xml_escape};
use crate::report::export::{ComparisonExporter, Exported};
use crate::report::markup::{escape, table as markdown_table, Align};
use crate::results::ab::{AbCell, AbItem, AbReport};

use super::html::Html;
use super::json::Json;
use super::markdown::Markdown;
use super::text::Text;

impl ComparisonExporter<AbReport> for Text {
    fn name(&self) -> &'static str {
        "text"
    }

    fn export(&self, r: &AbReport) -> Exported {
        let mut out = format!(
            "A: {}\nB: {}\nmanifest: {}\nmode: {}, resolution ±{}\n",
            printable(&r.baseline),
            printable(&r.candidate),
            printable(&r.manifest),
            r.mode.word(),
            percent(r.resolution)
        );
        for item in &r.items {
            if let Some(line) = item_line(item) {
                out.push_str(&format!("{line}\n"));
                continue;
            }
            for c in &item.cells {
                out.push_str(&format!(
                    "{} {} [{}] {}: A {}, B {}, {}: {}\n",
                    printable(&c.experiment),
                    printable(&c.item),
                    printable(&c.evidence.key),
                    printable(&c.column),
                    seconds(c.a_median),
                    seconds(c.b_median),
                    rounds_text(item),
                    cell_sentence(c, r.resolution)
                ));
            }
            if let Some(line) = instructions_line(item) {
                out.push_str(&format!("{line}\n"));
            }
            if let Some(line) = hardware_line(item) {
                out.push_str(&format!("{line}\n"));
            }
            if !item.below_resolution.is_empty() {
                out.push_str(&format!(
                    "{} {}: below the clock's resolution in a build (printed as 0 s, taken as 1 ns): {}\n",
                    printable(&item.experiment),
                    printable(&item.item),
                    printable(&item.below_resolution.join(", "))
                ));
            }
        }
        for line in closing_lines(r) {
            out.push_str(&format!("{line}\n"));
        }
        Exported::Text(out)
    }
}

impl ComparisonExporter<AbReport> for Markdown {
    fn name(&self) -> &'static str {
        "markdown"
    }

    fn export(&self, r: &AbReport) -> Exported {
        let head = CELL_COLUMNS.map(|(name, _)| name);
        let align = CELL_COLUMNS.map(|(_, align)| align);
        let rows = r.items.iter().flat_map(|item| &item.cells).map(|c| {
            let mut cells = row_cells(c, escape).to_vec();
            cells.push(c.decision.verdict.word().to_string());
            cells
        });
        let mut out = markdown_table(&head, &align, rows);
        out.push('\n');
        for item in &r.items {
            if let Some(line) = item_line(item).or_else(|| instructions_line(item)) {
                out.push_str(&format!("- {}\n", escape(&line)));
            }
            if let Some(line) = hardware_line(item) {
                out.push_str(&format!("- {}\n", escape(&line)));
            }
        }
        for line in closing_lines(r) {
            out.push_str(&format!("- {}\n", escape(&line)));
        }
        Exported::Text(out)
    }
}

impl ComparisonExporter<AbReport> for Json {
    fn name(&self) -> &'static str {
        "json"
    }

    fn export(&self, r: &AbReport) -> Exported {
        let [slower, faster, same, unknown] = r.tally();
        Exported::Json(json!({
            "status": r.status.word(),
            "failure": r.failure(),
            "tally": {"slower": slower, "faster": faster, "same": same, "unknown": unknown},
            "ab": r,
        }))
    }
}

impl ComparisonExporter<AbReport> for Html {
    fn name(&self) -> &'static str {
        "html"
    }

    fn export(&self, r: &AbReport) -> Exported {
        Exported::Text(page(r))
    }
}

/// The columns of the table of timed cells, in every format that draws it: the header,
/// and the alignment of its cells (the times carry their unit, `s` or `µs`).
const CELL_COLUMNS: [(&str, Align); 11] = [
    ("experiment", Align::Left),
    ("item", Align::Left),
    ("row", Align::Left),
    ("column", Align::Left),
    ("A", Align::Right),
    ("B", Align::Right),
    ("change", Align::Right),
    ("interval", Align::Left),
    ("p (Holm)", Align::Right),
    ("rounds", Align::Right),
    ("verdict", Align::Left),
];

/// A cell's row under the first ten of [`CELL_COLUMNS`]: the names as `escape` writes
/// them, the medians, the change, its interval, the corrected p and the rounds (the
/// verdict is written by each format: a word, or a sentence coloured by it).
fn row_cells(c: &AbCell, escape: impl Fn(&str) -> String) -> [String; 10] {
    let d = &c.decision;
    [
        escape(&c.experiment),
        escape(&c.item),
        escape(&c.evidence.key),
        escape(&c.column),
        seconds(c.a_median),
        seconds(c.b_median),
        d.change.map_or("–".to_string(), signed_percent),
        interval_text(d),
        d.p_adjusted.map_or("–".to_string(), |p| format!("{p:.3}")),
        d.rounds.to_string(),
    ]
}

/// Seconds to the microsecond, a time under a millisecond in microseconds to the
/// nanosecond, or `–`.
fn seconds(s: Option<f64>) -> String {
    match s {
        None => "–".to_string(),
        Some(s) if s < 0.001 => format!("{:.3} µs", s * 1e6),
        Some(s) => format!("{s:.6} s"),
    }
}

/// `+3.1 %`, `−0.4 %`.
fn signed_percent(x: f64) -> String {
    let p = percent(x);
    if x >= 0.0 {
        format!("+{p}")
    } else {
        p
    }
}

fn interval_text(d: &Decision) -> String {
    d.interval.map_or("–".to_string(), |(l, h)| format!("{} to {}", percent(l), percent(h)))
}

/// "23 rounds", "3 rounds (37 busy, not counted)", with the timed calls a cell.
fn rounds_text(item: &AbItem) -> String {
    let busy = match item.busy_rounds {
        0 => String::new(),
        n => format!(" ({n} busy, not counted)"),
    };
    let stopped = item.stopped.as_deref().map(|s| format!(", stopped at {s}")).unwrap_or_default();
    format!(
        "{}{busy}, {} a cell{stopped}, {} interval",
        count_of(item.rounds as u64, "round"),
        count_of(item.repeats as u64, "timed call"),
        interval_level(item.weight)
    )
}

/// The confidence of an interval at a look of weight `weight`: "95.5 %", "99.83 %".
fn interval_level(weight: f64) -> String {
    let level = 100.0 * (1.0 - crate::base::stats::decision::ALPHA * weight);
    let text = if level >= 99.0 { format!("{level:.2}") } else { format!("{level:.1}") };
    format!("{} %", text.trim_end_matches('0').trim_end_matches('.'))
}

/// A cell's verdict in words, with its corrected p where it is a difference.
fn cell_sentence(c: &AbCell, resolution: f64) -> String {
    let d = &c.decision;
    match (d.verdict.is_difference(), d.p, d.p_adjusted) {
        (true, Some(p), Some(q)) => format!("{} (p {p:.4}, Holm {q:.4})", d.sentence(resolution)),
        _ => d.sentence(resolution),
    }
}

/// The line of an item that was not timed (its results differ, or it has no timed cell).
fn item_line(item: &AbItem) -> Option<String> {
    let name = format!("{} {}", printable(&item.experiment), printable(&item.item));
    if let Some(d) = &item.difference {
        return Some(format!("{name}: results differ, not timed: {}", printable(d)));
    }
    item.cells.is_empty().then(|| format!("{name}: no timed cell"))
}

/// The instructions of an item's timed calls, when they were counted: both counts, the
/// change, its verdict and the cells whose wall time says otherwise.
fn instructions_line(item: &AbItem) -> Option<String> {
    let i = item.instructions.as_ref()?;
    let disagree = match i.disagreeing_cells.len() {
        0 => "wall time agrees".to_string(),
        _ => format!("wall time says otherwise for {}", printable(&i.disagreeing_cells.join(", "))),
    };
    Some(format!(
        "{} {}: instructions of its timed calls (callgrind, one thread): A {}, B {}, {} ({}): {disagree}",
        printable(&item.experiment),
        printable(&item.item),
        grouped_digits(&i.a.to_string()),
        grouped_digits(&i.b.to_string()),
        exact_percent(i.change),
        i.verdict.word()
    ))
}

/// The processor's counters of an item's timed calls, when instructions were counted:
/// each build's instructions, cycles and cache misses with the changes, or why the machine
/// gave none.
fn hardware_line(item: &AbItem) -> Option<String> {
    let h = item.instructions.as_ref()?.hardware.as_ref()?;
    let name = format!("{} {}", printable(&item.experiment), printable(&item.item));
    let counts = |c: &HardwareCounts| {
        format!(
            "{} instructions, {} cycles, {} cache misses",
            grouped_digits(&c.instructions.to_string()),
            grouped_digits(&c.cycles.to_string()),
            grouped_digits(&c.cache_misses.to_string())
        )
    };
    match (&h.a, &h.b, h.instructions_change, h.cycles_change) {
        (Some(a), Some(b), Some(instructions), Some(cycles)) => Some(format!(
            "{name}: the processor's counters (one thread, user space): A {}; B {}; instructions {}, cycles {}",
            counts(a),
            counts(b),
            exact_percent(instructions),
            exact_percent(cycles)
        )),
        _ => Some(format!(
            "{name}: the processor's counters: none ({})",
            printable(h.unavailable.as_deref().unwrap_or("a build counted nothing"))
        )),
    }
}

/// `0.0123` → "+1.23 %", `-0.004` → "−0.40 %": instruction counts are exact, so two
/// decimals.
fn exact_percent(x: f64) -> String {
    let text = format!("{:+.2} %", x * 100.0);
    text.replace('-', "−")
}

/// The tally, the overall verdict and the status.
fn closing_lines(r: &AbReport) -> Vec<String> {
    let [slower, faster, same, unknown] = r.tally();
    let mut lines = vec![format!("cells: {slower} slower, {faster} faster, {same} same, {unknown} unknown")];
    lines.push(format!(
        "each item's intervals are at the level of the look it stopped at ({} at the last look, more at an \
         earlier one), so that stopping early keeps the 5 % error rate; slower and faster need the whole \
         interval beyond ±{}",
        interval_level(1.0 - crate::base::stats::looks::INTERIM_SHARE),
        percent(r.resolution)
    ));
    lines.push(match &r.overall {
        Some(o) => format!(
            "overall (geometric mean of {}, paired by round in {}): {}",
            count_of(o.cells as u64, "cell"),
            count_of(o.items as u64, "item"),
            o.decision.sentence(r.resolution)
        ),
        None => "overall: cannot tell (no item has the rounds a verdict needs)".to_string(),
    });
    let disagreeing: Vec<String> = r
        .items
        .iter()
        .filter(|i| i.instructions.as_ref().is_some_and(|c| !c.disagreeing_cells.is_empty()))
        .map(|i| format!("{} {}", printable(&i.experiment), printable(&i.item)))
        .collect();
    if !disagreeing.is_empty() {
        lines.push(format!("instructions and wall time disagree in: {}", disagreeing.join("; ")));
    }
    lines.push(match r.failure() {
        Some(why) => format!("status: {} ({why})", r.status.word()),
        None => format!("status: {}", r.status.word()),
    });
    lines
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#222;background:#fff}\
table{border-collapse:collapse}td,th{padding:.2em .6em;border-bottom:1px solid #ddd;text-align:left}\
td.n{text-align:right;font-variant-numeric:tabular-nums}.slower{color:#b00}.faster{color:#070}.unknown{color:#666}\
@media (prefers-color-scheme:dark){body{color:#ddd;background:#181818}td,th{border-color:#444}.slower{color:#f77}.faster{color:#7d7}.unknown{color:#aaa}}\
svg text{font-size:11px;fill:currentColor}";

/// Width of the interval plot and of its label column, in SVG units.
const PLOT_WIDTH: f64 = 420.0;
const LABEL_WIDTH: f64 = 300.0;
const ROW: f64 = 18.0;

/// The A/B as one self-contained page: the builds, an interval plot (each cell's change
/// with its interval against the ±resolution band), the table and the closing lines.
pub fn page(r: &AbReport) -> String {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>harness ab</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>B against A</h1>\n\
         <p>A: <code>{}</code><br>B: <code>{}</code><br>manifest: <code>{}</code><br>rounds: {}, resolution ±{}</p>\n",
        xml_escape(&r.baseline),
        xml_escape(&r.candidate),
        xml_escape(&r.manifest),
        r.mode.word(),
        percent(r.resolution)
    );
    s.push_str(
        "<h2>Changes</h2>\n<p>Each timed cell's change of B against A with its interval; inside the shaded \
         band (±resolution) a whole interval means <em>same</em>.</p>\n",
    );
    s.push_str(&interval_svg(r));
    let head: String = CELL_COLUMNS.iter().map(|(name, _)| format!("<th>{}</th>", xml_escape(name))).collect();
    s.push_str(&format!("<h2>Timed cells</h2>\n<table>\n<tr>{head}</tr>\n"));
    for item in &r.items {
        for c in &item.cells {
            let [e, i, k, col, a, b, change, interval, p, rounds] = row_cells(c, xml_escape);
            let (word, sentence) = (c.decision.verdict.word(), xml_escape(&c.decision.sentence(r.resolution)));
            s.push_str(&format!(
                "<tr><td>{e}</td><td>{i}</td><td>{k}</td><td>{col}</td><td class=\"n\">{a}</td><td class=\"n\">{b}</td>\
                 <td class=\"n\">{change}</td><td>{interval}</td><td class=\"n\">{p}</td><td class=\"n\">{rounds}</td>\
                 <td class=\"{word}\">{sentence}</td></tr>\n"
            ));
        }
    }
    s.push_str("</table>\n<ul>\n");
    let item_lines = r.items.iter().filter_map(item_line);
    for line in item_lines.chain(closing_lines(r)) {
        s.push_str(&format!("<li>{}</li>\n", xml_escape(&line)));
    }
    s.push_str("</ul>\n</body>\n</html>\n");
    s
}

/// The interval plot: a row per cell, the change's axis from the widest interval (at
/// least ±3 resolutions), the ±resolution band shaded, each interval a line with its
/// estimate a dot coloured by the verdict.
fn interval_svg(r: &AbReport) -> String {
    let cells: Vec<&AbCell> = r.cells().collect();
    let reach = cells
        .iter()
        .filter_map(|c| c.decision.interval)
        .flat_map(|(l, h)| [l.abs(), h.abs()])
        .fold(3.0 * r.resolution, f64::max)
        .min(1.0);
    let x = |v: f64| LABEL_WIDTH + (v.clamp(-reach, reach) + reach) / (2.0 * reach) * PLOT_WIDTH;
    let height = ROW * (cells.len() as f64 + 2.0);
    let mut s = format!(
        "<svg role=\"img\" aria-label=\"changes of B against A with their intervals\" width=\"{:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {:.0} {height:.0}\">\n",
        LABEL_WIDTH + PLOT_WIDTH + 20.0,
        LABEL_WIDTH + PLOT_WIDTH + 20.0
    );
    s.push_str(&format!(
        "<rect x=\"{:.1}\" y=\"0\" width=\"{:.1}\" height=\"{height:.0}\" fill=\"#8884\"/>\n<line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"0\" y2=\"{height:.0}\" stroke=\"currentColor\" stroke-dasharray=\"3,3\"/>\n",
        x(-r.resolution),
        x(r.resolution) - x(-r.resolution),
        x(0.0),
        x(0.0)
    ));
    for (i, c) in cells.iter().enumerate() {
        let y = ROW * (i as f64 + 1.0);
        let color = match c.decision.verdict {
            Verdict::Slower => "#c33",
            Verdict::Faster => "#393",
            Verdict::Same => "#36c",
            Verdict::Unknown => "#888",
        };
        let label = format!("{} {} {}", c.experiment, c.item, c.evidence.key);
        s.push_str(&format!(
            "<text x=\"0\" y=\"{:.1}\">{}</text>\n",
            y + 4.0,
            xml_escape(&crate::base::text::excerpt_to(&label, 48))
        ));
        if let Some((l, h)) = c.decision.interval {
            s.push_str(&format!(
                "<line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"{color}\" stroke-width=\"2\"/>\n",
                x(l),
                x(h)
            ));
        }
        if let Some(change) = c.decision.change {
            s.push_str(&format!("<circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"3.5\" fill=\"{color}\"/>\n", x(change)));
        }
    }
    let bottom = height - 4.0;
    for v in [-reach, 0.0, reach] {
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{bottom:.1}\" text-anchor=\"middle\">{}</text>\n",
            x(v),
            xml_escape(&signed_percent(v))
        ));
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::stats::decision::Rule;
    use crate::results::ab::{cell_of, AbMode};

    fn report(key: &str) -> AbReport {
        let a = [1.0, 1.1, 0.9, 1.05, 0.95, 1.0, 1.02, 0.98];
        let b: Vec<f64> = a.iter().enumerate().map(|(i, x)| x * (1.05 + 0.001 * i as f64)).collect();
        let item = AbItem {
            experiment: "count".into(),
            item: "4x4 r1".into(),
            counts_agree: true,
            difference: None,
            repeats: 3,
            rounds: 8,
            busy_rounds: 1,
            shortfall: None,
            below_resolution: Vec::new(),
            weight: 1.0,
            stopped: Some("a look, every cell settled".into()),
            cells: vec![cell_of(("count", "4x4 r1"), (0, key, "seconds"), &a, &b)],
            instructions: None,
        };
        let builds = ("a".to_string(), "b".to_string(), "m.toml".to_string());
        AbReport::decide(builds, AbMode::Alternate, &Rule::new(0.01), false, vec![item])
    }

    fn text(r: &AbReport) -> String {
        ComparisonExporter::<AbReport>::export(&Text, r).into_text()
    }

    #[test]
    fn the_text_names_rounds_verdict_and_status() {
        let t = text(&report("board=4x4"));
        assert!(
            t.contains(
                "8 rounds (1 busy, not counted), 3 timed calls a cell, stopped at a look, every cell settled, \
                 95 % interval: B is 5.3 % slower"
            ),
            "{t}"
        );
        assert!(t.contains("cells: 1 slower, 0 faster, 0 same, 0 unknown\n"), "{t}");
        assert!(t.contains("status: ok\n"), "{t}");
    }

    /// Counted instructions are printed exactly, with the change to two decimals and the
    /// cells wall time judges otherwise.
    #[test]
    fn instructions_are_given_beside_the_time() {
        let mut r = report("board=4x4");
        let mut counts = crate::results::ab::Instructions::new(1_234_567, 1_246_000, 0.01);
        counts.disagreeing_cells = vec!["board=4x4 seconds".into()];
        let hw = |instructions, cycles| Ok(HardwareCounts { instructions, cycles, cache_misses: 17 });
        counts.hardware =
            Some(crate::results::ab::HardwareCompared::new(hw(1_000_000, 2_000_000), hw(1_010_000, 1_900_000)));
        r.items[0].instructions = Some(counts);
        let t = text(&r);
        assert!(
            t.contains(
                "count 4x4 r1: instructions of its timed calls (callgrind, one thread): A 1,234,567, B 1,246,000, \
                 +0.93 % (same): wall time says otherwise for board=4x4 seconds"
            ),
            "{t}"
        );
        assert!(t.contains("instructions and wall time disagree in: count 4x4 r1\n"), "{t}");
        assert!(
            t.contains(
                "count 4x4 r1: the processor's counters (one thread, user space): A 1,000,000 instructions, \
                 2,000,000 cycles, 17 cache misses; B 1,010,000 instructions, 1,900,000 cycles, 17 cache misses; \
                 instructions +1.00 %, cycles −5.00 %\n"
            ),
            "{t}"
        );
        let mut none = crate::results::ab::Instructions::new(1, 1, 0.01);
        none.hardware = Some(crate::results::ab::HardwareCompared::new(
            Err("perf_event_open: No such file or directory".into()),
            hw(1, 1),
        ));
        r.items[0].instructions = Some(none);
        assert!(
            text(&r).contains(
                "count 4x4 r1: the processor's counters: none (perf_event_open: No such file or directory)\n"
            ),
            "{}",
            text(&r)
        );
    }

    /// A build's cell that holds escape codes and a newline cannot forge a line.
    #[test]
    fn printed_cells_are_escaped() {
        let t = text(&report("x\ncells: 0 slower\u{1b}[2J"));
        assert_eq!(t.lines().filter(|l| l.starts_with("cells: ")).count(), 1, "{t}");
        assert!(t.contains("x\\u{a}cells: 0 slower\\u{1b}[2J"), "{t}");
        let page = ComparisonExporter::<AbReport>::export(&Html, &report("<script>")).into_text();
        assert!(page.contains("&lt;script&gt;") && !page.contains("<script>"));
    }

    #[test]
    fn json_carries_status_and_tally() {
        let Exported::Json(v) = ComparisonExporter::<AbReport>::export(&Json, &report("k")) else { panic!("JSON") };
        assert_eq!(v["status"], "ok");
        assert_eq!(v["tally"]["slower"], 1);
        assert_eq!(v["ab"]["items"][0]["cells"][0]["decision"]["verdict"], "slower");
    }
}
