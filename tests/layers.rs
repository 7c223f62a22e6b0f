//! The folders of `src/` are layers, and every import runs downward (see the README's
//! "Layout"): a module may name only modules of its own folder and of the layers below it.
//! The plug-ins (the games of the registry and the cross-game experiments) share one layer
//! and never import each other. This test reads every `crate::` and `super::` path of the library
//! and fails on an upward or sideways import, naming the file and line.

mod common;

use std::path::{Path, PathBuf};

/// The layers from the ground up; the folders of one entry are peers that may not import
/// each other. The plug-ins' layer ([`PLUGINS`]) also holds every game of the registry.
const LAYERS: &[&[&str]] = &[
    &["base"],
    &["search"],
    &["results"],
    &["experiment"],
    &["report"],
    &["api"],
    &["cross_game"],
    &["web"],
    &["runner"],
    &["cli"],
];

/// The plug-ins' layer in [`LAYERS`]: `cross_game` and each game of
/// `runner::registry::GAMES`, whose module is named as the game.
const PLUGINS: usize = 6;

/// The layer index of a top-level module, if it is one of [`LAYERS`] or a game.
fn layer_of(module: &str) -> Option<usize> {
    let game = || harness::runner::registry::GAMES.iter().any(|g| g.name == module);
    LAYERS.iter().position(|layer| layer.contains(&module)).or_else(|| game().then_some(PLUGINS))
}

/// One import that breaks the rule.
#[derive(Debug, PartialEq)]
struct Violation {
    file: PathBuf,
    line: usize,
    from: String,
    to: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (from, to) = (layer_of(&self.from).unwrap_or(0), layer_of(&self.to).unwrap_or(0));
        let how = if from == to { "a plug-in beside it" } else { "a layer above it" };
        write!(f, "{}:{}: `{}` imports `{}`, {how}", self.file.display(), self.line, self.from, self.to)
    }
}

/// The module path of a source file below `src/` (`report/latex.rs` → `[report, latex]`,
/// `report/mod.rs` → `[report]`).
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if let Some(last) = parts.pop() {
        let stem = last.trim_end_matches(".rs").to_string();
        if stem != "mod" {
            parts.push(stem);
        }
    }
    parts
}

/// The top-level modules that `text` (the source of the module at `path`) names through
/// `crate::X` or `super::...::X`, with 1-based line numbers. Comments are skipped.
fn referenced(path: &[String], text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut in_tests = false;
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        if line.trim_start().starts_with("mod tests") {
            in_tests = true;
        }
        for (at, _) in code.match_indices("crate::") {
            let before = code[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            found.push((i + 1, ident(&code[at + "crate::".len()..])));
        }
        for (at, _) in code.match_indices("super::") {
            if code[..at].ends_with("super::") || code[..at].chars().last().is_some_and(|c| c.is_alphanumeric()) {
                continue;
            }
            let mut rest = &code[at..];
            let mut module: Vec<String> = path.to_vec();
            if in_tests {
                module.push("tests".to_string());
            }
            while let Some(r) = rest.strip_prefix("super::") {
                module.pop();
                rest = r;
            }
            if module.is_empty() {
                found.push((i + 1, ident(rest)));
            }
        }
    }
    found.retain(|(_, m)| !m.is_empty());
    found
}

fn ident(s: &str) -> String {
    s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

/// Every import of the file at `relative` (below `src/`, text `text`) that breaks the rule.
fn violations(relative: &Path, text: &str) -> Vec<Violation> {
    let path = module_path(relative);
    let Some(own) = path.first() else { return Vec::new() };
    let Some(own_layer) = layer_of(own) else { return Vec::new() };
    referenced(&path, text)
        .into_iter()
        .filter(|(_, to)| to != own && layer_of(to).is_some_and(|l| l >= own_layer))
        .map(|(line, to)| Violation { file: Path::new("src").join(relative), line, from: own.clone(), to })
        .collect()
}

#[test]
fn every_import_runs_downward() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    common::rust_files(&src, &mut files);
    files.sort();
    let mut all = Vec::new();
    let mut folders = std::collections::BTreeSet::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        if relative.components().count() > 1 {
            folders.insert(relative.iter().next().unwrap().to_string_lossy().into_owned());
        }
        all.extend(violations(relative, &std::fs::read_to_string(file).unwrap()));
    }
    let unplaced: Vec<&String> = folders.iter().filter(|f| layer_of(f).is_none()).collect();
    assert!(unplaced.is_empty(), "folders of src/ in no layer of tests/layers.rs: {unplaced:?}");
    let text: Vec<String> = all.iter().map(ToString::to_string).collect();
    assert!(text.is_empty(), "{} import(s) against the layers:\n{}", text.len(), text.join("\n"));
}

#[test]
fn the_games_of_the_registry_are_plug_ins() {
    assert_eq!(LAYERS[PLUGINS], ["cross_game"]);
    for game in ["tegel", "stenen", "nim", "checkers"] {
        assert_eq!(layer_of(game), Some(PLUGINS), "{game}");
    }
    assert_eq!(layer_of("runner"), Some(PLUGINS + 2));
}

#[test]
fn no_path_names_the_old_harness_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches"] {
        common::rust_files(&root.join(dir), &mut files);
    }
    let needle = ["harness", "::", "harness"].concat();
    let hits: Vec<String> = files
        .iter()
        .filter(|f| std::fs::read_to_string(f).unwrap().contains(&needle))
        .map(|f| f.display().to_string())
        .collect();
    assert!(hits.is_empty(), "{hits:?}");
}

