//! The quick run's `index.html`, Markdown and LaTeX tables show the CSVs' cells, and the
//! page renders in headless Chromium with every table and plot and nothing fetched.
//! The browser tests are skipped, with a message, where `chromium` is missing and the run
//! does not say it provides it (`.ci/run` installs it and says so: there they fail).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use harness::report::html::anchor;
use harness::report::latex::format_cell;
use harness::report::view::{CellKind, TableView};
use harness::results::csv_table::CsvTable;

use common::harness_command as harness;

/// The quick run's results directory (run once per test binary).
fn quick() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let out = harness()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["run", "instances/quick.toml", "--out"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "harness run: {}", String::from_utf8_lossy(&out.stderr));
        dir
    })
    .path()
}

fn csvs(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "csv"))
        .collect();
    paths.sort();
    paths
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#x27;")
        .replace('/', "&#x2f;")
}

/// The HTML of row `i` (1-based) of experiment `name`'s table: its row in the first
/// part (which carries the row's id) and, for a table the page shows in parts that each
/// repeat the key columns, row `i` of every further part, joined.
fn html_row(page: &str, name: &str, i: usize) -> String {
    let start = page.find(&format!("id=\"{}-row-{i}\"", anchor(name))).unwrap_or_else(|| panic!("{name}: no row {i}"));
    let end = page[start..].find("</tr>").unwrap() + start;
    let mut row = page[start..end].to_string();
    let section = &page[start..];
    let section = &section[..section.find("</section>").unwrap_or(section.len())];
    for part in section.split("<tbody>").skip(1) {
        if let Some(r) = part.split("<tr").nth(i) {
            row.push_str(r.split("</tr>").next().unwrap_or_default());
        }
    }
    row
}

/// The body rows of a generated LaTeX table, each as one line: a table split into parts
/// (each repeating the key columns) gives row i as its parts' row i joined with ` & `;
/// header lines (repeated on each page of a `longtable`) are left out.
fn latex_rows(tex: &str) -> Vec<String> {
    let mut parts: Vec<Vec<&str>> = Vec::new();
    for part in tex.split("\\caption{").skip(1) {
        let lines: Vec<&str> = part.lines().filter(|l| l.ends_with(" \\\\") && !l.contains("\\multicolumn")).collect();
        let header = lines.first().copied();
        parts.push(lines.into_iter().filter(|l| Some(*l) != header).collect());
    }
    let rows = parts.iter().map(Vec::len).max().unwrap_or(0);
    (0..rows).map(|i| parts.iter().filter_map(|p| p.get(i).copied()).collect::<Vec<_>>().join(" & ")).collect()
}

#[test]
fn html_and_latex_show_the_csv_cells() {
    let dir = quick();
    let page = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let paths = csvs(dir);
    assert!(paths.len() >= 10, "the quick run writes its CSVs");
    for path in paths {
        let table = CsvTable::read(&path).unwrap();
        let name = table.name();
        let meta = harness::results::experiment_meta::ExperimentMeta::read(dir, &name).unwrap();
        let table = table.declare(&meta.columns);
        let view = TableView::of(&table);
        let tex = std::fs::read_to_string(dir.join(format!("tex/{name}.tex"))).unwrap();
        let mut tex_rows = latex_rows(&tex).into_iter();
        // A table too wide for the page leaves columns out of the PDF (and says which in a
        // note); the cells it keeps must still be there, in order.
        let cut_columns = tex.contains("Too wide for the page");
        for (i, (row, raw)) in view.rows.iter().zip(&table.rows).enumerate() {
            let html = html_row(&page, &name, i + 1);
            let tex_row = tex_rows.next().unwrap_or_else(|| panic!("{name}: LaTeX row {} missing", i + 1));
            let mut at = 0;
            for (column, cell) in view.columns.iter().zip(&row.cells) {
                assert_eq!(cell.raw, raw[column.index]);
                let shown = format!("data-sort=\"{}\">{}", escape_html(&cell.raw), escape_html(&cell.text));
                assert!(html.contains(&shown), "{name} row {}: `{shown}` not in {html}", i + 1);
                let latex = match cell.kind {
                    CellKind::Marker => {
                        format!("\\textit{{{}}}", harness::report::latex::escape(&cell.text).replace('–', "--"))
                    }
                    _ => format_cell(column.kind, &cell.raw),
                };
                let found = tex_row[at..].find(&latex);
                if found.is_none() && cut_columns {
                    continue;
                }
                assert!(found.is_some(), "{name} row {}: `{latex}` not in order in {tex_row}", i + 1);
                at += found.unwrap() + latex.len();
            }
        }
        let md = std::fs::read_to_string(dir.join(format!("md/{name}.md"))).unwrap();
        let md_rows = md.lines().filter(|l| l.starts_with("| ")).count();
        assert_eq!(md_rows, table.rows.len() + 2, "{name}.md: a header, its rule and one line per row");
    }
}

