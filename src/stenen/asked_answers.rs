//! The tiling's answers S1 to S6 when the results are a solver's (`harness run --solver`):
//! every number is the program's own answer or time, from the `check` table that stands in
//! for `stenen_table`, each said with whether the reference gave the same. The reference,
//! its times and the run stay out of these sentences (they are in the table's CSV and,
//! with `--appendix`, in the report's appendix).

use super::answers::{headings, is_own, ASSIGNMENT, OWN_WINDOW};
use super::asked_words::question_words;
use super::words::{check_in, count_in, seconds_in, summary_in, window_word};
use crate::report::answers::{count, number_in, Answer, Sentences};
use crate::report::asked::{agreed, asked, checked, course_files, named_positions, row};
use crate::report::language::Language;
use crate::report::Loaded;
use crate::results::csv_table::CsvTable;

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
    language.pick("The program was not asked in these results.", "Het programma is in deze resultaten niets gevraagd.")
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
         its eight orientations. The program finds one tiling and counts all tilings, dumb (backtracking without \
         duplicates) and smart (also cutting off boards whose empty regions cannot be filled). ",
        "Een bord van h bij b vakjes moet precies bedekt worden door een verzameling stenen (polyomino's), elk één \
         keer gebruikt, in een van zijn acht oriëntaties. Het programma bepaalt één oplossing en telt alle \
         oplossingen, dom (backtracking zonder standen dubbel te genereren) en slim (waarbij ook borden worden \
         afgekapt waarvan de lege deelgebieden niet meer te vullen zijn). ",
    ));
    s.text(summary_in(language, own));
    s.text(stones_files(own, table, language));
    s
}

/// The sentence naming the stones files asked: the course's, the harness's own, random.
fn stones_files(own: &[&Loaded], table: Option<&Loaded>, language: Language) -> String {
    let mut files: Vec<String> = Vec::new();
    for p in table.map(|l| named_positions(&l.table)).unwrap_or_default() {
        let file = format!("{}.in", p.rsplit(' ').next().unwrap_or(p));
        if !files.contains(&file) {
            files.push(file);
        }
    }
    let course = course_files(own);
    let (theirs, made): (Vec<String>, Vec<String>) =
        files.into_iter().partition(|f| course.contains(f) || f == "stenen1.in");
    let mut parts = Vec::new();
    if !theirs.is_empty() {
        parts.push(
            language.pick(
                format!("{}, the course's", theirs.join(", ")),
                format!("{}, die van het vak", theirs.join(", ")),
            ),
        );
    }
    if !made.is_empty() {
        parts.push(language.pick(
            format!("{}, made for these measurements (not the course's files of the same names)", made.join(", ")),
            format!("{}, gemaakt voor deze metingen (niet de gelijknamige bestanden van het vak)", made.join(", ")),
        ));
    }
    parts.push(
        language
            .pick(
                "seeded random boards and stones of growing size (random 1, random 2, ...)",
                "willekeurige borden en stenen van groeiende grootte, elk uit een vast startgetal (random 1, random 2, ...)",
            )
            .to_string(),
    );
    language.pick(
        format!("The stones files asked are {}.", parts.join("; ")),
        format!("De gevraagde stenenbestanden zijn {}.", parts.join("; ")),
    )
}

/// The rows of `question` (`find dumb`, ...) with an answer, and how many agreed.
fn agreement(t: &CsvTable, prefix: &str) -> (usize, usize) {
    let rows: Vec<&Vec<String>> = t
        .rows
        .iter()
        .filter(|r| t.cell(r, "question").is_some_and(|q| q.starts_with(prefix)) && checked(t, r))
        .collect();
    (rows.iter().filter(|r| agreed(t, r)).count(), rows.len())
}

/// How many of the program's answers to the questions starting with `prefix` (named
/// `noun`: English, Dutch singular and plural) agreed, and what that shows (`what`).
fn agreement_sentence(
    s: &mut Sentences,
    table: &Loaded,
    prefix: &str,
    noun: (&str, &str, &str),
    what: (&str, &str),
    language: Language,
) {
    let (same, n) = agreement(&table.table, prefix);
    let answers = count_in(language, n as u64, noun.0, (noun.1, noun.2));
    let text = match (same, n, language) {
        (_, 0, Language::En) => format!("No {} of the program was checked in these results.", noun.0),
        (_, 0, Language::Nl) => format!("Geen {} van het programma is in deze resultaten gecontroleerd.", noun.1),
        (a, n, Language::En) if a == n => format!(
            "On every one of its {answers} the program gave the reference's number of positions visited and its \
             answer: {}",
            what.0
        ),
        (a, n, Language::Nl) if a == n => format!(
            "Bij alle {answers} gaf het programma het aantal bekeken standen en het antwoord van de referentie: {}",
            what.1
        ),
        (a, _, Language::En) => format!(
            "On {a} of its {answers} the program gave the reference's positions and answer; the others are marked in \
             the table."
        ),
        (a, _, Language::Nl) => format!(
            "Bij {a} van de {answers} gaf het programma de standen en het antwoord van de referentie; de andere \
             zijn in de tabel gemarkeerd."
        ),
    };
    s.text(text).text(" (").table(&table.name).text(").");
}

