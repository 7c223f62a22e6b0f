//! A solver's answers as an assignment's report tells them: a run with `harness run
//! --solver` holds, in place of each engine experiment, a `check` table of the solver's
//! answers ([`Loaded::asks`]). Its rows are found here by the kind of the experiment they
//! stand in for, by position and by question; and the words every game's answers share
//! are written here once: the program's name, its time, and whether an answer agreed with
//! the reference.

use super::answers::{count, counted_in, number_in, shown};
use super::asked_words::{protocol_words, worded, AskedWords};
use super::caption::Caption;
use super::kinds::Reports;
use super::language::Language;
use super::loaded::Loaded;
use crate::results::csv_table::{is_ok, CsvTable};
use crate::results::row::{RESOLUTION_SECONDS, STATUS};

/// The verdict word of an answer equal to the reference's.
pub const CORRECT: &str = "correct";

/// The columns of a solver's table that an assignment's report shows in its body: the
/// program's answer, whether it is the reference's, and its own measurements. The
/// reference's answers and times, the paired ratios and the shrunk positions stay in the
/// CSV and on the harness's page.
/// Its status is not among them: a row the reference could not check says so in its
/// verdict ([`super::asked_words::worded`]).
/// The rounds (how many calls a median is of) and the memory stay there too: the
/// assignment asks for neither, and the text says what a time is the median of.
pub const BODY_COLUMNS: [&str; 6] = ["position", "question", "given", "verdict", "solver_positions", "solver_seconds"];

/// The table of a solver's answers with only [`BODY_COLUMNS`] (those it has), in that
/// order, each column as the table declares it.
pub fn body_view(t: &CsvTable) -> CsvTable {
    cut(t, &BODY_COLUMNS)
}

/// A body table in words (`view`, from `source`'s rows) as a student's table reads: the
/// program's answer, positions and seconds under plain names (its times then shown as the
/// harness shows a time, "< 1 ms" under the timer's resolution), and the verdict column
/// only where an answer shown is not correct (the caption says so otherwise); the
/// question column only where the rows ask more than one question (the caption names a
/// table's one question).
pub fn program_view(view: CsvTable, source: &CsvTable) -> CsvTable {
    let all_correct = source.rows.iter().all(|r| agreed(source, r));
    let one_question = |i: usize| view.rows.windows(2).all(|w| w[0][i] == w[1][i]);
    let left_out = |i: usize| match view.columns[i].as_str() {
        "verdict" => all_correct,
        "question" => one_question(i),
        _ => false,
    };
    let keep: Vec<usize> = (0..view.columns.len()).filter(|&i| !left_out(i)).collect();
    let renamed = |name: &str| match name {
        "given" => "answer".to_string(),
        "solver_positions" => "positions".to_string(),
        "solver_seconds" => "seconds".to_string(),
        other => other.to_string(),
    };
    let columns = keep.iter().map(|&i| renamed(&view.columns[i])).collect();
    let rows = view.rows.iter().map(|r| keep.iter().map(|&i| r[i].clone()).collect()).collect();
    CsvTable::derived(&view.path, columns, rows)
}

/// `t` with only `columns` (those it has), in that order, each as the table declares it.
fn cut(t: &CsvTable, columns: &[&str]) -> CsvTable {
    let keep: Vec<usize> = columns.iter().filter_map(|c| t.index(c)).collect();
    let rows = t.rows.iter().map(|r| keep.iter().map(|&i| r[i].clone()).collect()).collect();
    let mut view = CsvTable::derived(&t.path, keep.iter().map(|&i| t.columns[i].clone()).collect(), rows);
    view.declared.0 = keep.iter().map(|&i| t.column_at(i).clone()).collect();
    view
}

/// A solver's table as an assignment's report shows it: cut to its [`body_view`], its
/// cells in the game's words and `language` ([`super::asked_words`]), its caption saying
/// where the rest is (other tables as they are).
///
/// The rows of seeded random positions whose answers were correct are left out (the
/// report's opening says how they fared; the CSV and the harness's page keep them): the
/// body shows the assignment's positions and every answer that was not correct.
pub fn body_table(l: &Loaded, language: Language, reports: Reports) -> Loaded {
    body_table_noting(l, language, reports, &mut Vec::new())
}

/// Every table of `loaded` as [`body_table`] shows it, in order; a note on files that
/// stand in for the course's is set under the first table that needs it, not again
/// under each later table with the same files.
pub fn body_tables(loaded: &[Loaded], language: Language, reports: Reports) -> Vec<Loaded> {
    let mut noted = Vec::new();
    loaded.iter().map(|l| body_table_noting(l, language, reports, &mut noted)).collect()
}

