//! What judging one submission gave, kept as `submissions/ID/judged.json` once it is
//! whole: a judge that is killed and started again skips every submission that has its
//! record and judges again only the one it was judging.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::row::JudgeRow;
use super::style::Finding;

/// One submission, judged.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Judged {
    /// Its name.
    pub id: String,
    /// The folder or archive it came from.
    pub source: String,
    /// A digest of the archive's bytes (a folder: of its path), so that a submission
    /// handed in again is judged again.
    pub digest: String,
    /// The key of the questions it was asked ([`super::ask::Questions::key`]).
    #[serde(default)]
    pub questions: String,
    /// Its makers.
    pub makers: Vec<String>,
    /// `built`, `build-failed` or `refused`.
    pub build: String,
    /// The compiler's last words or why it was refused.
    pub build_detail: String,
    /// One row per question asked (one row where none was).
    pub rows: Vec<JudgeRow>,
    /// The style findings.
    pub style: Vec<Finding>,
    /// The solver program (where built), for the commands on its page.
    pub solver: String,
    /// Seconds the whole submission took.
    pub seconds: f64,
}

/// The record's file in the submission's folder.
pub const RECORD: &str = "judged.json";

impl Judged {
    /// The record at `dir`, `None` where there is none (or it cannot be read).
    pub fn load(dir: &Path) -> Option<Judged> {
        let text = std::fs::read_to_string(dir.join(RECORD)).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Writes the record into `dir`, whole or not at all.
    pub fn save(&self, dir: &Path) -> anyhow::Result<()> {
        let text = serde_json::to_string_pretty(self)?;
        crate::results::atomic::write_atomic(&dir.join(RECORD), text.as_bytes())
    }

    /// The rows, each carrying the submission's name, makers and build.
    pub fn full_rows(&self) -> Vec<JudgeRow> {
        let makers = self.makers.join("; ");
        self.rows
            .iter()
            .map(|r| JudgeRow {
                submission: self.id.clone(),
                makers: makers.clone(),
                build: self.build.clone(),
                ..r.clone()
            })
            .collect()
    }

    /// Questions answered correctly, and questions asked.
    pub fn correct_of_asked(&self) -> (usize, usize) {
        let asked: Vec<&JudgeRow> = self.rows.iter().filter(|r| !r.experiment.is_empty()).collect();
        (asked.iter().filter(|r| r.correct()).count(), asked.len())
    }

    /// The first question not answered correctly.
    pub fn first_wrong(&self) -> Option<&JudgeRow> {
        self.rows.iter().find(|r| !r.correct())
    }
}

/// A digest of the submission at `source`: of an archive's bytes, of a folder's path.
pub fn digest(source: &Path) -> String {
    let bytes = match source.is_file() {
        true => std::fs::read(source).unwrap_or_default(),
        false => source.display().to_string().into_bytes(),
    };
    crate::base::hash::fnv1a_hex(&bytes)
}
