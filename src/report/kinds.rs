//! What the report knows of each plug-in's experiment kinds. Every plug-in (a game, or the
//! cross-game experiments) supplies its own [`GameReport`] (in `src/GAME/report.rs`), and
//! the caller of [`super::generate`] hands the list in: its name in captions and, per kind
//! (a row of the plug-in's kind table), the default caption, whether the report skeleton
//! places it, the columns its charts read, its charts and its derived `\result` figures.
//!
//! Nothing here names a game or a kind: a CSV whose game or kind no report describes gets
//! the generic table, no charts and no derived figures.

use std::path::PathBuf;

use super::answers::{Answer, Answers};
use super::asked_words::{protocol_words, AskedWords};
use super::chart::Chart;
use super::check_charts::{check_charts, CHECK_CHART_COLUMNS};
use super::language::Language;
use super::loaded::Loaded;
use super::titles::GameWords;
use crate::base::error::InputError;
use crate::experiment::kind::{self, ExperimentKind};
use crate::results::csv_table::CsvTable;

/// A derived figure of `numbers.tex`: row key, column and LaTeX value.
pub type Figure = (String, &'static str, String);

/// What the report knows of one kind of experiment.
#[derive(Clone, Copy)]
pub struct KindReport {
    /// What its table shows, in captions the manifest does not give.
    pub description: &'static str,
    /// [`KindReport::description`] in Dutch; none where the kind has no Dutch words (its
    /// English description is then used).
    pub dutch: Option<&'static str>,
    /// Whether `report/report.tex` places its tables and figures in a section of its own
    /// (otherwise they go to `tex/extra-GAME.tex`).
    pub placed: bool,
    /// Whether the report places its table beside its figures; false where a summary
    /// table of the plug-in (its [`GameReport::extra_files`]) says the same in the report,
    /// so the report holds no two tables saying one thing. The table is still written
    /// (`tex/NAME.tex`, the page, Markdown).
    pub table_placed: bool,
    /// The columns its charts read; a CSV missing one is refused before anything is drawn.
    pub chart_columns: &'static [&'static str],
    /// Its charts of experiment `name` (the columns are checked before this is called).
    pub charts: fn(name: &str, table: &CsvTable, language: Language) -> Vec<Chart>,
    /// Its derived figures (beyond the cells themselves).
    pub figures: fn(table: &CsvTable) -> Vec<Figure>,
    /// The answers to the assignment's report questions that the game writes from its
    /// experiments' tables ([`super::answers`]); `None` for a kind that answers none.
    pub answers: Option<Answers>,
    /// Which rows are the student's own instance, by their first cell, where the
    /// assignment asks for one table of its instances with the own instance last: the
    /// experiments of this kind with the same columns are then shown as one table (rows
    /// in the run's order), and in a table that also holds the assignment's rows the own
    /// rows come last, their first cell named `own instance: X`. `None`: every
    /// experiment is its own table.
    pub own_rows: Option<fn(first_cell: &str) -> bool>,
    /// The columns its PDF table leaves out first, in this order, when the table is too
    /// wide for any page (what the assignment does not ask for); the CSV and the page
    /// keep them, and a note under the table names them.
    pub optional_columns: &'static [&'static str],
    /// The words of a solver's answers in its tables (the `check` kind; the protocol's text
    /// for every other kind).
    pub asked_words: AskedWords,
    /// A solver's answers as the assignment's table has them (the `check` kind of a game
    /// whose assignment asks for one table of its own shape; `None`: a row per question).
    pub asked_table: Option<AskedTable>,
    /// The note under a solver's table naming the files it shows that are the students'
    /// own in place of the course's files of the same names ([`StandIns`]); `None`: no note.
    pub stand_ins: Option<StandIns>,
}

/// A solver's answers (a row per position and question, the report's body rows) as the
/// assignment's own table, in `language`; `None` where they cannot be shown so (a wrong
/// answer, which the row-per-question table shows with its verdict).
pub type AskedTable = fn(answers: &CsvTable, language: Language) -> Option<CsvTable>;