/// [`body_table`], leaving out a stand-in note already in `noted` (and adding its own).
fn body_table_noting(l: &Loaded, language: Language, reports: Reports, noted: &mut Vec<String>) -> Loaded {
    if l.asks.is_none() {
        return l.clone();
    }
    let mut titles = l.titles.clone();
    let shown = |r: &Vec<String>| {
        !l.table.cell(r, "position").is_some_and(|p| p.starts_with("random ")) || !agreed(&l.table, r)
    };
    let mut source = l.table.clone();
    source.rows.retain(shown);
    let own_shape = reports.kind(&l.game, &l.kind).and_then(|k| k.asked_table).and_then(|f| f(&source, language));
    let table = own_shape
        .clone()
        .unwrap_or_else(|| program_view(worded(body_view(&source), &source, words_of(l, reports), language), &source));
    // The opening says how the answers on random positions fared; a caption does not
    // count them again.
    titles.caption = body_caption(l, &table, language, reports);
    if let Some(t) = &own_shape {
        titles.caption = titles.caption.then(&dash_note(t, &source, language));
    }
    // A file shown that is not the course's is said under the first table it stands in.
    if let Some(stand_ins) = reports.kind(&l.game, &l.kind).and_then(|k| k.stand_ins) {
        let note = stand_ins(&source, &course_files(&[l]), language);
        if !noted.contains(&note) {
            titles.caption = titles.caption.then(&note);
            noted.push(note);
        }
    }
    Loaded { table, titles, ..l.clone() }
}

/// The note on the time cells past a limit (`> 240`, [`past_limit`]) and the empty cells
/// (–) of a table in the assignment's shape `t` made from `source`: the time limits the
/// program's calls passed there, and, where more cells are empty than such calls leave
/// (a series stops at its first such call), that the rest was not asked.
fn dash_note(t: &CsvTable, source: &CsvTable, language: Language) -> String {
    // A column empty in every row is not shown at all; only the others show "–".
    let shown: Vec<usize> =
        (0..t.columns.len()).filter(|&i| t.rows.iter().any(|r| r.get(i).is_some_and(|c| !c.is_empty()))).collect();
    let empty = t.rows.iter().flat_map(|r| shown.iter().filter(move |&&i| r[i].is_empty())).count();
    let past = t.rows.iter().flatten().filter(|c| c.starts_with(PAST_LIMIT)).count();
    if empty == 0 && past == 0 {
        return String::new();
    }
    let late: Vec<&Vec<String>> =
        source.rows.iter().filter(|r| source.cell(r, "verdict") == Some("time-limit")).collect();
    let mut limits: Vec<String> =
        late.iter().filter_map(|r| source.cell(r, "time_limit")).map(str::to_string).collect();
    limits.sort_by(|a, b| b.parse::<f64>().unwrap_or(0.0).total_cmp(&a.parse::<f64>().unwrap_or(0.0)));
    limits.dedup();
    let or = language.pick(" or ", " of ");
    if past > 0 {
        // Each call past its limit shows its time as a bound and its positions as "–".
        let not_asked = match empty > past {
            true => language.pick(
                "; – in both columns: not asked after such a call.",
                "; – in beide kolommen: na zo'n aanroep niet meer gevraagd.",
            ),
            false => ".",
        };
        let limits = limits.join(or);
        return language.pick(
            format!(
                " > {limits}: no answer within the time limit of {limits} s: the call took longer, and its positions \
                 are not known (–){not_asked}"
            ),
            format!(
                " > {limits}: geen antwoord binnen de tijdslimiet van {limits} s: de aanroep duurde langer, en zijn \
                 aantal standen is onbekend (–){not_asked}"
            ),
        );
    }
    let empty_pairs = empty.div_ceil(2);
    let within = match limits.is_empty() {
        true => {
            language.pick(" –: no answer within the time limit", " –: geen antwoord binnen de tijdslimiet").to_string()
        }
        false => language.pick(
            format!(" –: no answer within the time limit of {} s", limits.join(or)),
            format!(" –: geen antwoord binnen de tijdslimiet van {} s", limits.join(or)),
        ),
    };
    let rest = match empty_pairs > late.len() {
        true => language.pick(", or not asked after such a call.", ", of na zo'n aanroep niet meer gevraagd."),
        false => ".",
    };
    format!("{within}{rest}")
}

/// The words of `l`'s kind for a solver's cells (the protocol's text where it has none).
fn words_of(l: &Loaded, reports: Reports) -> AskedWords {
    reports.kind(&l.game, &l.kind).map_or(protocol_words as AskedWords, |k| k.asked_words)
}

/// What a solver's charts read in an assignment's report: the program's times and the
/// time limit, the position in the words of its [`body_table`], the question as the CSV
/// writes it (which groups the charts) and in those words (`asked`, which names them),
/// and the verdict and status as the CSV writes them.
/// The random positions stay out: the charts show the instances the text names; so do
/// the questions whose answers visit no positions.
pub fn chart_table(l: &Loaded, language: Language, reports: Reports) -> CsvTable {
    let mut named = l.clone();
    named.table.rows.retain(|r| !l.table.cell(r, "position").is_some_and(|p| p.starts_with("random ")));
    // A question whose answers visit no positions (a whole game, a good move) is no
    // search the assignment times: its calls stay in the table alone.
    let searches: Vec<String> = (named.table.rows.iter())
        .filter(|r| named.table.cell(r, "solver_positions").is_some_and(|p| !p.is_empty()))
        .filter_map(|r| named.table.cell(r, "question").map(str::to_string))
        .collect();
    let question = named.table.index("question");
    named.table.rows.retain(|r| question.and_then(|i| r.get(i)).is_some_and(|q| searches.contains(q)));
    let l = &named;
    let words = words_of(l, reports);
    let raw = ["question", "verdict"];
    let kept = ["position", "question", "solver_seconds", "time_limit", "verdict", STATUS];
    let view = worded(cut(&l.table, &kept), &l.table, words, language);
    let mut columns = view.columns.clone();
    columns.push("asked".to_string());
    let rows = (view.rows.iter().zip(&l.table.rows))
        .map(|(row, source)| {
            let mut out = row.clone();
            out.push(view.cell(row, "question").unwrap_or_default().to_string());
            for name in raw {
                if let (Some(to), Some(from)) = (view.index(name), l.table.index(name)) {
                    out[to].clone_from(&source[from]);
                }
            }
            out
        })
        .collect();
    CsvTable::derived(&l.table.path, columns, rows)
}

