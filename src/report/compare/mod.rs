//! `harness compare` through the report's back ends: one comparison
//! ([`crate::results::compare::Comparison`]), each format an exporter of its own
//! ([`crate::report::export::ComparisonExporter`]): aligned text ([`text::Text`]),
//! Markdown ([`markdown::Markdown`]), one JSON object ([`json::Json`]) and a
//! self-contained HTML page ([`html::Html`]). Their cells read alike in every format
//! ([`cells`]); text and Markdown share what is printed around the table ([`frame`]).

pub mod ab;
pub mod cells;
pub mod frame;
pub mod html;
pub mod json;
pub mod markdown;
pub mod text;

#[cfg(test)]
mod tests {
    use crate::base::stats::decision::Decision;
    use crate::base::stats::decision::Verdict;
    use crate::report::export::{ComparisonExporter, Exported};
    use crate::results::cell_comparison::RunSamples;
    use crate::results::compare::{Comparison, RunAgainstBaseline, RunsCompared};
    use crate::results::compared_cells::{summarise, TimingComparison};
    use crate::results::verdict::Judged;

    fn cell(item: &str, a: f64, b: f64, verdict: Verdict) -> TimingComparison {
        TimingComparison {
            experiment: "tegel_best".into(),
            item: item.into(),
            column: "seconds".into(),
            a_median: Some(a),
            b_median: Some(b),
            decision: Decision { verdict, ..Decision::unmeasured("a hand-made cell") },
            evidence: RunSamples {
                ratio: Some(b / a),
                ratio_low: Some(b / a * 0.9),
                ratio_high: Some(b / a * 1.1),
                a_samples: 5,
                b_samples: 5,
                busy: item == "busy",
                noise_band: 0.03,
                judged: Judged::Absolute,
            },
        }
    }

    fn run(label: &str, timings: Vec<TimingComparison>) -> RunAgainstBaseline {
        RunAgainstBaseline {
            label: label.into(),
            dir: format!("dir-{label}"),
            runs: RunsCompared::default(),
            results_equal: true,
            differences: Vec::new(),
            summaries: summarise(&timings),
            common: None,
            judged: Judged::Absolute,
            too_few: None,
            timings,
            memory: Vec::new(),
        }
    }

    fn comparison(runs: Vec<RunAgainstBaseline>) -> Comparison {
        Comparison { baseline: "dir-A".into(), noise: 0.03, machine_noise: 0.05, fail_on_slower: false, runs }
    }

    fn text(exporter: &dyn ComparisonExporter, c: &Comparison) -> String {
        match exporter.export(c) {
            Exported::Text(text) => text,
            Exported::Json(value) => panic!("{} gave JSON: {value}", exporter.name()),
        }
    }

    fn pair() -> Comparison {
        comparison(vec![run(
            "B",
            vec![cell("spel1.txt", 1.0, 2.0, Verdict::Slower), cell("spel3.txt", 0.5, 0.5, Verdict::Same)],
        )])
    }

    fn several() -> Comparison {
        comparison(vec![
            run("B", vec![cell("x", 1.0, 2.0, Verdict::Slower), cell("y", 0.001, 0.001, Verdict::Same)]),
            run("C", vec![cell("x", 1.0, 0.5, Verdict::Faster)]),
        ])
    }

    #[test]
    fn the_text_of_two_runs_frames_the_table_and_summary() {
        let text = text(&super::text::Text, &pair());
        assert!(text.starts_with("results: dir-A and dir-B hold the same results (time columns aside)\n"), "{text}");
        assert!(text.contains("\ntimings: B = dir-B against A = dir-A (a change counts beyond ±5.0 %"), "{text}");
        assert!(text.contains("spel1.txt  seconds"), "{text}");
        assert!(text.contains("2.000 [1.800, 2.200]  slower"), "{text}");
        // Geometric mean of 2 and 1 is √2.
        assert!(text.contains("tegel_best: B/A 1.414 (geometric mean of 2 cells): 1 slower, 1 same"), "{text}");
        let drift = text.lines().find(|l| l.starts_with("drift: ")).unwrap();
        assert!(drift.contains("(up to 3.0 % here: the larger of --noise and --machine-noise)"), "{drift}");
        assert!(!drift.contains("  "), "{drift}");
    }

