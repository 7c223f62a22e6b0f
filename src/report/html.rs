//! `OUT/index.html`: the results as one self-contained page (inline CSS, plots as inline
//! SVG, a few lines of optional sorting script, nothing fetched), rendered from the
//! [`super::view`] model through a `minijinja` template that escapes every value by
//! default; only the SVGs drawn by [`super::svg`] are inserted as they are.

use minijinja::value::Value;
use minijinja::{context, AutoEscape, Environment};
use serde::Serialize;

pub use super::anchors::{anchor, chart_anchor, heading};

use std::path::{Path, PathBuf};

use super::chart::Chart;
use super::export::{texts, Exporter, File, Input};
use super::language::Language;
use super::loaded::Loaded;
use super::run_description::{run_lines, run_warnings};
use super::view::{CellKind, TableView};
use crate::base::error::InputError;

const TEMPLATE: &str = include_str!("page.html");

/// One experiment of the page: loaded, or missing (with why).
pub enum Entry<'a> {
    /// Its CSV was read; its charts and SVGs (one per chart).
    Loaded(&'a Loaded, Vec<(&'a Chart, &'a str)>),
    /// Named by the run but its CSV is missing or unreadable.
    Missing {
        /// The experiment name.
        name: String,
        /// Its game.
        game: String,
        /// Why it is missing.
        why: String,
    },
}

/// The page's inputs beside the experiments.
pub struct Page<'a> {
    /// `(key, value)` lines of the run's header (from `run.toml`).
    pub run: Vec<(String, String)>,
    /// The game titles by game name (for section headings).
    pub game_title: &'a dyn Fn(&str) -> String,
    /// The cross-game summary table, if any (caption, table).
    pub summary: Option<(String, &'a crate::results::csv_table::CsvTable)>,
    /// What the run warned about (`run.toml`'s `warnings`).
    pub warnings: Vec<String>,
    /// The pictures of each experiment by name, drawn after its table.
    pub pictures: super::figures::Drawn,
    /// Per game, the answers to its assignment's report questions, in order.
    pub answers: Vec<PageAnswers>,
    /// The games in the order their sections appear (the assignments' games first); a
    /// game not listed follows them.
    pub game_order: Vec<String>,
    /// The page's title.
    pub title: String,
    /// Lines under the title (an assignment's authors, course, date and run).
    pub byline: Vec<String>,
    /// The language of the page's own words.
    pub language: Language,
}

/// The page's own words (beside the tables' and answers') in one language.
#[derive(Serialize)]
struct Words {
    lang: &'static str,
    contents: &'static str,
    run_and_machine: &'static str,
    one_search_stopped: &'static str,
    searches_stopped: &'static str,
    every_search_finished: &'static str,
    one_warning: &'static str,
    warnings: &'static str,
    stopped_list: &'static str,
    every_item_finished: &'static str,
    warnings_list: &'static str,
    busy_machine: &'static str,
    busy: &'static str,
    one_sample: &'static str,
    no_rows: &'static str,
    missing: &'static str,
}

const ENGLISH_WORDS: Words = Words {
    lang: "en",
    contents: "Contents",
    run_and_machine: "The run and the machine",
    one_search_stopped: "1 search timed out or failed",
    searches_stopped: "searches timed out or failed",
    every_search_finished: "every search finished",
    one_warning: "1 warning",
    warnings: "warnings",
    stopped_list: "Searches that timed out or failed:",
    every_item_finished: "Every item finished.",
    warnings_list: "Warnings about the measurements and the machine:",
    busy_machine: "busy machine",
    busy: "(busy)",
    one_sample: "1 sample",
    no_rows: "no rows",
    missing: "Missing",
};

const DUTCH_WORDS: Words = Words {
    lang: "nl",
    contents: "Inhoud",
    run_and_machine: "De run en de machine",
    one_search_stopped: "1 zoektocht liep in een time-out of faalde",
    searches_stopped: "zoektochten liepen in een time-out of faalden",
    every_search_finished: "elke zoektocht is voltooid",
    one_warning: "1 waarschuwing",
    warnings: "waarschuwingen",
    stopped_list: "Zoektochten die in een time-out liepen of faalden:",
    every_item_finished: "Elk onderdeel is voltooid.",
    warnings_list: "Waarschuwingen over de metingen en de machine:",
    busy_machine: "drukke machine",
    busy: "(druk)",
    one_sample: "1 meting",
    no_rows: "geen rijen",
    missing: "Ontbreekt",
};

