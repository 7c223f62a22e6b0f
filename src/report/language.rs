//! The language a report is written in: English (the default) or Dutch, the course's
//! own. One language per document: every sentence, heading, caption and column header
//! of a report made with `--language nl` is Dutch.

use std::fmt;
use std::str::FromStr;

use crate::base::error::InputError;

/// A report's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Language {
    /// English.
    #[default]
    En,
    /// Dutch (Nederlands).
    Nl,
}

impl Language {
    /// Every language, in the order `--language` lists them.
    pub const ALL: [Language; 2] = [Language::En, Language::Nl];

    /// The English or the Dutch of one text.
    pub fn pick<T>(self, en: T, nl: T) -> T {
        match self {
            Language::En => en,
            Language::Nl => nl,
        }
    }

    /// The code `--language` takes: `en` or `nl`.
    pub fn code(self) -> &'static str {
        self.pick("en", "nl")
    }

    /// `a`, `a and b`, `a, b and c` ("en" in Dutch); empty for no items.
    pub fn listed<T: AsRef<str>>(self, items: &[T]) -> String {
        match items {
            [] => String::new(),
            [one] => one.as_ref().to_string(),
            [init @ .., last] => {
                let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
                format!("{} {} {}", init.join(", "), self.pick("and", "en"), last.as_ref())
            }
        }
    }

    /// The language's name for LaTeX's `babel` package.
    pub fn babel(self) -> &'static str {
        self.pick("english", "dutch")
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Language {
    type Err = InputError;

    /// `en` or `nl` (case-insensitive); anything else is refused, naming both.
    fn from_str(s: &str) -> Result<Language, InputError> {
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| InputError::new(format!("language `{s}`: expected en (English) or nl (Dutch)")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_and_others_are_refused() {
        for l in Language::ALL {
            assert_eq!(l.code().parse::<Language>().unwrap(), l);
        }
        assert_eq!("NL".parse::<Language>().unwrap(), Language::Nl);
        let e = "de".parse::<Language>().unwrap_err();
        assert!(e.to_string().contains("expected en (English) or nl (Dutch)"), "{e}");
    }

    #[test]
    fn pick_gives_the_languages_own() {
        assert_eq!(Language::En.pick("table", "tabel"), "table");
        assert_eq!(Language::Nl.pick("table", "tabel"), "tabel");
    }
}