#[test]
fn markdown_command_prints_one_experiment_and_refuses_unknown_names() {
    let dir = quick();
    let out = harness().args(["report", "--format", "markdown", "tegel_best"]).arg(dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), std::fs::read_to_string(dir.join("md/tegel_best.md")).unwrap());
    let out = harness().args(["report", "--format", "markdown", "nope"]).arg(dir).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no experiment `nope`"));
}

#[test]
fn a_corrupt_csv_is_marked_missing_on_the_page() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("good.csv"), "instance,positions\na,12\n").unwrap();
    std::fs::write(dir.path().join("bad.csv"), "instance,positions\na,1,2\n").unwrap();
    let out = harness().arg("report").arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let page = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    assert!(page.contains("<p class=\"missing\">Missing: "), "{page}");
    assert!(page.contains("id=\"x-good-row-1\""), "{page}");
}

/// Chromium's headless flags: no network at all (every host unresolvable), console
/// messages logged to standard error.
fn headless(browser: &Path) -> Command {
    let mut cmd = Command::new(browser);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--enable-logging=stderr",
        "--v=0",
        "--virtual-time-budget=2000",
    ]);
    cmd
}

#[test]
fn the_page_renders_in_headless_chromium() {
    let Some(browser) = common::chromium() else { return };
    let dir = quick();
    let url = format!("file://{}", dir.join("index.html").display());
    let out = headless(&browser).arg("--dump-dom").arg(&url).output().unwrap();
    assert!(out.status.success(), "chromium: {}", String::from_utf8_lossy(&out.stderr));
    let dom = String::from_utf8(out.stdout).unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    for path in csvs(dir) {
        let table = CsvTable::read(&path).unwrap();
        let name = table.name();
        assert!(dom.contains(&format!("<section id=\"{}\"", anchor(&name))), "{name}: no section");
        for i in 1..=table.rows.len() {
            assert!(dom.contains(&format!("id=\"{}-row-{i}\"", anchor(&name))), "{name}: row {i} not rendered");
        }
    }
    let plots = std::fs::read_dir(dir.join("plots")).unwrap().flatten();
    let svgs = plots.filter(|e| e.path().extension().is_some_and(|x| x == "svg")).count();
    assert!(svgs > 0);
    assert_eq!(dom.matches("<figure id=\"").count(), svgs, "every plot is on the page");
    for fetch in ["src=\"http", "href=\"http", "<link", "@import", "url("] {
        assert!(!dom.contains(fetch), "the page fetches something: {fetch}");
    }
    assert!(!log.contains("CONSOLE") || !log.to_lowercase().contains("error"), "console errors: {log}");
    let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("report-page.png");
    let out = headless(&browser)
        .arg("--window-size=1200,1600")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(&url)
        .output();
    assert!(out.is_ok_and(|o| o.status.success()) && shot.is_file(), "no screenshot");
    eprintln!("screenshot: {}", shot.display());
}

