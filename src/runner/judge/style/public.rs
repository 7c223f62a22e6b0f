//! The rules on the skeleton's classes: only the skeleton's public members public ("Je
//! klassen mogen alleen public membervariabelen en methoden hebben die buiten de klasse
//! bekend moeten zijn"), and its public member functions' headers unchanged ("het is
//! niet toegestaan om de headers van de gegeven public memberfuncties ... te veranderen").
//! A header is compared as the compiler reads it: its tokens, comments and parameter
//! names left out.

use tree_sitter::Node;

use super::syntax::{declared_name, header_text, Parsed};
use super::{Finding, Rule};

/// Each assignment's skeleton headers (solvers/GAME/skeleton/).
const SKELETONS: [(&str, &[(&str, &str)]); 4] = [
    ("tegel", &[("tegelspel.h", include_str!("../../../../solvers/tegel/skeleton/tegelspel.h"))]),
    (
        "stenen",
        &[
            ("stand.h", include_str!("../../../../solvers/stenen/skeleton/stand.h")),
            ("steen.h", include_str!("../../../../solvers/stenen/skeleton/steen.h")),
        ],
    ),
    ("nim", &[("nimgame.h", include_str!("../../../../solvers/nim/skeleton/nimgame.h"))]),
    ("checkers", &[("checkers.h", include_str!("../../../../solvers/checkers/skeleton/checkers.h"))]),
];

/// One public member: its name, its header and its 0-based line.
struct Member {
    name: String,
    header: String,
    row: usize,
    function: bool,
}

/// A class with a body: its name, line and public members.
struct Class {
    name: String,
    row: usize,
    public: Vec<Member>,
}

/// The findings of both rules in the submission's `files` against `game`'s skeleton.
pub fn check(files: &[Parsed], game: &str) -> Vec<Finding> {
    let Some((_, headers)) = SKELETONS.iter().find(|(g, _)| *g == game) else { return Vec::new() };
    let mut findings = Vec::new();
    for (header, text) in headers.iter() {
        let Some(skeleton) = Parsed::new(header, text) else { continue };
        for expected in classes(&skeleton) {
            match files.iter().find_map(|f| classes(f).into_iter().find(|c| c.name == expected.name).map(|c| (f, c))) {
                Some((file, class)) => findings.extend(compare(&file.name, &expected, &class, header)),
                None => findings.push(Finding::new(
                    Rule::SkeletonHeader,
                    header,
                    expected.row,
                    format!("class `{}` of the skeleton's {header} is not in the submission", expected.name),
                )),
            }
        }
    }
    findings
}

/// The findings of `class` (in `file`) against the skeleton's `expected` (of `header`).
fn compare(file: &str, expected: &Class, class: &Class, header: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    for m in &class.public {
        if !expected.public.iter().any(|e| e.name == m.name) {
            let message = format!("`{}` is public in class `{}`; the skeleton's is not", m.name, class.name);
            findings.push(Finding::new(Rule::PublicMember, file, m.row, message));
        }
    }
    for e in expected.public.iter().filter(|e| e.function) {
        if class.public.iter().any(|m| m.header == e.header) {
            continue;
        }
        let finding = match class.public.iter().find(|m| m.name == e.name) {
            Some(m) => Finding::new(
                Rule::SkeletonHeader,
                file,
                m.row,
                format!("`{}` where the skeleton's {header} has `{}`", shown(&m.header), shown(&e.header)),
            ),
            None => Finding::new(
                Rule::SkeletonHeader,
                file,
                class.row,
                format!("`{}` of the skeleton's {header} is not public in class `{}`", shown(&e.header), class.name),
            ),
        };
        findings.push(finding);
    }
    findings
}

fn shown(text: &str) -> String {
    crate::base::text::excerpt_to(&crate::base::text::printable(text), 160)
}

/// The classes (and structs) with a body in `file`, with their public members.
fn classes(file: &Parsed) -> Vec<Class> {
    let mut found = Vec::new();
    for kind in ["class_specifier", "struct_specifier"] {
        for node in file.all(kind) {
            let (Some(name), Some(body)) = (node.child_by_field_name("name"), node.child_by_field_name("body")) else {
                continue;
            };
            let public = public_members(file, body, kind == "struct_specifier");
            found.push(Class { name: file.text_of(name).to_string(), row: node.start_position().row, public });
        }
    }
    found
}

