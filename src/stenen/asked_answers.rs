//! The tiling's answers S1 to S6 when the results are a solver's (`harness run --solver`):
//! every number is the program's own answer or time, from the `check` table that stands in
//! for `stenen_table`, each said with whether the reference gave the same. The reference,
//! its times and the run stay out of these sentences (they are in the table's CSV and,
//! with `--appendix`, in the report's appendix).

use super::answers::{is_own, ASSIGNMENT, OWN_WINDOW, QUESTIONS};
use crate::report::answers::{count, counted, Answer, Sentences};
use crate::report::asked::{
    agreed, asked, check_words, checked, course_files, named_positions, row, seconds_words, summary, time_words,
};
use crate::report::language::Language;
use crate::report::Loaded;
use crate::results::csv_table::CsvTable;

/// Every answer S1 to S6 from the solver's table among `own`.
pub fn answers(own: &[&Loaded], language: Language) -> Vec<Answer> {
    let table = asked(own, "table");
    let texts =
        [intro(own, table), successors(table), regions(table), four_by_five(table), instances(table), identical(table)];
    QUESTIONS
        .iter()
        .zip(texts)
        .map(|(&(id, question), text)| Answer { id, question, parts: text.0, shows: vec![] })
        .collect()
}

/// A count answer as the protocol's check writes it (`solutions 16, positions 489`):
/// solutions and positions.
pub fn parse_count(text: &str) -> Option<(u64, u64)> {
    let (solutions, positions) = text.split_once(", ")?;
    Some((solutions.strip_prefix("solutions ")?.parse().ok()?, positions.strip_prefix("positions ")?.parse().ok()?))
}

/// The positions a find answer visited (`tiling ..., positions 19`, `no tiling, positions 7`).
pub fn find_positions(text: &str) -> Option<u64> {
    text.rsplit_once(", positions ")?.1.parse().ok()
}

fn intro(own: &[&Loaded], table: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    s.text(
        "A board of h by b cells must be covered exactly by a set of stones (polyominoes), each used once, in any of \
         its eight orientations. The program finds one tiling and counts all tilings, dumb (backtracking without \
         duplicates) and smart (also cutting off boards whose empty regions cannot be filled). ",
    );
    s.text(summary(own));
    let mut files: Vec<String> = Vec::new();
    for p in table.map(|l| named_positions(&l.table)).unwrap_or_default() {
        let file = format!("{}.in", p.rsplit(' ').next().unwrap_or(p));
        if !files.contains(&file) {
            files.push(file);
        }
    }
    let course = course_files(own);
    let (theirs, made): (Vec<String>, Vec<String>) =
        files.into_iter().partition(|f| course.contains(f) || f == "stenen1.in");
    let mut parts = Vec::new();
    if !theirs.is_empty() {
        parts.push(format!("{}, the course's", theirs.join(", ")));
    }
    if !made.is_empty() {
        parts.push(format!(
            "{}, made for these measurements (not the course's files of the same names)",
            made.join(", ")
        ));
    }
    parts.push("seeded random boards and stones of growing size (random 1, random 2, ...)".to_string());
    s.text(format!("The stones files asked are {}.", parts.join("; ")));
    s
}

/// The rows of `question` (`find dumb`, ...) with an answer, and how many agreed.
fn agreement(t: &CsvTable, prefix: &str) -> (usize, usize) {
    let rows: Vec<&Vec<String>> = t
        .rows
        .iter()
        .filter(|r| t.cell(r, "question").is_some_and(|q| q.starts_with(prefix)) && checked(t, r))
        .collect();
    (rows.iter().filter(|r| agreed(t, r)).count(), rows.len())
}

fn agreement_sentence(s: &mut Sentences, table: &Loaded, prefix: &str, what: &str) {
    let (same, n) = agreement(&table.table, prefix);
    let text = match (same, n) {
        (_, 0) => format!("No {prefix} answer of the program was checked in these results."),
        (a, n) if a == n => format!(
            "On every one of its {} the program gave the reference's number of positions visited and its \
             answer: {what}",
            counted(&count(n as u64), &format!("{prefix} answer"))
        ),
        (a, n) => format!(
            "On {a} of its {} the program gave the reference's positions and answer; the others are marked in the \
             table.",
            counted(&count(n as u64), &format!("{prefix} answer"))
        ),
    };
    s.text(text).text(" (").table(&table.name).text(").");
}

fn successors(table: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    s.text(
        "The reference the program is checked against covers the first empty cell in row-major order, with every \
         unplaced stone in each of its distinct orientations placed so that its first cell lands on that cell; \
         every tiling covers that cell with exactly one stone, so each position is built once. ",
    );
    match table {
        Some(t) => agreement_sentence(
            &mut s,
            t,
            "count",
            "its search builds the same positions, each once, or its counts of positions would differ.",
        ),
        None => {
            s.text("The program was not asked in these results.");
        }
    }
    s
}

fn regions(table: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    s.text(
        "The reference's smart search grows the empty cells next to each new stone into 4-connected regions and \
         refuses the placement when a region's size is not a multiple of the greatest common divisor of the \
         unplaced stones' sizes, or is smaller than the smallest of them. ",
    );
    match table {
        Some(t) => agreement_sentence(
            &mut s,
            t,
            "count smart",
            "its smart search cuts off exactly the positions this rule cuts off.",
        ),
        None => {
            s.text("The program was not asked in these results.");
        }
    }
    s
}

