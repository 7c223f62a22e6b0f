//! The small words of the tiling's answers in the report's language: a number with its
//! noun, a time, whether an answer is the reference's, and the opening sentence of a
//! solver's report (the words every game shares, `report/answers.rs` and
//! `report/asked.rs`, by the names the tiling's answers use), and where a time lies
//! against the own instance's window.

use crate::report::answers::count;
pub use crate::report::answers::counted_in;
use crate::report::language::Language;

/// A count with its noun ([`counted_in`] of the count as the tables show it).
pub fn count_in(language: Language, n: u64, en: &str, nl: (&str, &str)) -> String {
    counted_in(language, &count(n), en, nl)
}

// The words every game's solver report shares, by the names the tiling's answers use.
pub use crate::report::asked::{
    check_words_in as check_in, seconds_words_in as seconds_in, summary_in, time_words_in as time_in,
};

/// Where a time lies against the assignment's window for the own instance: "inside",
/// "below" or "above" the window, in the report's language.
pub fn window_word(language: Language, seconds: f64, (low, high): (f64, f64)) -> &'static str {
    match seconds {
        v if v > low && v <= high => language.pick("inside", "binnen"),
        v if v <= low => language.pick("below", "onder"),
        _ => language.pick("above", "boven"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::asked::check_words;
    use crate::results::csv_table::test_table;

    #[test]
    fn dutch_nouns_take_their_own_plural() {
        assert_eq!(counted_in(Language::Nl, "1", "tiling", ("betegeling", "betegelingen")), "1 betegeling");
        assert_eq!(count_in(Language::Nl, 1600, "tiling", ("betegeling", "betegelingen")), "1.600 betegelingen");
        assert_eq!(count_in(Language::En, 2, "position", ("stand", "standen")), "2 positions");
        assert_eq!(seconds_in(Language::Nl, 0.00001), "minder dan 1 ms");
        assert_eq!(window_word(Language::Nl, 20.0, (10.0, 180.0)), "binnen");
        assert_eq!(window_word(Language::En, 5.0, (10.0, 180.0)), "below");
    }

    #[test]
    fn an_answer_is_checked_in_dutch() {
        let t = test_table(
            "position,question,verdict,detail,solver_seconds,rounds,status\n\
             a,count dumb,correct,,0.000579,6,ok\n\
             b,count dumb,wrong,16 not 15,0.1,1,ok\n",
        );
        assert_eq!(check_in(Language::Nl, &t, &t.rows[0]), "gecontroleerd en goed");
        assert_eq!(check_in(Language::Nl, &t, &t.rows[1]), "fout: 16 not 15");
        assert_eq!(time_in(Language::Nl, &t, &t.rows[0]).unwrap(), "minder dan 1 ms");
        assert_eq!(time_in(Language::Nl, &t, &t.rows[1]).unwrap(), "100 ms (één meting)");
        assert_eq!(check_in(Language::En, &t, &t.rows[0]), check_words(&t, &t.rows[0]));
    }
}
