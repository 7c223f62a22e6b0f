//! A table's caption as the report means it: text with code spans (an experiment's or a
//! kind's name), written once and set by each back end in its own syntax: LaTeX escapes
//! the text and sets code in `\texttt`, the page and the Markdown show the text as it is
//! (and escape it their own way). No back end reads another's output back.

use super::latex::escape;

/// One run of a caption.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Span {
    /// Text: every character stands for itself.
    Text(String),
    /// A name set as code (an experiment, a kind).
    Code(String),
}

/// A caption: text and code spans, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Caption(Vec<Span>);

impl Caption {
    /// A caption of `text` alone; control characters (from an edited manifest or metadata
    /// file) become spaces.
    pub fn text(text: &str) -> Caption {
        Caption::default().then(text)
    }

    /// This caption followed by `text` (control characters as spaces).
    pub fn then(mut self, text: &str) -> Caption {
        let text: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        if !text.is_empty() {
            self.0.push(Span::Text(text));
        }
        self
    }

    /// This caption followed by `name` set as code.
    pub fn code(mut self, name: &str) -> Caption {
        self.0.push(Span::Code(name.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()));
        self
    }

    /// `text` followed by this caption.
    pub fn after(self, text: &str) -> Caption {
        let mut out = Caption::text(text);
        out.0.extend(self.0);
        out
    }

    /// The caption as LaTeX: text escaped, code in `\texttt`.
    pub fn latex(&self) -> String {
        self.0
            .iter()
            .map(|span| match span {
                Span::Text(t) => escape(t),
                Span::Code(c) => format!("\\texttt{{{}}}", escape(c)),
            })
            .collect()
    }

    /// The caption as the reader sees it, code and text alike (the page and the Markdown
    /// escape it as their syntax needs).
    pub fn plain(&self) -> String {
        self.0
            .iter()
            .map(|span| match span {
                Span::Text(t) | Span::Code(t) => t.as_str(),
            })
            .collect()
    }

    /// The caption's first sentence as plain text (up to the first full stop followed
    /// by a space), without its full stop.
    pub fn first_sentence(&self) -> String {
        let plain = self.plain();
        plain.split(". ").next().unwrap_or_default().trim_end_matches('.').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_back_end_sets_the_same_caption_in_its_own_syntax() {
        let c = Caption::text("Tile game: 50% & more (").code("tegel_best").then(").");
        assert_eq!(c.latex(), "Tile game: 50\\% \\& more (\\texttt{tegel\\_best}).");
        assert_eq!(c.plain(), "Tile game: 50% & more (tegel_best).");
        assert_eq!(c.clone().after("Unchecked. ").first_sentence(), "Unchecked");
    }

    #[test]
    fn no_command_and_no_control_character_passes_through() {
        let c = Caption::text("\\input{/etc/hostname} a\u{7}b");
        assert_eq!(c.latex(), "\\textbackslash{}input\\{/etc/hostname\\} a b");
        assert_eq!(c.plain(), "\\input{/etc/hostname} a b");
    }
}
