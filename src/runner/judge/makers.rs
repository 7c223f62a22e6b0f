//! Who made a submission: the names in a file of it (`makers.txt`, `namen.txt`, `MAKERS`,
//! `AUTHORS`, one name a line), else the names in the archive's own name, which the
//! assignments ask for ("Vermeld overal duidelijk de namen van de makers"): split at `_`,
//! `+`, `,`, `&` and the words `en` and `and` (`jansen_de-vries.zip`: Jansen, de-Vries).

use std::path::Path;

/// The file names (compared without case) that list the makers.
pub const MAKERS_FILES: [&str; 6] = ["makers.txt", "makers", "namen.txt", "namen", "authors", "authors.txt"];

/// The most makers kept, and the longest name.
const MAX_MAKERS: usize = 10;
const MAX_NAME_CHARS: usize = 80;

/// The makers of the submission unpacked at `dir` whose name (without extension) is `stem`.
pub fn makers(dir: &Path, stem: &str) -> Vec<String> {
    let from_file = makers_file(dir).map(|text| names(text.lines())).unwrap_or_default();
    if !from_file.is_empty() {
        return from_file;
    }
    names(split_name(stem).into_iter())
}

/// The text of the makers' file at `dir` or one folder below it.
fn makers_file(dir: &Path) -> Option<String> {
    let is_makers = |p: &Path| {
        p.is_file()
            && p.file_name().is_some_and(|n| MAKERS_FILES.contains(&n.to_string_lossy().to_ascii_lowercase().as_str()))
    };
    let mut candidates: Vec<std::path::PathBuf> = std::fs::read_dir(dir).ok()?.flatten().map(|e| e.path()).collect();
    candidates.sort();
    let below: Vec<std::path::PathBuf> = candidates
        .iter()
        .filter(|p| p.is_dir())
        .flat_map(|d| std::fs::read_dir(d).into_iter().flatten().flatten().map(|e| e.path()))
        .collect();
    let found = candidates.iter().chain(below.iter()).find(|p| is_makers(p))?;
    let bytes = std::fs::read(found).ok()?;
    Some(String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).into_owned())
}

/// The parts of an archive's name that are names.
fn split_name(stem: &str) -> Vec<&str> {
    let mut parts = vec![stem];
    for sep in ["_", "+", ",", "&", " en ", " and ", " En ", " And "] {
        parts = parts.into_iter().flat_map(|p| p.split(sep)).collect();
    }
    parts
}

/// The names among `lines`: trimmed, printable, without comments, at most ten.
fn names<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    lines
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| crate::base::text::excerpt_to(&crate::base::text::printable(l), MAX_NAME_CHARS))
        .take(MAX_MAKERS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn makers_come_from_the_archive_name() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(makers(dir.path(), "Jansen_de-Vries"), vec!["Jansen", "de-Vries"]);
        assert_eq!(makers(dir.path(), "Piet Jansen en Anna Bos"), vec!["Piet Jansen", "Anna Bos"]);
    }

    #[test]
    fn a_makers_file_is_read_first() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("opdracht")).unwrap();
        std::fs::write(dir.path().join("opdracht/Namen.txt"), "# makers\nPiet Jansen\n\nAnna Bos\n").unwrap();
        assert_eq!(makers(dir.path(), "x_y"), vec!["Piet Jansen", "Anna Bos"]);
    }
}
