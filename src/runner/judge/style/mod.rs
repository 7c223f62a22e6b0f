//! The assignments' rules of style, read from a submission's C++ with tree-sitter's C++
//! grammar (a real parser, not patterns over lines): each rule named with the
//! assignment's own words ([`Rule::words`]), each finding with its file and line.
//! [`syntax`] parses; [`functions`] holds the rules on each function (its length, the
//! comment block above it), [`includes`] those on `#include`, [`public`] those on the
//! classes of the skeleton (what is public, the skeleton's headers unchanged).

pub mod functions;
pub mod includes;
pub mod public;
pub mod syntax;

use std::path::Path;

use serde::{Deserialize, Serialize};

/// One rule of the assignments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rule {
    /// A function's body over [`functions::MAX_LINES`] lines.
    FunctionLength,
    /// An `#include` of a header outside the assignment's list.
    HeaderNotAllowed,
    /// `#include <algorithm>`.
    Algorithm,
    /// A function without a comment block directly above it.
    CommentBlock,
    /// A public member of a skeleton class that the skeleton does not have.
    PublicMember,
    /// A public member function of the skeleton whose header was changed (or is missing).
    SkeletonHeader,
}

impl Rule {
    /// Every rule, in the order pages list them.
    pub const ALL: [Rule; 6] = [
        Rule::FunctionLength,
        Rule::HeaderNotAllowed,
        Rule::Algorithm,
        Rule::CommentBlock,
        Rule::PublicMember,
        Rule::SkeletonHeader,
    ];

    /// The rule's name in the CSV and on the pages.
    pub fn id(self) -> &'static str {
        match self {
            Rule::FunctionLength => "function-length",
            Rule::HeaderNotAllowed => "header-not-allowed",
            Rule::Algorithm => "algorithm",
            Rule::CommentBlock => "comment-block",
            Rule::PublicMember => "public-member",
            Rule::SkeletonHeader => "skeleton-header",
        }
    }

    /// The rule in the assignment's words (seeds 000 and 002, "Verdere eisen").
    pub fn words(self) -> &'static str {
        match self {
            Rule::FunctionLength => "Functies mogen niet te lang zijn (maximaal 35 regels).",
            Rule::HeaderNotAllowed => {
                "De enige te gebruiken headerfiles zijn in principe iostream, sstream, iomanip, fstream, \
                 cstring, string, vector, utility, set, unordered_set, cstdlib, ctime en climits."
            }
            Rule::Algorithm => "De headerfile algorithm mag in ieder geval niet gebruikt worden.",
            Rule::CommentBlock => {
                "Boven elke functie moet een commentaarblokje komen met daarin een korte beschrijving \
                 van wat de functie doet."
            }
            Rule::PublicMember => {
                "Je klassen mogen alleen public membervariabelen en methoden hebben die buiten de klasse \
                 bekend moeten zijn. Andere membervariabelen en methoden moeten private zijn."
            }
            Rule::SkeletonHeader => {
                "Het is niet toegestaan om de headers van de gegeven public memberfuncties te veranderen."
            }
        }
    }

    /// The rule named `id`.
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// One place where a submission breaks a rule.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Finding {
    /// The file, relative to the submission's source folder.
    pub file: String,
    /// The 1-based line.
    pub line: usize,
    /// The rule's id ([`Rule::id`]).
    pub rule: String,
    /// What was found.
    pub message: String,
}

impl Finding {
    /// A finding of `rule` in `file` at 0-based `row`.
    pub fn new(rule: Rule, file: &str, row: usize, message: String) -> Finding {
        Finding { file: file.to_string(), line: row + 1, rule: rule.id().to_string(), message }
    }
}

/// The most bytes of one file that are read.
const MAX_FILE_BYTES: u64 = 4 << 20;

/// Every finding in the C++ files of `dir` (not its subfolders: the build takes only
/// those) against the rules of assignment `game`, sorted by file and line.
pub fn check(dir: &Path, game: &str) -> Vec<Finding> {
    let files = sources(dir);
    let own: Vec<String> = files.iter().map(|(name, _)| name.clone()).collect();
    let mut findings = Vec::new();
    let mut parsed = Vec::new();
    for (name, text) in &files {
        let Some(file) = syntax::Parsed::new(name, text) else { continue };
        findings.extend(functions::check(&file));
        findings.extend(includes::check(&file, &own));
        parsed.push(file);
    }
    findings.extend(public::check(&parsed, game));
    findings.sort();
    findings
}

/// The C++ files of `dir` (`.cc`, `.cpp`, `.h`, `.hpp`), by name, with their text.
fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file() && p.extension().is_some_and(|e| ["cc", "cpp", "h", "hpp"].contains(&&*e.to_string_lossy()))
        })
        .filter(|p| p.metadata().is_ok_and(|m| m.len() <= MAX_FILE_BYTES))
        .filter_map(|p| {
            let bytes = std::fs::read(&p).ok()?;
            Some((p.file_name()?.to_string_lossy().into_owned(), String::from_utf8_lossy(&bytes).into_owned()))
        })
        .collect();
    files.sort();
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example hand-ins of solvers/ follow every rule, and their skeletons' classes
    /// are found in them; a hand-in of another assignment lacks them.
    #[test]
    fn the_correct_examples_of_every_assignment_break_no_rule() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("solvers");
        for game in ["tegel", "stenen", "nim", "checkers"] {
            assert_eq!(check(&root.join(game).join("examples/correct"), game), Vec::new(), "{game}");
        }
        let other = check(&root.join("nim/examples/correct"), "tegel");
        assert_eq!(other.iter().map(|f| f.rule.as_str()).collect::<Vec<_>>(), ["skeleton-header"]);
    }
}
