//! The tiling's answers S1 to S6 when the results are a solver's (`harness run --solver`):
//! every number is the program's own answer or time, from the `check` table that stands in
//! for `stenen_table`, each said with whether the reference gave the same. The reference,
//! its times and the run stay out of these sentences (they are in the table's CSV and,
//! with `--appendix`, in the report's appendix).

use super::answers::{headings, is_own, ASSIGNMENT, OWN_WINDOW};
use super::asked_words::question_words;
use super::words::{check_in, count_in, seconds_in, summary_in, window_word};
use crate::report::answers::{count, listed_in, number_in, Answer, Sentences};
use crate::report::asked::{agreed, asked, checked, course_files, named_positions, resolved, row, RandomMade};
use crate::report::figures::has_picture;
use crate::report::language::Language;
use crate::report::Loaded;
use crate::results::csv_table::CsvTable;

/// How the tiling's random boards are made ([`super::check::random_position`]).
const RANDOM_MADE: RandomMade = RandomMade {
    noun: ("boards", "borden"),
    made: (
        "each at most 4 by 5 cells and cut at random into stones of 1 to 5 cells, so that it has a tiling; one in \
         eight then loses a stone and has none; made from a fixed seed",
        "elk hooguit 4 bij 5 vakjes en willekeurig in stenen van 1 tot 5 vakjes gesneden, zodat het een betegeling \
         heeft; een op de acht verliest daarna een steen en heeft er geen; gemaakt uit een vast startgetal",
    ),
};

/// Every answer S1 to S6 from the solver's table among `own`.
pub fn answers(own: &[&Loaded], language: Language) -> Vec<Answer> {
    let joined = joined_table(own);
    let table = joined.as_ref();
    let texts = [
        intro(own, table, language),
        successors(table, language),
        regions(table, language),
        four_by_five(table, language),
        instances(table, language),
        identical(table, language),
    ];
    headings(language)
        .zip(texts)
        .map(|((id, question), text)| Answer { id, question, parts: text.0, shows: vec![] })
        .collect()
}

/// The program's tables standing in for the tiling's `table` kind (the assignment's
/// instances, and the own instance's experiment) as one: the table holding the
/// assignment's instances first, its name the one the answers refer to, then the other
/// tables' rows in its columns.
fn joined_table(own: &[&Loaded]) -> Option<Loaded> {
    let mut tables: Vec<&Loaded> = own.iter().copied().filter(|l| asked(&[l], "table").is_some()).collect();
    let has_assignment = |l: &Loaded| named_positions(&l.table).iter().any(|p| ASSIGNMENT.contains(p));
    tables.sort_by_key(|l| !has_assignment(l));
    let (first, rest) = tables.split_first()?;
    let mut joined = (*first).clone();
    for l in rest {
        let rows: Vec<Vec<String>> =
            l.table.rows.iter().map(|r| crate::report::in_columns_of(&first.table, &l.table, r)).collect();
        joined.table.rows.extend(rows);
    }
    Some(joined)
}

/// "The program was not asked in these results.", in `language`.
fn not_asked(language: Language) -> &'static str {
    language.pick("Our program was not asked in these results.", "Ons programma is in deze resultaten niets gevraagd.")
}

/// A count answer as the protocol's check writes it (`solutions 16, positions 489`):
/// solutions and positions.
pub fn parse_count(text: &str) -> Option<(u64, u64)> {
    let (solutions, positions) = text.split_once(", ")?;
    Some((solutions.strip_prefix("solutions ")?.parse().ok()?, positions.strip_prefix("positions ")?.parse().ok()?))
}

/// The positions a find answer visited (`tiling ..., positions 19`, `no tiling, positions 7`).
pub fn find_positions(text: &str) -> Option<u64> {
    text.rsplit_once(", positions ")?.1.parse().ok()
}

fn intro(own: &[&Loaded], table: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    s.text(language.pick(
        "A board of h by b cells must be covered exactly by a set of stones (polyominoes), each used once, in any of \
         its eight orientations. Our program finds one tiling and counts all tilings, dumb (backtracking without \
         duplicates) and smart (also cutting off boards whose empty regions cannot be filled). ",
        "Een bord van h bij b vakjes moet precies bedekt worden door een verzameling stenen (polyomino's), elk één \
         keer gebruikt, in een van zijn acht oriëntaties. Ons programma bepaalt één oplossing en telt alle \
         oplossingen, dom (backtracking zonder standen dubbel te genereren) en slim (waarbij ook borden worden \
         afgekapt waarvan de lege deelgebieden niet meer te vullen zijn). ",
    ));
    s.heading(crate::report::answers::measured_heading(language)).text(summary_in(language, own, RANDOM_MADE));
    s.text(stones_files(own, table, language));
    if let Some(l) = table {
        let mut files: Vec<String> = Vec::new();
        for p in named_positions(&l.table) {
            let file = p.rsplit([' ', '/']).next().unwrap_or(p).trim_end_matches(".in").to_string();
            if !files.contains(&file) && crate::report::figures::has_picture(l, &format!("stones-{file}")) {
                files.push(file);
            }
        }
        // The stones of each file are drawn with the table's pictures, numbered as the
        // file lists them; the first file's picture names the figure they start in.
        if let Some(first) = files.first() {
            s.text(language.pick(" From ", " Vanaf ")).picture(&l.name, &format!("stones-{first}")).text(
                language.pick(
                    " on we draw the stones of each file, numbered as the file lists them.",
                    " tekenen we de stenen van elk bestand, genummerd zoals het bestand ze noemt.",
                ),
            );
        }
    }
    s
}

