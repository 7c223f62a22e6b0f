//! A program's tiling answers as the assignment asks for them in one table: a row per
//! instance, and for each of dumb and smart find and count the positions visited and the
//! time, with the number of solutions (the engine's `table` kind has the same columns).
//! The `check` table a row per question stays in the CSV and on the harness's page.

use super::asked_answers::{find_positions, parse_count};
use crate::report::asked::{agreed, checked, named_positions, past_limit, row};
use crate::report::language::Language;
use crate::results::csv_table::CsvTable;

/// The questions in the columns' order, each with its columns' prefix.
const SEARCHES: [(&str, &str); 4] = [
    ("find dumb", "dumb_find"),
    ("find smart", "smart_find"),
    ("count dumb", "dumb_count"),
    ("count smart", "smart_count"),
];

/// The table of a program's answers `t` (a row per position and question) as a row per
/// named instance; `None` where an answer was wrong (the per-question table then shows
/// it with its verdict) or no instance was named.
pub fn per_instance(t: &CsvTable, _language: Language) -> Option<CsvTable> {
    let wrong = |r: &Vec<String>| checked(t, r) && !agreed(t, r) && t.cell(r, "verdict") != Some("time-limit");
    if t.rows.iter().any(wrong) {
        return None;
    }
    let positions = named_positions(t);
    if positions.is_empty() {
        return None;
    }
    let mut columns = vec!["instance".to_string()];
    for (_, prefix) in &SEARCHES[..2] {
        columns.extend([format!("{prefix}_positions"), format!("{prefix}_seconds")]);
    }
    columns.push("solutions".to_string());
    for (_, prefix) in &SEARCHES[2..] {
        columns.extend([format!("{prefix}_positions"), format!("{prefix}_seconds")]);
    }
    let rows = positions.iter().map(|p| instance_row(t, p)).collect();
    Some(CsvTable::derived(&t.path, columns, rows))
}

/// Whether a program's answers on `position` are the own instance's: a named position
/// that is none of the assignment's (the report joins a run's tables of answers into one,
/// the own instance last).
pub fn is_own_position(position: &str) -> bool {
    !position.starts_with("random ") && super::answers::is_own(position)
}

/// One instance's cells: positions and seconds of each search (empty where the program
/// gave no answer; the time a bound, `> 240`, where its call passed the limit), the
/// solutions between the finds and the counts.
fn instance_row(t: &CsvTable, position: &str) -> Vec<String> {
    let mut out = vec![position.to_string()];
    let answered = |question: &str| row(t, position, question).filter(|r| t.cell(r, "verdict") != Some("time-limit"));
    let cells = |question: &str| -> [String; 2] {
        let Some(r) = answered(question) else {
            let past = row(t, position, question).and_then(|r| past_limit(t, r));
            return [String::new(), past.unwrap_or_default()];
        };
        let given = t.cell(r, "given").unwrap_or_default();
        let visited = parse_count(given).map(|c| c.1).or_else(|| find_positions(given));
        [
            visited.map(|v| v.to_string()).unwrap_or_default(),
            t.cell(r, "solver_seconds").unwrap_or_default().to_string(),
        ]
    };
    for (question, _) in &SEARCHES[..2] {
        out.extend(cells(question));
    }
    let solutions = ["count dumb", "count smart"]
        .iter()
        .find_map(|q| parse_count(t.cell(answered(q)?, "given")?))
        .map(|c| c.0.to_string())
        .unwrap_or_default();
    out.push(solutions);
    for (question, _) in &SEARCHES[2..] {
        out.extend(cells(question));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table;

    #[test]
    fn a_row_per_instance_with_every_search_and_the_solutions() {
        let t = test_table(
            "position,question,given,verdict,solver_positions,solver_seconds,status\n\
             4x5 stenen1,find dumb,\"tiling 1 1 / 2 2, positions 19\",correct,19,0.0001,ok\n\
             4x5 stenen1,find smart,\"tiling 1 1 / 2 2, positions 12\",correct,12,0.0002,ok\n\
             4x5 stenen1,count dumb,\"solutions 16, positions 489\",correct,489,0.0003,ok\n\
             4x5 stenen1,count smart,,time-limit,,,ok\n\
             random 1,count dumb,\"solutions 1, positions 2\",correct,2,0.0001,ok\n",
        );
        let p = per_instance(&t, Language::En).unwrap();
        assert_eq!(p.columns[0], "instance");
        assert_eq!(p.columns[5], "solutions");
        assert_eq!(p.rows, [["4x5 stenen1", "19", "0.0001", "12", "0.0002", "16", "489", "0.0003", "", ""]]);
        // With its limit recorded, a call past it shows its time as a bound.
        let mut limited = t.clone();
        limited.columns.push("time_limit".into());
        limited.rows.iter_mut().for_each(|r| r.push("240".into()));
        let p = per_instance(&limited, Language::En).unwrap();
        assert_eq!(p.rows[0][8..], ["", "> 240"]);
    }

    #[test]
    fn a_wrong_answer_keeps_the_table_a_row_per_question() {
        let t = test_table(
            "position,question,given,verdict,solver_positions,solver_seconds,status\n\
             4x5 stenen1,count dumb,\"solutions 17, positions 489\",wrong,489,0.0003,ok\n",
        );
        assert!(per_instance(&t, Language::En).is_none());
    }
}
