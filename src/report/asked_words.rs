//! The cells of a solver's answers as an assignment's report shows them: the position,
//! the question and the answer in the report's language and in the assignment's own
//! terms (the game's [`AskedWords`]: `besteScore` for the protocol's `best`, a move as
//! `(0,b)`), and the verdict in the teacher's words. The CSV keeps the protocol's text;
//! only the report's tables show these words.

use super::language::Language;
use crate::results::csv_table::{is_ok, CsvTable};
use crate::results::row::STATUS;

/// The three cells of one answer that a game words: where it was asked, what was asked
/// and what the program answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AskedCells {
    /// The position's name (`spel1.txt`, `spel4.txt undone 3`).
    pub position: String,
    /// The question as the protocol names it (`best`, `count dumb`).
    pub question: String,
    /// The answer as the protocol's text gives it (`score 0, move 0b, positions 5578`).
    pub given: String,
}

/// A game's words for its answers' cells in `language`; text it does not recognise
/// stays as it is.
pub type AskedWords = fn(&AskedCells, Language) -> AskedCells;

/// The words of a game that has none of its own: the protocol's text as it is.
pub fn protocol_words(cells: &AskedCells, _: Language) -> AskedCells {
    cells.clone()
}

/// The verdict `word` of a row in `language`; `checked` false where the reference too
/// passed its limit, so the answer could not be checked (the answers' sentences say why).
pub fn verdict_in(word: &str, checked: bool, language: Language) -> String {
    if !checked {
        return language.pick("unchecked", "niet gecontroleerd").to_string();
    }
    let dutch = match word {
        "correct" => "goed",
        "wrong" => "fout",
        "time-limit" => "tijdslimiet",
        "memory-limit" => "geheugenlimiet",
        "crashed" => "vastgelopen",
        "protocol-error" => "protocolfout",
        "build-failed" => "compileerfout",
        other => other,
    };
    language.pick(word, dutch).to_string()
}

/// `view` (rows in the order of `source`, the table they were cut from) with its
/// position, question, answer and verdict cells worded by `words` in `language`; the
/// verdict of a row whose status in `source` is not ok says it went unchecked.
pub fn worded(mut view: CsvTable, source: &CsvTable, words: AskedWords, language: Language) -> CsvTable {
    let at = |name: &str| view.index(name);
    let (position, question, given, verdict) = (at("position"), at("question"), at("given"), at("verdict"));
    for (row, from) in view.rows.iter_mut().zip(&source.rows) {
        let cell = |i: Option<usize>| i.and_then(|i| row.get(i)).cloned().unwrap_or_default();
        let asked = AskedCells { position: cell(position), question: cell(question), given: cell(given) };
        let said = words(&asked, language);
        for (i, text) in [(position, said.position), (question, said.question), (given, said.given)] {
            if let Some(i) = i {
                row[i] = text;
            }
        }
        if let Some(i) = verdict {
            let checked = source.cell(from, STATUS).is_none_or(is_ok);
            row[i] = verdict_in(&row[i], checked, language);
        }
    }
    view
}

/// A move of the protocol (`0b`: bowl 0, colour b) as the assignment writes it, `(0,b)`;
/// `-` (no move) in words; anything else as it is.
pub fn move_words(text: &str, language: Language) -> String {
    if text == "-" {
        return language.pick("no move", "geen zet").to_string();
    }
    let split = text.len().saturating_sub(1);
    match (text.get(..split), text.get(split..)) {
        (Some(bowl), Some(colour)) if !bowl.is_empty() && bowl.bytes().all(|b| b.is_ascii_digit()) => {
            format!("({bowl},{colour})")
        }
        _ => text.to_string(),
    }
}

/// A list of protocol moves, each as [`move_words`]; "no move" for an empty list.
pub fn moves_words(text: &str, language: Language) -> String {
    let moves: Vec<String> = text.split_whitespace().map(|m| move_words(m, language)).collect();
    match moves.is_empty() || text.trim() == "no move" {
        true => language.pick("no move", "geen zet").to_string(),
        false => moves.join(" "),
    }
}

/// A score as the report writes numbers: a minus sign, not a hyphen.
pub fn score_words(text: &str) -> String {
    match text.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b.is_ascii_digit()) && !rest.is_empty() => format!("\u{2212}{rest}"),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table;

    fn upper(cells: &AskedCells, _: Language) -> AskedCells {
        AskedCells { question: cells.question.to_uppercase(), ..cells.clone() }
    }

    #[test]
    fn the_verdicts_are_the_teachers_words_and_an_unchecked_row_says_so() {
        let source = test_table(
            "position,question,given,verdict,status\na,best,1,correct,ok\nb,best,,time-limit,timeout\nc,best,,time-limit,ok\n",
        );
        let view = worded(source.clone(), &source, upper, Language::Nl);
        assert_eq!(view.column("verdict"), ["goed", "niet gecontroleerd", "tijdslimiet"]);
        assert_eq!(view.column("question"), ["BEST"; 3]);
        let english = worded(source.clone(), &source, protocol_words, Language::En);
        assert_eq!(english.column("verdict")[0], "correct");
        assert_eq!(english.column("given"), source.column("given"));
    }

    #[test]
    fn moves_read_as_the_assignment_writes_them() {
        assert_eq!(move_words("0b", Language::En), "(0,b)");
        assert_eq!(move_words("12g", Language::En), "(12,g)");
        assert_eq!(move_words("-", Language::Nl), "geen zet");
        assert_eq!(move_words("b", Language::En), "b", "not a move: as it is");
        assert_eq!(moves_words("0b 1g", Language::En), "(0,b) (1,g)");
        assert_eq!(moves_words("no move", Language::Nl), "geen zet");
        assert_eq!(score_words("-2"), "\u{2212}2");
        assert_eq!(score_words("-"), "-");
    }
}