/// The sentence naming the stones files asked: the course's, the harness's own, random.
fn stones_files(own: &[&Loaded], table: Option<&Loaded>, language: Language) -> String {
    let (theirs, made) = match table {
        Some(l) => super::stand_ins::split(named_positions(&l.table), &course_files(own)),
        None => (Vec::new(), Vec::new()),
    };
    let mut parts = Vec::new();
    if !theirs.is_empty() {
        parts.push(language.pick(
            format!("{}, the course's", listed_in(&theirs, language)),
            format!("{}, die van het vak", listed_in(&theirs, language)),
        ));
    }
    if !made.is_empty() {
        parts.push(language.pick(
            format!(
                "{}, our own stones files in place of the course's files of the same names",
                listed_in(&made, language)
            ),
            format!(
                "{}, eigen stenenbestanden in plaats van de gelijknamige bestanden van het vak",
                listed_in(&made, language)
            ),
        ));
    }
    // The random positions are said in the sentence before, with how they are made.
    language.pick(
        format!("The stones files asked are {}.", crate::report::answers::joined_parts(&parts, language)),
        format!("De gevraagde stenenbestanden zijn {}.", crate::report::answers::joined_parts(&parts, language)),
    )
}

/// The checked rows of the questions starting with `prefix`, each question on each
/// position once: a run's `random 3` is the same board in every table of the run (one
/// seed), so the joined tables ask it twice.
fn checked_rows<'a>(t: &'a CsvTable, prefix: &str) -> Vec<&'a Vec<String>> {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    let mut rows = Vec::new();
    for r in &t.rows {
        let (Some(position), Some(question)) = (t.cell(r, "position"), t.cell(r, "question")) else { continue };
        if !question.starts_with(prefix) || !checked(t, r) || seen.contains(&(position, question)) {
            continue;
        }
        seen.push((position, question));
        rows.push(r);
    }
    rows
}

/// Of the checked answers `rows`: how many were correct, how many got no answer within
/// the time limit, and how many there were.
fn agreement(t: &CsvTable, rows: &[&Vec<String>]) -> (usize, usize, usize) {
    let late = rows.iter().filter(|r| t.cell(r, "verdict") == Some("time-limit")).count();
    (rows.iter().filter(|r| agreed(t, r)).count(), late, rows.len())
}

/// How the program's answers to the questions starting with `prefix` (named `noun`:
/// English, Dutch singular and plural) bear out the explanation: its positions visited
/// against an exact search that `what` does.
fn agreement_sentence(
    s: &mut Sentences,
    table: &Loaded,
    prefix: &str,
    noun: (&str, &str, &str),
    what: (&str, &str),
    language: Language,
) {
    let t = &table.table;
    let rows = checked_rows(t, prefix);
    let (correct, late, n) = agreement(t, &rows);
    let random: Vec<&str> =
        rows.iter().filter_map(|r| t.cell(r, "position")).filter(|p| p.starts_with("random ")).collect();
    let mut boards = random.clone();
    boards.sort_unstable();
    boards.dedup();
    let mut answers = count_in(language, n as u64, noun.0, (noun.1, noun.2));
    if !random.is_empty() {
        let on = count_in(language, boards.len() as u64, "random board", ("willekeurig bord", "willekeurige borden"));
        let (en, nl) = match random.len() == boards.len() && boards.len() > 1 {
            true => ("one on each of".to_string(), "één op elk van de".to_string()),
            false => (format!("{} on", random.len()), format!("{} op", random.len())),
        };
        answers.push_str(&language.pick(
            format!(" ({} in the table, {en} {on} not in the table)", n - random.len()),
            format!(" ({} in de tabel, {nl} {on} die niet in de tabel staan)", n - random.len()),
        ));
    }
    let wrong = n - correct - late;
    let text = match (correct, n, language) {
        (_, 0, Language::En) => format!("No {} of our program was checked in these results.", noun.0),
        (_, 0, Language::Nl) => format!("Geen {} van ons programma is in deze resultaten gecontroleerd.", noun.1),
        (a, n, Language::En) if a == n => format!(
            "The course's test program checked this on all {answers}: each time our program visited exactly as many \
             positions as an exact search that {}, and counted the right number of tilings",
            what.0
        ),
        (a, n, Language::Nl) if a == n => format!(
            "Het testprogramma van het vak heeft dit gecontroleerd op alle {answers}: telkens bekeek ons programma \
             precies zoveel standen als een exacte zoektocht die {}, en telde het het goede aantal oplossingen",
            what.1
        ),
        (a, _, Language::En) => format!(
            "The course's test program checked this on {answers}: on {a} our program visited exactly as many positions \
             as an exact search that {} and counted the right number of tilings{}{}",
            what.0,
            if late > 0 { format!("; {late} got no answer within the time limit") } else { String::new() },
            if wrong > 0 { format!("; {wrong} were wrong") } else { String::new() },
        ),
        (a, _, Language::Nl) => format!(
            "Het testprogramma van het vak heeft dit gecontroleerd op {answers}: bij {a} bekeek ons programma precies \
             zoveel standen als een exacte zoektocht die {} en telde het het goede aantal oplossingen{}{}",
            what.1,
            if late > 0 { format!("; {late} kregen geen antwoord binnen de tijdslimiet") } else { String::new() },
            if wrong > 0 { format!("; {wrong} waren fout") } else { String::new() },
        ),
    };
    s.text(text).text(" (").table_alone(&table.name).text(").");
}