/// The title of the page of every assignment's results (`index.html`).
pub const PAGE_TITLE: &str = "Reference results of the assignments";

/// One game's answers on the page: the game, and per answer its id, question, sentences
/// (HTML, every text escaped) and the kinds whose experiments follow it.
pub struct PageAnswers {
    /// The game.
    pub game: String,
    /// `(id, question, html, kinds shown)` per answer.
    pub answers: Vec<(String, String, String, Vec<String>)>,
}

#[derive(Serialize)]
struct KeyValue {
    key: String,
    value: String,
}

#[derive(Serialize)]
struct Unfinished {
    anchor: String,
    experiment: String,
    label: String,
    what: String,
}

#[derive(Serialize)]
struct Group {
    text: String,
    span: usize,
}

#[derive(Serialize)]
struct HtmlColumn {
    header: String,
    numeric: bool,
}

#[derive(Serialize)]
struct HtmlCell {
    raw: String,
    text: String,
    class: String,
    memo: bool,
    spread: Option<String>,
    one_sample: bool,
    interval: Option<String>,
}

#[derive(Serialize)]
struct HtmlRow {
    busy: bool,
    cells: Vec<HtmlCell>,
}

#[derive(Serialize)]
struct HtmlTable {
    groups: Vec<Group>,
    columns: Vec<HtmlColumn>,
    rows: Vec<HtmlRow>,
    notes: Vec<String>,
}

#[derive(Serialize)]
struct Plot {
    anchor: String,
    svg: Value,
    caption: String,
}

#[derive(Serialize)]
struct Experiment {
    anchor: String,
    heading: String,
    caption: String,
    missing: Option<String>,
    table: Option<HtmlTable>,
    /// The further parts of a table too wide for the page, each repeating the key columns.
    more: Vec<HtmlTable>,
    plots: Vec<Plot>,
    pictures: Vec<Plot>,
    csv: String,
}

#[derive(Serialize)]
struct GameSection {
    anchor: String,
    title: String,
    answers: Vec<HtmlAnswer>,
    experiments: Vec<Experiment>,
}

#[derive(Serialize)]
struct HtmlAnswer {
    anchor: String,
    question: String,
    text: Value,
    experiments: Vec<Experiment>,
}

#[derive(Serialize)]
struct Summary {
    heading: String,
    caption: String,
    table: HtmlTable,
}

fn html_table(view: &TableView) -> HtmlTable {
    let mut groups: Vec<Group> = Vec::new();
    for c in &view.columns {
        let text = c.group.clone().unwrap_or_default();
        match groups.last_mut() {
            Some(g) if !text.is_empty() && g.text == text => g.span += 1,
            _ => groups.push(Group { text, span: 1 }),
        }
    }
    if groups.iter().all(|g| g.text.is_empty()) {
        groups.clear();
    }
    let rows = view
        .rows
        .iter()
        .map(|r| HtmlRow {
            busy: r.busy,
            cells: r
                .cells
                .iter()
                .zip(&view.columns)
                .map(|(c, col)| {
                    let mut class = Vec::new();
                    if col.numeric {
                        class.push("num");
                    }
                    if col.wraps {
                        class.push("wrap");
                    }
                    match c.kind {
                        CellKind::Marker => class.push("marker"),
                        _ if c.memo => class.push("memo"),
                        _ => {}
                    }
                    HtmlCell {
                        raw: c.raw.clone(),
                        text: c.text.clone(),
                        class: class.join(" "),
                        memo: c.memo,
                        spread: c.spread.clone(),
                        one_sample: c.one_sample,
                        interval: c.interval.clone(),
                    }
                })
                .collect(),
        })
        .collect();
    HtmlTable {
        groups,
        columns: view.columns.iter().map(|c| HtmlColumn { header: c.header.clone(), numeric: c.numeric }).collect(),
        rows,
        notes: view.notes.clone(),
    }
}

