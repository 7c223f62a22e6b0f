//! Where the picture of a wrong answer's shrunk position is: the check experiment draws
//! it into the submission's results (`figures/EXPERIMENT-handin/NNNN-shrunk-POSITION-QUESTION.svg`);
//! a submission's page shows it from there.

use std::path::Path;

use super::ask::SOLVER_NAME;
use super::row::JudgeRow;

/// The picture of `row`'s shrunk position of submission `id` in the judge's folder
/// `out`, as a path relative to `out/pages/`; `None` where none was drawn.
pub fn shrunk_picture(out: &Path, id: &str, row: &JudgeRow) -> Option<String> {
    if row.shrunk_position.is_empty() {
        return None;
    }
    let folder = format!("{}-{SOLVER_NAME}", row.experiment);
    let dir = out.join("submissions").join(id).join("results").join("figures").join(&folder);
    let tail = format!("-shrunk-{}-{}.svg", safe(&row.position), safe(&row.question));
    let mut found: Vec<String> = std::fs::read_dir(&dir)
        .ok()?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(&tail))
        .collect();
    found.sort();
    let name = found.into_iter().next()?;
    Some(format!("../submissions/{id}/results/figures/{folder}/{name}"))
}

/// `name` as the check experiments name a figure: every character but letters, digits
/// and `-` made `-`.
fn safe(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect()
}
