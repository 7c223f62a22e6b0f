//! Pictures in the results: a run of the tiling table leaves the first tiling each find
//! found in `figures/EXPERIMENT/`, the CSV unchanged, and the page draws them after the
//! table, one number per stone, in colours that stay apart in grey.

mod common;

use common::{harness, instances, stderr};

fn manifest(dir: &std::path::Path) -> std::path::PathBuf {
    let stones = |f: &str| instances().join("stenen").join(f).display().to_string();
    let text = format!(
        "seed = 1\nthreads = [1]\ntime_limit = 20\n\n[[experiment]]\nname = \"tiles\"\ngame = \"stenen\"\nkind = \"table\"\n\
         caption = \"Tilings\"\ninstances = [\n  {{ height = 4, width = 5, stones = \"{}\" }},\n  {{ height = 5, width = 8, stones = \"{}\" }},\n]\n",
        stones("stenen1.in"),
        stones("stenen3.in")
    );
    let path = dir.join("m.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// The grey value (luma, Rec. 601) of `#rrggbb`.
fn luma(hex: &str) -> f64 {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
    0.299 * f64::from(v >> 16) + 0.587 * f64::from((v >> 8) & 255) + 0.114 * f64::from(v & 255)
}

#[test]
fn found_tilings_are_drawn_in_the_page_one_number_per_stone() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let o = harness(&["run", manifest(dir.path()).to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut files: Vec<String> = std::fs::read_dir(out.join("figures/tiles"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    // Dumb and smart find find the same first tiling on both instances: one picture each;
    // the 4x5 instance also gets every tiling, grouped by symmetry class.
    assert_eq!(files, ["0000-all-tilings.svg", "0000-find.svg", "0001-find.svg"]);
    let csv = std::fs::read_to_string(out.join("tiles.csv")).unwrap();
    assert!(!csv.contains("svg") && csv.lines().count() == 3, "{csv}");
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    let start = page.find("<div class=\"pictures\"").expect("a pictures block in the page");
    let block = &page[start..page[start..].find("</div>").unwrap() + start];
    let svgs: Vec<&str> = block.split("<svg ").skip(1).filter(|svg| svg.contains("the first tiling")).collect();
    assert_eq!(svgs.len(), 2, "{block}");
    for (svg, stones) in svgs.iter().zip([5, 10]) {
        assert_eq!(svg.matches("<text ").count(), stones, "{svg}");
        for n in 1..=stones {
            assert_eq!(svg.matches(&format!(">{n}</text>")).count(), 1, "stone {n}: {svg}");
        }
        let mut fills: Vec<&str> = svg.split("fill=\"#").skip(1).map(|f| &f[..6]).filter(|f| f.len() == 6).collect();
        fills.retain(|f| f.chars().all(|c| c.is_ascii_hexdigit()) && *f != "ffffff" && *f != "000000");
        fills.sort();
        fills.dedup();
        assert!(fills.len() >= 5, "{fills:?}");
        for (i, a) in fills.iter().enumerate() {
            for b in &fills[i + 1..] {
                assert!((luma(a) - luma(b)).abs() >= 19.0, "#{a} and #{b} look alike in grey");
            }
        }
    }
    assert!(page.contains("4x5 stenen1: the first tiling the dumb and smart find found"), "captions in the page");
    let tex = std::fs::read_to_string(out.join("tex/figures-tiles.tex")).unwrap();
    assert_eq!(tex.matches("\\begin{tikzpicture}").count(), 3, "two finds and the 4x5 gallery: {tex}");
    assert!(std::fs::read_to_string(out.join("tex/kind-stenen-table.tex")).unwrap().contains("figures-tiles"));
}

#[test]
fn a_picture_outside_the_vocabulary_is_refused_by_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let o = harness(&["run", manifest(dir.path()).to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bad = out.join("figures/tiles/0000-find.svg");
    std::fs::write(&bad, "<svg viewBox=\"0 0 1 1\"><script>alert(1)</script></svg>").unwrap();
    let o = harness(&["report", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("0000-find.svg") && stderr(&o).contains("<script>"), "{}", stderr(&o));
}

/// A start position that two tables use is drawn once, after the first of them in the
/// run's order; both experiments keep their picture files.
#[test]
fn a_start_position_two_tables_use_is_drawn_once() {
    let dir = tempfile::tempdir().unwrap();
    let spel1 = instances().join("tegel").join("spel1.txt").display().to_string();
    let text = format!(
        "seed = 1\nthreads = [1]\ntime_limit = 20\n\n\
         [[experiment]]\nname = \"b_good\"\ngame = \"tegel\"\nkind = \"good\"\ninstances = [\"{spel1}\"]\nsims = 10\n\n\
         [[experiment]]\nname = \"a_best\"\ngame = \"tegel\"\nkind = \"best\"\ninstances = [\"{spel1}\"]\n"
    );
    let manifest = dir.path().join("m.toml");
    std::fs::write(&manifest, text).unwrap();
    let out = dir.path().join("out");
    let o = harness(&["run", manifest.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for experiment in ["a_best", "b_good"] {
        assert_eq!(std::fs::read_dir(out.join("figures").join(experiment)).unwrap().count(), 1, "{experiment}");
    }
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert_eq!(page.matches("<div class=\"pictures\"").count(), 1, "one pictures block in the page");
    let block = &page[page.find("<div class=\"pictures\"").unwrap()..];
    let good = page.find("<section id=\"x-b-good\"").expect("b_good's section");
    let best = page.find("<section id=\"x-a-best\"").expect("a_best's section");
    assert!(good < best, "the run's order puts b_good first");
    let block = page.len() - block.len();
    assert!(good < block && block < best, "the picture follows b_good, the first table of the run");
    // An answer about a_best's start position links to where it is drawn.
    assert!(page.contains("href=\"#x-b-good-pictures\""), "the answer's link finds the picture");
    assert!(!page.contains("href=\"#x-a-best-pictures\""), "no link to pictures never drawn");
    let answers: String = std::fs::read_dir(out.join("tex"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("answer-"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert!(!answers.contains("fig:picture-a-best") && !answers.contains("fig:pictures-a-best"), "{answers}");
    let figures = std::fs::read_to_string(out.join("tex/figures-b_good.tex")).unwrap();
    for label in answers.split("\\ref{").skip(1).map(|r| &r[..r.find('}').unwrap()]) {
        if label.starts_with("fig:picture") {
            assert!(figures.contains(&format!("\\label{{{label}}}")), "{label} is a label of the figure");
        }
    }
    assert!(out.join("tex/figures-b_good.tex").exists() && !out.join("tex/figures-a_best.tex").exists());
}
