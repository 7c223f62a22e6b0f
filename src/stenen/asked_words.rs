//! A tiling program's answers in the report's tables, in the assignment's terms: the
//! search asked as the assignment names it ("dom bepalen", "slim tellen" in Dutch), a
//! tiling as its rows (up to 12 cells; a larger one's rows are in the CSV), a count of
//! solutions as a number, in English or Dutch (the positions visited have a column of
//! their own). Text of another form stays as the protocol wrote it.

use crate::report::answers::number_in;
use crate::report::asked_words::AskedCells;
use crate::report::language::Language;

/// The cells of one answer in `language`.
pub fn words(cells: &AskedCells, language: Language) -> AskedCells {
    AskedCells {
        position: cells.position.clone(),
        question: question_words(&cells.question, language).to_string(),
        given: given_words(&cells.given, language).unwrap_or_else(|| cells.given.clone()),
    }
}

/// The most cells of a tiling the table writes out.
const SHOWN_CELLS: usize = 12;

/// A search as the assignment says it: `count dumb` is "dom tellen" in Dutch.
pub fn question_words(question: &str, language: Language) -> &str {
    let (english, dutch) = match question {
        "find dumb" => ("dumb find", "dom bepalen"),
        "find smart" => ("smart find", "slim bepalen"),
        "count dumb" => ("dumb count", "dom tellen"),
        "count smart" => ("smart count", "slim tellen"),
        other => (other, other),
    };
    language.pick(english, dutch)
}

/// `tiling 1 4 / 1 4, positions 19`, `no tiling, positions 7` and `solutions 16,
/// positions 489` without their positions.
fn given_words(given: &str, language: Language) -> Option<String> {
    let (answer, _) = given.rsplit_once(", positions ")?;
    if let Some(rows) = answer.strip_prefix("tiling ") {
        // A board of up to 12 cells reads in a table's row; a larger one's rows are in the CSV.
        return Some(match rows.split_whitespace().filter(|w| *w != "/").count() <= SHOWN_CELLS {
            true => format!("{} {rows}", language.pick("tiling", "oplossing")),
            false => language.pick("a tiling", "een oplossing").to_string(),
        });
    }
    if answer == "no tiling" {
        return Some(language.pick("no tiling", "geen oplossing").to_string());
    }
    let n = answer.strip_prefix("solutions ").filter(|n| n.bytes().all(|b| b.is_ascii_digit()))?;
    let shown = crate::report::answers::count(n.parse().ok()?);
    let noun = match (language, n) {
        (Language::En, "1") => "solution",
        (Language::En, _) => "solutions",
        (Language::Nl, "1") => "oplossing",
        (Language::Nl, _) => "oplossingen",
    };
    Some(format!("{} {noun}", number_in(language, &shown)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(question: &str, given: &str, language: Language) -> AskedCells {
        words(&AskedCells { position: "4x5".into(), question: question.into(), given: given.into() }, language)
    }

    #[test]
    fn the_searches_and_their_answers_read_in_the_assignments_terms() {
        let c = cells("count dumb", "solutions 99392, positions 489", Language::Nl);
        assert_eq!((c.question.as_str(), c.given.as_str()), ("dom tellen", "99.392 oplossingen"));
        assert_eq!(cells("count smart", "solutions 1, positions 3", Language::En).given, "1 solution");
        let f = cells("find smart", "tiling 1 1 / 2 2, positions 12", Language::Nl);
        assert_eq!((f.question.as_str(), f.given.as_str()), ("slim bepalen", "oplossing 1 1 / 2 2"));
        assert_eq!(cells("find dumb", "no tiling, positions 7", Language::En).given, "no tiling");
        let large = format!("tiling {}, positions 9", ["1 1 1 1 1"; 3].join(" / "));
        assert_eq!(cells("find dumb", &large, Language::Nl).given, "een oplossing");
        assert_eq!(cells("find dumb", "refused", Language::Nl).given, "refused");
    }
}
