//! The back ends of the report behind one trait: each [`Exporter`] turns the loaded
//! experiments ([`Input`]) into the files it owns in the results directory. The LaTeX
//! tables ([`super::tables::Latex`]), the plots ([`super::plots::Plots`]), the Markdown
//! ([`super::markdown::Markdown`]), the web page ([`super::html::Html`]) and the workbook
//! ([`super::xlsx::Xlsx`]) are the exporters of [`super::EXPORTERS`]; every text cell
//! they show comes from [`super::latex::format_cell`] (the plain formats through
//! [`super::view`]). `harness compare` has its exporters too ([`ComparisonExporter`]):
//! the same comparison as text, Markdown, JSON or an HTML page ([`super::compare`]).

use std::path::PathBuf;

use super::chart::Chart;
use super::kinds::Reports;
use super::language::Language;
use super::loaded::Loaded;
use crate::base::error::InputError;
use crate::results::compare::Comparison;
use crate::results::run_record::RunRecord;

/// What every exporter reads: the experiments, their charts, the run's metadata.
pub struct Input<'a> {
    /// The experiments read, in name order.
    pub loaded: &'a [Loaded],
    /// Each experiment's charts (with distinct captions) and their SVG drawings, in the
    /// order of `loaded`.
    pub drawn: &'a [Vec<(Chart, String)>],
    /// The experiments that could not be read, `(name, why)` (the page marks them).
    pub unreadable: &'a [(String, String)],
    /// The run's `run.toml`, when there is one.
    pub run: Option<&'a RunRecord>,
    /// What the plug-ins know of their experiments.
    pub reports: Reports<'a>,
    /// The language the report is written in.
    pub language: Language,
}

/// A generated file's contents.
#[derive(Debug, Clone, PartialEq)]
pub enum Contents {
    /// Text (LaTeX, HTML, Markdown, SVG).
    Text(String),
    /// Bytes (the workbook).
    Bytes(Vec<u8>),
}

impl Contents {
    /// The bytes to write.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Contents::Text(t) => t.as_bytes(),
            Contents::Bytes(b) => b,
        }
    }
}

/// A generated file: its path relative to the results directory and its contents.
pub type File = (PathBuf, Contents);

/// One back end of the report.
pub trait Exporter: Sync {
    /// Its name (`latex`, `plots`, `markdown`, `html`, `xlsx`).
    fn name(&self) -> &'static str;

    /// The files it writes from `input`; computed in memory, written by the caller only
    /// when every exporter succeeded. A table it cannot render is an error naming it.
    fn export(&self, input: &Input) -> Result<Vec<File>, InputError>;
}

/// Text files (`(path, text)`) as [`File`]s.
pub fn texts(files: Vec<(PathBuf, String)>) -> Vec<File> {
    files.into_iter().map(|(p, t)| (p, Contents::Text(t))).collect()
}

/// What an exporter of a comparison gives: text to print or write as it is, or one JSON
/// object (printed the way every `--json` object is).
#[derive(Debug, Clone, PartialEq)]
pub enum Exported {
    /// Text: the aligned table, the Markdown, the HTML page.
    Text(String),
    /// One JSON object.
    Json(serde_json::Value),
}

impl Exported {
    /// The text to write to a file: the text itself, or the JSON object on one line.
    pub fn into_text(self) -> String {
        match self {
            Exported::Text(text) => text,
            Exported::Json(value) => value.to_string(),
        }
    }
}

/// One format of a comparison: each turns the same comparison — of results directories
/// ([`Comparison`], `harness compare`) or of two builds
/// ([`crate::results::ab::AbReport`], `harness ab`) — into text, Markdown, JSON or the
/// HTML page (the exporters of [`super::compare`]).
pub trait ComparisonExporter<C = Comparison>: Sync {
    /// Its name (`text`, `markdown`, `json`, `html`).
    fn name(&self) -> &'static str;

    /// The comparison in this format.
    fn export(&self, comparison: &C) -> Exported;
}