/// The caption of a solver's table in an assignment's report: what the experiment it
/// stands in for shows (the game's words for that kind), and that the answers are the
/// program's, each checked and timed. Where the reference's answers are (the CSV) is the
/// appendix's to say, not the body's.
fn body_caption(l: &Loaded, shown: &CsvTable, language: Language, reports: Reports) -> Caption {
    let Some(asks) = &l.asks else { return l.titles.caption.clone() };
    // The game is the document's (or its section's): the caption opens with what the
    // table shows, not the game's name again.
    let game = reports.game(&l.game);
    let what = game.and_then(|g| g.kind(&asks.kind)).map_or(asks.experiment.as_str(), |k| k.description_in(language));
    // The caption names what the table as shown holds: answers and positions only where
    // a column of them has a value.
    let holds = |is: &dyn Fn(&str) -> bool| {
        (0..shown.columns.len())
            .filter(|&i| is(&shown.columns[i]))
            .any(|i| shown.rows.iter().any(|r| r.get(i).is_some_and(|c| !c.is_empty())))
    };
    let answered = holds(&|c| matches!(c, "answer" | "given" | "solutions"));
    let counted = holds(&|c| c == "positions" || c.ends_with("_positions"));
    let holding = match (answered, counted, language) {
        (true, true, Language::En) => "Our program's answers, positions visited and times.",
        (true, true, Language::Nl) => "De antwoorden, bekeken standen en tijden van ons programma.",
        (true, false, Language::En) => "Our program's answers and times.",
        (true, false, Language::Nl) => "De antwoorden en tijden van ons programma.",
        (false, true, Language::En) => "The positions our program visited and its times.",
        (false, true, Language::Nl) => "De bekeken standen en tijden van ons programma.",
        (false, false, Language::En) => "Our program's times.",
        (false, false, Language::Nl) => "De tijden van ons programma.",
    };
    Caption::text(&format!("{}. {holding}", sentence_start(what)))
}

/// `what` opening a sentence: its first letter capital, unless its first word is a name
/// written with a capital inside (`besteScore`), which keeps its spelling.
fn sentence_start(what: &str) -> String {
    let first_word = what.split_whitespace().next().unwrap_or_default();
    if first_word.chars().skip(1).any(char::is_uppercase) {
        return what.to_string();
    }
    let mut chars = what.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Whether `own` holds a solver's tables: the assignment's answers are then the solver's.
pub fn solver_run(own: &[&Loaded]) -> bool {
    own.iter().any(|l| l.asks.is_some())
}

/// The solver's table standing in for the manifest's experiment of kind `kind`.
pub fn asked<'a>(own: &[&'a Loaded], kind: &str) -> Option<&'a Loaded> {
    own.iter().copied().find(|l| l.asks.as_ref().is_some_and(|a| a.kind == kind))
}

/// The program's name: what it calls itself in its handshake (its tables' `program`
/// column), else its name given to `--solver`.
pub fn program_name(own: &[&Loaded]) -> String {
    let declared = own.iter().filter_map(|l| l.asks.as_ref()?.program.clone()).next();
    let given = own.iter().find_map(|l| l.asks.as_ref()).map(|a| a.solver.clone());
    declared.or(given).unwrap_or_else(|| "the program".to_string())
}

/// The instance files read from the course's own folder, by file name.
pub fn course_files(own: &[&Loaded]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for file in own.iter().filter_map(|l| l.asks.as_ref()).flat_map(|a| a.course_files.iter()) {
        if !out.contains(file) {
            out.push(file.clone());
        }
    }
    out
}

/// The note under a program's table naming `own`, the files it shows that are the
/// students' own in place of the course's files of the same names, each a `noun`
/// (English singular and plural, Dutch singular and plural): " a and b are our own
/// positions in place of the course's files of the same names."; empty for none.
pub fn stand_in_note(own: &[String], noun: ((&str, &str), (&str, &str)), language: Language) -> String {
    let files = language.listed(own);
    let ((en_one, en_many), (nl_one, nl_many)) = noun;
    match (own.len(), language) {
        (0, _) => String::new(),
        (1, Language::En) => format!(" {files} is our own {en_one} in place of the course's file of the same name."),
        (1, Language::Nl) => {
            format!(" {files} is een eigen {nl_one} in plaats van het gelijknamige bestand van het vak.")
        }
        (_, Language::En) => {
            format!(" {files} are our own {en_many} in place of the course's files of the same names.")
        }
        (_, Language::Nl) => {
            format!(" {files} zijn eigen {nl_many} in plaats van de gelijknamige bestanden van het vak.")
        }
    }
}

