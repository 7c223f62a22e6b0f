//! Text for LaTeX text mode: every character stands for itself.

/// Escapes text for LaTeX text mode.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '\u{2212}' => out.push_str("\\textminus{}"),
            '\u{00d7}' => out.push_str("\\texttimes{}"),
            '\u{00b1}' => out.push_str("\\textpm{}"),
            '\u{2020}' => out.push_str("\\dag{}"),
            // A line break or tab is a space (two newlines would end a paragraph inside a
            // table cell); any other control character (an escape, a bell) would stop
            // pdflatex: it is shown as the terminal shows it, `\u{1b}`.
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_control() => out.push_str(&format!("\\textbackslash{{}}u\\{{{:x}\\}}", c as u32)),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_specials() {
        assert_eq!(
            escape("a_b & 50% #1 {x} ~^\\"),
            "a\\_b \\& 50\\% \\#1 \\{x\\} \\textasciitilde{}\\textasciicircum{}\\textbackslash{}"
        );
    }

    /// Control characters in a name are shown as `\u{..}` escapes (line breaks and tabs
    /// as spaces), never written raw.
    #[test]
    fn control_characters_are_shown_not_written() {
        assert_eq!(escape("a\u{1b}[2Jb\n\nc"), "a\\textbackslash{}u\\{1b\\}[2Jb  c");
        assert!(!escape("x\r\u{7}").chars().any(char::is_control));
    }
}
