//! What the report knows of each game's experiment kinds. Every game supplies its own
//! ([`GameReport`], in `src/GAME/report.rs`, reached through the registry's `Game::report`):
//! its name in captions and, per kind, the default caption, whether the report skeleton
//! places it, the columns its charts read, its charts and its derived `\result` figures.
//!
//! Nothing here names a game or a kind: a kind its game says nothing of gets the generic
//! table, no charts and no derived figures.

use super::chart::Chart;
use super::csv_table::CsvTable;

/// A derived figure of `numbers.tex`: row key, column and LaTeX value.
pub type Figure = (String, &'static str, String);

/// What the report knows of one kind of experiment.
#[derive(Clone, Copy)]
pub struct KindReport {
    /// The manifest's `kind`.
    pub kind: &'static str,
    /// What its table shows, in captions the manifest does not give.
    pub description: &'static str,
    /// Whether `report/report.tex` places its tables and figures in a section of its own
    /// (otherwise they go to `tex/extra-GAME.tex`).
    pub placed: bool,
    /// The columns its charts read; a CSV missing one is refused before anything is drawn.
    pub chart_columns: &'static [&'static str],
    /// Its charts of experiment `name` (the columns are checked before this is called).
    pub charts: fn(name: &str, table: &CsvTable) -> Vec<Chart>,
    /// Its derived figures (beyond the cells themselves).
    pub figures: fn(table: &CsvTable) -> Vec<Figure>,
}

impl KindReport {
    /// A kind known by its description only: not placed, no charts, no derived figures.
    pub const fn new(kind: &'static str, description: &'static str) -> KindReport {
        KindReport { kind, description, placed: false, chart_columns: &[], charts: no_charts, figures: no_figures }
    }
}

fn no_charts(_: &str, _: &CsvTable) -> Vec<Chart> {
    Vec::new()
}

fn no_figures(_: &CsvTable) -> Vec<Figure> {
    Vec::new()
}

/// What the report knows of one game.
pub struct GameReport {
    /// The game's name in captions ("Tile game").
    pub title: &'static str,
    /// The kinds it knows (others get the generic treatment).
    pub kinds: &'static [KindReport],
}

impl GameReport {
    /// What the game says of `kind`, if anything.
    pub fn kind(&self, kind: &str) -> Option<&KindReport> {
        self.kinds.iter().find(|k| k.kind == kind)
    }
}
