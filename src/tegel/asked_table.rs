//! A program's tile-game answers as the assignment asks for them in a table: the
//! answers to its questions (besteScore, bepaalGoedeZet, the greedy move) without the
//! checks of the class's other member functions that they rest on (the distinct moves,
//! the end test, doing and undoing a move, which the CSV and the harness's page keep);
//! and the experiment of moves undone as one row per number of moves undone, the
//! instances side by side (positions visited and seconds each).

use crate::report::asked::{body_view, past_limit, program_view};
use crate::report::asked_words::worded;
use crate::report::language::Language;
use crate::results::csv_table::CsvTable;

/// The questions a row per question shows: the checks of the other member functions are
/// left out of the assignment's body.
const SUPPORTING: [&str; 3] = ["moves", "end", "do-undo"];

/// `t` (a program's answers, a row per position and question) as the assignment's table.
pub fn assignment_shape(t: &CsvTable, language: Language) -> Option<CsvTable> {
    let mut asked = t.clone();
    asked.rows.retain(|r| !t.cell(r, "question").is_some_and(|q| SUPPORTING.contains(&q)));
    // The whole games' table: the games alone (the good and best moves they are made of
    // are the other tables' answers, asked again with the games' own seeds).
    if asked.rows.iter().any(|r| t.cell(r, "question") == Some("match")) {
        asked.rows.retain(|r| t.cell(r, "question") == Some("match"));
    }
    if asked.rows.is_empty() {
        return None;
    }
    if let Some(sweep) = sweep_side_by_side(&asked) {
        return Some(sweep);
    }
    Some(program_view(worded(body_view(&asked), &asked, super::asked_words::words, language), &asked))
}

/// The sweep's rows (`spel4.txt undone 3`) as a row per number of moves undone and, for
/// each instance, its positions visited and seconds; `None` where a row is not a
/// sweep's step (but the start's besteScore, which the steps stand for) or an answer
/// was wrong (the row-per-question table then shows it).
fn sweep_side_by_side(t: &CsvTable) -> Option<CsvTable> {
    let mut instances: Vec<&str> = Vec::new();
    let mut most = 0;
    for r in &t.rows {
        // The start position's own besteScore beside a sweep is the step of every move
        // undone; past the time limit it adds no row to the table.
        match t.cell(r, "question") {
            Some("sweep") => {}
            Some("best") if t.cell(r, "verdict") != Some("wrong") => continue,
            _ => return None,
        }
        let verdict = t.cell(r, "verdict").unwrap_or_default();
        if !matches!(verdict, "correct" | "time-limit") {
            return None;
        }
        let (instance, undone) = step_of(t.cell(r, "position")?)?;
        if instance.starts_with("random ") {
            continue;
        }
        if !instances.contains(&instance) {
            instances.push(instance);
        }
        most = most.max(undone);
    }
    if instances.is_empty() {
        return None;
    }
    let mut columns = vec!["moves_undone".to_string()];
    for i in &instances {
        columns.extend([format!("{i}_positions"), format!("{i}_seconds")]);
    }
    let cells = |instance: &str, undone: u32| -> [String; 2] {
        let step = t.rows.iter().find(|r| {
            t.cell(r, "position").and_then(step_of) == Some((instance, undone))
                && t.cell(r, "verdict") == Some("correct")
        });
        match step {
            Some(r) => [
                t.cell(r, "solver_positions").unwrap_or_default().to_string(),
                t.cell(r, "solver_seconds").unwrap_or_default().to_string(),
            ],
            // The call that passed the limit shows its time as a bound; those not asked after it nothing.
            None => {
                let late = t.rows.iter().find(|r| t.cell(r, "position").and_then(step_of) == Some((instance, undone)));
                [String::new(), late.and_then(|r| past_limit(t, r)).unwrap_or_default()]
            }
        }
    };
    let rows = (1..=most)
        .map(|undone| {
            let mut row = vec![undone.to_string()];
            for i in &instances {
                row.extend(cells(i, undone));
            }
            row
        })
        .collect();
    Some(CsvTable::derived(&t.path, columns, rows))
}

/// A sweep step's instance and moves undone (`spel4.txt undone 3`).
fn step_of(position: &str) -> Option<(&str, u32)> {
    let (instance, n) = position.rsplit_once(" undone ")?;
    Some((instance, n.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table;

    #[test]
    fn the_sweep_is_a_row_per_move_undone_with_the_instances_side_by_side() {
        let t = test_table(
            "position,question,given,verdict,solver_positions,solver_seconds,status\n\
             a.txt undone 1,sweep,x,correct,2,0.1,ok\na.txt undone 2,sweep,,time-limit,,,ok\n\
             b.txt undone 1,sweep,x,correct,3,0.2,ok\nb.txt undone 2,sweep,x,correct,9,0.4,ok\n\
             a.txt,best,,time-limit,,,ok\nrandom 1 undone 1,sweep,x,correct,1,0.1,ok\n",
        );
        let s = assignment_shape(&t, Language::En).unwrap();
        assert_eq!(s.columns, ["moves_undone", "a.txt_positions", "a.txt_seconds", "b.txt_positions", "b.txt_seconds"]);
        assert_eq!(s.rows, [["1", "2", "0.1", "3", "0.2"], ["2", "", "", "9", "0.4"]]);
        // With its limit recorded, the call past it shows its time as a bound.
        let mut limited = t.clone();
        limited.columns.push("time_limit".into());
        limited.rows.iter_mut().for_each(|r| r.push("300".into()));
        let s = assignment_shape(&limited, Language::En).unwrap();
        assert_eq!(s.rows[1], ["2", "", "> 300", "9", "0.4"]);
    }

    #[test]
    fn other_questions_keep_a_row_each_without_the_supporting_checks() {
        let t = test_table(
            "position,question,given,verdict,solver_positions,solver_seconds,status\n\
             a.txt,best,\"score 0, move 0b, positions 5\",correct,5,0.1,ok\na.txt,moves,0b 0g,correct,,,ok\n\
             a.txt,end,no,correct,,,ok\n",
        );
        let s = assignment_shape(&t, Language::En).unwrap();
        assert_eq!(s.column("positions"), ["5"]);
        // One question left: the caption names it, so no column repeats it.
        assert!(s.index("question").is_none(), "{:?}", s.columns);
        let mut two = t.clone();
        two.rows.push(two.rows[1].clone());
        two.rows[3] = vec!["a.txt", "good", "0b", "correct", "", "0.1", "ok"].into_iter().map(String::from).collect();
        let s = assignment_shape(&two, Language::En).unwrap();
        assert_eq!(s.column("question"), ["besteScore", "bepaalGoedeZet"]);
    }
}
