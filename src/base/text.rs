//! Small text helpers every layer shares: counts with their noun, seconds as people read
//! them, short excerpts of input quoted in messages.

/// The most characters of a library's message (a TOML or serde refusal, which may quote
/// a value) that a refusal repeats.
pub const MAX_MESSAGE_CHARS: usize = 200;

/// The most characters of input a message quotes (see [`excerpt`]).
pub const EXCERPT_CHARS: usize = 40;

/// `text` trimmed, as a refusal quotes it: at most [`EXCERPT_CHARS`] characters, then `…`
/// where it goes on, so a message never echoes more than a short piece of a line (of a
/// stones file, a manifest, a typed move, or whatever file was named instead).
pub fn excerpt(text: &str) -> String {
    excerpt_to(text, EXCERPT_CHARS)
}

/// `text` trimmed, cut after `max` characters (never inside one), with `…` where it was cut.
pub fn excerpt_to(text: &str, max: usize) -> String {
    let text = text.trim();
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
