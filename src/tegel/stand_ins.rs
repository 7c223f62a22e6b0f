//! The game files a solver's table shows that are the students' own in place of the
//! course's files of the same names: every file but `spel1.txt` (the assignment's own
//! position), the positions the assignment asks the students to make (`spel2.txt`,
//! `greedy.txt`) and those the run read from the course's folder (`--instances`).

use crate::report::asked::{named_positions, stand_in_note};
use crate::report::language::Language;
use crate::results::csv_table::CsvTable;

/// The positions the assignment asks the students to make themselves.
const MADE_AS_ASKED: [&str; 2] = ["spel2.txt", "greedy.txt"];

/// The game files of `positions` (`spel4.txt after 3 moves undone` is `spel4.txt`), in
/// their order, each once, split into the course's, those the assignment asks the
/// students to make, and the students' own in place of the course's.
pub fn split<'a>(
    positions: impl IntoIterator<Item = &'a str>,
    course: &[String],
) -> (Vec<String>, Vec<String>, Vec<String>) {
    let mut files: Vec<String> = Vec::new();
    for p in positions {
        let file = p.split(' ').next().unwrap_or(p).to_string();
        if !files.contains(&file) {
            files.push(file);
        }
    }
    let (theirs, made): (Vec<String>, Vec<String>) =
        files.into_iter().partition(|f| course.contains(f) || f == "spel1.txt");
    let (asked, own) = made.into_iter().partition(|f| MADE_AS_ASKED.contains(&f.as_str()));
    (theirs, asked, own)
}

/// The note under a table whose rows use game files of the students' own in place of the
/// course's: " spel4.txt and spel5.txt are our own positions in place of the course's
/// files of the same names."; empty where there is none.
pub fn note(t: &CsvTable, course: &[String], language: Language) -> String {
    let (_, _, own) = split(named_positions(t), course);
    stand_in_note(&own, (("position", "positions"), ("stand", "standen")), language)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(positions: &[&str]) -> CsvTable {
        let rows: String = positions.iter().map(|p| format!("{p},best\n")).collect();
        CsvTable::parse(std::path::Path::new("t.csv"), &format!("position,question\n{rows}")).unwrap()
    }

    /// spel1.txt is the assignment's, spel2.txt and greedy.txt the students' as asked; any
    /// other file is a stand-in unless the run read it from the course's folder.
    #[test]
    fn files_in_place_of_the_courses_are_named_under_the_table() {
        let t =
            table(&["spel1.txt", "spel2.txt", "greedy.txt", "spel4.txt after 3 moves undone", "spel5.txt", "random 2"]);
        assert_eq!(
            note(&t, &[], Language::En),
            " spel4.txt and spel5.txt are our own positions in place of the course's files of the same names."
        );
        assert_eq!(
            note(&t, &["spel5.txt".to_string()], Language::Nl),
            " spel4.txt is een eigen stand in plaats van het gelijknamige bestand van het vak."
        );
        assert_eq!(note(&t, &["spel4.txt".to_string(), "spel5.txt".to_string()], Language::En), "");
    }

    /// The note on a stand-in stands under the first table that shows it, not again
    /// under a later table with the same files; a table with other stand-ins has its own.
    #[test]
    fn a_stand_in_is_noted_under_its_first_table_only() {
        let reports = crate::report::kinds::Reports(&[&crate::tegel::plugin::REPORT]);
        let solver = |asks: &str, kind: &str, positions: &[&str]| {
            let mut l = crate::report::loaded::solver_table(asks, kind, table(positions));
            l.game = "tegel".into();
            l
        };
        let tables = [
            solver("tegel_best", "best", &["spel1.txt", "spel3.txt"]),
            solver("tegel_good", "good", &["spel1.txt", "spel3.txt"]),
            solver("tegel_sweep", "sweep", &["spel4.txt undone 1"]),
        ];
        let bodies = crate::report::asked::body_tables(&tables, Language::En, reports);
        let captions: Vec<String> = bodies.iter().map(|b| b.titles.caption.plain()).collect();
        assert!(captions[0].contains("spel3.txt is our own position"), "{captions:?}");
        assert!(!captions[1].contains("our own position"), "{captions:?}");
        assert!(captions[2].contains("spel4.txt is our own position"), "{captions:?}");
    }
}
