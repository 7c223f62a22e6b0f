//! report/report.tex builds with pdflatex from generated results as wide as the main
//! job's (fitting the page at 8 pt or more), and also from an empty results directory
//! (notes instead of tables). Skipped, with a message, where pdflatex
//! or the TeX packages are missing (CI has no TeX; `scripts/build-report.sh` installs it).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use common::copy_dir;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether pdflatex and the packages the report uses are installed (else the test is
/// skipped; where the run provides TeX, it fails instead).
fn tex_available() -> bool {
    let found = |cmd: &str, arg: &str| Command::new(cmd).arg(arg).output().is_ok_and(|o| o.status.success());
    let available = found("pdflatex", "--version")
        && ["pgfplots.sty", "adjustbox.sty", "booktabs.sty", "placeins.sty", "rotating.sty", "pdflscape.sty"]
            .iter()
            .all(|sty| {
                Command::new("kpsewhich").arg(sty).output().is_ok_and(|o| o.status.success() && !o.stdout.is_empty())
            });
    common::tool_available("tex", available, "pdflatex or a TeX package missing; scripts/build-report.sh installs them")
}

/// Runs `harness report` and one pdflatex pass on report.tex; returns the log text.
fn build(results: &Path) -> String {
    build_with_aux(results).0
}

/// Runs `harness report` and two pdflatex passes (so longtable widths settle); returns
/// the log and the `.aux` file's text.
fn build_with_aux(results: &Path) -> (String, String) {
    let (log, aux, _) = build_pdf(results);
    (log, aux)
}

/// [`build_with_aux`], also returning the PDF's text as `pdftotext` reads it (empty
/// where pdftotext is missing).
fn build_pdf(results: &Path) -> (String, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_harness")).arg("report").arg(results).output().unwrap();
    assert!(out.status.success(), "harness report: {}", String::from_utf8_lossy(&out.stderr));
    let build = tempfile::tempdir().unwrap();
    let mut log = String::new();
    for _ in 0..2 {
        let status = Command::new("pdflatex")
            .current_dir(root().join("report"))
            .args(["-interaction=nonstopmode", "-halt-on-error", "-output-directory"])
            .arg(build.path())
            .arg(format!("\\def\\resultsdir{{{}}}\\input{{report.tex}}", results.display()))
            .output()
            .unwrap();
        log = std::fs::read_to_string(build.path().join("report.log")).unwrap_or_default();
        assert!(status.status.success(), "pdflatex failed:\n{}", &log[log.len().saturating_sub(3000)..]);
    }
    assert!(build.path().join("report.pdf").is_file());
    let aux = std::fs::read_to_string(build.path().join("report.aux")).unwrap_or_default();
    let text = Command::new("pdftotext")
        .arg(build.path().join("report.pdf"))
        .arg("-")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    (log, aux, text)
}

/// The report built once from [`main_job`]: its log, aux and text.
fn main_job_pdf() -> &'static (String, String, String) {
    static BUILT: OnceLock<(String, String, String)> = OnceLock::new();
    BUILT.get_or_init(|| build_pdf(main_job()))
}

/// The PDF's text without each page's number at its foot: a sentence the page breaks
/// reads whole.
fn without_page_numbers(text: &str) -> String {
    let pages = text.split('\u{c}').map(|page| {
        let mut lines: Vec<&str> = page.lines().collect();
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        if lines.last().is_some_and(|l| !l.trim().is_empty() && l.trim().chars().all(|c| c.is_ascii_digit())) {
            lines.pop();
        }
        lines.join("\n")
    });
    pages.collect::<Vec<_>>().join("\n")
}

#[test]
fn a_page_number_between_two_halves_of_a_sentence_is_left_out() {
    let text = "the first half of\n\n 3\n\u{c}the sentence ends 12 here\n\n4\n\u{c}";
    assert_eq!(letters(&without_page_numbers(text)), letters("the first half of the sentence ends 12 here"));
}