/// The label of a row in the list of unfinished items: the leading cells that tell the
/// table's rows apart, a number with its column's name (`spel4.txt undone 22`), never a
/// result of the row (such as the best move found before the time ran out).
fn row_label(table: &crate::results::csv_table::CsvTable, row: &[String]) -> String {
    let words: Vec<String> = (0..super::numbers::key_width(table).min(row.len()))
        .map(|c| match crate::results::csv_table::parse_number(&row[c]) {
            Some(_) => format!("{} {}", table.columns[c].replace('_', " "), row[c]),
            None => row[c].clone(),
        })
        .collect();
    words.join(" ")
}

fn experiment(entry: &Entry, unfinished: &mut Vec<Unfinished>, language: Language) -> (String, Experiment) {
    match entry {
        Entry::Missing { name, game, why } => (
            game.clone(),
            Experiment {
                anchor: anchor(name),
                heading: name.clone(),
                caption: String::new(),
                missing: Some(why.clone()),
                table: None,
                more: Vec::new(),
                plots: Vec::new(),
                pictures: Vec::new(),
                csv: format!("{name}.csv"),
            },
        ),
        Entry::Loaded(item, charts) => {
            let view = TableView::in_language(&item.table, language);
            let parts = super::layout::page_parts(&view);
            let mut tables: Vec<HtmlTable> =
                parts.iter().map(|cols| html_table(&super::layout::part_view(&view, cols))).collect();
            let count = tables.len();
            for (k, t) in tables.iter_mut().enumerate().filter(|_| count > 1) {
                if k + 1 < count {
                    t.notes.clear();
                }
                t.notes.insert(0, part_note(k + 1, count, language));
            }
            let first = tables.remove(0);
            let caption = item.titles.caption.plain();
            for (i, row) in view.rows.iter().enumerate().filter(|(_, r)| r.unfinished) {
                let stop = |c: &&super::view::Cell| c.kind == CellKind::Marker && super::latex::is_marker(&c.text);
                let what = row.cells.iter().find(stop).map_or("timeout", |c| c.text.as_str());
                unfinished.push(Unfinished {
                    anchor: format!("{}-row-{}", anchor(&item.name), i + 1),
                    experiment: item.name.clone(),
                    label: row_label(&item.table, &item.table.rows[i]),
                    what: what.to_string(),
                });
            }
            let plots = charts
                .iter()
                .map(|(chart, svg)| Plot {
                    anchor: chart_anchor(&chart.name),
                    svg: Value::from_safe_string(svg.to_string()),
                    caption: chart.caption.clone(),
                })
                .collect();
            (
                item.game.clone(),
                Experiment {
                    anchor: anchor(&item.name),
                    heading: heading(&caption, &item.name),
                    caption,
                    missing: None,
                    table: Some(first),
                    more: tables,
                    plots,
                    pictures: Vec::new(),
                    csv: format!("{}.csv", item.name),
                },
            )
        }
    }
}

/// The note above part `k` of `count` parts of a table too wide for the page.
fn part_note(k: usize, count: usize, language: Language) -> String {
    match language {
        Language::En => format!("Part {k} of {count} of the table; the first columns repeat in each."),
        Language::Nl => format!("Deel {k} van {count} van de tabel; de eerste kolommen staan in elk deel."),
    }
}

/// The page's figures of `pictures`: SVG written from their shapes
/// ([`super::figures::svg`]), captions escaped by the template.
fn pictures_of(pictures: &[super::figures::Picture]) -> Vec<Plot> {
    pictures
        .iter()
        .map(|p| Plot {
            anchor: String::new(),
            svg: Value::from_safe_string(super::figures::svg(p)),
            caption: p.caption.clone(),
        })
        .collect()
}

