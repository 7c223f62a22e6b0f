//! The charts of a `check` experiment: per question, the solver's median seconds (beside
//! the engine's where the table has them) on the positions where a call took 1 ms or
//! more, log scale. Shorter times are the timer's noise and stay in the table alone
//! ([`RESOLUTION_SECONDS`]); an answer that passed the time limit is marked at the limit,
//! never drawn as a time.
//!
//! The charts are grouped by the question as the CSV writes it and named by `asked`
//! where the table has it (the question in the assignment's words).
//!
//! Positions named `BASE, N WORDS` (`spel4.txt, 3 moves undone`: one series of calls from
//! one start) are drawn as lines over `N`, one per `BASE`; other positions as bars.

use super::chart::{Chart, Layout, Series};
use super::language::Language;
use crate::results::csv_table::{is_ok, CsvTable};
use crate::results::row::{RESOLUTION_SECONDS, STATUS};

/// The columns the charts read (`engine_seconds`, `verdict`, `status` and `time_limit`
/// where the table has them). A time limit is marked only where the reference answered
/// (status ok): where it did not, the answer was not checked.
pub const CHECK_CHART_COLUMNS: &[&str] = &["position", "question", "solver_seconds"];

/// One chart per question with at least two positions to draw, in the order the
/// questions first appear.
pub fn check_charts(name: &str, table: &CsvTable, language: Language) -> Vec<Chart> {
    let mut questions: Vec<&str> = Vec::new();
    for q in table.column("question") {
        if !questions.contains(&q) {
            questions.push(q);
        }
    }
    questions.into_iter().filter_map(|q| question_chart(name, table, q, language)).collect()
}

/// One answer as a chart draws it.
struct Drawn<'a> {
    position: &'a str,
    /// The solver's median seconds, where 1 ms or more.
    solver: Option<f64>,
    /// The engine's, likewise (none in an assignment's report).
    engine: Option<f64>,
    /// Whether the solver passed the time limit here.
    limited: bool,
}

fn drawn_rows<'a>(table: &'a CsvTable, question: &str, limit: Option<f64>) -> Vec<Drawn<'a>> {
    let timed = |r: &[String], column: &str| table.number(r, column).filter(|s| *s >= RESOLUTION_SECONDS);
    table
        .rows
        .iter()
        .filter(|r| table.cell(r, "question") == Some(question))
        .map(|r| Drawn {
            position: table.cell(r, "position").unwrap_or_default(),
            solver: timed(r, "solver_seconds"),
            engine: timed(r, "engine_seconds"),
            // A call past another limit than the chart's (an entry of its own) is in the
            // table alone: the chart marks one limit, the one its caption names.
            limited: limit.is_some()
                && table.number(r, "time_limit") == limit
                && table.cell(r, "verdict") == Some("time-limit")
                && table.cell(r, STATUS).is_none_or(is_ok),
        })
        .filter(|d| d.solver.is_some() || d.engine.is_some() || d.limited)
        .collect()
}

/// The series base and step of a position named `BASE, N WORDS`, with `WORDS`.
fn step_of(position: &str) -> Option<(&str, u32, &str)> {
    let (base, tail) = position.rsplit_once(", ")?;
    let (n, words) = tail.split_once(' ')?;
    Some((base, n.parse().ok()?, words))
}

/// The words of the charts of one question.
struct Words {
    title: String,
    caption: String,
    x_label: String,
}

fn question_chart(name: &str, table: &CsvTable, raw_question: &str, language: Language) -> Option<Chart> {
    let question = (table.rows.iter())
        .find(|r| table.cell(r, "question") == Some(raw_question))
        .and_then(|r| table.cell(r, "asked"))
        .unwrap_or(raw_question);
    let limit = table.rows.iter().find_map(|r| table.number(r, "time_limit")).filter(|l| *l > 0.0);
    let rows = drawn_rows(table, raw_question, limit);
    if rows.iter().filter(|d| d.solver.is_some() || d.engine.is_some()).count() < 2 {
        return None;
    }
    let with_engine = table.index("engine_seconds").is_some() && rows.iter().any(|d| d.engine.is_some());
    let stem: String = raw_question.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    let limited = rows.iter().any(|d| d.limited);
    let steps: Option<Vec<(&str, u32, &str)>> = rows.iter().map(|d| step_of(d.position)).collect();
    // The program's bars alone repeat one column of its table, which shows the same numbers
    // to the digit: a bar chart compares (the engine's bars beside the program's); a series
    // of calls is drawn as lines, where the growth shows.
    let lines = steps.as_ref().is_some_and(|s| distinct_steps(s) >= 2);
    if !lines && !with_engine {
        return None;
    }
    let (layout, series, words) = match steps.filter(|s| distinct_steps(s) >= 2) {
        Some(steps) => {
            // The axis takes the words of the largest step (the plural: `3 moves undone`).
            let x = steps.iter().max_by_key(|s| s.1).map_or("", |s| s.2);
            let words = words(name, question, Some(x), (limited, limit), with_engine, language);
            (Layout::Lines, step_series(&rows, &steps, limit, with_engine, language), words)
        }
        None => {
            let words = words(name, question, None, (limited, limit), with_engine, language);
            let categories = rows.iter().map(|d| d.position.to_string()).collect();
            (Layout::Bars { categories }, bar_series(&rows, limit, with_engine, language), words)
        }
    };
    Some(Chart {
        name: format!("{name}-{stem}-seconds"),
        title: words.title,
        caption: words.caption,
        x_label: words.x_label,
        y_label: language.pick("seconds", "seconden").to_string(),
        log_y: true,
        integer_x: true,
        layout,
        series,
    })
}

