//! The rules on each function definition: its body at most [`MAX_LINES`] lines ("Functies
//! mogen niet te lang zijn (maximaal 35 regels)"), and a comment block directly above it
//! ("Boven elke functie moet een commentaarblokje komen"). A body with a syntax error is
//! not measured: the parser's recovery may stretch it to the end of the file.

use tree_sitter::Node;

use super::syntax::{declared_name, Parsed};
use super::{Finding, Rule};

/// The most lines a function's body may have, from its `{` to its `}`.
pub const MAX_LINES: usize = 35;

/// The findings of both rules in `file`.
pub fn check(file: &Parsed) -> Vec<Finding> {
    let mut findings = Vec::new();
    for function in file.all("function_definition") {
        let name = name_of(file, function);
        if let Some(lines) = body_lines(function).filter(|&l| l > MAX_LINES) {
            let message = format!("`{name}` has a body of {lines} lines (at most {MAX_LINES})");
            findings.push(Finding::new(Rule::FunctionLength, &file.name, function.start_position().row, message));
        }
        if !commented(function) {
            let message = format!("`{name}` has no comment block directly above it");
            findings.push(Finding::new(Rule::CommentBlock, &file.name, function.start_position().row, message));
        }
    }
    findings
}

/// The function's name as written (`TegelSpel::besteScore`).
fn name_of(file: &Parsed, function: Node) -> String {
    let name = function.child_by_field_name("declarator").and_then(declared_name);
    let text = name.map(|n| file.text_of(n)).unwrap_or("?");
    crate::base::text::excerpt_to(&crate::base::text::printable(text), 80)
}

/// The lines of the function's body, from its `{` to its `}` (`None`: no body, or one
/// with a syntax error, whose end the parser can only guess).
fn body_lines(function: Node) -> Option<usize> {
    let body = function.child_by_field_name("body").filter(|b| !b.has_error())?;
    Some(body.end_position().row - body.start_position().row + 1)
}

/// Whether a comment ends on the line directly above the function (or its template).
fn commented(function: Node) -> bool {
    let whole = match function.parent() {
        Some(p) if p.kind() == "template_declaration" => p,
        _ => function,
    };
    let Some(before) = whole.prev_sibling() else { return false };
    before.kind() == "comment" && before.end_position().row + 1 >= whole.start_position().row
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings(text: &str) -> Vec<(String, usize)> {
        check(&Parsed::new("a.cc", text).unwrap()).into_iter().map(|f| (f.rule, f.line)).collect()
    }

    #[test]
    fn a_function_needs_a_comment_block_directly_above_it() {
        let text = "// Adds one.\nint f (int x)\n{ return x + 1;\n}\n\n// Far away.\n\nint g ()\n{ return 0; }\nint h () { return 1; }\n";
        assert_eq!(findings(text), [("comment-block".to_string(), 8), ("comment-block".to_string(), 10)]);
    }

    #[test]
    fn a_body_of_36_lines_is_too_long() {
        let body = |n: usize| format!("// F.\nvoid f ()\n{{\n{}}}\n", "  x++;\n".repeat(n - 2));
        assert!(findings(&body(35)).is_empty());
        assert_eq!(findings(&body(36)), [("function-length".to_string(), 2)]);
        let broken = body(36).replacen("x++;", "int kapot ( {", 1);
        assert!(findings(&broken).iter().all(|(rule, _)| rule != "function-length"));
    }
}
