//! A tile-game program's answers in the report's tables, in the assignment's terms: the
//! member function asked (`besteScore` for the protocol's `best`), a move as `(0,b)`,
//! the sweep's and the greedy's positions as the report's sentences name them
//! (`spel4.txt, 3 moves undone`, `greedy.txt after (2,b) (greedy)`), in English or Dutch;
//! a whole game by its score (its moves are in the CSV).
//! Text of another form stays as the protocol wrote it.

use crate::report::asked_words::{move_words, moves_words, score_words, AskedCells};
use crate::report::language::Language;

/// The cells of one answer in `language`.
pub fn words(cells: &AskedCells, language: Language) -> AskedCells {
    AskedCells {
        position: position_words(&cells.position, language),
        question: question_words(&cells.question, language),
        given: given_words(&cells.question, &cells.given, language),
    }
}

fn question_words(question: &str, language: Language) -> String {
    match question {
        "best" | "greedy" | "sweep" => "besteScore",
        "good" => "bepaalGoedeZet",
        "moves" => "bepaalVerschillendeZetten",
        "end" => "eindstand",
        "do-undo" => "doeZet, unDoeZet",
        "match" => language.pick("whole game", "hele partij"),
        other => other,
    }
    .to_string()
}

fn position_words(position: &str, language: Language) -> String {
    if let Some((start, n)) = position.rsplit_once(" undone ").filter(|(_, n)| n.parse::<u32>().is_ok()) {
        let undone = match (language, n) {
            (Language::En, "1") => "move undone",
            (Language::En, _) => "moves undone",
            (Language::Nl, "1") => "zet ongedaan",
            (Language::Nl, _) => "zetten ongedaan",
        };
        return format!("{start}, {n} {undone}");
    }
    if let Some((start, after)) = position.rsplit_once(" after ") {
        let (mv, greedy) = after.strip_suffix(" (greedy)").map_or((after, false), |m| (m, true));
        let mark = if greedy { language.pick(" (greedy)", " (gretig)") } else { "" };
        return format!("{start} {} {}{mark}", language.pick("after", "na"), move_words(mv, language));
    }
    for (suffix, first) in [(" good starts", "bepaalGoedeZet"), (" best starts", "besteScore")] {
        if let Some(start) = position.strip_suffix(suffix) {
            return format!("{start}, {first} {}", language.pick("first", "begint"));
        }
    }
    position.to_string()
}

fn given_words(question: &str, given: &str, language: Language) -> String {
    let words = match question {
        "best" | "greedy" | "sweep" => best_words(given, language),
        "good" => Some(move_words(given, language)),
        "moves" => Some(moves_words(given, language)),
        "end" => match given {
            "true" => Some(language.pick("yes", "ja").to_string()),
            "false" => Some(language.pick("no", "nee").to_string()),
            _ => None,
        },
        "match" => match_words(given, language),
        "do-undo" => Some(given.split("; ").map(|step| step_words(step, language)).collect::<Vec<_>>().join("; ")),
        _ => None,
    };
    words.unwrap_or_else(|| given.to_string())
}

/// A besteScore answer as the protocol writes it (`score 0, move 0b, positions 5578`):
/// score, move, positions.
pub fn parse_best(text: &str) -> Option<(i64, String, u64)> {
    let mut score = None;
    let mut mv = None;
    let mut positions = None;
    for part in text.split(", ") {
        match part.split_once(' ')? {
            ("score", s) => score = s.parse().ok(),
            ("move", m) => mv = Some(m.to_string()),
            ("positions", p) => positions = p.parse().ok(),
            _ => {}
        }
    }
    Some((score?, mv?, positions?))
}

/// `score 0, move 0b, positions 5578` as `score 0, move (0,b)` (the positions have a
/// column of their own).
fn best_words(given: &str, language: Language) -> Option<String> {
    let (score, mv, _) = parse_best(given)?;
    let score = score.to_string();
    let mv = match mv.as_str() {
        "-" => language.pick("no move", "geen zet").to_string(),
        mv => format!("{} {}", language.pick("move", "zet"), move_words(mv, language)),
    };
    Some(format!("score {}, {mv}", score_words(&score)))
}

/// `good scores 0 in 9 moves: 0b 0g …` in the assignment's terms, without the game's
/// moves (they are in the CSV's `given`).
fn match_words(given: &str, language: Language) -> Option<String> {
    let rest = given.strip_prefix("good scores ")?;
    let (score, rest) = rest.split_once(" in ")?;
    let (n, _moves) = rest.split_once(" moves")?;
    let noun = match (language, n) {
        (Language::En, "1") => "move",
        (Language::En, _) => "moves",
        (Language::Nl, "1") => "zet",
        (Language::Nl, _) => "zetten",
    };
    let scores = language.pick("scores", "haalt");
    Some(format!("bepaalGoedeZet {scores} {} in {n} {noun}", score_words(score)))
}