#[test]
fn the_page_is_small() {
    let size = std::fs::metadata(quick().join("index.html")).unwrap().len();
    assert!(size < 3_000_000, "index.html is {size} bytes");
}

/// What the page measures of itself in a window `width` pixels wide: the widest table
/// (wrapper scroll width), the window's width, and the columns of the contents list.
fn measured_at(browser: &Path, page: &Path, width: u32) -> String {
    let probe = "<script>addEventListener('load', () => { \
        const widest = Math.max(0, ...[...document.querySelectorAll('.wide')].map(w => w.scrollWidth - w.clientWidth)); \
        const nav = getComputedStyle(document.querySelector('nav > ol')).columnCount; \
        const busy = document.querySelectorAll('tr.busy').length; \
        const said = [...document.querySelectorAll('tr.busy')].filter(r => r.textContent.includes('(busy)')).length; \
        document.body.setAttribute('data-measured', `overflow=${widest} window=${innerWidth} nav=${nav} busy=${busy} said=${said}`); \
        });</script></body>";
    probed(browser, page, probe, (&format!("probe-{width}.html"), width, 1000))
}

#[test]
fn the_page_fits_the_window_at_1400_and_reads_at_400_pixels() {
    let Some(browser) = common::chromium() else { return };
    let dir = quick();
    let wide = measured_at(&browser, &dir.join("index.html"), 1400);
    assert!(wide.starts_with("overflow=0 "), "at 1400 px a table runs past the window: {wide}");
    let field = |m: &str, k: &str| m.split(' ').find_map(|p| p.strip_prefix(k)).unwrap_or_default().to_string();
    assert_eq!(field(&wide, "busy="), field(&wide, "said="), "every busy row says so in words: {wide}");
    let narrow = measured_at(&browser, &dir.join("index.html"), 400);
    assert_eq!(field(&narrow, "nav="), "auto", "no nested columns at 400 px: {narrow}");
}

/// The main job's results (every experiment of `instances/all.toml`, one sample, a 1 s
/// limit per search call): tables as wide as the main job's (run once per test binary).
fn main_job() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let out = harness()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["run", "instances/all.toml", "--time-limit", "1", "--samples", "1", "--sample-budget", "0", "-q"])
            .arg("--out")
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "harness run: {}", String::from_utf8_lossy(&out.stderr));
        dir
    })
    .path()
}

/// What a reader sees of the main job's page in a window `width` x 900 pixels: the
/// header words split across lines (`broken`), the top of the contents (`contents`), the
/// widest table (`widest`) and the window's width (`window`).
fn reader_view(browser: &Path, width: u32) -> String {
    let page = main_job().join("index.html");
    let probe = "<script>addEventListener('load', () => { \
        const broken = []; \
        document.querySelectorAll('th').forEach(th => { \
          const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT); let n; \
          while ((n = walk.nextNode())) { const re = /\\S+/g; let m; \
            while ((m = re.exec(n.data))) { const r = document.createRange(); \
              r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length); \
              const tops = new Set([...r.getClientRects()].map(x => Math.round(x.top))); \
              if (tops.size > 1) broken.push(m[0]); } } }); \
        const contents = Math.round(document.querySelector('nav#contents').getBoundingClientRect().top); \
        const widest = Math.max(0, ...[...document.querySelectorAll('table')].map(t => Math.round(t.getBoundingClientRect().width))); \
        document.body.setAttribute('data-measured', `broken=${broken.length} contents=${contents} widest=${widest} window=${innerWidth} words=${broken.join('|')}`); \
        });</script></body>";
    probed(browser, &page, probe, (&format!("reader-{width}.html"), width, 900))
}

