//! The class's page (`class.html`: a table sortable by any column and filterable, with a
//! histogram of the speeds and the questions most often not correct) and a page per
//! submission (`pages/ID.html`: each answer not correct with its shrunk position, the
//! expected and given answers and how to ask it again; each style finding with its file
//! and line). Every value is the submissions' text and is escaped.

use super::again;
use super::record::Judged;
use super::row::JudgeRow;
use super::style::Rule;
use super::summary::Line;

/// `text` safe in HTML content and in quoted attributes, control characters shown.
fn h(text: &str) -> String {
    crate::base::text::xml_escape(&crate::base::text::printable_lines(text))
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse}\
td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}th{cursor:pointer;background:#eee}\
pre{background:#f6f6f6;padding:.5em;overflow-x:auto}.bar{background:#69c;height:1em;display:inline-block}";

const SCRIPT: &str = r#"
function sortBy(th){const t=th.closest('table'),i=[...th.parentNode.children].indexOf(th),b=t.tBodies[0];
const d=th.dataset.dir==='a'?'d':'a';th.dataset.dir=d;const rows=[...b.rows];
rows.sort((x,y)=>{const p=x.cells[i].dataset.v??x.cells[i].textContent,q=y.cells[i].dataset.v??y.cells[i].textContent;
const m=parseFloat(p),n=parseFloat(q);const c=(isNaN(m)||isNaN(n))?p.localeCompare(q):m-n;return d==='a'?c:-c});
rows.forEach(r=>b.appendChild(r));}
function filterRows(){const f=document.getElementById('filter').value.toLowerCase(),k=document.getElementById('build').value;
for(const r of document.getElementById('class').tBodies[0].rows){const s=r.textContent.toLowerCase();
r.style.display=(s.includes(f)&&(k===''||r.dataset.build===k))?'':'none';}}
"#;

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style>\
         <script>{SCRIPT}</script></head>\n<body>\n<h1>{}</h1>\n{body}</body></html>\n",
        h(title),
        h(title)
    )
}

/// The class page of `records` judged on `game`.
pub fn class_page(game: &str, records: &[Judged]) -> String {
    let lines: Vec<Line> = records.iter().map(Line::of).collect();
    let mut body = String::from(
        "<p><input id=\"filter\" placeholder=\"filter\" oninput=\"filterRows()\"> \
         <select id=\"build\" onchange=\"filterRows()\"><option value=\"\">every build</option>\
         <option>built</option><option>build-failed</option><option>refused</option></select> \
         Click a column's head to sort.</p>\n<table id=\"class\"><thead><tr>",
    );
    for head in [
        "submission",
        "makers",
        "build",
        "correct",
        "first not correct",
        "shrunk to",
        "speed (× engine)",
        "peak memory",
        "style",
    ] {
        body.push_str(&format!("<th onclick=\"sortBy(this)\">{head}</th>"));
    }
    body.push_str("</tr></thead><tbody>\n");
    for l in &lines {
        body.push_str(&class_row(l));
    }
    body.push_str("</tbody></table>\n");
    body.push_str(&speed_histogram(&lines));
    body.push_str(&most_wrong(records));
    page(&format!("{game}: the class judged"), &body)
}

fn class_row(l: &Line) -> String {
    let ratio = l.speed_ratio.map(|r| format!("{r}")).unwrap_or_default();
    let mem = l.peak_memory_bytes.map(|b| b.to_string()).unwrap_or_default();
    format!(
        "<tr data-build=\"{}\"><td><a href=\"pages/{}.html\">{}</a></td><td>{}</td><td>{}</td>\
         <td data-v=\"{}\">{} of {}</td><td>{}</td><td>{}</td><td data-v=\"{}\">{}</td><td data-v=\"{}\">{}</td><td>{}</td></tr>\n",
        h(&l.build),
        h(&l.id),
        h(&l.id),
        h(&l.makers),
        h(&l.build),
        l.correct,
        l.correct,
        l.asked,
        h(&l.first_wrong),
        h(&l.shrunk),
        ratio,
        h(&l.speed_text()),
        mem,
        h(&l.memory_text()),
        l.style
    )
}

/// Bars of the submissions by speed: the time ratio's power of two.
fn speed_histogram(lines: &[Line]) -> String {
    let mut bins: std::collections::BTreeMap<i32, usize> = std::collections::BTreeMap::new();
    for r in lines.iter().filter_map(|l| l.speed_ratio) {
        *bins.entry(r.log2().floor() as i32).or_default() += 1;
    }
    let mut out = String::from(
        "<h2>Speeds of the class</h2>\n<table><tr><th>time over the engine's</th><th>submissions</th></tr>\n",
    );
    for (bin, n) in bins {
        let (lo, hi) = (2f64.powi(bin), 2f64.powi(bin + 1));
        out.push_str(&format!(
            "<tr><td>{lo} to {hi}×</td><td><span class=\"bar\" style=\"width:{}em\"></span> {n}</td></tr>\n",
            n * 2
        ));
    }
    out.push_str("</table>\n");
    out
}

