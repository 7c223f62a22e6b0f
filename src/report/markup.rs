//! Markdown markup, written once: a text escaped for a table cell or a list line, and a
//! pipe table from its header, its columns' alignment and its rows. Every Markdown the
//! harness writes (an experiment's table, `compare --markdown`, `ab --markdown`, a judged
//! class) goes through [`table`]; a writer gives only its cells.

/// How a column's cells are aligned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text: to the left.
    Left,
    /// Numbers: to the right.
    Right,
}

/// Escapes text for a Markdown table cell: HTML specials as entities, Markdown
/// punctuation and the cell separator `|` with a backslash, line breaks as spaces.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\n' | '\r' => out.push(' '),
            '|' | '\\' | '`' | '*' | '_' | '[' | ']' | '#' => {
                out.push('\\');
                out.push(ch);
            }
            _ => out.push(ch),
        }
    }
    out
}

/// A pipe table: `head` (escaped here), the rule that aligns each column as `align`
/// says, then `rows`, whose cells are Markdown already (escaped by [`escape`], with any
/// emphasis the writer adds around them). A column `align` does not name is aligned left.
pub fn table(head: &[&str], align: &[Align], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let escaped: Vec<String> = head.iter().map(|h| escape(h)).collect();
    let mut out = row(&escaped);
    let rule: Vec<String> = (0..head.len())
        .map(|i| match align.get(i) {
            Some(Align::Right) => "---:".to_string(),
            _ => "---".to_string(),
        })
        .collect();
    out.push_str(&row(&rule));
    for cells in rows {
        out.push_str(&row(&cells));
    }
    out
}

fn row(cells: &[String]) -> String {
    format!("| {} |\n", cells.join(" | "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_escapes_its_head_and_aligns_its_columns() {
        let md = table(&["a|b", "n"], &[Align::Left, Align::Right], [vec![escape("x_y"), "*1*".to_string()]]);
        assert_eq!(md, "| a\\|b | n |\n| --- | ---: |\n| x\\_y | *1* |\n");
        assert_eq!(table(&["a", "b"], &[], Vec::<Vec<String>>::new()), "| a | b |\n| --- | --- |\n");
        assert_eq!(escape("<a>&\nb"), "&lt;a&gt;&amp; b");
    }
}