/// One step of the do-and-undo check (`do 0b: true`, `moves after undo: 0b 0g`).
fn step_words(step: &str, language: Language) -> String {
    let Some((label, value)) = step.split_once(": ") else { return step.to_string() };
    let value = match value {
        "true" | "false" => value.to_string(),
        moves => moves_words(moves, language),
    };
    let label = if let Some(mv) = label.strip_prefix("moves after do ") {
        format!("{} doeZet{}", language.pick("moves after", "zetten na"), move_words(mv, language))
    } else if label == "moves after undo" {
        language.pick("moves after unDoeZet", "zetten na unDoeZet").to_string()
    } else if label == "undo" {
        "unDoeZet".to_string()
    } else if label == "undo at the loaded position" {
        language.pick("unDoeZet at the loaded position", "unDoeZet in de ingelezen stand").to_string()
    } else if let Some(mv) = label.strip_prefix("do ").and_then(|m| m.strip_suffix(" (no such tiles)")) {
        format!("doeZet{} {}", move_words(mv, language), language.pick("(no such tiles)", "(geen zulke tegels)"))
    } else if let Some(mv) = label.strip_prefix("do ") {
        format!("doeZet{}", move_words(mv, language))
    } else {
        label.to_string()
    };
    format!("{label}: {value}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(position: &str, question: &str, given: &str, language: Language) -> AskedCells {
        words(&AskedCells { position: position.into(), question: question.into(), given: given.into() }, language)
    }

    #[test]
    fn beste_score_reads_in_the_assignments_terms() {
        let c = cells("spel1.txt", "best", "score -1, move 0b, positions 5578", Language::Nl);
        assert_eq!((c.question.as_str(), c.given.as_str()), ("besteScore", "score \u{2212}1, zet (0,b)"));
        let c = cells("greedy.txt after 2b (greedy)", "greedy", "score 2, move -, positions 2", Language::En);
        assert_eq!(c.position, "greedy.txt after (2,b) (greedy)");
        assert_eq!(c.given, "score 2, no move");
        assert_eq!(cells("greedy.txt after 2g", "greedy", "", Language::Nl).position, "greedy.txt na (2,g)");
    }

    #[test]
    fn the_sweeps_positions_count_the_moves_undone() {
        assert_eq!(cells("spel4.txt undone 3", "sweep", "", Language::En).position, "spel4.txt, 3 moves undone");
        assert_eq!(cells("random 2 undone 1", "sweep", "", Language::Nl).position, "random 2, 1 zet ongedaan");
        assert_eq!(cells("spel4.txt", "sweep", "", Language::Nl).position, "spel4.txt");
    }

    #[test]
    fn moves_games_and_the_do_undo_check_read_as_the_assignment_writes_them() {
        assert_eq!(cells("a", "moves", "0b 0g", Language::Nl).given, "(0,b) (0,g)");
        assert_eq!(cells("a", "end", "false", Language::Nl).given, "nee");
        let m = cells("spel1.txt good starts", "match", "good scores 0 in 2 moves: 0b 1g", Language::Nl);
        assert_eq!(m.position, "spel1.txt, bepaalGoedeZet begint");
        assert_eq!(m.question, "hele partij");
        assert_eq!(m.given, "bepaalGoedeZet haalt 0 in 2 zetten");
        assert_eq!(
            cells("a", "match", "good scores 0 in 0 moves", Language::En).given,
            "bepaalGoedeZet scores 0 in 0 moves"
        );
        let d = cells(
            "a",
            "do-undo",
            "do 0b: true; moves after do 0b: no move; undo: true; undo at the loaded position: false; do 0g (no such tiles): false",
            Language::Nl,
        );
        assert_eq!(
            d.given,
            "doeZet(0,b): true; zetten na doeZet(0,b): geen zet; unDoeZet: true; unDoeZet in de ingelezen stand: false; \
             doeZet(0,g) (geen zulke tegels): false"
        );
    }

    #[test]
    fn text_of_another_form_stays_as_it_is() {
        assert_eq!(cells("a", "best", "refused", Language::Nl).given, "refused");
        assert_eq!(cells("a", "ask", "x", Language::Nl).question, "ask");
    }
}