/// The rows of `question`, in the table's order.
pub fn rows_of<'a>(t: &'a CsvTable, question: &str) -> Vec<&'a Vec<String>> {
    t.rows.iter().filter(|r| t.cell(r, "question") == Some(question)).collect()
}

/// The row of `question` on `position`.
pub fn row<'a>(t: &'a CsvTable, position: &str, question: &str) -> Option<&'a Vec<String>> {
    t.rows.iter().find(|r| t.cell(r, "position") == Some(position) && t.cell(r, "question") == Some(question))
}

/// The start of the sentence of a program's report that says once what "< 1 ms" in its
/// tables means ([`resolution_words`]); a table of a report whose answers say it leaves
/// the note out.
pub fn resolution_sentence(language: Language) -> &'static str {
    language.pick(
        "A time under 1 ms is given as \u{201c}< 1 ms\u{201d}, and no rate or ratio is computed from it",
        "Een tijd onder 1 ms geven we als \u{201c}< 1 ms\u{201d}, en we berekenen er geen snelheid of verhouding uit",
    )
}

/// [`resolution_sentence`] with its reason, from the program's own fastest call among
/// `tables` where one answered correctly: "…: below 1 ms the fixed cost of a call … (our
/// fastest call, which visited 2 positions, took 0.070 ms)."
pub fn resolution_words(tables: &[&CsvTable], language: Language) -> String {
    let fastest = tables
        .iter()
        .flat_map(|t| t.rows.iter().map(move |r| (t, r)))
        // A call in the tables: a random position's is not shown there.
        .filter(|(t, r)| agreed(t, r) && !t.cell(r, "position").is_some_and(|p| p.starts_with("random ")))
        .filter_map(|(t, r)| Some((t.number(r, "solver_seconds")?, t.number(r, "solver_positions")?)))
        .filter(|(seconds, _)| *seconds > 0.0)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    let lead = resolution_sentence(language);
    let example = fastest.map(|(seconds, positions)| {
        let ms = number_in(language, &format!("{:.3}", seconds * 1e3));
        let positions = counted_in(language, &count(positions as u64), "position", ("stand", "standen"));
        language.pick(
            format!(" (our fastest call in the tables visited {positions} in {ms} ms)"),
            format!(" (onze snelste aanroep in de tabellen bekeek {positions} in {ms} ms)"),
        )
    });
    language.pick(
        format!(
            "{lead}: below 1 ms the fixed cost of a call and the timer's jitter are too large a part of the time to \
             compare{}.",
            example.clone().unwrap_or_default()
        ),
        format!(
            "{lead}: onder 1 ms zijn de vaste kosten van een aanroep en de onnauwkeurigheid van de timer een te groot \
             deel van de tijd om te vergelijken{}.",
            example.unwrap_or_default()
        ),
    )
}

/// The time cell of a call that passed its time limit, as a lower bound (`> 240`, in
/// seconds); none for any other row or where the row records no limit.
pub fn past_limit(t: &CsvTable, r: &[String]) -> Option<String> {
    if t.cell(r, "verdict") != Some("time-limit") {
        return None;
    }
    let limit = t.number(r, "time_limit")?;
    Some(format!("{PAST_LIMIT}{}", super::cell_text::format_seconds(limit, super::cell_text::Medium::Text)))
}

/// What a time cell past its limit starts with ([`past_limit`]).
pub const PAST_LIMIT: &str = "> ";

