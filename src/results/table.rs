//! An experiment's rows as they go to disk: the wide CSV (`NAME.csv`, one row per item
//! row, numeric columns holding numbers or nothing) and the tidy samples file
//! (`samples/NAME.csv`, one row per timed sample), both made from the rows the
//! experiment emitted (the journal's rows, which still carry each timing's samples in
//! its `X_samples` cell).

use std::path::{Path, PathBuf};

use super::columns::{Column, Columns, Kind, Role, BUSY, THREADS};
use super::row::{busy, parse_samples_cell};

/// The header of every samples file, after the row's key columns (see [`split`]).
pub const SAMPLE_COLUMNS: [&str; 10] = [
    "measurement",
    "sample",
    "round",
    "order",
    "wall_seconds",
    "cpu_seconds",
    "wait_seconds",
    "threads",
    "busy",
    "row_busy",
];

/// The leading columns of the samples file, before the row's key columns.
pub const SAMPLE_KEYS: [&str; 2] = ["experiment", "row"];

/// The row's key columns copied into the samples file: at most this many.
pub const MAX_KEY_COLUMNS: usize = 6;

/// Where an experiment's CSV goes.
pub fn csv_path(out: &Path, name: &str) -> PathBuf {
    out.join(format!("{name}.csv"))
}

/// A CSV table in memory: header and rows, every row as long as the header.
pub fn csv_bytes(columns: &[String], rows: &[Vec<String>]) -> anyhow::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(columns)?;
    for (i, row) in rows.iter().enumerate() {
        anyhow::ensure!(
            row.len() == columns.len(),
            "row {} has {} cells but the header has {} columns",
            i + 1,
            row.len(),
            columns.len()
        );
        w.write_record(row)?;
    }
    w.into_inner().map_err(|e| anyhow::anyhow!("csv: {e}"))
}

/// Where experiment `name`'s samples file goes.
pub fn samples_path(out: &Path, name: &str) -> PathBuf {
    out.join("samples").join(format!("{name}.csv"))
}

/// The two files of one experiment, in memory.
#[derive(Debug, Clone, PartialEq)]
pub struct Tables {
    /// The wide CSV's columns, declared.
    pub columns: Vec<Column>,
    /// The wide CSV's rows.
    pub rows: Vec<Vec<String>>,
    /// The samples file's header.
    pub sample_header: Vec<String>,
    /// The samples file's rows (none when nothing was timed).
    pub sample_rows: Vec<Vec<String>>,
}

