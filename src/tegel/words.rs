//! The small words the tile game's answers share: a list in words and a number of
//! simulations, in the report's language.

use crate::report::answers::counted_in;
use crate::report::language::Language;

/// `n` simulations in `language`, `n` as the table shows it.
pub fn simulations(n: &str, language: Language) -> String {
    counted_in(language, n, "simulation", ("simulatie", "simulaties"))
}

/// "a, b en c".
pub fn listed<T: AsRef<str>>(items: &[T], and: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} {and} {}", init.join(", "), last.as_ref())
        }
    }
}