fn successors(table: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    match table {
        Some(t) => agreement_sentence(
            &mut s,
            t,
            "count",
            ("count answer", "telantwoord", "telantwoorden"),
            (
                "covers the first empty cell in the same order as ours and builds every position once",
                "de eerste lege cel in dezelfde volgorde als wij bedekt en elke stand één keer opbouwt",
            ),
            language,
        ),
        None => {
            s.text(not_asked(language));
        }
    }
    s
}

fn regions(table: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    match table {
        Some(t) => agreement_sentence(
            &mut s,
            t,
            "count smart",
            ("smart count", "slimme telling", "slimme tellingen"),
            (
                "cuts off a board as soon as an empty region's size is not a multiple of the gcd of the unplaced \
                 stones' sizes or is smaller than the smallest of them",
                "een bord afkapt zodra een leeg deelgebied geen veelvoud van de ggd van de groottes van de nog niet \
                 gelegde stenen is, of kleiner dan de kleinste daarvan",
            ),
            language,
        ),
        None => {
            s.text(not_asked(language));
        }
    }
    s
}

fn four_by_five(table: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let missing = language.pick(
        "The 4x5 board with stenen1 was not asked of our program in these results.",
        "Het 4x5 bord met stenen1 is ons programma in deze resultaten niet gevraagd.",
    );
    let Some(l) = table else {
        s.text(missing);
        return s;
    };
    let t = &l.table;
    let (Some(dumb), Some(smart)) = (row(t, "4x5 stenen1", "count dumb"), row(t, "4x5 stenen1", "count smart")) else {
        s.text(missing);
        return s;
    };
    let parsed = |r: &[String]| t.cell(r, "given").and_then(parse_count);
    let (Some((solutions, dumb_positions)), Some((_, smart_positions))) = (parsed(dumb), parsed(smart)) else {
        s.text(language.pick(
            format!("Our program gave no count on the 4x5 board: {}.", check_in(language, t, dumb)),
            format!("Ons programma gaf geen telling op het 4x5 bord: {}.", check_in(language, t, dumb)),
        ));
        return s;
    };
    let tilings = count_in(language, solutions, "tiling", ("betegeling", "betegelingen"));
    let (dumb_p, smart_p) = (
        count_in(language, dumb_positions, "position", ("stand", "standen")),
        count_in(language, smart_positions, "position", ("stand", "standen")),
    );
    // Both counts agreeing with the reference is said so; otherwise the check's own words.
    let check = match agreed(t, dumb) && agreed(t, smart) {
        true => language.pick("both agree with the reference", "beide kloppen met de referentie").to_string(),
        false => check_in(language, t, dumb),
    };
    s.text(language.pick(
        format!("Our program counts {tilings} of the 4x5 board with stenen1, dumb after {dumb_p} and smart after {smart_p}; {check} ("),
        format!("Ons programma telt {tilings} van het 4x5 bord met stenen1, dom na {dumb_p} en slim na {smart_p}; {check} ("),
    ))
    .table_alone(&l.name)
    .text("). ");
    let evidence = t.cell(dumb, "reference_evidence").filter(|_| agreed(t, dumb)).and_then(classes_and_places);
    if let Some((classes, places)) = evidence {
        if let Some(classes) = classes {
            symmetry_sentences(&mut s, l, (classes, solutions), language);
        }
        let clause = super::places_words::places_clause(&places, language);
        if !clause.is_empty() && crate::report::figures::has_picture(l, "all-tilings") {
            s.text(language.pick(
                "The drawing also shows where the stones lie: ",
                "De tekening laat ook zien waar de stenen liggen: ",
            ))
            .text(format!("{clause}. "));
        } else {
            s.text(super::answers::places_sentence(&places, false, language));
        }
    }
    s.text(language.pick(
        format!(
            "Stones 1 and 2 are both the L (one is an orientation of the other), so swapping them turns each of \
             these tilings into a second numbered board: {} numbered boards.",
            number_in(language, &count(solutions * 2))
        ),
        format!(
            "Stenen 1 en 2 zijn allebei de L (de een is een oriëntatie van de ander), dus door ze te verwisselen \
             wordt elk van deze betegelingen een tweede genummerd bord: {} genummerde borden.",
            number_in(language, &count(solutions * 2))
        ),
    ));
    s
}