/// The named positions of a table (not `random N`), in order, each once.
pub fn named_positions(t: &CsvTable) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for p in t.column("position") {
        if !p.starts_with("random ") && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// Whether the answer of `row` is the reference's.
pub fn agreed(t: &CsvTable, row: &[String]) -> bool {
    t.cell(row, "verdict") == Some(CORRECT)
}

/// Whether the reference finished the question within the run's limit (a row whose
/// reference passed it has no verdict to trust).
pub fn checked(t: &CsvTable, row: &[String]) -> bool {
    t.cell(row, STATUS).is_none_or(is_ok)
}

/// How the answer of `row` was judged, in words: "checked and correct", or why not ("wrong: the
/// score is 1 not 0").
pub fn check_words(t: &CsvTable, row: &[String]) -> String {
    check_words_in(Language::En, t, row)
}

/// [`check_words`] in `language` (the verdict and detail as the CSV writes them).
pub fn check_words_in(language: Language, t: &CsvTable, row: &[String]) -> String {
    if !checked(t, row) {
        return language
            .pick(
                "not checked: the check itself passed the time limit there",
                "niet gecontroleerd: de controle zelf overschreed daar de tijdslimiet",
            )
            .to_string();
    }
    if agreed(t, row) {
        return language.pick("checked and correct", "gecontroleerd en goed").to_string();
    }
    let verdict = t.cell(row, "verdict").unwrap_or_default();
    if verdict == "time-limit" {
        return language.pick("no answer within the time limit", "geen antwoord binnen de tijdslimiet").to_string();
    }
    let verdict = super::asked_words::verdict_in(verdict, true, language);
    match t.cell(row, "detail").filter(|d| !d.is_empty()) {
        Some(detail) => format!("{verdict}: {}", crate::base::text::excerpt_to(detail, 120)),
        None => verdict.to_string(),
    }
}

/// What a time in a program's tables is, in words: "the median of up to 6 calls when a
/// call takes under 0.25 s, otherwise a single call" (the rule the check times
/// by: [`crate::experiment::solver::check::time_again`]).
pub fn repeat_rule_words(language: Language) -> String {
    use crate::experiment::solver::check::{REPEAT_BELOW_S, TIMED_ROUNDS};
    let below = number_in(language, &REPEAT_BELOW_S.to_string());
    language.pick(
        format!("the median of up to {TIMED_ROUNDS} calls when a call takes under {below} s, otherwise a single call"),
        format!("de mediaan van hooguit {TIMED_ROUNDS} aanroepen als een aanroep korter dan {below} s duurt, anders één aanroep"),
    )
}

/// The program's time on `row` in words: "0.579 ms, the median of 6 runs", or none
/// where the question was not timed.
pub fn time_words(t: &CsvTable, row: &[String]) -> Option<String> {
    time_words_in(Language::En, t, row)
}

/// [`time_words`] in `language`.
pub fn time_words_in(language: Language, t: &CsvTable, row: &[String]) -> Option<String> {
    let seconds = t.number(row, "solver_seconds")?;
    let runs = t.number(row, "rounds").map_or(1, |r| r as u64);
    let time = seconds_words_in(language, seconds);
    if !resolved(seconds) {
        // Under the timer's resolution the median of several calls says no more.
        return Some(time);
    }
    Some(match (runs, language) {
        (1, Language::En) => format!("{time} (one run)"),
        (1, Language::Nl) => format!("{time} (één meting)"),
        (n, Language::En) => format!("{time}, the median of {n} runs"),
        (n, Language::Nl) => format!("{time}, de mediaan van {n} metingen"),
    })
}

/// Seconds as a person reads them: "2.31 s", "48.2 ms"; a time under the timer's
/// reliable resolution (1 ms) is "under 1 ms", as the tables show it.
pub fn seconds_words(seconds: f64) -> String {
    seconds_words_in(Language::En, seconds)
}

/// [`seconds_words`] in `language` ("2,31 s", "minder dan 1 ms").
pub fn seconds_words_in(language: Language, seconds: f64) -> String {
    let fmt = |s: f64| number_in(language, &super::latex::format_seconds(s));
    match seconds {
        s if s >= 1.0 => format!("{} s", fmt(s)),
        s if s >= RESOLUTION_SECONDS => format!("{} ms", fmt(s * 1e3)),
        _ => language.pick("under 1 ms", "minder dan 1 ms").to_string(),
    }
}

/// `seconds` as the tables and sentences print it (three significant digits, whole
/// seconds from 100 s on), so that a ratio said beside two printed times is the ratio of
/// those times as the reader can recompute it.
pub fn as_printed(seconds: f64) -> f64 {
    if !seconds.is_finite() {
        return seconds;
    }
    let printed = super::cell_text::format_seconds(seconds, super::cell_text::Medium::Text);
    let digits: String = printed.chars().filter(|c| c.is_ascii_digit() || matches!(c, '.' | '-')).collect();
    digits.parse().unwrap_or(seconds)
}

/// Whether `seconds` is a time the timer resolves (1 ms or more): only such a time gives
/// a rate or a time per position.
pub fn resolved(seconds: f64) -> bool {
    seconds >= RESOLUTION_SECONDS
}

/// How many of the table's checked answers agreed, of how many: `(agreed, asked)`.
pub fn tally(tables: &[&Loaded]) -> (usize, usize) {
    let mut agreed_n = 0;
    let mut asked_n = 0;
    for l in tables {
        let t = &l.table;
        for r in t.rows.iter().filter(|r| checked(t, r)) {
            asked_n += 1;
            agreed_n += usize::from(agreed(t, r));
        }
    }
    (agreed_n, asked_n)
}

/// How many checked questions of `tables` got no answer within their time limit.
fn time_limits(tables: &[&Loaded]) -> usize {
    let late = |t: &CsvTable, r: &Vec<String>| checked(t, r) && t.cell(r, "verdict") == Some("time-limit");
    tables.iter().map(|l| l.table.rows.iter().filter(|r| late(&l.table, r)).count()).sum()
}

/// The time limits the calls of `tables` without an answer passed: " of 300 s" (" van
/// 240 of 300 s" in Dutch); empty where the rows record none.
fn late_limits(tables: &[&Loaded], language: Language) -> String {
    let mut limits: Vec<f64> = tables
        .iter()
        .flat_map(|l| l.table.rows.iter().map(move |r| (&l.table, r)))
        .filter(|(t, r)| checked(t, r) && t.cell(r, "verdict") == Some("time-limit"))
        .filter_map(|(t, r)| t.number(r, "time_limit"))
        .collect();
    limits.sort_by(f64::total_cmp);
    limits.dedup();
    if limits.is_empty() {
        return String::new();
    }
    let shown: Vec<String> = limits.iter().map(|l| number_in(language, &format!("{l}"))).collect();
    language.pick(format!(" of {} s", shown.join(" or ")), format!(" van {} s", shown.join(" of ")))
}

/// The first answer of `tables` that is not the reference's: the table, the row (a
/// question without an answer in its time limit is counted by the summary, not here).
pub fn first_wrong<'a>(tables: &[&'a Loaded]) -> Option<(&'a Loaded, &'a Vec<String>)> {
    let wrong =
        |t: &CsvTable, r: &Vec<String>| checked(t, r) && !agreed(t, r) && t.cell(r, "verdict") != Some("time-limit");
    tables.iter().find_map(|l| l.table.rows.iter().find(|r| wrong(&l.table, r)).map(|r| (*l, r)))
}

