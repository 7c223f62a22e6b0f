//! `harness compare DIR_A DIR_B`: whether two results directories hold the same results,
//! the columns that may differ between runs (timings and `threads`) aside.

use std::path::{Path, PathBuf};

use crate::base::error::{InputError, Result};
use crate::results::row::varies_between_runs;

/// A CSV's cells without the columns that may differ between runs.
pub fn comparable_cells(path: &Path) -> Result<Vec<Vec<String>>, InputError> {
    let mut r = csv::Reader::from_path(path).map_err(|e| InputError::in_file(path, format!("cannot read CSV: {e}")))?;
    let header: Vec<String> = r
        .headers()
        .map_err(|e| InputError::in_file(path, format!("cannot read CSV header: {e}")))?
        .iter()
        .map(str::to_string)
        .collect();
    let keep: Vec<usize> = (0..header.len()).filter(|&i| !varies_between_runs(&header[i])).collect();
    let mut rows = vec![keep.iter().map(|&i| header[i].clone()).collect::<Vec<_>>()];
    for (n, rec) in r.records().enumerate() {
        let rec = rec.map_err(|e| InputError::at(path, n + 2, format!("cannot read CSV row: {e}")))?;
        rows.push(keep.iter().map(|&i| rec.get(i).unwrap_or("").to_string()).collect());
    }
    Ok(rows)
}

fn csvs(dir: &Path) -> Result<Vec<PathBuf>, InputError> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| InputError::in_file(dir, format!("cannot read results directory: {e}")))?;
    let mut v: Vec<PathBuf> =
        entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "csv")).collect();
    v.sort();
    Ok(v)
}

/// The differences between two results directories, as lines (empty: the same results).
pub fn differences(a: &Path, b: &Path) -> Result<Vec<String>, InputError> {
    let (left, right) = (csvs(a)?, csvs(b)?);
    let names = |v: &[PathBuf]| v.iter().filter_map(|p| p.file_name().map(|n| n.to_owned())).collect::<Vec<_>>();
    let (ln, rn) = (names(&left), names(&right));
    let mut diffs: Vec<String> = Vec::new();
    for n in rn.iter().filter(|n| !ln.contains(n)) {
        diffs.push(format!("{} only in {}", n.to_string_lossy(), b.display()));
    }
    for n in &ln {
        let name = n.to_string_lossy();
        if !rn.contains(n) {
            diffs.push(format!("{name} only in {}", a.display()));
            continue;
        }
        let (x, y) = (comparable_cells(&a.join(n))?, comparable_cells(&b.join(n))?);
        if x[0] != y[0] {
            diffs.push(format!("{name}: columns differ: {} vs {}", x[0].join(","), y[0].join(",")));
        } else if x.len() != y.len() {
            diffs.push(format!("{name}: {} rows vs {}", x.len() - 1, y.len() - 1));
        } else if let Some((row, (p, q))) = x.iter().zip(&y).enumerate().find(|(_, (p, q))| p != q) {
            let col = p.iter().zip(q).position(|(u, v)| u != v).unwrap_or(0);
            diffs.push(format!("{name}: row {row}, column {}: `{}` vs `{}`", x[0][col], p[col], q[col]));
        }
    }
    Ok(diffs)
}