/// The symmetry classes and the places of the stones a `count dumb` row's evidence
/// holds (`classes 4; tilings 16; stone 1 L: ...`).
/// Results written before the classes were recorded hold the places alone.
fn classes_and_places(evidence: &str) -> Option<(Option<u64>, super::places::Places)> {
    match evidence.strip_prefix("classes ").and_then(|rest| rest.split_once("; ")) {
        Some((classes, places)) => Some((Some(classes.parse().ok()?), super::places::Places::parse(places)?)),
        None => Some((None, super::places::Places::parse(evidence)?)),
    }
}

/// The board's four symmetries, the classes of tilings they make (drawn, where the
/// pictures hold the board's tilings) and how many tilings a class holds.
fn symmetry_sentences(s: &mut Sentences, l: &Loaded, (classes, tilings): (u64, u64), language: Language) {
    s.text(language.pick(
        "The rectangle has four symmetries (the identity, the half turn and the two mirrors), which map tilings \
         onto tilings. ",
        "De rechthoek heeft vier symmetrieën (de identiteit, de halve draaiing en de twee spiegelingen), die \
         betegelingen op betegelingen afbeelden. ",
    ));
    let (c, n) = (number_in(language, &count(classes)), number_in(language, &count(tilings)));
    if crate::report::figures::has_picture(l, "all-tilings") {
        s.picture(&l.name, "all-tilings").text(language.pick(
            format!(
                " draws all {n} tilings, one line per class of tilings that the symmetries map onto one another: \
                 {c} classes. "
            ),
            format!(
                " tekent alle {n} betegelingen, één regel per klasse van betegelingen die de symmetrieën op elkaar \
                 afbeelden: {c} klassen. "
            ),
        ));
    } else {
        s.text(language.pick(
            format!("The {n} tilings fall into {c} classes of tilings that the symmetries map onto one another. "),
            format!("De {n} betegelingen vallen uiteen in {c} klassen die de symmetrieën op elkaar afbeelden. "),
        ));
    }
    let full = (classes * 4 == tilings).then(|| (c.clone(), n.clone()));
    s.text(super::answers::class_size_sentence(full, language));
}

fn instances(table: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(l) = table else {
        s.text(language.pick(
            "Our program was not asked the table's instances in these results.",
            "Ons programma zijn de instanties van de tabel in deze resultaten niet gevraagd.",
        ));
        return s;
    };
    let t = &l.table;
    s.text(language.pick(
        "Our program's answers, positions and times on every board and for every search are in ",
        "De antwoorden, standen en tijden van ons programma op elk bord en voor elke zoekwijze staan in ",
    ))
    .table(&l.name)
    .text(language.pick(
        format!(
            ". A time is {}. The solutions count a tiling once however its identical stones are numbered (see the \
             bonus on identical stones). ",
            crate::report::asked::repeat_rule_words(language)
        ),
        format!(
            ". Een tijd is {}. De oplossingen tellen een betegeling één keer, hoe haar identieke stenen ook genummerd \
             zijn (zie de bonus over identieke stenen). ",
            crate::report::asked::repeat_rule_words(language)
        ),
    ))
    .text(crate::report::asked::resolution_words(&[t], language));
    s.paragraph();
    let mut said = Said::default();
    let named = named_positions(t);
    for position in &named {
        if let Some(line) = dumb_smart_line(t, position, language, &mut said) {
            s.text(format!("{line} "));
        }
    }
    if let Some(line) = unanswered_sentence(t, &named, language) {
        s.paragraph().text(format!("{line} "));
    }
    for position in &named {
        if let Some(line) = hole_line(t, position, language, &mut said) {
            s.text(format!("{line} "));
        }
    }
    if let Some(line) = finds_line(t, &named, language) {
        s.paragraph().text(format!("{line} "));
        let drawn = found_pictures(l);
        if let Some((_, first)) = drawn.first() {
            let boards: Vec<String> = drawn.iter().map(|(board, _)| board.clone()).collect();
            let boards = listed_in(&boards, language);
            s.text(language.pick(
                format!("The first tiling our dumb find found is drawn for {boards}, from "),
                format!("De eerste oplossing die ons dom bepalen vond, staat getekend voor {boards}, vanaf "),
            ))
            .picture(&l.name, first)
            .text(language.pick(" on. ", ". "));
        }
    }
    for position in named_positions(t) {
        if let Some(line) = slow_find_line(t, position, language) {
            s.text(format!("{line} "));
        }
    }
    let slower: Vec<SmartFind> = named_positions(t).into_iter().filter_map(|p| smart_find_slower(t, p)).collect();
    if let Some(line) = smart_find_sentence(&slower, language) {
        s.text(format!("{line} "));
    }
    let missing: Vec<&str> = ASSIGNMENT.iter().copied().filter(|a| !named_positions(t).contains(a)).collect();
    if !missing.is_empty() {
        s.text(language.pick(
            format!("Not asked in these results: {}. ", missing.join(", ")),
            format!("Niet gevraagd in deze resultaten: {}. ", missing.join(", ")),
        ));
    }
    let own: Vec<&str> = named_positions(t).into_iter().filter(|p| is_own(p)).collect();
    s.paragraph();
    match own.first() {
        Some(own) => own_instance(&mut s, t, own, language),
        None => {
            s.text(language.pick(
                "These results hold no own instance (a board that is none of the assignment's five).",
                "Deze resultaten bevatten geen eigen instantie (een bord dat geen van de vijf van de opdracht is).",
            ));
        }
    }
    s
}

