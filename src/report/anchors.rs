//! The page's names for its parts, which the page and the answers that link to it share:
//! an experiment's anchor, a chart's anchor and an experiment's short heading. Imports
//! nothing of the crate.

/// The anchor of experiment `name` (row `i`, 1-based, is `#ANCHOR-row-i`).
pub fn anchor(name: &str) -> String {
    let cleaned: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '-' }).collect();
    format!("x-{cleaned}")
}

/// The page's anchor of chart `name` (the answers link to it).
pub fn chart_anchor(name: &str) -> String {
    anchor(&format!("chart-{name}"))
}

/// A short heading: the caption's first clause (before a colon's explanation or the
/// first full stop), or the name when there is no caption.
pub fn heading(caption: &str, name: &str) -> String {
    let first = caption.split(". ").next().unwrap_or("").trim_end_matches('.');
    if first.is_empty() {
        name.to_string()
    } else {
        first.to_string()
    }
}