/// The page of `entries` (in the order given: the manifest's), game sections in
/// `page.game_order`, each game's answers first with the experiments of the kinds they
/// show under them, then its other experiments.
pub fn page(entries: &[Entry], page: &Page) -> Result<String, minijinja::Error> {
    let mut unfinished = Vec::new();
    let mut games: Vec<(String, GameSection)> = Vec::new();
    for entry in entries {
        let (game, mut e) = experiment(entry, &mut unfinished, page.language);
        let kind = match entry {
            Entry::Loaded(item, _) => {
                e.pictures = pictures_of(page.pictures.of(&item.name));
                item.kind.clone()
            }
            Entry::Missing { .. } => String::new(),
        };
        let title = (page.game_title)(&game);
        let index = match games.iter().position(|(_, g)| g.title == title) {
            Some(i) => i,
            None => {
                games.push((game.clone(), new_section(&game, title, page)));
                games.len() - 1
            }
        };
        let section = &mut games[index].1;
        let shown = page
            .answers
            .iter()
            .filter(|a| a.game == game)
            .flat_map(|a| a.answers.iter())
            .position(|a| a.3.contains(&kind));
        match shown.filter(|_| !kind.is_empty()) {
            Some(i) => section.answers[i].experiments.push(e),
            None => section.experiments.push(e),
        }
    }
    let rank = |game: &str| page.game_order.iter().position(|g| g == game).unwrap_or(usize::MAX);
    games.sort_by_key(|(game, _)| rank(game));
    let games: Vec<GameSection> = games.into_iter().map(|(_, g)| g).collect();
    let summary = page.summary.as_ref().map(|(caption, table)| Summary {
        heading: "Sequential against parallel searches, all games".to_string(),
        caption: caption.clone(),
        table: html_table(&TableView::in_language(table, page.language)),
    });
    let run: Vec<KeyValue> = page.run.iter().map(|(k, v)| KeyValue { key: k.clone(), value: v.clone() }).collect();
    let mut env = Environment::new();
    env.set_auto_escape_callback(|_| AutoEscape::Html);
    env.add_template("page.html", TEMPLATE)?;
    env.get_template("page.html")?.render(context! {
        title => page.title,
        byline => page.byline,
        run => run,
        unfinished => unfinished,
        warnings => page.warnings,
        games => games,
        summary => summary,
        w => page.language.pick(&ENGLISH_WORDS, &DUTCH_WORDS),
    })
}

/// A game's section with its answers (no experiments yet).
fn new_section(game: &str, title: String, page: &Page) -> GameSection {
    let answers = page
        .answers
        .iter()
        .filter(|a| a.game == game)
        .flat_map(|a| a.answers.iter())
        .map(|(id, question, text, _)| HtmlAnswer {
            anchor: anchor(&format!("answer-{id}")),
            question: question.clone(),
            text: Value::from_safe_string(text.clone()),
            experiments: Vec::new(),
        })
        .collect();
    GameSection { anchor: anchor(&format!("game-{game}")), title, answers, experiments: Vec::new() }
}

/// The web page back end: `index.html`, every experiment of the input (with its drawn
/// charts) and those that could not be read, ordered as the run's `experiments` list
/// (then by name).
pub struct Html;

impl Exporter for Html {
    fn name(&self) -> &'static str {
        "html"
    }

    fn export(&self, input: &Input) -> Result<Vec<File>, InputError> {
        let page = page_titled(input, PAGE_TITLE, &[], Shown::Harness)?;
        let page = crate::base::text::bidi_visible(&page).into_owned();
        Ok(texts(vec![(PathBuf::from("index.html"), page)]))
    }
}

/// What a page shows.
#[derive(Debug, Clone, Copy)]
pub enum Shown<'a> {
    /// The harness's page: every table whole, and the run.
    Harness,
    /// An assignment's page: a solver's tables as its report shows them
    /// ([`super::asked::body_table`]), and the run where `run` is true.
    Assignment {
        /// Whether the run and its warnings are shown (`--appendix`).
        run: bool,
        /// The authors' own explanations, set before the answers they explain.
        explanations: &'a super::explanations::Explanations,
    },
}