fn distinct_steps(steps: &[(&str, u32, &str)]) -> usize {
    let mut ns: Vec<u32> = steps.iter().map(|s| s.1).collect();
    ns.sort_unstable();
    ns.dedup();
    ns.len()
}

fn series(name: String, points: Vec<(f64, f64)>) -> Series {
    Series { name, points, reference: false, intervals: Vec::new() }
}

/// The legends of the solver's, the engine's and the limit's series.
fn legends(with_engine: bool, limit: Option<f64>, language: Language) -> [String; 3] {
    let limit = limit.map_or_else(String::new, |l| format!(" ({l} s)"));
    match with_engine {
        true => ["solver".to_string(), "engine (reference)".to_string(), format!("solver past the time limit{limit}")],
        false => [
            language.pick("our program", "ons programma").to_string(),
            String::new(),
            format!("{}{limit}", language.pick("past the time limit", "over de tijdslimiet")),
        ],
    }
}

/// Per base: the solver's line (and the engine's), then a marker at the limit where a
/// call passed it; bases with nothing to draw are left out.
fn step_series(
    rows: &[Drawn<'_>],
    steps: &[(&str, u32, &str)],
    limit: Option<f64>,
    with_engine: bool,
    language: Language,
) -> Vec<Series> {
    let [solver, engine, past] = legends(with_engine, limit, language);
    let mut bases: Vec<&str> = Vec::new();
    for s in steps {
        if !bases.contains(&s.0) {
            bases.push(s.0);
        }
    }
    let mut out = Vec::new();
    for base in bases {
        let of_base = || rows.iter().zip(steps).filter(move |(_, s)| s.0 == base);
        let line = |pick: fn(&Drawn<'_>) -> Option<f64>| -> Vec<(f64, f64)> {
            of_base().filter_map(|(d, s)| Some((f64::from(s.1), pick(d)?))).collect()
        };
        let named = |what: &str| match with_engine {
            true => format!("{base}: {what}"),
            false if what == solver => base.to_string(),
            false => format!("{base}: {what}"),
        };
        out.push(series(named(&solver), line(|d| d.solver)));
        if with_engine {
            out.push(series(named(&engine), line(|d| d.engine)));
        }
        if let Some(limit) = limit {
            let marks: Vec<(f64, f64)> =
                of_base().filter(|(d, _)| d.limited).map(|(_, s)| (f64::from(s.1), limit)).collect();
            out.push(series(named(&past), marks));
        }
    }
    out.retain(|s| !s.points.is_empty());
    out
}

/// The solver's bars (and the engine's), and a bar at the limit where the solver passed it.
fn bar_series(rows: &[Drawn<'_>], limit: Option<f64>, with_engine: bool, language: Language) -> Vec<Series> {
    let [solver, engine, past] = legends(with_engine, limit, language);
    let bars = |pick: &dyn Fn(&Drawn<'_>) -> Option<f64>| -> Vec<(f64, f64)> {
        rows.iter().enumerate().filter_map(|(i, d)| Some((i as f64, pick(d)?))).collect()
    };
    let mut out = vec![series(solver, bars(&|d| d.solver))];
    if with_engine {
        out.push(series(engine, bars(&|d| d.engine)));
    }
    if let Some(limit) = limit {
        let marks = bars(&|d| d.limited.then_some(limit));
        if !marks.is_empty() {
            out.push(series(past, marks));
        }
    }
    out
}

fn words(
    name: &str,
    question: &str,
    steps: Option<&str>,
    (limited, limit): (bool, Option<f64>),
    with_engine: bool,
    language: Language,
) -> Words {
    let limit = limit.map_or_else(String::new, |l| format!("{l}"));
    if with_engine {
        let over = match (steps, limited) {
            (Some(x), _) => format!("against {x}, one line per start"),
            (None, _) => "on each position".to_string(),
        };
        let mark =
            if limited { format!("; a mark at the limit where the solver passed {limit} s") } else { String::new() };
        return Words {
            title: format!("Question {question} ({name}): seconds, solver and engine"),
            caption: format!(
                "Question {question} ({name}): the solver's median seconds beside the engine's (the reference) {over}, \
                 in the same paired rounds (log scale; times under 1 ms are left out{mark}; the table gives the ratio, \
                 its interval and the verdict)."
            ),
            x_label: steps.unwrap_or("position").to_string(),
        };
    }
    let (title, x_label) = match language {
        Language::En => (format!("{question}: our program's seconds"), steps.unwrap_or("instance")),
        Language::Nl => (format!("{question}: de seconden van ons programma"), steps.unwrap_or("instantie")),
    };
    let caption = match (language, steps) {
        (Language::En, Some(x)) => format!(
            "{question}: our program's time in seconds, as in the table, against {x}, one line per start (log scale; \
             calls under 1 ms are in the table alone{}).",
            if limited {
                format!("; a mark at the limit where a call passed the time limit of {limit} s")
            } else {
                String::new()
            }
        ),
        (Language::En, None) => format!(
            "{question}: our program's time in seconds, as in the table, on each instance where it took 1 ms or more \
             (log scale; shorter times are in the table alone{}).",
            if limited {
                format!("; a bar at the limit where it passed the time limit of {limit} s")
            } else {
                String::new()
            }
        ),
        (Language::Nl, Some(x)) => format!(
            "{question}: de tijd in seconden van ons programma, zoals in de tabel, tegen het aantal {x}, één lijn \
             per beginstand (logaritmische schaal; aanroepen onder 1 ms staan alleen in de tabel{}).",
            if limited {
                format!("; een punt op de limiet waar een aanroep de tijdslimiet van {limit} s overschreed")
            } else {
                String::new()
            }
        ),
        (Language::Nl, None) => format!(
            "{question}: de tijd in seconden van ons programma, zoals in de tabel, op elke instantie waar het 1 ms of \
             langer nodig had (logaritmische schaal; kortere tijden staan alleen in de tabel{}).",
            if limited {
                format!("; een staaf op de limiet waar het de tijdslimiet van {limit} s overschreed")
            } else {
                String::new()
            }
        ),
    };
    Words { title, caption, x_label: x_label.to_string() }
}

/// The name of the chart of `question` in experiment `name` where `table` draws one, for
/// an answer to cite ([`super::answers::Part::Chart`]).
pub fn chart_of(name: &str, table: &CsvTable, question: &str, language: Language) -> Option<String> {
    question_chart(name, table, question, language).map(|c| c.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table;

    #[test]
    fn calls_under_1_ms_are_not_drawn_and_the_engine_stands_beside_the_solver() {
        let t = test_table(
            "position,question,solver_seconds,engine_seconds\n\
             spel1.txt,moves,,\n\
             spel1.txt,best,0.5,0.01\n\
             random 1,best,0.2,0.002\n\
             random 2,best,0.0004,0.0002\n\
             random 1,good,,0.3\n",
        );
        let charts = check_charts("c", &t, Language::En);
        assert_eq!(charts.len(), 1, "moves untimed, good on one position alone: {charts:?}");
        let c = &charts[0];
        assert_eq!(c.name, "c-best-seconds");
        assert_eq!(c.layout, Layout::Bars { categories: vec!["spel1.txt".into(), "random 1".into()] });
        assert_eq!(c.series[0].points, [(0.0, 0.5), (1.0, 0.2)]);
        assert_eq!(c.series[1].name, "engine (reference)");
        assert_eq!(c.series[1].points, [(0.0, 0.01), (1.0, 0.002)], "random 2, under 1 ms, is not drawn");
        assert!(c.log_y);
    }

    #[test]
    fn without_the_engines_times_the_programs_bars_are_left_to_its_table() {
        let t = test_table("position,question,solver_seconds\na,best,0.5\nb,best,0.2\nc,best,0.3\n");
        assert!(check_charts("c", &t, Language::En).is_empty(), "bars alone repeat the table's column");
        let steps = test_table(
            "position,question,solver_seconds\n\"s, 1 move undone\",best,0.5\n\"s, 2 moves undone\",best,0.9\n",
        );
        let charts = check_charts("c", &steps, Language::En);
        assert_eq!(charts[0].series.len(), 1, "a series of calls is drawn as a line");
        assert_eq!(charts[0].series[0].name, "s");
        assert!(!charts[0].caption.contains("engine"), "{}", charts[0].caption);
    }

    #[test]
    fn a_position_under_1_ms_alone_draws_no_chart() {
        let t = test_table("position,question,solver_seconds\na,best,0.0005\nb,best,0.2\n");
        assert!(check_charts("c", &t, Language::En).is_empty());
    }

    #[test]
    fn a_series_of_calls_is_a_line_per_start_and_a_time_limit_is_marked_at_the_limit() {
        let t = test_table(
            "position,question,verdict,solver_seconds,time_limit\n\
             \"spel4.txt, 1 moves undone\",best,correct,0.0001,300\n\
             \"spel4.txt, 2 moves undone\",best,correct,0.002,300\n\
             \"spel4.txt, 3 moves undone\",best,correct,0.9,300\n\
             \"spel4.txt, 4 moves undone\",best,time-limit,,300\n\
             \"spel5.txt, 1 moves undone\",best,correct,0.004,300\n\
             \"random 1, 1 moves undone\",best,correct,0.00001,300\n",
        );
        let c = &check_charts("s", &t, Language::En)[0];
        assert_eq!(c.layout, Layout::Lines);
        assert_eq!(c.x_label, "moves undone");
        let names: Vec<&str> = c.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            ["spel4.txt", "spel4.txt: past the time limit (300 s)", "spel5.txt"],
            "random 1 has nothing over 1 ms"
        );
        assert_eq!(c.series[0].points, [(2.0, 0.002), (3.0, 0.9)]);
        assert_eq!(c.series[1].points, [(4.0, 300.0)]);
        assert!(c.caption.contains("time limit of 300 s"), "{}", c.caption);
    }

    #[test]
    fn a_time_limit_among_positions_is_a_bar_of_its_own_at_the_limit() {
        let t = test_table(
            "position,question,verdict,solver_seconds,engine_seconds,time_limit\n4x5,count,correct,0.01,0.02,60\n\
             3x20,count,time-limit,,30,60\n5x8,count,correct,2.5,1.0,60\n",
        );
        let c = &check_charts("s", &t, Language::Nl)[0];
        assert_eq!(c.series[2].name, "solver past the time limit (60 s)");
        assert_eq!(c.series[0].points, [(0.0, 0.01), (2.0, 2.5)]);
        assert_eq!(c.series[1].points, [(0.0, 0.02), (1.0, 30.0), (2.0, 1.0)]);
        assert_eq!(c.series[2].points, [(1.0, 60.0)]);
        assert!(c.caption.starts_with("Question count (s)"), "{}", c.caption);
    }

    #[test]
    fn charts_group_by_the_csvs_question_and_take_the_assignments_name() {
        let t = test_table(
            "position,question,asked,solver_seconds,engine_seconds\n\
             \"a, 1 undone\",sweep,besteScore,0.5,0.1\n\
             \"a, 2 undone\",sweep,besteScore,0.7,0.2\n\
             b,best,besteScore,0.2,0.1\n\
             c,best,besteScore,0.3,0.1\n\
             d,best,besteScore,0.4,0.1\n",
        );
        let charts = check_charts("x", &t, Language::En);
        assert_eq!(charts.len(), 2);
        assert_eq!((charts[0].name.as_str(), &charts[0].layout), ("x-sweep-seconds", &Layout::Lines));
        assert!(charts[1].caption.starts_with("Question besteScore (x)"), "{}", charts[1].caption);
    }

    #[test]
    fn limits_alone_or_of_unchecked_answers_draw_nothing() {
        let t = test_table(
            "position,question,verdict,solver_seconds,time_limit,status\n\
             a,best,time-limit,,300,timeout\nb,best,time-limit,,300,ok\nc,best,correct,0.5,300,ok\n",
        );
        assert!(check_charts("x", &t, Language::En).is_empty(), "one time and one limit: nothing to compare");
        let t = test_table(
            "position,question,verdict,solver_seconds,engine_seconds,time_limit,status\n\
             a,best,time-limit,,,300,timeout\nb,best,time-limit,,1,300,ok\nc,best,correct,0.5,0.4,300,ok\n\
             d,best,correct,2,1.5,300,ok\n",
        );
        let c = &check_charts("x", &t, Language::En)[0];
        assert_eq!(
            c.layout,
            Layout::Bars { categories: vec!["b".into(), "c".into(), "d".into()] },
            "a: the reference stopped"
        );
    }

    #[test]
    fn a_question_word_with_spaces_makes_a_safe_file_stem() {
        let t = test_table("position,question,solver_seconds,engine_seconds\na,count smart,1,2\nb,count smart,1,2\n");
        assert_eq!(check_charts("x", &t, Language::En)[0].name, "x-count-smart-seconds");
    }
}