/// A position as the text names it: the own instance without the table's prefix.
fn shown_name(position: &str) -> &str {
    position.trim_start_matches(crate::report::OWN_INSTANCE)
}

/// The explanations said once in the results' answer, not again for a later board.
#[derive(Default)]
struct Said {
    /// Why smart counting saves less time than positions (its region test per position).
    dearer: bool,
    /// Why dumb search passes the limit where smart counting answers (a hole found late).
    hole: bool,
    /// A board's smart and dumb counts compared: the next board's comparison says "it".
    compared: bool,
}

/// What smart counting saves on `position` against dumb counting: the positions and,
/// where both calls took 1 ms or more, the time; none where either count is missing.
fn dumb_smart_line(t: &CsvTable, position: &str, language: Language, said: &mut Said) -> Option<String> {
    let name = shown_name(position);
    let counted = |question: &str| {
        let r = row(t, position, question).filter(|r| checked(t, r) && agreed(t, r))?;
        Some((parse_count(t.cell(r, "given")?)?.1, t.number(r, "solver_seconds")))
    };
    let ((dumb_p, dumb_s), (smart_p, smart_s)) = (counted("count dumb")?, counted("count smart")?);
    // Ratios of the times as printed, so the reader gets the same figure from them.
    let (dumb_s, smart_s) =
        (dumb_s.map(crate::report::asked::as_printed), smart_s.map(crate::report::asked::as_printed));
    if smart_p == 0 || dumb_p == 0 {
        return None;
    }
    let times = |v: f64| number_in(language, &crate::report::latex::format_seconds(v));
    let (dp, sp) = (number_in(language, &count(dumb_p)), number_in(language, &count(smart_p)));
    let fewer = times(dumb_p as f64 / smart_p as f64);
    let mut line = match (std::mem::replace(&mut said.compared, true), language) {
        (false, Language::En) => {
            format!(
                "On {name} smart counting visits {fewer} times fewer positions than dumb counting ({sp} against {dp})"
            )
        }
        (false, Language::Nl) => {
            format!("Op {name} bekijkt slim tellen {fewer} keer minder standen dan dom tellen ({sp} tegen {dp})")
        }
        (true, Language::En) => format!("On {name} it visits {fewer} times fewer ({sp} against {dp})"),
        (true, Language::Nl) => format!("Op {name} bekijkt het {fewer} keer minder standen ({sp} tegen {dp})"),
    };
    let timed = |s: Option<f64>| s.filter(|s| *s >= crate::results::row::RESOLUTION_SECONDS);
    if let (Some(ds), Some(ss)) = (timed(dumb_s), timed(smart_s)) {
        let (dw, sw) = (seconds_in(language, ds), seconds_in(language, ss));
        let per_position = (ss / smart_p as f64) / (ds / dumb_p as f64);
        let dearer = match (per_position >= 1.2 && !std::mem::replace(&mut said.dearer, true), language) {
            (true, Language::En) => format!(
                ": it saves less time than positions, because on this board a smart position, with its region \
                 test, costs {} times a dumb one",
                times(per_position)
            ),
            (true, Language::Nl) => format!(
                ": het bespaart minder tijd dan standen, doordat op dit bord een slimme stand, met de controle \
                 van de deelgebieden, {} keer zoveel kost als een domme",
                times(per_position)
            ),
            (false, _) => String::new(),
        };
        let same = (ds / ss - 1.0).abs() < 0.1;
        line.push_str(&match (ss < ds, language) {
            _ if same => language.pick(
                format!(" and takes about the same time ({sw} against {dw}){dearer}."),
                format!(" en kost ongeveer even veel tijd ({sw} tegen {dw}){dearer}."),
            ),
            (true, Language::En) => {
                format!(" and takes {} times less time ({sw} against {dw}){dearer}.", times(ds / ss))
            }
            (true, Language::Nl) => format!(" en kost {} keer minder tijd ({sw} tegen {dw}){dearer}.", times(ds / ss)),
            (false, Language::En) => format!(
                ", yet takes longer ({sw} against {dw}): here the test of the empty regions after each stone costs \
                 more than the positions it saves."
            ),
            (false, Language::Nl) => format!(
                ", maar duurt langer ({sw} tegen {dw}): hier kost de controle van de lege deelgebieden na elke steen \
                 meer dan de standen die ze bespaart."
            ),
        });
    } else {
        line.push('.');
    }
    Some(line)
}

/// The searches on `position` that the program did not answer within the time limit, in
/// words, and that limit; none where it answered every search.
fn unanswered(t: &CsvTable, position: &str, language: Language) -> Option<(String, f64)> {
    let late: Vec<&str> =
        ["find dumb", "find smart", "count dumb", "count smart"].into_iter().filter(|q| late(t, position, q)).collect();
    let limit = late.first().and_then(|q| row(t, position, q)).and_then(|r| t.number(r, "time_limit"))?;
    let searches: Vec<String> = late.iter().map(|q| question_words(q, language).to_string()).collect();
    Some((listed_in(&searches, language), limit))
}

