//! The stones files a solver's table shows that are the students' own in place of the
//! course's files of the same names: every file but `stenen1.in` (the assignment's own
//! stones) and those the run read from the course's folder (`--instances`).

use crate::report::asked::{named_positions, stand_in_note};
use crate::report::language::Language;
use crate::results::csv_table::CsvTable;

/// The stones files of `positions` (`6x10 stenen2` is `stenen2.in`), in their order, each
/// once, split into the course's (`course` or `stenen1.in`) and the students' own.
pub fn split<'a>(positions: impl IntoIterator<Item = &'a str>, course: &[String]) -> (Vec<String>, Vec<String>) {
    let mut files: Vec<String> = Vec::new();
    for p in positions {
        let file = format!("{}.in", p.rsplit(' ').next().unwrap_or(p));
        if !files.contains(&file) {
            files.push(file);
        }
    }
    files.into_iter().partition(|f| course.contains(f) || f == "stenen1.in")
}

/// The note under a table whose rows use stones files of the students' own: " stenen2.in
/// and stenen3.in are our own stones files in place of the course's files of the same
/// names."; empty where every file is the course's.
pub fn note(t: &CsvTable, course: &[String], language: Language) -> String {
    let (_, own) = split(named_positions(t), course);
    stand_in_note(&own, (("stones file", "stones files"), ("stenenbestand", "stenenbestanden")), language)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(positions: &[&str]) -> CsvTable {
        let rows: String = positions.iter().map(|p| format!("{p},count smart\n")).collect();
        CsvTable::parse(std::path::Path::new("t.csv"), &format!("position,question\n{rows}")).unwrap()
    }

    /// stenen1.in is the assignment's; the others are the students' own unless the run
    /// read them from the course's folder; random boards name no file.
    #[test]
    fn files_not_the_courses_are_named_under_the_table() {
        let t = table(&["4x5 stenen1", "6x10 stenen2", "5x8 stenen3", "10x4 stenen3", "random 1"]);
        assert_eq!(
            note(&t, &[], Language::En),
            " stenen2.in and stenen3.in are our own stones files in place of the course's files of the same names."
        );
        assert_eq!(
            note(&t, &["stenen3.in".to_string()], Language::Nl),
            " stenen2.in is een eigen stenenbestand in plaats van het gelijknamige bestand van het vak."
        );
        let course = ["stenen2.in".to_string(), "stenen3.in".to_string()];
        assert_eq!(note(&t, &course, Language::En), "");
    }
}