/// Letters and digits only, lower case: text compared across LaTeX's line breaks,
/// hyphenation, quotes and ligatures.
fn letters(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Overfull boxes wider than `points`, as the log's lines.
fn overfull(log: &str, points: f64) -> Vec<&str> {
    log.lines()
        .filter(|l| l.starts_with("Overfull \\hbox ("))
        .filter(|l| {
            let width = l["Overfull \\hbox (".len()..].split("pt").next().and_then(|w| w.parse::<f64>().ok());
            width.is_some_and(|w| w > points)
        })
        .collect()
}

/// The captions of tables and figures, from the lists of tables and figures in the aux.
fn captions(aux: &str) -> Vec<String> {
    aux.lines()
        .filter(|l| l.starts_with("\\@writefile{lot}") || l.starts_with("\\@writefile{lof}"))
        .filter_map(|l| l.split("\\ignorespaces ").nth(1).map(|c| c.split("\\relax").next().unwrap_or(c).to_string()))
        .collect()
}

/// The size commands a generated table may use: 10, 9 and 8 pt in the report's 11 pt
/// class; anything smaller, or any scaling, would set the table below 8 pt.
const TABLE_SIZES: [&str; 3] = ["\\small", "\\footnotesize", "\\scriptsize"];

/// Where a generated LaTeX file sets type below 8 pt or scales a table, as messages.
fn small_type(name: &str, tex: &str) -> Vec<String> {
    let mut found = Vec::new();
    // A picture's labels (stone numbers, kings, tile letters) are set at the size of the
    // drawing, scaled with it; tables and text never choose a size of their own.
    let picture = name.starts_with("figures-");
    for bad in ["\\tiny", "adjustbox", "\\resizebox", "\\scalebox", "\\fontsize"] {
        if tex.contains(bad) && !(picture && bad == "\\fontsize") {
            found.push(format!("{name}: {bad}"));
        }
    }
    let table = tex.contains("\\begin{tabular}") || tex.contains("\\begin{longtable}");
    if table && !TABLE_SIZES.iter().any(|s| tex.contains(s)) {
        found.push(format!("{name}: a table without one of {TABLE_SIZES:?}"));
    }
    found
}

/// The main job's results (every experiment of `instances/all.toml`, one sample, a 1 s
/// limit per search call), run once per test binary.
fn main_job() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let run = Command::new(env!("CARGO_BIN_EXE_harness"))
            .current_dir(root())
            .args([
                "run",
                "instances/all.toml",
                "--time-limit",
                "1",
                "--samples",
                "1",
                "--sample-budget",
                "0",
                "-q",
                "--out",
            ])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(run.status.success(), "harness run: {}", String::from_utf8_lossy(&run.stderr));
        dir
    })
    .path()
}

/// The report from results as wide as the main job's (every experiment of
/// `instances/all.toml`, one sample, a 1 s limit per search call): no line or table wider
/// than the text by over 1 pt, no table set below 8 pt or scaled, no two captions alike,
/// and every table that a kind file places is in the PDF.
#[test]
fn main_job_pdf_fits_the_page_at_8pt_or_more_with_distinct_captions() {
    if !tex_available() {
        return;
    }
    let dir = main_job();
    let (log, aux, _) = main_job_pdf();
    let wide = overfull(log, 1.0);
    assert!(wide.is_empty(), "lines or tables wider than the text by over 1 pt:\n{}", wide.join("\n"));
    let captions = captions(aux);
    assert!(!captions.is_empty(), "no captions found in the aux file");
    assert!(
        captions.iter().any(|c| c.contains("the first tiling") && c.contains("See Table")),
        "the found tilings' figure is in the PDF: {captions:?}"
    );
    for (i, c) in captions.iter().enumerate() {
        assert!(!captions[..i].contains(c), "two captions alike: {c}");
    }
    let mut small = Vec::new();
    let mut placed = String::new();
    for entry in std::fs::read_dir(dir.join("tex")).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let tex = std::fs::read_to_string(entry.path()).unwrap();
        small.extend(small_type(&name, &tex));
        if name.starts_with("kind-") || name.starts_with("extra-") {
            placed.push_str(&tex);
        }
    }
    assert!(small.is_empty(), "type below 8 pt or scaled:\n{}", small.join("\n"));
    for entry in std::fs::read_dir(dir.join("tex")).unwrap().flatten() {
        let stem = entry.path().file_stem().unwrap().to_string_lossy().into_owned();
        if !placed.contains(&format!("/tex/{stem}}}")) && stem != "summary" {
            continue;
        }
        let tex = std::fs::read_to_string(entry.path()).unwrap();
        for label in tex.split("\\label{").skip(1).filter_map(|l| l.split('}').next()) {
            if label.starts_with("tab:") {
                assert!(aux.contains(&format!("\\newlabel{{{label}}}")), "table {label} is not in the PDF");
            }
        }
    }
}

