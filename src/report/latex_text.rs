//! LaTeX read back as the text a reader sees: the report's captions and cells are written
//! as LaTeX once, and the page and the Markdown show them as TeX would set them.

/// LaTeX text (captions, headers, formatted numbers) as plain Unicode, read in one pass
/// as TeX would set it: the commands [`latex::escape`](super::latex::escape) writes for a
/// character are that character (`\textbackslash{}` a backslash that starts nothing,
/// `\textasciitilde{}` a tilde), other commands such as `\texttt{x}` keep their
/// argument, escapes lose their backslash, `{,}` is a comma, `$\times$` is ×, `\dag` is
/// †, `--` is –, `~` a no-break space, math dollars and braces go. A caption, which the
/// PDF sets as text, thus reads on the page as in the PDF (`\emph{ok}`, not `{ok}`).
pub fn plain(latex: &str) -> String {
    const SYMBOLS: [(&str, char); 13] = [
        ("textbackslash", '\\'),
        ("textasciitilde", '~'),
        ("textasciicircum", '^'),
        ("textless", '<'),
        ("textgreater", '>'),
        ("textbar", '|'),
        ("textminus", '\u{2212}'),
        ("texttimes", '×'),
        ("textpm", '±'),
        ("times", '×'),
        ("pm", '±'),
        ("dag", '†'),
        ("textdagger", '†'),
    ];
    let mut out = String::with_capacity(latex.len());
    let mut chars = latex.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '\\' => match chars.peek() {
                Some(&next) if "&%$#_{}".contains(next) => {
                    out.push(next);
                    chars.next();
                }
                Some(&next) if next.is_ascii_alphabetic() => {
                    let mut name = String::new();
                    while let Some(c) = chars.next_if(char::is_ascii_alphabetic) {
                        name.push(c);
                    }
                    match SYMBOLS.iter().find(|(n, _)| *n == name) {
                        Some(&(_, symbol)) => {
                            out.push(symbol);
                            // `\textbackslash{}`: the empty group that ends the command.
                            let mut rest = chars.clone();
                            if rest.next() == Some('{') && rest.next() == Some('}') {
                                chars = rest;
                            } else if chars.peek() == Some(&' ') {
                                chars.next();
                            }
                        }
                        None => {
                            if chars.peek() == Some(&' ') {
                                chars.next();
                            }
                        }
                    }
                }
                _ => out.push(' '),
            },
            '{' | '}' | '$' => {}
            '~' => out.push('\u{a0}'),
            '-' if chars.peek() == Some(&'-') => {
                chars.next();
                out.push('–');
            }
            _ => out.push(ch),
        }
    }
    out.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_of_latex() {
        assert_eq!(plain("Tile game: besteScore (\\texttt{tegel\\_best})."), "Tile game: besteScore (tegel_best).");
        assert_eq!(plain("1{,}573{,}085"), "1,573,085");
        assert_eq!(plain("speed-up ($\\times$)"), "speed-up (×)");
        assert_eq!(plain("$1.50\\times 10^{-5}$"), "1.50×10^-5");
        assert_eq!(plain("a \\& b 50\\% \\dag{} x"), "a & b 50% † x");
    }

    /// The LaTeX the report writes for a text reads back as that text: an escaped
    /// backslash starts no command, an escaped tilde is no space.
    #[test]
    fn escaped_text_reads_back_as_written() {
        use crate::report::latex::{caption_text, escape};
        for text in ["\\emph{ok}", "~h\\input{x}", "50\\% of $x$", "a^b|c<d>e", "\\textbackslash{}"] {
            assert_eq!(plain(&caption_text(text)), text);
        }
        assert_eq!(plain(&escape("x\u{1b}[2J")), "x\\u{1b}[2J");
        assert_eq!(plain("\\textsuperscript{\\dag}"), "†");
    }
}
