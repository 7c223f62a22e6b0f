//! A table's caption and label: the manifest's, or defaults from what the game's report
//! says of the experiment's kind.

use super::caption::Caption;
use super::language::Language;

/// What a game's report says that a default caption needs: the game's title and its
/// description of the experiment's kind (`None`: a kind it does not describe).
#[derive(Debug, Clone, Copy)]
pub struct GameWords<'a> {
    /// The game's title ("Tile game").
    pub title: &'a str,
    /// The kind's description, e.g. "besteScore per instance".
    pub kind_description: Option<&'a str>,
    /// The language of both.
    pub language: Language,
}

/// A caption and label for a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Titles {
    /// The caption (from the manifest entry, or the game's words).
    pub caption: Caption,
    /// LaTeX label.
    pub label: String,
}

impl Titles {
    /// The manifest's caption (text: every character stands for itself, see
    /// [`Caption::text`]) and label, or defaults from the experiment name. A label that is
    /// not a plain LaTeX label (an edited metadata file) is replaced by `tab:NAME`, so no
    /// label ends `\label{..}` early.
    pub fn new(name: &str, caption: Option<&str>, label: Option<&str>) -> Titles {
        let caption = match caption.map(str::trim) {
            Some(c) if !c.is_empty() => Caption::text(c),
            _ => Caption::text("Results of experiment ").code(name).then("."),
        };
        Titles { caption, label: label_or_default(name, label) }
    }

    /// The titles of experiment `name` of `game`'s `kind`: the manifest's caption when
    /// it gives one and the report is in English, otherwise a caption built from what the game says of the kind
    /// ([`default_caption`]). A caption equal to the name with spaces for underscores is
    /// the manifest's own stand-in for a missing one (`tegel best`) and counts as none.
    pub fn for_experiment(
        name: &str,
        game: Option<GameWords>,
        kind: &str,
        caption: Option<&str>,
        label: Option<&str>,
    ) -> Titles {
        // A manifest's caption is in the manifest's language (English in the manifests
        // the harness ships); a Dutch report gives the game's own Dutch caption instead.
        let english = game.is_none_or(|g| g.language == Language::En);
        let given = caption.map(str::trim).filter(|c| english && !c.is_empty() && *c != name.replace('_', " "));
        match given {
            Some(given) => Titles::new(name, Some(given), label),
            None => Titles { caption: default_caption(name, game, kind), label: label_or_default(name, label) },
        }
    }
}

/// `label` when it is a plain LaTeX label, otherwise `tab:NAME` (characters other than
/// letters, digits, `-`, `_` and `.` of the name as `-`).
fn label_or_default(name: &str, label: Option<&str>) -> String {
    match label.map(str::trim) {
        Some(l) if crate::base::text::is_latex_label(l) => l.to_string(),
        _ => format!("tab:{}", name.replace(|c: char| !c.is_ascii_alphanumeric() && !"-_.".contains(c), "-")),
    }
}

/// A caption from what the game's report says of the kind, e.g. "Tile game: besteScore per
/// instance (`tegel_best`)."; the experiment name tells experiments of one kind apart.
/// Without a game report it is the generic "Results of experiment `NAME`.".
pub fn default_caption(name: &str, game: Option<GameWords>, kind: &str) -> Caption {
    let Some(game) = game else { return Caption::text("Results of experiment ").code(name).then(".") };
    let start = Caption::text(&format!("{}: ", game.title));
    let what = match game.kind_description {
        Some(description) => start.then(description),
        None => start.then(&format!("{} ", game.language.pick("results of kind", "resultaten van soort"))).code(kind),
    };
    what.then(" (").code(name).then(").")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::kind::ExperimentKind;
    use crate::report::kinds::{no_extra_files, GameReport, KindReport};

    #[test]
    fn captions_default_to_the_game_report() {
        static GAME: GameReport = GameReport {
            game: "g",
            title: "Game",
            dutch_title: None,
            kinds: &[ExperimentKind { name: "k", build: |_| unreachable!(), report: KindReport::new("what k shows") }],
            extra_files: no_extra_files,
            summary: None,
            assignment: None,
            picture_words: crate::report::kinds::as_drawn,
        };
        let t = Titles::for_experiment("g_k", Some(GAME.words("k")), "k", Some("g k"), None);
        assert_eq!(t.caption.latex(), "Game: what k shows (\\texttt{g\\_k}).");
        let t = Titles::for_experiment("g_k", Some(GAME.words("k")), "k", Some("Mine"), Some("tab:x"));
        assert_eq!((t.caption.latex().as_str(), t.label.as_str()), ("Mine", "tab:x"));
        let t = Titles::for_experiment("long_grow", Some(GAME.words("grow")), "grow", None, None);
        assert_eq!(t.caption.latex(), "Game: results of kind \\texttt{grow} (\\texttt{long\\_grow}).");
        let t = Titles::for_experiment("x", None, "k", None, None);
        assert_eq!(t.caption.latex(), "Results of experiment \\texttt{x}.");
    }
}
