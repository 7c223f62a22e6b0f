//! Small text helpers every layer shares: counts with their noun, seconds as people read
//! them.

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
    fn whole_seconds_lose_their_fraction() {
        assert_eq!(seconds_text(300.0), "300");
        assert_eq!(seconds_text(0.5), "0.5");
        assert_eq!(seconds_text(12.25), "12.25");
    }
}
