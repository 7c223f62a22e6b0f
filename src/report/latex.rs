//! LaTeX text: escaping, the one formatter of cells ([`format_cell`], by the column's
//! declared [`Kind`]; the plain text of every other format is made from it), and the
//! headers with units:
//! - seconds (`seconds`, `*_seconds`, `time_limit`) are shown with the unit "(s)";
//! - a speed-up with "($\times$)"; a rate (`*_per_second`) with "(/s)";
//! - one-letter names (`m`, `n`, `r`) are math symbols; other underscores become spaces.

use crate::results::columns::{Kind, StatusWord};

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

/// Groups the digits of an integer written in decimal (any length, optional sign) with
/// `{,}` every three digits: `1573085709` → `1{,}573{,}085{,}709`.
pub fn group_digits(integer: &str) -> String {
    let (sign, digits) = match integer.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", integer),
    };
    let mut out = String::from(sign);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push_str("{,}");
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
pub fn format_seconds(v: f64) -> String {
    if v == 0.0 {
        return "0".to_string();
    }
    if v.abs() >= 100.0 {
        return group_digits(&format!("{:.0}", v));
    }
    let magnitude = v.abs().log10().floor() as i32;
    let decimals = (2 - magnitude).clamp(0, 6) as usize;
    format!("{v:.decimals$}")
}

/// A general real number: four significant digits, scientific below 10^-4.
pub fn format_real(v: f64) -> String {
    if v == 0.0 {
        return "0".to_string();
    }
    let magnitude = v.abs().log10().floor() as i32;
    if magnitude < -4 {
        let mantissa = v / 10f64.powi(magnitude);
        return format!("${mantissa:.2}\\times 10^{{{magnitude}}}$");
    }
    if magnitude >= 4 {
        return group_digits(&format!("{:.0}", v));
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

/// The LaTeX of one CSV cell of a column of kind `kind`: the one formatter of cells.
///
/// Markers (`timeout`, `error: ...`) are set in italics as they are; empty cells are a
/// dash; counts get thousands separators; seeds stay as they are; seconds get three
/// significant digits; speed-ups two decimals; bytes are MiB with one decimal; flags become yes/no; other text is escaped,
/// a text cell without the CSV's formula guard (`'=x` is `=x`).
pub fn format_cell(kind: Kind, cell: &str) -> String {
    let cell = cell.trim();
    if cell.is_empty() {
        return "--".to_string();
    }
    if is_marker(cell) {
        return format!("\\textit{{{}}}", escape(cell));
    }
    match (kind, cell) {
        (_, "true") => return "yes".to_string(),
        (_, "false") => return "no".to_string(),
        (Kind::Text, _) => return escape(crate::results::row::unneutralise_formula(cell)),
        (Kind::Source | Kind::Status | Kind::Samples | Kind::Flag, _) => return escape(cell),
        _ => {}
    }
    if is_integer(cell) && kind != Kind::Bytes {
        let text = if kind == Kind::Seed { cell.to_string() } else { group_digits(cell) };
        return minus_sign(text);
    }
    let Some(v) = crate::results::csv_table::parse_number(cell) else { return escape(cell) };
    let text = match kind {
        Kind::Speedup => format!("{v:.2}"),
        Kind::Bytes => mebibytes(v),
        Kind::Seconds => format_seconds(v),
        _ => format_real(v),
    };
    minus_sign(text)
}

/// Bytes as MiB with one decimal (`73.5`), the unit the headers of memory columns name.
pub fn mebibytes(bytes: f64) -> String {
    format!("{:.1}", bytes / f64::from(1u32 << 20))
}

/// A leading `-` as a typographic minus (a hyphen otherwise).
fn minus_sign(text: String) -> String {
    match text.strip_prefix('-') {
        Some(rest) => format!("$-${rest}"),
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

/// The table header for a column name, with its unit (see the module's convention).
pub fn header(name: &str) -> String {
    if name.len() == 1 && name.chars().all(|c| c.is_ascii_alphabetic()) {
        return format!("${name}$");
    }
    match name {
        "seconds" => return "time (s)".to_string(),
        "time_limit" => return "limit (s)".to_string(),
        "speedup" => return "speed-up ($\\times$)".to_string(),
        crate::results::columns::PEAK_MEMORY => return "peak memory added (MiB)".to_string(),
        _ => {}
    }
    if let Some(prefix) = name.strip_suffix("_per_second") {
        return format!("{} (/s)", escape(&words(prefix)));
    }
    if let Some(prefix) = name.strip_suffix("_seconds") {
        return format!("{} time (s)", escape(&words(prefix)));
    }
    escape(&words(name))
}

/// A caption from a manifest or from `meta/NAME.toml` as LaTeX text: every character
/// stands for itself. Backslashes, braces, `$`, `^` (so `^^5c`), `~` and the other
/// specials are escaped ([`escape`]) and control characters become spaces, so no
/// command (`\input`, `\csname`, `\catcode`, `\write18`) and no catcode trick can run
/// from a caption, however it was written or edited.
pub fn caption_text(caption: &str) -> String {
    escape(&caption.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>())
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

    #[test]
    fn groups_digits() {
        assert_eq!(group_digits("1573085709"), "1{,}573{,}085{,}709");
        assert_eq!(group_digits("-1000"), "-1{,}000");
        assert_eq!(group_digits("999"), "999");
        assert_eq!(group_digits("340282366920938463463374607431768211455").matches("{,}").count(), 12);
    }

    #[test]
    fn seconds_have_three_significant_digits() {
        assert_eq!(format_seconds(0.005989), "0.00599");
        assert_eq!(format_seconds(1.27318), "1.27");
        assert_eq!(format_seconds(16.3639), "16.4");
        assert_eq!(format_seconds(1485.66), "1{,}486");
        assert_eq!(format_seconds(0.000001), "0.000001");
        assert_eq!(format_seconds(0.0), "0");
    }

    #[test]
    fn reals() {
        assert_eq!(format_real(0.5), "0.5");
        assert_eq!(format_real(1.23456), "1.235");
        assert_eq!(format_real(0.00001234), "$1.23\\times 10^{-5}$");
        assert_eq!(format_real(-0.25), "-0.25");
    }

    #[test]
    fn cells() {
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
            assert_eq!(format_cell(kind, cell), latex, "{kind:?} {cell}");
        }
    }

    #[test]
    fn captions_keep_latex_but_escape_slips() {
        assert_eq!(caption_text("spel_1 50% $x_i$"), "spel\\_1 50\\% \\$x\\_i\\$");
        for trick in ["\\input{/etc/hostname}", "\\protect\\input{/etc/hostname}", "x} \\input{/etc/hostname} {"] {
            assert!(!caption_text(trick).contains("\\input"), "{}", caption_text(trick));
        }
        assert_eq!(caption_text("^^5cinput\r"), "\\textasciicircum{}\\textasciicircum{}5cinput ");
    }

    #[test]
    fn headers_carry_units() {
        let cases = [
            ("seconds", "time (s)"),
            ("dumb_find_seconds", "dumb find time (s)"),
            ("seq_positions", "seq. positions"),
            ("speedup", "speed-up ($\\times$)"),
            ("leaves_per_second", "leaves (/s)"),
            ("time_limit", "limit (s)"),
            ("m", "$m$"),
            ("best_move", "best move"),
        ];
        for (name, latex) in cases {
            assert_eq!(header(name), latex);
        }
    }
}
