//! LaTeX captions are text: a caption, label or instance name that tries a TeX command
//! (`\input`, `\protect\input`, `^^5c`, `\csname`, `\catcode`, `\write18`) through
//! `harness run` and through an edited `meta/NAME.toml` read by `harness report` reaches
//! the generated LaTeX only as escaped text, and a PDF built from it shows the characters,
//! never the file they name.

use std::path::{Path, PathBuf};
use std::process::Command;

const TRICKS: &str = "Host: \\protect\\input{/etc/hostname} \\input{/etc/hostname} ^^5cinput{/etc/hostname} \
                      \\csname input\\endcsname{/etc/hostname} \\catcode`\\^^M=12 \\write18{touch pwned}";

fn harness(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_harness")).args(args).current_dir(dir).output().unwrap()
}

/// Every generated LaTeX file of `out` (tables, kind files, answers, numbers, figures).
fn latex_files(out: &Path) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    for sub in ["tex", "plots"] {
        for entry in std::fs::read_dir(out.join(sub)).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "tex" || e == "tikz") {
                files.push((path.clone(), std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    assert!(!files.is_empty(), "no LaTeX written in {}", out.display());
    files
}

/// No command of the tricks survives unescaped in any generated file.
fn assert_inert(out: &Path) {
    for (path, text) in latex_files(out) {
        for command in ["\\input{/etc", "\\protect\\input", "\\csname input", "\\catcode`", "\\write18", "^^5c", "^^M"]
        {
            assert!(!text.contains(command), "{} holds {command:?} unescaped:\n{text}", path.display());
        }
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{} holds a control character raw:\n{text:?}",
            path.display()
        );
    }
}

/// The manifest of one tile-game experiment with caption `caption`, label `label` and an
/// instance file whose name tries the tricks, an escape sequence among them (copied from
/// spel1.txt into `dir`).
fn manifest(dir: &Path, label: &str) -> String {
    let spel1 = Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel/spel1.txt");
    let instance = "x^^5c\\input{y}\u{1b}[2J.txt";
    std::fs::copy(spel1, dir.join(instance)).unwrap();
    let caption = TRICKS.replace('\\', "\\\\").replace('"', "\\\"");
    let manifest = format!(
        "[[experiment]]\nname = \"tegel_best\"\ngame = \"tegel\"\nkind = \"best\"\n\
         caption = \"{caption}\"\nlabel = \"{}\"\ninstances = [\"{}\"]\n",
        label.replace('\\', "\\\\"),
        instance.replace('\\', "\\\\").replace('\u{1b}', "\\u001b")
    );
    manifest
}

/// A results directory made by `harness run` of one tile-game experiment whose caption
/// and instance name try every trick.
fn run_with_tricks(dir: &Path) -> PathBuf {
    std::fs::write(dir.join("m.toml"), manifest(dir, "tab:plain")).unwrap();
    let out = harness(&["run", "m.toml", "--out", "r", "--samples", "1", "-j", "1"], dir);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    dir.join("r")
}

#[test]
fn tricks_in_captions_labels_and_instance_names_are_text_through_run() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_with_tricks(dir.path());
    assert_inert(&out);
    let table = std::fs::read_to_string(out.join("tex/tegel_best.tex")).unwrap();
    assert!(table.contains("\\textbackslash{}protect\\textbackslash{}input\\{/etc/hostname\\}"), "{table}");
    assert!(table.contains("x\\textasciicircum{}\\textasciicircum{}5c\\textbackslash{}input\\{y\\}"), "{table}");
}