/// Runs `page` with the script `probe` appended (written beside it as `name`) in headless
/// Chromium in a window `width` x `height`, and returns what the probe wrote into the
/// body's `data-measured` attribute.
fn probed(browser: &Path, page: &Path, probe: &str, (name, width, height): (&str, u32, u32)) -> String {
    let html = std::fs::read_to_string(page).unwrap().replace("</body>", probe);
    let probed = page.with_file_name(name);
    std::fs::write(&probed, html).unwrap();
    let out = headless(browser)
        .arg(format!("--window-size={width},{height}"))
        .arg("--dump-dom")
        .arg(format!("file://{}", probed.display()))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    let at = dom.find("data-measured=\"").map(|i| i + "data-measured=\"".len()).expect("the probe ran");
    dom[at..].split('"').next().unwrap_or_default().to_string()
}

fn field(measured: &str, key: &str) -> i64 {
    measured.split(' ').find_map(|p| p.strip_prefix(key)).and_then(|v| v.parse().ok()).unwrap_or(i64::MAX)
}

/// On the main job's page at 1400 px: the contents start on the first screen, no table
/// header breaks inside a word, and no table is wider than the window.
#[test]
fn a_reader_at_1400_px_sees_the_contents_first_and_whole_header_words() {
    let Some(browser) = common::chromium() else { return };
    let seen = reader_view(&browser, 1400);
    assert!(field(&seen, "contents=") < 900, "the contents start below the first screen: {seen}");
    assert_eq!(field(&seen, "broken="), 0, "header words broken across lines: {seen}");
    assert!(field(&seen, "widest=") <= 1400, "a table wider than 1400 px: {seen}");
}

/// The main job's page puts the assignments' questions first: the tile game's and the
/// tiling's answers come before the harness's own sections (speed, parallel), and the
/// run's details and warnings are folded into one block after the contents.
#[test]
fn the_assignments_come_before_the_harness_and_the_run_is_folded() {
    let page = std::fs::read_to_string(main_job().join("index.html")).unwrap();
    let at = |needle: &str| page.find(needle).unwrap_or_else(|| panic!("no {needle} on the page"));
    let (contents, details) = (at("<nav id=\"contents\""), at("<details id=\"run\""));
    assert!(contents < details, "the contents come before the run's details");
    let first_answer = at(&format!("id=\"{}\"", anchor("answer-T1")));
    assert!(details < first_answer);
    assert!(at(&format!("id=\"{}\"", anchor("answer-S6"))) < at(&format!("<section id=\"{}\"", anchor("parallel"))));
    assert!(at(&format!("id=\"{}\"", anchor("answer-T7"))) < at(&format!("id=\"{}\"", anchor("answer-S1"))));
    assert!(!page.contains("± 0<") && !page.contains("± 0 "), "a spread shown as ± 0");
    let warnings = page[details..].split("</details>").next().unwrap_or_default();
    assert!(!warnings.contains(" seconds ("), "a warning whose count reads as seconds: {warnings}");
}

/// The pages of two assignments stand side by side: `report --assignment stenen` keeps
/// the tile game's page an earlier `report --assignment tegel` wrote (as it was, with its
/// own authors), and a plain `report` keeps both.
#[test]
fn each_assignments_page_is_kept_by_the_others_reports() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(quick(), dir.path());
    let out = dir.path().to_str().unwrap();
    let report = |args: &[&str]| {
        let o = harness().args(["report", out]).args(args).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    report(&["--assignment", "tegel", "--author", "Ada Lovelace"]);
    let tegel = std::fs::read_to_string(dir.path().join("report-tegel.html")).unwrap();
    assert!(tegel.contains("Ada Lovelace"));
    report(&["--assignment", "stenen", "--author", "Alan Turing"]);
    assert_eq!(std::fs::read_to_string(dir.path().join("report-tegel.html")).unwrap(), tegel);
    assert!(std::fs::read_to_string(dir.path().join("report-stenen.html")).unwrap().contains("Alan Turing"));
    report(&[]);
    assert!(dir.path().join("report-tegel.html").is_file() && dir.path().join("report-stenen.html").is_file());
}
