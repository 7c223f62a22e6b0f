//! Where the stones lie in a board's tilings ([`Places`]) in words, in the report's
//! language: "the I (stone 4) lies along a long side of the board in all 16 tilings, the O
//! (stone 5) in a corner in 12 tilings and away from the edge in 4; ...". The stone whose
//! place varies least comes first.

use super::places::{Places, StonePlaces};
use super::words::count_in;
use crate::report::language::Language;

/// The clause of every stone in `places`, joined by semicolons: each stone with where it lies and in how
/// many of the tilings. Empty where no stone was counted.
pub fn places_clause(places: &Places, language: Language) -> String {
    let mut stones: Vec<&StonePlaces> = places.stones.iter().collect();
    stones.sort_by_key(|s| std::cmp::Reverse(parts(s).first().map_or(0, |p| p.0)));
    let clauses: Vec<String> =
        stones.iter().enumerate().map(|(i, s)| stone_clause(s, places.tilings, i == 0, language)).collect();
    clauses.join("; ")
}

/// The name of stone `s`: "the I (stone 4)", "de I (steen 4)", or "stone 7" ("steen 7").
fn name(s: &StonePlaces, language: Language) -> String {
    match (s.shape.is_empty(), language) {
        (true, Language::En) => format!("stone {}", s.stone),
        (true, Language::Nl) => format!("steen {}", s.stone),
        (false, Language::En) => format!("the {} (stone {})", s.shape, s.stone),
        (false, Language::Nl) => format!("de {} (steen {})", s.shape, s.stone),
    }
}

/// Where stone `s` lies, most tilings first: `(tilings, English, Dutch)`, the places with
/// no tiling left out. Along the sides where it always lies along one, else by corner,
/// side and inside.
fn parts(s: &StonePlaces) -> Vec<(u64, &'static str, &'static str)> {
    let along = s.long_side + s.short_side == s.corner + s.side + s.inside;
    let mut out = if along {
        vec![
            (s.long_side, "along a long side of the board", "langs een lange zijde van het bord"),
            (s.short_side, "along a short side of the board", "langs een korte zijde van het bord"),
        ]
    } else {
        vec![
            (s.corner, "in a corner", "in een hoek"),
            (s.side, "against the edge but in no corner", "tegen de rand maar niet in een hoek"),
            (s.inside, "away from the edge", "los van de rand"),
        ]
    };
    out.retain(|p| p.0 > 0);
    out.sort_by_key(|p| std::cmp::Reverse(p.0));
    out
}

/// "the O (stone 5) lies in a corner in 12 tilings and away from the edge in 4"; `first`
/// says "lies" ("ligt"), the later clauses leave the verb out.
fn stone_clause(s: &StonePlaces, tilings: u64, first: bool, language: Language) -> String {
    let places: Vec<String> = parts(s)
        .iter()
        .enumerate()
        .map(|(i, &(n, en, nl))| {
            let how_many = match (n == tilings, i == 0) {
                (true, _) => language.pick(
                    format!("in all {}", count_in(language, n, "tiling", ("", ""))),
                    format!("in alle {}", count_in(language, n, "", ("betegeling", "betegelingen"))),
                ),
                (false, true) => format!("in {}", count_in(language, n, "tiling", ("betegeling", "betegelingen"))),
                (false, false) => format!("in {n}"),
            };
            language.pick(format!("{en} {how_many}"), format!("{how_many} {nl}"))
        })
        .collect();
    let verb = match (first, language) {
        (true, Language::En) => " lies ",
        (true, Language::Nl) => " ligt ",
        (false, _) => " ",
    };
    format!("{}{verb}{}", name(s, language), crate::report::answers::listed_in(&places, language))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four_by_five() -> Places {
        Places::parse(
            "tilings 16; stone 3 S: corner 8, side 8, inside 0, long side 0, short side 0; \
             stone 4 I: corner 16, side 0, inside 0, long side 16, short side 0; \
             stone 5 O: corner 12, side 0, inside 4, long side 0, short side 0",
        )
        .unwrap()
    }

    #[test]
    fn the_stones_places_in_english() {
        assert_eq!(
            places_clause(&four_by_five(), Language::En),
            "the I (stone 4) lies along a long side of the board in all 16 tilings; the O (stone 5) in a corner \
             in 12 tilings and away from the edge in 4; the S (stone 3) in a corner in 8 tilings and against the \
             edge but in no corner in 8"
        );
    }

    #[test]
    fn the_stones_places_in_dutch() {
        assert_eq!(
            places_clause(&four_by_five(), Language::Nl),
            "de I (steen 4) ligt in alle 16 betegelingen langs een lange zijde van het bord; de O (steen 5) in \
             12 betegelingen in een hoek en in 4 los van de rand; de S (steen 3) in 8 betegelingen in een hoek \
             en in 8 tegen de rand maar niet in een hoek"
        );
    }

    #[test]
    fn no_stone_no_words() {
        assert_eq!(places_clause(&Places { tilings: 3, stones: vec![] }, Language::En), "");
    }
}