fn four_by_five(table: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(l) = table else {
        s.text("The 4x5 board with stenen1 was not asked of the program in these results.");
        return s;
    };
    let t = &l.table;
    let (Some(dumb), Some(smart)) = (row(t, "4x5 stenen1", "count dumb"), row(t, "4x5 stenen1", "count smart")) else {
        s.text("The 4x5 board with stenen1 was not asked of the program in these results.");
        return s;
    };
    let parsed = |r: &[String]| t.cell(r, "given").and_then(parse_count);
    let (Some((solutions, dumb_positions)), Some((_, smart_positions))) = (parsed(dumb), parsed(smart)) else {
        s.text(format!("The program gave no count on the 4x5 board: {}.", check_words(t, dumb)));
        return s;
    };
    s.text(format!(
        "The program counts {} of the 4x5 board with stenen1, dumb after {} and smart after {}; {} (",
        counted(&count(solutions), "tiling"),
        counted(&count(dumb_positions), "position"),
        counted(&count(smart_positions), "position"),
        check_words(t, dumb)
    ))
    .table(&l.name)
    .text(format!(
        "). Stones 1 and 2 are both the L (one is an orientation of the other), so swapping them turns each of \
         these tilings into a second numbered board: {} numbered boards. The rectangle has four symmetries (the \
         identity, the half turn and the two mirrors), which map tilings onto tilings, so the tilings come in \
         classes of four, or fewer where a tiling is its own mirror or half turn.",
        count(solutions * 2)
    ));
    s
}

fn instances(table: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(l) = table else {
        s.text("The program was not asked the table's instances in these results.");
        return s;
    };
    let t = &l.table;
    s.text("The program's answers on the assignment's instances (").table(&l.name).text("): ");
    let mut lines = Vec::new();
    for position in named_positions(t) {
        lines.push(instance_line(t, position));
    }
    s.text(format!("{}. ", lines.join("; ")));
    let asked_assignment: Vec<&str> = ASSIGNMENT.iter().copied().filter(|a| named_positions(t).contains(a)).collect();
    if asked_assignment.len() < ASSIGNMENT.len() {
        let missing: Vec<&str> = ASSIGNMENT.iter().copied().filter(|a| !asked_assignment.contains(a)).collect();
        s.text(format!("Not asked in these results: {}. ", missing.join(", ")));
    }
    let own: Vec<&str> = named_positions(t).into_iter().filter(|p| is_own(p)).collect();
    match own.first() {
        Some(own) => own_instance(&mut s, t, own),
        None => {
            s.text("These results hold no own instance (a board that is none of the assignment's five).");
        }
    }
    s
}

/// One instance's four answers in words.
fn instance_line(t: &CsvTable, position: &str) -> String {
    let mut parts = Vec::new();
    for question in ["find dumb", "find smart", "count dumb", "count smart"] {
        let Some(r) = row(t, position, question) else { continue };
        let given = t.cell(r, "given").unwrap_or_default();
        let time = time_words(t, r).map(|w| format!(" in {w}")).unwrap_or_default();
        let answer = match (parse_count(given), find_positions(given)) {
            (Some((solutions, positions)), _) => {
                format!("{question} {} after {}{time}", counted(&count(solutions), "solution"), count(positions))
            }
            (None, Some(positions)) => format!("{question} {} positions{time}", count(positions)),
            _ => format!("{question}: {}", check_words(t, r)),
        };
        parts.push(match agreed(t, r) || !checked(t, r) {
            true => answer,
            false => format!("{answer} ({})", check_words(t, r)),
        });
    }
    format!("{position}: {}", parts.join(", "))
}

/// The own instance's smart count against the assignment's window.
fn own_instance(s: &mut Sentences, t: &CsvTable, own: &str) {
    let Some(r) = row(t, own, "count smart") else { return };
    let Some(seconds) = t.number(r, "solver_seconds") else {
        s.text(format!("The own instance is {own}: the program's smart count gave no time ({}).", check_words(t, r)));
        return;
    };
    let verdict = match seconds {
        v if v > OWN_WINDOW.0 && v <= OWN_WINDOW.1 => "inside",
        v if v <= OWN_WINDOW.0 => "below",
        _ => "above",
    };
    s.text(format!(
        "The own instance is {own}: the program's smart count takes {}, {verdict} the assignment's window of more \
         than {} s and at most a few minutes (taken as {} s).",
        seconds_words(seconds),
        OWN_WINDOW.0,
        OWN_WINDOW.1
    ));
}

fn identical(table: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(l) = table else {
        s.text("The program was not asked in these results.");
        return s;
    };
    let t = &l.table;
    s.text(
        "The reference takes identical stones into account: of stones that are orientations of one another only \
         the lowest-numbered unplaced one is tried at each first empty cell, so interchangeable stones are never \
         permuted and each tiling is counted once, whatever the numbers on its stones. ",
    );
    let boards = named_positions(t);
    let all_same = boards.iter().all(|p| row(t, p, "count dumb").is_none_or(|r| agreed(t, r)));
    s.text(match (boards.is_empty(), all_same) {
        (true, _) => "No board was asked.".to_string(),
        (false, true) => format!(
            "The program's dumb counts on {} are the reference's, stenen1's two L stones included: a program that \
             permuted identical stones would count each such tiling more than once, so it takes them into account \
             the same way.",
            boards.join(", ")
        ),
        (false, false) => format!(
            "The program's dumb counts on {} are not all the reference's: where stones repeat it may count a \
             tiling more than once.",
            boards.join(", ")
        ),
    })
    .text(" (")
    .table(&l.name)
    .text(").");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_finds_read_from_the_answers() {
        assert_eq!(parse_count("solutions 16, positions 489"), Some((16, 489)));
        assert_eq!(parse_count("timeout"), None);
        assert_eq!(find_positions("tiling 1 1 / 2 3, positions 4"), Some(4));
        assert_eq!(find_positions("no tiling, positions 7"), Some(7));
    }
}
