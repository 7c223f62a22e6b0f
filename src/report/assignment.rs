//! One assignment's own report, as a student hands it in: a title page naming the
//! assignment, the authors, the course, the date and the run the numbers come from; the
//! assignment's questions in its order; the harness's own material (the run, its
//! warnings, the machine) in an appendix.
//!
//! `harness report` writes, for every plug-in with an [`Assignment`]:
//! - `tex/title-GAME.tex`: the title page's fields as macros (`\reporttitle`,
//!   `\reportauthors`, `\reportcourse`, `\reportassignment`, `\reportdate`,
//!   `\reportrun`), every value escaped as text;
//! - `tex/appendix-GAME.tex`: the run and the machine, the searches that did not finish
//!   and the run's warnings, each of that assignment's experiments alone.
//!
//! `report/assignment.tex` inputs them around the assignment's body
//! (`report/body-GAME.tex`, which the full report inputs too). With
//! `harness report --assignment GAME` it also writes `report-GAME.html`, the page of that
//! assignment alone with the same title lines.
//!
//! The title, authors and course come from `harness report --title/--author` when given,
//! else from the `[report]` table of the run's manifest (`title`, `authors`, `course`),
//! else the assignment's own name and course; authors never given are a visible note
//! saying how to add them.

use std::path::{Path, PathBuf};

use super::explanations::Explanations;
use super::kinds::Reports;
use super::kinds::{Assignment, GameReport};
use super::language::Language;
use super::latex::caption_text;
use crate::base::error::InputError;
use crate::results::run_record::RunRecord;

/// What the title page says beyond the assignment's own name and course: from
/// `harness report --title/--author` or the manifest's `[report]` table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FrontMatter {
    /// The assignment whose own report and page to write (`--assignment GAME`).
    pub assignment: Option<String>,
    /// The report's title (default: the assignment's name).
    pub title: Option<String>,
    /// The authors, in order.
    pub authors: Vec<String>,
    /// The course (default: the assignment's own).
    pub course: Option<String>,
    /// The authors' student numbers, in the authors' order (fewer than the authors is
    /// allowed: the rest have none).
    pub student_numbers: Vec<String>,
    /// The hand-in date on the title page (default: the day the report is made).
    pub date: Option<String>,
    /// Whether the assignment's report has an appendix on the run, the machine and the
    /// run's warnings (`--appendix`); without it the report holds the answers alone.
    pub appendix: bool,
    /// The report's language (`--language`; default: `language` under `[report]`, else
    /// English).
    pub language: Option<Language>,
    /// The directory of the authors' own explanations, one file per report question
    /// (`--explanations DIR`, [`super::explanations`]).
    pub explanations: Option<PathBuf>,
    /// The program's name in the report's text (`--program`; default: the name its
    /// handshake gives).
    pub program: Option<String>,
}

impl FrontMatter {
    /// This front matter completed from `[report]` of `manifest` where it is silent: a
    /// title, authors or course given on the command line wins over the manifest's.
    pub fn or_manifest(mut self, manifest: &FrontMatter) -> FrontMatter {
        if self.title.is_none() {
            self.title.clone_from(&manifest.title);
        }
        if self.authors.is_empty() {
            self.authors.clone_from(&manifest.authors);
        }
        if self.course.is_none() {
            self.course.clone_from(&manifest.course);
        }
        if self.student_numbers.is_empty() {
            self.student_numbers.clone_from(&manifest.student_numbers);
        }
        if self.date.is_none() {
            self.date.clone_from(&manifest.date);
        }
        if self.language.is_none() {
            self.language = manifest.language;
        }
        if self.program.is_none() {
            self.program.clone_from(&manifest.program);
        }
        self
    }

    /// The report's language: as given, else English.
    pub fn language(&self) -> Language {
        self.language.unwrap_or_default()
    }

    /// Refuses student numbers without an author to belong to.
    pub fn check(&self) -> Result<(), InputError> {
        if self.student_numbers.len() > self.authors.len() {
            return Err(InputError::new(format!(
                "{} student numbers for {} authors: give each --student-number after its --author, in the same order",
                self.student_numbers.len(),
                self.authors.len()
            )));
        }
        Ok(())
    }

