//! Small text helpers every layer shares: counts with their noun, seconds as people read
//! them, short excerpts of input quoted in messages.

/// The most characters of a library's message (a TOML or serde refusal, which may quote
/// a value) that a refusal repeats.
pub const MAX_MESSAGE_CHARS: usize = 200;

/// The most characters of input a message quotes (see [`excerpt`]).
pub const EXCERPT_CHARS: usize = 40;

/// `text` trimmed, as a refusal quotes it: at most [`EXCERPT_CHARS`] characters, then `…`
/// where it goes on, so a message never echoes more than a short piece of a line (of a
/// `text` with the characters that XML and HTML give a meaning (`&`, `<`, `>`, `"`)
/// written as entities, safe in element content and in quoted attribute values.
pub fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// stones file, a manifest, a typed move, or whatever file was named instead).
pub fn excerpt(text: &str) -> String {
    excerpt_to(text, EXCERPT_CHARS)
}

/// `text` trimmed, cut after `max` characters (never inside one), with `…` where it was
/// cut, and [`printable`]: an excerpt of input is shown in a message, where a newline or
/// an escape sequence must not reach the terminal raw.
pub fn excerpt_to(text: &str, max: usize) -> String {
    let text = text.trim();
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", printable(&text[..end])),
        None => printable(text),
    }
}

