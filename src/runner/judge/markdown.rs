//! The class table and each submission's page as Markdown (`class.md`, `pages/ID.md`),
//! every value escaped for a Markdown table cell.

use super::again;
use super::record::Judged;
use super::style::Rule;
use super::summary::Line;
use crate::report::markup::{escape, table};

/// The columns of the class table.
pub const HEADS: [&str; 9] = [
    "submission",
    "makers",
    "build",
    "correct",
    "first not correct",
    "shrunk to",
    "speed (× engine)",
    "peak memory",
    "style",
];

/// The cells of `l`'s line, unescaped.
pub fn cells(l: &Line) -> [String; 9] {
    [
        l.id.clone(),
        l.makers.clone(),
        l.build.clone(),
        format!("{} of {}", l.correct, l.asked),
        l.first_wrong.clone(),
        l.shrunk.clone(),
        l.speed_text(),
        l.memory_text(),
        l.style.to_string(),
    ]
}

/// The class table of `records` judged on `game`.
pub fn class_table(game: &str, records: &[Judged]) -> String {
    let mut out = format!("# {}: the class judged\n\n", escape(game));
    let rows = records.iter().map(|judged| cells(&Line::of(judged)).iter().map(|c| escape(c)).collect());
    out.push_str(&table(&HEADS, &[], rows));
    out
}

/// The page of one submission judged on `game` with `manifest`.
pub fn submission_page((game, manifest): (&str, &str), judged: &Judged) -> String {
    let l = Line::of(judged);
    let mut out = format!(
        "# {}\n\n- makers: {}\n- build: {}\n- correct: {} of {} questions\n- speed against the engine: {}\n- peak memory: {}\n\n",
        escape(&judged.id),
        escape(&l.makers),
        escape(&l.build),
        l.correct,
        l.asked,
        escape(&l.speed_text()),
        escape(&l.memory_text())
    );
    if !judged.build_detail.is_empty() {
        out.push_str(&format!("## Build\n\n{}\n\n", fenced(&judged.build_detail)));
    }
    out.push_str("## Answers not correct\n\n");
    let wrong: Vec<_> = judged.rows.iter().filter(|r| r.wrong_answer()).collect();
    if wrong.is_empty() {
        out.push_str("None.\n\n");
    }
    for r in wrong {
        out.push_str(&format!(
            "### {} {}: {}\n\n- expected: {}\n- given: {}\n- why: {}\n",
            escape(&r.position),
            escape(&r.question),
            escape(&r.verdict),
            escape(&r.expected),
            escape(&r.given),
            escape(&r.detail)
        ));
        if !r.shrunk_position.is_empty() {
            out.push_str(&format!(
                "- shrunk to: {}\n- expected there: {}\n- given there: {}\n",
                escape(&r.shrunk_position),
                escape(&r.shrunk_expected),
                escape(&r.shrunk_given)
            ));
        }
        out.push_str(&format!(
            "\nAsk it again in your hand-in's folder:\n\n{}\n\n",
            fenced(&again::command(game, manifest, r).join("\n"))
        ));
    }
    out.push_str(&format!("## Style: {} findings\n\n", judged.style.len()));
    for f in &judged.style {
        let words = Rule::from_id(&f.rule).map(Rule::words).unwrap_or("");
        out.push_str(&format!(
            "- {}:{}: {} ({}: “{}”)\n",
            escape(&f.file),
            f.line,
            escape(&f.message),
            escape(&f.rule),
            escape(words)
        ));
    }
    out
}

/// `text` in a fenced block that no line of it can close.
fn fenced(text: &str) -> String {
    let text = crate::base::text::printable_lines(text);
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat((longest + 1).max(3));
    format!("{fence}\n{text}\n{fence}")
}
