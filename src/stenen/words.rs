//! The small words of the tiling's answers in the report's language: a number with its
//! noun, a time, whether an answer is the reference's, and the opening sentence of a
//! solver's report. The English is the words every game shares (`report/answers.rs`,
//! `report/asked.rs`); the Dutch is written here.

use crate::report::answers::{count, counted, number_in};
use crate::report::asked::{agreed, check_words, checked, program_name, quoted, seconds_words, tally};
use crate::report::language::Language;
use crate::report::Loaded;
use crate::results::csv_table::CsvTable;

/// `n` (as shown) with its noun: `en` made plural as [`counted`] does, or the Dutch
/// `(singular, plural)`.
pub fn counted_in(language: Language, n: &str, en: &str, (one, more): (&str, &str)) -> String {
    match language {
        Language::En => counted(n, en),
        Language::Nl if n.trim() == "1" => format!("{n} {one}"),
        Language::Nl => format!("{n} {more}"),
    }
}

/// A count with its noun ([`counted_in`] of the count as the tables show it).
pub fn count_in(language: Language, n: u64, en: &str, nl: (&str, &str)) -> String {
    counted_in(language, &number_in(language, &count(n)), en, nl)
}

/// Seconds in words: "2.31 s", "48.2 ms", "under 1 ms" ("minder dan 1 ms").
pub fn seconds_in(language: Language, seconds: f64) -> String {
    let words = number_in(language, &seconds_words(seconds));
    match language {
        Language::En => words,
        Language::Nl => words.replace("under 1 ms", "minder dan 1 ms"),
    }
}

/// The program's time on `row`: "0.579 ms, the median of 6 runs" ("de mediaan van 6
/// runs"), or none where the question was not timed.
pub fn time_in(language: Language, t: &CsvTable, row: &[String]) -> Option<String> {
    let seconds = t.number(row, "solver_seconds")?;
    let runs = t.number(row, "rounds").map_or(1, |r| r as u64);
    let time = seconds_in(language, seconds);
    Some(match (runs, language) {
        (1, Language::En) => format!("{time} (one run)"),
        (1, Language::Nl) => format!("{time} (één meting)"),
        (n, Language::En) => format!("{time}, the median of {n} runs"),
        (n, Language::Nl) => format!("{time}, de mediaan van {n} metingen"),
    })
}

/// Whether the answer of `row` is the reference's, in words ([`check_words`] in English).
pub fn check_in(language: Language, t: &CsvTable, row: &[String]) -> String {
    if language == Language::En {
        return check_words(t, row);
    }
    if !checked(t, row) {
        return "niet gecontroleerd: de referentie overschreed daar de tijdslimiet van de meting".to_string();
    }
    if agreed(t, row) {
        return "hetzelfde als dat van de referentie".to_string();
    }
    let verdict = t.cell(row, "verdict").unwrap_or_default();
    match t.cell(row, "detail").filter(|d| !d.is_empty()) {
        Some(detail) => {
            format!("niet dat van de referentie ({verdict}: {})", crate::base::text::excerpt_to(detail, 120))
        }
        None => format!("niet dat van de referentie ({verdict})"),
    }
}

/// The sentence that opens a solver's report: who was asked what, and how many answers
/// agreed.
pub fn summary_in(language: Language, own: &[&Loaded]) -> String {
    if language == Language::En {
        return crate::report::asked::summary(own);
    }
    let tables: Vec<&Loaded> = own.iter().copied().filter(|l| l.asks.is_some()).collect();
    let verdict = match tally(&tables) {
        (_, 0) => "er werd geen antwoord gecontroleerd".to_string(),
        (a, n) if a == n => {
            format!("alle {} waren die van de referentie", count_in(language, n as u64, "", ("antwoord", "antwoorden")))
        }
        (a, n) => format!(
            "{a} van de {} waren die van de referentie",
            count_in(language, n as u64, "", ("antwoord", "antwoorden"))
        ),
    };
    format!(
        "Elk getal hieronder is een antwoord van het programma {}, de implementatie van de auteurs, dat de vragen \
         van de opdracht kreeg van een testprogramma dat elk antwoord controleert met een exacte referentie-\
         implementatie van dezelfde regels en het tijdt: {verdict}. ",
        quoted(&program_name(own))
    )
}

/// Where a time lies against the assignment's window for the own instance: "inside",
/// "below" or "above" the window, in the report's language.
pub fn window_word(language: Language, seconds: f64, (low, high): (f64, f64)) -> &'static str {
    match seconds {
        v if v > low && v <= high => language.pick("inside", "binnen"),
        v if v <= low => language.pick("below", "onder"),
        _ => language.pick("above", "boven"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table;

    #[test]
    fn dutch_nouns_take_their_own_plural() {
        assert_eq!(counted_in(Language::Nl, "1", "tiling", ("betegeling", "betegelingen")), "1 betegeling");
        assert_eq!(count_in(Language::Nl, 1600, "tiling", ("betegeling", "betegelingen")), "1.600 betegelingen");
        assert_eq!(count_in(Language::En, 2, "position", ("stand", "standen")), "2 positions");
        assert_eq!(seconds_in(Language::Nl, 0.00001), "minder dan 1 ms");
        assert_eq!(window_word(Language::Nl, 20.0, (10.0, 180.0)), "binnen");
        assert_eq!(window_word(Language::En, 5.0, (10.0, 180.0)), "below");
    }

    #[test]
    fn an_answer_is_checked_in_dutch() {
        let t = test_table(
            "position,question,verdict,detail,solver_seconds,rounds,status\n\
             a,count dumb,correct,,0.000579,6,ok\n\
             b,count dumb,wrong,16 not 15,0.1,1,ok\n",
        );
        assert_eq!(check_in(Language::Nl, &t, &t.rows[0]), "hetzelfde als dat van de referentie");
        assert_eq!(check_in(Language::Nl, &t, &t.rows[1]), "niet dat van de referentie (wrong: 16 not 15)");
        assert_eq!(time_in(Language::Nl, &t, &t.rows[0]).unwrap(), "minder dan 1 ms, de mediaan van 6 metingen");
        assert_eq!(time_in(Language::Nl, &t, &t.rows[1]).unwrap(), "100 ms (één meting)");
        assert_eq!(check_in(Language::En, &t, &t.rows[0]), check_words(&t, &t.rows[0]));
    }
}
