//! One language per document: `harness report --assignment tegel --language nl` (or
//! `language = "nl"` under `[report]`) writes the assignment's title page, table
//! captions, column headers, notes, chart captions and page in Dutch, and the English
//! report holds none of those Dutch words; a language other than en or nl, or Dutch for
//! an assignment without Dutch words, is refused with exit code 2.

mod common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::{copy_dir, harness, stderr};

/// Words the report writes itself in English, which a Dutch report must not hold.
const ENGLISH: [&str; 12] = [
    "Authors not given",
    "Measured on",
    "Tile game (Tegelspel): report",
    "Tile game:",
    "per instance",
    "time (s)",
    "busy, not given",
    "Times are the median",
    "random seed",
    "time limit",
    "positions visited",
    "moves undone",
];

/// Their Dutch, which an English report must not hold.
const DUTCH: [&str; 10] = [
    "Auteurs niet opgegeven",
    "Gemeten op",
    "Tegelspel: verslag",
    "per instantie",
    "tijd (s)",
    "druk, niet gegeven",
    "Tijden zijn de mediaan",
    "tijdslimiet",
    "bekeken standen",
    "ongedaan gemaakte zetten",
];

/// The results of one quick run of tegel and stenen, made once for every test here.
fn quick_run() -> &'static Path {
    static RUN: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, path) = RUN.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("r");
        let o = common::harness_command()
            .args(["run", "instances/quick.toml", "--only", "tegel,stenen", "--samples", "1", "-j", "1", "-o"])
            .arg(&out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
        (dir, out)
    });
    path
}

/// A copy of the quick run's results, for one test to write its report into.
fn results_copy() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    copy_dir(quick_run(), &out);
    (dir, out)
}

/// Runs `harness report OUT --assignment tegel` with `more` arguments; fails on an error.
fn report(out: &Path, more: &[&str]) {
    let mut args = vec!["report", out.to_str().unwrap(), "--assignment", "tegel"];
    args.extend_from_slice(more);
    let o = harness(&args);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// The text of the files the report writes itself for the tile game's assignment (the
/// answers' sentences aside): the title page, the tables, the kinds' files with their
/// chart captions.
fn frame_text(out: &Path) -> String {
    let mut text = String::new();
    for entry in std::fs::read_dir(out.join("tex")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let ours = name.starts_with("tegel_")
            || name.starts_with("stenen_")
            || name.starts_with("kind-")
            || name == "title-tegel.tex"
            || name == "title-stenen.tex";
        if ours {
            text.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    text
}

fn assert_none_of(text: &str, words: &[&str], what: &str) {
    for w in words {
        assert!(!text.contains(w), "{what} holds `{w}`");
    }
}

#[test]
fn a_dutch_report_is_dutch_and_an_english_one_english() {
    let (_dir, out) = results_copy();
    report(&out, &["--language", "nl"]);
    let nl = frame_text(&out);
    for w in ["Tegelspel: verslag", "Auteurs niet opgegeven", "instantie", "standen", "tijd (s)", "per instantie"] {
        assert!(nl.contains(w), "the Dutch report lacks `{w}`");
    }
    assert!(nl.contains("seconden") || nl.contains("tijdslimiet"), "no Dutch note under the tables");
    assert_none_of(&nl, &ENGLISH, "the Dutch report");
    let language = std::fs::read_to_string(out.join("tex/language.tex")).unwrap();
    assert!(language.contains("\\def\\reportlanguage{dutch}"), "{language}");
    let page = std::fs::read_to_string(out.join("report-tegel.html")).unwrap();
    assert!(page.contains("<html lang=\"nl\">") && page.contains("<h2>Inhoud</h2>"), "the page is not Dutch");
    assert!(
        page.contains("Tegelspel: verslag") && page.contains("tijd (s)"),
        "the page lacks its Dutch title or headers"
    );
    for w in
        ["<h2>Contents</h2>", ">time (s)<", "busy, not given", "Authors not given", "Tile game (Tegelspel): report"]
    {
        assert!(!page.contains(w), "the Dutch page holds `{w}`");
    }

    report(&out, &["--language", "en"]);
    let en = frame_text(&out);
    assert!(
        en.contains("Tile game (Tegelspel): report") && en.contains("time (s)"),
        "the English report lacks its words"
    );
    assert_none_of(&en, &DUTCH, "the English report");
    let page = std::fs::read_to_string(out.join("report-tegel.html")).unwrap();
    assert!(page.contains("<html lang=\"en\">") && page.contains("<h2>Contents</h2>"));
    assert_none_of(&page, &DUTCH, "the English page");
}

#[test]
fn the_manifest_can_ask_for_dutch() {
    let (dir, out) = results_copy();
    let manifest = dir.path().join("m.toml");
    std::fs::write(&manifest, "[report]\nlanguage = \"nl\"\n").unwrap();
    let run = std::fs::read_to_string(out.join("run.toml")).unwrap();
    let run: String = run
        .lines()
        .map(|l| match l.starts_with("manifest = ") {
            true => format!("manifest = {:?}", manifest.to_str().unwrap()),
            false => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(out.join("run.toml"), run + "\n").unwrap();
    report(&out, &[]);
    let title = std::fs::read_to_string(out.join("tex/title-tegel.tex")).unwrap();
    assert!(title.contains("Tegelspel: verslag"), "{title}");
    // The command line wins over the manifest.
    report(&out, &["--language", "en"]);
    let title = std::fs::read_to_string(out.join("tex/title-tegel.tex")).unwrap();
    assert!(title.contains("Tile game (Tegelspel): report"), "{title}");
}

#[test]
fn other_languages_and_dutch_without_dutch_words_are_refused() {
    let out = quick_run();
    let o = harness(&["report", out.to_str().unwrap(), "--assignment", "tegel", "--language", "de"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("en") && stderr(&o).contains("nl"), "{}", stderr(&o));
    let (_dir, out) = results_copy();
    for game in ["nim", "checkers"] {
        let o = harness(&["report", out.to_str().unwrap(), "--assignment", game, "--language", "nl"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("has no Dutch text"), "{}", stderr(&o));
    }
}