#[test]
fn a_label_that_tries_a_command_is_refused_by_run() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("m.toml"), manifest(dir.path(), "tab:x}\\input{/etc/hostname}\\label{y")).unwrap();
    let out = harness(&["run", "m.toml", "--out", "r"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("`label` must be"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_caption_edited_in_the_metadata_is_text_through_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_with_tricks(dir.path());
    let meta = out.join("meta/tegel_best.toml");
    let text = std::fs::read_to_string(&meta).unwrap();
    let edited: String = text
        .lines()
        .map(|l| match l.starts_with("caption") {
            true => "caption = \"x} \\\\input{/etc/hostname} { ^^M \\\\csname\\\\endcsname\"\n".to_string(),
            false if l.starts_with("label") => "label = \"tab:x}\\\\input{/etc/hostname}\\\\label{y\"\n".to_string(),
            false => format!("{l}\n"),
        })
        .collect();
    std::fs::write(&meta, edited).unwrap();
    let report = harness(&["report", "r"], dir.path());
    assert_eq!(report.status.code(), Some(0), "{}", String::from_utf8_lossy(&report.stderr));
    assert_inert(&out);
    let table = std::fs::read_to_string(out.join("tex/tegel_best.tex")).unwrap();
    assert!(table.contains("x\\} \\textbackslash{}input\\{/etc/hostname\\} \\{"), "{table}");
    assert!(table.contains("\\label{tab:tegel_best}"), "an unsafe label falls back to the default: {table}");
}

#[test]
fn a_pdf_of_the_tricks_shows_the_characters_not_the_file() {
    let Ok(status) = Command::new("pdflatex").arg("--version").output() else {
        eprintln!("skipped: no pdflatex");
        return;
    };
    assert!(status.status.success());
    let dir = tempfile::tempdir().unwrap();
    let out = run_with_tricks(dir.path());
    let doc = format!(
        "\\documentclass{{article}}\\usepackage[T1]{{fontenc}}\\usepackage{{booktabs,longtable,array,pdflscape}}\
         \\begin{{document}}\\input{{{}/tex/tegel_best.tex}}\\end{{document}}\n",
        out.display()
    );
    std::fs::write(dir.path().join("doc.tex"), doc).unwrap();
    let tex = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "doc.tex"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(tex.status.success(), "{}", String::from_utf8_lossy(&tex.stdout));
    let text = Command::new("pdftotext").args(["doc.pdf", "-"]).current_dir(dir.path()).output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout).replace('\n', " ");
    assert!(text.contains("input{/etc/hostname}"), "the caption's characters are shown: {text}");
    assert!(text.contains("u{1b}[2J.txt"), "the escape in the instance name is shown: {text}");
    if let Ok(host) = std::fs::read_to_string("/etc/hostname") {
        let host = host.trim();
        assert!(host.len() < 4 || !text.contains(&format!("Host: {host}")), "the file was read: {text}");
    }
    assert!(!dir.path().join("pwned").exists());
}

/// The page shows an instance name exactly as the CSV holds it (`~h\input{x}.txt`, not
/// ` h{x}.txt`) and a caption as the PDF sets it (`\emph{ok}`, not `{ok}`).
#[test]
fn the_page_shows_names_as_the_csv_and_captions_as_the_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let spel1 = Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/tegel/spel1.txt");
    std::fs::copy(spel1, dir.path().join("~h\\input{x}.txt")).unwrap();
    let manifest = "[[experiment]]\nname = \"tegel_best\"\ngame = \"tegel\"\nkind = \"best\"\n\
                    caption = 'Scores \\emph{ok} and 50\\% of $x$'\ninstances = ['~h\\input{x}.txt']\n";
    std::fs::write(dir.path().join("m.toml"), manifest).unwrap();
    let out = harness(&["run", "m.toml", "--out", "r", "--samples", "1", "-j", "1"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let page = std::fs::read_to_string(dir.path().join("r/index.html")).unwrap();
    assert!(page.contains("\">~h\\input{x}.txt</td>"), "the name's cell is not as the CSV holds it");
    assert!(!page.contains(">h{x}.txt<") && !page.contains("\u{a0}h{x}"), "the name was read as LaTeX");
    assert!(page.contains("Scores \\emph{ok} and 50\\% of $x$"), "the caption is not as the PDF sets it");
    let table = std::fs::read_to_string(dir.path().join("r/tex/tegel_best.tex")).unwrap();
    assert!(table.contains("Scores \\textbackslash{}emph\\{ok\\} and 50\\textbackslash{}\\% of \\$x\\$"), "{table}");
}