/// Every question of the tile-game and tiling assignments (T1-T7, S1-S6) stands in the
/// PDF as a heading, in the assignment's order, followed by its generated sentences:
/// every text of the answer (between its numbers' references) is in the PDF's text.
#[test]
fn every_question_of_the_assignments_is_answered_in_order_in_the_pdf() {
    if !tex_available() {
        return;
    }
    let (_, aux, text) = main_job_pdf();
    let loaded = harness::report::load_all(main_job(), harness::runner::registry::reports()).unwrap();
    let answers = harness::runner::registry::reports().answers(&loaded, harness::report::language::Language::En);
    let ids: Vec<&str> = answers.iter().flat_map(|(_, a)| a.iter().map(|a| a.id)).collect();
    let want: Vec<&str> =
        harness::tegel::answers::QUESTIONS.iter().chain(&harness::stenen::answers::QUESTIONS).map(|q| q.0).collect();
    assert_eq!(ids, want, "every question answered, in the assignment's order");
    let mut last = 0;
    for (_, list) in &answers {
        for answer in list {
            let label = format!("\\newlabel{{ans:{}}}", answer.id);
            assert!(aux.contains(&label), "{}: no heading in the PDF", answer.id);
            if text.is_empty() {
                continue;
            }
            let body = letters(&without_page_numbers(text));
            let at = body[last..].find(&letters(answer.question)).map(|i| i + last);
            let at =
                at.unwrap_or_else(|| panic!("{}: heading {:?} not in order in the PDF", answer.id, answer.question));
            last = at;
            for part in &answer.parts {
                if let harness::report::answers::Part::Text(t) = part {
                    let near = |l: &str| {
                        let head: String = l.chars().take(12).collect();
                        body.find(&head).map(|i| body[i..].chars().take(300).collect::<String>()).unwrap_or_default()
                    };
                    let want = letters(t);
                    assert!(body.contains(&want), "{}: sentence not in the PDF: {t}\nnear: {}", answer.id, near(&want));
                }
            }
        }
    }
}

/// No figure or table of the main job's report passes its page: no float too large, no
/// overfull vertical box, and `scripts/build-report.sh`'s check finds none either.
#[test]
fn no_float_or_box_exceeds_the_page() {
    if !tex_available() {
        return;
    }
    let (log, _, _) = main_job_pdf();
    let lost: Vec<&str> =
        log.lines().filter(|l| l.contains("Float too large") || l.starts_with("Overfull \\vbox")).collect();
    assert!(lost.is_empty(), "the PDF loses part of a page:\n{}", lost.join("\n"));
}

/// `scripts/build-report.sh`'s log check names the generated file TeX was reading when a
/// float was too large or a box overfull, and lets boxes of at most 1 pt through.
#[test]
fn build_report_names_the_figure_that_passes_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("report.log");
    std::fs::write(
        &log,
        "(/r/tex/answer-T3.tex (/r/tex/tegel_best.tex)) (/r/tex/figures-checkers_count.tex\n\
         LaTeX Warning: Float too large for page by 400.4555pt on input line 9.\n)\n\
         Overfull \\hbox (0.5pt too wide) in paragraph at lines 3--4\n",
    )
    .unwrap();
    let script = std::fs::read_to_string(root().join("scripts/build-report.sh")).unwrap();
    let function = &script[script.find("page_overflows() {").unwrap()..];
    let function = &function[..function.find("\n}\n").unwrap() + 3];
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("{function}\npage_overflows \"$1\"",))
        .arg("bash")
        .arg(&log)
        .output()
        .unwrap();
    let found = String::from_utf8_lossy(&out.stdout);
    assert_eq!(found.lines().count(), 1, "{found}");
    assert!(found.starts_with("figures-checkers_count.tex: LaTeX Warning: Float too large"), "{found}");
}

