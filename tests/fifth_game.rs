//! What a fifth game touches outside its folder, measured: the registry's games are
//! named in code (outside string literals, comments and test modules) by exactly two
//! lines outside their own folders, `pub mod GAME;` in `src/lib.rs` and the `game!` entry
//! in `src/runner/registry.rs`, so that a new game is its folder plus those two lines
//! (the count `runner::registry`'s module doc states). A game can be registered only in
//! the source (`GAMES` is a static list), so this test counts instead of adding one.

mod common;

use std::path::Path;

use harness::runner::registry;

/// `text` with its comments, string and character literals blanked (line breaks kept),
/// cut at its test module (`mod tests`).
fn code_only(text: &str) -> String {
    let text = match text.lines().position(|l| l.trim_start().starts_with("mod tests")) {
        Some(at) => text.lines().take(at).collect::<Vec<_>>().join("\n"),
        None => text.to_string(),
    };
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(chars.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                out.push(blank(chars[i]));
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !is_word(chars.get(i.wrapping_sub(1))) {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            i += 2 + hashes;
            while i < chars.len() && !chars[i..].iter().collect::<String>().starts_with(&close) {
                out.push(blank(chars[i]));
                i += 1;
            }
            i += close.len();
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if let Some(&c) = chars.get(i) {
                    out.push(blank(c));
                }
                i += 1;
            }
            i += 1;
        } else if c == '\'' && (chars.get(i + 2) == Some(&'\'') || next == Some('\\')) {
            i += if next == Some('\\') {
                chars[i + 2..].iter().position(|&c| c == '\'').map_or(1, |p| p + 3)
            } else {
                3
            };
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_word(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The 1-based lines of `code` that hold `word` as a whole identifier.
fn lines_naming(code: &str, word: &str) -> Vec<usize> {
    code.lines()
        .enumerate()
        .filter(|(_, line)| {
            let chars: Vec<char> = line.chars().collect();
            line.match_indices(word).any(|(at, _)| {
                let at = line[..at].chars().count();
                !is_word(at.checked_sub(1).and_then(|b| chars.get(b))) && !is_word(chars.get(at + word.chars().count()))
            })
        })
        .map(|(i, _)| i + 1)
        .collect()
}

#[test]
fn the_code_strips_comments_strings_and_tests() {
    let text = "use a::b; // tegel\nconst X: &str = \"tegel \\\" tegel\";\nlet c = '\"'; let r = r#\"tegel\"#;\nfn f<'a>() {} tegel\n#[cfg(test)]\nmod tests { tegel }\n";
    let code = code_only(text);
    assert_eq!(lines_naming(&code, "tegel"), [4], "{code}");
    assert!(lines_naming("tegel_best nim2 checkers::x", "tegel").is_empty());
    assert_eq!(lines_naming("x\nuse crate::{checkers, nim};", "nim"), [2]);
}

#[test]
fn a_game_is_named_in_code_by_its_folder_and_two_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    common::rust_files(&src, &mut files);
    files.sort();
    let names = registry::names();
    assert!(names.contains(&"checkers"), "{names:?}");
    for game in names {
        let mut found = Vec::new();
        for file in &files {
            let relative = file.strip_prefix(&src).unwrap();
            if relative.starts_with(game) {
                continue;
            }
            let code = code_only(&std::fs::read_to_string(file).unwrap());
            found
                .extend(lines_naming(&code, game).into_iter().map(|line| format!("src/{}:{line}", relative.display())));
        }
        let files: Vec<&str> = found.iter().map(|f| f.split(':').next().unwrap()).collect();
        assert_eq!(files, ["src/lib.rs", "src/runner/registry.rs"], "`{game}` is named in code at {found:?}");
    }
}