/// The sentence on the smallest position a wrong answer of `row` was shrunk to, if any.
pub fn shrunk_words(t: &CsvTable, row: &[String]) -> Option<String> {
    shrunk_words_in(Language::En, t, row)
}

/// [`shrunk_words`] in `language`.
pub fn shrunk_words_in(language: Language, t: &CsvTable, row: &[String]) -> Option<String> {
    let position = t.cell(row, "shrunk_position").filter(|p| !p.is_empty())?;
    let (size, position) =
        (number_in(language, &shown(t, row, "shrunk_size")), crate::base::text::excerpt_to(position, 200));
    let (expected, given) = (shown(t, row, "shrunk_expected"), shown(t, row, "shrunk_given"));
    Some(match language {
        Language::En => format!(
            "The smallest position that still shows it (size {size}) is {position}; there the right answer is \
             {expected} and our program gives {given}."
        ),
        Language::Nl => format!(
            "De kleinste stand waarin het nog optreedt (grootte {size}) is {position}; daar is het goede \
             antwoord {expected} en geeft ons programma {given}."
        ),
    })
}

/// How a game's seeded random positions are made, as a report says it: what they are
/// (`boards`) and how they are made, in English and in Dutch.
#[derive(Clone, Copy)]
pub struct RandomMade {
    /// What they are, plural: ("boards", "borden").
    pub noun: (&'static str, &'static str),
    /// How they are made, a phrase: ("of 2 to 4 rows ...", "van 2 tot 4 rijen ...").
    pub made: (&'static str, &'static str),
}

/// Random positions said without how they are made.
const RANDOM_POSITIONS: RandomMade = RandomMade { noun: ("positions", "standen"), made: ("", "") };

/// The sentence that opens a solver's report: who was asked what, and how many answers
/// agreed.
pub fn summary(own: &[&Loaded]) -> String {
    summary_in(Language::En, own, RANDOM_POSITIONS)
}

/// [`summary`] in `language`, its random positions said as `random` makes them.
pub fn summary_in(language: Language, own: &[&Loaded], random_made: RandomMade) -> String {
    let tables: Vec<&Loaded> = own.iter().copied().filter(|l| l.asks.is_some()).collect();
    let named: Vec<Loaded> = tables.iter().map(|l| only_rows(l, |p| !p.starts_with("random "))).collect();
    let random: Vec<Loaded> = tables.iter().map(|l| only_rows(l, |p| p.starts_with("random "))).collect();
    let named: Vec<&Loaded> = named.iter().collect();
    let (agreed_n, asked_n) = tally(&named);
    let name = quoted(&program_name(own));
    let late = time_limits(&named);
    let wrong = asked_n - agreed_n - late;
    let of = late_limits(&named, language);
    let calls = match (late, language) {
        (1, Language::En) => format!("; 1 call gave no answer within the time limit{of}"),
        (k, Language::En) => format!("; {k} calls gave no answer within the time limit{of}"),
        (1, Language::Nl) => format!("; 1 aanroep gaf geen antwoord binnen de tijdslimiet{of}"),
        (k, Language::Nl) => format!("; {k} aanroepen gaven geen antwoord binnen de tijdslimiet{of}"),
    };
    let calls = if late == 0 { String::new() } else { calls };
    let verdict = match (asked_n, wrong, language) {
        (0, ..) => language.pick("no answer was checked", "is geen antwoord gecontroleerd").to_string(),
        (_, 0, _) => language.pick(format!("every answer was correct{calls}"), format!("was elk antwoord goed{calls}")),
        (_, 1, _) => language.pick(
            format!("1 answer was wrong (named below){calls}"),
            format!("was 1 antwoord fout (het staat hieronder){calls}"),
        ),
        (_, w, _) => language.pick(
            format!("{w} answers were wrong (the first is named below){calls}"),
            format!("waren {w} antwoorden fout (het eerste staat hieronder){calls}"),
        ),
    };
    let random = random_sentence(&random, random_made, language);
    language.pick(
        format!(
            "Every answer and time in this report was measured with our program {name}. The course's test program \
             asked it the assignment's questions, timed each call and checked each answer against an exact \
             implementation of the same rules: on the instances named below {verdict}. {random}"
        ),
        format!(
            "Elk antwoord en elke tijd in dit verslag is gemeten met ons programma {name}. Het testprogramma van het \
             vak stelde het de vragen van de opdracht, mat de tijd van elke aanroep en controleerde elk antwoord met \
             een exacte implementatie van dezelfde regels: op de instanties die hieronder genoemd worden {verdict}. \
             {random}"
        ),
    )
}

/// `l` with only the rows whose position `keep` keeps.
fn only_rows(l: &Loaded, keep: impl Fn(&str) -> bool) -> Loaded {
    let mut out = l.clone();
    out.table.rows.retain(|r| l.table.cell(r, "position").is_some_and(&keep));
    out
}