/// Whether the program's checked answer to `question` on `position` passed the time limit.
fn late(t: &CsvTable, position: &str, question: &str) -> bool {
    row(t, position, question).is_some_and(|r| checked(t, r) && t.cell(r, "verdict") == Some("time-limit"))
}

/// One sentence on every search the program did not answer within the time limit, board
/// by board; none where it answered them all.
fn unanswered_sentence(t: &CsvTable, positions: &[&str], language: Language) -> Option<String> {
    let late: Vec<(&str, String, f64)> = positions
        .iter()
        .filter_map(|p| unanswered(t, p, language).map(|(searches, limit)| (shown_name(p), searches, limit)))
        .collect();
    let limit = late.first()?.2;
    let seconds = |v: f64| number_in(language, &crate::report::latex::format_seconds(v));
    let one_limit = late.iter().all(|l| l.2 == limit);
    let each: Vec<String> = late
        .iter()
        .map(|(name, searches, own)| {
            let own = if one_limit { String::new() } else { format!(" ({} s)", seconds(*own)) };
            language.pick(format!("the {searches} on {name}{own}"), format!("het {searches} op {name}{own}"))
        })
        .collect();
    let each = listed_in(&each, language);
    Some(if one_limit {
        language.pick(
            format!("Our program gave no answer within the time limit of {} s for {each}.", seconds(limit)),
            format!("Ons programma gaf geen antwoord binnen de tijdslimiet van {} s voor {each}.", seconds(limit)),
        )
    } else {
        language.pick(
            format!("Our program gave no answer within the time limit for {each}."),
            format!("Ons programma gaf geen antwoord binnen de tijdslimiet voor {each}."),
        )
    })
}

/// Why dumb search passed the limit on `position` where smart counting answered: what the
/// region test saves on that board's shape; said once, for the first such board.
fn hole_line(t: &CsvTable, position: &str, language: Language, said: &mut Said) -> Option<String> {
    let name = shown_name(position);
    let late = |q: &str| late(t, position, q);
    let dumb_alone = (late("find dumb") || late("count dumb")) && !late("find smart") && !late("count smart");
    let smart = row(t, position, "count smart").filter(|r| agreed(t, r)).and_then(|r| t.number(r, "solver_seconds"));
    let width = name.split_once('x').and_then(|(_, rest)| rest.split(' ').next()?.parse::<u32>().ok());
    let (Some(seconds), Some(width), true) = (smart, width, dumb_alone && !said.hole) else { return None };
    said.hole = true;
    let time = seconds_in(language, seconds);
    let unanswered: Vec<&str> = [
        ("find dumb", language.pick("dumb find", "dom bepalen")),
        ("count dumb", language.pick("dumb count", "dom tellen")),
    ]
    .into_iter()
    .filter(|(q, _)| late(q))
    .map(|(_, words)| words)
    .collect();
    let dumb = listed_in(&unanswered, language);
    let gaf = if unanswered.len() > 1 { "gaven" } else { "gaf" };
    Some(language.pick(
        format!(
            "On {name} our smart count took {time} where our {dumb} gave no answer: a placement that leaves a hole \
             no stone can fill is cut off at once, where the dumb search, scanning row by row, finds out only when \
             its scan reaches the hole and no stone fits there, which can be a row of {width} cells later or more; \
             meanwhile it tries every way to fill the cells before it."
        ),
        format!(
            "Op {name} duurde ons slimme tellen {time} waar ons {dumb} geen antwoord {gaf}: een steen die een gat \
             achterlaat dat geen steen kan vullen, wordt meteen afgekapt, terwijl het domme zoeken, dat rij voor rij \
             zoekt, dat pas merkt als het bij het gat komt en daar geen steen past, wat een rij van {width} vakjes \
             later of meer kan zijn; intussen probeert het elke manier om de vakjes ervoor te vullen."
        ),
    ))
}

/// What smart find saves against dumb find: the positions of both on each board where
/// both answered, and the boards where only smart find answered; none where no board
/// has both.
fn finds_line(t: &CsvTable, positions: &[&str], language: Language) -> Option<String> {
    let found = |position: &str, question: &str| {
        row(t, position, question).filter(|r| agreed(t, r)).and_then(|r| find_positions(t.cell(r, "given")?))
    };
    let mut both = Vec::new();
    let mut smart_alone = Vec::new();
    for p in positions {
        match (found(p, "find dumb"), found(p, "find smart")) {
            (Some(d), Some(s)) => both.push((shown_name(p), d, s)),
            (None, Some(_)) => smart_alone.push(only_smart_words(t, p, language)),
            _ => {}
        }
    }
    let most = both
        .iter()
        .filter(|b| b.2 > 0)
        .max_by(|a, b| (a.1 as f64 / a.2 as f64).total_cmp(&(b.1 as f64 / b.2 as f64)))?;
    let n = |v: u64| number_in(language, &count(v));
    let ratio = number_in(language, &crate::report::latex::format_seconds(most.1 as f64 / most.2 as f64));
    // Where a board has no dumb find to compare, "most" is among the boards that have one.
    let among = match (smart_alone.is_empty(), language) {
        (true, Language::En) => "Smart find saves the largest share of positions",
        (true, Language::Nl) => "Slim bepalen bespaart het grootste deel van de standen",
        (false, Language::En) => {
            "Of the boards where both finds answered, smart find saves the largest share of positions"
        }
        (false, Language::Nl) => {
            "Van de borden waarop beide bepalingen antwoordden, bespaart slim bepalen het grootste deel van de standen"
        }
    };
    let mut line = language.pick(
        format!("{among} on {}: {} against {} for dumb find, {ratio} times fewer", most.0, n(most.2), n(most.1)),
        format!("{among} op {}: {} tegen {} bij dom bepalen, {ratio} keer minder", most.0, n(most.2), n(most.1)),
    );
    for words in smart_alone {
        line.push_str("; ");
        line.push_str(&words);
    }
    line.push('.');
    Some(line)
}