#[test]
fn small_type_is_found() {
    assert!(small_type("a.tex", "\\small\\begin{tabular}{r}").is_empty());
    assert_eq!(small_type("a.tex", "\\begin{adjustbox}{max width=1pt}\\small\\begin{tabular}").len(), 1);
    assert_eq!(small_type("a.tex", "\\begin{tabular}{r}").len(), 1);
    assert_eq!(small_type("a.tex", "\\tiny").len(), 1);
    assert!(small_type("figures-a.tex", "\\node[font=\\fontsize{8.5}{10.2}\\selectfont] {1};").is_empty());
    assert_eq!(small_type("figures-a.tex", "\\begin{adjustbox}{max width=\\linewidth}").len(), 1);
}

#[test]
fn overfull_boxes_are_measured() {
    let log = "Overfull \\hbox (136.2pt too wide) in alignment at lines 3--40\nOverfull \\hbox (2.1pt too wide) in paragraph\n";
    assert_eq!(overfull(log, 5.0), ["Overfull \\hbox (136.2pt too wide) in alignment at lines 3--40"]);
}

#[test]
fn report_builds_from_fixture_results() {
    if !tex_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root().join("tests/fixtures/report/results"), dir.path());
    let log = build(dir.path());
    assert!(!log.contains("No result tegel/best / spel1"), "spel1's numbers must be found");
    assert!(log.contains("Output written"), "no PDF output in the log");
}

/// The PDF's summary of the `parallel` fixture carries what the page shows: the 2-thread
/// speed-up 2.3 (1.9–2.5) marked above 2 threads (not significant), 2.4 (2.25–2.56) as codes differ, intervals, the
/// busy row, a time under 1 ms as such, and a one-line definition of each of those marks.
#[test]
fn the_pdf_marks_speedups_and_defines_every_mark() {
    if !tex_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root().join("tests/fixtures/report/results"), dir.path());
    let (_, _, text) = build_pdf(dir.path());
    if text.is_empty() {
        return;
    }
    let text = letters(&text);
    for shown in [
        "above2threadsnotsignificant2301902",
        "codesdiffer2402252",
        "098095102",
        "stenenbusycountsmart",
        "1ms",
        "aboventhreadsnotsignificantontwothreadsormore",
        "codesdifferontwothreadsormore",
        "busywhilethisrowwastimed",
        "1msthemedianisunder1mswherethefixedcostofacallandthetimersjitter",
    ] {
        assert!(text.contains(shown), "{shown} is not in the PDF");
    }
}

#[test]
fn report_builds_without_any_results() {
    if !tex_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = build(dir.path());
    assert!(log.contains("Output written"), "no PDF output in the log");
}

/// `scripts/build-report.sh` refuses a results path holding a space or one of TeX's
/// special characters (exit 2, saying which) before it installs or builds anything;
/// needs no TeX.
#[test]
fn build_report_refuses_a_path_that_tex_cannot_read() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["a%b", "a#b", "a b", "a{b", "a$b", "a&b", "a~b"] {
        let results = dir.path().join(name);
        std::fs::create_dir(&results).unwrap();
        let o = Command::new("bash").arg(root().join("scripts/build-report.sh")).arg(&results).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains("the results path must not contain spaces or any of % #"), "{name}: {err}");
    }
}