/// The page of the input (see [`Html`]) titled `title`, with the lines `byline` under
/// the title, showing what `shown` says.
pub fn page_titled(input: &Input, page_title: &str, byline: &[String], shown: Shown) -> Result<String, InputError> {
    let Input { loaded, drawn, unreadable, run, reports, language } = *input;
    let (run_shown, own) = match shown {
        Shown::Harness => (true, None),
        Shown::Assignment { run, explanations } => (run, Some(explanations)),
    };
    let tables: Vec<Loaded> = match shown {
        Shown::Harness => loaded.to_vec(),
        Shown::Assignment { .. } => super::asked::body_tables(loaded, language, reports),
    };
    let order = super::loaded::run_experiments(run);
    let mut entries: Vec<(usize, Entry)> = Vec::new();
    let rank = |name: &str| order.iter().position(|n| n == name).unwrap_or(usize::MAX);
    for (item, charts) in tables.iter().zip(drawn) {
        let charts = charts.iter().map(|(c, s)| (c, s.as_str())).collect();
        entries.push((rank(&item.name), Entry::Loaded(item, charts)));
    }
    for (name, why) in unreadable {
        entries.push((
            rank(name),
            Entry::Missing { name: name.clone(), game: super::loaded::NO_META_GAME.into(), why: why.clone() },
        ));
    }
    let present = |n: &String| loaded.iter().any(|l| &l.name == n || l.merged.contains(n));
    for name in order.iter().filter(|n| !present(n) && !unreadable.iter().any(|u| &u.0 == *n)) {
        let why = format!("{name}.csv is not in the results directory");
        entries
            .push((rank(name), Entry::Missing { name: name.clone(), game: super::loaded::NO_META_GAME.into(), why }));
    }
    entries.sort_by_key(|(rank, _)| *rank);
    let entries: Vec<Entry> = entries.into_iter().map(|(_, e)| e).collect();
    let mut summary = None;
    for report in reports.0 {
        let own: Vec<&Loaded> = loaded.iter().filter(|l| l.game == report.game).collect();
        if let Some(found) = report.summary.map(|f| f(&own)).transpose()?.flatten() {
            summary = Some(found);
        }
    }
    let other = language.pick("Other results", "Overige resultaten");
    let title = |game: &str| reports.game(game).map_or_else(|| other.to_string(), |g| g.title_in(language).to_string());
    let pictures = super::figures::load_each_once(loaded, run)?
        .in_language(super::tables::picture_words(loaded, reports), language);
    let head = Page {
        run: if run_shown { run_lines(run) } else { Vec::new() },
        game_title: &title,
        summary: summary.as_ref().map(|(c, t)| (c.clone(), t)),
        warnings: if run_shown { run_warnings(run) } else { Vec::new() },
        answers: reports
            .answers(loaded, language)
            .into_iter()
            .map(|(game, answers)| PageAnswers {
                game: game.to_string(),
                answers: answers
                    .iter()
                    .map(|a| {
                        let kinds = a.shows.iter().map(|k| k.to_string()).collect();
                        (
                            a.id.to_string(),
                            a.question.to_string(),
                            {
                                let own = own.map_or_else(String::new, |o| super::explanations::html(o, a.id));
                                let checked = super::answers::html_in(a, &tables, &pictures, language);
                                match super::answers::is_introduction(a.id) {
                                    true => format!("{checked}{own}"),
                                    false => format!("{own}{checked}"),
                                }
                            },
                            kinds,
                        )
                    })
                    .collect(),
            })
            .collect(),
        game_order: reports.0.iter().map(|r| r.game.to_string()).collect(),
        title: page_title.to_string(),
        byline: byline.to_vec(),
        pictures,
        language,
    };
    page(&entries, &head)
        .map_err(|e| InputError::in_file(Path::new("index.html"), format!("cannot render the page: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::CsvTable;

    #[test]
    fn an_unfinished_row_is_named_by_its_key_cells_not_by_its_result() {
        let t = crate::results::csv_table::test_table(
            "instance,undone,positions,best_move,status\nspel4.txt,21,9,\"(0,g)\",ok\nspel4.txt,22,,\"(0,b)\",timeout\n",
        );
        assert_eq!(row_label(&t, &t.rows[1]), "spel4.txt undone 22");
        let one = crate::results::csv_table::test_table("board,seconds,status\n8x8 r3,,timeout\n");
        assert_eq!(row_label(&one, &one.rows[0]), "8x8 r3");
    }
    use crate::report::titles::Titles;
    use std::path::Path;

    fn loaded(name: &str, caption: &str, csv: &str) -> Loaded {
        Loaded {
            name: name.to_string(),
            game: "g".to_string(),
            kind: "k".to_string(),
            titles: Titles { caption: crate::report::caption::Caption::text(caption), label: "tab:x".to_string() },
            table: CsvTable::parse(Path::new(&format!("{name}.csv")), csv).unwrap(),
            marks: Vec::new(),
            merged: Vec::new(),
            more_rows: 0,
            asks: None,
        }
    }

    fn render(entries: &[Entry]) -> String {
        let title = |g: &str| format!("Game {g}");
        page(
            entries,
            &Page {
                run: vec![("seed".into(), "7 & <b>".into())],
                game_title: &title,
                summary: None,
                warnings: vec!["w <i>".into()],
                pictures: Default::default(),
                answers: Vec::new(),
                game_order: Vec::new(),
                title: PAGE_TITLE.into(),
                byline: vec!["by <Ada>".into()],
                language: Language::En,
            },
        )
        .unwrap()
    }

    #[test]
    fn hostile_cells_and_captions_are_escaped() {
        let item =
            loaded("e", "Cap <script>alert(1)</script> & \"q\"", "name,n\n<script>x</script>,1\n\"a&b 'c'\",2\n");
        let html = render(&[Entry::Loaded(&item, vec![])]);
        assert!(!html.contains("<script>alert") && !html.contains("<script>x"), "{html}");
        assert!(
            html.contains("&lt;script&gt;x&lt;&#x2f;script&gt;") || html.contains("&lt;script&gt;x&lt;/script&gt;")
        );
        assert!(html.contains("a&amp;b &#x27;c&#x27;") || html.contains("a&amp;b &#39;c&#39;"), "{html}");
        assert!(html.contains("Cap &lt;script&gt;"), "{html}");
        assert!(html.contains("<dd>7 &amp; &lt;b&gt;</dd>"), "{html}");
        assert!(html.contains("<ul class=\"warnings\">\n<li>w &lt;i&gt;</li>"), "the run's warnings, escaped: {html}");
    }

    /// The CSV's formula guard (`'=1+1`) is not shown on the page.
    #[test]
    fn the_csvs_formula_guard_is_not_shown() {
        let item = loaded("e", "Guarded", "name,n\n'=1+1,1\n'@x,2\n");
        let html = render(&[Entry::Loaded(&item, vec![])]);
        assert!(html.contains(">=1+1</td>") && html.contains(">@x</td>"), "{html}");
        assert!(!html.contains("&#x27;=1+1") && !html.contains("&#39;=1+1") && !html.contains("'=1+1"), "{html}");
    }

    #[test]
    fn timeout_cells_are_marked_and_listed() {
        let item = loaded(
            "sweep",
            "Sweep",
            "board,positions,seconds,status\nspel4,33081710715,timeout,timeout\nspel1,12,0.5,ok\n",
        );
        let html = render(&[Entry::Loaded(&item, vec![])]);
        assert!(html.contains("<td class=\"num marker\" data-sort=\"timeout\">timeout</td>"), "{html}");
        assert!(html.contains("<a href=\"#x-sweep-row-1\">sweep: spel4</a> (timeout)"), "{html}");
        assert!(html.contains("id=\"x-sweep-row-1\""), "{html}");
        assert!(html.contains(">33,081,710,715<sup>†</sup></td>"), "{html}");
    }

    #[test]
    fn empty_and_missing_experiments() {
        let item = loaded("empty", "Nothing", "board,positions\n");
        let missing = Entry::Missing { name: "gone".into(), game: "g".into(), why: "gone.csv: cannot read".into() };
        let html = render(&[Entry::Loaded(&item, vec![]), missing]);
        assert!(html.contains("<em>no rows</em>"), "{html}");
        assert!(html.contains("<p class=\"missing\">Missing: gone.csv: cannot read</p>"), "{html}");
        assert!(html.contains("Every item finished."), "{html}");
        assert!(!html.contains("http://") && !html.contains("https://"), "nothing fetched");
    }
}