/// The members of a class `body` declared under `public:` (from the start where
/// `public_first`: a struct).
fn public_members(file: &Parsed, body: Node, public_first: bool) -> Vec<Member> {
    let mut public = public_first;
    let mut members = Vec::new();
    let mut cursor = body.walk();
    for child in body.named_children(&mut cursor) {
        match child.kind() {
            "access_specifier" => public = file.text_of(child).trim() == "public",
            "field_declaration" | "declaration" | "function_definition" | "template_declaration" if public => {
                members.extend(member(file, child));
            }
            _ => {}
        }
    }
    members
}

/// The members one declaration declares (`int a, b;` two).
fn member(file: &Parsed, node: Node) -> Vec<Member> {
    let inner = match node.kind() {
        "template_declaration" => {
            let mut cursor = node.walk();
            let found = node.named_children(&mut cursor).find(|c| c.kind() != "template_parameter_list");
            match found {
                Some(n) => n,
                None => return Vec::new(),
            }
        }
        _ => node,
    };
    let header = header_of(file, node);
    let mut cursor = inner.walk();
    let declarators: Vec<Node> = inner.children_by_field_name("declarator", &mut cursor).collect();
    declarators
        .into_iter()
        .filter_map(|d| {
            let name = declared_name(d)?;
            Some(Member {
                name: file.text_of(name).to_string(),
                header: header.clone(),
                row: node.start_position().row,
                function: has_function_declarator(d),
            })
        })
        .collect()
}

/// A member's header: its tokens but a definition's body (and `;` in its place).
fn header_of(file: &Parsed, node: Node) -> String {
    if node.kind() != "function_definition" {
        return header_text(file, node);
    }
    let mut cursor = node.walk();
    let body = node.child_by_field_name("body").map(|b| b.id());
    let mut parts: Vec<String> =
        node.children(&mut cursor).filter(|c| Some(c.id()) != body).map(|c| header_text(file, c)).collect();
    parts.retain(|p| !p.is_empty());
    parts.push(";".to_string());
    parts.join(" ")
}

fn has_function_declarator(node: Node) -> bool {
    if node.kind() == "function_declarator" {
        return true;
    }
    node.child_by_field_name("declarator").is_some_and(has_function_declarator)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SKELETON: &str = "class A\n{ public:\n    // Says x.\n    int f (int x, pair<int,char> &zet);\n    A ();\n  private:\n    int y;\n};\n";

    fn findings(text: &str) -> Vec<(String, usize, String)> {
        let parsed = [Parsed::new("a.h", text).unwrap()];
        let skeleton = Parsed::new("skel.h", SKELETON).unwrap();
        let expected = classes(&skeleton).pop().unwrap();
        let class = classes(&parsed[0]).into_iter().find(|c| c.name == "A").unwrap();
        compare("a.h", &expected, &class, "skel.h").into_iter().map(|f| (f.rule, f.line, f.message)).collect()
    }

    #[test]
    fn the_skeletons_headers_are_compared_without_names_and_comments() {
        assert!(findings(
            "class A\n{ public:\n  int f (int y, pair<int, char>& z);  // mine\n  A ();\n  private: int g ();\n};\n"
        )
        .is_empty());
    }

    #[test]
    fn an_extra_public_member_and_a_changed_header_are_found() {
        let got = findings("class A\n{ public:\n  int f (long x, pair<int,char> &zet);\n  A ();\n  int teller;\n};\n");
        assert_eq!(got[0].0, "public-member");
        assert_eq!((got[0].1, got[0].2.as_str()), (5, "`teller` is public in class `A`; the skeleton's is not"));
        assert_eq!((got[1].0.as_str(), got[1].1), ("skeleton-header", 3));
        assert!(got[1].2.contains("`int f ( long , pair < int , char > & ) ;` where"), "{got:?}");
    }
}
