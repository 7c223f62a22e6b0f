//! A C++ file parsed with tree-sitter's C++ grammar, and the walks the rules share.

use tree_sitter::{Node, Parser, Tree};

/// One parsed file: its name, text and syntax tree.
pub struct Parsed {
    /// The file's name.
    pub name: String,
    /// Its text.
    pub text: String,
    /// Its syntax tree.
    pub tree: Tree,
}

impl Parsed {
    /// Parses `text` (the file `name`); `None` where the parser gives no tree.
    pub fn new(name: &str, text: &str) -> Option<Parsed> {
        let mut parser = Parser::new();
        parser.set_language(&tree_sitter_cpp::LANGUAGE.into()).ok()?;
        let tree = parser.parse(text, None)?;
        Some(Parsed { name: name.to_string(), text: text.to_string(), tree })
    }

    /// The source text of `node`.
    pub fn text_of(&self, node: Node) -> &str {
        node.utf8_text(self.text.as_bytes()).unwrap_or("")
    }

    /// Every node of the tree of kind `kind`, in order.
    pub fn all<'t>(&'t self, kind: &str) -> Vec<Node<'t>> {
        let mut found = Vec::new();
        collect(self.tree.root_node(), kind, &mut found);
        found
    }
}

fn collect<'t>(node: Node<'t>, kind: &str, found: &mut Vec<Node<'t>>) {
    if node.kind() == kind {
        found.push(node);
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        collect(child, kind, found);
    }
}

/// The name a declarator declares: the innermost identifier below `node` through the
/// `declarator` fields (a function's, a pointer's, a reference's, an array's).
pub fn declared_name(node: Node) -> Option<Node> {
    match node.kind() {
        "identifier"
        | "field_identifier"
        | "destructor_name"
        | "operator_name"
        | "qualified_identifier"
        | "type_identifier" => Some(node),
        _ => {
            if let Some(inner) = node.child_by_field_name("declarator") {
                return declared_name(inner);
            }
            let mut cursor = node.walk();
            let found = node.named_children(&mut cursor).find_map(declared_name);
            found
        }
    }
}

/// The tokens of `node` joined by single spaces, comments left out and the names of
/// parameters left out: a declaration's header as the compiler sees it.
pub fn header_text(file: &Parsed, node: Node) -> String {
    let mut skip = Vec::new();
    for kind in ["parameter_declaration", "optional_parameter_declaration"] {
        let mut params = Vec::new();
        collect(node, kind, &mut params);
        for p in params {
            if let Some(name) = p.child_by_field_name("declarator").and_then(declared_name) {
                skip.push(name.id());
            }
        }
    }
    let mut tokens = Vec::new();
    leaves(file, node, &skip, &mut tokens);
    tokens.join(" ")
}

fn leaves<'f>(file: &'f Parsed, node: Node, skip: &[usize], tokens: &mut Vec<&'f str>) {
    if node.kind() == "comment" || skip.contains(&node.id()) {
        return;
    }
    if node.child_count() == 0 {
        tokens.push(node.utf8_text(file.text.as_bytes()).unwrap_or(""));
        return;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        leaves(file, child, skip, tokens);
    }
}