/// How the answers on random positions (`random` holds only their rows) fared, in a
/// sentence that says how many there were and how they are made; none where none was
/// asked. An answer asked in two tables (the same question on the same position, with
/// the same answer) is counted once.
fn random_sentence(random: &[Loaded], made: RandomMade, language: Language) -> String {
    let mut positions: Vec<&str> = Vec::new();
    let mut answers: Vec<(&str, &str, &str, bool)> = Vec::new();
    for l in random {
        let t = &l.table;
        for r in t.rows.iter().filter(|r| checked(t, r)) {
            let cell = |c| t.cell(r, c).unwrap_or_default();
            let answer = (cell("position"), cell("question"), cell("given"), agreed(t, r));
            if !answers.contains(&answer) {
                answers.push(answer);
            }
            // "random 3 undone 2" and "random 3 good starts" are played from "random 3".
            let position = match answer.0.match_indices(' ').nth(1) {
                Some((end, _)) => &answer.0[..end],
                None => answer.0,
            };
            if !positions.contains(&position) {
                positions.push(position);
            }
        }
    }
    if answers.is_empty() {
        return String::new();
    }
    let agreed_n = answers.iter().filter(|a| a.3).count();
    let n = |k: usize| number_in(language, &count(k as u64));
    let (noun, how) = match language {
        Language::En => (made.noun.0, made.made.0),
        Language::Nl => (made.noun.1, made.made.1),
    };
    let how = if how.is_empty() { String::new() } else { format!(" ({how})") };
    let (k, total) = (n(positions.len()), n(answers.len()));
    match (agreed_n == answers.len(), language) {
        (true, Language::En) => {
            format!("We also asked it on {k} random {noun} of growing size{how}: all {total} answers were correct. ")
        }
        (true, Language::Nl) => format!(
            "We stelden het ook de vragen op {k} willekeurige {noun} van toenemende grootte{how}: alle {total} \
             antwoorden waren goed. "
        ),
        (false, Language::En) => format!(
            "We also asked it on {k} random {noun} of growing size{how}: {} of {total} answers were correct (the \
             others are in the tables). ",
            n(agreed_n)
        ),
        (false, Language::Nl) => format!(
            "We stelden het ook de vragen op {k} willekeurige {noun} van toenemende grootte{how}: {} van de \
             {total} antwoorden waren goed (de andere staan in de tabellen). ",
            n(agreed_n)
        ),
    }
}