    #[test]
    fn a_busy_cell_says_so_in_its_verdict_and_summary() {
        let c = comparison(vec![run(
            "B",
            vec![cell("busy", 1.0, 2.0, Verdict::Slower), cell("quiet", 1.0, 1.0, Verdict::Same)],
        )]);
        let text = text(&super::text::Text, &c);
        assert!(text.contains("slower (busy)"), "{text}");
        assert!(text.contains("1 slower, 1 same; 1 timed on a busy machine"), "{text}");
    }

    #[test]
    fn markdown_escapes_its_cells() {
        let c = comparison(vec![run("B", vec![cell("a|b_c", 1.0, 1.0, Verdict::Same)])]);
        let md = text(&super::markdown::Markdown, &c);
        assert!(md.contains("| tegel\\_best | a\\|b\\_c | seconds |"), "{md}");
        assert!(md.contains("\n| experiment | item |"), "{md}");
        assert!(md.contains("| --- | --- | --- | ---: | ---: | ---: | --- |\n"), "{md}");
        assert!(md.contains("- tegel\\_best: B/A 1.000"), "{md}");
    }

    #[test]
    fn the_text_of_several_runs_has_a_column_per_run() {
        let text = text(&super::text::Text, &several());
        assert!(text.starts_with("A = dir-A (baseline)\nB = dir-B\nC = dir-C\n"), "{text}");
        let head = text.lines().find(|l| l.starts_with("experiment")).unwrap();
        assert!(head.contains("B median (n), B/A [95 % interval], verdict"), "{text}");
        assert!(head.contains("C median (n), C/A [95 % interval], verdict"), "{text}");
        assert!(text.contains("2.000 s (5), 2.000 [1.800, 2.200], slower"), "{text}");
        assert!(text.contains("tegel_best: C/A 0.500 (geometric mean of 1 cell): 1 faster"), "{text}");
        let y = text.lines().find(|l| l.split_whitespace().nth(1) == Some("y")).unwrap();
        assert!(y.trim_end().ends_with('-'), "C lacks y: {y}");
        let md = text_of_markdown(&several());
        assert!(md.contains("| experiment | item | column | A median (n) | B median"), "{md}");
    }

    fn text_of_markdown(c: &Comparison) -> String {
        text(&super::markdown::Markdown, c)
    }

    #[test]
    fn the_page_holds_a_scatter_with_a_mark_per_cell_and_the_diagonal() {
        let page = text(&super::html::Html, &several());
        let svg = &page[page.find("<svg").unwrap()..page.find("</svg>").unwrap()];
        assert_eq!(svg.matches("<title>").count(), 3, "{svg}");
        assert!(svg.contains("class=\"diagonal\""), "{svg}");
        assert_eq!(page.matches("http://").count(), 1, "only the SVG namespace");
        assert!(page.contains("<th>C median (n), C/A [95 % interval], verdict</th>"), "{page}");
    }

    #[test]
    fn the_json_of_two_runs_and_of_several_keep_their_shapes() {
        let Exported::Json(two) = super::json::Json.export(&pair()) else { panic!("not JSON") };
        assert_eq!(
            (two["status"].as_str(), two["a"].as_str(), two["b"].as_str()),
            (Some("ok"), Some("dir-A"), Some("dir-B"))
        );
        assert_eq!(two["timings"].as_array().map(Vec::len), Some(2));
        assert!(two["drift"].is_string() && two["summaries"][0]["slower"] == 1);
        let Exported::Json(many) = super::json::Json.export(&several()) else { panic!("not JSON") };
        assert_eq!(many["baseline"].as_str(), Some("dir-A"));
        let runs: Vec<&str> = many["timings"].as_array().unwrap().iter().filter_map(|t| t["run"].as_str()).collect();
        assert_eq!(runs, ["B", "B", "C"]);
        assert_eq!(many["runs"][1]["label"].as_str(), Some("C"));
    }
}
