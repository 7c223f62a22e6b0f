//! The charts of a `check` experiment: per question, the solver's median seconds beside
//! the engine's on every position where both were timed (bars, log scale), so a report
//! shows the solver's times beside the reference's; of a table without the engine's
//! times (an assignment's report shows the program's columns alone), the solver's alone.

use super::chart::{Chart, Layout, Series};
use super::language::Language;
use crate::results::csv_table::CsvTable;

/// The columns the charts read.
pub const CHECK_CHART_COLUMNS: &[&str] = &["position", "question", "solver_seconds"];

/// One chart per question with a position where both the solver and the engine were
/// timed, in the order the questions first appear.
pub fn check_charts(name: &str, table: &CsvTable, language: Language) -> Vec<Chart> {
    let mut questions: Vec<&str> = Vec::new();
    for q in table.column("question") {
        if !questions.contains(&q) {
            questions.push(q);
        }
    }
    questions.into_iter().filter_map(|q| question_chart(name, table, q, language)).collect()
}

fn question_chart(name: &str, table: &CsvTable, question: &str, language: Language) -> Option<Chart> {
    let with_engine = table.index("engine_seconds").is_some();
    let timed: Vec<(&str, f64, f64)> = table
        .rows
        .iter()
        .filter(|r| table.cell(r, "question") == Some(question))
        .filter_map(|r| {
            let solver = table.number(r, "solver_seconds").filter(|s| *s > 0.0)?;
            let engine = match with_engine {
                true => table.number(r, "engine_seconds").filter(|s| *s > 0.0)?,
                false => f64::NAN,
            };
            Some((table.cell(r, "position")?, solver, engine))
        })
        .collect();
    if timed.is_empty() {
        return None;
    }
    let series = |legend: &str, pick: fn(&(&str, f64, f64)) -> f64| Series {
        name: legend.to_string(),
        points: timed.iter().enumerate().map(|(i, t)| (i as f64, pick(t))).collect(),
        reference: false,
        intervals: Vec::new(),
    };
    let stem: String = question.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    let (title, caption, all) = match (with_engine, language) {
        (false, Language::Nl) => (
            format!("Vraag {question} ({name}): de seconden van het programma"),
            format!(
                "Vraag {question}: de mediane tijd in seconden van het programma op elke stand die het beantwoordde (logaritmische schaal)."
            ),
            vec![series("het programma", |t| t.1)],
        ),
        (true, _) => (
            format!("Question {question} ({name}): seconds, solver and engine"),
            format!(
                "Question {question}: the solver's median seconds beside the engine's (the reference) on each \
                 position where both answered, in the same paired rounds (log scale; the table gives the ratio, its \
                 interval and the verdict)."
            ),
            vec![series("solver", |t| t.1), series("engine (reference)", |t| t.2)],
        ),
        (false, Language::En) => (
            format!("Question {question} ({name}): the program's seconds"),
            format!("Question {question}: the program's median seconds on each position it answered (log scale)."),
            vec![series("the program", |t| t.1)],
        ),
    };
    Some(Chart {
        name: format!("{name}-{stem}-seconds"),
        title,
        caption,
        x_label: language.pick("position", "stand").to_string(),
        y_label: language.pick("seconds", "seconden").to_string(),
        log_y: true,
        integer_x: true,
        layout: Layout::Bars { categories: timed.iter().map(|t| t.0.to_string()).collect() },
        series: all,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table;

    #[test]
    fn one_chart_per_timed_question_with_both_programs_side_by_side() {
        let t = test_table(
            "position,question,solver_seconds,engine_seconds\n\
             spel1.txt,moves,,\n\
             spel1.txt,best,0.5,0.01\n\
             random 1,best,0.2,0.002\n\
             random 1,good,,0.3\n",
        );
        let charts = check_charts("c", &t, Language::En);
        assert_eq!(charts.len(), 1, "moves untimed, good without the solver's time: {charts:?}");
        let c = &charts[0];
        assert_eq!(c.name, "c-best-seconds");
        assert_eq!(c.layout, Layout::Bars { categories: vec!["spel1.txt".into(), "random 1".into()] });
        assert_eq!(c.series[0].points, [(0.0, 0.5), (1.0, 0.2)]);
        assert_eq!(c.series[1].name, "engine (reference)");
        assert_eq!(c.series[1].points, [(0.0, 0.01), (1.0, 0.002)]);
        assert!(c.log_y);
    }

    #[test]
    fn without_the_engines_times_the_program_stands_alone() {
        let t = test_table("position,question,solver_seconds\na,best,0.5\nb,best,0.2\n");
        let charts = check_charts("c", &t, Language::En);
        assert_eq!(charts[0].series.len(), 1);
        assert_eq!(charts[0].series[0].name, "the program");
        assert!(!charts[0].caption.contains("engine"), "{}", charts[0].caption);
    }

    #[test]
    fn a_question_word_with_spaces_makes_a_safe_file_stem() {
        let t = test_table("position,question,solver_seconds,engine_seconds\na,count smart,1,2\n");
        assert_eq!(check_charts("x", &t, Language::En)[0].name, "x-count-smart-seconds");
    }
}