/// A name in quotation marks.
pub fn quoted(name: &str) -> String {
    format!("\u{201c}{name}\u{201d}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table;

    /// A call past its limit shows its time as a bound, and the note says what the bound
    /// and the dashes beside it and after it mean.
    #[test]
    fn the_note_explains_a_time_past_the_limit_and_the_calls_not_asked() {
        let source = test_table(
            "position,question,verdict,time_limit\n\
             a undone 1,sweep,correct,300\na undone 2,sweep,time-limit,300\n",
        );
        assert_eq!(past_limit(&source, &source.rows[1]).as_deref(), Some("> 300"));
        assert_eq!(past_limit(&source, &source.rows[0]), None);
        let pivot = |rows: &str| test_table(&format!("undone,a_positions,a_seconds\n{rows}"));
        let one = dash_note(&pivot("1,5,0.1\n2,,> 300\n"), &source, Language::En);
        assert_eq!(
            one,
            " > 300: no answer within the time limit of 300 s: the call took longer, and its positions are not known \
             (–)."
        );
        let more = dash_note(&pivot("1,5,0.1\n2,,> 300\n3,,\n"), &source, Language::Nl);
        assert!(more.starts_with(" > 300: geen antwoord binnen de tijdslimiet van 300 s"), "{more}");
        assert!(more.ends_with("; – in beide kolommen: na zo'n aanroep niet meer gevraagd."), "{more}");
        assert_eq!(dash_note(&pivot("1,5,0.1\n"), &source, Language::En), "");
    }

    #[test]
    fn the_body_keeps_the_programs_columns_alone() {
        let t = test_table("position,question,expected,given,verdict,engine_seconds,solver_seconds,status\na,best,1,1,correct,0.1,0.2,ok\n");
        let v = body_view(&t);
        assert_eq!(v.columns, ["position", "question", "given", "verdict", "solver_seconds"]);
        assert_eq!(v.rows[0], ["a", "best", "1", "correct", "0.2"]);
        assert_eq!(v.kind("solver_seconds"), t.kind("solver_seconds"));
    }

    #[test]
    fn times_read_in_their_unit() {
        assert_eq!(seconds_words(2.314), "2.31 s");
        assert_eq!(seconds_words(0.0482), "48.2 ms");
        assert_eq!(seconds_words(0.000036269), "under 1 ms");
    }

    #[test]
    fn an_answer_says_whether_it_is_the_references() {
        let t = test_table(
            "position,question,verdict,detail,solver_seconds,rounds,status\n\
             a,best,correct,,0.000579,6,ok\n\
             b,best,wrong,the score is 1 not 0,0.1,1,ok\n\
             c,best,correct,,,,timeout\n",
        );
        assert_eq!(check_words(&t, &t.rows[0]), "checked and correct");
        assert_eq!(check_words(&t, &t.rows[1]), "wrong: the score is 1 not 0");
        assert!(check_words(&t, &t.rows[2]).starts_with("not checked"));
        assert_eq!(time_words(&t, &t.rows[0]).unwrap(), "under 1 ms");
        assert_eq!(time_words(&t, &t.rows[1]).unwrap(), "100 ms (one run)");
        assert_eq!(time_words(&t, &t.rows[2]), None);
        assert_eq!(check_words_in(Language::Nl, &t, &t.rows[0]), "gecontroleerd en goed");
        assert_eq!(time_words_in(Language::Nl, &t, &t.rows[1]).unwrap(), "100 ms (één meting)");
        assert_eq!(seconds_words_in(Language::Nl, 2.314), "2,31 s");
    }

    /// A question without an answer in its time limit is said as such, counted by the
    /// summary and never named as the first wrong answer.
    #[test]
    fn a_time_limit_is_no_wrong_answer() {
        let t = test_table(
            "position,question,verdict,detail,solver_seconds,rounds,status,time_limit\n\
             a,best,correct,,0.000579,6,ok,300\n\
             b,best,time-limit,no answer to `best` within 300 s,300,1,ok,300\n",
        );
        assert_eq!(check_words(&t, &t.rows[1]), "no answer within the time limit");
        assert_eq!(check_words_in(Language::Nl, &t, &t.rows[1]), "geen antwoord binnen de tijdslimiet");
        let mut l = crate::report::loaded::solver_table("tegel_best", "best", t);
        if let Some(asks) = l.asks.as_mut() {
            asks.program = Some("prog".into());
        }
        assert!(first_wrong(&[&l]).is_none());
        assert!(
            summary(&[&l]).contains("every answer was correct; 1 call gave no answer within the time limit of 300 s"),
            "{}",
            summary(&[&l])
        );
    }

    /// The body leaves out the correct answers on random positions and counts them in its
    /// caption; a random position's answer that is not correct stays.
    #[test]
    fn the_body_leaves_out_correct_random_answers_and_says_so() {
        let t = test_table(
            "position,question,given,verdict,solver_seconds,status\n\
             spel1.txt,best,x,correct,0.1,ok\nrandom 1,best,x,correct,0.1,ok\nrandom 2,best,x,wrong,0.1,ok\n\
             random 3,best,x,correct,0.1,ok\n",
        );
        let l = crate::report::loaded::solver_table("tegel_best", "best", t);
        let body = body_table(&l, Language::En, Reports(&[]));
        assert_eq!(body.table.column("position"), ["spel1.txt", "random 2"]);
        assert_eq!(body.table.column("verdict"), ["correct", "wrong"]);
        assert!(!body.titles.caption.plain().contains("random"), "the opening counts them, not the caption");
        let nl = body_table(&l, Language::Nl, Reports(&[]));
        assert_eq!(nl.table.column("verdict"), ["goed", "fout"]);
        // The caption names what the table as shown holds: answers and times here, no
        // positions (the rows count none).
        assert!(body.titles.caption.plain().ends_with("Our program's answers and times."), "{:?}", body.titles);
        let mut counted = l.clone();
        counted.table = test_table(
            "position,question,given,verdict,solver_positions,solver_seconds,status\n\
             spel1.txt,best,x,correct,5578,0.1,ok\n",
        );
        let body = body_table(&counted, Language::Nl, Reports(&[]));
        assert!(body.titles.caption.plain().ends_with("De antwoorden, bekeken standen en tijden van ons programma."));
        let shown = test_table("moves_undone,a_positions,a_seconds\n1,2,0.1\n");
        let caption = body_caption(&l, &shown, Language::Nl, Reports(&[])).plain();
        assert!(caption.ends_with(". De bekeken standen en tijden van ons programma."), "{caption}");
        let caption = body_caption(&l, &test_table("a_seconds\n0.1\n"), Language::En, Reports(&[])).plain();
        assert!(caption.ends_with(". Our program's times."), "{caption}");
    }

    #[test]
    fn a_time_is_taken_as_printed() {
        assert_eq!(as_printed(0.17734), 0.177);
        assert_eq!(as_printed(0.14681), 0.147);
        assert_eq!(as_printed(0.0012049), 0.0012);
        assert_eq!(as_printed(505.6), 506.0);
        assert_eq!(as_printed(97.94), 97.9);
        assert_eq!(as_printed(0.0), 0.0);
        // 177 ms against 147 ms, as printed: 1.20 times, not the 1.21 of the raw times.
        assert_eq!(format!("{:.2}", as_printed(0.17734) / as_printed(0.14681)), "1.20");
    }

    #[test]
    fn a_caption_opens_with_a_capital_unless_it_opens_with_a_name() {
        assert_eq!(sentence_start("finding one tiling, per instance"), "Finding one tiling, per instance");
        assert_eq!(sentence_start("hele partijen per instantie"), "Hele partijen per instantie");
        assert_eq!(sentence_start("besteScore per instantie"), "besteScore per instantie");
        assert_eq!(sentence_start("bepaalGoedeZet (Monte-Carlozet)"), "bepaalGoedeZet (Monte-Carlozet)");
        assert_eq!(sentence_start(""), "");
    }
}