    /// Each author with their student number when one was given: "Ada Lovelace
    /// (s1234567)".
    pub fn signed_authors(&self) -> Vec<String> {
        self.authors
            .iter()
            .enumerate()
            .map(|(i, a)| match self.student_numbers.get(i) {
                Some(n) => format!("{a} ({n})"),
                None => a.clone(),
            })
            .collect()
    }
}

/// Refuses a Dutch report of an assignment whose game has no Dutch words: its report
/// would mix languages.
pub fn check_language(front: &FrontMatter, reports: Reports) -> Result<(), InputError> {
    let (Some(game), Language::Nl) = (&front.assignment, front.language()) else { return Ok(()) };
    match reports.game(game).is_some_and(|r| r.dutch_title.is_some()) {
        true => Ok(()),
        false => Err(InputError::new(format!(
            "--language nl --assignment {game}: the {game} report has no Dutch text; write it in English \
             (--language en), or in Dutch for one of: {}",
            games(reports)
                .into_iter()
                .filter(|g| reports.game(g).is_some_and(|r| r.dutch_title.is_some()))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// `tex/language.tex`: the report's language for LaTeX: `\reportlanguage` (babel's
/// name, which the preamble loads), `\reportlanguagecode` (the PDF's language) and
/// `\inlanguage{ENGLISH}{DUTCH}`, which keeps the words of the report's language.
pub fn language_tex(language: Language) -> String {
    format!(
        "% Generated by `harness report`: the report's language.\n\
         \\def\\reportlanguage{{{}}}\n\\def\\reportlanguagecode{{{}}}\n\
         \\providecommand\\inlanguage[2]{{}}\\renewcommand\\inlanguage[2]{{{}}}\n",
        language.babel(),
        language.code(),
        language.pick("#1", "#2"),
    )
}

/// The games that have an assignment, by name, in the reports' order.
pub fn games(reports: Reports) -> Vec<&'static str> {
    reports.0.iter().filter(|r| r.assignment.is_some()).map(|r| r.game).collect()
}

/// Refuses an `--assignment` that names no plug-in with an assignment, naming those there are.
pub fn check_game(game: &str, reports: Reports) -> Result<(), InputError> {
    let known = games(reports);
    if known.contains(&game) {
        return Ok(());
    }
    Err(InputError::new(format!("--assignment {game}: no such assignment; expected one of: {}", known.join(", "))))
}

/// The `[report]` table of the manifest named in the run's record (`title`, `authors`,
/// `course`), read from the manifest file when it can still be found (the path
/// `run.toml` records, as given to `harness run`, or relative to the results'
/// parent); none when there is no such table or file. A table whose values have the
/// wrong type is refused, naming the file.
pub fn manifest_front(out: &Path, run: Option<&RunRecord>) -> Result<FrontMatter, InputError> {
    let Some(manifest) = run.map(|r| r.meta.manifest.as_str()) else {
        return Ok(FrontMatter::default());
    };
    let candidates = [PathBuf::from(manifest), out.parent().unwrap_or(out).join(manifest)];
    let Some(path) = candidates.iter().find(|p| p.is_file()) else { return Ok(FrontMatter::default()) };
    let Ok(text) = std::fs::read_to_string(path) else { return Ok(FrontMatter::default()) };
    let Ok(table) = toml::from_str::<toml::Table>(&text) else { return Ok(FrontMatter::default()) };
    front_of_table(table.get("report"), path)
}

/// The front matter of a manifest's `[report]` value.
pub fn front_of_table(report: Option<&toml::Value>, path: &Path) -> Result<FrontMatter, InputError> {
    let Some(report) = report else { return Ok(FrontMatter::default()) };
    let wrong = |what: &str| InputError::in_file(path, format!("[report] {what}"));
    let table = report
        .as_table()
        .ok_or_else(|| wrong("must be a table (title, authors, student_numbers, course, date, language, program)"))?;
    let text = |key: &str| -> Result<Option<String>, InputError> {
        match table.get(key) {
            None => Ok(None),
            Some(toml::Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(wrong(&format!("{key} must be a string"))),
        }
    };
    let list = |key: &str| -> Result<Vec<String>, InputError> {
        match table.get(key) {
            None => Ok(Vec::new()),
            Some(toml::Value::Array(a)) => a
                .iter()
                .map(|v| {
                    v.as_str().map(str::to_string).ok_or_else(|| wrong(&format!("{key} must be a list of strings")))
                })
                .collect(),
            Some(_) => Err(wrong(&format!("{key} must be a list of strings, e.g. {key} = [\"Ada\", \"Bob\"]"))),
        }
    };
    const KEYS: [&str; 7] = ["title", "authors", "student_numbers", "course", "date", "language", "program"];
    if let Some(key) = table.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(wrong(&format!("has no key `{key}`; expected {}", KEYS.join(", "))));
    }
    let front = FrontMatter {
        assignment: None,
        title: text("title")?,
        authors: list("authors")?,
        course: text("course")?,
        student_numbers: list("student_numbers")?,
        date: text("date")?,
        appendix: false,
        language: text("language")?.map(|l| l.parse::<Language>()).transpose().map_err(|e| wrong(&e.message))?,
        explanations: None,
        program: text("program")?,
    };
    front.check().map_err(|e| wrong(&e.message))?;
    Ok(front)
}

/// The title page's lines of `game`'s report, as plain text: title, assignment, authors
/// (or the note saying how to add them), course, date, run.
#[derive(Debug, Clone, PartialEq)]
pub struct TitleLines {
    /// The game (`tegel`).
    pub game: String,
    /// The report's title (default: "Tiling (Stenen leggen): report").
    pub title: String,
    /// The assignment's name.
    pub assignment: String,
    /// The authors; empty when none were given.
    pub authors: Vec<String>,
    /// The course.
    pub course: String,
    /// The hand-in date: as given, else the day the report is made.
    pub date: String,
    /// The run the numbers come from.
    pub run: String,
    /// The language of the lines the report writes itself.
    pub language: Language,
}

/// What a title page without authors says instead.
pub const NO_AUTHORS: &str =
    "Authors not given: add them with harness report --assignment GAME --author NAME (repeatable), or authors = [...] under [report] in the manifest";

/// [`NO_AUTHORS`] in Dutch.
pub const NO_AUTHORS_NL: &str =
    "Auteurs niet opgegeven: voeg ze toe met harness report --assignment GAME --author NAAM (herhaalbaar), of met authors = [...] onder [report] in het manifest";

/// What a title page without authors says instead, in `language`, for `game`.
pub fn no_authors(game: &str, language: Language) -> String {
    language.pick(NO_AUTHORS, NO_AUTHORS_NL).replace("GAME", game)
}

/// The title lines of `report`'s assignment from `front` and the run's record.
pub fn title_lines(
    report: &GameReport,
    assignment: &Assignment,
    front: &FrontMatter,
    run: Option<&RunRecord>,
) -> TitleLines {
    let meta = run.map(|r| &r.meta);
    let language = front.language();
    let date = front.date.as_deref().map_or_else(|| today(language), |d| given_date(d, language));
    // The test setup, not the harness's run: where and when the numbers were measured
    // (the run's manifest and times are the appendix's).
    let day = |started: &str| started.split('T').next().unwrap_or(started).to_string();
    let run_line = match (language, meta) {
        (Language::En, Some(m)) => {
            format!("Measured on {} ({} cores) on {}", cpu_name(&m.cpu), m.cores, day(&m.started))
        }
        (Language::Nl, Some(m)) => {
            format!("Gemeten op {} ({} kernen) op {}", cpu_name(&m.cpu), m.cores, day(&m.started))
        }
        (Language::En, None) => "No run recorded in these results".to_string(),
        (Language::Nl, None) => "Geen run vastgelegd in deze resultaten".to_string(),
    };
    let default_title = match language {
        Language::En if report.title_in(Language::Nl) != report.title => {
            format!("{} ({}): report", report.title, report.title_in(Language::Nl))
        }
        Language::En => format!("{}: report", report.title),
        Language::Nl => format!("{}: verslag", report.title_in(language)),
    };
    TitleLines {
        game: report.game.to_string(),
        title: front.title.clone().unwrap_or(default_title),
        assignment: assignment.name.to_string(),
        authors: front.signed_authors(),
        course: front.course.clone().unwrap_or_else(|| assignment.course.to_string()),
        date,
        run: run_line,
        language,
    }
}

/// A processor's name as a person writes it: without the trademark marks the operating
/// system reports (`Intel(R) Xeon(R) Processor` is `Intel Xeon Processor`) and with
/// single spaces.
fn cpu_name(reported: &str) -> String {
    let plain = ["(R)", "(r)", "(TM)", "(tm)"].iter().fold(reported.to_string(), |s, mark| s.replace(mark, ""));
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Today's date (UTC): `YYYY-MM-DD` in English, in words in Dutch ("3 december 2026").
fn today(language: Language) -> String {
    let days =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400) as i64;
    date_in(civil_from_days(days), language)
}

/// A hand-in date as given: a date written `YYYY-MM-DD` in the language's own words
/// (`4 december 2026` in Dutch), any other text as it stands.
fn given_date(date: &str, language: Language) -> String {
    let parts: Vec<&str> = date.trim().splitn(3, '-').collect();
    let parsed = match parts.as_slice() {
        [y, m, d] if y.len() == 4 && m.len() == 2 && d.len() == 2 => {
            y.parse::<i64>().ok().zip(m.parse::<u32>().ok()).zip(d.parse::<u32>().ok())
        }
        _ => None,
    };
    match parsed {
        Some(((y, m), d)) if (1..=12).contains(&m) && (1..=31).contains(&d) => date_in((y, m, d), language),
        _ => date.to_string(),
    }
}

/// The Dutch names of the months, January first.
const DUTCH_MONTHS: [&str; 12] = [
    "januari",
    "februari",
    "maart",
    "april",
    "mei",
    "juni",
    "juli",
    "augustus",
    "september",
    "oktober",
    "november",
    "december",
];

/// A date `(year, month, day)` as the title page writes it in `language`.
fn date_in((y, m, d): (i64, u32, u32), language: Language) -> String {
    match language {
        Language::En => format!("{y:04}-{m:02}-{d:02}"),
        Language::Nl => format!("{d} {} {y}", DUTCH_MONTHS[(m as usize).clamp(1, 12) - 1]),
    }
}

/// The proleptic Gregorian date of `days` since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// `tex/title-GAME.tex`: the title page's fields as macros, every value LaTeX text.
pub fn title_tex(lines: &TitleLines) -> String {
    let authors = match lines.authors.is_empty() {
        true => format!(
            "\\fbox{{\\parbox{{0.8\\linewidth}}{{\\centering\\small {}}}}}",
            caption_text(&no_authors(&lines.game, lines.language))
        ),
        false => lines.authors.iter().map(|a| caption_text(a)).collect::<Vec<_>>().join("\\\\[0.5ex]\n"),
    };
    let pdf_authors = lines.authors.iter().map(|a| caption_text(a)).collect::<Vec<_>>().join(", ");
    format!(
        "% Generated by `harness report`: the title page of one assignment's report.\n\
         \\def\\reporttitle{{{}}}\n\\def\\reportassignment{{{}}}\n\\def\\reportauthors{{{authors}}}\n\
         \\def\\reportpdfauthors{{{pdf_authors}}}\n\
         \\def\\reportcourse{{{}}}\n\\def\\reportdate{{{}}}\n\\def\\reportrun{{{}}}\n",
        caption_text(&lines.title),
        caption_text(&lines.assignment),
        caption_text(&lines.course),
        caption_text(&lines.date),
        caption_text(&lines.run),
    )
}

/// `tex/appendix-GAME.tex`: the run and the machine (the page's run lines), and the run's
/// warnings, each escaped; for the appendix of an assignment's report.
pub fn appendix_tex(run: Option<&RunRecord>, language: Language) -> String {
    let mut s =
        String::from("% Generated by `harness report`: the run behind the numbers, for an assignment's appendix.\n");
    s.push_str(language.pick(
        "Every number of this report comes from one run of the harness; this is that run.\n",
        "Elk getal in dit verslag komt uit één run van de harness; dit is die run.\n",
    ));
    s.push_str("\\begin{description}\\setlength{\\itemsep}{0pt}\n");
    for (key, value) in super::run_description::run_lines(run) {
        s.push_str(&format!("\\item[{}] {}\n", caption_text(&key), caption_text(&value)));
    }
    s.push_str("\\end{description}\n");
    let warnings = super::run_description::run_warnings(run);
    match warnings.len() {
        0 => s.push_str(language.pick("The run gave no warnings.\n", "De run gaf geen waarschuwingen.\n")),
        n => {
            let gave = match (language, n) {
                (Language::En, 1) => "The run gave one warning".to_string(),
                (Language::En, n) => format!("The run gave {n} warnings"),
                (Language::Nl, 1) => "De run gaf één waarschuwing".to_string(),
                (Language::Nl, n) => format!("De run gaf {n} waarschuwingen"),
            };
            s.push_str(&format!("{gave}:\n\\begin{{itemize}}\\setlength{{\\itemsep}}{{0pt}}\\small\n"));
            for w in warnings {
                s.push_str(&format!("\\item {}\n", caption_text(&w)));
            }
            s.push_str("\\end{itemize}\n");
        }
    }
    s
}

/// The authors' own explanations of `front`'s assignment (`--explanations DIR`), each
/// file named for one of its report questions; none without the option. Refused without
/// `--assignment`: the files are named for one assignment's questions.
pub fn explanations(
    front: &FrontMatter,
    reports: Reports,
    loaded: &[super::loaded::Loaded],
) -> Result<Explanations, InputError> {
    let Some(dir) = &front.explanations else { return Ok(Explanations::new()) };
    let Some(game) = &front.assignment else {
        return Err(InputError::new(
            "--explanations DIR needs --assignment GAME: its files are named for that assignment's questions",
        ));
    };
    let answers = reports.answers(loaded, front.language());
    let ids: Vec<&str> = answers.iter().filter(|(g, _)| g == game).flat_map(|(_, a)| a.iter().map(|a| a.id)).collect();
    super::explanations::read(dir, &ids)
}

/// The files every report writes for the assignments: per game with an assignment
/// `tex/title-GAME.tex`, and with `--appendix` `tex/appendix-GAME.tex` (the run as
/// [`run_of_game`] tells it for that game; without it the file is absent and the
/// assignment's PDF has no appendix).
pub fn files(
    reports: Reports,
    front: &FrontMatter,
    run: Option<&RunRecord>,
    loaded: &[super::loaded::Loaded],
) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for report in reports.0 {
        let Some(assignment) = &report.assignment else { continue };
        let own_run = run.map(|r| run_of_game(r, loaded, report.game));
        let lines = title_lines(report, assignment, front, own_run.as_ref());
        out.push((PathBuf::from(format!("tex/title-{}.tex", report.game)), title_tex(&lines)));
        if front.appendix {
            out.push((
                PathBuf::from(format!("tex/appendix-{}.tex", report.game)),
                appendix_tex(own_run.as_ref(), front.language()),
            ));
        }
    }
    out
}

/// `run` as one assignment's report tells it: every list of experiments, timeouts, busy
/// rows and warnings (at the top and in each part) keeps the entries of `game`'s
/// experiments (by the loaded tables' game, or, for an experiment without a table, by the
/// `GAME_` prefix of its name) and those that name no experiment (the machine's), and a
/// part that ran none of them is left out. The machine, build and times stay as they are.
pub fn run_of_game(run: &RunRecord, loaded: &[super::loaded::Loaded], game: &str) -> RunRecord {
    let meta = &run.meta;
    let mut experiments: Vec<String> = loaded.iter().map(|l| l.name.clone()).collect();
    experiments.extend([&meta.manifest_experiments, &meta.experiments, &meta.ran].into_iter().flatten().cloned());
    let ours = |entry: &str| {
        let name = entry.split([' ', ':']).next().unwrap_or(entry);
        match loaded.iter().find(|l| l.name == name) {
            Some(l) => l.game == game,
            None => !experiments.iter().any(|e| e == name) || name.starts_with(&format!("{game}_")),
        }
    };
    let mut own = run.clone();
    own.meta.retain_entries(ours);
    let parts = &own.meta.parts;
    // The run of these experiments started with their first part and ended with their last.
    if let (Some(first), Some(finished)) = (parts.first(), parts.last().and_then(|p| p.finished.clone())) {
        own.meta.started = first.started.clone();
        own.meta.finished = Some(finished);
    }
    own
}

/// `report-GAME.html`: the page of `game`'s experiments alone, titled as its report's
/// title page (title, then assignment, authors, course, date and run as lines).
pub fn page(
    loaded: &[super::loaded::Loaded],
    run: Option<&RunRecord>,
    reports: Reports,
    game: &str,
    front: &FrontMatter,
    explained: &Explanations,
) -> Result<(PathBuf, String), InputError> {
    check_game(game, reports)?;
    let report = reports.game(game).ok_or_else(|| InputError::new(format!("no report for {game}")))?;
    let assignment = report.assignment.as_ref().ok_or_else(|| InputError::new(format!("{game} has no assignment")))?;
    let own_run = run.map(|r| run_of_game(r, loaded, game));
    let run = own_run.as_ref();
    let lines = title_lines(report, assignment, front, run);
    let own: Vec<super::loaded::Loaded> = loaded.iter().filter(|l| l.game == game).cloned().collect();
    let drawn = super::drawn::draw_in(&own, reports, front.language())?;
    let input =
        super::export::Input { loaded: &own, drawn: &drawn, unreadable: &[], run, reports, language: front.language() };
    let authors = match lines.authors.is_empty() {
        true => no_authors(game, lines.language),
        false => format!("{} {}", lines.language.pick("By", "Door"), lines.authors.join(", ")),
    };
    let byline = [lines.assignment.clone(), authors, lines.course.clone(), format!("{}. {}", lines.date, lines.run)];
    let html = super::html::page_titled(
        &input,
        &lines.title,
        &byline,
        super::html::Shown::Assignment { run: front.appendix, explanations: explained },
    )?;
    let html = crate::base::text::bidi_visible(&html).into_owned();
    Ok((PathBuf::from(format!("report-{game}.html")), html))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_iso_date_is_written_in_the_reports_words() {
        assert_eq!(given_date("2026-12-04", Language::Nl), "4 december 2026");
        assert_eq!(given_date("2026-12-04", Language::En), "2026-12-04");
        assert_eq!(given_date("vrijdag 4 december", Language::Nl), "vrijdag 4 december");
        assert_eq!(given_date("2026-13-04", Language::Nl), "2026-13-04");
    }

    #[test]
    fn an_assignments_run_names_its_own_experiments_alone() {
        let text = "version = \"v\"\ngit_revision = \"r\"\nrustc = \"c\"\ncpu = \"x\"\ncores = 1\nthreads = 1\n\
             thread_counts = [1]\nseed = 1\nstate = \"complete\"\nmanifest = \"m\"\nmanifest_hash = \"h\"\nskipped = []\n\
             started = \"T1\"\nfinished = \"T4\"\n\
             ran = [\"tegel_best\", \"stenen_table\"]\n\
             timeouts = [\"tegel_best spel2.txt at 45 s\", \"stenen_table 6x10 at 240 s\"]\n\
             warnings = [\"tegel_best: 1 row took fewer samples\", \"stenen_table: 1 cell spread\", \"the CPU governor is powersave\"]\n\
             [[parts]]\nstarted = \"T1\"\nfinished = \"T2\"\nstate = \"complete\"\nran = [\"tegel_best\"]\nwarnings = [\"tegel_best: 1 row\"]\n\
             [[parts]]\nstarted = \"T3\"\nfinished = \"T4\"\nstate = \"complete\"\nran = [\"stenen_table\"]\nwarnings = [\"stenen_table: 1 cell\"]\n";
        let run = RunRecord::from_text(Path::new("run.toml"), text).unwrap();
        let own = run_of_game(&run, &[], "tegel").meta;
        assert_eq!(own.ran, ["tegel_best"]);
        assert_eq!(own.timeouts, ["tegel_best spel2.txt at 45 s"]);
        assert_eq!(own.warnings, ["tegel_best: 1 row took fewer samples", "the CPU governor is powersave"]);
        assert_eq!(own.parts.len(), 1);
        assert_eq!((own.started.as_str(), own.finished.as_deref()), ("T1", Some("T2")));
    }

    #[test]
    fn a_processors_name_is_written_without_trademark_marks() {
        assert_eq!(cpu_name(" Intel(R) Xeon(R) Processor "), "Intel Xeon Processor");
        assert_eq!(cpu_name("AMD EPYC 7B13 64-Core Processor"), "AMD EPYC 7B13 64-Core Processor");
        assert_eq!(cpu_name("Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz"), "Intel Core i7-8650U CPU @ 1.90GHz");
    }

    #[test]
    fn dates_are_civil() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_785), (2026, 11, 28));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn title_values_are_text() {
        let lines = TitleLines {
            game: "tegel".into(),
            title: "\\input{/etc/hostname}".into(),
            assignment: "A".into(),
            authors: vec!["Ada ^^5c".into(), "Bob & Co".into()],
            course: "C".into(),
            date: "2026-11-28".into(),
            run: "r".into(),
            language: Language::En,
        };
        let tex = title_tex(&lines);
        assert!(!tex.contains("\\input{"), "{tex}");
        assert!(tex.contains("Ada \\textasciicircum{}\\textasciicircum{}5c\\\\[0.5ex]\nBob \\& Co"), "{tex}");
        let none = title_tex(&TitleLines { authors: vec![], ..lines });
        assert!(none.contains("Authors not given"), "{none}");
    }

    #[test]
    fn manifest_report_tables_are_checked() {
        let path = Path::new("m.toml");
        let t: toml::Table = toml::from_str("[report]\nauthors = [\"Ada\"]\ntitle = \"T\"\n").unwrap();
        let f = front_of_table(t.get("report"), path).unwrap();
        assert_eq!((f.authors, f.title), (vec!["Ada".to_string()], Some("T".to_string())));
        let t: toml::Table = toml::from_str("[report]\nauthors = \"Ada\"\n").unwrap();
        assert!(front_of_table(t.get("report"), path).unwrap_err().message.contains("list of strings"));
        let t: toml::Table = toml::from_str("[report]\nprogram = \"Tegelspel\"\n").unwrap();
        assert_eq!(front_of_table(t.get("report"), path).unwrap().program.as_deref(), Some("Tegelspel"));
        let t: toml::Table = toml::from_str("[report]\nauthor = [\"Ada\"]\n").unwrap();
        assert!(front_of_table(t.get("report"), path).unwrap_err().message.contains("no key `author`"));
    }

    /// Student numbers go with the authors in order, into the title page and the PDF's
    /// author field; more numbers than authors are refused; the date is the hand-in date
    /// given, not the run's.
    #[test]
    fn student_numbers_and_the_hand_in_date_reach_the_title_page() {
        let front = FrontMatter {
            authors: vec!["Zoë Smit".into(), "Li & Lee".into()],
            student_numbers: vec!["s1234567".into()],
            date: Some("2026-12-04".into()),
            ..FrontMatter::default()
        };
        front.check().unwrap();
        assert_eq!(front.signed_authors(), vec!["Zoë Smit (s1234567)".to_string(), "Li & Lee".to_string()]);
        let lines = TitleLines {
            game: "tegel".into(),
            title: "T".into(),
            assignment: "A".into(),
            authors: front.signed_authors(),
            course: "C".into(),
            date: front.date.clone().unwrap(),
            run: "R".into(),
            language: Language::En,
        };
        let tex = title_tex(&lines);
        assert!(tex.contains("\\def\\reportpdfauthors{Zoë Smit (s1234567), Li \\& Lee}"), "{tex}");
        assert!(tex.contains("\\def\\reportdate{2026-12-04}"), "{tex}");
        let too_many = FrontMatter { student_numbers: vec!["1".into(), "2".into()], ..FrontMatter::default() };
        assert!(too_many.check().unwrap_err().message.contains("2 student numbers for 0 authors"));
        let t: toml::Table =
            toml::from_str("[report]\nauthors = [\"Ada\"]\nstudent_numbers = [\"s1\"]\ndate = \"4 december 2026\"\n")
                .unwrap();
        let f = front_of_table(t.get("report"), Path::new("m.toml")).unwrap();
        assert_eq!((f.signed_authors(), f.date), (vec!["Ada (s1)".to_string()], Some("4 december 2026".to_string())));
    }

    #[test]
    fn the_command_line_wins_over_the_manifest() {
        let cli = FrontMatter { authors: vec!["Ada".into()], ..FrontMatter::default() };
        let manifest = FrontMatter { authors: vec!["Bob".into()], title: Some("T".into()), ..FrontMatter::default() };
        let both = cli.or_manifest(&manifest);
        assert_eq!((both.authors, both.title), (vec!["Ada".to_string()], Some("T".to_string())));
    }
}