/// A board where only smart find answered, with what that bounds where the smart find's
/// time is resolved and the dumb find's limit recorded: "on 3x20 stenen2 only smart find
/// answered within the time limit (4.39 s against more than 240 s for dumb find, at least
/// 54.7 times faster)".
fn only_smart_words(t: &CsvTable, position: &str, language: Language) -> String {
    let name = shown_name(position);
    let smart = row(t, position, "find smart").and_then(|r| t.number(r, "solver_seconds")).filter(|s| resolved(*s));
    let limit = (row(t, position, "find dumb").filter(|_| late(t, position, "find dumb")))
        .and_then(|r| t.number(r, "time_limit"));
    let number = |v: f64| number_in(language, &crate::report::latex::format_seconds(v));
    let bound = match (smart, limit) {
        (Some(smart), Some(limit)) => language.pick(
            format!(
                " ({} against more than {} s for dumb find, at least {} times faster)",
                seconds_in(language, smart),
                number(limit),
                number(limit / smart)
            ),
            format!(
                " ({} tegen meer dan {} s bij dom bepalen, minstens {} keer zo snel)",
                seconds_in(language, smart),
                number(limit),
                number(limit / smart)
            ),
        ),
        _ => String::new(),
    };
    language.pick(
        format!("on {name} only smart find answered within the time limit{bound}"),
        format!("op {name} gaf alleen slim bepalen binnen de tijdslimiet een antwoord{bound}"),
    )
}

/// The boards whose tiling a dumb find found is among `l`'s pictures, in the table's
/// order, each with its picture's name.
fn found_pictures(l: &Loaded) -> Vec<(String, String)> {
    named_positions(&l.table)
        .iter()
        .map(|p| (shown_name(p).to_string(), format!("found-{}", shown_name(p).replace(' ', "-"))))
        .filter(|(_, name)| has_picture(l, name))
        .collect()
}

/// The sentence on a find of the program that took longer than its count of the same
/// board while visiting fewer positions; none where the order does not show.
fn slow_find_line(t: &CsvTable, position: &str, language: Language) -> Option<String> {
    let name = shown_name(position);
    let measured = |question: &str| {
        let r = row(t, position, question)?;
        let given = t.cell(r, "given")?;
        let positions = parse_count(given).map(|c| c.1).or_else(|| find_positions(given))?;
        Some((positions, t.number(r, "solver_seconds")?))
    };
    let ((fp, fs), (cp, cs)) = (measured("find dumb")?, measured("count dumb")?);
    // Under 1 ms a time is the timer's noise: no order between two such times is shown.
    if !(fs > cs && fp < cp && cs >= crate::results::row::RESOLUTION_SECONDS) {
        return None;
    }
    let seconds = |v: f64| number_in(language, &crate::report::latex::format_seconds(v));
    let share = seconds(fp as f64 / cp as f64);
    let per = seconds((fs / fp as f64) / (cs / cp as f64));
    let (fs, cs) = (seconds_in(language, fs), seconds_in(language, cs));
    let (fp, cp) = (number_in(language, &count(fp)), number_in(language, &count(cp)));
    Some(language.pick(
        format!(
            "On {name} our program's dumb find takes longer than its dumb count ({fs} against {cs}) although it \
             visits {share} times the count's positions ({fp} against {cp}): per position its find takes {per} times \
             as long as its count, as when a program counts on more threads than it finds on."
        ),
        format!(
            "Op {name} duurt het dom bepalen van een oplossing bij ons programma langer dan het dom tellen \
             ({fs} tegen {cs}), hoewel het maar {share} keer zoveel standen bekijkt ({fp} tegen {cp}): per stand \
             duurt het bepalen {per} keer zo lang als het tellen, zoals bij een programma dat op meer threads telt \
             dan het bepaalt."
        ),
    ))
}

/// A board whose smart find took longer than its dumb find while visiting fewer
/// positions: its name, and the smart and the dumb find's seconds and positions.
struct SmartFind<'a> {
    name: &'a str,
    seconds: (f64, f64),
    positions: (u64, u64),
}

