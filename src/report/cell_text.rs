//! A cell's text in the medium that shows it: the one formatter of CSV cells, numbers and
//! column headers, written for LaTeX or for plain Unicode text ([`Medium`]). A number is
//! formatted once per medium, never written as LaTeX and read back:
//! - counts get thousands separators (`{,}` in LaTeX, `,` in text), seeds stay as they
//!   are, seconds get three significant digits, other reals four, scientific below 10^-4;
//!   speed-ups two decimals; bytes are MiB with one decimal; flags become yes/no;
//! - a leading minus is a typographic minus; an empty cell a dash; markers (`timeout`,
//!   `error: ...`) are set in italics in LaTeX;
//! - headers carry units: seconds "(s)", a speed-up "(×)", a rate (`*_per_second`) "(/s)";
//!   one-letter names (`m`, `n`, `r`) are math symbols; other underscores become spaces.

use super::language::Language;
use super::tex_escape::escape;
use crate::results::columns::{Kind, StatusWord};

/// Where a cell's text is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Medium {
    /// LaTeX text mode (the PDF), escaped.
    Latex,
    /// Plain Unicode (the page, Markdown, the terminal): each writer escapes it once.
    Text,
}

impl Medium {
    /// `text`, which stands for itself, in this medium.
    fn text(self, text: &str) -> String {
        match self {
            Medium::Latex => escape(text),
            Medium::Text => name_text(text),
        }
    }

    fn thousands(self) -> &'static str {
        match self {
            Medium::Latex => "{,}",
            Medium::Text => ",",
        }
    }

    fn minus(self) -> &'static str {
        match self {
            Medium::Latex => "$-$",
            Medium::Text => "\u{2212}",
        }
    }

    fn dash(self) -> &'static str {
        match self {
            Medium::Latex => "--",
            Medium::Text => "–",
        }
    }

    fn times(self) -> &'static str {
        match self {
            Medium::Latex => "$\\times$",
            Medium::Text => "×",
        }
    }

    /// `mantissa` × 10^`exponent`.
    fn scientific(self, mantissa: f64, exponent: i32) -> String {
        match self {
            Medium::Latex => format!("${mantissa:.2}\\times 10^{{{exponent}}}$"),
            Medium::Text => format!("{mantissa:.2}×10^{exponent}"),
        }
    }

    /// A marker (`timeout`, `error: ...`), set apart from values.
    fn marker(self, text: &str) -> String {
        match self {
            Medium::Latex => format!("\\textit{{{}}}", escape(text)),
            Medium::Text => name_text(text),
        }
    }

    /// A one-letter column name as a math symbol.
    fn symbol(self, name: &str) -> String {
        match self {
            Medium::Latex => format!("${name}$"),
            Medium::Text => name.to_string(),
        }
    }
}

/// A name (an instance, a move, a path) as text, exactly as the CSV holds it: line breaks
/// and tabs as spaces, any other control character shown as `\u{1b}`, never written raw.
pub fn name_text(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Groups the digits of an integer written in decimal (any length, optional sign) every
/// three digits: `1573085709` → `1{,}573{,}085{,}709` in LaTeX, `1,573,085,709` in text.
pub fn group_digits(integer: &str, medium: Medium) -> String {
    let (sign, digits) = match integer.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", integer),
    };
    let mut out = String::from(sign);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push_str(medium.thousands());
        }
        out.push(ch);
    }
    out
}

