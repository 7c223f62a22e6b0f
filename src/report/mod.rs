//! LaTeX tables, plots and generated numbers from a results directory.
//!
//! `harness report [RESULTS_DIR]` (also run at the end of `harness run`) reads every
//! `RESULTS_DIR/*.csv` with its `meta/NAME.toml` and writes, from the CSVs alone:
//! - `tex/NAME.tex`: a booktabs table per experiment ([`tables`]);
//! - the files a plug-in writes from its own tables ([`kinds::GameReport::extra_files`]),
//!   e.g. `tex/summary.tex`, sequential vs parallel positions and speed-ups;
//! - `tex/numbers.tex`: every cell as a `\result{..}{..}{..}` macro ([`numbers`]);
//! - `tex/kind-GAME-KIND.tex`: the tables and figures of one (game, kind), and
//!   `tex/extra-GAME.tex`: those of the kinds the report skeleton does not place itself;
//! - `index.html`: every experiment in manifest order on one self-contained page
//!   ([`html`]), and `md/NAME.md`: each experiment as Markdown ([`markdown`]);
//! - `plots/CHART.svg` (browser), `plots/CHART.tikz` (pgfplots, `\input` by the report)
//!   and `plots/CHART.tex` (standalone, built to `plots/CHART.pdf` by
//!   `scripts/build-report.sh`), chosen by (game, kind) ([`plots`]);
//! - `results.xlsx`: every experiment's table as one sheet of a workbook ([`xlsx`]).
//!
//! Every CSV is checked before anything is written: a CSV missing a column that its
//! charts or the summary need is refused ([`crate::base::error::InputError`], exit code 2).

pub mod anchors;
pub mod answers;
pub mod asked;
pub mod asked_words;
pub mod assignment;
pub mod caption;
pub mod cell_text;
pub mod chart;
pub mod check_charts;
pub mod compare;
pub mod drawn;
pub mod explanations;
pub mod export;
pub mod figure_caption;
pub mod figures;
pub mod html;
pub mod kinds;
pub mod language;
pub mod latex;
pub mod layout;
pub mod loaded;
pub mod markdown;
pub mod markup;
pub mod numbers;
pub mod pgfplots;
pub mod plots;
pub mod run_description;
pub mod shown_rows;
pub mod svg;
pub mod tables;
pub mod tex_escape;
pub mod titles;
pub mod view;
pub mod xlsx;

use std::path::{Path, PathBuf};

use crate::base::error::InputError;
use crate::base::error::Result;
use crate::results::contained_writes;
use crate::results::dir_marker;
use crate::results::experiment_meta::ExperimentMeta;
use crate::results::run_record::RunRecord;
use crate::results::run_state::RunState;

use crate::results::csv_head::CsvHead;
use crate::results::csv_table::{csv_paths, CsvTable};
use export::{Contents, Exporter, File, Input};
use language::Language;
use latex::escape;
use titles::Titles;

pub use drawn::draw;
pub use kinds::Reports;
pub use loaded::{run_experiments, Loaded, NO_META_GAME, NO_META_KIND};
pub use shown_rows::SHOWN_ROWS;

/// The back ends every report runs, each writing its own files: the LaTeX tables and
/// their kind files, the plots, the Markdown, the web page and the workbook.
pub static EXPORTERS: &[&dyn Exporter] =
    &[&tables::Latex, &plots::Plots, &markdown::Markdown, &html::Html, &xlsx::Xlsx];

/// Reads every `*.csv` directly in `out` (sorted by name) with its metadata.
pub fn load_all(out: &Path, reports: Reports) -> Result<Vec<Loaded>, InputError> {
    load_all_in(out, reports, Language::En)
}

/// [`load_all`], the default captions in `language`.
pub fn load_all_in(out: &Path, reports: Reports, language: Language) -> Result<Vec<Loaded>, InputError> {
    let loaded: Vec<Loaded> = load_each_in(out, reports, language)?.into_iter().collect::<Result<_, _>>()?;
    Ok(with_own_rows_last(loaded, &run_experiments(RunRecord::read(out)?.as_ref()), reports))
}

