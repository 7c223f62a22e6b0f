//! LaTeX text: escaping, a caption as text, and the cells, numbers and headers of
//! [`super::cell_text`] in its LaTeX medium.

use super::cell_text::{self, Medium};
pub use super::cell_text::{is_integer, is_marker, mebibytes};
pub use super::tex_escape::escape;
use crate::results::columns::Kind;

/// Groups the digits of an integer with `{,}` every three digits ([`cell_text::group_digits`]).
pub fn group_digits(integer: &str) -> String {
    cell_text::group_digits(integer, Medium::Latex)
}

/// A time in seconds in LaTeX ([`cell_text::format_seconds`]).
pub fn format_seconds(v: f64) -> String {
    cell_text::format_seconds(v, Medium::Latex)
}

/// A general real number in LaTeX ([`cell_text::format_real`]).
pub fn format_real(v: f64) -> String {
    cell_text::format_real(v, Medium::Latex)
}

/// The LaTeX of one CSV cell of a column of kind `kind` ([`cell_text::format_cell`]).
pub fn format_cell(kind: Kind, cell: &str) -> String {
    cell_text::format_cell(kind, cell, Medium::Latex)
}

/// The LaTeX table header for a column name, with its unit ([`cell_text::header`]).
pub fn header(name: &str) -> String {
    cell_text::header(name, Medium::Latex)
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
    fn captions_keep_latex_but_escape_slips() {
        assert_eq!(caption_text("spel_1 50% $x_i$"), "spel\\_1 50\\% \\$x\\_i\\$");
        for trick in ["\\input{/etc/hostname}", "\\protect\\input{/etc/hostname}", "x} \\input{/etc/hostname} {"] {
            assert!(!caption_text(trick).contains("\\input"), "{}", caption_text(trick));
        }
        assert_eq!(caption_text("^^5cinput\r"), "\\textasciicircum{}\\textasciicircum{}5cinput ");
    }
}