/// The questions most often not correct over the class.
fn most_wrong(records: &[Judged]) -> String {
    let mut counts: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for row in records.iter().flat_map(|r| r.rows.iter()).filter(|r| r.wrong_answer()) {
        *counts.entry(format!("{} {}", row.position, row.question)).or_default() += 1;
    }
    let mut sorted: Vec<(String, usize)> = counts.into_iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut out = String::from("<h2>Questions most often not correct</h2>\n<table><tr><th>position and question</th><th>submissions</th></tr>\n");
    for (q, n) in sorted.into_iter().take(20) {
        out.push_str(&format!(
            "<tr><td>{}</td><td><span class=\"bar\" style=\"width:{}em\"></span> {n}</td></tr>\n",
            h(&q),
            n * 2
        ));
    }
    out.push_str("</table>\n");
    out
}

/// The page of one submission judged on `game` with `manifest`; `picture` gives the path
/// of a wrong answer's shrunk position's picture, where there is one.
pub fn submission_page(
    (game, manifest): (&str, &str),
    judged: &Judged,
    picture: &dyn Fn(&JudgeRow) -> Option<String>,
) -> String {
    let l = Line::of(judged);
    let mut body = format!(
        "<p><a href=\"../class.html\">the class</a></p>\n<p>Makers: {}<br>Build: {}<br>Correct: {} of {} questions<br>\
         Speed against the engine: {}<br>Peak memory: {}</p>\n",
        h(&l.makers),
        h(&l.build),
        l.correct,
        l.asked,
        h(&l.speed_text()),
        h(&l.memory_text())
    );
    if !judged.build_detail.is_empty() {
        body.push_str(&format!("<h2>Build</h2>\n<pre>{}</pre>\n", h(&judged.build_detail)));
    }
    body.push_str("<h2>Answers not correct</h2>\n");
    let wrong: Vec<_> = judged.rows.iter().filter(|r| r.wrong_answer()).collect();
    if wrong.is_empty() {
        body.push_str("<p>None.</p>\n");
    }
    for r in wrong {
        body.push_str(&wrong_answer(r, picture(r), &again::command(game, manifest, r)));
    }
    body.push_str(&style_section(judged));
    page(&format!("{}: {}", judged.id, l.makers), &body)
}

/// One answer not correct: the answers, why, its shrunk position (drawn where
/// `picture` is), and the `commands` that ask it again.
fn wrong_answer(r: &JudgeRow, picture: Option<String>, commands: &[String]) -> String {
    let mut out = format!(
        "<h3>{} {}: {}</h3>\n<table><tr><th>expected</th><td>{}</td></tr><tr><th>given</th><td>{}</td></tr>\
         <tr><th>why</th><td>{}</td></tr>",
        h(&r.position),
        h(&r.question),
        h(&r.verdict),
        h(&r.expected),
        h(&r.given),
        h(&r.detail)
    );
    if !r.shrunk_position.is_empty() {
        out.push_str(&format!(
            "<tr><th>shrunk to</th><td><pre>{}</pre></td></tr><tr><th>expected there</th><td>{}</td></tr>\
             <tr><th>given there</th><td>{}</td></tr>",
            h(&r.shrunk_position.replace(" / ", "\n")),
            h(&r.shrunk_expected),
            h(&r.shrunk_given)
        ));
    }
    if let Some(path) = picture {
        out.push_str(&format!(
            "<tr><th>drawn</th><td><img src=\"{}\" alt=\"the shrunk position\"></td></tr>",
            h(&path)
        ));
    }
    out.push_str(&format!(
        "</table>\n<p>Ask it again in your hand-in's folder:</p>\n<pre>{}</pre>\n",
        h(&commands.join("\n"))
    ));
    out
}

fn style_section(judged: &Judged) -> String {
    let mut out = format!("<h2>Style: {} findings</h2>\n", judged.style.len());
    if judged.style.is_empty() {
        return out;
    }
    out.push_str("<table><tr><th>file</th><th>line</th><th>rule</th><th>found</th></tr>\n");
    for f in &judged.style {
        let words = Rule::from_id(&f.rule).map(Rule::words).unwrap_or("");
        out.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td title=\"{}\">{}</td><td>{}</td></tr>\n",
            h(&f.file),
            f.line,
            h(words),
            h(&f.rule),
            h(&f.message)
        ));
    }
    out.push_str("</table>\n<h3>The rules</h3>\n<ul>\n");
    for rule in Rule::ALL {
        out.push_str(&format!("<li><b>{}</b>: “{}”</li>\n", rule.id(), h(rule.words())));
    }
    out.push_str("</ul>\n");
    out
}
