//! What the judge writes into its folder: `run.toml` (the judge's record: manifest,
//! assignment, submissions judged, state; a shard's is `run-shard-I-of-N.toml`, so that
//! the shards of one class can share its folder), `judge.csv` (one row per submission and
//! question) with `judge-columns.toml` (each column's kind), `style.csv` (one row per
//! style finding), and the class table and pages (`class.html`, `class.md`, `class.tex`,
//! `class.xlsx`, `pages/ID.html`, `pages/ID.md`). Every file is written whole or not at all.

use std::path::Path;

use super::record::Judged;
use super::{ask::Questions, figure, html, latex, markdown, row, xlsx};
use crate::base::error::Result;
use crate::results::atomic::write_atomic;
use crate::runner::shard::Shard;

/// Writes `run.toml`: the judge of `questions` (of `shard`), begun at `started`, in
/// `state` with `judged` of `of` submissions recorded.
pub fn write_run(
    out: &Path,
    (questions, shard): (&Questions, Option<Shard>),
    started: &str,
    state: &str,
    (judged, of): (usize, usize),
) -> Result<()> {
    let q = questions;
    let mut t = toml::Table::new();
    t.insert("command".into(), "judge".into());
    t.insert("harness_version".into(), env!("CARGO_PKG_VERSION").into());
    t.insert("manifest".into(), q.manifest.display().to_string().into());
    t.insert("manifest_hash".into(), q.manifest_hash.clone().into());
    t.insert("assignment".into(), q.game.clone().into());
    t.insert("experiments".into(), toml::Value::Array(q.experiments.iter().map(|e| e.clone().into()).collect()));
    t.insert("sandbox".into(), q.sandboxed.into());
    if let Some(limit) = q.question_limit {
        t.insert("question_time_limit".into(), limit.as_secs_f64().into());
    }
    if let Some(shard) = shard {
        t.insert("shard".into(), shard.to_string().into());
    }
    t.insert("submissions".into(), (of as i64).into());
    t.insert("judged".into(), (judged as i64).into());
    t.insert("started".into(), started.into());
    t.insert("updated".into(), jiff::Timestamp::now().to_string().into());
    t.insert("state".into(), state.into());
    let text = toml::to_string(&t).map_err(anyhow::Error::from)?;
    let name = shard.map_or("run.toml".to_string(), |s| format!("run-shard-{}-of-{}.toml", s.index, s.count));
    Ok(write_atomic(&out.join(name), text.as_bytes())?)
}

/// Writes the CSVs, the class table and every submission's page from `records`.
pub fn write_all(out: &Path, questions: &Questions, records: &[Judged]) -> Result<()> {
    let mut rows = csv::Writer::from_writer(Vec::new());
    for judged in records {
        for r in judged.full_rows() {
            rows.serialize(r).map_err(anyhow::Error::from)?;
        }
    }
    write_atomic(&out.join("judge.csv"), &rows.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?)?;
    write_atomic(&out.join("judge-columns.toml"), row::columns_toml().as_bytes())?;
    write_atomic(&out.join("style.csv"), &style_csv(records)?)?;
    let game = &questions.game;
    let manifest = questions.manifest.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
    write_atomic(&out.join("class.html"), html::class_page(game, records).as_bytes())?;
    write_atomic(&out.join("class.md"), markdown::class_table(game, records).as_bytes())?;
    write_atomic(&out.join("class.tex"), latex::class_table(game, records).as_bytes())?;
    write_atomic(&out.join("class.xlsx"), &xlsx::workbook(records)?)?;
    std::fs::create_dir_all(out.join("pages"))?;
    for judged in records {
        let page = |ext: &str| out.join("pages").join(format!("{}.{ext}", judged.id));
        let picture = |r: &row::JudgeRow| figure::shrunk_picture(out, &judged.id, r);
        write_atomic(&page("html"), html::submission_page((game, &manifest), judged, &picture).as_bytes())?;
        write_atomic(&page("md"), markdown::submission_page((game, &manifest), judged).as_bytes())?;
    }
    Ok(())
}

/// `style.csv`: submission, file, line, rule, message.
fn style_csv(records: &[Judged]) -> Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["submission", "file", "line", "rule", "message"]).map_err(anyhow::Error::from)?;
    for judged in records {
        for f in &judged.style {
            let line = f.line.to_string();
            w.write_record([judged.id.as_str(), &f.file, &line, &f.rule, &f.message]).map_err(anyhow::Error::from)?;
        }
    }
    Ok(w.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?)
}