/// An integer's digits grouped by commas (`845931` → `845,931`); other text as it is.
pub fn grouped_digits(value: &str) -> String {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return value.to_string();
    }
    let mut out = String::new();
    for (i, ch) in value.chars().enumerate() {
        if i > 0 && (value.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// `text` with every run of more than 15 digits (a number no input means literally, such
/// as `1e308` written out by a parser) given as its first digits and its length:
/// "100000…(309 digits)".
pub fn compact_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if digits.len() > 15 {
            out.push_str(&format!("{}…({} digits)", &digits[..6], digits.len()));
        } else {
            out.push_str(digits);
        }
        digits.clear();
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

/// `text` safe to print on a terminal or in a log: control characters (escape sequences,
/// newlines, carriage returns) and the bidirectional controls that reorder what follows
/// them are written as `\u{..}` escapes; everything else as it is.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let bidi = matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if c.is_control() || bidi {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` with each of its lines [`printable`]: a name's escape sequence or carriage
/// return is shown as `\u{1b}` or `\u{d}`, never acted on by a terminal; the line breaks
/// between lines are kept.
pub fn printable_lines(text: &str) -> String {
    text.split('\n').map(printable).collect::<Vec<_>>().join("\n")
}

/// Prints `text` on standard error, its lines [`printable_lines`]: every message that
/// can hold a name (a path, an instance, an experiment) goes through here.
pub fn say(text: &str) {
    eprintln!("{}", printable_lines(text));
}

/// `n` and the noun, in the plural unless `n` is 1: `1 tile`, `3 tiles`, `0 items`.
pub fn count_of(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The noun alone, in the plural unless `n` is 1: `item`, `items`.
pub fn noun(n: u64, word: &str) -> String {
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

/// Seconds as given, without a trailing `.0` for whole numbers: `300`, `0.5`, `12.25`.
pub fn seconds_text(s: f64) -> String {
    if s.fract() == 0.0 && s.abs() < 1e15 {
        format!("{s:.0}")
    } else {
        format!("{s}")
    }
}

/// Whether `c` is a bidirectional embedding, override or isolate control (U+202A to
/// U+202E, U+2066 to U+2069): a character that reorders the text after it on a page.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every bidirectional control ([`is_bidi_control`]) written out as
/// `[U+202E]`, so that a name or caption holding one cannot reorder what a page shows
/// after it; text without one is returned as it is.
pub fn bidi_visible(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_bidi_control) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_bidi_control(c) {
            out.push_str(&format!("[U+{:04X}]", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// The longest LaTeX label accepted.
pub const MAX_LABEL_LEN: usize = 100;

/// Whether `label` can stand in `\label{..}` and `\ref{..}` as it is: 1 to
/// [`MAX_LABEL_LEN`] ASCII letters, digits and `:-_.` (no brace, backslash or space that
/// could end the command or start another).
pub fn is_latex_label(label: &str) -> bool {
    !label.is_empty()
        && label.len() <= MAX_LABEL_LEN
        && label.bytes().all(|b| b.is_ascii_alphanumeric() || b":-_.".contains(&b))
}

/// Why `caption` cannot be the argument of `\caption{..}`, or `None` when it can: a `}`
/// that closes no `{`, a `{` never closed, a `$` that opens math never closed, a
/// backslash at the end (it would escape the closing brace), or a control character (a
/// line break). `\{`, `\}` and `\$` are literal characters and do not count.
pub fn caption_problem(caption: &str) -> Option<String> {
    if caption.chars().any(char::is_control) {
        return Some("holds a line break or another control character; write the caption on one line".into());
    }
    let (mut depth, mut in_math, mut escaped) = (0usize, false, false);
    for ch in caption.chars() {
        match ch {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '{' => depth += 1,
            '}' if depth == 0 => return Some("has a `}` that closes no `{` (write `\\}` for a brace)".into()),
            '}' => depth -= 1,
            '$' => in_math = !in_math,
            _ => {}
        }
    }
    if escaped {
        Some("ends with a backslash, which would escape the caption's closing brace".into())
    } else if depth > 0 {
        Some(format!("has {depth} `{{` never closed (write `\\{{` for a brace)"))
    } else if in_math {
        Some("has a `$` that opens math but none that closes it (write `\\$` for a dollar sign)".into())
    } else {
        None
    }
}

/// `head` and `rows` as columns two spaces apart, each as wide as its widest cell: padded
/// on the left where `right(column)` (numbers), on the right elsewhere.
pub fn aligned(head: &[String], rows: &[Vec<String>], right: impl Fn(usize) -> bool) -> String {
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).chain([head[i].chars().count()]).max();
    let widths: Vec<usize> = (0..head.len()).map(|i| width(i).unwrap_or(0)).collect();
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = " ".repeat(widths[i].saturating_sub(c.chars().count()));
                if right(i) {
                    format!("{pad}{c}")
                } else {
                    format!("{c}{pad}")
                }
            })
            .collect();
        format!("{}\n", padded.join("  ").trim_end())
    };
    let mut out = line(head);
    for r in rows {
        out.push_str(&line(r));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_show_control_characters_and_long_numbers_are_compact() {
        assert_eq!(excerpt("24:00:00\nrm -rf /"), "24:00:00\\u{a}rm -rf /");
        let long = format!("invalid type: floating point `1{}`, expected u32", "0".repeat(308));
        assert_eq!(compact_numbers(&long), "invalid type: floating point `100000…(309 digits)`, expected u32");
        assert_eq!(compact_numbers("at 12:30, 123456789012345 ok"), "at 12:30, 123456789012345 ok");
    }

    #[test]
    fn bidi_controls_are_written_out() {
        assert_eq!(bidi_visible("plain é"), "plain é");
        assert_eq!(bidi_visible("a\u{202E}cba\u{2066}x\u{2069}"), "a[U+202E]cba[U+2066]x[U+2069]");
        assert!(!bidi_visible("\u{202A}\u{202B}\u{202C}\u{202D}\u{2067}\u{2068}").chars().any(is_bidi_control));
    }

    #[test]
    fn labels_are_letters_digits_and_a_few_marks() {
        assert!(is_latex_label("tab:tegel_best-1.2"));
        for bad in ["", "tab:x}\\input{/etc/hostname}\\label{y", "a b", "a{", "a\\b", &"x".repeat(101)] {
            assert!(!is_latex_label(bad), "{bad}");
        }
    }

    #[test]
    fn captions_with_unbalanced_braces_or_math_are_refused() {
        for ok in ["Plain", "With {braces} and $x_1$", "Literal \\{ and \\} and \\$5", "\\emph{a}"] {
            assert_eq!(caption_problem(ok), None, "{ok}");
        }
        assert!(caption_problem("a}b{").unwrap().contains("closes no"));
        assert!(caption_problem("a{b").unwrap().contains("never closed"));
        assert!(caption_problem("costs $5").unwrap().contains("`$`"));
        assert!(caption_problem("ends \\").unwrap().contains("backslash"));
        assert!(caption_problem("two\nlines").unwrap().contains("line break"));
    }

    #[test]
    fn counts_take_the_plural_unless_one() {
        assert_eq!(count_of(1, "stone"), "1 stone");
        assert_eq!(count_of(0, "stone"), "0 stones");
        assert_eq!(count_of(12, "item"), "12 items");
        assert_eq!(noun(1, "item"), "item");
        assert_eq!(noun(2, "item"), "items");
    }

    #[test]
    fn excerpts_cut_long_text_on_a_character_boundary() {
        assert_eq!(excerpt("  short  "), "short");
        let long = "x".repeat(5000);
        assert_eq!(excerpt(&long), format!("{}…", "x".repeat(EXCERPT_CHARS)));
        let wide = "é".repeat(100);
        assert_eq!(excerpt(&wide), format!("{}…", "é".repeat(EXCERPT_CHARS)));
        assert_eq!(excerpt(&"a".repeat(EXCERPT_CHARS)), "a".repeat(EXCERPT_CHARS));
        assert_eq!(excerpt_to("abcdef", 3), "abc…");
    }

    #[test]
    fn whole_seconds_lose_their_fraction() {
        assert_eq!(seconds_text(300.0), "300");
        assert_eq!(seconds_text(0.5), "0.5");
        assert_eq!(seconds_text(12.25), "12.25");
    }
}
