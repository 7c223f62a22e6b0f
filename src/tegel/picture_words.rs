//! The words of the tile game's pictures (`picture.rs`: a position, the greedy tree) in
//! the report's language: the run draws them in English once, and a Dutch report sets
//! each label and title in Dutch. Text of another form stays as it is.

use super::picture::{BETTER_COLOUR, GREEDY_COLOUR};
use crate::report::language::Language;

/// `text`, a label or title of one of the game's pictures, in `language`.
pub fn words(text: &str, language: Language) -> String {
    match language {
        Language::En => text.to_string(),
        Language::Nl => dutch(text).unwrap_or_else(|| text.to_string()),
    }
}

fn dutch(text: &str) -> Option<String> {
    let fixed = match text {
        "pot: empty" => Some("pot: leeg"),
        "pot (next tile first)" => Some("pot (volgende tegel eerst)"),
        "bowls" => Some("schalen"),
        _ => None,
    };
    if let Some(fixed) = fixed {
        return Some(fixed.to_string());
    }
    if let Some(player) = text.strip_prefix("player ") {
        return Some(match player.strip_suffix(" (to move)") {
            Some(n) => format!("speler {n} (aan beurt)"),
            None => format!("speler {player}"),
        });
    }
    if let Some(value) = text.strip_prefix("value ") {
        return Some(match value.strip_suffix(", end") {
            Some(v) => format!("waarde {v}, eindstand"),
            None => format!("waarde {value}"),
        });
    }
    if let Some(mv) = text.strip_suffix(" greedy") {
        return Some(format!("{mv} gretig"));
    }
    if let Some(mv) = text.strip_suffix(" better") {
        return Some(format!("{mv} beter"));
    }
    if let Some((start, player)) = text.split_once(": the start position, player ") {
        let n = player.strip_suffix(" to move")?;
        return Some(format!("{start}: de beginstand, speler {n} aan beurt"));
    }
    let tree = format!(
        " (greedy's move drawn in {} and labelled greedy, the better move in {} and labelled better)",
        GREEDY_COLOUR.0, BETTER_COLOUR.0
    );
    if let Some((start, rest)) =
        text.split_once(": every reachable position with its value for the player to move at the root, player ")
    {
        let n = rest.strip_suffix(&tree)?;
        return Some(format!(
            "{start}: elke bereikbare stand met zijn waarde voor de speler die in de wortel aan beurt is, speler {n} \
             (de gretige zet in oranjerood met het label gretig, de betere zet in groen met het label beter)"
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text the game's pictures hold, drawn here, reads in Dutch.
    #[test]
    fn every_label_and_title_of_the_pictures_reads_in_dutch() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel/greedy.txt");
        let game = crate::tegel::load::load_file(&path).unwrap();
        let start = super::super::picture::position_svg(game.rules(), game.start(), "greedy.txt: the start position");
        let tree = super::super::picture::greedy_tree_svg(game.rules(), game.position(), "greedy.txt").unwrap();
        for svg in [start, tree] {
            let picture = crate::report::figures::parse("p", &svg).unwrap();
            let mut texts = vec![picture.caption.clone()];
            texts.extend(picture.shapes.iter().filter_map(|s| match s {
                // A tile's colour letter and a move, `(2,g)`, are the same in both languages.
                crate::report::figures::Shape::Text { text, .. }
                    if text.len() > 1 && !(text.starts_with('(') && text.ends_with(')')) =>
                {
                    Some(text.clone())
                }
                _ => None,
            }));
            for text in texts {
                assert!(dutch(&text).is_some(), "no Dutch for `{text}`");
            }
        }
        assert_eq!(words("player 0 (to move)", Language::Nl), "speler 0 (aan beurt)");
        assert_eq!(words("(2,b) greedy", Language::Nl), "(2,b) gretig");
        assert_eq!(words("bowls", Language::En), "bowls");
    }
}