#[test]
fn the_check_finds_upward_sideways_and_super_imports() {
    let v =
        violations(Path::new("report/latex.rs"), "use crate::base::error::InputError;\nuse crate::runner::registry;\n");
    assert_eq!(v.len(), 1);
    assert_eq!((v[0].line, v[0].to.as_str()), (2, "runner"));
    assert!(v[0].to_string().contains("src/report/latex.rs:2: `report` imports `runner`, a layer above it"));
    let v = violations(Path::new("tegel/cli.rs"), "fn f() { crate::stenen::count(); }\n");
    assert_eq!(v[0].to_string(), "src/tegel/cli.rs:1: `tegel` imports `stenen`, a plug-in beside it");
    let v = violations(Path::new("search/mod.rs"), "pub use super::results::row;\n");
    assert_eq!(v.len(), 1);
    assert!(violations(Path::new("search/memo.rs"), "use super::budget::Budget; // crate::runner\n").is_empty());
    assert!(violations(Path::new("runner/run.rs"), "use crate::report::generate;\nuse crate::tegel;\n").is_empty());
    let tests = "#[cfg(test)]\nmod tests {\n    use super::parallel::SearchItem;\n}\n";
    assert!(violations(Path::new("experiment/mod.rs"), tests).is_empty());
}

/// The files of the same folder that the file at `relative` (below `src/`, in a folder at
/// any depth, text `text`) names through `super::FILE` or `crate::FOLDER::FILE`, test
/// modules and comments aside; `mod.rs` (the folder itself) names none.
fn sibling_references(relative: &Path, text: &str) -> Vec<String> {
    let path = module_path(relative);
    let Some((own, folder)) = path.split_last().filter(|(_, folder)| !folder.is_empty()) else { return Vec::new() };
    let folder = folder.join("::");
    let mut found = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.windows(2).any(|w| w[0] == "mod" && w[1].trim_end_matches('{') == "tests") {
            break;
        }
        let code = line.split("//").next().unwrap_or("");
        for prefix in ["super::".to_string(), format!("crate::{folder}::")] {
            for (at, _) in code.match_indices(&prefix) {
                let before = code[..at].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let rest = &code[at + prefix.len()..];
                let names: Vec<String> = match rest.strip_prefix('{') {
                    Some(list) => list.split('}').next().unwrap_or("").split(',').map(|n| ident(n.trim())).collect(),
                    None => vec![ident(rest)],
                };
                found.extend(names.into_iter().filter(|n| !n.is_empty() && n != own && n != "super"));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// The circles among the files of one folder: each as `a → b → a`.
fn circles(edges: &std::collections::BTreeMap<String, Vec<String>>) -> Vec<String> {
    fn visit(
        node: &str,
        edges: &std::collections::BTreeMap<String, Vec<String>>,
        stack: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
        out: &mut Vec<String>,
    ) {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut circle = stack[at..].to_vec();
            circle.push(node.to_string());
            out.push(circle.join(" → "));
            return;
        }
        if !done.insert(node.to_string()) {
            return;
        }
        stack.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            visit(next, edges, stack, done, out);
        }
        stack.pop();
    }
    let (mut out, mut done) = (Vec::new(), std::collections::BTreeSet::new());
    for node in edges.keys() {
        visit(node, edges, &mut Vec::new(), &mut done, &mut out);
    }
    out
}

#[test]
fn no_circle_between_the_files_of_a_folder() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    common::rust_files(&src, &mut files);
    let mut folders: std::collections::BTreeMap<String, std::collections::BTreeMap<String, Vec<String>>> =
        std::collections::BTreeMap::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let path = module_path(relative);
        if let Some((own, folder)) = path.split_last().filter(|(_, folder)| !folder.is_empty()) {
            let refs = sibling_references(relative, &std::fs::read_to_string(file).unwrap());
            folders.entry(folder.join("/")).or_default().insert(own.clone(), refs);
        }
    }
    let found: Vec<String> = folders
        .iter()
        .flat_map(|(f, edges)| circles(edges).into_iter().map(move |c| format!("src/{f}: {c}")))
        .collect();
    assert!(found.is_empty(), "files of one folder that import each other:\n{}", found.join("\n"));
}

#[test]
fn the_circle_check_finds_a_circle() {
    let refs = sibling_references(Path::new("tegel/report.rs"), "use super::{experiments, rules::Rules};\nuse crate::tegel::memo::X;\n#[cfg(test)]\nmod tests {\n    use super::plugin;\n}\n");
    assert_eq!(refs, ["experiments", "memo", "rules"]);
    let nested =
        "use super::cell_types::GROUP;\nuse crate::results::row::status::Status;\nuse super::super::columns::Kind;\n";
    assert_eq!(sibling_references(Path::new("results/row/serializer.rs"), nested), ["cell_types", "status"]);
    let nested = "use super::keys::Job;\nuse crate::checkers::count::Games;\nuse crate::checkers::memo::perft::X;\n";
    assert_eq!(sibling_references(Path::new("checkers/memo/count.rs"), nested), ["keys", "perft"]);
    let edges = [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a"]), ("d", vec!["a"])]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
        .collect();
    assert_eq!(circles(&edges), ["a → b → c → a"]);
}
