//! Pictures that an experiment's items hand to the results: `OUT/figures/EXPERIMENT/NAME.svg`,
//! one file per picture, written through [`super::contained_writes`] (never through a link out of
//! the results directory). The CSVs do not change; the report draws the pictures of an
//! experiment after its table. Names are plain (letters, digits, `-`, `_`, `.`, no
//! leading dot); the runner prefixes them with the item's index, so that the file names
//! sort in item order.

use std::path::{Path, PathBuf};

use super::contained_writes;
use crate::base::error::{InputError, Result};

/// A picture file of `figures/`: a regular file of SVG text, at most 4 MiB (a tiling of
/// the largest board is a few kilobytes), read without following it into a FIFO or device.
pub const PICTURE_FILE: crate::base::files::TextFile = crate::base::files::TextFile {
    what: "picture",
    max_bytes: 4 << 20,
    holds: "a picture file holds the SVG text of one drawing",
};

/// The folder of all experiments' pictures, below the results directory.
pub const FIGURES_DIR: &str = "figures";

/// The folder of experiment `experiment`'s pictures.
pub fn dir_of(out: &Path, experiment: &str) -> PathBuf {
    out.join(FIGURES_DIR).join(experiment)
}

/// Whether `name` is a plain picture name: 1 to 100 letters, digits, `-`, `_` or `.`,
/// not starting with a dot.
pub fn plain_name(name: &str) -> bool {
    (1..=100).contains(&name.len())
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Writes picture `name` (an SVG document) of `experiment` to `OUT/figures/EXPERIMENT/NAME.svg`.
/// A name that is not [plain](plain_name) is refused (a bug of the experiment).
pub fn write(out: &Path, experiment: &str, name: &str, svg: &str) -> Result<()> {
    if !plain_name(name) || !plain_name(experiment) {
        return Err(InputError::new(format!(
            "picture `{}` of `{}`: expected a plain name (letters, digits, `-`, `_`, `.`)",
            crate::base::text::excerpt(name),
            crate::base::text::excerpt(experiment)
        ))
        .into());
    }
    contained_writes::write(out, &dir_of(out, experiment).join(format!("{name}.svg")), svg.as_bytes())
}

/// The pictures of `experiment` in `out`, sorted by name (item order): `(name, path)`.
/// None when the folder is missing; a folder that is a link is refused.
pub fn list(out: &Path, experiment: &str) -> Result<Vec<(String, PathBuf)>> {
    let dir = dir_of(out, experiment);
    if !plain_name(experiment) || !contained_writes::dir_present(out, &dir)? {
        return Ok(Vec::new());
    }
    let read = std::fs::read_dir(&dir).map_err(|e| InputError::in_file(&dir, format!("cannot read: {e}")))?;
    let mut found: Vec<(String, PathBuf)> = read
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|entry| {
            let file = entry.file_name().into_string().ok()?;
            let name = file.strip_suffix(".svg")?;
            plain_name(name).then(|| (name.to_string(), entry.path()))
        })
        .collect();
    found.sort();
    Ok(found)
}

/// Removes the pictures of `experiment` (before a fresh run of it writes them anew).
pub fn clear(out: &Path, experiment: &str) -> Result<()> {
    for (_, path) in list(out, experiment)? {
        contained_writes::remove(out, &path)?;
    }
    Ok(())
}

/// Copies the pictures of `experiment` from results directory `from` into `out` (a merge
/// of shards: each shard holds the pictures of the items it ran).
pub fn copy(from: &Path, out: &Path, experiment: &str) -> Result<()> {
    for (name, path) in list(from, experiment)? {
        let svg = PICTURE_FILE.read(&path)?;
        write(out, experiment, &name, &svg)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_written_listed_in_name_order_copied_and_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        write(&a, "exp", "0001-x", "<svg/>").unwrap();
        write(&a, "exp", "0000-y", "<svg></svg>").unwrap();
        assert!(write(&a, "exp", "../evil", "x").is_err());
        assert!(write(&a, "exp", ".hidden", "x").is_err());
        let names: Vec<String> = list(&a, "exp").unwrap().into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["0000-y", "0001-x"]);
        copy(&a, &b, "exp").unwrap();
        assert_eq!(std::fs::read_to_string(b.join("figures/exp/0001-x.svg")).unwrap(), "<svg/>");
        clear(&a, "exp").unwrap();
        assert!(list(&a, "exp").unwrap().is_empty());
        assert!(list(&a, "other").unwrap().is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_figures_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (out, victim) = (dir.path().join("r"), dir.path().join("victim"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::create_dir_all(&victim).unwrap();
        std::os::unix::fs::symlink(&victim, out.join("figures")).unwrap();
        assert!(write(&out, "exp", "0000-a", "<svg/>").is_err());
        assert!(std::fs::read_dir(&victim).unwrap().next().is_none());
    }
}