/// The note naming the files of a solver's table (its rows, `answers`) that stand in for
/// the course's files of the same names, given the course's files the run read
/// (`course_files`), in `language`; empty where every file shown is the course's.
pub type StandIns = fn(answers: &CsvTable, course_files: &[String], language: Language) -> String;

/// The `check` kind of every game: a solver's answers checked against the engine.
pub const CHECK_REPORT: KindReport = KindReport {
    // The assignment asks for the answers, the positions and the times; the PDF leaves
    // out the rounds and the memory first (the CSV and the page keep them).
    optional_columns: &["peak_memory_bytes", "rounds"],
    chart_columns: CHECK_CHART_COLUMNS,
    charts: check_charts,
    dutch: Some("de antwoorden en tijden van ons programma"),
    ..KindReport::new("our program's answers and times")
};

impl KindReport {
    /// A kind known by its description only: not placed, no charts, no derived figures.
    pub const fn new(description: &'static str) -> KindReport {
        KindReport {
            description,
            dutch: None,
            placed: false,
            table_placed: true,
            chart_columns: &[],
            charts: no_charts,
            figures: no_figures,
            answers: None,
            own_rows: None,
            optional_columns: &[],
            asked_words: protocol_words,
            asked_table: None,
            stand_ins: None,
        }
    }
}

impl KindReport {
    /// This kind's description in `language`.
    pub fn description_in(&self, language: Language) -> &'static str {
        match language {
            Language::En => self.description,
            Language::Nl => self.dutch.unwrap_or(self.description),
        }
    }
}

fn no_charts(_: &str, _: &CsvTable, _: Language) -> Vec<Chart> {
    Vec::new()
}

fn no_figures(_: &CsvTable) -> Vec<Figure> {
    Vec::new()
}

/// Files a plug-in writes from the tables of its own experiments (beside each table's own
/// LaTeX and plots); called on every report, with no tables when it ran none.
pub type ExtraFiles = fn(&[&Loaded]) -> Result<Vec<(PathBuf, String)>, InputError>;

/// A table a plug-in draws from the tables of its own experiments for the HTML page
/// (caption, table), e.g. the cross-game summary; `None` when it has nothing to show.
pub type SummaryTable = fn(&[&Loaded]) -> Result<Option<(String, CsvTable)>, InputError>;

/// What the report knows of one plug-in (a game, or the cross-game experiments).
pub struct GameReport {
    /// The `game` of its manifest entries and metadata.
    pub game: &'static str,
    /// Its name in captions ("Tile game").
    pub title: &'static str,
    /// Its name in Dutch captions ("Tegelspel"); none where the plug-in has no Dutch words:
    /// its assignment's report is then written in English only.
    pub dutch_title: Option<&'static str>,
    /// Its kind table (others get the generic treatment).
    pub kinds: &'static [ExperimentKind<KindReport>],
    /// Files written from its tables.
    pub extra_files: ExtraFiles,
    /// The summary table it adds to the HTML page, if any.
    pub summary: Option<SummaryTable>,
    /// The assignment it answers, for that assignment's own report
    /// (`harness report --assignment GAME`); none for the harness's own experiments.
    pub assignment: Option<Assignment>,
    /// The labels and titles of its pictures (drawn by the run in English) in the
    /// report's language; as drawn where the game gives none.
    pub picture_words: fn(&str, Language) -> String,
}

/// [`GameReport::picture_words`] of a game whose pictures keep the words they were drawn
/// with.
pub fn as_drawn(text: &str, _: Language) -> String {
    text.to_string()
}

/// An assignment as the course hands it out: the defaults of its report's title page.
#[derive(Debug, Clone, Copy)]
pub struct Assignment {
    /// Its name as the course gives it ("Programmeeropdracht 1: Tegelspel").
    pub name: &'static str,
    /// The course, term and university as the assignment text gives them.
    pub course: &'static str,
}