/// Whether `cell` is a plain decimal integer (any length, so u128 counts fit).
pub fn is_integer(cell: &str) -> bool {
    let digits = cell.strip_prefix('-').unwrap_or(cell);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A time in seconds with three significant digits (thousands grouped from 1000 on).
pub fn format_seconds(v: f64, medium: Medium) -> String {
    if v == 0.0 {
        return "0".to_string();
    }
    if v.abs() >= 100.0 {
        return group_digits(&format!("{:.0}", v), medium);
    }
    let magnitude = v.abs().log10().floor() as i32;
    let decimals = (2 - magnitude).clamp(0, 6) as usize;
    format!("{v:.decimals$}")
}

/// A general real number: four significant digits, scientific below 10^-4.
pub fn format_real(v: f64, medium: Medium) -> String {
    if v == 0.0 {
        return "0".to_string();
    }
    let magnitude = v.abs().log10().floor() as i32;
    if magnitude < -4 {
        return medium.scientific(v / 10f64.powi(magnitude), magnitude);
    }
    if magnitude >= 4 {
        return group_digits(&format!("{:.0}", v), medium);
    }
    let decimals = (3 - magnitude).max(0) as usize;
    let text = format!("{v:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// Whether a cell is a marker rather than a value: a status word other than `ok`
/// (`timeout`, `interrupted`, `error: ...`), as CSVs written before 2026-11-26 also held
/// in numeric columns.
pub fn is_marker(cell: &str) -> bool {
    StatusWord::of_cell(cell).is_some_and(|w| w != StatusWord::Ok)
}

/// Bytes as MiB with one decimal (`73.5`), the unit the headers of memory columns name.
pub fn mebibytes(bytes: f64) -> String {
    format!("{:.1}", bytes / f64::from(1u32 << 20))
}

/// One CSV cell of a column of kind `kind` in `medium`: the one formatter of cells (see
/// the module's conventions); a text cell is shown without the CSV's formula guard
/// (`'=x` is `=x`).
pub fn format_cell(kind: Kind, cell: &str, medium: Medium) -> String {
    let cell = cell.trim();
    if cell.is_empty() {
        return medium.dash().to_string();
    }
    if is_marker(cell) {
        return medium.marker(cell);
    }
    match (kind, cell) {
        (_, "true") => return "yes".to_string(),
        (_, "false") => return "no".to_string(),
        (Kind::Text, _) => return medium.text(crate::results::row::unneutralise_formula(cell)),
        (Kind::Source | Kind::Status | Kind::Samples | Kind::Flag, _) => return medium.text(cell),
        _ => {}
    }
    if is_integer(cell) && kind != Kind::Bytes {
        let text = if kind == Kind::Seed { cell.to_string() } else { group_digits(cell, medium) };
        return minus_sign(text, medium);
    }
    let Some(v) = crate::results::csv_table::parse_number(cell) else { return medium.text(cell) };
    let text = match kind {
        Kind::Speedup => format!("{v:.2}"),
        Kind::Bytes => mebibytes(v),
        Kind::Seconds => format_seconds(v, medium),
        _ => format_real(v, medium),
    };
    minus_sign(text, medium)
}

/// [`format_cell`] as a document in `language` writes it: in Dutch a number's decimal
/// comma and thousands point ([`number_in`]) and a flag's `ja`/`nee`; every other cell as
/// [`format_cell`] gives it.
pub fn format_cell_in(kind: Kind, cell: &str, medium: Medium, language: Language) -> String {
    let text = format_cell(kind, cell, medium);
    if language == Language::En || is_marker(cell.trim()) {
        return text;
    }
    match (kind, cell.trim()) {
        (_, "true") => "ja".to_string(),
        (_, "false") => "nee".to_string(),
        (Kind::Text | Kind::Source | Kind::Status | Kind::Samples | Kind::Flag | Kind::Seed, _) => text,
        _ => number_in(&text, medium, language),
    }
}

/// A number formatted by this module as `language` writes it: unchanged in English; in
/// Dutch the decimal point becomes a comma and the thousands separator a point
/// (`2,258,267,628` → `2.258.267.628`, `0.0116` → `0,0116`; in LaTeX `{,}` and `.`
/// change places the same way).
pub fn number_in(number: &str, medium: Medium, language: Language) -> String {
    if language == Language::En {
        return number.to_string();
    }
    let thousands = medium.thousands();
    number.split(thousands).map(|group| group.replace('.', thousands)).collect::<Vec<_>>().join(".")
}

/// A leading `-` as a typographic minus.
fn minus_sign(text: String, medium: Medium) -> String {
    match text.strip_prefix('-') {
        Some(rest) => format!("{}{rest}", medium.minus()),
        None => text,
    }
}

const ABBREVIATIONS: [(&str, &str); 4] =
    [("seq", "seq."), ("par", "par."), ("memo", "memoised"), ("sims", "simulations")];

fn words(name: &str) -> String {
    name.split('_')
        .filter(|w| !w.is_empty())
        .map(|w| ABBREVIATIONS.iter().find(|(a, _)| *a == w).map(|(_, full)| *full).unwrap_or(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Column names (or their parts under a group) whose Dutch header is not made word by
/// word.
const DUTCH_NAMES: [(&str, &str); 8] = [
    ("up_to_symmetry", "op symmetrie na"),
    ("best_move", "beste zet"),
    ("best_positions", "standen besteScore"),
    ("good_player", "speler goede zet"),
    ("good_score", "score goede zet"),
    ("starter", "begint"),
    ("memo", "met memo"),
    ("item_seed", "seed"),
];

/// The Dutch of the words of column names (after [`DUTCH_NAMES`]); a word not listed
/// stays as it is (`score`, `status`, `threads`, a method's name).
const DUTCH_WORDS: [(&str, &str); 43] = [
    ("instance", "instantie"),
    ("positions", "standen"),
    ("position", "stand"),
    ("move", "zet"),
    ("moves", "zetten"),
    ("best", "beste"),
    ("good", "goede zet"),
    ("greedy", "gretig"),
    ("fill", "vulling"),
    ("values", "waarden"),
    ("averages", "gemiddelden"),
    ("sims", "simulaties"),
    ("repetition", "herhaling"),
    ("player", "speler"),
    ("transcript", "verloop"),
    ("undone", "ongedaan gemaakt"),
    ("height", "hoogte"),
    ("width", "breedte"),
    ("stones", "stenen"),
    ("dumb", "dom"),
    ("smart", "slim"),
    ("fast", "snel"),
    ("find", "zoeken"),
    ("count", "tellen"),
    ("solutions", "oplossingen"),
    ("distinct", "verschillend"),
    ("labelled", "gelabeld"),
    ("program", "programma"),
    ("question", "vraag"),
    ("given", "gegeven"),
    ("verdict", "oordeel"),
    ("solver", "programma"),
    ("rounds", "rondes"),
    ("samples", "metingen"),
    ("seed", "seed"),
    ("answer", "antwoord"),
    ("depth", "diepte"),
    ("leaves", "bladeren"),
    ("search", "zoekmethode"),
    ("seq", "seq."),
    ("par", "par."),
    ("memo", "met memo"),
    ("repetitions", "herhalingen"),
];

/// The Dutch words of a column name (underscores as spaces).
fn dutch_words(name: &str) -> String {
    if let Some((_, nl)) = DUTCH_NAMES.iter().find(|(en, _)| *en == name) {
        return nl.to_string();
    }
    name.split('_')
        .filter(|w| !w.is_empty())
        .map(|w| DUTCH_WORDS.iter().find(|(en, _)| *en == w).map_or(w, |(_, nl)| *nl))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The table header for a column name in `medium` and `language`, with its unit (see the
/// module's conventions).
pub fn header_in(name: &str, medium: Medium, language: Language) -> String {
    if language == Language::En {
        return header(name, medium);
    }
    if name.len() == 1 && name.chars().all(|c| c.is_ascii_alphabetic()) {
        return medium.symbol(name);
    }
    match name {
        "seconds" => return "tijd (s)".to_string(),
        "time_limit" => return "limiet (s)".to_string(),
        "speedup" => return format!("versnelling ({})", medium.times()),
        crate::results::columns::PEAK_MEMORY => return "extra piekgeheugen (MiB)".to_string(),
        _ => {}
    }
    if let Some(prefix) = name.strip_suffix("_per_second") {
        return format!("{} (/s)", medium.text(&dutch_words(prefix)));
    }
    if let Some(prefix) = name.strip_suffix("_seconds") {
        return format!("tijd {} (s)", medium.text(&dutch_words(prefix)));
    }
    medium.text(&dutch_words(name))
}

/// The table header for a column name in `medium`, with its unit (see the module's
/// conventions).
pub fn header(name: &str, medium: Medium) -> String {
    if name.len() == 1 && name.chars().all(|c| c.is_ascii_alphabetic()) {
        return medium.symbol(name);
    }
    match name {
        "seconds" => return "time (s)".to_string(),
        "time_limit" => return "limit (s)".to_string(),
        "speedup" => return format!("speed-up ({})", medium.times()),
        crate::results::columns::PEAK_MEMORY => return "peak memory added (MiB)".to_string(),
        _ => {}
    }
    if let Some(prefix) = name.strip_suffix("_per_second") {
        return format!("{} (/s)", medium.text(&words(prefix)));
    }
    if let Some(prefix) = name.strip_suffix("_seconds") {
        return format!("{} time (s)", medium.text(&words(prefix)));
    }
    medium.text(&words(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Medium::{Latex, Text};

    #[test]
    fn dutch_numbers_swap_the_separators_in_both_media() {
        assert_eq!(number_in("2,258,267,628", Medium::Text, Language::Nl), "2.258.267.628");
        assert_eq!(number_in("0.0116", Medium::Text, Language::Nl), "0,0116");
        assert_eq!(number_in("1{,}234.5", Medium::Latex, Language::Nl), "1.234{,}5");
        assert_eq!(number_in("1,234.5", Medium::Text, Language::En), "1,234.5");
        assert_eq!(format_cell_in(Kind::Count, "5578", Medium::Text, Language::Nl), "5.578");
        assert_eq!(format_cell_in(Kind::Seconds, "0.00920", Medium::Latex, Language::Nl), "0{,}00920");
        assert_eq!(format_cell_in(Kind::Flag, "true", Medium::Text, Language::Nl), "ja");
        assert_eq!(format_cell_in(Kind::Text, "spel1.txt", Medium::Text, Language::Nl), "spel1.txt");
        assert_eq!(format_cell_in(Kind::Seed, "12345", Medium::Text, Language::Nl), "12345");
        assert_eq!(format_cell_in(Kind::Count, "timeout", Medium::Text, Language::Nl), "timeout");
    }

    #[test]
    fn groups_digits() {
        assert_eq!(group_digits("1573085709", Latex), "1{,}573{,}085{,}709");
        assert_eq!(group_digits("1573085709", Text), "1,573,085,709");
        assert_eq!(group_digits("-1000", Latex), "-1{,}000");
        assert_eq!(group_digits("999", Latex), "999");
        assert_eq!(group_digits("340282366920938463463374607431768211455", Latex).matches("{,}").count(), 12);
    }

    #[test]
    fn seconds_have_three_significant_digits() {
        assert_eq!(format_seconds(0.005989, Latex), "0.00599");
        assert_eq!(format_seconds(1.27318, Latex), "1.27");
        assert_eq!(format_seconds(16.3639, Latex), "16.4");
        assert_eq!(format_seconds(1485.66, Latex), "1{,}486");
        assert_eq!(format_seconds(1485.66, Text), "1,486");
        assert_eq!(format_seconds(0.000001, Latex), "0.000001");
        assert_eq!(format_seconds(0.0, Latex), "0");
    }

    #[test]
    fn reals() {
        assert_eq!(format_real(0.5, Latex), "0.5");
        assert_eq!(format_real(1.23456, Latex), "1.235");
        assert_eq!(format_real(0.00001234, Latex), "$1.23\\times 10^{-5}$");
        assert_eq!(format_real(0.00001234, Text), "1.23×10^-5");
        assert_eq!(format_real(-0.25, Latex), "-0.25");
    }

    #[test]
    fn cells_in_latex() {
        let cases = [
            (Kind::Count, "10019", "10{,}019"),
            (Kind::Seed, "20240321", "20240321"),
            (Kind::Seconds, "0.005989", "0.00599"),
            (Kind::Speedup, "1.8765", "1.88"),
            (Kind::Seconds, "20.0", "20.0"),
            (Kind::Count, "timeout", "\\textit{timeout}"),
            (Kind::Status, "error: bad file_x", "\\textit{error: bad file\\_x}"),
            (Kind::Text, "(0,g)", "(0,g)"),
            (Kind::Text, "123_456", "123\\_456"),
            (Kind::Flag, "true", "yes"),
            (Kind::Number, "-1", "$-$1"),
            (Kind::Number, "-0.25", "$-$0.25"),
            (Kind::Text, "", "--"),
            (Kind::Text, "'=1+1", "=1+1"),
            (Kind::Text, "'-x", "-x"),
            (Kind::Text, "'quoted", "'quoted"),
            (Kind::Bytes, "77070336", "73.5"),
        ];
        for (kind, cell, latex) in cases {
            assert_eq!(format_cell(kind, cell, Latex), latex, "{kind:?} {cell}");
        }
    }

    /// The text of a cell is written for text, not LaTeX read back: the same figures,
    /// with `,`, `−`, `×` and `–` as themselves.
    #[test]
    fn cells_in_text() {
        let cases = [
            (Kind::Count, "10019", "10,019"),
            (Kind::Number, "-1234", "−1,234"),
            (Kind::Number, "0.00001234", "1.23×10^-5"),
            (Kind::Count, "timeout", "timeout"),
            (Kind::Status, "error: bad file_x", "error: bad file_x"),
            (Kind::Text, "a_b & c $5$ \\input", "a_b & c $5$ \\input"),
            (Kind::Text, "", "–"),
            (Kind::Source, "x\u{1b}y\tz", "x\\u{1b}y z"),
            (Kind::Speedup, "1.956", "1.96"),
        ];
        for (kind, cell, text) in cases {
            assert_eq!(format_cell(kind, cell, Text), text, "{kind:?} {cell}");
        }
    }

    #[test]
    fn headers_carry_units() {
        let cases = [
            ("seconds", "time (s)", "time (s)"),
            ("dumb_find_seconds", "dumb find time (s)", "dumb find time (s)"),
            ("seq_positions", "seq. positions", "seq. positions"),
            ("speedup", "speed-up ($\\times$)", "speed-up (×)"),
            ("leaves_per_second", "leaves (/s)", "leaves (/s)"),
            ("time_limit", "limit (s)", "limit (s)"),
            ("m", "$m$", "m"),
            ("best_move", "best move", "best move"),
            ("x_y&", "x y\\&", "x y&"),
        ];
        for (name, latex, text) in cases {
            assert_eq!((header(name, Latex), header(name, Text)), (latex.to_string(), text.to_string()), "{name}");
        }
    }
}