/// Splits emitted rows (header `names`, with the columns the rows declared, `None` where
/// no row declared one: rebuilt from its name) into the wide CSV and the tidy samples:
/// every [`Role::Samples`] column leaves the wide rows, and each of its samples becomes a
/// row of the samples file with the experiment, the row's number in the wide CSV (1 is
/// the first data row), the row's key columns (its leading exact text, count and seed
/// columns, at most [`MAX_KEY_COLUMNS`]), the timing column it measured, the sample's
/// index, its round and its position in the round's order, wall, CPU and wait seconds, the row's thread count, whether that sample ran on
/// a busy machine ([`busy`]) and the row's own `busy` cell.
pub fn split(experiment: &str, names: &[String], declared: &[Option<Column>], rows: &[Vec<String>]) -> Tables {
    let known: Vec<Column> = declared.iter().flatten().cloned().collect();
    let all = Columns::of(names, &known);
    let keep: Vec<usize> = (0..all.0.len()).filter(|&i| !matches!(all.0[i].role, Role::Samples { .. })).collect();
    let keys: Vec<usize> = keep
        .iter()
        .copied()
        .take_while(|&i| {
            all.0[i].role == Role::Result && matches!(all.0[i].kind, Kind::Text | Kind::Count | Kind::Seed)
        })
        .take(MAX_KEY_COLUMNS)
        .collect();
    let sample_header: Vec<String> = SAMPLE_KEYS
        .iter()
        .map(|s| s.to_string())
        .chain(keys.iter().map(|&i| all.0[i].name.clone()))
        .chain(SAMPLE_COLUMNS.iter().map(|s| s.to_string()))
        .collect();
    let (threads, row_busy) = (all.index(THREADS), all.index(BUSY));
    let mut sample_rows = Vec::new();
    for (n, row) in rows.iter().enumerate() {
        let threads_cell = threads.map_or("", |t| row[t].as_str());
        let thread_count = threads_cell.parse::<f64>().unwrap_or(1.0).max(1.0);
        for (c, column) in all.0.iter().enumerate() {
            let Role::Samples { of } = &column.role else { continue };
            for (index, s) in parse_samples_cell(&row[c]).into_iter().enumerate() {
                let share = |x: Option<f64>| x.filter(|_| s.wall > 0.0).map(|x| x / (s.wall * thread_count));
                let sample_busy = busy(s.wall, share(s.cpu), share(s.wait));
                let mut out: Vec<String> = vec![experiment.to_string(), (n + 1).to_string()];
                out.extend(keys.iter().map(|&k| row[k].clone()));
                out.extend([
                    of.clone(),
                    index.to_string(),
                    s.round.map_or(String::new(), |r| r.to_string()),
                    s.order.map_or(String::new(), |o| o.to_string()),
                    format!("{:.9}", s.wall),
                    s.cpu.map_or(String::new(), |v| format!("{v:.9}")),
                    s.wait.map_or(String::new(), |v| format!("{v:.9}")),
                    threads_cell.to_string(),
                    sample_busy.to_string(),
                    row_busy.map_or(String::new(), |b| row[b].clone()),
                ]);
                sample_rows.push(out);
            }
        }
    }
    Tables {
        columns: keep.iter().map(|&i| all.0[i].clone()).collect(),
        rows: rows.iter().map(|r| keep.iter().map(|&i| r[i].clone()).collect()).collect(),
        sample_header,
        sample_rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::columns::Statistic;

    #[test]
    fn csv_refuses_ragged_rows() {
        let cols = vec!["a".to_string(), "b".to_string()];
        assert!(csv_bytes(&cols, &[vec!["1".into()]]).is_err());
        let ok = csv_bytes(&cols, &[vec!["1".into(), "x,y".into()]]).unwrap();
        assert_eq!(String::from_utf8(ok).unwrap(), "a,b\n1,\"x,y\"\n");
    }

    fn names(s: &str) -> Vec<String> {
        s.split(',').map(String::from).collect()
    }

    #[test]
    fn samples_leave_the_wide_rows_for_a_tidy_file() {
        let header = names("instance,positions,seconds,seconds_mad,seconds_samples,busy,threads,status");
        let declared = vec![
            Some(Column::new("instance", Kind::Text, Role::Result)),
            Some(Column::new("positions", Kind::Count, Role::Result)),
            Some(Column::new("seconds", Kind::Seconds, Role::Measured)),
            Some(Column::new(
                "seconds_mad",
                Kind::Seconds,
                Role::Spread { of: "seconds".into(), statistic: Statistic::Mad },
            )),
            Some(Column::new("seconds_samples", Kind::Samples, Role::Samples { of: "seconds".into() })),
            None,
            None,
            None,
        ];
        let rows = vec![names("a,10,0.2,0.1,0.2/0.2/0.0/0/1;0.1/0.05/,false,2,ok"), names("b,,,,,,2,timeout")];
        let t = split("exp", &header, &declared, &rows);
        let wide: Vec<&str> = t.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(wide, ["instance", "positions", "seconds", "seconds_mad", "busy", "threads", "status"]);
        assert_eq!(t.rows[0], names("a,10,0.2,0.1,false,2,ok"));
        assert_eq!(t.sample_header, names("experiment,row,instance,positions,measurement,sample,round,order,wall_seconds,cpu_seconds,wait_seconds,threads,busy,row_busy"));
        assert_eq!(t.sample_rows.len(), 2);
        assert_eq!(
            t.sample_rows[0],
            names("exp,1,a,10,seconds,0,0,1,0.200000000,0.200000000,0.000000000,2,false,false")
        );
        // 0.05 s of CPU on 2 threads over 0.1 s wall: a quarter of the cores, no wait told;
        // a sample of a CSV written before rounds were recorded has no round and order.
        assert_eq!(t.sample_rows[1], names("exp,1,a,10,seconds,1,,,0.100000000,0.050000000,,2,true,false"));
        assert_eq!(t.columns[6].kind, Kind::Status, "undeclared columns are rebuilt from their names");
    }
}