/// Names past Latin-1 reach the PDF: an author `Zoë 李雷` and an instance named in
/// Cyrillic, Chinese and an emoji make `scripts/build-report.sh` build with LuaLaTeX and
/// fallback fonts (pdfLaTeX stops at "Unicode character 李 not set up"), and the PDF's
/// text holds every one of them; a character no installed font has is named, with what
/// to install, instead of being dropped silently.
#[test]
fn names_in_any_script_reach_the_pdf() {
    if !tex_available() {
        return;
    }
    let lua = Command::new("kpsewhich").args(["luaotfload.sty", "fontspec.sty"]).output();
    let available = lua.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).lines().count() == 2)
        && Command::new("fc-list").args(["-q", "Noto Serif CJK SC"]).status().is_ok_and(|s| s.success());
    if !common::tool_available(
        "tex",
        available,
        "LuaLaTeX or the Noto CJK fonts missing; apt-get install texlive-luatex fonts-noto-cjk fonts-noto-color-emoji",
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let instance = "спел-李-🎲.txt";
    std::fs::copy(root().join("instances/tegel/spel1.txt"), dir.path().join(instance)).unwrap();
    std::fs::write(
        dir.path().join("m.toml"),
        format!(
            "[[experiment]]\nname = \"tegel_best\"\ngame = \"tegel\"\nkind = \"best\"\ninstances = [\"{instance}\"]\n"
        ),
    )
    .unwrap();
    let harness = env!("CARGO_BIN_EXE_harness");
    let run = Command::new(harness)
        .args(["run", "m.toml", "--out", "r", "--samples", "1", "-j", "1"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let results = dir.path().join("r");
    let build = |author: &str| {
        Command::new("bash")
            .arg(root().join("scripts/build-report.sh"))
            .arg(&results)
            .args(["--assignment", "tegel", "--author", author])
            .env("HARNESS", harness)
            .output()
            .unwrap()
    };
    let o = build("Zoë 李雷");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("LuaLaTeX, for characters pdfLaTeX cannot set") && err.contains("李 (U+674E)"), "{err}");
    let text = Command::new("pdftotext").arg(results.join("report-tegel.pdf")).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    // pdftotext may give ë as e and a combining diaeresis.
    let author = ["Zoë 李雷", "Zoe\u{308} 李雷"].iter().any(|a| text.contains(a));
    assert!(author, "the author is not on the title page: {text}");
    assert!(text.contains("спел-李-"), "the instance's name is not in the PDF: {text}");
    let fonts = Command::new("pdffonts").arg(results.join("report-tegel.pdf")).output().unwrap();
    let fonts = String::from_utf8_lossy(&fonts.stdout);
    assert!(fonts.contains("CJK") && fonts.contains("LMRoman"), "{fonts}");
    // An Egyptian hieroglyph: in none of the fonts the script asks for.
    let o = build("Ann \u{13000}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("no installed font has \u{13000} (U+13000)") && err.contains("fonts-noto"), "{err}");
}

/// `scripts/build-report.sh --assignment tegel --language nl` builds a Dutch PDF: babel's
/// Dutch gives its figures and tables their Dutch names ("Figuur", "Tabel"),
/// the title page is Dutch, and no English heading of LaTeX's remains.
#[test]
fn a_dutch_assignment_report_builds_with_babels_dutch() {
    if !tex_available() {
        return;
    }
    let dutch = Command::new("kpsewhich").arg("dutch.ldf").output().is_ok_and(|o| !o.stdout.is_empty());
    if !common::tool_available("tex", dutch, "babel's Dutch missing; apt-get install texlive-lang-european") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("m.toml"),
        format!(
            "[[experiment]]\nname = \"tegel_best\"\ngame = \"tegel\"\nkind = \"best\"\ninstances = [\"{}\"]\n",
            root().join("instances/tegel/spel1.txt").display()
        ),
    )
    .unwrap();
    let harness = env!("CARGO_BIN_EXE_harness");
    let run = Command::new(harness)
        .args(["run", "m.toml", "--out", "r", "--samples", "1", "-j", "1"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let results = dir.path().join("r");
    let o = Command::new("bash")
        .arg(root().join("scripts/build-report.sh"))
        .arg(&results)
        .args(["--assignment", "tegel", "--language", "nl"])
        .env("HARNESS", harness)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = Command::new("pdftotext").arg(results.join("report-tegel.pdf")).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Figuur") && text.contains("Tabel"), "babel's Dutch names are missing: {text}");
    assert!(text.contains("Tegelspel: verslag") && text.contains("Auteurs niet opgegeven"), "{text}");
    assert!(!text.contains("Contents") && !text.contains("See Table"), "English in the Dutch PDF: {text}");
}