/// [`SmartFind`] of `position`, where both finds took 1 ms or more; none otherwise.
fn smart_find_slower<'a>(t: &CsvTable, position: &'a str) -> Option<SmartFind<'a>> {
    let measured = |question: &str| {
        let r = row(t, position, question).filter(|r| agreed(t, r))?;
        Some((find_positions(t.cell(r, "given")?)?, t.number(r, "solver_seconds")?))
    };
    let ((dp, ds), (sp, ss)) = (measured("find dumb")?, measured("find smart")?);
    let resolved = |v: f64| v >= crate::results::row::RESOLUTION_SECONDS;
    (ss > ds && sp < dp && resolved(ds) && resolved(ss)).then_some(SmartFind {
        name: shown_name(position),
        seconds: (ss, ds),
        positions: (sp, dp),
    })
}

/// The sentence on the boards whose smart find took longer than their dumb find, and why;
/// none where there is no such board.
fn smart_find_sentence(boards: &[SmartFind], language: Language) -> Option<String> {
    let each: Vec<String> = boards
        .iter()
        .map(|b| {
            let (ss, ds) = (seconds_in(language, b.seconds.0), seconds_in(language, b.seconds.1));
            let (sp, dp) = (number_in(language, &count(b.positions.0)), number_in(language, &count(b.positions.1)));
            language.pick(
                format!("{} ({ss} against {ds}, {sp} positions against {dp})", b.name),
                format!("{} ({ss} tegen {ds}, {sp} standen tegen {dp})", b.name),
            )
        })
        .collect();
    if each.is_empty() {
        return None;
    }
    let list = listed_in(&each, language);
    Some(language.pick(
        format!(
            "Our smart find takes longer than our dumb find on {list}, although it visits fewer positions: the \
             first tiling comes early in the search, so there is little to cut off, and the region test after \
             every stone costs more than the positions it saves."
        ),
        format!(
            "Ons slim bepalen duurt langer dan ons dom bepalen op {list}, hoewel het minder standen bekijkt: de \
             eerste oplossing komt vroeg in het zoeken, dus er valt weinig af te kappen, en de controle van de \
             deelgebieden na elke steen kost meer dan de standen die ze bespaart."
        ),
    ))
}

/// The own instance's smart count against the assignment's window.
fn own_instance(s: &mut Sentences, t: &CsvTable, own: &str, language: Language) {
    let name = shown_name(own);
    let Some(r) = row(t, own, "count smart") else { return };
    let Some(seconds) = t.number(r, "solver_seconds") else {
        s.text(language.pick(
            format!(
                "The own instance is {name}: our program's smart count gave no time ({}).",
                check_in(language, t, r)
            ),
            format!(
                "De eigen instantie is {name}: het slimme tellen van ons programma gaf geen tijd ({}).",
                check_in(language, t, r)
            ),
        ));
        return;
    };
    let verdict = window_word(language, seconds, OWN_WINDOW);
    let (time, (low, _)) = (seconds_in(language, seconds), OWN_WINDOW);
    s.text(language.pick(
        format!(
            "The own instance is {name}: our program's smart count takes {time}, {verdict} the assignment's window of \
             more than {low} s and at most a few minutes."
        ),
        format!(
            "De eigen instantie is {name}: het slimme tellen van ons programma duurt {time}, {verdict} het venster \
             van de opdracht van meer dan {low} s en hoogstens enkele minuten."
        ),
    ));
}

fn identical(table: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(l) = table else {
        s.text(not_asked(language));
        return s;
    };
    let t = &l.table;
    // stenen1's stones 1 and 2 are the same L: the one board of the assignment whose
    // count tells whether identical stones are swapped.
    let board = "4x5 stenen1";
    let count_of = |r: &Vec<String>| t.cell(r, "given").and_then(parse_count).map(|c| c.0);
    let answered = row(t, board, "count dumb").filter(|r| checked(t, r) && agreed(t, r));
    match answered.and_then(count_of) {
        Some(n) => {
            let (n, twice) = (number_in(language, &count(n)), number_in(language, &count(n * 2)));
            s.text(language.pick(
                format!("On {board}, whose stones 1 and 2 are the same L, our program counts {n} tilings ("),
                format!("Op {board}, waarvan stenen 1 en 2 dezelfde L zijn, telt ons programma {n} oplossingen ("),
            ))
            .table_alone(&l.name)
            .text(language.pick(
                format!(
                    "), which is correct: a search that swapped the two L stones would count every tiling twice, \
                     {twice} in all."
                ),
                format!(
                    "), en dat is goed: een zoektocht die de twee L-stenen verwisselt, telt elke oplossing twee keer, \
                     {twice} in totaal."
                ),
            ));
        }
        None => {
            s.text(language.pick(
                format!("Our program's dumb count on {board} was not answered and checked, so the run cannot tell."),
                format!(
                    "Het domme tellen van ons programma op {board} is niet beantwoord en gecontroleerd, dus de \
                     metingen zeggen het niet."
                ),
            ));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_finds_read_from_the_answers() {
        assert_eq!(parse_count("solutions 16, positions 489"), Some((16, 489)));
        assert_eq!(parse_count("timeout"), None);
        assert_eq!(find_positions("tiling 1 1 / 2 3, positions 4"), Some(4));
        assert_eq!(find_positions("no tiling, positions 7"), Some(7));
    }
}
