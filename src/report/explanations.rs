//! The student's own explanations (`harness report --explanations DIR`): one plain-text
//! file per report question, named for it (`T2.txt`, `S3.txt`), set under the
//! question's heading before the checked answer, in the PDF (`tex/own-ID.tex`, which
//! `\ownanswer{ID}` inputs) and on the assignment's page. The harness cannot see inside a
//! program: how its successors are built or its regions sized is the student's to say.
//!
//! A file is text of at most [`MAX_BYTES`]; paragraphs are separated by blank lines;
//! every character is escaped for LaTeX and HTML, and control characters other than line
//! breaks and tabs are refused.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::latex::escape;
use crate::base::error::InputError;

/// Per question id, the paragraphs of the student's explanation.
pub type Explanations = BTreeMap<String, Vec<String>>;

/// The largest explanation file read, in bytes.
pub const MAX_BYTES: u64 = 64 * 1024;

/// The explanations in `dir`, every file named `ID.txt` for an `ID` of `ids` (the
/// assignment's questions); anything else in `dir` is refused, naming what was expected.
pub fn read(dir: &Path, ids: &[&str]) -> Result<Explanations, InputError> {
    let expected = || ids.iter().map(|id| format!("{id}.txt")).collect::<Vec<_>>().join(", ");
    let entries = std::fs::read_dir(dir)
        .map_err(|e| InputError::new(format!("--explanations {}: cannot read the directory: {e}", dir.display())))?;
    let mut out = Explanations::new();
    for entry in entries {
        let entry = entry.map_err(|e| InputError::new(format!("--explanations {}: {e}", dir.display())))?;
        let path = entry.path();
        let id = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".txt"))
            .filter(|id| ids.contains(id))
            .ok_or_else(|| {
                InputError::in_file(&path, format!("not an explanation: expected files named {}", expected()))
            })?;
        out.insert(id.to_string(), paragraphs(&read_text(&path)?));
    }
    Ok(out)
}

/// The text of one explanation file: a regular file of at most [`MAX_BYTES`], UTF-8,
/// without control characters other than line breaks and tabs.
fn read_text(path: &Path) -> Result<String, InputError> {
    let meta = std::fs::symlink_metadata(path).map_err(|e| InputError::in_file(path, e.to_string()))?;
    if !meta.is_file() {
        return Err(InputError::in_file(path, "expected a plain text file"));
    }
    if meta.len() > MAX_BYTES {
        return Err(InputError::in_file(
            path,
            format!("{} bytes: an explanation holds at most {MAX_BYTES}", meta.len()),
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| InputError::in_file(path, e.to_string()))?;
    let text = String::from_utf8(bytes).map_err(|_| InputError::in_file(path, "expected UTF-8 text"))?;
    if let Some(c) = text.chars().find(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
        return Err(InputError::in_file(
            path,
            format!("a control character (U+{:04X}): expected plain text", u32::from(c)),
        ));
    }
    Ok(text)
}

/// `text`'s paragraphs: runs of lines separated by blank lines, each joined into one line.
pub fn paragraphs(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            if !current.is_empty() {
                out.push(current.join(" "));
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    if !current.is_empty() {
        out.push(current.join(" "));
    }
    out
}

/// `tex/own-ID.tex` of every question of `ids`: the explanation's paragraphs, escaped, or
/// a comment where there is none.
pub fn tex_files(explanations: &Explanations, ids: &[&str]) -> Vec<(PathBuf, String)> {
    ids.iter()
        .map(|id| {
            let text = match explanations.get(*id) {
                Some(paragraphs) => {
                    let body: Vec<String> = paragraphs.iter().map(|p| escape(p)).collect();
                    format!(
                        "% The authors' own explanation of question {id} (harness report --explanations).\n{}\n",
                        body.join("\n\n")
                    )
                }
                None => format!("% No explanation of question {id} was given (harness report --explanations DIR).\n"),
            };
            (PathBuf::from(format!("tex/own-{id}.tex")), text)
        })
        .collect()
}

/// The page's HTML of question `id`'s explanation: its paragraphs, escaped, each closed
/// and the next opened, to stand before the answer's own paragraph.
pub fn html(explanations: &Explanations, id: &str) -> String {
    explanations
        .get(id)
        .into_iter()
        .flatten()
        .map(|p| format!("{}</p>\n<p>", crate::base::text::xml_escape(p)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir_with(files: &[(&str, &[u8])]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    #[test]
    fn each_file_is_one_questions_paragraphs_escaped_in_both_back_ends() {
        let dir = dir_with(&[("T2.txt", b"Our besteScore walks\nevery move & counts.\n\n<b>50%</b>\n")]);
        let read = read(dir.path(), &["T1", "T2"]).unwrap();
        assert_eq!(read["T2"], ["Our besteScore walks every move & counts.", "<b>50%</b>"]);
        let tex = tex_files(&read, &["T1", "T2"]);
        assert!(tex[0].1.starts_with("% No explanation of question T1"), "{}", tex[0].1);
        assert!(tex[1].1.contains("every move \\& counts.\n\n\\textless{}b\\textgreater{}50\\%"), "{}", tex[1].1);
        assert_eq!(
            html(&read, "T2"),
            "Our besteScore walks every move &amp; counts.</p>\n<p>&lt;b&gt;50%&lt;/b&gt;</p>\n<p>"
        );
        assert_eq!(html(&read, "T1"), "");
    }

    #[test]
    fn a_file_not_named_for_a_question_or_not_text_is_refused_by_name() {
        let dir = dir_with(&[("T9.txt", b"x")]);
        let e = read(dir.path(), &["T1", "T2"]).unwrap_err();
        assert!(e.message.contains("expected files named T1.txt, T2.txt"), "{}", e.message);
        let dir = dir_with(&[("T1.txt", b"bell \x07")]);
        assert!(read(dir.path(), &["T1"]).unwrap_err().message.contains("U+0007"));
        let dir = dir_with(&[("T1.txt", b"\xff\xfe")]);
        assert!(read(dir.path(), &["T1"]).unwrap_err().message.contains("UTF-8"));
        let missing = read(Path::new("/nonexistent/explanations"), &["T1"]).unwrap_err();
        assert!(missing.message.contains("--explanations /nonexistent/explanations"), "{}", missing.message);
    }
}
