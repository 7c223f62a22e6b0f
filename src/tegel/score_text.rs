//! A score in a sentence of the report's answers.

/// A score as the tables show it: a minus sign, not a hyphen.
pub fn score(value: f64) -> String {
    // `-0` (the negated value of a drawn game) reads 0.
    let text = format!("{}", if value == 0.0 { 0.0 } else { value });
    text.replace('-', "\u{2212}")
}