fn successors(table: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    s.text(language.pick(
        "The reference the program is checked against covers the first empty cell in row-major order, with every \
         unplaced stone in each of its distinct orientations placed so that its first cell lands on that cell; \
         every tiling covers that cell with exactly one stone, so each position is built once. ",
        "De referentie waarmee het programma vergeleken wordt, bedekt het eerste lege vakje in rijvolgorde, met \
         elke nog niet gelegde steen in elk van zijn verschillende oriëntaties, zo gelegd dat zijn eerste vakje op \
         dat vakje valt; elke oplossing bedekt dat vakje met precies één steen, dus elke stand wordt één keer \
         opgebouwd. ",
    ));
    match table {
        Some(t) => agreement_sentence(
            &mut s,
            t,
            "count",
            ("count answer", "telantwoord", "telantwoorden"),
            (
                "its search builds the same positions, each once, or its counts of positions would differ.",
                "het zoeken bouwt dezelfde standen op, elk één keer, anders zouden de aantallen standen verschillen.",
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
    s.text(language.pick(
        "The reference's smart search grows the empty cells next to each new stone into 4-connected regions and \
         refuses the placement when a region's size is not a multiple of the greatest common divisor of the \
         unplaced stones' sizes, or is smaller than the smallest of them. ",
        "Het slimme zoeken van de referentie breidt de lege vakjes naast elke nieuwe steen uit tot 4-samenhangende \
         deelgebieden en weigert de steen als het aantal vakjes van een deelgebied geen veelvoud is van de \
         grootste gemene deler van de groottes van de nog niet gelegde stenen, of kleiner is dan de kleinste \
         daarvan. ",
    ));
    match table {
        Some(t) => agreement_sentence(
            &mut s,
            t,
            "count smart",
            ("count smart answer", "antwoord op slim tellen", "antwoorden op slim tellen"),
            (
                "its smart search cuts off exactly the positions this rule cuts off.",
                "het slimme zoeken kapt precies de standen af die deze regel afkapt.",
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
        "The 4x5 board with stenen1 was not asked of the program in these results.",
        "Het 4x5 bord met stenen1 is het programma in deze resultaten niet gevraagd.",
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
            format!("The program gave no count on the 4x5 board: {}.", check_in(language, t, dumb)),
            format!("Het programma gaf geen telling op het 4x5 bord: {}.", check_in(language, t, dumb)),
        ));
        return s;
    };
    let tilings = count_in(language, solutions, "tiling", ("betegeling", "betegelingen"));
    let (dumb_p, smart_p) = (
        count_in(language, dumb_positions, "position", ("stand", "standen")),
        count_in(language, smart_positions, "position", ("stand", "standen")),
    );
    let check = check_in(language, t, dumb);
    s.text(language.pick(
        format!("The program counts {tilings} of the 4x5 board with stenen1, dumb after {dumb_p} and smart after {smart_p}; {check} ("),
        format!("Het programma telt {tilings} van het 4x5 bord met stenen1, dom na {dumb_p} en slim na {smart_p}; {check} ("),
    ))
    .table(&l.name)
    .text("). ");
    let places = t.cell(dumb, "reference_evidence").and_then(super::places::Places::parse);
    if let Some(p) = places.filter(|_| agreed(t, dumb)) {
        s.text(super::answers::places_sentence(&p, true, language));
    }
    s.text(language.pick(
        format!(
            "Stones 1 and 2 are both the L (one is an orientation of the other), so swapping them turns each of \
             these tilings into a second numbered board: {} numbered boards. The rectangle has four symmetries (the \
             identity, the half turn and the two mirrors), which map tilings onto tilings, so the tilings come in \
             classes of four, or fewer where a tiling is its own mirror or half turn.",
            number_in(language, &count(solutions * 2))
        ),
        format!(
            "Stenen 1 en 2 zijn allebei de L (de een is een oriëntatie van de ander), dus door ze te verwisselen \
             wordt elk van deze betegelingen een tweede genummerd bord: {} genummerde borden. De rechthoek heeft \
             vier symmetrieën (de identiteit, de halve draaiing en de twee spiegelingen), die betegelingen op \
             betegelingen afbeelden, dus de betegelingen vallen uiteen in klassen van vier, of minder waar een \
             betegeling haar eigen spiegelbeeld of halve draaiing is.",
            number_in(language, &count(solutions * 2))
        ),
    ));
    let n = number_in(language, &count(solutions));
    let labelled = number_in(language, &count(solutions * 2));
    s.text(language.pick(
        format!(
            " So the 4x5 board with stenen1 has {n} solutions, the two L stones taken as the same stone ({labelled} \
             when they are told apart)."
        ),
        format!(
            " Het 4x5 bord met stenen1 heeft dus {n} oplossingen, met de twee L-stenen als dezelfde steen \
             ({labelled} als ze van elkaar onderscheiden worden)."
        ),
    ));
    s
}

fn instances(table: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(l) = table else {
        s.text(language.pick(
            "The program was not asked the table's instances in these results.",
            "Het programma zijn de instanties van de tabel in deze resultaten niet gevraagd.",
        ));
        return s;
    };
    let t = &l.table;
    s.text(language.pick(
        "The program's answers, positions and times on every board and for every search are in ",
        "De antwoorden, standen en tijden van het programma op elk bord en voor elke zoekwijze staan in ",
    ))
    .table(&l.name)
    .text(". ");
    for position in named_positions(t) {
        for line in dumb_smart_line(t, position, language).into_iter().chain(unanswered_line(t, position, language)) {
            s.text(format!("{line} "));
        }
    }
    for position in named_positions(t) {
        if let Some(line) = slow_find_line(t, position, language) {
            s.text(format!("{line} "));
        }
    }
    let missing: Vec<&str> = ASSIGNMENT.iter().copied().filter(|a| !named_positions(t).contains(a)).collect();
    if !missing.is_empty() {
        s.text(language.pick(
            format!("Not asked in these results: {}. ", missing.join(", ")),
            format!("Niet gevraagd in deze resultaten: {}. ", missing.join(", ")),
        ));
    }
    let own: Vec<&str> = named_positions(t).into_iter().filter(|p| is_own(p)).collect();
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

/// What smart counting saves on `position` against dumb counting: the positions and,
/// where both calls took 1 ms or more, the time; none where either count is missing.
fn dumb_smart_line(t: &CsvTable, position: &str, language: Language) -> Option<String> {
    let counted = |question: &str| {
        let r = row(t, position, question).filter(|r| checked(t, r) && agreed(t, r))?;
        Some((parse_count(t.cell(r, "given")?)?.1, t.number(r, "solver_seconds")))
    };
    let ((dumb_p, dumb_s), (smart_p, smart_s)) = (counted("count dumb")?, counted("count smart")?);
    if smart_p == 0 || dumb_p == 0 {
        return None;
    }
    let times = |v: f64| number_in(language, &crate::report::latex::format_seconds(v));
    let (dp, sp) = (number_in(language, &count(dumb_p)), number_in(language, &count(smart_p)));
    let fewer = times(dumb_p as f64 / smart_p as f64);
    let mut line = language.pick(
        format!(
            "On {position} smart counting visits {fewer} times fewer positions than dumb counting ({sp} against {dp})"
        ),
        format!("Op {position} bekijkt slim tellen {fewer} keer minder standen dan dom tellen ({sp} tegen {dp})"),
    );
    let timed = |s: Option<f64>| s.filter(|s| *s >= crate::results::row::RESOLUTION_SECONDS);
    if let (Some(ds), Some(ss)) = (timed(dumb_s), timed(smart_s)) {
        let (dw, sw) = (seconds_in(language, ds), seconds_in(language, ss));
        line.push_str(&match (ss < ds, language) {
            (true, Language::En) => format!(" and takes {} times less time ({sw} against {dw}).", times(ds / ss)),
            (true, Language::Nl) => format!(" en kost {} keer minder tijd ({sw} tegen {dw}).", times(ds / ss)),
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

/// The searches on `position` that the program did not answer within the time limit.
fn unanswered_line(t: &CsvTable, position: &str, language: Language) -> Option<String> {
    let late: Vec<&str> = ["find dumb", "find smart", "count dumb", "count smart"]
        .into_iter()
        .filter(|q| row(t, position, q).is_some_and(|r| checked(t, r) && t.cell(r, "verdict") == Some("time-limit")))
        .collect();
    let limit = late.first().and_then(|q| row(t, position, q)).and_then(|r| t.number(r, "time_limit"))?;
    let searches: Vec<&str> = late.iter().map(|q| question_words(q, language)).collect();
    let searches = match searches.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} {} {last}", rest.join(", "), language.pick("and", "en")),
        None => return None,
    };
    let limit = number_in(language, &crate::report::latex::format_seconds(limit));
    Some(language.pick(
        format!("On {position} the program gave no answer within the time limit of {limit} s to: {searches}."),
        format!("Op {position} gaf het programma binnen de tijdslimiet van {limit} s geen antwoord op: {searches}."),
    ))
}

/// The sentence on a find of the program that took longer than its count of the same
/// board while visiting fewer positions; none where the order does not show.
fn slow_find_line(t: &CsvTable, position: &str, language: Language) -> Option<String> {
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
            "On {position} the program's dumb find takes longer than its dumb count ({fs} against {cs}) although it \
             visits {share} times the count's positions ({fp} against {cp}): per position its find takes {per} times \
             as long as its count, as when a program counts on more threads than it finds on."
        ),
        format!(
            "Op {position} duurt het dom bepalen van een oplossing bij het programma langer dan het dom tellen \
             ({fs} tegen {cs}), hoewel het maar {share} keer zoveel standen bekijkt ({fp} tegen {cp}): per stand \
             duurt het bepalen {per} keer zo lang als het tellen, zoals bij een programma dat op meer threads telt \
             dan het bepaalt."
        ),
    ))
}

/// The own instance's smart count against the assignment's window.
fn own_instance(s: &mut Sentences, t: &CsvTable, own: &str, language: Language) {
    let Some(r) = row(t, own, "count smart") else { return };
    let Some(seconds) = t.number(r, "solver_seconds") else {
        s.text(language.pick(
            format!(
                "The own instance is {own}: the program's smart count gave no time ({}).",
                check_in(language, t, r)
            ),
            format!(
                "De eigen instantie is {own}: het slimme tellen van het programma gaf geen tijd ({}).",
                check_in(language, t, r)
            ),
        ));
        return;
    };
    let verdict = window_word(language, seconds, OWN_WINDOW);
    let (time, (low, high)) = (seconds_in(language, seconds), OWN_WINDOW);
    s.text(language.pick(
        format!(
            "The own instance is {own}: the program's smart count takes {time}, {verdict} the assignment's window of \
             more than {low} s and at most a few minutes (taken as {high} s)."
        ),
        format!(
            "De eigen instantie is {own}: het slimme tellen van het programma duurt {time}, {verdict} het venster \
             van de opdracht van meer dan {low} s en hoogstens enkele minuten (opgevat als {high} s)."
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
    s.text(language.pick(
        "The reference takes identical stones into account: of stones that are orientations of one another only \
         the lowest-numbered unplaced one is tried at each first empty cell, so interchangeable stones are never \
         permuted and each tiling is counted once, whatever the numbers on its stones. ",
        "De referentie houdt rekening met identieke stenen: van stenen die oriëntaties van elkaar zijn wordt bij \
         elk eerste lege vakje alleen de nog niet gelegde steen met het laagste nummer geprobeerd, dus \
         verwisselbare stenen worden nooit gepermuteerd en elke betegeling wordt één keer geteld, welke nummers \
         haar stenen ook dragen. ",
    ));
    let boards = named_positions(t);
    // Only a count that was answered and checked says anything of identical stones.
    let answered: Vec<&str> = (boards.iter().copied())
        .filter(|p| {
            row(t, p, "count dumb").is_some_and(|r| checked(t, r) && t.cell(r, "verdict") != Some("time-limit"))
        })
        .collect();
    let all_same = answered.iter().all(|p| row(t, p, "count dumb").is_none_or(|r| agreed(t, r)));
    let list = answered.join(", ");
    s.text(match (boards.is_empty(), answered.is_empty(), all_same, language) {
        (true, _, _, _) => language.pick("No board was asked.", "Er is geen bord gevraagd.").to_string(),
        (false, true, _, _) => language
            .pick(
                "No dumb count of the program was answered and checked within the time limit, so the run cannot \
                 tell.",
                "Geen dom tellen van het programma is binnen de tijdslimiet beantwoord en gecontroleerd, dus de \
                 metingen zeggen het niet.",
            )
            .to_string(),
        (false, false, true, Language::En) => format!(
            "The program's dumb counts on {list} are the reference's, stenen1's two L stones included: a program that \
             permuted identical stones would count each such tiling more than once, so it takes them into account \
             the same way."
        ),
        (false, false, true, Language::Nl) => format!(
            "De domme tellingen van het programma op {list} zijn die van de referentie, ook met de twee L-stenen van \
             stenen1: een programma dat identieke stenen permuteert, zou zo'n betegeling meer dan eens tellen, dus \
             het houdt er op dezelfde manier rekening mee."
        ),
        (false, false, false, Language::En) => format!(
            "The program's dumb counts on {list} are not all the reference's: where stones repeat it may count a \
             tiling more than once."
        ),
        (false, false, false, Language::Nl) => format!(
            "De domme tellingen van het programma op {list} zijn niet alle die van de referentie: waar stenen \
             herhaald worden, telt het een betegeling misschien meer dan eens."
        ),
    })
    .text(" (")
    .table(&l.name)
    .text(").");
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
