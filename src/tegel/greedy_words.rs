//! A line of best play ([`super::greedy_line::Line`]) told in a sentence, in the report's
//! language: the move, the moves that follow it, how the game ends and the final score,
//! so that the greedy answer (T5) reasons from what each move leads to rather than from
//! besteScore's number alone.

use super::greedy_line::{End, Line, Side};
use super::score_text::score;
use crate::report::answers::counted_in;
use crate::report::language::Language;

/// The line in one sentence: "After (2,g) the opponent has no move: the game ends with
/// 0 full rows for A and 1 for the opponent, a final score of −1 for A."
pub fn line_sentence(line: &Line, language: Language) -> String {
    let mut clauses: Vec<String> =
        line.moves.iter().enumerate().skip(1).map(|(i, mv)| plays(i, mv, language)).collect();
    let filler = Line::mover(line.moves.len() - 1);
    match (line.end, clauses.last_mut()) {
        (End::AllFull(side), Some(last)) if side == filler => last.push_str(&filled_with_it(language)),
        (End::NoMove(side), _) => clauses.push(has_no_move(side, language)),
        (End::AllFull(side), _) => clauses.push(all_full(side, language)),
    }
    let first = line.moves[0];
    let joined = clauses.join(language.pick(", then ", ", daarna "));
    format!("{} {first} {joined}: {}", language.pick("After", "Na"), ending(line, language))
}

/// Who: A is A; her opponent "the opponent".
fn who(side: Side, language: Language) -> &'static str {
    match side {
        Side::A => "A",
        Side::B => language.pick("the opponent", "de tegenspeler"),
    }
}

/// The `i`-th move of the line (after A's first) as a clause: "the opponent plays (2,g)".
/// Dutch puts the verb first, after "Na (2,b)" or "daarna".
fn plays(i: usize, mv: &super::rules::Move, language: Language) -> String {
    let side = who(Line::mover(i), language);
    match language {
        Language::En => format!("{side} plays {mv}"),
        Language::Nl => format!("speelt {side} {mv}"),
    }
}

fn has_no_move(side: Side, language: Language) -> String {
    let side = who(side, language);
    match language {
        Language::En => format!("{side} has no move"),
        Language::Nl => format!("heeft {side} geen zet meer"),
    }
}

fn all_full(side: Side, language: Language) -> String {
    let side = who(side, language);
    match language {
        Language::En => format!("{side} has every row full"),
        Language::Nl => format!("heeft {side} al haar rijen vol"),
    }
}

/// Said after the clause of the move that fills the mover's last row.
fn filled_with_it(language: Language) -> String {
    language.pick(" and has every row full", " en heeft daarmee al haar rijen vol").to_string()
}

/// "the game ends with 0 full rows for A and 1 for the opponent, a final score of −1 for A."
fn ending(line: &Line, language: Language) -> String {
    let rows = counted_in(language, &line.full.0.to_string(), "full row", ("volle rij", "volle rijen"));
    let (b, total) = (line.full.1, score(f64::from(line.score())));
    let opponent = who(Side::B, language);
    match language {
        Language::En => {
            format!("the game ends with {rows} for A and {b} for {opponent}, a final score of {total} for A.")
        }
        Language::Nl => {
            format!("het spel is afgelopen met {rows} voor A en {b} voor {opponent}, een eindscore van {total} voor A.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tegel::rules::{Color, Move};

    fn line(text: &str) -> Line {
        Line::parse(text).unwrap()
    }

    #[test]
    fn a_move_after_which_the_opponent_cannot_move() {
        let l = line("(2,g) | B no move | 0-1");
        assert_eq!(
            line_sentence(&l, Language::En),
            "After (2,g) the opponent has no move: the game ends with 0 full rows for A and 1 for the opponent, \
             a final score of \u{2212}1 for A."
        );
        assert_eq!(
            line_sentence(&l, Language::Nl),
            "Na (2,g) heeft de tegenspeler geen zet meer: het spel is afgelopen met 0 volle rijen voor A en 1 voor \
             de tegenspeler, een eindscore van \u{2212}1 voor A."
        );
    }

    #[test]
    fn a_reply_that_fills_the_opponents_last_row() {
        let l = line("(2,b) (2,g) | B all full | 1-2");
        assert_eq!(
            line_sentence(&l, Language::En),
            "After (2,b) the opponent plays (2,g) and has every row full: the game ends with 1 full row for A and 2 \
             for the opponent, a final score of \u{2212}1 for A."
        );
        assert_eq!(
            line_sentence(&l, Language::Nl),
            "Na (2,b) speelt de tegenspeler (2,g) en heeft daarmee al haar rijen vol: het spel is afgelopen met 1 \
             volle rij voor A en 2 voor de tegenspeler, een eindscore van \u{2212}1 voor A."
        );
    }

    #[test]
    fn a_longer_line_names_each_mover_in_turn() {
        let l = Line {
            moves: vec![Move::new(0, Color::Yellow), Move::new(1, Color::Blue), Move::new(2, Color::Yellow)],
            end: End::NoMove(Side::B),
            full: (2, 0),
        };
        assert_eq!(
            line_sentence(&l, Language::En),
            "After (0,g) the opponent plays (1,b), then A plays (2,g), then the opponent has no move: the game ends \
             with 2 full rows for A and 0 for the opponent, a final score of 2 for A."
        );
        assert_eq!(
            line_sentence(&l, Language::Nl),
            "Na (0,g) speelt de tegenspeler (1,b), daarna speelt A (2,g), daarna heeft de tegenspeler geen zet meer: \
             het spel is afgelopen met 2 volle rijen voor A en 0 voor de tegenspeler, een eindscore van 2 voor A."
        );
        let filled = line("(1,b) | A all full | 2-1");
        assert_eq!(
            line_sentence(&filled, Language::Nl),
            "Na (1,b) heeft A al haar rijen vol: het spel is afgelopen met 2 volle rijen voor A en 1 voor de \
             tegenspeler, een eindscore van 1 voor A."
        );
    }
}
