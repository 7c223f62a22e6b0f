//! One experiment committed to the results directory: its CSV and samples file, then its
//! metadata as the commit point.

use std::path::Path;

use super::columns::Column;
use super::experiment_meta::ExperimentMeta;
use super::table::{self, csv_bytes, csv_path};

/// Commits one experiment to `out`: the wide CSV and the tidy samples file made from the
/// emitted `rows` ([`table::split`]; header `names`, the columns the rows `declared`),
/// then the metadata `meta` with the rows, the columns and both files' hashes. The
/// metadata is the commit point, written last: a CSV without matching metadata is never
/// taken as done. `hash` is the hash the harness keeps of files.
pub fn commit_experiment(
    out: &Path,
    meta: ExperimentMeta,
    (names, declared, rows): (&[String], &[Option<Column>], &[Vec<String>]),
    hash: impl Fn(&[u8]) -> String,
) -> crate::base::error::Result<ExperimentMeta> {
    let tables = table::split(&meta.heading.name, names, declared, rows);
    let samples_path = table::samples_path(out, &meta.heading.name);
    let samples = if tables.sample_rows.is_empty() {
        if samples_path.is_file() {
            super::contained_writes::remove(out, &samples_path)?;
        }
        None
    } else {
        let bytes = csv_bytes(&tables.sample_header, &tables.sample_rows)?;
        super::contained_writes::write(out, &samples_path, &bytes)?;
        Some(hash(&bytes))
    };
    let wide_names: Vec<String> = tables.columns.iter().map(|c| c.name.clone()).collect();
    let bytes = csv_bytes(&wide_names, &tables.rows)?;
    super::contained_writes::write(out, &csv_path(out, &meta.heading.name), &bytes)?;
    let meta = ExperimentMeta {
        rows: tables.rows.len(),
        csv_hash: Some(hash(&bytes)),
        samples: samples.is_some().then(|| format!("samples/{}.csv", meta.heading.name)),
        samples_hash: samples,
        columns: tables.columns,
        ..meta
    };
    meta.write(out)?;
    Ok(meta)
}