/// The prefix of an own instance's first cell in the assignment's table.
pub const OWN_INSTANCE: &str = "own instance: ";

/// `loaded` with the experiments of each kind that has [`KindReport::own_rows`](kinds::KindReport::own_rows) and the
/// same columns joined into the first of them (in the run's order `order`, then by
/// name), and in every table of such a kind that also holds other rows, the own rows
/// moved last with their first cell named [`OWN_INSTANCE`]` X`.
pub fn with_own_rows_last(loaded: Vec<Loaded>, order: &[String], reports: Reports) -> Vec<Loaded> {
    let rank = |name: &str| order.iter().position(|n| n == name).unwrap_or(usize::MAX);
    let mut ranked: Vec<(usize, Loaded)> = loaded.into_iter().map(|l| (rank(&l.name), l)).collect();
    ranked.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.name.cmp(&b.1.name)));
    let mut out: Vec<Loaded> = Vec::new();
    for (_, item) in ranked {
        let own = reports.kind(&item.game, &item.kind).and_then(|k| k.own_rows);
        let joins = |l: &Loaded| {
            own.is_some() && l.game == item.game && l.kind == item.kind && l.table.columns == item.table.columns
        };
        match out.iter_mut().find(|l| joins(l)) {
            Some(first) => {
                first.table.rows.extend(item.table.rows);
                first.more_rows += item.more_rows;
                first.merged.push(item.name);
                first.marks.extend(item.marks);
            }
            None => out.push(item),
        }
    }
    for item in &mut out {
        let Some(is_own) = reports.kind(&item.game, &item.kind).and_then(|k| k.own_rows) else { continue };
        let own_of = |r: &Vec<String>| r.first().is_some_and(|c| is_own(c));
        if item.table.rows.iter().all(own_of) || !item.table.rows.iter().any(own_of) {
            continue;
        }
        let (mut rows, own): (Vec<Vec<String>>, Vec<Vec<String>>) = item.table.rows.drain(..).partition(|r| !own_of(r));
        for mut row in own {
            row[0] = format!("{OWN_INSTANCE}{}", row[0]);
            rows.push(row);
        }
        item.table.rows = rows;
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// Row `row` of `from` in the columns of `to`, empty where `from` lacks the column: so a
/// table written before a column was added reads with one written after.
pub fn in_columns_of(to: &CsvTable, from: &CsvTable, row: &[String]) -> Vec<String> {
    to.columns.iter().map(|c| from.index(c).map(|i| row[i].clone()).unwrap_or_default()).collect()
}

/// Reads every `*.csv` directly in `out` (sorted by name) with its metadata, each on its
/// own: a CSV that cannot be read is an error in its place, the others are still read.
pub fn load_each(out: &Path, reports: Reports) -> Result<Vec<Result<Loaded, InputError>>, InputError> {
    load_each_in(out, reports, Language::En)
}

/// [`load_each`], the default captions in `language`.
pub fn load_each_in(
    out: &Path,
    reports: Reports,
    language: Language,
) -> Result<Vec<Result<Loaded, InputError>>, InputError> {
    let paths = csv_paths(out)?;
    let metas = ExperimentMeta::read_all(out).map_err(|e| InputError::in_file(out, format!("{e:#}")))?;
    let listed = manifest_experiments(out);
    Ok(paths
        .iter()
        .map(|path| {
            let head = CsvHead::read(path, SHOWN_ROWS)?;
            let more_rows = head.left_out();
            let table = head.table;
            let name = table.name();
            let meta = metas.iter().find(|m| m.heading.name == name);
            let table = table.declare(meta.map_or(&[][..], |m| m.columns.as_slice()));
            let mut marks: Vec<String> = check_csv_hash(path, meta, &head.hash)?.into_iter().collect();
            if listed.as_ref().is_some_and(|(_, names)| !names.contains(&name)) {
                let manifest = listed.as_ref().map_or("", |(m, _)| m.as_str());
                marks.push(format!(
                    "Not from this run: the manifest of the last run here ({}) does not list this experiment",
                    manifest
                ));
            }
            let game = meta.map_or(NO_META_GAME, |m| m.heading.game.as_str());
            let kind = meta.map_or(NO_META_KIND, |m| m.heading.kind.as_str());
            let mut titles = Titles::for_experiment(
                &name,
                reports.game(game).map(|g| g.words_in(kind, language)),
                kind,
                meta.map(|m| m.heading.caption.as_str()),
                meta.map(|m| m.heading.label.as_str()),
            );
            for mark in marks.iter().rev() {
                titles.caption = titles.caption.after(&format!("{mark}. "));
            }
            if more_rows > 0 {
                titles.caption = titles.caption.then(&format!(" {}", shown_rows::note(&name, more_rows)));
            }
            let asks = meta.and_then(|m| m.heading.asks.clone()).map(|mut a| {
                a.program = table.column("program").into_iter().find(|n| !n.trim().is_empty()).map(str::to_string);
                a
            });
            Ok(Loaded {
                titles,
                game: game.to_string(),
                kind: kind.to_string(),
                name,
                table,
                marks,
                merged: vec![],
                more_rows,
                asks,
            })
        })
        .collect())
}

/// The Markdown of experiment `name` of the results in `out` (as `md/NAME.md`); an
/// unknown name is refused with the names there are.
pub fn markdown_of(out: &Path, reports: Reports, name: &str) -> Result<String, InputError> {
    let loaded = load_all(out, reports)?;
    match loaded.iter().find(|l| l.name == name) {
        Some(item) => Ok(markdown::markdown(item)),
        None => Err(InputError::in_file(
            out,
            format!(
                "no experiment `{name}` in these results; there are: {}",
                loaded.iter().map(|l| l.name.as_str()).collect::<Vec<_>>().join(", ")
            ),
        )),
    }
}

/// Writes `OUT/index.html` from the CSVs that can be read, marking the others missing
/// (with why); used when a refused CSV stops the full report, so the page still tells.
fn write_page_of_readable(out: &Path, reports: Reports) -> Result<()> {
    let mut loaded = Vec::new();
    let mut unreadable = Vec::new();
    for item in load_each(out, reports)? {
        match item {
            Ok(l) => loaded.push(l),
            Err(e) => {
                let name = e
                    .file
                    .as_ref()
                    .and_then(|f| f.file_stem())
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                unreadable.push((name, e.to_string()));
            }
        }
    }
    let drawn = vec![Vec::new(); loaded.len()];
    let run = RunRecord::read(out).ok().flatten();
    let input = Input {
        loaded: &loaded,
        drawn: &drawn,
        unreadable: &unreadable,
        run: run.as_ref(),
        reports,
        language: Language::default(),
    };
    for (relative, contents) in html::Html.export(&input)? {
        contained_writes::write(out, &out.join(relative), contents.bytes())?;
    }
    Ok(())
}

/// Refuses a CSV that is not the file its metadata committed: one whose bytes do not
/// hash to the metadata's `csv_hash` was changed after the run wrote it, and its numbers
/// are not published. A CSV that cannot be checked (no metadata, or metadata without
/// `csv_hash`) is returned as unverified, with why: its tables say so, never silently.
/// `actual` is the hash of the CSV's bytes ([`CsvHead::hash`]).
fn check_csv_hash(path: &Path, meta: Option<&ExperimentMeta>, actual: &str) -> Result<Option<String>, InputError> {
    let recorded = match meta {
        None => return Ok(Some("Unverified results: no metadata file records this CSV".into())),
        Some(m) => match m.csv_hash.as_deref() {
            Some(h) => h,
            None => return Ok(Some("Unverified results: its metadata records no hash of the CSV".into())),
        },
    };
    if actual == recorded {
        return Ok(None);
    }
    Err(InputError::in_file(
        path,
        format!(
            "changed after the run wrote it (hash {actual}, its metadata records {recorded}): damaged, not published; \
             restore it or recompute it with `harness run --force --only {}`",
            path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
        ),
    ))
}

/// A warning when `out`'s run or merge did not finish (its `run.toml` is missing or not
/// `complete`): the tables then hold only the items finished so far.
pub fn unfinished_warning(out: &Path) -> Option<String> {
    let has_results = out.join("meta").is_dir();
    match RunRecord::read(out).ok().flatten() {
        None if has_results => Some(format!(
            "{} is missing or unreadable: this run or merge may not have finished; the tables hold what was committed",
            out.join("run.toml").display()
        )),
        None => None,
        Some(run) => {
            let state = run.meta.state;
            (state != RunState::Complete).then(|| {
                format!(
                    "{} says the run is `{state}`, not complete: the tables hold only the items finished so far",
                    out.join("run.toml").display()
                )
            })
        }
    }
}

/// Regenerates `OUT/tex` and `OUT/plots` from the CSVs and metadata in `out`.
///
/// Everything is computed and checked first; only then are files written (atomically),
/// so a refused CSV leaves the previous tables and plots as they were. A CSV that does
/// not match the hash its metadata records is refused (exit code 2). The generated files
/// are recorded in the directory's marker ([`crate::results::dir_marker`]) with the hash of
/// their bytes; files of an earlier report that this one does not write again are removed
/// when they still hold what that report wrote, and no other file.
/// `tex/state.tex` holds a warning paragraph when the run did not finish (empty when it
/// did), and the warning is also printed.
pub fn generate(out: &Path, reports: Reports) -> Result<()> {
    generate_with(out, reports, &assignment::FrontMatter::default())
}

/// `loaded` with every solver's table naming its program `program` where one is given
/// (`--program`), in place of the name its handshake gave.
fn named_program(mut loaded: Vec<Loaded>, program: Option<&str>) -> Vec<Loaded> {
    if let Some(name) = program {
        for asks in loaded.iter_mut().filter_map(|l| l.asks.as_mut()) {
            asks.program = Some(name.to_string());
        }
    }
    loaded
}

/// [`generate`], with the title pages of the assignments' own reports
/// (`tex/title-GAME.tex`) from `front` (completed from the manifest's `[report]`), and,
/// when `front` names an assignment, its page `report-GAME.html`
/// ([`assignment`]). An assignment that no plug-in has is refused before anything is read.
pub fn generate_with(out: &Path, reports: Reports, front: &assignment::FrontMatter) -> Result<()> {
    if let Some(game) = &front.assignment {
        assignment::check_game(game, reports)?;
    }
    let record = RunRecord::read(out)?;
    let front = front.clone().or_manifest(&assignment::manifest_front(out, record.as_ref())?);
    front.check()?;
    assignment::check_language(&front, reports)?;
    let loaded = match load_all_in(out, reports, front.language()) {
        Ok(loaded) => loaded,
        Err(e) => {
            let _ = write_page_of_readable(out, reports);
            return Err(e.into());
        }
    };
    let loaded = named_program(loaded, front.program.as_deref());
    let run = record.map(|run| with_current_warnings(out, run, &loaded));
    let mut files = export(&loaded, run.as_ref(), reports, front.language(), EXPORTERS)?;
    for (path, text) in assignment::files(reports, &front, run.as_ref(), &loaded) {
        files.push((path, Contents::Text(text)));
    }
    let own = assignment::explanations(&front, reports, &loaded)?;
    let ids: Vec<&str> = own.keys().map(String::as_str).collect();
    for (path, text) in explanations::tex_files(&own, &ids) {
        files.push((path, Contents::Text(text)));
    }
    if let Some(game) = &front.assignment {
        let (path, text) = assignment::page(&loaded, run.as_ref(), reports, game, &front, &own)?;
        files.push((path, Contents::Text(text)));
    }
    let warning = unfinished_warning(out);
    files.push((PathBuf::from("tex/state.tex"), Contents::Text(state_tex(warning.as_deref(), front.language()))));
    files.push((PathBuf::from("tex/language.tex"), Contents::Text(assignment::language_tex(front.language()))));
    let previous = dir_marker::generated(out);
    let written_now: Vec<PathBuf> = files.iter().map(|(p, _)| p.clone()).collect();
    files.extend(other_assignment_pages(out, &previous, &written_now));
    let new: Vec<PathBuf> = files.iter().map(|(p, _)| p.clone()).collect();
    let written: Vec<(PathBuf, &[u8])> = files.iter().map(|(p, c)| (p.clone(), c.bytes())).collect();
    dir_marker::record_generated(out, &written, true)?;
    remove_stale(out, &previous, &new)?;
    for (relative, contents) in &files {
        contained_writes::write(out, &out.join(relative), contents.bytes())?;
    }
    dir_marker::record_generated(out, &written, false)?;
    if let Some(w) = &warning {
        crate::base::text::say(&format!("report: warning: {w}"));
    }
    for item in &loaded {
        for mark in &item.marks {
            crate::base::text::say(&format!(
                "report: warning: {}: {mark}; its tables say so",
                item.table.path.display()
            ));
        }
    }
    let charts = files.iter().filter(|(p, _)| p.extension().is_some_and(|x| x == "svg")).count();
    crate::experiment::progress::note(&format!(
        "report: {} in {}, {} in {} (PDF figures and the report: scripts/build-report.sh {})",
        answers::counted(&loaded.len().to_string(), "table"),
        out.join("tex").display(),
        answers::counted(&charts.to_string(), "plot"),
        out.join("plots").display(),
        out.display()
    ));
    Ok(())
}

/// `tex/state.tex`: a warning paragraph for the report's first page, or a comment.
fn state_tex(warning: Option<&str>, language: Language) -> String {
    match warning {
        Some(w) => format!(
            "% Generated by `harness report`: the run did not finish.\n\\noindent\\textbf{{{}}} {}\\par\n",
            language.pick("Unfinished results.", "Onvolledige resultaten."),
            escape(w)
        ),
        None => "% Generated by `harness report`: the run finished.\n".to_string(),
    }
}

/// The assignment pages (`report-GAME.html`) an earlier `report --assignment` wrote that
/// this report does not write (`new`), kept as they are: each is rewritten only by its
/// own `report --assignment GAME`, with its own title and authors, so that the pages of
/// several assignments stand side by side. A page that is not a plain file is not kept.
fn other_assignment_pages(out: &Path, previous: &[PathBuf], new: &[PathBuf]) -> Vec<(PathBuf, Contents)> {
    previous
        .iter()
        .filter(|p| !new.contains(p) && is_assignment_page(p))
        .filter(|p| std::fs::symlink_metadata(out.join(p)).is_ok_and(|m| m.is_file()))
        .filter_map(|p| Some((p.clone(), Contents::Text(std::fs::read_to_string(out.join(p)).ok()?))))
        .collect()
}

/// Whether `p` names an assignment's page: `report-GAME.html` at the directory's top.
fn is_assignment_page(p: &Path) -> bool {
    let name = p.to_str().unwrap_or_default();
    p.components().count() == 1
        && name.strip_prefix("report-").and_then(|n| n.strip_suffix(".html")).is_some_and(|g| {
            !g.is_empty() && g.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
}

/// Removes the files of the previous report (`previous`, from the marker) that this one
/// does not write again (`new`), and `plots/X.pdf` built from a removed `plots/X.tex`, so
/// the report never inputs a stale file. Only listed relative paths inside `out` are
/// touched; nothing else in the directory is removed.
fn remove_stale(out: &Path, previous: &[PathBuf], new: &[PathBuf]) -> Result<()> {
    for old in previous.iter().filter(|p| !new.contains(p) && is_inside(p)) {
        contained_writes::remove(out, &out.join(old))?;
        if old.starts_with("plots") && old.extension().is_some_and(|x| x == "tex") {
            contained_writes::remove(out, &out.join(old.with_extension("pdf")))?;
        }
    }
    Ok(())
}

/// Whether a listed path is relative and stays inside the directory (no `..`, no root).
fn is_inside(p: &Path) -> bool {
    p.components().all(|c| matches!(c, std::path::Component::Normal(_)))
}

/// The manifest of the last run of `out` and every experiment it lists (also those a
/// `--only` left out), from `run.toml`; `None` when `run.toml` does not record them (a
/// run of an earlier version, CSVs handed in) or cannot be read.
fn manifest_experiments(out: &Path) -> Option<(String, Vec<String>)> {
    let run = RunRecord::read(out).ok().flatten()?.meta;
    (!run.manifest_experiments.is_empty()).then_some((run.manifest, run.manifest_experiments))
}

/// `run` with its experiments' warnings read again from their CSVs
/// ([`crate::results::warnings::of_run`], as the end of a run says them), so the page and
/// the report word them as this build does; the warnings that name no experiment (the
/// machine's) stay as recorded, first.
fn with_current_warnings(out: &Path, mut run: RunRecord, loaded: &[Loaded]) -> RunRecord {
    let mut names = run.meta.ran.clone();
    for item in loaded {
        if !names.contains(&item.name) {
            names.push(item.name.clone());
        }
    }
    // A table longer than the report shows keeps the warnings its run recorded: reading
    // them again would hold every row of it.
    let long: Vec<&str> = loaded.iter().filter(|l| l.more_rows > 0).map(|l| l.name.as_str()).collect();
    names.retain(|n| !long.contains(&n.as_str()));
    let mut experiments = names.clone();
    experiments.extend(run.meta.manifest_experiments.iter().cloned());
    experiments.retain(|n| !long.contains(&n.as_str()));
    let machine = run
        .meta
        .warnings
        .iter()
        .filter(|w| !experiments.iter().any(|e| w.split([' ', ':']).next() == Some(e.as_str())))
        .cloned();
    let warnings: Vec<String> = machine.chain(crate::results::warnings::of_run(out, &names)).collect();
    run.set_warnings(warnings);
    run
}

/// Every file the `exporters` write from `loaded` (paths relative to the results
/// directory), all computed before any is written.
pub fn export(
    loaded: &[Loaded],
    run: Option<&RunRecord>,
    reports: Reports,
    language: Language,
    exporters: &[&dyn Exporter],
) -> Result<Vec<File>, InputError> {
    let drawn = drawn::draw_in(loaded, reports, language)?;
    let input = Input { loaded, drawn: &drawn, unreadable: &[], run, reports, language };
    let mut files = Vec::new();
    for exporter in exporters {
        files.extend(exporter.export(&input)?);
    }
    Ok(files)
}

/// Every generated text file (path relative to the results directory, contents): the
/// files of [`EXPORTERS`] but the workbook.
pub fn render(
    loaded: &[Loaded],
    run: Option<&RunRecord>,
    reports: Reports,
) -> Result<Vec<(PathBuf, String)>, InputError> {
    Ok(export(loaded, run, reports, Language::default(), EXPORTERS)?
        .into_iter()
        .filter_map(|(p, c)| match c {
            Contents::Text(t) => Some((p, t)),
            Contents::Bytes(_) => None,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table;

    /// A table written before a column was added joins one written after: its cells in
    /// the newer table's columns, empty where it has none.
    #[test]
    fn an_older_tables_row_takes_the_newer_tables_columns() {
        let newer = test_table("position,question,reference_evidence,status\na,count dumb,tilings 1,ok\n");
        let older = test_table("position,question,status\nown,count dumb,ok\n");
        let row = in_columns_of(&newer, &older, &older.rows[0]);
        assert_eq!(row, ["own", "count dumb", "", "ok"]);
    }

    /// `--program NAME` names the program in every solver's table; without it the name
    /// stays the handshake's (here none: the solver's own name).
    #[test]
    fn a_program_name_given_replaces_the_handshakes() {
        let table = crate::results::csv_table::test_table("position,question\nspel1.txt,best\n");
        let mine = loaded::solver_table("tegel_best", "best", table);
        let named = named_program(vec![mine.clone()], Some("Tegelspel"));
        assert_eq!(asked::program_name(&[&named[0]]), "Tegelspel");
        let kept = named_program(vec![mine], None);
        assert_eq!(asked::program_name(&[&kept[0]]), "mine");
    }
}