/// [`GameReport::extra_files`] of a plug-in that writes none.
pub fn no_extra_files(_: &[&Loaded]) -> Result<Vec<(PathBuf, String)>, InputError> {
    Ok(Vec::new())
}

impl GameReport {
    /// What a default caption says of this game's `kind` ([`GameWords`]).
    pub fn words(&self, kind: &str) -> GameWords<'_> {
        self.words_in(kind, Language::En)
    }

    /// [`GameReport::words`] in `language`.
    pub fn words_in(&self, kind: &str, language: Language) -> GameWords<'_> {
        GameWords {
            title: self.title_in(language),
            kind_description: self.kind(kind).map(|k| k.description_in(language)),
            language,
        }
    }

    /// The report of game `game`, called `title` in captions, with its kind table: no extra
    /// files, no summary table.
    pub const fn of(
        game: &'static str,
        title: &'static str,
        kinds: &'static [ExperimentKind<KindReport>],
    ) -> GameReport {
        GameReport {
            game,
            title,
            dutch_title: None,
            kinds,
            extra_files: no_extra_files,
            summary: None,
            assignment: None,
            picture_words: as_drawn,
        }
    }

    /// This report, its pictures' words given by `words`.
    pub const fn with_picture_words(self, words: fn(&str, Language) -> String) -> GameReport {
        GameReport { picture_words: words, ..self }
    }

    /// This report, called `title` in Dutch captions.
    pub const fn in_dutch(self, title: &'static str) -> GameReport {
        GameReport { dutch_title: Some(title), ..self }
    }

    /// Its name in captions in `language` (the English one where it has no Dutch).
    pub fn title_in(&self, language: Language) -> &'static str {
        match language {
            Language::En => self.title,
            Language::Nl => self.dutch_title.unwrap_or(self.title),
        }
    }

    /// This report, answering `assignment`.
    pub const fn answering(self, assignment: Assignment) -> GameReport {
        GameReport { assignment: Some(assignment), ..self }
    }

    /// What the plug-in says of `kind`, if anything.
    pub fn kind(&self, kind: &str) -> Option<&KindReport> {
        kind::find(self.kinds, kind).map(|k| &k.report)
    }
}

/// The reports of every plug-in, handed in by the caller (the runner's registry), so that
/// this layer imports no game.
#[derive(Clone, Copy)]
pub struct Reports<'a>(pub &'a [&'static GameReport]);

impl Reports<'_> {
    /// What the report knows of `game`.
    pub fn game(&self, game: &str) -> Option<&'static GameReport> {
        self.0.iter().copied().find(|r| r.game == game)
    }

    /// What the report knows of `game`'s `kind`.
    pub fn kind(&self, game: &str, kind: &str) -> Option<&'static KindReport> {
        self.game(game)?.kind(kind)
    }

    /// Every game's answers, games in the reports' order, each game's answers in the order its
    /// code gives them (the first of an id kept): `(game, answers)`.
    pub fn answers(&self, loaded: &[Loaded], language: Language) -> Vec<(&'static str, Vec<Answer>)> {
        let mut out = Vec::new();
        for report in self.0 {
            let own: Vec<&Loaded> = loaded.iter().filter(|l| l.game == report.game).collect();
            if own.is_empty() {
                continue;
            }
            let mut answers: Vec<Answer> = Vec::new();
            for kind in report.kinds {
                for answer in kind.report.answers.map(|f| f(&own, language)).unwrap_or_default() {
                    if !answers.iter().any(|a| a.id == answer.id) {
                        answers.push(answer);
                    }
                }
            }
            if !answers.is_empty() {
                out.push((report.game, answers));
            }
        }
        out
    }

    /// Games that get an `extra-GAME.tex` file (always written, possibly empty): every
    /// plug-in, then [`super::loaded::NO_META_GAME`] for CSVs without metadata.
    pub fn extra_games(&self) -> Vec<&'static str> {
        self.0.iter().map(|r| r.game).chain([super::loaded::NO_META_GAME]).collect()
    }
}
