//! The submissions of a class as the command line names them: each a folder or an archive
//! (`.zip`, `.tgz`, `.tar.gz`), with the name the judge gives it (its file name without
//! the extension, made a solver's name: letters, digits, `_`, `-` and `.`, unique).

use std::path::{Path, PathBuf};

use super::unpack::Form;
use crate::base::error::InputError;

/// One submission named on the command line.
#[derive(Debug, Clone, PartialEq)]
pub struct Submission {
    /// Its name in the class table, file names and the solver's name.
    pub id: String,
    /// The folder or archive.
    pub source: PathBuf,
    /// What it is.
    pub form: Form,
    /// Its name without extension (the makers' names, as the assignments ask).
    pub stem: String,
}

/// The submissions at `paths`, in the order given; refused (exit 2) where a path is
/// missing or named twice. A file of another form is a submission that will be refused
/// in its own row.
pub fn submissions(paths: &[PathBuf]) -> Result<Vec<Submission>, InputError> {
    let mut out: Vec<Submission> = Vec::new();
    for path in paths {
        let source = path.canonicalize().map_err(|e| {
            InputError::in_file(path, format!("cannot open ({e}): expected a folder, a .zip, a .tgz or a .tar.gz"))
        })?;
        let form = Form::of(&source);
        if out.iter().any(|s| s.source == source) {
            return Err(InputError::in_file(path, "is named twice"));
        }
        let stem = form.stem(path);
        let id = unique(&safe_id(&stem), &out);
        out.push(Submission { id, source, form, stem });
    }
    Ok(out)
}

/// `stem` as a solver's name: other characters made `_`, at most 32 characters, never
/// empty or starting with `.`.
fn safe_id(stem: &str) -> String {
    let mut id: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.') { c } else { '_' })
        .take(32)
        .collect();
    if id.is_empty() || id.starts_with('.') {
        id.insert(0, 's');
    }
    id
}

/// `id`, or `id-2`, `id-3`, ... where an earlier submission has it.
fn unique(id: &str, earlier: &[Submission]) -> String {
    let taken = |c: &str| earlier.iter().any(|s| s.id == c);
    if !taken(id) {
        return id.to_string();
    }
    (2..).map(|n| format!("{id}-{n}")).find(|c| !taken(c)).expect("some number is free")
}

/// The folder of the unpacked submission at `root` that holds its sources: the shallowest
/// one with a `.cc` file (its own `main.cc` aside), folders of macOS and hidden ones
/// skipped; `root` where there is none (the build then says what is missing).
pub fn source_folder(root: &Path) -> PathBuf {
    let mut level = vec![root.to_path_buf()];
    for _ in 0..4 {
        let mut next = Vec::new();
        for dir in &level {
            let mut entries: Vec<PathBuf> =
                std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
            entries.sort();
            if entries.iter().any(|p| is_source(p)) {
                return dir.clone();
            }
            next.extend(entries.into_iter().filter(|p| p.is_dir() && !skipped(p)));
        }
        level = next;
    }
    root.to_path_buf()
}

fn is_source(p: &Path) -> bool {
    p.is_file() && p.extension().is_some_and(|e| e == "cc" || e == "cpp") && p.file_stem().is_some_and(|s| s != "main")
}

fn skipped(p: &Path) -> bool {
    p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.') || n == "__MACOSX")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_solver_names_and_unique() {
        assert_eq!(safe_id("Piet Jansen (v2)"), "Piet_Jansen__v2_");
        assert_eq!(safe_id(".hidden"), "s.hidden");
        let dir = tempfile::tempdir().unwrap();
        for name in ["a b.zip", "a_b.tgz"] {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        let subs = submissions(&[dir.path().join("a b.zip"), dir.path().join("a_b.tgz")]).unwrap();
        assert_eq!(subs.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(), ["a_b", "a_b-2"]);
        let e = submissions(&[dir.path().join("missing.zip")]).unwrap_err();
        assert!(e.message.contains("expected a folder, a .zip"), "{e}");
    }
}
