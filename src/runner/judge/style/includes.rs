//! The rules on `#include`: only the assignment's headers ("De enige te gebruiken
//! headerfiles zijn in principe ..."), and never `algorithm` ("De headerfile `algorithm`
//! mag in ieder geval niet gebruikt worden"). A quoted include of one of the
//! submission's own files is its own; any other is a header outside the list.

use super::syntax::Parsed;
use super::{Finding, Rule};

/// The headers the assignments list (seed 000, "Verdere eisen"; seed 002 writes
/// `omanip` for `iomanip`).
pub const ALLOWED: [&str; 13] = [
    "iostream",
    "sstream",
    "iomanip",
    "fstream",
    "cstring",
    "string",
    "vector",
    "utility",
    "set",
    "unordered_set",
    "cstdlib",
    "ctime",
    "climits",
];

/// The findings of both rules in `file`; `own` the submission's file names.
pub fn check(file: &Parsed, own: &[String]) -> Vec<Finding> {
    let mut findings = Vec::new();
    for include in file.all("preproc_include") {
        let Some(path) = include.child_by_field_name("path") else { continue };
        let written = file.text_of(path).trim();
        let name = written.trim_matches(['<', '>', '"']).trim();
        let row = include.start_position().row;
        let shown = crate::base::text::excerpt_to(&crate::base::text::printable(written), 80);
        if name == "algorithm" {
            findings.push(Finding::new(Rule::Algorithm, &file.name, row, format!("#include {shown}")));
        } else if written.starts_with('"') && own.iter().any(|o| o == name) {
            continue;
        } else if !(written.starts_with('<') && ALLOWED.contains(&name)) {
            findings.push(Finding::new(Rule::HeaderNotAllowed, &file.name, row, format!("#include {shown}")));
        }
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_listed_headers_and_own_files_pass() {
        let text =
            "#include <iostream>\n#include <algorithm>\n#include <map>\n#include \"tegelspel.h\"\n#include \"x.h\"\n";
        let found = check(&Parsed::new("a.cc", text).unwrap(), &["tegelspel.h".to_string()]);
        let got: Vec<(&str, usize, &str)> =
            found.iter().map(|f| (f.rule.as_str(), f.line, f.message.as_str())).collect();
        assert_eq!(
            got,
            [
                ("algorithm", 2, "#include <algorithm>"),
                ("header-not-allowed", 3, "#include <map>"),
                ("header-not-allowed", 5, "#include \"x.h\"")
            ]
        );
    }
}
